//! What each registered game says about itself: names, rule sets (named
//! option presets), rule-id prefixes and where its rules are documented. The
//! game's type goes into [`crate::for_each_game!`]; its description here.

use crate::{Pick, Registered, RuleSet};
use catan::{CatanCk, CatanGame, Part, PartKind, Rules, TurnRule};
use catan_junior::{CatanJunior, Edition};
use engine::dynamic::Entry;
use engine::GameEntry;
use splendor::Splendor;
use std::any::TypeId;

impl Registered for Splendor {
    const NAME: (&'static str, &'static str) = ("Splendor", "Splendor");
    const RULE_PREFIXES: &'static [&'static str] = &["splendor"];

    fn rule_sets() -> Vec<RuleSet<Self>> {
        vec![RuleSet {
            id: "base",
            name: ("Grundspiel", "Base game"),
            config: splendor::Config::default,
            rule_ids: splendor::RULE_IDS,
            docs: &["docs/games/splendor.md"],
        }]
    }
}

/// Both of CATAN's state types describe the one game `catan`; the second,
/// [`CatanCk`], plays Cities & Knights (`rules`: `cities_knights…`, or a
/// saved state with a `cities_knights` part).
impl<P: Part> Registered for CatanGame<P> {
    const NAME: (&'static str, &'static str) = ("CATAN", "CATAN");
    const RULE_PREFIXES: &'static [&'static str] = &["catan", "ck", "snh", "catan56"];

    fn rule_sets() -> Vec<RuleSet<Self>> {
        vec![
            RuleSet {
                id: "base",
                name: ("Basisspiel", "Base game"),
                config: || catan::Config {
                    rules: Rules::Base,
                    ..catan::Config::default()
                },
                rule_ids: catan::RULE_IDS,
                docs: &["docs/games/catan.md"],
            },
            RuleSet {
                id: "cities_knights",
                name: ("Städte & Ritter", "Cities & Knights"),
                config: catan::Config::cities_knights,
                rule_ids: catan::CK_RULE_IDS,
                docs: &["docs/games/cities-knights.md"],
            },
            RuleSet {
                id: "cities_knights_heroes",
                name: (
                    "Städte & Ritter mit Helden und Knappen",
                    "Cities & Knights with heroes and squires",
                ),
                config: catan::Config::cities_knights_heroes,
                rule_ids: catan::HERO_RULE_IDS,
                docs: &["docs/games/heroes.md"],
            },
            RuleSet {
                id: "five_six",
                name: (
                    "Erweiterung 5–6 Spieler (außerordentliche Bauphase)",
                    "5–6 player extension (Special Building Phase)",
                ),
                config: || catan::Config {
                    extension: Some(catan::Extension::FiveSix),
                    ..catan::Config::default()
                },
                rule_ids: catan::FIVE_SIX_RULE_IDS,
                docs: &["docs/games/catan-5-6.md"],
            },
            RuleSet {
                id: "five_six_paired",
                name: (
                    "Erweiterung 5–6 Spieler (Spielerpaare)",
                    "5–6 player extension (paired players)",
                ),
                config: || catan::Config::five_six(TurnRule::Paired),
                rule_ids: &[],
                docs: &[],
            },
        ]
    }

    /// The rules and the extension decide; the board, the goal and the
    /// start player are free options of every rule set.
    fn rule_set_of(config: &catan::Config) -> &'static str {
        match (config.rules, config.turn_rule()) {
            (_, Some(TurnRule::Paired)) => "five_six_paired",
            (_, Some(TurnRule::SpecialBuilding)) => "five_six",
            (Rules::Base, None) => "base",
            (Rules::CitiesKnights, None) => "cities_knights",
            (Rules::CitiesKnightsHeroes, None) => "cities_knights_heroes",
        }
    }

    fn options() -> Vec<crate::GameOption> {
        crate::options::catan()
    }

    /// The state type of the expansions' parts that the options' `rules`
    /// play, or that a saved state's JSON holds. A state whose `rules` say
    /// C&K but which lacks the part is read as a base state and refused as
    /// such (`ck.state.rules`), as is the part beside base `rules`.
    fn state_type(pick: &Pick<'_>) -> TypeId {
        let parts = match pick {
            Pick::Id => Vec::new(),
            Pick::Options(o) => o
                .get("rules")
                .and_then(|r| serde_json::from_value::<Rules>(r.clone()).ok())
                .map_or_else(Vec::new, |r| r.parts().to_vec()),
            Pick::State(s) => PartKind::in_state_json(Pick::bare_state(s)),
            Pick::Log(l) => return Self::state_type(&Pick::of_log(l)),
        };
        // One arm per state type of `for_each_game!`.
        match parts.as_slice() {
            [PartKind::CitiesKnights] => TypeId::of::<CatanCk>(),
            _ => TypeId::of::<catan::Catan>(),
        }
    }

    fn entry_for(pick: &Pick<'_>) -> Box<dyn GameEntry> {
        if Self::state_type(pick) == TypeId::of::<CatanCk>() {
            Entry::<CatanCk>::boxed()
        } else {
            Entry::<catan::Catan>::boxed()
        }
    }
}

impl Registered for CatanJunior {
    const NAME: (&'static str, &'static str) = ("Catan Junior", "Catan Junior");
    const RULE_PREFIXES: &'static [&'static str] = &["junior"];

    fn rule_sets() -> Vec<RuleSet<Self>> {
        vec![
            RuleSet {
                id: "kosmos2015",
                name: ("Kosmos-Ausgabe 2015", "Kosmos edition 2015"),
                config: || catan_junior::Config {
                    edition: Edition::Kosmos2015,
                    pro: false,
                    offers_per_turn: None,
                },
                rule_ids: catan_junior::RULE_IDS,
                docs: &["docs/games/catan-junior.md"],
            },
            RuleSet {
                id: "english2012",
                name: ("Englische Ausgabe 2012", "English edition 2012"),
                config: || catan_junior::Config {
                    edition: Edition::English2012,
                    pro: false,
                    offers_per_turn: None,
                },
                rule_ids: &[],
                docs: &[],
            },
            RuleSet {
                id: "pro",
                name: (
                    "Profi-Variante (Handel unter Spielern)",
                    "Pro variant (trade between players)",
                ),
                config: || catan_junior::Config {
                    edition: Edition::Kosmos2015,
                    pro: true,
                    offers_per_turn: None,
                },
                rule_ids: &[],
                docs: &[],
            },
        ]
    }

    /// Trade between players decides first (it is offered for either edition).
    fn rule_set_of(config: &catan_junior::Config) -> &'static str {
        match (config.pro, config.edition) {
            (true, _) => "pro",
            (false, Edition::English2012) => "english2012",
            (false, _) => "kosmos2015",
        }
    }

    fn options() -> Vec<crate::GameOption> {
        crate::options::catan_junior()
    }
}

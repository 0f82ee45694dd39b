//! Each game's documented options: what a lobby shows as a control (a
//! checkbox, a number with bounds, a menu) instead of a raw JSON box. The
//! keys, bounds and values are those the game's config parser and
//! `new_game` accept; `tests/it/options.rs` checks both directions (every
//! documented option starts a game with its default and its bounds, every
//! key the parser accepts is documented or set by a rule set).

use engine::{Message, OptionKind, OptionValue};
use serde_json::{json, Value};

/// A documented option of a game (see [`crate::Registered::options`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GameOption {
    /// The key in the options (`victory_points`, …).
    pub name: &'static str,
    /// What values it takes.
    pub kind: OptionKind,
    /// The control's label, German and English.
    pub label: (&'static str, &'static str),
    /// One sentence of help, German and English.
    pub help: (&'static str, &'static str),
    /// The rule sets it applies to.
    pub rule_sets: &'static [&'static str],
}

/// A value of a menu.
pub fn value(value: Value, de: &str, en: &str) -> OptionValue {
    OptionValue {
        value,
        label: Message::new(de, en),
    }
}

/// Every CATAN rule set.
const CATAN_ALL: &[&str] = &[
    "base",
    "cities_knights",
    "cities_knights_heroes",
    "five_six",
    "five_six_paired",
];

/// CATAN's options (`catan::Config`; `rules` and `extension` are chosen by
/// the rule set).
pub fn catan() -> Vec<GameOption> {
    vec![
        GameOption {
            name: "victory_points",
            // `new_game` refuses a goal below 3; above 20 a game does not end
            // in an evening (the parser would take up to 255).
            kind: OptionKind::Integer {
                min: 3,
                max: 20,
                optional: false,
            },
            label: ("Siegpunkte", "Victory points"),
            help: (
                "So viele Siegpunkte braucht man zum Sieg (Grundspiel 10, Städte & Ritter 13).",
                "Points needed to win (base game 10, Cities & Knights 13).",
            ),
            rule_sets: CATAN_ALL,
        },
        GameOption {
            name: "two_players",
            kind: OptionKind::Bool,
            label: ("Zu zweit erlaubt", "Allow 2 players"),
            help: (
                "Erlaubt einen Tisch mit 2 Personen; die Regeln bleiben gleich.",
                "Allows a table of 2; the rules stay the same.",
            ),
            rule_sets: &["base"],
        },
        GameOption {
            name: "board",
            kind: OptionKind::Choice {
                values: vec![
                    value(json!({"kind": "random"}), "Zufällig", "Random"),
                    value(json!({"kind": "beginner"}), "Startaufbau für Einsteiger", "Beginner set-up"),
                ],
            },
            label: ("Spielplan", "Board"),
            help: (
                "Ein zufälliger Spielplan oder der feste Aufbau der Spielregel (einen eigenen Plan gibt man unter „Erweitert“ an).",
                "A random board or the rulebook's fixed set-up (an own layout goes under 'Advanced').",
            ),
            rule_sets: &["base", "cities_knights", "cities_knights_heroes"],
        },
        GameOption {
            name: "start_player",
            kind: OptionKind::Seat,
            label: ("Startspieler", "Start player"),
            help: (
                "Wer den Aufbau und das Spiel beginnt; sonst wird ausgelost.",
                "Who begins the set-up and the game; otherwise drawn by lot.",
            ),
            rule_sets: CATAN_ALL,
        },
        GameOption {
            name: "trade_offers_per_turn",
            kind: OptionKind::Integer {
                min: 0,
                max: 20,
                optional: true,
            },
            label: ("Handelsangebote je Zug", "Trade offers per turn"),
            help: (
                "Hausregel: höchstens so viele Angebote an Mitspieler je Zug (leer: unbegrenzt).",
                "House rule: at most this many offers to other players per turn (empty: no limit).",
            ),
            rule_sets: CATAN_ALL,
        },
        GameOption {
            name: "free_squire_steps_per_turn",
            kind: OptionKind::Integer {
                min: 0,
                max: 20,
                optional: true,
            },
            label: ("Freie Knappenschritte je Zug", "Free squire steps per turn"),
            help: (
                "Hausregel: höchstens so viele kostenlose Schritte von Knappen je Zug (leer: unbegrenzt).",
                "House rule: at most this many free squire steps per turn (empty: no limit).",
            ),
            rule_sets: &["cities_knights_heroes"],
        },
    ]
}

/// Catan Junior's options (`catan_junior::Config`; `edition` and `pro` are
/// chosen by the rule set).
pub fn catan_junior() -> Vec<GameOption> {
    vec![GameOption {
        name: "offers_per_turn",
        kind: OptionKind::Integer {
            min: 0,
            max: 20,
            optional: true,
        },
        label: ("Angebote je Zug", "Offers per turn"),
        help: (
            "Hausregel: höchstens so viele Angebote an Mitspieler je Zug (leer: unbegrenzt).",
            "House rule: at most this many offers to other players per turn (empty: no limit).",
        ),
        rule_sets: &["pro"],
    }]
}

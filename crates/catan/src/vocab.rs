//! The joined vocabulary: each rule set owns its half of [`Action`],
//! [`Phase`], [`Event`] and [`Chance`] (the base game in `action.rs`,
//! `state.rs`, `event.rs`; Cities & Knights in `cities_knights::{action,
//! phase, event}`), and the engine, the wire and the clients see one enum
//! per kind that holds either half.
//!
//! Why split: base rules take only base types and match them exhaustively,
//! so a new rule set cannot slip an action or a phase past a base `_ =>`
//! arm; the compiler lists every place that must route it. Why one JSON: the
//! wire names no half. Each joined enum serialises its half transparently
//! and reads `"type"` (`"phase"`) first to hand the input to the half that
//! owns the tag, so every accepted form, every refusal text (an unknown tag
//! still lists every tag, in the order of before) and every stored log stay
//! byte for byte what they were.

use crate::action::{BaseAction, BaseChance, Place};
use crate::cities_knights::action::{CkAction, CkChance};
use crate::cities_knights::event::CkEvent;
use crate::cities_knights::phase::CkPhase;
use crate::config::PartKind;
use crate::event::BaseEvent;
use crate::state::BasePhase;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// One micro-action of a seat, of the base game or of Cities & Knights.
/// Small and `Copy`: the random-playout loop moves thousands of them per game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// An action every rule set has.
    Base(BaseAction),
    /// An action of Cities & Knights (and heroes).
    Ck(CkAction),
}

/// A chance outcome.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chance {
    /// A chance outcome of the base game.
    Base(BaseChance),
    /// A chance outcome only Cities & Knights has.
    Ck(CkChance),
}

/// Something that happened. Hidden parts are `null` in a redacted copy.
#[derive(Clone, PartialEq, Eq)]
pub enum Event {
    /// An event of the base game (also reported by Cities & Knights).
    Base(BaseEvent),
    /// An event only Cities & Knights reports.
    Ck(CkEvent),
}

/// Where the game stands. Entirely public.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// A phase of the base game (Cities & Knights plays these too).
    Base(BasePhase),
    /// A phase only Cities & Knights has.
    Ck(CkPhase),
}

impl Action {
    /// Every board id the action names (at most two). Parsing already
    /// refused ids past the largest board; `legal::check_ids` checks these
    /// against the board in use before any rule reads them. Each half's
    /// match is exhaustive on purpose: a new action does not compile until
    /// it says there which ids it carries, so none reaches the rules unchecked.
    #[inline]
    pub fn places(&self) -> [Option<Place>; 2] {
        match self {
            Action::Base(a) => a.places(),
            Action::Ck(a) => a.places(),
        }
    }
}

impl Action {
    /// The base game's action, if it is one.
    #[inline(always)]
    pub fn base(&self) -> Option<&BaseAction> {
        match self {
            Action::Base(a) => Some(a),
            Action::Ck(_) => None,
        }
    }

    /// The rule set whose vocabulary holds the action (for refusals of an
    /// action a game does not play).
    pub fn rule_set(&self) -> &'static str {
        match self {
            Action::Base(_) => "the base game",
            Action::Ck(_) => "Cities & Knights",
        }
    }
}

impl Event {
    /// The event as `viewer` may see it, redacted by the rule set whose
    /// vocabulary holds it (a stolen commodity reads as a stolen resource).
    pub fn redacted(&self, viewer: engine::Viewer) -> Event {
        match self {
            Event::Base(_) => crate::view::redact(self, viewer),
            Event::Ck(_) => crate::cities_knights::view::redact(self, viewer).unwrap_or_else(|| self.clone()),
        }
    }
}

impl Phase {
    /// The phase's name (for refusals).
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Base(p) => p.name(),
            Phase::Ck(p) => p.name(),
        }
    }

    /// The base game's phase, if it is one.
    #[inline(always)]
    pub fn base(&self) -> Option<&BasePhase> {
        match self {
            Phase::Base(p) => Some(p),
            Phase::Ck(_) => None,
        }
    }

    /// The expansion whose part the phase belongs to (`None`: a phase of
    /// the base game, which every rule set plays).
    pub fn owner(&self) -> Option<PartKind> {
        match self {
            Phase::Base(_) => None,
            Phase::Ck(_) => Some(PartKind::CitiesKnights),
        }
    }
}

/// Serialisation, reading by tag, `Debug` (as the half: the logs and test
/// messages read as before) and `From` for a joined enum: the base half,
/// then any number of expansions' halves, each with the tags it owns (a new
/// expansion is one more `Variant(Half, TAGS)` in each of the four calls
/// below, and a variant of each joined enum).
macro_rules! joined {
    ($outer:ident, $tag:literal, $all_tags:ident, $base_v:ident($base:ident) $(, $v:ident($half:ident, $tags:ident))* $(,)?) => {
        impl Serialize for $outer {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $outer::$base_v(x) => x.serialize(s),
                    $($outer::$v(x) => x.serialize(s),)*
                }
            }
        }

        impl<'de> Deserialize<'de> for $outer {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let value = Value::deserialize(d)?;
                // The tag where serde's internally tagged enums read it: the
                // object's field or a sequence's first element. Whatever has
                // no string tag goes to the base half, whose refusal (missing
                // tag, wrong type) is the one of before.
                let tag = match &value {
                    Value::Object(m) => m.get($tag),
                    Value::Array(a) => a.first(),
                    _ => None,
                }
                .and_then(Value::as_str);
                if let Some(t) = tag {
                    $(
                        if $tags.contains(&t) {
                            return $half::deserialize(&value).map($outer::$v).map_err(D::Error::custom);
                        }
                    )*
                    if !$all_tags.contains(&t) {
                        return Err(D::Error::unknown_variant(t, $all_tags));
                    }
                }
                $base::deserialize(&value).map($outer::$base_v).map_err(D::Error::custom)
            }
        }

        impl std::fmt::Debug for $outer {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $outer::$base_v(x) => x.fmt(f),
                    $($outer::$v(x) => x.fmt(f),)*
                }
            }
        }

        impl From<$base> for $outer {
            #[inline]
            fn from(x: $base) -> Self {
                $outer::$base_v(x)
            }
        }

        $(
            impl From<$half> for $outer {
                #[inline]
                fn from(x: $half) -> Self {
                    $outer::$v(x)
                }
            }
        )*
    };
}

joined!(Action, "type", ACTION_ALL, Base(BaseAction), Ck(CkAction, ACTION_CK));
joined!(Chance, "type", CHANCE_ALL, Base(BaseChance), Ck(CkChance, CHANCE_CK));
joined!(Event, "type", EVENT_ALL, Base(BaseEvent), Ck(CkEvent, EVENT_CK));
joined!(Phase, "phase", PHASE_ALL, Base(BasePhase), Ck(CkPhase, PHASE_CK));

/// The tags of [`CkAction`], and all tags in the order of the one enum they
/// were split from (an unknown tag's refusal lists them in that order, as
/// before the split); [`BaseAction`]'s are the others (tested against serde's).
pub(crate) const ACTION_CK: &[&str] = &[
    "offer_give_commodity",
    "offer_get_commodity",
    "discard_card",
    "bank_trade",
    "build_wall",
    "build_knight",
    "promote_knight",
    "activate_knight",
    "move_knight",
    "displace_knight",
    "chase_robber",
    "relocate_knight",
    "upgrade_hero",
    "recruit_squire",
    "move_squire",
    "lose_city",
    "choose_deck",
    "discard_progress",
    "build_improvement",
    "place_metropolis",
    "aqueduct_take",
    "play_progress",
    "play_alchemist",
    "crane_improvement",
    "play_engineer",
    "play_inventor",
    "play_medicine",
    "play_bishop",
    "play_deserter",
    "play_diplomat",
    "play_intrigue",
    "play_spy",
    "play_master_merchant",
    "play_merchant",
    "play_merchant_fleet",
    "play_resource_monopoly",
    "play_trade_monopoly",
    "end_card",
    "remove_knight",
    "give_card",
    "take_card",
    "take_progress",
    "harbor_offer",
];
pub(crate) const ACTION_ALL: &[&str] = &[
    "build_settlement",
    "build_road",
    "build_city",
    "roll",
    "discard",
    "move_robber",
    "buy_development_card",
    "play_knight",
    "play_road_building",
    "play_year_of_plenty",
    "play_monopoly",
    "maritime_trade",
    "open_trade",
    "offer_give",
    "offer_get",
    "offer_give_commodity",
    "offer_get_commodity",
    "submit_offer",
    "accept_offer",
    "decline_offer",
    "confirm_trade",
    "cancel_trade",
    "counter_offer",
    "accept_counter",
    "revise_offer",
    "end_turn",
    "discard_card",
    "bank_trade",
    "build_wall",
    "build_knight",
    "promote_knight",
    "activate_knight",
    "move_knight",
    "displace_knight",
    "chase_robber",
    "relocate_knight",
    "upgrade_hero",
    "recruit_squire",
    "move_squire",
    "lose_city",
    "choose_deck",
    "discard_progress",
    "build_improvement",
    "place_metropolis",
    "aqueduct_take",
    "play_progress",
    "play_alchemist",
    "crane_improvement",
    "play_engineer",
    "play_inventor",
    "play_medicine",
    "play_bishop",
    "play_deserter",
    "play_diplomat",
    "play_intrigue",
    "play_spy",
    "play_master_merchant",
    "play_merchant",
    "play_merchant_fleet",
    "play_resource_monopoly",
    "play_trade_monopoly",
    "end_card",
    "remove_knight",
    "give_card",
    "take_card",
    "take_progress",
    "harbor_offer",
];
/// The tags of [`CkChance`], and all tags in the order of the one enum they
/// were split from (an unknown tag's refusal lists them in that order, as
/// before the split); [`BaseChance`]'s are the others (tested against serde's).
const CHANCE_CK: &[&str] = &["ck_dice", "event_die", "steal_commodity", "progress"];
const CHANCE_ALL: &[&str] = &[
    "dice",
    "steal",
    "draw",
    "ck_dice",
    "event_die",
    "steal_commodity",
    "progress",
];
/// The tags of [`CkEvent`], and all tags in the order of the one enum they
/// were split from (an unknown tag's refusal lists them in that order, as
/// before the split); [`BaseEvent`]'s are the others (tested against serde's).
pub(crate) const EVENT_CK: &[&str] = &[
    "event_die",
    "barbarians_advanced",
    "barbarian_attack",
    "city_pillaged",
    "defender_of_catan",
    "barbarians_reset",
    "progress_drawn",
    "progress_discarded",
    "produced_commodities",
    "commodity_shortage",
    "discarded_card",
    "stolen_commodity",
    "aqueduct",
    "wall_built",
    "knight_built",
    "knight_promoted",
    "knight_activated",
    "knight_moved",
    "knight_relocated",
    "robber_chased",
    "improved",
    "metropolis_placed",
    "bank_traded",
    "progress_played",
    "card_given",
    "progress_taken",
    "monopoly_given",
    "tokens_swapped",
    "merchant_placed",
    "knight_removed",
    "hero_upgraded",
    "squire_recruited",
    "squire_moved",
    "road_removed",
];
pub(crate) const EVENT_ALL: &[&str] = &[
    "built",
    "starting_resources",
    "turn_started",
    "rolled",
    "produced",
    "bank_shortage",
    "discarded",
    "robber_moved",
    "stolen",
    "dev_card_bought",
    "dev_card_played",
    "took_from_bank",
    "monopoly_paid",
    "maritime_traded",
    "offered",
    "replied",
    "countered",
    "offer_revised",
    "traded",
    "trade_cancelled",
    "longest_road",
    "largest_army",
    "turn_ended",
    "special_building",
    "player_two",
    "event_die",
    "barbarians_advanced",
    "barbarian_attack",
    "city_pillaged",
    "defender_of_catan",
    "barbarians_reset",
    "progress_drawn",
    "progress_discarded",
    "produced_commodities",
    "commodity_shortage",
    "discarded_card",
    "stolen_commodity",
    "aqueduct",
    "wall_built",
    "knight_built",
    "knight_promoted",
    "knight_activated",
    "knight_moved",
    "knight_relocated",
    "robber_chased",
    "improved",
    "metropolis_placed",
    "bank_traded",
    "progress_played",
    "card_given",
    "progress_taken",
    "monopoly_given",
    "tokens_swapped",
    "merchant_placed",
    "knight_removed",
    "hero_upgraded",
    "squire_recruited",
    "squire_moved",
    "road_removed",
    "won",
];
/// The tags of [`CkPhase`], and all tags in the order of the one enum they
/// were split from (an unknown tag's refusal lists them in that order, as
/// before the split); [`BasePhase`]'s are the others (tested against serde's).
pub(crate) const PHASE_CK: &[&str] = &[
    "pillage",
    "defender_deck",
    "progress_draw",
    "progress_discard",
    "aqueduct",
    "relocate",
    "place_metropolis",
    "rolling_event",
    "smith",
    "desert",
    "deserter_place",
    "diplomat_road",
    "bishop_steal",
    "sabotage",
    "spy",
    "wedding",
    "master_merchant",
    "harbor_reply",
];
pub const PHASE_ALL: &[&str] = &[
    "setup",
    "roll",
    "rolling",
    "discard",
    "move_robber",
    "stealing",
    "main",
    "drawing",
    "road_building",
    "trade_draft",
    "trade_replies",
    "trade_confirm",
    "pillage",
    "defender_deck",
    "progress_draw",
    "progress_discard",
    "aqueduct",
    "relocate",
    "place_metropolis",
    "rolling_event",
    "smith",
    "desert",
    "deserter_place",
    "diplomat_road",
    "bishop_steal",
    "sabotage",
    "spy",
    "wedding",
    "master_merchant",
    "harbor_reply",
    "over",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The tags a half refuses an unknown tag with: exactly its own list.
    fn listed<T: serde::de::DeserializeOwned>(tag: &str) -> Vec<String> {
        let e = serde_json::from_value::<T>(serde_json::json!({ tag: "\u{1}" }))
            .err()
            .unwrap()
            .to_string();
        e.split("expected one of ")
            .nth(1)
            .unwrap()
            .split(", ")
            .map(|s| s.trim_matches('`').to_string())
            .collect()
    }

    /// The C&K list is what serde derived for its half, and the joined
    /// list holds exactly the two halves' tags, each once, the base half's
    /// in serde's order.
    #[test]
    fn tag_lists_match_the_halves() {
        fn check(base: Vec<String>, ck: Vec<String>, lists: (&[&str], &[&str])) {
            assert_eq!(ck, lists.0);
            let others: Vec<&str> = lists.1.iter().copied().filter(|t| !lists.0.contains(t)).collect();
            assert_eq!(base, others);
            let mut all: Vec<&str> = lists.1.to_vec();
            let mut both: Vec<&str> = base
                .iter()
                .map(String::as_str)
                .chain(ck.iter().map(String::as_str))
                .collect();
            all.sort_unstable();
            both.sort_unstable();
            assert_eq!(all, both);
        }
        check(
            listed::<BaseAction>("type"),
            listed::<CkAction>("type"),
            (ACTION_CK, ACTION_ALL),
        );
        check(
            listed::<BaseChance>("type"),
            listed::<CkChance>("type"),
            (CHANCE_CK, CHANCE_ALL),
        );
        check(
            listed::<BaseEvent>("type"),
            listed::<CkEvent>("type"),
            (EVENT_CK, EVENT_ALL),
        );
        check(
            listed::<BasePhase>("phase"),
            listed::<CkPhase>("phase"),
            (PHASE_CK, PHASE_ALL),
        );
    }
}

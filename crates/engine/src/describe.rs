//! One description of a game: the single source every front end reads.
//!
//! What leaves the engine is ids (`"brick"`, card `39`, node `23`). The
//! words and numbers that make those ids readable (names in German and
//! English, colours, costs, card data, and what each place of a board
//! touches) are written once, in the game's crate, from the game's own
//! constants, and served to the browser, the Python renderers, the
//! referee and the MCP labels alike. A front end that kept its own table of
//! names, colours or costs would be a copy waiting to disagree.
//!
//! Two parts, because they change at different times:
//! - [`Description`] depends only on the rule set (the config): the
//!   vocabulary, costs, cards and colours. [`crate::Game::describe`].
//! - The places depend on the state's board (a random CATAN board, a
//!   Junior edition's islands): [`crate::Game::places`], as JSON whose
//!   `kind` names its form.

use crate::rejection::Message;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One named thing of a game's vocabulary: a resource, a terrain, a piece,
/// a card, a phase or an event kind, keyed by the snake_case id the game's
/// JSON uses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// The id exactly as the game's JSON writes it (`brick`, `build_road`).
    pub id: String,
    /// German name.
    pub de: String,
    /// English name.
    pub en: String,
    /// Its colour as `#rrggbb` where it has one (resources, terrains, gems).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// A longer text (what a card does), where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Message>,
}

impl Term {
    /// A term with its names.
    pub fn new(id: impl Into<String>, de: impl Into<String>, en: impl Into<String>) -> Term {
        Term {
            id: id.into(),
            de: de.into(),
            en: en.into(),
            color: None,
            text: None,
        }
    }

    /// The same term with a colour.
    #[must_use]
    pub fn color(mut self, hex: impl Into<String>) -> Term {
        self.color = Some(hex.into());
        self
    }

    /// The same term with a longer text.
    #[must_use]
    pub fn text(mut self, de: impl Into<String>, en: impl Into<String>) -> Term {
        self.text = Some(Message::new(de, en));
        self
    }

    /// The name in one language (`de` or anything else for English).
    pub fn name(&self, lang: &str) -> &str {
        if lang == "de" {
            &self.de
        } else {
            &self.en
        }
    }
}

/// A counted price or requirement: id (of a resource, commodity, gem) to
/// count, zero counts left out.
pub type Price = BTreeMap<String, u32>;

/// One card of a game's decks, with what a player needs to know of it.
/// Fields a game's cards do not have are left out of the JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// The card's id as the game's JSON writes it: a number for Splendor's
    /// cards and nobles (`"39"`), the kind for CATAN's (`"monopoly"`).
    pub id: String,
    /// Its name, where the card has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<Message>,
    /// What it does, where that needs words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Message>,
    /// How many copies the deck holds (1 for a unique card).
    pub count: u32,
    /// Its level or track, where decks have one (Splendor's 1–3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
    /// What it costs or requires (a Splendor card's gems, a noble's bonuses).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cost: Price,
    /// The bonus it gives (a Splendor card's gem), or the track it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<String>,
    /// Victory points (prestige) it is worth.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The static description of a game under one rule set: everything a front
/// end needs to name, colour and price what the game's JSON holds.
///
/// JSON shape (documented in docs/protocol.md, "Descriptions"):
/// `{"game", "rule_set", "terms": {kind: [Term…]}, "seats": [Term…],
/// "costs": {thing: {id: n}}, "cards": {deck: [Card…]}, "facts": {…}}`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Description {
    /// The game's id.
    pub game: String,
    /// The rule set described (`base`, `cities_knights`, …); filled in by
    /// the registry, which names rule sets.
    #[serde(default)]
    pub rule_set: String,
    /// The vocabulary by kind (`resource`, `terrain`, `piece`, `card`,
    /// `phase`, `event`, …), each list in the game's own order.
    pub terms: BTreeMap<String, Vec<Term>>,
    /// The seats' colours and their names, seat 0 first.
    #[serde(default)]
    pub seats: Vec<Term>,
    /// What each buildable or buyable thing costs (keyed by a `piece` id or
    /// an action's thing), as counts of resource/commodity ids.
    #[serde(default)]
    pub costs: BTreeMap<String, Price>,
    /// The decks by name (`development`, `progress_science`, `level_1`,
    /// `nobles`, …).
    #[serde(default)]
    pub cards: BTreeMap<String, Vec<Card>>,
    /// Game-specific facts with a documented shape (C&K's improvement
    /// levels, the barbarians, Junior's Coco rules): see docs/games/*.md.
    #[serde(default)]
    pub facts: serde_json::Map<String, serde_json::Value>,
}

impl Description {
    /// An empty description of a game (what a game that describes nothing
    /// yet answers; every registered game fills it).
    pub fn new(game: impl Into<String>) -> Description {
        Description {
            game: game.into(),
            ..Description::default()
        }
    }

    /// Adds the terms of one kind, in order (replacing any of that kind).
    pub fn terms(&mut self, kind: &str, terms: Vec<Term>) -> &mut Self {
        self.terms.insert(kind.to_owned(), terms);
        self
    }

    /// Adds a price; zero counts are left out.
    pub fn cost<'a>(&mut self, thing: &str, counts: impl IntoIterator<Item = (&'a str, u32)>) -> &mut Self {
        self.costs.insert(thing.to_owned(), price(counts));
        self
    }

    /// The term `id` of `kind`, if described.
    pub fn term(&self, kind: &str, id: &str) -> Option<&Term> {
        self.terms.get(kind)?.iter().find(|t| t.id == id)
    }

    /// The card `id` of `deck`, if described.
    pub fn card(&self, deck: &str, id: &str) -> Option<&Card> {
        self.cards.get(deck)?.iter().find(|c| c.id == id)
    }

    /// Whether nothing is described (a game that has not implemented
    /// [`crate::Game::describe`]).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty() && self.costs.is_empty() && self.cards.is_empty()
    }
}

/// A price from `(id, count)` pairs, zero counts left out.
pub fn price<'a>(counts: impl IntoIterator<Item = (&'a str, u32)>) -> Price {
    counts
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(id, n)| (id.to_owned(), n))
        .collect()
}

/// The description of a game's rule set as a lobby names it (`None`: the
/// default), through its registered entry: what `GET
/// /api/games/{id}/description?rules=…` and the referee's `describe` serve.
/// A rule set the entry does not offer is refused with
/// `engine.unknown_rule_set`, naming the ones it offers.
pub fn describe_rule_set(
    entry: &dyn crate::GameEntry,
    rule_set: Option<&str>,
) -> Result<Description, crate::ErrorInfo> {
    let sets = entry.rule_sets();
    let options = match rule_set {
        None => serde_json::Value::Null,
        Some(r) => match sets.iter().find(|s| s.id == r) {
            Some(s) => s.options.clone(),
            None => return Err(unknown_rule_set(entry.id(), r, &sets)),
        },
    };
    entry.describe(&options)
}

/// A match's description ([`crate::DynMatch::description`]) with its
/// board's places ([`crate::DynMatch::places`]) under `places`: what a front
/// end reads once per table (`GET /api/tables/{id}/description`, the
/// referee's `{"op":"describe"}`).
pub fn with_places(m: &dyn crate::DynMatch) -> serde_json::Value {
    let mut out = serde_json::to_value(m.description()).unwrap_or(serde_json::Value::Null);
    if let Some(obj) = out.as_object_mut() {
        obj.insert("places".into(), m.places());
    }
    out
}

/// The refusal of a rule set a game does not offer.
pub fn unknown_rule_set(game: &str, asked: &str, sets: &[crate::RuleSetCard]) -> crate::ErrorInfo {
    let known: Vec<&str> = sets.iter().map(|s| s.id.as_str()).collect();
    let known = known.join(", ");
    crate::ErrorInfo::new(
        "config",
        "engine.unknown_rule_set",
        format!("Unbekannter Regelsatz „{asked}“ für {game} (bekannt: {known})."),
        format!("Unknown rule set '{asked}' for {game} (known: {known})."),
    )
}

/// The ids (and order) of every term of a kind, for tests that walk an
/// enum's JSON names against the description.
pub fn ids(description: &Description, kind: &str) -> Vec<String> {
    description
        .terms
        .get(kind)
        .map(|t| t.iter().map(|t| t.id.clone()).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_serialises_in_its_documented_shape() {
        let mut d = Description::new("demo");
        d.terms(
            "resource",
            vec![Term::new("brick", "Lehm", "brick").color("#b5532c")],
        )
        .cost("road", [("brick", 1), ("ore", 0)]);
        let v = serde_json::to_value(&d).unwrap();
        assert_eq!(v["terms"]["resource"][0]["de"], "Lehm");
        assert_eq!(v["terms"]["resource"][0]["color"], "#b5532c");
        assert!(v["terms"]["resource"][0].get("text").is_none());
        assert_eq!(v["costs"]["road"], serde_json::json!({"brick": 1}));
        let back: Description = serde_json::from_value(v).unwrap();
        assert_eq!(back, d);
        assert_eq!(back.term("resource", "brick").map(|t| t.name("de")), Some("Lehm"));
        assert!(!back.is_empty());
        assert!(Description::new("x").is_empty());
    }
}

//! Splendor described (`Game::describe`): the tokens with their names and
//! colours, every development card (level, cost, bonus, points) and every
//! noble (requirement, points), read from [`crate::data`] (the table tested
//! against `crates/splendor/data/*.csv`), and the names of phases and
//! events. Card ids are the decimal form of the ids the game's JSON uses
//! (`"39"`), and a deck's list is in id order, so `cards.development[39]`
//! is card 39.

use crate::data::{CARDS, NOBLES};
use crate::types::Token;
use engine::{Card, Description, Price, Term};

/// Colour of each token: white, blue, green, red, black, gold.
const TOKEN_COLOR: [&str; 6] = ["#f7f7f2", "#2f6fd6", "#2e9d57", "#d23b3b", "#33302e", "#e0b019"];
/// Colour of each level's card backs, level 1 first.
const LEVEL_COLOR: [&str; 3] = ["#4f8a3c", "#c3861b", "#2f5f9e"];

/// Phase tags with their German and English names.
const PHASES: [(&str, &str, &str); 7] = [
    ("setup", "Aufbau", "setup"),
    ("action", "Zug", "action"),
    ("refill", "Auslage auffüllen", "refill the market"),
    ("deck_draw", "Karte vom Stapel", "deck draw"),
    ("return_tokens", "Steine zurückgeben", "return tokens"),
    ("choose_noble", "Adligen wählen", "choose a noble"),
    ("over", "Spielende", "game over"),
];

/// Action types with their German and English names (verb phrases, as an
/// agent's list of legal actions reads them).
const ACTIONS: [(&str, &str, &str); 7] = [
    (
        "take_different",
        "Verschiedene Edelsteine nehmen",
        "take different gems",
    ),
    (
        "take_two",
        "Zwei gleiche Edelsteine nehmen",
        "take two gems of a colour",
    ),
    ("reserve", "Karte reservieren", "reserve a card"),
    ("reserve_deck", "Karte vom Stapel reservieren", "reserve from a deck"),
    ("buy", "Karte kaufen", "buy a card"),
    ("return", "Edelsteine zurückgeben", "return gems"),
    ("choose_noble", "Adligen wählen", "choose a noble"),
];

/// The words of the actions' fields (JSON keys), as a label reads them
/// after the action's name: (key, German, English).
const FIELDS: [(&str, &str, &str); 4] = [
    ("level", "Stufe", "level"),
    ("gem", "Edelstein", "gem"),
    ("gems", "Edelsteine", "gems"),
    ("payment", "Zahlung", "payment"),
];

/// Event tags with their German and English names.
const EVENTS: [(&str, &str, &str); 12] = [
    ("card_dealt", "Karte ausgelegt", "card dealt"),
    ("noble_revealed", "Adliger aufgedeckt", "noble revealed"),
    ("turn_began", "Zug beginnt", "turn began"),
    ("took_tokens", "Steine genommen", "took tokens"),
    ("reserved", "Karte reserviert", "reserved a card"),
    ("reserved_from_deck", "verdeckt reserviert", "reserved from a deck"),
    ("drew_reserved", "reservierte Karte gezogen", "drew the reserved card"),
    ("bought", "Karte gekauft", "bought a card"),
    ("returned_token", "Stein zurückgegeben", "returned a token"),
    ("noble_visited", "Besuch eines Adligen", "noble visited"),
    ("passed", "gepasst", "passed"),
    ("game_ended", "Spielende", "game ended"),
];

fn key(t: Token) -> &'static str {
    match t {
        Token::White => "white",
        Token::Blue => "blue",
        Token::Green => "green",
        Token::Red => "red",
        Token::Black => "black",
        Token::Gold => "gold",
    }
}

/// A cost in white, blue, green, red, black as a price by gem id.
fn gems(cost: [u8; 5]) -> Price {
    engine::describe::price(Token::GEMS.iter().map(|&t| (key(t), u32::from(cost[t.index()]))))
}

/// The description of Splendor (one rule set).
pub fn describe() -> Description {
    let mut d = Description::new("splendor");
    d.rule_set = "base".to_owned();
    d.terms(
        "token",
        Token::ALL
            .iter()
            .map(|&t| Term::new(key(t), t.de(), t.en()).color(TOKEN_COLOR[t.index()]))
            .collect(),
    );
    d.terms(
        "level",
        (1..=3u8)
            .map(|l| {
                Term::new(l.to_string(), format!("Stufe {l}"), format!("level {l}"))
                    .color(LEVEL_COLOR[usize::from(l - 1)])
            })
            .collect(),
    );
    d.terms(
        "piece",
        vec![
            Term::new("development_card", "Entwicklungskarte", "development card"),
            Term::new("noble", "Adliger", "noble"),
            Term::new("token", "Edelstein", "gem token"),
        ],
    );
    d.terms(
        "action",
        ACTIONS.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    d.terms(
        "field",
        FIELDS.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    d.terms(
        "phase",
        PHASES.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    d.terms(
        "event",
        EVENTS.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    let cards = CARDS
        .iter()
        .enumerate()
        .map(|(id, c)| Card {
            id: id.to_string(),
            count: 1,
            level: Some(u32::from(c.level)),
            cost: gems(c.cost),
            bonus: Some(key(c.bonus).to_owned()),
            points: u32::from(c.points),
            ..Card::default()
        })
        .collect();
    d.cards.insert("development".to_owned(), cards);
    let nobles = NOBLES
        .iter()
        .enumerate()
        .map(|(id, n)| Card {
            id: id.to_string(),
            count: 1,
            cost: gems(n.requires),
            points: u32::from(n.points),
            ..Card::default()
        })
        .collect();
    d.cards.insert("nobles".to_owned(), nobles);
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_and_noble_is_described_in_id_order() {
        let d = describe();
        let dev = &d.cards["development"];
        assert_eq!(dev.len(), 90);
        for (i, c) in dev.iter().enumerate() {
            assert_eq!(c.id, i.to_string());
            let def = CARDS[i];
            assert_eq!(c.points, u32::from(def.points));
            assert_eq!(
                c.cost.values().sum::<u32>(),
                def.cost.iter().map(|&n| u32::from(n)).sum::<u32>()
            );
        }
        // Card 39: level 1, black bonus, 1 point, 4 blue.
        let c = d.card("development", "39").unwrap();
        assert_eq!((c.level, c.bonus.as_deref(), c.points), (Some(1), Some("black"), 1));
        assert_eq!(c.cost, gems([0, 4, 0, 0, 0]));
        assert_eq!(d.cards["nobles"].len(), 10);
        assert!(d.cards["nobles"].iter().all(|n| n.points == 3));
    }
}

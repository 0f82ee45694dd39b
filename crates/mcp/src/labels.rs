//! Short readable labels of actions and events for agents, German or
//! English. Derived generically from the JSON (its `type` and fields), with
//! wording for the common action types of the games where it is cheap: the
//! JSON stays the authority, a label only helps to choose.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// The language of labels and texts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// German.
    De,
}

impl Lang {
    /// `de` or `en` of a pair.
    pub fn pick<'a>(self, de: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::De => de,
            Lang::En => en,
        }
    }
}

/// Longest label: a label is a hint, the JSON carries the rest.
const MAX_LABEL: usize = 200;

/// Wording of action types: (type, German, English).
const WORDS: &[(&str, &str, &str)] = &[
    // CATAN and its expansions.
    ("roll", "Würfeln", "Roll the dice"),
    ("end_turn", "Zug beenden", "End the turn"),
    ("build_road", "Straße bauen", "Build a road"),
    ("build_settlement", "Siedlung bauen", "Build a settlement"),
    ("build_city", "Stadt bauen", "Build a city"),
    ("place_settlement", "Siedlung setzen", "Place a settlement"),
    ("place_road", "Straße setzen", "Place a road"),
    (
        "buy_development_card",
        "Entwicklungskarte kaufen",
        "Buy a development card",
    ),
    (
        "open_trade",
        "Handel mit Mitspielern eröffnen",
        "Open a trade with the other players",
    ),
    ("offer_give", "Im Angebot geben", "Offer to give"),
    ("offer_get", "Im Angebot verlangen", "Ask for in the offer"),
    ("submit_offer", "Angebot abgeben", "Submit the offer"),
    ("accept_offer", "Angebot annehmen", "Accept the offer"),
    ("decline_offer", "Angebot ablehnen", "Decline the offer"),
    ("discard_card", "Karte abwerfen", "Discard a card"),
    ("play_knight", "Ritter ausspielen", "Play a knight"),
    ("move_robber", "Räuber versetzen", "Move the robber"),
    ("steal", "Rohstoff rauben", "Steal a resource"),
    ("discard", "Karten abwerfen", "Discard cards"),
    ("maritime_trade", "Seehandel", "Maritime trade"),
    ("bank_trade", "Handel mit der Bank", "Trade with the bank"),
    ("offer_trade", "Handel anbieten", "Offer a trade"),
    ("accept_trade", "Handel annehmen", "Accept the trade"),
    ("reject_trade", "Handel ablehnen", "Reject the trade"),
    ("decline_trade", "Handel ablehnen", "Decline the trade"),
    ("cancel_trade", "Handel zurückziehen", "Withdraw the trade"),
    ("confirm_trade", "Handel bestätigen", "Confirm the trade"),
    ("play_monopoly", "Monopol ausspielen", "Play monopoly"),
    ("play_year_of_plenty", "Erfindung ausspielen", "Play year of plenty"),
    ("play_road_building", "Straßenbau ausspielen", "Play road building"),
    ("special_build", "Sonderbauphase", "Special building phase"),
    ("pass", "Passen", "Pass"),
    // Splendor.
    (
        "take_different",
        "Verschiedene Edelsteine nehmen",
        "Take different gems",
    ),
    (
        "take_two",
        "Zwei gleiche Edelsteine nehmen",
        "Take two gems of one colour",
    ),
    ("reserve", "Karte reservieren", "Reserve a card"),
    (
        "reserve_deck",
        "Verdeckte Karte reservieren",
        "Reserve a card from a deck",
    ),
    ("buy", "Karte kaufen", "Buy a card"),
    ("buy_reserved", "Reservierte Karte kaufen", "Buy a reserved card"),
    ("return_tokens", "Chips zurückgeben", "Return tokens"),
    ("choose_noble", "Adligen wählen", "Choose a noble"),
];

/// Build costs of CATAN, named where the label of a build action can say them.
const COSTS: &[(&str, &str, &str)] = &[
    ("build_road", "1 Lehm, 1 Holz", "1 brick, 1 lumber"),
    (
        "build_settlement",
        "1 Lehm, 1 Holz, 1 Wolle, 1 Getreide",
        "1 brick, 1 lumber, 1 wool, 1 grain",
    ),
    ("build_city", "2 Getreide, 3 Erz", "2 grain, 3 ore"),
    (
        "buy_development_card",
        "1 Wolle, 1 Getreide, 1 Erz",
        "1 wool, 1 grain, 1 ore",
    ),
];

/// Field names in German.
const FIELDS: &[(&str, &str)] = &[
    ("edge", "Kante"),
    ("vertex", "Kreuzung"),
    ("node", "Kreuzung"),
    ("knight", "Ritter"),
    ("commodity", "Ware"),
    ("track", "Bereich"),
    ("first", "erster"),
    ("second", "zweiter"),
    ("with", "mit"),
    ("site", "Platz"),
    ("route", "Route"),
    ("good", "Ware"),
    ("take", "nimmt"),
    ("red", "rot"),
    ("yellow", "gelb"),
    ("hex", "Feld"),
    ("tile", "Feld"),
    ("card", "Karte"),
    ("gem", "Edelstein"),
    ("gems", "Edelsteine"),
    ("level", "Stufe"),
    ("victim", "Opfer"),
    ("resource", "Rohstoff"),
    ("give", "gibt"),
    ("get", "bekommt"),
    ("cards", "Karten"),
    ("from", "von"),
    ("to", "nach"),
    ("noble", "Adliger"),
    ("tokens", "Chips"),
];

/// The label of an action (or event): its type's wording, then its fields.
pub fn label(game: &str, action: &Value, lang: Lang) -> String {
    label_at(game, action, lang, false)
}

/// [`label`] of a legal action, saying the build cost unless building is free
/// (`free`: CATAN's set-up, where the first settlements and roads cost nothing).
pub fn label_at(game: &str, action: &Value, lang: Lang, free: bool) -> String {
    let Some(obj) = action.as_object() else {
        return clip(compact(action));
    };
    let kind = obj
        .get("type")
        .or_else(|| obj.get("kind"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let mut out = match WORDS.iter().find(|(t, _, _)| *t == kind) {
        Some((_, de, en)) => lang.pick(de, en).to_string(),
        None => kind.replace('_', " "),
    };
    let fields: Vec<String> = obj
        .iter()
        .filter(|(k, _)| k.as_str() != "type" && k.as_str() != "kind")
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| {
            let name = match lang {
                Lang::De => FIELDS.iter().find(|(f, _)| f == k).map_or(k.as_str(), |(_, de)| de),
                Lang::En => k.as_str(),
            };
            format!("{} {}", name.replace('_', " "), compact(v))
        })
        .collect();
    if !fields.is_empty() {
        out.push_str(": ");
        out.push_str(&fields.join(", "));
    }
    if game == "catan" && !free {
        if let Some((_, de, en)) = COSTS.iter().find(|(t, _, _)| *t == kind) {
            out.push_str(" — ");
            out.push_str(lang.pick(de, en));
        }
    }
    clip(out)
}

/// A value in a few characters: strings bare, maps as `k v`, lists joined.
pub fn compact(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(a) => format!("[{}]", a.iter().map(compact).collect::<Vec<_>>().join(", ")),
        Value::Object(o) => format!(
            "{{{}}}",
            o.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| format!("{k} {}", compact(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

/// Cuts a text to [`MAX_LABEL`] characters.
fn clip(mut s: String) -> String {
    if let Some((i, _)) = s.char_indices().nth(MAX_LABEL) {
        s.truncate(i);
        s.push('…');
    }
    s
}

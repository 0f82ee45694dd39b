//! Every action an agent is offered over MCP reads as words in both
//! languages: its label starts with a verb or a term of the game's
//! description, never with the action's raw type (`counter offer`), and the
//! German label is not the English one. Walked over random games of every
//! game and rule set, trade offers included (they are where most of the
//! newer action types appear).

use engine::dynamic::DynMatch;
use engine::{ChanceMode, Seat, ToAct};
use mcp::labels::{label_action, Lang, Words};
use serde_json::Value;
use std::collections::BTreeMap;

/// One example of each action type a random walk of this rule set meets.
fn action_types(
    game: &str,
    options: &Value,
    players: usize,
    seed: u64,
) -> (Box<dyn DynMatch>, BTreeMap<String, Value>) {
    let entry = registry::entry(game).expect("a game");
    let mut m = entry
        .create(options, players, seed, ChanceMode::Seeded)
        .expect("a match");
    let mut found = BTreeMap::new();
    let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for _ in 0..3_000 {
        let seats = match m.to_act() {
            ToAct::Seats(s) => s,
            _ => break,
        };
        let Some(seat) = seats.iter().next() else { break };
        let legal = m.legal(seat).expect("legal");
        for a in &legal {
            if let Some(kind) = a.get("type").or_else(|| a.get("kind")).and_then(Value::as_str) {
                found.entry(kind.to_string()).or_insert_with(|| a.clone());
            }
        }
        if legal.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let pick = &legal[(rng % legal.len() as u64) as usize];
        if m.act(Seat(seat.0), pick, None).is_err() {
            break;
        }
    }
    (m, found)
}

/// Lower-case words that are German as well as a protocol word.
const GERMAN_TOO: &[&str] = &["in"];

#[test]
fn every_offered_action_reads_as_words_in_both_languages() {
    let mut bad = Vec::new();
    for info in registry::games() {
        let entry = registry::entry(info.id).expect("a game");
        for set in entry.rule_sets() {
            let players = set.players[1];
            for seed in 0..3 {
                let (m, found) = action_types(info.id, &set.options, players, seed);
                let description = serde_json::to_value(m.description()).expect("json");
                let places = m.places();
                let en = Words::new(&description, &places, Lang::En);
                let de = Words::new(&description, &places, Lang::De);
                for (kind, action) in &found {
                    let (l_en, l_de) = (label_action(action, &en, false), label_action(action, &de, false));
                    // The protocol's own words: the action's type and its
                    // field names. German nouns are capitalised, so one of
                    // these in lower case in the German label is English
                    // left untranslated.
                    let mut english: Vec<String> = kind.split('_').map(str::to_string).collect();
                    if let Some(o) = action.as_object() {
                        english.extend(o.keys().flat_map(|k| k.split('_').map(str::to_string)));
                    }
                    let leaks: Vec<&str> = l_de
                        .split(|c: char| !c.is_alphanumeric())
                        .filter(|w| english.iter().any(|e| e == w) && !GERMAN_TOO.contains(w))
                        .collect();
                    if !leaks.is_empty() || l_de == l_en {
                        bad.push(format!(
                            "{} {}: {kind}: en {l_en:?}, de {l_de:?} {leaks:?}",
                            info.id, set.id
                        ));
                    }
                }
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(bad.is_empty(), "actions without words:\n{}", bad.join("\n"));
}

//! The documented options (`registry::options`) against what each game's
//! parser and `new_game` accept, both ways: every documented option starts a
//! game under each of its rule sets with its default, its bounds and each of
//! its values (and one step past the lower bound is refused), and every key
//! the parser accepts is documented or chosen by a rule set.

use engine::{ChanceMode, Game, OptionKind};
use registry::{entry, option_cards, visit_all, Registered, Visitor};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// The keys a game's config parser accepts, read from serde's refusal of an
/// unknown key ("unknown field `x`, expected one of `a`, `b`"; "there are
/// no fields" for a game without options).
fn accepted_keys<G: Game>() -> BTreeSet<String> {
    let probe = json!({ "no_such_option": 1 });
    let err = serde_json::from_value::<G::Config>(probe)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("unknown field `no_such_option`"), "{}: {err}", G::ID);
    let listed = err.split("unknown field `no_such_option`").nth(1).unwrap_or("");
    listed.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

/// `options` with `key` set to `value` (`null`: left out).
fn with(options: &Value, key: &str, value: &Value) -> Value {
    let mut o = options.as_object().cloned().unwrap_or_default();
    if value.is_null() {
        o.remove(key);
    } else {
        o.insert(key.to_owned(), value.clone());
    }
    Value::Object(o)
}

struct Documented;

impl Visitor for Documented {
    type Output = usize;
    fn visit<G: Registered>(&mut self) -> usize {
        let info = registry::game(G::ID).expect("registered");
        let e = entry(G::ID).expect("entry");
        let cards = option_cards(&info);
        assert_eq!(e.options(), cards, "{}: the entry serves the cards", G::ID);
        // Every key the parser accepts is documented or set by a rule set.
        let mut documented: BTreeSet<String> = cards.iter().map(|c| c.name.clone()).collect();
        for set in e.rule_sets() {
            documented.extend(set.options.as_object().into_iter().flatten().map(|(k, _)| k.clone()));
        }
        let accepted = accepted_keys::<G>();
        for key in &accepted {
            assert!(
                documented.contains(key),
                "{}: the parser accepts `{key}`, undocumented",
                G::ID
            );
        }
        let mut checked = 0;
        for card in &cards {
            assert!(
                accepted.contains(&card.name),
                "{}: `{}` documented, not accepted",
                G::ID,
                card.name
            );
            assert!(!card.label.de.is_empty() && !card.label.en.is_empty() && !card.help.en.is_empty());
            assert!(
                !card.rule_sets.is_empty(),
                "{}: `{}` applies to no rule set",
                G::ID,
                card.name
            );
            for set_id in &card.rule_sets {
                let set = info
                    .rule_sets
                    .iter()
                    .find(|r| r.id == set_id.as_str())
                    .unwrap_or_else(|| panic!("{}: `{}` names rule set {set_id}", G::ID, card.name));
                let players = *set.players.end();
                let start = |options: &Value| e.create(options, players, 7, ChanceMode::Seeded);
                let ok = |value: Value| {
                    let options = with(&set.options, &card.name, &value);
                    if let Err(err) = start(&options) {
                        panic!(
                            "{} {set_id}: `{}` = {value} refused: {}",
                            G::ID,
                            card.name,
                            err.message.en
                        );
                    }
                    // The value keeps the table in a rule set (an option
                    // that would choose another one, like CATAN's turn rule,
                    // is the rule set's own and has no card).
                    assert!(e.rule_set_of(&options).is_some());
                };
                let refused = |value: Value| {
                    let options = with(&set.options, &card.name, &value);
                    assert!(
                        start(&options).is_err(),
                        "{} {set_id}: `{}` = {value} accepted",
                        G::ID,
                        card.name
                    );
                };
                let default = card.defaults.get(set_id).cloned().unwrap_or(Value::Null);
                ok(default.clone());
                // The default is what the rule set plays with.
                let as_default = with(&set.options, &card.name, &default);
                assert_eq!(e.rule_set_of(&as_default), Some(set.id), "{} `{}`", G::ID, card.name);
                match &card.kind {
                    OptionKind::Bool => {
                        ok(json!(true));
                        ok(json!(false));
                    }
                    OptionKind::Integer { min, max, optional } => {
                        assert!(min <= max);
                        ok(json!(min));
                        ok(json!(max));
                        ok(json!((min + max) / 2));
                        refused(json!(min - 1));
                        refused(json!("3"));
                        if *optional {
                            ok(Value::Null);
                        } else {
                            assert!(!default.is_null(), "{} `{}`: no default", G::ID, card.name);
                        }
                    }
                    OptionKind::Seat => {
                        ok(Value::Null);
                        for s in 0..players {
                            ok(json!(s));
                        }
                        refused(json!(players));
                    }
                    OptionKind::Choice { values } => {
                        assert!(
                            values.iter().any(|v| v.value == default),
                            "{} `{}`: default not a value",
                            G::ID,
                            card.name
                        );
                        for v in values {
                            assert!(!v.label.de.is_empty() && !v.label.en.is_empty());
                            ok(v.value.clone());
                        }
                        refused(json!("no_such_value"));
                    }
                }
                checked += 1;
            }
        }
        checked
    }
}

#[test]
fn every_documented_option_is_accepted_and_every_accepted_key_documented() {
    let checked: Vec<usize> = visit_all(&mut Documented);
    // Splendor has no options; CATAN and Junior have some under each rule set.
    assert_eq!(checked[0], 0);
    assert!(checked[1] >= 15, "{checked:?}");
    assert!(checked[2] >= 1, "{checked:?}");
}

#[test]
fn the_served_cards_carry_bounds_defaults_and_both_languages() {
    let catan = entry("catan").expect("catan");
    let cards = serde_json::to_value(catan.options()).expect("json");
    let vp = cards
        .as_array()
        .and_then(|c| c.iter().find(|c| c["name"] == "victory_points"))
        .expect("victory points documented");
    assert_eq!(vp["kind"], "integer");
    assert_eq!(vp["min"], 3);
    assert_eq!(vp["defaults"]["base"], 10);
    assert_eq!(vp["defaults"]["cities_knights"], 13);
    assert_eq!(vp["label"]["de"], "Siegpunkte");
    let board = cards
        .as_array()
        .and_then(|c| c.iter().find(|c| c["name"] == "board"))
        .expect("board");
    assert_eq!(board["kind"], "choice");
    assert_eq!(board["values"][1]["value"]["kind"], "beginner");
    assert!(
        board["defaults"].get("five_six").is_none(),
        "no fixed set-up for 5-6 players"
    );
}

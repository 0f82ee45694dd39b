//! `engine.invalid_state` through the referee: a hand-altered state envelope
//! of each game is refused with every problem listed in German and in
//! English (`sentence [rule] sentence [rule]`, the shape a refused board
//! layout lists its problems in), and the game in play is left as it was.

use serde_json::{json, Value};
use spielleiter_cli::referee::Referee;

use crate::common;
use common::referee::{ask, ok};

/// The problems of a listed message after its lead-in: `(rule, sentence)` in
/// order. A sentence may hold brackets itself (`roads [3, 4]`); a rule id is
/// the bracketed word of dotted lower-case parts that ends a sentence.
fn problems(message: &str, lead: &str) -> Vec<(String, String)> {
    let body = message
        .strip_prefix(lead)
        .unwrap_or_else(|| panic!("{message:?} does not start with {lead:?}"));
    let is_rule = |w: &str| w.contains('.') && w.chars().all(|c| c.is_ascii_lowercase() || c == '.' || c == '_');
    let mut out = Vec::new();
    let (mut start, mut from) = (0, 0);
    while let Some(open) = body[from..].find(" [").map(|i| from + i) {
        let Some(close) = body[open..].find(']').map(|i| open + i) else {
            break;
        };
        let word = &body[open + 2..close];
        let ends = body[close + 1..].is_empty() || body[close + 1..].starts_with(' ');
        if is_rule(word) && ends {
            out.push((word.to_string(), body[start..open].trim().to_string()));
            start = close + 1;
        }
        from = close;
    }
    assert!(body[start..].trim().is_empty(), "unparsed tail of {message:?}");
    out
}

/// Starts `game`, alters its state envelope with `alter`, loads it and
/// returns the refusal's problems per language, checking that nothing changed.
fn refused(new: Value, alter: impl Fn(&mut Value)) -> Vec<(String, String, String)> {
    let mut r = Referee::default();
    ok(&mut r, new);
    let before = ok(&mut r, json!({"op": "state"}));
    let mut envelope = before.clone();
    alter(&mut envelope["state"]);
    let resp = ask(&mut r, json!({"op": "load", "game": before["game"], "state": envelope}));
    let e = resp
        .get("error")
        .unwrap_or_else(|| panic!("the altered state was loaded: {resp}"));
    assert_eq!(
        (&e["kind"], &e["rule"]),
        (&json!("invalid_state"), &json!("engine.invalid_state")),
        "{e}"
    );
    let de = problems(
        e["message"]["de"].as_str().unwrap(),
        "Der Spielstand ist widersprüchlich: ",
    );
    let en = problems(e["message"]["en"].as_str().unwrap(), "The state is inconsistent: ");
    assert_eq!(de.len(), en.len(), "{e}");
    assert!(!de.is_empty(), "{e}");
    let listed: Vec<_> = de
        .into_iter()
        .zip(en)
        .map(|((rule_de, de), (rule_en, en))| {
            assert_eq!(rule_de, rule_en, "both languages list the same problems in order");
            assert!(
                !de.is_empty() && !en.is_empty() && de != en,
                "{rule_de}: {de:?} / {en:?}"
            );
            (rule_de, de, en)
        })
        .collect();
    assert_eq!(
        ok(&mut r, json!({"op": "state"})),
        before,
        "a refused load changes nothing"
    );
    listed
}

fn rules(listed: &[(String, String, String)]) -> Vec<&str> {
    listed.iter().map(|(r, _, _)| r.as_str()).collect()
}

fn add(v: &mut Value, n: i64) {
    *v = json!(v.as_i64().unwrap_or(0) + n);
}

#[test]
fn engine_invalid_state_splendor_lists_every_problem_in_both_languages() {
    let new = json!({"op": "new", "game": "splendor", "players": 2, "seed": 3});
    let listed = refused(new, |s| {
        add(&mut s["bank"]["gold"], 1);
        add(&mut s["players"][1]["points"], 7);
    });
    let r = rules(&listed);
    assert!(
        r.contains(&"splendor.state.tokens") && r.contains(&"splendor.state.points"),
        "{listed:?}"
    );
    let gold = listed.iter().find(|p| p.0 == "splendor.state.tokens").unwrap();
    assert!(gold.1.contains("Gold") && gold.1.contains("Marker"), "{gold:?}");
}

#[test]
fn engine_invalid_state_junior_lists_every_problem_in_both_languages() {
    let new = json!({"op": "new", "game": "catan-junior", "players": 3, "seed": 3});
    let listed = refused(new, |s| {
        s["turn"] = json!(0);
        s["roll"] = json!(9);
    });
    let r = rules(&listed);
    assert!(
        r.contains(&"junior.state.turn") && r.contains(&"junior.state.roll"),
        "{listed:?}"
    );
}

#[test]
fn engine_invalid_state_catan_lists_every_problem_in_both_languages() {
    let new = json!({"op": "new", "game": "catan", "players": 3, "seed": 3});
    let listed = refused(new, |s| {
        add(&mut s["bank"]["brick"], 1);
        add(&mut s["bank"]["ore"], 2);
    });
    assert_eq!(rules(&listed), ["catan.state.resource_cards"; 2], "{listed:?}");
    let (brick, ore) = (&listed[0], &listed[1]);
    assert!(brick.1.starts_with("Lehm") && brick.2.starts_with("brick"), "{brick:?}");
    assert!(ore.1.starts_with("Erz") && ore.2.starts_with("ore"), "{ore:?}");
}

#[test]
fn engine_invalid_state_cities_knights_lists_every_problem_in_both_languages() {
    let new = json!({"op": "new", "game": "catan", "players": 3, "seed": 3, "options": {"rules": "cities_knights"}});
    let listed = refused(new, |s| {
        s["cities_knights"]["barbarians"] = json!(9);
        add(&mut s["cities_knights"]["bank"]["coin"], 1);
    });
    let r = rules(&listed);
    assert!(
        r.contains(&"ck.state.barbarians") && r.contains(&"ck.state.commodities"),
        "{listed:?}"
    );
    let ship = listed.iter().find(|p| p.0 == "ck.state.barbarians").unwrap();
    assert!(ship.1.contains("Barbarenschiff"), "{ship:?}");
}

#[test]
fn engine_invalid_state_heroes_lists_every_problem_in_both_languages() {
    let new = json!({"op": "new", "game": "catan", "players": 3, "seed": 3,
        "options": {"rules": "cities_knights_heroes"}});
    let listed = refused(new, |s| {
        let desert = s["board"]["tiles"]
            .as_array()
            .and_then(|t| t.iter().position(|t| t["terrain"] == "desert"))
            .expect("a desert");
        let other = (desert + 1) % 19;
        // At the start no seat holds anything, so the list of seats is empty.
        s["cities_knights"]["players"] = json!([
            {"heroes": {"squires": [desert, other]}},
            {"heroes": {"squires": [other]}},
        ]);
    });
    let r = rules(&listed);
    assert!(
        r.contains(&"snh.squire.move.no_desert") && r.contains(&"snh.squire.one_per_hex"),
        "{listed:?}"
    );
    let desert = listed.iter().find(|p| p.0 == "snh.squire.move.no_desert").unwrap();
    assert!(desert.1.contains("Knappe") && desert.1.contains("Wüste"), "{desert:?}");
}

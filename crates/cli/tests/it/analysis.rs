//! Position analysis through the public paths (issue 44): the referee's
//! `analyze` op on every game and rule set, its refusals, and
//! `spielleiter analyze LOG --at STEP`.

use serde_json::{json, Value};
use spielleiter_cli::referee::Referee;
use std::process::Command;

use crate::common;
use common::referee::{ask, ok};

/// Plays `steps` greedy decisions (chance dealt by the referee) and returns
/// the seat to decide then.
fn play_to(r: &mut Referee, steps: u64) -> u64 {
    let mut done = 0;
    loop {
        let to_act = ok(r, json!({"op": "to_act"}));
        assert_eq!(to_act["kind"], "seats", "the game ended early: {to_act}");
        let seat = to_act["seats"][0].as_u64().expect("seat");
        if done == steps {
            return seat;
        }
        ok(
            r,
            json!({"op": "bot", "seat": seat, "bot": "greedy", "play": true, "seed": done}),
        );
        done += 1;
    }
}

/// Every answer lists legal actions of the seat, ranked by visits, each
/// chance in its interval, and an expected line of play.
fn check_answer(r: &mut Referee, seat: u64, found: &Value, top: usize) {
    let legal = ok(r, json!({"op": "legal", "seat": seat}));
    let legal = legal.as_array().expect("legal list");
    let rows = found["actions"].as_array().expect("actions");
    assert_eq!(rows.len(), top.min(legal.len()), "{found}");
    assert_eq!(found["seat"], seat);
    let mut last = u64::MAX;
    for row in rows {
        assert!(legal.contains(&row["action"]), "{row} is not legal");
        let visits = row["visits"].as_u64().expect("visits");
        assert!(visits <= last, "ranked by visits: {found}");
        last = visits;
        if let Some(p) = row["win"].as_f64() {
            let (low, high) = (row["low"].as_f64().expect("low"), row["high"].as_f64().expect("high"));
            assert!((0.0..=1.0).contains(&p) && low <= p && p <= high, "{row}");
        }
        assert!(row["line"].is_array(), "{row}");
    }
}

#[test]
fn analyze_op_answers_for_every_game_and_rule_set() {
    let cases = [
        json!({"op": "new", "game": "catan", "players": 4, "seed": 3}),
        json!({"op": "new", "game": "catan", "players": 4, "seed": 3, "options": {"rules": "cities_knights"}}),
        json!({"op": "new", "game": "catan", "players": 4, "seed": 3, "options": {"rules": "cities_knights_heroes"}}),
        json!({"op": "new", "game": "catan", "players": 5, "seed": 3, "options": {"extension": "five_six"}}),
        json!({"op": "new", "game": "catan", "players": 3, "seed": 3, "options": {"board": {"kind": "beginner"}}}),
        json!({"op": "new", "game": "catan-junior", "players": 3, "seed": 3}),
        json!({"op": "new", "game": "splendor", "players": 2, "seed": 3}),
    ];
    for new in cases {
        let mut r = Referee::default();
        ok(&mut r, new.clone());
        let seat = play_to(&mut r, 40);
        let found = ok(
            &mut r,
            json!({"op": "analyze", "seat": seat, "playouts": 300, "top": 3, "seed": 1}),
        );
        check_answer(&mut r, seat, &found, 3);
        assert!(found["playouts"].as_u64().is_some_and(|n| n >= 300), "{new}");
        // An analysis changes nothing: the same request gives the same answer.
        let again = ok(
            &mut r,
            json!({"op": "analyze", "seat": seat, "playouts": 300, "top": 3, "seed": 1}),
        );
        assert_eq!(found["actions"], again["actions"], "{new}");
    }
}

#[test]
fn analyze_op_refuses_bad_requests_with_rule_ids_and_changes_nothing() {
    let mut r = Referee::default();
    ok(&mut r, json!({"op": "new", "game": "catan", "players": 4, "seed": 9}));
    let seat = play_to(&mut r, 30);
    let before = ok(&mut r, json!({"op": "state"}));
    let other = (seat + 1) % 4;
    let cases = [
        (
            json!({"op": "analyze", "seat": seat, "playouts": 100_001}),
            "engine.analyze_budget",
        ),
        (
            json!({"op": "analyze", "seat": seat, "ms": 30_001}),
            "engine.analyze_budget",
        ),
        (
            json!({"op": "analyze", "seat": seat, "playouts": 0}),
            "engine.analyze_budget",
        ),
        (json!({"op": "analyze", "seat": 9}), "engine.no_such_seat"),
        (json!({"op": "analyze", "seat": other}), "engine.not_your_turn"),
        (
            json!({"op": "analyze", "seat": seat, "version": 1}),
            "engine.stale_version",
        ),
        (
            json!({"op": "analyze", "seat": seat, "playouts": "many"}),
            "engine.malformed",
        ),
        (json!({"op": "analyze", "seat": seat, "depth": 3}), "engine.malformed"),
    ];
    for (req, rule) in cases {
        let resp = ask(&mut r, req.clone());
        let e = &resp["error"];
        assert_eq!(e["rule"], rule, "{req}: {resp}");
        assert!(e["message"]["de"].is_string() && e["message"]["en"].is_string(), "{e}");
    }
    assert_eq!(ok(&mut r, json!({"op": "state"})), before, "a refusal changed the game");
    let mut fresh = Referee::default();
    let e = ask(&mut fresh, json!({"op": "analyze", "seat": 0}));
    assert!(e["error"]["rule"].is_string(), "no game: {e}");
}

#[test]
fn analyze_command_reads_a_log_at_a_step() {
    let mut r = Referee::default();
    ok(&mut r, json!({"op": "new", "game": "catan", "players": 4, "seed": 5}));
    play_to(&mut r, 60);
    let log = ok(&mut r, json!({"op": "log"}));
    let dir = std::env::temp_dir().join(format!("spielleiter-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("game.json");
    std::fs::write(&file, log.to_string()).expect("write");
    let bin = || Command::new(env!("CARGO_BIN_EXE_spielleiter"));

    let out = bin()
        .args(["analyze", "--at", "50", "--playouts", "200", "--top", "2", "--json"])
        .arg(&file)
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let found: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(
        (found["game"].as_str(), found["step"].as_u64()),
        (Some("catan"), Some(50))
    );
    assert!(found["actions"]
        .as_array()
        .is_some_and(|a| !a.is_empty() && a.len() <= 2));

    let out = bin()
        .args(["analyze", "--at", "50", "--playouts", "200"])
        .arg(&file)
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("95% interval") && text.contains(" playouts in "),
        "{text}"
    );

    for (args, rule) in [
        (vec!["--at", "100000"], "engine.analyze_step"),
        (vec!["--seat", "7"], "engine.no_such_seat"),
        (vec!["--ms", "999999"], "engine.analyze_budget"),
    ] {
        let out = bin().arg("analyze").args(&args).arg(&file).output().expect("run");
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(rule), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_graph_covers_every_decision_of_a_game() {
    let mut r = Referee::default();
    ok(
        &mut r,
        json!({"op": "new", "game": "catan-junior", "players": 2, "seed": 8}),
    );
    let mut steps = 0;
    while ok(&mut r, json!({"op": "to_act"}))["kind"] == "seats" {
        let seat = ok(&mut r, json!({"op": "to_act"}))["seats"][0].clone();
        ok(
            &mut r,
            json!({"op": "bot", "seat": seat, "bot": "greedy", "play": true, "seed": steps}),
        );
        steps += 1;
        assert!(steps < 5_000, "the game does not end");
    }
    let log = ok(&mut r, json!({"op": "log"}));
    let acts: Vec<&Value> = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["type"] == "act")
        .collect();
    let dir = std::env::temp_dir().join(format!("spielleiter-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("game.json");
    std::fs::write(&file, log.to_string()).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_spielleiter"))
        .args(["analyze", "--graph", "--playouts", "60", "--threads", "2", "--json"])
        .arg(&file)
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let graph: Value = serde_json::from_slice(&out.stdout).expect("json");
    let rows = graph["steps"].as_array().expect("steps");
    assert_eq!(rows.len(), acts.len(), "one row per decision");
    let mut searched = 0;
    for (row, act) in rows.iter().zip(&acts) {
        assert_eq!(row["played"], act["action"]);
        assert_eq!(row["seat"], act["seat"]);
        if row["forced"] == false {
            searched += 1;
            let w = row["win"].as_f64().expect("win");
            assert!((0.0..=1.0).contains(&w), "{row}");
            assert!(
                row["cost"].is_null() || row["cost"].as_f64().is_some_and(|c| c >= 0.0),
                "{row}"
            );
        }
    }
    assert!(searched > 10, "only {searched} decisions searched");
    let out = Command::new(env!("CARGO_BIN_EXE_spielleiter"))
        .args(["analyze", "--graph", "--playouts", "60"])
        .arg(&file)
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("chance to win by tenth of the game"), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_spielleiter"))
        .args(["analyze", "--graph", "--playouts", "200000"])
        .arg(&file)
        .output()
        .expect("run");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("engine.analyze_budget"));
    let _ = std::fs::remove_dir_all(&dir);
}

//! The referee protocol end to end on Splendor, and its handling of bad input.

use serde_json::{json, Value};
use spielleiter_cli::referee::Referee;

use crate::common;
use common::referee::{ask, ok};

fn err(r: &mut Referee, req: Value) -> Value {
    let resp = ask(r, req.clone());
    let e = resp
        .get("error")
        .cloned()
        .unwrap_or_else(|| panic!("{req} should fail: {resp}"));
    for field in ["kind", "rule"] {
        assert!(e[field].is_string(), "{e}");
    }
    assert!(e["message"]["de"].is_string() && e["message"]["en"].is_string(), "{e}");
    e
}

#[test]
fn plays_a_whole_splendor_game_through_the_protocol() {
    let mut r = Referee::default();
    let games = ok(&mut r, json!({"op": "games"}));
    assert!(games.as_array().is_some_and(|g| g.contains(&json!("splendor"))));
    let s = ok(
        &mut r,
        json!({"op": "new", "game": "splendor", "players": 2, "seed": 7, "id": 1}),
    );
    assert_eq!(s["players"], 2);
    let mut steps = 0;
    loop {
        let to_act = ok(&mut r, json!({"op": "to_act"}));
        if to_act["kind"] == "over" {
            break;
        }
        assert_eq!(to_act["kind"], "seats", "seeded mode resolves chance itself: {to_act}");
        let seat = to_act["seats"][0].as_u64().expect("seat");
        let legal = ok(&mut r, json!({"op": "legal", "seat": seat}));
        let actions = legal.as_array().expect("list");
        assert!(!actions.is_empty());
        let pick = actions[steps % actions.len()].clone();
        ok(&mut r, json!({"op": "act", "seat": seat, "action": pick}));
        steps += 1;
        assert!(steps < 5_000, "game does not end");
    }
    let result = ok(&mut r, json!({"op": "result"}));
    assert!(result["winners"].as_array().is_some_and(|w| !w.is_empty()));
    // The saved log replays to the same final state.
    let log = ok(&mut r, json!({"op": "log"}));
    let summary = spielleiter_cli::replay::replay_text(&log.to_string()).expect("replay");
    assert_eq!(summary["final_state_checked"], true);
    // The state can be loaded again.
    let state = ok(&mut r, json!({"op": "state"}));
    let mut r2 = Referee::default();
    ok(&mut r2, json!({"op": "load", "game": "splendor", "state": state}));
    assert_eq!(ok(&mut r2, json!({"op": "to_act"}))["kind"], "over");
}

#[test]
fn bad_requests_get_typed_errors_and_the_session_goes_on() {
    let mut r = Referee::default();
    let resp: Value = serde_json::from_str(&r.handle_line("{not json")).expect("json");
    assert_eq!(resp["error"]["kind"], "malformed");
    assert_eq!(err(&mut r, json!({"op": "fly"}))["kind"], "unknown_op");
    assert_eq!(err(&mut r, json!({"no": "op"}))["kind"], "malformed");
    assert_eq!(err(&mut r, json!({"op": "legal", "seat": 0}))["kind"], "no_game");
    assert_eq!(
        err(&mut r, json!({"op": "new", "game": "chess", "players": 2}))["kind"],
        "unknown_game"
    );
    assert_eq!(
        err(&mut r, json!({"op": "new", "game": "splendor", "players": 9}))["kind"],
        "config"
    );
    assert_eq!(
        err(&mut r, json!({"op": "new", "game": "splendor"}))["kind"],
        "malformed"
    );
    ok(
        &mut r,
        json!({"op": "new", "game": "splendor", "players": 3, "seed": 1}),
    );
    let state_before = ok(&mut r, json!({"op": "state"}));
    assert_eq!(
        err(&mut r, json!({"op": "act", "seat": 1, "action": {"type": "pass"}}))["kind"],
        "not_your_turn"
    );
    assert_eq!(
        err(&mut r, json!({"op": "act", "seat": 7, "action": {"type": "pass"}}))["kind"],
        "no_such_seat"
    );
    assert_eq!(
        err(&mut r, json!({"op": "act", "seat": 0, "action": {"type": "teleport"}}))["kind"],
        "malformed"
    );
    assert_eq!(
        err(&mut r, json!({"op": "act", "seat": 0, "action": 42}))["kind"],
        "malformed"
    );
    let e = err(&mut r, json!({"op": "act", "seat": 0, "action": {"type": "pass"}}));
    assert_eq!(e["kind"], "rule");
    assert_eq!(e["rule"], "splendor.turn.pass_only_when_blocked");
    let version = ok(&mut r, json!({"op": "state"}));
    assert_eq!(version, state_before, "refusals changed nothing");
    let legal = ok(&mut r, json!({"op": "legal", "seat": 0}));
    let e = err(
        &mut r,
        json!({"op": "act", "seat": 0, "action": legal[0], "version": 0}),
    );
    assert_eq!(e["kind"], "stale_version");
    assert_eq!(
        err(&mut r, json!({"op": "chance", "outcome": {"x": 1}}))["kind"],
        "malformed"
    );
    assert_eq!(err(&mut r, json!({"op": "view", "seat": 5}))["kind"], "no_such_seat");
    assert_eq!(
        err(
            &mut r,
            json!({"op": "load", "game": "splendor", "state": {"bogus": true}})
        )["kind"],
        "malformed"
    );
    // Still alive and unchanged.
    assert_eq!(ok(&mut r, json!({"op": "state"})), state_before);
}

#[test]
fn manual_chance_lets_the_client_deal() {
    let mut r = Referee::default();
    ok(
        &mut r,
        json!({"op": "new", "game": "splendor", "players": 2, "chance": "manual"}),
    );
    assert_eq!(ok(&mut r, json!({"op": "to_act"}))["kind"], "chance");
    let outcomes = ok(&mut r, json!({"op": "outcomes"}));
    let list = outcomes.as_array().expect("list");
    assert!(!list.is_empty());
    let total: f64 = list.iter().map(|o| o["p"].as_f64().unwrap_or(0.0)).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let first = list[0]["outcome"].clone();
    ok(&mut r, json!({"op": "chance", "outcome": first}));
    // A drawn outcome is also possible in manual mode, on request.
    ok(&mut r, json!({"op": "chance"}));
}

#[test]
fn spectator_view_and_events_work() {
    let mut r = Referee::default();
    ok(
        &mut r,
        json!({"op": "new", "game": "splendor", "players": 2, "seed": 3}),
    );
    let spectator = ok(&mut r, json!({"op": "view"}));
    let seat0 = ok(&mut r, json!({"op": "view", "seat": 0}));
    assert!(spectator.is_object() && seat0.is_object());
    let events = ok(&mut r, json!({"op": "events", "since": 0}));
    assert!(events.as_array().is_some_and(|e| !e.is_empty()), "the deal is reported");
}

#[test]
fn every_game_plays_to_the_end_through_the_protocol_and_replays() {
    for game in spielleiter_cli::registry::GAMES {
        let mut r = Referee::default();
        ok(&mut r, json!({"op": "new", "game": game, "players": 3, "seed": 21}));
        let mut step = 0usize;
        loop {
            let to_act = ok(&mut r, json!({"op": "to_act"}));
            if to_act["kind"] == "over" {
                break;
            }
            let seats = to_act["seats"].as_array().expect("seats").clone();
            let seat = seats[step % seats.len()].clone();
            let legal = ok(&mut r, json!({"op": "legal", "seat": seat}));
            let actions = legal.as_array().expect("legal list");
            assert!(!actions.is_empty(), "{game}: seat {seat} to act without legal actions");
            // Deterministic pseudo-random pick that avoids endless offers.
            let pick = actions[(step * 7919 + 13) % actions.len()].clone();
            ok(&mut r, json!({"op": "act", "seat": seat, "action": pick}));
            ok(&mut r, json!({"op": "view", "seat": seat}));
            step += 1;
            assert!(step < 60_000, "{game}: no end after {step} protocol steps");
        }
        let log = ok(&mut r, json!({"op": "log"}));
        let summary = spielleiter_cli::replay::replay_text(&log.to_string()).expect("replay");
        assert_eq!(summary["final_state_checked"], true, "{game}");
        let state = ok(&mut r, json!({"op": "state"}));
        let mut r2 = Referee::default();
        ok(&mut r2, json!({"op": "load", "game": game, "state": state}));
    }
}

#[test]
fn bot_op_chooses_and_plays_for_a_seat() {
    let mut r = Referee::default();
    // No game yet.
    let e = err(&mut r, json!({"op": "bot", "seat": 0, "bot": "greedy"}));
    assert_eq!(e["rule"], "engine.no_game");
    ok(
        &mut r,
        json!({"op": "new", "game": "splendor", "players": 2, "seed": 5}),
    );
    let seat = ok(&mut r, json!({"op": "to_act"}))["seats"][0].as_u64().expect("seat");
    let other = 1 - seat;
    // Bad specs, external programs, wrong seats.
    for bad in ["alpha", "greedy:x", "mcts:playouts=-1"] {
        let e = err(&mut r, json!({"op": "bot", "seat": seat, "bot": bad}));
        assert_eq!(
            (e["kind"].as_str(), e["rule"].as_str()),
            (Some("unknown_bot"), Some("engine.unknown_bot"))
        );
    }
    // The refusal lists only the bots the referee plays, in both languages.
    let e = err(&mut r, json!({"op": "bot", "seat": seat, "bot": "alpha"}));
    assert_eq!(
        e["message"],
        json!({
            "de": "Unbekannter Bot „alpha“ (bekannt: random, greedy, lookahead, mcts).",
            "en": "Unknown bot 'alpha' (known: random, greedy, lookahead, mcts)."
        })
    );
    let e = err(&mut r, json!({"op": "bot", "seat": seat, "bot": "greedy:x"}));
    assert_eq!(
        e["message"],
        json!({
            "de": "greedy kennt nur die Option offers (greedy:offers).",
            "en": "greedy takes only the option offers (greedy:offers)."
        })
    );
    let e = err(&mut r, json!({"op": "bot", "seat": seat, "bot": "cmd:python3 bot.py"}));
    assert_eq!(e["rule"], "engine.bot_not_allowed");
    let e = err(&mut r, json!({"op": "bot", "seat": seat, "bot": "cmd:"}));
    assert_eq!(e["rule"], "engine.bot_not_allowed");
    let e = err(&mut r, json!({"op": "bot", "seat": other, "bot": "greedy"}));
    assert_eq!(e["rule"], "engine.not_your_turn");
    let e = err(&mut r, json!({"op": "bot", "seat": 7, "bot": "greedy"}));
    assert_eq!(e["rule"], "engine.no_such_seat");
    let e = err(
        &mut r,
        json!({"op": "bot", "seat": seat, "bot": "greedy", "version": 9999}),
    );
    assert_eq!(e["rule"], "engine.stale_version");
    let e = err(
        &mut r,
        json!({"op": "bot", "seat": seat, "bot": "greedy", "play": "yes"}),
    );
    assert_eq!(e["rule"], "engine.malformed");
    // Nothing changed.
    let before = ok(&mut r, json!({"op": "state"}));
    // A suggestion without playing: one of the legal actions, deterministic per seed.
    let legal = ok(&mut r, json!({"op": "legal", "seat": seat}));
    let hint = ok(&mut r, json!({"op": "bot", "seat": seat, "bot": "greedy", "seed": 3}));
    let index = hint["index"].as_u64().expect("index") as usize;
    assert_eq!(legal[index], hint["action"]);
    assert_eq!(
        ok(&mut r, json!({"op": "bot", "seat": seat, "bot": "greedy", "seed": 3})),
        hint
    );
    assert_eq!(ok(&mut r, json!({"op": "state"})), before);
    // Playing it: the status of an `act`, with the action and its events.
    let played = ok(
        &mut r,
        json!({"op": "bot", "seat": seat, "bot": "greedy", "seed": 3, "play": true, "id": "x"}),
    );
    assert_eq!(played["action"], hint["action"]);
    assert!(played["events"].is_array() && played["version"].is_u64(), "{played}");
    assert_ne!(ok(&mut r, json!({"op": "state"})), before);
    // Built-in bots play the game to its end (MCTS on a tiny budget for one seat).
    let mut steps = 0;
    loop {
        let to_act = ok(&mut r, json!({"op": "to_act"}));
        if to_act["kind"] == "over" {
            break;
        }
        let seat = to_act["seats"][0].as_u64().expect("seat");
        let bot = if seat == 0 {
            "mcts:playouts=10,threads=1"
        } else {
            "greedy"
        };
        ok(
            &mut r,
            json!({"op": "bot", "seat": seat, "bot": bot, "play": true, "seed": steps}),
        );
        steps += 1;
        assert!(steps < 1_000, "game does not end");
    }
    assert!(ok(&mut r, json!({"op": "result"}))["winners"].is_array());
    let e = err(&mut r, json!({"op": "bot", "seat": 0, "bot": "greedy"}));
    assert_eq!(
        (e["kind"].as_str(), e["rule"].as_str()),
        (Some("game_over"), Some("engine.game_over"))
    );
    // An old version on a finished game: still game_over, the more fundamental reason.
    let e = err(&mut r, json!({"op": "bot", "seat": 0, "bot": "greedy", "version": 0}));
    assert_eq!(e["kind"], "game_over");
    let e = err(
        &mut r,
        json!({"op": "act", "seat": 0, "action": {"type": "pass"}, "version": 0}),
    );
    assert_eq!(e["kind"], "game_over");
}

/// The lookahead bot plays through the referee's `bot` op like the other
/// built-in bots: every game to the end against greedy.
#[test]
fn bot_op_plays_lookahead_to_the_end() {
    for (game, players) in [("splendor", 2), ("catan", 3), ("catan-junior", 2)] {
        let mut r = Referee::default();
        ok(
            &mut r,
            json!({"op": "new", "game": game, "players": players, "seed": 4}),
        );
        let mut steps = 0u64;
        loop {
            let to_act = ok(&mut r, json!({"op": "to_act"}));
            if to_act["kind"] == "over" {
                break;
            }
            let seat = to_act["seats"][0].as_u64().expect("seat");
            let bot = if seat == 0 { "lookahead:samples=1" } else { "greedy" };
            ok(
                &mut r,
                json!({"op": "bot", "seat": seat, "bot": bot, "play": true, "seed": steps}),
            );
            steps += 1;
            assert!(steps < 5_000, "{game}: game does not end");
        }
        assert!(ok(&mut r, json!({"op": "result"}))["winners"].is_array(), "{game}");
    }
}

#[test]
fn bot_op_plays_catan_and_junior() {
    for (game, players) in [("catan", 3), ("catan-junior", 2)] {
        let mut r = Referee::default();
        ok(
            &mut r,
            json!({"op": "new", "game": game, "players": players, "seed": 2}),
        );
        for step in 0..40u64 {
            let to_act = ok(&mut r, json!({"op": "to_act"}));
            if to_act["kind"] == "over" {
                break;
            }
            let seat = to_act["seats"][0].as_u64().expect("seat");
            let bot = if step % 2 == 0 {
                "greedy"
            } else {
                "mcts:playouts=10,threads=1"
            };
            ok(
                &mut r,
                json!({"op": "bot", "seat": seat, "bot": bot, "play": true, "seed": step}),
            );
        }
        let v = ok(&mut r, json!({"op": "to_act"}));
        assert!(v["kind"].is_string(), "{game}: {v}");
    }
}

/// The referee's `bot` op plays Cities & Knights, with and without heroes,
/// to the end through the same adapter as the server's seat bots
/// (`seat_bot`): greedy on three seats, MCTS on a tiny budget on one.
#[test]
fn bot_op_plays_cities_knights_and_heroes_to_the_end() {
    for rules in ["cities_knights", "cities_knights_heroes"] {
        let mut r = Referee::default();
        ok(
            &mut r,
            json!({"op": "new", "game": "catan", "players": 4, "seed": 4, "options": {"rules": rules}}),
        );
        let mut steps = 0u64;
        loop {
            let to_act = ok(&mut r, json!({"op": "to_act"}));
            if to_act["kind"] == "over" {
                break;
            }
            let seat = to_act["seats"][0].as_u64().expect("seat");
            let bot = if seat == 0 {
                "mcts:playouts=10,threads=1"
            } else {
                "greedy"
            };
            ok(
                &mut r,
                json!({"op": "bot", "seat": seat, "bot": bot, "play": true, "seed": steps}),
            );
            steps += 1;
            assert!(steps < 5_000, "{rules}: game does not end");
        }
        let result = ok(&mut r, json!({"op": "result"}));
        assert_eq!(result["winners"].as_array().map(Vec::len), Some(1), "{rules}: {result}");
        // The game played was the rule set asked for.
        let state = ok(&mut r, json!({"op": "state"})).to_string();
        assert!(state.contains(&format!(r#""rules":"{rules}""#)), "{rules}");
    }
}

//! Property tests: no input line, and no corrupted saved state, makes the
//! referee panic; every line gets exactly one JSON response.

use proptest::prelude::*;
use serde_json::{json, Value};
use spielleiter_cli::referee::Referee;

fn respond(r: &mut Referee, line: &str) -> Value {
    let out = r.handle_line(line);
    let v: Value = serde_json::from_str(&out).expect("response is JSON");
    assert!(v.get("ok").is_some() ^ v.get("error").is_some(), "{out}");
    v
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..300).prop_map(Value::from),
        "[a-z_]{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Replaces the `k`-th number in a JSON tree with `x`.
fn mutate_number(v: &mut Value, k: &mut usize, x: i64) -> bool {
    match v {
        Value::Number(_) => {
            if *k == 0 {
                *v = json!(x);
                return true;
            }
            *k -= 1;
            false
        }
        Value::Array(a) => a.iter_mut().any(|e| mutate_number(e, k, x)),
        Value::Object(o) => o.values_mut().any(|e| mutate_number(e, k, x)),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_lines_never_panic(line in ".{0,200}") {
        let mut r = Referee::default();
        respond(&mut r, &line);
        respond(&mut r, r#"{"op":"new","game":"splendor","players":2}"#);
        respond(&mut r, &line);
    }

    #[test]
    fn arbitrary_requests_never_panic(op in prop_oneof![Just("new"), Just("load"), Just("act"), Just("legal"), Just("chance"), Just("view"), Just("events")], body in json_value()) {
        let mut r = Referee::default();
        respond(&mut r, r#"{"op":"new","game":"splendor","players":3,"seed":5}"#);
        let mut req = json!({"op": op, "game": "splendor"});
        if let (Some(obj), Value::Object(extra)) = (req.as_object_mut(), body.clone()) {
            for (k, v) in extra { obj.insert(k, v); }
        }
        respond(&mut r, &req.to_string());
        let act = json!({"op": "act", "seat": 0, "action": body});
        respond(&mut r, &act.to_string());
    }

    #[test]
    fn corrupted_states_are_refused_or_valid_never_panic(seed in 0u64..90, k in 0usize..1500, x in prop_oneof![-3i64..200, Just(255i64), Just(100_000i64)]) {
        let games = spielleiter_cli::registry::GAMES;
        let game = games[(seed as usize) % games.len()];
        let mut r = Referee::default();
        respond(&mut r, &json!({"op":"new","game":game,"players":3,"seed":seed}).to_string());
        for _ in 0..(seed * 7 % 120) {
            let to_act = respond(&mut r, r#"{"op":"to_act"}"#);
            let Some(seat) = to_act["ok"]["seats"][0].as_u64() else { break };
            let legal = respond(&mut r, &json!({"op":"legal","seat":seat}).to_string());
            let Some(a) = legal["ok"].get(0).cloned() else { break };
            respond(&mut r, &json!({"op":"act","seat":seat,"action":a}).to_string());
        }
        let mut state = respond(&mut r, r#"{"op":"state"}"#)["ok"].clone();
        let mut kk = k;
        mutate_number(&mut state, &mut kk, x);
        let mut r2 = Referee::default();
        let loaded = respond(&mut r2, &json!({"op":"load","game":game,"state":state}).to_string());
        if loaded.get("ok").is_some() {
            // A state that passed validation must be playable without panics.
            let to_act = respond(&mut r2, r#"{"op":"to_act"}"#);
            if let Some(seat) = to_act["ok"]["seats"][0].as_u64() {
                let legal = respond(&mut r2, &json!({"op":"legal","seat":seat}).to_string());
                if let Some(a) = legal["ok"].get(0).cloned() {
                    respond(&mut r2, &json!({"op":"act","seat":seat,"action":a}).to_string());
                }
            }
            respond(&mut r2, r#"{"op":"view","seat":0}"#);
            respond(&mut r2, r#"{"op":"view"}"#);
        } else {
            let kind = loaded["error"]["kind"].as_str().unwrap_or("");
            prop_assert!(kind == "invalid_state" || kind == "malformed", "{}", loaded);
        }
    }
}

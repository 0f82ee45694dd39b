//! Through `DynMatch`: wire actions with unknown fields are refused, accepted
//! ones are logged in their canonical form, and a match restored from its
//! start state and entries (`GameEntry::restore`) is the same match whatever
//! seed it is given, because stored chance outcomes are applied, not drawn.

use engine::dynamic::Entry;
use engine::{ChanceMode, DynMatch, GameEntry, Seat, Stored, ToAct, Viewer};
use serde_json::{json, Value};
use testkit::toy::HighCard;

fn entry() -> Box<dyn GameEntry> {
    Entry::<HighCard>::boxed()
}

fn restore(game: &dyn DynMatch, seed: u64, entries: &[String]) -> Result<Box<dyn DynMatch>, engine::ErrorInfo> {
    entry().restore(Stored {
        options: &Value::Null,
        players: game.players(),
        seed,
        start_state: &game.start_state_text(),
        entries,
        mode: ChanceMode::Seeded,
    })
}

fn views(game: &dyn DynMatch) -> Vec<Value> {
    let mut out: Vec<Value> = (0..game.players())
        .map(|s| {
            json!([
                game.view(Viewer::Seat(Seat(s as u8))),
                game.legal(Seat(s as u8)).unwrap()
            ])
        })
        .collect();
    out.push(game.view(Viewer::Spectator));
    out
}

#[test]
fn engine_unknown_field_in_an_action_is_refused_and_changes_nothing() {
    let mut game = entry().create(&Value::Null, 3, 7, ChanceMode::Seeded).unwrap();
    let before = (game.version(), game.state());
    for action in [
        json!({"type": "guess", "n": 1, "note": "x".repeat(60_000)}),
        json!({"type": "guess", "n": 1, "extra": {"deep": 1}}),
        json!({"type": "guess", "n": 1, "flag": true}),
    ] {
        let e = game.act(Seat(0), &action, None).expect_err("unknown field refused");
        assert_eq!(
            (e.kind.as_str(), e.rule.as_str()),
            ("malformed", "engine.unknown_field")
        );
        assert!(e.message.de.contains("Unbekanntes Feld"), "{}", e.message.de);
        assert!(e.message.en.contains("Unknown field"), "{}", e.message.en);
        assert_eq!((game.version(), game.state()), before, "a refusal changes nothing");
    }
    // A chance outcome with an unknown field, in manual mode.
    let mut manual = entry().create(&Value::Null, 2, 7, ChanceMode::Manual).unwrap();
    let e = manual
        .chance(Some(&json!({"card": 3, "x": 1})), None)
        .expect_err("unknown field in an outcome");
    assert_eq!(e.rule, "engine.unknown_field");
    assert!(manual.chance(Some(&json!({"card": 3})), None).is_ok());
    // Known fields in another order, and an empty unknown one, are accepted
    // and logged canonically.
    let v = game.version();
    game.act(Seat(0), &json!({"n": 2, "type": "guess", "none": null}), None)
        .unwrap();
    assert_eq!(
        game.entries_text(v),
        vec![r#"{"type":"act","seat":0,"action":{"type":"guess","n":2}}"#.to_string()]
    );
}

#[test]
fn engine_restore_applies_stored_chance_whatever_the_seed() {
    for seed in 0..40u64 {
        let mut game = entry().create(&Value::Null, 3, seed, ChanceMode::Seeded).unwrap();
        game.act(Seat(1), &json!({"type": "guess", "n": (seed % 3)}), None)
            .unwrap();
        let entries = game.entries_text(0);
        assert!(entries.iter().any(|e| e.contains(r#""drawn":true"#)), "{entries:?}");
        for other in [seed, seed ^ 1, seed ^ (1 << 63)] {
            let back = restore(game.as_ref(), other, &entries).unwrap();
            assert_eq!(back.state(), game.state(), "seed {seed} restored with {other}");
            assert_eq!(back.digest(), game.digest());
            assert_eq!(back.version(), game.version());
            assert_eq!(views(back.as_ref()), views(game.as_ref()));
            assert_eq!(
                back.events_since(0, Viewer::Seat(Seat(0))),
                game.events_since(0, Viewer::Seat(Seat(0)))
            );
            assert_eq!(back.entries_text(0), entries);
        }
        // Play goes on after a restore with another seed.
        let mut back = restore(game.as_ref(), seed ^ 1, &entries).unwrap();
        for s in [0u8, 2] {
            back.act(Seat(s), &json!({"type": "guess", "n": 0}), None).unwrap();
        }
        assert_eq!(back.to_act(), ToAct::Over);
    }
}

#[test]
fn engine_restore_refuses_a_tampered_log() {
    let mut game = entry().create(&Value::Null, 2, 3, ChanceMode::Seeded).unwrap();
    game.act(Seat(0), &json!({"type": "guess", "n": 1}), None).unwrap();
    let entries = game.entries_text(0);
    let mut bad = entries.clone();
    bad[0] = r#"{"type":"chance","outcome":{"card":9},"drawn":true}"#.into();
    assert!(restore(game.as_ref(), 3, &bad).is_err(), "an impossible card");
    let mut bad = entries.clone();
    bad.push(r#"{"type":"act","seat":0,"action":{"type":"guess","n":1}}"#.into());
    let e = restore(game.as_ref(), 3, &bad).expect_err("a second guess");
    assert_eq!(e.rule, "engine.restore");
    let mut bad = entries.clone();
    bad[1] = "{not json".into();
    assert!(restore(game.as_ref(), 3, &bad).is_err());
    let e = entry()
        .restore(Stored {
            options: &Value::Null,
            players: 2,
            seed: 3,
            start_state: r#"{"format":99,"game":"toy","state":{}}"#,
            entries: &entries,
            mode: ChanceMode::Seeded,
        })
        .expect_err("unknown format");
    assert!(e.message.en.contains("format 99"), "{}", e.message.en);
}

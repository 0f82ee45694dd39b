//! Tests of the shared machinery (Match, Log, DynMatch, conformance suite) on
//! the toy game, apart from any real game.

use engine::dynamic::Entry as GameEntryOf;
use engine::{ChanceMode, DynMatch, Game, Log, Match, Rejection, Seat, ToAct, Viewer};
use serde_json::json;
use testkit::toy::{Action, Deal, HighCard, ToyError};

#[test]
fn conformance_suite_passes_on_the_toy() {
    let report = testkit::run::<HighCard>(
        &(),
        &testkit::Conformance {
            games: 200,
            players: vec![2, 3],
            ..Default::default()
        },
    );
    assert_eq!(report.games, 200);
    assert_eq!(report.finished, 200);
    assert!(report.illegal_probed > 0);
    assert!(report.views_checked > 0);
}

#[test]
fn seeded_match_deals_at_once_and_waits_for_all_seats() {
    let m = Match::<HighCard>::new((), 3, 7, ChanceMode::Seeded).expect("new");
    assert_eq!(m.version(), 3, "three deals logged");
    assert_eq!(
        m.to_act(),
        ToAct::Seats([Seat(0), Seat(1), Seat(2)].into_iter().collect())
    );
}

#[test]
fn refusal_leaves_match_unchanged_and_names_rule() {
    let mut m = Match::<HighCard>::new((), 2, 1, ChanceMode::Seeded).expect("new");
    let before = m.state().clone();
    let v = m.version();
    let r = m.act(Seat(0), Action::Guess { n: 5 }, None).expect_err("refused");
    assert_eq!(r, Rejection::Rule(ToyError::GuessRange));
    assert_eq!(r.rule_id(), "toy.guess.range");
    assert!(!r.message().de.is_empty());
    assert_eq!(m.state(), &before);
    assert_eq!(m.version(), v);
    let r = m.act(Seat(5), Action::Guess { n: 0 }, None).expect_err("no such seat");
    assert_eq!(r.rule_id(), "engine.no_such_seat");
    let r = m.act(Seat(0), Action::Guess { n: 0 }, Some(v + 1)).expect_err("stale");
    assert_eq!(r.rule_id(), "engine.stale_version");
    assert_eq!(m.state(), &before);
}

#[test]
fn manual_chance_validates_outcomes() {
    let mut m = Match::<HighCard>::new((), 2, 1, ChanceMode::Manual).expect("new");
    assert_eq!(m.to_act(), ToAct::Chance);
    let r = m.act(Seat(0), Action::Guess { n: 0 }, None).expect_err("chance first");
    assert_eq!(r.rule_id(), "engine.not_chance_turn");
    m.chance(Some(Deal { card: 4 }), None).expect("deal 4");
    let r = m.chance(Some(Deal { card: 4 }), None).expect_err("4 is gone");
    assert_eq!(r.rule_id(), "engine.malformed");
    m.chance(Some(Deal { card: 2 }), None).expect("deal 2");
    let r = m.chance(None, None).expect_err("no chance due");
    assert_eq!(r.rule_id(), "engine.not_chance_turn");
}

#[test]
fn log_replays_to_identical_state_and_detects_tampering() {
    let mut m = Match::<HighCard>::new((), 2, 99, ChanceMode::Seeded).expect("new");
    m.act(Seat(1), Action::Guess { n: 1 }, None).expect("guess");
    m.act(Seat(0), Action::Guess { n: 0 }, None).expect("guess");
    assert_eq!(m.to_act(), ToAct::Over);
    let log = m.log_with_state();
    let json = serde_json::to_string(&log).expect("json");
    let back: Log<HighCard> = serde_json::from_str(&json).expect("parse");
    let (state, _) = back.replay().expect("replay");
    assert_eq!(&state, m.state());
    let mut tampered = back.clone();
    if let Some(s) = tampered.final_state.as_mut() {
        s.guesses[0] = Some(2);
    }
    assert_eq!(tampered.replay().expect_err("mismatch"), engine::ReplayError::Mismatch);
}

#[test]
fn views_and_events_hide_other_cards() {
    let m = Match::<HighCard>::new((), 2, 3, ChanceMode::Seeded).expect("new");
    let cards = m.state().cards.clone();
    assert_eq!(m.view(Viewer::Seat(Seat(0))).my_card, Some(cards[0]));
    assert_eq!(m.view(Viewer::Spectator).my_card, None);
    let ev = m.events_since(0, Viewer::Seat(Seat(1)));
    let shown: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            testkit::toy::Event::Dealt { seat, card } => Some((*seat, *card)),
            _ => None,
        })
        .collect();
    assert_eq!(shown, vec![(Seat(0), None), (Seat(1), Some(cards[1]))]);
}

#[test]
fn dyn_match_speaks_json_and_refuses_bad_input() {
    let entry = GameEntryOf::<HighCard>::boxed();
    let mut m: Box<dyn DynMatch> = entry.create(&json!(null), 2, 5, ChanceMode::Seeded).expect("create");
    assert_eq!(m.legal(Seat(0)).expect("legal").len(), 3);
    let e = m.act(Seat(0), &json!({"type": "fly"}), None).expect_err("malformed");
    assert_eq!(e.kind, "malformed");
    let e = m
        .act(Seat(0), &json!({"type": "guess", "n": 9}), None)
        .expect_err("rule");
    assert_eq!((e.kind.as_str(), e.rule.as_str()), ("rule", "toy.guess.range"));
    m.act(Seat(0), &json!({"type": "guess", "n": 1}), Some(2)).expect("act");
    let state = m.state();
    assert_eq!(state["game"], "toy");
    let loaded = entry.load(&state, 0, ChanceMode::Manual).expect("load");
    assert_eq!(loaded.version(), 0);
    let mut bad = state.clone();
    bad["state"]["cards"] = json!([3, 3]);
    let e = entry.load(&bad, 0, ChanceMode::Manual).expect_err("inconsistent");
    assert_eq!(e.kind, "invalid_state");
    assert!(e.message.en.contains("dealt twice"), "{}", e.message.en);
    let log = m.log();
    let again = entry.replay_log(&log, ChanceMode::Seeded).expect("replay");
    assert_eq!(again.state(), m.state());
    assert!(entry.create(&json!(null), 9, 0, ChanceMode::Seeded).is_err());
}

#[test]
fn determinize_keeps_own_card_and_resamples_others() {
    let m = Match::<HighCard>::new((), 3, 11, ChanceMode::Seeded).expect("new");
    let mut rng = <engine::GameRng as rand::SeedableRng>::seed_from_u64(1);
    let mut changed = false;
    for _ in 0..50 {
        let d = HighCard::determinize(m.state(), Viewer::Seat(Seat(1)), &mut rng);
        assert_eq!(d.cards[1], m.state().cards[1]);
        assert!(HighCard::validate(&d).is_ok());
        changed |= d != *m.state();
    }
    assert!(changed, "determinize never resampled a hidden card");
}

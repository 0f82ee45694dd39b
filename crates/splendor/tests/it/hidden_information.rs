//! Hidden information: views show a face-down reserved card to its owner
//! only, decks as counts; `determinize` resamples exactly the secrets hidden
//! from the viewer, consistently.

use crate::common;
use common::*;
use engine::rand::SeedableRng;
use engine::{Game, GameRng, Seat, Viewer};
use splendor::{Level, Splendor};
use std::collections::HashSet;

fn position() -> splendor::State {
    let mut pos = base(3);
    reserve(&mut pos, 1, 41, true);
    reserve(&mut pos, 1, 42, true);
    reserve(&mut pos, 1, 3, false);
    reserve(&mut pos, 2, 71, true);
    reserve(&mut pos, 0, 43, true);
    give(&mut pos, 1, [0, 0, 0, 0, 0, 3]);
    give(&mut pos, 2, [0, 0, 0, 0, 0, 1]);
    give(&mut pos, 0, [0, 0, 0, 0, 0, 1]);
    load(pos)
}

#[test]
fn spectators_see_no_face_down_card_and_no_deck() {
    let s = position();
    let v = Splendor::view(&s, Viewer::Spectator);
    let json = serde_json::to_string(&v).unwrap();
    for p in &v.players {
        for r in &p.reserved {
            assert_eq!(r.card.is_some(), !r.hidden);
        }
    }
    assert_eq!(
        v.players[1].reserved[2].card,
        Some(card(3)),
        "a market reserve is public"
    );
    assert_eq!(v.decks, [35, 23, 15]);
    assert!(!json.contains("\"deck\""), "no deck contents in a view");
}

#[test]
fn determinize_resamples_only_what_the_viewer_cannot_see() {
    let s = position();
    let mut rng = GameRng::seed_from_u64(5);
    let mut seen = HashSet::new();
    for _ in 0..200 {
        let d = Splendor::determinize(&s, Viewer::Seat(Seat(0)), &mut rng);
        assert!(Splendor::validate(&d).is_ok(), "{:?}", Splendor::validate(&d));
        assert_eq!(
            Splendor::view(&d, Viewer::Seat(Seat(0))),
            Splendor::view(&s, Viewer::Seat(Seat(0)))
        );
        let own: Vec<_> = d.player(Seat(0)).unwrap().reserved().collect();
        assert_eq!(own, vec![(card(43), true)], "the viewer's own card stays");
        let r1: Vec<_> = d.player(Seat(1)).unwrap().reserved().collect();
        assert_eq!(r1[2], (card(3), false), "a public reserve stays");
        for (c, _) in &r1[..2] {
            assert_eq!(c.level(), Level::new(2).unwrap(), "resampled within its level");
        }
        let r2: Vec<_> = d.player(Seat(2)).unwrap().reserved().collect();
        assert_eq!(r2[0].0.level(), Level::new(3).unwrap());
        seen.insert(r1[0].0);
    }
    assert!(seen.len() > 5, "the hidden card is really resampled: {seen:?}");
    // The spectator cannot see seat 0's card either.
    let d = Splendor::determinize(&s, Viewer::Spectator, &mut rng);
    assert_eq!(
        Splendor::view(&d, Viewer::Spectator),
        Splendor::view(&s, Viewer::Spectator)
    );
}

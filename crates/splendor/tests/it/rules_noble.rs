//! Noble refusals, one per rule id: `splendor.noble.must_qualify`,
//! `splendor.noble.not_available`, `splendor.noble.cannot_refuse`,
//! `splendor.noble.end_of_turn`. The visit itself is tested sentence by
//! sentence in `seed_002_nobles.rs`.

use crate::common;
use common::*;
use engine::Seat;
use splendor::{Action, Phase, Position, Splendor};
use testkit::scenario::{assert_accepted, assert_refused};

/// Seat 0 must choose between nobles 4 (4 white, 4 blue) and 9 (3 white,
/// 3 blue, 3 green) at a table of 3; noble 0 (4 red, 4 black) is face up
/// too; noble 1 is held by seat 1.
fn choosing() -> Position {
    let mut pos = base(3);
    nobles(&mut pos, &[0, 1, 4, 9]);
    bought(&mut pos, 0, &[0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18]);
    bought(&mut pos, 1, &[19, 20, 21, 22, 24, 25, 26, 27]);
    visited(&mut pos, 1, &[1]);
    pos.phase = Phase::ChooseNoble;
    pos
}

#[test]
fn must_qualify() {
    // splendor.noble.must_qualify
    let s = load(choosing());
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::ChooseNoble { noble: noble(0) },
        "splendor.noble.must_qualify",
    );
}

#[test]
fn not_available() {
    // splendor.noble.not_available: held by another player, or not in the game.
    let s = load(choosing());
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::ChooseNoble { noble: noble(1) },
        "splendor.noble.not_available",
    );
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::ChooseNoble { noble: noble(7) },
        "splendor.noble.not_available",
    );
}

#[test]
fn cannot_refuse() {
    // splendor.noble.cannot_refuse
    let s = load(choosing());
    assert_refused::<Splendor>(&s, Seat(0), &Action::Pass, "splendor.noble.cannot_refuse");
    let mut s2 = s;
    assert_accepted::<Splendor>(&mut s2, Seat(0), &Action::ChooseNoble { noble: noble(4) });
    assert_eq!(s2.player(Seat(0)).unwrap().points(), 3);
}

#[test]
fn end_of_turn() {
    // splendor.noble.end_of_turn: no choice outside the end of one's own turn.
    let mut pos = choosing();
    pos.phase = Phase::Action;
    let s = load(pos);
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::ChooseNoble { noble: noble(4) },
        "splendor.noble.end_of_turn",
    );
    // Never in another player's turn: seat 1 is told this rule, not only
    // that it is not its turn. The engine's turn check comes first on the
    // game's own functions; the referee and the server (`DynMatch`) ask the
    // game for the more specific reason, and that is what a client receives.
    let mut pos = choosing();
    pos.phase = Phase::ChooseNoble;
    let s = load(pos);
    let mut m = testkit::scenario::protocol::<Splendor>(&s);
    testkit::scenario::assert_refused_through_protocol(
        m.as_mut(),
        Seat(1),
        &serde_json::to_value(Action::ChooseNoble { noble: noble(4) }).expect("JSON"),
        "splendor.noble.end_of_turn",
    );
}

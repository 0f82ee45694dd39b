//! Taking gem tokens: `splendor.take.three_different`, `splendor.take.no_gold`,
//! `splendor.take.two_needs_four` (naming an empty pile is refused as
//! `splendor.take.three_different`: only available colours may be taken).

use crate::common;
use common::*;
use engine::Seat;
use splendor::{Action, Event, Splendor, Token, TokenPick};
use testkit::scenario::{assert_accepted, assert_refused};

fn take(gems: &[Token]) -> Action {
    Action::TakeDifferent {
        gems: TokenPick::of(gems),
    }
}

use Token::{Black as K, Blue as U, Gold, Green as G, Red as R, White as W};

#[test]
fn three_different_colours_are_taken() {
    // splendor.take.three_different
    let mut s = load(base(2));
    let events = assert_accepted::<Splendor>(&mut s, Seat(0), &take(&[W, U, R]));
    assert!(events.contains(&Event::TookTokens {
        seat: Seat(0),
        tokens: tokens([1, 1, 0, 1, 0, 0])
    }));
    let p = s.player(Seat(0)).unwrap();
    assert_eq!(p.tokens(), [1, 1, 0, 1, 0, 0]);
    assert_eq!(s.bank(), [3, 3, 4, 3, 4, 5]);
    assert_eq!(s.current(), Seat(1), "the turn passes on");
}

#[test]
fn three_different_refuses_two_colours_while_three_are_available() {
    // splendor.take.three_different
    let s = load(base(2));
    assert_refused::<Splendor>(&s, Seat(0), &take(&[W, U]), "splendor.take.three_different");
    assert_refused::<Splendor>(&s, Seat(0), &take(&[W]), "splendor.take.three_different");
    assert_refused::<Splendor>(&s, Seat(0), &take(&[]), "splendor.take.three_different");
}

#[test]
fn three_different_refuses_a_colour_twice_and_four_colours() {
    // splendor.take.three_different
    let s = load(base(2));
    assert_refused::<Splendor>(&s, Seat(0), &take(&[W, W, U]), "splendor.take.three_different");
    assert_refused::<Splendor>(&s, Seat(0), &take(&[W, U, G, R]), "splendor.take.three_different");
}

#[test]
fn three_different_with_fewer_colours_available_takes_all_of_them() {
    // splendor.take.three_different: fewer than 3 only when fewer than 3
    // colours are available, then one of each available colour.
    let mut pos = base(2);
    // Seat 1 holds every white, blue and green token: only red and black remain.
    give(&mut pos, 1, [4, 4, 2, 0, 0, 0]);
    give(&mut pos, 0, [0, 0, 2, 0, 0, 0]);
    let mut s = load(pos);
    assert_eq!(s.bank()[..5], [0, 0, 0, 4, 4]);
    assert_refused::<Splendor>(&s, Seat(0), &take(&[R]), "splendor.take.three_different");
    let legal = legal(&s, 0);
    assert!(legal.contains(&take(&[R, K])));
    assert!(!legal.contains(&take(&[R])));
    assert_accepted::<Splendor>(&mut s, Seat(0), &take(&[R, K]));
    assert_eq!(s.player(Seat(0)).unwrap().tokens(), [0, 0, 2, 1, 1, 0]);
}

#[test]
fn no_gold_when_taking_gems() {
    // splendor.take.no_gold
    let s = load(base(3));
    assert_refused::<Splendor>(&s, Seat(0), &take(&[W, U, Gold]), "splendor.take.no_gold");
    assert_refused::<Splendor>(&s, Seat(0), &Action::TakeTwo { gem: Gold }, "splendor.take.no_gold");
}

#[test]
fn two_of_a_colour_need_four_in_the_pile() {
    // splendor.take.two_needs_four
    let mut pos = base(2);
    give(&mut pos, 1, [1, 0, 0, 0, 0, 0]);
    let mut s = load(pos);
    assert_eq!(s.bank()[0], 3);
    assert_refused::<Splendor>(&s, Seat(0), &Action::TakeTwo { gem: W }, "splendor.take.two_needs_four");
    // Exactly four is enough.
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::TakeTwo { gem: U });
    assert_eq!(s.player(Seat(0)).unwrap().tokens(), [0, 2, 0, 0, 0, 0]);
    assert_eq!(s.bank()[1], 2);
    // Now the blue pile holds 2: seat 1 may not take two blue.
    assert_refused::<Splendor>(&s, Seat(1), &Action::TakeTwo { gem: U }, "splendor.take.two_needs_four");
}

#[test]
fn three_different_refuses_a_colour_the_bank_lacks() {
    // splendor.take.three_different: only available colours.
    let mut pos = base(2);
    give(&mut pos, 1, [4, 0, 0, 0, 0, 0]);
    let s = load(pos);
    assert_refused::<Splendor>(&s, Seat(0), &take(&[W, U, G]), "splendor.take.three_different");
}

#[test]
fn taking_tokens_and_returning_the_same_ones_is_legal() {
    // splendor.tokens.limit_ten: newly taken tokens may be returned.
    let mut pos = base(2);
    give(&mut pos, 0, [2, 2, 2, 2, 0, 0]);
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(0), &take(&[W, U, K]));
    assert_eq!(s.phase(), splendor::Phase::ReturnTokens);
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Return { token: K });
    assert_eq!(s.current(), Seat(1));
    assert_eq!(s.player(Seat(0)).unwrap().tokens(), [3, 3, 2, 2, 0, 0]);
}

//! Turn order, passing and the end of the game: `splendor.turn.pass_only_when_blocked`,
//! `splendor.end.round_finished`, `splendor.end.tie_fewest_cards`,
//! `splendor.end.shared_victory`.

use crate::common;
use common::*;
use engine::{Game, Rejection, Seat, ToAct};
use splendor::{Action, Chance, EndReason, Phase, Position, Splendor, Token, TokenPick};
use testkit::scenario::{assert_accepted, assert_refused};

fn take3() -> Action {
    Action::TakeDifferent {
        gems: TokenPick::of(&[Token::White, Token::Blue, Token::Green]),
    }
}

/// Both players hold 10 tokens (the gem piles are empty), 3 reserved cards
/// they cannot afford, and afford nothing on the market: both are blocked.
fn blocked() -> Position {
    let mut pos = base(2);
    give(&mut pos, 0, [3, 3, 2, 1, 1, 0]);
    give(&mut pos, 1, [1, 1, 2, 3, 3, 0]);
    for c in [70, 71, 72] {
        reserve(&mut pos, 0, c, false);
    }
    for c in [74, 75, 76] {
        reserve(&mut pos, 1, c, true);
    }
    pos
}

#[test]
fn seat_zero_starts_and_play_goes_clockwise() {
    // splendor.setup.* : seat 0 starts; play goes clockwise.
    let mut s = load(base(3));
    for (turn, seat) in [(1, 0), (2, 1), (3, 2), (4, 0)] {
        assert_eq!(s.turn(), turn);
        assert_eq!(Splendor::to_act(&s), ToAct::Seats(engine::SeatSet::single(Seat(seat))));
        let other = Seat((seat + 1) % 3);
        let mut t = s;
        assert_eq!(
            Splendor::apply(&mut t, other, &take3(), &mut engine::NoEvents),
            Err(Rejection::NotYourTurn { seat: other })
        );
        let a = legal(&s, seat)
            .into_iter()
            .find(|a| matches!(a, Action::TakeDifferent { .. }))
            .unwrap();
        assert_accepted::<Splendor>(&mut s, Seat(seat), &a);
    }
}

#[test]
fn pass_is_refused_while_another_action_is_legal() {
    // splendor.turn.pass_only_when_blocked
    let s = load(base(2));
    assert_refused::<Splendor>(&s, Seat(0), &Action::Pass, "splendor.turn.pass_only_when_blocked");
    // Even with the gem piles empty, a reserve is still possible.
    let mut pos = blocked();
    pos.players[0].reserved.pop();
    let s = load(pos);
    assert_refused::<Splendor>(&s, Seat(0), &Action::Pass, "splendor.turn.pass_only_when_blocked");
    assert!(!legal(&s, 0).contains(&Action::Pass));
}

#[test]
fn a_blocked_player_passes_and_if_all_pass_in_a_round_the_game_ends() {
    // splendor.turn.pass_only_when_blocked
    let mut s = load(blocked());
    assert_eq!(legal(&s, 0), vec![Action::Pass], "pass is the only action when blocked");
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Pass);
    assert_eq!(s.current(), Seat(1));
    assert_eq!(legal(&s, 1), vec![Action::Pass]);
    assert_accepted::<Splendor>(&mut s, Seat(1), &Action::Pass);
    assert_eq!(
        s.phase(),
        Phase::Over {
            reason: EndReason::AllPassed
        }
    );
    let result = Splendor::result(&s).unwrap();
    assert_eq!(result.reason, "all_passed");
    assert_eq!(
        result.winners,
        vec![Seat(0), Seat(1)],
        "0 points and 0 cards each: shared"
    );
}

#[test]
fn a_pass_does_not_end_the_game_if_someone_else_acts_in_the_round() {
    // splendor.turn.pass_only_when_blocked: only a round of passes ends the game.
    let mut pos = blocked();
    pos.players[1].reserved.pop();
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Pass);
    assert_accepted::<Splendor>(
        &mut s,
        Seat(1),
        &Action::ReserveDeck {
            level: splendor::Level::new(1).unwrap(),
        },
    );
    chance(&mut s, Chance::Card { card: card(0) });
    assert_eq!(s.phase(), Phase::ReturnTokens, "11 tokens with the gold");
    assert_accepted::<Splendor>(&mut s, Seat(1), &Action::Return { token: Token::Gold });
    assert_eq!(s.phase(), Phase::Action);
    assert_eq!(s.current(), Seat(0));
}

/// Seat 0 has 15 points from cards: 70 (3), 71 (4), 72 (4), 86 (3), 15 (1).
fn fifteen() -> Position {
    let mut pos = base(2);
    market(&mut pos, 1, 1, Some(3));
    bought(&mut pos, 0, &[70, 71, 72, 86, 15]);
    pos
}

#[test]
fn reaching_fifteen_the_round_is_finished() {
    // splendor.end.round_finished: every player has had the same number of turns.
    let mut pos = base(3);
    bought(&mut pos, 1, &[70, 71, 72, 86, 15]);
    market(&mut pos, 1, 1, Some(3));
    pos.current = Seat(1);
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(1), &take3());
    assert_eq!(s.current(), Seat(2), "seat 2 still plays this round");
    assert_accepted::<Splendor>(&mut s, Seat(2), &take3());
    assert_eq!(
        s.phase(),
        Phase::Over {
            reason: EndReason::Points
        }
    );
    let r = Splendor::result(&s).unwrap();
    assert_eq!(r.winners, vec![Seat(1)]);
    assert_eq!(r.scores, vec![0, 15, 0]);
    assert_eq!(r.reason, "points");
}

#[test]
fn most_points_win_even_against_the_player_who_reached_fifteen_first() {
    // splendor.end.round_finished
    let mut pos = fifteen();
    bought(&mut pos, 1, &[73, 77, 81, 82, 83]);
    market(&mut pos, 3, 0, Some(74));
    market(&mut pos, 3, 1, Some(75));
    market(&mut pos, 3, 2, Some(78));
    market(&mut pos, 3, 3, Some(79));
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(0), &take3());
    assert_accepted::<Splendor>(&mut s, Seat(1), &take3());
    let r = Splendor::result(&s).unwrap();
    assert_eq!(r.scores, vec![15, 22]);
    assert_eq!(r.winners, vec![Seat(1)]);
}

#[test]
fn a_tie_goes_to_the_fewest_purchased_cards() {
    // splendor.end.tie_fewest_cards
    let mut pos = fifteen();
    // Seat 1: 15 points from four cards (5 + 5 + 4 + 1).
    bought(&mut pos, 1, &[73, 77, 75, 23]);
    market(&mut pos, 3, 0, Some(78));
    market(&mut pos, 3, 1, Some(79));
    market(&mut pos, 1, 2, Some(4));
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(0), &take3());
    assert_accepted::<Splendor>(&mut s, Seat(1), &take3());
    let r = Splendor::result(&s).unwrap();
    assert_eq!(r.scores, vec![15, 15]);
    assert_eq!(r.winners, vec![Seat(1)], "4 cards beat 5");
}

#[test]
fn a_remaining_tie_is_a_shared_victory() {
    // splendor.end.shared_victory
    let mut pos = fifteen();
    // Seat 1: 15 points from five cards too (5 + 4 + 4 + 1 + 1).
    bought(&mut pos, 1, &[73, 75, 76, 23, 31]);
    market(&mut pos, 3, 0, Some(78));
    market(&mut pos, 3, 1, Some(79));
    market(&mut pos, 1, 2, Some(4));
    market(&mut pos, 1, 3, Some(6));
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(0), &take3());
    assert_accepted::<Splendor>(&mut s, Seat(1), &take3());
    let r = Splendor::result(&s).unwrap();
    assert_eq!(r.scores, vec![15, 15]);
    assert_eq!(r.winners, vec![Seat(0), Seat(1)]);
    let mut t = s;
    assert_eq!(
        Splendor::apply(&mut t, Seat(0), &take3(), &mut engine::NoEvents),
        Err(Rejection::GameOver)
    );
}

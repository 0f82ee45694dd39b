//! The token limit at the end of a turn: `splendor.tokens.limit_ten`.

use crate::common;
use common::*;
use engine::Seat;
use splendor::{Action, Chance, Phase, Splendor, Token, TokenPick};
use testkit::scenario::{assert_accepted, assert_refused};

#[test]
fn over_ten_tokens_the_player_returns_down_to_exactly_ten() {
    // splendor.tokens.limit_ten
    let mut pos = base(2);
    give(&mut pos, 0, [2, 2, 2, 2, 1, 0]);
    let mut s = load(pos);
    assert_accepted::<Splendor>(
        &mut s,
        Seat(0),
        &Action::TakeDifferent {
            gems: TokenPick::of(&[Token::White, Token::Blue, Token::Green]),
        },
    );
    assert_eq!(s.phase(), Phase::ReturnTokens);
    assert_eq!(s.current(), Seat(0));
    // Nothing else may be done while over the limit.
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::TakeTwo { gem: Token::Red },
        "splendor.tokens.limit_ten",
    );
    assert_refused::<Splendor>(&s, Seat(0), &Action::Pass, "splendor.tokens.limit_ten");
    let returns = legal(&s, 0);
    assert_eq!(returns.len(), 5, "one return action per colour held: {returns:?}");
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Return { token: Token::Red });
    assert_eq!(s.phase(), Phase::ReturnTokens, "11 tokens: still over the limit");
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Return { token: Token::Black });
    // Exactly 10: the turn ends, nobody returns below 10.
    assert_eq!(s.player(Seat(0)).unwrap().tokens(), [3, 3, 3, 1, 0, 0]);
    assert_eq!(s.current(), Seat(1));
}

#[test]
fn returning_is_refused_at_ten_or_fewer() {
    // splendor.tokens.limit_ten: never below 10 by choice.
    let mut pos = base(2);
    give(&mut pos, 0, [2, 2, 2, 2, 2, 0]);
    let s = load(pos);
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::Return { token: Token::White },
        "splendor.tokens.limit_ten",
    );
}

#[test]
fn gold_counts_toward_the_limit_and_may_be_returned() {
    // splendor.tokens.limit_ten: gold counts; the returned tokens are the player's choice.
    let mut pos = base(2);
    give(&mut pos, 0, [2, 2, 2, 2, 2, 0]);
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Reserve { card: card(7) });
    // The market slot is refilled at once, then the limit applies.
    chance(&mut s, Chance::Card { card: card(0) });
    assert_eq!(s.phase(), Phase::ReturnTokens);
    assert!(legal(&s, 0).contains(&Action::Return { token: Token::Gold }));
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Return { token: Token::Gold });
    assert_eq!(s.player(Seat(0)).unwrap().tokens(), [2, 2, 2, 2, 2, 0]);
    assert_eq!(s.bank()[5], 5);
    assert_eq!(s.current(), Seat(1));
}

#[test]
fn a_token_not_held_cannot_be_returned() {
    // splendor.tokens.limit_ten: only tokens the player holds are returned.
    let mut pos = base(2);
    give(&mut pos, 0, [3, 3, 3, 2, 0, 0]);
    pos.phase = Phase::ReturnTokens;
    let s = load(pos);
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::Return { token: Token::Black },
        "splendor.tokens.limit_ten",
    );
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::Return { token: Token::Gold },
        "splendor.tokens.limit_ten",
    );
}

//! Buying: `splendor.buy.cannot_afford`, `splendor.buy.payment_not_held`,
//! `splendor.buy.payment_exact`, `splendor.buy.not_available`,
//! `splendor.buy.others_reserved`; bonuses lower the price, gold replaces any
//! colour, spent tokens go back to the bank.

use crate::common;
use common::*;
use engine::Seat;
use splendor::{Action, Chance, Event, Splendor, Tokens};
use testkit::scenario::{assert_accepted, assert_refused};

fn buy(id: u8, pay: [u8; 6]) -> Action {
    Action::Buy {
        card: card(id),
        payment: Tokens::new(pay),
    }
}

/// Card 7: level 1, white bonus, 1 point, costs 4 green.
/// Card 31: level 1, red bonus, 1 point, costs 4 white.
#[test]
fn buy_a_market_card_with_tokens() {
    // splendor.buy.* : tokens go back to the bank, the card gives bonus and points.
    let mut pos = base(2);
    give(&mut pos, 0, [0, 0, 4, 0, 0, 0]);
    let mut s = load(pos);
    let events = assert_accepted::<Splendor>(&mut s, Seat(0), &buy(7, [0, 0, 4, 0, 0, 0]));
    assert!(events.contains(&Event::Bought {
        seat: Seat(0),
        card: card(7),
        payment: tokens([0, 0, 4, 0, 0, 0]),
        from_reserve: false
    }));
    assert_eq!(s.bank(), [4, 4, 4, 4, 4, 5]);
    chance(&mut s, Chance::Card { card: card(0) });
    let p = s.player(Seat(0)).unwrap();
    assert_eq!(p.bonuses(), [1, 0, 0, 0, 0]);
    assert_eq!(p.points(), 1);
    assert_eq!(p.cards_bought(), 1);
    assert_eq!(p.tokens(), [0; 6]);
}

#[test]
fn bonuses_lower_the_price_never_below_zero() {
    // splendor.buy.* : pay the cost minus your bonuses of each colour, never below 0.
    let mut pos = base(2);
    // Five green bonuses (cards 16..=20 are green): card 7 (4 green) is free.
    bought(&mut pos, 0, &[16, 17, 18, 19, 20]);
    let mut s = load(pos);
    let legal = legal(&s, 0);
    assert!(legal.contains(&buy(7, [0; 6])));
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &buy(7, [0, 0, 0, 0, 0, 1]),
        "splendor.buy.payment_not_held",
    );
    assert_accepted::<Splendor>(&mut s, Seat(0), &buy(7, [0; 6]));
}

#[test]
fn cannot_afford_a_card_the_tokens_and_gold_do_not_cover() {
    // splendor.buy.cannot_afford
    let mut pos = base(2);
    give(&mut pos, 0, [0, 0, 2, 0, 0, 1]);
    let s = load(pos);
    assert_refused::<Splendor>(&s, Seat(0), &buy(7, [0, 0, 2, 0, 0, 1]), "splendor.buy.cannot_afford");
    assert_refused::<Splendor>(&s, Seat(0), &buy(7, [0, 0, 4, 0, 0, 0]), "splendor.buy.cannot_afford");
    assert!(!legal(&s, 0).iter().any(|a| matches!(a, Action::Buy { .. })));
}

#[test]
fn gold_replaces_any_colour_also_one_the_player_holds() {
    // splendor.buy.* : payment is the player's choice; gold may replace a colour the player holds.
    let mut pos = base(2);
    give(&mut pos, 0, [0, 0, 4, 0, 0, 2]);
    let s = load(pos);
    let payments: Vec<[u8; 6]> = legal(&s, 0)
        .into_iter()
        .filter_map(|a| match a {
            Action::Buy { card: c, payment } if c == card(7) => Some(payment.0),
            _ => None,
        })
        .collect();
    assert_eq!(
        payments,
        vec![[0, 0, 4, 0, 0, 0], [0, 0, 3, 0, 0, 1], [0, 0, 2, 0, 0, 2]],
        "every distinct payment, and no other"
    );
    let mut s2 = s;
    assert_accepted::<Splendor>(&mut s2, Seat(0), &buy(7, [0, 0, 2, 0, 0, 2]));
    assert_eq!(s2.player(Seat(0)).unwrap().tokens(), [0, 0, 2, 0, 0, 0]);
    assert_eq!(s2.bank()[5], 5, "spent gold goes back to the bank");
}

#[test]
fn payment_must_be_held() {
    // splendor.buy.payment_not_held
    let mut pos = base(2);
    give(&mut pos, 0, [0, 0, 3, 0, 0, 1]);
    let s = load(pos);
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &buy(7, [0, 0, 4, 0, 0, 0]),
        "splendor.buy.payment_not_held",
    );
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &buy(7, [0, 0, 2, 0, 0, 2]),
        "splendor.buy.payment_not_held",
    );
}

#[test]
fn payment_must_match_the_price_exactly() {
    // splendor.buy.payment_exact
    let mut pos = base(2);
    give(&mut pos, 0, [1, 0, 4, 0, 0, 2]);
    let s = load(pos);
    // Paying an extra colour, paying in a wrong colour, paying too little, surplus gold.
    for pay in [
        [1, 0, 4, 0, 0, 0],
        [1, 0, 3, 0, 0, 0],
        [0, 0, 3, 0, 0, 0],
        [0, 0, 4, 0, 0, 1],
    ] {
        assert_refused::<Splendor>(&s, Seat(0), &buy(7, pay), "splendor.buy.payment_exact");
    }
}

#[test]
fn buy_an_own_reserved_card() {
    // splendor.buy.* : a player buys one of their own reserved cards.
    let mut pos = base(2);
    reserve(&mut pos, 0, 5, true); // level 1 white, costs 3 blue
    give(&mut pos, 0, [0, 3, 0, 0, 0, 1]);
    let mut s = load(pos);
    let events = assert_accepted::<Splendor>(&mut s, Seat(0), &buy(5, [0, 3, 0, 0, 0, 0]));
    assert!(events.contains(&Event::Bought {
        seat: Seat(0),
        card: card(5),
        payment: tokens([0, 3, 0, 0, 0, 0]),
        from_reserve: true
    }));
    let p = s.player(Seat(0)).unwrap();
    assert_eq!(p.reserved().count(), 0);
    assert_eq!(p.bonuses(), [1, 0, 0, 0, 0]);
    assert_eq!(s.current(), Seat(1), "no refill after buying from the reserve");
}

#[test]
fn a_card_neither_on_the_market_nor_reserved_is_not_available() {
    // splendor.buy.not_available
    let mut pos = base(2);
    give(&mut pos, 0, [0, 3, 0, 0, 0, 0]);
    let s = load(pos);
    assert_refused::<Splendor>(&s, Seat(0), &buy(5, [0, 3, 0, 0, 0, 0]), "splendor.buy.not_available");
}

#[test]
fn nobody_buys_another_players_reserved_card() {
    // splendor.buy.others_reserved
    let mut pos = base(2);
    reserve(&mut pos, 1, 5, false);
    reserve(&mut pos, 1, 6, true);
    give(&mut pos, 0, [0, 3, 0, 0, 0, 0]);
    let s = load(pos);
    assert_refused::<Splendor>(&s, Seat(0), &buy(5, [0, 3, 0, 0, 0, 0]), "splendor.buy.others_reserved");
    // A face-down reserve is a secret: the refusal does not reveal where the card is.
    assert_refused::<Splendor>(&s, Seat(0), &buy(6, [0, 3, 0, 0, 0, 0]), "splendor.buy.not_available");
}

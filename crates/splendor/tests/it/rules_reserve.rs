//! Reserving: `splendor.reserve.limit`, `splendor.reserve.not_on_market`,
//! `splendor.reserve.deck_empty`, the gold that comes with a reserve, market
//! refills and the face-down deck-top reserve.

use crate::common;
use common::*;
use engine::{Game, Seat, ToAct, Viewer};
use splendor::{Action, Chance, Event, Level, Phase, Splendor};
use testkit::scenario::{assert_accepted, assert_refused};

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

#[test]
fn reserve_a_market_card_takes_gold_and_refills_the_slot() {
    // splendor.reserve.* : reserve a face-up card, take 1 gold, the slot is refilled at once.
    let mut s = load(base(2));
    let events = assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Reserve { card: card(15) });
    assert!(events.contains(&Event::Reserved {
        seat: Seat(0),
        card: card(15),
        gold: true
    }));
    assert_eq!(
        s.phase(),
        Phase::Refill {
            level: level(1),
            slot: splendor::Slot::new(1).unwrap()
        }
    );
    assert_eq!(Splendor::to_act(&s), ToAct::Chance);
    // A card of another level or one not in the deck cannot be the refill.
    assert_chance_refused(&s, Chance::Card { card: card(40) }, "splendor.setup.card_not_in_deck");
    assert_chance_refused(&s, Chance::Card { card: card(7) }, "splendor.setup.card_not_in_deck");
    chance(&mut s, Chance::Card { card: card(3) });
    assert_eq!(s.market_card(level(1), splendor::Slot::new(1).unwrap()), Some(card(3)));
    let p = s.player(Seat(0)).unwrap();
    assert_eq!(p.tokens()[5], 1, "one gold");
    assert_eq!(p.reserved().collect::<Vec<_>>(), vec![(card(15), false)]);
    assert_eq!(s.current(), Seat(1));
}

#[test]
fn reserve_without_gold_left_is_still_allowed() {
    // splendor.reserve.* : reserving is allowed when no gold is left.
    let mut pos = base(2);
    give(&mut pos, 1, [0, 0, 0, 0, 0, 5]);
    for c in [0, 1, 2] {
        reserve(&mut pos, 1, c, false);
    }
    let mut s = load(pos);
    let events = assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Reserve { card: card(7) });
    assert!(events.contains(&Event::Reserved {
        seat: Seat(0),
        card: card(7),
        gold: false
    }));
    assert_eq!(s.player(Seat(0)).unwrap().tokens()[5], 0);
}

#[test]
fn reserve_limit_is_three_cards() {
    // splendor.reserve.limit
    let mut pos = base(2);
    for c in [0, 1, 40] {
        reserve(&mut pos, 0, c, false);
    }
    give(&mut pos, 0, [0, 0, 0, 0, 0, 3]);
    let s = load(pos);
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::Reserve { card: card(7) },
        "splendor.reserve.limit",
    );
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::ReserveDeck { level: level(2) },
        "splendor.reserve.limit",
    );
}

#[test]
fn reserve_needs_a_face_up_market_card() {
    // splendor.reserve.not_on_market
    let mut pos = base(2);
    reserve(&mut pos, 1, 0, false);
    let s = load(pos);
    // A deck card, a card reserved by another player, a bought card: none is on the market.
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::Reserve { card: card(5) },
        "splendor.reserve.not_on_market",
    );
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::Reserve { card: card(0) },
        "splendor.reserve.not_on_market",
    );
}

#[test]
fn reserve_from_an_empty_deck_is_refused() {
    // splendor.reserve.deck_empty
    let mut pos = base(2);
    // Every level-3 card is on the market or bought: the level-3 deck is empty.
    let bought3: Vec<u8> = (70..90).filter(|c| !MARKET[2].contains(c)).collect();
    bought(&mut pos, 1, &bought3);
    let s = load(pos);
    assert_eq!(s.deck_len(level(3)), 0);
    assert_refused::<Splendor>(
        &s,
        Seat(0),
        &Action::ReserveDeck { level: level(3) },
        "splendor.reserve.deck_empty",
    );
    assert!(legal(&s, 0).contains(&Action::ReserveDeck { level: level(2) }));
}

#[test]
fn a_market_card_taken_from_an_empty_deck_leaves_the_slot_empty() {
    // splendor.reserve.* : an empty deck leaves the slot empty.
    let mut pos = base(2);
    let bought3: Vec<u8> = (70..90).filter(|c| !MARKET[2].contains(c)).collect();
    bought(&mut pos, 1, &bought3);
    let mut s = load(pos);
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Reserve { card: card(77) });
    assert_eq!(s.market_card(level(3), splendor::Slot::new(1).unwrap()), None);
    assert_eq!(s.current(), Seat(1), "no refill is due");
}

#[test]
fn deck_top_reserve_is_hidden_from_the_others() {
    // splendor.reserve.* : a face-down reserved card is seen by its owner only; others see its level.
    let mut s = load(base(3));
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::ReserveDeck { level: level(2) });
    assert_eq!(s.phase(), Phase::DeckDraw { level: level(2) });
    assert_chance_refused(&s, Chance::Card { card: card(5) }, "splendor.setup.card_not_in_deck");
    let mut events = Vec::new();
    Splendor::apply_chance(&mut s, &Chance::Card { card: card(44) }, &mut events).unwrap();
    let drawn = Event::DrewReserved {
        seat: Seat(0),
        level: level(2),
        card: Some(card(44)),
    };
    assert!(events.contains(&drawn));
    let hidden = Event::DrewReserved {
        seat: Seat(0),
        level: level(2),
        card: None,
    };
    assert_eq!(Splendor::redact(&drawn, Viewer::Seat(Seat(0))), Some(drawn.clone()));
    assert_eq!(Splendor::redact(&drawn, Viewer::Seat(Seat(1))), Some(hidden.clone()));
    assert_eq!(Splendor::redact(&drawn, Viewer::Spectator), Some(hidden));
    let own = Splendor::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(own.players[0].reserved[0].card, Some(card(44)));
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
        let v = Splendor::view(&s, viewer);
        assert_eq!(v.players[0].reserved[0].card, None, "{viewer:?} must not see the card");
        assert_eq!(v.players[0].reserved[0].level, level(2), "{viewer:?} sees the level");
        assert_eq!(v.decks, [36, 25, 16]);
    }
    assert_eq!(s.player(Seat(0)).unwrap().tokens()[5], 1, "one gold");
}

#[test]
fn a_market_reserve_stays_public() {
    // Hidden information: a card reserved face up from the market is public.
    let mut s = load(base(2));
    assert_accepted::<Splendor>(&mut s, Seat(0), &Action::Reserve { card: card(23) });
    chance(&mut s, Chance::Card { card: card(16) });
    let v = Splendor::view(&s, Viewer::Seat(Seat(1)));
    assert_eq!(v.players[0].reserved[0].card, Some(card(23)));
}

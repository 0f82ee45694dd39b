//! Position builders for scenario tests: every position is built directly and
//! checked with `validate` before use.
#![allow(dead_code)]

use catan_junior::{
    Action, CatanJunior, Chance, CocoCard, Config, Event, Good, Goods, Island, Link, Phase, Site, State,
};
use engine::{Game, Seat};

/// A game of `players` after the first captain's roll of 1, hands emptied back
/// into the supply so each scenario names exactly the tiles it needs.
pub fn position(players: usize) -> State {
    position_with(Config::default(), players)
}

/// As [`position`] with a configuration.
pub fn position_with(config: Config, players: usize) -> State {
    let mut s = State::new(&config, players);
    s.phase = Phase::Main;
    s.roll = 1;
    for p in 0..players {
        empty_hand(&mut s, p);
    }
    valid(&s);
    s
}

/// Returns a seat's tiles to the supply.
pub fn empty_hand(s: &mut State, seat: usize) {
    let hand = s.hands[seat];
    s.supply.add(&hand);
    s.hands[seat] = Goods::ZERO;
}

/// Moves tiles from the supply into a seat's hand.
pub fn give(s: &mut State, seat: usize, items: &[(Good, u8)]) {
    let g = Goods::of(items);
    assert!(s.supply.covers(&g), "the supply lacks {g:?}");
    s.supply.sub(&g);
    s.hands[seat].add(&g);
}

/// Moves every tile of `good` but `keep` from the supply into a seat's hand.
pub fn drain_supply(s: &mut State, seat: usize, good: Good, keep: u8) {
    let n = s.supply.get(good).saturating_sub(keep);
    give(s, seat, &[(good, n)]);
}

pub fn site(n: u8) -> Site {
    Site::printed(n)
}

pub fn link(a: u8, b: u8) -> Link {
    Link::printed(a, b)
}

/// Island by letter.
pub fn island(letter: char) -> Island {
    Island(letter as u8 - b'A')
}

/// Places a ship for a seat directly (position building).
pub fn put_ship(s: &mut State, seat: usize, a: u8, b: u8) {
    let r = s.board().route(link(a, b)).expect("route exists");
    s.ships[seat] |= 1 << r;
}

/// Places a lair for a seat directly (position building).
pub fn put_lair(s: &mut State, seat: usize, n: u8) {
    s.lairs[seat] |= 1 << site(n).0;
}

/// Asserts the position is consistent.
pub fn valid(s: &State) {
    if let Err(e) = CatanJunior::validate(s) {
        panic!("inconsistent position: {e:?}");
    }
}

/// Rolls the die (a chance outcome) and returns the events.
pub fn roll(s: &mut State, value: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    CatanJunior::apply_chance(s, &Chance::Die { value }, &mut ev).expect("roll accepted");
    valid(s);
    ev
}

/// Draws a Coco card (a chance outcome) and returns the events.
pub fn draw(s: &mut State, card: CocoCard) -> Vec<Event> {
    let mut ev = Vec::new();
    CatanJunior::apply_chance(s, &Chance::Coco { card }, &mut ev).expect("card accepted");
    valid(s);
    ev
}

/// Applies an action that must be legal; returns the events.
pub fn act(s: &mut State, seat: usize, action: Action) -> Vec<Event> {
    let ev = testkit::scenario::assert_accepted::<CatanJunior>(s, Seat(seat as u8), &action);
    valid(s);
    ev
}

/// Applies an action that must be refused citing `rule`.
pub fn refused(s: &State, seat: usize, action: Action, rule: &str) {
    testkit::scenario::assert_refused::<CatanJunior>(s, Seat(seat as u8), &action, rule);
}

/// Ends the current turn and rolls `value` for the next captain.
pub fn next_turn(s: &mut State, value: u8) -> Vec<Event> {
    let captain = s.captain as usize;
    act(s, captain, Action::EndTurn);
    roll(s, value)
}

/// Makes the captain ask Coco (paying) and draw `card`.
pub fn ask_coco(s: &mut State, card: CocoCard) -> Vec<Event> {
    let c = s.captain as usize;
    give(s, c, &[(Good::Pineapple, 1), (Good::Sabre, 1), (Good::Gold, 1)]);
    act(s, c, Action::AskCoco);
    draw(s, card)
}

/// Gives a seat open Coco cards directly (position building), keeping the deck a
/// consistent multiset, and sets the castle site by the majority rule.
pub fn give_cards(s: &mut State, seat: usize, card: CocoCard, n: u8) {
    let k = card.index();
    assert!(s.deck[k] >= n);
    s.deck[k] -= n;
    s.cards[seat][k] += n;
    let castle = 1u64 << s.board().castle_site.0;
    for l in s.lairs.iter_mut() {
        *l &= !castle;
    }
    if let Some(w) = catan_junior::rules::castle::majority(s) {
        s.lairs[w] |= castle;
    }
}

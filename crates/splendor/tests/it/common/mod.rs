//! Building positions for scenario tests: a set-up game in the action phase
//! with a known market and nobles, changed field by field, then loaded through
//! the same path as a JSON position (and validated).
#![allow(dead_code)]

use engine::{Game, NoEvents, Seat};
use splendor::{
    CardId, Chance, NobleId, Phase, PlayerPosition, Position, ReservedCard, Splendor, State, Token, Tokens,
};

/// A card by id.
pub fn card(id: u8) -> CardId {
    CardId::new(id).unwrap_or_else(|| panic!("no card {id}"))
}

/// A noble by id.
pub fn noble(id: u8) -> NobleId {
    NobleId::new(id).unwrap_or_else(|| panic!("no noble {id}"))
}

/// Token counts: white, blue, green, red, black, gold.
pub fn tokens(t: [u8; 6]) -> Tokens {
    Tokens::new(t)
}

/// The default market: 1-point level-1 cards and 3-/5-point cards above,
/// all out of reach of an empty player.
pub const MARKET: [[u8; 4]; 3] = [[7, 15, 23, 31], [45, 51, 57, 63], [73, 77, 81, 85]];

/// A game of `players` just after its setup: seat 0 to act in turn 1, the
/// default market, nobles 0..=players face up, nobody holding anything.
pub fn base(players: usize) -> Position {
    Position {
        phase: Phase::Action,
        current: Seat(0),
        turn: 1,
        round_passes: 0,
        bank: Tokens::default(),
        market: MARKET.map(|row| row.map(|c| Some(card(c)))),
        nobles: (0..=players as u8).map(noble).collect(),
        players: vec![PlayerPosition::default(); players],
    }
}

/// Sets a player's tokens.
pub fn give(pos: &mut Position, seat: usize, t: [u8; 6]) {
    pos.players[seat].tokens = tokens(t);
}

/// Adds purchased cards to a player.
pub fn bought(pos: &mut Position, seat: usize, ids: &[u8]) {
    pos.players[seat].purchased.extend(ids.iter().map(|&c| card(c)));
}

/// Adds a reserved card to a player.
pub fn reserve(pos: &mut Position, seat: usize, id: u8, hidden: bool) {
    pos.players[seat].reserved.push(ReservedCard { card: card(id), hidden });
}

/// Sets the face-up nobles.
pub fn nobles(pos: &mut Position, ids: &[u8]) {
    pos.nobles = ids.iter().map(|&n| noble(n)).collect();
}

/// Gives nobles to a player (taken from those face up if there).
pub fn visited(pos: &mut Position, seat: usize, ids: &[u8]) {
    for &n in ids {
        pos.nobles.retain(|x| *x != noble(n));
        pos.players[seat].nobles.push(noble(n));
    }
}

/// Sets one market slot (`None` = empty).
pub fn market(pos: &mut Position, level: usize, slot: usize, id: Option<u8>) {
    pos.market[level - 1][slot] = id.map(card);
}

/// Loads the position: the bank gets whatever the players do not hold, bonuses
/// and points are computed, and the result must validate.
pub fn load(mut pos: Position) -> State {
    let n = pos.players.len();
    let gems: u8 = match n {
        2 => 4,
        3 => 5,
        _ => 7,
    };
    let mut bank = [gems, gems, gems, gems, gems, 5];
    for p in &pos.players {
        for (c, b) in bank.iter_mut().enumerate() {
            *b = b
                .checked_sub(p.tokens.0[c])
                .expect("the players hold more tokens than the game has");
        }
    }
    pos.bank = Tokens::new(bank);
    load_exact(pos)
}

/// Loads the position as given (bank included); it must validate.
pub fn load_exact(pos: Position) -> State {
    let state = State::try_from(pos).unwrap_or_else(|e| panic!("position refused: {e}"));
    if let Err(problems) = Splendor::validate(&state) {
        panic!("position inconsistent: {problems:?}");
    }
    state
}

/// Empties the bank of the listed colours, moving their tokens to `seat`
/// (bonuses untouched).
pub fn drain(pos: &mut Position, seat: usize, colours: &[Token], amount: u8) {
    for t in colours {
        pos.players[seat].tokens.0[t.index()] += amount;
    }
}

/// Applies a chance outcome, which must be accepted.
pub fn chance(state: &mut State, outcome: Chance) {
    if let Err(r) = Splendor::apply_chance(state, &outcome, &mut NoEvents) {
        panic!("chance {outcome:?} refused: [{}] {r}", r.rule_id());
    }
}

/// Supplies a chance outcome and asserts it is refused with `rule_id`, leaving the state unchanged.
pub fn assert_chance_refused(state: &State, outcome: Chance, rule_id: &str) {
    let mut s = *state;
    match Splendor::apply_chance(&mut s, &outcome, &mut NoEvents) {
        Ok(()) => panic!("chance {outcome:?} accepted, expected a refusal citing {rule_id}"),
        Err(r) => assert_eq!(r.rule_id(), rule_id, "{r}"),
    }
    assert_eq!(&s, state, "a refused chance outcome changed the state");
}

/// The legal actions of a seat.
pub fn legal(state: &State, seat: u8) -> Vec<splendor::Action> {
    let mut out = Vec::new();
    Splendor::legal_actions(state, Seat(seat), &mut out);
    out
}

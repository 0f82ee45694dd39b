//! Chance: the setup deal, market refills and deck-top reserves are draws
//! uniform over the remaining cards of a deck (a set, never an ordered list);
//! the setup reveals players + 1 nobles uniformly from those not yet revealed.
//! A client in manual chance mode supplies the real card or noble instead.

use crate::action::{Chance, Event};
use crate::data::NOBLE_COUNT;
use crate::error::SplendorError as E;
use crate::state::{Phase, State, NONE};
use crate::turn::after_action;
use crate::types::{CardId, Level, NobleId, Slot};
use engine::{EventSink, GameRng, Rejection, Seat};
use rand::Rng;

/// All nobles as a bitset.
const ALL_NOBLES: u16 = (1 << NOBLE_COUNT) - 1;

/// What chance decides next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Due {
    /// A card from the deck of this level (0-based).
    Card(usize),
    /// A noble from those not yet revealed.
    Noble,
}

/// The first empty market slot in dealing order (level 1 slots 0–3, then 2, then 3).
fn first_empty(s: &State) -> Option<(usize, usize)> {
    for (l, row) in s.market.iter().enumerate() {
        if let Some(slot) = row.iter().position(|&c| c == NONE) {
            return Some((l, slot));
        }
    }
    None
}

/// Nobles that may still be revealed during setup.
fn noble_pool(s: &State) -> u16 {
    let owned = s.players.iter().fold(0u16, |m, p| m | p.nobles);
    ALL_NOBLES & !s.nobles & !owned
}

/// What is due from chance, if anything.
pub(crate) fn due(s: &State) -> Option<Due> {
    match s.phase {
        Phase::Setup => match first_empty(s) {
            Some((l, _)) => Some(Due::Card(l)),
            None => Some(Due::Noble),
        },
        Phase::Refill { level, .. } | Phase::DeckDraw { level } => Some(Due::Card(level.index())),
        _ => None,
    }
}

/// Every possible outcome with its probability.
pub(crate) fn outcomes(s: &State, out: &mut Vec<(Chance, f64)>) {
    out.clear();
    match due(s) {
        Some(Due::Card(l)) => {
            let deck = s.deck[l];
            let p = 1.0 / f64::from(deck.count_ones().max(1));
            let mut m = deck;
            while m != 0 {
                let bit = m.trailing_zeros();
                m &= m - 1;
                out.push((
                    Chance::Card {
                        card: State::card_of_bit(l, bit),
                    },
                    p,
                ));
            }
        }
        Some(Due::Noble) => {
            let pool = noble_pool(s);
            let p = 1.0 / f64::from(pool.count_ones().max(1));
            for i in 0..NOBLE_COUNT as u8 {
                if pool & (1 << i) != 0 {
                    out.push((
                        Chance::Noble {
                            noble: NobleId::new_unchecked(i),
                        },
                        p,
                    ));
                }
            }
        }
        None => {}
    }
}

/// The position of the `k`-th set bit of `x` (0-based, `k` below the popcount).
#[inline]
pub(crate) fn select_bit(mut x: u64, mut k: u32) -> u32 {
    let mut base = 0;
    for width in [32u32, 16, 8] {
        let low = (x & ((1u64 << width) - 1)).count_ones();
        if k >= low {
            k -= low;
            x >>= width;
            base += width;
        }
    }
    for _ in 0..k {
        x &= x.wrapping_sub(1);
    }
    base + x.trailing_zeros()
}

/// Draws the outcome directly: one random number, one bit selection.
pub(crate) fn sample(s: &State, rng: &mut GameRng) -> Chance {
    match due(s) {
        Some(Due::Card(l)) => {
            let deck = s.deck[l];
            let n = deck.count_ones().max(1);
            let k = rng.random_range(0..n);
            Chance::Card {
                card: State::card_of_bit(l, select_bit(deck, k).min(63)),
            }
        }
        _ => {
            let pool = noble_pool(s);
            let n = pool.count_ones().max(1);
            let k = rng.random_range(0..n);
            let i = select_bit(u64::from(pool), k).min(NOBLE_COUNT as u32 - 1);
            Chance::Noble {
                noble: NobleId::new_unchecked(i as u8),
            }
        }
    }
}

/// Checks an outcome supplied from outside.
pub(crate) fn check(s: &State, outcome: &Chance) -> Result<(), Rejection<E>> {
    let Some(due) = due(s) else {
        return Err(match s.phase {
            Phase::Over { .. } => Rejection::GameOver,
            _ => Rejection::NotChanceTurn { waiting: "a seat" },
        });
    };
    match (due, outcome) {
        (Due::Card(l), Chance::Card { card }) => {
            if card.level().index() != l || s.deck[l] & card.deck_bit() == 0 {
                return Err(E::CardNotInDeck {
                    card: *card,
                    level: Level::from_index(l),
                }
                .into());
            }
            Ok(())
        }
        (Due::Noble, Chance::Noble { noble }) => {
            if noble_pool(s) & noble.bit() == 0 {
                return Err(E::NobleNotInPool { noble: *noble }.into());
            }
            Ok(())
        }
        (Due::Card(_), _) => Err(E::WrongDraw { expected: "card" }.into()),
        (Due::Noble, _) => Err(E::WrongDraw { expected: "noble" }.into()),
    }
}

/// Applies a (checked) outcome.
pub(crate) fn apply<S: EventSink<Event>>(s: &mut State, outcome: &Chance, ev: &mut S) {
    match (s.phase, *outcome) {
        (Phase::Setup, Chance::Card { card }) => {
            let Some((l, slot)) = first_empty(s) else {
                return;
            };
            if card.level().index() != l || !take_from_deck(s, card) {
                return;
            }
            s.market[l][slot] = card.get();
            ev.push(Event::CardDealt {
                level: Level::from_index(l),
                slot: Slot::from_index(slot),
                card,
            });
        }
        (Phase::Setup, Chance::Noble { noble }) => {
            if first_empty(s).is_some() || noble_pool(s) & noble.bit() == 0 {
                return;
            }
            s.nobles |= noble.bit();
            ev.push(Event::NobleRevealed { noble });
            if s.nobles.count_ones() as usize > s.players() {
                s.phase = Phase::Action;
                s.current = 0;
                s.round_passes = 0;
                s.turn = 1;
                ev.push(Event::TurnBegan { seat: Seat(0), turn: 1 });
            }
        }
        (Phase::Refill { level, slot }, Chance::Card { card }) => {
            if card.level() != level || !take_from_deck(s, card) {
                return;
            }
            s.market[level.index()][slot.index()] = card.get();
            ev.push(Event::CardDealt { level, slot, card });
            after_action(s, ev);
        }
        (Phase::DeckDraw { level }, Chance::Card { card }) => {
            if card.level() != level || !take_from_deck(s, card) {
                return;
            }
            s.cur_mut().push_reserved(card, true);
            ev.push(Event::DrewReserved {
                seat: Seat(s.current),
                level,
                card: Some(card),
            });
            after_action(s, ev);
        }
        _ => {}
    }
}

/// Removes a card from its deck; false if it is not there.
#[inline]
fn take_from_deck(s: &mut State, card: CardId) -> bool {
    let l = card.level().index();
    let bit = card.deck_bit();
    if s.deck[l] & bit == 0 {
        return false;
    }
    s.deck[l] &= !bit;
    true
}

#[cfg(test)]
mod tests {
    use super::select_bit;

    #[test]
    fn select_bit_finds_every_set_bit() {
        let x: u64 = 0b1011_0000_0000_0000_0000_0000_0000_0000_0000_0000_1000_0000_0001_0010_0100_1001;
        let bits: Vec<u32> = (0..64).filter(|i| x & (1 << i) != 0).collect();
        for (k, &b) in bits.iter().enumerate() {
            assert_eq!(select_bit(x, k as u32), b);
        }
    }
}

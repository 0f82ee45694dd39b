//! Determinization: a state the viewer cannot tell apart from the real one.
//!
//! The only secrets of Splendor are the face-down reserved cards of the other
//! players (a spectator sees none of them) and which cards remain in the decks.
//! Since decks are sets, resampling means: for each level, pool the deck with
//! the hidden reserved cards of that level, and deal the hidden reserve slots
//! anew from the pool uniformly; the rest stays in the deck.

use crate::chance::select_bit;
use crate::state::State;
use crate::types::CardId;
use engine::{GameRng, Seat, Viewer};
use rand::Rng;

/// Resamples every card hidden from `viewer`.
pub(crate) fn determinize(s: &State, viewer: Viewer, rng: &mut GameRng) -> State {
    let mut out = *s;
    for level in 0..3 {
        let mut slots = [(0usize, 0usize); 12];
        let mut k = 0;
        let mut pool = out.deck[level];
        for (i, p) in out.players[..s.players()].iter().enumerate() {
            if viewer.sees(Seat(i as u8)) {
                continue;
            }
            for (j, &c) in p.reserved[..usize::from(p.nreserved).min(3)].iter().enumerate() {
                let Some(card) = CardId::new(c) else { continue };
                if p.hidden & (1 << j) != 0 && card.level().index() == level && k < slots.len() {
                    slots[k] = (i, j);
                    k += 1;
                    pool |= card.deck_bit();
                }
            }
        }
        for &(i, j) in &slots[..k] {
            let count = pool.count_ones();
            if count == 0 {
                break;
            }
            let bit = select_bit(pool, rng.random_range(0..count));
            pool &= !(1u64 << bit);
            out.players[i].reserved[j] = State::card_of_bit(level, bit).get();
        }
        out.deck[level] = pool;
    }
    out
}

//! Production on a roll of 1–5: every player, not just the captain, takes 1 tile
//! per own lair touching an island with that number, except the island holding
//! Käpt'n Klau (`junior.production.klau_blocks`). The castle site touches no
//! island, so the castle lair produces nothing.

use super::supply::pay_good;
use crate::event::Event;
use crate::goods::{Good, Goods};
use crate::state::State;
use engine::{EventSink, Seat};

/// Pays out the roll `number` (1–5) to every seat.
pub fn produce<S: EventSink<Event>>(state: &mut State, number: u8, events: &mut S) {
    let board = state.board();
    let mut mask = board.islands_by_number.get(number as usize).copied().unwrap_or(0) as u32;
    let klau_bit = 1u32 << (state.klau.0 & 31);
    if mask & klau_bit != 0 {
        mask &= !klau_bit;
        events.push(Event::Blocked { island: state.klau });
    }
    let n = state.n();
    // claims[good][seat]
    let mut claims = [[0u8; 4]; 5];
    let mut any = 0u32;
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let Some(island) = board.islands.get(i) else { continue };
        let g = island.good.index();
        for (claim, lairs) in claims[g].iter_mut().zip(state.lairs.iter()).take(n) {
            let c = (lairs & island.sites).count_ones();
            *claim = claim.saturating_add(c as u8);
            any |= c;
        }
    }
    if any == 0 {
        return;
    }
    let mut received = [Goods::ZERO; 4];
    for good in Good::ALL {
        let c = claims[good.index()];
        if pay_good(state, good, c, events) {
            for p in 0..n {
                received[p].0[good.index()] = c[p];
            }
        }
    }
    for (p, r) in received.iter().enumerate().take(n) {
        if r.total() > 0 {
            events.push(Event::Received {
                seat: Seat(p as u8),
                goods: *r,
            });
        }
    }
}

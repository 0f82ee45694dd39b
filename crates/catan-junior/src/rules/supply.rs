//! Paying tiles out of the supply, and the supply shortage
//! (`junior.production.supply_short`).
//!
//! Seed 001: "Reicht der Vorrat einer Sorte nicht aus, legen alle Spieler
//! sämtliche Plättchen dieser Sorte zurück; verteilt wird diese Sorte erst
//! wieder ab der nächsten Runde." The sentence is general, so it governs every
//! payout the supply owes (production, Käpt'n Klau's 2 tiles, a Coco card's
//! tiles, refilling the rings): when the supply cannot pay every claim on a good
//! in full, every player returns all tiles of that good and nobody receives it.
//! "Ab der nächsten Runde", with "Runde" one captain's turn in the seed: the
//! good is marked short (`State::short`) and no roll, Coco card or Klau move
//! pays it for the rest of the turn; trades are not payouts and stay allowed.

use crate::event::Event;
use crate::goods::Good;
use crate::state::State;
use engine::{EventSink, Seat};

/// Every player returns all tiles of `good` to the supply.
pub fn shortage<S: EventSink<Event>>(state: &mut State, good: Good, events: &mut S) {
    let g = good.index();
    let mut returned = [0u8; 4];
    for (p, r) in returned.iter_mut().enumerate().take(state.n()) {
        *r = state.hands[p].0[g];
        state.supply.0[g] = state.supply.0[g].saturating_add(*r);
        state.hands[p].0[g] = 0;
    }
    events.push(Event::Shortage { good, returned });
}

/// Pays `claims[p]` tiles of `good` to each seat, or applies the shortage rule if
/// the supply cannot pay them all. Returns whether the claims were paid.
#[inline]
pub fn pay_good<S: EventSink<Event>>(state: &mut State, good: Good, claims: [u8; 4], events: &mut S) -> bool {
    let g = good.index();
    let total: u32 = claims.iter().map(|&c| c as u32).sum();
    if total == 0 {
        return true;
    }
    if state.is_short(good) {
        events.push(Event::StillShort { good });
        return false;
    }
    if total > state.supply.0[g] as u32 {
        shortage(state, good, events);
        state.short |= 1 << g;
        return false;
    }
    state.supply.0[g] -= total as u8;
    for (p, &c) in claims.iter().enumerate().take(state.n()) {
        state.hands[p].0[g] = state.hands[p].0[g].saturating_add(c);
    }
    true
}

/// Pays `goods` to one seat, good by good, each under the shortage rule.
pub fn pay_seat<S: EventSink<Event>>(state: &mut State, seat: usize, goods: crate::goods::Goods, events: &mut S) {
    let mut received = crate::goods::Goods::ZERO;
    for good in Good::ALL {
        let n = goods.get(good);
        if n == 0 {
            continue;
        }
        let mut claims = [0u8; 4];
        claims[seat & 3] = n;
        if pay_good(state, good, claims, events) {
            received.0[good.index()] = n;
        }
    }
    if received.total() > 0 {
        events.push(Event::Received {
            seat: Seat(seat as u8),
            goods: received,
        });
    }
}

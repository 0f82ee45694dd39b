//! Trading with the Rettungsringe and the supply (`junior.trade.*`).
//!
//! - 1:1 at a Rettungsring: take a tile from a ring and put one of your own in
//!   its place, once per turn (`junior.trade.ring_once_per_turn`).
//! - 2:1 with the supply: give 2 tiles of one good, take 1 tile of another, any
//!   number of times (`junior.trade.supply_two_for_one`).
//! - When all five rings hold the same good, those five go back to the supply and
//!   the rings get one tile of each good (`junior.trade.ring_refresh`).
//!
//! Only the count of each good on the rings matters, so the rings are a count
//! per good and a trade names goods, not ring positions.

use super::supply;
use crate::error::JuniorError;
use crate::event::Event;
use crate::goods::{Good, Goods};
use crate::state::State;
use engine::{EventSink, Seat};

/// Checks the Rettungsring trade.
pub fn check_ring(state: &State, p: usize, take: Good, give: Good) -> Result<(), JuniorError> {
    if state.ring_traded {
        return Err(JuniorError::RingOncePerTurn);
    }
    if take == give {
        return Err(JuniorError::SameGood);
    }
    if state.rings.get(take) == 0 {
        return Err(JuniorError::RingLacksGood { good: take });
    }
    if state.hands[p & 3].get(give) == 0 {
        return Err(JuniorError::NotOwned { good: give });
    }
    Ok(())
}

/// Swaps a tile with a ring, then refreshes the rings if they all match.
pub fn apply_ring<S: EventSink<Event>>(state: &mut State, p: usize, take: Good, give: Good, events: &mut S) {
    let (t, g) = (take.index(), give.index());
    let hand = &mut state.hands[p & 3];
    hand.0[t] = hand.0[t].saturating_add(1);
    hand.0[g] = hand.0[g].saturating_sub(1);
    state.rings.0[t] = state.rings.0[t].saturating_sub(1);
    state.rings.0[g] = state.rings.0[g].saturating_add(1);
    state.ring_traded = true;
    events.push(Event::TradedRing {
        captain: Seat(p as u8),
        take,
        give,
    });
    if state.rings.0[g] >= 5 {
        refresh(state, give, events);
    }
}

/// All five rings hold `good`: back to the supply, one tile of each good on the
/// rings. A good the supply lacks for the refill falls under the shortage rule
/// (everyone returns it), after which the supply has it.
pub fn refresh<S: EventSink<Event>>(state: &mut State, good: Good, events: &mut S) {
    let g = good.index();
    state.supply.0[g] = state.supply.0[g].saturating_add(state.rings.0[g]);
    state.rings = Goods::ZERO;
    events.push(Event::RingsRefreshed { good });
    for h in Good::ALL {
        if state.supply.get(h) == 0 {
            supply::shortage(state, h, events);
        }
        if state.supply.get(h) > 0 {
            state.supply.0[h.index()] -= 1;
            state.rings.0[h.index()] = 1;
        }
    }
}

/// Checks the 2:1 trade with the supply.
pub fn check_supply(state: &State, p: usize, give: Good, take: Good) -> Result<(), JuniorError> {
    if give == take {
        return Err(JuniorError::SameGood);
    }
    if state.hands[p & 3].get(give) < 2 {
        return Err(JuniorError::SupplyTwoForOne { good: give });
    }
    if state.supply.get(take) == 0 {
        return Err(JuniorError::SupplyEmpty { good: take });
    }
    Ok(())
}

/// Gives 2 tiles of `give` to the supply and takes 1 tile of `take`.
pub fn apply_supply<S: EventSink<Event>>(state: &mut State, p: usize, give: Good, take: Good, events: &mut S) {
    let (t, g) = (take.index(), give.index());
    let hand = &mut state.hands[p & 3];
    hand.0[g] = hand.0[g].saturating_sub(2);
    hand.0[t] = hand.0[t].saturating_add(1);
    state.supply.0[g] = state.supply.0[g].saturating_add(2);
    state.supply.0[t] = state.supply.0[t].saturating_sub(1);
    events.push(Event::TradedSupply {
        captain: Seat(p as u8),
        give,
        take,
    });
}

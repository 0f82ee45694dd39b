//! Käpt'n Klau (`junior.klau.*`): on a 6, or through a Coco card, the captain
//! moves him to another land island (never the castle island, never the island
//! he stands on) and takes 2 tiles of that island's good. While he stands on an
//! island it produces nothing (see `production`).

use super::supply::pay_seat;
use crate::error::JuniorError;
use crate::event::Event;
use crate::goods::Goods;
use crate::ids::Island;
use crate::state::{Phase, State};
use engine::{EventSink, Seat};

/// Checks the destination of Käpt'n Klau.
pub fn check_move(state: &State, island: Island) -> Result<(), JuniorError> {
    if island == state.klau || state.board().land(island).is_none() {
        return Err(JuniorError::KlauMustMove { island });
    }
    Ok(())
}

/// Bitset of the islands Käpt'n Klau may move to.
#[inline]
pub fn destinations(state: &State) -> u32 {
    let all = (1u32 << state.board().islands.len()) - 1;
    all & !(1u32 << (state.klau.0 & 31))
}

/// Moves Käpt'n Klau and pays the captain 2 tiles of the island's good.
pub fn apply_move<S: EventSink<Event>>(state: &mut State, island: Island, events: &mut S) {
    let captain = state.cap();
    state.klau = island;
    events.push(Event::KlauMoved {
        captain: Seat(captain as u8),
        island,
    });
    if let Some(land) = state.board().land(island) {
        let mut loot = Goods::ZERO;
        loot.0[land.good.index()] = 2;
        pay_seat(state, captain, loot, events);
    }
    state.phase = Phase::Main;
}

//! The captain's turn (`junior.turn.*`): it starts with the roll (a chance node;
//! nothing else is allowed before, `junior.turn.roll_first`), which pays every
//! player on 1–5 and sends Käpt'n Klau on a 6; then the captain builds, asks
//! Coco and trades in any order, as often as goods allow, and ends the turn. The
//! left neighbour (next seat) becomes captain.

use super::production;
use crate::event::Event;
use crate::state::{Phase, State};
use engine::{EventSink, Seat};

/// Applies the captain's roll.
pub fn roll<S: EventSink<Event>>(state: &mut State, value: u8, events: &mut S) {
    state.roll = value;
    events.push(Event::Rolled {
        captain: Seat(state.captain),
        value,
    });
    if value == 6 {
        // Nobody produces on a 6; only the captain takes Käpt'n Klau's 2 tiles.
        state.phase = Phase::MoveKlau;
    } else {
        production::produce(state, value, events);
        state.phase = Phase::Main;
    }
}

/// Ends the turn: the next seat becomes captain and must roll.
pub fn end<S: EventSink<Event>>(state: &mut State, events: &mut S) {
    let n = state.players.clamp(1, 4);
    state.captain = (state.captain + 1) % n;
    state.phase = Phase::Roll;
    state.ring_traded = false;
    state.offers = 0;
    state.short = 0;
    state.roll = 0;
    state.turn = state.turn.saturating_add(1);
    events.push(Event::TurnEnded {
        next: Seat(state.captain),
    });
}

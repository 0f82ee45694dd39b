//! The castle site (`junior.coco.castle`) and victory (`junior.win`).
//!
//! The castle site belongs to whoever alone has the most open Coco cards: the
//! first player to own a card puts a lair there from their supply; a player who
//! overtakes the holder replaces the lair with their own; a tie sends the lair
//! back to its owner's supply and leaves the site empty until one player alone
//! leads again. The castle lair produces nothing but counts towards the 7.

use crate::event::Event;
use crate::state::{Phase, State};
use engine::{EventSink, Seat};

/// The seat that alone has the most open Coco cards (at least one), if any.
pub fn majority(state: &State) -> Option<usize> {
    let mut best = 0u32;
    let mut who = None;
    for p in 0..state.n() {
        let c = state.card_count(p);
        if c > best {
            best = c;
            who = Some(p);
        } else if c == best && best > 0 {
            who = None;
        }
    }
    who
}

/// Puts the castle lair where the majority rule says (after a Coco card is revealed).
pub fn update<S: EventSink<Event>>(state: &mut State, events: &mut S) {
    let holder = state.castle_holder();
    let want = majority(state);
    if holder == want {
        return;
    }
    let bit = 1u64 << (state.board().castle_site.0 & 63);
    if let Some(h) = holder {
        state.lairs[h & 3] &= !bit;
    }
    let placed = want.filter(|&w| super::build::lairs_left(state, w) > 0);
    if let Some(w) = placed {
        state.lairs[w & 3] |= bit;
    }
    events.push(Event::Castle {
        holder: placed.map(|w| Seat(w as u8)),
        returned_to: holder.map(|h| Seat(h as u8)),
    });
    if let Some(w) = placed {
        check_victory(state, w, events);
    }
}

/// Ends the game if `p` has every lair on the board.
#[inline]
pub fn check_victory<S: EventSink<Event>>(state: &mut State, p: usize, events: &mut S) {
    if state.lairs_on_board(p) >= state.data().lairs_per_colour as u32 {
        let seat = Seat(p as u8);
        state.phase = Phase::Over { winner: seat };
        events.push(Event::Won { seat });
    }
}

//! Building (`junior.build.*`): a lair on a free site at the end of an own ship,
//! a ship on a free route touching an own lair; one piece per place; only while
//! a piece is left; the paid tiles go back to the supply. There is no distance
//! rule. A Coco build card places the same way without paying.

use super::castle;
use crate::error::{JuniorError, Piece};
use crate::event::Event;
use crate::goods::{LAIR_COST, SHIP_COST};
use crate::ids::{Link, Site};
use crate::state::{Phase, State};
use engine::{EventSink, Seat};

/// Lairs a seat still has in its own supply.
#[inline]
pub fn lairs_left(state: &State, p: usize) -> u32 {
    (state.data().lairs_per_colour as u32).saturating_sub(state.lairs_on_board(p))
}

/// Ships a seat still has in its own supply.
#[inline]
pub fn ships_left(state: &State, p: usize) -> u32 {
    (state.data().ships_per_colour as u32).saturating_sub(state.ships[p & 3].count_ones())
}

/// Free sites at the end of one of `p`'s ships.
#[inline]
pub fn lair_sites(state: &State, p: usize) -> u64 {
    let board = state.board();
    board.ends_of(state.ships[p & 3]) & board.buildable & !state.occupied_sites()
}

/// Free routes touching one of `p`'s lairs.
#[inline]
pub fn ship_routes(state: &State, p: usize) -> u64 {
    let board = state.board();
    board.routes_at(state.lairs[p & 3] & board.buildable) & board.all_routes & !state.occupied_routes()
}

/// Whether a Coco build card can place anything for `p`.
pub fn can_place_any(state: &State, p: usize) -> bool {
    (lairs_left(state, p) > 0 && lair_sites(state, p) != 0) || (ships_left(state, p) > 0 && ship_routes(state, p) != 0)
}

/// Checks a lair on `site` by `p` (`free`: no cost, a Coco card).
pub fn check_lair(state: &State, p: usize, site: Site, free: bool) -> Result<(), JuniorError> {
    let board = state.board();
    if site == board.castle_site {
        return Err(JuniorError::CastleSite);
    }
    if !board.is_buildable(site) {
        return Err(JuniorError::NoSuchPlace);
    }
    let bit = 1u64 << site.0;
    if state.occupied_sites() & bit != 0 {
        return Err(JuniorError::Occupied { piece: Piece::Lair });
    }
    if board.ends_of(state.ships[p & 3]) & bit == 0 {
        return Err(JuniorError::LairNeedsShip { site });
    }
    if lairs_left(state, p) == 0 {
        return Err(JuniorError::NoPieceLeft { piece: Piece::Lair });
    }
    if !free && !state.hands[p & 3].covers(&LAIR_COST) {
        return Err(JuniorError::BuildCost { piece: Piece::Lair });
    }
    Ok(())
}

/// Checks a ship on `route` by `p`.
pub fn check_ship(state: &State, p: usize, route: Link, free: bool) -> Result<(), JuniorError> {
    let board = state.board();
    let Some(r) = board.route(route) else {
        return Err(JuniorError::NoSuchPlace);
    };
    let bit = 1u64 << r;
    if state.occupied_routes() & bit != 0 {
        return Err(JuniorError::Occupied { piece: Piece::Ship });
    }
    if board.route_sites[r as usize] & state.lairs[p & 3] == 0 {
        return Err(JuniorError::ShipNeedsLair { route });
    }
    if ships_left(state, p) == 0 {
        return Err(JuniorError::NoPieceLeft { piece: Piece::Ship });
    }
    if !free && !state.hands[p & 3].covers(&SHIP_COST) {
        return Err(JuniorError::BuildCost { piece: Piece::Ship });
    }
    Ok(())
}

/// Places a lair (paying unless `free`), then checks for victory.
pub fn apply_lair<S: EventSink<Event>>(state: &mut State, p: usize, site: Site, free: bool, events: &mut S) {
    if !free {
        state.hands[p & 3].sub(&LAIR_COST);
        state.supply.add(&LAIR_COST);
    }
    state.lairs[p & 3] |= 1u64 << (site.0 & 63);
    events.push(Event::BuiltLair {
        seat: Seat(p as u8),
        site,
        free,
    });
    state.phase = Phase::Main;
    castle::check_victory(state, p, events);
}

/// Places a ship (paying unless `free`).
pub fn apply_ship<S: EventSink<Event>>(state: &mut State, p: usize, route: Link, free: bool, events: &mut S) {
    if let Some(r) = state.board().route(route) {
        if !free {
            state.hands[p & 3].sub(&SHIP_COST);
            state.supply.add(&SHIP_COST);
        }
        state.ships[p & 3] |= 1u64 << r;
        events.push(Event::BuiltShip {
            seat: Seat(p as u8),
            route,
            free,
        });
    }
    state.phase = Phase::Main;
}

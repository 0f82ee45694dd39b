//! City walls (`ck.build.wall`), city improvements (`ck.improve.*`) and
//! metropolises (`ck.metro.*`).
//!
//! An improvement level n costs n commodities of its track and needs a city;
//! levels 4 and 5 need a city without a metropolis unless the player holds the
//! track's metropolis. The first to level 4 takes the metropolis; the first to
//! level 5 takes it from a holder still at level 4. Whoever takes it chooses
//! the city (a logged choice even when only one city fits).

use super::cards::Track;
use super::error::CkError;
use super::state::{Metropolis, MAX_LEVEL, WALL_LIMIT};

use crate::action::{Action, Event};
use crate::bits::NodeSet;
use crate::cities_knights::CkState;
use crate::error::CatanError;
use crate::resource::Resources;
use crate::rules::build::pay;
use crate::state::BaseState;
use crate::state::Phase;
use crate::topology::NodeId;
use crate::{BasePhase, CkAction, CkEvent, CkPhase};
use engine::{EventSink, Seat};

/// A city wall: 2 brick.
pub const WALL_COST: Resources = Resources::new([2, 0, 0, 0, 0]);

/// Checks a wall (Engineer: `free`).
pub fn check_wall(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), CatanError> {
    check_wall_at(state, ck, seat, node, false)
}

/// Checks a wall, paid or free.
pub fn check_wall_at(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId, free: bool) -> Result<(), CatanError> {
    let p = &state.players[seat.index()];
    let walls = ck.players[seat.index()].walls;
    if !p.cities.contains(node) || walls.contains(node) || walls.len() >= WALL_LIMIT as usize {
        return Err(CkError::Wall.into());
    }
    if !free && !p.hand.covers(&WALL_COST) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Builds a wall.
pub fn apply_wall<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: NodeId,
    events: &mut S,
) {
    apply_wall_at(state, ck, seat, node, false, events)
}

/// Builds a wall, paid or free.
pub fn apply_wall_at<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: NodeId,
    free: bool,
    events: &mut S,
) {
    if !free {
        pay(state, seat, &WALL_COST);
    }
    ck.players[seat.index()].walls.insert(node);
    events.push(Event::Ck(CkEvent::WallBuilt { seat, node }));
}

/// Own cities that carry no metropolis.
pub fn free_cities(state: &BaseState, ck: &CkState, seat: Seat) -> NodeSet {
    NodeSet(state.players[seat.index()].cities.0 & !ck.all_metropolis_nodes().0)
}

/// Checks the next level of `track`.
pub fn check_improve(state: &BaseState, ck: &CkState, seat: Seat, track: Track) -> Result<(), CkError> {
    check_improve_for(state, ck, seat, track, 0)
}

/// Checks the next level of `track` with a discount (Crane: 1).
pub fn check_improve_for(
    state: &BaseState,
    ck: &CkState,
    seat: Seat,
    track: Track,
    discount: u8,
) -> Result<(), CkError> {
    let c = &ck.players[seat.index()];
    let level = c.levels[track.index()] + 1;
    if level > MAX_LEVEL || c.commodities.get(track.commodity()) < level.saturating_sub(discount) {
        return Err(CkError::ImproveCost);
    }
    if state.players[seat.index()].cities.is_empty() {
        return Err(CkError::ImproveNeedsCity);
    }
    let holds = ck.metropolises[track.index()].is_some_and(|m| m.seat == seat);
    if level >= 4 && !holds && free_cities(state, ck, seat).is_empty() {
        return Err(CkError::MetroNeedsFreeCity);
    }
    Ok(())
}

/// Legal improvements.
pub fn legal(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    for track in Track::ALL {
        if check_improve(state, ck, seat, track).is_ok() {
            out.push(Action::Ck(CkAction::BuildImprovement { track }));
        }
    }
}

/// Builds the level, and takes the metropolis if it is due.
pub fn apply_improve<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    track: Track,
    events: &mut S,
) {
    apply_improve_for(state, ck, seat, track, 0, events)
}

/// Builds the level with a discount (Crane: 1), and takes the metropolis if due.
pub fn apply_improve_for<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    track: Track,
    discount: u8,
    events: &mut S,
) {
    let c = &mut ck.players[seat.index()];
    let level = c.levels[track.index()] + 1;
    let k = track.commodity().index();
    let cost = level.saturating_sub(discount).min(c.commodities.0[k]);
    c.commodities.0[k] -= cost;
    ck.bank.0[k] += cost;
    c.levels[track.index()] = level;
    events.push(Event::Ck(CkEvent::Improved { seat, track, level }));
    let takes = match ck.metropolises[track.index()] {
        // `ck.metro.first_to_four`.
        None => level >= 4,
        // `ck.metro.takeover`: only from a holder still at level 4.
        Some(m) => m.seat != seat && level == 5 && ck.players[m.seat.index()].levels[track.index()] < 5,
    };
    if takes {
        state.phase = Phase::Ck(CkPhase::PlaceMetropolis { track });
    }
}

/// Checks where the metropolis goes.
pub fn check_place(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), CkError> {
    if !free_cities(state, ck, seat).contains(node) {
        return Err(CkError::MetroCity);
    }
    Ok(())
}

/// Puts the metropolis on the city (the old one, if any, stays a city).
pub fn apply_place<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    track: Track,
    node: NodeId,
    events: &mut S,
) {
    ck.metropolises[track.index()] = Some(Metropolis { seat, node });
    events.push(Event::Ck(CkEvent::MetropolisPlaced { seat, track, node }));
    state.phase = Phase::Base(BasePhase::Main);
}

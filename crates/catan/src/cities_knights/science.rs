//! The science deck (green): Alchemist, Crane, Engineer, Inventor, Irrigation,
//! Medicine, Mining, Road Building, Smith (`ck.card.*`). Printer is a victory
//! point card and never played.

use super::error::CkError;
use super::play::{hold, spend};
use super::{improvements, knights};
use crate::action::{Action, Event};
use crate::board::Terrain;
use crate::cities_knights::layer::CkLayer;
use crate::cities_knights::CkState;
use crate::error::CatanError;
use crate::resource::Resources;
use crate::rules::build::{pay, road_spots};
use crate::state::BaseState;
use crate::state::{Phase, Resume, CITY_LIMIT};
use crate::topology::{HexId, NodeId};
use crate::{BaseEvent, BasePhase, CkAction, CkEvent, CkPhase};
use engine::{EventSink, Seat};

use super::progress::ProgressCard as P;

/// Medicine: 2 ore, 1 grain.
pub const MEDICINE_COST: Resources = Resources::new([0, 0, 0, 1, 2]);

/// Science plays of the active player after the roll.
pub fn legal(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    let hand = ck.players[seat.index()].progress;
    if hand.get(P::Crane) > 0 {
        for track in super::Track::ALL {
            if improvements::check_improve_for(state, ck, seat, track, 1).is_ok() {
                out.push(Action::Ck(CkAction::CraneImprovement { track }));
            }
        }
    }
    if hand.get(P::Engineer) > 0 {
        for node in state.players[seat.index()].cities.iter() {
            if improvements::check_wall_at(state, ck, seat, node, true).is_ok() {
                out.push(Action::Ck(CkAction::PlayEngineer { node }));
            }
        }
    }
    if hand.get(P::Inventor) > 0 {
        for a in 0..state.topology().hex_count() as u8 {
            for b in a + 1..state.topology().hex_count() as u8 {
                if inventor_ok(state, HexId(a), HexId(b)) {
                    out.push(Action::Ck(CkAction::PlayInventor {
                        a: HexId(a),
                        b: HexId(b),
                    }));
                }
            }
        }
    }
    if hand.get(P::Medicine) > 0 {
        for node in state.players[seat.index()].settlements.iter() {
            if check_medicine(state, ck, seat, node).is_ok() {
                out.push(Action::Ck(CkAction::PlayMedicine { node }));
            }
        }
    }
    for card in [P::Irrigation, P::Mining, P::RoadBuilding, P::Smith] {
        if hand.get(card) > 0 {
            out.push(Action::Ck(CkAction::PlayProgress { card }));
        }
    }
}

/// Alchemist plays before the roll: every pair of dice.
pub fn legal_alchemist(ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    if ck.players[seat.index()].progress.get(P::Alchemist) > 0 {
        for red in 1..=6 {
            for yellow in 1..=6 {
                out.push(Action::Ck(CkAction::PlayAlchemist { red, yellow }));
            }
        }
    }
}

fn inventor_ok(state: &BaseState, a: HexId, b: HexId) -> bool {
    let ok = |h: HexId| {
        state
            .board
            .tiles
            .get(h.index())
            .and_then(|t| t.number)
            .is_some_and(|n| !matches!(n, 2 | 12 | 6 | 8))
    };
    a != b && ok(a) && ok(b)
}

fn check_medicine(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), CkError> {
    let p = &state.players[seat.index()];
    let c = &ck.players[seat.index()];
    let flat = c.flat.contains(node);
    let pieces = CITY_LIMIT as usize > p.cities.len() + c.flat.len();
    if !p.settlements.contains(node) || !(flat || pieces) || !p.hand.covers(&MEDICINE_COST) {
        return Err(CkError::Medicine);
    }
    Ok(())
}

/// Checks a science play (`None`: not a science play).
pub fn check(state: &BaseState, ck: &CkState, seat: Seat, action: &Action) -> Option<Result<(), CatanError>> {
    let r = match *action {
        Action::Ck(CkAction::PlayAlchemist { red, yellow }) => hold(ck, seat, P::Alchemist).and_then(|_| {
            if state.phase == Phase::Base(BasePhase::Roll) && (1..=6).contains(&red) && (1..=6).contains(&yellow) {
                Ok(())
            } else {
                Err(CkError::Alchemist.into())
            }
        }),
        Action::Ck(CkAction::CraneImprovement { track }) => hold(ck, seat, P::Crane).and_then(|_| {
            improvements::check_improve_for(state, ck, seat, track, 1).map_err(|e| match e {
                CkError::ImproveCost => CkError::Crane.into(),
                e => e.into(),
            })
        }),
        Action::Ck(CkAction::PlayEngineer { node }) => {
            hold(ck, seat, P::Engineer).and_then(|_| improvements::check_wall_at(state, ck, seat, node, true))
        }
        Action::Ck(CkAction::PlayInventor { a, b }) => hold(ck, seat, P::Inventor).and_then(|_| {
            if inventor_ok(state, a, b) {
                Ok(())
            } else {
                Err(CkError::Inventor.into())
            }
        }),
        Action::Ck(CkAction::PlayMedicine { node }) => {
            hold(ck, seat, P::Medicine).and_then(|_| Ok(check_medicine(state, ck, seat, node)?))
        }
        Action::Ck(CkAction::PlayProgress {
            card: card @ (P::Irrigation | P::Mining | P::RoadBuilding | P::Smith),
        }) => hold(ck, seat, card),
        _ => return None,
    };
    Some(r)
}

/// Applies a science play.
pub fn apply<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    action: &Action,
    events: &mut S,
) {
    match *action {
        Action::Ck(CkAction::PlayAlchemist { red, yellow }) => {
            spend(ck, seat, P::Alchemist, events);
            state.phase = Phase::Ck(CkPhase::RollingEvent { red, yellow });
        }
        Action::Ck(CkAction::CraneImprovement { track }) => {
            spend(ck, seat, P::Crane, events);
            improvements::apply_improve_for(state, ck, seat, track, 1, events);
        }
        Action::Ck(CkAction::PlayEngineer { node }) => {
            spend(ck, seat, P::Engineer, events);
            improvements::apply_wall_at(state, ck, seat, node, true, events);
        }
        Action::Ck(CkAction::PlayInventor { a, b }) => {
            spend(ck, seat, P::Inventor, events);
            // The only change to a board in any rule: this state takes its
            // own copy of the shared board first.
            let board = std::sync::Arc::make_mut(&mut state.board);
            let na = board.tiles[a.index()].number;
            board.tiles[a.index()].number = board.tiles[b.index()].number;
            board.tiles[b.index()].number = na;
            events.push(Event::Ck(CkEvent::TokensSwapped { a, b }));
        }
        Action::Ck(CkAction::PlayMedicine { node }) => {
            spend(ck, seat, P::Medicine, events);
            pay(state, seat, &MEDICINE_COST);
            ck.players[seat.index()].flat.remove(node);
            crate::rules::build::raise_city(state, seat, node, events);
        }
        Action::Ck(CkAction::PlayProgress { card: P::Irrigation }) => {
            spend(ck, seat, P::Irrigation, events);
            harvest(state, seat, Terrain::Fields, events);
        }
        Action::Ck(CkAction::PlayProgress { card: P::Mining }) => {
            spend(ck, seat, P::Mining, events);
            harvest(state, seat, Terrain::Mountains, events);
        }
        Action::Ck(CkAction::PlayProgress { card: P::RoadBuilding }) => {
            spend(ck, seat, P::RoadBuilding, events);
            let left = state.players[seat.index()].roads_left().min(2);
            state.phase = if left == 0 || road_spots(CkLayer(ck), state, seat).is_empty() {
                Phase::Base(BasePhase::Main)
            } else {
                Phase::Base(BasePhase::RoadBuilding {
                    left,
                    resume: Resume::Main,
                })
            };
        }
        Action::Ck(CkAction::PlayProgress { card: P::Smith }) => {
            spend(ck, seat, P::Smith, events);
            smith_next(state, ck, seat, 2);
        }
        _ => {}
    }
}

/// 2 of the terrain's resource per such hex touching an own building, as far
/// as the bank holds them (`ck.decide.irrigation_mining`: the robber does not
/// stop it).
fn harvest<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, terrain: Terrain, events: &mut S) {
    let t = state.topology();
    let Some(r) = terrain.resource() else { return };
    let own = state.players[seat.index()].buildings().0;
    let hexes = (0..state.topology().hex_count())
        .filter(|&h| state.board.tiles[h].terrain == terrain && (t.hex_node_set[h].0 & own).any())
        .count() as u8;
    let n = (2 * hexes).min(state.bank.get(r));
    if n > 0 {
        state.bank.0[r.index()] -= n;
        state.players[seat.index()].hand.0[r.index()] += n;
        events.push(Event::Base(BaseEvent::TookFromBank {
            seat,
            resources: Resources::of(&[(r, n)]),
        }));
    }
}

/// Smith: the next free promotion, or back to the turn when none is left.
pub fn smith_next(state: &mut BaseState, ck: &mut CkState, seat: Seat, left: u8) {
    let any = ck.players[seat.index()]
        .knights()
        .iter()
        .any(|n| knights::check_promote_at(state, ck, seat, n, true).is_ok());
    state.phase = if left > 0 && any {
        Phase::Ck(CkPhase::Smith { left })
    } else {
        Phase::Base(BasePhase::Main)
    };
}

/// Legal actions while Smith promotes.
pub fn legal_smith(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    for node in ck.players[seat.index()].knights().iter() {
        if knights::check_promote_at(state, ck, seat, node, true).is_ok() {
            out.push(Action::Ck(CkAction::PromoteKnight { node }));
        }
    }
    out.push(Action::Ck(CkAction::EndCard));
}

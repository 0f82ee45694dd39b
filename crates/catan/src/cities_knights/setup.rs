//! Setup (`ck.setup.*`): round 1 as in the base game; in round 2 (reverse
//! order) a city goes straight onto a free intersection
//! (`ck.setup.second_city`, the one exception to
//! `catan.build.city.requires_own_settlement`) and pays one resource per
//! adjacent land hex, no commodities (`ck.setup.start_resources`).

use super::error::CkError;
use crate::action::{Action, Event, Piece};
use crate::cities_knights::layer::CkLayer;
use crate::cities_knights::CkState;
use crate::error::CatanError;
use crate::rules::build::setup_settlement_spots;
use crate::rules::setup as base;
use crate::state::BaseState;
use crate::state::Phase;
use crate::topology::NodeId;
use crate::{BaseAction, BaseEvent, BasePhase};
use engine::{EventSink, Rejection};

/// Whether setup step `step` is in round 2 (the city round).
#[inline]
fn city_round(state: &BaseState, step: u8) -> bool {
    step as usize >= state.n()
}

/// Legal setup actions.
pub fn legal(state: &BaseState, step: u8, road_from: Option<NodeId>, out: &mut Vec<Action>) {
    if road_from.is_none() && city_round(state, step) {
        for node in setup_settlement_spots(state).iter() {
            out.push(Action::Base(BaseAction::BuildCity { node }));
        }
    } else {
        base::legal(state, road_from, out);
    }
}

/// Checks a setup action.
pub fn check(
    state: &BaseState,
    step: u8,
    road_from: Option<NodeId>,
    action: &Action,
) -> Result<(), Rejection<CatanError>> {
    match (*action, road_from, city_round(state, step)) {
        (Action::Base(BaseAction::BuildCity { node }), None, true) => {
            if setup_settlement_spots(state).contains(node) {
                Ok(())
            } else {
                Err(CatanError::SettlementDistance.into())
            }
        }
        (Action::Base(BaseAction::BuildSettlement { .. }), None, true) => {
            Err(CatanError::from(CkError::SetupCity).into())
        }
        (Action::Base(BaseAction::BuildCity { .. }), None, false) => Err(CatanError::CityRequiresOwnSettlement.into()),
        (Action::Base(a), _, _) => base::check(state, road_from, &a),
        (Action::Ck(_), _, _) => Err(Rejection::WrongPhase { phase: "setup" }),
    }
}

/// Applies a setup action.
pub fn apply<S: EventSink<Event>>(state: &mut BaseState, ck: &CkState, step: u8, action: &Action, events: &mut S) {
    match *action {
        Action::Base(BaseAction::BuildCity { node }) => {
            let seat = state.current;
            state.players[seat.index()].cities.insert(node);
            events.push(Event::Base(BaseEvent::Built {
                seat,
                piece: Piece::City,
                at: node.0,
                free: true,
            }));
            base::starting_resources(state, node, events);
            state.phase = Phase::Base(BasePhase::Setup {
                step,
                road_from: Some(node),
            });
        }
        Action::Base(a) => base::apply(CkLayer(ck), state, step, &a, events),
        Action::Ck(_) => {}
    }
}

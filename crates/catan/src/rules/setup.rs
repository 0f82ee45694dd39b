//! The setup (`catan.setup.*`): in snake order each player places a settlement
//! (distance rule, no road needed) and a road touching it; the second
//! settlement yields one resource per adjacent land hex.

use super::build::{place_road, place_settlement, setup_settlement_spots};
use super::layer::Layer;
use crate::action::{Action, Event};
use crate::error::CatanError;
use crate::resource::Resources;
use crate::state::{BaseState, Phase};
use crate::topology::NodeId;
use crate::{BaseAction, BaseEvent, BasePhase};
use engine::{EventSink, Rejection};

/// Legal setup actions of the seat placing now.
pub fn legal(state: &BaseState, road_from: Option<NodeId>, out: &mut Vec<Action>) {
    match road_from {
        None => {
            for node in setup_settlement_spots(state).iter() {
                out.push(Action::Base(BaseAction::BuildSettlement { node }));
            }
        }
        Some(n) => {
            let free = state.topology().node_edges[n.index()].0 & !state.all_roads().0;
            for edge in crate::bits::EdgeSet(free).iter() {
                out.push(Action::Base(BaseAction::BuildRoad { edge }));
            }
        }
    }
}

/// Checks a setup action of the seat placing now.
pub fn check(state: &BaseState, road_from: Option<NodeId>, action: &BaseAction) -> Result<(), Rejection<CatanError>> {
    match (*action, road_from) {
        (BaseAction::BuildSettlement { node }, None) => {
            if setup_settlement_spots(state).contains(node) {
                Ok(())
            } else {
                Err(CatanError::SettlementDistance.into())
            }
        }
        (BaseAction::BuildRoad { edge }, Some(from)) => {
            if !state.topology().node_edges[from.index()].contains(edge) {
                Err(CatanError::SetupRoadTouchesSettlement.into())
            } else if state.all_roads().contains(edge) {
                Err(CatanError::EdgeTaken.into())
            } else {
                Ok(())
            }
        }
        (BaseAction::BuildSettlement { .. }, Some(_)) | (BaseAction::BuildRoad { .. }, None) => {
            Err(Rejection::WrongPhase { phase: "setup" })
        }
        (
            BaseAction::BuildCity { .. }
            | BaseAction::Roll
            | BaseAction::Discard { .. }
            | BaseAction::MoveRobber { .. }
            | BaseAction::BuyDevelopmentCard
            | BaseAction::PlayKnight
            | BaseAction::PlayRoadBuilding
            | BaseAction::PlayYearOfPlenty { .. }
            | BaseAction::PlayMonopoly { .. }
            | BaseAction::MaritimeTrade { .. }
            | BaseAction::OpenTrade
            | BaseAction::OfferGive { .. }
            | BaseAction::OfferGet { .. }
            | BaseAction::SubmitOffer
            | BaseAction::AcceptOffer
            | BaseAction::DeclineOffer
            | BaseAction::ConfirmTrade { .. }
            | BaseAction::CounterOffer
            | BaseAction::AcceptCounter { .. }
            | BaseAction::ReviseOffer
            | BaseAction::CancelTrade
            | BaseAction::EndTurn,
            _,
        ) => Err(Rejection::WrongPhase { phase: "setup" }),
    }
}

/// Applies a setup placement.
pub fn apply<L: Layer, S: EventSink<Event>>(
    layer: L,
    state: &mut BaseState,
    step: u8,
    action: &BaseAction,
    events: &mut S,
) {
    let seat = state.current;
    match *action {
        BaseAction::BuildSettlement { node } => {
            place_settlement(layer, state, seat, node, true, events);
            if step as usize >= state.n() {
                starting_resources(state, node, events);
            }
            state.phase = Phase::Base(BasePhase::Setup {
                step,
                road_from: Some(node),
            });
        }
        BaseAction::BuildRoad { edge } => {
            place_road(layer, state, seat, edge, true, events);
            next_step(state, step, events);
        }
        // Refused by `check`: applied unchecked, nothing changes.
        BaseAction::BuildCity { .. }
        | BaseAction::Roll
        | BaseAction::Discard { .. }
        | BaseAction::MoveRobber { .. }
        | BaseAction::BuyDevelopmentCard
        | BaseAction::PlayKnight
        | BaseAction::PlayRoadBuilding
        | BaseAction::PlayYearOfPlenty { .. }
        | BaseAction::PlayMonopoly { .. }
        | BaseAction::MaritimeTrade { .. }
        | BaseAction::OpenTrade
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::SubmitOffer
        | BaseAction::AcceptOffer
        | BaseAction::DeclineOffer
        | BaseAction::ConfirmTrade { .. }
        | BaseAction::CounterOffer
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::CancelTrade
        | BaseAction::EndTurn => {}
    }
}

/// One resource per land hex next to `node`, as far as the bank holds them:
/// the second settlement's (base) or the second-round city's (Cities & Knights).
pub(crate) fn starting_resources<S: EventSink<Event>>(state: &mut BaseState, node: NodeId, events: &mut S) {
    let t = state.topology();
    let mut gain = Resources::ZERO;
    let mut hexes = t.node_hexes[node.index()];
    while hexes != 0 {
        let h = hexes.trailing_zeros() as usize;
        hexes &= hexes - 1;
        if let Some(r) = state.board.tiles[h].terrain.resource() {
            if state.bank.0[r.index()] > gain.0[r.index()] {
                gain.0[r.index()] += 1;
            }
        }
    }
    let seat = state.current;
    state.bank.sub(&gain);
    state.players[seat.index()].hand.add(&gain);
    events.push(Event::Base(BaseEvent::StartingResources { seat, resources: gain }));
}

fn next_step<S: EventSink<Event>>(state: &mut BaseState, step: u8, events: &mut S) {
    let next = step + 1;
    if next as usize >= 2 * state.n() {
        state.turn = 1;
        state.current = state.start_player;
        state.phase = Phase::Base(BasePhase::Roll);
        events.push(Event::Base(BaseEvent::TurnStarted {
            seat: state.current,
            turn: state.turn,
        }));
    } else {
        state.current = state.setup_seat(next);
        state.phase = Phase::Base(BasePhase::Setup {
            step: next,
            road_from: None,
        });
    }
}

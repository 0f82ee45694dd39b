//! Building (`catan.build.*`, `catan.pay.insufficient`): where roads,
//! settlements and cities may go, computed as bitsets so that enumerating
//! legal actions and checking one action use the very same sets.

use super::awards::{holder_length, refresh_broken, refresh_road, update_longest_road};
use super::layer::{Base, Layer};
use crate::action::{Action, Event, Piece};
use crate::bits::{EdgeBits, EdgeSet, NodeBits, NodeSet};
use crate::error::CatanError;
use crate::resource::ResourceCounts;
use crate::resource::Resources;
use crate::state::BaseState;
use crate::topology::{EdgeId, NodeId, Topology};
use crate::{BaseAction, BaseEvent};
use engine::{EventSink, Seat};

/// Nodes touched by a set of roads.
#[inline]
pub fn road_nodes(t: &Topology, roads: EdgeSet) -> NodeSet {
    let mut s = NodeBits::ZERO;
    for e in roads.iter() {
        s |= t.edge_node_set[e.index()].0;
    }
    NodeSet(s)
}

/// Nodes where the distance rule forbids a settlement: buildings and their neighbours.
#[inline]
pub fn distance_blocked(state: &BaseState) -> NodeSet {
    let t = state.topology();
    let occupied = state.occupied();
    let mut s = occupied.0;
    for n in occupied.iter() {
        s |= t.node_neighbors[n.index()].0;
    }
    NodeSet(s)
}

/// Settlement spots in the setup: the distance rule only.
#[inline]
pub fn setup_settlement_spots(state: &BaseState) -> NodeSet {
    NodeSet(state.topology().all_nodes.0 & !distance_blocked(state).0)
}

/// Settlement spots in the game: distance rule and an own road.
#[inline]
pub fn settlement_spots(state: &BaseState, seat: Seat) -> NodeSet {
    let Some(p) = state.players.get(seat.index()) else {
        return NodeSet::EMPTY;
    };
    NodeSet(road_nodes(state.topology(), p.roads).0 & !distance_blocked(state).0)
}

/// Free edges a road of `seat` may go on: touching an own building, or an own
/// road at a node without another player's building.
#[inline]
pub fn road_spots<L: Layer>(layer: L, state: &BaseState, seat: Seat) -> EdgeSet {
    let Some(p) = state.players.get(seat.index()) else {
        return EdgeSet::EMPTY;
    };
    let t = state.topology();
    let opp = layer.road_blockers(state, seat.index());
    let reach = NodeSet(p.buildings().0 | (road_nodes(state.topology(), p.roads).0 & !opp.0));
    let mut s = EdgeBits::ZERO;
    for n in reach.iter() {
        s |= t.node_edges[n.index()].0;
    }
    EdgeSet(s & !state.all_roads().0)
}

/// Why a road of `seat` cannot go on `edge` (placement only).
pub fn road_placement<L: Layer>(layer: L, state: &BaseState, seat: Seat, edge: EdgeId) -> Result<(), CatanError> {
    if state.all_roads().contains(edge) {
        return Err(CatanError::EdgeTaken);
    }
    if road_spots(layer, state, seat).contains(edge) {
        return Ok(());
    }
    let t = state.topology();
    let own_road_nodes = road_nodes(state.topology(), state.players[seat.index()].roads);
    if (t.edge_node_set[edge.index()].0 & own_road_nodes.0).any() {
        Err(CatanError::RoadBlocked)
    } else {
        Err(CatanError::RoadNotConnected)
    }
}

/// Checks a road built in the game (`free` for the road building card).
pub fn check_road<L: Layer>(
    layer: L,
    state: &BaseState,
    seat: Seat,
    edge: EdgeId,
    free: bool,
) -> Result<(), CatanError> {
    road_placement(layer, state, seat, edge)?;
    let p = &state.players[seat.index()];
    if p.roads_left() == 0 {
        return Err(CatanError::NoPieceLeft { piece: Piece::Road });
    }
    if !free && !p.hand.covers(&Resources::ROAD) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks a settlement built in the game.
#[inline]
pub fn check_settlement(state: &BaseState, seat: Seat, node: NodeId) -> Result<(), CatanError> {
    check_settlement_with(Base, state, seat, node)
}

/// Checks a settlement built in the game under a rule set's `layer` (which
/// may block more nodes and count pieces differently).
pub fn check_settlement_with<L: Layer>(
    layer: L,
    state: &BaseState,
    seat: Seat,
    node: NodeId,
) -> Result<(), CatanError> {
    if distance_blocked(state).contains(node) {
        return Err(CatanError::SettlementDistance);
    }
    layer.settlement_blocked(state, node)?;
    let p = &state.players[seat.index()];
    if !road_nodes(state.topology(), p.roads).contains(node) {
        return Err(CatanError::SettlementNotConnected);
    }
    if layer.settlements_left(state, seat) == 0 {
        return Err(CatanError::NoPieceLeft {
            piece: Piece::Settlement,
        });
    }
    if !p.hand.covers(&Resources::SETTLEMENT) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks a city (seed 003): only on an own settlement, with a city piece left
/// and the cards in hand.
#[inline]
pub fn check_city(state: &BaseState, seat: Seat, node: NodeId) -> Result<(), CatanError> {
    check_city_with(Base, state, seat, node)
}

/// Checks a city under a rule set's `layer` (which may let a city stand up
/// without a new piece).
pub fn check_city_with<L: Layer>(layer: L, state: &BaseState, seat: Seat, node: NodeId) -> Result<(), CatanError> {
    let p = &state.players[seat.index()];
    if !p.settlements.contains(node) {
        return Err(CatanError::CityRequiresOwnSettlement);
    }
    if !layer.city_piece_free(state, seat, node) && layer.cities_left(state, seat) == 0 {
        return Err(CatanError::NoPieceLeft { piece: Piece::City });
    }
    if !p.hand.covers(&Resources::CITY) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// The building actions of a main phase (roads, settlements, cities), in this
/// order, under a rule set's `layer`: the one list both rule sets start from.
pub fn build_actions<L: Layer>(layer: L, state: &BaseState, seat: Seat, out: &mut Vec<Action>) {
    let p = &state.players[seat.index()];
    let hand = p.hand;
    // The cost first: it is a few byte compares, while a piece count is a
    // population count (in software on the default target), and most hands
    // cannot pay.
    if hand.covers(&Resources::ROAD) && p.roads_left() > 0 {
        for edge in road_spots(layer, state, seat).iter() {
            out.push(Action::Base(BaseAction::BuildRoad { edge }));
        }
    }
    if hand.covers(&Resources::SETTLEMENT) && layer.settlements_left(state, seat) > 0 {
        let spots = settlement_spots(state, seat).0 & !layer.settlement_blockers(state).0;
        for node in NodeSet(spots).iter() {
            out.push(Action::Base(BaseAction::BuildSettlement { node }));
        }
    }
    if hand.covers(&Resources::CITY) {
        let pieces = layer.cities_left(state, seat) > 0;
        for node in p.settlements.iter() {
            if pieces || layer.city_piece_free(state, seat, node) {
                out.push(Action::Base(BaseAction::BuildCity { node }));
            }
        }
    }
}

/// Moves `cost` from the seat's hand to the bank.
#[inline]
pub fn pay(state: &mut BaseState, seat: Seat, cost: &Resources) {
    state.players[seat.index()].hand.sub(cost);
    state.bank.add(cost);
}

/// Places a road (paid unless `free`) and re-awards Longest Road.
pub fn place_road<L: Layer, S: EventSink<Event>>(
    layer: L,
    state: &mut BaseState,
    seat: Seat,
    edge: EdgeId,
    free: bool,
    events: &mut S,
) {
    if !free {
        pay(state, seat, &Resources::ROAD);
    }
    state.players[seat.index()].roads.insert(edge);
    events.push(Event::Base(BaseEvent::Built {
        seat,
        piece: Piece::Road,
        at: edge.0,
        free,
    }));
    let before = holder_length(state);
    let old = state.players[seat.index()].road_length;
    refresh_road(layer, state, seat);
    if state.players[seat.index()].road_length != old {
        update_longest_road(state, before, events);
    }
}

/// Places a settlement (paid unless `free`); a settlement may break other
/// players' roads, so their lengths and Longest Road are recomputed.
pub fn place_settlement<L: Layer, S: EventSink<Event>>(
    layer: L,
    state: &mut BaseState,
    seat: Seat,
    node: NodeId,
    free: bool,
    events: &mut S,
) {
    if !free {
        pay(state, seat, &Resources::SETTLEMENT);
    }
    state.players[seat.index()].settlements.insert(node);
    events.push(Event::Base(BaseEvent::Built {
        seat,
        piece: Piece::Settlement,
        at: node.0,
        free,
    }));
    let before = holder_length(state);
    if refresh_broken(layer, state, node, seat) {
        update_longest_road(state, before, events);
    }
}

/// Upgrades a settlement: the settlement returns to the supply, the city takes
/// its place (seed 003).
pub fn place_city<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, node: NodeId, events: &mut S) {
    pay(state, seat, &Resources::CITY);
    raise_city(state, seat, node, events);
}

/// A city takes the place of the settlement on `node`, paid for already (by
/// the city's cost, or Cities & Knights' Medicine).
pub fn raise_city<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, node: NodeId, events: &mut S) {
    let p = &mut state.players[seat.index()];
    p.settlements.remove(node);
    p.cities.insert(node);
    events.push(Event::Base(BaseEvent::Built {
        seat,
        piece: Piece::City,
        at: node.0,
        free: false,
    }));
}

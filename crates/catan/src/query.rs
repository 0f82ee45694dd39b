//! # What other crates read of the rules
//!
//! The stable surface for bots, the Python environments, the CLI, the server
//! and tools: questions asked of a [`State`] (where a settlement may go, a
//! seat's bank rates, the barbarians' strength, where a hero stands) and the
//! costs and limits a player's plan needs. The rule modules (`rules`,
//! `cities_knights`, `five_six`) are private to the crate, so a rule change
//! (a module split, a new storage of knights, a renamed helper) stays inside
//! it: only this module and the plain data types re-exported at the crate
//! root have to keep their shape.
//!
//! Every function is a thin `#[inline]` wrapper: the bots call several of
//! them per evaluated position, and a wrapper must cost nothing.
//! Cities & Knights questions answer for a base state as if nothing of C&K
//! were on the board (no knights, no defence), never by panicking.

use crate::bits::{EdgeSet, NodeSet};
use crate::cities_knights::{self as ck, heroes, CARD_KINDS};
use crate::resource::{Resources, RESOURCE_COUNT};
use crate::rules::layer::Base;
use crate::state::{Part, State};
use crate::topology::{EdgeId, HexId, NodeId, Topology};
use engine::Seat;

pub use crate::cities_knights::heroes::{Attackable, Location, PieceKind, Reason};
/// The development deck of the 5–6 player extension (34 cards).
pub use crate::five_six::deck_56;

/// Building or promoting a knight (C&K): 1 wool, 1 ore.
pub const KNIGHT_COST: Resources = ck::knights::KNIGHT_COST;
/// Activating a knight (C&K): 1 grain.
pub const ACTIVATE_COST: Resources = ck::knights::ACTIVATE_COST;
/// A city wall (C&K): 2 brick.
pub const WALL_COST: Resources = ck::improvements::WALL_COST;
/// City walls per player (C&K).
pub const WALL_LIMIT: u8 = ck::state::WALL_LIMIT;
/// Steps of the barbarian ship to the coast; on the last one it attacks (C&K).
pub const BARBARIAN_STEPS: u8 = ck::state::BARBARIAN_STEPS;

/// Where `seat` may build a settlement during the game: the distance rule and
/// an own road (`catan.build.settlement`); knights are not subtracted.
#[inline]
pub fn settlement_spots<P: Part>(state: &State<P>, seat: Seat) -> NodeSet {
    crate::rules::build::settlement_spots(state, seat)
}

/// Free edges a road of `seat` may go on (`catan.build.road`).
#[inline]
pub fn road_spots<P: Part>(state: &State<P>, seat: Seat) -> EdgeSet {
    crate::rules::build::road_spots(Base, state, seat)
}

/// The intersections touched by the given roads.
#[inline]
pub fn road_nodes(topology: &Topology, roads: EdgeSet) -> NodeSet {
    crate::rules::build::road_nodes(topology, roads)
}

/// The best bank rate of `seat` for each resource (4, 3 or 2; harbours).
#[inline]
pub fn rates<P: Part>(state: &State<P>, seat: Seat) -> [u8; RESOURCE_COUNT] {
    crate::rules::trade::rates(state, seat)
}

/// The bank rate of `seat` for each card of Cities & Knights (resources, then
/// commodities; with the Merchant Guild and the merchant).
#[inline]
pub fn card_rates<P: Part>(state: &State<P>, seat: Seat) -> [u8; CARD_KINDS] {
    match state.ck() {
        Some(ck) => ck::trade::rates(state, ck, seat),
        None => {
            let mut out = [4; CARD_KINDS];
            out[..RESOURCE_COUNT].copy_from_slice(&rates(state, seat));
            out
        }
    }
}

/// Cards (resources and, in C&K, commodities) `seat` holds.
#[inline]
pub fn card_count<P: Part>(state: &State<P>, seat: Seat) -> u32 {
    match state.ck() {
        Some(ck) => ck::card_count(state, ck, seat),
        None => state.players.get(seat.index()).map_or(0, |p| p.hand.total()),
    }
}

/// Every knight on the board (empty outside C&K).
#[inline]
pub fn all_knights<P: Part>(state: &State<P>) -> NodeSet {
    state
        .ck()
        .map_or(NodeSet::EMPTY, |ck| ck::knights::all_knights(state, ck))
}

/// Intersections holding nothing: no building, no knight.
#[inline]
pub fn empty_nodes<P: Part>(state: &State<P>) -> NodeSet {
    match state.ck() {
        Some(ck) => ck::knights::empty_nodes(state, ck),
        None => NodeSet(state.topology().all_nodes.0 & !state.occupied().0),
    }
}

/// The barbarians' strength: cities on the board (`ck.barbarian.strength`).
#[inline]
pub fn barbarian_strength<P: Part>(state: &State<P>) -> u32 {
    ck::barbarians::strength(state)
}

/// Catan's defence: every active knight's strength (`ck.barbarian.defence`);
/// 0 outside C&K.
#[inline]
pub fn defence<P: Part>(state: &State<P>) -> u32 {
    state.ck().map_or(0, |ck| ck::barbarians::defence(state, ck))
}

/// One seat's share of Catan's defence; 0 outside C&K.
#[inline]
pub fn own_defence<P: Part>(state: &State<P>, seat: Seat) -> u32 {
    match state.ck() {
        Some(ck) if seat.index() < state.n() => ck::barbarians::own_defence(ck, seat.index()),
        _ => 0,
    }
}

/// Cities of `seat` the barbarians can pillage: those without a metropolis
/// (every city outside C&K).
#[inline]
pub fn pillageable<P: Part>(state: &State<P>, seat: Seat) -> NodeSet {
    if seat.index() >= state.n() {
        return NodeSet::EMPTY;
    }
    match state.ck() {
        Some(ck) => ck::barbarians::pillageable(state, ck, seat.index()),
        None => state.players[seat.index()].cities,
    }
}

/// The intersection of `seat`'s hero, if on the board (heroes rule set).
#[inline]
pub fn hero_node<P: Part>(state: &State<P>, seat: Seat) -> Option<NodeId> {
    match state.ck() {
        Some(ck) if seat.index() < state.n() => heroes::actions::hero_node(ck, seat),
        _ => None,
    }
}

/// The owner of the squire on `hex` (heroes rule set).
#[inline]
pub fn squire_owner<P: Part>(state: &State<P>, hex: HexId) -> Option<Seat> {
    heroes::actions::squire_owner(state, state.ck()?, hex)
}

/// The hexes next to `hex`.
#[inline]
pub fn hex_neighbours(topology: &Topology, hex: HexId) -> impl Iterator<Item = HexId> + '_ {
    heroes::actions::neighbours(topology, hex)
}

/// The edge two neighbouring hexes share, if they are neighbours.
#[inline]
pub fn edge_between_hexes(topology: &Topology, a: HexId, b: HexId) -> Option<EdgeId> {
    heroes::actions::edge_between_hexes(topology, a, b)
}

/// The opposing pieces `seat` could attack, for a battle system on top of the
/// heroes rule set (battles themselves are out of scope, `rules/heroes.md`).
pub fn attackable_by<P: Part>(state: &State<P>, seat: Seat) -> Vec<Attackable> {
    state
        .ck()
        .map_or_else(Vec::new, |ck| heroes::attackable_by(state, ck, seat))
}

/// Whether `seat`'s hero protects its pieces around it (heroes rule set).
pub fn hero_protection<P: Part>(state: &State<P>, seat: Seat) -> bool {
    state.ck().is_some_and(|ck| heroes::hero_protection(state, ck, seat))
}

/// Whether the active player builds in a step of the 5–6 Special Building
/// Phase (no trade, no development card there).
#[inline]
pub fn in_special_building<P: Part>(state: &State<P>) -> bool {
    crate::five_six::in_special_building(state)
}

/// Whether the active player is paired player 2 of the 5–6 paired turns.
#[inline]
pub fn in_player_two<P: Part>(state: &State<P>) -> bool {
    crate::five_six::in_player_two(state)
}

/// The geometry of `state`'s board as JSON, as `Game::topology` serves it to
/// renderers (hex, node and edge positions and their relations).
pub fn board_geometry<P: Part>(state: &State<P>) -> serde_json::Value {
    crate::geometry::served(state)
}

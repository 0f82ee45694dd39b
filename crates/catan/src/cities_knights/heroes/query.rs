//! Queries for a battle system (`snh.attack.*`, `snh.hero.protection`):
//! pure functions of the public state that change nothing.

use super::actions::hero_node;
use crate::cities_knights::CkState;
use crate::rules::build::road_nodes;
use crate::state::BaseState;
use crate::topology::{EdgeId, HexId, NodeId};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// The kind of an attackable piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    /// A settlement (a lying city piece included).
    Settlement,
    /// A city without a metropolis.
    City,
    /// A city with a metropolis.
    Metropolis,
    /// A knight other than a hero.
    Knight,
    /// A road.
    Road,
}

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "at", content = "id", rename_all = "snake_case")]
pub enum Location {
    /// An intersection (settlements, cities, knights).
    Node(NodeId),
    /// An edge (roads).
    Edge(EdgeId),
}

/// Why a piece is attackable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Reason {
    /// One of the seat's squires stands on a hex of the piece (`snh.attack.squire`).
    Squire {
        /// The squire's hex.
        hex: HexId,
    },
    /// The piece shares an intersection with one of the seat's roads,
    /// settlements or cities (`snh.attack.adjacent`).
    Adjacent,
}

/// One opposing piece a seat could attack.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attackable {
    /// The piece's owner.
    pub owner: Seat,
    /// What it is.
    pub kind: PieceKind,
    /// Where it stands; this is the piece's id (one piece per intersection or
    /// edge), and the list is sorted by it: intersections first, then edges.
    pub location: Location,
    /// Every reason, sorted, each once.
    pub reasons: Vec<Reason>,
}

/// Every opposing piece `seat` could attack, each once with its owner, kind,
/// location and reasons, sorted by location (`snh.attack.squire`,
/// `snh.attack.adjacent`); heroes are never listed (`snh.hero.not_attackable`).
/// Empty in games without heroes and for seats not at the table.
pub fn attackable_by(state: &BaseState, ck: &CkState, seat: Seat) -> Vec<Attackable> {
    let mut out: Vec<Attackable> = Vec::new();
    if !state.rules.has_heroes() || seat.index() >= state.n() {
        return out;
    }
    let t = state.topology();
    let c = ck;
    let me = &state.players[seat.index()];
    let squires = c.players[seat.index()].heroes.squires;
    let mut near = road_nodes(state.topology(), me.roads);
    near.union_with(me.settlements.0 | me.cities.0);
    let metros = c.all_metropolis_nodes();
    let mut add = |owner: Seat, kind: PieceKind, location: Location, reason: Reason| match out
        .iter_mut()
        .find(|a| a.location == location)
    {
        Some(a) => {
            if !a.reasons.contains(&reason) {
                a.reasons.push(reason);
            }
        }
        None => out.push(Attackable {
            owner,
            kind,
            location,
            reasons: vec![reason],
        }),
    };
    for (i, p) in state.players.iter().enumerate().take(state.n()) {
        if i == seat.index() {
            continue;
        }
        let owner = Seat(i as u8);
        let heroes = c.players[i].hero();
        let mut nodes: Vec<(NodeId, PieceKind)> = Vec::new();
        for n in p.settlements.iter() {
            nodes.push((n, PieceKind::Settlement));
        }
        for n in p.cities.iter() {
            let kind = if metros.contains(n) {
                PieceKind::Metropolis
            } else {
                PieceKind::City
            };
            nodes.push((n, kind));
        }
        for n in c.players[i].knights().iter().filter(|&n| !heroes.contains(n)) {
            nodes.push((n, PieceKind::Knight));
        }
        for (n, kind) in nodes {
            for hex in squires.iter() {
                if t.hex_node_set[hex.index()].contains(n) {
                    add(owner, kind, Location::Node(n), Reason::Squire { hex });
                }
            }
            if near.contains(n) {
                add(owner, kind, Location::Node(n), Reason::Adjacent);
            }
        }
        for e in p.roads.iter() {
            let ends = t.edge_node_set[e.index()];
            for hex in squires.iter() {
                if (ends.0 & !t.hex_node_set[hex.index()].0).is_zero() {
                    add(owner, PieceKind::Road, Location::Edge(e), Reason::Squire { hex });
                }
            }
            if (ends.0 & near.0).any() {
                add(owner, PieceKind::Road, Location::Edge(e), Reason::Adjacent);
            }
        }
    }
    for a in &mut out {
        a.reasons.sort();
    }
    out.sort_by_key(|a| a.location);
    out
}

/// Whether `seat` has a hero on the board, active or not, wherever it stands
/// (`snh.hero.protection`): a battle system then removes no road and no
/// knight of that seat after an attack on one of its roads.
pub fn hero_protection(state: &BaseState, ck: &CkState, seat: Seat) -> bool {
    state.rules.has_heroes() && seat.index() < state.n() && hero_node(ck, seat).is_some()
}

//! What each place of a board touches, with its substance: each
//! intersection with its hexes (terrain, number, pips), its harbor and its
//! neighbours; each path with its two intersections; each hex with its
//! corners (`Game::places`, served with the description).
//!
//! The geometry (coordinates, what touches what) is `geometry.rs`'s
//! `topology`; this adds what lies there, so that a reader (an agent's
//! label, a tooltip) can say "wheat 6, ore 8, wool 3 (12 pips), 3:1 harbor"
//! without re-deriving adjacency. Both read the same adjacency tables.

use crate::board::{Harbor, Terrain};
use crate::resource::Resource;
use crate::state::{Part, State};
use serde::{Deserialize, Serialize};

/// The places of one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Places {
    /// Always `catan`.
    pub kind: String,
    /// Every intersection, by id.
    pub intersections: Vec<Intersection>,
    /// Every path, by id.
    pub paths: Vec<Path>,
    /// Every land hex, by id.
    pub hexes: Vec<HexPlace>,
}

/// One intersection (node).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intersection {
    /// Its node id.
    pub id: u8,
    /// The land hexes it touches, with what they produce.
    pub hexes: Vec<HexPlace>,
    /// Sum of the hexes' pips: the dots under their numbers (ways to roll
    /// them out of 36).
    pub pips: u32,
    /// The harbor it trades at, if any.
    pub harbor: Option<Harbor>,
    /// Intersections one path away.
    pub neighbours: Vec<u8>,
    /// The paths that end here.
    pub paths: Vec<u8>,
}

/// One path (edge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Path {
    /// Its edge id.
    pub id: u8,
    /// Its two intersections, lower id first.
    pub intersections: [u8; 2],
    /// The land hexes on either side.
    pub hexes: Vec<u8>,
    /// The harbor on it, if any.
    pub harbor: Option<Harbor>,
}

/// One land hex, as a place and as what an intersection touches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexPlace {
    /// Its hex id.
    pub id: u8,
    /// Its terrain.
    pub terrain: Terrain,
    /// What it produces (`null`: the desert).
    pub resource: Option<Resource>,
    /// Its number token (`null`: the desert).
    pub number: Option<u8>,
    /// Dots under the number: 6 − |7 − number|, 0 without one.
    pub pips: u8,
    /// Its six corners, clockwise from the top (only in `Places::hexes`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corners: Vec<u8>,
}

/// The dots under a number token: the ways to roll it with two dice.
pub const fn pips(number: Option<u8>) -> u8 {
    match number {
        Some(n @ 2..=12) => 6 - n.abs_diff(7),
        _ => 0,
    }
}

/// The places of `state`'s board.
pub fn places<P: Part>(state: &State<P>) -> Places {
    let t = state.topology();
    let hex_count = t.hex_count();
    let hex = |h: usize, corners: bool| {
        let tile = state.board.tiles.get(h);
        let terrain = tile.map_or(Terrain::Desert, |x| x.terrain);
        let number = tile.and_then(|x| x.number);
        HexPlace {
            id: h as u8,
            terrain,
            resource: terrain.resource(),
            number,
            pips: pips(number),
            corners: if corners {
                t.hex_nodes[h].iter().map(|n| n.0).collect()
            } else {
                Vec::new()
            },
        }
    };
    let harbor_of_edge = |e: usize| state.board.harbors.iter().find(|h| h.edge.index() == e).map(|h| h.kind);
    let harbor_of_node = |n: usize| {
        state
            .board
            .harbors
            .iter()
            .find(|h| t.edge_nodes.get(h.edge.index()).is_some_and(|ns| ns.iter().any(|x| x.index() == n)))
            .map(|h| h.kind)
    };
    let intersections = (0..t.node_count())
        .map(|n| {
            let hexes: Vec<HexPlace> = (0..hex_count.min(32))
                .filter(|&h| t.node_hexes[n] & (1 << h) != 0)
                .map(|h| hex(h, false))
                .collect();
            Intersection {
                id: n as u8,
                pips: hexes.iter().map(|h| u32::from(h.pips)).sum(),
                hexes,
                harbor: harbor_of_node(n),
                neighbours: t.node_neighbors[n].iter().map(|m| m.0).collect(),
                paths: t.node_edges[n].iter().map(|e| e.0).collect(),
            }
        })
        .collect();
    let paths = (0..t.edge_count())
        .map(|e| {
            let [a, b] = t.edge_nodes[e];
            let shared = t.node_hexes[a.index()] & t.node_hexes[b.index()];
            Path {
                id: e as u8,
                intersections: [a.0, b.0],
                hexes: (0..hex_count.min(32))
                    .filter(|&h| shared & (1 << h) != 0)
                    .map(|h| h as u8)
                    .collect(),
                harbor: harbor_of_edge(e),
            }
        })
        .collect();
    Places {
        kind: "catan".to_owned(),
        intersections,
        paths,
        hexes: (0..hex_count).map(|h| hex(h, true)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pips_count_the_ways_to_roll() {
        assert_eq!(pips(Some(6)), 5);
        assert_eq!(pips(Some(8)), 5);
        assert_eq!(pips(Some(2)), 1);
        assert_eq!(pips(Some(12)), 1);
        assert_eq!(pips(None), 0);
        assert_eq!(pips(Some(13)), 0);
    }
}

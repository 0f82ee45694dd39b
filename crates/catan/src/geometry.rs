//! The board's geometry as served to clients (`{"op":"topology"}`, `GET
//! /api/tables/{id}/topology`): every hex, intersection and path with its
//! coordinates and everything it touches, the coast, the frame's fixed spots
//! and this game's harbors. Clients draw from it and keep no copy of the shape.
//!
//! Everything is read from the adjacency tables by their lengths, not from
//! the base board's constants, so a larger board (5–6 players, issue 17) is
//! served by the same code once its topology exists.
//!
//! Coordinates are on the integer grid of `topology.rs`: a unit of `x` is
//! √3/2 of a hex side, a unit of `y` half a side, `y` grows downwards; a hex
//! centre is at `(2q + r, 3r)`. A path's coordinates are its midpoint (halves).

use crate::board::{Harbor, Terrain};
use crate::resource::Resource;
use crate::state::{Part, State};
use crate::topology::NodeId;
use serde::Serialize;

#[derive(Serialize)]
struct Served {
    kind: &'static str,
    grid: Grid,
    hexes: Vec<Hex>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// Coastal paths, clockwise from the top-left side of hex 0.
    coast: Vec<u8>,
    /// The frame's fixed harbor spots (paths), where random boards put harbors.
    harbor_spots: Vec<u8>,
    harbors: Vec<HarborOut>,
}

#[derive(Serialize)]
struct Grid {
    /// Length of a unit of `x`, in hex sides.
    x_unit: f64,
    /// Length of a unit of `y`, in hex sides.
    y_unit: f64,
    /// Orientation of the hexes.
    hexes: &'static str,
}

#[derive(Serialize)]
struct Hex {
    id: u8,
    q: i8,
    r: i8,
    x: i8,
    y: i8,
    terrain: Terrain,
    number: Option<u8>,
    /// Corners clockwise from the top.
    nodes: Vec<u8>,
    /// Sides clockwise from the top-right one (corner k to corner k+1).
    edges: Vec<u8>,
    /// Hexes sharing a side.
    hexes: Vec<u8>,
}

#[derive(Serialize)]
struct Node {
    id: u8,
    x: i8,
    y: i8,
    hexes: Vec<u8>,
    nodes: Vec<u8>,
    edges: Vec<u8>,
}

#[derive(Serialize)]
struct Edge {
    id: u8,
    x: f64,
    y: f64,
    nodes: [u8; 2],
    hexes: Vec<u8>,
    /// Paths sharing an intersection with this one.
    edges: Vec<u8>,
    coast: bool,
}

#[derive(Serialize)]
struct HarborOut {
    edge: u8,
    kind: Harbor,
    /// 2 for a 2:1 harbor, 3 for a generic one.
    rate: u8,
    resource: Option<Resource>,
    nodes: [u8; 2],
}

fn bits(mask: u32, len: usize) -> Vec<u8> {
    (0..len.min(32))
        .filter(|&i| mask & (1 << i) != 0)
        .map(|i| i as u8)
        .collect()
}

/// The geometry of `state`'s board as JSON (`Game::topology`).
pub fn served<P: Part>(state: &State<P>) -> serde_json::Value {
    let t = state.topology();
    let hex_count = t.hex_coords.len();
    let edge_of = |a: NodeId, b: NodeId| t.edge_between(a, b).map_or(u8::MAX, |e| e.0);
    let hexes = (0..hex_count)
        .map(|h| {
            let (q, r) = t.hex_coords[h];
            let tile = state.board.tiles.get(h);
            let corners = t.hex_nodes[h];
            Hex {
                id: h as u8,
                q,
                r,
                x: 2 * q + r,
                y: 3 * r,
                terrain: tile.map_or(Terrain::Desert, |x| x.terrain),
                number: tile.and_then(|x| x.number),
                nodes: corners.iter().map(|n| n.0).collect(),
                edges: (0..6).map(|k| edge_of(corners[k], corners[(k + 1) % 6])).collect(),
                hexes: bits(t.hex_neighbors[h], hex_count),
            }
        })
        .collect();
    let nodes = (0..t.node_pos.len())
        .map(|n| Node {
            id: n as u8,
            x: t.node_pos[n].0,
            y: t.node_pos[n].1,
            hexes: bits(t.node_hexes[n], hex_count),
            nodes: t.node_neighbors[n].iter().map(|m| m.0).collect(),
            edges: t.node_edges[n].iter().map(|e| e.0).collect(),
        })
        .collect();
    let edges = (0..t.edge_count())
        .map(|e| {
            let [a, b] = t.edge_nodes[e];
            let (pa, pb) = (t.node_pos[a.index()], t.node_pos[b.index()]);
            let mut touching: Vec<u8> = t.node_edges[a.index()]
                .iter()
                .chain(t.node_edges[b.index()].iter())
                .map(|x| x.0)
                .filter(|&x| usize::from(x) != e)
                .collect();
            touching.sort_unstable();
            Edge {
                id: e as u8,
                x: (f64::from(pa.0) + f64::from(pb.0)) / 2.0,
                y: (f64::from(pa.1) + f64::from(pb.1)) / 2.0,
                nodes: [a.0, b.0],
                hexes: bits(t.node_hexes[a.index()] & t.node_hexes[b.index()], hex_count),
                edges: touching,
                coast: t.coast.iter().any(|c| c.index() == e),
            }
        })
        .collect();
    let harbors = state
        .board
        .harbors
        .iter()
        .map(|h| {
            let nodes = t
                .edge_nodes
                .get(h.edge.index())
                .map_or([u8::MAX; 2], |[a, b]| [a.0, b.0]);
            HarborOut {
                edge: h.edge.0,
                kind: h.kind,
                rate: if h.kind.resource().is_some() { 2 } else { 3 },
                resource: h.kind.resource(),
                nodes,
            }
        })
        .collect();
    let served = Served {
        kind: "catan",
        grid: Grid {
            x_unit: 3f64.sqrt() / 2.0,
            y_unit: 0.5,
            hexes: "pointy_top",
        },
        hexes,
        nodes,
        edges,
        coast: t.coast.iter().map(|e| e.0).collect(),
        harbor_spots: t.harbor_edges.iter().map(|e| e.0).collect(),
        harbors,
    };
    // Our own derive(Serialize) types always serialise.
    serde_json::to_value(served).unwrap_or(serde_json::Value::Null)
}

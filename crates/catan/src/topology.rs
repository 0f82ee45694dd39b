//! The board's shape: 19 land hexes, 54 intersections (nodes), 72 paths (edges)
//! and the frame's 9 fixed harbor spots, built once from a coordinate template into dense ids and
//! adjacency tables, then shared by every state (`topology()`).
//!
//! Hexes are pointy-top in axial coordinates `(q, r)` with `|q|, |r|, |q + r| ≤ 2`.
//! Corners live on an integer grid: a hex centre sits at `x = 2q + r`, `y = 3r`
//! (x in units of √3/2, y in units of ½, y growing downwards), its corners at the
//! offsets below. Ids are given in reading order (top to bottom, then left to
//! right), so the numbering table in `docs/games/catan.md` is easy to follow.

use crate::bits::{EdgeSet, NodeSet};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Number of land hexes.
pub const HEX_COUNT: usize = 19;
/// Number of intersections.
pub const NODE_COUNT: usize = 54;
/// Number of paths between intersections.
pub const EDGE_COUNT: usize = 72;
/// Number of harbors (and of the frame's fixed spots).
pub const HARBOR_COUNT: usize = 9;
/// Number of coastal edges.
pub const COAST_COUNT: usize = 30;

/// A land hex, `0..19` in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct HexId(pub u8);

/// An intersection, `0..54` in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct NodeId(pub u8);

/// A path between two intersections, `0..72`, ordered by its two node ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct EdgeId(pub u8);

impl HexId {
    /// As an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
impl NodeId {
    /// As an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
impl EdgeId {
    /// As an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Corner offsets of a hex on the integer grid, clockwise from the top corner.
const CORNERS: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

/// Every adjacency table of the board, built once.
#[derive(Debug)]
pub struct Topology {
    /// Axial coordinates `(q, r)` of each hex.
    pub hex_coords: [(i8, i8); HEX_COUNT],
    /// The six corners of each hex, clockwise from the top.
    pub hex_nodes: [[NodeId; 6]; HEX_COUNT],
    /// The six corners of each hex as a node set.
    pub hex_node_set: [NodeSet; HEX_COUNT],
    /// Hexes sharing a side with each hex (bit i = hex i).
    pub hex_neighbors: [u32; HEX_COUNT],
    /// Grid position `(x, y)` of each node (documentation and ordering).
    pub node_pos: [(i8, i8); NODE_COUNT],
    /// Land hexes touching each node (bit i = hex i).
    pub node_hexes: [u32; NODE_COUNT],
    /// Nodes one edge away from each node.
    pub node_neighbors: [NodeSet; NODE_COUNT],
    /// Edges touching each node.
    pub node_edges: [EdgeSet; NODE_COUNT],
    /// The two nodes of each edge, lower id first.
    pub edge_nodes: [[NodeId; 2]; EDGE_COUNT],
    /// The two nodes of each edge as a node set.
    pub edge_node_set: [NodeSet; EDGE_COUNT],
    /// Coastal edges, clockwise starting at the top-left edge of hex 0.
    pub coast: [EdgeId; COAST_COUNT],
    /// The edge of each of the frame's fixed harbor spots (clockwise), where
    /// the random and the beginner board put their harbors and where the
    /// older layout form (a list of kinds) puts them; a stated layout may put
    /// its harbors on any coastal edges (`Board::harbors`).
    pub harbor_edges: [EdgeId; HARBOR_COUNT],
    /// Where the nine fixed spots sit among the coastal edges.
    pub harbor_coast_index: [usize; HARBOR_COUNT],
}

static TOPOLOGY: OnceLock<Topology> = OnceLock::new();

/// The shared board topology (built on first use).
#[inline]
pub fn topology() -> &'static Topology {
    TOPOLOGY.get_or_init(build)
}

/// Gaps between consecutive harbor spots along the 30 coastal edges: the
/// frame of the base game alternates two gaps of 3 with one of 4.
const HARBOR_GAPS: [usize; HARBOR_COUNT] = [3, 3, 4, 3, 3, 4, 3, 3, 4];

fn build() -> Topology {
    // Hexes in reading order.
    let mut hex_coords = [(0i8, 0i8); HEX_COUNT];
    let mut h = 0;
    for r in -2i32..=2 {
        for q in -2i32..=2 {
            if (q + r).abs() <= 2 {
                hex_coords[h] = (q as i8, r as i8);
                h += 1;
            }
        }
    }
    let center = |(q, r): (i8, i8)| (2 * q as i32 + r as i32, 3 * r as i32);

    // Nodes: every corner position, deduplicated, sorted by (y, x).
    let mut positions: Vec<(i32, i32)> = Vec::with_capacity(HEX_COUNT * 6);
    for &c in &hex_coords {
        let (cx, cy) = center(c);
        for (dx, dy) in CORNERS {
            positions.push((cy + dy, cx + dx));
        }
    }
    positions.sort_unstable();
    positions.dedup();
    assert_eq!(positions.len(), NODE_COUNT, "topology template");
    let node_of = |x: i32, y: i32| -> NodeId {
        let i = positions.binary_search(&(y, x)).expect("corner of the template");
        NodeId(i as u8)
    };
    let mut node_pos = [(0i8, 0i8); NODE_COUNT];
    for (i, &(y, x)) in positions.iter().enumerate() {
        node_pos[i] = (x as i8, y as i8);
    }

    let mut hex_nodes = [[NodeId(0); 6]; HEX_COUNT];
    let mut hex_node_set = [NodeSet::EMPTY; HEX_COUNT];
    let mut node_hexes = [0u32; NODE_COUNT];
    let mut edge_pairs: Vec<(u8, u8)> = Vec::new();
    for (hi, &c) in hex_coords.iter().enumerate() {
        let (cx, cy) = center(c);
        for (k, (dx, dy)) in CORNERS.iter().enumerate() {
            let n = node_of(cx + dx, cy + dy);
            hex_nodes[hi][k] = n;
            hex_node_set[hi].insert(n);
            node_hexes[n.index()] |= 1 << hi;
        }
        for k in 0..6 {
            let a = hex_nodes[hi][k].0;
            let b = hex_nodes[hi][(k + 1) % 6].0;
            edge_pairs.push((a.min(b), a.max(b)));
        }
    }
    edge_pairs.sort_unstable();
    edge_pairs.dedup();
    assert_eq!(edge_pairs.len(), EDGE_COUNT, "topology template");

    let mut edge_nodes = [[NodeId(0); 2]; EDGE_COUNT];
    let mut edge_node_set = [NodeSet::EMPTY; EDGE_COUNT];
    let mut node_neighbors = [NodeSet::EMPTY; NODE_COUNT];
    let mut node_edges = [EdgeSet::EMPTY; NODE_COUNT];
    for (e, &(a, b)) in edge_pairs.iter().enumerate() {
        edge_nodes[e] = [NodeId(a), NodeId(b)];
        edge_node_set[e].insert(NodeId(a));
        edge_node_set[e].insert(NodeId(b));
        node_neighbors[a as usize].insert(NodeId(b));
        node_neighbors[b as usize].insert(NodeId(a));
        node_edges[a as usize].insert(EdgeId(e as u8));
        node_edges[b as usize].insert(EdgeId(e as u8));
    }

    let mut hex_neighbors = [0u32; HEX_COUNT];
    for a in 0..HEX_COUNT {
        for b in 0..HEX_COUNT {
            let shared = hex_node_set[a].0 & hex_node_set[b].0;
            if a != b && shared.count_ones() == 2 {
                hex_neighbors[a] |= 1 << b;
            }
        }
    }

    // Coastal edges belong to one hex only; order them clockwise by the angle of
    // their midpoint around the board's centre, starting just left of the top.
    let mut edge_hex_count = [0u8; EDGE_COUNT];
    for nodes in &hex_nodes {
        for k in 0..6 {
            let (a, b) = (nodes[k].0, nodes[(k + 1) % 6].0);
            let e = edge_pairs
                .binary_search(&(a.min(b), a.max(b)))
                .expect("edge of the template");
            edge_hex_count[e] += 1;
        }
    }
    let mut coast_list: Vec<(f64, u8)> = Vec::new();
    for (e, &count) in edge_hex_count.iter().enumerate() {
        if count == 1 {
            let [a, b] = edge_nodes[e];
            let (ax, ay) = node_pos[a.index()];
            let (bx, by) = node_pos[b.index()];
            // Real-space midpoint (x scaled by √3/2, y by ½); angle clockwise from "up".
            let mx = (ax as f64 + bx as f64) * 0.5 * 3f64.sqrt() / 2.0;
            let my = (ay as f64 + by as f64) * 0.5 * 0.5;
            let mut angle = mx.atan2(-my);
            // Start at the top-left edge of hex 0 (just counter-clockwise of "up").
            if angle < -0.6 {
                angle += std::f64::consts::TAU;
            }
            coast_list.push((angle, e as u8));
        }
    }
    coast_list.sort_by(|x, y| x.0.total_cmp(&y.0));
    assert_eq!(coast_list.len(), COAST_COUNT, "topology template");
    let mut coast = [EdgeId(0); COAST_COUNT];
    for (i, &(_, e)) in coast_list.iter().enumerate() {
        coast[i] = EdgeId(e);
    }
    let mut harbor_edges = [EdgeId(0); HARBOR_COUNT];
    let mut harbor_coast_index = [0usize; HARBOR_COUNT];
    let mut at = 0;
    for (i, gap) in HARBOR_GAPS.iter().enumerate() {
        harbor_coast_index[i] = at;
        harbor_edges[i] = coast[at];
        at += gap;
    }
    Topology {
        hex_coords,
        hex_nodes,
        hex_node_set,
        hex_neighbors,
        node_pos,
        node_hexes,
        node_neighbors,
        node_edges,
        edge_nodes,
        edge_node_set,
        coast,
        harbor_edges,
        harbor_coast_index,
    }
}

impl Topology {
    /// The edge joining two nodes, if they are neighbours.
    pub fn edge_between(&self, a: NodeId, b: NodeId) -> Option<EdgeId> {
        let common = self.node_edges.get(a.index())?.0 & self.node_edges.get(b.index())?.0;
        if common == 0 {
            None
        } else {
            Some(EdgeId(common.trailing_zeros() as u8))
        }
    }

    /// The two nodes of the frame's fixed harbor spot `i`.
    pub fn harbor_nodes(&self, i: usize) -> [NodeId; 2] {
        self.edge_nodes[self.harbor_edges[i].index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        let t = topology();
        assert_eq!(t.hex_coords.len(), 19);
        assert_eq!(t.node_pos.len(), 54);
        assert_eq!(t.edge_nodes.len(), 72);
        assert_eq!(t.coast.len(), 30);
    }

    #[test]
    fn every_hex_has_six_distinct_corners_and_six_sides() {
        let t = topology();
        for h in 0..HEX_COUNT {
            assert_eq!(t.hex_node_set[h].len(), 6);
            for k in 0..6 {
                let a = t.hex_nodes[h][k];
                let b = t.hex_nodes[h][(k + 1) % 6];
                assert!(t.edge_between(a, b).is_some(), "hex {h} side {k}");
            }
        }
    }

    #[test]
    fn node_degrees() {
        let t = topology();
        let mut deg = [0usize; 4];
        for n in 0..NODE_COUNT {
            let d = t.node_neighbors[n].len();
            assert!((2..=3).contains(&d), "node {n} has degree {d}");
            assert_eq!(t.node_edges[n].len(), d);
            deg[d] += 1;
        }
        // 54 nodes with 72 edges: sum of degrees is twice the edges.
        assert_eq!(2 * deg[2] + 3 * deg[3], 2 * EDGE_COUNT);
        assert_eq!(deg[2], 18);
        assert_eq!(deg[3], 36);
    }

    #[test]
    fn node_hex_counts() {
        let t = topology();
        let mut by = [0usize; 4];
        for n in 0..NODE_COUNT {
            let c = t.node_hexes[n].count_ones() as usize;
            assert!((1..=3).contains(&c));
            by[c] += 1;
        }
        assert_eq!(by, [0, 18, 12, 24]);
    }

    #[test]
    fn every_edge_joins_two_distinct_neighbouring_nodes() {
        let t = topology();
        for e in 0..EDGE_COUNT {
            let [a, b] = t.edge_nodes[e];
            assert!(a < b);
            assert!(t.node_neighbors[a.index()].contains(b));
            assert!(t.node_edges[a.index()].contains(EdgeId(e as u8)));
            assert!(t.node_edges[b.index()].contains(EdgeId(e as u8)));
            assert_eq!(t.edge_between(a, b), Some(EdgeId(e as u8)));
        }
    }

    #[test]
    fn hex_neighbours_are_symmetric() {
        let t = topology();
        let mut sides = 0;
        for a in 0..HEX_COUNT {
            for b in 0..HEX_COUNT {
                let ab = t.hex_neighbors[a] & (1 << b) != 0;
                let ba = t.hex_neighbors[b] & (1 << a) != 0;
                assert_eq!(ab, ba);
                sides += ab as usize;
            }
        }
        // 19 hexes of a radius-2 board share 42 sides.
        assert_eq!(sides / 2, 42);
        // The centre hex has six neighbours.
        assert_eq!(t.hex_neighbors[9].count_ones(), 6);
    }

    #[test]
    fn coast_is_a_closed_ring_and_harbors_do_not_share_nodes() {
        let t = topology();
        for i in 0..COAST_COUNT {
            let a = t.edge_node_set[t.coast[i].index()];
            let b = t.edge_node_set[t.coast[(i + 1) % COAST_COUNT].index()];
            assert_eq!((a.0 & b.0).count_ones(), 1, "coast edges {i} and {} meet", i + 1);
        }
        let mut seen = NodeSet::EMPTY;
        for i in 0..HARBOR_COUNT {
            let nodes = t.harbor_nodes(i);
            for n in nodes {
                assert!(!seen.contains(n), "harbor {i} shares node {}", n.0);
                seen.insert(n);
                assert!(t.node_hexes[n.index()].count_ones() <= 2, "harbor node on the coast");
            }
        }
        assert_eq!(seen.len(), 18);
        // The coast starts at the top-left side of hex 0.
        assert!(t.hex_node_set[0].contains(t.edge_nodes[t.coast[0].index()][0]));
    }
}

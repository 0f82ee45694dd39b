//! The board's shape: its land hexes, intersections (nodes), paths (edges)
//! and the frame's fixed harbor spots (base board: 19, 54, 72 and 9; 5–6
//! player board: 30, 80, 109 and 11), built once from a coordinate template
//! into dense ids and adjacency tables, then shared by every state
//! (`topology()`).
//!
//! Hexes are pointy-top in axial coordinates `(q, r)` with `|q|, |r|, |q + r| ≤ 2`.
//! Corners live on an integer grid: a hex centre sits at `x = 2q + r`, `y = 3r`
//! (x in units of √3/2, y in units of ½, y growing downwards), its corners at the
//! offsets below. Ids are given in reading order (top to bottom, then left to
//! right), so the numbering table in `docs/games/catan.md` is easy to follow.

use crate::bits::{EdgeSet, NodeSet};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Land hexes of the largest board (5–6 players).
pub const MAX_HEXES: usize = 30;
/// Intersections of the largest board.
pub const MAX_NODES: usize = 80;
/// Paths of the largest board.
pub const MAX_EDGES: usize = 109;
/// Harbors of the largest board.
pub const MAX_HARBORS: usize = 11;

/// The shape of a board: which land hexes exist. Each shape builds its
/// topology once from its coordinate template; states reach it through their
/// board ([`crate::Board::topology`]), as an OpenSpiel state reaches its game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// The base game for 3–4 players: 19 hexes, 54 intersections, 72 paths,
    /// 9 harbors.
    #[default]
    Base,
    /// The 5–6 player extension: 30 hexes in rows of 3, 4, 5, 6, 5, 4, 3;
    /// 80 intersections, 109 paths, 11 harbors (`catan56.board.shape`).
    FiveSix,
}

/// The topology of each shape, indexed by the shape's discriminant: reaching
/// it is one indexed "is it built" test, not a match over the shapes and then
/// that test (every rule reaches the topology, many times per decision).
static TOPOLOGIES: [OnceLock<Topology>; Shape::ALL.len()] = [const { OnceLock::new() }; Shape::ALL.len()];

impl Shape {
    /// Every shape, in the order of their discriminants (a new frame is one
    /// more variant here, its template and its counts).
    pub const ALL: [Shape; 2] = [Shape::Base, Shape::FiveSix];

    /// Whether a layout of this shape may leave its name out, the shape then
    /// being told by the count of its hexes: the two frames of every state
    /// saved before layouts named their frame. Every other frame is named.
    pub const fn told_by_count(self) -> bool {
        match self {
            Shape::Base | Shape::FiveSix => true,
        }
    }

    /// The shape's shared topology (built on first use).
    #[inline]
    pub fn topology(self) -> &'static Topology {
        TOPOLOGIES[self as usize].get_or_init(|| build(self))
    }

    /// The shape told by `hexes` land hexes, for a layout that does not
    /// name its frame ([`Shape::told_by_count`]).
    pub fn with_hexes(hexes: usize) -> Option<Shape> {
        Shape::ALL
            .into_iter()
            .find(|s| s.told_by_count() && s.hex_count() == hexes)
    }

    /// Number of land hexes.
    #[inline]
    pub const fn hex_count(self) -> usize {
        match self {
            Shape::Base => 19,
            Shape::FiveSix => 30,
        }
    }

    /// Number of harbors.
    #[inline]
    pub const fn harbor_count(self) -> usize {
        match self {
            Shape::Base => 9,
            Shape::FiveSix => 11,
        }
    }

    /// Axial coordinates `(q, r)` of the hexes in reading order.
    fn template(self) -> Vec<(i8, i8)> {
        let mut out = Vec::new();
        match self {
            Shape::Base => {
                for r in -2i32..=2 {
                    for q in -2i32..=2 {
                        if (q + r).abs() <= 2 {
                            out.push((q as i8, r as i8));
                        }
                    }
                }
            }
            Shape::FiveSix => {
                // Rows of 3, 4, 5, 6, 5, 4, 3: row `i` has `r = i - 3`, its
                // hex `c` sits at `x = 2c - len + 2` (the long row from -4 to 6).
                for (i, len) in [3i32, 4, 5, 6, 5, 4, 3].into_iter().enumerate() {
                    let r = i as i32 - 3;
                    for c in 0..len {
                        let x = 2 * c - len + 2;
                        out.push((((x - r) / 2) as i8, r as i8));
                    }
                }
            }
        }
        out
    }
}

/// A land hex in reading order: `0..19` on the base board, `0..30` on the
/// 5–6 player board. Reading one from JSON refuses an id past the largest
/// board ([`MAX_HEXES`]); the board in use is checked once per action
/// (`legal::check_ids`, over [`crate::Action::places`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[serde(transparent)]
pub struct HexId(pub u8);

/// An intersection in reading order: `0..54` on the base board, `0..80` on
/// the 5–6 player board; read from JSON only below [`MAX_NODES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[serde(transparent)]
pub struct NodeId(pub u8);

/// A path between two intersections, ordered by its two node ids: `0..72`
/// on the base board, `0..109` on the 5–6 player board; read from JSON only
/// below [`MAX_EDGES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[serde(transparent)]
pub struct EdgeId(pub u8);

/// `Deserialize` for an id that refuses a number past the largest board:
/// out-of-range ids are malformed input (`engine.malformed` through
/// `DynMatch`), stopped while parsing instead of by a list of actions
/// checked afterwards.
macro_rules! bounded_id {
    ($id:ident, $max:ident, $what:literal) => {
        impl<'de> Deserialize<'de> for $id {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let v = u8::deserialize(d)?;
                if usize::from(v) < $max {
                    Ok($id(v))
                } else {
                    Err(serde::de::Error::custom(format!(
                        concat!($what, " id {} is out of range 0..{}"),
                        v, $max
                    )))
                }
            }
        }
    };
}
bounded_id!(HexId, MAX_HEXES, "hex");
bounded_id!(NodeId, MAX_NODES, "node");
bounded_id!(EdgeId, MAX_EDGES, "edge");

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

/// Every adjacency table of one board shape, built once. The tables read in
/// the hot loops are arrays sized for the largest board, in place (no pointer
/// to follow; entries past the shape's counts are empty); the others hold one
/// entry per hex, node or edge of the shape, so their lengths are the counts
/// ([`Topology::hex_count`] and the like).
#[derive(Debug)]
pub struct Topology {
    /// The shape these tables describe.
    pub shape: Shape,
    /// Axial coordinates `(q, r)` of each hex.
    pub hex_coords: Box<[(i8, i8)]>,
    /// The six corners of each hex, clockwise from the top.
    pub hex_nodes: [[NodeId; 6]; MAX_HEXES],
    /// The six corners of each hex as a node set.
    pub hex_node_set: [NodeSet; MAX_HEXES],
    /// Hexes sharing a side with each hex (bit i = hex i).
    pub hex_neighbors: [u32; MAX_HEXES],
    /// Grid position `(x, y)` of each node (documentation and ordering).
    pub node_pos: Box<[(i8, i8)]>,
    /// Land hexes touching each node (bit i = hex i).
    pub node_hexes: [u32; MAX_NODES],
    /// Nodes one edge away from each node.
    pub node_neighbors: [NodeSet; MAX_NODES],
    /// Edges touching each node.
    pub node_edges: [EdgeSet; MAX_NODES],
    /// The two nodes of each edge, lower id first.
    pub edge_nodes: [[NodeId; 2]; MAX_EDGES],
    /// The two nodes of each edge as a node set.
    pub edge_node_set: [NodeSet; MAX_EDGES],
    /// Coastal edges, clockwise starting at the top-left edge of hex 0.
    pub coast: Box<[EdgeId]>,
    /// The edge of each of the frame's fixed harbor spots (clockwise), where
    /// the random and the beginner board put their harbors and where the
    /// older layout form (a list of kinds) puts them; a stated layout may put
    /// its harbors on any coastal edges (`Board::harbors`).
    pub harbor_edges: Box<[EdgeId]>,
    /// Where the fixed spots sit among the coastal edges.
    pub harbor_coast_index: Box<[usize]>,
    /// Every node of the board.
    pub all_nodes: NodeSet,
    /// Number of paths.
    edge_count: u8,
}

/// Gaps between consecutive harbor spots along the 30 coastal edges: the
/// frame of the base game alternates two gaps of 3 with one of 4.
const HARBOR_GAPS: [usize; 9] = [3, 3, 4, 3, 3, 4, 3, 3, 4];

/// The 5–6 board's harbor sites (`catan56.board.harbor_sites`), clockwise
/// from the top left: hex `(row, column)` and its side, numbered clockwise
/// from the north-east one (NE 0, E 1, SE 2, SW 3, W 4, NW 5).
const FIVE_SIX_HARBOR_SITES: [(usize, usize, usize); 11] = [
    (0, 0, 5),
    (0, 1, 0),
    (1, 3, 0),
    (2, 4, 1),
    (4, 4, 1),
    (5, 3, 2),
    (6, 1, 2),
    (6, 0, 3),
    (4, 0, 3),
    (3, 0, 4),
    (2, 0, 5),
];

/// Row lengths of the 5–6 board.
const FIVE_SIX_ROWS: [usize; 7] = [3, 4, 5, 6, 5, 4, 3];

fn build(shape: Shape) -> Topology {
    let hex_coords: Vec<(i8, i8)> = shape.template();
    let hex_count = hex_coords.len();
    let center = |(q, r): (i8, i8)| (2 * q as i32 + r as i32, 3 * r as i32);

    // Nodes: every corner position, deduplicated, sorted by (y, x).
    let mut positions: Vec<(i32, i32)> = Vec::with_capacity(hex_count * 6);
    for &c in &hex_coords {
        let (cx, cy) = center(c);
        for (dx, dy) in CORNERS {
            positions.push((cy + dy, cx + dx));
        }
    }
    positions.sort_unstable();
    positions.dedup();
    let node_count = positions.len();
    assert!(node_count <= MAX_NODES, "topology template");
    let node_of = |x: i32, y: i32| -> NodeId {
        let i = positions.binary_search(&(y, x)).expect("corner of the template");
        NodeId(i as u8)
    };
    let node_pos: Vec<(i8, i8)> = positions.iter().map(|&(y, x)| (x as i8, y as i8)).collect();

    let mut hex_nodes = vec![[NodeId(0); 6]; hex_count];
    let mut hex_node_set = vec![NodeSet::EMPTY; hex_count];
    let mut node_hexes = vec![0u32; node_count];
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
    let edge_count = edge_pairs.len();
    assert!(edge_count <= MAX_EDGES, "topology template");

    let mut edge_nodes = vec![[NodeId(0); 2]; edge_count];
    let mut edge_node_set = vec![NodeSet::EMPTY; edge_count];
    let mut node_neighbors = vec![NodeSet::EMPTY; node_count];
    let mut node_edges = vec![EdgeSet::EMPTY; node_count];
    for (e, &(a, b)) in edge_pairs.iter().enumerate() {
        edge_nodes[e] = [NodeId(a), NodeId(b)];
        edge_node_set[e].insert(NodeId(a));
        edge_node_set[e].insert(NodeId(b));
        node_neighbors[a as usize].insert(NodeId(b));
        node_neighbors[b as usize].insert(NodeId(a));
        node_edges[a as usize].insert(EdgeId(e as u8));
        node_edges[b as usize].insert(EdgeId(e as u8));
    }

    let mut hex_neighbors = vec![0u32; hex_count];
    for a in 0..hex_count {
        for b in 0..hex_count {
            let shared = hex_node_set[a].0 & hex_node_set[b].0;
            if a != b && shared.count_ones() == 2 {
                hex_neighbors[a] |= 1 << b;
            }
        }
    }
    let edge_id = |a: NodeId, b: NodeId| -> usize {
        let (a, b) = (a.0, b.0);
        edge_pairs
            .binary_search(&(a.min(b), a.max(b)))
            .expect("edge of the template")
    };

    // Coastal edges belong to one hex only; order them clockwise by the angle of
    // their midpoint around the board's centre, starting at the top-left side
    // (corner 5 to corner 0) of hex 0.
    let mut edge_hex_count = vec![0u8; edge_count];
    for nodes in &hex_nodes {
        for k in 0..6 {
            edge_hex_count[edge_id(nodes[k], nodes[(k + 1) % 6])] += 1;
        }
    }
    let (sx, sy) = hex_coords.iter().fold((0i32, 0i32), |(x, y), &c| {
        let (cx, cy) = center(c);
        (x + cx, y + cy)
    });
    let (ox, oy) = (sx as f64 / hex_count as f64, sy as f64 / hex_count as f64);
    let mut coast_list: Vec<(f64, u8)> = Vec::new();
    for (e, &count) in edge_hex_count.iter().enumerate() {
        if count == 1 {
            let [a, b] = edge_nodes[e];
            let (ax, ay) = node_pos[a.index()];
            let (bx, by) = node_pos[b.index()];
            // Real-space midpoint (x scaled by √3/2, y by ½); angle clockwise from "up".
            let mx = ((ax as f64 + bx as f64) * 0.5 - ox) * 3f64.sqrt() / 2.0;
            let my = ((ay as f64 + by as f64) * 0.5 - oy) * 0.5;
            coast_list.push((mx.atan2(-my), e as u8));
        }
    }
    coast_list.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut coast: Vec<EdgeId> = coast_list.iter().map(|&(_, e)| EdgeId(e)).collect();
    let first = EdgeId(edge_id(hex_nodes[0][5], hex_nodes[0][0]) as u8);
    let at = coast.iter().position(|&e| e == first).expect("hex 0 lies on the coast");
    coast.rotate_left(at);

    let harbor_edges: Vec<EdgeId> = match shape {
        Shape::Base => {
            let mut at = 0;
            HARBOR_GAPS
                .iter()
                .map(|gap| {
                    let e = coast[at];
                    at += gap;
                    e
                })
                .collect()
        }
        Shape::FiveSix => FIVE_SIX_HARBOR_SITES
            .iter()
            .map(|&(row, col, side)| {
                let h = FIVE_SIX_ROWS[..row].iter().sum::<usize>() + col;
                let c = hex_nodes[h];
                EdgeId(edge_id(c[side], c[(side + 1) % 6]) as u8)
            })
            .collect(),
    };
    let harbor_coast_index: Vec<usize> = harbor_edges
        .iter()
        .map(|e| coast.iter().position(|c| c == e).expect("harbor site on the coast"))
        .collect();
    let mut all_nodes = NodeSet::EMPTY;
    for n in 0..node_count {
        all_nodes.insert(NodeId(n as u8));
    }
    fn fixed<T: Copy, const N: usize>(v: &[T], empty: T) -> [T; N] {
        let mut out = [empty; N];
        out[..v.len()].copy_from_slice(v);
        out
    }
    Topology {
        shape,
        hex_coords: hex_coords.into(),
        hex_nodes: fixed(&hex_nodes, [NodeId(0); 6]),
        hex_node_set: fixed(&hex_node_set, NodeSet::EMPTY),
        hex_neighbors: fixed(&hex_neighbors, 0),
        node_pos: node_pos.into(),
        node_hexes: fixed(&node_hexes, 0),
        node_neighbors: fixed(&node_neighbors, NodeSet::EMPTY),
        node_edges: fixed(&node_edges, EdgeSet::EMPTY),
        edge_nodes: fixed(&edge_nodes, [NodeId(0); 2]),
        edge_node_set: fixed(&edge_node_set, NodeSet::EMPTY),
        coast: coast.into(),
        harbor_edges: harbor_edges.into(),
        harbor_coast_index: harbor_coast_index.into(),
        all_nodes,
        edge_count: edge_count as u8,
    }
}

impl Topology {
    /// Number of land hexes.
    #[inline]
    pub fn hex_count(&self) -> usize {
        self.hex_coords.len()
    }
    /// Number of intersections.
    #[inline]
    pub fn node_count(&self) -> usize {
        self.node_pos.len()
    }
    /// Number of paths.
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.edge_count as usize
    }
    /// The hexes in id order.
    #[inline]
    pub fn hexes(&self) -> impl Iterator<Item = HexId> {
        (0..self.hex_count() as u8).map(HexId)
    }

    /// The edge joining two nodes, if they are neighbours.
    pub fn edge_between(&self, a: NodeId, b: NodeId) -> Option<EdgeId> {
        if a.index() >= self.node_count() || b.index() >= self.node_count() {
            return None;
        }
        let common = self.node_edges.get(a.index())?.0 & self.node_edges.get(b.index())?.0;
        common.first().map(|e| EdgeId(e as u8))
    }

    /// The two nodes of the frame's fixed harbor spot `i`.
    pub fn harbor_nodes(&self, i: usize) -> [NodeId; 2] {
        self.edge_nodes[self.harbor_edges[i].index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPES: [Shape; 2] = [Shape::Base, Shape::FiveSix];

    #[test]
    fn counts() {
        let t = Shape::Base.topology();
        assert_eq!(t.hex_coords.len(), 19);
        assert_eq!(t.node_pos.len(), 54);
        assert_eq!(t.edge_count(), 72);
        assert_eq!(t.coast.len(), 30);
        assert_eq!(t.harbor_edges.len(), 9);
        // `catan56.board.shape`: 30 hexes, 80 intersections, 109 paths, 38 coastal.
        let t = Shape::FiveSix.topology();
        assert_eq!(t.hex_coords.len(), 30);
        assert_eq!(t.node_pos.len(), MAX_NODES);
        assert_eq!(t.edge_count(), MAX_EDGES);
        assert_eq!(t.coast.len(), 38);
        assert_eq!(t.harbor_edges.len(), MAX_HARBORS);
        for s in SHAPES {
            assert_eq!(s.topology().hex_count(), s.hex_count());
            assert_eq!(s.topology().harbor_edges.len(), s.harbor_count());
            assert_eq!(Shape::with_hexes(s.hex_count()), Some(s));
        }
    }

    #[test]
    fn every_hex_has_six_distinct_corners_and_six_sides() {
        for s in SHAPES {
            let t = s.topology();
            for h in 0..t.hex_count() {
                assert_eq!(t.hex_node_set[h].len(), 6);
                for k in 0..6 {
                    let a = t.hex_nodes[h][k];
                    let b = t.hex_nodes[h][(k + 1) % 6];
                    assert!(t.edge_between(a, b).is_some(), "hex {h} side {k}");
                }
            }
        }
    }

    #[test]
    fn node_degrees() {
        for (s, two, three) in [(Shape::Base, 18, 36), (Shape::FiveSix, 22, 58)] {
            let t = s.topology();
            let mut deg = [0usize; 4];
            for n in 0..t.node_count() {
                let d = t.node_neighbors[n].len();
                assert!((2..=3).contains(&d), "node {n} has degree {d}");
                assert_eq!(t.node_edges[n].len(), d);
                deg[d] += 1;
            }
            // The sum of degrees is twice the edges.
            assert_eq!(2 * deg[2] + 3 * deg[3], 2 * t.edge_count());
            assert_eq!((deg[2], deg[3]), (two, three), "{s:?}");
        }
    }

    #[test]
    fn node_hex_counts() {
        let t = Shape::Base.topology();
        let mut by = [0usize; 4];
        for n in 0..t.node_count() {
            let c = t.node_hexes[n].count_ones() as usize;
            assert!((1..=3).contains(&c));
            by[c] += 1;
        }
        assert_eq!(by, [0, 18, 12, 24]);
    }

    #[test]
    fn every_edge_joins_two_distinct_neighbouring_nodes() {
        for s in SHAPES {
            let t = s.topology();
            for e in 0..t.edge_count() {
                let [a, b] = t.edge_nodes[e];
                assert!(a < b);
                assert!(t.node_neighbors[a.index()].contains(b));
                assert!(t.node_edges[a.index()].contains(EdgeId(e as u8)));
                assert!(t.node_edges[b.index()].contains(EdgeId(e as u8)));
                assert_eq!(t.edge_between(a, b), Some(EdgeId(e as u8)));
            }
        }
    }

    #[test]
    fn hex_neighbours_are_symmetric() {
        for (s, want) in [(Shape::Base, 42), (Shape::FiveSix, 71)] {
            let t = s.topology();
            let mut sides = 0;
            for a in 0..t.hex_count() {
                for b in 0..t.hex_count() {
                    let ab = t.hex_neighbors[a] & (1 << b) != 0;
                    let ba = t.hex_neighbors[b] & (1 << a) != 0;
                    assert_eq!(ab, ba);
                    sides += ab as usize;
                }
            }
            // Inner sides: (6 * hexes - coastal edges) / 2.
            assert_eq!(sides / 2, want, "{s:?}");
        }
        // The centre hex of the base board has six neighbours.
        assert_eq!(Shape::Base.topology().hex_neighbors[9].count_ones(), 6);
    }

    #[test]
    fn coast_is_a_closed_ring_and_harbors_do_not_share_nodes() {
        for s in SHAPES {
            let t = s.topology();
            let coast = t.coast.len();
            for i in 0..coast {
                let a = t.edge_node_set[t.coast[i].index()];
                let b = t.edge_node_set[t.coast[(i + 1) % coast].index()];
                assert_eq!((a.0 & b.0).count_ones(), 1, "coast edges {i} and {} meet", i + 1);
            }
            let mut seen = NodeSet::EMPTY;
            for i in 0..t.harbor_edges.len() {
                let nodes = t.harbor_nodes(i);
                for n in nodes {
                    assert!(!seen.contains(n), "harbor {i} shares node {}", n.0);
                    seen.insert(n);
                    assert!(t.node_hexes[n.index()].count_ones() <= 2, "harbor node on the coast");
                }
                // No two harbors neighbour an intersection either.
                assert_eq!(t.coast[t.harbor_coast_index[i]], t.harbor_edges[i]);
            }
            assert_eq!(seen.len(), 2 * t.harbor_edges.len());
            // Harbor sites run clockwise.
            assert!(t.harbor_coast_index.windows(2).all(|w| w[0] < w[1]), "{s:?}");
            // The coast starts at the top-left side of hex 0.
            assert!(t.hex_node_set[0].contains(t.edge_nodes[t.coast[0].index()][0]));
        }
    }

    #[test]
    fn five_six_harbor_sites_leave_two_or_three_edges_between() {
        // `catan56.board.harbor_sites`.
        let t = Shape::FiveSix.topology();
        let idx = &t.harbor_coast_index;
        for i in 0..idx.len() {
            let next = if i + 1 < idx.len() {
                idx[i + 1]
            } else {
                idx[0] + t.coast.len()
            };
            let gap = next - idx[i] - 1;
            assert!((2..=3).contains(&gap), "gap after site {i}: {gap}");
        }
    }
}

//! CATAN's board tensor (every rule set, both board shapes).
//!
//! The grid follows the board's rows of intersections. On the topology's
//! integer grid (`catan::topology`: pointy-top hexes, a hex centre at
//! `x = 2q + r`, `y = 3r`, its corners at `y ± 1`, `y ± 2`) the corners
//! between two rows of hexes form one zigzag row; a zigzag row becomes an
//! even grid row, with intersections on its even columns (`2x`) and the
//! slanted paths between them on the odd columns. The odd grid row between
//! two zigzag rows holds the hex centres (column `2x` of the centre) and the
//! vertical paths (column `2x` of their intersections). That is 11 × 21 cells
//! for the base board and 15 × 25 for the 5–6 player board, the same layout
//! as catanatron's `mixed` representation, every cell used by one place.

use super::{BoardSpec, BoardTensor, Places, Planes};
use catan::{CatanGame, Part, Rules, State, Topology, View};

/// Terrain channels, in `Terrain`'s order.
const TERRAINS: [&str; 6] = ["hills", "forest", "pasture", "fields", "mountains", "desert"];
/// Harbor channels, in `Harbor`'s order.
const HARBORS: [&str; 6] = [
    "harbor_generic",
    "harbor_brick",
    "harbor_lumber",
    "harbor_wool",
    "harbor_grain",
    "harbor_ore",
];
/// The first terrain channel (after the place channels).
const TERRAIN0: usize = super::PLACE_CHANNELS.len();
/// The number channel; pips and robber follow.
const NUMBER: usize = TERRAIN0 + TERRAINS.len();
/// The first harbor channel.
const HARBOR0: usize = NUMBER + 3;
/// The first channel per seat: `settlement +0`.
const SEATS0: usize = HARBOR0 + HARBORS.len();
/// Piece channels per relative seat, every rule set, each kind a block of
/// one channel per seat (`settlement +0`, `settlement +1`, …, `city +0`, …).
const PIECES: [&str; 3] = ["settlement", "city", "road"];
/// Cities & Knights piece channels per relative seat.
const CK_PIECES: [&str; 5] = ["knight", "knight_active", "wall", "metropolis", "lying_city"];
/// Heroes' channels per relative seat.
const HERO_PIECES: [&str; 2] = ["hero", "squire"];

/// `a / b` rounded down (the zigzag row of a corner at a negative `y`).
fn floor_div(a: i32, b: i32) -> i32 {
    a.div_euclid(b)
}

/// The grid row of an intersection at `y` (its zigzag row, doubled).
fn node_row(y: i32) -> i32 {
    2 * floor_div(y + 2, 3)
}

/// `(row, column)` of every hex, intersection and path of a topology.
fn cells(t: &Topology) -> (Places, Places, Places) {
    let hexes = t
        .hex_coords
        .iter()
        .map(|&(q, r)| {
            let (q, r) = (i32::from(q), i32::from(r));
            (2 * r + 1, 2 * (2 * q + r))
        })
        .collect();
    let pos = |n: catan::NodeId| {
        let (x, y) = t.node_pos[n.index()];
        (i32::from(x), i32::from(y))
    };
    let nodes = (0..t.node_count())
        .map(|n| {
            let (x, y) = pos(catan::NodeId(n as u8));
            (node_row(y), 2 * x)
        })
        .collect();
    let edges = (0..t.edge_count())
        .map(|e| {
            let [a, b] = t.edge_nodes[e];
            let ((xa, ya), (xb, yb)) = (pos(a), pos(b));
            if (ya - yb).abs() == 1 {
                // Slanted: between two corners of one zigzag row.
                (node_row(ya), xa + xb)
            } else {
                // Vertical: between two zigzag rows, beside the hex centres.
                (node_row(ya.min(yb)) + 1, 2 * xa)
            }
        })
        .collect();
    (hexes, nodes, edges)
}

/// The channels after the place channels, for a rule set and table size.
fn channels(rules: Rules, players: usize) -> Vec<String> {
    let mut out: Vec<String> = TERRAINS.iter().map(|s| s.to_string()).collect();
    out.extend(["number", "pips", "robber"].map(String::from));
    out.extend(HARBORS.iter().map(|s| s.to_string()));
    let per_seat = |names: &[&str], out: &mut Vec<String>| {
        for name in names {
            out.extend((0..players).map(|k| format!("{name} +{k}")));
        }
    };
    per_seat(&PIECES, &mut out);
    if rules != Rules::Base {
        out.push("merchant".into());
        per_seat(&CK_PIECES, &mut out);
    }
    if rules == Rules::CitiesKnightsHeroes {
        per_seat(&HERO_PIECES, &mut out);
    }
    out
}

/// Dots under a number token (2 and 12: 1, 6 and 8: 5).
fn pips(n: u8) -> f32 {
    6.0 - (7.0 - f32::from(n)).abs()
}

impl<P: Part> BoardTensor for CatanGame<P> {
    fn board_spec(state: &State<P>) -> Option<BoardSpec> {
        let (hexes, nodes, edges) = cells(state.board.topology());
        let chans = channels(state.rules, state.players.len());
        Some(BoardSpec::new(chans, &hexes, &nodes, &edges))
    }

    fn encode_board(spec: &BoardSpec, v: &View, players: usize, out: &mut [f32]) {
        let mut p = Planes::start(spec, out);
        for (h, tile) in v.board.tiles.iter().enumerate() {
            let Some(&cell) = spec.hexes.get(h) else { continue };
            p.set(TERRAIN0 + tile.terrain as usize, cell, 1.0);
            if let Some(n) = tile.number {
                p.set(NUMBER, cell, f32::from(n) / 12.0);
                p.set(NUMBER + 1, cell, pips(n) / 5.0);
            }
        }
        if let Some(&cell) = spec.hexes.get(v.robber.index()) {
            p.set(NUMBER + 2, cell, 1.0);
        }
        // A harbor on its path and on the two intersections that trade at its rate.
        let t = v.board.topology();
        for h in v.board.harbors.iter() {
            let c = HARBOR0 + h.kind as usize;
            if let Some(&cell) = spec.edges.get(h.edge.index()) {
                p.set(c, cell, 1.0);
            }
            for n in t.edge_nodes.get(h.edge.index()).into_iter().flatten() {
                if let Some(&cell) = spec.nodes.get(n.index()) {
                    p.set(c, cell, 1.0);
                }
            }
        }
        // Channel of piece kind `j` of a block starting at `base`, relative seat `k`.
        let at = |base: usize, j: usize, k: usize| base + j * players + k;
        let ck0 = SEATS0 + PIECES.len() * players;
        let (ck_seats, hero0) = (ck0 + 1, ck0 + 1 + CK_PIECES.len() * players);
        let heroes = spec.channels.len() > hero0;
        for (k, seat) in crate::obs::seats_from(v.viewer, players).enumerate() {
            let Some(pl) = v.players.get(seat) else { continue };
            p.bits(at(SEATS0, 0, k), &{ pl.settlements.0 .0 }, &spec.nodes, 1.0);
            p.bits(at(SEATS0, 1, k), &{ pl.cities.0 .0 }, &spec.nodes, 1.0);
            p.bits(at(SEATS0, 2, k), &{ pl.roads.0 .0 }, &spec.edges, 1.0);
            let Some(ck) = &v.cities_knights else { continue };
            let Some(c) = ck.players.get(seat) else { continue };
            // Knights by strength: basic 1/3, strong 2/3, mighty 1.
            p.bits(at(ck_seats, 0, k), &{ c.knights.0 .0 }, &spec.nodes, 1.0 / 3.0);
            p.bits(at(ck_seats, 0, k), &{ c.strong.0 .0 }, &spec.nodes, 2.0 / 3.0);
            p.bits(at(ck_seats, 0, k), &{ c.mighty.0 .0 }, &spec.nodes, 1.0);
            p.bits(at(ck_seats, 1, k), &{ c.active.0 .0 }, &spec.nodes, 1.0);
            p.bits(at(ck_seats, 2, k), &{ c.walls.0 .0 }, &spec.nodes, 1.0);
            for m in ck.metropolises.iter().flatten().filter(|m| m.seat.index() == seat) {
                if let Some(&cell) = spec.nodes.get(m.node.index()) {
                    p.set(at(ck_seats, 3, k), cell, 1.0);
                }
            }
            p.bits(at(ck_seats, 4, k), &{ c.flat.0 .0 }, &spec.nodes, 1.0);
            if heroes {
                p.bits(at(hero0, 0, k), &{ c.heroes.hero.0 .0 }, &spec.nodes, 1.0);
                p.bits(at(hero0, 1, k), &[u64::from(c.heroes.squires.0)], &spec.hexes, 1.0);
            }
        }
        if let Some(m) = v.cities_knights.as_ref().and_then(|ck| ck.merchant) {
            if let Some(&cell) = spec.hexes.get(m.hex.index()) {
                p.set(ck0, cell, 1.0);
            }
        }
    }
}

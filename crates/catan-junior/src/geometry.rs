//! The board's geometry as served to clients (`{"op":"topology"}`, `GET
//! /api/tables/{id}/topology`): every island with its centre and corners,
//! every site with its position, islands and routes, every route with its
//! midpoint and the routes it touches, and the castle island. Clients draw
//! from it and keep no copy of the board.
//!
//! Islands are flat-topped hexes on an integer grid: corners at `(±2, 0)` and
//! `(±1, ±1)` around a centre, so a unit of `x` is half a hex side and a unit
//! of `y` is √3/2 of a side (y grows downwards). The centres are the printed
//! arrangement: on the 3–4-player side the castle island in the middle, the
//! six islands of its ring around it, A and L beyond D and I, and B, C, J, K
//! in the gaps; the 2-player side is the derived layout of
//! `board_data.rs`. Each island's ring of sites is then laid on its hex's
//! corners in the one rotation and direction that agrees with the sites
//! already placed, starting from the castle ring (or, without one, from the
//! first island).

use crate::board::{Board, Side};
use crate::board_data::BoardData;
use crate::goods::Good;
use crate::state::State;
use serde::Serialize;
use std::collections::{BTreeMap, VecDeque};

/// Corners of an island around its centre, in ring order.
const CORNERS: [(i8, i8); 6] = [(-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0)];

/// Island centres of the 3–4-player side, in letter order (A–L).
const FOUR_CENTRES: [(i8, i8); 12] = [
    (-6, -2),
    (-3, -3),
    (-6, 0),
    (-3, -1),
    (0, -2),
    (-3, 1),
    (3, -1),
    (0, 2),
    (3, 1),
    (6, 0),
    (3, 3),
    (6, 2),
];

/// Island centres of the 2-player side, in letter order (A–I).
const TWO_CENTRES: [(i8, i8); 9] = [
    (-3, -3),
    (0, -2),
    (3, -1),
    (-3, -1),
    (0, 0),
    (3, 1),
    (-3, 1),
    (0, 2),
    (3, 3),
];

/// A point of the grid.
type Point = (i8, i8);

/// The centres of a side's islands and of its castle island.
fn centres(side: Side) -> (&'static [Point], Option<Point>) {
    match side {
        Side::FourPlayer => (&FOUR_CENTRES, Some((0, 0))),
        Side::TwoPlayer => (&TWO_CENTRES, None),
    }
}

fn corners((cx, cy): (i8, i8)) -> [(i8, i8); 6] {
    CORNERS.map(|(dx, dy)| (cx + dx, cy + dy))
}

/// Positions of the printed sites of a side.
pub fn site_positions(side: Side, data: &BoardData) -> BTreeMap<u8, (i8, i8)> {
    let (centres, castle) = centres(side);
    let mut pos: BTreeMap<u8, (i8, i8)> = BTreeMap::new();
    if let Some(c) = castle {
        for (k, p) in corners(c).into_iter().enumerate() {
            if let Some(&s) = data.castle_ring.get(k) {
                pos.insert(s, p);
            }
        }
    }
    let mut pending: VecDeque<usize> = (0..data.islands.len().min(centres.len())).collect();
    let mut guard = 0;
    while guard < 100 {
        guard += 1;
        let Some(i) = pending.pop_front() else { break };
        let ring = data.islands[i].sites;
        let cs = corners(centres[i]);
        let at = |o: i32, dir: i32, j: usize| cs[(o + dir * j as i32).rem_euclid(6) as usize];
        // The rotation and direction agreeing with the most sites placed so far.
        let mut best: Option<(i32, i32, usize)> = None;
        for dir in [1, -1] {
            for o in 0..6 {
                let mut agree = 0;
                let mut ok = true;
                for (j, s) in ring.iter().enumerate() {
                    match pos.get(s) {
                        Some(&p) if *s != 0 => {
                            if p == at(o, dir, j) {
                                agree += 1;
                            } else {
                                ok = false;
                            }
                        }
                        _ => {}
                    }
                }
                if ok && best.is_none_or(|b| agree > b.2) {
                    best = Some((dir, o, agree));
                }
            }
        }
        let placed = ring.iter().filter(|s| **s != 0 && pos.contains_key(s)).count();
        if castle.is_none() && pos.is_empty() {
            best = None;
        }
        match best {
            Some((dir, o, agree)) if agree >= 2 || (pos.is_empty() && placed == 0) => {
                for (j, &s) in ring.iter().enumerate() {
                    if s != 0 {
                        pos.insert(s, at(o, dir, j));
                    }
                }
            }
            _ if pos.is_empty() => {
                for (j, &s) in ring.iter().enumerate() {
                    if s != 0 {
                        pos.insert(s, cs[j]);
                    }
                }
            }
            _ => pending.push_back(i),
        }
    }
    pos
}

#[derive(Serialize)]
struct Served {
    kind: &'static str,
    side: Side,
    grid: Grid,
    islands: Vec<IslandOut>,
    castle: Option<Castle>,
    sites: Vec<SiteOut>,
    routes: Vec<RouteOut>,
}

#[derive(Serialize)]
struct Grid {
    x_unit: f64,
    y_unit: f64,
    hexes: &'static str,
}

#[derive(Serialize)]
struct IslandOut {
    island: &'static str,
    good: Good,
    number: u8,
    x: i8,
    y: i8,
    corners: [(i8, i8); 6],
    /// Its sites in ring order (printed numbers).
    sites: Vec<u8>,
}

#[derive(Serialize)]
struct Castle {
    x: i8,
    y: i8,
    corners: [(i8, i8); 6],
    /// The castle site (printed number), drawn at the island's centre.
    site: u8,
    /// The sites of its ring.
    ring: Vec<u8>,
}

#[derive(Serialize)]
struct SiteOut {
    site: u8,
    x: i8,
    y: i8,
    islands: Vec<&'static str>,
    /// Sites one route away.
    sites: Vec<u8>,
    routes: Vec<[u8; 2]>,
}

#[derive(Serialize)]
struct RouteOut {
    route: [u8; 2],
    x: f64,
    y: f64,
    /// Islands along the route (both of its sites on the island's ring).
    islands: Vec<&'static str>,
    /// Routes sharing a site with this one.
    routes: Vec<[u8; 2]>,
}

/// The geometry of `state`'s board as JSON (`Game::topology`).
pub fn served(state: &State) -> serde_json::Value {
    let side = state.side();
    let data = match side {
        Side::FourPlayer => state.data().board,
        Side::TwoPlayer => state.data().two_player_board,
    };
    let board = Board::get(state.edition, side);
    let (centres, castle_centre) = centres(side);
    let pos = site_positions(side, data);
    let routes: Vec<[u8; 2]> = board.routes.iter().map(|l| [l.a().number(), l.b().number()]).collect();
    let on_ring = |i: usize, s: u8| data.islands[i].sites.contains(&s);
    let islands = data
        .islands
        .iter()
        .zip(centres)
        .map(|(d, &c)| IslandOut {
            island: d.name,
            good: d.good,
            number: d.number,
            x: c.0,
            y: c.1,
            corners: corners(c),
            sites: d.sites.iter().copied().filter(|&s| s != 0).collect(),
        })
        .collect();
    let castle_site = board.castle_site.number();
    let castle = castle_centre.map(|c| Castle {
        x: c.0,
        y: c.1,
        corners: corners(c),
        site: castle_site,
        ring: data.castle_ring.to_vec(),
    });
    let touching = |s: u8| routes.iter().filter(move |r| r.contains(&s)).copied();
    let mut sites: Vec<SiteOut> = (1..=data.sites)
        .map(|s| {
            let (x, y) = pos.get(&s).copied().unwrap_or((0, 0));
            SiteOut {
                site: s,
                x,
                y,
                islands: (0..data.islands.len())
                    .filter(|&i| on_ring(i, s))
                    .map(|i| data.islands[i].name)
                    .collect(),
                sites: touching(s).map(|r| if r[0] == s { r[1] } else { r[0] }).collect(),
                routes: touching(s).collect(),
            }
        })
        .collect();
    if let Some(c) = castle_centre {
        sites.push(SiteOut {
            site: castle_site,
            x: c.0,
            y: c.1,
            islands: vec!["castle"],
            sites: Vec::new(),
            routes: Vec::new(),
        });
    }
    let route_out = routes
        .iter()
        .map(|&[a, b]| {
            let (pa, pb) = (
                pos.get(&a).copied().unwrap_or((0, 0)),
                pos.get(&b).copied().unwrap_or((0, 0)),
            );
            let mut along: Vec<&'static str> = (0..data.islands.len())
                .filter(|&i| on_ring(i, a) && on_ring(i, b))
                .map(|i| data.islands[i].name)
                .collect();
            if data.castle_ring.contains(&a) && data.castle_ring.contains(&b) {
                along.push("castle");
            }
            RouteOut {
                route: [a, b],
                x: (f64::from(pa.0) + f64::from(pb.0)) / 2.0,
                y: (f64::from(pa.1) + f64::from(pb.1)) / 2.0,
                islands: along,
                routes: routes
                    .iter()
                    .filter(|r| **r != [a, b] && (r.contains(&a) || r.contains(&b)))
                    .copied()
                    .collect(),
            }
        })
        .collect();
    let served = Served {
        kind: "catan_junior",
        side,
        grid: Grid {
            x_unit: 0.5,
            y_unit: 3f64.sqrt() / 2.0,
            hexes: "flat_top",
        },
        islands,
        castle,
        sites,
        routes: route_out,
    };
    // Our own derive(Serialize) types always serialise.
    serde_json::to_value(served).unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_data::{FOUR_PLAYER_SIDE, TWO_PLAYER_SIDE};

    /// Every site is placed, on a corner of each of its islands, no two on one
    /// point, and every route joins two neighbouring corners.
    #[test]
    fn every_site_lies_on_the_corners_of_its_islands() {
        for (side, data) in [
            (Side::FourPlayer, &FOUR_PLAYER_SIDE),
            (Side::TwoPlayer, &TWO_PLAYER_SIDE),
        ] {
            let pos = site_positions(side, data);
            assert_eq!(pos.len(), data.sites as usize, "{side:?}");
            let mut points: Vec<_> = pos.values().collect();
            points.sort();
            points.dedup();
            assert_eq!(points.len(), pos.len(), "{side:?}: two sites on one point");
            let (centres, _) = centres(side);
            for (i, isl) in data.islands.iter().enumerate() {
                let cs = corners(centres[i]);
                for s in isl.sites.iter().filter(|&&s| s != 0) {
                    assert!(cs.contains(&pos[s]), "{side:?}: site {s} off island {}", isl.name);
                }
            }
            for &(a, b) in data.routes {
                let (pa, pb) = (pos[&a], pos[&b]);
                let (dx, dy) = ((pa.0 - pb.0).abs(), (pa.1 - pb.1).abs());
                assert!(
                    (dx, dy) == (2, 0) || (dx, dy) == (1, 1),
                    "{side:?}: route {a}-{b} is no side"
                );
            }
        }
    }
}

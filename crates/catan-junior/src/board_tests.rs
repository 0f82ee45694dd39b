//! Unit tests of both board sides: rings of sites, routes, start pieces, and the
//! derivation of the 2-player side.

use super::*;
use crate::board_data::{BoardData, FOUR_PLAYER_SIDE, TWO_PLAYER_SIDE};
use std::collections::BTreeSet;

fn route_set(data: &BoardData) -> BTreeSet<(u8, u8)> {
    data.routes.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
}

/// The edges of an island's ring: consecutive corners that are both sites.
fn ring_edges(ring: &[u8]) -> Vec<(u8, u8)> {
    (0..ring.len())
        .map(|k| (ring[k], ring[(k + 1) % ring.len()]))
        .filter(|&(a, b)| a != 0 && b != 0)
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect()
}

#[test]
fn four_player_side_has_the_printed_counts() {
    let b = Board::get(Edition::Kosmos2015, Side::FourPlayer);
    assert_eq!(b.islands.len(), 12);
    assert_eq!(b.sites, 32);
    assert_eq!(b.castle_site, Site(32));
    assert_eq!(b.routes.len(), 40);
    assert_eq!(route_set(&FOUR_PLAYER_SIDE).len(), 40, "no route twice");
    assert_eq!(b.castle_ring.count_ones(), 6);
    // The castle site touches no island and no route: it never produces.
    assert!(b.islands.iter().all(|i| i.sites & (1 << 32) == 0));
    assert_eq!(b.site_routes[32], 0);
    // Numbers 1–5 all occur; the 4-5-4 layout of the rules file.
    let layout: Vec<(Good, u8)> = b.islands.iter().map(|i| (i.good, i.number)).collect();
    for n in 1..=5u8 {
        assert!(layout.iter().any(|&(_, k)| k == n));
    }
    let count = |g: Good| layout.iter().filter(|&&(h, _)| h == g).count();
    assert_eq!(
        (
            count(Good::Wood),
            count(Good::Wool),
            count(Good::Pineapple),
            count(Good::Sabre),
            count(Good::Gold)
        ),
        (3, 3, 2, 2, 2)
    );
}

#[test]
fn every_island_has_its_ring_of_sites_joined_by_routes() {
    for data in [&FOUR_PLAYER_SIDE, &TWO_PLAYER_SIDE] {
        let routes = route_set(data);
        let mut covered = BTreeSet::new();
        let mut rings: Vec<&[u8]> = data.islands.iter().map(|i| &i.sites[..]).collect();
        if !data.castle_ring.is_empty() {
            rings.push(data.castle_ring);
        }
        for ring in rings {
            assert!(
                ring.iter().filter(|&&s| s != 0).count() >= 3,
                "{}: island {ring:?}",
                data.name
            );
            assert!(ring.iter().all(|&s| s <= data.sites));
            // The sites of a ring form one unbroken arc (a gap of open water at most).
            let gaps = (0..ring.len())
                .filter(|&k| ring[k] != 0 && ring[(k + 1) % ring.len()] == 0)
                .count();
            assert!(gaps <= 1, "{}: ring {ring:?} is broken", data.name);
            for e in ring_edges(ring) {
                assert!(routes.contains(&e), "{}: ring {ring:?} lacks route {e:?}", data.name);
                covered.insert(e);
            }
        }
        // Every route joins neighbouring sites of some island.
        assert_eq!(covered, routes, "{}: a route lies on no island's ring", data.name);
        // Every site is on some island.
        for s in 1..=data.sites {
            assert!(
                data.islands.iter().any(|i| i.sites.contains(&s)),
                "{}: site {s} on no island",
                data.name
            );
        }
    }
}

#[test]
fn start_pieces_lie_on_legal_spots() {
    for (side, data) in [
        (Side::FourPlayer, &FOUR_PLAYER_SIDE),
        (Side::TwoPlayer, &TWO_PLAYER_SIDE),
    ] {
        let b = Board::get(Edition::Kosmos2015, side);
        let mut used_sites = 0u64;
        let mut used_routes = 0u64;
        for (seat, s) in data.starts.iter().enumerate() {
            let p = b.starts[seat];
            assert_eq!(p.lairs.count_ones(), 2, "{}: seat {seat} lairs", data.name);
            assert_eq!(
                p.ships.count_ones(),
                2,
                "{}: seat {seat} ships must be routes",
                data.name
            );
            assert_eq!(p.lairs & !b.buildable, 0);
            assert_eq!(used_sites & p.lairs, 0, "start lairs shared");
            assert_eq!(used_routes & p.ships, 0, "start ships shared");
            used_sites |= p.lairs;
            used_routes |= p.ships;
            // Each start ship touches one of the colour's start lairs.
            for &(x, y) in &s.ships {
                assert!(
                    s.lairs.contains(&x) || s.lairs.contains(&y),
                    "{}: ship {x}-{y}",
                    data.name
                );
            }
        }
        assert_eq!(data.starts.len(), if side == Side::TwoPlayer { 2 } else { 4 });
    }
}

#[test]
fn lookup_tables_agree() {
    for side in [Side::FourPlayer, Side::TwoPlayer] {
        let b = Board::get(Edition::English2012, side);
        for (r, &l) in b.routes.iter().enumerate() {
            assert_eq!(b.route(l), Some(r as u8));
            assert_eq!(b.link(r as u8), Some(l));
            assert_ne!(b.site_routes[l.a().index()] & (1 << r), 0);
            assert_ne!(b.site_routes[l.b().index()] & (1 << r), 0);
        }
        assert_eq!(b.route(Link::new(Site(0), Site(63))), None);
    }
}

/// The derivation of the 2-player side, recomputed from geometry: flat-topped
/// hexes (corners at x ±2, ±1 and y 0, ±1 in half-width/half-height units), the
/// left column one unit higher and the right column one unit lower than the
/// middle; sites are corners shared by two or more islands, numbered in reading
/// order; routes are island edges between two sites.
#[test]
fn two_player_side_is_the_derived_hex_layout() {
    let centres: [(i32, i32); 9] = [
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
    let corners = |(cx, cy): (i32, i32)| -> [(i32, i32); 6] {
        [
            (cx - 1, cy - 1),
            (cx + 1, cy - 1),
            (cx + 2, cy),
            (cx + 1, cy + 1),
            (cx - 1, cy + 1),
            (cx - 2, cy),
        ]
    };
    let mut count = std::collections::BTreeMap::<(i32, i32), usize>::new();
    for c in centres {
        for v in corners(c) {
            *count.entry((v.1, v.0)).or_default() += 1;
        }
    }
    // Reading order: by row (y), then x.
    let sites: Vec<(i32, i32)> = count
        .iter()
        .filter(|(_, &n)| n >= 2)
        .map(|(&(y, x), _)| (x, y))
        .collect();
    assert_eq!(sites.len(), TWO_PLAYER_SIDE.sites as usize);
    let number = |v: (i32, i32)| sites.iter().position(|&s| s == v).map(|i| i as u8 + 1);
    let mut routes = BTreeSet::new();
    for (i, c) in centres.iter().enumerate() {
        let cs = corners(*c);
        let ring: Vec<u8> = cs.iter().map(|&v| number(v).unwrap_or(0)).collect();
        assert_eq!(
            ring, TWO_PLAYER_SIDE.islands[i].sites,
            "island {}",
            TWO_PLAYER_SIDE.islands[i].name
        );
        for k in 0..6 {
            if let (Some(a), Some(b)) = (number(cs[k]), number(cs[(k + 1) % 6])) {
                routes.insert((a.min(b), a.max(b)));
            }
        }
    }
    assert_eq!(routes, route_set(&TWO_PLAYER_SIDE));
    // The printed facts: the centre (gold 5) touches 5, 6, 9, 12, 11, 8; start spots.
    let centre = &TWO_PLAYER_SIDE.islands[4];
    assert_eq!((centre.good, centre.number), (Good::Gold, 5));
    assert_eq!(centre.sites, &[5, 6, 9, 12, 11, 8]);
    assert_eq!(
        TWO_PLAYER_SIDE
            .islands
            .iter()
            .map(|i| (i.good, i.number))
            .collect::<Vec<_>>(),
        [
            (Good::Sabre, 1),
            (Good::Wool, 2),
            (Good::Wood, 3),
            (Good::Pineapple, 3),
            (Good::Gold, 5),
            (Good::Pineapple, 4),
            (Good::Wood, 4),
            (Good::Wool, 1),
            (Good::Sabre, 2),
        ]
    );
    for (x, y) in [(2, 3), (11, 13), (4, 6), (14, 15)] {
        assert!(routes.contains(&(x, y)), "start ship {x}-{y}");
    }
}

#[test]
fn byte_tables_match_the_plain_unions() {
    for side in [Side::FourPlayer, Side::TwoPlayer] {
        let b = Board::get(Edition::Kosmos2015, side);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let ships = x & b.all_routes;
            let plain = (0..b.routes.len())
                .filter(|r| ships & (1 << r) != 0)
                .fold(0, |m, r| m | b.route_sites[r]);
            assert_eq!(b.ends_of(ships), plain);
            let sites = x & (b.buildable | 1 << b.castle_site.0);
            let plain = (0..b.site_routes.len())
                .filter(|s| sites & (1 << s) != 0)
                .fold(0, |m, s| m | b.site_routes[s]);
            assert_eq!(b.routes_at(sites), plain);
        }
    }
}

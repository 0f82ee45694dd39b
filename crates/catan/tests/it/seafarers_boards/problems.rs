//! `SeaMap::problems`: one test per kind of corrupt board, a fuzz that
//! no map makes it panic, and the row parser's refusals.

use super::*;

// ---------------------------------------------------------------- problems

fn ns3() -> SeaMap {
    printed(Scenario::NewShores, Players::Three)
}

fn only(m: &SeaMap, want: MapProblem) {
    let got = m.problems();
    assert_eq!(got, vec![want.clone()]);
    let p = &got[0];
    assert!(SEA_BOARD_RULE_IDS.contains(&p.rule()), "{}", p.rule());
    assert!(!p.de().is_empty() && !p.en().is_empty() && p.de() != p.en());
    let e = p.problem();
    assert_eq!(
        (e.rule, e.de.as_str(), e.en.as_str()),
        (p.rule(), p.de().as_str(), p.en().as_str())
    );
    assert_eq!(m.engine_problems(), vec![e]);
    assert!(p.to_string().ends_with(&format!("[{}]", p.rule())));
}

#[test]
fn sea_board_coords_problem_rows_not_a_hex_grid() {
    let mut m = ns3();
    m.rows.clear();
    only(&m, MapProblem::NotAHexGrid { row: 0 });
    // Two rows at the same offset do not interlock: row 4 moved to x0 = 0
    // clashes with rows 3 and 5, and the problem is told at the later row.
    let mut m = ns3();
    m.rows[4].x0 = 0;
    assert_eq!(
        m.problems(),
        [MapProblem::NotAHexGrid { row: 4 }, MapProblem::NotAHexGrid { row: 5 }]
    );
    let mut m = ns3();
    m.rows[8].x0 = 4;
    only(&m, MapProblem::NotAHexGrid { row: 8 });
    let mut m = ns3();
    m.rows[2].hexes.clear();
    only(&m, MapProblem::NotAHexGrid { row: 2 });
    let mut m = ns3();
    m.rows.extend((0..40).map(|i| Row {
        x0: 3 + (i % 2) as u8,
        hexes: vec![Hex::Frame],
    }));
    assert_eq!(m.problems(), vec![MapProblem::NotAHexGrid { row: 0 }]);
    let mut m = ns3();
    m.rows[1].hexes.extend([Hex::Sea; 40]);
    assert!(m.problems().contains(&MapProblem::NotAHexGrid { row: 1 }));
}

#[test]
fn sea_board_frame_problem_open_edge() {
    let mut m = ns3();
    *m.hex_mut(h(0, 2)).unwrap() = Hex::Sea;
    only(&m, MapProblem::OpenEdge { hex: h(0, 2) });
    // A row cut short leaves land at the edge.
    let mut m = ns3();
    m.rows[4].hexes.truncate(2);
    let got = m.problems();
    assert!(got.contains(&MapProblem::OpenEdge { hex: h(4, 1) }), "{got:?}");
}

#[test]
fn sea_board_frame_problem_frame_inside() {
    let mut m = ns3();
    *m.hex_mut(h(2, 2)).unwrap() = Hex::Frame;
    only(&m, MapProblem::FrameInside { hex: h(2, 2) });
}

#[test]
fn sea_board_tokens_problem_bad_token() {
    for n in [0, 1, 7, 13, 255] {
        let mut m = ns3();
        *m.hex_mut(h(3, 2)).unwrap() = Hex::Land {
            terrain: SeaTerrain::Fields,
            number: Some(n),
        };
        only(
            &m,
            MapProblem::BadToken {
                hex: h(3, 2),
                number: n,
            },
        );
    }
}

#[test]
fn sea_board_tokens_problem_gold_field_without_token() {
    let mut m = ns3();
    *m.hex_mut(h(1, 2)).unwrap() = Hex::Land {
        terrain: SeaTerrain::Gold,
        number: None,
    };
    only(
        &m,
        MapProblem::MissingToken {
            hex: h(1, 2),
            terrain: SeaTerrain::Gold,
        },
    );
    let mut m = ns3();
    *m.hex_mut(h(3, 2)).unwrap() = Hex::Land {
        terrain: SeaTerrain::Fields,
        number: None,
    };
    only(
        &m,
        MapProblem::MissingToken {
            hex: h(3, 2),
            terrain: SeaTerrain::Fields,
        },
    );
}

#[test]
fn sea_board_tokens_problem_desert_with_token() {
    let mut m = printed(Scenario::NewShores, Players::Four);
    *m.hex_mut(h(5, 3)).unwrap() = Hex::Land {
        terrain: SeaTerrain::Desert,
        number: Some(7),
    };
    only(&m, MapProblem::DesertToken { hex: h(5, 3) });
}

#[test]
fn sea_board_harbor_coast_problem_harbor_not_coastal() {
    // Inland: (4,2)'s E side faces (4,3), land.
    let mut m = ns3();
    m.harbors.push(HarborSite {
        hex: h(4, 2),
        side: Side::E,
        kind: Harbor::Generic,
    });
    only(
        &m,
        MapProblem::HarborNotCoastal {
            index: 8,
            hex: h(4, 2),
            side: Side::E,
        },
    );
    // On a sea hex, and off the board.
    for hex in [h(2, 1), h(40, 0)] {
        let mut m = ns3();
        m.harbors.push(HarborSite {
            hex,
            side: Side::E,
            kind: Harbor::Ore,
        });
        only(
            &m,
            MapProblem::HarborNotCoastal {
                index: 8,
                hex,
                side: Side::E,
            },
        );
    }
}

#[test]
fn sea_board_harbors_apart_problem_harbors_share_an_intersection() {
    // (3,2) has a grain harbor on W; its NW side shares the corner between them.
    let mut m = ns3();
    m.harbors.push(HarborSite {
        hex: h(3, 2),
        side: Side::Nw,
        kind: Harbor::Generic,
    });
    only(&m, MapProblem::HarborsShareCorner { first: 0, second: 8 });
    // The same side twice.
    let mut m = ns3();
    let dup = m.harbors[3];
    m.harbors.push(dup);
    only(&m, MapProblem::HarborsShareCorner { first: 3, second: 8 });
    // Too many to compare.
    let mut m = ns3();
    m.harbors = vec![m.harbors[0]; 65];
    only(&m, MapProblem::TooManyHarbors { count: 65 });
}

#[test]
fn sea_robber_land_only_problem_robber_at_sea() {
    for hex in [h(2, 1), h(0, 0), h(9, 9)] {
        let mut m = ns3();
        m.robber = Some(hex);
        only(&m, MapProblem::RobberNotOnLand { hex });
    }
    let mut m = ns3();
    m.robber = None;
    assert!(m.problems().is_empty(), "off the board is allowed");
}

#[test]
fn sea_pirate_sea_only_problem_pirate_on_land() {
    for hex in [h(3, 2), h(9, 9)] {
        let mut m = ns3();
        m.pirate = Some(hex);
        only(&m, MapProblem::PirateNotOnSea { hex });
    }
    let mut m = ns3();
    m.pirate = Some(h(0, 0));
    assert!(m.problems().is_empty(), "the ring is sea");
}

#[test]
fn sea_board_problems_every_id_is_used_and_listed() {
    let ids: BTreeSet<&str> = SEA_BOARD_RULE_IDS.into_iter().collect();
    assert_eq!(ids.len(), SEA_BOARD_RULE_IDS.len());
    assert!(ids.iter().all(|id| id.starts_with("sea.")));
}

/// Any map at all, however broken, is checked without a panic.
#[test]
fn sea_board_problems_never_panic_on_random_maps() {
    let mut rng = GameRng::seed_from_u64(99);
    let hex = |rng: &mut GameRng| match rng.random_range(0..4) {
        0 => Hex::Frame,
        1 => Hex::Sea,
        _ => Hex::Land {
            terrain: SeaTerrain::ALL[rng.random_range(0..7)],
            number: rng.random_bool(0.8).then(|| rng.random_range(0..=14)),
        },
    };
    let pos = |rng: &mut GameRng| h(rng.random_range(0..12), rng.random_range(0..12));
    for _ in 0..2000 {
        let rows = (0..rng.random_range(0..11))
            .map(|_| Row {
                x0: rng.random_range(0..=255),
                hexes: (0..rng.random_range(0..10)).map(|_| hex(&mut rng)).collect(),
            })
            .collect();
        let mut m = SeaMap {
            rows,
            harbors: (0..rng.random_range(0..12))
                .map(|_| HarborSite {
                    hex: pos(&mut rng),
                    side: Side::ALL[rng.random_range(0..6)],
                    kind: Harbor::Generic,
                })
                .collect(),
            robber: rng.random_bool(0.5).then(|| pos(&mut rng)),
            pirate: rng.random_bool(0.5).then(|| pos(&mut rng)),
        };
        let _ = m.problems();
        let _ = (
            m.islands(),
            m.land_corner_count(),
            m.coastal_or_land_side_count(),
            m.reds_apart(),
        );
        // Small offsets, so that many of them are grids.
        for row in &mut m.rows {
            row.x0 %= 4;
        }
        let _ = m.problems();
        let _ = m.main_island();
    }
}

#[test]
fn sea_board_coords_parser_refuses_what_is_no_map() {
    for bad in [
        "",
        "r0 x0=1 # #",
        "r1 x0=1: # #",
        "r0 x0=1: # X5 #",
        "r0 x0=1: # H #",
        "r0 x0=1: # D5 #",
        "r0 x0=1: # . #",
        "r0 x0=1:",
        "r0 x0=300: # #",
        "r0 y0=1: # #",
        "r0 x0=1 z: # #",
    ] {
        assert!(parse_rows(bad).is_err(), "{bad:?}");
    }
    let rows = parse_rows("r0 x0=1: # Au12 D ~ #").unwrap();
    assert_eq!(
        rows[0].hexes,
        [
            Hex::Frame,
            Hex::Land {
                terrain: SeaTerrain::Gold,
                number: Some(12)
            },
            Hex::Land {
                terrain: SeaTerrain::Desert,
                number: None
            },
            Hex::Sea,
            Hex::Frame,
        ]
    );
}

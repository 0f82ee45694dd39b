//! Seafarers' scenario boards as data (issue 46, first brick): every fact
//! `docs/rules/seafarers.md` states about the boards, checked through the
//! public API: the grid (`sea.board.coords`), the ring (`sea.board.frame`),
//! computed islands (`sea.board.island`), the printed maps of Heading for
//! New Shores and The Four Islands, their variable set-up
//! (`sea.board.variable`), New World's generator (`sea.scn.new_world.*`) and
//! the checks a stated board must pass.

use catan::seafarers::{
    new_world, new_world_frame, new_world_where, parse_cells, parse_rows, Cell, ForeignRule, HarborSite, Hex, HexPos,
    MapProblem, Players, Row, Scenario, SeaMap, SeaTerrain, SetupArea, Side, CORNERS, NEW_WORLD_HARBORS,
    NEW_WORLD_TOKENS, SEA_BOARD_RULE_IDS,
};
use catan::Harbor;
use engine::rand::{Rng, SeedableRng};
use engine::GameRng;
use std::collections::BTreeSet;

mod generated;
mod problems;

const fn h(r: u8, c: u8) -> HexPos {
    HexPos::new(r, c)
}

fn printed(s: Scenario, p: Players) -> SeaMap {
    s.printed(p).unwrap_or_else(|| panic!("{s:?} {p:?} has a printed map"))
}

/// The four printed maps.
fn all_printed() -> Vec<(Scenario, Players, SeaMap)> {
    [Scenario::NewShores, Scenario::FourIslands]
        .into_iter()
        .flat_map(|s| Players::ALL.into_iter().map(move |p| (s, p, printed(s, p))))
        .collect()
}

/// Hexes `(r, c0..=c1)`.
fn span(r: u8, c0: u8, c1: u8) -> Vec<HexPos> {
    (c0..=c1).map(|c| h(r, c)).collect()
}

fn set(v: impl IntoIterator<Item = HexPos>) -> BTreeSet<HexPos> {
    v.into_iter().collect()
}

fn islands(m: &SeaMap) -> BTreeSet<BTreeSet<HexPos>> {
    m.islands().into_iter().map(set).collect()
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

fn harbor_kinds(m: &SeaMap) -> Vec<Harbor> {
    let mut k: Vec<Harbor> = m.harbors.iter().map(|h| h.kind).collect();
    k.sort_unstable_by_key(|&h| h as u8);
    k
}

/// 4 × 3:1 and one 2:1 of each resource, sorted as [`harbor_kinds`].
fn nine_harbors() -> Vec<Harbor> {
    use Harbor::*;
    vec![Generic, Generic, Generic, Generic, Brick, Lumber, Wool, Grain, Ore]
}

/// Land hexes with their terrain, sorted (a multiset of terrains).
fn terrains_of(m: &SeaMap, at: &[HexPos]) -> Vec<Option<SeaTerrain>> {
    let mut t: Vec<Option<SeaTerrain>> = at.iter().map(|&p| m.hex(p).and_then(Hex::terrain)).collect();
    t.sort_unstable();
    t
}

fn tokens_of(m: &SeaMap, at: &[HexPos]) -> Vec<u8> {
    sorted(at.iter().filter_map(|&p| m.hex(p)?.number()).collect())
}

fn share_corner(m: &SeaMap, a: &HarborSite, b: &HarborSite) -> bool {
    let (Some(x), Some(y)) = (m.side_corners(a.hex, a.side), m.side_corners(b.hex, b.side)) else {
        return false;
    };
    x.iter().any(|p| y.contains(p))
}

// ---------------------------------------------------------------- scenarios

#[test]
fn sea_scn_ids_names_and_goals() {
    let want = [
        (
            Scenario::NewShores,
            "new_shores",
            "Zu neuen Ufern",
            "Heading for New Shores",
            13,
        ),
        (
            Scenario::FourIslands,
            "four_islands",
            "Die vier Inseln",
            "The Four Islands",
            12,
        ),
        (Scenario::NewWorld, "new_world", "Neue Welt", "New World", 12),
    ];
    assert_eq!(Scenario::ALL.len(), want.len());
    for (s, id, de, en, vp) in want {
        assert!(Scenario::ALL.contains(&s));
        assert_eq!(s.id(), id);
        assert_eq!(Scenario::from_id(id), Some(s));
        assert_eq!(serde_json::to_value(s).unwrap(), serde_json::json!(id));
        assert_eq!(serde_json::from_value::<Scenario>(serde_json::json!(id)).unwrap(), s);
        assert_eq!((s.name_de(), s.name_en(), s.vp_goal()), (de, en, vp));
    }
    assert_eq!(Scenario::from_id("fog_islands"), None);
}

#[test]
fn sea_scn_new_shores_vp_is_13_and_four_islands_vp_is_12() {
    assert_eq!(Scenario::NewShores.vp_goal(), 13);
    assert_eq!(Scenario::FourIslands.vp_goal(), 12);
}

/// The texts in the code are the rule file's rows, character for character
/// (the left-hand column of each drawing).
#[test]
fn sea_board_coords_maps_are_transcribed_from_the_rule_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules/seafarers.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut blocks: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("```") {
            match current.take() {
                Some(b) => blocks.push(b),
                None => current = Some(String::new()),
            }
        } else if let Some(b) = current.as_mut() {
            // The left column ends at the first run of two spaces after the colon.
            let colon = line.find(':').map_or(0, |i| i + 1);
            let left = line[colon..].find("  ").map_or(line, |i| &line[..colon + i]);
            b.push_str(left.trim_end());
            b.push('\n');
        }
    }
    let want = [
        Scenario::NewShores.map_text(Players::Three),
        Scenario::NewShores.map_text(Players::Four),
        Scenario::FourIslands.map_text(Players::Three),
        Scenario::FourIslands.map_text(Players::Four),
        Some(catan::seafarers::NEW_WORLD_FRAME),
    ];
    assert_eq!(blocks.len(), want.len(), "the rule file's drawings");
    for (got, want) in blocks.iter().zip(want) {
        assert_eq!(Some(got.as_str()), want);
    }
    assert_eq!(Scenario::NewWorld.map_text(Players::Three), None);
    assert!(Scenario::NewWorld.printed(Players::Four).is_none());
}

// ---------------------------------------------------------------- the grid

#[test]
fn sea_board_coords_neighbours_follow_the_offsets() {
    let m = printed(Scenario::NewShores, Players::Three);
    // (4,1) at x = 1 + 2 = 3; rows 3 and 5 start at x0 = 0.
    assert_eq!(m.center(h(4, 1)), Some((3, 12)));
    let want = [
        (Side::Ne, h(3, 2)),
        (Side::E, h(4, 2)),
        (Side::Se, h(5, 2)),
        (Side::Sw, h(5, 1)),
        (Side::W, h(4, 0)),
        (Side::Nw, h(3, 1)),
    ];
    assert_eq!(m.neighbors(h(4, 1)).collect::<Vec<_>>(), want);
    assert_eq!(Side::ALL, [Side::Ne, Side::E, Side::Se, Side::Sw, Side::W, Side::Nw]);
    // Every neighbour relation is symmetric through the opposite side.
    for (_, _, m) in all_printed() {
        for p in m.positions() {
            for (s, n) in m.neighbors(p) {
                assert_eq!(m.neighbor(n, s.opposite()), Some(p), "{p} {s:?}");
            }
        }
    }
    // Corners of the ring have neighbours off the board.
    assert_eq!(m.neighbor(h(0, 0), Side::Nw), None);
    assert_eq!(m.neighbor(h(0, 0), Side::W), None);
}

/// Corner points are those of `topology.rs`: centre at (x0 + 2c, 3r),
/// offsets clockwise from the top, side k from corner k to k + 1, and the
/// same edge seen from both hexes has the same two points.
#[test]
fn sea_board_coords_corners_are_the_topology_grid() {
    assert_eq!(CORNERS, [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]);
    let m = printed(Scenario::FourIslands, Players::Four);
    assert_eq!(m.center(h(2, 3)), Some((1 + 6, 6)));
    assert_eq!(m.corner(h(2, 3), 0), Some((7, 4)));
    assert_eq!(m.side_corners(h(2, 3), Side::Ne), Some([(7, 4), (8, 5)]));
    assert_eq!(m.side_corners(h(2, 3), Side::Nw), Some([(6, 5), (7, 4)]));
    for (_, _, m) in all_printed() {
        for p in m.positions() {
            for (s, n) in m.neighbors(p) {
                assert_eq!(m.side_corners(p, s), m.side_corners(n, s.opposite()), "{p} {s:?}");
            }
        }
        // Six distinct corners per hex, and every corner of a land hex is
        // shared by exactly three board hexes (the ring closes the board).
        for p in m.land() {
            let corners: BTreeSet<_> = (0..6).filter_map(|k| m.corner(p, k)).collect();
            assert_eq!(corners.len(), 6);
            for c in corners {
                let around = m
                    .positions()
                    .filter(|&q| (0..6).any(|k| m.corner(q, k) == Some(c)))
                    .count();
                assert_eq!(around, 3, "corner {c:?} of {p}");
            }
        }
    }
}

#[test]
fn sea_board_frame_rings_close_every_map() {
    for (s, p, m) in all_printed() {
        let last = m.rows.len() - 1;
        for (r, row) in m.rows.iter().enumerate() {
            assert_eq!(row.hexes.first(), Some(&Hex::Frame), "{s:?} {p:?} r{r}");
            assert_eq!(row.hexes.last(), Some(&Hex::Frame), "{s:?} {p:?} r{r}");
            if r == 0 || r == last {
                assert!(row.hexes.iter().all(|&x| x == Hex::Frame), "{s:?} {p:?} r{r}");
            }
        }
        // A hex is frame exactly when it has a side towards no hex.
        for (pos, hex) in m.hexes() {
            assert_eq!(hex == Hex::Frame, m.neighbors(pos).count() < 6, "{s:?} {p:?} {pos}");
            assert!(Hex::Frame.is_water());
        }
    }
}

#[test]
fn sea_board_intersections_helpers_count_land_corners_and_sides() {
    // One land hex alone: 6 corners, 6 sides.
    let m = SeaMap {
        rows: parse_rows("r0 x0=1: # #\nr1 x0=0: # H5 #\nr2 x0=1: # #\n").unwrap(),
        harbors: vec![],
        robber: None,
        pirate: None,
    };
    assert!(m.problems().is_empty(), "{:?}", m.problems());
    assert_eq!((m.land_corner_count(), m.coastal_or_land_side_count()), (6, 6));
    assert_eq!(m.coastal_sides().len(), 6);
    // The base-game shape inside New Shores 4p has 54 intersections and 72
    // paths on its own; with the small islands the board has more.
    let m = printed(Scenario::NewShores, Players::Four);
    assert!(m.land_corner_count() > 54 && m.coastal_or_land_side_count() > 72);
    assert!(m.land_corner_count() <= 128 && m.coastal_or_land_side_count() <= 128);
}

// ---------------------------------------------------------------- printed maps

#[test]
fn sea_scn_new_shores_3p_hex_counts() {
    let m = printed(Scenario::NewShores, Players::Three);
    assert_eq!(m.counts(), (22, 14, 24));
    assert_eq!(m.main_island().map(|i| i.len()), Some(14));
}

#[test]
fn sea_scn_new_shores_4p_hex_counts() {
    let m = printed(Scenario::NewShores, Players::Four);
    assert_eq!(m.counts(), (28, 15, 26));
    assert_eq!(m.main_island().map(|i| i.len()), Some(19));
}

#[test]
fn sea_scn_four_islands_3p_hex_counts() {
    assert_eq!(printed(Scenario::FourIslands, Players::Three).counts(), (20, 15, 24));
}

#[test]
fn sea_scn_four_islands_4p_hex_counts() {
    assert_eq!(printed(Scenario::FourIslands, Players::Four).counts(), (23, 12, 24));
}

fn new_shores_3p_main() -> Vec<HexPos> {
    [
        span(3, 2, 3),
        span(4, 1, 3),
        span(5, 1, 4),
        span(6, 1, 3),
        span(7, 1, 2),
    ]
    .concat()
}

fn new_shores_4p_main() -> Vec<HexPos> {
    [
        span(3, 2, 4),
        span(4, 1, 4),
        span(5, 1, 5),
        span(6, 1, 4),
        span(7, 1, 3),
    ]
    .concat()
}

#[test]
fn sea_board_island_new_shores_3p_islands_are_the_rule_files() {
    let m = printed(Scenario::NewShores, Players::Three);
    let want = BTreeSet::from([
        set(new_shores_3p_main()),
        set([h(1, 1), h(1, 2)]),
        set([h(2, 4), h(2, 5), h(3, 5), h(4, 5)]),
        set([h(6, 5), h(7, 4)]),
    ]);
    assert_eq!(islands(&m), want);
    assert_eq!(m.main_island().map(set), Some(set(new_shores_3p_main())));
}

#[test]
fn sea_board_island_new_shores_4p_islands_are_the_rule_files() {
    let m = printed(Scenario::NewShores, Players::Four);
    let want = BTreeSet::from([
        set(new_shores_4p_main()),
        set([h(1, 1), h(1, 2)]),
        set([h(1, 4), h(2, 5), h(2, 6), h(3, 6), h(4, 6)]),
        set([h(6, 6), h(7, 5)]),
    ]);
    assert_eq!(islands(&m), want);
    // Rows 3–7 of the main island hold 3, 4, 5, 4, 3 hexes.
    let main = m.main_island().unwrap();
    let per_row: Vec<usize> = (3..=7).map(|r| main.iter().filter(|p| p.r == r).count()).collect();
    assert_eq!(per_row, [3, 4, 5, 4, 3]);
}

#[test]
fn sea_board_island_four_islands_3p_islands_are_the_rule_files() {
    let m = printed(Scenario::FourIslands, Players::Three);
    let want = BTreeSet::from([
        set([h(2, 1), h(2, 2), h(3, 1), h(3, 2)]),
        set([h(1, 3), h(1, 4), h(2, 4), h(2, 5), h(3, 4), h(3, 5)]),
        set([h(5, 1), h(5, 2), h(5, 3), h(6, 1), h(6, 2), h(7, 1)]),
        set([h(5, 5), h(5, 6), h(6, 4), h(6, 5)]),
    ]);
    assert_eq!(islands(&m), want);
}

#[test]
fn sea_board_island_four_islands_4p_islands_are_the_rule_files() {
    let m = printed(Scenario::FourIslands, Players::Four);
    let want = BTreeSet::from([
        set([h(1, 1), h(2, 1), h(3, 1), h(3, 2)]),
        set([h(1, 3), h(1, 4), h(2, 3), h(2, 4), h(2, 5), h(3, 4), h(3, 5), h(4, 3)]),
        set([h(5, 1), h(5, 2), h(6, 1), h(6, 2), h(6, 3), h(7, 1), h(7, 2)]),
        set([h(5, 5), h(5, 6), h(6, 5), h(7, 4)]),
    ]);
    assert_eq!(islands(&m), want);
}

#[test]
fn sea_scn_new_shores_terrain_has_no_main_desert_in_3p_and_a_base_board_in_4p() {
    let m = printed(Scenario::NewShores, Players::Three);
    assert_eq!(m.terrain_count(SeaTerrain::Desert), 0);
    let gold: Vec<HexPos> = m
        .land()
        .filter(|&p| m.hex(p).and_then(Hex::terrain) == Some(SeaTerrain::Gold))
        .collect();
    assert_eq!(gold, [h(1, 2), h(4, 5)]);
    // 4 players: the main island is the base game's board.
    let m = printed(Scenario::NewShores, Players::Four);
    let main = new_shores_4p_main();
    use SeaTerrain::*;
    let mut want = vec![Some(Hills); 3];
    want.extend([Some(Forest); 4]);
    want.extend([Some(Pasture); 4]);
    want.extend([Some(Fields); 4]);
    want.extend([Some(Mountains); 3]);
    want.push(Some(Desert));
    want.sort_unstable();
    assert_eq!(terrains_of(&m, &main), want);
    assert_eq!(
        tokens_of(&m, &main),
        [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    );
    assert_eq!(
        m.hex(h(5, 3)),
        Some(Hex::Land {
            terrain: Desert,
            number: None
        })
    );
    let gold: Vec<HexPos> = m
        .land()
        .filter(|&p| m.hex(p).and_then(Hex::terrain) == Some(Gold))
        .collect();
    assert_eq!(gold, [h(1, 4), h(4, 6)]);
}

#[test]
fn sea_scn_four_islands_3p_terrain_and_tokens() {
    let m = printed(Scenario::FourIslands, Players::Three);
    for t in [
        SeaTerrain::Hills,
        SeaTerrain::Forest,
        SeaTerrain::Pasture,
        SeaTerrain::Fields,
        SeaTerrain::Mountains,
    ] {
        assert_eq!(m.terrain_count(t), 4, "{t:?}");
    }
    assert_eq!(
        m.terrain_count(SeaTerrain::Desert) + m.terrain_count(SeaTerrain::Gold),
        0
    );
    assert_eq!(
        m.tokens(),
        [2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 11, 11, 12]
    );
}

#[test]
fn sea_scn_four_islands_4p_terrain_and_tokens() {
    let m = printed(Scenario::FourIslands, Players::Four);
    let want = [
        (SeaTerrain::Hills, 4),
        (SeaTerrain::Mountains, 4),
        (SeaTerrain::Pasture, 5),
        (SeaTerrain::Fields, 5),
        (SeaTerrain::Forest, 5),
        (SeaTerrain::Desert, 0),
        (SeaTerrain::Gold, 0),
    ];
    for (t, n) in want {
        assert_eq!(m.terrain_count(t), n, "{t:?}");
    }
    assert_eq!(
        m.tokens(),
        [2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12]
    );
}

/// A harbor as the rule file lists it: land hex, side, kind.
type Site = (HexPos, Side, Harbor);

#[test]
fn sea_board_harbor_coast_printed_harbors_are_coastal_and_of_the_printed_types() {
    use Harbor::*;
    let want: [(Scenario, Players, Vec<Site>); 4] = [
        (
            Scenario::NewShores,
            Players::Three,
            vec![
                (h(3, 2), Side::W, Grain),
                (h(3, 3), Side::E, Generic),
                (h(5, 1), Side::Nw, Ore),
                (h(5, 4), Side::Ne, Wool),
                (h(5, 1), Side::Sw, Generic),
                (h(7, 1), Side::W, Brick),
                (h(7, 2), Side::E, Generic),
                (h(7, 2), Side::Sw, Lumber),
            ],
        ),
        (
            Scenario::NewShores,
            Players::Four,
            vec![
                (h(3, 2), Side::Nw, Grain),
                (h(3, 3), Side::Ne, Generic),
                (h(4, 4), Side::Ne, Lumber),
                (h(4, 1), Side::W, Ore),
                (h(5, 5), Side::E, Generic),
                (h(6, 1), Side::W, Wool),
                (h(6, 4), Side::Se, Generic),
                (h(7, 1), Side::Sw, Generic),
                (h(7, 2), Side::Se, Brick),
            ],
        ),
        (
            Scenario::FourIslands,
            Players::Three,
            vec![
                (h(3, 1), Side::Nw, Generic),
                (h(2, 2), Side::Se, Ore),
                (h(5, 1), Side::Ne, Lumber),
                (h(5, 1), Side::Sw, Generic),
                (h(6, 2), Side::Se, Wool),
                (h(2, 5), Side::Ne, Generic),
                (h(3, 5), Side::Sw, Brick),
                (h(6, 4), Side::Nw, Generic),
                (h(5, 6), Side::Se, Grain),
            ],
        ),
        (
            Scenario::FourIslands,
            Players::Four,
            vec![
                (h(2, 1), Side::W, Grain),
                (h(3, 1), Side::Se, Generic),
                (h(5, 1), Side::Sw, Brick),
                (h(6, 2), Side::Ne, Generic),
                (h(7, 1), Side::W, Wool),
                (h(4, 3), Side::Nw, Generic),
                (h(2, 5), Side::Se, Lumber),
                (h(5, 6), Side::Nw, Ore),
                (h(5, 6), Side::Se, Generic),
            ],
        ),
    ];
    for (s, p, sites) in want {
        let m = printed(s, p);
        let got: Vec<Site> = m.harbors.iter().map(|x| (x.hex, x.side, x.kind)).collect();
        assert_eq!(got, sites, "{s:?} {p:?}");
        for x in &m.harbors {
            assert!(m.is_coastal(x.hex, x.side), "{s:?} {p:?} {x:?}");
        }
    }
    // New Shores 3p: 3 × 3:1 and one 2:1 of each resource; the others 4 × 3:1 + 5.
    let ns3 = printed(Scenario::NewShores, Players::Three);
    assert_eq!(
        harbor_kinds(&ns3),
        [Generic, Generic, Generic, Brick, Lumber, Wool, Grain, Ore]
    );
    for (s, p) in [
        (Scenario::NewShores, Players::Four),
        (Scenario::FourIslands, Players::Three),
        (Scenario::FourIslands, Players::Four),
    ] {
        assert_eq!(harbor_kinds(&printed(s, p)), nine_harbors(), "{s:?} {p:?}");
    }
}

#[test]
fn sea_board_harbors_apart_on_printed_maps() {
    for (s, p, m) in all_printed() {
        for (i, a) in m.harbors.iter().enumerate() {
            for b in &m.harbors[i + 1..] {
                assert!(!share_corner(&m, a, b), "{s:?} {p:?} {a:?} {b:?}");
            }
        }
    }
}

#[test]
fn sea_robber_land_only_printed_starts() {
    let want = [
        (
            Scenario::NewShores,
            Players::Three,
            h(1, 1),
            SeaTerrain::Hills,
            Some(12),
        ),
        (Scenario::NewShores, Players::Four, h(5, 3), SeaTerrain::Desert, None),
        (
            Scenario::FourIslands,
            Players::Three,
            h(7, 1),
            SeaTerrain::Pasture,
            Some(12),
        ),
        (
            Scenario::FourIslands,
            Players::Four,
            h(2, 4),
            SeaTerrain::Fields,
            Some(12),
        ),
    ];
    for (s, p, at, terrain, number) in want {
        let m = printed(s, p);
        assert_eq!(m.robber, Some(at), "{s:?} {p:?}");
        assert_eq!(m.hex(at), Some(Hex::Land { terrain, number }), "{s:?} {p:?}");
    }
}

#[test]
fn sea_pirate_sea_only_printed_starts() {
    let want = [
        (Scenario::NewShores, Players::Three, h(4, 6), Hex::Sea),
        (Scenario::NewShores, Players::Four, h(4, 7), Hex::Sea),
        (Scenario::FourIslands, Players::Three, h(4, 3), Hex::Sea),
        // A ring hex (`sea.board.frame`).
        (Scenario::FourIslands, Players::Four, h(4, 6), Hex::Frame),
    ];
    for (s, p, at, hex) in want {
        let m = printed(s, p);
        assert_eq!(m.pirate, Some(at), "{s:?} {p:?}");
        assert_eq!(m.hex(at), Some(hex), "{s:?} {p:?}");
    }
}

#[test]
fn sea_board_problems_none_on_printed_maps() {
    for (s, p, m) in all_printed() {
        assert!(m.problems().is_empty(), "{s:?} {p:?}: {:?}", m.problems());
        assert!(m.reds_apart(), "{s:?} {p:?}");
    }
}

/// `sea.setup.area`: New Shores' main island only, elsewhere any land.
#[test]
fn sea_scn_new_shores_start_main_island_only() {
    assert_eq!(Scenario::NewShores.setup_area(), SetupArea::MainIsland);
    assert_eq!(Scenario::FourIslands.setup_area(), SetupArea::AnyLand);
    assert_eq!(Scenario::NewWorld.setup_area(), SetupArea::AnyLand);
    let m = printed(Scenario::NewShores, Players::Three);
    assert_eq!(set(SetupArea::MainIsland.hexes(&m)), set(new_shores_3p_main()));
    let m = printed(Scenario::NewShores, Players::Four);
    assert_eq!(
        set(Scenario::NewShores.setup_area().hexes(&m)),
        set(new_shores_4p_main())
    );
    let m = printed(Scenario::FourIslands, Players::Four);
    assert_eq!(Scenario::FourIslands.setup_area().hexes(&m).len(), 23);
}

#[test]
fn sea_svp_foreign_island_new_shores_every_small_island() {
    let rule = Scenario::NewShores.foreign_rule();
    assert_eq!(rule, ForeignRule::AllButMain);
    for p in Players::ALL {
        let m = printed(Scenario::NewShores, p);
        let main = m.main_island().unwrap();
        for hex in m.land() {
            // Whatever the player's home (always the main island here).
            assert_eq!(
                rule.is_foreign(&m, hex, &[main[0]]),
                !main.contains(&hex),
                "{p:?} {hex}"
            );
        }
        assert!(!rule.is_foreign(&m, h(0, 0), &[]), "the ring is no island");
    }
}

#[test]
fn sea_svp_foreign_island_four_islands_and_new_world_all_but_home() {
    assert_eq!(Scenario::NewWorld.foreign_rule(), ForeignRule::NotHome);
    let rule = Scenario::FourIslands.foreign_rule();
    assert_eq!(rule, ForeignRule::NotHome);
    let m = printed(Scenario::FourIslands, Players::Three);
    // Home on the NW and the SE island.
    let home = [h(2, 1), h(6, 5)];
    for (island, foreign) in [(h(3, 2), false), (h(5, 5), false), (h(1, 3), true), (h(7, 1), true)] {
        assert_eq!(rule.is_foreign(&m, island, &home), foreign, "{island}");
    }
    // Without home islands every island is foreign.
    assert!(m.land().all(|p| rule.is_foreign(&m, p, &[])));
}

//! `sea.board.variable` on the printed maps and New World's generator
//! (`sea.scn.new_world.*`), over hundreds of seeds.

use super::*;

// ---------------------------------------------------------------- variable set-up

/// The sites a printed map's variable set-up shuffles, per group.
fn groups(s: Scenario, p: Players) -> Vec<Vec<HexPos>> {
    let m = printed(s, p);
    match s {
        Scenario::NewShores => {
            let main = m.main_island().unwrap();
            let mut rest: Vec<HexPos> = m.land().filter(|x| !main.contains(x)).collect();
            rest.extend(s.shuffled_sea(p));
            vec![main, rest]
        }
        _ => vec![m.land().collect()],
    }
}

fn check_variable(s: Scenario, p: Players, seeds: u64) {
    let base = printed(s, p);
    let groups = groups(s, p);
    let shuffled: BTreeSet<HexPos> = groups.iter().flatten().copied().collect();
    let mut differ = 0;
    for seed in 0..seeds {
        let m = s.variable(p, &mut GameRng::seed_from_u64(seed));
        assert_eq!(
            m,
            s.variable(p, &mut GameRng::seed_from_u64(seed)),
            "same seed, same board"
        );
        assert!(m.problems().is_empty(), "{s:?} {p:?} seed {seed}: {:?}", m.problems());
        assert!(m.reds_apart(), "{s:?} {p:?} seed {seed}: catan.board.red_numbers_apart");
        for g in &groups {
            assert_eq!(terrains_of(&m, g), terrains_of(&base, g), "{s:?} {p:?} seed {seed}");
            assert_eq!(tokens_of(&m, g), tokens_of(&base, g), "{s:?} {p:?} seed {seed}");
        }
        for (pos, hex) in base.hexes() {
            if !shuffled.contains(&pos) {
                assert_eq!(m.hex(pos), Some(hex), "{s:?} {p:?} seed {seed}: fixed site {pos}");
            }
        }
        // Harbor sites fixed; kinds shuffled only in New Shores for 4.
        let sites = |x: &SeaMap| x.harbors.iter().map(|h| (h.hex, h.side)).collect::<Vec<_>>();
        assert_eq!(sites(&m), sites(&base));
        assert_eq!(harbor_kinds(&m), harbor_kinds(&base));
        if !s.shuffles_harbor_kinds(p) {
            assert_eq!(m.harbors, base.harbors);
        }
        // The robber on land (the desert if printed there), the pirate at sea.
        if let Some(r) = m.robber {
            assert!(m.hex(r).is_some_and(Hex::is_land));
        }
        if base.robber.and_then(|r| base.hex(r)?.terrain()) == Some(SeaTerrain::Desert) {
            assert_eq!(m.robber.and_then(|r| m.hex(r)?.terrain()), Some(SeaTerrain::Desert));
        } else if m.robber.is_none() {
            assert!(!base.robber.and_then(|r| m.hex(r)).is_some_and(Hex::is_land));
        }
        if m.pirate.is_none() {
            assert!(!base.pirate.and_then(|r| m.hex(r)).is_some_and(Hex::is_water));
        }
        if m != base {
            differ += 1;
        }
    }
    assert!(
        differ > seeds * 9 / 10,
        "{s:?} {p:?}: {differ} of {seeds} differ from the printed map"
    );
}

#[test]
fn sea_board_variable_new_shores_3p() {
    check_variable(Scenario::NewShores, Players::Three, 300);
}

#[test]
fn sea_board_variable_new_shores_4p() {
    check_variable(Scenario::NewShores, Players::Four, 300);
    // The harbor kinds do move.
    let base = printed(Scenario::NewShores, Players::Four);
    let moved = (0..50)
        .filter(|&s| {
            Scenario::NewShores
                .variable(Players::Four, &mut GameRng::seed_from_u64(s))
                .harbors
                != base.harbors
        })
        .count();
    assert!(moved > 40, "{moved}");
}

#[test]
fn sea_board_variable_four_islands() {
    check_variable(Scenario::FourIslands, Players::Three, 300);
    check_variable(Scenario::FourIslands, Players::Four, 300);
}

#[test]
fn sea_board_variable_new_shores_small_islands_and_sea_mix() {
    // The listed sea hexes do become land in some boards.
    for p in Players::ALL {
        let sea = Scenario::NewShores.shuffled_sea(p);
        assert_eq!(sea.len(), 5);
        let base = printed(Scenario::NewShores, p);
        assert!(sea.iter().all(|&x| base.hex(x) == Some(Hex::Sea)), "{p:?}");
        let landed = (0..100)
            .filter(|&s| {
                let m = Scenario::NewShores.variable(p, &mut GameRng::seed_from_u64(s));
                sea.iter().any(|&x| m.hex(x).is_some_and(Hex::is_land))
            })
            .count();
        assert!(landed > 50, "{p:?}: {landed}");
    }
}

// ---------------------------------------------------------------- New World

#[test]
fn sea_scn_new_world_frame_has_42_sites_in_rows_of_5_to_7() {
    let rows = parse_cells(catan::seafarers::NEW_WORLD_FRAME).unwrap();
    let per_row: Vec<usize> = rows
        .iter()
        .map(|(_, c)| c.iter().filter(|&&x| x == Cell::Site).count())
        .collect();
    assert_eq!(per_row, [0, 5, 6, 7, 6, 7, 6, 5, 0]);
    let (frame, sites) = new_world_frame();
    assert_eq!(sites.len(), 42);
    assert_eq!(frame.counts(), (0, 42, 26));
    assert!(frame.problems().is_empty(), "{:?}", frame.problems());
    // A `.` is no hex of a printed map.
    assert!(parse_rows(catan::seafarers::NEW_WORLD_FRAME).is_err());
}

#[test]
fn sea_scn_new_world_hexes_are_shuffled_over_the_sites() {
    let (_, sites) = new_world_frame();
    for seed in 0..300 {
        let m = new_world(&mut GameRng::seed_from_u64(seed));
        assert_eq!(m.counts(), (23, 19, 26), "seed {seed}");
        let want = [
            (SeaTerrain::Fields, 5),
            (SeaTerrain::Hills, 4),
            (SeaTerrain::Mountains, 4),
            (SeaTerrain::Pasture, 5),
            (SeaTerrain::Forest, 5),
            (SeaTerrain::Desert, 0),
            (SeaTerrain::Gold, 0),
        ];
        for (t, n) in want {
            assert_eq!(m.terrain_count(t), n, "seed {seed} {t:?}");
        }
        assert!(m.land().all(|p| sites.contains(&p)), "land only on the sites");
        assert!(m.problems().is_empty(), "seed {seed}: {:?}", m.problems());
    }
}

#[test]
fn sea_scn_new_world_tokens_are_the_list_and_reds_never_touch() {
    for seed in 0..300 {
        let m = new_world(&mut GameRng::seed_from_u64(seed));
        assert_eq!(m.tokens(), NEW_WORLD_TOKENS, "seed {seed}");
        assert!(
            m.land().all(|p| m.hex(p).and_then(Hex::number).is_some()),
            "seed {seed}"
        );
        assert!(m.reds_apart(), "seed {seed}: catan.board.red_numbers_apart");
    }
}

#[test]
fn sea_scn_new_world_harbors_nine_on_coasts_none_sharing_a_corner() {
    assert_eq!(
        sorted(NEW_WORLD_HARBORS.iter().map(|&k| k as u8).collect()),
        sorted(nine_harbors().iter().map(|&k| k as u8).collect())
    );
    for seed in 0..300 {
        let m = new_world(&mut GameRng::seed_from_u64(seed));
        assert_eq!(harbor_kinds(&m), nine_harbors(), "seed {seed}");
        for (i, a) in m.harbors.iter().enumerate() {
            assert!(m.is_coastal(a.hex, a.side), "seed {seed}: {a:?}");
            for b in &m.harbors[i + 1..] {
                assert!(!share_corner(&m, a, b), "seed {seed}: {a:?} {b:?}");
            }
        }
    }
}

#[test]
fn sea_scn_new_world_start_robber_and_pirate_off_the_board() {
    for seed in 0..20 {
        let m = Scenario::NewWorld.variable(Players::Three, &mut GameRng::seed_from_u64(seed));
        assert_eq!((m.robber, m.pirate), (None, None));
        assert_eq!(
            m,
            new_world(&mut GameRng::seed_from_u64(seed)),
            "the same board for 3 and 4"
        );
    }
    assert_eq!(Scenario::NewWorld.starts(Players::Four), (None, None));
}

#[test]
fn sea_scn_new_world_same_seed_same_board_other_seeds_other_boards() {
    let mut seen = BTreeSet::new();
    for seed in 0..300 {
        let a = new_world(&mut GameRng::seed_from_u64(seed));
        let b = new_world(&mut GameRng::seed_from_u64(seed));
        assert_eq!(a, b, "seed {seed}");
        seen.insert(serde_json::to_string(&a).unwrap());
    }
    assert_eq!(seen.len(), 300, "every seed its own board");
}

#[test]
fn sea_scn_new_world_redraw_for_the_topology_bounds() {
    let mut rng = GameRng::seed_from_u64(5);
    let fits = |m: &SeaMap| m.land_corner_count() <= 128 && m.coastal_or_land_side_count() <= 128;
    for _ in 0..50 {
        let m = new_world_where(&mut rng, 100, fits).expect("a board within the bounds");
        assert!(fits(&m));
    }
    // A predicate nothing meets gives up after its tries.
    assert_eq!(new_world_where(&mut rng, 3, |_| false), None);
}

/// A board survives its JSON form (the form a saved state will carry).
#[test]
fn sea_board_json_round_trip() {
    let mut boards: Vec<SeaMap> = all_printed().into_iter().map(|(_, _, m)| m).collect();
    boards.push(new_world(&mut GameRng::seed_from_u64(8)));
    for m in boards {
        let json = serde_json::to_value(&m).unwrap();
        assert_eq!(serde_json::from_value::<SeaMap>(json.clone()).unwrap(), m);
        let first_land = json["rows"][1]["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["kind"] == "land");
        if let Some(h) = first_land {
            assert!(
                h["terrain"].is_string() && (h["number"].is_u64() || h["number"].is_null()),
                "{h}"
            );
        }
    }
    let printed = printed(Scenario::FourIslands, Players::Three);
    let json = serde_json::to_value(&printed).unwrap();
    assert_eq!(
        json["harbors"][0],
        serde_json::json!({"hex": {"r": 3, "c": 1}, "side": "nw", "kind": "generic"})
    );
    assert_eq!(json["pirate"], serde_json::json!({"r": 4, "c": 3}));
}

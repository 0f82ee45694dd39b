//! The state's size (issue 28, item 5): what a search copies per playout and
//! determinization. `spielleiter bench --json` prints the same figures
//! (`state_bytes`, `heap_bytes`, `shared_bytes`); these bounds keep them from
//! growing back unnoticed.

use catan::{Catan, CatanCk, Config, Extension, Rules};
use engine::{Game, GameRng};
use rand::SeedableRng;

fn new_game(config: &Config, players: usize) -> catan::State {
    Catan::new_game(config, players, &mut GameRng::seed_from_u64(7)).expect("a game")
}

/// Printed with `--nocapture`: the sizes of every rule set at its most seats.
#[test]
fn state_sizes_stay_within_their_bounds() {
    let state = std::mem::size_of::<catan::State>();
    let ck_state = std::mem::size_of::<catan::State<catan::CkState>>();
    let ck_part = std::mem::size_of::<catan::CkState>();
    println!(
        "State {state} B, State<CkState> {ck_state} B, Player {} B, CkState {ck_part} B, CkPlayer {} B, Board {} B",
        std::mem::size_of::<catan::Player>(),
        std::mem::size_of::<catan::CkPlayer>(),
        std::mem::size_of::<catan::Board>(),
    );
    // Six seats, the board shared, knights with Cities & Knights' part: 880
    // bytes before (issue 28's target: 512).
    assert!(state <= 512, "State is {state} bytes");
    // The sets are sized from the largest board (`bits::NODE_WORDS`,
    // `EDGE_WORDS`): two 64-bit words each today, byte-aligned so that no
    // player record is padded.
    assert_eq!(std::mem::size_of::<catan::NodeSet>(), 16);
    assert_eq!(std::mem::size_of::<catan::EdgeSet>(), 16);
    assert_eq!(std::mem::align_of::<catan::NodeSet>(), 1);
    // Cities & Knights' part: 1,540 bytes after session 15; 532 since the
    // knights are a roster of (node, bits) records, walls and lying cities
    // small node lists, the hero a knight bit and the VP cards two counts.
    // Issue 28's target is 1 KiB for State and part together; the part is
    // inline in C&K's own state type, so a clone allocates nothing.
    assert!(ck_part <= 532, "CkState is {ck_part} bytes");
    assert!(ck_state <= 1024, "C&K state is {ck_state} bytes");
    assert!(std::mem::size_of::<catan::CkPlayer>() <= 60);

    let base = new_game(&Config::default(), 4);
    assert_eq!(Catan::state_heap(&base).owned, 0, "a base state owns no heap");
    assert_eq!(Catan::state_heap(&base).shared, std::mem::size_of::<catan::Board>());
    let five_six = new_game(
        &Config {
            extension: Some(Extension::FiveSix),
            ..Config::default()
        },
        6,
    );
    assert_eq!(Catan::state_heap(&five_six).owned, 0);
    assert_eq!(five_six.players.len(), 6);
    for rules in [Rules::CitiesKnights, Rules::CitiesKnightsHeroes] {
        let config = Config {
            rules,
            ..Config::default()
        };
        let ck = CatanCk::new_game(&config, 4, &mut GameRng::seed_from_u64(7)).expect("a game");
        assert_eq!(CatanCk::state_heap(&ck).owned, 0, "{rules:?}: a C&K state owns no heap");
        assert_eq!(CatanCk::state_heap(&ck).shared, std::mem::size_of::<catan::Board>());
    }
}

/// Each state type reads only its own JSON: a C&K part has no place in a
/// base state, and a C&K state needs its part (the registry picks the type
/// by the part, so a client meets `validate`'s `ck.state.rules` instead).
#[test]
fn each_state_type_reads_its_own_part() {
    use crate::ck::{done, position};
    let ck = serde_json::to_value(done(position(3))).expect("json");
    let e = serde_json::from_value::<catan::State>(ck).expect_err("refused");
    assert!(e.to_string().contains("a Cities & Knights part"), "{e}");
    let base = serde_json::to_value(new_game(&Config::default(), 3)).expect("json");
    let e = serde_json::from_value::<catan::State<catan::CkState>>(base).expect_err("refused");
    assert!(e.to_string().contains("without its part"), "{e}");
}

/// A clone shares the board instead of copying it, and reads back equal.
#[test]
fn a_clone_shares_the_board() {
    let s = new_game(&Config::default(), 4);
    let c = s.clone();
    assert!(std::sync::Arc::ptr_eq(&s.board, &c.board));
    assert_eq!(s, c);
    let back: catan::State = serde_json::from_value(serde_json::to_value(&s).expect("json")).expect("a state");
    assert_eq!(back, s);
}

/// Knights live in Cities & Knights' part of the state, but the JSON keeps
/// them where it always had them: `players[i].knights`, not in
/// `cities_knights.players`; a player with nothing but knights is still left
/// out of the latter.
#[test]
fn knights_keep_their_place_in_the_json() {
    use crate::ck::{corner, done, knight, position, settle};
    let mut s = position(3);
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    knight(&mut s, 2, corner(16, 2), 1, false);
    let s = done(s);
    let v = serde_json::to_value(&s).expect("json");
    assert_eq!(v["players"][2]["knights"], serde_json::json!([corner(16, 2).0]));
    assert!(v["players"][0].get("knights").is_none(), "no knights: no field");
    let ck_players = v["cities_knights"]["players"].as_array().expect("a list");
    assert!(ck_players.iter().all(|p| p.get("knights").is_none()));
    let back: catan::State<catan::CkState> = serde_json::from_value(v).expect("a state");
    assert_eq!(back, s);
    assert_eq!(back.knights(2), s.knights(2));
}

/// Knights read for a base game's players have no place to go; the state
/// is refused as before (`ck.state.rules`), not loaded without them.
#[test]
fn knights_in_a_base_game_are_still_refused() {
    let s = new_game(&Config::default(), 3);
    let mut v = serde_json::to_value(&s).expect("json");
    v["players"][1]["knights"] = serde_json::json!([4]);
    let read: catan::State = serde_json::from_value(v).expect("it parses");
    let problems = Catan::validate(&read).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.rule == "ck.state.rules" && p.en == "knights on the board of a base game"),
        "{problems:?}"
    );
    assert!(Catan::validate(&s).is_ok());
}

/// The compact knights read back what they wrote, and bad lists are a clean
/// error, not a panic or a silently dropped knight: more knights than the six
/// pieces, knight bits on more than six intersections, a wall listed twice or
/// more walls than the three pieces, a non-VP card among the revealed ones.
#[test]
fn compact_knights_refuse_what_they_cannot_hold() {
    use crate::ck::{corner, done, knight, position, settle};
    let mut s = position(3);
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    knight(&mut s, 2, corner(16, 2), 2, true);
    let s = done(s);
    let v = serde_json::to_value(&s).expect("json");
    assert_eq!(
        v["cities_knights"]["players"][2]["strong"],
        serde_json::json!([corner(16, 2).0])
    );
    assert_eq!(
        v["cities_knights"]["players"][2]["active"],
        serde_json::json!([corner(16, 2).0])
    );
    let back: catan::State<catan::CkState> = serde_json::from_value(v.clone()).expect("a state");
    assert_eq!(back, s);
    assert_eq!(serde_json::to_value(&back).expect("json"), v, "byte-identical");

    let refused = |edit: &dyn Fn(&mut serde_json::Value), want: &str| {
        let mut bad = v.clone();
        edit(&mut bad);
        let err = serde_json::from_value::<catan::State>(bad).expect_err("refused");
        assert!(err.to_string().contains(want), "{err} (wanted {want:?})");
    };
    refused(
        &|b| b["players"][2]["knights"] = serde_json::json!([1, 2, 3, 4, 5, 6, 7]),
        "more than 6 knights",
    );
    refused(
        &|b| b["cities_knights"]["players"][2]["mighty"] = serde_json::json!([1, 2, 3, 4, 5, 6, 7]),
        "more than 6 intersections",
    );
    refused(
        &|b| b["cities_knights"]["players"][2]["walls"] = serde_json::json!([4, 4]),
        "twice",
    );
    refused(
        &|b| b["cities_knights"]["players"][2]["walls"] = serde_json::json!([1, 2, 3, 4]),
        "more than 3",
    );
    refused(
        &|b| b["cities_knights"]["players"][2]["flat"] = serde_json::json!([250]),
        "out of range",
    );
    refused(
        &|b| b["cities_knights"]["players"][2]["vp_cards"] = serde_json::json!({"spy": 1}),
        "no victory point card",
    );
}

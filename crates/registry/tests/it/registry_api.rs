//! The registry's own invariants, through its public API: ids unique and matching the game
//! modules, unknown ids refused with the list, the default rule set first. (These were unit
//! tests in `src/lib.rs`; as a module here the crate is not compiled a second time as a test
//! harness, see docs/architecture.md.)

use engine::{ErrorInfo, Game};
use registry::{entry, game, games, visit_all, with_game, Registered, Visitor, GAMES};

#[test]
fn ids_are_unique_and_match_the_data() {
    let infos = games();
    let ids: Vec<&str> = infos.iter().map(|g| g.id).collect();
    assert_eq!(ids, GAMES);
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len(), "a game id is registered twice");
    for g in &infos {
        assert_eq!((g.entry)().id(), g.id);
        assert!(!g.rule_sets.is_empty(), "{} has no rule set", g.id);
        let mut rs: Vec<&str> = g.rule_sets.iter().map(|r| r.id).collect();
        rs.sort_unstable();
        rs.dedup();
        assert_eq!(rs.len(), g.rule_sets.len(), "{}: a rule set id twice", g.id);
    }
}

#[test]
fn unknown_ids_are_refused_with_the_list() {
    let e = entry("chess").err().expect("refused");
    assert_eq!(e.rule, "engine.unknown_game");
    assert!(
        e.message.en.contains("splendor, catan, catan-junior"),
        "{}",
        e.message.en
    );
    assert!(game("").is_err());
    let r: Result<usize, ErrorInfo> = with_game!("nope", registry::Pick::Id, G => <G as Game>::ID.len());
    assert!(r.is_err());
}

struct DefaultFirst;

impl Visitor for DefaultFirst {
    type Output = ();
    fn visit<G: Registered>(&mut self) {
        let sets = G::rule_sets();
        let first = sets.first().map(|r| (r.config)());
        assert_eq!(
            first,
            Some(G::Config::default()),
            "{}: the first rule set is not the default",
            G::ID
        );
    }
}

#[test]
fn the_default_rule_set_comes_first() {
    visit_all(&mut DefaultFirst);
}

/// CATAN has two state types (issue 28): Cities & Knights keeps its part
/// inline in `CatanCk`'s state, the base game has no slot for it. Every path
/// a client takes picks the type: the options of a new match, a saved state
/// (bare or in its envelope), a log; a state whose part and `rules` disagree
/// is read by its part and refused by `validate` with `ck.state.rules`.
#[test]
fn catan_picks_its_state_type_on_every_path() {
    use engine::ChanceMode;
    use registry::Pick;
    use serde_json::json;
    let size =
        |pick: Pick<'_>| with_game!("catan", pick, G => std::mem::size_of::<<G as Game>::State>()).expect("catan");
    let ck = json!({"rules": "cities_knights_heroes"});
    assert!(size(Pick::Id) <= 512);
    assert!(size(Pick::Options(&json!({"extension": "five_six"}))) <= 512);
    assert!(size(Pick::Options(&ck)) > 512 && size(Pick::Options(&ck)) <= 1024);

    let e = entry("catan").expect("catan");
    let mut m = e.create(&ck, 3, 5, ChanceMode::Seeded).expect("a C&K match");
    let engine::ToAct::Seats(seats) = m.to_act() else {
        panic!("the setup begins with a seat");
    };
    let seat = seats.first().expect("a seat");
    let legal = m.legal(seat).expect("legal actions");
    m.act(seat, &legal[0], None).expect("a legal setup step");
    let saved = m.state();
    assert!(size(Pick::State(&saved)) > 512, "the envelope's part picks CatanCk");
    assert!(size(Pick::State(&saved["state"])) > 512, "so does the bare state's");
    let loaded = e.load(&saved, 1, ChanceMode::Seeded).expect("loads");
    assert_eq!(loaded.state(), saved);
    let log = m.log();
    assert!(size(Pick::Log(&log)) > 512);
    let replayed = e.replay_log(&log, ChanceMode::Seeded).expect("replays");
    assert_eq!(replayed.state(), saved);

    // The part decides, `validate` refuses a disagreement with the old rule id.
    let mut no_part = saved["state"].clone();
    no_part.as_object_mut().expect("an object").remove("cities_knights");
    let Err(refused) = e.load(&no_part, 1, ChanceMode::Seeded) else {
        panic!("a C&K state without its part loads");
    };
    assert_eq!(refused.rule, "engine.invalid_state");
    assert!(refused.message.en.contains("ck.state.rules"), "{}", refused.message.en);
    let mut base_rules = saved["state"].clone();
    base_rules["rules"] = json!("base");
    let Err(refused) = e.load(&base_rules, 1, ChanceMode::Seeded) else {
        panic!("a C&K part under base rules loads");
    };
    assert!(refused.message.en.contains("ck.state.rules"), "{}", refused.message.en);
}

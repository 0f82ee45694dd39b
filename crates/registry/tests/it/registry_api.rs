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

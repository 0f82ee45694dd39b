//! The shared driver of the CATAN reachability checks (`reach_*.rs`).
#![allow(dead_code)]

use catan::{Catan, CatanCk, Config, Part, State};
use engine::dynamic::Entry;
use engine::{GameEntry, Seat};
use serde_json::Value;
use testkit::reach::{Reach, ReachOptions};

/// The protocol's entry of CATAN's state type for a rule set: `CatanCk`
/// for Cities & Knights, `Catan` else (the registry's pick).
pub fn entry(ck: bool) -> Box<dyn GameEntry> {
    if ck {
        Entry::<CatanCk>::boxed()
    } else {
        Entry::<Catan>::boxed()
    }
}

/// Random games of a rule set probed through `DynMatch`.
pub fn run(reach: &mut Reach, config: Config, games: usize) {
    run_with(reach, config, games, vec![3, 4]);
}

/// Random games of a rule set with these player counts.
pub fn run_with(reach: &mut Reach, config: Config, games: usize, players: Vec<usize>) {
    reach.run(
        entry(config.rules.is_cities_knights()).as_ref(),
        &ReachOptions {
            config: serde_json::to_value(config).expect("options serialise"),
            games,
            players,
            max_steps: 2500,
            probes: 32,
            ..ReachOptions::default()
        },
    );
}

/// Probes a hand-made position, with the test's own probes on top.
pub fn position<P: Part>(reach: &mut Reach, s: &State<P>, extra: &[(u8, Value)]) {
    let extra: Vec<(Seat, Value)> = extra.iter().map(|(s, a)| (Seat(*s), a.clone())).collect();
    reach.probe_position(
        entry(s.ck().is_some()).as_ref(),
        &serde_json::to_value(s).expect("a state"),
        &extra,
    );
}

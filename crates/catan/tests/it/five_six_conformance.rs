//! The shared conformance suite over random 5- and 6-player games of the 5–6
//! player extension, with both turn rules (`docs/games/catan-5-6.md`), and
//! the invariants of `validate` after every step.

use catan::{Catan, Config, TurnRule};
use testkit::Conformance;

fn run(turn: TurnRule, seed: u64) {
    let opts = Conformance {
        games: 60,
        players: vec![5, 6],
        seed,
        max_steps: 60_000,
        deep_every: 13,
        illegal_probes: 8,
    };
    let report = testkit::run::<Catan>(&Config::five_six(turn), &opts);
    eprintln!("{report:?}");
    assert_eq!(report.games, 60);
    assert!(report.finished >= 57, "{report:?}");
}

#[test]
fn special_building_games_conform() {
    run(TurnRule::SpecialBuilding, 1);
}

#[test]
fn paired_games_conform() {
    run(TurnRule::Paired, 500);
}

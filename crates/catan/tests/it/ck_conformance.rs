//! The shared conformance suite on Cities & Knights games of 3 and 4 players:
//! legal actions accepted, others refused without change, serde round trips,
//! replay, views that leak nothing (determinization), termination and the
//! invariants of `validate` after every step.

use catan::{BoardChoice, CatanCk, Config};
use testkit::Conformance;

#[test]
fn cities_knights_random_games_conform() {
    let opts = Conformance {
        games: 40,
        players: vec![3, 4],
        seed: 7,
        max_steps: 60_000,
        deep_every: 9,
        illegal_probes: 8,
    };
    let report = testkit::run::<CatanCk>(&Config::cities_knights(), &opts);
    eprintln!("{report:?}");
    assert_eq!(report.games, 40);
    assert!(report.finished >= 38, "{report:?}");
}

#[test]
fn cities_knights_beginner_board_conforms() {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::cities_knights()
    };
    let opts = Conformance {
        games: 8,
        players: vec![3, 4],
        seed: 500,
        max_steps: 60_000,
        deep_every: 5,
        illegal_probes: 8,
    };
    let report = testkit::run::<CatanCk>(&config, &opts);
    eprintln!("{report:?}");
    assert!(report.finished >= 7, "{report:?}");
}

//! The shared conformance suite over random 3- and 4-player games, with the
//! invariants of `validate` after every step.

use catan::{BoardChoice, Catan, Config};
use testkit::Conformance;

#[test]
fn random_games_conform() {
    let opts = Conformance {
        games: 300,
        players: vec![3, 4],
        seed: 1,
        max_steps: 30_000,
        deep_every: 13,
        illegal_probes: 8,
    };
    let report = testkit::run::<Catan>(&Config::default(), &opts);
    eprintln!("{report:?}");
    assert_eq!(report.games, 300);
    assert!(report.finished >= 290, "{report:?}");
}

#[test]
fn beginner_board_and_two_players_conform() {
    let config = Config {
        board: BoardChoice::Beginner,
        two_players: true,
        ..Config::default()
    };
    let opts = Conformance {
        games: 20,
        players: vec![2, 3, 4],
        seed: 1000,
        max_steps: 30_000,
        deep_every: 13,
        illegal_probes: 8,
    };
    let report = testkit::run::<Catan>(&config, &opts);
    eprintln!("{report:?}");
    assert!(report.finished >= 18, "{report:?}");
}

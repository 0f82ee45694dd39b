//! The engine's conformance suite over random games of 2, 3 and 4 players:
//! invariants (`validate`) after every step, enumerated actions accepted,
//! others refused without change, chance distributions, JSON round trips,
//! views that leak nothing (checked against `determinize`) and log replays.

use splendor::{Config, Splendor};
use testkit::Conformance;

#[test]
fn conformance_random_games() {
    let report = testkit::run::<Splendor>(
        &Config::default(),
        &Conformance {
            games: 300,
            players: vec![2, 3, 4],
            seed: 2024,
            max_steps: 20_000,
            deep_every: 1,
            illegal_probes: 6,
        },
    );
    eprintln!("{report:?}");
    assert_eq!(report.games, 300);
    assert!(report.finished + report.capped == report.games);
    assert!(report.finished > 0, "no game finished");
    assert!(report.views_checked > 0 && report.illegal_probed > 0);
}

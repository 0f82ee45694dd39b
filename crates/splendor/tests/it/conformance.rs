//! The engine's conformance suite over random games of 2, 3 and 4 players:
//! invariants (`validate`) after every step, enumerated actions accepted,
//! others refused without change, chance distributions, JSON round trips,
//! views that leak nothing (checked against `determinize`) and log replays.

use splendor::{Config, Splendor};
use testkit::Conformance;

/// 300 games in release mode (about 10 s on the project machine); an
/// unoptimised build checks fewer, so a plain `cargo test` stays quick.
const GAMES: usize = if cfg!(debug_assertions) { 30 } else { 300 };

#[test]
fn conformance_random_games() {
    let report = testkit::run::<Splendor>(
        &Config::default(),
        &Conformance {
            games: GAMES,
            players: vec![2, 3, 4],
            seed: 2024,
            max_steps: 20_000,
            deep_every: 1,
            illegal_probes: 6,
        },
    );
    eprintln!("{report:?}");
    assert_eq!(report.games, GAMES);
    assert!(report.finished + report.capped == report.games);
    assert!(report.finished > 0, "no game finished");
    assert!(report.views_checked > 0 && report.illegal_probed > 0);
}

//! The conformance suite with 2, 3 and 4 players, plain and pro.

use catan_junior::{CatanJunior, Config, Edition};
use testkit::{run, Conformance};

#[test]
fn conformance_kosmos_2_3_4_players() {
    let report = run::<CatanJunior>(
        &Config::default(),
        &Conformance {
            games: 300,
            players: vec![2, 3, 4],
            seed: 1,
            max_steps: 20_000,
            deep_every: 5,
            illegal_probes: 4,
        },
    );
    assert_eq!(report.games, 300);
    assert_eq!(report.finished, 300, "every random game ends: {report:?}");
    assert!(
        report.illegal_probed > 1000 && report.views_checked > 1000,
        "{report:?}"
    );
}

#[test]
fn conformance_english_edition() {
    let config = Config {
        edition: Edition::English2012,
        pro: false,
    };
    let report = run::<CatanJunior>(
        &config,
        &Conformance {
            games: 60,
            players: vec![4, 3, 2],
            seed: 1000,
            max_steps: 20_000,
            deep_every: 5,
            illegal_probes: 4,
        },
    );
    assert_eq!(report.finished, 60, "{report:?}");
}

#[test]
fn conformance_pro_variant_with_offers() {
    // Random players in the conformance suite pick offers too, so turns run long:
    // fewer games, a step cap, every check at every step.
    let config = Config {
        edition: Edition::Kosmos2015,
        pro: true,
    };
    let report = run::<CatanJunior>(
        &config,
        &Conformance {
            games: 12,
            players: vec![2, 3, 4],
            seed: 77,
            max_steps: 1_500,
            deep_every: 3,
            illegal_probes: 4,
        },
    );
    assert_eq!(report.games, 12);
    assert!(report.steps > 5_000, "{report:?}");
}

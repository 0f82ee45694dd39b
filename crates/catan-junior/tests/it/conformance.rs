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
            deep_every: 1,
            illegal_probes: 6,
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
        offers_per_turn: None,
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
        offers_per_turn: None,
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
    eprintln!("pro: {report:?}");
}

/// Pro games to the end: random players who make an offer now and then (5 % of
/// their choices when one is legal); partners accept or decline at random. Every
/// step is validated and every answer checked.
#[test]
fn pro_games_finish_with_occasional_offers() {
    use catan_junior::Action;
    use engine::{Game, GameRng, NoEvents, ToAct};
    use rand::{Rng, SeedableRng};

    let config = Config {
        edition: Edition::Kosmos2015,
        pro: true,
        offers_per_turn: None,
    };
    let mut accepted = 0;
    let mut declined = 0;
    for (g, players) in [2usize, 3, 4].iter().cycle().take(30).enumerate() {
        let mut rng = GameRng::seed_from_u64(500 + g as u64);
        let mut s = CatanJunior::new_game(&config, *players, &mut rng).unwrap();
        let mut legal = Vec::new();
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 200_000, "pro game {g} does not end");
            if let Err(e) = CatanJunior::validate(&s) {
                panic!("pro game {g} step {steps}: {e:?}");
            }
            match CatanJunior::to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = CatanJunior::sample_chance(&s, &mut rng);
                    CatanJunior::apply_chance(&mut s, &c, &mut NoEvents).unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().unwrap();
                    CatanJunior::legal_actions(&s, seat, &mut legal);
                    let offers: Vec<Action> = legal.iter().copied().filter(CatanJunior::is_offer).collect();
                    let others: Vec<Action> = legal.iter().copied().filter(|a| !CatanJunior::is_offer(a)).collect();
                    let a = if !offers.is_empty() && rng.random_bool(0.05) {
                        offers[rng.random_range(0..offers.len())]
                    } else {
                        others[rng.random_range(0..others.len())]
                    };
                    match a {
                        Action::Accept => accepted += 1,
                        Action::Decline => declined += 1,
                        _ => {}
                    }
                    CatanJunior::apply(&mut s, seat, &a, &mut NoEvents).unwrap();
                }
            }
        }
    }
    assert!(
        accepted > 10 && declined > 10,
        "accepted {accepted}, declined {declined}"
    );
}

//! The shared conformance suite on Cities & Knights games with heroes and
//! squires (`cities_knights_heroes`) of 3 and 4 players: legal actions
//! accepted, others refused without change, serde round trips, replay, views
//! that leak nothing (determinization), termination and `validate` after
//! every step. A second test checks that random play reaches the heroes actions.

use catan::CkAction;
use catan::{Action, BoardChoice, CatanCk, Config};
use engine::rand::{Rng, SeedableRng};
use engine::{Game, GameRng, NoEvents, ToAct};
use testkit::Conformance;

#[test]
fn heroes_random_games_conform() {
    let opts = Conformance {
        games: 16,
        players: vec![3, 4],
        seed: 41,
        max_steps: 60_000,
        deep_every: 9,
        illegal_probes: 8,
    };
    let report = testkit::run::<CatanCk>(&Config::cities_knights_heroes(), &opts);
    eprintln!("{report:?}");
    assert_eq!(report.games, 16);
    assert!(report.finished >= 15, "{report:?}");
}

#[test]
fn heroes_beginner_board_conforms() {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::cities_knights_heroes()
    };
    let opts = Conformance {
        games: 4,
        players: vec![3, 4],
        seed: 900,
        max_steps: 60_000,
        deep_every: 5,
        illegal_probes: 8,
    };
    let report = testkit::run::<CatanCk>(&config, &opts);
    eprintln!("{report:?}");
    assert!(report.finished >= 3, "{report:?}");
}

/// Random play upgrades heroes, recruits and moves squires.
#[test]
fn heroes_random_play_reaches_the_actions() {
    let mut seen = [0u32; 3];
    for seed in 0..6 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut s = CatanCk::new_game(&Config::cities_knights_heroes(), 3 + (seed as usize % 2), &mut rng).unwrap();
        let mut legal = Vec::new();
        for _ in 0..20_000 {
            match CatanCk::to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = CatanCk::sample_chance(&s, &mut rng);
                    CatanCk::apply_chance(&mut s, &c, &mut NoEvents).unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.iter().next().unwrap();
                    legal.clear();
                    CatanCk::legal_actions(&s, seat, &mut legal);
                    // Prefer the heroes actions so that they are exercised.
                    let pick = legal
                        .iter()
                        .position(|a| {
                            matches!(
                                a,
                                Action::Ck(CkAction::UpgradeHero { .. })
                                    | Action::Ck(CkAction::RecruitSquire { .. })
                                    | Action::Ck(CkAction::MoveSquire { .. })
                            )
                        })
                        .filter(|_| rng.random_bool(0.5))
                        .unwrap_or_else(|| rng.random_range(0..legal.len()));
                    let a = legal[pick];
                    match a {
                        Action::Ck(CkAction::UpgradeHero { .. }) => seen[0] += 1,
                        Action::Ck(CkAction::RecruitSquire { .. }) => seen[1] += 1,
                        Action::Ck(CkAction::MoveSquire { .. }) => seen[2] += 1,
                        _ => {}
                    }
                    CatanCk::apply(&mut s, seat, &a, &mut NoEvents).unwrap();
                }
            }
        }
        CatanCk::validate(&s).unwrap();
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

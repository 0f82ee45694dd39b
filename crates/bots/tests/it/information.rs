//! Information discipline: a bot's decision depends only on what its seat
//! sees. For positions along random games of every game, the decision on the
//! true state and on a state with every hidden secret resampled (same view,
//! same bot seed) must be the same.

use bots::mcts::Budget;
use bots::{Bot, BotGame, GreedyBot, LookaheadBot, LookaheadConfig, MctsBot, MctsConfig};
use engine::{GameRng, NoEvents, Seat, ToAct, Viewer};
use rand::{Rng, SeedableRng};

/// Walks a random game and checks every `every`-th decision.
///
/// `mcts = false` checks the greedy bot only, `true` the lookahead and MCTS bots too. Every game's `determinize`
/// is a function of the seat's view and the rng alone (CATAN deals its
/// hidden cards from per-kind counts in a canonical order), so a search bot,
/// which draws hundreds of samples, decides the same on both states too.
fn check_game<G: BotGame>(config: &G::Config, players: usize, seed: u64, every: usize, mcts: bool) -> usize {
    let mut rng = GameRng::seed_from_u64(seed);
    let Ok(mut state) = G::new_game(config, players, &mut rng) else {
        panic!("new game refused");
    };
    let mut legal = Vec::new();
    let mut checked = 0;
    for step in 0..4_000 {
        match G::to_act(&state) {
            ToAct::Over => break,
            ToAct::Chance => {
                let c = G::sample_chance(&state, &mut rng);
                G::apply_chance_unchecked(&mut state, &c, &mut NoEvents);
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().unwrap_or(Seat(0));
                G::legal_actions(&state, seat, &mut legal);
                if legal.is_empty() {
                    break;
                }
                if step % every == 0 && legal.len() > 1 {
                    let other = G::determinize(
                        &state,
                        Viewer::Seat(seat),
                        &mut GameRng::seed_from_u64(seed ^ step as u64),
                    );
                    assert_eq!(G::view(&state, Viewer::Seat(seat)), G::view(&other, Viewer::Seat(seat)));
                    let bot_seed = rng.random::<u64>();
                    let mut greedy = GreedyBot::<G>::new();
                    let a = greedy.choose(&state, seat, &legal, &mut GameRng::seed_from_u64(bot_seed));
                    let b = greedy.choose(&other, seat, &legal, &mut GameRng::seed_from_u64(bot_seed));
                    assert_eq!(a, b, "greedy decided differently on hidden information (step {step})");
                    if mcts {
                        let config = MctsConfig {
                            budget: Budget::Playouts(40),
                            threads: 1,
                            ..MctsConfig::default()
                        };
                        let a = MctsBot::<G>::new(config).choose(
                            &state,
                            seat,
                            &legal,
                            &mut GameRng::seed_from_u64(bot_seed),
                        );
                        let b = MctsBot::<G>::new(config).choose(
                            &other,
                            seat,
                            &legal,
                            &mut GameRng::seed_from_u64(bot_seed),
                        );
                        assert_eq!(a, b, "mcts decided differently on hidden information (step {step})");
                        // An analysis (chances, intervals, expected lines) reads
                        // the seat's view alone as well.
                        let analyse = |s: &G::State| {
                            bots::analyze::<G>(
                                s,
                                seat,
                                &legal,
                                Budget::Playouts(40),
                                1,
                                0,
                                &mut GameRng::seed_from_u64(bot_seed),
                            )
                            .actions
                        };
                        assert_eq!(
                            analyse(&state),
                            analyse(&other),
                            "an analysis differed on hidden information (step {step})"
                        );
                        let decide = |s: &G::State| {
                            LookaheadBot::<G>::new(LookaheadConfig::default()).choose(
                                s,
                                seat,
                                &legal,
                                &mut GameRng::seed_from_u64(bot_seed),
                            )
                        };
                        assert_eq!(
                            decide(&state),
                            decide(&other),
                            "lookahead decided differently on hidden information (step {step})"
                        );
                    }
                    checked += 1;
                }
                let i = rng.random_range(0..legal.len());
                G::apply_unchecked(&mut state, seat, &legal[i], &mut NoEvents);
            }
        }
    }
    checked
}

#[test]
fn splendor_bots_see_only_their_view() {
    let mut checked = 0;
    for seed in 0..3 {
        checked += check_game::<splendor::Splendor>(&Default::default(), 3, seed, 7, true);
    }
    assert!(checked > 20, "only {checked} positions checked");
}

#[test]
fn catan_bots_see_only_their_view() {
    let mut checked = 0;
    for seed in 0..2 {
        checked += check_game::<catan::Catan>(&Default::default(), 4, seed, 23, true);
    }
    assert!(checked > 20, "only {checked} positions checked");
}

#[test]
fn catan_junior_bots_see_only_their_view() {
    let mut checked = 0;
    for seed in 0..3 {
        checked += check_game::<catan_junior::CatanJunior>(&Default::default(), 3, seed, 3, true);
    }
    assert!(checked > 20, "only {checked} positions checked");
}

//! Position analysis (issue 44): the chances, intervals and expected lines
//! the search reports for a position, in every game.

use bots::mcts::Budget;
use bots::{analyze, BotGame};
use engine::{GameRng, NoEvents, Seat, ToAct};
use rand::{Rng, SeedableRng};

/// The state after `steps` random decisions of a seeded game, with the seat
/// to decide and its legal actions (a position with a choice).
fn position<G: BotGame>(
    config: &G::Config,
    players: usize,
    steps: usize,
    seed: u64,
) -> (G::State, Seat, Vec<G::Action>) {
    let mut rng = GameRng::seed_from_u64(seed);
    let Ok(mut state) = G::new_game(config, players, &mut rng) else {
        panic!("new game refused");
    };
    let mut legal = Vec::new();
    let mut taken = 0;
    loop {
        match G::to_act(&state) {
            ToAct::Over => panic!("the game ended before the position"),
            ToAct::Chance => {
                let c = G::sample_chance(&state, &mut rng);
                G::apply_chance_unchecked(&mut state, &c, &mut NoEvents);
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().unwrap_or(Seat(0));
                G::legal_actions(&state, seat, &mut legal);
                if taken >= steps && legal.len() > 2 {
                    return (state, seat, legal);
                }
                let i = rng.random_range(0..legal.len());
                G::apply_unchecked(&mut state, seat, &legal[i], &mut NoEvents);
                taken += 1;
            }
        }
    }
}

/// What every analysis must satisfy: each playout is counted at one root
/// action, the actions are ranked by visits, each chance lies in its
/// interval within 0–1, and the same seed gives the same analysis.
fn check<G: BotGame>(config: &G::Config, players: usize, steps: usize) {
    let (state, seat, legal) = position::<G>(config, players, steps, 7);
    let run = |top| {
        analyze::<G>(
            &state,
            seat,
            &legal,
            Budget::Playouts(2_000),
            1,
            top,
            &mut GameRng::seed_from_u64(3),
        )
    };
    let all = run(0);
    assert_eq!(all.seat, seat);
    // The main search's 2,000, and the top-ups of the best three.
    assert!((2_000..=4_000).contains(&all.playouts), "{}", all.playouts);
    assert_eq!(all.actions.len(), legal.len(), "every legal action is listed");
    assert_eq!(all.actions.iter().map(|a| a.visits).sum::<u64>(), all.playouts);
    for a in &all.actions[..3] {
        let half = (a.high - a.low) / 2.0;
        assert!(
            half <= bots::analysis::REFINE_HALF + 1e-9,
            "the best three are within ±5 points: {a:?}"
        );
    }
    assert!(all.actions.windows(2).all(|w| w[0].visits >= w[1].visits));
    let mut indices: Vec<usize> = all.actions.iter().map(|a| a.index).collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..legal.len()).collect::<Vec<_>>());
    for a in &all.actions {
        match a.win {
            Some(p) => {
                assert!((0.0..=1.0).contains(&p) && a.low <= p && p <= a.high, "{a:?}");
                // Every seat's chance after the action, from the same
                // playouts: the analysed seat's is its `win`.
                assert_eq!(a.seats.len(), players, "{a:?}");
                assert!(a.seats.iter().all(|c| (0.0..=1.0).contains(c)), "{a:?}");
                assert!((a.seats[seat.index()] - p).abs() < 1e-9, "{a:?}");
            }
            None => {
                assert_eq!((a.visits, a.low, a.high), (0, 0.0, 1.0));
                assert!(a.seats.is_empty(), "{a:?}");
            }
        }
    }
    let best = &all.actions[0];
    assert!(best.visits > 1 && best.win.is_some());
    // The expected line follows the search's tree: each step is a legal
    // action of the seat it names, played in turn from the position, as far
    // as the next chance event (a card drawn: the line goes on through it,
    // but what is legal after it depends on the draw).
    let mut s = state.clone();
    G::apply_unchecked(&mut s, seat, &legal[best.index], &mut NoEvents);
    let mut buf = Vec::new();
    for (who, action) in &best.line {
        let ToAct::Seats(seats) = G::to_act(&s) else {
            break;
        };
        assert!(seats.contains(*who), "{who:?} is not to act in the line");
        G::legal_actions(&s, *who, &mut buf);
        assert!(buf.contains(action), "the line's {action:?} is not legal");
        G::apply_unchecked(&mut s, *who, action, &mut NoEvents);
    }
    let top = run(3);
    assert_eq!(top.actions.len(), 3);
    assert_eq!(top.actions, all.actions[..3].to_vec(), "same seed, same analysis");
}

#[test]
fn catan_analysis_ranks_every_action_with_chances_in_their_intervals() {
    check::<catan::Catan>(&Default::default(), 4, 60);
}

#[test]
fn cities_knights_analysis_ranks_every_action_with_chances_in_their_intervals() {
    check::<catan::CatanCk>(&catan::Config::cities_knights(), 4, 60);
}

#[test]
fn catan_junior_analysis_ranks_every_action_with_chances_in_their_intervals() {
    check::<catan_junior::CatanJunior>(&Default::default(), 3, 20);
}

#[test]
fn splendor_analysis_ranks_every_action_with_chances_in_their_intervals() {
    check::<splendor::Splendor>(&Default::default(), 2, 10);
}

/// A cancelled analysis stops within a few playouts and answers what it
/// searched: set before the search, nothing is searched (the game server
/// sets it when the position changes or the asker leaves).
#[test]
fn a_cancelled_analysis_stops_at_once() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let (state, seat, legal) = position::<catan::Catan>(&Default::default(), 4, 60, 7);
    let flag = Arc::new(AtomicBool::new(true));
    let started = std::time::Instant::now();
    let found = bots::analysis::analyze_until::<catan::Catan>(
        &state,
        seat,
        &legal,
        Budget::Millis(20_000),
        1,
        0,
        &mut GameRng::seed_from_u64(3),
        Some(Arc::clone(&flag)),
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert_eq!(found.playouts, 0);
    assert_eq!(found.actions.len(), legal.len(), "every action listed, none searched");
    assert!(found.actions.iter().all(|a| a.visits == 0 && a.win.is_none()));
    // Cleared, the same call searches its budget.
    flag.store(false, Ordering::Relaxed);
    let found = bots::analysis::analyze_until::<catan::Catan>(
        &state,
        seat,
        &legal,
        Budget::Playouts(50),
        1,
        0,
        &mut GameRng::seed_from_u64(3),
        Some(flag),
    );
    // The budget, and at most as much again topping up the best three.
    assert!((50..=100).contains(&found.playouts), "{}", found.playouts);
}

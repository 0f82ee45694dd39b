//! Random-playout throughput: uniformly random games per second on one core,
//! through the engine's generic loop `engine::random_playout`, from `new_game`
//! with a fresh seed per game.
//!
//! `cargo run --release -p spielleiter-splendor --example splendor_bench [seconds-per-count]`

use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, PlayoutEnd, RandomPolicy};
use splendor::{Config, Splendor, State, DEFAULT_TURN_CAP};
use std::time::{Duration, Instant};

/// CPU time of this thread in seconds (Linux: `/proc/thread-self/schedstat`),
/// so a machine shared with other work does not distort the rate.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let secs: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    println!("size_of::<State>() = {} bytes", std::mem::size_of::<State>());
    println!(
        "size_of::<Action>() = {} bytes",
        std::mem::size_of::<splendor::Action>()
    );
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns: DEFAULT_TURN_CAP,
    };
    let config = Config::default();
    for players in [2usize, 3, 4] {
        let mut buffers = PlayoutBuffers::<Splendor>::default();
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        let budget = Duration::from_secs_f64(secs);
        let (mut games, mut capped, mut decisions, mut turns) = (0u64, 0u64, 0u64, 0u64);
        let mut seed = 1u64;
        while start.elapsed() < budget {
            for _ in 0..256 {
                let mut rng = GameRng::seed_from_u64(seed);
                seed += 1;
                let Ok(mut state) = Splendor::new_game(&config, players, &mut rng) else {
                    eprintln!("new_game refused {players} players");
                    return;
                };
                let (end, d) = random_playout::<Splendor>(&mut state, &mut rng, policy, &mut buffers);
                games += 1;
                decisions += d;
                turns += u64::from(Splendor::turn(&state));
                if end == PlayoutEnd::Capped {
                    capped += 1;
                }
            }
        }
        let t = start.elapsed().as_secs_f64();
        let cpu = cpu_start.and_then(|c0| cpu_seconds().map(|c1| c1 - c0));
        // How random games end (outside the timed loop).
        let (mut by_points, mut all_passed, mut shared, mut longest) = (0u32, 0u32, 0u32, 0u32);
        for seed in 0..2_000u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let Ok(mut state) = Splendor::new_game(&config, players, &mut rng) else {
                return;
            };
            random_playout::<Splendor>(&mut state, &mut rng, policy, &mut buffers);
            longest = longest.max(Splendor::turn(&state));
            if let Some(r) = Splendor::result(&state) {
                match r.reason.as_str() {
                    "points" => by_points += 1,
                    _ => all_passed += 1,
                }
                if r.winners.len() > 1 {
                    shared += 1;
                }
            }
        }
        if let Some(cpu) = cpu {
            println!(
                "{players} players: {:>9.0} games per CPU second ({:.0}% of a core was ours)",
                games as f64 / cpu,
                100.0 * cpu / t
            );
        }
        println!(
            "{players} players: {:>9.0} games/s wall clock  ({games} games, {capped} capped at {} turns, {:.1} decisions and {:.1} turns per game)",
            games as f64 / t,
            policy.max_turns,
            decisions as f64 / games as f64,
            turns as f64 / games as f64,
        );
        println!(
            "  of 2000 games: {by_points} ended on points, {all_passed} because all passed, {shared} shared victories, the longest took {longest} turns"
        );
    }
}

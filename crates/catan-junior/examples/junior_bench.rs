//! Random-playout throughput of Catan Junior with the generic engine loop.
//!
//! `cargo run --release -p spielleiter-catan-junior --example junior_bench [seconds per count]`

use catan_junior::{CatanJunior, Config, State};
use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, PlayoutEnd, RandomPolicy};
use std::time::{Duration, Instant};

/// CPU time of this thread in seconds (Linux `/proc/thread-self/schedstat`), so
/// that the rate is not diluted when other processes share the cores.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let secs: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    // A fixed number of games per player count instead of a time budget (for
    // instruction-counting profilers): `CJ_BENCH_GAMES=2000`.
    let fixed: Option<u64> = std::env::var("CJ_BENCH_GAMES").ok().and_then(|s| s.parse().ok());
    let config = Config::default();
    println!("size_of::<State>() = {} bytes", std::mem::size_of::<State>());
    println!(
        "size_of::<Action>() = {} bytes",
        std::mem::size_of::<catan_junior::Action>()
    );
    let policy = RandomPolicy::default();
    let counts: Vec<usize> = match std::env::var("CJ_BENCH_PLAYERS").ok().and_then(|s| s.parse().ok()) {
        Some(n) => vec![n],
        None => vec![2, 3, 4],
    };
    for players in counts {
        let mut buffers = PlayoutBuffers::<CatanJunior>::default();
        let mut games = 0u64;
        let mut decisions = 0u64;
        let mut capped = 0u64;
        let mut turns = 0u64;
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        let budget = Duration::from_secs_f64(secs);
        let mut seed = 0u64;
        while fixed.map_or(start.elapsed() < budget, |n| games < n) {
            for _ in 0..256 {
                seed += 1;
                let mut rng = GameRng::seed_from_u64(seed);
                let Ok(mut state) = CatanJunior::new_game(&config, players, &mut rng) else {
                    eprintln!("new_game refused {players} players");
                    return;
                };
                let (end, d) = random_playout::<CatanJunior>(&mut state, &mut rng, policy, &mut buffers);
                decisions += d;
                turns += CatanJunior::turn(&state) as u64;
                games += 1;
                if end == PlayoutEnd::Capped {
                    capped += 1;
                }
            }
        }
        let wall = start.elapsed().as_secs_f64();
        let t = match (cpu_start, cpu_seconds()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => wall,
        };
        println!(
            "{players} players: {:>9.0} games/s  {:>12.0} decisions/s  (per CPU second; wall: {:.0} games/s)  {:.1} decisions/game  {:.1} turns/game  capped {capped}/{games}",
            games as f64 / t,
            decisions as f64 / t,
            games as f64 / wall,
            decisions as f64 / games as f64,
            turns as f64 / games as f64,
        );
    }
}

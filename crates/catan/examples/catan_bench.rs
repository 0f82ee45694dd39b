//! Random-playout benchmark: uniformly random games (4 players unless told) on
//! random boards, domestic offers excluded (as catanatron's random player
//! does), one core.
//!
//! `cargo run --release -p spielleiter-catan --example catan_bench [games] [max_turns] [players] [options JSON]`
//! (e.g. `2000 1000 4 '{"rules":"cities_knights"}'`).

use catan::{CatanGame, Config, Part};
use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, PlayoutEnd, RandomPolicy};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let max_turns: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let config: Config = match args.next() {
        Some(json) => match serde_json::from_str(&json) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("options: {e}");
                return;
            }
        },
        None => Config::default(),
    };
    // Cities & Knights is its own state type (`catan::CatanCk`).
    if config.rules.is_cities_knights() {
        run::<catan::CkState>(&config, games, max_turns, players);
    } else {
        run::<catan::NoPart>(&config, games, max_turns, players);
    }
}

fn run<P: Part>(config: &Config, games: u64, max_turns: u32, players: usize) {
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns,
    };
    let mut buffers = PlayoutBuffers::<CatanGame<P>>::default();
    let mut decisions = 0u64;
    let mut capped = 0u64;
    let mut turns = 0u64;
    let cpu_start = cpu_seconds().unwrap_or(0.0);
    let start = Instant::now();
    for seed in 0..games {
        let mut rng = GameRng::seed_from_u64(seed);
        let Ok(mut state) = CatanGame::<P>::new_game(config, players, &mut rng) else {
            eprintln!("config refused");
            return;
        };
        let (end, d) = random_playout::<CatanGame<P>>(&mut state, &mut rng, policy, &mut buffers);
        decisions += d;
        turns += CatanGame::<P>::turn(&state) as u64;
        if end == PlayoutEnd::Capped {
            capped += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().map(|c| c - cpu_start);
    println!("games:            {games} ({players} players, random boards, turn cap {max_turns})");
    println!("capped:           {capped}");
    println!("time:             {secs:.3} s");
    println!("games/s:          {:.0}", games as f64 / secs);
    println!("decisions/s:      {:.0}", decisions as f64 / secs);
    println!("decisions/game:   {:.1}", decisions as f64 / games as f64);
    println!("turns/game:       {:.1}", turns as f64 / games as f64);
    if let Some(cpu) = cpu {
        // On a shared machine the wall clock includes time given to others.
        println!(
            "cpu time:         {cpu:.3} s ({:.0} games per cpu-second)",
            games as f64 / cpu
        );
    }
    println!("size_of::<State>: {} bytes", std::mem::size_of::<catan::State<P>>());
}

/// User + system CPU time of this process from `/proc/self/stat` (Linux; 100 ticks/s).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

//! Random-playout statistics for Cities & Knights: uniformly random 4-player
//! games on random boards (domestic offers excluded), with how often each
//! kind of event happened, so that one sees which rules random play reaches,
//! and the speed of the rule set.
//!
//! `cargo run --release -p spielleiter-catan --example ck_stats [games] [max_turns]`

use catan::{CatanCk, Config, Event};
use engine::rand::{Rng, SeedableRng};
use engine::{Game, GameRng, Seat, ToAct};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(500);
    let max_turns: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let config = Config::cities_knights();
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let (mut capped, mut turns, mut decisions) = (0u64, 0u64, 0u64);
    let mut legal = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let start = Instant::now();
    for seed in 0..games {
        let mut rng = GameRng::seed_from_u64(seed);
        let Ok(mut s) = CatanCk::new_game(&config, 4, &mut rng) else {
            eprintln!("config refused");
            return;
        };
        loop {
            events.clear();
            match CatanCk::to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = CatanCk::sample_chance(&s, &mut rng);
                    CatanCk::apply_chance_unchecked(&mut s, &c, &mut events);
                }
                ToAct::Seats(seats) => {
                    if s.turn >= max_turns {
                        capped += 1;
                        break;
                    }
                    let k = rng.random_range(0..seats.len());
                    let seat = seats.iter().nth(k).unwrap_or(Seat(0));
                    CatanCk::legal_actions(&s, seat, &mut legal);
                    legal.retain(|a| !CatanCk::is_offer(a));
                    if legal.is_empty() {
                        capped += 1;
                        break;
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    CatanCk::apply_unchecked(&mut s, seat, &a, &mut events);
                    decisions += 1;
                }
            }
            for e in &events {
                let v = serde_json::to_value(e).unwrap_or_default();
                let name = v.get("type").and_then(|t| t.as_str()).unwrap_or("?").to_string();
                *counts.entry(name).or_default() += 1;
            }
        }
        turns += s.turn as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "games: {games} (4 players), capped {capped}, {:.1} turns/game",
        turns as f64 / games as f64
    );
    println!(
        "{:.0} games/s, {:.0} decisions/s (events collected)",
        games as f64 / secs,
        decisions as f64 / secs
    );
    for (k, v) in counts {
        println!("{k:>24}: {:.2} per game", v as f64 / games as f64);
    }
}

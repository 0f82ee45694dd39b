//! Are the analysis's win chances calibrated? (issue 44, item 3)
//!
//! Plays held-out games of greedy bots (seeds from 50,000 on, never used to
//! tune anything), analyses every `EVERY`-th real decision (more than one
//! legal action) of the seat to decide with `PLAYOUTS` playouts in that
//! seat's information set, and scores the chance of the search's best action
//! against whether that seat went on to win. Baselines: each seat's share of
//! the public points (CATAN's public victory points, Splendor's prestige
//! points, Junior's lairs) and the uniform 1/players. Prints the Brier
//! scores and the reliability table (predicted chance in tenths against the
//! observed win rate):
//!
//! `cargo run -p spielleiter-bots --release --example calibration -- GAMES PLAYOUTS EVERY`
//! (defaults 40 games per rule set, 1,000 playouts, every 12th decision;
//! every 3rd in the shorter Junior and Splendor games).

use bots::analysis::analyze;
use bots::mcts::Budget;
use bots::{Bot, BotGame, GreedyBot};
use engine::{GameRng, NoEvents, Seat, ToAct, Viewer};
use rand::SeedableRng;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// One analysed position: the search's chance, the points-share baseline,
/// the uniform baseline, and what happened (1 the seat won, 0 it did not).
#[derive(Clone, Copy, Debug)]
struct Sample {
    search: f64,
    points: f64,
    uniform: f64,
    won: f64,
}

/// The public points of every seat, read from the spectator's view.
fn public_points(game: &str, view: &Value, players: usize) -> Vec<f64> {
    (0..players)
        .map(|i| match game {
            "catan" => view["players"][i]["public_points"].as_f64().unwrap_or(0.0),
            "splendor" => view["players"][i]["points"].as_f64().unwrap_or(0.0),
            _ => view["seats"][i]["lairs"].as_array().map_or(0.0, |l| l.len() as f64),
        })
        .collect()
}

/// Plays game `seed` with greedy bots and returns its analysed positions
/// (none if the game was cut off at 600 turns).
fn one_game<G: BotGame>(config: &G::Config, players: usize, seed: u64, playouts: u32, every: u64) -> Vec<Sample> {
    let mut rng = GameRng::seed_from_u64(seed);
    let Ok(mut s) = G::new_game(config, players, &mut rng) else {
        return Vec::new();
    };
    let mut greedy = GreedyBot::<G>::new();
    let mut legal = Vec::new();
    let mut open: Vec<(Seat, f64, f64)> = Vec::new();
    let mut decisions = 0u64;
    loop {
        match G::to_act(&s) {
            ToAct::Over => break,
            ToAct::Chance => {
                let c = G::sample_chance(&s, &mut rng);
                G::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
            }
            ToAct::Seats(set) => {
                let seat = set.first().unwrap_or(Seat(0));
                G::legal_actions(&s, seat, &mut legal);
                if legal.len() > 1 {
                    decisions += 1;
                    if decisions % every == 0 {
                        let mut arng = GameRng::seed_from_u64(seed ^ decisions);
                        let found = analyze::<G>(&s, seat, &legal, Budget::Playouts(playouts), 1, 1, &mut arng);
                        let view = serde_json::to_value(G::view(&s, Viewer::Spectator)).unwrap_or(Value::Null);
                        let pts = public_points(G::ID, &view, players);
                        let total: f64 = pts.iter().sum();
                        let share = if total > 0.0 {
                            pts[seat.index()] / total
                        } else {
                            1.0 / players as f64
                        };
                        if let Some(p) = found.actions.first().and_then(|a| a.win) {
                            open.push((seat, p, share));
                        }
                    }
                }
                let Some(a) = greedy
                    .choose(&s, seat, &legal, &mut rng)
                    .ok()
                    .and_then(|i| legal.get(i))
                else {
                    return Vec::new();
                };
                G::apply_unchecked(&mut s, seat, a, &mut NoEvents);
                if G::turn(&s) > 600 {
                    return Vec::new();
                }
            }
        }
    }
    let Some(result) = G::result(&s) else {
        return Vec::new();
    };
    open.into_iter()
        .map(|(seat, search, points)| Sample {
            search,
            points,
            uniform: 1.0 / players as f64,
            won: if result.winners.contains(&seat) {
                1.0 / result.winners.len() as f64
            } else {
                0.0
            },
        })
        .collect()
}

/// Plays `games` games on two threads.
fn rule_set<G: BotGame>(config: &G::Config, players: usize, games: u64, playouts: u32, every: u64) -> Vec<Sample> {
    let next = AtomicU64::new(0);
    let out = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let samples = one_game::<G>(config, players, 50_000 + g, playouts, every);
                if let Ok(mut o) = out.lock() {
                    o.extend(samples);
                }
            });
        }
    });
    out.into_inner().unwrap_or_default()
}

fn brier(samples: &[Sample], f: impl Fn(&Sample) -> f64) -> f64 {
    samples.iter().map(|s| (f(s) - s.won).powi(2)).sum::<f64>() / samples.len().max(1) as f64
}

fn report(name: &str, samples: &[Sample]) {
    println!(
        "| {name} | {} | **{:.4}** | {:.4} | {:.4} |",
        samples.len(),
        brier(samples, |s| s.search),
        brier(samples, |s| s.points),
        brier(samples, |s| s.uniform),
    );
}

fn main() {
    let arg = |i: usize, d: u64| std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (games, playouts, every) = (arg(1, 40), arg(2, 1_000) as u32, arg(3, 12).max(1));
    let start = std::time::Instant::now();
    let ck = catan::Config::cities_knights();
    let sets: Vec<(&str, Vec<Sample>)> = vec![
        (
            "CATAN 4p",
            rule_set::<catan::Catan>(&Default::default(), 4, games, playouts, every),
        ),
        (
            "Cities & Knights 4p",
            rule_set::<catan::CatanCk>(&ck, 4, games, playouts, every),
        ),
        (
            "Catan Junior 3p",
            rule_set::<catan_junior::CatanJunior>(&Default::default(), 3, games, playouts, every),
        ),
        (
            "Splendor 2p",
            rule_set::<splendor::Splendor>(&Default::default(), 2, games, playouts, every),
        ),
    ];
    println!(
        "{games} games per rule set, {playouts} playouts, every {every}th decision; {:.0} s",
        start.elapsed().as_secs_f64()
    );
    println!("| rule set | positions | Brier, search | Brier, points share | Brier, uniform |");
    println!("| --- | --- | --- | --- | --- |");
    let mut all = Vec::new();
    for (name, samples) in &sets {
        report(name, samples);
        all.extend_from_slice(samples);
    }
    report("all", &all);
    println!();
    println!(
        "| predicted (search) | positions | mean predicted | observed win rate | points share: positions, observed |"
    );
    println!("| --- | --- | --- | --- | --- |");
    for d in 0..10 {
        let lo = d as f64 / 10.0;
        let bin = |p: f64| ((p * 10.0) as usize).min(9) == d;
        let mine: Vec<&Sample> = all.iter().filter(|s| bin(s.search)).collect();
        let base: Vec<&Sample> = all.iter().filter(|s| bin(s.points)).collect();
        let mean =
            |v: &[&Sample], f: &dyn Fn(&Sample) -> f64| v.iter().map(|s| f(s)).sum::<f64>() / v.len().max(1) as f64;
        let cell = |v: &[&Sample], f: &dyn Fn(&Sample) -> f64| {
            if v.is_empty() {
                "–".to_string()
            } else {
                format!("{:.3}", mean(v, f))
            }
        };
        println!(
            "| {:.1}–{:.1} | {} | {} | {} | {}, {} |",
            lo,
            lo + 0.1,
            mine.len(),
            cell(&mine, &|s| s.search),
            cell(&mine, &|s| s.won),
            base.len(),
            cell(&base, &|s| s.won),
        );
    }
}

//! Side-by-side benchmark of uniformly random Splendor games on one core:
//! `splendor_arena` 0.1.17 (crates.io) against spielleiter's `splendor::Splendor`.
//!
//! Both sides run in the same process, one after the other, on the calling
//! thread only. Each side first warms up, then plays complete games back to
//! back for a fixed wall time; a game counts when it is finished (or capped).
//! Game creation (shuffles, deal) is part of every timed game on both sides.
//!
//! Usage: `splendor-compare [--seconds S] [--warmup S] [--cap TURNS]
//!         [--players 2,3,4] [--only arena|ours] [--arena-builtin] [--json]`

use engine::rand::{Rng, SeedableRng};
use engine::GameRng;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
struct Args {
    seconds: f64,
    warmup: f64,
    cap: u32,
    players: Vec<usize>,
    arena: bool,
    ours: bool,
    arena_builtin: bool,
    json: bool,
}

fn parse_args() -> Args {
    let mut args = Args {
        seconds: 10.0,
        warmup: 1.0,
        cap: 1_000,
        players: vec![2, 3, 4],
        arena: true,
        ours: true,
        arena_builtin: false,
        json: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| -> String {
            it.next()
                .unwrap_or_else(|| die(&format!("{name} needs a value")))
        };
        match a.as_str() {
            "--seconds" | "-s" => args.seconds = num(&value("--seconds")),
            "--warmup" => args.warmup = num(&value("--warmup")),
            "--cap" => args.cap = num::<u32>(&value("--cap")),
            "--players" => {
                args.players = value("--players")
                    .split(',')
                    .map(|p| num::<usize>(p.trim()))
                    .collect();
            }
            "--only" => match value("--only").as_str() {
                "arena" => args.ours = false,
                "ours" => args.arena = false,
                other => die(&format!("--only takes arena or ours, not {other}")),
            },
            "--arena-builtin" => args.arena_builtin = true,
            "--json" => args.json = true,
            "--help" | "-h" => {
                println!(
                    "splendor-compare [--seconds S=10] [--warmup S=1] [--cap TURNS=1000] \
                     [--players 2,3,4] [--only arena|ours] [--arena-builtin] [--json]"
                );
                std::process::exit(0);
            }
            // `cargo bench`-style harness flags are ignored.
            "--bench" => {}
            other => die(&format!("unknown argument {other} (try --help)")),
        }
    }
    args
}

fn num<T: std::str::FromStr>(s: &str) -> T {
    s.parse()
        .unwrap_or_else(|_| die(&format!("not a number: {s}")))
}

fn die(msg: &str) -> ! {
    eprintln!("splendor-compare: {msg}");
    std::process::exit(2)
}

/// What one side measured.
#[derive(Debug, Clone, Default)]
struct Measure {
    name: String,
    players: usize,
    games: u64,
    capped: u64,
    /// Seat actions taken (every call that changes the state on a player's behalf).
    decisions: u64,
    /// Player turns (a turn is one seat's move incl. its discard/noble sub-steps).
    turns: u64,
    secs: f64,
    state_bytes: usize,
    /// Resident memory of the process right after this measurement (MiB).
    rss_mib: f64,
}

impl Measure {
    fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.secs
    }
    fn decisions_per_game(&self) -> f64 {
        self.decisions as f64 / self.games.max(1) as f64
    }
    fn turns_per_game(&self) -> f64 {
        self.turns as f64 / self.games.max(1) as f64
    }
    fn print(&self) {
        println!(
            "{:<28} {}p: {:>10.1} games/s  {:>12.0} decisions/s  {:>7.1} decisions/game  {:>6.1} turns/game  \
             {} games in {:.2} s, {} capped, state {} B, process RSS {:.0} MiB",
            self.name,
            self.players,
            self.games_per_sec(),
            self.decisions as f64 / self.secs,
            self.decisions_per_game(),
            self.turns_per_game(),
            self.games,
            self.secs,
            self.capped,
            self.state_bytes,
            self.rss_mib,
        );
    }
    fn json(&self) -> String {
        format!(
            "{{\"engine\":\"{}\",\"players\":{},\"games_per_sec\":{:.3},\"decisions_per_sec\":{:.1},\
             \"decisions_per_game\":{:.3},\"turns_per_game\":{:.3},\"games\":{},\"capped\":{},\
             \"seconds\":{:.3},\"state_bytes\":{},\"rss_mib\":{:.1}}}",
            self.name,
            self.players,
            self.games_per_sec(),
            self.decisions as f64 / self.secs,
            self.decisions_per_game(),
            self.turns_per_game(),
            self.games,
            self.capped,
            self.secs,
            self.state_bytes,
            self.rss_mib
        )
    }
}

/// Runs `play_one(seed) -> (capped, decisions, turns)` for `warmup` seconds
/// unrecorded, then for `seconds` recorded.
fn timed(
    name: &str,
    players: usize,
    warmup: f64,
    seconds: f64,
    state_bytes: usize,
    mut play_one: impl FnMut(u64) -> (bool, u64, u64),
) -> Measure {
    let mut seed: u64 = 0x5EED_0000;
    let start = Instant::now();
    let warm = Duration::from_secs_f64(warmup);
    while start.elapsed() < warm {
        black_box(play_one(seed));
        seed += 1;
    }
    let mut m = Measure {
        name: name.to_string(),
        players,
        state_bytes,
        ..Measure::default()
    };
    let limit = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    loop {
        let (capped, decisions, turns) = play_one(seed);
        seed += 1;
        m.games += 1;
        m.capped += capped as u64;
        m.decisions += decisions;
        m.turns += turns;
        let el = start.elapsed();
        if el >= limit {
            m.secs = el.as_secs_f64();
            m.rss_mib = rss_mib();
            break;
        }
    }
    m
}

/// Current resident set size of this process in MiB (Linux), 0 if unknown.
fn rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

mod arena {
    use super::*;
    use splendor_arena::{Action, Card, Game};

    /// One uniformly random game with splendor_arena's own rules API:
    /// `Game::new` (it shuffles with `thread_rng`, which cannot be seeded), then
    /// `get_legal_actions` / `play_action` until `get_legal_actions` says the game
    /// is over (someone reached 15 at the end of a round, or every seat passed
    /// twice in a row). The chosen action is moved out of the list, not cloned.
    /// Its micro-steps `Pass` (no noble / nothing possible) and `Continue` (end
    /// of turn) are actions of its API and count as decisions; a turn is one
    /// `Continue`. Capped at `cap` turns like ours.
    pub fn play(lookup: &Arc<Vec<Card>>, players: u8, cap: u32, seed: u64) -> (bool, u64, u64) {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Game::new(players, lookup.clone());
        let mut decisions = 0u64;
        let mut turns = 0u64;
        while let Some(mut actions) = game.get_legal_actions() {
            if turns >= cap as u64 {
                return (true, decisions, turns);
            }
            let i = if actions.len() == 1 {
                0
            } else {
                rng.random_range(0..actions.len())
            };
            let action = actions.swap_remove(i);
            if matches!(action, Action::Continue) {
                turns += 1;
            }
            game.play_action(action);
            decisions += 1;
        }
        black_box(game.get_winner());
        (false, decisions, turns)
    }

    /// The crate's own `Game::rollout()` (thread_rng, clones the chosen action,
    /// no cap), for reference.
    pub fn play_builtin(lookup: &Arc<Vec<Card>>, players: u8) -> (bool, u64, u64) {
        let mut game = Game::new(players, lookup.clone());
        black_box(game.rollout());
        let steps = game.history().history.len() as u64;
        (false, steps, 0)
    }

    pub fn state_bytes() -> usize {
        std::mem::size_of::<Game>()
    }

    pub fn lookup() -> Arc<Vec<Card>> {
        Arc::new(Card::all())
    }
}

#[cfg_attr(not(feature = "ours"), allow(dead_code))]
mod ours {
    use super::*;
    use engine::{random_playout, Game, PlayoutBuffers, PlayoutEnd, RandomPolicy};

    /// One uniformly random game of ours: `new_game` with a fresh seed, then the
    /// engine's generic `random_playout` (skip_offers has no effect in Splendor).
    pub fn play<G: Game>(players: usize, cap: u32, seed: u64, buffers: &mut PlayoutBuffers<G>) -> (bool, u64, u64) {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut state = G::new_game(&Default::default(), players, &mut rng).expect("new game");
        let policy = RandomPolicy {
            skip_offers: true,
            max_turns: cap,
        };
        let (end, decisions) = random_playout::<G>(&mut state, &mut rng, policy, buffers);
        let turns = G::turn(&state) as u64;
        black_box(&state);
        (end == PlayoutEnd::Capped, decisions, turns)
    }

    pub fn state_bytes<G: Game>() -> usize {
        std::mem::size_of::<G::State>()
    }
}

/// The game type of ours under test.
#[cfg(feature = "ours")]
type Ours = splendor::Splendor;

fn run_ours(args: &Args, players: usize) -> Option<Measure> {
    #[cfg(feature = "ours")]
    {
        let mut buffers = engine::PlayoutBuffers::<Ours>::default();
        Some(timed(
            "spielleiter",
            players,
            args.warmup,
            args.seconds,
            ours::state_bytes::<Ours>(),
            |seed| ours::play::<Ours>(players, args.cap, seed, &mut buffers),
        ))
    }
    #[cfg(not(feature = "ours"))]
    {
        let _ = (args, players);
        None
    }
}

fn main() {
    let args = parse_args();
    println!(
        "splendor-compare: uniformly random games, one thread, {} s per measurement after {} s warm-up, cap {} turns",
        args.seconds, args.warmup, args.cap
    );
    let mut results: Vec<Measure> = Vec::new();

    let arena2 = if args.arena {
        let lookup = arena::lookup();
        let m = timed(
            "splendor_arena 0.1.17",
            2,
            args.warmup,
            args.seconds,
            arena::state_bytes(),
            |seed| arena::play(&lookup, 2, args.cap, seed),
        );
        m.print();
        results.push(m.clone());
        if args.arena_builtin {
            let b = timed(
                "splendor_arena rollout()",
                2,
                args.warmup,
                args.seconds,
                arena::state_bytes(),
                |_| arena::play_builtin(&lookup, 2),
            );
            b.print();
            results.push(b);
        }
        Some(m)
    } else {
        None
    };

    let mut ours2 = None;
    if args.ours {
        for &p in &args.players {
            match run_ours(&args, p) {
                Some(m) => {
                    m.print();
                    if p == 2 {
                        ours2 = Some(m.clone());
                    }
                    results.push(m);
                }
                None => {
                    println!("spielleiter: not built (build with --features ours once crates/splendor implements engine::Game)");
                    break;
                }
            }
        }
    }

    let mut ratio = None;
    if let (Some(a), Some(o)) = (&arena2, &ours2) {
        let r = o.games_per_sec() / a.games_per_sec();
        ratio = Some(r);
        println!(
            "ratio (2 players, games/s): spielleiter / splendor_arena = {:.1}x  ({:.0} vs {:.1})",
            r,
            o.games_per_sec(),
            a.games_per_sec()
        );
    }
    if args.json {
        let items: Vec<String> = results.iter().map(Measure::json).collect();
        println!(
            "{{\"results\":[{}],\"ratio_2p\":{}}}",
            items.join(","),
            ratio.map_or("null".to_string(), |r| format!("{r:.3}"))
        );
    }
}

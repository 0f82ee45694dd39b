//! Side-by-side benchmark of uniformly random Splendor games on one core:
//! `splendor_arena` 0.1.17 (crates.io) against spielleiter's `splendor::Splendor`.
//!
//! Every measurement runs in the same process on the calling thread only.
//! Each one first warms up, then plays complete games back to back; a game
//! counts when it is finished (or capped). Game creation (shuffles, deal) is
//! part of every timed game on both sides. The wall time of each measurement
//! is split into `--rounds` slices that alternate between the measurements, so
//! that load from other processes on a shared machine hits all of them alike.
//!
//! Usage: `splendor-compare [--seconds S] [--warmup S] [--rounds R] [--cap TURNS]
//!         [--players 2,3,4] [--only arena|ours] [--arena-builtin] [--json]`

use engine::rand::{Rng, SeedableRng};
use engine::GameRng;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Turn cap of both sides (player turns): our Splendor's simulation default,
/// which a uniformly random game almost never reaches.
#[cfg(feature = "ours")]
const DEFAULT_CAP: u32 = splendor::DEFAULT_TURN_CAP;
#[cfg(not(feature = "ours"))]
const DEFAULT_CAP: u32 = 400;

#[derive(Debug, Clone)]
struct Args {
    seconds: f64,
    warmup: f64,
    rounds: u32,
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
        rounds: 5,
        cap: DEFAULT_CAP,
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
            "--rounds" => args.rounds = num::<u32>(&value("--rounds")).max(1),
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
                    "splendor-compare [--seconds S=10] [--warmup S=1] [--rounds R=5] [--cap TURNS={DEFAULT_CAP}] \
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
    /// Decisions with a single legal action (counted for splendor_arena only).
    forced: Option<u64>,
    /// Player turns (a turn is one seat's move incl. its discard/noble sub-steps).
    turns: u64,
    secs: f64,
    state_bytes: usize,
    /// Largest resident memory of the process seen after a slice of this measurement (MiB).
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
        let forced = self.forced.map_or(String::new(), |f| {
            format!(" ({:.1} of them forced)", f as f64 / self.games.max(1) as f64)
        });
        println!(
            "{:<28} {}p: {:>10.1} games/s  {:>12.0} decisions/s  {:>7.1} decisions/game{}  {:>6.1} turns/game  \
             {} games in {:.2} s, {} capped, state {} B, process RSS {:.0} MiB",
            self.name,
            self.players,
            self.games_per_sec(),
            self.decisions as f64 / self.secs,
            self.decisions_per_game(),
            forced,
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
             \"decisions_per_game\":{:.3},\"forced_per_game\":{},\"turns_per_game\":{:.3},\"games\":{},\"capped\":{},\
             \"seconds\":{:.3},\"state_bytes\":{},\"rss_mib\":{:.1}}}",
            self.name,
            self.players,
            self.games_per_sec(),
            self.decisions as f64 / self.secs,
            self.decisions_per_game(),
            self.forced.map_or("null".to_string(), |f| format!("{:.3}", f as f64 / self.games.max(1) as f64)),
            self.turns_per_game(),
            self.games,
            self.capped,
            self.secs,
            self.state_bytes,
            self.rss_mib
        )
    }
}

/// What one game reports: capped?, decisions, turns, forced decisions (if counted).
type GameStats = (bool, u64, u64, Option<u64>);

/// One measurement: a name, a seat count and a game to play from a seed.
struct Side<'a> {
    m: Measure,
    seed: u64,
    play_one: Box<dyn FnMut(u64) -> GameStats + 'a>,
}

impl<'a> Side<'a> {
    fn new(name: &str, players: usize, state_bytes: usize, play_one: impl FnMut(u64) -> GameStats + 'a) -> Self {
        Side {
            m: Measure {
                name: name.to_string(),
                players,
                state_bytes,
                ..Measure::default()
            },
            seed: 0x5EED_0000,
            play_one: Box::new(play_one),
        }
    }

    /// Plays unrecorded games for `secs` seconds.
    fn warm_up(&mut self, secs: f64) {
        let limit = Duration::from_secs_f64(secs);
        let start = Instant::now();
        while start.elapsed() < limit {
            black_box((self.play_one)(self.seed));
            self.seed += 1;
        }
    }

    /// Plays recorded games for (at least) `secs` seconds, each with a fresh seed.
    fn measure(&mut self, secs: f64) {
        let limit = Duration::from_secs_f64(secs);
        let m = &mut self.m;
        let start = Instant::now();
        loop {
            let (capped, decisions, turns, forced) = (self.play_one)(self.seed);
            self.seed += 1;
            m.games += 1;
            m.capped += capped as u64;
            m.decisions += decisions;
            m.turns += turns;
            if let Some(f) = forced {
                *m.forced.get_or_insert(0) += f;
            }
            let el = start.elapsed();
            if el >= limit {
                m.secs += el.as_secs_f64();
                m.rss_mib = m.rss_mib.max(rss_mib());
                break;
            }
        }
    }
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
    pub fn play(lookup: &Arc<Vec<Card>>, players: u8, cap: u32, seed: u64) -> GameStats {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Game::new(players, lookup.clone());
        let mut decisions = 0u64;
        let mut turns = 0u64;
        let mut forced = 0u64;
        while let Some(mut actions) = game.get_legal_actions() {
            if turns >= cap as u64 {
                return (true, decisions, turns, Some(forced));
            }
            let i = if actions.len() == 1 {
                forced += 1;
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
        (false, decisions, turns, Some(forced))
    }

    /// The crate's own `Game::rollout()` (thread_rng, clones the chosen action,
    /// no cap), for reference.
    pub fn play_builtin(lookup: &Arc<Vec<Card>>, players: u8) -> GameStats {
        let mut game = Game::new(players, lookup.clone());
        black_box(game.rollout());
        let steps = game.history().history.len() as u64;
        (false, steps, 0, None)
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
    pub fn play<G: Game>(players: usize, cap: u32, seed: u64, buffers: &mut PlayoutBuffers<G>) -> GameStats {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut state = G::new_game(&Default::default(), players, &mut rng).expect("new game");
        let policy = RandomPolicy {
            skip_offers: true,
            max_turns: cap,
        };
        let (end, decisions) = random_playout::<G>(&mut state, &mut rng, policy, buffers);
        let turns = G::turn(&state) as u64;
        black_box(&state);
        (end == PlayoutEnd::Capped, decisions, turns, None)
    }

    pub fn state_bytes<G: Game>() -> usize {
        std::mem::size_of::<G::State>()
    }
}

/// The game type of ours under test.
#[cfg(feature = "ours")]
type Ours = splendor::Splendor;

/// Our measurement for one seat count (`None` when built without our crate).
fn our_side(args: &Args, players: usize) -> Option<Side<'static>> {
    #[cfg(feature = "ours")]
    {
        let cap = args.cap;
        let mut buffers = engine::PlayoutBuffers::<Ours>::default();
        Some(Side::new(
            "spielleiter",
            players,
            ours::state_bytes::<Ours>(),
            move |seed| ours::play::<Ours>(players, cap, seed, &mut buffers),
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
        "splendor-compare: uniformly random games, one thread, {} s per measurement in {} alternating slices \
         after {} s warm-up each, cap {} turns",
        args.seconds, args.rounds, args.warmup, args.cap
    );
    let lookup = arena::lookup();
    let mut sides: Vec<Side> = Vec::new();
    if args.arena {
        let cap = args.cap;
        let l = lookup.clone();
        sides.push(Side::new("splendor_arena 0.1.17", 2, arena::state_bytes(), move |seed| {
            arena::play(&l, 2, cap, seed)
        }));
        if args.arena_builtin {
            let lookup = lookup.clone();
            sides.push(Side::new("splendor_arena rollout()", 2, arena::state_bytes(), move |_| {
                arena::play_builtin(&lookup, 2)
            }));
        }
    }
    if args.ours {
        for &p in &args.players {
            match our_side(&args, p) {
                Some(side) => sides.push(side),
                None => {
                    println!(
                        "spielleiter: not built (this binary was built with --no-default-features)"
                    );
                    break;
                }
            }
        }
    }

    for side in &mut sides {
        side.warm_up(args.warmup);
    }
    let slice = args.seconds / args.rounds as f64;
    for _ in 0..args.rounds {
        for side in &mut sides {
            side.measure(slice);
        }
    }
    for side in &sides {
        side.m.print();
    }

    let arena2 = sides.iter().find(|s| s.m.name.starts_with("splendor_arena 0")).map(|s| &s.m);
    let ours2 = sides.iter().find(|s| s.m.name == "spielleiter" && s.m.players == 2).map(|s| &s.m);
    let mut ratio = None;
    if let (Some(a), Some(o)) = (arena2, ours2) {
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
        let items: Vec<String> = sides.iter().map(|s| s.m.json()).collect();
        println!(
            "{{\"results\":[{}],\"ratio_2p\":{}}}",
            items.join(","),
            ratio.map_or("null".to_string(), |r| format!("{r:.3}"))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arena_random_games_finish() {
        let lookup = arena::lookup();
        for seed in 0..20 {
            let (capped, decisions, turns, forced) = arena::play(&lookup, 2, DEFAULT_CAP, seed);
            assert!(!capped, "seed {seed} capped");
            assert!(turns > 10 && decisions > turns, "seed {seed}: {decisions} decisions, {turns} turns");
            assert!(forced.unwrap() < decisions);
        }
    }

    #[test]
    fn arena_cap_is_honoured() {
        let lookup = arena::lookup();
        let (capped, _, turns, _) = arena::play(&lookup, 2, 5, 1);
        assert!(capped);
        assert_eq!(turns, 5);
    }

    #[cfg(feature = "ours")]
    #[test]
    fn our_random_games_finish_and_are_seeded() {
        let mut buffers = engine::PlayoutBuffers::<Ours>::default();
        for players in 2..=4 {
            for seed in 0..20 {
                let a = ours::play::<Ours>(players, DEFAULT_CAP, seed, &mut buffers);
                let b = ours::play::<Ours>(players, DEFAULT_CAP, seed, &mut buffers);
                assert_eq!(a, b, "same seed, same game");
                assert!(a.1 > 0 && a.2 > 0);
            }
        }
    }

    #[test]
    fn measure_counts_games() {
        let mut side = Side::new("dummy", 2, 0, |_| (false, 10, 5, Some(1)));
        side.warm_up(0.01);
        side.measure(0.02);
        assert!(side.m.games > 0);
        assert_eq!(side.m.decisions, side.m.games * 10);
        assert_eq!(side.m.forced, Some(side.m.games));
        assert!(side.m.secs >= 0.02);
    }
}

//! `spielleiter simulate`: uniformly random playouts on all cores.

use engine::{random_playout, Game, GameRng, PlayoutBuffers, PlayoutEnd, RandomPolicy, Seat};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimulateOptions {
    /// Seats per game.
    pub players: usize,
    /// Number of games.
    pub games: u64,
    /// Seed of game 0; game `i` is seeded with `seed + i`, so results do not
    /// depend on the number of threads.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Turn cap per game (a simulation setting, not a rule).
    pub max_turns: u32,
    /// Let random players make domestic trade offers too.
    pub with_offers: bool,
    /// Show a progress bar (only on a terminal).
    pub progress: bool,
}

/// The summary of a simulation.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    /// Game id.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// First seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Games per second (all threads).
    pub games_per_sec: f64,
    /// Decisions (seat actions) per second.
    pub decisions_per_sec: f64,
    /// Mean decisions per game.
    pub mean_decisions: f64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Wins per seat (a shared victory counts for every winner).
    pub wins: Vec<u64>,
    /// Games won by more than one seat.
    pub shared: u64,
    /// Games per way they ended (`points`, `all_passed`, …, `capped`).
    pub ended: BTreeMap<String, u64>,
    /// Games stopped by the turn cap.
    pub capped: u64,
}

#[derive(Default)]
struct Tally {
    decisions: u64,
    turns: u64,
    wins: Vec<u64>,
    shared: u64,
    ended: BTreeMap<String, u64>,
    capped: u64,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.decisions += other.decisions;
        self.turns += other.turns;
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (a, b) in self.wins.iter_mut().zip(other.wins) {
            *a += b;
        }
        self.shared += other.shared;
        for (k, v) in other.ended {
            *self.ended.entry(k).or_default() += v;
        }
        self.capped += other.capped;
    }
}

/// Plays `opts.games` random games of `G` and sums them up.
pub fn simulate<G: Game>(config: &G::Config, opts: &SimulateOptions) -> Result<Summary, engine::ConfigError> {
    // Fail early, on the caller's thread, if the configuration is refused.
    G::new_game(config, opts.players, &mut GameRng::seed_from_u64(opts.seed))?;
    let threads = opts.threads.max(1);
    let bar = progress_bar(opts.games, opts.progress);
    let next = AtomicU64::new(0);
    let policy = RandomPolicy {
        skip_offers: !opts.with_offers,
        max_turns: opts.max_turns,
    };
    let start = Instant::now();
    let tally = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut tally = Tally {
                        wins: vec![0; opts.players],
                        ..Tally::default()
                    };
                    let mut buffers = PlayoutBuffers::<G>::default();
                    loop {
                        // Chunks keep the atomic off the hot path.
                        let first = next.fetch_add(64, Ordering::Relaxed);
                        if first >= opts.games {
                            break;
                        }
                        let last = (first + 64).min(opts.games);
                        for i in first..last {
                            play_one::<G>(
                                config,
                                opts,
                                policy,
                                opts.seed.wrapping_add(i),
                                &mut buffers,
                                &mut tally,
                            );
                        }
                        bar.inc(last - first);
                    }
                    tally
                })
            })
            .collect();
        let mut total = Tally {
            wins: vec![0; opts.players],
            ..Tally::default()
        };
        for w in workers {
            if let Ok(t) = w.join() {
                total.merge(t);
            }
        }
        total
    });
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let games = opts.games.max(1) as f64;
    Ok(Summary {
        game: G::ID.to_string(),
        players: opts.players,
        games: opts.games,
        seed: opts.seed,
        threads,
        seconds,
        games_per_sec: opts.games as f64 / seconds,
        decisions_per_sec: tally.decisions as f64 / seconds,
        mean_decisions: tally.decisions as f64 / games,
        mean_turns: tally.turns as f64 / games,
        wins: tally.wins,
        shared: tally.shared,
        ended: tally.ended,
        capped: tally.capped,
    })
}

fn play_one<G: Game>(
    config: &G::Config,
    opts: &SimulateOptions,
    policy: RandomPolicy,
    seed: u64,
    buffers: &mut PlayoutBuffers<G>,
    tally: &mut Tally,
) {
    let mut rng = GameRng::seed_from_u64(seed);
    let Ok(mut state) = G::new_game(config, opts.players, &mut rng) else {
        return;
    };
    let (end, decisions) = random_playout::<G>(&mut state, &mut rng, policy, buffers);
    tally.decisions += decisions;
    tally.turns += u64::from(G::turn(&state));
    match (end, G::result(&state)) {
        (PlayoutEnd::Finished, Some(result)) => {
            for w in &result.winners {
                if let Some(slot) = tally.wins.get_mut(w.index()) {
                    *slot += 1;
                }
            }
            if result.winners.len() > 1 {
                tally.shared += 1;
            }
            *tally.ended.entry(result.reason).or_default() += 1;
        }
        _ => {
            tally.capped += 1;
            *tally.ended.entry("capped".to_string()).or_default() += 1;
        }
    }
}

fn progress_bar(len: u64, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}") {
        bar.set_style(style);
    }
    bar
}

impl Summary {
    /// The summary as text for a terminal.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{} · {} players · {} games · seed {} · {} threads\n",
            self.game, self.players, self.games, self.seed, self.threads
        );
        s += &format!(
            "{:.1} s · {:.0} games/s · {:.0} decisions/s\n",
            self.seconds, self.games_per_sec, self.decisions_per_sec
        );
        s += &format!(
            "mean length: {:.1} decisions, {:.1} turns\n",
            self.mean_decisions, self.mean_turns
        );
        for (i, w) in self.wins.iter().enumerate() {
            s += &format!(
                "  {}: {} wins ({:.1}%)\n",
                Seat(i as u8),
                w,
                100.0 * *w as f64 / self.games.max(1) as f64
            );
        }
        s += &format!("shared victories: {}\n", self.shared);
        let ended: Vec<String> = self.ended.iter().map(|(k, v)| format!("{k} {v}")).collect();
        s += &format!("ended by: {}\n", ended.join(", "));
        s
    }
}

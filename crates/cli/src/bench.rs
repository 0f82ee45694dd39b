//! `spielleiter bench`: uniformly random games per second on ONE core, the
//! figure `docs/benchmarks.md` reports for each game.

use engine::{random_playout, Game, GameRng, PlayoutBuffers, PlayoutEnd, RandomPolicy};
use rand::SeedableRng;
use serde::Serialize;
use std::time::{Duration, Instant};

/// The result of a benchmark run.
#[derive(Clone, Debug, Serialize)]
pub struct BenchResult {
    /// Game id.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Games measured (after warm-up).
    pub games: u64,
    /// Games stopped by the turn cap.
    pub capped: u64,
    /// Measured seconds.
    pub seconds: f64,
    /// Games per second on one core.
    pub games_per_sec: f64,
    /// Decisions (seat actions) per second on one core.
    pub decisions_per_sec: f64,
    /// Mean decisions per game.
    pub mean_decisions: f64,
    /// `size_of` the game's state in bytes.
    pub state_bytes: usize,
    /// Heap bytes a state owns (allocated again by every clone, e.g. Cities &
    /// Knights' part), measured on a new game of this rule set.
    pub heap_bytes: usize,
    /// Heap bytes shared by every clone of a game's state (e.g. the board).
    pub shared_bytes: usize,
    /// Turn cap used.
    pub max_turns: u32,
}

/// Plays random games on the calling thread for `seconds` after a warm-up.
pub fn bench<G: Game>(
    config: &G::Config,
    players: usize,
    seconds: f64,
    max_turns: u32,
    seed: u64,
) -> Result<BenchResult, engine::ConfigError> {
    let heap = G::state_heap(&G::new_game(config, players, &mut GameRng::seed_from_u64(seed))?);
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns,
    };
    let mut buffers = PlayoutBuffers::<G>::default();
    let mut seed = seed;
    let mut run = |duration: Duration| {
        let start = Instant::now();
        let (mut games, mut capped, mut decisions) = (0u64, 0u64, 0u64);
        // Check the clock every 16 games only, so timing stays off the hot path.
        while start.elapsed() < duration {
            for _ in 0..16 {
                let mut rng = GameRng::seed_from_u64(seed);
                seed = seed.wrapping_add(1);
                let Ok(mut state) = G::new_game(config, players, &mut rng) else {
                    continue;
                };
                let (end, d) = random_playout::<G>(&mut state, &mut rng, policy, &mut buffers);
                games += 1;
                decisions += d;
                if end == PlayoutEnd::Capped {
                    capped += 1;
                }
            }
        }
        (games, capped, decisions, start.elapsed().as_secs_f64())
    };
    run(Duration::from_secs_f64((seconds / 5.0).clamp(0.2, 2.0)));
    let (games, capped, decisions, secs) = run(Duration::from_secs_f64(seconds.max(0.1)));
    Ok(BenchResult {
        game: G::ID.to_string(),
        players,
        games,
        capped,
        seconds: secs,
        games_per_sec: games as f64 / secs,
        decisions_per_sec: decisions as f64 / secs,
        mean_decisions: decisions as f64 / games.max(1) as f64,
        state_bytes: std::mem::size_of::<G::State>(),
        heap_bytes: heap.owned,
        shared_bytes: heap.shared,
        max_turns,
    })
}

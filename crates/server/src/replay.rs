//! The server's reproducible mode (`ServerConfig::replay_seed`), for tests
//! and demonstrations: every table's seed and every bot decision follow from
//! one seed, so a game played against the server's bots is the same game on
//! every run.

use engine::rand::SeedableRng;
use engine::GameRng;
use std::sync::Arc;

/// The server's reproducible mode (`ServerConfig::replay_seed`): table seeds
/// in creation order and bot decisions, all from one seed.
#[derive(Debug, Clone)]
pub struct Replay {
    seed: u64,
    created: Arc<std::sync::atomic::AtomicU64>,
}

impl Replay {
    /// The mode for `seed`.
    pub fn new(seed: u64) -> Replay {
        Replay {
            seed,
            created: Arc::default(),
        }
    }

    /// The seed of the next table created.
    pub fn next_table_seed(&self) -> u64 {
        let n = self.created.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        mix(self.seed, n)
    }

    /// The RNG of a seat's bot's decision at a table (its seed), after
    /// `moves` accepted actions of that bot.
    pub fn decision_rng(&self, table_seed: u64, moves: u64, seat: u8) -> GameRng {
        GameRng::seed_from_u64(mix(mix(self.seed ^ table_seed, moves), u64::from(seat)))
    }
}

/// SplitMix64's finaliser over `a` and `b`: well-spread seeds from counters.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

//! Many games between named bots, on all cores, with rotating seats: the
//! engine of `spielleiter arena`.
//!
//! Game `i` is seeded with `seed + i`, and its seats are the entries rotated
//! by `i`, so every entry plays every seat equally often and the results do
//! not depend on the number of threads (search bots run one thread each
//! inside an arena unless their spec says otherwise).

use crate::driver::{play_game, GameRecord, Outcome};
use crate::heuristic::BotGame;
use crate::spec::{BotSpec, SpecError};
use engine::Seat;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What to play.
#[derive(Clone, Debug)]
pub struct TournamentOptions {
    /// Number of games.
    pub games: u64,
    /// Seed of game 0.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Turn cap per game (a simulation setting, not a rule).
    pub max_turns: u32,
    /// Time budget of an external program per decision.
    pub timeout: Duration,
    /// Seats per game when fewer than the entries: a round robin over
    /// every group of that many entries (see [`schedule`]). `None`: every
    /// entry in every game, one seat each.
    pub players: Option<usize>,
}

/// One game of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// Game number, from 0.
    pub game: u64,
    /// Its seed.
    pub seed: u64,
    /// The entry (index into the bot list) in each seat.
    pub seats: Vec<usize>,
    /// The game itself.
    pub record: GameRecord,
}

impl GameLine {
    /// The entries that won (empty for a capped or forfeited game).
    pub fn winning_entries(&self) -> Vec<usize> {
        self.record
            .winners()
            .iter()
            .filter_map(|s| self.seats.get(s.index()).copied())
            .collect()
    }

    /// The entry that forfeited, if one did.
    pub fn forfeited_entry(&self) -> Option<usize> {
        match &self.record.outcome {
            Outcome::Forfeit { seat, .. } => self.seats.get(seat.index()).copied(),
            _ => None,
        }
    }
}

/// The seats of game `game`: entry `(seat + game) mod n` sits in `seat`.
pub fn rotation(entries: usize, game: u64) -> Vec<usize> {
    let n = entries.max(1);
    (0..n).map(|s| (s + (game % n as u64) as usize) % n).collect()
}

/// Most groups a round robin may have: one round must fit in a run.
pub const MAX_GROUPS: usize = 1_000_000;

/// Every group of `k` of `n` entries, in lexicographic order (`None`: more
/// than [`MAX_GROUPS`], or `k` outside `1..=n`).
pub fn groups(n: usize, k: usize) -> Option<Vec<Vec<usize>>> {
    if k == 0 || k > n {
        return None;
    }
    let mut out = Vec::new();
    let mut group: Vec<usize> = (0..k).collect();
    loop {
        if out.len() == MAX_GROUPS {
            return None;
        }
        out.push(group.clone());
        // The next combination: bump the last index that can still move.
        let Some(i) = (0..k).rev().find(|&i| group[i] < n - k + i) else {
            return Some(out);
        };
        group[i] += 1;
        for j in i + 1..k {
            group[j] = group[j - 1] + 1;
        }
    }
}

/// The seats of game `game` of a round robin over `groups`: game `g`
/// plays group `g mod G`, rotated by `(g div G) mod k`, so each round of
/// `G` games meets every group once and `k` rounds seat every group's
/// entries in every seat.
pub fn schedule(groups: &[Vec<usize>], game: u64) -> Vec<usize> {
    if groups.is_empty() {
        return Vec::new();
    }
    let g = groups.len() as u64;
    let group = &groups[(game % g) as usize];
    let k = group.len().max(1);
    let turn = ((game / g) % k as u64) as usize;
    (0..group.len()).map(|s| group[(s + turn) % k]).collect()
}

/// Plays the tournament; `progress` is called after every game with the
/// number of games finished. One entry per seat, or a round robin over
/// groups of `options.players` entries.
pub fn run<G: BotGame>(
    config: &G::Config,
    entries: &[BotSpec],
    options: &TournamentOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<GameLine>, f64), SpecError> {
    if entries.is_empty() {
        return Err(SpecError::NoBots);
    }
    let range = G::player_range(config);
    let seats = options.players.unwrap_or(entries.len());
    if !range.contains(&seats) {
        return Err(SpecError::PlayerCount {
            game: G::ID,
            min: *range.start(),
            max: *range.end(),
            got: seats,
        });
    }
    let groups = match options.players {
        Some(k) => Some(groups(entries.len(), k).ok_or(SpecError::Schedule {
            players: k,
            entries: entries.len(),
        })?),
        None => None,
    };
    let entries: Vec<BotSpec> = entries
        .iter()
        .map(|e| {
            if e.threads() == 0 {
                e.clone().with_threads(1)
            } else {
                e.clone()
            }
        })
        .collect();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let lines: Mutex<Vec<GameLine>> = Mutex::new(Vec::with_capacity(options.games as usize));
    let failure: Mutex<Option<SpecError>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= options.games || failure.lock().map_or(true, |f| f.is_some()) {
                    break;
                }
                match play_one::<G>(config, &entries, groups.as_deref(), options, game) {
                    Ok(line) => {
                        if let Ok(mut l) = lines.lock() {
                            l.push(line);
                        }
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                    Err(e) => {
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                        break;
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut lines = lines.into_inner().unwrap_or_default();
    lines.sort_by_key(|l| l.game);
    Ok((lines, start.elapsed().as_secs_f64()))
}

fn play_one<G: BotGame>(
    config: &G::Config,
    entries: &[BotSpec],
    groups: Option<&[Vec<usize>]>,
    options: &TournamentOptions,
    game: u64,
) -> Result<GameLine, SpecError> {
    let seats = match groups {
        Some(groups) => schedule(groups, game),
        None => rotation(entries.len(), game),
    };
    let mut bots = Vec::with_capacity(seats.len());
    for &e in &seats {
        bots.push(entries[e].build::<G>(options.timeout)?);
    }
    let seed = options.seed.wrapping_add(game);
    let record = play_game::<G>(config, &mut bots, seed, options.max_turns).map_err(|e| SpecError::Game(e.message))?;
    Ok(GameLine {
        game,
        seed,
        seats,
        record,
    })
}

/// How one entry did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryStats {
    /// The name as given.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Wins (a shared victory counts as a fraction).
    pub wins: f64,
    /// Win rate.
    pub win_rate: f64,
    /// 95% Wilson confidence interval of the win rate.
    pub ci95: [f64; 2],
    /// Games lost by forfeit.
    pub forfeits: u64,
    /// Wins per seat the entry sat in.
    pub wins_by_seat: Vec<f64>,
}

/// The whole result of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Game id.
    pub game: String,
    /// Games played.
    pub games: u64,
    /// Seed of game 0.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Wall time.
    pub seconds: f64,
    /// Mean seat actions per game.
    pub mean_decisions: f64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Games stopped by the turn cap.
    pub capped: u64,
    /// Games ended by a forfeit.
    pub forfeits: u64,
    /// Per entry, in the order named.
    pub entries: Vec<EntryStats>,
}

/// Sums a tournament up.
pub fn summarize(
    game: &str,
    names: &[String],
    lines: &[GameLine],
    options: &TournamentOptions,
    seconds: f64,
) -> Summary {
    let n = names.len();
    let mut entries: Vec<EntryStats> = names
        .iter()
        .map(|b| EntryStats {
            bot: b.clone(),
            games: 0,
            wins: 0.0,
            win_rate: 0.0,
            ci95: [0.0, 1.0],
            forfeits: 0,
            wins_by_seat: vec![0.0; n],
        })
        .collect();
    let (mut decisions, mut turns, mut capped, mut forfeits) = (0u64, 0u64, 0u64, 0u64);
    for line in lines {
        decisions += line.record.decisions;
        turns += u64::from(line.record.turns);
        match line.record.outcome {
            Outcome::Capped => capped += 1,
            Outcome::Forfeit { .. } => forfeits += 1,
            Outcome::Finished { .. } => {}
        }
        for &e in &line.seats {
            if let Some(s) = entries.get_mut(e) {
                s.games += 1;
            }
        }
        let winners = line.record.winners();
        for w in winners {
            if let Some(&e) = line.seats.get(w.index()) {
                if let Some(s) = entries.get_mut(e) {
                    let share = 1.0 / winners.len() as f64;
                    s.wins += share;
                    if let Some(x) = s.wins_by_seat.get_mut(w.index()) {
                        *x += share;
                    }
                }
            }
        }
        if let Some(e) = line.forfeited_entry() {
            if let Some(s) = entries.get_mut(e) {
                s.forfeits += 1;
            }
        }
    }
    for s in &mut entries {
        s.win_rate = if s.games > 0 { s.wins / s.games as f64 } else { 0.0 };
        s.ci95 = wilson(s.wins, s.games);
    }
    let g = lines.len().max(1) as f64;
    Summary {
        game: game.to_string(),
        games: lines.len() as u64,
        seed: options.seed,
        threads: options.threads,
        seconds,
        mean_decisions: decisions as f64 / g,
        mean_turns: turns as f64 / g,
        capped,
        forfeits,
        entries,
    }
}

/// The 95% Wilson score interval of `wins` successes in `n` trials.
pub fn wilson(wins: f64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = n as f64;
    let z = 1.959_963_984_540_054f64;
    let p = (wins / n).clamp(0.0, 1.0);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    // At 0 or n successes one end is exactly 0 or 1; say so without rounding.
    let lo = if p <= 0.0 { 0.0 } else { (centre - half).clamp(0.0, p) };
    let hi = if p >= 1.0 { 1.0 } else { (centre + half).clamp(p, 1.0) };
    [lo, hi]
}

/// The seat of an entry in a game (for reports).
pub fn seat_of(line: &GameLine, entry: usize) -> Option<Seat> {
    line.seats.iter().position(|&e| e == entry).map(|i| Seat(i as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_robin_meets_every_group_in_every_seat() {
        let gs = groups(4, 2).unwrap_or_default();
        assert_eq!(gs.len(), 6);
        assert_eq!(gs[0], vec![0, 1]);
        assert_eq!(gs[5], vec![2, 3]);
        assert_eq!(schedule(&gs, 0), vec![0, 1]);
        assert_eq!(schedule(&gs, 6), vec![1, 0]);
        assert!(groups(2, 3).is_none() && groups(3, 0).is_none());
        assert_eq!(groups(5, 5).map(|g| g.len()), Some(1));
    }

    #[test]
    fn rotation_gives_every_entry_every_seat() {
        let mut count = [[0u32; 4]; 4];
        for g in 0..8 {
            for (seat, e) in rotation(4, g).into_iter().enumerate() {
                count[e][seat] += 1;
            }
        }
        assert!(count.iter().flatten().all(|&c| c == 2));
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        let [lo, hi] = wilson(50.0, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
        let [lo, hi] = wilson(100.0, 100);
        assert!(lo > 0.96 && hi == 1.0);
    }
}

//! Bots playing whole games: totals for `spielleiter.simulate` (and its Ray
//! scale-out, which adds up the same per-game records), and the decision
//! rows of `spielleiter.record`. Game `k` of a run is seeded `seed + k` and
//! each bot's RNG from that seed and its seat (as in the arena), so any slice
//! of a run replays exactly on any machine.

use crate::core::parse_bots;
use crate::dense::space;
use crate::obs::{observe, Writer};
use crate::research::{parse_config, Researchable};
use bots::driver::bot_seed;
use engine::{ErrorInfo, GameRng, NoEvents, Seat, ToAct, Viewer};
use rand::SeedableRng;
use serde_json::Value;

/// Totals of a run of games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Games played.
    pub games: u64,
    /// Wins per seat (a shared victory counts for each winner).
    pub wins: Vec<u64>,
    /// Games cut off by the turn cap.
    pub capped: u64,
    /// Seat decisions over all games.
    pub decisions: u64,
    /// Turns over all games.
    pub turns: u64,
}

fn config_error(e: engine::ConfigError) -> ErrorInfo {
    ErrorInfo {
        kind: "config".into(),
        rule: e.rule,
        message: e.message,
    }
}

/// Plays games `first..first + games` of a run seeded `seed`.
pub fn simulate<G: Researchable>(
    options: &Value,
    bots: &[String],
    games: u64,
    first: u64,
    seed: u64,
    max_turns: u32,
) -> Result<Totals, ErrorInfo> {
    let config = parse_config::<G>(options)?;
    let specs: Vec<Option<String>> = bots.iter().cloned().map(Some).collect();
    let mut t = Totals {
        wins: vec![0; bots.len()],
        ..Totals::default()
    };
    for k in first..first.saturating_add(games) {
        let mut seats: Vec<Box<dyn bots::Bot<G>>> = parse_bots::<G>(&specs)?.into_iter().flatten().collect();
        let r = bots::play_game::<G>(&config, &mut seats, seed.wrapping_add(k), max_turns).map_err(config_error)?;
        t.games += 1;
        t.decisions += r.decisions;
        t.turns += u64::from(r.turns);
        if matches!(r.outcome, bots::Outcome::Capped) {
            t.capped += 1;
        }
        for w in r.winners() {
            if let Some(n) = t.wins.get_mut(w.index()) {
                *n += 1;
            }
        }
    }
    Ok(t)
}

/// The decision rows of recorded games, column by column.
#[derive(Debug, Default)]
pub struct Rows {
    /// Game number within the run.
    pub game: Vec<u64>,
    /// The game's seed.
    pub seed: Vec<u64>,
    /// Decision number within the game.
    pub step: Vec<u32>,
    /// The deciding seat.
    pub seat: Vec<u8>,
    /// Observations, `obs_len` per row.
    pub obs: Vec<f32>,
    /// Masks, `num_actions` per row (0/1).
    pub mask: Vec<u8>,
    /// The action's index (−1 if outside the space).
    pub action: Vec<i64>,
    /// The action as JSON text.
    pub action_json: Vec<String>,
    /// The deciding seat's reward at the end of its game (+1 win, −1 loss, 0 capped).
    pub reward: Vec<f32>,
    /// Length of one observation.
    pub obs_len: usize,
    /// Size of the action space.
    pub num_actions: usize,
}

/// Plays and records games `first..first + games` of a run seeded `seed`.
pub fn record<G: Researchable>(
    options: &Value,
    bots: &[String],
    games: u64,
    first: u64,
    seed: u64,
    max_turns: u32,
) -> Result<Rows, ErrorInfo> {
    let config = parse_config::<G>(options)?;
    let players = bots.len();
    let specs: Vec<Option<String>> = bots.iter().cloned().map(Some).collect();
    let sp = space::<G>(&config, players);
    let mut rows = Rows {
        num_actions: sp.len(),
        ..Rows::default()
    };
    let mut obs_len = None;
    let mut legal = Vec::new();
    for k in first..first.saturating_add(games) {
        let game_seed = seed.wrapping_add(k);
        let mut seats: Vec<Box<dyn bots::Bot<G>>> = parse_bots::<G>(&specs)?.into_iter().flatten().collect();
        let mut chance = GameRng::seed_from_u64(game_seed);
        let mut state = G::new_game(&config, players, &mut chance).map_err(config_error)?;
        let mut rngs: Vec<GameRng> = (0..players)
            .map(|i| GameRng::seed_from_u64(bot_seed(game_seed, Seat(i as u8))))
            .collect();
        let start = rows.seat.len();
        let mut step = 0u32;
        loop {
            match G::to_act(&state) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let o = G::sample_chance(&state, &mut chance);
                    G::apply_chance_unchecked(&mut state, &o, &mut NoEvents);
                }
                ToAct::Seats(s) => {
                    let Some(seat) = s.first() else { break };
                    if G::turn(&state) >= max_turns || u64::from(step) >= u64::from(max_turns) * 100 {
                        break;
                    }
                    G::legal_actions(&state, seat, &mut legal);
                    let (Some(bot), Some(rng)) = (seats.get_mut(seat.index()), rngs.get_mut(seat.index())) else {
                        break;
                    };
                    let i = bot.choose(&state, seat, &legal, rng).unwrap_or(0);
                    let Some(a) = legal.get(i).cloned() else { break };
                    // The length is the same for every position of the game.
                    let len = *obs_len.get_or_insert_with(|| crate::obs::obs_len::<G>(&state));
                    rows.obs_len = len;
                    let at = rows.obs.len();
                    rows.obs.resize(at + len, 0.0);
                    if let Some(row) = rows.obs.get_mut(at..) {
                        observe::<G>(&state, Viewer::Seat(seat), &mut Writer::new(row));
                    }
                    let base = rows.mask.len();
                    rows.mask.resize(base + sp.len(), 0);
                    for l in &legal {
                        if let Some(j) = sp.of(l) {
                            rows.mask[base + j as usize] = 1;
                        }
                    }
                    rows.game.push(k);
                    rows.seed.push(game_seed);
                    rows.step.push(step);
                    rows.seat.push(seat.0);
                    rows.action.push(sp.of(&a).map_or(-1, i64::from));
                    rows.action_json.push(serde_json::to_string(&a).unwrap_or_default());
                    G::apply_unchecked(&mut state, seat, &a, &mut NoEvents);
                    step += 1;
                }
            }
        }
        let result = G::result(&state);
        for r in start..rows.seat.len() {
            let seat = usize::from(rows.seat[r]);
            rows.reward.push(match &result {
                Some(res) if res.winners.iter().any(|w| w.index() == seat) => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            });
        }
    }
    Ok(rows)
}

//! The stepping core of the environments: one game on the raw contract
//! functions (no log, no events: the speed of `engine::random_playout`),
//! chance drawn from a seeded RNG, optional built-in bots in some seats, and
//! the agent's observation and mask written into caller-owned slices.

use crate::dense::{space, Space};
use crate::obs::{observe, Memo, Writer};
use crate::research::{bad_index, parse_config, Researchable};
use bots::{Allowed, Bot, BotSpec};
use engine::{ErrorInfo, GameRng, NoEvents, Seat, ToAct, Viewer};
use rand::SeedableRng;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// Turns after which a game is cut off (truncated, not terminated).
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// Mask rows up to this many bytes are cleared whole at every step.
const SHORT_MASK: usize = 1024;

/// How a step ended for the environment.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepEnd {
    /// The game reached its end.
    pub terminated: bool,
    /// The turn cap cut it off.
    pub truncated: bool,
}

/// One game for an environment.
///
/// What every step touches (the state, the chance RNG, the counters) is held
/// inline; what most steps do not (the options, the bots' RNG) is boxed, so
/// that a batch's games lie closer together in memory.
pub struct Core<G: Researchable> {
    config: Box<G::Config>,
    players: usize,
    /// The numbered actions.
    pub space: Arc<Space<G>>,
    state: G::State,
    chance: GameRng,
    bot_rng: Box<GameRng>,
    bots: SeatBots<G>,
    /// Bit `i` set: a bot plays seat `i` (read at every step instead of the
    /// heap-held `bots`, which an agent's step then never touches).
    bot_seats: u64,
    max_turns: u32,
    /// Decisions of every seat, bots included, after which a game is truncated.
    max_steps: u64,
    decisions: u64,
    /// Steps of the current game taken by agents (not by bots).
    pub agent_steps: u64,
}

impl<G: Researchable> std::fmt::Debug for Core<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Core").field("game", &G::ID).finish_non_exhaustive()
    }
}

/// The buffers a core works in (the legal list): one per thread, shared by
/// the games that thread steps, rather than one per game, so that they stay
/// in the cache (a batch of 512 games with buffers of their own spread
/// several hundred KiB more over every step). The observation needs none: it
/// is written straight into the caller's row.
pub struct Scratch<G: Researchable> {
    legal: Vec<G::Action>,
}

impl<G: Researchable> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            legal: Vec::with_capacity(64),
        }
    }
}

impl<G: Researchable> std::fmt::Debug for Scratch<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scratch").finish_non_exhaustive()
    }
}

/// The bot of each seat (`None`: an agent plays it).
pub type SeatBots<G> = Vec<Option<Box<dyn Bot<G>>>>;

/// Reads bot specs (`greedy`, `mcts:playouts=200`, …) for the seats: entry
/// `i` is seat `i`'s bot, `None` an agent.
pub fn parse_bots<G: Researchable>(specs: &[Option<String>]) -> Result<SeatBots<G>, ErrorInfo> {
    specs
        .iter()
        .map(|s| match s {
            None => Ok(None),
            Some(s) => BotSpec::parse(s, Allowed::BuiltIn)
                .and_then(|b| b.build::<G>(Duration::from_secs(10)))
                .map(Some)
                .map_err(|e| {
                    let m = e.message();
                    ErrorInfo::new("config", "engine.unknown_bot", m.de, m.en)
                }),
        })
        .collect()
}

impl<G: Researchable> Core<G> {
    /// A core for game options `options`; `bots[i]` plays seat `i` (`None` = agent).
    pub fn new(options: &Value, players: usize, bots: &[Option<String>], seed: u64) -> Result<Core<G>, ErrorInfo> {
        let config = parse_config::<G>(options)?;
        if bots.len() != players {
            return Err(ErrorInfo::new(
                "config",
                "engine.config",
                format!("{} Bots für {players} Plätze angegeben.", bots.len()),
                format!("{} bots given for {players} seats.", bots.len()),
            ));
        }
        let mut rng = GameRng::seed_from_u64(seed);
        let state = G::new_game(&config, players, &mut rng).map_err(|e| ErrorInfo {
            kind: "config".into(),
            rule: e.rule,
            message: e.message,
        })?;
        if !G::player_range(&config).contains(&players) {
            let r = G::player_range(&config);
            return Err(ErrorInfo::new(
                "config",
                "engine.config",
                format!(
                    "{players} Spieler werden nicht unterstützt ({} bis {}).",
                    r.start(),
                    r.end()
                ),
                format!("{players} players are not supported ({} to {}).", r.start(), r.end()),
            ));
        }
        let mut core = Core {
            space: space::<G>(&config, players),
            config: Box::new(config),
            players,
            state,
            chance: rng,
            bot_rng: Box::new(GameRng::seed_from_u64(seed ^ 0x5EA7_B075)),
            bot_seats: bots
                .iter()
                .enumerate()
                .filter(|(i, b)| b.is_some() && *i < 64)
                .fold(0, |m, (i, _)| m | 1 << i),
            bots: parse_bots::<G>(bots)?,
            max_turns: DEFAULT_MAX_TURNS,
            max_steps: u64::from(DEFAULT_MAX_TURNS) * 100,
            decisions: 0,
            agent_steps: 0,
        };
        core.reset(seed, &mut Scratch::default());
        Ok(core)
    }

    /// Sets the turn cap and the decision cap (`steps`, every seat's
    /// decisions; 0: a hundred per turn of the turn cap). A turn can last
    /// forever where a seat may repeat a move that changes nothing (offers
    /// withdrawn), so turns alone do not bound an episode.
    pub fn set_caps(&mut self, turns: u32, steps: u64) {
        self.max_turns = turns.max(1);
        self.max_steps = if steps == 0 {
            u64::from(self.max_turns) * 100
        } else {
            steps
        };
    }

    /// Length of the observation tensor.
    pub fn obs_len(&self) -> usize {
        crate::obs::obs_len::<G>(&self.state)
    }

    /// Starts a new game from `seed` and runs chance and bots up to the first agent decision.
    pub fn reset(&mut self, seed: u64, s: &mut Scratch<G>) -> StepEnd {
        self.chance = GameRng::seed_from_u64(seed);
        *self.bot_rng = GameRng::seed_from_u64(seed ^ 0x5EA7_B075);
        // The configuration was accepted when the core was built.
        if let Ok(s) = G::new_game(&self.config, self.players, &mut self.chance) {
            self.state = s;
        }
        self.decisions = 0;
        self.agent_steps = 0;
        self.advance(s)
    }

    /// The agent seat to act (the first of several acting at once), if any.
    pub fn to_act(&self) -> Option<Seat> {
        match G::to_act(&self.state) {
            ToAct::Seats(s) => s.first(),
            _ => None,
        }
    }

    fn capped(&self) -> bool {
        G::turn(&self.state) >= self.max_turns || self.decisions >= self.max_steps
    }

    /// Runs chance and bot seats until an agent is to act or the game ends.
    fn advance(&mut self, s: &mut Scratch<G>) -> StepEnd {
        loop {
            match G::to_act(&self.state) {
                ToAct::Over => {
                    return StepEnd {
                        terminated: true,
                        truncated: false,
                    }
                }
                ToAct::Chance => {
                    let o = G::sample_chance(&self.state, &mut self.chance);
                    G::apply_chance_unchecked(&mut self.state, &o, &mut NoEvents);
                }
                ToAct::Seats(seats) => {
                    if self.capped() {
                        return StepEnd {
                            terminated: false,
                            truncated: true,
                        };
                    }
                    let Some(seat) = seats.first() else {
                        return StepEnd::default();
                    };
                    if seat.index() < 64 && self.bot_seats >> seat.index() & 1 == 0 {
                        return StepEnd::default();
                    }
                    let Some(Some(bot)) = self.bots.get_mut(seat.index()) else {
                        return StepEnd::default();
                    };
                    G::legal_actions(&self.state, seat, &mut s.legal);
                    let choice = bot
                        .choose(&self.state, seat, &s.legal, &mut self.bot_rng)
                        .ok()
                        .and_then(|i| s.legal.get(i).cloned());
                    let Some(a) = choice.or_else(|| s.legal.first().cloned()) else {
                        return StepEnd::default();
                    };
                    G::apply_unchecked(&mut self.state, seat, &a, &mut NoEvents);
                    self.decisions += 1;
                }
            }
        }
    }

    /// Applies the action of index `i` for the seat to act, then runs chance
    /// and bots. An index outside the space or an illegal action is refused
    /// and changes nothing. With `checked == false` the caller vouches that
    /// the index is set in the mask this core wrote for the current position
    /// (the vector env checks that, and Python sees the mask read-only), so
    /// the game's check is not run twice.
    pub fn step(&mut self, i: i64, checked: bool, s: &mut Scratch<G>) -> Result<StepEnd, ErrorInfo> {
        let a = usize::try_from(i)
            .ok()
            .and_then(|i| self.space.actions.get(i))
            .ok_or_else(|| bad_index(i, self.space.len()))?;
        let Some(seat) = self.to_act() else {
            return Err(engine::Rejection::<G::Error>::GameOver.info());
        };
        if checked {
            G::apply(&mut self.state, seat, a, &mut NoEvents).map_err(|r| r.info())?;
        } else {
            G::apply_unchecked(&mut self.state, seat, a, &mut NoEvents);
        }
        self.decisions += 1;
        self.agent_steps += 1;
        Ok(self.advance(s))
    }

    /// Writes the mask of `seat`, the seat to act (see [`Core::to_act`]),
    /// into `mask`, and into `set` the indices it set (in the order the game
    /// lists its legal actions); returns whether any is legal. `set` is what
    /// `random_actions` draws from (one draw per row instead of two scans of
    /// a 359-byte CATAN row: those cost 250 µs a batch of 512, twice the
    /// step itself) and how a long row is cleared.
    pub fn write_mask(&self, seat: Option<Seat>, mask: &mut [u8], set: &mut Vec<u32>, s: &mut Scratch<G>) -> bool {
        // A short row is cleared whole (a few cache lines); a long one
        // (thousands of C&K indices) through `set`, the indices set last time.
        let short = mask.len() <= SHORT_MASK;
        if short {
            mask.fill(0);
        } else {
            for &i in set.iter() {
                if let Some(m) = mask.get_mut(i as usize) {
                    *m = 0;
                }
            }
        }
        set.clear();
        let Some(seat) = seat else { return false };
        G::legal_actions(&self.state, seat, &mut s.legal);
        let mut any = false;
        for a in &s.legal {
            if let Some(i) = self.space.of(a) {
                if let Some(m) = mask.get_mut(i as usize) {
                    *m = 1;
                    any = true;
                    set.push(i);
                }
            }
        }
        any
    }

    /// Writes the observation of `seat` (the seat to act, or seat 0 at the
    /// end) into `out`, which `memo` describes (see [`Memo`]: `out` is one
    /// row that only this call writes, and `memo` belongs to it).
    pub fn write_obs(&self, seat: Seat, out: &mut [f32], memo: &mut Memo) {
        observe::<G>(&self.state, Viewer::Seat(seat), &mut Writer::with_memo(out, memo));
    }

    /// Writes the board tensor of `seat` (`spec` is this game's grid).
    pub fn write_board(&self, spec: &crate::board::BoardSpec, seat: Seat, out: &mut [f32]) {
        crate::board::write_board::<G>(spec, &self.state, Viewer::Seat(seat), out);
    }

    /// Rewards at the end: +1 for each winner, −1 for everybody else (0 for
    /// all while the game runs or when it was cut off).
    pub fn write_rewards(&self, out: &mut [f32]) {
        out.fill(0.0);
        if let Some(r) = G::result(&self.state) {
            for (s, o) in out.iter_mut().enumerate() {
                *o = if r.winners.iter().any(|w| w.index() == s) {
                    1.0
                } else {
                    -1.0
                };
            }
        }
    }

    /// The full state as JSON (for snapshots).
    pub fn snapshot(&self) -> (G::State, GameRng, GameRng, u64, u64) {
        (
            self.state.clone(),
            self.chance.clone(),
            (*self.bot_rng).clone(),
            self.decisions,
            self.agent_steps,
        )
    }

    /// Restores a snapshot.
    pub fn restore(&mut self, s: &(G::State, GameRng, GameRng, u64, u64)) {
        self.state = s.0.clone();
        self.chance = s.1.clone();
        *self.bot_rng = s.2.clone();
        self.decisions = s.3;
        self.agent_steps = s.4;
    }

    /// The state (for `state_json`).
    pub fn state(&self) -> &G::State {
        &self.state
    }
}

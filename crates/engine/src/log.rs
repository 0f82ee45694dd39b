//! The log: how a game started and every accepted step since. It is the truth
//! of a game: replaying it gives the identical state.

use crate::game::{Game, GameRng};
use crate::seat::Seat;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// Whether chance outcomes are drawn by the engine or supplied by the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ChanceMode {
    /// The engine draws every chance outcome from its seeded RNG at once.
    #[default]
    Seeded,
    /// The client supplies every chance outcome (a physical game mirrored, tests).
    Manual,
}

/// One accepted step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Entry<A, C> {
    /// A seat acted.
    Act {
        /// The seat.
        seat: Seat,
        /// What it did.
        action: A,
    },
    /// A chance outcome happened.
    Chance {
        /// The outcome.
        outcome: C,
        /// Drawn by the engine's RNG (true) or supplied from outside (false).
        drawn: bool,
    },
}

/// How the logged game began.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum Start<C, S> {
    /// A new game from a configuration.
    New {
        /// The options.
        config: C,
        /// Number of seats.
        players: usize,
    },
    /// A loaded position.
    Position {
        /// The state the game was loaded at.
        state: S,
    },
}

/// A game's complete record: versioned, serde-serialisable, replayable.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Log<G: Game> {
    /// Format version of the JSON forms.
    pub format: u32,
    /// The game's id.
    pub game: String,
    /// The seed of the engine's RNG.
    pub seed: u64,
    /// How the game began.
    pub start: Start<G::Config, G::State>,
    /// Every accepted step, in order.
    pub entries: Vec<Entry<G::Action, G::Chance>>,
    /// The state the entries lead to, when recorded: [`Log::replay`] then checks
    /// that it reaches exactly this state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_state: Option<G::State>,
}

// Manual impls: a derive would demand `G: Clone` etc. of the marker type.
impl<G: Game> Clone for Log<G> {
    fn clone(&self) -> Self {
        Log {
            format: self.format,
            game: self.game.clone(),
            seed: self.seed,
            start: self.start.clone(),
            entries: self.entries.clone(),
            final_state: self.final_state.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Log<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Log")
            .field("format", &self.format)
            .field("game", &self.game)
            .field("seed", &self.seed)
            .field("start", &self.start)
            .field("entries", &self.entries)
            .field("final_state", &self.final_state)
            .finish()
    }
}

impl<G: Game> PartialEq for Log<G> {
    fn eq(&self, other: &Self) -> bool {
        self.format == other.format
            && self.game == other.game
            && self.seed == other.seed
            && self.start == other.start
            && self.entries == other.entries
            && self.final_state == other.final_state
    }
}

/// Why a log could not be replayed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError {
    /// The log belongs to another game or format.
    #[error("the log is for game {game} format {format}, expected {expected_game} format {expected_format}")]
    WrongGame {
        /// Game named in the log.
        game: String,
        /// Format named in the log.
        format: u32,
        /// This game.
        expected_game: &'static str,
        /// This game's format.
        expected_format: u32,
    },
    /// The configuration was refused.
    #[error("the configuration was refused: {0}")]
    Config(String),
    /// The loaded start position is inconsistent.
    #[error("the start position is inconsistent: {}", crate::problem::listed(.0, false))]
    InvalidStart(Vec<crate::Problem>),
    /// An entry was refused.
    #[error("entry {index} was refused: [{rule}] {message}")]
    Refused {
        /// Index of the entry.
        index: usize,
        /// Rule id of the refusal.
        rule: String,
        /// English sentence of the refusal.
        message: String,
    },
    /// The replay did not reach the recorded final state.
    #[error("the replay does not reach the recorded final state")]
    Mismatch,
}

impl<G: Game> Log<G> {
    /// Replays the log and returns the state it reaches and the RNG as it stands
    /// after the replay (so a seeded game continues exactly as it would have).
    pub fn replay(&self) -> Result<(G::State, GameRng), ReplayError> {
        self.check_game()?;
        let (mut state, mut rng) = self.start_state()?;
        apply_entries::<G>(&mut state, &self.entries, &mut rng, None)?;
        if let Some(expected) = &self.final_state {
            if *expected != state {
                return Err(ReplayError::Mismatch);
            }
        }
        Ok((state, rng))
    }

    /// Refuses a log of another game or format.
    pub(crate) fn check_game(&self) -> Result<(), ReplayError> {
        if self.game != G::ID || self.format != G::FORMAT {
            return Err(ReplayError::WrongGame {
                game: self.game.clone(),
                format: self.format,
                expected_game: G::ID,
                expected_format: G::FORMAT,
            });
        }
        Ok(())
    }

    /// The state the log starts from and the RNG as it stands then: a new
    /// game is made anew from its configuration and seed.
    pub(crate) fn start_state(&self) -> Result<(G::State, GameRng), ReplayError> {
        let mut rng = GameRng::seed_from_u64(self.seed);
        let state = match &self.start {
            Start::New { config, players } => {
                G::new_game(config, *players, &mut rng).map_err(|e| ReplayError::Config(e.message.en))?
            }
            Start::Position { state } => {
                G::validate(state).map_err(ReplayError::InvalidStart)?;
                state.clone()
            }
        };
        Ok((state, rng))
    }

    /// A log of a new game with no entries yet.
    pub fn new_game(config: G::Config, players: usize, seed: u64) -> Log<G> {
        Log {
            format: G::FORMAT,
            game: G::ID.to_string(),
            seed,
            start: Start::New { config, players },
            entries: Vec::new(),
            final_state: None,
        }
    }
}

/// Applies `entries` to `state` through the checked `apply`/`apply_chance`
/// (a tampered entry is refused with its index), a seat's action only when
/// that seat is to act. Stored chance outcomes are applied as they are; for
/// a drawn one the RNG is drawn as well (its draw discarded) so that it stays
/// in step with the original run, and a match that goes on draws what it
/// would have drawn. With `events`, each entry's events are collected there.
pub(crate) fn apply_entries<G: Game>(
    state: &mut G::State,
    entries: &[Entry<G::Action, G::Chance>],
    rng: &mut GameRng,
    mut events: Option<&mut Vec<Vec<G::Event>>>,
) -> Result<(), ReplayError> {
    use crate::game::ToAct;
    use crate::rejection::Rejection;
    for (index, entry) in entries.iter().enumerate() {
        let mut ev = Vec::new();
        let to_act = G::to_act(state);
        let result = match entry {
            Entry::Act { seat, action } => match to_act {
                ToAct::Seats(s) if s.contains(*seat) => match events {
                    Some(_) => G::apply(state, *seat, action, &mut ev),
                    None => G::apply(state, *seat, action, &mut crate::game::NoEvents),
                },
                ToAct::Over => Err(Rejection::GameOver),
                ToAct::Chance => Err(Rejection::NotChanceTurn { waiting: "chance" }),
                ToAct::Seats(_) => Err(Rejection::NotYourTurn { seat: *seat }),
            },
            Entry::Chance { outcome, drawn } => {
                if to_act != ToAct::Chance {
                    Err(Rejection::NotChanceTurn { waiting: "a seat" })
                } else {
                    if *drawn {
                        let _ = G::sample_chance(state, rng);
                    }
                    match events {
                        Some(_) => G::apply_chance(state, outcome, &mut ev),
                        None => G::apply_chance(state, outcome, &mut crate::game::NoEvents),
                    }
                }
            }
        };
        if let Err(r) = result {
            return Err(ReplayError::Refused {
                index,
                rule: r.rule_id().to_string(),
                message: r.message().en,
            });
        }
        if let Some(out) = events.as_deref_mut() {
            out.push(ev);
        }
    }
    Ok(())
}

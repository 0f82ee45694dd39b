//! The built-in bots (greedy, MCTS; random too) behind the JSON interfaces:
//! seat bots of the game server (`server::SeatBot`) and the referee's `bot`
//! op share this adapter.
//!
//! A decision arrives as JSON: the game id, the full state (`G::State`, bare
//! or in its versioned envelope), the seat and its legal actions. The adapter
//! decodes them into the game's types, builds the typed bot from its
//! [`BotSpec`] and asks [`Bot::choose`]. The bots read the state only through
//! `Game::determinize` / `Game::view` with their own seat (the bots crate's
//! information discipline), so handing them the state leaks nothing.
//!
//! Nothing here panics on bad data: every decoding problem is a typed
//! [`BotError`]; the server adapter logs it and plays a uniformly random
//! legal action instead.

use bots::{Allowed, Bot, BotGame, BotSpec, SpecError};
use engine::rand::Rng;
use engine::{ErrorInfo, Game, GameRng, Seat, ToAct};
use serde_json::Value;
use server::{Decision, SeatBot};
use std::time::Duration;

/// The MCTS budget of `spielleiter serve`'s `mcts` bot: the strength measured
/// in docs/bots.md (1,000 playouts), on one core so that one table's bot
/// cannot take both cores of a small machine (about 0.1–0.2 s per decision).
pub const SERVER_MCTS: &str = "mcts:playouts=1000,threads=1";

/// Why a bot could not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// No game has this id.
    UnknownGame(String),
    /// The bot spec does not parse, or names a bot not allowed here.
    Spec(SpecError),
    /// External programs (`cmd:`) cannot be started from here.
    External,
    /// The decision carries no state (the bot needs one).
    NoState,
    /// The state is not a state of this game.
    State(String),
    /// The state is read but inconsistent.
    InvalidState(Vec<engine::Problem>),
    /// A legal action is not an action of this game.
    Action {
        /// Its index in the legal list.
        index: usize,
        /// What serde said.
        error: String,
    },
    /// The legal list is empty.
    NoLegalActions,
    /// The seat does not exist in this state.
    NoSuchSeat(u8),
    /// The bot failed (or panicked) while choosing.
    Failed(String),
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::UnknownGame(g) => write!(f, "unknown game '{g}'"),
            BotError::Spec(e) => write!(f, "{e}"),
            BotError::External => f.write_str("external programs (cmd:) cannot play here"),
            BotError::NoState => f.write_str("the decision carries no state"),
            BotError::State(e) => write!(f, "state: {e}"),
            BotError::InvalidState(p) => write!(f, "inconsistent state: {}", engine::problem::listed(p, false)),
            BotError::Action { index, error } => write!(f, "legal action {index}: {error}"),
            BotError::NoLegalActions => f.write_str("no legal actions"),
            BotError::NoSuchSeat(s) => write!(f, "seat {s} does not exist"),
            BotError::Failed(e) => write!(f, "the bot failed: {e}"),
        }
    }
}

impl std::error::Error for BotError {}

impl BotError {
    /// The wire form (`engine.malformed` for undecodable input,
    /// `engine.unknown_bot`, `engine.bot_not_allowed`, `engine.bot_failed`).
    pub fn info(&self) -> ErrorInfo {
        match self {
            BotError::UnknownGame(g) => crate::registry::unknown_game(g),
            BotError::Spec(e) => {
                let m = e.message();
                ErrorInfo::new("unknown_bot", "engine.unknown_bot", m.de, m.en)
            }
            BotError::External => ErrorInfo::new(
                "bot_not_allowed",
                "engine.bot_not_allowed",
                "Externe Programme (cmd:) können hier nicht spielen.",
                "External programs (cmd:) cannot play here.",
            ),
            BotError::NoSuchSeat(s) => ErrorInfo::new(
                "no_such_seat",
                "engine.no_such_seat",
                format!("Platz {} gibt es an diesem Tisch nicht.", u16::from(*s) + 1),
                format!("Seat {} does not exist at this table.", u16::from(*s) + 1),
            ),
            BotError::Failed(e) => ErrorInfo::new(
                "bot_failed",
                "engine.bot_failed",
                format!("Der Bot konnte nicht entscheiden: {e}"),
                format!("The bot could not decide: {e}"),
            ),
            BotError::InvalidState(p) => engine::dynamic::invalid_state(p.clone()),
            other => ErrorInfo::malformed(other),
        }
    }
}

/// Reads a bot spec for the server or the referee: only the built-in bots
/// play (an unknown name is refused with the list of those), external
/// programs are refused as [`BotError::External`].
pub fn parse_spec(spec: &str) -> Result<BotSpec, BotError> {
    parse_allowed(spec, Allowed::BuiltIn)
}

fn parse_allowed(spec: &str, allowed: Allowed) -> Result<BotSpec, BotError> {
    match BotSpec::parse(spec, allowed) {
        Ok(BotSpec::External { .. } | BotSpec::Agent { .. }) | Err(SpecError::External) => Err(BotError::External),
        Ok(s) => Ok(s),
        Err(e) => Err(BotError::Spec(e)),
    }
}

/// Whether a bot of this spec reads the state (through `determinize`/`view`).
pub fn spec_needs_state(spec: &BotSpec) -> bool {
    matches!(
        spec,
        BotSpec::Greedy | BotSpec::GreedyOffers | BotSpec::Lookahead(_) | BotSpec::Mcts(_)
    )
}

/// The index into `legal` that the bot `spec` chooses for `seat` of the game
/// `game` in `state` (JSON of the game's state, bare or in its envelope).
/// A `random` spec needs no state (pass `Value::Null`).
pub fn choose_json(
    spec: &BotSpec,
    game: &str,
    state: &Value,
    seat: Seat,
    legal: &[Value],
    rng: &mut GameRng,
) -> Result<usize, BotError> {
    if matches!(spec, BotSpec::External { .. } | BotSpec::Agent { .. }) {
        return Err(BotError::External);
    }
    if legal.is_empty() {
        return Err(BotError::NoLegalActions);
    }
    if let BotSpec::Random { .. } = spec {
        // Random bots decide on the legal list alone; offers are left out only
        // when the game's actions are decodable, which needs the game type.
        if state.is_null() {
            return Ok(rng.random_range(0..legal.len()));
        }
    }
    crate::with_game!(game, registry::Pick::State(state), G => choose_typed::<G>(spec, state, seat, legal, rng))
        .map_err(|_| BotError::UnknownGame(game.to_string()))?
}

/// Decodes a state of `G`: the versioned envelope or the bare state.
pub fn decode_state<G: Game>(state: &Value) -> Result<G::State, BotError> {
    if state.is_null() {
        return Err(BotError::NoState);
    }
    let bare = if state.get("format").is_some() && state.get("state").is_some() {
        if state.get("game").and_then(Value::as_str) != Some(G::ID) {
            return Err(BotError::State(format!("the state is not a {} state", G::ID)));
        }
        &state["state"]
    } else {
        state
    };
    let s = <G::State as serde::Deserialize>::deserialize(bare).map_err(|e| BotError::State(e.to_string()))?;
    G::validate(&s).map_err(BotError::InvalidState)?;
    Ok(s)
}

/// Decodes a legal list of `G`'s actions from JSON, naming the first that is not one.
pub fn decode_actions<G: Game>(legal: &[Value]) -> Result<Vec<G::Action>, BotError> {
    legal
        .iter()
        .enumerate()
        .map(|(index, a)| {
            <G::Action as serde::Deserialize>::deserialize(a).map_err(|e| BotError::Action {
                index,
                error: e.to_string(),
            })
        })
        .collect()
}

fn choose_typed<G: BotGame>(
    spec: &BotSpec,
    state: &Value,
    seat: Seat,
    legal: &[Value],
    rng: &mut GameRng,
) -> Result<usize, BotError> {
    let state = decode_state::<G>(state)?;
    if seat.index() >= G::players(&state) {
        return Err(BotError::NoSuchSeat(seat.0));
    }
    let actions = decode_actions::<G>(legal)?;
    match G::to_act(&state) {
        ToAct::Seats(seats) if seats.contains(seat) => {}
        _ => return Err(BotError::Failed(format!("seat {} is not to act in this state", seat.0))),
    }
    let mut bot: Box<dyn Bot<G>> = spec.build::<G>(Duration::ZERO).map_err(BotError::Spec)?;
    // A bot bug must not take the server's blocking thread or the referee
    // session down with it.
    let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bot.choose(&state, seat, &actions, rng)))
        .map_err(|_| BotError::Failed("the bot panicked".into()))?
        .map_err(|f| BotError::Failed(f.to_string()))?;
    if chosen < legal.len() {
        Ok(chosen)
    } else {
        Err(BotError::Failed(format!(
            "index {chosen} out of {} actions",
            legal.len()
        )))
    }
}

/// A built-in bot on a server seat.
#[derive(Debug, Clone)]
pub struct SpecSeatBot {
    name: String,
    spec: BotSpec,
}

impl SpecSeatBot {
    /// The bot of `spec` (external programs are refused), registered as `name`.
    pub fn new(name: &str, spec: &str) -> Result<SpecSeatBot, BotError> {
        Ok(SpecSeatBot {
            name: name.to_string(),
            spec: parse_spec(spec)?,
        })
    }

    /// Its spec.
    pub fn spec(&self) -> &BotSpec {
        &self.spec
    }
}

impl SeatBot for SpecSeatBot {
    fn choose(&self, decision: &Decision<'_>, rng: &mut GameRng) -> usize {
        let state = decision.state.unwrap_or(&Value::Null);
        match choose_json(&self.spec, decision.game, state, decision.seat, decision.legal, rng) {
            Ok(i) => i,
            Err(e) => {
                tracing::warn!(
                    bot = %self.name,
                    game = decision.game,
                    seat = decision.seat.0,
                    error = %e,
                    "bot could not decide; playing a random legal action"
                );
                if decision.legal.is_empty() {
                    0
                } else {
                    rng.random_range(0..decision.legal.len())
                }
            }
        }
    }

    fn needs_state(&self) -> bool {
        spec_needs_state(&self.spec)
    }
}

/// The bots of `spielleiter serve`: `random`, `greedy`, `lookahead` and `mcts` (with the
/// budget `mcts_spec`, e.g. [`SERVER_MCTS`]; any other bot is refused there),
/// and the position analysis (`crate::analyze::ServerAnalyst`).
pub fn server_bots(mcts_spec: &str) -> Result<server::BotRegistry, BotError> {
    let mcts = SpecSeatBot {
        name: "mcts".into(),
        spec: parse_allowed(mcts_spec, Allowed::Mcts)?,
    };
    Ok(server::BotRegistry::default()
        .with("greedy", std::sync::Arc::new(SpecSeatBot::new("greedy", "greedy")?))
        .with(
            "lookahead",
            std::sync::Arc::new(SpecSeatBot::new("lookahead", "lookahead")?),
        )
        .with("mcts", std::sync::Arc::new(mcts))
        .with_analyst(std::sync::Arc::new(crate::analyze::ServerAnalyst)))
}

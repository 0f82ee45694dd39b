//! A game-independent, JSON-speaking handle on a [`Match`], so the referee, the
//! server and other front ends serve every game through one interface.
//!
//! Parsing wire input (serde) happens here and is kept apart from checking
//! legality (the game's `check`).

use crate::game::{Game, GameResult, ToAct};
use crate::log::{ChanceMode, Log};
use crate::rejection::{ErrorInfo, Rejection};
use crate::seat::{Seat, Viewer};
use crate::session::Match;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The versioned JSON envelope of a saved state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedState<S> {
    /// Format version.
    pub format: u32,
    /// The game's id.
    pub game: String,
    /// The state.
    pub state: S,
}

/// What a game contributes to a registry: a way to start, load and replay its
/// matches from JSON.
pub trait GameEntry: Send + Sync {
    /// The game's id.
    fn id(&self) -> &'static str;
    /// Starts a new match with options given as JSON (`null` for the defaults).
    fn create(
        &self,
        config: &Value,
        players: usize,
        seed: u64,
        mode: ChanceMode,
    ) -> Result<Box<dyn DynMatch>, ErrorInfo>;
    /// Loads a state (the bare state or the versioned envelope).
    fn load(&self, state: &Value, seed: u64, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo>;
    /// Rebuilds a match from its log.
    fn replay_log(&self, log: &Value, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo>;
}

/// The [`GameEntry`] of a game type.
#[derive(Debug)]
pub struct Entry<G>(std::marker::PhantomData<fn() -> G>);

impl<G> Default for Entry<G> {
    fn default() -> Self {
        Entry(std::marker::PhantomData)
    }
}

impl<G: Game> Entry<G> {
    /// The entry, boxed for a registry.
    pub fn boxed() -> Box<dyn GameEntry> {
        Box::new(Entry::<G>::default())
    }
}

fn parse<T: serde::de::DeserializeOwned>(value: &Value, what: &str) -> Result<T, ErrorInfo> {
    T::deserialize(value).map_err(|e| ErrorInfo::malformed(format!("{what}: {e}")))
}

impl<G: Game> GameEntry for Entry<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn create(
        &self,
        config: &Value,
        players: usize,
        seed: u64,
        mode: ChanceMode,
    ) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let config: G::Config = if config.is_null() {
            G::Config::default()
        } else {
            parse(config, "options")?
        };
        let m = Match::<G>::new(config, players, seed, mode).map_err(|e| ErrorInfo {
            kind: "config".into(),
            rule: e.rule,
            message: e.message,
        })?;
        Ok(Box::new(m))
    }

    fn load(&self, state: &Value, seed: u64, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let state: G::State = if state.get("format").is_some() && state.get("state").is_some() {
            let saved: SavedState<G::State> = parse(state, "state")?;
            if saved.game != G::ID || saved.format != G::FORMAT {
                return Err(ErrorInfo::malformed(format!(
                    "the state is for {} format {}, expected {} format {}",
                    saved.game,
                    saved.format,
                    G::ID,
                    G::FORMAT
                )));
            }
            saved.state
        } else {
            parse(state, "state")?
        };
        let m = Match::<G>::load(state, seed, mode).map_err(invalid_state)?;
        Ok(Box::new(m))
    }

    fn replay_log(&self, log: &Value, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let log: Log<G> = parse(log, "log")?;
        let m = Match::<G>::from_log(log, mode).map_err(|e| {
            ErrorInfo::new(
                "replay",
                "engine.replay",
                format!("Das Protokoll lässt sich nicht nachspielen: {e}"),
                format!("The log cannot be replayed: {e}"),
            )
        })?;
        Ok(Box::new(m))
    }
}

/// The error for a loaded state that is inconsistent; lists every problem.
pub fn invalid_state(problems: Vec<String>) -> ErrorInfo {
    let list = problems.join("; ");
    ErrorInfo::new(
        "invalid_state",
        "engine.invalid_state",
        format!("Der Spielstand ist widersprüchlich: {list}"),
        format!("The state is inconsistent: {list}"),
    )
}

/// A match of any game, spoken to in JSON.
pub trait DynMatch: Send + Sync {
    /// The game's id.
    fn game(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> usize;
    /// Number of accepted steps.
    fn version(&self) -> u64;
    /// Who acts next.
    fn to_act(&self) -> ToAct;
    /// Legal actions of a seat, as JSON.
    fn legal(&self, seat: Seat) -> Result<Vec<Value>, ErrorInfo>;
    /// Applies an action given as JSON; returns the version before it.
    fn act(&mut self, seat: Seat, action: &Value, expected_version: Option<u64>) -> Result<u64, ErrorInfo>;
    /// Supplies (or, with `None`, draws) a chance outcome; returns the version before it.
    fn chance(&mut self, outcome: Option<&Value>, expected_version: Option<u64>) -> Result<u64, ErrorInfo>;
    /// The possible chance outcomes with probabilities.
    fn chance_outcomes(&self) -> Vec<(Value, f64)>;
    /// The view of a viewer.
    fn view(&self, viewer: Viewer) -> Value;
    /// Events since a version, redacted for a viewer.
    fn events_since(&self, from: u64, viewer: Viewer) -> Vec<Value>;
    /// The full state in its versioned envelope (secrets included).
    fn state(&self) -> Value;
    /// The log, with the current state recorded as its final state.
    fn log(&self) -> Value;
    /// The result, if over.
    fn result(&self) -> Option<GameResult>;
    /// The chance mode.
    fn mode(&self) -> ChanceMode;
    /// The board's geometry ([`Game::topology`]) with the game's id:
    /// `{"game": …, "kind": "none"}` for a game without a board.
    fn topology(&self) -> Value;
    /// [`DynMatch::view`] as JSON text, serialised straight from the typed
    /// view: a server sends it after every action, and building the `Value`
    /// tree first cost as much as the action itself.
    fn view_text(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }
    /// [`DynMatch::events_since`] as one JSON array text.
    fn events_text(&self, from: u64, viewer: Viewer) -> String {
        Value::from(self.events_since(from, viewer)).to_string()
    }
    /// [`DynMatch::legal`] as one JSON array text (`[]` for a seat that
    /// does not exist or a spectator's seat-less view).
    fn legal_text(&self, seat: Seat) -> String {
        Value::from(self.legal(seat).unwrap_or_default()).to_string()
    }
}

fn to_text<T: Serialize + ?Sized>(t: &T) -> String {
    // As in `to_json`: our own types always serialise.
    serde_json::to_string(t).unwrap_or_else(|_| "null".to_string())
}

fn to_json<T: Serialize>(t: &T) -> Value {
    // Serialising our own derive(Serialize) types to a Value cannot fail (no
    // non-string map keys, no failing custom impls).
    serde_json::to_value(t).unwrap_or(Value::Null)
}

fn info<E: crate::rejection::RuleError>(r: Rejection<E>) -> ErrorInfo {
    r.info()
}

impl<G: Game> DynMatch for Match<G> {
    fn game(&self) -> &'static str {
        G::ID
    }
    fn players(&self) -> usize {
        G::players(self.state())
    }
    fn version(&self) -> u64 {
        Match::version(self)
    }
    fn to_act(&self) -> ToAct {
        Match::to_act(self)
    }
    fn legal(&self, seat: Seat) -> Result<Vec<Value>, ErrorInfo> {
        if seat.index() >= G::players(self.state()) {
            return Err(info(Rejection::<G::Error>::NoSuchSeat { seat }));
        }
        Ok(self.legal_actions(seat).iter().map(to_json).collect())
    }
    fn act(&mut self, seat: Seat, action: &Value, expected_version: Option<u64>) -> Result<u64, ErrorInfo> {
        let action: G::Action = parse(action, "action")?;
        Match::act(self, seat, action, expected_version).map_err(info)
    }
    fn chance(&mut self, outcome: Option<&Value>, expected_version: Option<u64>) -> Result<u64, ErrorInfo> {
        let outcome: Option<G::Chance> = match outcome {
            Some(v) => Some(parse(v, "chance outcome")?),
            None => None,
        };
        Match::chance(self, outcome, expected_version).map_err(info)
    }
    fn chance_outcomes(&self) -> Vec<(Value, f64)> {
        Match::chance_outcomes(self)
            .iter()
            .map(|(o, p)| (to_json(o), *p))
            .collect()
    }
    fn view(&self, viewer: Viewer) -> Value {
        to_json(&Match::view(self, viewer))
    }
    fn events_since(&self, from: u64, viewer: Viewer) -> Vec<Value> {
        Match::events_since(self, from, viewer).iter().map(to_json).collect()
    }
    fn state(&self) -> Value {
        to_json(&SavedState {
            format: G::FORMAT,
            game: G::ID.to_string(),
            state: self.state().clone(),
        })
    }
    fn log(&self) -> Value {
        to_json(&Match::log_with_state(self))
    }
    fn result(&self) -> Option<GameResult> {
        Match::result(self)
    }
    fn mode(&self) -> ChanceMode {
        Match::mode(self)
    }
    fn view_text(&self, viewer: Viewer) -> String {
        to_text(&Match::view(self, viewer))
    }
    fn topology(&self) -> Value {
        let mut out = G::topology(self.state()).unwrap_or_else(|| serde_json::json!({ "kind": "none" }));
        if let Some(obj) = out.as_object_mut() {
            obj.insert("game".into(), Value::from(G::ID));
        }
        out
    }
    fn events_text(&self, from: u64, viewer: Viewer) -> String {
        to_text(&Match::events_since(self, from, viewer))
    }
    fn legal_text(&self, seat: Seat) -> String {
        if seat.index() >= G::players(self.state()) {
            return "[]".to_string();
        }
        to_text(&self.legal_actions(seat))
    }
}

impl std::fmt::Debug for dyn DynMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DynMatch")
            .field("game", &self.game())
            .field("version", &self.version())
            .finish_non_exhaustive()
    }
}

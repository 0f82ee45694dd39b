//! The game-independent face the Python classes use: a [`Match`] of any game
//! together with its dense action space and observation encoder, behind one
//! object-safe trait ([`Research`]), created from the CLI's game registry.

use crate::board::{board_tensor, BoardSpec, BoardTensor};
use crate::dense::{space, DenseGame, Space};
use crate::obs::{bounds, layout, observation, Observe};
use bots::mcts::Budget;
use bots::BotGame;
use engine::dynamic::invalid_state;
use engine::{ChanceMode, DynMatch, ErrorInfo, Game, GameEntry, GameRng, Match, Seat, ToAct, Viewer};
use rand::SeedableRng;
use serde_json::Value;
use std::sync::Arc;

/// Everything a game needs to be served to Python.
pub trait Researchable: DenseGame + Observe + BoardTensor + BotGame {}
impl<G: DenseGame + Observe + BoardTensor + BotGame> Researchable for G {}

/// A malformed-input refusal of this crate (kind `malformed`).
pub fn malformed(rule: &str, de: impl Into<String>, en: impl Into<String>) -> ErrorInfo {
    ErrorInfo::new("malformed", rule, de, en)
}

/// Reads a game's options, refusing keys the game does not know: serde
/// ignores them, and a misspelt option silently ignored would run another
/// experiment than the one asked for.
pub fn parse_config<G: Game>(options: &Value) -> Result<G::Config, ErrorInfo> {
    if options.is_null() {
        return Ok(G::Config::default());
    }
    if !options.is_object() {
        return Err(ErrorInfo::malformed("options: expected an object".to_string()));
    }
    let config: G::Config = match serde_json::from_value(options.clone()) {
        Ok(c) => c,
        Err(e) => {
            // A config that refuses unknown fields itself fails here: still
            // an unknown option, named against the default's keys.
            let known = serde_json::to_value(G::Config::default()).unwrap_or(Value::Null);
            return Err(match unknown_options::<G>(options, &known) {
                Some(err) if e.to_string().contains("unknown field") => err,
                _ => ErrorInfo::malformed(format!("options: {e}")),
            });
        }
    };
    // A key given as `null` that the config took is an optional setting left
    // out ("no limit"): the config does not write it back, so it is no
    // unknown key (every game's config refuses unknown fields itself).
    let mut read = serde_json::to_value(&config).unwrap_or(Value::Null);
    if let (Some(read), Some(given)) = (read.as_object_mut(), options.as_object()) {
        for (k, v) in given {
            if v.is_null() {
                read.entry(k.clone()).or_insert(Value::Null);
            }
        }
    }
    match unknown_options::<G>(options, &read) {
        Some(err) => Err(err),
        None => Ok(config),
    }
}

/// The refusal of the keys of `given` that `known` (a serialised config)
/// lacks, if there are any.
fn unknown_options<G: Game>(given: &Value, known: &Value) -> Option<ErrorInfo> {
    let (given, known) = (given.as_object()?, known.as_object()?);
    let unknown: Vec<&str> = given
        .keys()
        .filter(|k| !known.contains_key(*k))
        .map(String::as_str)
        .collect();
    if unknown.is_empty() {
        return None;
    }
    let list = unknown.join(", ");
    let names: Vec<&str> = known.keys().map(String::as_str).collect();
    let names = names.join(", ");
    Some(ErrorInfo::new(
        "config",
        "engine.unknown_option",
        format!("Unbekannte Option „{list}“ für {} (bekannt: {names}).", G::ID),
        format!("Unknown option '{list}' for {} (known: {names}).", G::ID),
    ))
}

/// The error of an index outside the action space.
pub fn bad_index(i: i64, n: usize) -> ErrorInfo {
    malformed(
        "engine.action_index",
        format!(
            "Der Aktionsindex {i} liegt außerhalb des Aktionsraums (0 bis {}).",
            n.saturating_sub(1)
        ),
        format!(
            "Action index {i} is outside the action space (0 to {}).",
            n.saturating_sub(1)
        ),
    )
}

/// A match with its dense space, as the Python `Game` holds it.
pub trait Research: Send + Sync {
    /// The JSON face of the match.
    fn dynm(&self) -> &dyn DynMatch;
    /// The JSON face of the match, mutable.
    fn dynm_mut(&mut self) -> &mut dyn DynMatch;
    /// The options as JSON.
    fn options(&self) -> Value;
    /// Size of the action space.
    fn num_actions(&self) -> usize;
    /// `(type, first index, end index)` of every action kind.
    fn action_kinds(&self) -> Vec<(String, u32, u32)>;
    /// The index of an action given as JSON (`None`: a valid action outside the space).
    fn action_index(&self, action: &Value) -> Result<Option<u32>, ErrorInfo>;
    /// The action of an index, as JSON.
    fn index_action(&self, i: i64) -> Result<Value, ErrorInfo>;
    /// Indices of the legal actions of `seat`, in the legal list's order
    /// (`u32::MAX` for a legal action without an index).
    fn legal_indices(&self, seat: Seat) -> Vec<u32>;
    /// Applies the action of an index.
    fn step_index(&mut self, seat: Seat, i: i64) -> Result<u64, ErrorInfo>;
    /// The observation tensor of a viewer.
    fn observe(&self, viewer: Viewer) -> Vec<f32>;
    /// Block names and offsets of the tensor.
    fn observation_layout(&self) -> Vec<(String, usize)>;
    /// Lower and upper bound of every value of the tensor (the turn counter
    /// bounded by `max_turns + 1`).
    fn observation_bounds(&self, max_turns: u32) -> (Vec<f32>, Vec<f32>);
    /// The board grid (`None`: the game has no board tensor).
    fn board_spec(&self) -> Option<Arc<BoardSpec>>;
    /// The board tensor of a viewer (`None`: the game has none).
    fn board(&self, viewer: Viewer) -> Option<Vec<f32>>;
    /// A copy (state, RNG, log).
    fn clone_box(&self) -> Box<dyn Research>;
    /// A position the viewer cannot tell apart, hidden parts resampled; a new
    /// match starting there.
    fn determinize(&self, viewer: Viewer, seed: u64) -> Result<Box<dyn Research>, ErrorInfo>;
    /// Each legal action of `seat` with the seat's chance to win after it,
    /// from the search in the seat's information set (`bots::analysis`), as
    /// the referee's `analyze` answers, each row with its dense `space_index`.
    fn analyze(&self, seat: Seat, budget: Budget, threads: usize, top: usize, seed: u64) -> Result<Value, ErrorInfo>;
}

/// A typed match and its space.
struct Typed<G: Researchable> {
    m: Match<G>,
    config: G::Config,
    space: Arc<Space<G>>,
    /// The board grid, made when first asked for (most users never do).
    board: std::sync::OnceLock<Option<Arc<BoardSpec>>>,
}

impl<G: Researchable> Typed<G> {
    fn new(m: Match<G>, config: G::Config) -> Typed<G> {
        let space = space::<G>(&config, G::players(m.state()));
        Typed {
            m,
            config,
            space,
            board: std::sync::OnceLock::new(),
        }
    }
}

impl<G: Researchable> Research for Typed<G> {
    fn dynm(&self) -> &dyn DynMatch {
        &self.m
    }
    fn dynm_mut(&mut self) -> &mut dyn DynMatch {
        &mut self.m
    }
    fn options(&self) -> Value {
        serde_json::to_value(&self.config).unwrap_or(Value::Null)
    }
    fn num_actions(&self) -> usize {
        self.space.len()
    }
    fn action_kinds(&self) -> Vec<(String, u32, u32)> {
        self.space.kinds.clone()
    }
    fn action_index(&self, action: &Value) -> Result<Option<u32>, ErrorInfo> {
        let a: G::Action =
            serde_json::from_value(action.clone()).map_err(|e| ErrorInfo::malformed(format!("action: {e}")))?;
        Ok(self.space.of(&a))
    }
    fn index_action(&self, i: i64) -> Result<Value, ErrorInfo> {
        let a = usize::try_from(i)
            .ok()
            .and_then(|i| self.space.actions.get(i))
            .ok_or_else(|| bad_index(i, self.space.len()))?;
        // Where the action is legal now, as the game lists it (a bank trade
        // with its rate, which the index does not encode); else its plain form.
        let index = u32::try_from(i).ok();
        let listed = (0..G::players(self.m.state()))
            .flat_map(|s| self.m.legal_actions(Seat(s as u8)))
            .find(|l| self.space.of(l) == index);
        Ok(serde_json::to_value(listed.as_ref().unwrap_or(a)).unwrap_or(Value::Null))
    }
    fn legal_indices(&self, seat: Seat) -> Vec<u32> {
        if seat.index() >= G::players(self.m.state()) {
            return Vec::new();
        }
        self.m
            .legal_actions(seat)
            .iter()
            .map(|a| self.space.of(a).unwrap_or(u32::MAX))
            .collect()
    }
    fn step_index(&mut self, seat: Seat, i: i64) -> Result<u64, ErrorInfo> {
        let a = usize::try_from(i)
            .ok()
            .and_then(|i| self.space.actions.get(i))
            .ok_or_else(|| bad_index(i, self.space.len()))?;
        self.m.act(seat, a.clone(), None).map_err(|r| r.info())
    }
    fn observe(&self, viewer: Viewer) -> Vec<f32> {
        observation::<G>(self.m.state(), viewer)
    }
    fn observation_layout(&self) -> Vec<(String, usize)> {
        layout::<G>(self.m.state())
    }
    fn observation_bounds(&self, max_turns: u32) -> (Vec<f32>, Vec<f32>) {
        bounds::<G>(self.m.state(), max_turns)
    }
    fn board_spec(&self) -> Option<Arc<BoardSpec>> {
        self.board
            .get_or_init(|| G::board_spec(self.m.state()).map(Arc::new))
            .clone()
    }
    fn board(&self, viewer: Viewer) -> Option<Vec<f32>> {
        let spec = self.board_spec()?;
        Some(board_tensor::<G>(&spec, self.m.state(), viewer))
    }
    fn clone_box(&self) -> Box<dyn Research> {
        Box::new(Typed {
            m: self.m.clone(),
            config: self.config.clone(),
            space: self.space.clone(),
            board: self.board.clone(),
        })
    }
    fn determinize(&self, viewer: Viewer, seed: u64) -> Result<Box<dyn Research>, ErrorInfo> {
        if let Viewer::Seat(s) = viewer {
            if s.index() >= G::players(self.m.state()) {
                return Err(engine::Rejection::<G::Error>::NoSuchSeat { seat: s }.info());
            }
        }
        let mut rng = GameRng::seed_from_u64(seed);
        let state = G::determinize(self.m.state(), viewer, &mut rng);
        let m = Match::<G>::load(state, seed, self.m.mode()).map_err(invalid_state)?;
        Ok(Box::new(Typed::new(m, self.config.clone())))
    }
    fn analyze(&self, seat: Seat, budget: Budget, threads: usize, top: usize, seed: u64) -> Result<Value, ErrorInfo> {
        let state = self.m.state();
        if seat.index() >= G::players(state) {
            return Err(engine::Rejection::<G::Error>::NoSuchSeat { seat }.info());
        }
        match G::to_act(state) {
            ToAct::Over => return Err(engine::Rejection::<G::Error>::GameOver.info()),
            ToAct::Seats(seats) if seats.contains(seat) => {}
            _ => return Err(engine::Rejection::<G::Error>::NotYourTurn { seat }.info()),
        }
        let legal = self.m.legal_actions(seat);
        let mut rng = GameRng::seed_from_u64(seed);
        let found = bots::analysis::analyze::<G>(state, seat, &legal, budget, threads, top, &mut rng);
        let json: Vec<Value> = legal
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect();
        let mut out = found.to_json(&json);
        if let Some(rows) = out["actions"].as_array_mut() {
            for (row, a) in rows.iter_mut().zip(&found.actions) {
                row["space_index"] = legal.get(a.index).and_then(|x| self.space.of(x)).into();
            }
        }
        Ok(out)
    }
}

fn create<G: Researchable>(
    options: &Value,
    players: usize,
    seed: u64,
    mode: ChanceMode,
) -> Result<Box<dyn Research>, ErrorInfo> {
    let config = parse_config::<G>(options)?;
    let m = Match::<G>::new(config.clone(), players, seed, mode).map_err(|e| ErrorInfo {
        kind: "config".into(),
        rule: e.rule,
        message: e.message,
    })?;
    Ok(Box::new(Typed::new(m, config)))
}

/// Downcasts the registry's JSON match to the typed one (the registry builds
/// it, so loading and replaying stay the registry's code).
fn adopt<G: Researchable>(
    made: Result<Box<dyn DynMatch>, ErrorInfo>,
    options: &Value,
) -> Result<Box<dyn Research>, ErrorInfo> {
    let config = parse_config::<G>(options)?;
    let made = made?;
    let any: Box<dyn std::any::Any> = dyn_to_any::<G>(made)?;
    let m = any
        .downcast::<Match<G>>()
        .map_err(|_| ErrorInfo::malformed("internal: the registry built another game".to_string()))?;
    Ok(Box::new(Typed::new(*m, config)))
}

/// Rebuilds a typed match from a JSON one through its log (the registry's
/// handles are trait objects without `Any`): replaying the log is the
/// contract's own way to reproduce a match exactly.
fn dyn_to_any<G: Researchable>(m: Box<dyn DynMatch>) -> Result<Box<dyn std::any::Any>, ErrorInfo> {
    let log: engine::Log<G> = serde_json::from_value(m.log()).map_err(|e| ErrorInfo::malformed(format!("log: {e}")))?;
    let typed = Match::<G>::from_log(log, m.mode()).map_err(|e| {
        ErrorInfo::new(
            "replay",
            "engine.replay",
            format!("Das Protokoll lässt sich nicht nachspielen: {e}"),
            format!("The log cannot be replayed: {e}"),
        )
    })?;
    Ok(Box::new(typed))
}

/// A new match of game `id` (from the CLI's registry).
pub fn new_match(
    id: &str,
    options: &Value,
    players: usize,
    seed: u64,
    mode: ChanceMode,
) -> Result<Box<dyn Research>, ErrorInfo> {
    registry::entry(id)?;
    registry::with_game!(id, registry::Pick::Options(options), G => create::<G>(options, players, seed, mode)?)
}

/// A match continuing from a saved state (bare or in its envelope).
pub fn load_match(
    id: &str,
    state: &Value,
    options: &Value,
    seed: u64,
    mode: ChanceMode,
) -> Result<Box<dyn Research>, ErrorInfo> {
    let entry: Box<dyn GameEntry> = registry::entry(id)?;
    let made = entry.load(state, seed, mode);
    registry::with_game!(id, registry::Pick::State(state), G => adopt::<G>(made, options)?)
}

/// A match rebuilt from its log.
pub fn replay_match(id: &str, log: &Value, options: &Value, mode: ChanceMode) -> Result<Box<dyn Research>, ErrorInfo> {
    let entry: Box<dyn GameEntry> = registry::entry(id)?;
    let made = entry.replay_log(log, mode);
    registry::with_game!(id, registry::Pick::Log(log), G => adopt::<G>(made, options)?)
}

//! `spielleiter._native`: the Rust half of the Python package. The Python
//! half (`python/spielleiter/`) wraps these classes in the public API
//! (`Game`, `VectorEnv`, the Gymnasium, PettingZoo and Ray adapters) and
//! turns the JSON texts exchanged here into Python objects.
//!
//! Every refusal becomes `spielleiter.Refused(kind, rule, de, en)`; nothing
//! here panics on input, and a refused call changes nothing.

mod board;
mod core;
mod dense;
mod games;
mod obs;
mod pool;
mod render;
mod research;
mod sim;
mod vector;

use engine::{ChanceMode, ErrorInfo, Seat, ToAct, Viewer};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use research::Research;
use serde_json::Value;
use std::sync::Mutex;
use vector::{VecCore, VecDyn};

/// Raises `spielleiter.Refused` with the refusal's kind, rule id and both sentences.
fn refused(e: ErrorInfo) -> PyErr {
    Python::with_gil(|py| {
        match py
            .import("spielleiter._errors")
            .and_then(|m| m.getattr("Refused"))
            .and_then(|c| c.call1((e.kind, e.rule, e.message.de, e.message.en)))
        {
            Ok(v) => PyErr::from_value(v),
            Err(err) => err,
        }
    })
}

fn json(text: &str, what: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| refused(ErrorInfo::malformed(format!("{what}: {e}"))))
}

fn text(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

fn mode(manual: bool) -> ChanceMode {
    if manual {
        ChanceMode::Manual
    } else {
        ChanceMode::Seeded
    }
}

/// A seat number from Python: anything outside 0..=255 is a seat that does not exist.
fn seat(i: i64) -> PyResult<Seat> {
    u8::try_from(i).map(Seat).map_err(|_| {
        refused(ErrorInfo::new(
            "no_such_seat",
            "engine.no_such_seat",
            format!("Platz {i} gibt es an diesem Tisch nicht."),
            format!("Seat {i} does not exist at this table."),
        ))
    })
}

fn viewer(v: Option<i64>) -> PyResult<Viewer> {
    v.map(seat)
        .transpose()
        .map(|s| s.map_or(Viewer::Spectator, Viewer::Seat))
}

fn f32_bytes<'py>(py: Python<'py>, v: &[f32]) -> Bound<'py, PyBytes> {
    let mut b = Vec::with_capacity(v.len() * 4);
    for x in v {
        b.extend_from_slice(&x.to_le_bytes());
    }
    PyBytes::new(py, &b)
}

/// One match of any game with its dense action space (wrapped by `spielleiter.Game`).
#[pyclass(module = "spielleiter._native")]
struct NativeGame {
    inner: Box<dyn Research>,
}

#[pymethods]
impl NativeGame {
    #[new]
    #[pyo3(signature = (game, players, seed, options, manual))]
    fn new(game: &str, players: usize, seed: u64, options: &str, manual: bool) -> PyResult<Self> {
        let options = json(options, "options")?;
        let inner = research::new_match(game, &options, players, seed, mode(manual)).map_err(refused)?;
        Ok(NativeGame { inner })
    }

    #[staticmethod]
    fn load(game: &str, state: &str, options: &str, seed: u64, manual: bool) -> PyResult<Self> {
        let (state, options) = (json(state, "state")?, json(options, "options")?);
        let inner = research::load_match(game, &state, &options, seed, mode(manual)).map_err(refused)?;
        Ok(NativeGame { inner })
    }

    #[staticmethod]
    fn replay(game: &str, log: &str, options: &str, manual: bool) -> PyResult<Self> {
        let (log, options) = (json(log, "log")?, json(options, "options")?);
        let inner = research::replay_match(game, &log, &options, mode(manual)).map_err(refused)?;
        Ok(NativeGame { inner })
    }

    fn game(&self) -> &'static str {
        self.inner.dynm().game()
    }
    fn players(&self) -> usize {
        self.inner.dynm().players()
    }
    fn version(&self) -> u64 {
        self.inner.dynm().version()
    }
    fn manual(&self) -> bool {
        self.inner.dynm().mode() == ChanceMode::Manual
    }
    fn options_json(&self) -> String {
        self.inner.options().to_string()
    }

    /// `("seats", [..])`, `("chance", [])` or `("over", [])`.
    fn to_act(&self) -> (&'static str, Vec<u8>) {
        match self.inner.dynm().to_act() {
            ToAct::Seats(s) => ("seats", s.iter().map(|s| s.0).collect()),
            ToAct::Chance => ("chance", Vec::new()),
            ToAct::Over => ("over", Vec::new()),
        }
    }
    fn legal_json(&self, seat_: i64) -> PyResult<String> {
        let s = seat(seat_)?;
        self.inner
            .dynm()
            .legal(s)
            .map(|v| Value::from(v).to_string())
            .map_err(refused)
    }
    fn step_json(&mut self, seat_: i64, action: &str) -> PyResult<u64> {
        let (s, a) = (seat(seat_)?, json(action, "action")?);
        self.inner.dynm_mut().act(s, &a, None).map_err(refused)
    }
    fn step_index(&mut self, seat_: i64, index: i64) -> PyResult<u64> {
        let s = seat(seat_)?;
        self.inner.step_index(s, index).map_err(refused)
    }
    #[pyo3(signature = (outcome=None))]
    fn chance_json(&mut self, outcome: Option<&str>) -> PyResult<u64> {
        let o = outcome.map(|o| json(o, "chance outcome")).transpose()?;
        self.inner.dynm_mut().chance(o.as_ref(), None).map_err(refused)
    }
    fn chance_outcomes_json(&self) -> String {
        let v: Vec<Value> = self
            .inner
            .dynm()
            .chance_outcomes()
            .into_iter()
            .map(|(o, p)| Value::from(vec![o, Value::from(p)]))
            .collect();
        Value::from(v).to_string()
    }
    #[pyo3(signature = (viewer_=None))]
    fn view_json(&self, viewer_: Option<i64>) -> PyResult<String> {
        let v = viewer(viewer_)?;
        if let Viewer::Seat(s) = v {
            self.inner.dynm().legal(s).map_err(refused)?;
        }
        Ok(self.inner.dynm().view_text(v))
    }
    #[pyo3(signature = (since=0, viewer_=None))]
    fn events_json(&self, since: u64, viewer_: Option<i64>) -> PyResult<String> {
        Ok(self.inner.dynm().events_text(since, viewer(viewer_)?))
    }
    fn state_json(&self) -> String {
        self.inner.dynm().state().to_string()
    }
    fn log_json(&self) -> String {
        self.inner.dynm().log().to_string()
    }
    fn result_json(&self) -> String {
        text(&self.inner.dynm().result())
    }

    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }
    fn action_kinds(&self) -> Vec<(String, u32, u32)> {
        self.inner.action_kinds()
    }
    /// The index of an action given as JSON text; `None` if the action is
    /// well-formed but outside the dense space.
    fn action_index(&self, action: &str) -> PyResult<Option<u32>> {
        let a = json(action, "action")?;
        self.inner.action_index(&a).map_err(refused)
    }
    fn index_action(&self, index: i64) -> PyResult<String> {
        self.inner.index_action(index).map(|v| v.to_string()).map_err(refused)
    }
    fn legal_indices(&self, seat_: i64) -> PyResult<Vec<u32>> {
        let s = seat(seat_)?;
        self.inner.dynm().legal(s).map_err(refused)?;
        Ok(self.inner.legal_indices(s))
    }
    fn observe<'py>(&self, py: Python<'py>, viewer_: Option<i64>) -> PyResult<Bound<'py, PyBytes>> {
        let v = viewer(viewer_)?;
        if let Viewer::Seat(s) = v {
            self.inner.dynm().legal(s).map_err(refused)?;
        }
        Ok(f32_bytes(py, &self.inner.observe(v)))
    }
    fn observation_layout(&self) -> Vec<(String, usize)> {
        self.inner.observation_layout()
    }
    /// `(low, high)` of every value of `observe`, as little-endian `float32` bytes.
    fn observation_bounds<'py>(&self, py: Python<'py>, max_turns: u32) -> (Bound<'py, PyBytes>, Bound<'py, PyBytes>) {
        let (lo, hi) = self.inner.observation_bounds(max_turns);
        (f32_bytes(py, &lo), f32_bytes(py, &hi))
    }
    /// `(channels, height, width)` of the board tensor; `None` without a board.
    fn board_shape(&self) -> Option<(usize, usize, usize)> {
        self.inner.board_spec().map(|s| (s.channels.len(), s.height, s.width))
    }
    /// The names of the board tensor's channels (empty without a board).
    fn board_channels(&self) -> Vec<String> {
        self.inner.board_spec().map(|s| s.channels.clone()).unwrap_or_default()
    }
    /// `(hexes, nodes, edges)`: the cell (`row * width + column`) of every place by id.
    fn board_cells(&self) -> Option<(Vec<usize>, Vec<usize>, Vec<usize>)> {
        self.inner
            .board_spec()
            .map(|s| (s.hexes.clone(), s.nodes.clone(), s.edges.clone()))
    }
    /// The board tensor of a viewer as little-endian `float32` bytes; `None` without a board.
    fn board_tensor<'py>(&self, py: Python<'py>, viewer_: Option<i64>) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let v = viewer(viewer_)?;
        if let Viewer::Seat(s) = v {
            self.inner.dynm().legal(s).map_err(refused)?;
        }
        Ok(self.inner.board(v).map(|b| f32_bytes(py, &b)))
    }
    fn clone_game(&self) -> NativeGame {
        NativeGame {
            inner: self.inner.clone_box(),
        }
    }
    #[pyo3(signature = (viewer_, seed))]
    fn determinize(&self, viewer_: Option<i64>, seed: u64) -> PyResult<NativeGame> {
        let inner = self.inner.determinize(viewer(viewer_)?, seed).map_err(refused)?;
        Ok(NativeGame { inner })
    }

    /// `Game.analyze`: the search runs without the GIL. (Python's keyword
    /// arguments, one per budget knob.)
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (seat_, playouts, ms, top, threads, seed))]
    fn analyze_json(
        &self,
        py: Python<'_>,
        seat_: i64,
        playouts: Option<u64>,
        ms: Option<u64>,
        top: usize,
        threads: usize,
        seed: u64,
    ) -> PyResult<String> {
        let budget = bots::analysis::budget(playouts, ms).map_err(|e| refused(e.info()))?;
        let s = seat(seat_)?;
        let inner = &self.inner;
        let found = py
            .allow_threads(|| inner.analyze(s, budget, threads, top, seed))
            .map_err(refused)?;
        Ok(text(&found))
    }
}

/// A batch of games stepped in one call (wrapped by `spielleiter.VectorEnv`).
#[pyclass(module = "spielleiter._native")]
struct NativeVectorEnv {
    inner: Mutex<Box<dyn VecDyn>>,
    game: String,
}

/// An opaque copy of every game of a `NativeVectorEnv`.
#[pyclass(module = "spielleiter._native")]
struct NativeSnapshot {
    inner: Box<dyn std::any::Any + Send + Sync>,
}

fn poisoned() -> PyErr {
    refused(ErrorInfo::malformed(
        "the environment is in use by another thread".to_string(),
    ))
}

#[pymethods]
impl NativeVectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, players, options, seed, threads, bots, autoreset, max_turns, observe=true, max_steps=0, board=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        num_envs: usize,
        players: usize,
        options: &str,
        seed: u64,
        threads: usize,
        bots: Vec<Option<String>>,
        autoreset: bool,
        max_turns: u32,
        observe: bool,
        max_steps: u64,
        board: bool,
    ) -> PyResult<Self> {
        let options = json(options, "options")?;
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(refused(research::malformed(
                "engine.num_envs",
                format!("Die Zahl der Spiele muss zwischen 1 und {} liegen.", 1 << 20),
                format!("The number of games must lie between 1 and {}.", 1 << 20),
            )));
        }
        registry::entry(game).map_err(refused)?;
        let inner: Box<dyn VecDyn> = registry::with_game!(game, registry::Pick::Options(&options), G => Box::new(
            VecCore::<G>::new(&options, num_envs, players, &bots, seed, threads, autoreset, max_turns, max_steps, observe, board).map_err(refused)?
        ) as Box<dyn VecDyn>)
        .map_err(refused)?;
        Ok(NativeVectorEnv {
            inner: Mutex::new(inner),
            game: game.to_string(),
        })
    }

    fn game(&self) -> String {
        self.game.clone()
    }
    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.inner.lock().map_err(|_| poisoned())?.num_actions())
    }
    fn obs_len(&self) -> PyResult<usize> {
        Ok(self.inner.lock().map_err(|_| poisoned())?.obs_len())
    }
    /// `(low, high)` of every observation value, as little-endian `float32` bytes.
    fn obs_bounds<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let (lo, hi) = self.inner.lock().map_err(|_| poisoned())?.obs_bounds();
        Ok((f32_bytes(py, &lo), f32_bytes(py, &hi)))
    }
    /// `(name, address, shape, typestr)` of every array; the arrays live as
    /// long as this object and never move.
    fn buffers(&self) -> PyResult<Vec<vector::Buffer>> {
        Ok(self.inner.lock().map_err(|_| poisoned())?.buffers())
    }
    fn reset(&self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let mut g = self.inner.try_lock().map_err(|_| poisoned())?;
        let v: &mut dyn VecDyn = &mut **g;
        py.allow_threads(move || v.reset(seed));
        Ok(())
    }
    /// Steps every game with the `actions` array, the GIL released.
    fn step(&self, py: Python<'_>) -> PyResult<()> {
        let mut g = self.inner.try_lock().map_err(|_| poisoned())?;
        let v: &mut dyn VecDyn = &mut **g;
        py.allow_threads(move || v.step()).map_err(refused)
    }
    /// `step` with `action` for the first game; its done flags (1
    /// terminated, 2 truncated). The Gymnasium env's step: one call, no
    /// NumPy access for the action and the flags, and the GIL kept (one
    /// game's step takes a few microseconds; releasing and taking back the
    /// GIL would be a good part of that).
    fn step1(&self, action: i64) -> PyResult<u8> {
        let mut g = self.inner.try_lock().map_err(|_| poisoned())?;
        g.step_first(action).map_err(refused)
    }
    /// A uniformly random legal index per game into the `actions` array (`VecDyn::random_actions`).
    fn random_actions(&self, seed: u64) -> PyResult<()> {
        let mut g = self.inner.lock().map_err(|_| poisoned())?;
        g.random_actions(seed);
        Ok(())
    }
    fn snapshot(&self) -> PyResult<NativeSnapshot> {
        let g = self.inner.lock().map_err(|_| poisoned())?;
        Ok(NativeSnapshot { inner: g.snapshot() })
    }
    fn restore(&self, snapshot: &NativeSnapshot) -> PyResult<()> {
        let mut g = self.inner.lock().map_err(|_| poisoned())?;
        g.restore(&*snapshot.inner).map_err(refused)
    }
    /// Every game as bytes, for pickling (`VecDyn::save`).
    fn save<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let g = self.inner.lock().map_err(|_| poisoned())?;
        let bytes = g.save().map_err(refused)?;
        Ok(PyBytes::new(py, &bytes))
    }
    /// Puts back the games of `save`'s bytes; refused, changing nothing, if they do not check.
    fn load(&self, bytes: &[u8]) -> PyResult<()> {
        let mut g = self.inner.lock().map_err(|_| poisoned())?;
        g.load(bytes).map_err(refused)
    }
    fn state_json(&self, env: usize) -> PyResult<Option<String>> {
        let g = self.inner.lock().map_err(|_| poisoned())?;
        Ok(g.state_json(env).map(|v| v.to_string()))
    }
}

/// Totals of `games` games of bots from game `first` on: `(games, wins per
/// seat, capped, decisions, turns)`.
#[pyfunction]
#[pyo3(signature = (game, options, bots, games, first, seed, max_turns))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    game: &str,
    options: &str,
    bots: Vec<String>,
    games: u64,
    first: u64,
    seed: u64,
    max_turns: u32,
) -> PyResult<(u64, Vec<u64>, u64, u64, u64)> {
    let options = json(options, "options")?;
    registry::entry(game).map_err(refused)?;
    let t = py
        .allow_threads(
            || registry::with_game!(game, registry::Pick::Options(&options), G => sim::simulate::<G>(&options, &bots, games, first, seed, max_turns)),
        )
        .map_err(refused)?
        .map_err(refused)?;
    Ok((t.games, t.wins, t.capped, t.decisions, t.turns))
}

/// The decision rows of recorded games as a dict of columns (observations
/// and masks as little-endian bytes).
#[pyfunction]
#[pyo3(signature = (game, options, bots, games, first, seed, max_turns))]
#[allow(clippy::too_many_arguments)]
fn record<'py>(
    py: Python<'py>,
    game: &str,
    options: &str,
    bots: Vec<String>,
    games: u64,
    first: u64,
    seed: u64,
    max_turns: u32,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let options = json(options, "options")?;
    registry::entry(game).map_err(refused)?;
    let rows = py
        .allow_threads(
            || registry::with_game!(game, registry::Pick::Options(&options), G => sim::record::<G>(&options, &bots, games, first, seed, max_turns)),
        )
        .map_err(refused)?
        .map_err(refused)?;
    let d = pyo3::types::PyDict::new(py);
    d.set_item("game", rows.game)?;
    d.set_item("seed", rows.seed)?;
    d.set_item("step", rows.step)?;
    d.set_item("seat", rows.seat)?;
    d.set_item("observation", f32_bytes(py, &rows.obs))?;
    d.set_item("mask", PyBytes::new(py, &rows.mask))?;
    d.set_item("action", rows.action)?;
    d.set_item("action_json", rows.action_json)?;
    d.set_item("reward", rows.reward)?;
    d.set_item("obs_len", rows.obs_len)?;
    d.set_item("num_actions", rows.num_actions)?;
    Ok(d)
}

/// The ids of every game.
#[pyfunction(name = "games")]
fn game_ids() -> Vec<&'static str> {
    registry::GAMES.to_vec()
}

/// The rule sets of a game, from the registry, as JSON: a list of
/// `{"id", "name": {"de", "en"}, "players": [lo, hi], "options"}`, the
/// default first; `options` selects the rule set.
#[pyfunction]
fn rule_sets(game: &str) -> PyResult<String> {
    let entry = registry::entry(game).map_err(refused)?;
    Ok(text(&entry.rule_sets()))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeGame>()?;
    m.add_class::<NativeVectorEnv>()?;
    m.add_class::<NativeSnapshot>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(record, m)?)?;
    m.add_function(wrap_pyfunction!(game_ids, m)?)?;
    m.add_function(wrap_pyfunction!(rule_sets, m)?)?;
    render::py::register(m)?;
    m.add("MAX_TURNS", core::DEFAULT_MAX_TURNS)?;
    Ok(())
}

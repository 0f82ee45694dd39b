//! Position analysis behind the JSON interfaces (issue 44): the referee's
//! `analyze` op and `spielleiter analyze LOG --at STEP`.
//!
//! A position arrives as the game's full state (the search needs *a* state to
//! play forward from) and is read only through determinizations from the
//! analysed seat's view (`bots::analysis`), so an analysis never uses a card
//! the seat cannot see. The answer lists each legal action (or the best
//! `top`) with the seat's chance to win after it, the playouts behind it and
//! its 95 % interval.

use crate::registry;
use crate::seat_bot::{decode_state, BotError};
use bots::analysis;
use bots::BotGame;
use engine::{ChanceMode, DynMatch, ErrorInfo, GameRng, Seat, ToAct};
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A request's search budget and shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// Playouts (default [`analysis::DEFAULT_PLAYOUTS`]).
    pub playouts: Option<u64>,
    /// Milliseconds instead of playouts.
    pub ms: Option<u64>,
    /// Keep the best `top` actions (0 or `None`: all).
    pub top: Option<usize>,
    /// Threads of the search (0: all cores; default 1, so that an analysis
    /// beside a table does not take every core from its players).
    pub threads: Option<usize>,
    /// Seed of the search's determinizations.
    pub seed: u64,
}

/// Analyses the decision of `seat` of the game `game` in `state` (JSON, bare
/// or in its envelope) among `legal` (the seat's legal actions as JSON).
pub fn analyze_json(game: &str, state: &Value, seat: Seat, legal: &[Value], req: Request) -> Result<Value, ErrorInfo> {
    analyze_json_until(game, state, seat, legal, req, None)
}

/// [`analyze_json`] that stops early once `cancel` is set (the game
/// server's analyses, `server::analysis`).
pub fn analyze_json_until(
    game: &str,
    state: &Value,
    seat: Seat,
    legal: &[Value],
    req: Request,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Value, ErrorInfo> {
    let budget = analysis::budget(req.playouts, req.ms).map_err(|e| e.info())?;
    crate::with_game!(game, registry::Pick::State(state), G => typed::<G>(state, seat, legal, budget, req, cancel.clone()))
        .map_err(|_| BotError::UnknownGame(game.to_string()).info())?
        .map_err(|e| e.info())
}

fn typed<G: BotGame>(
    state: &Value,
    seat: Seat,
    legal: &[Value],
    budget: bots::Budget,
    req: Request,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Value, BotError> {
    let state = decode_state::<G>(state)?;
    if seat.index() >= G::players(&state) {
        return Err(BotError::NoSuchSeat(seat.0));
    }
    match G::to_act(&state) {
        ToAct::Seats(seats) if seats.contains(seat) => {}
        _ => return Err(BotError::Failed(format!("seat {} is not to act in this state", seat.0))),
    }
    let actions = crate::seat_bot::decode_actions::<G>(legal)?;
    let mut rng = <GameRng as engine::rand::SeedableRng>::seed_from_u64(req.seed);
    let threads = req.threads.unwrap_or(1);
    let top = req.top.unwrap_or(0);
    // A search bug must not take the referee session or the server thread down.
    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        analysis::analyze_until::<G>(&state, seat, &actions, budget, threads, top, &mut rng, cancel)
    }))
    .map_err(|_| BotError::Failed("the analysis panicked".into()))?;
    Ok(found.to_json(legal))
}

/// A saved game log, read once and replayed to any step.
#[derive(Debug)]
pub struct SavedLog {
    /// The game id.
    pub game: String,
    log: Value,
    entries: Vec<Value>,
}

impl SavedLog {
    /// Reads a log as the referee's `log` op writes it.
    pub fn parse(text: &str) -> Result<SavedLog, ErrorInfo> {
        SavedLog::from_value(serde_json::from_str(text).map_err(|e| ErrorInfo::malformed(format!("not JSON: {e}")))?)
    }

    /// A log already read as JSON.
    pub fn from_value(mut log: Value) -> Result<SavedLog, ErrorInfo> {
        let game = log
            .get("game")
            .and_then(Value::as_str)
            .ok_or_else(|| ErrorInfo::malformed("the log names no \"game\""))?
            .to_string();
        let entries = log
            .get_mut("entries")
            .map(Value::take)
            .and_then(|e| match e {
                Value::Array(a) => Some(a),
                _ => None,
            })
            .ok_or_else(|| ErrorInfo::malformed("the log has no \"entries\" list"))?;
        registry::entry(&game)?;
        if let Some(o) = log.as_object_mut() {
            // The recorded final state belongs to the whole log, not to a prefix.
            o.remove("final_state");
        }
        Ok(SavedLog { game, log, entries })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the log has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry at `step` (the action or chance that follows that position).
    pub fn entry(&self, step: usize) -> Option<&Value> {
        self.entries.get(step)
    }

    /// The match after the first `step` entries; a step past the end is
    /// refused (`engine.analyze_step`).
    pub fn position(&self, step: u64) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let total = self.entries.len() as u64;
        if step > total {
            return Err(ErrorInfo::new(
                "bad_step",
                "engine.analyze_step",
                format!("Schritt {step} liegt außerhalb des Protokolls (0 bis {total})."),
                format!("Step {step} is outside the log (0 to {total})."),
            ));
        }
        let mut log = self.log.clone();
        log["entries"] = Value::Array(self.entries[..step as usize].to_vec());
        registry::entry(&self.game)?.replay_log(&log, ChanceMode::Manual)
    }
}

/// `spielleiter analyze LOG --at STEP`: replays the first `at` entries of the
/// log in `text` (all of them without `at`) and analyses the decision there
/// of `seat` (default: the first seat to act).
pub fn analyze_log(text: &str, at: Option<u64>, seat: Option<u8>, req: Request) -> Result<Value, ErrorInfo> {
    let log: Value = serde_json::from_str(text).map_err(|e| ErrorInfo::malformed(format!("not JSON: {e}")))?;
    analyze_log_value(log, at, seat, req, None)
}

/// [`analyze_log`] of a log already read (the game server's finished
/// tables), stopping early once `cancel` is set.
pub fn analyze_log_value(
    log: Value,
    at: Option<u64>,
    seat: Option<u8>,
    req: Request,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Value, ErrorInfo> {
    let log = SavedLog::from_value(log)?;
    let step = at.unwrap_or(log.len() as u64);
    let m = log.position(step)?;
    let seat = match (seat, m.to_act()) {
        (Some(s), _) if usize::from(s) >= m.players() => {
            return Err(ErrorInfo::new(
                "no_such_seat",
                "engine.no_such_seat",
                format!("Platz {} gibt es in diesem Spiel nicht.", u16::from(s) + 1),
                format!("Seat {} does not exist in this game.", u16::from(s) + 1),
            ))
        }
        (Some(s), _) => Seat(s),
        (None, ToAct::Seats(seats)) => seats.first().ok_or_else(no_decision)?,
        (None, _) => return Err(no_decision()),
    };
    let legal = m.legal(seat)?;
    if legal.is_empty() {
        return Err(ErrorInfo::new(
            "not_your_turn",
            "engine.not_your_turn",
            format!("Platz {} ist bei Schritt {step} nicht am Zug.", seat.number()),
            format!("Seat {} is not to act at step {step}.", seat.number()),
        ));
    }
    let mut out = analyze_json_until(&log.game, &m.state(), seat, &legal, req, cancel)?;
    out["game"] = json!(log.game);
    out["step"] = json!(step);
    Ok(out)
}

fn no_decision() -> ErrorInfo {
    ErrorInfo::new(
        "no_decision",
        "engine.analyze_no_decision",
        "An dieser Stelle entscheidet kein Platz (das Spiel ist vorbei oder wartet auf den Zufall).",
        "No seat decides at this point (the game is over or waits for chance).",
    )
}

/// An analysis as a table for people: rank, chance to win with its
/// interval, playouts, and the action in its JSON form.
pub fn table(found: &Value) -> String {
    let mut out = format!(
        "{} step {}: seat {} to decide; {} playouts in {} ms\n",
        found["game"].as_str().unwrap_or("?"),
        found["step"],
        found["seat"],
        found["playouts"],
        found["millis"],
    );
    out.push_str("  #    win   95% interval   visits  action\n");
    for (rank, a) in found["actions"].as_array().into_iter().flatten().enumerate() {
        let pct = |v: &Value| v.as_f64().map_or("   -".to_string(), |p| format!("{:4.1}", 100.0 * p));
        out.push_str(&format!(
            "{:>3} {:>5}%  {:>5}–{:<5}%  {:>7}  {}\n",
            rank + 1,
            pct(&a["win"]),
            pct(&a["low"]),
            pct(&a["high"]),
            a["visits"],
            compact(&a["action"]),
        ));
        let line: Vec<String> = a["line"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|step| format!("seat {}: {}", step["seat"], compact(&step["action"])))
            .collect();
        if !line.is_empty() {
            out.push_str(&format!("       then {}\n", line.join(", ")));
        }
    }
    out
}

/// An action as `type(field=value, …)`, shorter than its JSON for a table.
fn compact(action: &Value) -> String {
    let Some(fields) = action.as_object() else {
        return action.to_string();
    };
    let kind = fields.get("type").and_then(Value::as_str).unwrap_or("?");
    let rest: Vec<String> = fields
        .iter()
        .filter(|(k, _)| k.as_str() != "type")
        .map(|(k, v)| match v.as_str() {
            Some(text) => format!("{k}={text}"),
            None => format!("{k}={v}"),
        })
        .collect();
    if rest.is_empty() {
        kind.to_string()
    } else {
        format!("{kind}({})", rest.join(", "))
    }
}

/// The request of the server and the MCP tool as one of this module's: one
/// thread, a fresh seed.
pub fn request_of(req: server::analysis::AnalysisRequest) -> Request {
    Request {
        playouts: req.playouts,
        ms: req.ms,
        top: req.top,
        threads: Some(1),
        seed: server::secret::random_u64().unwrap_or(0x5eed),
    }
}

/// The search of `spielleiter serve`'s analyses (`server::analysis`):
/// [`analyze_json_until`] and [`analyze_log_value`] on one thread.
#[derive(Debug, Clone, Copy, Default)]
pub struct ServerAnalyst;

impl server::analysis::Analyst for ServerAnalyst {
    fn position(
        &self,
        game: &str,
        state: &Value,
        seat: Seat,
        legal: &[Value],
        req: server::analysis::AnalysisRequest,
        cancel: Arc<AtomicBool>,
    ) -> Result<Value, ErrorInfo> {
        analyze_json_until(game, state, seat, legal, request_of(req), Some(cancel))
    }

    fn log(
        &self,
        log: Value,
        step: Option<u64>,
        seat: Option<u8>,
        req: server::analysis::AnalysisRequest,
        cancel: Arc<AtomicBool>,
    ) -> Result<Value, ErrorInfo> {
        analyze_log_value(log, step, seat, request_of(req), Some(cancel))
    }
}

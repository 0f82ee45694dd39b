//! Position analysis at the server (issue 44): `GET
//! /api/tables/{id}/analysis` and the MCP tool `analyze`.
//!
//! Who may ask what:
//! - a **finished** table (and so its replay): anyone, at any step of its
//!   log, for any seat that decides there (the log is public by then);
//! - a table **in play**: only a seated player proving its seat with its
//!   secret, only for its own current decision (a hint), only at a casual
//!   table where every other seat is a bot. Spectators, rated tables and
//!   tables with other people or agents are refused with a rule id (no help
//!   from outside, no edge over another person).
//!
//! The search itself is the injected [`Analyst`] (the CLI plugs in
//! `bots::analysis` through its registry of games), so this crate stays free
//! of game types. It runs on the blocking pool, never on the async workers,
//! on one thread, under a budget capped at [`MAX_PLAYOUTS`] / [`MAX_MILLIS`],
//! and at most [`crate::ServerConfig::analysis_slots`] at once: when every slot
//! is busy the request is refused (`server.analysis.busy`, 503), never queued
//! (a slot a background graph holds is given up to it, see [`Slots`]).
//! A hint is cancelled as soon as its table's position changes
//! (`server.analysis.position_changed`) or its asker goes away, so it never
//! holds up the table, whose actor only hands out the position.

use crate::error::ApiError;
use crate::http::{self, App, Path, Query};
use crate::table::{Access, Command, TableHandle};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use engine::{ErrorInfo, Seat};
pub use mcp::backend::AnalysisRequest;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The largest playout budget the server runs (below the engine's own
/// maximum: the server shares its cores with every table).
pub const MAX_PLAYOUTS: u64 = 20_000;
/// The largest time budget the server runs, in milliseconds.
pub const MAX_MILLIS: u64 = 5_000;
/// How often a running hint looks whether its table moved on.
const WATCH: Duration = Duration::from_millis(20);

/// The search, injected by the front end (the CLI: `bots::analysis`
/// through the registry of games). Both calls run on the blocking pool and
/// should return soon after `cancel` is set.
pub trait Analyst: Send + Sync {
    /// Analyses the decision of `seat` among `legal` (its legal actions as
    /// JSON) in `state` (the game's full state as JSON: the search reads it
    /// only through determinizations from the seat's view).
    fn position(
        &self,
        game: &str,
        state: &Value,
        seat: Seat,
        legal: &[Value],
        req: AnalysisRequest,
        cancel: Arc<AtomicBool>,
    ) -> Result<Value, ErrorInfo>;

    /// Replays the first `step` entries of a finished game's `log` (all of
    /// them if `None`) and analyses the decision there of `seat` (the first
    /// seat to act if `None`); the answer names its `game` and `step`.
    fn log(
        &self,
        log: Value,
        step: Option<u64>,
        seat: Option<u8>,
        req: AnalysisRequest,
        cancel: Arc<AtomicBool>,
    ) -> Result<Value, ErrorInfo>;
}

/// A running table's position handed out for a hint.
#[derive(Debug, Clone)]
pub struct Position {
    /// The game's id.
    pub game: String,
    /// The full state (never sent to the asker).
    pub state: Value,
    /// The seat that asked.
    pub seat: Seat,
    /// Its legal actions.
    pub legal: Vec<Value>,
    /// The table's version.
    pub version: u64,
}

/// The server's analysis slots ([`crate::ServerConfig::analysis_slots`]).
///
/// The background graphs ([`crate::graph`]) take a slot only when one is
/// free and register their search's cancel flag here: a person's analysis
/// that finds every slot busy while a graph holds one cancels that graph's
/// search and takes its slot (the graph tries that decision again later),
/// so a graph never makes a person's analysis busy.
#[derive(Debug)]
pub struct Slots {
    sem: Arc<Semaphore>,
    background: std::sync::Mutex<Vec<Arc<AtomicBool>>>,
}

/// How long a person's analysis waits for a graph's search to give its
/// slot up (it checks its cancel flag every few playouts).
const PREEMPT_WAIT: Duration = Duration::from_secs(2);

impl Slots {
    /// `n` analyses at once (0: every request is refused as busy).
    pub fn new(n: usize) -> Slots {
        Slots {
            sem: Arc::new(Semaphore::new(n.min(Semaphore::MAX_PERMITS))),
            background: std::sync::Mutex::default(),
        }
    }

    /// A free slot, if there is one (the background graphs take one only
    /// then, so they never queue ahead of a person's analysis).
    pub(crate) fn try_take(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        Arc::clone(&self.sem).try_acquire_owned().ok()
    }

    /// A slot for a person's analysis: a free one, else one a background
    /// graph gives up when asked to; `None` if every slot serves people.
    async fn take(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        if let Some(p) = self.try_take() {
            return Some(p);
        }
        let asked = match self.background.lock() {
            Ok(running) => {
                running.iter().for_each(|c| c.store(true, Ordering::Relaxed));
                !running.is_empty()
            }
            Err(_) => false,
        };
        if !asked {
            return None;
        }
        tokio::time::timeout(PREEMPT_WAIT, Arc::clone(&self.sem).acquire_owned())
            .await
            .ok()?
            .ok()
    }

    /// Registers a background search's cancel flag while it runs.
    pub(crate) fn background(&self, cancel: &Arc<AtomicBool>) {
        if let Ok(mut running) = self.background.lock() {
            running.push(Arc::clone(cancel));
        }
    }

    /// Unregisters it.
    pub(crate) fn background_done(&self, cancel: &Arc<AtomicBool>) {
        if let Ok(mut running) = self.background.lock() {
            running.retain(|c| !Arc::ptr_eq(c, cancel));
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalysisQuery {
    seat: Option<String>,
    step: Option<u64>,
    playouts: Option<u64>,
    ms: Option<u64>,
    top: Option<usize>,
}

/// `GET /api/tables/{id}/analysis`: a finished table's position at any
/// step, a running table's current position as a hint for its seat (secret
/// in the header).
pub(crate) async fn handler(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<AnalysisQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let seat = q.seat.as_deref().map(http::parse_seat).transpose()?;
    let access = match seat {
        Some(_) if headers.contains_key(http::SECRET_HEADER) => http::access(&headers, seat)?,
        _ => Access::Spectator,
    };
    let req = AnalysisRequest {
        playouts: q.playouts,
        ms: q.ms,
        top: q.top,
    };
    Ok(Json(at_table(&app, &id, access, q.step, seat, req).await?))
}

/// Analyses the position of table `id` at `step` for `seat`, as `access`
/// may (see the module's policy): during the game the seat is the one
/// `access` proves, after it `seat` (or the first seat to act).
pub async fn at_table(
    app: &App,
    id: &str,
    access: Access,
    step: Option<u64>,
    seat: Option<u8>,
    req: AnalysisRequest,
) -> Result<Value, ApiError> {
    check_budget(&req)?;
    let analyst = app.lobby.shared().bots.analyst().ok_or_else(not_offered)?;
    if let Some(handle) = app.lobby.get(id) {
        let found = handle.ask(|reply| Command::Hint { access, step, reply }).await?;
        if let Some(p) = found {
            return hint(app, analyst, &handle, id, p, req).await;
        }
    }
    // Finished (or no longer in memory): the stored log, public now;
    // `not_finished` for a running table another instance drives.
    let log = app.lobby.log(id).await?;
    let mut out = run(app, None, move |cancel| analyst.log(log, step, seat, req, cancel)).await?;
    out["table"] = json!(id);
    Ok(out)
}

async fn hint(
    app: &App,
    analyst: Arc<dyn Analyst>,
    handle: &TableHandle,
    id: &str,
    p: Position,
    req: AnalysisRequest,
) -> Result<Value, ApiError> {
    let (game, version) = (p.game.clone(), p.version);
    let mut out = run(app, Some((handle, version)), move |cancel| {
        analyst.position(&p.game, &p.state, p.seat, &p.legal, req, cancel)
    })
    .await?;
    out["table"] = json!(id);
    out["game"] = json!(game);
    out["step"] = json!(version);
    Ok(out)
}

/// Sets the flag when dropped: the search stops once nobody waits for it
/// (the client went away, the request timed out).
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` on the blocking pool in a free slot; with `watch`, cancels
/// it and refuses once the table's version is no longer the one analysed.
async fn run(
    app: &App,
    watch: Option<(&TableHandle, u64)>,
    work: impl FnOnce(Arc<AtomicBool>) -> Result<Value, ErrorInfo> + Send + 'static,
) -> Result<Value, ApiError> {
    let permit = app.analysis_slots.take().await.ok_or_else(busy)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let _stop = CancelOnDrop(Arc::clone(&cancel));
    let flag = Arc::clone(&cancel);
    let mut job = tokio::task::spawn_blocking(move || {
        // The slot is free only once the search has really stopped.
        let _permit = permit;
        work(flag)
    });
    let done = match watch {
        None => job.await,
        Some((handle, version)) => loop {
            tokio::select! {
                done = &mut job => break done,
                _ = tokio::time::sleep(WATCH) => {
                    if handle.summary().version != version || handle.tx.is_closed() {
                        return Err(position_changed(version));
                    }
                }
            }
        },
    };
    done.map_err(|e| ApiError::internal(&e.to_string()))?
        .map_err(ApiError::engine)
}

/// Refuses a budget over the server's maxima (the analyst refuses a zero
/// budget and the engine's own maxima).
pub fn check_budget(req: &AnalysisRequest) -> Result<(), ApiError> {
    match (req.ms, req.playouts) {
        (Some(ms), _) if ms > MAX_MILLIS => Err(budget(
            format!("Höchstens {MAX_MILLIS} ms pro Analyse am Server, verlangt: {ms}."),
            format!("At most {MAX_MILLIS} ms per analysis at the server, asked for {ms}."),
        )),
        (None, Some(n)) if n > MAX_PLAYOUTS => Err(budget(
            format!("Höchstens {MAX_PLAYOUTS} Playouts pro Analyse am Server, verlangt: {n}."),
            format!("At most {MAX_PLAYOUTS} playouts per analysis at the server, asked for {n}."),
        )),
        _ => Ok(()),
    }
}

fn refusal(status: StatusCode, kind: &str, rule: &str, de: impl Into<String>, en: impl Into<String>) -> ApiError {
    ApiError {
        status,
        info: ErrorInfo::new(kind, rule, de, en),
    }
}

fn budget(de: String, en: String) -> ApiError {
    refusal(
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_budget",
        "server.analysis.budget",
        de,
        en,
    )
}

/// A spectator asks for analysis during the game.
pub fn spectator() -> ApiError {
    refusal(
        StatusCode::FORBIDDEN,
        "analysis_refused",
        "server.analysis.spectator",
        "Zuschauer sehen eine Analyse erst nach dem Spielende (keine Hilfe von außen).",
        "Spectators may see analysis only after the game has ended (no help from outside).",
    )
}

/// A seat asks for a hint at a rated table in play.
pub fn rated() -> ApiError {
    refusal(
        StatusCode::FORBIDDEN,
        "analysis_refused",
        "server.analysis.rated",
        "An einem gewerteten Tisch gibt es während des Spiels keine Analyse.",
        "There is no analysis at a rated table while the game is on.",
    )
}

/// A seat asks for a hint while another seat is a person or an agent.
pub fn other_humans() -> ApiError {
    refusal(
        StatusCode::FORBIDDEN,
        "analysis_refused",
        "server.analysis.other_humans",
        "Tipps gibt es nur in Spielen gegen Bots: an diesem Tisch spielen weitere Menschen oder Agenten.",
        "Hints are given only in games against bots: other people or agents play at this table.",
    )
}

/// A hint for a step that is not the current one.
pub fn live_step(step: u64, version: u64) -> ApiError {
    refusal(
        StatusCode::CONFLICT,
        "analysis_refused",
        "server.analysis.live_step",
        format!("Während des Spiels gibt es nur einen Tipp zur aktuellen Stellung (Schritt {version}), nicht zu Schritt {step}."),
        format!("While the game is on there is a hint only for the current position (step {version}), not for step {step}."),
    )
}

/// The position changed while its hint was searched.
pub fn position_changed(version: u64) -> ApiError {
    refusal(
        StatusCode::CONFLICT,
        "stale_version",
        "server.analysis.position_changed",
        format!(
            "Die Stellung von Schritt {version} hat sich während der Analyse geändert; die Analyse wurde abgebrochen."
        ),
        format!("The position of step {version} changed during the analysis; the analysis was cancelled."),
    )
}

/// Every analysis slot is busy.
pub fn busy() -> ApiError {
    refusal(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "server.analysis.busy",
        "Der Server analysiert gerade so viel, wie er darf; bitte später noch einmal.",
        "The server is running as many analyses as it may; please try again later.",
    )
}

/// The server was started without an analysis search.
pub fn not_offered() -> ApiError {
    ApiError {
        status: StatusCode::NOT_IMPLEMENTED,
        info: mcp::backend::analysis_not_offered(),
    }
}

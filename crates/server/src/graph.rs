//! The win-chance graph of a finished table (issue 44):
//! `GET /api/tables/{id}/graph`.
//!
//! Every decision of the table's log (each `act` entry) is analysed in the
//! deciding seat's information set, as `GET /api/tables/{id}/analysis` does
//! it, with a modest budget ([`crate::ServerConfig::graph_playouts`], 500
//! playouts by default, about half a second per Splendor decision on one
//! core with the top moves topped up: a whole Splendor game of ~100
//! decisions in about a minute). A point holds every seat's chance (the
//! mover's own estimate, the others' from the same playouts), the move
//! played, the search's best and the cost of the difference.
//!
//! Why in the background and stored: a whole game is hundreds of searches,
//! far more than one request may wait for, and the answer never changes once
//! the game has ended. The first request starts the computation and every
//! request answers what is stored so far, so the replay draws the graph as
//! it fills in, and a second viewer (or the same after a restart) gets the
//! stored points at once. Points are stored one by one (`graph_points`,
//! written once: a second computation of the same point, on another
//! instance, keeps the first).
//!
//! Why at low priority: the graph shares the analysis slots with the hints
//! and replay analyses people wait for. It takes one slot for one decision
//! at a time, only when one is free (never queued ahead of anyone), gives it
//! back between decisions, and gives it up at once when a person's analysis
//! finds every slot busy ([`crate::analysis::Slots`]; that decision is
//! searched again a second later); the search runs on one thread of the
//! blocking pool, never on the workers that drive the tables. It stops at shutdown and
//! resumes from the stored points at the next request.

use crate::analysis::AnalysisRequest;
use crate::db::Write;
use crate::error::ApiError;
use crate::http::{App, Path};
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use engine::ErrorInfo;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The default playouts per decision of a graph.
pub const DEFAULT_PLAYOUTS: u64 = 500;
/// How long the background job waits before it looks for a free slot again.
const SLOT_RETRY: Duration = Duration::from_millis(150);
/// A move costing its mover more than this share of a win is "costly" (the
/// replay lists the largest of them).
pub const COSTLY: f64 = 0.10;

/// The graphs being computed, by table id: at most one job per table on
/// this instance.
#[derive(Debug, Default)]
pub struct Graphs {
    running: Mutex<HashSet<String>>,
}

impl Graphs {
    fn is_running(&self, id: &str) -> bool {
        self.running.lock().is_ok_and(|r| r.contains(id))
    }

    /// Marks `id` as computed here; false if it already was.
    fn claim(&self, id: &str) -> bool {
        self.running.lock().is_ok_and(|mut r| r.insert(id.to_string()))
    }
}

/// Unmarks the table when its job ends, however it ends.
struct Running(Arc<App>, String);

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(mut r) = self.0.graphs.running.lock() {
            r.remove(&self.1);
        }
    }
}

/// One decision of a log: the entry index, the seat, the action played.
#[derive(Debug, Clone)]
struct Decision {
    step: u64,
    seat: u8,
    played: Value,
}

fn decisions(log: &Value) -> Vec<Decision> {
    log["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .filter(|(_, e)| e["type"] == "act")
        .filter_map(|(i, e)| {
            Some(Decision {
                step: i as u64,
                seat: u8::try_from(e["seat"].as_u64()?).ok()?,
                played: e["action"].clone(),
            })
        })
        .collect()
}

/// The number of seats of a log: its start's, or (a loaded position) one
/// past the highest seat that acted.
fn players(log: &Value) -> usize {
    let acted = decisions(log)
        .iter()
        .map(|d| usize::from(d.seat) + 1)
        .max()
        .unwrap_or(0);
    log["start"]["players"].as_u64().map_or(0, |p| p as usize).max(acted)
}

/// `GET /api/tables/{id}/graph`: the points computed so far; starts the
/// computation of the rest if it is not running.
pub(crate) async fn handler(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let log = match app.lobby.log(&id).await {
        Ok(log) => log,
        Err(e) if e.info.kind == "not_finished" => return Err(not_finished()),
        Err(e) => return Err(e),
    };
    let todo = decisions(&log);
    let stored = app
        .lobby
        .shared()
        .db
        .graph_points(&id)
        .await
        .map_err(|_| ApiError::storage())?;
    let wanted: HashSet<u64> = todo.iter().map(|d| d.step).collect();
    let points: Vec<Value> = stored
        .iter()
        .filter(|(step, _)| wanted.contains(step))
        .filter_map(|(_, text)| serde_json::from_str(text).ok())
        .collect();
    let have: HashSet<u64> = stored.iter().map(|(s, _)| *s).collect();
    let missing: Vec<Decision> = todo.iter().filter(|d| !have.contains(&d.step)).cloned().collect();
    let mut answer = json!({
        "table": id,
        "game": log["game"],
        "players": players(&log),
        "steps": log["entries"].as_array().map_or(0, Vec::len),
        "decisions": todo.len(),
        "done": points.len(),
        "playouts": app.config.graph_playouts,
        "points": points,
    });
    let running = !missing.is_empty() && (app.graphs.is_running(&id) || start(&app, &id, log, missing)?);
    answer["running"] = json!(running);
    Ok(Json(answer))
}

/// Starts the background job for the `missing` decisions unless one runs.
fn start(app: &Arc<App>, id: &str, log: Value, missing: Vec<Decision>) -> Result<bool, ApiError> {
    if app.graphs.is_running(id) {
        return Ok(true);
    }
    let analyst = app
        .lobby
        .shared()
        .bots
        .analyst()
        .ok_or_else(crate::analysis::not_offered)?;
    if app.config.analysis_slots == 0 {
        return Err(crate::analysis::busy());
    }
    if !app.graphs.claim(id) {
        return Ok(true);
    }
    let guard = Running(Arc::clone(app), id.to_string());
    tokio::spawn(async move {
        let app = Arc::clone(&guard.0);
        let id = guard.1.clone();
        let players = players(&log);
        let log = Arc::new(log);
        let mut shutdown = app.shutdown.clone();
        for d in missing {
            let Some(found) = one(&app, &analyst, &log, &d, &mut shutdown).await else {
                break;
            };
            let point = point_of(&d, players, found);
            let write = Write::GraphPoint {
                table: id.clone(),
                step: d.step,
                seat: d.seat,
                point: point.to_string(),
            };
            if let Err(e) = app.lobby.shared().db.write(write).await {
                tracing::warn!(table = %id, error = %e, "graph point not stored");
                break;
            }
        }
        drop(guard);
    });
    Ok(true)
}

/// How one decision's search ended.
enum Outcome {
    /// It ran to the end (or the search refused the position).
    Done(Result<Value, ErrorInfo>),
    /// A person's analysis took its slot: try the decision again later.
    Preempted,
    /// The server is shutting down.
    Stop,
}

/// How long the job leaves the slot to a person's analysis that took it.
const AFTER_PREEMPTION: Duration = Duration::from_secs(1);

/// Analyses one decision in a free slot; `None` at shutdown.
async fn one(
    app: &App,
    analyst: &Arc<dyn crate::analysis::Analyst>,
    log: &Arc<Value>,
    d: &Decision,
    shutdown: &mut tokio::sync::watch::Receiver<bool>,
) -> Option<Result<Value, ErrorInfo>> {
    loop {
        match attempt(app, analyst, log, d, shutdown).await {
            Outcome::Done(found) => return Some(found),
            Outcome::Stop => return None,
            Outcome::Preempted => tokio::time::sleep(AFTER_PREEMPTION).await,
        }
    }
}

async fn attempt(
    app: &App,
    analyst: &Arc<dyn crate::analysis::Analyst>,
    log: &Arc<Value>,
    d: &Decision,
    shutdown: &mut tokio::sync::watch::Receiver<bool>,
) -> Outcome {
    let permit = loop {
        if *shutdown.borrow() {
            return Outcome::Stop;
        }
        match app.analysis_slots.try_take() {
            Some(p) => break p,
            None => tokio::time::sleep(SLOT_RETRY).await,
        }
    };
    let cancel = Arc::new(AtomicBool::new(false));
    // A person's analysis may ask for the slot back by setting the flag.
    app.analysis_slots.background(&cancel);
    let flag = Arc::clone(&cancel);
    let (analyst, log, step, seat) = (Arc::clone(analyst), Arc::clone(log), d.step, d.seat);
    let req = AnalysisRequest {
        playouts: Some(app.config.graph_playouts),
        ms: None,
        top: None,
    };
    let mut job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        analyst.log((*log).clone(), Some(step), Some(seat), req, flag)
    });
    let outcome = loop {
        tokio::select! {
            done = &mut job => {
                break match done {
                    Err(_) => Outcome::Stop,
                    // Cut short: its chances rest on too few playouts.
                    Ok(_) if cancel.load(Ordering::Relaxed) => Outcome::Preempted,
                    Ok(found) => Outcome::Done(found),
                };
            }
            changed = shutdown.changed() => {
                if changed.is_err() || *shutdown.borrow() {
                    cancel.store(true, Ordering::Relaxed);
                    let _ = (&mut job).await;
                    break Outcome::Stop;
                }
            }
        }
    };
    app.analysis_slots.background_done(&cancel);
    outcome
}

/// A stored point from an analysis: the mover's chance (its best action's),
/// every other seat's (two seats: the rest; more: each seat's chance after
/// that action, from the same playouts), the move played, the better move
/// and the cost.
fn point_of(d: &Decision, players: usize, found: Result<Value, ErrorInfo>) -> Value {
    let found = match found {
        Ok(f) => f,
        // Stored too, so that a decision the search refuses is not retried
        // forever; the replay leaves a gap there.
        Err(e) => return json!({"step": d.step, "seat": d.seat, "played": d.played, "error": e.rule}),
    };
    let rows = found["actions"].as_array().cloned().unwrap_or_default();
    let best = rows.first().cloned().unwrap_or(Value::Null);
    let mine = rows
        .iter()
        .find(|r| r["action"] == d.played)
        .cloned()
        .unwrap_or(Value::Null);
    let win = best["win"].as_f64();
    let cost = match (win, mine["win"].as_f64()) {
        (Some(b), Some(p)) if best["action"] != d.played => Some((b - p).max(0.0)),
        _ => None,
    };
    // A cost within the played move's own 95 % half-interval may be noise.
    let half = (mine["high"].as_f64().unwrap_or(1.0) - mine["low"].as_f64().unwrap_or(0.0)) / 2.0;
    let mut chances = vec![Value::Null; players];
    if let Some(w) = win {
        if let Some(c) = chances.get_mut(usize::from(d.seat)) {
            *c = json!(w);
        }
        if players == 2 {
            if let Some(c) = chances.get_mut(1 - usize::from(d.seat).min(1)) {
                *c = json!(1.0 - w);
            }
        } else if let Some(seats) = best["seats"].as_array().filter(|s| s.len() == players) {
            // More seats: each one's chance after the mover's best action,
            // from the same playouts (the mover's is its own estimate).
            for (i, (c, v)) in chances.iter_mut().zip(seats).enumerate() {
                if i != usize::from(d.seat) {
                    *c = v.clone();
                }
            }
        }
    }
    json!({
        "step": d.step,
        "seat": d.seat,
        "chances": chances,
        "win": win,
        "played": d.played,
        "played_win": mine["win"],
        "best": best["action"],
        "cost": cost,
        "clear": cost.is_some_and(|c| c > half),
        "forced": rows.len() < 2,
        "playouts": found["playouts"],
    })
}

/// A graph of a table whose game has not ended.
pub fn not_finished() -> ApiError {
    ApiError {
        status: StatusCode::CONFLICT,
        info: ErrorInfo::new(
            "not_finished",
            "server.graph.not_finished",
            "Den Verlauf der Gewinnchancen gibt es erst nach dem Spielende (keine Hilfe von außen).",
            "The win-chance graph is available only once the game has ended (no help from outside).",
        ),
    }
}

//! The browser UI: the files of the repository's `web/` folder, embedded at
//! build time (see `build.rs`), served under `/assets/…`, with the app's page
//! at `/` and at its deep links (`/play/{id}`, `/watch/{id}`, `/replay/{id}`,
//! `/ratings`, `/my-games`).
//! Also the replay frames of a finished game, which the UI's replay viewer
//! steps through: the UI holds no rules, so the server replays the log.

use crate::error::ApiError;
use crate::http::App;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use engine::{ChanceMode, DynMatch, GameEntry, Seat, Viewer};
use serde_json::{json, Value};
use std::sync::Arc;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));
}

/// The embedded file at `path` (below `web/`): its bytes and content type.
pub fn asset(path: &str) -> Option<(&'static [u8], &'static str)> {
    embedded::FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|(_, bytes, mime)| (*bytes, *mime))
}

/// Paths of every embedded file.
pub fn asset_paths() -> impl Iterator<Item = &'static str> {
    embedded::FILES.iter().map(|(p, _, _)| *p)
}

/// The UI's routes, merged into the API router.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/", get(index))
        .route("/play/{*rest}", get(index))
        .route("/watch/{*rest}", get(index))
        .route("/replay/{*rest}", get(index))
        .route("/ratings", get(index))
        .route("/my-games", get(index))
        .route("/assets/{*path}", get(file))
        .route("/favicon.ico", get(favicon))
        .route("/api/tables/{id}/replay", get(replay))
}

/// With `SPIELLEITER_WEB_DIR` set, files are read from that folder on every
/// request instead (for working on the UI without rebuilding, new files
/// included); the embedded copy is the fallback.
fn from_dir(path: &str) -> Option<(Vec<u8>, &'static str)> {
    let dir = std::env::var_os("SPIELLEITER_WEB_DIR")?;
    if path.split('/').any(|p| p == ".." || p.is_empty()) {
        return None;
    }
    let mime = match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => asset(path).map_or("application/octet-stream", |(_, m)| m),
    };
    Some((std::fs::read(std::path::Path::new(&dir).join(path)).ok()?, mime))
}

fn serve(path: &str) -> Response {
    if let Some((bytes, mime)) = from_dir(path) {
        return (
            [(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, "no-cache")],
            bytes,
        )
            .into_response();
    }
    match asset(path) {
        Some((bytes, mime)) => (
            [(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, "no-cache")],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn index() -> Response {
    serve("index.html")
}

async fn file(Path(path): Path<String>) -> Response {
    serve(&path)
}

async fn favicon() -> Response {
    serve("favicon.svg")
}

async fn replay(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let (log, live) = app.lobby.replay_log(&id).await?;
    let game = log["game"].as_str().unwrap_or_default().to_string();
    let entry = app
        .lobby
        .registry()
        .get(&game)
        .ok_or_else(|| ApiError::unknown_game(&game, &app.lobby.registry().ids()))?;
    let mut frames = tokio::task::spawn_blocking(move || frames(entry.as_ref(), &log))
        .await
        .map_err(|e| ApiError::internal(&e.to_string()))?
        .map_err(ApiError::engine)?;
    if live {
        // A running game's actions may name what only their seat knows (the
        // card a spy took): its frames carry the spectator's view and events only.
        for f in &mut frames {
            f["action"] = Value::Null;
        }
    }
    Ok(Json(
        json!({ "table": id, "game": game, "live": live, "frames": frames }),
    ))
}

/// The match a log starts from (a new game or a loaded position), in manual
/// chance mode so that replaying its entries draws nothing.
pub fn start_of_log(entry: &dyn GameEntry, log: &Value) -> Result<Box<dyn DynMatch>, engine::ErrorInfo> {
    let bad = |what: &str| engine::ErrorInfo::malformed(format!("log: {what}"));
    let seed = log["seed"].as_u64().ok_or_else(|| bad("seed"))?;
    let start = &log["start"];
    match start["from"].as_str() {
        Some("new") => {
            let players = start["players"].as_u64().ok_or_else(|| bad("players"))? as usize;
            entry.create(&start["config"], players, seed, ChanceMode::Manual)
        }
        Some("position") => entry.load(&start["state"], seed, ChanceMode::Manual),
        _ => Err(bad("start")),
    }
}

/// Replays a log step by step: one frame per seat action (chance outcomes
/// join the frame of the action that caused them), each with the spectator's
/// view, the events as a spectator sees them, and who is to act next.
pub fn frames(entry: &dyn GameEntry, log: &Value) -> Result<Vec<Value>, engine::ErrorInfo> {
    let bad = |what: &str| engine::ErrorInfo::malformed(format!("log: {what}"));
    let mut m = start_of_log(entry, log)?;
    let entries = log["entries"].as_array().ok_or_else(|| bad("entries"))?;
    let mut out = Vec::new();
    let mut from = m.version();
    let mut last: Option<(u8, Value)> = None;
    let frame = |m: &dyn DynMatch, from: u64, last: &Option<(u8, Value)>| {
        json!({
            "seat": last.as_ref().map(|(s, _)| *s),
            "action": last.as_ref().map(|(_, a)| a.clone()),
            "version": m.version(),
            "events": m.events_since(from, Viewer::Spectator),
            "view": m.view(Viewer::Spectator),
            "to_act": m.to_act(),
            "result": m.result(),
        })
    };
    for (i, e) in entries.iter().enumerate() {
        match e["type"].as_str() {
            Some("act") => {
                let seat = e["seat"].as_u64().ok_or_else(|| bad("seat"))? as u8;
                m.act(Seat(seat), &e["action"], None)?;
                last = Some((seat, e["action"].clone()));
            }
            Some("chance") => {
                m.chance(Some(&e["outcome"]), None)?;
            }
            _ => return Err(bad("entry type")),
        }
        let next_is_chance = entries.get(i + 1).is_some_and(|n| n["type"] == "chance");
        if !next_is_chance {
            out.push(frame(m.as_ref(), from, &last));
            from = m.version();
        }
    }
    if out.is_empty() {
        out.push(frame(m.as_ref(), from, &last));
    }
    Ok(out)
}

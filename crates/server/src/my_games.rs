//! `POST /api/my-games`: the games a browser played, for its "My games" page.
//!
//! A browser keeps the secret of every seat it took (localStorage). It sends
//! them in the body, `{"seats": [{"table", "seat", "secret"}, …]}`, never in
//! a URL, so no secret ends up in a log or a history; at most
//! [`MAX_HELD_SEATS`] of them (more is `server.my_games.too_many`, nothing is
//! read). The answer lists the tables of the seats whose secret matches, each
//! with its public summary (state, result, seats' names, date), newest
//! first, and counts the others as `unknown` (a table that is gone, a seat
//! given up, a wrong secret): which of these it was is not told, and no
//! secret is ever sent back. Nothing is changed.
//!
//! With the browser's `player_token` the answer adds the seats that the
//! names claimed with that token ([`crate::ratings`]) played at rated
//! tables, from any browser (each marked with the `player` name): the
//! token proves the claim, as it does when joining. They come without a
//! secret, so only a seat the browser also holds can be resumed.
//!
//! Every table is read from the database, which every instance shares
//! ([`crate::cluster`]), or from memory when this server drives it: an
//! unfinished table is marked `live` and can be resumed with the seat's
//! secret, wherever it runs.

use crate::error::ApiError;
use crate::http::{parse_body, App};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// Most held seats one request may name: a browser that holds more sends
/// its latest (and the body stays under the server's 16 KiB limit).
pub const MAX_HELD_SEATS: usize = 100;

/// Longest table id or secret read, in bytes: ids and secrets the server
/// hands out are far shorter, so a longer one cannot match.
const MAX_FIELD_BYTES: usize = 128;

/// The body of `POST /api/my-games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MyGamesRequest {
    /// The seats the browser holds.
    #[serde(default)]
    pub seats: Vec<HeldSeat>,
    /// The browser's player token: adds the seats of rated tables that the
    /// names it claimed ([`crate::ratings::claim`]) played, from any browser.
    #[serde(default)]
    pub player_token: Option<String>,
}

/// One seat a browser holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeldSeat {
    /// Table id.
    pub table: String,
    /// Seat number.
    pub seat: u8,
    /// The seat's secret.
    pub secret: String,
}

/// `POST /api/my-games`.
pub async fn handler(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: MyGamesRequest = parse_body(body, app.config.max_body_bytes)?;
    if req.seats.len() > MAX_HELD_SEATS {
        return Err(ApiError::too_many_seats(req.seats.len(), MAX_HELD_SEATS));
    }
    if let Some(token) = &req.player_token {
        crate::ratings::check_token(token)?;
    }
    let mut games = Vec::new();
    let mut unknown = 0usize;
    let mut seen = std::collections::HashSet::new();
    for held in req.seats {
        // One entry per seat: a repeated one is read once.
        if !seen.insert((held.table.clone(), held.seat)) {
            continue;
        }
        match game_of(&app, &held).await? {
            Some(game) => games.push(game),
            None => unknown += 1,
        }
    }
    if let Some(token) = &req.player_token {
        for (table, seat, player) in claimed_seats(&app, token).await? {
            if !seen.insert((table.clone(), seat)) {
                continue;
            }
            if let Some(mut game) = summary_of(&app, &table, seat).await? {
                game["player"] = json!(player);
                games.push(game);
            }
        }
    }
    games.sort_by(|a, b| {
        let key = |v: &Value| {
            (
                v["created_ms"].as_i64().unwrap_or(0),
                v["id"].as_str().map(str::to_owned),
            )
        };
        key(b).cmp(&key(a))
    });
    Ok(Json(json!({ "games": games, "unknown": unknown })))
}

/// The summary of a held seat's table with `seat` and `live` added, if the
/// secret is the seat's; `None` for anything else.
async fn game_of(app: &App, held: &HeldSeat) -> Result<Option<Value>, ApiError> {
    if held.table.len() > MAX_FIELD_BYTES
        || held.secret.len() > MAX_FIELD_BYTES
        || !held.table.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Ok(None);
    }
    let db = &app.lobby.shared().db;
    let seats = db.seats(&held.table).await.map_err(|_| ApiError::storage())?;
    let Some(row) = seats.get(usize::from(held.seat)) else {
        return Ok(None);
    };
    let hash = crate::secret::hash(held.secret.trim());
    let holds = crate::table::is_player(&row.kind)
        && row
            .secret_hash
            .as_deref()
            .is_some_and(|h| crate::secret::hashes_match(h, &hash));
    if !holds {
        return Ok(None);
    }
    summary_of(app, &held.table, held.seat).await
}

/// The seats the names claimed with `token` played at rated tables (the
/// claim and the seat's `player` are the name as first claimed): table,
/// seat and name, newest table first, at most [`MAX_HELD_SEATS`].
async fn claimed_seats(app: &App, token: &str) -> Result<Vec<(String, u8, String)>, ApiError> {
    let hash = crate::secret::hash(token);
    let rows = sqlx::query(
        "SELECT s.table_id, s.seat, s.player FROM players p JOIN seats s ON s.player = p.name \
         JOIN tables t ON t.id = s.table_id WHERE p.token_hash = $1 ORDER BY t.created_ms DESC, s.table_id LIMIT $2",
    )
    .bind(&hash)
    .bind(MAX_HELD_SEATS as i64)
    .fetch_all(app.lobby.shared().db.pool())
    .await
    .map_err(|e| {
        tracing::error!(error = %e, "my games: claimed seats not read");
        ApiError::storage()
    })?;
    Ok(rows
        .iter()
        .filter_map(|r| {
            use sqlx::Row;
            let table: String = r.try_get(0).ok()?;
            let seat: i64 = r.try_get(1).ok()?;
            let player: String = r.try_get(2).ok()?;
            Some((table, u8::try_from(seat).ok()?, player))
        })
        .collect())
}

/// The summary of table `id` with `seat` and `live` added; `None` if the
/// table is not there.
async fn summary_of(app: &App, id: &str, seat: u8) -> Result<Option<Value>, ApiError> {
    let summary = match app.lobby.summary(id).await {
        Ok(s) => s,
        Err(e) if e.info.kind == "unknown_table" => return Ok(None),
        Err(e) => return Err(e),
    };
    // "unavailable": stored unfinished but driven by another instance (or
    // being restored): still a game to resume.
    let live = matches!(summary.status.as_str(), "waiting" | "playing" | "unavailable");
    let mut v = json!(summary);
    v["seat"] = json!(seat);
    v["live"] = json!(live);
    Ok(Some(v))
}

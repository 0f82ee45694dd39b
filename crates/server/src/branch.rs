//! Branching from a finished game (issue 44): `POST /api/tables/{id}/branch`
//! with `{"step": K, "seat": S, "bot": "greedy", "name": "…"}` opens a new
//! casual table from the position after the first `K` entries of table
//! `id`'s log, seats the asker at `S` (default: the seat to act there) and
//! the server's bot `bot` (default `greedy`) in every other seat, and answers
//! like a join: the seat's secret and link.
//!
//! The new table is stored as any table is, from the original's seed, its
//! start state and those `K` entries ([`crate::lobby::Lobby::create_from`]):
//! its log begins with the original's moves, so its replay shows how the
//! position came about, and a restart restores it by the same checks (chain,
//! version, digest) as every other table. Its chance still to come is the
//! original's, which anyone who saw the original knows: the table is marked
//! `seed_chosen` and is never rated.
//!
//! Only a finished table's log is public, so only a finished table may be
//! branched; anyone may branch it (as anyone may replay it).

use crate::error::ApiError;
use crate::http::{self, App, Path};
use crate::protocol::{CreateTable, Joined, SeatSpec};
use crate::table::Command;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::Json;
use engine::{ChanceMode, ErrorInfo, ToAct};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;

/// The bot of the other seats when the request names none.
pub const DEFAULT_BOT: &str = "greedy";

/// The body of `POST /api/tables/{id}/branch`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BranchRequest {
    /// The position: after this many entries of the log (a replay frame's
    /// `version`).
    pub step: u64,
    /// The asker's seat (default: the first seat to act there).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The bot of every other seat (default [`DEFAULT_BOT`]).
    #[serde(default)]
    pub bot: Option<String>,
    /// The asker's name at the new table.
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer: a join of the new table, and where it came from.
#[derive(Debug, Clone, Serialize)]
pub struct Branched {
    /// The seat held at the new table.
    #[serde(flatten)]
    pub joined: Joined,
    /// The finished table branched from.
    pub from: String,
    /// The step of its log the new table starts at.
    pub step: u64,
}

pub(crate) async fn handler(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Branched>), ApiError> {
    let req: BranchRequest = http::parse_body(body, app.config.max_body_bytes)?;
    let bot = req.bot.clone().unwrap_or_else(|| DEFAULT_BOT.to_string());
    let bots = app.lobby.shared().bots.names();
    if !bots.contains(&bot) {
        return Err(ApiError::unknown_bot(&bot, &bots));
    }
    let log = match app.lobby.log(&id).await {
        Ok(log) => log,
        Err(e) if e.info.kind == "not_finished" => return Err(not_finished()),
        Err(e) => return Err(e),
    };
    let game = log["game"].as_str().unwrap_or_default().to_string();
    let entry = app
        .lobby
        .registry()
        .get(&game)
        .ok_or_else(|| ApiError::unknown_game(&game, &app.lobby.registry().ids()))?;
    let total = log["entries"].as_array().map_or(0, Vec::len) as u64;
    if req.step > total {
        return Err(bad_step(req.step, total));
    }
    let seed = log["seed"]
        .as_u64()
        .ok_or_else(|| ApiError::internal("stored log without a seed"))?;
    let step = req.step;
    let start = tokio::task::spawn_blocking(move || {
        let mut prefix = log;
        if let Some(o) = prefix.as_object_mut() {
            // The recorded final state belongs to the whole log.
            o.remove("final_state");
        }
        if let Some(entries) = prefix["entries"].as_array_mut() {
            entries.truncate(step as usize);
        }
        // Seeded: the chance still to come is drawn as the original drew it.
        entry.replay_log(&prefix, ChanceMode::Seeded)
    })
    .await
    .map_err(|e| ApiError::internal(&e.to_string()))?
    .map_err(ApiError::engine)?;
    let players = start.players();
    let mover = match start.to_act() {
        ToAct::Seats(seats) => seats.first(),
        _ => return Err(bad_step(step, total)),
    };
    let seat = match req.seat.or(mover.map(|s| s.0)) {
        Some(s) if usize::from(s) < players => s,
        Some(s) => return Err(ApiError::no_such_seat(usize::from(s))),
        None => 0,
    };
    let name = crate::names::check_seat_name(req.name, usize::from(seat), &bots)?;
    let summary = app.lobby.summary(&id).await?;
    let options: Value = summary.options.clone();
    let specs = (0..players)
        .map(|s| {
            if s == usize::from(seat) {
                SeatSpec::Human
            } else {
                SeatSpec::Bot { bot: bot.clone() }
            }
        })
        .collect();
    let create = CreateTable {
        game,
        players,
        options,
        seats: Some(specs),
        seed: Some(seed),
        // One person against bots: no clock, as at any such table.
        clock: None,
        rated: false,
    };
    let place = http::reserve_table(&app, peer.ip()).await?;
    let created = app.lobby.create_from(create, Some(peer.ip()), Some(start)).await?;
    place.commit(created.id.clone());
    let handle = app
        .lobby
        .get(&created.id)
        .ok_or_else(|| ApiError::unknown_table(&created.id))?;
    let secret = handle
        .ask(|reply| Command::Join {
            seat: usize::from(seat),
            name,
            claim: crate::table::Claim::None,
            agent: false,
            from: Some(peer.ip()),
            reply,
        })
        .await?;
    tracing::info!(table = %created.id, from = %id, step, seat, "branch opened");
    let link = format!("{}/play/{}?seat={seat}#secret={secret}", app.public_url, created.id);
    Ok((
        StatusCode::CREATED,
        Json(Branched {
            joined: Joined {
                table: created.id,
                seat,
                secret,
                link,
            },
            from: id,
            step,
        }),
    ))
}

fn refusal(status: StatusCode, kind: &str, rule: &str, de: String, en: String) -> ApiError {
    ApiError {
        status,
        info: ErrorInfo::new(kind, rule, de, en),
    }
}

/// A branch of a table whose game has not ended.
pub fn not_finished() -> ApiError {
    refusal(
        StatusCode::CONFLICT,
        "not_finished",
        "server.branch.not_finished",
        "Weiterspielen von einer Stellung gibt es erst nach dem Spielende (keine Hilfe von außen).".into(),
        "A game can be played on from one of its positions only once it has ended (no help from outside).".into(),
    )
}

/// A step outside the log, or one where nobody decides (the end).
pub fn bad_step(step: u64, total: u64) -> ApiError {
    refusal(
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_step",
        "server.branch.step",
        format!("Von Schritt {step} lässt sich nicht weiterspielen: das Protokoll hat die Schritte 0 bis {total}, und am Ende entscheidet niemand mehr."),
        format!("The game cannot be played on from step {step}: the log has steps 0 to {total}, and at its end nobody decides any more."),
    )
}

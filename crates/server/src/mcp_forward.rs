//! The MCP tools at a table another instance drives (issue 29): an agent
//! connected to any instance sees, joins and plays every instance's tables.
//!
//! A tool call that names a table driven elsewhere is sent to the table's
//! owner as the same backend call ([`Call`], `POST /api/tables/{id}/agent`,
//! a route only peer instances may use) through the HTTP forwarding of
//! [`crate::proxy`]: the same owner lookup (with its short cache), forward
//! token and client address, and the same retry at the new owner when the
//! old one answers `table_moved` (nothing was done there). The owner runs it
//! with the very code a local call runs (`Tables::*_here` in
//! [`crate::mcp`]), on the table's actor, with every check of its own.
//!
//! Chosen over the two alternatives:
//! - forwarding the MCP session itself: a session lives on the instance
//!   the agent connected to, and one session's calls may name tables on
//!   every instance;
//! - calling the owner's public HTTP API: joining as an agent, the seat's
//!   picture and waiting for a turn have no one-to-one HTTP counterparts,
//!   so every tool would exist twice with its own mapping of answers and
//!   refusals, and the seat's token would travel to the owner. Here only
//!   its hash does (what the owner compares anyway).
//!
//! Refusals come back as the owner's [`ErrorInfo`]; an owner that does not
//! answer is `owner_unreachable` and a table changing hands past the retries
//! `table_moved`, both typed like every other refusal.

use crate::error::ApiError;
use crate::http::App;
use crate::mcp::Tables;
use crate::protocol::{CreateTable, TableSummary};
use crate::proxy::{Forwarded, Parts};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use engine::ErrorInfo;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// Longest wait one forwarded `wait` asks the owner for: below the
/// forwarding client's 20 s timeout, so a `wait_for_turn` of up to 50 s is
/// asked in a few of these.
pub const WAIT_SLICE: Duration = Duration::from_secs(15);

/// Largest answer read from an owner (a seat's picture of a big board is
/// tens of kilobytes).
const MAX_ANSWER: usize = 16 << 20;

/// A tool's call at a table, as sent to its owner. The seat is proven by
/// the hash of its token.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Call {
    /// `join_seat` (the name checked by the sender and again here).
    Join {
        /// Seat number.
        seat: u8,
        /// The agent's name.
        name: String,
    },
    /// `observe` / `legal_actions`: the seat's picture.
    Picture {
        /// Seat number.
        seat: u8,
        /// Hash of the seat's token.
        secret_hash: String,
    },
    /// The seat's history from version `from` on (`history`, and what
    /// `observe` and `act` show of it).
    Events {
        /// Seat number.
        seat: u8,
        /// Hash of the seat's token.
        secret_hash: String,
        /// First version.
        from: u64,
    },
    /// `read_chat`: the table's chat from line `from` on.
    Chat {
        /// Seat number.
        seat: u8,
        /// Hash of the seat's token.
        secret_hash: String,
        /// First line.
        from: u64,
    },
    /// `write_chat`: a line as the seat, checked by the owner as the HTTP
    /// chat checks it (the client's address is the forwarded one).
    Say {
        /// Seat number.
        seat: u8,
        /// Hash of the seat's token.
        secret_hash: String,
        /// The line.
        text: String,
    },
    /// `act`.
    Act {
        /// Seat number.
        seat: u8,
        /// Hash of the seat's token.
        secret_hash: String,
        /// The action.
        action: Value,
        /// The version it was chosen at.
        version: u64,
    },
    /// `wait_for_turn`, one slice of at most [`WAIT_SLICE`]: answers
    /// whether the seat must act (or the game is over).
    Wait {
        /// Seat number.
        seat: u8,
        /// Hash of the seat's token.
        secret_hash: String,
        /// How long to wait, in milliseconds.
        timeout_ms: u64,
    },
    /// `analyze`: a hint for the seat's current decision
    /// ([`crate::analysis`]), searched at the owner.
    Analyze {
        /// Seat number.
        seat: u8,
        /// Hash of the seat's token.
        secret_hash: String,
        /// Playouts asked for.
        playouts: Option<u64>,
        /// Milliseconds asked for.
        ms: Option<u64>,
        /// The best `top` actions only.
        top: Option<usize>,
    },
}

/// Whether `path` is the peers' route `/api/tables/{id}/agent`, which only
/// a request with the forward token may reach.
pub(crate) fn is_peer_route(path: &str) -> bool {
    path.strip_prefix("/api/tables/")
        .and_then(|rest| rest.split_once('/'))
        .is_some_and(|(_, tail)| tail.trim_end_matches('/') == "agent")
}

/// Whether `id` can be a table id in a path (ids are made by the server;
/// anything else is answered here, as an unknown table).
fn plain_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Sends `call` for `table` to the instance that drives it and gives its
/// answer; `None`: the call is for this instance (no peers, the table is
/// driven here, or it is finished or unknown, which every instance answers
/// from the database).
pub(crate) async fn call<T: DeserializeOwned>(
    app: &App,
    table: &str,
    call: &Call,
    client: Option<IpAddr>,
) -> Option<Result<T, ErrorInfo>> {
    let cluster = app.cluster.as_ref()?;
    if app.lobby.get(table).is_some() || !plain_id(table) {
        return None;
    }
    let body = serde_json::to_vec(call).ok()?;
    let parts = Parts::post_json(format!("/api/tables/{table}/agent"), body, client);
    Some(
        match crate::proxy::to_owner(app, cluster, table, &parts, false).await? {
            Ok(response) => decode(response).await,
            Err(e) => Err(e.info),
        },
    )
}

/// Opens the table `create` on the instance the cluster places it on, if
/// that is another one: sent there as the lobby's `POST /api/tables` on
/// behalf of `client`, so its limits count the same. `None`: open it here.
pub(crate) async fn create_elsewhere(
    app: &App,
    create: &CreateTable,
    client: IpAddr,
) -> Option<Result<TableSummary, ErrorInfo>> {
    let cluster = app.cluster.as_ref()?;
    let peer = cluster.place_new().filter(|p| p.name != cluster.name)?;
    let body = serde_json::to_vec(create).ok()?;
    let parts = Parts::post_json("/api/tables".into(), body, Some(client));
    Some(match crate::proxy::send(cluster, &peer.address, &parts).await {
        Ok(response) => decode(response).await,
        Err(e) => Err(e.info),
    })
}

/// An owner's answer: the value on success, else its refusal.
async fn decode<T: DeserializeOwned>(response: Response) -> Result<T, ErrorInfo> {
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), MAX_ANSWER)
        .await
        .map_err(|_| ApiError::owner_unreachable().info)?;
    if status.is_success() {
        return serde_json::from_slice(&body).map_err(|e| {
            tracing::warn!(error = %e, "an owner's MCP answer not understood");
            ApiError::owner_unreachable().info
        });
    }
    serde_json::from_slice::<Value>(&body)
        .ok()
        .and_then(|v| serde_json::from_value::<ErrorInfo>(v["error"].clone()).ok())
        .map_or_else(|| Err(ApiError::owner_unreachable().info), Err)
}

/// `POST /api/tables/{id}/agent`: a tool call a peer forwarded for a table
/// driven here (the forwarding layer in front of it sent it on, or
/// answered `table_moved`, if it is not). Anyone else is told there is no
/// such endpoint.
pub(crate) async fn serve(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    forwarded: Option<Extension<Forwarded>>,
    axum::extract::ConnectInfo(client): axum::extract::ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    if forwarded.is_none() {
        return crate::http::not_found().await.into_response();
    }
    let call: Call = match serde_json::from_slice(&body) {
        Ok(c) => c,
        Err(e) => return ApiError::malformed(format!("body: {e}")).into_response(),
    };
    let tables = Tables::new(Arc::clone(&app));
    let access = |seat, secret_hash| crate::table::Access::Seat { seat, secret_hash };
    let answer = match call {
        Call::Join { seat, name } => match crate::lobby::check_name(Some(name), usize::from(seat)) {
            // The client's address, as the forwarding instance sent it.
            Ok(name) => json(tables.join_here(id, seat, name, Some(client.ip())).await),
            Err(e) => Err(e.info),
        },
        Call::Picture { seat, secret_hash } => json(tables.picture_here(id, seat, access(seat, secret_hash)).await),
        Call::Events {
            seat,
            secret_hash,
            from,
        } => json(tables.history_here(id, access(seat, secret_hash), from).await),
        Call::Chat {
            seat,
            secret_hash,
            from,
        } => json(tables.chat_here(id, access(seat, secret_hash), from).await),
        Call::Say {
            seat,
            secret_hash,
            text,
        } => json(tables.say_here(id, access(seat, secret_hash), text, peer.ip()).await),
        Call::Act {
            seat,
            secret_hash,
            action,
            version,
        } => json(tables.act_here(id, access(seat, secret_hash), action, version).await),
        Call::Wait {
            seat,
            secret_hash,
            timeout_ms,
        } => {
            let timeout = Duration::from_millis(timeout_ms).min(WAIT_SLICE);
            json(tables.wait_here(id, access(seat, secret_hash), timeout).await)
        }
        Call::Analyze {
            seat,
            secret_hash,
            playouts,
            ms,
            top,
        } => {
            let req = crate::analysis::AnalysisRequest { playouts, ms, top };
            tables.analyze_here(id, seat, access(seat, secret_hash), req).await
        }
    };
    match answer {
        Ok(v) => Json(v).into_response(),
        Err(info) => {
            // `table_moved` keeps its status: the sender tries the new owner.
            let status = if info.kind == "table_moved" {
                StatusCode::SERVICE_UNAVAILABLE
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            ApiError { status, info }.into_response()
        }
    }
}

fn json<T: Serialize>(r: Result<T, ErrorInfo>) -> Result<Value, ErrorInfo> {
    r.and_then(|v| serde_json::to_value(v).map_err(|e| ApiError::internal(&e.to_string()).info))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peer_route_is_told_apart() {
        assert!(is_peer_route("/api/tables/abc/agent"));
        assert!(is_peer_route("/api/tables/abc/agent/"));
        assert!(!is_peer_route("/api/tables/abc/act"));
        assert!(!is_peer_route("/api/tables/agent"));
        assert!(!is_peer_route("/api/tables/abc/agent/x"));
        assert!(!is_peer_route("/mcp"));
    }

    #[test]
    fn only_plain_ids_go_into_a_path() {
        assert!(plain_id("2a30e43c7bf7a54e"));
        assert!(!plain_id(""));
        assert!(!plain_id("a/b"));
        assert!(!plain_id("a?b"));
        assert!(!plain_id(&"a".repeat(65)));
    }

    #[test]
    fn calls_are_read_strictly() {
        let call: Call =
            serde_json::from_value(serde_json::json!({"op": "wait", "seat": 1, "secret_hash": "h", "timeout_ms": 5}))
                .expect("a wait");
        assert!(matches!(
            call,
            Call::Wait {
                seat: 1,
                timeout_ms: 5,
                ..
            }
        ));
        assert!(serde_json::from_value::<Call>(serde_json::json!({"op": "wait", "seat": 1})).is_err());
        assert!(serde_json::from_value::<Call>(serde_json::json!({"op": "drop_tables"})).is_err());
        let call: Call = serde_json::from_value(
            serde_json::json!({"op": "analyze", "seat": 0, "secret_hash": "h", "playouts": 500, "ms": null, "top": 3}),
        )
        .expect("an analysis");
        assert!(matches!(
            call,
            Call::Analyze {
                seat: 0,
                playouts: Some(500),
                top: Some(3),
                ..
            }
        ));
        assert!(serde_json::from_value::<Call>(
            serde_json::json!({"op": "analyze", "seat": 0, "secret_hash": "h", "threads": 64})
        )
        .is_err());
    }
}

//! Any instance answers for any table (issue 29): a request or WebSocket for
//! a table another instance drives is forwarded to that instance's
//! advertised address, and the answer (or every message, both ways) passed
//! back. Forwarding was chosen over relaying actions and updates through
//! the database (`LISTEN/NOTIFY`): it adds one loopback or LAN hop and no
//! second path for the game's messages, and the owner's checks (secrets,
//! versions, limits per client address) apply unchanged.
//!
//! A forwarded request carries the forward token ([`FORWARD_HEADER`], an
//! HMAC of the database's server secret) and the client's address
//! ([`CLIENT_HEADER`]); the owner trusts the address only with a valid token,
//! and never forwards such a request again (no loops). An action forwarded
//! to an owner that lost the table meanwhile is refused there with
//! `table_moved` (nothing stored) and sent again to the new owner; an owner
//! that does not answer gives `owner_unreachable`, and the client's retry
//! with the same version is answered `stale_version` if the action was stored
//! after all: never applied twice.

use crate::cluster::{Cluster, Owner, CLIENT_HEADER, FORWARD_HEADER};
use crate::error::ApiError;
use crate::http::App;
use axum::body::{Body, Bytes};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use axum::extract::{ConnectInfo, FromRequestParts, Request, State, WebSocketUpgrade};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Marks a request that a peer instance forwarded (checked token).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Forwarded;

/// How often a request for a table that is changing hands is tried before
/// `table_moved` is answered, and the pause between tries.
const TRIES: usize = 6;
const PAUSE: Duration = Duration::from_millis(400);

/// Outermost layer: a request with a valid forward token is marked
/// [`Forwarded`] and its client address taken from [`CLIENT_HEADER`]; on any
/// other request both headers are dropped, so nobody outside can pose as an
/// instance or as another address.
pub(crate) async fn trust(State(app): State<Arc<App>>, mut req: Request, next: Next) -> Response {
    let token = req.headers().get(FORWARD_HEADER).and_then(|v| v.to_str().ok());
    let trusted = match (&app.cluster, token) {
        (Some(c), Some(t)) => c.trusts(t),
        _ => false,
    };
    if trusted {
        let client = req
            .headers()
            .get(CLIENT_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<IpAddr>().ok());
        if let Some(ip) = client {
            req.extensions_mut().insert(ConnectInfo(SocketAddr::new(ip, 0)));
        }
        req.extensions_mut().insert(Forwarded);
    } else {
        req.headers_mut().remove(FORWARD_HEADER);
        req.headers_mut().remove(CLIENT_HEADER);
    }
    next.run(req).await
}

/// The table a path names (`/api/tables/{id}/…`).
fn table_of(path: &str) -> Option<&str> {
    let id = path.strip_prefix("/api/tables/")?.split('/').next()?;
    (!id.is_empty()).then_some(id)
}

fn is_upgrade(req: &Request) -> bool {
    req.headers()
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// Innermost layer (after the site check and the rate limit): serves
/// locally what this instance drives or what only the database holds, and
/// forwards the rest to the owner. A new table is placed on the instance
/// [`Cluster::place_new`] picks.
pub(crate) async fn forward(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let Some(cluster) = app.cluster.clone() else {
        return next.run(req).await;
    };
    let forwarded = req.extensions().get::<Forwarded>().is_some();
    let path = req.uri().path().to_owned();
    // The peers' own route is never sent on for anyone else (it would
    // arrive at the owner as forwarded).
    if !forwarded && crate::mcp_forward::is_peer_route(&path) {
        return crate::http::not_found().await.into_response();
    }
    if req.method() == Method::POST && path == "/api/tables" {
        let place = if forwarded { None } else { cluster.place_new() };
        return match place {
            Some(peer) if peer.name != cluster.name => match read(&app, req).await {
                Ok(parts) => send(&cluster, &peer.address, &parts)
                    .await
                    .unwrap_or_else(|e| e.into_response()),
                Err(e) => e,
            },
            _ => next.run(req).await,
        };
    }
    let Some(id) = table_of(&path).map(str::to_owned) else {
        return next.run(req).await;
    };
    // Where it is served, before the body is read: most requests are for a
    // table driven here or one only the database holds.
    match locate(&app, &cluster, &id, forwarded).await {
        Ok(None) => return next.run(req).await,
        Err(e) => return e.into_response(),
        Ok(Some(address)) if is_upgrade(&req) => return websocket(&app, &cluster, &id, &address, req).await,
        Ok(Some(_)) => {}
    }
    let parts = match read(&app, req).await {
        Ok(p) => p,
        Err(e) => return e,
    };
    match to_owner(&app, &cluster, &id, &parts, forwarded).await {
        Some(Ok(r)) => r,
        Some(Err(e)) => e.into_response(),
        None => next.run(rebuild(&parts)).await,
    }
}

/// Where a request for table `id` is served: `None` here (driven here, kept
/// aside here, or finished or unknown: every instance serves those from the
/// database), else the owner's address. A table being restored here or
/// changing hands is asked about again for a few seconds, then refused as
/// `table_moved`. A forwarded request is never forwarded again: if the
/// table is owned by yet another instance, the sender is told
/// `table_moved` at once and asks the database itself.
async fn locate(app: &App, cluster: &Cluster, id: &str, forwarded: bool) -> Result<Option<String>, ApiError> {
    for attempt in 0..TRIES {
        if attempt > 0 {
            tokio::time::sleep(PAUSE).await;
        }
        if app.lobby.get(id).is_some() || app.lobby.shared().quarantine.contains(id) {
            return Ok(None);
        }
        // A forwarded request reached an instance that does not drive the
        // table: the sender's kept owner was stale, so no kept one here.
        let owner = if forwarded {
            cluster.owner_of(id).await
        } else {
            cluster.owner_cached(id).await
        };
        let owner = owner.map_err(|e| {
            tracing::warn!(error = %e, "owner not read");
            ApiError::storage()
        })?;
        match owner {
            None => return Ok(None),
            // Owned here but no longer in memory because its game is over
            // (ended as abandoned, closed to make room, or finished and
            // evicted): the database answers, here.
            Some(Owner::Me) if ended(app, id).await => return Ok(None),
            // Being restored here, or changing hands: ask again shortly.
            Some(Owner::Me | Owner::Moving) => continue,
            Some(Owner::Peer(_)) if forwarded => return Err(ApiError::table_moved()),
            Some(Owner::Peer(address)) => return Ok(Some(address)),
        }
    }
    Err(ApiError::table_moved())
}

/// Whether table `id` is stored as over (finished, closed or abandoned):
/// such a table is never restored, so it is not waited for.
async fn ended(app: &App, id: &str) -> bool {
    matches!(app.lobby.shared().db.archived(id).await, Ok(Some(a)) if a.finished)
}

/// Sends the request `p` for table `id` to the instance that drives it and
/// gives its answer; `None`: serve it here after all (see [`locate`]). An
/// owner that answers `table_moved` lost the table without storing
/// anything: its kept address is dropped and the request sent to the new
/// owner, a few times at most. An owner that does not answer gives
/// `owner_unreachable` (and its kept address is dropped too). The HTTP
/// forwarding and the MCP tools ([`crate::mcp_forward`]) both come here.
pub(crate) async fn to_owner(
    app: &App,
    cluster: &Cluster,
    id: &str,
    p: &Parts,
    forwarded: bool,
) -> Option<Result<Response, ApiError>> {
    for attempt in 0..TRIES {
        if attempt > 0 {
            tokio::time::sleep(PAUSE).await;
        }
        let address = match locate(app, cluster, id, forwarded).await {
            Ok(None) => return None,
            Ok(Some(a)) => a,
            Err(e) => return Some(Err(e)),
        };
        match send(cluster, &address, p).await {
            Ok(r) => return Some(Ok(r)),
            Err(e) => {
                cluster.forget_owner(id);
                if e.info.kind != "table_moved" {
                    return Some(Err(e));
                }
            }
        }
    }
    Some(Err(ApiError::table_moved()))
}

/// A request read whole, to be sent (again) to an owner.
pub(crate) struct Parts {
    method: Method,
    path: String,
    headers: axum::http::HeaderMap,
    body: Bytes,
    client: Option<IpAddr>,
}

impl Parts {
    /// A JSON `POST` to `path` on behalf of `client`.
    pub(crate) fn post_json(path: String, body: Vec<u8>, client: Option<IpAddr>) -> Parts {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        Parts {
            method: Method::POST,
            path,
            headers,
            body: Bytes::from(body),
            client,
        }
    }
}

/// A request read by [`read`] made whole again, to be served here after all.
fn rebuild(p: &Parts) -> Request {
    let mut req = Request::new(Body::from(p.body.clone()));
    *req.method_mut() = p.method.clone();
    if let Ok(uri) = p.path.parse() {
        *req.uri_mut() = uri;
    }
    *req.headers_mut() = p.headers.clone();
    if let Some(ip) = p.client {
        req.extensions_mut().insert(ConnectInfo(SocketAddr::new(ip, 0)));
    }
    req
}

async fn read(app: &App, req: Request) -> Result<Parts, Response> {
    let client = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let (parts, body) = req.into_parts();
    let limit = app.config.max_body_bytes;
    let body = axum::body::to_bytes(body, limit)
        .await
        .map_err(|_| ApiError::too_large(limit).into_response())?;
    Ok(Parts {
        method: parts.method,
        path: parts
            .uri
            .path_and_query()
            .map_or_else(|| parts.uri.path().to_owned(), |p| p.as_str().to_owned()),
        headers: parts.headers,
        body,
        client,
    })
}

/// Sends a request to the owner at `address`; a `table_moved` answer comes
/// back as `Err` so that the caller may try the new owner.
pub(crate) async fn send(cluster: &Cluster, address: &str, p: &Parts) -> Result<Response, ApiError> {
    let mut request = cluster
        .http
        .request(p.method.clone(), format!("{}{}", address.trim_end_matches('/'), p.path))
        .header(FORWARD_HEADER, cluster.forward_token())
        .body(p.body.clone());
    for name in [header::CONTENT_TYPE, header::ACCEPT] {
        if let Some(v) = p.headers.get(&name) {
            request = request.header(name, v.clone());
        }
    }
    if let Some(v) = p.headers.get(crate::http::SECRET_HEADER) {
        request = request.header(crate::http::SECRET_HEADER, v.clone());
    }
    if let Some(ip) = p.client {
        request = request.header(CLIENT_HEADER, ip.to_string());
    }
    let answer = request.send().await.map_err(|e| {
        tracing::debug!(%address, error = %e, "owner instance did not answer");
        ApiError::owner_unreachable()
    })?;
    let status = StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let content_type = answer.headers().get(header::CONTENT_TYPE).cloned();
    let body = answer.bytes().await.map_err(|_| ApiError::owner_unreachable())?;
    if status == StatusCode::SERVICE_UNAVAILABLE {
        let kind = serde_json::from_slice::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v["error"]["kind"].as_str().map(str::to_owned));
        if kind.as_deref() == Some("table_moved") {
            return Err(ApiError::table_moved());
        }
    }
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    if let Some(ct) = content_type {
        response.headers_mut().insert(header::CONTENT_TYPE, ct);
    }
    Ok(response)
}

/// Connects to the owner's WebSocket of the table first (so that a dead
/// owner is an HTTP error, not an empty connection), then upgrades the
/// client's and passes every message both ways until either side closes.
/// When the owner goes away the client gets close code 1012 and reconnects.
async fn websocket(app: &App, cluster: &Cluster, id: &str, address: &str, req: Request) -> Response {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let client = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let (mut parts, _) = req.into_parts();
    let path = parts.uri.path_and_query().map_or("/", |p| p.as_str()).to_owned();
    let ws = match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
        Ok(ws) => ws,
        Err(e) => return ApiError::not_websocket(e.body_text()).into_response(),
    };
    let url = format!("{}{path}", address.trim_end_matches('/').replacen("http", "ws", 1));
    let Ok(mut upstream_req) = url.into_client_request() else {
        return ApiError::owner_unreachable().into_response();
    };
    if let Ok(v) = HeaderValue::from_str(cluster.forward_token()) {
        upstream_req.headers_mut().insert(FORWARD_HEADER, v);
    }
    if let Some(v) = client.and_then(|ip| HeaderValue::from_str(&ip.to_string()).ok()) {
        upstream_req.headers_mut().insert(CLIENT_HEADER, v);
    }
    let connect = tokio_tungstenite::connect_async(upstream_req);
    let upstream = match tokio::time::timeout(Duration::from_secs(5), connect).await {
        Ok(Ok((s, _))) => s,
        _ => {
            tracing::warn!(%address, "owner instance did not take the WebSocket");
            cluster.forget_owner(id);
            return ApiError::owner_unreachable().into_response();
        }
    };
    let hard_cap = app.config.max_message_bytes.saturating_mul(4).max(4096);
    ws.read_buffer_size(8 * 1024)
        .max_message_size(hard_cap)
        .max_frame_size(hard_cap)
        .on_upgrade(move |socket| pump(socket, upstream))
}

type Upstream = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn pump(client: WebSocket, upstream: Upstream) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    use tokio_tungstenite::tungstenite::protocol::CloseFrame as UpFrame;
    use tokio_tungstenite::tungstenite::Message as Up;
    let (mut to_client, mut from_client) = client.split();
    let (mut to_owner, mut from_owner) = upstream.split();
    let moved = |reason: &'static str| {
        Message::Close(Some(CloseFrame {
            code: 1012,
            reason: Utf8Bytes::from_static(reason),
        }))
    };
    loop {
        tokio::select! {
            m = from_client.next() => {
                let up = match m {
                    Some(Ok(Message::Text(t))) => Up::Text(t.as_str().to_owned().into()),
                    Some(Ok(Message::Binary(b))) => Up::Binary(b),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(f))) => {
                        let frame = f.map(|f| UpFrame { code: CloseCode::from(f.code), reason: f.reason.as_str().to_owned().into() });
                        let _ = to_owner.send(Up::Close(frame)).await;
                        break;
                    }
                    _ => {
                        let _ = to_owner.send(Up::Close(None)).await;
                        break;
                    }
                };
                if to_owner.send(up).await.is_err() {
                    let _ = to_client.send(moved("table server gone: reconnect")).await;
                    break;
                }
            }
            m = from_owner.next() => {
                let down = match m {
                    Some(Ok(Up::Text(t))) => Message::Text(Utf8Bytes::from(t.as_str().to_owned())),
                    Some(Ok(Up::Binary(b))) => Message::Binary(b),
                    // The owner's keep-alive pings reach the client, whose
                    // pongs keep this connection from looking idle here.
                    Some(Ok(Up::Ping(b))) => Message::Ping(b),
                    Some(Ok(Up::Pong(_) | Up::Frame(_))) => continue,
                    Some(Ok(Up::Close(f))) => {
                        let frame = f.map(|f| CloseFrame { code: u16::from(f.code), reason: Utf8Bytes::from(f.reason.as_str().to_owned()) });
                        let _ = to_client.send(Message::Close(frame)).await;
                        break;
                    }
                    _ => {
                        let _ = to_client.send(moved("table server gone: reconnect")).await;
                        break;
                    }
                };
                if to_client.send(down).await.is_err() {
                    let _ = to_owner.send(Up::Close(None)).await;
                    break;
                }
            }
        }
    }
}

/// Every instance's tables for the lobby: this one's and each live peer's
/// (asked at once, a second at most each; a peer that does not answer is
/// left out of this listing), newest first.
pub(crate) async fn list_everywhere(
    cluster: &Cluster,
    local: Vec<crate::protocol::TableSummary>,
) -> Vec<serde_json::Value> {
    let asks = cluster
        .peers()
        .into_iter()
        .filter(|p| p.name != cluster.name)
        .map(|p| async move {
            let answer = cluster
                .http
                .get(format!("{}/api/tables", p.address))
                .header(FORWARD_HEADER, cluster.forward_token())
                .timeout(Duration::from_secs(1))
                .send()
                .await
                .ok()?;
            let v: serde_json::Value = answer.json().await.ok()?;
            v["tables"].as_array().cloned()
        });
    let mut all: Vec<serde_json::Value> = local.iter().map(|s| serde_json::json!(s)).collect();
    for tables in futures_util::future::join_all(asks).await.into_iter().flatten() {
        all.extend(tables);
    }
    all.sort_by(|a, b| {
        let key = |v: &serde_json::Value| {
            (
                v["created_ms"].as_i64().unwrap_or(0),
                v["id"].as_str().map(str::to_owned),
            )
        };
        let (ka, kb) = (key(a), key(b));
        kb.0.cmp(&ka.0).then_with(|| ka.1.cmp(&kb.1))
    });
    all.dedup_by(|a, b| a["id"] == b["id"]);
    all
}

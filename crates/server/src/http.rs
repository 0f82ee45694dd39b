//! The HTTP API (JSON): tables, seats, views, legal actions, acting, logs.
//! Every refusal is `{"error": {kind, rule, message: {de, en}}}`.

use crate::chat::{check_text, ChatRequest};
use crate::error::ApiError;
use crate::guard::SitePolicy;
use crate::limits::{OpenTables, PerAddress};
use crate::lobby::Lobby;
use crate::protocol::{ActRequest, CreateTable, JoinSeat, Joined};
use crate::secret;
use crate::table::{Access, Command, TableHandle};
use crate::ServerConfig;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Request, State, WebSocketUpgrade};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;

/// The header that carries a seat's secret.
pub const SECRET_HEADER: &str = "x-seat-secret";

/// What every handler shares.
#[derive(Debug)]
pub struct App {
    /// The configuration.
    pub config: ServerConfig,
    /// The tables.
    pub lobby: Arc<Lobby>,
    /// Flips to `true` on shutdown.
    pub shutdown: watch::Receiver<bool>,
    /// Base of shareable links.
    pub public_url: String,
    /// Open tables by creating address.
    pub open_tables: Arc<OpenTables>,
    /// Open connections (for `/api/health`).
    pub connections: Arc<crate::limits::Connections>,
    /// HTTP requests by client address.
    http_limits: PerAddress,
    /// WebSocket messages by client address.
    pub ws_limits: PerAddress,
    /// Chat lines by client address.
    chat_limits: PerAddress,
    /// Which `Host` and `Origin` headers are accepted.
    site: SitePolicy,
    /// This instance among several on one PostgreSQL database (`None`:
    /// SQLite, the one server); see [`crate::cluster`].
    pub cluster: Option<Arc<crate::cluster::Cluster>>,
    /// The analyses running at once ([`crate::analysis`]).
    pub analysis_slots: crate::analysis::Slots,
    /// The win-chance graphs computed in the background ([`crate::graph`]).
    pub graphs: crate::graph::Graphs,
}

impl App {
    /// The shared state of the handlers.
    pub fn new(
        config: ServerConfig,
        addr: SocketAddr,
        lobby: Arc<Lobby>,
        connections: Arc<crate::limits::Connections>,
        shutdown: watch::Receiver<bool>,
        cluster: Option<Arc<crate::cluster::Cluster>>,
    ) -> Arc<App> {
        let public_url = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{addr}"))
            .trim_end_matches('/')
            .to_string();
        Arc::new(App {
            http_limits: PerAddress::new(config.http_rate, config.http_burst),
            ws_limits: PerAddress::new(config.ws_rate, config.ws_burst),
            chat_limits: PerAddress::new(config.chat_rate, config.chat_burst),
            open_tables: OpenTables::new(config.tables_per_address, config.max_tables),
            site: SitePolicy::new(addr, &config.public_hosts, &config.cors_origins),
            analysis_slots: crate::analysis::Slots::new(config.analysis_slots),
            graphs: crate::graph::Graphs::default(),
            config,
            lobby,
            connections,
            shutdown,
            public_url,
            cluster,
        })
    }

    /// The periodic clean-up: finished tables stop counting as open, idle
    /// addresses are forgotten by the rate limiters.
    pub fn sweep(&self) {
        let lobby = &self.lobby;
        self.open_tables.prune_all(&|id| lobby.is_open(id));
        self.http_limits.forget_idle();
        self.ws_limits.forget_idle();
        self.chat_limits.forget_idle();
    }
}

/// The router with every route, the body limit, rate limits and CORS.
pub fn router(app: Arc<App>) -> Router {
    let mut router = Router::new()
        .route("/api/health", get(health))
        .route("/api/games", get(games))
        .route("/api/games/{id}/description", get(game_description))
        .route("/api/ratings", get(ratings))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/my-games", post(crate::my_games::handler))
        .route("/api/tables/{id}", get(table_summary))
        .route("/api/tables/{id}/seats/{seat}/join", post(join))
        .route("/api/tables/{id}/seats/{seat}/leave", post(leave))
        .route("/api/tables/{id}/view", get(view))
        .route("/api/tables/{id}/legal", get(legal))
        .route("/api/tables/{id}/act", post(act))
        .route("/api/tables/{id}/log", get(log))
        .route("/api/tables/{id}/history", get(history))
        .route("/api/tables/{id}/analysis", get(crate::analysis::handler))
        .route("/api/tables/{id}/graph", get(crate::graph::handler))
        .route("/api/tables/{id}/branch", post(crate::branch::handler))
        .route("/api/tables/{id}/topology", get(topology))
        .route("/api/tables/{id}/description", get(table_description))
        .route("/api/tables/{id}/chat", get(chat_log).post(chat))
        .route("/api/tables/{id}/rematch", post(rematch))
        .route("/api/tables/{id}/autopilot", post(autopilot))
        .route("/api/tables/{id}/ws", get(websocket))
        .route("/api/tables/{id}/agent", post(crate::mcp_forward::serve))
        .route("/mcp", crate::mcp::route(&app))
        .merge(crate::webui::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(Arc::clone(&app), crate::proxy::forward))
        .layer(middleware::from_fn_with_state(Arc::clone(&app), limit_rate))
        .layer(middleware::from_fn_with_state(Arc::clone(&app), check_site))
        .layer(middleware::from_fn_with_state(Arc::clone(&app), crate::proxy::trust))
        .layer(DefaultBodyLimit::max(app.config.max_body_bytes));
    if !app.config.cors_origins.is_empty() {
        let origins: Vec<HeaderValue> = app
            .config
            .cors_origins
            .iter()
            .filter_map(|o| HeaderValue::from_str(o).ok())
            .collect();
        router = router.layer(
            tower_http::cors::CorsLayer::new()
                .allow_origin(origins)
                .allow_methods([axum::http::Method::GET, axum::http::Method::POST])
                .allow_headers([
                    axum::http::header::CONTENT_TYPE,
                    axum::http::HeaderName::from_static(SECRET_HEADER),
                ]),
        );
    }
    router.with_state(app)
}

/// Host, Origin, Content-Type and a declared body size first: a refused
/// request costs nothing else. A `Content-Length` over the body limit is
/// refused at once (413), before a byte of the body is waited for.
async fn check_site(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    // A head over the documented size is refused before anything else looks
    // at it (hyper stops reading one at `HARD_HEAD_BYTES`).
    if crate::limits::head_bytes(req.method(), req.uri(), req.headers()) > crate::limits::MAX_HEAD_BYTES {
        let mut response = ApiError::headers_too_large(crate::limits::MAX_HEAD_BYTES).into_response();
        response
            .headers_mut()
            .insert(axum::http::header::CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    // A peer instance checked the browser's Host and Origin already; its own
    // Host names this instance's advertised address.
    let forwarded = req.extensions().get::<crate::proxy::Forwarded>().is_some();
    let checked = if forwarded {
        Ok(())
    } else {
        app.site.check(req.method(), req.headers())
    };
    if let Err(e) = checked {
        return e.into_response();
    }
    let limit = app.config.max_body_bytes;
    let declared = req.headers().get_all(axum::http::header::CONTENT_LENGTH);
    let too_large = declared.iter().any(|v| {
        v.to_str()
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .is_some_and(|n| n > limit as u64)
    });
    if too_large {
        let mut response = ApiError::too_large(limit).into_response();
        // The body is never read: the connection cannot be reused.
        response
            .headers_mut()
            .insert(axum::http::header::CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    next.run(req).await
}

/// `axum::extract::Query` with refusals in the error shape.
pub(crate) struct Query<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| Query(q.0))
            .map_err(|e| ApiError::bad_query(e.body_text()))
    }
}

/// `axum::extract::Path` with refusals in the error shape.
pub(crate) struct Path<T>(pub(crate) T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|p| Path(p.0))
            .map_err(|e| ApiError::bad_query(e.body_text()))
    }
}

async fn method_not_allowed() -> ApiError {
    ApiError::method_not_allowed()
}

async fn limit_rate(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    if !app.http_limits.allow(peer.ip()) {
        return ApiError::rate_limited().into_response();
    }
    let (method, path) = (req.method().clone(), req.uri().path().to_string());
    // Reading the body and answering has a deadline: a body sent a byte at a
    // time must not hold the connection for ever.
    let limit = std::time::Duration::from_millis(app.config.request_timeout_ms.max(1));
    let response = match tokio::time::timeout(limit, next.run(req)).await {
        Ok(r) => r,
        Err(_) => ApiError::request_timeout().into_response(),
    };
    // Paths only: query strings and headers (secrets) are never logged.
    tracing::debug!(%method, %path, status = response.status().as_u16(), "request");
    response
}

pub(crate) async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        info: engine::ErrorInfo::new(
            "not_found",
            "server.not_found",
            "Diesen Endpunkt gibt es nicht.",
            "There is no such endpoint.",
        ),
    }
}

/// Reads a JSON body into `T`, with our error shape for every failure.
pub(crate) fn parse_body<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    limit: usize,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(limit)
        } else {
            ApiError::malformed(e.body_text())
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::malformed(format!("body: {e}")))
}

pub(crate) fn parse_seat(seat: &str) -> Result<u8, ApiError> {
    seat.parse::<u8>()
        .map_err(|_| ApiError::malformed(format!("seat '{seat}' is not a seat number")))
}

fn table(app: &App, id: &str) -> Result<TableHandle, ApiError> {
    app.lobby.get(id).ok_or_else(|| ApiError::unknown_table(id))
}

/// The access a request claims: a seat with its secret header, or a spectator.
pub(crate) fn access(headers: &HeaderMap, seat: Option<u8>) -> Result<Access, ApiError> {
    match seat {
        None => Ok(Access::Spectator),
        Some(seat) => {
            let secret = headers
                .get(SECRET_HEADER)
                .and_then(|v| v.to_str().ok())
                .ok_or_else(|| ApiError::wrong_secret(usize::from(seat)))?;
            Ok(Access::Seat {
                seat,
                secret_hash: secret::hash(secret.trim()),
            })
        }
    }
}

async fn health(State(app): State<Arc<App>>) -> Response {
    let db = app.lobby.shared().db.ping().await;
    let status = if db {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = json!({
        "status": if db { "ok" } else { "degraded" },
        "database": if db { "ok" } else { "unreachable" },
        "tables": app.lobby.len(),
        "open_tables": app.open_tables.count(),
        "connections": app.connections.open(),
        "rss_bytes": resident_bytes(),
        "quarantined": app.lobby.shared().quarantine.list(),
        "instance": app.cluster.as_ref().map(|c| c.name.clone()),
        "instances": app.cluster.as_ref().map(|c| c.peers().len()),
    });
    (status, Json(body)).into_response()
}

/// The process's resident memory (Linux; `None` elsewhere), for monitoring
/// and the soak test.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024)
}

async fn games(State(app): State<Arc<App>>) -> Json<Value> {
    let registry = app.lobby.registry();
    // Per game its rule sets, as the registry crate describes them: the
    // lobby offers these instead of a copy of its own.
    let rule_sets: serde_json::Map<String, Value> = registry
        .ids()
        .into_iter()
        .filter_map(|id| registry.get(id).map(|e| (id.to_owned(), json!(e.rule_sets()))))
        .collect();
    // Per game its documented options, each with its bounds or values and its
    // default per rule set: the lobby builds its controls from these.
    let options: serde_json::Map<String, Value> = registry
        .ids()
        .into_iter()
        .filter_map(|id| registry.get(id).map(|e| (id.to_owned(), json!(e.options()))))
        .collect();
    Json(json!({
        "games": registry.ids(),
        "rule_sets": rule_sets,
        "options": options,
        "bots": app.lobby.shared().bots.names(),
        // The clock of a table open to strangers when none is asked for
        // (the lobby shows it).
        "default_clock": crate::clock::DEFAULT_OPEN_CLOCK,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RatingsQuery {
    game: Option<String>,
    rules: Option<String>,
}

/// `GET /api/ratings?game=&rules=`: the leaderboard of a game's rule set
/// (absent `rules`: the game's default rule set), best rating first.
async fn ratings(State(app): State<Arc<App>>, Query(q): Query<RatingsQuery>) -> Result<Json<Value>, ApiError> {
    let registry = app.lobby.registry();
    let game = q.game.ok_or_else(|| ApiError::bad_query("game= is missing"))?;
    let entry = registry
        .get(&game)
        .ok_or_else(|| ApiError::unknown_game(&game, &registry.ids()))?;
    let known: Vec<String> = entry.rule_sets().into_iter().map(|r| r.id).collect();
    let default = known
        .first()
        .cloned()
        .unwrap_or_else(|| crate::ratings::DEFAULT_RULES.to_string());
    let rules = q.rules.unwrap_or(default);
    let offered = if known.is_empty() {
        rules == crate::ratings::DEFAULT_RULES
    } else {
        known.contains(&rules)
    };
    if !offered {
        let known = if known.is_empty() {
            vec![crate::ratings::DEFAULT_RULES.to_string()]
        } else {
            known
        };
        return Err(ApiError::unknown_rules(&game, &rules, &known));
    }
    let rows = crate::ratings::list(&app.lobby.shared().db, &game, &rules).await?;
    Ok(Json(json!({ "game": game, "rules": rules, "ratings": rows })))
}

async fn list_tables(
    State(app): State<Arc<App>>,
    forwarded: Option<axum::Extension<crate::proxy::Forwarded>>,
) -> Json<Value> {
    // Only live tables: a finished, closed or abandoned one is found on its
    // players' "My games" page (`POST /api/my-games`), not in the lobby.
    let mut local = app.lobby.list();
    local.retain(|t| matches!(t.status.as_str(), "waiting" | "playing"));
    match &app.cluster {
        // Every instance's tables: asked of the peers (who answer with
        // their own only, as the request is forwarded).
        Some(cluster) if forwarded.is_none() => {
            Json(json!({ "tables": crate::proxy::list_everywhere(cluster, local).await }))
        }
        _ => Json(json!({ "tables": local })),
    }
}

async fn create_table(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let req: CreateTable = parse_body(body, app.config.max_body_bytes)?;
    let place = reserve_table(&app, peer.ip()).await?;
    let summary = app.lobby.create_by(req, Some(peer.ip())).await?;
    place.commit(summary.id.clone());
    Ok((StatusCode::CREATED, Json(json!(summary))))
}

/// A place for a new table of `ip`. When the server's table cap is reached,
/// open tables are closed to make room ([`Lobby::make_room`]), so the cap
/// cannot be filled against newcomers; the per-address cap still refuses.
/// With several instances both caps are counted in the database first
/// ([`crate::cluster::Cluster::check_table_caps`]); the count in this
/// process then sees only its own tables and can refuse nothing more.
pub(crate) async fn reserve_table(app: &App, ip: std::net::IpAddr) -> Result<crate::limits::Reservation, ApiError> {
    let lobby = &app.lobby;
    if let Some(cluster) = &app.cluster {
        let (per_address, total) = (app.config.tables_per_address, app.config.max_tables);
        let mut tries = 0;
        loop {
            match cluster.check_table_caps(ip, per_address, total).await {
                // Full everywhere: close one of this instance's tables
                // nobody plays, as a single server does (the others make
                // room the same way when they are asked).
                Err(e) if e.info.rule == "server.table_limit.total" && tries < 8 => {
                    tries += 1;
                    let Some(closed) = lobby.make_room().await else {
                        return Err(e);
                    };
                    app.open_tables.forget(&closed);
                }
                Err(e) => return Err(e),
                Ok(()) => break,
            }
        }
    }
    let mut tries = 0;
    loop {
        match app.open_tables.reserve(ip, &|id| lobby.is_open(id)) {
            Err(e) if e.info.rule == "server.table_limit.total" && tries < 8 => {
                tries += 1;
                let Some(closed) = lobby.make_room().await else {
                    return Err(e);
                };
                app.open_tables.forget(&closed);
            }
            other => return other,
        }
    }
}

async fn table_summary(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!(app.lobby.summary(&id).await?)))
}

async fn join(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((id, seat)): Path<(String, String)>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Joined>), ApiError> {
    let seat = parse_seat(&seat)?;
    let req: JoinSeat = match &body {
        Ok(b) if b.is_empty() => JoinSeat::default(),
        _ => parse_body(body, app.config.max_body_bytes)?,
    };
    let bots = app.lobby.shared().bots.names();
    let name = crate::names::check_seat_name(req.name, usize::from(seat), &bots)?;
    let handle = table(&app, &id)?;
    let secret = handle
        .ask(|reply| Command::Join {
            seat: usize::from(seat),
            name,
            claim: req
                .player_token
                .map_or(crate::table::Claim::None, crate::table::Claim::Token),
            agent: false,
            from: Some(peer.ip()),
            reply,
        })
        .await?;
    tracing::info!(table = %id, seat, "seat joined");
    let link = format!("{}/play/{id}?seat={seat}#secret={secret}", app.public_url);
    Ok((
        StatusCode::CREATED,
        Json(Joined {
            table: id,
            seat,
            secret,
            link,
        }),
    ))
}

async fn leave(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let seat = parse_seat(&seat)?;
    let access = access(&headers, Some(seat))?;
    table(&app, &id)?.ask(|reply| Command::Leave { access, reply }).await?;
    tracing::info!(table = %id, seat, "seat left");
    Ok(Json(json!({ "table": id, "seat": seat, "left": true })))
}

/// `POST /api/tables/{id}/autopilot`: a seat's human hands the seat to the
/// bot (`on: true`) or takes it back (`on: false`); see [`crate::clock`].
async fn autopilot(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: crate::clock::AutopilotRequest = parse_body(body, app.config.max_body_bytes)?;
    let access = access(&headers, Some(req.seat))?;
    let on = req.on;
    let clock = table(&app, &id)?
        .ask(|reply| Command::Autopilot { access, on, reply })
        .await?;
    tracing::info!(table = %id, seat = req.seat, on, "autopilot");
    Ok(Json(
        json!({ "table": id, "seat": req.seat, "autopilot": on, "clock": clock }),
    ))
}

#[derive(Debug, Deserialize)]
struct SeatQuery {
    seat: Option<String>,
}

fn query_seat(q: &SeatQuery) -> Result<Option<u8>, ApiError> {
    q.seat.as_deref().map(parse_seat).transpose()
}

async fn view(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<SeatQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let access = access(&headers, query_seat(&q)?)?;
    let snapshot = table(&app, &id)?
        .ask(|reply| Command::Snapshot { access, reply })
        .await?;
    Ok(Json(json!(snapshot)))
}

async fn legal(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<SeatQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let seat = query_seat(&q)?.ok_or_else(|| ApiError::malformed("?seat= is required"))?;
    let access = access(&headers, Some(seat))?;
    let snapshot = table(&app, &id)?
        .ask(|reply| Command::Snapshot { access, reply })
        .await?;
    Ok(Json(json!({
        "table": id,
        "seat": seat,
        "version": snapshot.version,
        "legal": snapshot.legal,
    })))
}

async fn act(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: ActRequest = parse_body(body, app.config.max_body_bytes)?;
    let access = access(&headers, Some(req.seat))?;
    let accepted = table(&app, &id)?
        .ask(|reply| Command::Act {
            access,
            action: req.action,
            version: req.version,
            reply,
        })
        .await?;
    Ok(Json(json!(accepted)))
}

#[derive(Debug, Deserialize)]
struct HistoryQuery {
    seat: Option<String>,
    from: Option<u64>,
}

/// The table's events for the viewer, from the stored log: a spectator sees
/// what every player sees, a seat (secret in the header) its own secrets too.
async fn history(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<HistoryQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let seat = q.seat.as_deref().map(parse_seat).transpose()?;
    let access = access(&headers, seat)?;
    Ok(Json(app.lobby.history(&id, access, q.from.unwrap_or(0)).await?))
}

#[derive(Debug, Deserialize)]
struct ChatQuery {
    from: Option<u64>,
}

/// The table's chat, public like the table (spectators may read and write).
async fn chat_log(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<ChatQuery>,
) -> Result<Json<Value>, ApiError> {
    let lines = app.lobby.chat(&id, q.from.unwrap_or(0)).await?;
    Ok(Json(json!({ "table": id, "lines": lines })))
}

/// A chat line: checked (length, characters, the address's rate) before the
/// table sees it; a seat proves itself with its secret, a spectator gives a name.
async fn chat(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let req: ChatRequest = parse_body(body, app.config.max_body_bytes)?;
    let access = access(&headers, req.seat)?;
    let line = write_chat(&app, &id, access, &req.text, peer.ip()).await?;
    Ok((StatusCode::CREATED, Json(json!({ "table": id, "line": line }))))
}

/// A chat line written at table `id` by `access` from address `ip`, with
/// every check of the chat (the text's rules, the address's rate here and,
/// with several instances, on all of them): the HTTP chat's and the MCP
/// tool `write_chat`'s one way in.
pub(crate) async fn write_chat(
    app: &App,
    id: &str,
    access: Access,
    text: &str,
    ip: std::net::IpAddr,
) -> Result<crate::chat::ChatLine, ApiError> {
    let text = check_text(text)?;
    let handle = table(app, id)?;
    if !app.chat_limits.allow(ip) {
        return Err(ApiError::chat_rate());
    }
    // Several instances: the address's lines on all of them together (the
    // bucket above sees only the lines this instance took).
    if let Some(cluster) = &app.cluster {
        cluster
            .check_chat_rate(ip, app.config.chat_rate, app.config.chat_burst)
            .await?;
    }
    // The line counts against its address's share of the table's chat.
    let addr = Some(ip);
    handle
        .ask(|reply| Command::Chat {
            access,
            text,
            addr,
            reply,
        })
        .await
}

/// `POST /api/tables/{id}/rematch` with `{"seat": n}` and the seat's secret:
/// opens (or finds) the finished table's rematch and seats the asker there.
/// A new table counts against the asker's open tables like any other.
async fn rematch(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let req: RematchRequest = parse_body(body, app.config.max_body_bytes)?;
    let Access::Seat { seat, secret_hash } = access(&headers, Some(req.seat))? else {
        return Err(ApiError::wrong_secret(usize::from(req.seat)));
    };
    let place = reserve_table(&app, peer.ip()).await?;
    let r = app.lobby.rematch(&id, seat, &secret_hash, Some(peer.ip())).await?;
    if r.created {
        place.commit(r.table.clone());
    }
    let mut v = json!(r);
    if let Some(secret) = &r.secret {
        v["link"] = json!(format!(
            "{}/play/{}?seat={}#secret={secret}",
            app.public_url, r.table, r.seat
        ));
    }
    let status = if r.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(v)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchRequest {
    seat: u8,
}

async fn log(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.lobby.log(&id).await?))
}

async fn topology(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.lobby.topology(&id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DescriptionQuery {
    /// A rule set id of the game (`base`, `cities_knights`, …); the default one if left out.
    rules: Option<String>,
}

/// A game's description under one of its rule sets: names, colours, costs
/// and cards, the one source front ends read (docs/protocol.md, "Descriptions").
async fn game_description(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<DescriptionQuery>,
) -> Result<Json<Value>, ApiError> {
    let registry = app.lobby.registry();
    let entry = registry
        .get(&id)
        .ok_or_else(|| ApiError::unknown_game(&id, &registry.ids()))?;
    let d = engine::describe::describe_rule_set(entry.as_ref(), q.rules.as_deref()).map_err(ApiError::engine)?;
    Ok(Json(serde_json::to_value(d).unwrap_or(Value::Null)))
}

/// A table's description under the rules it plays, with its board's places.
async fn table_description(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.lobby.description(&id).await?))
}

async fn websocket(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let handle = table(&app, &id)?;
    let ws = ws.map_err(|e| ApiError::not_websocket(e.body_text()))?;
    // The transport's cap is well above the message limit, so a message that
    // is merely too large gets a `too_large` error instead of a dropped line.
    // Four times the limit: enough to answer a merely large message, small
    // enough that thousands of connections cannot buffer much.
    let hard_cap = app.config.max_message_bytes.saturating_mul(4).max(4096);
    Ok(ws
        // The default 128 KiB read buffer is zeroed on every read; game
        // messages are small.
        .read_buffer_size(8 * 1024)
        .max_message_size(hard_cap)
        .max_frame_size(hard_cap)
        .on_upgrade(move |socket| crate::ws::serve(socket, id, handle, app, peer.ip())))
}

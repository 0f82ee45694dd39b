//! MCP at `/mcp` (streamable HTTP): an agent takes a seat at a real table,
//! beside people, bots and other agents, with spectators in the browser.
//!
//! The tools are the `spielleiter-mcp` crate's; this module is their
//! [`Backend`] over the lobby's tables. Every call goes through the table's
//! actor exactly as the HTTP API's do (the same commands, the same secret
//! check), and the route sits behind the router's layers, so MCP traffic
//! meets the same rate limits, Host/Origin policy and body limit as every
//! other request. A seat an agent joins is of kind `agent`: the turn clock
//! times it and a bot takes it over like a person's ([`crate::clock`]).
//!
//! With several instances on one database a call for a table another
//! instance drives is sent to that instance and run there by the same code
//! (`mcp_forward`), so an agent on any instance reaches every table.

use crate::error::ApiError;
use crate::http::App;
use crate::mcp_forward::Call;
use crate::protocol::{CreateTable, SeatSpec};
use crate::table::{Access, Command};
use axum::extract::{ConnectInfo, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::{ErrorInfo, ToAct};
use mcp::backend::*;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;

/// The tools' backend over the server's tables.
#[derive(Debug)]
pub struct Tables {
    app: Arc<App>,
    /// Each table's description and places, read once (they do not change
    /// during a game); cleared when it grows past [`DESCRIBED`].
    described: Mutex<HashMap<String, crate::table::Described>>,
}

/// Most tables whose description [`Tables`] keeps.
const DESCRIBED: usize = 1024;

impl Tables {
    /// The backend of `app`'s lobby.
    pub fn new(app: Arc<App>) -> Tables {
        Tables {
            app,
            described: Mutex::new(HashMap::new()),
        }
    }

    /// A table's description and places (`GET /api/tables/{id}/description`).
    async fn description(&self, table: &str) -> crate::table::Described {
        if let Some(d) = self.described.lock().unwrap_or_else(|p| p.into_inner()).get(table) {
            return d.clone();
        }
        let null = || Arc::new(Value::Null);
        let both = self
            .app
            .lobby
            .described(table)
            .await
            .unwrap_or_else(|_| (null(), null()));
        let mut map = self.described.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= DESCRIBED {
            map.clear();
        }
        map.insert(table.to_string(), both.clone());
        both
    }
}

fn info(e: ApiError) -> ErrorInfo {
    e.info
}

/// The seat a call names: table, seat and the hash of its token, all
/// required. Only the hash is used from here on (and sent to another
/// instance, [`crate::mcp_forward`]): the token itself goes nowhere.
fn seat_of(at: &SeatRef) -> Result<(String, u8, String), ErrorInfo> {
    match (&at.table, at.seat, &at.token) {
        (Some(table), Some(seat), Some(token)) => Ok((table.clone(), seat, crate::secret::hash(token.trim()))),
        _ => Err(ErrorInfo::new(
            "malformed",
            "mcp.seat_required",
            "Am Server braucht jeder Aufruf „table“, „seat“ und „token“ (aus „join_seat“ oder „create_table“).",
            "At the server every call needs 'table', 'seat' and 'token' (from 'join_seat' or 'create_table').",
        )),
    }
}

fn seat_access(seat: u8, secret_hash: String) -> Access {
    Access::Seat { seat, secret_hash }
}

/// The tools' work at a table this instance drives. Each `*_here` is what a
/// tool does at the table's actor; the [`Backend`] methods call it directly
/// for a table driven here, and the table's owner calls it for a call
/// forwarded from another instance ([`crate::mcp_forward`]), so both run the
/// same code.
impl Tables {
    fn handle(&self, id: &str) -> Result<crate::table::TableHandle, ErrorInfo> {
        self.app.lobby.get(id).ok_or_else(|| ApiError::unknown_table(id).info)
    }

    /// `analyze` at a table driven here ([`crate::analysis::at_table`]).
    pub(crate) async fn analyze_here(
        &self,
        table: String,
        seat: u8,
        access: Access,
        req: AnalysisRequest,
    ) -> Result<Value, ErrorInfo> {
        crate::analysis::at_table(&self.app, &table, access, None, Some(seat), req)
            .await
            .map_err(info)
    }

    /// `join_seat` at a table driven here (`name` checked already).
    pub(crate) async fn join_here(
        &self,
        table: String,
        seat: u8,
        name: String,
        caller: Option<IpAddr>,
    ) -> Result<Joined, ErrorInfo> {
        let handle = self.handle(&table)?;
        let secret = handle
            .ask(|reply| Command::Join {
                seat: usize::from(seat),
                name,
                claim: crate::table::Claim::None,
                agent: true,
                from: caller,
                reply,
            })
            .await
            .map_err(info)?;
        tracing::info!(table = %table, seat, "agent joined over MCP");
        let watch = format!("{}/watch/{table}", self.app.public_url);
        Ok(Joined {
            table,
            seat,
            token: secret,
            watch,
        })
    }

    /// The seat's picture at a table driven here. A seat a bot plays
    /// because its clock ran out is taken back first: the agent's call is
    /// its return, as a returning player's click is (the picture says so).
    pub(crate) async fn picture_here(&self, table: String, seat: u8, access: Access) -> Result<Picture, ErrorInfo> {
        let handle = self.handle(&table)?;
        let a = access.clone();
        let mut snap = handle
            .ask(|reply| Command::Snapshot { access: a, reply })
            .await
            .map_err(info)?;
        let on_autopilot = snap.seats.get(usize::from(seat)).is_some_and(|s| s.autopilot);
        if on_autopilot {
            let a = access.clone();
            handle
                .ask(|reply| Command::Autopilot {
                    access: a,
                    on: false,
                    reply,
                })
                .await
                .map_err(info)?;
            tracing::info!(table = %table, seat, "agent took its seat back from the bot");
            snap = handle
                .ask(|reply| Command::Snapshot { access, reply })
                .await
                .map_err(info)?;
        }
        let clock = snap.clock.as_ref().map(|c| ClockNote {
            turn_seconds: c
                .seats
                .get(usize::from(seat))
                .and_then(|s| s.turn_seconds)
                .unwrap_or(c.turn_seconds),
            left_ms: c
                .seats
                .get(usize::from(seat))
                .and_then(|s| s.deadline_ms)
                .map(|d| d - c.now_ms),
            taken_back: on_autopilot,
        });
        let game = handle.summary.read().map(|s| s.game.clone()).unwrap_or_default();
        let described = self.description(&table).await;
        Ok(Picture {
            game,
            table,
            seat,
            version: snap.version,
            to_act: snap.to_act,
            waiting_for_players: snap.seats.iter().any(|s| s.kind == "open"),
            view: snap.view,
            legal: snap.legal,
            result: snap.result,
            seats: lines(&snap.seats),
            clock,
            description: described.0,
            places: described.1,
        })
    }

    /// The seat's history from `from` on: from the actor for a table driven
    /// here, from the stored log for a finished one.
    pub(crate) async fn history_here(&self, table: String, access: Access, from: u64) -> Result<Vec<Entry>, ErrorInfo> {
        let history = self.app.lobby.history(&table, access, from).await.map_err(info)?;
        Ok(mcp::local::entries_of(&history["entries"]))
    }

    /// The chat of a table driven here (or finished), from line `from` on.
    pub(crate) async fn chat_here(&self, table: String, access: Access, from: u64) -> Result<Vec<ChatLine>, ErrorInfo> {
        // The seat is checked like every call's, though the chat is public.
        let handle = self.handle(&table)?;
        handle
            .ask(|reply| Command::Snapshot { access, reply })
            .await
            .map_err(info)?;
        let lines = self.app.lobby.chat(&table, from).await.map_err(info)?;
        Ok(lines.into_iter().map(chat_line).collect())
    }

    /// Writes a chat line as the seat at a table driven here, through the
    /// HTTP chat's own checks ([`crate::http::write_chat`]).
    pub(crate) async fn say_here(
        &self,
        table: String,
        access: Access,
        text: String,
        ip: IpAddr,
    ) -> Result<ChatLine, ErrorInfo> {
        let line = crate::http::write_chat(&self.app, &table, access, &text, ip)
            .await
            .map_err(info)?;
        Ok(chat_line(line))
    }

    /// Plays an action for the seat at a table driven here.
    pub(crate) async fn act_here(
        &self,
        table: String,
        access: Access,
        action: Value,
        version: u64,
    ) -> Result<Acted, ErrorInfo> {
        let accepted = self
            .handle(&table)?
            .ask(|reply| Command::Act {
                access,
                action,
                version,
                reply,
            })
            .await
            .map_err(info)?;
        Ok(Acted {
            from: accepted.from,
            version: accepted.version,
            events: accepted.events,
        })
    }

    /// Subscribes to the updates of a table driven here (the WebSocket's
    /// notification) and answers `true` on the first snapshot in which the
    /// seat must act or the game is over (or the table stopped), `false`
    /// at the deadline or the server's shutdown.
    pub(crate) async fn wait_here(&self, table: String, access: Access, timeout: Duration) -> Result<bool, ErrorInfo> {
        let handle = self.handle(&table)?;
        let (sink, mut updates) = tokio::sync::mpsc::channel(16);
        let a = access.clone();
        let first = handle
            .ask(|reply| Command::Subscribe { access: a, sink, reply })
            .await
            .map_err(info)?;
        if must_act(&first) {
            return Ok(true);
        }
        let deadline = tokio::time::Instant::now() + timeout;
        let mut shutdown = self.app.shutdown.clone();
        loop {
            tokio::select! {
                update = updates.recv() => {
                    let Some(update) = update else {
                        return Ok(true);
                    };
                    let decided = pushed_must_act(update.as_str());
                    if decided == Some(true) {
                        return Ok(true);
                    }
                    if decided.is_none() {
                        let a = access.clone();
                        let snap = handle.ask(|reply| Command::Snapshot { access: a, reply }).await.map_err(info)?;
                        if must_act(&snap) {
                            return Ok(true);
                        }
                    }
                }
                _ = tokio::time::sleep_until(deadline) => return Ok(false),
                _ = shutdown.changed() => return Ok(false),
            }
        }
    }

    /// Opens a table here for `ip` (counted against its limits).
    async fn create_here(&self, create: CreateTable, ip: IpAddr) -> Result<crate::protocol::TableSummary, ErrorInfo> {
        let place = crate::http::reserve_table(&self.app, ip).await.map_err(info)?;
        let summary = self.app.lobby.create_by(create, Some(ip)).await.map_err(info)?;
        place.commit(summary.id.clone());
        tracing::info!(table = %summary.id, "table created over MCP");
        Ok(summary)
    }
}

fn must_act(snap: &crate::protocol::Snapshot) -> bool {
    snap.to_act == ToAct::Over || !snap.legal.is_empty()
}

/// The parts of a pushed message a waiting seat looks at; the rest (view,
/// events) is skipped unread.
#[derive(serde::Deserialize)]
struct Pushed<'a> {
    #[serde(rename = "type", borrow)]
    kind: std::borrow::Cow<'a, str>,
    #[serde(borrow, default)]
    legal: Option<&'a serde_json::value::RawValue>,
    #[serde(default)]
    to_act: Option<ToAct>,
}

/// Whether a message pushed to a waiting seat says it must act now: an
/// `update` carries the seat's legal actions and whom the game waits for,
/// so the waiter decides from it on its own task. Asking the table for a
/// snapshot on every update instead made the table actor build one per
/// waiting session and move (600 parked agents: 600 snapshots a move, in
/// line before every player's action). Chat and clock messages change
/// nothing (`Some(false)`); any other message (`None`) is rare and is
/// checked against a snapshot.
fn pushed_must_act(message: &str) -> Option<bool> {
    let pushed: Pushed<'_> = serde_json::from_str(message).ok()?;
    match pushed.kind.as_ref() {
        "update" => Some(
            pushed.to_act == Some(ToAct::Over)
                || pushed.legal.is_some_and(|l| !matches!(l.get().trim(), "[]" | "null")),
        ),
        "chat" | "clock" | "seats" => Some(false),
        _ => None,
    }
}

impl Backend for Tables {
    fn transport(&self) -> Transport {
        Transport::Http
    }

    fn games(&self) -> (Vec<GameCard>, Vec<String>) {
        let registry = self.app.lobby.registry();
        let entries: Vec<_> = registry.ids().into_iter().filter_map(|id| registry.get(id)).collect();
        let games = mcp::local::games_of(entries.iter().map(|e| e.as_ref()));
        (games, self.app.lobby.shared().bots.names())
    }

    /// Opens a table where the lobby would: with several instances on the
    /// instance [`crate::cluster::Cluster::place_new`] picks (sent there as
    /// the lobby's own `POST /api/tables`), else here.
    fn start(&self, req: NewTable, caller: SeatRef) -> BoxFuture<'_, Result<Started, ErrorInfo>> {
        Box::pin(async move {
            // The agent's name is checked before the table is opened: a
            // refused name opens nothing (its seat is taken by `join` after).
            if let Some(seat) = req.seats.iter().position(|s| *s == SeatKind::Agent {}) {
                let bots = self.app.lobby.shared().bots.names();
                crate::names::check_seat_name(Some(req.name.clone()), seat, &bots).map_err(info)?;
            }
            let seats = req
                .seats
                .iter()
                .map(|s| match s {
                    SeatKind::Agent {} | SeatKind::Human {} => SeatSpec::Human,
                    SeatKind::Bot { bot } => SeatSpec::Bot { bot: bot.clone() },
                })
                .collect();
            let clock = req.turn_seconds.map(|turn_seconds| crate::clock::ClockConfig {
                turn_seconds,
                grace_seconds: 0,
                agent_turn_seconds: req.agent_turn_seconds,
            });
            let create = CreateTable {
                game: req.game.clone(),
                players: req.players,
                options: req.options.clone(),
                seats: Some(seats),
                seed: req.seed,
                // The tool's own `turn_seconds`, off when absent: agents think
                // longer than people, so no default clock is imposed on them.
                clock: Some(clock),
                rated: req.rated,
            };
            let ip = caller
                .peer
                .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST));
            let summary = match crate::mcp_forward::create_elsewhere(&self.app, &create, ip).await {
                Some(answer) => answer?,
                None => self.create_here(create, ip).await?,
            };
            let your_seats = req
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| **s == SeatKind::Agent {})
                .map(|(i, _)| i as u8)
                .collect();
            Ok(Started {
                table: summary.id.clone(),
                game: summary.game.clone(),
                rules: summary.rules.clone(),
                seats: lines(&summary.seats),
                your_seats,
            })
        })
    }

    fn join(
        &self,
        table: String,
        seat: u8,
        name: String,
        caller: Option<IpAddr>,
    ) -> BoxFuture<'_, Result<Joined, ErrorInfo>> {
        Box::pin(async move {
            let bots = self.app.lobby.shared().bots.names();
            let name = crate::names::check_seat_name(Some(name), usize::from(seat), &bots).map_err(info)?;
            let call = Call::Join {
                seat,
                name: name.clone(),
            };
            if let Some(answer) = crate::mcp_forward::call(&self.app, &table, &call, caller).await {
                return answer;
            }
            self.join_here(table, seat, name, caller).await
        })
    }

    fn picture(&self, at: SeatRef) -> BoxFuture<'_, Result<Picture, ErrorInfo>> {
        Box::pin(async move {
            let (table, seat, secret_hash) = seat_of(&at)?;
            let call = Call::Picture {
                seat,
                secret_hash: secret_hash.clone(),
            };
            if let Some(answer) = crate::mcp_forward::call(&self.app, &table, &call, at.peer).await {
                return answer;
            }
            self.picture_here(table, seat, seat_access(seat, secret_hash)).await
        })
    }

    fn history(&self, at: SeatRef, from: u64) -> BoxFuture<'_, Result<Vec<Entry>, ErrorInfo>> {
        Box::pin(async move {
            let (table, seat, secret_hash) = seat_of(&at)?;
            let call = Call::Events {
                seat,
                secret_hash: secret_hash.clone(),
                from,
            };
            if let Some(answer) = crate::mcp_forward::call(&self.app, &table, &call, at.peer).await {
                return answer;
            }
            self.history_here(table, seat_access(seat, secret_hash), from).await
        })
    }

    fn tables(&self) -> BoxFuture<'_, Result<Vec<TableLine>, ErrorInfo>> {
        Box::pin(async move {
            Ok(self
                .app
                .lobby
                .list()
                .into_iter()
                .filter(|t| t.status != "finished")
                .map(|t| TableLine {
                    started: t.status != "waiting",
                    table: t.id,
                    game: t.game,
                    rules: t.rules,
                    seats: lines(&t.seats),
                    turn_seconds: t.clock.map(|c| c.turn_seconds),
                })
                .collect())
        })
    }

    fn chat(&self, at: SeatRef, from: u64) -> BoxFuture<'_, Result<Vec<ChatLine>, ErrorInfo>> {
        Box::pin(async move {
            let (table, seat, secret_hash) = seat_of(&at)?;
            let call = Call::Chat {
                seat,
                secret_hash: secret_hash.clone(),
                from,
            };
            if let Some(answer) = crate::mcp_forward::call(&self.app, &table, &call, at.peer).await {
                return answer;
            }
            self.chat_here(table, seat_access(seat, secret_hash), from).await
        })
    }

    fn say(&self, at: SeatRef, text: String) -> BoxFuture<'_, Result<ChatLine, ErrorInfo>> {
        Box::pin(async move {
            let (table, seat, secret_hash) = seat_of(&at)?;
            let ip = at.peer.unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST));
            let call = Call::Say {
                seat,
                secret_hash: secret_hash.clone(),
                text: text.clone(),
            };
            if let Some(answer) = crate::mcp_forward::call(&self.app, &table, &call, at.peer).await {
                return answer;
            }
            self.say_here(table, seat_access(seat, secret_hash), text, ip).await
        })
    }

    /// A hint as `GET /api/tables/{id}/analysis` gives it, for the seat's
    /// current decision (the same policy: casual, no other people or
    /// agents), searched by the instance that drives the table.
    fn analyze(&self, at: SeatRef, req: AnalysisRequest) -> BoxFuture<'_, Result<Value, ErrorInfo>> {
        Box::pin(async move {
            let (table, seat, secret_hash) = seat_of(&at)?;
            let call = Call::Analyze {
                seat,
                secret_hash: secret_hash.clone(),
                playouts: req.playouts,
                ms: req.ms,
                top: req.top,
            };
            if let Some(answer) = crate::mcp_forward::call(&self.app, &table, &call, at.peer).await {
                return answer;
            }
            self.analyze_here(table, seat, seat_access(seat, secret_hash), req)
                .await
        })
    }

    fn descriptions(&self) -> Vec<Value> {
        let registry = self.app.lobby.registry();
        let entries: Vec<_> = registry.ids().into_iter().filter_map(|id| registry.get(id)).collect();
        mcp::backend::describe_rule_sets(entries.iter().map(|e| e.as_ref()))
    }

    fn act(&self, at: SeatRef, action: Value, version: u64) -> BoxFuture<'_, Result<Acted, ErrorInfo>> {
        Box::pin(async move {
            let (table, seat, secret_hash) = seat_of(&at)?;
            let call = Call::Act {
                seat,
                secret_hash: secret_hash.clone(),
                action: action.clone(),
                version,
            };
            if let Some(answer) = crate::mcp_forward::call(&self.app, &table, &call, at.peer).await {
                return answer;
            }
            self.act_here(table, seat_access(seat, secret_hash), action, version)
                .await
        })
    }

    /// Returns once the seat must act, the game is over or `timeout` passed.
    /// At a table driven elsewhere the owner is asked to wait in slices of
    /// at most `crate::mcp_forward::WAIT_SLICE` (each one forwarded
    /// request, below the forwarding client's timeout).
    fn wait(&self, at: SeatRef, timeout: Duration) -> BoxFuture<'_, Result<(), ErrorInfo>> {
        Box::pin(async move {
            let (table, seat, secret_hash) = seat_of(&at)?;
            let deadline = tokio::time::Instant::now() + timeout;
            loop {
                let left = deadline.saturating_duration_since(tokio::time::Instant::now());
                if left.is_zero() || *self.app.shutdown.borrow() {
                    return Ok(());
                }
                let slice = left.min(crate::mcp_forward::WAIT_SLICE);
                let call = Call::Wait {
                    seat,
                    secret_hash: secret_hash.clone(),
                    timeout_ms: u64::try_from(slice.as_millis()).unwrap_or(u64::MAX),
                };
                let asked = tokio::time::Instant::now();
                match crate::mcp_forward::call::<bool>(&self.app, &table, &call, at.peer).await {
                    Some(Ok(true)) => return Ok(()),
                    Some(Ok(false)) => {
                        // An owner that answers "not yet" long before the
                        // slice ends is shutting down: ask again calmly.
                        if asked.elapsed() < slice / 2 {
                            tokio::time::sleep(Duration::from_millis(250)).await;
                        }
                    }
                    Some(Err(e)) => return Err(e),
                    None => {
                        self.wait_here(table, seat_access(seat, secret_hash), left).await?;
                        return Ok(());
                    }
                }
            }
        })
    }
}

fn lines(seats: &[crate::protocol::SeatInfo]) -> Vec<SeatLine> {
    seats
        .iter()
        .map(|s| SeatLine {
            seat: s.seat,
            kind: s.kind.clone(),
            name: s.name.clone(),
            autopilot: s.autopilot,
        })
        .collect()
}

fn chat_line(l: crate::chat::ChatLine) -> ChatLine {
    ChatLine {
        idx: l.idx,
        seat: l.seat,
        name: l.name,
        text: l.text,
    }
}

/// Most MCP sessions one client address may hold at once: a session costs a
/// task and buffers until it idles out, so one address must not fill the
/// server's [`mcp::MAX_SESSIONS`] against every other agent.
pub const SESSIONS_PER_ADDRESS: usize = 64;

/// Which address opened which live session (ids as rmcp answers them in the
/// `Mcp-Session-Id` header); closed sessions are pruned on the next check.
#[derive(Debug, Default)]
struct Owners(Mutex<HashMap<IpAddr, Vec<String>>>);

impl Owners {
    /// Whether `ip` may open another session now.
    async fn room(&self, ip: IpAddr, sessions: &mcp::Sessions) -> bool {
        if !mcp::session_room(sessions).await {
            return false;
        }
        let live = sessions.sessions.read().await;
        let live: HashSet<&str> = live.keys().map(|k| k.as_ref()).collect();
        let mut owners = self.0.lock().unwrap_or_else(|p| p.into_inner());
        owners.retain(|_, ids| {
            ids.retain(|id| live.contains(id.as_str()));
            !ids.is_empty()
        });
        owners.get(&ip).map_or(0, Vec::len) < SESSIONS_PER_ADDRESS
    }

    fn opened(&self, ip: IpAddr, id: &str) {
        let mut owners = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let ids = owners.entry(ip).or_default();
        if ids.len() < mcp::MAX_SESSIONS {
            ids.push(id.chars().take(128).collect());
        }
    }
}

fn sessions_full() -> Response {
    ApiError {
        status: StatusCode::SERVICE_UNAVAILABLE,
        info: ErrorInfo::new(
            "unavailable",
            "mcp.sessions_full",
            "Zu viele MCP-Sitzungen offen; bitte später erneut versuchen.",
            "Too many MCP sessions are open; please try again later.",
        ),
    }
    .into_response()
}

/// The `/mcp` route (docs/agents.md): rmcp's streamable-HTTP service with the
/// tables as its backend, mounted like any route so that the router's layers
/// (rate limit, Host/Origin, body limit) apply to it. The caller's address
/// goes into the request for the per-address table cap; new sessions are
/// capped per address ([`SESSIONS_PER_ADDRESS`]) and in all
/// ([`mcp::MAX_SESSIONS`]); the server's shutdown ends open streams.
pub fn route(app: &Arc<App>) -> axum::routing::MethodRouter<Arc<App>> {
    let shutdown = mcp::CancellationToken::new();
    if let Ok(rt) = tokio::runtime::Handle::try_current() {
        let (mut rx, token) = (app.shutdown.clone(), shutdown.clone());
        rt.spawn(async move {
            while !*rx.borrow_and_update() {
                if rx.changed().await.is_err() {
                    break;
                }
            }
            token.cancel();
        });
    }
    let backend = Arc::new(Tables::new(Arc::clone(app)));
    let (service, sessions) = mcp::http_service(backend, app.config.max_body_bytes, shutdown);
    let owners = Arc::new(Owners::default());
    let max_body = app.config.max_body_bytes;
    axum::routing::any(move |ConnectInfo(peer): ConnectInfo<SocketAddr>, req: Request| {
        let (service, sessions, owners) = (service.clone(), Arc::clone(&sessions), Arc::clone(&owners));
        async move {
            let ip = peer.ip();
            // A POST without a session id opens one (the initialize request).
            let opens = req.method() == axum::http::Method::POST && !req.headers().contains_key("mcp-session-id");
            if opens && !owners.room(ip, &sessions).await {
                return sessions_full();
            }
            let req = match screen_body(req, max_body).await {
                Ok(req) => req,
                Err(answer) => return answer,
            };
            // Read before awaiting: a request's body is not `Sync`.
            let deleting = (req.method() == axum::http::Method::DELETE)
                .then(|| {
                    req.headers()
                        .get("mcp-session-id")
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_owned)
                })
                .flatten();
            if let Some(gone) = deleted_session(deleting, &sessions).await {
                return gone;
            }
            let mut req = req;
            req.extensions_mut().insert(mcp::Peer(ip));
            let response = match tower::ServiceExt::oneshot(service, req).await {
                Ok(r) => r.into_response(),
                Err(never) => match never {},
            };
            if opens {
                if let Some(id) = response.headers().get("mcp-session-id").and_then(|v| v.to_str().ok()) {
                    owners.opened(ip, id);
                }
            }
            response
        }
    })
}

/// A POST's body through the JSON-RPC screen ([`mcp::jsonrpc`]): what rmcp
/// takes goes on as the same request; text that is not JSON is answered
/// `-32700`, JSON that is no request `-32600`, a request with wrong
/// `params` `-32602` — HTTP 400 with the JSON-RPC error as its body, as the
/// MCP transport specifies for input the server cannot accept.
async fn screen_body(req: Request, max_body: usize) -> Result<Request, Response> {
    if req.method() != axum::http::Method::POST {
        return Ok(req);
    }
    let (parts, body) = req.into_parts();
    let bytes = match axum::body::to_bytes(body, max_body).await {
        Ok(b) => b,
        Err(_) => return Err(StatusCode::PAYLOAD_TOO_LARGE.into_response()),
    };
    let answer = match mcp::jsonrpc::screen(&bytes) {
        mcp::jsonrpc::Screened::Pass => {
            return Ok(Request::from_parts(parts, axum::body::Body::from(bytes)));
        }
        mcp::jsonrpc::Screened::Answer(e) => e,
        // A notification gets no JSON-RPC answer, but HTTP must refuse it.
        mcp::jsonrpc::Screened::Drop => mcp::jsonrpc::error_response(
            Value::Null,
            mcp::jsonrpc::code::INVALID_PARAMS,
            "Invalid params of a notification",
        ),
    };
    Err((StatusCode::BAD_REQUEST, axum::Json(answer)).into_response())
}

/// A `DELETE` (its `Mcp-Session-Id`, `None` for any other request) of a session that does not exist (never opened, already
/// closed or expired) is 404, as the MCP transport answers every request
/// naming a session the server no longer has; rmcp would answer 202.
async fn deleted_session(id: Option<String>, sessions: &mcp::Sessions) -> Option<Response> {
    let id = id?;
    let known = sessions.sessions.read().await.keys().any(|k| k.as_ref() == id.as_str());
    (!known).then(|| StatusCode::NOT_FOUND.into_response())
}

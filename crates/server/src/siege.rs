//! The soak test's attacks on the server's capacity (issue 24): a table flood
//! from hundreds of loopback addresses (enough to reach the server's table
//! cap), idle WebSockets and silent TCP connections up to the connection
//! cap, and slow readers that never read what they asked for; plus a
//! newcomer from an address of its own that must still create a table and
//! play it. Every attacker address is 127.10.x.y, one per task group, so
//! each meets the per-address limits as a separate attacker would.
//!
//! Issue 41 adds MCP sessions parked in `wait_for_turn` (from 127.11.x.y,
//! [`MCP_PER_ADDRESS`] per address), and lets the idle and silent sockets
//! come from fewer addresses than the table flood
//! ([`SiegeConfig::socket_addresses`]: 10,000 sockets from 41 addresses is
//! close to 256 per address, the per-address cap).

use crate::loadtest;
use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt;
use tokio_tungstenite::tungstenite::Message;

/// How hard to push.
#[derive(Debug, Clone)]
pub struct SiegeConfig {
    /// Attacking addresses (127.10.x.y), at least 200 for the issue's attack.
    pub addresses: usize,
    /// Tables each address tries to create (the server's per-address cap
    /// refuses the rest).
    pub tables_per_address: usize,
    /// Idle WebSockets held (they answer pings, send nothing else).
    pub idle: usize,
    /// Silent TCP connections held (they send nothing at all; reopened when
    /// the server closes them).
    pub silent: usize,
    /// Slow readers: WebSockets that watch real tables and never read.
    pub slow_readers: usize,
    /// Addresses the idle and silent sockets come from (0: the table
    /// flood's `addresses`).
    pub socket_addresses: usize,
    /// MCP sessions, each at a table of its own where the other seat never
    /// moves, calling `wait_for_turn` again and again until the attack ends.
    pub mcp_waiters: usize,
}

/// MCP sessions one waiting address opens (the server allows 64).
pub const MCP_PER_ADDRESS: usize = 50;

impl Default for SiegeConfig {
    fn default() -> Self {
        SiegeConfig {
            addresses: 200,
            tables_per_address: 60,
            idle: 2_000,
            silent: 3_000,
            slow_readers: 50,
            socket_addresses: 0,
            mcp_waiters: 600,
        }
    }
}

/// What the attacks did and what they got.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SiegeReport {
    /// Attacking addresses used.
    pub addresses: usize,
    /// Tables the flood created.
    pub flood_created: u64,
    /// Flood requests refused, by error rule.
    pub flood_refused: BTreeMap<String, u64>,
    /// Idle WebSockets opened, and closed by the server.
    pub idle: (u64, u64),
    /// Silent TCP connections opened, and closed by the server.
    pub silent: (u64, u64),
    /// Slow readers opened, and closed by the server.
    pub slow_readers: (u64, u64),
    /// MCP waiters: sessions parked in `wait_for_turn`, `wait_for_turn`
    /// calls answered, and waiters that could not be set up (a refusal or
    /// a transport error on the way).
    pub mcp: (u64, u64, u64),
    /// Whether the newcomer created a table.
    pub newcomer_created: bool,
    /// Actions the newcomer had acknowledged at its table.
    pub newcomer_acks: u64,
    /// Time the newcomer's table creation took, ms.
    pub newcomer_create_ms: f64,
    /// Why the newcomer did not play: the server's answer (status and rule)
    /// or the transport error; empty when it played.
    pub newcomer_refusal: String,
}

#[derive(Default)]
struct Counters {
    flood_created: AtomicU64,
    flood_refused: Mutex<BTreeMap<String, u64>>,
    idle_opened: AtomicU64,
    idle_closed: AtomicU64,
    silent_opened: AtomicU64,
    silent_closed: AtomicU64,
    slow_opened: AtomicU64,
    slow_closed: AtomicU64,
    mcp_parked: AtomicU64,
    mcp_waits: AtomicU64,
    mcp_failed: AtomicU64,
}

fn bump(c: &AtomicU64) {
    c.fetch_add(1, Ordering::Relaxed);
}

/// The `i`-th attacking address, 127.10.x.y.
fn attacker(i: usize) -> IpAddr {
    IpAddr::from([127, 10, (i / 250) as u8, (1 + i % 250) as u8])
}

/// Running attacks; [`Siege::stop`] ends them and gives the report.
#[derive(Debug)]
pub struct Siege {
    tasks: Vec<tokio::task::JoinHandle<()>>,
    counters: Arc<Counters>,
    addresses: usize,
}

impl std::fmt::Debug for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Counters")
    }
}

/// Starts every attack against `base`; the real `tables` are watched by the
/// idle WebSockets and the slow readers.
pub fn start(base: &str, game: &str, tables: &[String], config: &SiegeConfig) -> Siege {
    let counters = Arc::new(Counters::default());
    let addresses = config.addresses.clamp(1, 250 * 256);
    let mut tasks = Vec::new();
    let table = |i: usize| tables.get(i % tables.len().max(1)).cloned().unwrap_or_default();
    for a in 0..addresses {
        let (base, game, c) = (base.to_string(), game.to_string(), Arc::clone(&counters));
        tasks.push(tokio::spawn(flood(
            base,
            game,
            attacker(a),
            config.tables_per_address,
            c,
        )));
    }
    // Connections spread over their addresses.
    let sockets = match config.socket_addresses {
        0 => addresses,
        n => n.clamp(1, 250 * 256),
    };
    for i in 0..config.idle {
        let (base, t, c) = (base.to_string(), table(i), Arc::clone(&counters));
        tasks.push(tokio::spawn(idle(base, t, attacker(i % sockets), c)));
    }
    for i in 0..config.silent {
        let (base, c) = (base.to_string(), Arc::clone(&counters));
        tasks.push(tokio::spawn(silent(base, attacker((i + config.idle) % sockets), c)));
    }
    for i in 0..config.mcp_waiters {
        let (base, game, c) = (base.to_string(), game.to_string(), Arc::clone(&counters));
        let from = IpAddr::from([
            127,
            11,
            (i / MCP_PER_ADDRESS / 250) as u8,
            (1 + i / MCP_PER_ADDRESS % 250) as u8,
        ]);
        tasks.push(tokio::spawn(mcp_waiter(base, game, from, c)));
    }
    for i in 0..config.slow_readers {
        let (base, t, c) = (base.to_string(), table(i), Arc::clone(&counters));
        tasks.push(tokio::spawn(slow_reader(base, t, attacker(i % addresses), c)));
    }
    Siege {
        tasks,
        counters,
        addresses,
    }
}

impl Siege {
    /// Ends every attack; the report (without the newcomer's part).
    pub fn stop(self) -> SiegeReport {
        for t in &self.tasks {
            t.abort();
        }
        let c = &self.counters;
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        SiegeReport {
            addresses: self.addresses,
            flood_created: n(&c.flood_created),
            flood_refused: c.flood_refused.lock().map(|m| m.clone()).unwrap_or_default(),
            idle: (n(&c.idle_opened), n(&c.idle_closed)),
            silent: (n(&c.silent_opened), n(&c.silent_closed)),
            slow_readers: (n(&c.slow_opened), n(&c.slow_closed)),
            mcp: (n(&c.mcp_parked), n(&c.mcp_waits), n(&c.mcp_failed)),
            ..SiegeReport::default()
        }
    }
}

/// Creates tables from one address until the server refuses for the
/// address's cap (or `count` are made); then holds them.
async fn flood(base: String, game: String, from: IpAddr, count: usize, c: Arc<Counters>) {
    let Ok(http) = reqwest::Client::builder()
        .local_address(from)
        .timeout(Duration::from_secs(10))
        .build()
    else {
        return;
    };
    let url = format!("{base}/api/tables");
    let body = json!({"game": game, "players": 2}).to_string();
    let mut made = 0;
    while made < count {
        let sent = http
            .post(&url)
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await;
        let rule = match sent {
            Ok(r) if r.status().as_u16() == 201 => {
                bump(&c.flood_created);
                made += 1;
                continue;
            }
            Ok(r) => {
                let v: Value = r.json().await.unwrap_or(Value::Null);
                v["error"]["rule"].as_str().unwrap_or("unreadable").to_string()
            }
            Err(_) => "connection".to_string(),
        };
        let stop = rule == "server.table_limit.address";
        if let Ok(mut m) = c.flood_refused.lock() {
            *m.entry(rule).or_insert(0) += 1;
        }
        if stop {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A WebSocket that connects and then only answers the server's pings
/// (tungstenite does while it is read); reconnects when closed.
async fn idle(base: String, table: String, from: IpAddr, c: Arc<Counters>) {
    let path = format!("/api/tables/{table}/ws");
    loop {
        let Ok(mut ws) = loadtest::websocket(&base, &path, Some(from)).await else {
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        bump(&c.idle_opened);
        while let Some(Ok(_)) = ws.next().await {}
        bump(&c.idle_closed);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A TCP connection that sends nothing; reopened when the server closes it.
async fn silent(base: String, from: IpAddr, c: Arc<Counters>) {
    loop {
        let Ok(mut s) = loadtest::tcp(&base, Some(from)).await else {
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        bump(&c.silent_opened);
        let mut buf = [0u8; 64];
        let _ = s.read(&mut buf).await;
        bump(&c.silent_closed);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Watches a real table and asks for large answers (errors echo a long
/// `id`), never reading; counts the server closing it (a send fails).
async fn slow_reader(base: String, table: String, from: IpAddr, c: Arc<Counters>) {
    let path = format!("/api/tables/{table}/ws");
    let big = Message::text(json!({"type": "nonsense", "id": "x".repeat(8000)}).to_string());
    loop {
        let Ok(mut ws) = loadtest::websocket(&base, &path, Some(from)).await else {
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        bump(&c.slow_opened);
        let _ = ws.send(Message::text(r#"{"type":"watch"}"#)).await;
        loop {
            // A send blocks once the server stops reading; it fails once
            // the server closed the connection.
            match tokio::time::timeout(Duration::from_secs(1), ws.send(big.clone())).await {
                Ok(Ok(())) => tokio::time::sleep(Duration::from_millis(20)).await,
                Ok(Err(_)) => break,
                Err(_) => {}
            }
        }
        bump(&c.slow_closed);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// One MCP message to `url` in session `session`: the session id the
/// server answers with and the JSON-RPC messages of the answer (plain JSON
/// or SSE `data:` lines).
async fn mcp_post(
    http: &reqwest::Client,
    url: &str,
    session: Option<&str>,
    msg: Value,
) -> Result<(Option<String>, Vec<Value>), String> {
    let mut req = http
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(msg.to_string());
    if let Some(s) = session {
        req = req.header("mcp-session-id", s);
    }
    let r = req.send().await.map_err(|e| e.to_string())?;
    if !r.status().is_success() {
        return Err(format!("MCP status {}", r.status()));
    }
    let id = r
        .headers()
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body = r.text().await.map_err(|e| e.to_string())?;
    let messages = if body.trim_start().starts_with('{') {
        serde_json::from_str(&body).into_iter().collect()
    } else {
        body.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str(d.trim()).ok())
            .collect()
    };
    Ok((id, messages))
}

/// An agent parked at a table of its own: the table's first seat is taken
/// by a person (over HTTP) who never moves, the agent takes the second over
/// MCP and calls `wait_for_turn` until the siege is stopped. Splendor's
/// first seat moves first, so the agent waits for good.
async fn mcp_waiter(base: String, game: String, from: IpAddr, c: Arc<Counters>) {
    let setup = async {
        let http = reqwest::Client::builder()
            .local_address(from)
            .timeout(Duration::from_secs(70))
            .build()
            .map_err(|e| e.to_string())?;
        let post = |path: String, body: Value| {
            http.post(format!("{base}{path}"))
                .header("content-type", "application/json")
                .body(body.to_string())
                .send()
        };
        let created = post("/api/tables".into(), json!({"game": game, "players": 2}))
            .await
            .map_err(|e| e.to_string())?;
        let table: Value = created.json().await.map_err(|e| e.to_string())?;
        let id = table["id"]
            .as_str()
            .ok_or_else(|| format!("no table: {table}"))?
            .to_string();
        post(format!("/api/tables/{id}/seats/0/join"), json!({"name": "Host"}))
            .await
            .map_err(|e| e.to_string())?;
        let url = format!("{base}/mcp");
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "soak-waiter", "version": "1"}}});
        let (session, _) = mcp_post(&http, &url, None, init).await?;
        let session = session.ok_or("no MCP session")?;
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        mcp_post(&http, &url, Some(&session), initialized).await?;
        let join = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "join_seat", "arguments": {"table": id, "seat": 1, "name": "Waiter"}}});
        let (_, answer) = mcp_post(&http, &url, Some(&session), join).await?;
        let token = answer
            .iter()
            .find_map(|m| m["result"]["structuredContent"]["token"].as_str())
            .ok_or_else(|| format!("join refused: {answer:?}"))?
            .to_string();
        Ok::<_, String>((http, url, session, id, token))
    };
    let (http, url, session, id, token) = match setup.await {
        Ok(s) => s,
        Err(e) => {
            tracing::debug!(%from, error = %e, "MCP waiter not set up");
            bump(&c.mcp_failed);
            return;
        }
    };
    bump(&c.mcp_parked);
    for call in 3u64.. {
        let wait = json!({"jsonrpc": "2.0", "id": call, "method": "tools/call", "params": {
            "name": "wait_for_turn", "arguments": {"table": id, "seat": 1, "token": token, "timeout_seconds": 50}}});
        let t = Instant::now();
        let answered = mcp_post(&http, &url, Some(&session), wait).await.is_ok();
        if answered {
            bump(&c.mcp_waits);
        }
        // Answered at once: not parked (an error, or the turn came); do
        // not spin.
        if t.elapsed() < Duration::from_secs(1) {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

/// A newcomer from an address of its own: creates a two-seat table, takes
/// both seats and plays them over one WebSocket (hot seat) for `play`.
/// Returns whether the table was created, how long that took (ms), the
/// actions acknowledged and, when it was refused, why.
pub async fn newcomer(base: &str, game: &str, from: IpAddr, play: Duration) -> (bool, f64, u64, String) {
    let Ok(http) = reqwest::Client::builder()
        .local_address(from)
        .timeout(Duration::from_secs(10))
        .build()
    else {
        return (false, 0.0, 0, "no HTTP client".into());
    };
    let post = |path: String, body: Value| {
        http.post(format!("{base}{path}"))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
    };
    let t = Instant::now();
    let created = post("/api/tables".into(), json!({"game": game, "players": 2})).await;
    let create_ms = t.elapsed().as_secs_f64() * 1000.0;
    let table: Value = match created {
        Ok(r) if r.status().as_u16() == 201 => r.json().await.unwrap_or(Value::Null),
        Ok(r) => {
            let status = r.status().as_u16();
            let v: Value = r.json().await.unwrap_or(Value::Null);
            return (false, create_ms, 0, format!("{status} {}", v["error"]["rule"]));
        }
        Err(e) => return (false, create_ms, 0, e.to_string()),
    };
    let id = table["id"].as_str().unwrap_or_default().to_string();
    let mut secrets = Vec::new();
    for seat in 0..2 {
        let joined = post(
            format!("/api/tables/{id}/seats/{seat}/join"),
            json!({"name": format!("Neu{seat}")}),
        )
        .await;
        let r = match joined {
            Ok(r) => r,
            Err(e) => return (true, create_ms, 0, format!("join: {e}")),
        };
        let v: Value = r.json().await.unwrap_or(Value::Null);
        secrets.push(v["secret"].as_str().unwrap_or_default().to_string());
    }
    let mut ws = match loadtest::websocket(base, &format!("/api/tables/{id}/ws"), Some(from)).await {
        Ok(ws) => ws,
        Err(e) => return (true, create_ms, 0, format!("websocket: {e}")),
    };
    for (seat, secret) in secrets.iter().enumerate() {
        let auth = json!({"type": "auth", "seat": seat, "secret": secret}).to_string();
        if let Err(e) = ws.send(Message::text(auth)).await {
            return (true, create_ms, 0, format!("auth: {e}"));
        }
    }
    let deadline = Instant::now() + play;
    let mut acks = 0;
    let mut next_id = 0u64;
    while Instant::now() < deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(Message::Text(t)))) = tokio::time::timeout(left, ws.next()).await else {
            continue;
        };
        let v: Value = serde_json::from_str(t.as_str()).unwrap_or(Value::Null);
        match v["type"].as_str() {
            Some("ack") => acks += 1,
            Some("snapshot" | "update") => {
                if v["result"].is_object() {
                    break;
                }
                let (Some(seat), Some(version)) = (v["viewer"]["seat"].as_u64(), v["version"].as_u64()) else {
                    continue;
                };
                let Some(action) = v["legal"].as_array().and_then(|l| l.first()).cloned() else {
                    continue;
                };
                next_id += 1;
                let act = json!({"type": "act", "seat": seat, "action": action, "version": version, "id": next_id});
                if ws.send(Message::text(act.to_string())).await.is_err() {
                    break;
                }
            }
            _ => {}
        }
    }
    (true, create_ms, acks, String::new())
}

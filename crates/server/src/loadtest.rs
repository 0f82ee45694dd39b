//! The load test: N tables played at once by random players over real
//! WebSocket connections (one per seat) against a running server. It reports
//! accepted actions per second and the latency from sending an action to
//! receiving the update that carries its events.
//!
//! Each table's players create the table over HTTP, join every seat, play the
//! game to its end and start the next one, until the time is up.

use engine::rand::{Rng, SeedableRng};
use engine::GameRng;
use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;

/// What to run.
#[derive(Debug, Clone)]
pub struct LoadtestConfig {
    /// Base URL of the server, e.g. `http://127.0.0.1:8080`.
    pub url: String,
    /// Game id.
    pub game: String,
    /// Seats per table.
    pub players: usize,
    /// Game options (`null` for the defaults).
    pub options: Value,
    /// Tables played at once.
    pub tables: usize,
    /// How long to play, after every table has been set up.
    pub seconds: f64,
    /// Seed of the random players (table seeds are the server's).
    pub seed: u64,
    /// Target of actions per second over all tables, like players who think
    /// before each move; `None` plays as fast as the server answers.
    pub rate: Option<f64>,
    /// How a paced table spaces its actions.
    pub arrivals: Arrivals,
    /// Client addresses the tables connect from, table `i` from
    /// `sources[i % len]` (e.g. loopback addresses 127.0.1.x, as players at
    /// different homes, each with the server's per-address limits); empty:
    /// the system's choice.
    pub sources: Vec<IpAddr>,
}

/// How a paced table spaces its actions (with `rate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Arrivals {
    /// One action per period, each table at its own random phase.
    #[default]
    Even,
    /// Exponential gaps with the period as mean: over many tables, a Poisson
    /// stream whose bursts queue up as real players' would.
    Poisson,
}

impl Default for LoadtestConfig {
    fn default() -> Self {
        LoadtestConfig {
            url: "http://127.0.0.1:8080".into(),
            game: "splendor".into(),
            players: 2,
            options: Value::Null,
            tables: 1000,
            seconds: 20.0,
            seed: 1,
            rate: None,
            arrivals: Arrivals::Even,
            sources: Vec::new(),
        }
    }
}

/// What was measured.
#[derive(Debug, Clone, Serialize)]
pub struct LoadtestReport {
    /// Tables played at once.
    pub tables: usize,
    /// WebSocket connections (one per seat).
    pub connections: usize,
    /// Seconds measured.
    pub seconds: f64,
    /// Actions accepted in that time.
    pub actions: u64,
    /// Accepted actions per second.
    pub actions_per_sec: f64,
    /// Games played to their end.
    pub games_finished: u64,
    /// Median latency from sending an action to receiving its update, in ms.
    pub p50_ms: f64,
    /// 99th percentile of that latency, in ms.
    pub p99_ms: f64,
    /// Largest latency, in ms.
    pub max_ms: f64,
    /// Refused actions (stale versions when seats act at once, …).
    pub refused: u64,
    /// Connection or protocol failures.
    pub errors: u64,
}

impl LoadtestReport {
    /// One line for people.
    pub fn to_text(&self) -> String {
        format!(
            "{} tables · {} connections · {:.1} s: {} actions, {:.0} actions/s, latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms · {} games finished · {} refused · {} errors",
            self.tables,
            self.connections,
            self.seconds,
            self.actions,
            self.actions_per_sec,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.games_finished,
            self.refused,
            self.errors
        )
    }
}

/// Why the load test could not run.
#[derive(Debug, thiserror::Error)]
pub enum LoadtestError {
    /// The server could not be reached or refused the set-up.
    #[error("set-up failed: {0}")]
    Setup(String),
}

/// What the tables saw in one window of time.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Window {
    /// Seconds measured.
    pub seconds: f64,
    /// Actions accepted in that time.
    pub actions: u64,
    /// Accepted actions per second.
    pub actions_per_sec: f64,
    /// Games played to their end.
    pub games_finished: u64,
    /// Median latency from sending an action to receiving its update, in ms.
    pub p50_ms: f64,
    /// 99th percentile of that latency, in ms.
    pub p99_ms: f64,
    /// Largest latency, in ms.
    pub max_ms: f64,
    /// Refused actions.
    pub refused: u64,
    /// Connection or protocol failures.
    pub errors: u64,
}

#[derive(Default)]
struct Counts {
    latencies_us: Vec<u32>,
    actions: u64,
    refused: u64,
    errors: u64,
    games: u64,
}

#[derive(Default)]
struct Totals {
    /// The current window's counts.
    counts: Counts,
    /// The highest version acknowledged by each table, over the whole run.
    acked: HashMap<Arc<str>, u64>,
}

type Shared = Arc<Mutex<Totals>>;

fn add(totals: &Shared, f: impl FnOnce(&mut Counts)) {
    if let Ok(mut t) = totals.lock() {
        f(&mut t.counts);
    }
}

/// The tables of a load test, set up and playing until [`Running::stop`].
#[allow(missing_debug_implementations)] // holds task handles and counters only
pub struct Running {
    config: LoadtestConfig,
    base: String,
    totals: Shared,
    stop: Arc<tokio::sync::Notify>,
    stopped: Arc<std::sync::atomic::AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Running {
    /// The base URL of the server.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Measures what the tables see during the next `seconds`.
    pub async fn measure(&self, seconds: f64) -> Window {
        if let Ok(mut t) = self.totals.lock() {
            t.counts = Counts::default();
        }
        let start = Instant::now();
        tokio::time::sleep(Duration::from_secs_f64(seconds.max(0.0))).await;
        let seconds = start.elapsed().as_secs_f64();
        let Ok(mut t) = self.totals.lock() else {
            return Window::default();
        };
        let c = std::mem::take(&mut t.counts);
        drop(t);
        let mut lat = c.latencies_us;
        lat.sort_unstable();
        let pct = |p: f64| -> f64 {
            if lat.is_empty() {
                return 0.0;
            }
            let i = ((lat.len() as f64 - 1.0) * p).round() as usize;
            f64::from(lat[i.min(lat.len() - 1)]) / 1000.0
        };
        Window {
            seconds,
            actions: c.actions,
            actions_per_sec: c.actions as f64 / seconds.max(1e-9),
            games_finished: c.games,
            p50_ms: pct(0.5),
            p99_ms: pct(0.99),
            max_ms: lat.last().map_or(0.0, |m| f64::from(*m) / 1000.0),
            refused: c.refused,
            errors: c.errors,
        }
    }

    /// The highest version acknowledged by each table so far.
    pub fn acked(&self) -> Vec<(String, u64)> {
        self.totals
            .lock()
            .map(|t| t.acked.iter().map(|(id, v)| (id.to_string(), *v)).collect())
            .unwrap_or_default()
    }

    /// Stops every table's players.
    pub fn stop(self) {
        self.stopped.store(true, std::sync::atomic::Ordering::SeqCst);
        self.stop.notify_waiters();
        for task in self.tasks {
            task.abort();
        }
    }
}

/// Sets up `config.tables` tables, connects every seat and starts play;
/// returns once every table plays.
pub async fn start(config: LoadtestConfig) -> Result<Running, LoadtestError> {
    let client = |source: Option<IpAddr>| {
        reqwest::Client::builder()
            .pool_max_idle_per_host(64)
            // Below the server's keep-alive time, so that no request goes
            // out on a connection the server is closing.
            .pool_idle_timeout(Duration::from_secs(5))
            .local_address(source)
            .build()
            .map_err(|e| LoadtestError::Setup(e.to_string()))
    };
    let clients: Vec<(Option<IpAddr>, reqwest::Client)> = if config.sources.is_empty() {
        vec![(None, client(None)?)]
    } else {
        config
            .sources
            .iter()
            .map(|s| Ok((Some(*s), client(Some(*s))?)))
            .collect::<Result<_, LoadtestError>>()?
    };
    let base = config.url.trim_end_matches('/').to_string();
    // One table first, so a wrong URL or game fails fast and clearly.
    let probe = setup_table(&clients[0].1, &base, &config)
        .await
        .map_err(LoadtestError::Setup)?;
    let totals: Shared = Arc::default();
    let setup_gate = Arc::new(Semaphore::new(32));
    let ready = Arc::new(tokio::sync::Barrier::new(config.tables + 1));
    let stop = Arc::new(tokio::sync::Notify::new());
    let stopped = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut tasks = Vec::with_capacity(config.tables);
    let mut first = Some(probe);
    for t in 0..config.tables {
        let (source, http) = clients[t % clients.len()].clone();
        let ctx = Player {
            http,
            source,
            base: base.clone(),
            config: config.clone(),
            totals: Arc::clone(&totals),
            stopped: Arc::clone(&stopped),
        };
        let (gate, ready, stop) = (Arc::clone(&setup_gate), Arc::clone(&ready), Arc::clone(&stop));
        let first = first.take();
        tasks.push(tokio::spawn(async move {
            let table = match first {
                Some(t) => Ok(t),
                None => {
                    let _permit = gate.acquire().await;
                    setup_table(&ctx.http, &ctx.base, &ctx.config).await
                }
            };
            let conns = match table {
                Ok(table) => connect(&ctx.base, &table, ctx.source).await.map(|c| (table.id, c)),
                Err(e) => Err(e),
            };
            ready.wait().await;
            match conns {
                Ok((id, conns)) => ctx.play(id, conns, t as u64, &stop).await,
                Err(e) => {
                    tracing::warn!(error = %e, "table set-up failed");
                    add(&ctx.totals, |t| t.errors += 1);
                }
            }
        }));
    }
    ready.wait().await;
    Ok(Running {
        config,
        base,
        totals,
        stop,
        stopped,
        tasks,
    })
}

/// Runs the load test against the server at `config.url`.
pub async fn run(config: LoadtestConfig) -> Result<LoadtestReport, LoadtestError> {
    let seconds = config.seconds;
    let running = start(config).await?;
    // Measure from here: every table is set up and connected.
    let w = running.measure(seconds).await;
    let (tables, players) = (running.config.tables, running.config.players);
    running.stop();
    Ok(LoadtestReport {
        tables,
        connections: tables * players,
        seconds: w.seconds,
        actions: w.actions,
        actions_per_sec: w.actions_per_sec,
        games_finished: w.games_finished,
        p50_ms: w.p50_ms,
        p99_ms: w.p99_ms,
        max_ms: w.max_ms,
        refused: w.refused,
        errors: w.errors,
    })
}

/// Runs the load test on a runtime of its own. Without `config.url` (empty),
/// it first starts a server in this process on a temporary SQLite file with
/// `games`, and removes the file afterwards. That server gets a runtime (and
/// worker threads) of its own, as in its own process: sharing one scheduler
/// with thousands of client tasks would measure the test's queue, not the
/// server's.
pub fn run_blocking(mut config: LoadtestConfig, games: crate::Registry) -> Result<LoadtestReport, LoadtestError> {
    let runtime = || tokio::runtime::Runtime::new().map_err(|e| LoadtestError::Setup(e.to_string()));
    let clients = runtime()?;
    if !config.url.is_empty() {
        return clients.block_on(run(config));
    }
    let n = crate::secret::random_u64().map_err(|e| LoadtestError::Setup(e.to_string()))?;
    let dir = std::env::temp_dir().join(format!("spielleiter-loadtest-{n:016x}"));
    std::fs::create_dir_all(&dir).map_err(|e| LoadtestError::Setup(e.to_string()))?;
    // Every player comes from one address: the per-address caps are raised.
    let server_config = crate::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: format!("sqlite://{}", dir.join("loadtest.db").display()),
        ..crate::ServerConfig::default()
    }
    .for_load_test();
    let server_runtime = runtime()?;
    let started = server_runtime.block_on(crate::start(server_config, games, crate::BotRegistry::default()));
    let report = match started {
        Ok(server) => {
            config.url = format!("http://{}", server.addr);
            let report = clients.block_on(run(config));
            let _ = server_runtime.block_on(server.shutdown());
            report
        }
        Err(e) => Err(LoadtestError::Setup(e.to_string())),
    };
    let _ = std::fs::remove_dir_all(&dir);
    report
}

/// A table set up for play: id and the seats' secrets.
struct TableSeats {
    id: String,
    secrets: Vec<String>,
}

async fn post(http: &reqwest::Client, url: &str, body: &Value) -> Result<Value, String> {
    for _ in 0..100 {
        let resp = http.post(url).json(body).send().await.map_err(|e| e.to_string())?;
        let status = resp.status().as_u16();
        let v: Value = resp.json().await.map_err(|e| e.to_string())?;
        match status {
            200..=299 => return Ok(v),
            429 => tokio::time::sleep(Duration::from_millis(50)).await,
            _ => return Err(format!("{url}: {status} {v}")),
        }
    }
    Err(format!("{url}: rate limited throughout"))
}

async fn setup_table(http: &reqwest::Client, base: &str, config: &LoadtestConfig) -> Result<TableSeats, String> {
    let body = json!({"game": config.game, "players": config.players, "options": config.options});
    let table = post(http, &format!("{base}/api/tables"), &body).await?;
    let id = table["id"].as_str().ok_or("no table id")?.to_string();
    let mut secrets = Vec::with_capacity(config.players);
    for seat in 0..config.players {
        let joined = post(
            http,
            &format!("{base}/api/tables/{id}/seats/{seat}/join"),
            // One name per seat: names that look alike are refused at one table.
            &json!({"name": format!("load {}", seat + 1)}),
        )
        .await?;
        secrets.push(joined["secret"].as_str().ok_or("no secret")?.to_string());
    }
    Ok(TableSeats { id, secrets })
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A TCP connection to the server of `base` (`http://HOST:PORT`) from
/// `source`, if given.
pub async fn tcp(base: &str, source: Option<IpAddr>) -> Result<tokio::net::TcpStream, String> {
    let authority = base.split("://").nth(1).unwrap_or(base);
    let authority = authority.split('/').next().unwrap_or(authority);
    let addr: SocketAddr = match authority.parse() {
        Ok(a) => a,
        Err(_) => tokio::net::lookup_host(authority)
            .await
            .map_err(|e| format!("{authority}: {e}"))?
            .next()
            .ok_or_else(|| format!("{authority}: no address"))?,
    };
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()
    } else {
        tokio::net::TcpSocket::new_v6()
    }
    .map_err(|e| e.to_string())?;
    if let Some(ip) = source {
        socket
            .bind(SocketAddr::new(ip, 0))
            .map_err(|e| format!("bind {ip}: {e}"))?;
    }
    let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    Ok(stream)
}

/// A WebSocket to `path` of the server of `base`, from `source` if given.
pub async fn websocket(base: &str, path: &str, source: Option<IpAddr>) -> Result<Socket, String> {
    let stream = tcp(base, source).await?;
    let url = format!("{}{path}", base.replacen("http", "ws", 1));
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(8 * 1024);
    let (ws, _) = tokio_tungstenite::client_async_with_config(
        url,
        tokio_tungstenite::MaybeTlsStream::Plain(stream),
        Some(config),
    )
    .await
    .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// Opens one authenticated connection per seat.
async fn connect(base: &str, table: &TableSeats, source: Option<IpAddr>) -> Result<Vec<(u8, Socket)>, String> {
    let mut out = Vec::with_capacity(table.secrets.len());
    for (seat, secret) in table.secrets.iter().enumerate() {
        let mut ws = websocket(base, &format!("/api/tables/{}/ws", table.id), source).await?;
        let auth = json!({"type": "auth", "seat": seat, "secret": secret}).to_string();
        ws.send(Message::text(auth)).await.map_err(|e| e.to_string())?;
        out.push((seat as u8, ws));
    }
    Ok(out)
}

struct Player {
    http: reqwest::Client,
    source: Option<IpAddr>,
    base: String,
    config: LoadtestConfig,
    totals: Shared,
    stopped: Arc<std::sync::atomic::AtomicBool>,
}

impl Player {
    /// Plays tables one after another until stopped.
    async fn play(&self, id: String, mut conns: Vec<(u8, Socket)>, index: u64, stop: &tokio::sync::Notify) {
        let mut table: Arc<str> = Arc::from(id);
        let mut round = 0u64;
        // Each table acts at most once per period: tables / rate seconds.
        let period = self
            .config
            .rate
            .filter(|r| *r > 0.0)
            .map(|r| Duration::from_secs_f64(self.config.tables as f64 / r));
        loop {
            let pace = period.map(|p| {
                let rng = GameRng::seed_from_u64(self.config.seed ^ (index << 20) ^ (round << 8) ^ 0xff);
                Pace::new(p, self.config.arrivals, rng)
            });
            let seats: Vec<_> = conns
                .drain(..)
                .map(|(seat, ws)| {
                    let seed = self.config.seed ^ (index << 20) ^ (round << 8) ^ u64::from(seat);
                    let totals = Arc::clone(&self.totals);
                    tokio::spawn(play_seat(seat, ws, seed, (Arc::clone(&table), totals), pace.clone()))
                })
                .collect();
            let mut finished = true;
            tokio::select! {
                results = futures_util::future::join_all(seats) => {
                    for r in results {
                        finished &= matches!(r, Ok(true));
                    }
                }
                _ = stop.notified() => return,
            }
            if self.stopped.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            if finished {
                add(&self.totals, |t| t.games += 1);
            }
            round += 1;
            let next = match setup_table(&self.http, &self.base, &self.config).await {
                Ok(t) => connect(&self.base, &t, self.source).await.map(|c| (t.id, c)),
                Err(e) => Err(e),
            };
            match next {
                Ok((id, c)) => {
                    table = Arc::from(id);
                    conns = c;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "next table failed");
                    add(&self.totals, |t| t.errors += 1);
                    return;
                }
            }
        }
    }
}

/// The parts of a server message a random player reads; the view is skipped.
#[derive(serde::Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    from: Option<u64>,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default)]
    legal: Vec<Value>,
    #[serde(default)]
    result: Option<Value>,
}

/// An action in flight.
struct Pending {
    /// The version it was chosen at.
    version: u64,
    sent: Instant,
    acked: bool,
    /// When the update carrying its events arrived.
    seen: Option<Instant>,
}

/// A table's pacing: the earliest time of its next action.
#[derive(Clone)]
struct Pace {
    period: Duration,
    arrivals: Arrivals,
    /// The next slot, and the draws of the gaps between slots.
    next: Arc<Mutex<(Instant, GameRng)>>,
}

impl Pace {
    /// Pacing that starts at a random point of the first period, as players
    /// who sit down at different times: started together, a thousand tables
    /// would act in the same millisecond, period after period.
    fn new(period: Duration, arrivals: Arrivals, mut rng: GameRng) -> Pace {
        let first = Instant::now() + period.mul_f64(rng.random::<f64>());
        Pace {
            period,
            arrivals,
            next: Arc::new(Mutex::new((first, rng))),
        }
    }

    /// Books the table's next slot (never in the past) and the one after it.
    fn book(&self) -> Instant {
        match self.next.lock() {
            Ok(mut guard) => {
                let (next, rng) = &mut *guard;
                let at = (*next).max(Instant::now());
                let gap = match self.arrivals {
                    Arrivals::Even => self.period,
                    // Exponential gaps: -ln(1 - u) periods, u in [0, 1).
                    Arrivals::Poisson => self.period.mul_f64(-(1.0 - rng.random::<f64>()).ln()),
                };
                *next = at + gap;
                at
            }
            Err(_) => Instant::now(),
        }
    }

    /// Waits for the table's next slot.
    async fn wait(&self) {
        tokio::time::sleep_until(self.book().into()).await;
    }
}

/// One seat's random player; returns whether the game reached its end.
async fn play_seat(
    seat: u8,
    mut ws: Socket,
    seed: u64,
    (table, totals): (Arc<str>, Shared),
    pace: Option<Pace>,
) -> bool {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut pending: Option<Pending> = None;
    // The latest picture: version and legal actions.
    let mut latest: Option<(u64, Vec<Value>)> = None;
    while let Some(msg) = ws.next().await {
        let Ok(Message::Text(text)) = msg else {
            if msg.is_err() {
                add(&totals, |t| t.errors += 1);
                return false;
            }
            continue;
        };
        let Ok(v) = serde_json::from_str::<Incoming>(text.as_str()) else {
            add(&totals, |t| t.errors += 1);
            return false;
        };
        match v.kind.as_str() {
            kind @ ("update" | "snapshot") => {
                if kind == "update" {
                    if let Some(p) = pending.as_mut() {
                        if v.from == Some(p.version) && p.seen.is_none() {
                            p.seen = Some(Instant::now());
                        }
                    }
                }
                if v.result.as_ref().is_some_and(|r| !r.is_null()) {
                    let _ = ws.close(None).await;
                    return true;
                }
                latest = Some((v.version.unwrap_or(0), v.legal));
            }
            "ack" => {
                if let Some(p) = pending.as_mut() {
                    p.acked = true;
                }
                if let (Some(version), Ok(mut t)) = (v.version, totals.lock()) {
                    let best = t.acked.entry(Arc::clone(&table)).or_insert(0);
                    *best = (*best).max(version);
                }
            }
            "error" => {
                pending = None;
                latest = None;
                add(&totals, |t| t.refused += 1);
                // Ask for a fresh picture and choose again.
                if ws.send(Message::text(r#"{"type":"sync"}"#)).await.is_err() {
                    return false;
                }
            }
            _ => {}
        }
        // An action is done once it is acknowledged and its update is here.
        if let Some(Pending {
            sent,
            acked: true,
            seen: Some(seen),
            ..
        }) = pending
        {
            let us = seen
                .saturating_duration_since(sent)
                .as_micros()
                .min(u128::from(u32::MAX)) as u32;
            add(&totals, |t| {
                t.actions += 1;
                t.latencies_us.push(us);
            });
            pending = None;
        }
        if pending.is_none() {
            if let Some((version, legal)) = latest.take() {
                if !legal.is_empty() {
                    if let Some(p) = &pace {
                        p.wait().await;
                    }
                    let action = &legal[rng.random_range(0..legal.len())];
                    let msg = json!({"type": "act", "seat": seat, "action": action, "version": version}).to_string();
                    pending = Some(Pending {
                        version,
                        sent: Instant::now(),
                        acked: false,
                        seen: None,
                    });
                    if ws.send(Message::text(msg)).await.is_err() {
                        add(&totals, |t| t.errors += 1);
                        return false;
                    }
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_start_at_spread_out_points_of_their_period() {
        let period = Duration::from_millis(200);
        let now = Instant::now();
        let firsts: Vec<Duration> = (0..200)
            .map(|i| {
                let pace = Pace::new(period, Arrivals::Even, GameRng::seed_from_u64(i));
                pace.book().saturating_duration_since(now)
            })
            .collect();
        assert!(firsts.iter().all(|d| *d <= period + Duration::from_millis(50)));
        // Spread over the period, not bunched at its start.
        let late = firsts.iter().filter(|d| **d > period / 2).count();
        assert!((60..=140).contains(&late), "{late} of 200 in the second half");
    }

    #[test]
    fn even_pacing_books_one_slot_per_period() {
        let period = Duration::from_secs(100);
        let pace = Pace::new(period, Arrivals::Even, GameRng::seed_from_u64(7));
        let first = pace.book();
        assert_eq!(pace.book() - first, period);
        assert_eq!(pace.book() - first, 2 * period);
    }

    #[test]
    fn poisson_gaps_average_the_period() {
        let period = Duration::from_secs(100);
        let pace = Pace::new(period, Arrivals::Poisson, GameRng::seed_from_u64(7));
        let first = pace.book();
        let n = 4000;
        let mut last = first;
        let mut gaps = Vec::new();
        for _ in 0..n {
            let at = pace.book();
            gaps.push((at - last).as_secs_f64());
            last = at;
        }
        let mean = (last - first).as_secs_f64() / f64::from(n);
        assert!((90.0..110.0).contains(&mean), "mean gap {mean} s");
        // Exponential, not even: about 63% of gaps are shorter than the mean.
        let short = gaps.iter().filter(|g| **g < 100.0).count() as f64 / f64::from(n);
        assert!((0.58..0.68).contains(&short), "{short}");
    }
}

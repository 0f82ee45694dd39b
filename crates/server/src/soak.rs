//! The soak test: the load test's tables of random players play while
//! hostile clients attack the same server, and it reports what the real
//! tables saw before and during the attack.
//!
//! Attacks (all bounded in count and time, all from loopback addresses of
//! their own, so each meets the server's per-address limits as a separate
//! attacker would): half-sent requests up to and beyond the per-address
//! connection cap, a table-creation flood (with huge player counts and
//! oversized bodies among it), oversized, malformed and binary WebSocket
//! frames, and a storm of WebSocket connections opened and dropped. Real
//! tables connect from addresses of their own (127.0.1.x), one per table,
//! as players at different homes. Only loopback servers are attacked.
//!
//! On top, the capacity attacks of [`crate::siege`]: a table flood from
//! hundreds of addresses up to the server's table cap, idle and silent
//! connections up to its connection cap, slow readers; and halfway through,
//! a newcomer from a fresh address creates a table and plays it. Health is
//! probed on a fresh connection every time, as a newcomer would.

use crate::loadtest::{self, LoadtestConfig, Window};
use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use serde_json::{json, Value};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// What to run.
#[derive(Debug, Clone)]
pub struct SoakConfig {
    /// Base URL of a server on loopback, e.g. `http://127.0.0.1:8080`.
    pub url: String,
    /// Game of the real tables.
    pub game: String,
    /// Seats per real table.
    pub players: usize,
    /// Real tables playing throughout.
    pub tables: usize,
    /// Actions per second over all real tables.
    pub rate: f64,
    /// Seconds measured before the attack.
    pub baseline_secs: f64,
    /// Seconds of attack (measured).
    pub attack_secs: f64,
    /// The server's process id, to read its memory from /proc; without it
    /// the memory comes from `/api/health`.
    pub server_pid: Option<u32>,
    /// Attacking addresses holding half-sent requests.
    pub slow_addresses: u8,
    /// Half-sent requests each of them tries to hold (more than the
    /// server's per-address cap, to show that the cap holds).
    pub slow_per_address: usize,
    /// Concurrent tasks of the table-creation flood.
    pub flood_tasks: usize,
    /// Concurrent connections sending bad frames.
    pub frame_tasks: usize,
    /// Concurrent tasks of the reconnect storm.
    pub storm_tasks: usize,
    /// The capacity attacks.
    pub siege: crate::siege::SiegeConfig,
    /// Which attacks run: all of them, or one flood alone (to measure what
    /// each one costs, issue 41).
    pub flood: Flood,
}

/// The attacks a soak run makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Flood {
    /// Every attack at once.
    #[default]
    All,
    /// Only the table flood from `--addresses` addresses.
    Tables,
    /// Only the idle WebSockets and silent TCP connections.
    Sockets,
    /// Only the MCP sessions parked in `wait_for_turn`.
    Mcp,
}

impl std::str::FromStr for Flood {
    type Err = String;

    fn from_str(s: &str) -> Result<Flood, String> {
        match s {
            "all" => Ok(Flood::All),
            "tables" => Ok(Flood::Tables),
            "sockets" => Ok(Flood::Sockets),
            "mcp" => Ok(Flood::Mcp),
            other => Err(format!("{other}: one of all, tables, sockets, mcp")),
        }
    }
}

impl Flood {
    /// The capacity attacks of `siege` this choice runs (the others set to
    /// nothing).
    fn siege(self, siege: &crate::siege::SiegeConfig) -> crate::siege::SiegeConfig {
        let mut s = siege.clone();
        if !matches!(self, Flood::All | Flood::Tables) {
            s.tables_per_address = 0;
        }
        if !matches!(self, Flood::All | Flood::Sockets) {
            s.idle = 0;
            s.silent = 0;
        }
        if self != Flood::All {
            s.slow_readers = 0;
        }
        if !matches!(self, Flood::All | Flood::Mcp) {
            s.mcp_waiters = 0;
        }
        s
    }
}

impl Default for SoakConfig {
    fn default() -> Self {
        SoakConfig {
            url: "http://127.0.0.1:8080".into(),
            game: "splendor".into(),
            players: 2,
            tables: 200,
            rate: 400.0,
            baseline_secs: 10.0,
            attack_secs: 20.0,
            server_pid: None,
            slow_addresses: 4,
            slow_per_address: 300,
            flood_tasks: 8,
            frame_tasks: 8,
            storm_tasks: 16,
            siege: crate::siege::SiegeConfig::default(),
            flood: Flood::All,
        }
    }
}

/// What the attackers did and what they got.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Attacks {
    /// Half-sent requests opened.
    pub slow_opened: u64,
    /// Of those, closed by the server at once (over the connection cap).
    pub slow_refused: u64,
    /// Of those, closed by the server's header-read timeout.
    pub slow_timed_out: u64,
    /// Tables the flood created (the per-address cap).
    pub flood_created: u64,
    /// Flood requests refused, by error kind (`table_limit`, `rate_limited`,
    /// `players`, `too_large`, …).
    pub flood_refused: std::collections::BTreeMap<String, u64>,
    /// Bad WebSocket frames sent.
    pub frames_sent: u64,
    /// Error replies received to them.
    pub frame_errors: u64,
    /// Connections the server closed (frames over four times the limit).
    pub frame_closed: u64,
    /// WebSocket connections of the storm that got a snapshot.
    pub storm_connected: u64,
    /// Storm connections refused (rate limit, connection cap).
    pub storm_refused: u64,
}

/// What was measured.
#[derive(Debug, Clone, Serialize)]
pub struct SoakReport {
    /// Real tables playing.
    pub tables: usize,
    /// What they saw before the attack.
    pub before: Window,
    /// What they saw during the attack.
    pub during: Window,
    /// The attacks.
    pub attacks: Attacks,
    /// `/api/health` probes during the attack (each on a new connection),
    /// failed ones, slowest in ms.
    pub health: (u64, u64, f64),
    /// The 99th percentile of the health probes' time, ms.
    pub health_p99_ms: f64,
    /// The capacity attacks and the newcomer.
    pub siege: crate::siege::SiegeReport,
    /// Tables with acknowledged actions checked afterwards.
    pub tables_checked: usize,
    /// Tables whose version is below one they acknowledged (or gone).
    pub acknowledged_lost: usize,
    /// Server memory (RSS) at the start and at its peak, in MiB.
    pub rss_mib: (f64, f64),
    /// Whether table actions and health had p99 < 50 ms during the attack,
    /// no health probe failed, the newcomer played, nothing acknowledged
    /// was lost, RSS < 1 GiB.
    pub targets_met: bool,
}

impl SoakReport {
    /// Lines for people.
    pub fn to_text(&self) -> String {
        let w = |name: &str, w: &Window| {
            format!(
                "{name}: {:.0} actions/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {} refused, {} errors ({:.0} s)",
                w.actions_per_sec, w.p50_ms, w.p99_ms, w.max_ms, w.refused, w.errors, w.seconds
            )
        };
        let a = &self.attacks;
        let refused: Vec<String> = a.flood_refused.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!(
            "{} real tables\n{}\n{}\nslow connections: {} opened, {} refused at once, {} closed by the header timeout\n\
             table flood: {} created, refused: {}\nbad frames: {} sent, {} error replies, {} connections closed\n\
             reconnect storm: {} connected, {} refused\nhealth during the attack: {} probes, {} failed, slowest {:.1} ms\n\
             acknowledged actions lost: {} of {} tables\nserver memory: {:.0} MiB at the start, {:.0} MiB at the peak\n{}\ntargets met: {}",
            self.tables,
            w("before the attack", &self.before),
            w("during the attack", &self.during),
            a.slow_opened,
            a.slow_refused,
            a.slow_timed_out,
            a.flood_created,
            refused.join(", "),
            a.frames_sent,
            a.frame_errors,
            a.frame_closed,
            a.storm_connected,
            a.storm_refused,
            self.health.0,
            self.health.1,
            self.health.2,
            self.acknowledged_lost,
            self.tables_checked,
            self.rss_mib.0,
            self.rss_mib.1,
            self.siege_text(),
            self.targets_met
        )
    }
}

impl SoakReport {
    fn siege_text(&self) -> String {
        let s = &self.siege;
        let refused: Vec<String> = s.flood_refused.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!(
            "health p99 during the attack: {:.1} ms\n\
             capacity attacks from {} addresses: table flood {} created (refused: {}); \
             idle websockets {} opened, {} closed; silent sockets {} opened, {} closed; \
             slow readers {} opened, {} closed by the server; \
             MCP waiters {} parked, {} waits answered, {} not set up\n\
             newcomer: table created {} in {:.1} ms, {} actions acknowledged{}",
            self.health_p99_ms,
            s.addresses,
            s.flood_created,
            refused.join(", "),
            s.idle.0,
            s.idle.1,
            s.silent.0,
            s.silent.1,
            s.slow_readers.0,
            s.slow_readers.1,
            s.mcp.0,
            s.mcp.1,
            s.mcp.2,
            s.newcomer_created,
            s.newcomer_create_ms,
            s.newcomer_acks,
            if s.newcomer_refusal.is_empty() {
                String::new()
            } else {
                format!(" ({})", s.newcomer_refusal)
            }
        )
    }
}

/// Whether `url` names a loopback server: the soak attacks nothing else.
fn loopback(url: &str) -> bool {
    let authority = url.split("://").nth(1).unwrap_or(url);
    let authority = authority.split('/').next().unwrap_or(authority);
    let host = match authority.rsplit_once(':') {
        Some((h, p)) if p.bytes().all(|b| b.is_ascii_digit()) => h,
        _ => authority,
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn ip(b: u8, c: u8, d: u8) -> IpAddr {
    IpAddr::from([127, b, c, d])
}

#[derive(Default)]
struct Counters {
    slow_opened: AtomicU64,
    slow_refused: AtomicU64,
    slow_timed_out: AtomicU64,
    flood_created: AtomicU64,
    flood_refused: Mutex<std::collections::BTreeMap<String, u64>>,
    frames_sent: AtomicU64,
    frame_errors: AtomicU64,
    frame_closed: AtomicU64,
    storm_connected: AtomicU64,
    storm_refused: AtomicU64,
}

fn bump(c: &AtomicU64) {
    c.fetch_add(1, Ordering::Relaxed);
}

/// The server's resident memory in bytes.
async fn rss(pid: Option<u32>, http: &reqwest::Client, base: &str) -> Option<u64> {
    if let Some(pid) = pid {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))?
            .split_whitespace()
            .next()?
            .parse()
            .ok()?;
        return Some(kb * 1024);
    }
    let v: Value = http
        .get(format!("{base}/api/health"))
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()?;
    v["rss_bytes"].as_u64()
}

/// Runs the soak test against the loopback server at `config.url`.
pub async fn run(config: SoakConfig) -> Result<SoakReport, loadtest::LoadtestError> {
    if !loopback(&config.url) {
        return Err(loadtest::LoadtestError::Setup(format!(
            "{}: the soak test attacks loopback servers only",
            config.url
        )));
    }
    let sources = (0..config.tables.clamp(1, 250))
        .map(|i| ip(1, 0, 1 + i as u8))
        .collect();
    let running = loadtest::start(LoadtestConfig {
        url: config.url.clone(),
        game: config.game.clone(),
        players: config.players,
        tables: config.tables,
        rate: Some(config.rate),
        sources,
        ..LoadtestConfig::default()
    })
    .await?;
    let base = running.base().to_string();
    let setup = |e: reqwest::Error| loadtest::LoadtestError::Setup(e.to_string());
    let probe = reqwest::Client::builder()
        .local_address(ip(6, 0, 1))
        .timeout(Duration::from_secs(2))
        .build()
        .map_err(setup)?;
    let rss_start = rss(config.server_pid, &probe, &base).await.unwrap_or(0);
    let rss_peak = Arc::new(AtomicU64::new(rss_start));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let (peak, done, probe, base, pid) = (
            Arc::clone(&rss_peak),
            Arc::clone(&done),
            probe.clone(),
            base.clone(),
            config.server_pid,
        );
        tokio::spawn(async move {
            while !done.load(Ordering::Relaxed) {
                if let Some(r) = rss(pid, &probe, &base).await {
                    peak.fetch_max(r, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        })
    };
    let before = running.measure(config.baseline_secs).await;

    let deadline = Instant::now() + Duration::from_secs_f64(config.attack_secs);
    // The attackers run on threads of their own: on the measuring runtime
    // the real tables' players and the health probe would wait in line
    // behind thousands of attacking tasks, and the report would time this
    // client's queue as much as the server. They still share the machine's
    // cores, as a second process would.
    let attack_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("soak-attack")
        .enable_all()
        .build()
        .map_err(|e| loadtest::LoadtestError::Setup(e.to_string()))?;
    let on_attack_rt = attack_rt.enter();
    let counters = Arc::new(Counters::default());
    let tables: Vec<String> = running.acked().into_iter().map(|(id, _)| id).collect();
    let mut attackers = Vec::new();
    // One flood alone: none of the older attacks beside it.
    let older = config.flood == Flood::All;
    let (slow_addresses, flood_tasks, frame_tasks, storm_tasks) = if older {
        (
            config.slow_addresses,
            config.flood_tasks,
            config.frame_tasks,
            config.storm_tasks,
        )
    } else {
        (0, 0, 0, 0)
    };
    for a in 0..slow_addresses {
        for _ in 0..config.slow_per_address {
            attackers.push(tokio::spawn(slow(
                base.clone(),
                ip(2, 0, 1 + a),
                deadline,
                Arc::clone(&counters),
            )));
        }
    }
    let flood_client = reqwest::Client::builder()
        .local_address(ip(3, 0, 1))
        .timeout(Duration::from_secs(5))
        .build()
        .map_err(setup)?;
    for t in 0..flood_tasks {
        let c = (
            flood_client.clone(),
            base.clone(),
            config.game.clone(),
            Arc::clone(&counters),
        );
        attackers.push(tokio::spawn(flood(c, t, deadline)));
    }
    for t in 0..frame_tasks {
        let table = tables.get(t % tables.len().max(1)).cloned().unwrap_or_default();
        attackers.push(tokio::spawn(frames(
            base.clone(),
            table,
            deadline,
            Arc::clone(&counters),
        )));
    }
    for t in 0..storm_tasks {
        let table = tables.get(t % tables.len().max(1)).cloned().unwrap_or_default();
        attackers.push(tokio::spawn(storm(
            base.clone(),
            table,
            deadline,
            Arc::clone(&counters),
        )));
    }
    let siege = crate::siege::start(&base, &config.game, &tables, &config.flood.siege(&config.siege));
    drop(on_attack_rt);
    // Every probe on a new connection (no keep-alive), as a newcomer's.
    let fresh = reqwest::Client::builder()
        .local_address(ip(6, 0, 2))
        .timeout(Duration::from_secs(2))
        .pool_max_idle_per_host(0)
        .build()
        .map_err(setup)?;
    let health = {
        let base = base.clone();
        tokio::spawn(async move {
            let (mut times, mut failed) = (Vec::new(), 0u64);
            while Instant::now() < deadline {
                let t = Instant::now();
                let ok =
                    matches!(fresh.get(format!("{base}/api/health")).send().await, Ok(r) if r.status().is_success());
                failed += u64::from(!ok);
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            times.sort_by(f64::total_cmp);
            let p99 = times
                .get((times.len() * 99 / 100).min(times.len().saturating_sub(1)))
                .copied();
            (
                times.len() as u64,
                failed,
                times.last().copied().unwrap_or(0.0),
                p99.unwrap_or(0.0),
            )
        })
    };
    let newcomer = {
        let (base, game) = (base.clone(), config.game.clone());
        let wait = Duration::from_secs_f64(config.attack_secs / 2.0);
        let play = Duration::from_secs_f64((config.attack_secs / 2.0 - 1.0).max(1.0));
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            crate::siege::newcomer(&base, &game, ip(9, 0, 1), play).await
        })
    };
    let during = running.measure(config.attack_secs).await;
    for a in attackers {
        a.abort();
    }
    let mut siege_report = siege.stop();
    attack_rt.shutdown_background();
    let (created, create_ms, acks, refusal) = newcomer.await.unwrap_or((false, 0.0, 0, "panicked".into()));
    siege_report.newcomer_created = created;
    siege_report.newcomer_refusal = refusal;
    siege_report.newcomer_create_ms = create_ms;
    siege_report.newcomer_acks = acks;
    let (probes, failed, slowest, health_p99_ms) = health.await.unwrap_or((0, 0, 0.0, 0.0));
    let health = (probes, failed, slowest);
    let acked = running.acked();
    running.stop();
    done.store(true, Ordering::Relaxed);
    let _ = sampler.await;
    // Let the last actions in flight land, then check every table.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let lost = check_acked(&base, &acked).await;
    let c = &counters;
    let attacks = Attacks {
        slow_opened: c.slow_opened.load(Ordering::Relaxed),
        slow_refused: c.slow_refused.load(Ordering::Relaxed),
        slow_timed_out: c.slow_timed_out.load(Ordering::Relaxed),
        flood_created: c.flood_created.load(Ordering::Relaxed),
        flood_refused: c.flood_refused.lock().map(|m| m.clone()).unwrap_or_default(),
        frames_sent: c.frames_sent.load(Ordering::Relaxed),
        frame_errors: c.frame_errors.load(Ordering::Relaxed),
        frame_closed: c.frame_closed.load(Ordering::Relaxed),
        storm_connected: c.storm_connected.load(Ordering::Relaxed),
        storm_refused: c.storm_refused.load(Ordering::Relaxed),
    };
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    let rss_mib = (mib(rss_start), mib(rss_peak.load(Ordering::Relaxed)));
    Ok(SoakReport {
        tables: config.tables,
        targets_met: during.p99_ms < 50.0
            && health_p99_ms < 50.0
            && health.1 == 0
            && siege_report.newcomer_acks > 0
            && lost == 0
            && rss_mib.1 < 1024.0
            && during.actions > 0,
        health_p99_ms,
        siege: siege_report,
        before,
        during,
        attacks,
        health,
        tables_checked: acked.len(),
        acknowledged_lost: lost,
        rss_mib,
    })
}

/// Tables whose current version is below the highest they acknowledged.
async fn check_acked(base: &str, acked: &[(String, u64)]) -> usize {
    let clients: Vec<reqwest::Client> = (0..32)
        .filter_map(|i| reqwest::Client::builder().local_address(ip(7, 0, 1 + i)).build().ok())
        .collect();
    if clients.is_empty() {
        return acked.len();
    }
    let checks = acked.iter().enumerate().map(|(i, (id, version))| {
        let http = clients[i % clients.len()].clone();
        let url = format!("{base}/api/tables/{id}");
        async move {
            for _ in 0..50 {
                match http.get(&url).send().await {
                    Ok(r) if r.status().as_u16() == 429 => tokio::time::sleep(Duration::from_millis(100)).await,
                    Ok(r) => {
                        let v: Value = r.json().await.unwrap_or(Value::Null);
                        return v["version"].as_u64().is_none_or(|now| now < *version);
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
            true
        }
    });
    futures_util::stream::iter(checks)
        .buffer_unordered(32)
        .filter(|lost| std::future::ready(*lost))
        .count()
        .await
}

/// Holds one half-sent request at a time, opening the next when the server
/// closes it.
async fn slow(base: String, from: IpAddr, deadline: Instant, c: Arc<Counters>) {
    while Instant::now() < deadline {
        let Ok(mut s) = loadtest::tcp(&base, Some(from)).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        bump(&c.slow_opened);
        let opened = Instant::now();
        let _ = s
            .write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            .await;
        let mut buf = [0u8; 512];
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Err(_) => return,
            Ok(_) if opened.elapsed() < Duration::from_millis(500) => {
                bump(&c.slow_refused);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Ok(_) => bump(&c.slow_timed_out),
        }
    }
}

/// Creates tables as fast as the server answers; every tenth request asks
/// for 10^14 players, every tenth after it sends a 1 MB body.
async fn flood(
    (http, base, game, c): (reqwest::Client, String, String, Arc<Counters>),
    task: usize,
    deadline: Instant,
) {
    let url = format!("{base}/api/tables");
    let mut i = task;
    while Instant::now() < deadline {
        i += 1;
        let body = match i % 10 {
            0 => json!({"game": game, "players": 100_000_000_000_000u64}).to_string(),
            1 => json!({"game": game, "players": 2, "options": {"pad": "x".repeat(1 << 20)}}).to_string(),
            _ => json!({"game": game, "players": 2}).to_string(),
        };
        let sent = http
            .post(&url)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await;
        let kind = match sent {
            Ok(r) if r.status().as_u16() == 201 => {
                bump(&c.flood_created);
                continue;
            }
            Ok(r) => {
                let v: Value = r.json().await.unwrap_or(Value::Null);
                v["error"]["kind"].as_str().unwrap_or("unreadable").to_string()
            }
            Err(_) => "connection".to_string(),
        };
        if let Ok(mut m) = c.flood_refused.lock() {
            *m.entry(kind).or_insert(0) += 1;
        }
    }
}

/// Sends oversized, malformed and binary frames to a real table.
async fn frames(base: String, table: String, deadline: Instant, c: Arc<Counters>) {
    let path = format!("/api/tables/{table}/ws");
    let bad = [
        Message::text(format!(r#"{{"type":"ping","id":1,"pad":"{}"}}"#, "x".repeat(20_000))),
        Message::text("{not json"),
        Message::binary(vec![0u8; 64]),
        Message::text(r#"{"type":"act","seat":0,"action":{"type":"x"},"version":0,"id":2}"#),
        Message::text(r#"{"type":"dance","id":3}"#),
        Message::text("x".repeat(200_000)),
    ];
    while Instant::now() < deadline {
        let Ok(mut ws) = loadtest::websocket(&base, &path, Some(ip(4, 0, 1))).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        'conn: for m in bad.iter().cycle() {
            if Instant::now() >= deadline || ws.send(m.clone()).await.is_err() {
                bump(&c.frame_closed);
                break;
            }
            bump(&c.frames_sent);
            // Read the answer (skipping the hello and updates).
            loop {
                match tokio::time::timeout(Duration::from_secs(1), ws.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => {
                        if t.as_str().contains(r#""type":"error""#) {
                            bump(&c.frame_errors);
                            break;
                        }
                    }
                    Ok(Some(Ok(_))) => {}
                    Ok(None) | Ok(Some(Err(_))) => {
                        bump(&c.frame_closed);
                        break 'conn;
                    }
                    Err(_) => break,
                }
            }
        }
    }
}

/// Opens a spectator connection to a real table, waits for its snapshot and
/// drops it, again and again.
async fn storm(base: String, table: String, deadline: Instant, c: Arc<Counters>) {
    let path = format!("/api/tables/{table}/ws");
    while Instant::now() < deadline {
        let Ok(mut ws) = loadtest::websocket(&base, &path, Some(ip(5, 0, 1))).await else {
            bump(&c.storm_refused);
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let _ = ws.send(Message::text(r#"{"type":"watch"}"#)).await;
        let got = tokio::time::timeout(Duration::from_secs(2), async {
            while let Some(Ok(m)) = ws.next().await {
                if let Message::Text(t) = m {
                    if t.as_str().contains(r#""type":"snapshot""#) {
                        return true;
                    }
                }
            }
            false
        })
        .await;
        bump(if got == Ok(true) {
            &c.storm_connected
        } else {
            &c.storm_refused
        });
    }
}

/// Runs the soak test on a runtime of its own.
pub fn run_blocking(config: SoakConfig) -> Result<SoakReport, loadtest::LoadtestError> {
    tokio::runtime::Runtime::new()
        .map_err(|e| loadtest::LoadtestError::Setup(e.to_string()))?
        .block_on(run(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_servers_are_soaked() {
        for ok in [
            "http://127.0.0.1:8080",
            "http://localhost:8080/",
            "http://[::1]:8080",
            "http://127.3.4.5",
        ] {
            assert!(loopback(ok), "{ok}");
        }
        for bad in ["http://10.0.0.1:8080", "http://example.org", "http://192.168.0.2:80"] {
            assert!(!loopback(bad), "{bad}");
        }
    }
}

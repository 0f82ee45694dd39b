//! What the server sends for the real games: every view, every list of legal
//! actions and every batch of events that a spectator and each seat receive
//! during a whole game over WebSocket is exactly what the engine gives that
//! viewer at that version. Replaying the finished log checks every message.
//!
//! The engine's conformance suite proves that a viewer's view and events do
//! not depend on what the viewer may not see; this test proves the server
//! hands each connection those of its own viewer and nobody else's, for
//! Splendor, CATAN and Catan Junior (the server's own suite uses a toy game).

use crate::common;

use common::{games, temp_db};
use engine::{ChanceMode, Seat, Viewer};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use spielleiter_cli::registry;
use std::collections::BTreeMap;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

async fn post(http: &reqwest::Client, url: String, body: Value) -> Value {
    let resp = http
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("POST");
    let status = resp.status().as_u16();
    let v: Value = resp.json().await.unwrap_or(Value::Null);
    assert!((200..300).contains(&status), "{status}: {v}");
    v
}

/// One WebSocket connection that records what it receives.
struct Conn {
    stream: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    received: Vec<Value>,
}

impl Conn {
    async fn open(base: &str, table: &str) -> Conn {
        let url = format!("{}/api/tables/{table}/ws", base.replacen("http", "ws", 1));
        let (stream, _) = tokio_tungstenite::connect_async(url).await.expect("ws connect");
        Conn {
            stream,
            received: Vec::new(),
        }
    }

    async fn send(&mut self, v: Value) {
        self.stream.send(Message::text(v.to_string())).await.expect("ws send");
    }

    async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.stream.next())
                .await
                .expect("a message within 10 s")
                .expect("stream open")
                .expect("no ws error");
            if let Message::Text(t) = msg {
                let v: Value = serde_json::from_str(t.as_str()).expect("server sends JSON");
                self.received.push(v.clone());
                return v;
            }
        }
    }

    async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if pred(&v) {
                return v;
            }
        }
    }

    /// Reads until this connection has seen the picture at `version` or later.
    async fn catch_up(&mut self, version: u64) {
        let seen = |v: &Value| {
            matches!(v["type"].as_str(), Some("update" | "snapshot")) && v["version"].as_u64() >= Some(version)
        };
        if !self.received.iter().any(seen) {
            self.until(seen).await;
        }
    }

    /// The latest (version, legal actions) this connection was sent.
    fn latest(&self) -> Option<(u64, Vec<Value>)> {
        self.received
            .iter()
            .rev()
            .find(|v| matches!(v["type"].as_str(), Some("update" | "snapshot")))
            .map(|v| {
                let legal = v["legal"].as_array().cloned().unwrap_or_default();
                (v["version"].as_u64().expect("version"), legal)
            })
    }
}

/// A small deterministic generator for the players' choices.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays one table of random human players to its end over WebSocket, then
/// checks every message against a replay of the finished log.
async fn play_and_check(game: &str, players: usize, options: Value, seed: u64) {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db("views"),
        ws_rate: 1e6,
        ws_burst: 1e6,
        // The test reproduces positions from a seed at tables of several humans.
        allow_chosen_seeds: true,
        ..server::ServerConfig::default()
    };
    let server = server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::new();
    let body = json!({"game": game, "players": players, "seed": seed, "options": options});
    let table = post(&http, format!("{base}/api/tables"), body).await;
    let id = table["id"].as_str().expect("id").to_string();

    let mut secrets = Vec::new();
    for seat in 0..players {
        let joined = post(
            &http,
            format!("{base}/api/tables/{id}/seats/{seat}/join"),
            json!({"name": format!("p{seat}")}),
        )
        .await;
        secrets.push(joined["secret"].as_str().expect("secret").to_string());
    }
    let mut spectator = Conn::open(&base, &id).await;
    spectator.send(json!({"type": "watch"})).await;
    spectator.until(|v| v["type"] == "snapshot").await;
    let mut seats = Vec::new();
    for (seat, secret) in secrets.iter().enumerate() {
        let mut conn = Conn::open(&base, &id).await;
        conn.send(json!({"type": "auth", "seat": seat, "secret": secret})).await;
        let snap = conn.until(|v| v["type"] == "snapshot" || v["type"] == "error").await;
        assert_eq!(snap["type"], "snapshot", "{snap}");
        seats.push(conn);
    }

    // Random players: the lowest seat with a legal action acts; every
    // connection then catches up with the new version.
    let mut pick = Pick(seed);
    let mut actions = 0usize;
    loop {
        let mut choice = None;
        for (seat, conn) in seats.iter().enumerate() {
            if let Some((version, legal)) = conn.latest() {
                if !legal.is_empty() {
                    choice = Some((seat, version, legal[pick.below(legal.len())].clone()));
                    break;
                }
            }
        }
        let Some((seat, version, action)) = choice else { break };
        let conn = &mut seats[seat];
        conn.send(json!({"type": "act", "seat": seat, "action": action, "version": version}))
            .await;
        let answer = conn.until(|v| v["type"] == "ack" || v["type"] == "error").await;
        assert_eq!(answer["type"], "ack", "{game}: {action} at {version}: {answer}");
        let now = answer["version"].as_u64().expect("version");
        spectator.catch_up(now).await;
        for conn in seats.iter_mut() {
            conn.catch_up(now).await;
        }
        actions += 1;
        assert!(actions < 20_000, "{game}: no end after {actions} actions");
    }
    let (status, log) = {
        let resp = http
            .get(format!("{base}/api/tables/{id}/log"))
            .send()
            .await
            .expect("GET log");
        let status = resp.status().as_u16();
        (status, resp.json::<Value>().await.unwrap_or(Value::Null))
    };
    assert_eq!(status, 200, "{game}: the game ended: {log}");

    // Every picture that was sent, by (viewer, version).
    let mut sent: BTreeMap<(String, u64), Vec<Value>> = BTreeMap::new();
    let mut record = |expected: Viewer, conn: &Conn| {
        for msg in &conn.received {
            if !matches!(msg["type"].as_str(), Some("update" | "snapshot")) {
                continue;
            }
            let viewer: Viewer = serde_json::from_value(msg["viewer"].clone()).expect("viewer");
            assert_eq!(
                viewer, expected,
                "{game}: a connection got another viewer's message: {msg}"
            );
            let version = msg["version"].as_u64().expect("version");
            sent.entry((format!("{viewer:?}"), version))
                .or_default()
                .push(msg.clone());
        }
    };
    record(Viewer::Spectator, &spectator);
    for (seat, conn) in seats.iter().enumerate() {
        record(Viewer::Seat(Seat(seat as u8)), conn);
    }
    let total: usize = sent.values().map(Vec::len).sum();

    // Replay the log step by step and compare at every version reached.
    let entry = registry::entry(game).expect("entry");
    let mut m = entry
        .create(&options, players, seed, ChanceMode::Seeded)
        .expect("the table's game");
    let viewers: Vec<Viewer> = std::iter::once(Viewer::Spectator)
        .chain((0..players).map(|s| Viewer::Seat(Seat(s as u8))))
        .collect();
    let mut checked = 0usize;
    let mut compare = |m: &dyn engine::DynMatch| {
        for viewer in &viewers {
            let Some(msgs) = sent.get(&(format!("{viewer:?}"), m.version())) else {
                continue;
            };
            for msg in msgs {
                assert_eq!(
                    msg["view"],
                    m.view(*viewer),
                    "{game}: view of {viewer:?} at {}",
                    m.version()
                );
                let legal = match viewer {
                    Viewer::Seat(seat) => Value::Array(m.legal(*seat).expect("legal")),
                    Viewer::Spectator => json!([]),
                };
                assert_eq!(msg["legal"], legal, "{game}: legal of {viewer:?} at {}", m.version());
                if msg["type"] == "update" {
                    let from = msg["from"].as_u64().expect("from");
                    let events = Value::Array(m.events_since(from, *viewer));
                    assert_eq!(msg["events"], events, "{game}: events of {viewer:?} at {}", m.version());
                }
                checked += 1;
            }
        }
    };
    compare(m.as_ref());
    for step in log["entries"].as_array().expect("entries") {
        if step["type"] == "act" {
            let seat = Seat(step["seat"].as_u64().expect("seat") as u8);
            m.act(seat, &step["action"], None).expect("the logged action replays");
            compare(m.as_ref());
        }
    }
    assert!(m.result().is_some(), "{game}: the replay ends the game");
    assert_eq!(
        checked, total,
        "{game}: every message sent matches a version of the replay"
    );
    assert!(
        checked > 3 * actions,
        "{game}: {checked} messages for {actions} actions"
    );
    // No seat's secret reached any connection.
    for conn in seats.iter().chain(std::iter::once(&spectator)) {
        for msg in &conn.received {
            let text = msg.to_string();
            assert!(!secrets.iter().any(|s| text.contains(s.as_str())), "a secret was sent");
        }
    }
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn splendor_messages_are_each_viewers_own() {
    play_and_check("splendor", 3, Value::Null, 5).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catan_messages_are_each_viewers_own() {
    play_and_check("catan", 3, json!({"victory_points": 5}), 7).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catan_junior_messages_are_each_viewers_own() {
    play_and_check("catan-junior", 2, Value::Null, 9).await;
}

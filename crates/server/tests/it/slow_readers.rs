//! Issue 24, items 2 and 4: clients that do not read cannot hold memory or
//! sockets, and a full server makes room for newcomers. Everything goes
//! through real sockets against a server on loopback.

use crate::common::{self, temp_sqlite, Api, Ws};
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// A TCP connection from the loopback address `from`, with a small receive
/// buffer so that a client that does not read fills it quickly.
async fn tcp_from(from: [u8; 4], to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.set_recv_buffer_size(4096).expect("rcvbuf");
    socket.bind(SocketAddr::from((from, 0))).expect("bind");
    socket.connect(to).await.expect("connect")
}

/// Open connections as `/api/health` counts them.
async fn open_connections(api: &Api) -> u64 {
    let (status, v) = api.get("/api/health", None).await;
    assert_eq!(status, 200, "{v}");
    v["connections"].as_u64().expect("connections in health")
}

/// Polls `/api/health` until at most `n` connections are open; the time it took.
async fn until_open_at_most(api: &Api, n: u64, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if open_connections(api).await <= n {
            return Some(start.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

/// A WebSocket client from 127.0.0.5 that takes seat 0 and then asks for
/// large answers (errors echo a long `id`) without ever reading one. Runs
/// until aborted; stops sending once the server stops reading.
fn non_reader(addr: SocketAddr, table: String, secret: String) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let tcp = tcp_from([127, 0, 0, 5], addr).await;
        let url = format!("ws://{addr}/api/tables/{table}/ws");
        let (mut ws, _) = tokio_tungstenite::client_async(url, tcp).await.expect("upgrade");
        let auth = json!({"type": "auth", "seat": 0, "secret": secret}).to_string();
        ws.send(Message::text(auth)).await.expect("auth");
        let big = json!({"type": "nonsense", "id": "x".repeat(8000)}).to_string();
        for _ in 0..4000 {
            if ws.send(Message::text(big.clone())).await.is_err() {
                break;
            }
        }
        // Holds the socket open, never reading.
        tokio::time::sleep(Duration::from_secs(600)).await;
        drop(ws);
    })
}

async fn table_with_two_humans(api: &Api) -> (String, String, String) {
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let s1 = api.join(&id, 1).await;
    (id, s0, s1)
}

fn lenient(mut config: server::ServerConfig) -> server::ServerConfig {
    config.ws_rate = 1e9;
    config.ws_burst = 1e9;
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_is_closed_and_its_seat_comes_back() {
    let mut config = lenient(common::config(&temp_sqlite("nonreader")));
    config.write_timeout_ms = 400;
    let server = common::start_with(config).await;
    let api = Api::new(server.addr);
    let (id, s0, _s1) = table_with_two_humans(&api).await;
    let before = open_connections(&api).await;

    let attacker = non_reader(server.addr, id.clone(), s0.clone());
    // It connects, and (its answers piling up unread) is closed within the
    // write timeout, far below the idle timeout of 60 s.
    let start = Instant::now();
    while open_connections(&api).await <= before && start.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let took = until_open_at_most(&api, before, Duration::from_secs(15)).await;
    assert!(took.is_some(), "the non-reading connection was not closed");
    attacker.abort();

    // The seat is still held by its player, who takes it back by reconnecting.
    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["seats"][0]["kind"], "human", "{summary}");
    let mut ws = Ws::connect(server.addr, &id).await;
    let snap = ws.auth(0, &s0).await;
    assert_eq!(snap["type"], "snapshot", "{snap}");
    assert_eq!(snap["viewer"], json!({"seat": 0}), "{snap}");
    ws.send(json!({"type": "ping", "id": 1})).await;
    assert_eq!(ws.until(|v| v["type"] == "pong").await["id"], 1);
    ws.close().await;
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_idle_timeout_fires_while_the_server_is_blocked_writing() {
    let mut config = lenient(common::config(&temp_sqlite("blockedidle")));
    config.write_timeout_ms = 120_000;
    config.idle_timeout_ms = 800;
    let server = common::start_with(config).await;
    let api = Api::new(server.addr);
    let (id, s0, _s1) = table_with_two_humans(&api).await;
    // Several at once, as in the issue (25 of 50 stayed open).
    let attackers: Vec<_> = (0..4)
        .map(|_| non_reader(server.addr, id.clone(), s0.clone()))
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Every one is closed after the idle timeout (0.8 s), though the
    // server's writes to them would wait two minutes.
    let took = until_open_at_most(&api, 1, Duration::from_secs(8)).await;
    assert!(
        took.is_some(),
        "connections blocked in a write outlived the idle timeout"
    );
    for a in attackers {
        a.abort();
    }
    server.shutdown().await.expect("clean shutdown");
}

/// Whether the server closes `stream` within `limit`.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_closes_silent_sockets_for_newcomers() {
    let mut config = common::config(&temp_sqlite("connfull"));
    config.max_connections = 24;
    config.connections_per_address = 16;
    let server = common::start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let secret = api.join(&id, 0).await;
    // A player, connected before the flood.
    let mut player = Ws::connect(server.addr, &id).await;
    assert_eq!(player.auth(0, &secret).await["type"], "snapshot");
    // Silent sockets from two addresses fill the server up.
    let mut silent = Vec::new();
    for i in 0..30 {
        let from = if i < 15 { [127, 0, 0, 6] } else { [127, 0, 0, 7] };
        silent.push(tcp_from(from, server.addr).await);
    }
    // Health answers from a new address, every time.
    let newcomer = reqwest::Client::new();
    for _ in 0..10 {
        let r = newcomer
            .get(format!("http://{}/api/health", server.addr))
            .send()
            .await
            .expect("health answers");
        assert_eq!(r.status().as_u16(), 200);
        let v: Value = r.json().await.expect("json");
        assert!(v["connections"].as_u64().expect("count") <= 24, "{v}");
    }
    // The oldest silent sockets made room; the player was not touched.
    assert!(
        closed_within(&mut silent[0], Duration::from_secs(2)).await,
        "oldest silent socket"
    );
    player.send(json!({"type": "ping", "id": "still here"})).await;
    assert_eq!(player.until(|v| v["type"] == "pong").await["id"], "still here");
    // The newest silent socket is still open (nothing made it go yet).
    let last = silent.last_mut().expect("sockets");
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    last.write_all(request.as_bytes()).await.expect("still open");
    let mut head = [0u8; 12];
    last.read_exact(&mut head).await.expect("answer");
    assert_eq!(&head, b"HTTP/1.1 200");
    player.close().await;
    server.shutdown().await.expect("clean shutdown");
}

//! Helpers of the server's integration tests: a server on loopback with a
//! temporary database, an HTTP client and a WebSocket client.
#![allow(dead_code)]

pub mod chain;
pub mod restore;
pub mod suite;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The games of the tests: the toy game only.
pub fn games() -> server::Registry {
    server::Registry::new(vec![engine::dynamic::Entry::<testkit::toy::HighCard>::boxed()]).expect("registry")
}

/// A fresh temporary directory.
pub fn temp_dir(tag: &str) -> PathBuf {
    let n = server::secret::random_u64().expect("random");
    let dir = std::env::temp_dir().join(format!("spielleiter-{tag}-{n:016x}"));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A URL of a new SQLite file.
pub fn temp_sqlite(tag: &str) -> String {
    format!("sqlite://{}", temp_dir(tag).join("test.db").display())
}

/// A server config on a free loopback port.
pub fn config(db: &str) -> server::ServerConfig {
    server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: db.into(),
        bot_think_ms: 0,
        ..server::ServerConfig::default()
    }
}

/// Starts a server in this process.
pub async fn start(db: &str) -> server::RunningServer {
    start_with(config(db)).await
}

/// Starts a server with a given config.
pub async fn start_with(config: server::ServerConfig) -> server::RunningServer {
    server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts")
}

/// An HTTP client for one server.
#[derive(Debug, Clone)]
pub struct Api {
    pub base: String,
    http: reqwest::Client,
}

impl Api {
    pub fn new(addr: std::net::SocketAddr) -> Api {
        Api {
            base: format!("http://{addr}"),
            http: reqwest::Client::new(),
        }
    }

    /// A client whose requests come from the loopback address `127.0.0.n`
    /// (the server tells clients apart by address).
    pub fn from_address(addr: std::net::SocketAddr, n: u8) -> Api {
        let local = std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, n));
        Api {
            base: format!("http://{addr}"),
            http: reqwest::Client::builder().local_address(local).build().expect("client"),
        }
    }

    pub async fn get(&self, path: &str, secret: Option<&str>) -> (u16, Value) {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(s) = secret {
            req = req.header("x-seat-secret", s);
        }
        let resp = req.send().await.expect("GET");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: &Value, secret: Option<&str>) -> (u16, Value) {
        self.post_raw(path, body.to_string(), secret).await
    }

    pub async fn post_raw(&self, path: &str, body: String, secret: Option<&str>) -> (u16, Value) {
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body);
        if let Some(s) = secret {
            req = req.header("x-seat-secret", s);
        }
        let resp = req.send().await.expect("POST");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    /// Creates a toy table; returns its id. Its seed is 7 where the server
    /// takes a chosen seed (at most one human seat), else the server's.
    pub async fn create(&self, players: usize, seats: Option<Value>) -> String {
        let mut body = json!({"game": "toy", "players": players});
        let humans = seats.as_ref().map_or(players, |s| {
            s.as_array()
                .map_or(0, |a| a.iter().filter(|x| x["kind"] == "human").count())
        });
        if humans <= 1 {
            body["seed"] = json!(7);
        }
        if let Some(s) = seats {
            body["seats"] = s;
        }
        let (status, v) = self.post("/api/tables", &body, None).await;
        assert_eq!(status, 201, "create: {v}");
        v["id"].as_str().expect("id").to_string()
    }

    /// Seat `seat` guesses 1 in the toy game at the table's current version. A bot seat may
    /// move between reading the version and sending the action: a stale version is read again
    /// and retried (the refusal changed nothing); any other answer is returned.
    pub async fn guess(&self, table: &str, seat: u8, secret: &str) -> (u16, Value) {
        for _ in 0..20 {
            let (_, snap) = self
                .get(&format!("/api/tables/{table}/view?seat={seat}"), Some(secret))
                .await;
            let version = snap["version"].as_u64().expect("version");
            let body = json!({"seat": seat, "action": {"type": "guess", "n": 1}, "version": version});
            let (status, v) = self
                .post(&format!("/api/tables/{table}/act"), &body, Some(secret))
                .await;
            if v["error"]["rule"] != "engine.stale_version" {
                return (status, v);
            }
        }
        panic!("seat {seat}: the version went stale twenty times in a row");
    }

    /// Joins a seat; returns its secret.
    pub async fn join(&self, table: &str, seat: u8) -> String {
        let (status, v) = self
            .post(
                &format!("/api/tables/{table}/seats/{seat}/join"),
                &json!({"name": format!("P{seat}")}),
                None,
            )
            .await;
        assert_eq!(status, 201, "join: {v}");
        v["secret"].as_str().expect("secret").to_string()
    }
}

/// A WebSocket client that records every message it receives.
pub struct Ws {
    stream: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    /// Every text message received, in order.
    pub received: Vec<Value>,
}

impl Ws {
    pub async fn connect(addr: std::net::SocketAddr, table: &str) -> Ws {
        let (stream, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{table}/ws"))
            .await
            .expect("ws connect");
        let mut ws = Ws {
            stream,
            received: Vec::new(),
        };
        let hello = ws.next().await;
        assert_eq!(hello["type"], "hello");
        ws
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.stream.send(Message::text(text)).await.expect("ws send");
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.stream.send(Message::binary(bytes)).await.expect("ws send");
    }

    /// The next text message (panics after 10 s).
    pub async fn next(&mut self) -> Value {
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

    /// Reads until a message satisfies `pred`.
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if pred(&v) {
                return v;
            }
        }
    }

    /// Takes a seat; returns its snapshot.
    pub async fn auth(&mut self, seat: u8, secret: &str) -> Value {
        self.send(json!({"type": "auth", "seat": seat, "secret": secret})).await;
        self.until(|v| v["type"] == "snapshot" || v["type"] == "error").await
    }

    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}

/// Starts the `spielleiter-server` binary on a free loopback port with quick
/// bots and `args` (`--database …`, …); returns the child and the address
/// it printed on its first line.
pub fn spawn_server(args: &[&str]) -> (std::process::Child, std::net::SocketAddr) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_spielleiter-server"))
        .args(["--addr", "127.0.0.1:0", "--bot-think-ms", "0"])
        .args(args)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("server binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    std::io::BufReader::new(stdout)
        .read_line(&mut line)
        .expect("first line");
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .parse()
        .expect("address");
    (child, addr)
}

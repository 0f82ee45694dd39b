//! Issue 24, item 2: the server-wide table cap cannot be filled against
//! newcomers, and restored tables count against the address that created
//! them. Through the HTTP and WebSocket API, from addresses of their own.

use crate::common::{self, temp_sqlite, Ws};
use serde_json::{json, Value};
use std::net::IpAddr;

/// An HTTP client whose requests come from 127.0.0.`last`.
struct From {
    base: String,
    http: reqwest::Client,
}

impl From {
    fn new(addr: std::net::SocketAddr, last: u8) -> From {
        From {
            base: format!("http://{addr}"),
            http: reqwest::Client::builder()
                .local_address(IpAddr::from([127, 0, 0, last]))
                .build()
                .expect("client"),
        }
    }

    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("POST");
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str) -> Value {
        let r = self.http.get(format!("{}{path}", self.base)).send().await.expect("GET");
        r.json().await.unwrap_or(Value::Null)
    }

    /// Creates a two-seat toy table; the status and the answer.
    async fn create(&self) -> (u16, Value) {
        self.post("/api/tables", json!({"game": "toy", "players": 2})).await
    }

    async fn created(&self) -> String {
        let (status, v) = self.create().await;
        assert_eq!(status, 201, "{v}");
        v["id"].as_str().expect("id").to_string()
    }

    async fn status(&self, table: &str) -> String {
        let v = self.get(&format!("/api/tables/{table}")).await;
        v["status"].as_str().unwrap_or_default().to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_closes_the_oldest_unjoined_table_for_a_newcomer() {
    let mut config = common::config(&temp_sqlite("tablecap"));
    config.max_tables = 4;
    config.tables_per_address = 3;
    let server = common::start_with(config).await;
    let attacker = From::new(server.addr, 11);
    let player = From::new(server.addr, 12);
    let newcomer = From::new(server.addr, 13);
    // Two tables nobody joined, then two a human joined: the server is full.
    let unjoined = [attacker.created().await, attacker.created().await];
    let mut joined = Vec::new();
    for _ in 0..2 {
        let id = player.created().await;
        let (status, v) = player.post(&format!("/api/tables/{id}/seats/0/join"), json!({})).await;
        assert_eq!(status, 201, "{v}");
        joined.push(id);
    }
    let mut watcher = Ws::connect(server.addr, &unjoined[0]).await;
    watcher.send(json!({"type": "watch"})).await;
    assert_eq!(watcher.until(|v| v["type"] == "snapshot").await["type"], "snapshot");

    // The newcomer still creates tables: the oldest unjoined table goes first.
    let first = newcomer.created().await;
    assert_eq!(newcomer.status(&unjoined[0]).await, "closed");
    assert_eq!(newcomer.status(&unjoined[1]).await, "waiting");
    let closed = watcher.until(|v| v["type"] == "closed").await;
    assert_eq!(closed["table"], json!(unjoined[0]), "{closed}");
    let second = newcomer.created().await;
    assert_eq!(newcomer.status(&unjoined[1]).await, "closed");
    // Tables with a human stay while an unjoined one is left to close.
    let _third = newcomer.created().await;
    assert_eq!(newcomer.status(&first).await, "closed");
    assert_eq!(newcomer.status(&second).await, "waiting");
    for id in &joined {
        assert_eq!(newcomer.status(id).await, "waiting", "{id}");
    }
    let health = newcomer.get("/api/health").await;
    assert_eq!(health["open_tables"], 4, "{health}");
    // A closed table stays readable, and refuses play.
    let (status, v) = attacker
        .post(&format!("/api/tables/{}/seats/0/join", unjoined[0]), json!({}))
        .await;
    assert!(status >= 400, "{v}");
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restored_tables_count_against_their_creator() {
    let db = temp_sqlite("creator");
    let mut config = common::config(&db);
    config.tables_per_address = 2;
    let server = common::start_with(config.clone()).await;
    let creator = From::new(server.addr, 21);
    creator.created().await;
    creator.created().await;
    let (status, v) = creator.create().await;
    assert_eq!(
        (status, &v["error"]["rule"]),
        (429, &json!("server.table_limit.address")),
        "{v}"
    );
    server.shutdown().await.expect("clean shutdown");

    // After a restart the two tables are counted against their creator again.
    let server = common::start_with(config).await;
    assert_eq!(server.restored, 2);
    let creator = From::new(server.addr, 21);
    let (status, v) = creator.create().await;
    assert_eq!(
        (status, &v["error"]["rule"]),
        (429, &json!("server.table_limit.address")),
        "{v}"
    );
    let other = From::new(server.addr, 22);
    other.created().await;
    server.shutdown().await.expect("clean shutdown");
}

//! A table whose every seat is a human played through the HTTP API (join,
//! view, act), for browser tests that need a position a bot game reaches
//! only by luck: the test drives the seats with a simple policy until the
//! position is there, then hands one seat to the browser by its link.

use serde_json::{json, Value};
use web_e2e::TestServer;

pub struct ApiTable {
    http: reqwest::Client,
    base: String,
    pub id: String,
    secrets: Vec<String>,
}

impl ApiTable {
    /// Creates a table of `players` human seats and joins every one.
    pub async fn create(server: &TestServer, game: &str, players: usize, options: Value) -> ApiTable {
        let http = reqwest::Client::new();
        let created: Value = http
            .post(format!("{}/api/tables", server.url))
            .json(&json!({"game": game, "players": players, "options": options}))
            .send()
            .await
            .expect("create a table")
            .json()
            .await
            .expect("the table as JSON");
        let id = created["id"].as_str().expect("a table id").to_string();
        let base = format!("{}/api/tables/{id}", server.url);
        let mut secrets = Vec::new();
        for seat in 0..players {
            let joined: Value = http
                .post(format!("{base}/seats/{seat}/join"))
                .json(&json!({"name": format!("P{}", seat + 1)}))
                .send()
                .await
                .expect("join")
                .json()
                .await
                .expect("join as JSON");
            secrets.push(joined["secret"].as_str().expect("a secret").to_string());
        }
        ApiTable {
            http,
            base,
            id,
            secrets,
        }
    }

    /// The seat's snapshot: view, legal actions, version, who is to act.
    pub async fn snapshot(&self, seat: usize) -> Value {
        self.http
            .get(format!("{}/view?seat={seat}", self.base))
            .header("x-seat-secret", &self.secrets[seat])
            .send()
            .await
            .expect("view")
            .json()
            .await
            .expect("view as JSON")
    }

    /// The seats to act now (empty when none, e.g. the game is over).
    pub async fn to_act(&self) -> Vec<usize> {
        let s = self.snapshot(0).await;
        s["to_act"]["seats"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).map(|n| n as usize).collect())
            .unwrap_or_default()
    }

    /// Sends one action for `seat` at the snapshot's version; whether it was accepted.
    pub async fn act(&self, seat: usize, action: &Value, version: &Value) -> bool {
        self.http
            .post(format!("{}/act", self.base))
            .header("x-seat-secret", &self.secrets[seat])
            .json(&json!({"seat": seat, "action": action, "version": version}))
            .send()
            .await
            .expect("act")
            .status()
            .is_success()
    }

    /// The page of `seat` with its secret (the link a player copies).
    pub fn play_path(&self, seat: usize) -> String {
        format!("/play/{}?seat={seat}#secret={}", self.id, self.secrets[seat])
    }

    /// The lines of the server's log (every event so far, for spectators).
    pub async fn events(&self) -> Vec<Value> {
        let h: Value = self
            .http
            .get(format!("{}/history", self.base))
            .send()
            .await
            .expect("history")
            .json()
            .await
            .expect("history as JSON");
        h["entries"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["events"].as_array().cloned().unwrap_or_default())
            .collect()
    }
}

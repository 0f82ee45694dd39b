//! Bots plugged in from outside: a bot sees its seat's view and legal
//! actions; only a bot that asks for it (a searching bot) gets the state.

use crate::common;

use serde_json::{json, Value};
use server::{BotRegistry, Decision, SeatBot};
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct Spy {
    needs_state: bool,
    seen: Mutex<Vec<(u8, Value, Option<Value>)>>,
}

impl SeatBot for Spy {
    fn choose(&self, d: &Decision<'_>, _rng: &mut engine::GameRng) -> usize {
        if let Ok(mut seen) = self.seen.lock() {
            seen.push((d.seat.0, d.view.clone(), d.state.cloned()));
        }
        d.legal.len() - 1
    }
    fn needs_state(&self) -> bool {
        self.needs_state
    }
}

#[tokio::test]
async fn bots_see_views_unless_they_ask_for_the_state() {
    let viewer = Arc::new(Spy::default());
    let searcher = Arc::new(Spy {
        needs_state: true,
        ..Spy::default()
    });
    let bots = BotRegistry::default()
        .with("viewer", Arc::clone(&viewer) as Arc<dyn SeatBot>)
        .with("searcher", Arc::clone(&searcher) as Arc<dyn SeatBot>);
    let server = server::start(common::config(&common::temp_sqlite("spy")), common::games(), bots)
        .await
        .expect("server starts");
    let api = common::Api::new(server.addr);
    let id = api
        .create(
            3,
            Some(json!([{"kind": "bot", "bot": "viewer"}, {"kind": "bot", "bot": "searcher"}, {"kind": "human"}])),
        )
        .await;
    let (_, games) = api.get("/api/games", None).await;
    assert_eq!(games["bots"], json!(["random", "viewer", "searcher"]));
    let secret = api.join(&id, 2).await;
    let mut ws = common::Ws::connect(server.addr, &id).await;
    let mut version = ws.auth(2, &secret).await["version"].clone();
    // The bots may act first: then the version is stale and the human chooses again.
    for _ in 0..5 {
        ws.send(json!({"type": "act", "seat": 2, "action": {"type": "guess", "n": 0}, "version": version}))
            .await;
        let answer = ws.until(|v| v["type"] == "ack" || v["type"] == "error").await;
        if answer["type"] == "ack" {
            break;
        }
        assert_eq!(answer["error"]["kind"], "stale_version", "{answer}");
        let (_, snap) = api.get(&format!("/api/tables/{id}/view?seat=2"), Some(&secret)).await;
        version = snap["version"].clone();
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        if summary["status"] == "finished" {
            // Every bot chose the last legal action: a guess of 2.
            assert_eq!(summary["result"]["scores"].as_array().map(Vec::len), Some(3));
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{summary}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // Bots acting at once may choose again after a stale version.
    let seen = viewer.seen.lock().expect("lock").clone();
    assert!(!seen.is_empty());
    for (seat, view, state) in &seen {
        assert_eq!(*seat, 0);
        assert!(view["my_card"].is_u64() && view["revealed"].is_null());
        assert!(state.is_none(), "a view-only bot got the state");
    }
    let seen = searcher.seen.lock().expect("lock").clone();
    assert!(!seen.is_empty());
    for (seat, _, state) in &seen {
        assert_eq!(*seat, 1);
        assert!(state.as_ref().is_some_and(|s| s["state"]["cards"].is_array()));
    }
    ws.close().await;
    server.shutdown().await.expect("clean shutdown");
}

/// Plays one table of three random bots to its end on a fresh server in the
/// reproducible mode (`replay_seed`); returns the table's published log.
async fn replayed_game(replay_seed: u64) -> Value {
    let config = server::ServerConfig {
        replay_seed: Some(replay_seed),
        ..common::config(&common::temp_sqlite("replay"))
    };
    let server = server::start(config, common::games(), BotRegistry::default())
        .await
        .expect("server starts");
    let api = common::Api::new(server.addr);
    let bot = json!({"kind": "bot", "bot": "random"});
    let (status, created) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 3, "seats": [bot, bot, bot]}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        if summary["status"] == "finished" {
            assert_eq!(summary["seed_chosen"], true, "a known seed is marked: {summary}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{summary}");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let (status, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
    assert_eq!(status, 200, "{log}");
    server.shutdown().await.expect("stops");
    log
}

/// The reproducible mode replays the same table, chance and bot choices, on
/// another server; another replay seed gives another table.
#[tokio::test]
async fn a_replay_seed_plays_the_same_game_on_every_run() {
    let first = replayed_game(7).await;
    let again = replayed_game(7).await;
    assert!(first["seed"].is_u64(), "the finished table publishes its seed: {first}");
    assert_eq!(first["seed"], again["seed"]);
    // The three bots guess at once, so the log's order of their guesses is
    // whichever arrived first; each seat's guess and the chance are the same.
    let sorted = |log: &Value| {
        let mut entries: Vec<String> = log["entries"]
            .as_array()
            .into_iter()
            .flatten()
            .map(Value::to_string)
            .collect();
        entries.sort();
        entries
    };
    assert_eq!(
        sorted(&first),
        sorted(&again),
        "the same chance and the same bot choices"
    );
    assert!(first["entries"].as_array().is_some_and(|a| !a.is_empty()), "{first}");
    let other = replayed_game(8).await;
    assert_ne!(first["seed"], other["seed"]);
}

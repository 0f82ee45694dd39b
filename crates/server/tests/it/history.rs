//! The public history of a table (`GET /api/tables/{id}/history`): every
//! viewer gets the events of the stored log as it may see them, so a
//! spectator, a second device and a reconnecting seat all see the full log —
//! and never a card they may not see. The replay frames of a running game
//! carry only what a spectator sees.

use crate::common;

use common::{start_with, temp_sqlite, Api};
use serde_json::{json, Value};

/// Every `dealt` event of a history, as (seat, card).
fn dealt(history: &Value) -> Vec<(u64, Value)> {
    history["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .flat_map(|e| e["events"].as_array().cloned().unwrap_or_default())
        .filter(|e| e["type"] == "dealt")
        .map(|e| (e["seat"].as_u64().expect("seat"), e["card"].clone()))
        .collect()
}

async fn my_card(api: &Api, id: &str, seat: u8, secret: &str) -> Value {
    let (_, v) = api
        .get(&format!("/api/tables/{id}/view?seat={seat}"), Some(secret))
        .await;
    v["view"]["my_card"].clone()
}

async fn act(api: &Api, id: &str, seat: u8, secret: &str) {
    let (status, v) = api.guess(id, seat, secret).await;
    assert_eq!(status, 200, "act: {v}");
}

#[tokio::test]
async fn every_viewer_gets_the_history_redacted_for_it() {
    let mut config = common::config(&temp_sqlite("history"));
    config.finished_linger_secs = 0;
    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s = [api.join(&id, 0).await, api.join(&id, 1).await];
    let cards = [my_card(&api, &id, 0, &s[0]).await, my_card(&api, &id, 1, &s[1]).await];
    assert!(cards.iter().all(Value::is_u64), "both seats hold a card: {cards:?}");

    // A seat sees its own card in the history, the other's hidden; a spectator sees neither.
    let path = |q: &str| format!("/api/tables/{id}/history{q}");
    let (status, h0) = api.get(&path("?seat=0"), Some(&s[0])).await;
    assert_eq!(status, 200, "{h0}");
    assert_eq!(h0["viewer"], json!({"seat": 0}));
    assert_eq!(dealt(&h0), vec![(0, cards[0].clone()), (1, Value::Null)]);
    let (_, h1) = api.get(&path("?seat=1"), Some(&s[1])).await;
    assert_eq!(dealt(&h1), vec![(0, Value::Null), (1, cards[1].clone())]);
    let (status, spec) = api.get(&path(""), None).await;
    assert_eq!(status, 200);
    assert_eq!(spec["viewer"], json!("spectator"));
    assert_eq!(dealt(&spec), vec![(0, Value::Null), (1, Value::Null)]);

    // A seat's history needs that seat's secret.
    let (status, v) = api.get(&path("?seat=0"), Some(&s[1])).await;
    assert_eq!((status, v["error"]["kind"].as_str()), (403, Some("wrong_secret")));
    let (status, v) = api.get(&path("?seat=0"), None).await;
    assert_eq!((status, v["error"]["kind"].as_str()), (403, Some("wrong_secret")));
    let (status, v) = api.get(&path("?seat=x"), None).await;
    assert_eq!((status, v["error"]["kind"].as_str()), (400, Some("malformed")));

    // While the game runs, the replay frames are a spectator's: no card, no action.
    act(&api, &id, 0, &s[0]).await;
    let (status, replay) = api.get(&format!("/api/tables/{id}/replay"), None).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(replay["live"], json!(true));
    let frames = replay["frames"].as_array().expect("frames");
    assert!(!frames.is_empty());
    for f in frames {
        assert_eq!(f["action"], Value::Null, "a running game's frame names no action");
        assert_eq!(f["view"]["my_card"], Value::Null, "a frame shows no card");
        for e in f["events"].as_array().expect("events") {
            if e["type"] == "dealt" {
                assert_eq!(e["card"], Value::Null, "a frame's event shows no card");
            }
        }
    }
    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(frames.last().expect("a frame")["version"], summary["version"]);

    // The history grows with the game and can start at a later entry.
    let (_, h0) = api.get(&path("?seat=0"), Some(&s[0])).await;
    let v0 = h0["version"].as_u64().expect("version");
    let entries = h0["entries"].as_array().expect("entries");
    let last = entries.last().expect("an entry");
    assert_eq!(last["v"].as_u64(), Some(v0));
    assert_eq!(last["events"][0], json!({"type": "guessed", "seat": 0, "n": 1}));
    let (_, tail) = api.get(&path(&format!("?seat=0&from={}", v0 - 1)), Some(&s[0])).await;
    assert_eq!(tail["entries"], json!([last]));

    // Finished and out of memory, the table's history is replayed from the database.
    act(&api, &id, 1, &s[1]).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while api.get("/api/tables", None).await.1["tables"]
        .as_array()
        .is_some_and(|t| !t.is_empty())
    {
        assert!(std::time::Instant::now() < deadline, "finished table not evicted");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (status, h1) = api.get(&path("?seat=1"), Some(&s[1])).await;
    assert_eq!(status, 200, "{h1}");
    assert_eq!(dealt(&h1), vec![(0, Value::Null), (1, cards[1].clone())]);
    assert_eq!(h1["entries"].as_array().map(Vec::len), Some(4));
    let (_, replay) = api.get(&format!("/api/tables/{id}/replay"), None).await;
    assert_eq!(replay["live"], json!(false));
    server.shutdown().await.expect("clean shutdown");
}

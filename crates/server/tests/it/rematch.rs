//! Rematch (`POST /api/tables/{id}/rematch`): a seat of a finished table
//! opens a new table with the same game and seats (bots stay, humans are
//! invited), every subscriber hears of it, a second seat finds the same new
//! table, and a rematch by anyone not at the table, or before the end, is
//! refused with its rule and changes nothing.

use crate::common;

use common::{start_with, temp_sqlite, Api, Ws};
use serde_json::{json, Value};

#[tokio::test]
async fn a_finished_table_opens_one_rematch_with_the_same_seats() {
    let server = start_with(common::config(&temp_sqlite("rematch"))).await;
    let api = Api::new(server.addr);
    let id = api
        .create(
            3,
            Some(json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])),
        )
        .await;
    let s0 = api.join(&id, 0).await;
    let s1 = api.join(&id, 1).await;
    let rematch = format!("/api/tables/{id}/rematch");

    // Before the end: refused, and nothing is opened.
    let (status, v) = api.post(&rematch, &json!({"seat": 0}), Some(&s0)).await;
    assert_eq!(
        (status, v["error"]["rule"].as_str()),
        (409, Some("server.rematch.not_finished")),
        "{v}"
    );
    assert!(v["error"]["message"]["de"]
        .as_str()
        .is_some_and(|s| s.contains("Revanche")));
    let tables = |v: &Value| v["tables"].as_array().map_or(0, Vec::len);
    assert_eq!(tables(&api.get("/api/tables", None).await.1), 1);

    let mut watcher = Ws::connect(server.addr, &id).await;
    watcher.send(json!({"type": "watch"})).await;
    watcher.until(|v| v["type"] == "snapshot").await;
    assert_eq!(api.guess(&id, 0, &s0).await.0, 200);
    assert_eq!(api.guess(&id, 1, &s1).await.0, 200);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while api.get(&format!("/api/tables/{id}"), None).await.1["status"] != "finished" {
        assert!(std::time::Instant::now() < deadline, "the bot does not finish the game");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    // Nobody else may ask: a wrong secret, another seat's secret, a bot's
    // seat, no secret, a seat that does not exist, unknown fields.
    for (body, secret, status, rule) in [
        (json!({"seat": 0}), Some("0123"), 403, "server.wrong_secret"),
        (json!({"seat": 0}), Some(s1.as_str()), 403, "server.wrong_secret"),
        (json!({"seat": 2}), Some(s0.as_str()), 403, "server.wrong_secret"),
        (json!({"seat": 0}), None, 403, "server.wrong_secret"),
        (json!({"seat": 9}), Some(s0.as_str()), 404, "server.no_such_seat"),
        (json!({"seat": 0, "x": 1}), Some(s0.as_str()), 400, "engine.malformed"),
        (json!({}), Some(s0.as_str()), 400, "engine.malformed"),
    ] {
        let (got, v) = api.post(&rematch, &body, secret).await;
        assert_eq!((got, v["error"]["rule"].as_str()), (status, Some(rule)), "{body}: {v}");
    }
    let (_, v) = api
        .post("/api/tables/0000/rematch", &json!({"seat": 0}), Some(&s0))
        .await;
    assert_eq!(v["error"]["rule"], "server.unknown_table");
    // The lobby lists live tables only: the finished one is gone.
    assert_eq!(tables(&api.get("/api/tables", None).await.1), 0, "nothing was opened");

    // Seat 0 opens it and sits in its old seat; the bot is there too.
    let (status, r) = api.post(&rematch, &json!({"seat": 0}), Some(&s0)).await;
    assert_eq!(status, 201, "{r}");
    assert_eq!((r["created"].as_bool(), r["seat"].as_u64()), (Some(true), Some(0)));
    let next = r["table"].as_str().expect("table").to_string();
    assert_ne!(next, id);
    let new0 = r["secret"].as_str().expect("a secret for the new seat").to_string();
    assert!(r["link"]
        .as_str()
        .is_some_and(|l| l.contains(&format!("/play/{next}?seat=0#secret="))));
    let (_, summary) = api.get(&format!("/api/tables/{next}"), None).await;
    assert_eq!(summary["game"], "toy");
    let kinds: Vec<(&str, Option<&str>)> = summary["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| (s["kind"].as_str().unwrap_or(""), s["name"].as_str()))
        .collect();
    assert_eq!(
        kinds,
        vec![("human", Some("P0")), ("open", None), ("bot", Some("random"))]
    );
    let told = watcher.until(|v| v["type"] == "rematch").await;
    assert_eq!(told["next"], next.as_str(), "every subscriber hears of the rematch");
    let (_, old) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(old["rematch"], next.as_str(), "the finished table names its rematch");

    // Seat 1 finds the same table and takes its own seat there; asking again seats nobody anew.
    let (status, r1) = api.post(&rematch, &json!({"seat": 1}), Some(&s1)).await;
    assert_eq!(status, 200, "{r1}");
    assert_eq!(
        (r1["table"].as_str(), r1["created"].as_bool()),
        (Some(next.as_str()), Some(false))
    );
    assert!(r1["secret"].is_string(), "seat 1 is seated: {r1}");
    let (_, again) = api.post(&rematch, &json!({"seat": 0}), Some(&s0)).await;
    assert_eq!(
        (again["table"].as_str(), &again["secret"]),
        (Some(next.as_str()), &Value::Null)
    );
    let (_, legal) = api.get(&format!("/api/tables/{next}/legal?seat=0"), Some(&new0)).await;
    assert!(
        legal["legal"].as_array().is_some_and(|l| !l.is_empty()),
        "the rematch plays: {legal}"
    );
    assert_eq!(tables(&api.get("/api/tables", None).await.1), 1, "one rematch only");
    watcher.close().await;
    server.shutdown().await.expect("shutdown");
}

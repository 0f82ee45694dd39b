//! The HTTP API end to end: tables, seats, views, legal actions, acting,
//! logs, and a clear error for every kind of bad input.

use crate::common;

use common::{start, temp_sqlite, Api};
use serde_json::{json, Value};

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

fn assert_bilingual(v: &Value) {
    assert!(!v["error"]["rule"].as_str().unwrap_or("").is_empty(), "{v}");
    assert!(!v["error"]["message"]["de"].as_str().unwrap_or("").is_empty(), "{v}");
    assert!(!v["error"]["message"]["en"].as_str().unwrap_or("").is_empty(), "{v}");
}

#[tokio::test]
async fn a_game_over_http() {
    let server = start(&temp_sqlite("http")).await;
    let api = Api::new(server.addr);

    let (status, health) = api.get("/api/health", None).await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    let (_, games) = api.get("/api/games", None).await;
    assert_eq!(games["games"], json!(["toy"]));
    assert!(games["bots"].as_array().is_some_and(|b| b.contains(&json!("random"))));

    let id = api.create(2, None).await;
    let (_, list) = api.get("/api/tables", None).await;
    assert_eq!(list["tables"][0]["id"], json!(id));
    assert_eq!(list["tables"][0]["status"], "waiting");

    let s0 = api.join(&id, 0).await;
    assert_eq!(s0.len(), 32);
    // Acting before every seat is taken is refused.
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 0, "action": {"type": "guess", "n": 1}, "version": 2}),
            Some(&s0),
        )
        .await;
    assert_eq!((status, kind(&v)), (409, "waiting_for_players"));
    let s1 = api.join(&id, 1).await;
    // A taken seat cannot be joined again.
    let (status, v) = api
        .post(&format!("/api/tables/{id}/seats/1/join"), &json!({}), None)
        .await;
    assert_eq!((status, kind(&v)), (409, "seat_taken"));
    assert_bilingual(&v);

    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["status"], "playing");
    let version = summary["version"].as_u64().expect("version");

    // A seat sees its own card; a spectator sees none.
    let (status, view0) = api.get(&format!("/api/tables/{id}/view?seat=0"), Some(&s0)).await;
    assert_eq!(status, 200);
    assert!(view0["view"]["my_card"].is_u64());
    let (_, spec) = api.get(&format!("/api/tables/{id}/view"), None).await;
    assert!(spec["view"]["my_card"].is_null());
    assert_eq!(spec["legal"], json!([]));
    // The wrong secret sees nothing.
    let (status, v) = api.get(&format!("/api/tables/{id}/view?seat=0"), Some(&s1)).await;
    assert_eq!((status, kind(&v)), (403, "wrong_secret"));
    let (status, v) = api.get(&format!("/api/tables/{id}/legal?seat=1"), None).await;
    assert_eq!((status, kind(&v)), (403, "wrong_secret"));

    let (status, legal) = api.get(&format!("/api/tables/{id}/legal?seat=0"), Some(&s0)).await;
    assert_eq!(status, 200);
    assert_eq!(legal["legal"].as_array().map(Vec::len), Some(3));

    // A rule refusal names its rule in both languages.
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 0, "action": {"type": "guess", "n": 7}, "version": version}),
            Some(&s0),
        )
        .await;
    assert_eq!((status, v["error"]["rule"].as_str()), (422, Some("toy.guess.range")));
    assert_bilingual(&v);
    // Acting for another seat with one's own secret is refused.
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 1, "action": {"type": "guess", "n": 0}, "version": version}),
            Some(&s0),
        )
        .await;
    assert_eq!((status, kind(&v)), (403, "wrong_secret"));

    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 0, "action": {"type": "guess", "n": 1}, "version": version}),
            Some(&s0),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["version"].as_u64(), Some(version + 1));
    assert_eq!(v["events"][0]["type"], "guessed");

    // The action was chosen at an old version: refused, nothing changes.
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 1, "action": {"type": "guess", "n": 0}, "version": version}),
            Some(&s1),
        )
        .await;
    assert_eq!(
        (status, kind(&v), v["error"]["rule"].as_str()),
        (409, "stale_version", Some("engine.stale_version"))
    );
    assert_bilingual(&v);
    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["version"].as_u64(), Some(version + 1));

    // The log is secret until the end.
    let (status, v) = api.get(&format!("/api/tables/{id}/log"), None).await;
    assert_eq!((status, kind(&v)), (409, "not_finished"));

    let (status, _) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 1, "action": {"type": "guess", "n": 0}, "version": version + 1}),
            Some(&s1),
        )
        .await;
    assert_eq!(status, 200);
    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["status"], "finished");
    assert!(summary["result"]["winners"].is_array());

    // An action for a finished game is refused.
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 1, "action": {"type": "guess", "n": 0}, "version": version + 2}),
            Some(&s1),
        )
        .await;
    assert_eq!((status, kind(&v)), (409, "game_over"));
    // With an old version too: game_over, not stale_version.
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 1, "action": {"type": "guess", "n": 0}, "version": 0}),
            Some(&s1),
        )
        .await;
    assert_eq!((status, kind(&v)), (409, "game_over"), "{v}");

    // The finished game's log replays to the same end.
    let (status, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
    assert_eq!(status, 200);
    let entry = engine::dynamic::Entry::<testkit::toy::HighCard>::boxed();
    let replayed = entry.replay_log(&log, engine::ChanceMode::Seeded).expect("log replays");
    assert!(replayed.result().is_some());
    assert!(!log.to_string().contains(&s0) && !log.to_string().contains(&s1));
    // It starts from the dealt state, not from config and seed: with the
    // seed changed it still replays to the same end (chance is in the log).
    assert_eq!(log["start"]["from"], "position", "{log}");
    let mut reseeded = log.clone();
    reseeded["seed"] = json!(log["seed"].as_u64().expect("seed") ^ 1);
    let again = entry
        .replay_log(&reseeded, engine::ChanceMode::Manual)
        .expect("replays reseeded");
    assert_eq!(again.result(), replayed.result());
    assert_eq!(again.digest(), replayed.digest());

    // Leaving needs the secret and frees the seat.
    let (status, v) = api
        .post(&format!("/api/tables/{id}/seats/0/leave"), &json!({}), Some(&s1))
        .await;
    assert_eq!((status, kind(&v)), (403, "wrong_secret"));
    let (status, _) = api
        .post(&format!("/api/tables/{id}/seats/0/leave"), &json!({}), Some(&s0))
        .await;
    assert_eq!(status, 200);
    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["seats"][0]["kind"], "open");

    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn bad_input_gets_clear_errors() {
    let server = start(&temp_sqlite("http-bad")).await;
    let api = Api::new(server.addr);

    let (status, v) = api.get("/api/tables/nope", None).await;
    assert_eq!((status, kind(&v)), (404, "unknown_table"));
    assert_bilingual(&v);
    let (status, v) = api.post("/api/tables/nope/seats/0/join", &json!({}), None).await;
    assert_eq!((status, kind(&v)), (404, "unknown_table"));
    let (status, v) = api
        .post("/api/tables", &json!({"game": "chess", "players": 2}), None)
        .await;
    assert_eq!((status, kind(&v)), (400, "unknown_game"));
    let (status, v) = api
        .post("/api/tables", &json!({"game": "toy", "players": 9}), None)
        .await;
    assert_eq!((status, kind(&v)), (400, "config"));
    assert_bilingual(&v);
    let (status, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "seats": [{"kind": "bot", "bot": "nobody"}, {"kind": "human"}]}),
            None,
        )
        .await;
    assert_eq!((status, kind(&v)), (400, "unknown_bot"));
    // The sentence lists the bots this server has, in each language on its own.
    let (_, games) = api.get("/api/games", None).await;
    let known: Vec<&str> = games["bots"]
        .as_array()
        .expect("bots")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let known = known.join(", ");
    assert_eq!(
        v["error"]["message"],
        json!({
            "de": format!("Unbekannter Bot „nobody“ (bekannt: {known})."),
            "en": format!("Unknown bot 'nobody' (known: {known})."),
        })
    );
    let (status, v) = api.post_raw("/api/tables", "{not json".into(), None).await;
    assert_eq!((status, kind(&v)), (400, "malformed"));
    let (status, v) = api
        .post("/api/tables", &json!({"game": "toy", "players": 2, "extra": 1}), None)
        .await;
    assert_eq!((status, kind(&v)), (400, "malformed"));
    let huge = format!(
        "{{\"game\": \"toy\", \"players\": 2, \"options\": \"{}\"}}",
        "x".repeat(200_000)
    );
    let (status, v) = api.post_raw("/api/tables", huge, None).await;
    assert_eq!((status, kind(&v)), (413, "too_large"));

    let id = api.create(2, None).await;
    let (status, v) = api
        .post(&format!("/api/tables/{id}/seats/5/join"), &json!({}), None)
        .await;
    assert_eq!((status, kind(&v)), (404, "no_such_seat"));
    let (status, v) = api
        .post(&format!("/api/tables/{id}/seats/x/join"), &json!({}), None)
        .await;
    assert_eq!((status, kind(&v)), (400, "malformed"));
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/seats/0/join"),
            &json!({"name": "x".repeat(100)}),
            None,
        )
        .await;
    assert_eq!((status, kind(&v)), (400, "bad_name"));
    let (status, v) = api.get("/api/nothing", None).await;
    assert_eq!((status, kind(&v)), (404, "not_found"));

    // No CORS header unless origins are configured.
    let resp = reqwest::Client::new()
        .get(format!("{}/api/tables", api.base))
        .header("origin", "http://evil.example")
        .send()
        .await
        .expect("GET");
    assert!(resp.headers().get("access-control-allow-origin").is_none());

    // The server still works after all of that.
    let (status, _) = api.get("/api/health", None).await;
    assert_eq!(status, 200);
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn http_rate_limit_per_address_survives_reconnects() {
    let mut config = common::config(&temp_sqlite("http-rate"));
    config.http_rate = 1.0;
    config.http_burst = 5.0;
    let server = common::start_with(config).await;
    let mut limited = 0;
    for _ in 0..20 {
        // A new client, so a new TCP connection, for every request.
        let (status, v) = Api::new(server.addr).get("/api/tables", None).await;
        if status == 429 {
            assert_eq!(kind(&v), "rate_limited");
            assert_bilingual(&v);
            limited += 1;
        }
    }
    assert!(limited >= 10, "only {limited} of 20 requests were limited");
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn bots_play_a_table_to_the_end() {
    let server = start(&temp_sqlite("bots")).await;
    let api = Api::new(server.addr);
    let id = api
        .create(
            3,
            Some(json!([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}])),
        )
        .await;
    let secret = api.join(&id, 2).await;
    // The bots may act between reading the version and acting: then the
    // version is stale, and the human chooses again at the new one.
    let mut accepted = false;
    for _ in 0..10 {
        let (_, snap) = api.get(&format!("/api/tables/{id}/view?seat=2"), Some(&secret)).await;
        let version = snap["version"].as_u64().expect("version");
        let (status, v) = api
            .post(
                &format!("/api/tables/{id}/act"),
                &json!({"seat": 2, "action": {"type": "guess", "n": 2}, "version": version}),
                Some(&secret),
            )
            .await;
        if status == 200 {
            accepted = true;
            break;
        }
        assert_eq!(kind(&v), "stale_version", "{v}");
    }
    assert!(accepted, "the human never got to act");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        if summary["status"] == "finished" {
            assert_eq!(summary["seats"][0]["kind"], "bot");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "bots did not finish: {summary}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn finished_tables_leave_memory_but_not_the_database() {
    let mut config = common::config(&temp_sqlite("evict"));
    config.finished_linger_secs = 0;
    let server = common::start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s = [api.join(&id, 0).await, api.join(&id, 1).await];
    for (seat, secret) in s.iter().enumerate() {
        let (_, snap) = api
            .get(&format!("/api/tables/{id}/view?seat={seat}"), Some(secret))
            .await;
        let version = snap["version"].as_u64().expect("version");
        let (status, _) = api
            .post(
                &format!("/api/tables/{id}/act"),
                &json!({"seat": seat, "action": {"type": "guess", "n": 0}, "version": version}),
                Some(secret),
            )
            .await;
        assert_eq!(status, 200);
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let (_, list) = api.get("/api/tables", None).await;
        if list["tables"].as_array().is_some_and(Vec::is_empty) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "finished table not evicted");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (status, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!((status, summary["status"].as_str()), (200, Some("finished")));
    assert_eq!(summary["seats"][1]["name"], "P1");
    let (status, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
    assert_eq!(status, 200);
    assert!(log["entries"].as_array().is_some_and(|e| e.len() == 4));
    server.shutdown().await.expect("clean shutdown");
}

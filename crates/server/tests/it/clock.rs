//! The turn clock (`clock` of `POST /api/tables`): a human seat that lets its
//! time and grace run out is played by a bot, everybody is told and sees the
//! deadlines, the human takes the seat back, the setting and the autopilot
//! survive a restart, and a clock out of range is refused and creates nothing.

use crate::common;

use common::{start_with, temp_sqlite, Api, Ws};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn tables(v: &Value) -> usize {
    v["tables"].as_array().map_or(0, Vec::len)
}

async fn create(api: &Api, players: usize, clock: Value) -> (u16, Value) {
    let body = json!({"game": "toy", "players": players, "clock": clock});
    api.post("/api/tables", &body, None).await
}

async fn guess(api: &Api, id: &str, seat: u8, secret: &str) -> u16 {
    api.guess(id, seat, secret).await.0
}

#[tokio::test]
async fn a_seat_whose_clock_runs_out_is_played_by_a_bot_until_its_human_takes_it_back() {
    let config = common::config(&temp_sqlite("clock"));
    let server = start_with(config.clone()).await;
    let api = Api::new(server.addr);
    let (status, v) = create(&api, 3, json!({"turn_seconds": 5, "grace_seconds": 0})).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["clock"], json!({"turn_seconds": 5, "grace_seconds": 0}));
    let id = v["id"].as_str().expect("id").to_string();
    let mut watcher = Ws::connect(server.addr, &id).await;
    watcher.send(json!({"type": "watch"})).await;
    watcher.until(|v| v["type"] == "snapshot").await;
    let secrets = [api.join(&id, 0).await, api.join(&id, 1).await, api.join(&id, 2).await];

    // Every seat is to act: each has a deadline, five seconds after it came to act.
    let (_, snap) = api.get(&format!("/api/tables/{id}/view"), None).await;
    let clock = &snap["clock"];
    assert_eq!(clock["turn_seconds"], 5, "{snap}");
    for seat in clock["seats"].as_array().expect("seats") {
        let since = seat["since_ms"].as_i64().expect("since");
        assert_eq!(seat["deadline_ms"].as_i64(), Some(since + 5000), "{seat}");
        assert_eq!(seat["autopilot"], false);
    }

    // Seat 1 acts in time; seat 0 hands itself to the bot, which plays at once.
    let started = Instant::now();
    assert_eq!(guess(&api, &id, 1, &secrets[1]).await, 200);
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/autopilot"),
            &json!({"seat": 0, "on": true}),
            Some(&secrets[0]),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let msg = watcher.until(|v| v["type"] == "clock").await;
    assert_eq!(
        (msg["seat"].as_u64(), msg["autopilot"].as_bool()),
        (Some(0), Some(true)),
        "{msg}"
    );
    assert_eq!(msg["seats"][0]["autopilot"], true);

    // Seat 2 lets its clock run out: a bot plays it, and everybody is told.
    let msg = watcher.until(|v| v["type"] == "clock" && v["seat"] == 2).await;
    assert!(started.elapsed() >= Duration::from_millis(4500), "the bot came early");
    assert_eq!(msg["autopilot"], true, "{msg}");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, s) = api.get(&format!("/api/tables/{id}"), None).await;
        if s["status"] == "finished" {
            assert_eq!(s["seats"][0]["autopilot"], true, "{s}");
            assert_eq!(s["seats"][2]["autopilot"], true, "{s}");
            assert!(s["seats"][1].get("autopilot").is_none(), "seat 1 acted in time: {s}");
            break;
        }
        assert!(Instant::now() < deadline, "the bot does not play seat 2: {s}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The log says who guessed: each seat once, the bots for seats 0 and 2.
    let (_, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
    let text = log.to_string();
    assert_eq!(text.matches("\"guess\"").count(), 3, "{log}");

    // Seat 2's human takes the seat back; a spectator or another seat may not.
    let autopilot = format!("/api/tables/{id}/autopilot");
    for (body, secret, status, rule) in [
        (
            json!({"seat": 2, "on": false}),
            Some(secrets[1].as_str()),
            403,
            "server.wrong_secret",
        ),
        (json!({"seat": 2, "on": false}), None, 403, "server.wrong_secret"),
        (
            json!({"seat": 2, "on": "no"}),
            Some(secrets[2].as_str()),
            400,
            "engine.malformed",
        ),
        (
            json!({"seat": 2, "on": false, "x": 1}),
            Some(secrets[2].as_str()),
            400,
            "engine.malformed",
        ),
        (
            json!({"seat": 7, "on": false}),
            Some(secrets[2].as_str()),
            404,
            "server.no_such_seat",
        ),
    ] {
        let (got, v) = api.post(&autopilot, &body, secret).await;
        assert_eq!((got, v["error"]["rule"].as_str()), (status, Some(rule)), "{body}: {v}");
    }
    let (_, s) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(s["seats"][2]["autopilot"], true, "a refusal changes nothing: {s}");
    let (status, v) = api
        .post(&autopilot, &json!({"seat": 2, "on": false}), Some(&secrets[2]))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["clock"]["seats"][2]["autopilot"], false, "{v}");

    // A restart keeps the setting and seat 0's autopilot.
    watcher.close().await;
    server.shutdown().await.expect("shutdown");
    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let (_, s) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(s["clock"], json!({"turn_seconds": 5, "grace_seconds": 0}), "{s}");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn autopilot_and_clocks_survive_a_restart_of_a_running_table() {
    let config = common::config(&temp_sqlite("clock-restart"));
    let server = start_with(config.clone()).await;
    let api = Api::new(server.addr);
    let (status, v) = create(&api, 3, json!({"turn_seconds": 600, "grace_seconds": 30})).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().expect("id").to_string();
    let secrets = [api.join(&id, 0).await, api.join(&id, 1).await, api.join(&id, 2).await];
    let (status, _) = api
        .post(
            &format!("/api/tables/{id}/autopilot"),
            &json!({"seat": 0, "on": true}),
            Some(&secrets[0]),
        )
        .await;
    assert_eq!(status, 200);
    server.shutdown().await.expect("shutdown");

    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let (_, s) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(s["status"], "playing", "{s}");
    assert_eq!(s["seats"][0]["autopilot"], true, "{s}");
    let (_, snap) = api.get(&format!("/api/tables/{id}/view"), None).await;
    let seats = &snap["clock"]["seats"];
    // Seat 0's bot has guessed; seats 1 and 2 are timed again from the restart.
    assert!(seats[0]["since_ms"].is_null(), "{snap}");
    for seat in [1, 2] {
        let since = seats[seat]["since_ms"].as_i64().expect("since");
        assert_eq!(seats[seat]["deadline_ms"].as_i64(), Some(since + 630_000), "{snap}");
    }
    // The human who acts has the seat back.
    assert_eq!(guess(&api, &id, 1, &secrets[1]).await, 200);
    let (_, s) = api.get(&format!("/api/tables/{id}"), None).await;
    assert!(s["seats"][1].get("autopilot").is_none(), "{s}");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn a_clock_out_of_range_is_refused_and_creates_nothing() {
    let server = start_with(common::config(&temp_sqlite("clock-bad"))).await;
    let api = Api::new(server.addr);
    for (clock, rule) in [
        (json!({"turn_seconds": 4}), "server.clock.range"),
        (json!({"turn_seconds": 0, "grace_seconds": 0}), "server.clock.range"),
        (json!({"turn_seconds": 3601}), "server.clock.range"),
        (json!({"turn_seconds": 60, "grace_seconds": 601}), "server.clock.range"),
        (json!({"turn_seconds": 60, "grace": 5}), "engine.malformed"),
        (json!({"turn_seconds": "60"}), "engine.malformed"),
        (json!({"turn_seconds": -1}), "engine.malformed"),
        (json!({"turn_seconds": 1e20}), "engine.malformed"),
        (json!({}), "engine.malformed"),
        (json!(60), "engine.malformed"),
    ] {
        let (status, v) = create(&api, 2, clock.clone()).await;
        assert_eq!((status, v["error"]["rule"].as_str()), (400, Some(rule)), "{clock}: {v}");
        let message = &v["error"]["message"];
        assert!(message["de"].as_str().is_some_and(|s| !s.is_empty()), "{v}");
        assert_ne!(message["de"], message["en"], "{v}");
        if rule == "server.clock.range" {
            assert!(message["de"].as_str().is_some_and(|s| s.contains("Zugzeit")), "{v}");
        }
    }
    assert_eq!(tables(&api.get("/api/tables", None).await.1), 0, "nothing was created");

    // A table without a clock (turned off: two human seats would get the
    // default) has no autopilot.
    let (status, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "clock": null}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().expect("id").to_string();
    let secret = api.join(&id, 0).await;
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/autopilot"),
            &json!({"seat": 0, "on": true}),
            Some(&secret),
        )
        .await;
    assert_eq!(
        (status, v["error"]["rule"].as_str()),
        (409, Some("server.clock.off")),
        "{v}"
    );
    let (_, snap) = api.get(&format!("/api/tables/{id}/view"), None).await;
    assert!(snap.get("clock").is_none(), "{snap}");
    server.shutdown().await.expect("shutdown");
}

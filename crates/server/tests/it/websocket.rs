//! Live play over WebSocket: views and redacted events per client, stale
//! versions, several seats at once, bad frames, rate limits, and a check of
//! every message a spectator and each seat receive that no hidden card leaks.

use crate::common;

use common::{start, temp_sqlite, Api, Ws};
use serde_json::{json, Value};

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

/// Every card a message shows, as (owner seat, card), where the toy's JSON
/// tells the owner; `my_card` belongs to the message's viewer.
fn cards_in(msg: &Value) -> Vec<(Option<u64>, u64)> {
    let mut out = Vec::new();
    let viewer_seat = msg["viewer"]["seat"].as_u64();
    if let Some(c) = msg["view"]["my_card"].as_u64() {
        out.push((viewer_seat, c));
    }
    if let Some(all) = msg["view"]["revealed"].as_array() {
        for (i, c) in all.iter().enumerate() {
            if let Some(c) = c.as_u64() {
                out.push((Some(i as u64), c));
            }
        }
    }
    for e in msg["events"].as_array().into_iter().flatten() {
        if e["type"] == "dealt" {
            if let Some(c) = e["card"].as_u64() {
                out.push((e["seat"].as_u64(), c));
            }
        }
    }
    out
}

#[tokio::test]
async fn no_hidden_card_reaches_spectators_or_other_seats() {
    let server = start(&temp_sqlite("leak")).await;
    let api = Api::new(server.addr);
    for round in 0..5u64 {
        let id = api.create(3, None).await;
        let secrets = [api.join(&id, 0).await, api.join(&id, 1).await, api.join(&id, 2).await];
        let mut spectator = Ws::connect(server.addr, &id).await;
        spectator.send(json!({"type": "watch"})).await;
        let snap = spectator.until(|v| v["type"] == "snapshot").await;
        let mut seats = Vec::new();
        for (i, s) in secrets.iter().enumerate() {
            let mut ws = Ws::connect(server.addr, &id).await;
            let snap = ws.auth(i as u8, s).await;
            assert_eq!(snap["type"], "snapshot", "{snap}");
            assert!(snap["view"]["my_card"].as_u64().is_some());
            seats.push(ws);
        }
        // Everyone guesses at once, each at the version it saw.
        let mut version = snap["version"].as_u64().expect("version");
        for (i, ws) in seats.iter_mut().enumerate() {
            ws.send(json!({"type": "act", "seat": i, "action": {"type": "guess", "n": (i as u64 + round) % 3}, "version": version, "id": i}))
                .await;
            let ack = ws.until(|v| v["type"] == "ack" || v["type"] == "error").await;
            assert_eq!(ack["type"], "ack", "{ack}");
            assert_eq!(ack["id"], json!(i));
            version = ack["version"].as_u64().expect("version");
        }
        // Read until each client has seen the end.
        let over = |v: &Value| v["type"] == "update" && !v["result"].is_null();
        spectator.until(over).await;
        for ws in seats.iter_mut() {
            // The last update may have come before the ack that was awaited.
            if !ws.received.iter().any(over) {
                ws.until(over).await;
            }
        }
        let (_, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
        let cards: Vec<u64> = log["final_state"]["cards"]
            .as_array()
            .expect("cards in the log")
            .iter()
            .filter_map(Value::as_u64)
            .collect();
        assert_eq!(cards.len(), 3);

        // The spectator saw no card before the end.
        for msg in &spectator.received {
            if msg["result"].is_null() {
                assert!(cards_in(msg).is_empty(), "spectator saw a card: {msg}");
            }
        }
        // Each seat saw only its own card before the end.
        for (i, ws) in seats.iter().enumerate() {
            let mut saw_own = false;
            for msg in &ws.received {
                assert!(!msg.to_string().contains(&secrets[(i + 1) % 3]), "a secret leaked");
                if msg["type"] == "update" || msg["type"] == "snapshot" {
                    assert_eq!(msg["viewer"]["seat"].as_u64(), Some(i as u64), "{msg}");
                }
                if !msg["result"].is_null() {
                    continue;
                }
                for (owner, card) in cards_in(msg) {
                    assert_eq!(owner, Some(i as u64), "seat {i} saw a card of {owner:?}: {msg}");
                    assert_eq!(card, cards[i]);
                    saw_own = true;
                }
            }
            assert!(saw_own, "seat {i} never saw its own card");
        }
        spectator.close().await;
        for ws in seats {
            ws.close().await;
        }
    }
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn one_connection_holds_several_seats_and_stale_actions_are_refused() {
    let server = start(&temp_sqlite("hotseat")).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let s1 = api.join(&id, 1).await;
    let mut ws = Ws::connect(server.addr, &id).await;
    let snap0 = ws.auth(0, &s0).await;
    let snap1 = ws.auth(1, &s1).await;
    assert_eq!(snap0["viewer"], json!({"seat": 0}));
    assert_eq!(snap1["viewer"], json!({"seat": 1}));
    let v0 = snap0["version"].as_u64().expect("version");

    ws.send(json!({"type": "act", "seat": 0, "action": {"type": "guess", "n": 0}, "version": v0}))
        .await;
    let ack = ws.until(|v| v["type"] == "ack").await;
    assert_eq!(ack["version"].as_u64(), Some(v0 + 1));
    // Seat 1 chose at the old version: refused, and the game is unchanged.
    ws.send(json!({"type": "act", "seat": 1, "action": {"type": "guess", "n": 0}, "version": v0, "id": "late"}))
        .await;
    let err = ws.until(|v| v["type"] == "error").await;
    assert_eq!((kind(&err), err["id"].as_str()), ("stale_version", Some("late")));
    assert_eq!(err["error"]["rule"], "engine.stale_version");
    assert!(err["error"]["message"]["de"].as_str().is_some_and(|s| !s.is_empty()));
    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["version"].as_u64(), Some(v0 + 1));
    ws.send(json!({"type": "act", "seat": 1, "action": {"type": "guess", "n": 0}, "version": v0 + 1}))
        .await;
    let ack = ws.until(|v| v["type"] == "ack").await;
    assert_eq!(ack["version"].as_u64(), Some(v0 + 2));
    // Both seats got their update with their own viewer.
    let updates: Vec<&Value> = ws.received.iter().filter(|v| v["type"] == "update").collect();
    assert!(updates.iter().any(|u| u["viewer"] == json!({"seat": 0})));
    assert!(updates.iter().any(|u| u["viewer"] == json!({"seat": 1})));
    // Acting after the end is refused.
    ws.send(json!({"type": "act", "seat": 1, "action": {"type": "guess", "n": 0}, "version": v0 + 2}))
        .await;
    let err = ws.until(|v| v["type"] == "error").await;
    assert_eq!(kind(&err), "game_over");
    // With an old version too: nothing can be played, whatever the version.
    ws.send(json!({"type": "act", "seat": 0, "action": {"type": "guess", "n": 0}, "version": v0, "id": "old"}))
        .await;
    let err = ws.until(|v| v["type"] == "error" && v["id"] == "old").await;
    assert_eq!(kind(&err), "game_over");
    assert_eq!(err["error"]["rule"], "engine.game_over");
    ws.close().await;
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn bad_frames_get_errors_and_the_connection_survives() {
    let server = start(&temp_sqlite("frames")).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    api.join(&id, 1).await;
    let mut ws = Ws::connect(server.addr, &id).await;

    ws.send_text("{not json".into()).await;
    assert_eq!(kind(&ws.next().await), "malformed");
    ws.send(json!({"type": "dance"})).await;
    assert_eq!(kind(&ws.next().await), "malformed");
    ws.send_binary(vec![1, 2, 3]).await;
    assert_eq!(kind(&ws.next().await), "malformed");
    ws.send_text(format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(20_000)))
        .await;
    assert_eq!(kind(&ws.next().await), "too_large");
    // Wrong secret, and acting for a seat the connection does not hold.
    let err = ws.auth(0, "00000000000000000000000000000000").await;
    assert_eq!(kind(&err), "wrong_secret");
    ws.send(json!({"type": "act", "seat": 0, "action": {"type": "guess", "n": 0}, "version": 0}))
        .await;
    assert_eq!(kind(&ws.next().await), "wrong_secret");
    // A malformed action is refused by the engine with its own error.
    let snap = ws.auth(0, &s0).await;
    assert_eq!(snap["type"], "snapshot");
    ws.send(json!({"type": "act", "seat": 0, "action": {"type": "fly"}, "version": 0}))
        .await;
    assert_eq!(
        ws.until(|v| v["type"] == "error").await["error"]["rule"],
        "engine.malformed"
    );

    // Still alive.
    ws.send(json!({"type": "ping"})).await;
    assert_eq!(ws.until(|v| v["type"] != "seats").await["type"], "pong");
    // The table too.
    let (status, _) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(status, 200);

    // Unknown table: a clear HTTP error before any upgrade.
    let err = tokio_tungstenite::connect_async(format!("ws://{}/api/tables/nope/ws", server.addr)).await;
    match err {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => assert_eq!(resp.status().as_u16(), 404),
        other => panic!("expected a 404, got {other:?}"),
    }
    ws.close().await;
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn websocket_rate_limit_per_address_survives_reconnects() {
    let mut config = common::config(&temp_sqlite("ws-rate"));
    config.ws_rate = 0.5;
    config.ws_burst = 10.0;
    let server = common::start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let mut ws = Ws::connect(server.addr, &id).await;
    for i in 0..30 {
        ws.send(json!({"type": "ping", "id": i})).await;
    }
    let mut limited = 0;
    for i in 0..30 {
        let v = ws.next().await;
        // Every answer, the refusals too, carries the message's id.
        assert_eq!(v["id"], i, "{v}");
        if kind(&v) == "rate_limited" {
            limited += 1;
        } else {
            assert_eq!(v["type"], "pong");
        }
    }
    assert!(limited >= 15, "only {limited} limited");
    ws.close().await;
    // A new connection from the same address starts with the same empty bucket.
    let mut other = Ws::connect(server.addr, &id).await;
    other.send(json!({"type": "ping", "id": "again"})).await;
    let v = other.next().await;
    assert_eq!((kind(&v), &v["id"]), ("rate_limited", &json!("again")), "{v}");
    other.close().await;
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn seats_are_reclaimed_with_the_secret_after_a_disconnect() {
    let server = start(&temp_sqlite("reclaim")).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let s1 = api.join(&id, 1).await;
    let mut ws = Ws::connect(server.addr, &id).await;
    let snap = ws.auth(0, &s0).await;
    let version = snap["version"].as_u64().expect("version");
    ws.close().await;
    // Seat 1 plays while seat 0 is away.
    let (status, _) = api
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 1, "action": {"type": "guess", "n": 1}, "version": version}),
            Some(&s1),
        )
        .await;
    assert_eq!(status, 200);
    let mut back = Ws::connect(server.addr, &id).await;
    let snap = back.auth(0, &s0).await;
    assert_eq!(snap["version"].as_u64(), Some(version + 1));
    assert_eq!(snap["legal"].as_array().map(Vec::len), Some(3));
    back.send(json!({"type": "act", "seat": 0, "action": {"type": "guess", "n": 1}, "version": version + 1}))
        .await;
    assert_eq!(
        back.until(|v| v["type"] == "ack").await["version"].as_u64(),
        Some(version + 2)
    );
    back.close().await;
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test]
async fn graceful_shutdown_closes_connections_with_1001() {
    use futures_util::StreamExt;
    let server = start(&temp_sqlite("ws-shutdown")).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let (mut raw, _) = tokio_tungstenite::connect_async(format!("ws://{}/api/tables/{id}/ws", server.addr))
        .await
        .expect("connect");
    let stopping = tokio::spawn(server.shutdown());
    let mut code = None;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(std::time::Duration::from_secs(10), raw.next()).await {
        if let tokio_tungstenite::tungstenite::Message::Close(Some(frame)) = msg {
            code = Some(u16::from(frame.code));
            break;
        }
    }
    assert_eq!(code, Some(1001));
    drop(raw);
    tokio::time::timeout(std::time::Duration::from_secs(10), stopping)
        .await
        .expect("shutdown within 10 s")
        .expect("task")
        .expect("clean shutdown");
}

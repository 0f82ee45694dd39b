//! Table chat (`POST`/`GET /api/tables/{id}/chat`): seats and spectators
//! write, every subscriber receives the line, it survives a restart, and bad
//! lines (empty, too long, hidden characters, too fast, a wrong secret,
//! unknown fields) get a typed refusal and store
//! nothing. Every line that reaches the table counts against the address's
//! rate, a refused one too (a flood of wrong secrets is a flood).

use crate::common;

use common::{start_with, temp_sqlite, Api, Ws};
use serde_json::{json, Value};

fn lines(v: &Value) -> Vec<(Option<u64>, String, String)> {
    v["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| {
            (
                l["seat"].as_u64(),
                l["name"].as_str().unwrap_or_default().to_string(),
                l["text"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn seats_and_spectators_chat_and_the_lines_are_kept() {
    let db = temp_sqlite("chat");
    let mut config = common::config(&db);
    config.chat_burst = 100.0;
    let server = start_with(config.clone()).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let mut watcher = Ws::connect(server.addr, &id).await;
    watcher.send(json!({"type": "watch"})).await;
    watcher.until(|v| v["type"] == "snapshot").await;

    let chat = format!("/api/tables/{id}/chat");
    let (status, v) = api
        .post(&chat, &json!({"seat": 0, "text": "  Viel Glück!  "}), Some(&s0))
        .await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["line"]["name"], "P0");
    assert_eq!(v["line"]["text"], "Viel Glück!", "trimmed");
    let pushed = watcher.until(|v| v["type"] == "chat").await;
    assert_eq!(pushed["line"]["text"], "Viel Glück!");
    assert_eq!(pushed["line"]["seat"], 0);

    // A spectator chats as "spectator", whatever name it sends: not even a
    // seat's own name makes it look like that seat.
    let (status, v) = api.post(&chat, &json!({"text": "Good luck", "name": "P0"}), None).await;
    assert_eq!(status, 201, "a spectator writes: {v}");
    assert_eq!(v["line"]["seat"], Value::Null);
    assert_eq!(v["line"]["name"], "spectator");
    let pushed = watcher.until(|v| v["type"] == "chat").await;
    assert_eq!(pushed["line"]["name"], "spectator");

    let (status, v) = api.get(&chat, None).await;
    assert_eq!(status, 200);
    let expected = vec![
        (Some(0), "P0".to_string(), "Viel Glück!".to_string()),
        (None, "spectator".to_string(), "Good luck".to_string()),
    ];
    assert_eq!(lines(&v), expected);
    let (_, v) = api.get(&format!("{chat}?from=1"), None).await;
    assert_eq!(lines(&v), expected[1..].to_vec(), "from skips earlier lines");

    // A restart keeps every line.
    watcher.close().await;
    server.shutdown().await.expect("shutdown");
    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let (status, v) = api.get(&chat, None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(lines(&v), expected, "the chat survives a restart");
    let (status, v) = api.post(&chat, &json!({"seat": 0, "text": "weiter"}), Some(&s0)).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["line"]["idx"], 2, "numbering goes on after a restart");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn bad_chat_lines_are_refused_and_store_nothing() {
    let mut config = common::config(&temp_sqlite("chat-bad"));
    config.chat_burst = 100.0;
    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let chat = format!("/api/tables/{id}/chat");
    let refusals = [
        (
            json!({"seat": 0, "text": "   "}),
            Some(s0.as_str()),
            400,
            "server.chat.empty",
        ),
        (
            json!({"seat": 0, "text": "x".repeat(301)}),
            Some(s0.as_str()),
            400,
            "server.chat.too_long",
        ),
        (
            json!({"seat": 0, "text": "ich bin \u{202E}P1"}),
            Some(s0.as_str()),
            400,
            "server.chat.characters",
        ),
        (
            json!({"seat": 0, "text": "a\nb"}),
            Some(s0.as_str()),
            400,
            "server.chat.characters",
        ),
        (
            json!({"seat": 0, "text": "hi"}),
            Some("not-the-secret"),
            403,
            "server.wrong_secret",
        ),
        (
            json!({"seat": 1, "text": "hi"}),
            Some(s0.as_str()),
            403,
            "server.wrong_secret",
        ),
        (
            json!({"seat": 7, "text": "hi"}),
            Some(s0.as_str()),
            404,
            "server.no_such_seat",
        ),
        (
            json!({"seat": 0, "text": "hi", "pad": 1}),
            Some(s0.as_str()),
            400,
            "engine.malformed",
        ),
        (
            json!({"seat": 300, "text": "hi"}),
            Some(s0.as_str()),
            400,
            "engine.malformed",
        ),
    ];
    for (body, secret, status, rule) in refusals {
        let (got, v) = api.post(&chat, &body, secret).await;
        assert_eq!((got, v["error"]["rule"].as_str()), (status, Some(rule)), "{body}: {v}");
        assert!(
            v["error"]["message"]["de"].as_str().is_some_and(|s| !s.is_empty())
                && v["error"]["message"]["en"].as_str().is_some_and(|s| !s.is_empty()),
            "both sentences: {v}"
        );
    }
    let (_, v) = api
        .post("/api/tables/nope/chat", &json!({"seat": 0, "text": "hi"}), Some(&s0))
        .await;
    assert_eq!(v["error"]["rule"], "server.unknown_table");
    let (_, v) = api.get(&chat, None).await;
    assert!(lines(&v).is_empty(), "nothing stored: {v}");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn a_flood_of_chat_lines_is_refused() {
    let mut config = common::config(&temp_sqlite("chat-flood"));
    config.chat_rate = 0.001;
    config.chat_burst = 3.0;
    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let chat = format!("/api/tables/{id}/chat");

    // Three at once, then the address must wait.
    for i in 0..3 {
        let (status, v) = api
            .post(&chat, &json!({"seat": 0, "text": format!("{i}")}), Some(&s0))
            .await;
        assert_eq!(status, 201, "line {i}: {v}");
    }
    let (status, v) = api
        .post(&chat, &json!({"seat": 0, "text": "zu schnell"}), Some(&s0))
        .await;
    assert_eq!(
        (status, v["error"]["rule"].as_str()),
        (429, Some("server.chat.rate")),
        "{v}"
    );
    assert_eq!(
        v["error"]["message"]["de"],
        "Zu viele Chatzeilen: bitte einen Moment warten."
    );
    let (_, v) = api.get(&chat, None).await;
    assert_eq!(lines(&v).len(), 3, "the refused line is not stored");
    server.shutdown().await.expect("shutdown");
}

/// Posts a chat line from loopback address `from` (each address meets the
/// limits as a client of its own would): status and rule.
async fn post_from(base: &str, from: std::net::IpAddr, path: &str, body: &Value, secret: Option<&str>) -> (u16, Value) {
    let http = reqwest::Client::builder().local_address(from).build().expect("client");
    let mut req = http
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(s) = secret {
        req = req.header("x-seat-secret", s);
    }
    let r = req.send().await.expect("POST");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

fn rule(v: &Value) -> &str {
    v["error"]["rule"].as_str().unwrap_or("")
}

fn typed(v: &Value) -> bool {
    v["error"]["message"]["de"].as_str().is_some_and(|s| !s.is_empty())
        && v["error"]["message"]["en"].as_str().is_some_and(|s| !s.is_empty())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_chat_address_share() {
    let db = temp_sqlite("chat-share");
    let mut config = common::config(&db);
    config.chat_burst = 1000.0;
    let server = start_with(config.clone()).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let chat = format!("/api/tables/{id}/chat");
    let stranger: std::net::IpAddr = [127, 0, 3, 1].into();
    let max = server::chat::MAX_ADDRESS_LINES;
    for i in 0..max {
        let (status, v) = post_from(&api.base, stranger, &chat, &json!({"text": format!("{i}")}), None).await;
        assert_eq!(status, 201, "line {i}: {v}");
    }
    let (status, v) = post_from(&api.base, stranger, &chat, &json!({"text": "mehr"}), None).await;
    assert_eq!((status, rule(&v)), (429, "server.chat.address_share"), "{v}");
    assert!(typed(&v), "{v}");
    // Another address still writes; the refused line is not stored.
    let other: std::net::IpAddr = [127, 0, 3, 2].into();
    let (status, v) = post_from(&api.base, other, &chat, &json!({"text": "hallo"}), None).await;
    assert_eq!(status, 201, "{v}");
    let (_, v) = api.get(&chat, None).await;
    assert_eq!(lines(&v).len(), max + 1, "{v}");
    // The share holds after a restart: the lines' addresses are stored.
    server.shutdown().await.expect("shutdown");
    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let (status, v) = post_from(&api.base, stranger, &chat, &json!({"text": "nach dem Neustart"}), None).await;
    assert_eq!((status, rule(&v)), (429, "server.chat.address_share"), "{v}");
    let (_, v) = api.get(&chat, None).await;
    assert!(
        v["lines"]
            .as_array()
            .expect("lines")
            .iter()
            .all(|l| l.get("addr").is_none()),
        "addresses are never served: {v}"
    );
    server.shutdown().await.expect("shutdown");
}

/// The attack: 210 addresses send 5 lines each. The spectators'
/// part fills up, and the seated player's own line still goes in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_chat_spectators_full_and_a_seat_still_writes() {
    let server = common::start(&temp_sqlite("chat-strangers")).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let chat = format!("/api/tables/{id}/chat");
    let (mut stored, mut full) = (0usize, 0usize);
    for a in 0..210u16 {
        let from: std::net::IpAddr = [127, 0, 4 + (a / 200) as u8, 1 + (a % 200) as u8].into();
        for i in 0..5 {
            let (status, v) = post_from(&api.base, from, &chat, &json!({"text": format!("{a}/{i}")}), None).await;
            match status {
                201 => stored += 1,
                _ => {
                    assert_eq!((status, rule(&v)), (409, "server.chat.spectators_full"), "{v}");
                    assert!(typed(&v), "{v}");
                    full += 1;
                }
            }
        }
    }
    assert_eq!(stored, server::chat::MAX_SPECTATOR_LINES);
    assert_eq!(stored + full, 1050);
    let (status, v) = api
        .post(&chat, &json!({"seat": 0, "text": "Ich bin noch da"}), Some(&s0))
        .await;
    assert_eq!(status, 201, "the seated player writes: {v}");
    let (_, v) = api.get(&chat, None).await;
    assert_eq!(lines(&v).len(), server::chat::MAX_SPECTATOR_LINES + 1);
    server.shutdown().await.expect("shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_chat_seat_full() {
    let mut config = common::config(&temp_sqlite("chat-seat"));
    config.chat_burst = 1000.0;
    let server = start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let s0 = api.join(&id, 0).await;
    let s1 = api.join(&id, 1).await;
    let chat = format!("/api/tables/{id}/chat");
    let max = server::chat::MAX_SEAT_LINES;
    for i in 0..max {
        let (status, v) = api
            .post(&chat, &json!({"seat": 0, "text": format!("{i}")}), Some(&s0))
            .await;
        assert_eq!(status, 201, "line {i}: {v}");
    }
    let (status, v) = api.post(&chat, &json!({"seat": 0, "text": "mehr"}), Some(&s0)).await;
    assert_eq!((status, rule(&v)), (409, "server.chat.seat_full"), "{v}");
    assert!(typed(&v), "{v}");
    // The other seat's part is its own.
    let (status, v) = api.post(&chat, &json!({"seat": 1, "text": "ich"}), Some(&s1)).await;
    assert_eq!(status, 201, "{v}");
    let (_, v) = api.get(&chat, None).await;
    assert_eq!(lines(&v).len(), max + 1);
    server.shutdown().await.expect("shutdown");
}

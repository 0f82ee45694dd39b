//! Issue 24, items 1, 5 and 6, through the public HTTP API: a table's chance
//! cannot be foreseen by anyone at it (a chosen seed is refused where another
//! human sits, the server's seed is nowhere until the game has ended), names
//! are checked by Unicode category and look-alikes refused, and every HTTP
//! refusal — query errors, a wrong method, an oversized declared body, two
//! `Host` headers — is in the error shape with a rule id.

use crate::common;

use common::{temp_sqlite, Api, Ws};
use engine::{ChanceMode, Seat, Viewer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn rule(v: &Value) -> &str {
    v["error"]["rule"].as_str().unwrap_or("")
}

/// A refusal in the error shape: kind, rule, a German and an English sentence.
fn assert_typed(v: &Value) {
    assert!(!v["error"]["kind"].as_str().unwrap_or("").is_empty(), "{v}");
    assert!(!rule(v).is_empty(), "{v}");
    let (de, en) = (&v["error"]["message"]["de"], &v["error"]["message"]["en"]);
    assert!(de.as_str().is_some_and(|s| !s.is_empty()), "{v}");
    assert!(en.as_str().is_some_and(|s| !s.is_empty()) && de != en, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_seed_is_refused_where_another_human_sits() {
    let db = temp_sqlite("seed-rule");
    let server = common::start(&db).await;
    let api = Api::new(server.addr);
    let bot = json!({"kind": "bot", "bot": "random"});
    let human = json!({"kind": "human"});
    for seats in [Value::Null, json!([human, human, bot])] {
        let mut body = json!({"game": "toy", "players": 2, "seed": 42});
        if !seats.is_null() {
            body["seats"] = seats.clone();
            body["players"] = json!(3);
        }
        let (status, v) = api.post("/api/tables", &body, None).await;
        assert_eq!((status, rule(&v)), (400, "server.seed.humans"), "{body}: {v}");
        assert_typed(&v);
    }
    assert_eq!(
        api.get("/api/tables", None).await.1["tables"],
        json!([]),
        "nothing was created"
    );
    let mut marked = Vec::new();
    for (seats, chosen) in [
        (json!([human, bot]), true),
        (json!([bot, bot]), true),
        (json!([human, human]), false),
    ] {
        let mut body = json!({"game": "toy", "players": 2, "seats": seats});
        if chosen {
            body["seed"] = json!(42);
        }
        let (status, v) = api.post("/api/tables", &body, None).await;
        assert_eq!(status, 201, "{v}");
        assert_eq!(v["seed_chosen"], chosen, "{v}");
        marked.push((v["id"].as_str().expect("id").to_string(), chosen));
    }
    let (_, list) = api.get("/api/tables", None).await;
    for (id, chosen) in &marked {
        let listed = list["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .find(|t| t["id"] == *id);
        assert_eq!(listed.map(|t| t["seed_chosen"].clone()), Some(json!(chosen)), "{id}");
    }
    server.shutdown().await.expect("clean shutdown");
    // The mark is stored with the table.
    let server = common::start(&db).await;
    let api = Api::new(server.addr);
    for (id, chosen) in &marked {
        assert_eq!(
            api.get(&format!("/api/tables/{id}"), None).await.1["seed_chosen"],
            *chosen
        );
    }
    server.shutdown().await.expect("clean shutdown");
}

/// The attack of the issue: a player who knows a table's seed rebuilds the
/// table's chance with the referee and reads the other seat's hidden card.
/// At a table of two humans no seed can be chosen, and the server's seed is
/// in no answer any seat or spectator gets until the game has ended; then
/// it is published, and the referee rebuilds the very deal from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_at_a_two_human_table_can_foresee_its_chance() {
    let server = common::start(&temp_sqlite("seed-secret")).await;
    let api = Api::new(server.addr);
    let toy = engine::dynamic::Entry::<testkit::toy::HighCard>::boxed();
    let mut seeds = Vec::new();
    for _ in 0..3 {
        let (status, v) = api
            .post("/api/tables", &json!({"game": "toy", "players": 2}), None)
            .await;
        assert_eq!(status, 201, "{v}");
        let id = v["id"].as_str().expect("id").to_string();
        let s0 = api.join(&id, 0).await;
        let s1 = api.join(&id, 1).await;
        let hidden = api.get(&format!("/api/tables/{id}/view?seat=1"), Some(&s1)).await.1["view"]["my_card"].clone();
        assert!(hidden.is_u64(), "seat 1 holds a card: {hidden}");
        // Everything seat 0 (the attacker) or a spectator can read while the game runs.
        let mut seen = Vec::new();
        for path in [
            format!("/api/tables/{id}"),
            "/api/tables".to_string(),
            format!("/api/tables/{id}/view"),
            format!("/api/tables/{id}/history"),
            format!("/api/tables/{id}/log"),
            format!("/api/tables/{id}/replay"),
        ] {
            seen.push(api.get(&path, None).await.1);
        }
        for path in [
            format!("/api/tables/{id}/view?seat=0"),
            format!("/api/tables/{id}/history?seat=0"),
        ] {
            seen.push(api.get(&path, Some(&s0)).await.1);
        }
        assert_eq!(rule(&seen[4]), "server.not_finished", "no log while the game runs");
        let mut ws = Ws::connect(server.addr, &id).await;
        seen.push(ws.auth(0, &s0).await);
        ws.close().await;
        for (seat, secret) in [(0u8, &s0), (1, &s1)] {
            let (_, snap) = api
                .get(&format!("/api/tables/{id}/view?seat={seat}"), Some(secret))
                .await;
            let body = json!({"seat": seat, "action": {"type": "guess", "n": 0}, "version": snap["version"]});
            assert_eq!(
                api.post(&format!("/api/tables/{id}/act"), &body, Some(secret)).await.0,
                200
            );
        }
        let (status, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
        assert_eq!(status, 200, "the log is public once the game has ended: {log}");
        let seed = log["seed"].as_u64().expect("the seed is published with the log");
        for v in &seen {
            assert!(
                !v.to_string().contains(&seed.to_string()),
                "the seed was readable early: {v}"
            );
        }
        // With the seed, the referee rebuilds the deal exactly: the seed is the
        // key to the hidden cards, which is why nobody had it before.
        let rebuilt = toy.create(&Value::Null, 2, seed, ChanceMode::Seeded).expect("toy");
        assert_eq!(rebuilt.view(Viewer::Seat(Seat(1)))["my_card"], hidden);
        seeds.push(seed);
    }
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 3, "every table draws a seed of its own");
    server.shutdown().await.expect("clean shutdown");
}

/// Every character the issue found accepted is refused, each with the
/// character named; NFC is applied; look-alike names at one table are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_checked_by_unicode_category() {
    let server = common::start(&temp_sqlite("names-unicode")).await;
    let api = Api::new(server.addr);
    let id = api.create(3, None).await;
    let join = |seat: u8, name: String| {
        let api = api.clone();
        let path = format!("/api/tables/{id}/seats/{seat}/join");
        async move { api.post(&path, &json!({ "name": name }), None).await }
    };
    for c in [
        '\u{2028}',
        '\u{2029}',
        '\u{FE0F}',
        '\u{180B}',
        '\u{E0100}',
        '\u{0600}',
        '\u{FFFF}',
        '\u{E000}',
        '\u{3000}',
        '\u{00A0}',
        '\u{2800}',
    ] {
        let (status, v) = join(0, format!("An{c}na")).await;
        assert_eq!(
            (status, rule(&v)),
            (400, "server.bad_name"),
            "U+{:04X}: {v}",
            u32::from(c)
        );
        assert_typed(&v);
        let code = format!("U+{:04X}", u32::from(c));
        assert!(
            v["error"]["message"]["en"].as_str().unwrap_or("").contains(&code),
            "{v}"
        );
    }
    let accents = format!("a{}", "\u{301}".repeat(39));
    for bad in [
        "\u{2800}".to_string(),
        "\u{2800}\u{2800}".to_string(),
        accents,
        "An  na".into(),
        "\u{301}a".into(),
    ] {
        let (status, v) = join(0, bad.clone()).await;
        assert_eq!((status, rule(&v)), (400, "server.bad_name"), "{bad:?}: {v}");
        assert_typed(&v);
    }
    // NFC: "e" + a combining acute is stored as "é"; two accents on one letter are fine.
    assert_eq!(join(0, "e\u{301}mile".into()).await.0, 201);
    let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["seats"][0]["name"], "\u{e9}mile");
    // A Cyrillic е with an accent, upper case, "e" plus an accent: all look alike.
    for alike in ["\u{435}\u{301}mile", "\u{c9}MILE", "e\u{301}mile"] {
        let (status, v) = join(1, alike.into()).await;
        assert_eq!(
            (status, rule(&v)),
            (409, "server.bad_name.confusable"),
            "{alike:?}: {v}"
        );
        assert_typed(&v);
    }
    // Accents are left out when names are compared (issue 41): more of them
    // on "émile" is still "émile"; two on one letter are fine elsewhere.
    let (status, v) = join(1, "\u{e9}mile\u{301}\u{302}".into()).await;
    assert_eq!((status, rule(&v)), (409, "server.bad_name.confusable"), "{v}");
    assert_eq!(join(1, "Ma\u{301}\u{302}x".into()).await.0, 201);
    assert_eq!(join(2, "Zoë 🎲".into()).await.0, 201);
    server.shutdown().await.expect("clean shutdown");
}

/// Sends raw bytes and reads one answer: status and JSON body.
async fn raw(addr: std::net::SocketAddr, request: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.expect("send");
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut chunk))
            .await
            .expect("an answer within 5 s")
            .unwrap_or(0);
        buf.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&buf).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().to_string())
                })
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length || n == 0 {
                let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
                return (status, serde_json::from_str(body).unwrap_or(Value::Null));
            }
        }
        assert!(n > 0, "closed without an answer: {text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_http_refusal_is_in_the_error_shape() {
    let server = common::start(&temp_sqlite("http-shape")).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    for path in [
        format!("/api/tables/{id}/history?from=-1"),
        format!("/api/tables/{id}/view?seat=0&seat=1"),
        format!("/api/tables/{id}/chat?from=x"),
        format!("/api/tables/{id}/history?from=99999999999999999999999"),
    ] {
        let (status, v) = api.get(&path, None).await;
        assert_eq!((status, rule(&v)), (400, "server.malformed.query"), "{path}: {v}");
        assert_typed(&v);
    }
    let (status, v) = api.get(&format!("/api/tables/{id}/ws"), None).await;
    assert_eq!((status, rule(&v)), (400, "server.malformed.websocket"), "{v}");
    assert_typed(&v);

    // A wrong method: 405 in the error shape, whatever the content type.
    let http = reqwest::Client::new();
    for (method, path) in [
        (reqwest::Method::DELETE, "/api/tables".to_string()),
        (reqwest::Method::PUT, format!("/api/tables/{id}/act")),
        (reqwest::Method::GET, format!("/api/tables/{id}/act")),
    ] {
        let resp = http
            .request(method.clone(), format!("{}{path}", api.base))
            .send()
            .await
            .expect("request");
        let status = resp.status().as_u16();
        let v: Value = resp.json().await.unwrap_or(Value::Null);
        assert_eq!(
            (status, rule(&v)),
            (405, "server.method_not_allowed"),
            "{method} {path}: {v}"
        );
        assert_typed(&v);
    }

    let host = format!("127.0.0.1:{}", server.addr.port());
    // A declared body over the limit is refused at once, not after the
    // request timeout: no byte of it is ever sent.
    let started = Instant::now();
    let (status, v) = raw(
        server.addr,
        &format!("POST /api/tables HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 8000000\r\n\r\n"),
    )
    .await;
    assert_eq!((status, rule(&v)), (413, "server.too_large"), "{v}");
    assert_typed(&v);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "413 at once: {:?}",
        started.elapsed()
    );

    // Two `Host` headers, the good one first or second: refused either way.
    for hosts in [
        [host.as_str(), "evil.example"],
        ["evil.example", host.as_str()],
        [host.as_str(), host.as_str()],
    ] {
        let (status, v) = raw(
            server.addr,
            &format!(
                "GET /api/tables HTTP/1.1\r\nHost: {}\r\nHost: {}\r\nConnection: close\r\n\r\n",
                hosts[0], hosts[1]
            ),
        )
        .await;
        assert_eq!((status, rule(&v)), (400, "server.bad_host.duplicate"), "{hosts:?}: {v}");
        assert_typed(&v);
    }
    let (status, _) = raw(
        server.addr,
        &format!("GET /api/tables HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
    )
    .await;
    assert_eq!(status, 200, "one Host header is fine");
    server.shutdown().await.expect("clean shutdown");
}

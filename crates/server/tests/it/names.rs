//! Names compared as people see them (issue 41, item 3), through the public
//! paths: `POST /api/tables/{id}/seats/{s}/join` and the MCP tools
//! `join_seat` and `create_table`. Every refusal is typed (kind, rule, a
//! German and an English sentence) and writes nothing: the seat stays open,
//! no table is opened.

use crate::common::{self, Api};
use serde_json::{json, Value};
use testkit::mcp::Client as Mcp;

fn rule(v: &Value) -> &str {
    v["error"]["rule"].as_str().unwrap_or("")
}

/// A refusal in the error shape: kind, rule, a German and an English sentence.
fn assert_typed(e: &Value) {
    assert!(!e["kind"].as_str().unwrap_or("").is_empty(), "{e}");
    assert!(!e["rule"].as_str().unwrap_or("").is_empty(), "{e}");
    let (de, en) = (&e["message"]["de"], &e["message"]["en"]);
    assert!(de.as_str().is_some_and(|s| !s.is_empty()), "{e}");
    assert!(en.as_str().is_some_and(|s| !s.is_empty()) && de != en, "{e}");
}

/// The look-alikes of "Anna" the issue lists, and the rule each meets.
const ANNA_LOOK_ALIKES: [(&str, &str); 7] = [
    ("𝐀𝐧𝐧𝐚", "server.bad_name.styled"),
    ("𝖠𝗇𝗇𝖺", "server.bad_name.styled"),
    ("𝐴𝑛𝑛𝑎", "server.bad_name.styled"),
    ("Ⓐnna", "server.bad_name.styled"),
    ("ᴬⁿⁿᵃ", "server.bad_name.styled"),
    ("ᴀɴɴᴀ", "server.bad_name.styled"),
    ("Ạnna", "server.bad_name.confusable"),
];

/// Names refused wherever they are typed, with the rule each meets.
fn refused_anywhere() -> Vec<(String, &'static str)> {
    let mut v: Vec<(String, &'static str)> = vec![
        // A capital I is a small l before case folding: "Player 1".
        ("PIayer 1".into(), "server.bad_name.impersonates"),
        ("P1ayer 2".into(), "server.bad_name.impersonates"),
        ("Spieler 3".into(), "server.bad_name.impersonates"),
        ("PLAYER 12".into(), "server.bad_name.impersonates"),
        // The bot's name, in Latin and with a Cyrillic а.
        ("random".into(), "server.bad_name.impersonates"),
        ("r\u{430}ndom".into(), "server.bad_name.impersonates"),
        ("spectator".into(), "server.bad_name.reserved"),
        ("Zuschauer".into(), "server.bad_name.reserved"),
        ("SERVER".into(), "server.bad_name.reserved"),
        ("Bot".into(), "server.bad_name.reserved"),
        ("An\u{FFFC}na".into(), "server.bad_name.placeholder"),
        ("\u{FFFC}".into(), "server.bad_name.placeholder"),
        ("Ｂｅｎ".into(), "server.bad_name.styled"),
        ("Ben²".into(), "server.bad_name.styled"),
        // Refused, not cut: a name of 10 kB.
        ("A".repeat(10_000), "server.bad_name"),
    ];
    v.extend(ANNA_LOOK_ALIKES.iter().map(|(n, r)| (n.to_string(), *r)));
    v
}

/// The seats of a table as the lobby lists them: (kind, name).
async fn seats(api: &Api, id: &str) -> Vec<(String, Value)> {
    let (_, t) = api.get(&format!("/api/tables/{id}"), None).await;
    t["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| (s["kind"].as_str().unwrap_or("").to_string(), s["name"].clone()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_bad_name_look_alikes_reserved_and_default_names_over_http() {
    let db = common::temp_sqlite("names-http");
    let server = common::start(&db).await;
    let api = Api::new(server.addr);
    let id = api.create(3, None).await;
    let join = |seat: u8, name: String| {
        let api = api.clone();
        let path = format!("/api/tables/{id}/seats/{seat}/join");
        async move { api.post(&path, &json!({ "name": name }), None).await }
    };
    let (status, v) = join(0, "Anna".into()).await;
    assert_eq!(status, 201, "{v}");
    for (name, expected) in refused_anywhere() {
        let (status, v) = join(1, name.clone()).await;
        let shown: String = name.chars().take(20).collect();
        assert_eq!(rule(&v), expected, "{shown:?}: {v}");
        let want = if expected == "server.bad_name.confusable" {
            409
        } else {
            400
        };
        assert_eq!(status, want, "{shown:?}: {v}");
        assert_typed(&v["error"]);
    }
    // Nothing was written: seat 1 is open, seat 2 too.
    let s = seats(&api, &id).await;
    assert_eq!((s[1].0.as_str(), &s[1].1), ("open", &Value::Null), "{s:?}");
    // Plain names that only resemble nothing here are taken, and an empty
    // name still becomes the seat's default.
    let (status, v) = join(1, "Anne".into()).await;
    assert_eq!(status, 201, "{v}");
    let (status, v) = join(2, String::new()).await;
    assert_eq!(status, 201, "{v}");
    let s = seats(&api, &id).await;
    assert_eq!(s[1].1, "Anne");
    assert_eq!(s[2].1, "Player 3");
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_bad_name_confusable_before_case_folding() {
    let db = common::temp_sqlite("names-case");
    let server = common::start(&db).await;
    let api = Api::new(server.addr);
    let id = api.create(3, None).await;
    let join = |seat: u8, name: &str| {
        let api = api.clone();
        let path = format!("/api/tables/{id}/seats/{seat}/join");
        let body = json!({ "name": name });
        async move { api.post(&path, &body, None).await }
    };
    assert_eq!(join(0, "Ilse").await.0, 201);
    // "lIse" with a small l and a capital I looks like "Ilse" only before
    // case folding; "ILSE" only after it; "Ilsé" without its accent.
    for alike in ["llse", "ILSE", "Ilsé", "I\u{323}lse"] {
        let (status, v) = join(1, alike).await;
        assert_eq!((status, rule(&v)), (409, "server.bad_name.confusable"), "{alike}: {v}");
        assert_typed(&v["error"]);
        assert!(
            v["error"]["message"]["en"].as_str().unwrap_or("").contains("Ilse"),
            "{v}"
        );
    }
    assert_eq!(seats(&api, &id).await[1].0, "open");
    assert_eq!(join(1, "Else").await.0, 201);
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp_names_follow_server_bad_name() {
    let db = common::temp_sqlite("names-mcp");
    let server = common::start(&db).await;
    let api = Api::new(server.addr);
    let base = format!("http://{}", server.addr);
    let id = api.create(3, None).await;
    let (status, v) = api
        .post(
            &format!("/api/tables/{id}/seats/0/join"),
            &json!({"name": "Anna"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let mut agent = Mcp::connect(&base, "names").await;
    for (name, expected) in refused_anywhere() {
        let e = agent
            .refused("join_seat", json!({"table": id, "seat": 1, "name": name}))
            .await;
        let shown: String = name.chars().take(20).collect();
        assert_eq!(e["rule"], expected, "{shown:?}: {e}");
        assert_typed(&e);
    }
    assert_eq!(seats(&api, &id).await[1].0, "open", "a refused name takes no seat");

    // `create_table` checks the agent's name before it opens a table.
    let (_, before) = api.get("/api/tables", None).await;
    let count = |v: &Value| v["tables"].as_array().map_or(0, Vec::len);
    for (name, expected) in [("𝐀𝐧𝐧𝐚", "server.bad_name.styled"), ("bot", "server.bad_name.reserved")] {
        let e = agent
            .refused(
                "create_table",
                json!({"game": "toy", "players": 2, "name": name,
                       "seats": [{"kind": "agent"}, {"kind": "human"}]}),
            )
            .await;
        assert_eq!(e["rule"], expected, "{name}: {e}");
        assert_typed(&e);
    }
    let (_, after) = api.get("/api/tables", None).await;
    assert_eq!(count(&after), count(&before), "a refused name opens no table");

    // A fine name seats the agent, uncut.
    let j = agent
        .ok("join_seat", json!({"table": id, "seat": 1, "name": "Robo Anna-Lena"}))
        .await;
    assert_eq!(j["seat"], 1, "{j}");
    assert_eq!(seats(&api, &id).await[1].1, "Robo Anna-Lena");
    server.shutdown().await.expect("clean shutdown");
}

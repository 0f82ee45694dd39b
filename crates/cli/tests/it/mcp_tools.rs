//! The MCP tool layer (crate `spielleiter-mcp`) as a client speaks to it: JSON-RPC
//! lines over an in-memory pipe to the same server `spielleiter mcp` runs on stdio
//! (in-process backend, registry bots), and the game server's `/mcp` route behind
//! the router's layers. The Python SDK tests (python/tests/test_mcp.py) play every
//! game through real outside clients; these check the wire shapes and refusals.

use crate::common::{games, temp_db};
use mcp::rmcp::ServiceExt;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// A JSON-RPC client over a pipe to an in-process MCP server.
struct Client {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    read: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    id: u64,
}

impl Client {
    async fn start() -> Client {
        let (client, server) = tokio::io::duplex(1 << 20);
        let backend = Arc::new(spielleiter_cli::mcp::local_backend());
        let referee = mcp::Referee::new(backend, Arc::default());
        tokio::spawn(async move {
            let (r, w) = tokio::io::split(server);
            if let Ok(running) = referee.serve((r, w)).await {
                let _ = running.waiting().await;
            }
        });
        let (r, w) = tokio::io::split(client);
        let mut c = Client {
            write: w,
            read: BufReader::new(r).lines(),
            id: 0,
        };
        let init = c
            .request(
                "initialize",
                json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "it-agent", "version": "1"}}),
            )
            .await;
        assert_eq!(init["result"]["serverInfo"]["name"], "spielleiter", "{init}");
        c.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        c
    }

    async fn send(&mut self, v: Value) {
        let mut line = v.to_string();
        line.push('\n');
        self.write.write_all(line.as_bytes()).await.expect("write");
    }

    async fn request(&mut self, method: &str, params: Value) -> Value {
        self.id += 1;
        let id = self.id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        loop {
            let line = tokio::time::timeout(std::time::Duration::from_secs(30), self.read.next_line())
                .await
                .expect("answer in time")
                .expect("read")
                .expect("open");
            let v: Value = serde_json::from_str(&line).expect("JSON");
            if v["id"] == json!(id) {
                return v;
            }
        }
    }

    /// Calls a tool: (isError, structured content).
    async fn call(&mut self, tool: &str, args: Value) -> (bool, Value) {
        let v = self
            .request("tools/call", json!({"name": tool, "arguments": args}))
            .await;
        let r = &v["result"];
        assert!(r.is_object(), "{v}");
        (r["isError"] == json!(true), r["structuredContent"].clone())
    }

    async fn ok(&mut self, tool: &str, args: Value) -> Value {
        let (err, v) = self.call(tool, args).await;
        assert!(!err, "{tool}: {v}");
        v
    }

    async fn refused(&mut self, tool: &str, args: Value, rule: &str) {
        let (err, v) = self.call(tool, args).await;
        assert!(err, "{tool} accepted: {v}");
        assert_eq!(v["error"]["rule"], rule, "{v}");
        assert!(v["error"]["message"]["de"].as_str().is_some_and(|s| !s.is_empty()));
        assert!(v["error"]["message"]["en"].as_str().is_some_and(|s| !s.is_empty()));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_are_listed_with_schemas() {
    let mut c = Client::start().await;
    let list = c.request("tools/list", json!({})).await;
    let tools = list["result"]["tools"].as_array().expect("tools").clone();
    let mut names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "act",
            "create_table",
            "join_seat",
            "legal_actions",
            "list_games",
            "new_game",
            "observe",
            "rules",
            "wait_for_turn"
        ]
    );
    for t in &tools {
        assert_eq!(t["inputSchema"]["type"], "object", "{t}");
        assert_eq!(t["outputSchema"]["type"], "object", "{t}");
        assert!(t["description"].as_str().is_some_and(|d| d.len() > 20), "{t}");
    }
    let resources = c.request("resources/list", json!({})).await;
    assert_eq!(resources["result"]["resources"].as_array().map(Vec::len), Some(8));
    let doc = c
        .request("resources/read", json!({"uri": "rules://spielleiter/catan"}))
        .await;
    assert!(doc["result"]["contents"][0]["text"]
        .as_str()
        .is_some_and(|t| t.contains("CATAN")));
    let prompt = c.request("prompts/get", json!({"name": "how_to_play"})).await;
    assert!(prompt["result"]["messages"][0]["content"]["text"]
        .as_str()
        .is_some_and(|t| t.contains("wait_for_turn")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_plays_a_game_to_its_end() {
    let mut c = Client::start().await;
    let started = c
        .ok("new_game", json!({"game": "catan", "seed": 9, "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]}))
        .await;
    assert_eq!(started["seats"][0]["kind"], "agent");
    // The agent's name defaults to the MCP client's.
    assert_eq!(started["seats"][0]["name"], "it-agent");
    let mut pick = 1u64;
    for _ in 0..5_000 {
        let w = c.ok("wait_for_turn", json!({})).await;
        if w["status"] == "over" {
            let end = c.ok("observe", json!({"lang": "de"})).await;
            assert!(end["text"].as_str().is_some_and(|t| t.contains("beendet")), "{end}");
            assert!(end["result"]["winners"].as_array().is_some_and(|w| !w.is_empty()));
            return;
        }
        assert_eq!(w["status"], "your_turn", "{w}");
        let legal = c.ok("legal_actions", json!({})).await;
        let n = legal["actions"].as_array().map_or(0, Vec::len);
        assert!(n > 0);
        for a in legal["actions"].as_array().into_iter().flatten() {
            assert!(a["label"].as_str().is_some_and(|l| !l.is_empty()), "{a}");
        }
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let i = ((pick >> 33) % n as u64) as usize;
        let done = c.ok("act", json!({"index": i})).await;
        assert!(done["version"].as_u64() > done["from"].as_u64(), "{done}");
    }
    panic!("the game did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_tool_errors_and_change_nothing() {
    let mut c = Client::start().await;
    c.refused("observe", json!({}), "mcp.no_game").await;
    c.refused("join_seat", json!({"table": "x", "seat": 0}), "mcp.not_here")
        .await;
    c.refused("new_game", json!({"game": "go"}), "engine.unknown_game")
        .await;
    c.refused(
        "new_game",
        json!({"game": "catan", "rules": "chess"}),
        "mcp.unknown_rules",
    )
    .await;
    c.refused("new_game", json!({"game": "splendor", "players": 999}), "mcp.arguments")
        .await;
    c.refused(
        "new_game",
        json!({"game": "splendor", "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
        "mcp.no_agent_seat",
    )
    .await;
    c.refused(
        "new_game",
        json!({"game": "splendor", "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "nobody"}]}),
        "engine.unknown_bot",
    )
    .await;
    c.ok("new_game", json!({"game": "splendor", "players": 2, "seed": 4}))
        .await;
    let before = c.ok("observe", json!({})).await;
    c.refused("act", json!({"index": 100_000}), "engine.action_index").await;
    c.refused("act", json!({"index": "one"}), "mcp.arguments").await;
    c.refused("act", json!({"index": 0, "action": {}}), "mcp.action_choice")
        .await;
    c.refused("act", json!({"index": 0, "version": 1}), "engine.stale_version")
        .await;
    c.refused("observe", json!({"seat": 1}), "mcp.not_your_seat").await;
    c.refused("wait_for_turn", json!({"seat": 200}), "engine.no_such_seat")
        .await;
    c.refused("rules", json!({"query": "x".repeat(500)}), "mcp.rules_query")
        .await;
    let after = c.ok("observe", json!({})).await;
    assert_eq!(before["version"], after["version"]);
    assert_eq!(before["view"], after["view"]);
    let rules = c.ok("rules", json!({"query": "engine.stale_version"})).await;
    assert!(rules["text"].as_str().is_some_and(|t| !t.is_empty()));
}

/// `/mcp` sits behind the router's layers: the Host check and the per-address rate
/// limit answer it like any other request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_http_route_passes_the_server_limits() {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db("mcp"),
        http_rate: 0.001,
        http_burst: 3.0,
        ..server::ServerConfig::default()
    };
    let srv = server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let url = format!("http://{}/mcp", srv.addr);
    let http = reqwest::Client::new();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    let post = |host: Option<&str>| {
        let mut r = http
            .post(&url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(init.to_string());
        if let Some(h) = host {
            r = r.header("host", h);
        }
        r.send()
    };
    let first = post(None).await.expect("answer");
    assert_eq!(first.status(), 200);
    let body = first.text().await.expect("body");
    assert!(body.contains("spielleiter"), "{body}");
    let foreign = post(Some("evil.example")).await.expect("answer");
    assert_eq!(foreign.status(), 400, "a foreign Host is refused before MCP sees it");
    let mut limited = false;
    for _ in 0..6 {
        if post(None).await.expect("answer").status() == 429 {
            limited = true;
        }
    }
    assert!(limited, "the per-address rate limit covers /mcp");
}

#[test]
fn labels_name_the_action_in_both_languages() {
    use mcp::labels::{label, label_at, Lang};
    let road = json!({"type": "build_road", "edge": 17});
    assert_eq!(
        label("catan", &road, Lang::En),
        "Build a road: edge 17 — 1 brick, 1 lumber"
    );
    assert_eq!(
        label("catan", &road, Lang::De),
        "Straße bauen: Kante 17 — 1 Lehm, 1 Holz"
    );
    assert_eq!(
        label("catan", &json!({"type": "build_city", "node": 3}), Lang::De),
        "Stadt bauen: Kreuzung 3 — 2 Getreide, 3 Erz"
    );
    assert!(
        label("catan", &json!({"type": "buy_development_card"}), Lang::En).ends_with("— 1 wool, 1 grain, 1 ore"),
        "the development card's cost is named"
    );
    // In the set-up the first roads are free: no cost is named.
    assert_eq!(label_at("catan", &road, Lang::En, true), "Build a road: edge 17");
    let gems = json!({"type": "take_two", "gem": "red"});
    assert_eq!(
        label("splendor", &gems, Lang::En),
        "Take two gems of one colour: gem red"
    );
    // An unknown type still reads, and nothing grows without bound.
    let odd = json!({"type": "x_y", "n": "z".repeat(10_000)});
    let l = label("splendor", &odd, Lang::En);
    assert!(l.starts_with("x y: n zzz") && l.chars().count() <= 201, "{l}");
}

/// One address cannot hold more than its share of MCP sessions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_are_capped_per_address() {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db("mcp-sessions"),
        ..server::ServerConfig::default()
    };
    let srv = server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let url = format!("http://{}/mcp", srv.addr);
    let http = reqwest::Client::new();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    let mut opened = 0;
    let mut refused = None;
    for _ in 0..server::mcp::SESSIONS_PER_ADDRESS + 2 {
        let r = http
            .post(&url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(init.to_string())
            .send()
            .await
            .expect("answer");
        if r.status() == 200 {
            assert!(r.headers().contains_key("mcp-session-id"));
            opened += 1;
        } else {
            refused = Some((r.status(), r.text().await.unwrap_or_default()));
            break;
        }
    }
    assert_eq!(opened, server::mcp::SESSIONS_PER_ADDRESS);
    let (status, body) = refused.expect("refused past the cap");
    assert_eq!(status, 503);
    assert!(body.contains("mcp.sessions_full"), "{body}");
}

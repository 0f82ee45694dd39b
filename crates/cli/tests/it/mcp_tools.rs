//! The MCP tool layer (crate `spielleiter-mcp`) as a client speaks to it: JSON-RPC
//! lines over an in-memory pipe to the same server `spielleiter mcp` runs on stdio
//! (in-process backend, registry bots), and the game server's `/mcp` route behind
//! the router's layers. The Python SDK tests (python/tests/test_mcp.py) play every
//! game through real outside clients; these check the wire shapes and refusals.

use crate::common::{games, temp_db};
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
        // The transport of `spielleiter mcp`: the JSON-RPC screen, then rmcp.
        tokio::spawn(async move {
            let (r, w) = tokio::io::split(server);
            let _ = mcp::serve_io(backend, r, w).await;
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

    /// The next line the server writes.
    async fn next(&mut self) -> Value {
        let line = tokio::time::timeout(std::time::Duration::from_secs(30), self.read.next_line())
            .await
            .expect("answer in time")
            .expect("read")
            .expect("open");
        serde_json::from_str(&line).expect("JSON")
    }

    /// Calls a tool: (isError, structured content).
    async fn call(&mut self, tool: &str, args: Value) -> (bool, Value) {
        let (err, v, _) = self.call_text(tool, args).await;
        (err, v)
    }

    /// Calls a tool: (isError, structured content, the text content).
    async fn call_text(&mut self, tool: &str, args: Value) -> (bool, Value, String) {
        let v = self
            .request("tools/call", json!({"name": tool, "arguments": args}))
            .await;
        let r = &v["result"];
        assert!(r.is_object(), "{v}");
        let blocks = r["content"].as_array().expect("content");
        assert_eq!(blocks.len(), 1, "one text block: {v}");
        let text = blocks[0]["text"].as_str().expect("text").to_string();
        (r["isError"] == json!(true), r["structuredContent"].clone(), text)
    }

    /// A tool's answer: (structured content, text content).
    async fn ok_text(&mut self, tool: &str, args: Value) -> (Value, String) {
        let (err, v, t) = self.call_text(tool, args).await;
        assert!(!err, "{tool}: {v}");
        (v, t)
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
            "analyze",
            "create_table",
            "history",
            "join_seat",
            "legal_actions",
            "list_games",
            "list_tables",
            "new_game",
            "observe",
            "read_chat",
            "rules",
            "wait_for_turn",
            "write_chat"
        ]
    );
    for t in &tools {
        assert_eq!(t["inputSchema"]["type"], "object", "{t}");
        assert_eq!(t["outputSchema"]["type"], "object", "{t}");
        assert!(t["description"].as_str().is_some_and(|d| d.len() > 20), "{t}");
    }
    let resources = c.request("resources/list", json!({})).await;
    let uris: Vec<&str> = resources["result"]["resources"]
        .as_array()
        .map(|a| a.iter().filter_map(|r| r["uri"].as_str()).collect())
        .unwrap_or_default();
    // The player-facing rules documents (docs/rules/), not the developer pages …
    assert_eq!(uris.iter().filter(|u| u.starts_with("rules://")).count(), 7, "{uris:?}");
    // … and every game's description under each of its rule sets.
    for want in [
        "describe://spielleiter/catan/base",
        "describe://spielleiter/catan/cities_knights_heroes",
        "describe://spielleiter/splendor/base",
        "describe://spielleiter/catan-junior/kosmos2015",
    ] {
        assert!(uris.contains(&want), "{want} in {uris:?}");
    }
    let d = c
        .request("resources/read", json!({"uri": "describe://spielleiter/splendor/base"}))
        .await;
    let text = d["result"]["contents"][0]["text"].as_str().unwrap_or_default();
    let d: Value = serde_json::from_str(text).expect("the description is JSON");
    assert_eq!(d["game"], "splendor");
    let card = &d["cards"]["development"][0];
    assert!(
        card["cost"].is_object() && card["bonus"].is_string(),
        "a card with its data: {card}"
    );
    let missing = c
        .request("resources/read", json!({"uri": "describe://spielleiter/chess/base"}))
        .await;
    assert!(
        missing["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("mcp.unknown_resource")),
        "{missing}"
    );
    let doc = c
        .request("resources/read", json!({"uri": "rules://spielleiter/catan"}))
        .await;
    assert!(doc["result"]["contents"][0]["text"]
        .as_str()
        .is_some_and(|t| t.contains("CATAN") && t.contains("`catan.build.settlement.distance`")));
    // The schema's example of a rule id is a rule the documents have.
    let rules = tools.iter().find(|t| t["name"] == "rules").expect("rules");
    let example = rules["inputSchema"]["properties"]["query"]["description"]
        .as_str()
        .and_then(|d| d.split('`').nth(1))
        .expect("an example in the schema")
        .to_string();
    let (found, text) = c.ok_text("rules", json!({"query": example})).await;
    assert_eq!(found["rules"][0], json!(example), "{found}");
    assert!(text.starts_with(&example), "{text}");
    let prompt = c.request("prompts/get", json!({"name": "how_to_play"})).await;
    assert!(prompt["result"]["messages"][0]["content"]["text"]
        .as_str()
        .is_some_and(|t| t.contains("wait_for_turn") && t.contains("legal")));
}

/// A decision is two calls: `observe` with `legal`, then `act`, whose answer
/// is the next observation with its legal actions. The text content is the
/// readable text once (no JSON), the JSON is the structured content.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_plays_a_game_to_its_end() {
    let mut c = Client::start().await;
    let started = c
        .ok("new_game", json!({"game": "catan", "seed": 9, "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]}))
        .await;
    assert_eq!(started["seats"][0]["kind"], "agent");
    // The agent's name defaults to the MCP client's.
    assert_eq!(started["seats"][0]["name"], "it-agent");
    let (mut obs, text) = c.ok_text("observe", json!({"legal": true})).await;
    assert!(!text.trim_start().starts_with('{'), "the text is no JSON: {text}");
    assert!(obs.get("text").is_none(), "the text is not repeated in the JSON");
    let mut pick = 1u64;
    for _ in 0..5_000 {
        let legal = obs["legal"].as_array().cloned().unwrap_or_default();
        assert!(!legal.is_empty(), "{obs}");
        for a in &legal {
            assert!(a["label"].as_str().is_some_and(|l| !l.is_empty()), "{a}");
        }
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let i = ((pick >> 33) % legal.len() as u64) as usize;
        let (done, text) = c.ok_text("act", json!({"index": i})).await;
        assert!(done["version"].as_u64() > done["from"].as_u64(), "{done}");
        assert!(text.starts_with("Played: "), "{text}");
        if done["over"] == json!(true) {
            let (end, text) = c.ok_text("observe", json!({"lang": "de"})).await;
            assert!(text.contains("beendet"), "{text}");
            assert!(end["result"]["winners"].as_array().is_some_and(|w| !w.is_empty()));
            // The whole history pages from the start, every step with its version.
            let h = c.ok("history", json!({"from": 0, "limit": 200})).await;
            let first = h["entries"][0]["v"].as_u64().expect("a version");
            assert!(first >= 1, "{h}");
            let last = h["entries"]
                .as_array()
                .and_then(|e| e.last())
                .and_then(|e| e["v"].as_u64());
            match h["next"].as_u64() {
                Some(next) => assert_eq!(Some(next), last, "the next page starts after this one"),
                None => assert!(last <= end["version"].as_u64(), "{h}"),
            }
            return;
        }
        assert_eq!(done["your_turn"], json!(true), "stdio: the bots have moved: {done}");
        obs = done["next"].clone();
    }
    panic!("the game did not end");
}

/// `format: json` gives the JSON as the text for clients without
/// structured content; the text is the same JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn format_json_gives_the_structured_content_as_text() {
    let mut c = Client::start().await;
    c.ok("new_game", json!({"game": "splendor", "players": 2, "seed": 2}))
        .await;
    let (v, text) = c.ok_text("observe", json!({"format": "json", "legal": true})).await;
    let parsed: Value = serde_json::from_str(&text).expect("the text is JSON");
    assert_eq!(parsed, v);
    let (v, text) = c.ok_text("list_games", json!({})).await;
    assert!(text.contains("splendor") && !text.contains('{'), "{text}");
    assert!(v["games"].as_array().is_some_and(|g| g.len() >= 3));
}

/// Every label says what the action does with the place and the price: a
/// CATAN set-up spot names its hexes, a Splendor card its cost; nothing in
/// an observation is cut.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn labels_name_places_and_prices() {
    let mut c = Client::start().await;
    c.ok("new_game", json!({"game": "catan", "players": 3, "seed": 5}))
        .await;
    let (obs, text) = c.ok_text("observe", json!({"legal": true})).await;
    assert!(!text.contains('…'), "nothing is cut: {text}");
    let labels: Vec<&str> = obs["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .filter_map(|a| a["label"].as_str())
        .collect();
    assert!(labels.len() > 20, "{labels:?}");
    for l in &labels {
        // `Build settlement at 23 (grain 6, ore 8, wool 3; 12 pips; 3:1 harbor)`.
        assert!(
            l.contains(" at ") && l.contains(" (") && l.ends_with(')'),
            "a set-up spot names its hexes: {l}"
        );
        assert!(!l.contains(" — "), "set-up building is free: {l}");
    }
    assert!(labels.iter().any(|l| l.contains("pips")), "{labels:?}");
    assert!(text.contains("Board (hex"), "the board by places: {text}");
    let (obs, _) = c.ok_text("observe", json!({"legal": true, "lang": "de"})).await;
    let l = obs["legal"][0]["label"].as_str().expect("label");
    assert!(l.contains(" bei ") && l.contains(" ("), "{l}");

    c.ok("new_game", json!({"game": "splendor", "players": 2, "seed": 3}))
        .await;
    let (obs, text) = c.ok_text("observe", json!({"legal": true})).await;
    assert!(!text.contains('…'), "nothing is cut: {text}");
    let reserve: Vec<&str> = obs["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .filter(|a| a["action"]["type"] == "reserve")
        .filter_map(|a| a["label"].as_str())
        .collect();
    assert!(!reserve.is_empty(), "{obs}");
    for l in reserve {
        assert!(l.contains("level") && l.contains("costs") && l.contains("bonus"), "{l}");
    }
}

/// `rules` answers a rule id with that rule, its id first, in at most 2,000
/// characters; a topic in English or German with the matching rules; never
/// a crate's developer page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_answer_rule_ids_and_topics_for_players() {
    let mut c = Client::start().await;
    let (found, text) = c
        .ok_text("rules", json!({"query": "catan.build.settlement.distance"}))
        .await;
    assert!(text.chars().count() <= 2_000, "{}", text.len());
    let at = text.find("catan.build.settlement.distance").expect("the id");
    assert!(at < 300, "the id within the first 300 characters: {at}");
    assert!(text.contains("neighbouring intersections"), "{text}");
    assert_eq!(found["documents"], json!(["catan"]));
    for topic in ["robber", "Räuber", "longest road"] {
        let (found, text) = c.ok_text("rules", json!({"query": topic})).await;
        assert!(text.chars().count() <= 2_000, "{topic}: {}", text.len());
        assert!(
            !text.contains("crates/") && !text.contains(".rs"),
            "{topic}: no crate internals: {text}"
        );
        assert!(
            found["rules"].as_array().is_some_and(|r| !r.is_empty()),
            "{topic}: {found}"
        );
    }
    let (_, text) = c.ok_text("rules", json!({"query": "Räuber"})).await;
    assert!(text.contains("catan.robber."), "{text}");
    c.refused("rules", json!({"query": "qwertzuiop"}), "mcp.unknown_rule")
        .await;
}

/// JSON-RPC as specified over stdio: text that is not JSON gets −32700,
/// a known method with wrong `params` −32602; the session goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jsonrpc_errors_have_their_codes_over_stdio() {
    let mut c = Client::start().await;
    c.write.write_all(b"{not json\n").await.expect("write");
    let e = c.next().await;
    assert_eq!(e["error"]["code"], -32700, "{e}");
    assert_eq!(e["id"], Value::Null);
    c.send(json!({"jsonrpc": "2.0", "id": 77, "method": "tools/call", "params": 5}))
        .await;
    let e = c.next().await;
    assert_eq!(e["error"]["code"], -32602, "{e}");
    assert_eq!(e["id"], 77);
    c.send(json!({"jsonrpc": "2.0", "id": 78, "method": "tools/call", "params": {"arguments": {}}}))
        .await;
    let e = c.next().await;
    assert_eq!(e["error"]["code"], -32602, "{e}");
    c.send(json!([1, 2])).await;
    assert_eq!(c.next().await["error"]["code"], -32600);
    // Still serving.
    let games = c.ok("list_games", json!({})).await;
    assert!(games["games"].is_array());
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
    c.refused("history", json!({"from": 1_000_000}), "mcp.history.cursor")
        .await;
    c.refused("history", json!({"limit": 0}), "mcp.history.range").await;
    c.refused("history", json!({"limit": 201}), "mcp.history.range").await;
    c.refused("read_chat", json!({}), "mcp.not_here").await;
    c.refused("write_chat", json!({"text": "hi"}), "mcp.not_here").await;
    // A card id that does not exist is refused by the game's rule, nothing changed.
    let (err, v) = c.call("act", json!({"action": {"type": "reserve", "card": 250}})).await;
    assert!(err, "{v}");
    assert!(v["error"]["rule"].as_str().is_some_and(|r| !r.is_empty()), "{v}");
    let after = c.ok("observe", json!({})).await;
    assert_eq!(before["version"], after["version"]);
    assert_eq!(before["view"], after["view"]);
    let rules = c.ok("rules", json!({"query": "engine.stale_version"})).await;
    assert!(rules["text"]
        .as_str()
        .is_some_and(|t| t.starts_with("engine.stale_version")));
}

/// Seats count from 0 in refusals too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp_not_your_seat_names_the_seat_from_0() {
    let mut c = Client::start().await;
    c.ok("new_game", json!({"game": "splendor", "players": 2, "seed": 4}))
        .await;
    let (err, v, text) = c.call_text("observe", json!({"seat": 1})).await;
    assert!(err);
    assert_eq!(v["error"]["rule"], "mcp.not_your_seat");
    assert!(
        text.contains("seat 1") && text.starts_with("Refused [mcp.not_your_seat]"),
        "{text}"
    );
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

/// A burst of agents arriving at once is not refused while there is room:
/// the session count waits its turn at a busy session table instead of
/// counting it as full (the soak's MCP flood had 490 of 600 set-ups refused
/// so).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_new_sessions_is_not_refused_while_there_is_room() {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db("mcp-burst"),
        ..server::ServerConfig::default()
    };
    let srv = server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let url = format!("http://{}/mcp", srv.addr);
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    let burst = server::mcp::SESSIONS_PER_ADDRESS;
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..burst {
        let (url, body) = (url.clone(), init.to_string());
        tasks.spawn(async move {
            reqwest::Client::new()
                .post(&url)
                .header("content-type", "application/json")
                .header("accept", "application/json, text/event-stream")
                .body(body)
                .send()
                .await
                .map(|r| r.status().as_u16())
                .unwrap_or(0)
        });
    }
    let answers: Vec<u16> = tasks.join_all().await;
    let refused: Vec<&u16> = answers.iter().filter(|s| **s != 200).collect();
    assert!(refused.is_empty(), "{} of {burst} refused: {refused:?}", refused.len());
}

/// `analyze` in a practice game against bots: each legal action of the
/// agent's own decision with its chance to win, indexed as `legal_actions`
/// numbers them; a budget over the maximum is refused and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_gives_a_hint_for_the_agents_own_decision() {
    let mut c = Client::start().await;
    c.refused("analyze", json!({}), "mcp.no_game").await;
    c.ok("new_game", json!({"game": "splendor", "players": 2, "seed": 4}))
        .await;
    let legal = c.ok("legal_actions", json!({"lang": "de"})).await;
    let (hint, text) = c
        .ok_text("analyze", json!({"playouts": 200, "top": 3, "lang": "de"}))
        .await;
    assert_eq!(hint["seat"], 0, "{hint}");
    assert_eq!(hint["version"], legal["version"], "{hint}");
    assert!(hint["playouts"].as_u64().is_some_and(|n| n >= 200), "{hint}");
    let rows = hint["actions"].as_array().expect("rows");
    assert_eq!(rows.len(), 3, "top 3: {hint}");
    for r in rows {
        let i = r["index"].as_u64().expect("index") as usize;
        assert_eq!(r["action"], legal["actions"][i]["action"], "{r}");
        assert_eq!(r["label"], legal["actions"][i]["label"], "{r}");
        let (low, high) = (r["low"].as_f64().expect("low"), r["high"].as_f64().expect("high"));
        assert!(r["win"].as_f64().is_some_and(|w| low <= w && w <= high), "{r}");
        assert!(r["line"].is_array(), "{r}");
    }
    assert!(text.starts_with("Analyse für Platz 0"), "{text}");
    let before = c.ok("observe", json!({})).await;
    c.refused("analyze", json!({"playouts": 100_001}), "engine.analyze_budget")
        .await;
    c.refused("analyze", json!({"ms": 0}), "engine.analyze_budget").await;
    c.refused("analyze", json!({"seat": 1}), "mcp.not_your_seat").await;
    c.refused("analyze", json!({"playouts": "many"}), "mcp.arguments").await;
    let after = c.ok("observe", json!({})).await;
    assert_eq!(before["version"], after["version"]);
    assert_eq!(before["view"], after["view"]);
    // The best action is playable by its index.
    c.ok("act", json!({"index": rows[0]["index"]})).await;
}

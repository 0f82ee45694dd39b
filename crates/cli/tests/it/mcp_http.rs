//! The game server's `/mcp` as an HTTP client speaks to it: JSON-RPC errors
//! with their codes, a session's `DELETE`, the table list and chat, and an
//! agent at a clocked table (its time runs out, a bot plays, its next call
//! takes the seat back).

use crate::common::{games, temp_db};
use serde_json::{json, Value};

/// A streamable-HTTP MCP session by hand.
struct Session {
    http: reqwest::Client,
    url: String,
    id: Option<String>,
    n: u64,
}

impl Session {
    async fn open(url: &str) -> Session {
        let mut s = Session {
            http: reqwest::Client::new(),
            url: url.to_string(),
            id: None,
            n: 0,
        };
        let init = s
            .request(
                "initialize",
                json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "http-agent", "version": "1"}}),
            )
            .await;
        assert_eq!(init["result"]["serverInfo"]["name"], "spielleiter", "{init}");
        let (status, _) = s
            .post(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string())
            .await;
        assert_eq!(status, 202);
        s
    }

    /// Posts a body; answers the status and the JSON-RPC message in it (from
    /// a JSON body or the event stream's `data:` line).
    async fn post(&mut self, body: String) -> (u16, Value) {
        let mut r = self
            .http
            .post(&self.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(body);
        if let Some(id) = &self.id {
            r = r
                .header("mcp-session-id", id)
                .header("mcp-protocol-version", "2025-06-18");
        }
        let r = r.send().await.expect("answer");
        if let Some(id) = r.headers().get("mcp-session-id").and_then(|v| v.to_str().ok()) {
            self.id = Some(id.to_string());
        }
        let status = r.status().as_u16();
        let text = r.text().await.unwrap_or_default();
        let v = serde_json::from_str(&text).unwrap_or_else(|_| {
            text.lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .filter_map(|d| serde_json::from_str::<Value>(d.trim()).ok())
                .find(|v| v.get("id").is_some())
                .unwrap_or(Value::Null)
        });
        (status, v)
    }

    async fn request(&mut self, method: &str, params: Value) -> Value {
        self.n += 1;
        let body = json!({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params});
        self.post(body.to_string()).await.1
    }

    /// A tool's (isError, structured content, text).
    async fn call(&mut self, tool: &str, args: Value) -> (bool, Value, String) {
        let v = self
            .request("tools/call", json!({"name": tool, "arguments": args}))
            .await;
        let r = &v["result"];
        assert!(r.is_object(), "{v}");
        let text = r["content"][0]["text"].as_str().unwrap_or_default().to_string();
        (r["isError"] == json!(true), r["structuredContent"].clone(), text)
    }

    async fn ok(&mut self, tool: &str, args: Value) -> (Value, String) {
        let (err, v, t) = self.call(tool, args).await;
        assert!(!err, "{tool}: {v}");
        (v, t)
    }
}

async fn server(tag: &str) -> server::RunningServer {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db(tag),
        ..server::ServerConfig::default()
    };
    let bots = spielleiter_cli::seat_bot::server_bots(spielleiter_cli::seat_bot::SERVER_MCTS).expect("bots");
    server::start(config, games(), bots).await.expect("server starts")
}

/// Malformed JSON is −32700 and wrong `params` −32602 at `/mcp` too, as
/// HTTP 400 with the JSON-RPC error; a session's `DELETE` ends it (later
/// requests naming it are 404), and a `DELETE` of a session the server
/// does not have is 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jsonrpc_errors_and_session_delete_over_http() {
    let srv = server("mcp-jsonrpc").await;
    let url = format!("http://{}/mcp", srv.addr);
    let mut s = Session::open(&url).await;
    let (status, e) = s.post("{not json".into()).await;
    assert_eq!((status, e["error"]["code"].clone()), (400, json!(-32700)), "{e}");
    let (status, e) = s
        .post(json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": 5}).to_string())
        .await;
    assert_eq!(
        (status, e["error"]["code"].clone(), e["id"].clone()),
        (400, json!(-32602), json!(5))
    );
    // Still a working session.
    let (games, _) = s.ok("list_games", json!({})).await;
    assert!(games["games"].is_array());
    let id = s.id.clone().expect("a session id");
    let delete = |id: String| {
        reqwest::Client::new()
            .delete(&url)
            .header("mcp-session-id", id)
            .header("mcp-protocol-version", "2025-06-18")
            .send()
    };
    assert!(delete(id.clone()).await.expect("answer").status().is_success());
    let (status, _) = s
        .post(json!({"jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": {}}).to_string())
        .await;
    assert_eq!(status, 404, "an ended session is gone");
    assert_eq!(delete(id).await.expect("answer").status(), 404);
    assert_eq!(delete("no-such-session".into()).await.expect("answer").status(), 404);
}

/// Agents list open tables and talk at the table: the chat's own rules
/// refuse a bad line with their rule id and write nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agents_list_tables_and_chat() {
    let srv = server("mcp-chat").await;
    let url = format!("http://{}/mcp", srv.addr);
    let mut s = Session::open(&url).await;
    let (t, _) = s
        .ok(
            "create_table",
            json!({"game": "splendor", "seats": [{"kind": "agent"}, {"kind": "human"}]}),
        )
        .await;
    let table = t["table"].as_str().expect("table").to_string();
    let token = t["joined"]["token"].as_str().expect("token").to_string();
    let at = json!({"table": table, "seat": 0, "token": token});
    let (list, text) = s.ok("list_tables", json!({})).await;
    assert!(text.contains(&table), "{text}");
    assert_eq!(list["tables"][0]["started"], json!(false));
    let mut say = at.clone();
    say["text"] = json!("Hello, who trades?");
    let (line, _) = s.ok("write_chat", say).await;
    assert_eq!(line["lines"][0]["seat"], 0);
    let mut bad = at.clone();
    bad["text"] = json!("x".repeat(5_000));
    let (err, v, _) = s.call("write_chat", bad).await;
    assert!(err, "{v}");
    assert!(
        v["error"]["rule"]
            .as_str()
            .is_some_and(|r| r.starts_with("server.chat")),
        "{v}"
    );
    let (chat, text) = s.ok("read_chat", at).await;
    assert_eq!(
        chat["lines"].as_array().map(Vec::len),
        Some(1),
        "nothing written: {chat}"
    );
    assert!(text.contains("Hello, who trades?"), "{text}");
    let (err, v, _) = s
        .call("read_chat", json!({"table": table, "seat": 0, "token": "wrong"}))
        .await;
    assert!(err && v["error"]["rule"] == "server.wrong_secret", "{v}");
}

/// At a clocked table an agent's time runs out and a bot plays its seat;
/// the agent's next call takes the seat back and says so. Agent seats may
/// have a longer clock than the table's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clocked_agent_takes_its_seat_back() {
    let srv = server("mcp-clock").await;
    let url = format!("http://{}/mcp", srv.addr);
    let mut s = Session::open(&url).await;
    let (t, _) = s
        .ok(
            "create_table",
            json!({"game": "splendor", "turn_seconds": 5,
                   "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "random"}]}),
        )
        .await;
    let table = t["table"].as_str().expect("table").to_string();
    let at = json!({"table": table, "seat": 0, "token": t["joined"]["token"]});
    // Not acting: the server's clock hands the seat to a bot (seen in the
    // table list, which does not take it back).
    let mut bot_plays = false;
    for _ in 0..40 {
        let (list, _) = s.ok("list_tables", json!({})).await;
        if list["tables"][0]["seats"][0]["autopilot"] == json!(true) {
            bot_plays = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    assert!(bot_plays, "the clock gave the silent seat to a bot");
    let (obs, text) = s.ok("observe", at.clone()).await;
    assert_eq!(obs["clock"]["taken_back"], json!(true), "{obs}");
    assert!(text.contains("this call took the seat back"), "{text}");
    let (list, _) = s.ok("list_tables", json!({})).await;
    assert_ne!(list["tables"][0]["seats"][0]["autopilot"], json!(true), "{list}");

    let (t, _) = s
        .ok(
            "create_table",
            json!({"game": "splendor", "turn_seconds": 5, "agent_turn_seconds": 90,
                   "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "random"}]}),
        )
        .await;
    let at = json!({"table": t["table"], "seat": 0, "token": t["joined"]["token"]});
    let (w, text) = s.ok("wait_for_turn", at).await;
    assert_eq!(w["clock"]["turn_seconds"], 90, "{w}");
    assert!(text.contains("90 s per decision"), "{text}");
}

/// `analyze` at the server: a hint for the agent's own decision at a casual
/// table against a bot, refused beside another agent or person (the
/// policy of `GET /api/tables/{id}/analysis`), nothing changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_is_a_hint_only_against_bots() {
    let srv = server("mcp-analyze").await;
    let url = format!("http://{}/mcp", srv.addr);
    let mut s = Session::open(&url).await;
    let (t, _) = s
        .ok(
            "create_table",
            json!({"game": "splendor", "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "random"}]}),
        )
        .await;
    let at = json!({"table": t["table"], "seat": 0, "token": t["joined"]["token"]});
    let mut wait = at.clone();
    wait["timeout_seconds"] = json!(20);
    s.ok("wait_for_turn", wait).await;
    let (legal, _) = s.ok("legal_actions", at.clone()).await;
    let mut ask = at.clone();
    ask["playouts"] = json!(100);
    let (hint, text) = s.ok("analyze", ask.clone()).await;
    assert_eq!(
        (hint["seat"].clone(), hint["version"].clone()),
        (json!(0), legal["version"].clone())
    );
    for r in hint["actions"].as_array().expect("rows") {
        let i = r["index"].as_u64().expect("index") as usize;
        assert_eq!(r["action"], legal["actions"][i]["action"], "{r}");
    }
    assert!(text.starts_with("Analysis for seat 0"), "{text}");
    ask["playouts"] = json!(20_001);
    let (err, v, _) = s.call("analyze", ask).await;
    assert!(err && v["error"]["rule"] == "server.analysis.budget", "{v}");

    let (t, _) = s
        .ok(
            "create_table",
            json!({"game": "splendor", "seats": [{"kind": "agent"}, {"kind": "agent"}]}),
        )
        .await;
    let at = json!({"table": t["table"], "seat": 0, "token": t["joined"]["token"]});
    let (before, _) = s.ok("observe", at.clone()).await;
    let (err, v, _) = s.call("analyze", at.clone()).await;
    assert!(err && v["error"]["rule"] == "server.analysis.other_humans", "{v}");
    assert!(
        v["error"]["message"]["de"].as_str().is_some_and(|m| !m.is_empty()),
        "{v}"
    );
    let (after, _) = s.ok("observe", at).await;
    assert_eq!(before["version"], after["version"]);
}

/// The node ids and pips a seat's set-up labels name (`Build settlement at
/// 23 (grain 6, ore 8, wool 3; 12 pips; 3:1 harbor)`; none beside the desert
/// alone).
fn pips_in_labels(legal: &Value) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for a in legal["actions"].as_array().expect("actions") {
        let label = a["label"].as_str().expect("label");
        let node = label
            .split(" at ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a node id: {label}"));
        let pips = label
            .split_once(" (")
            .and_then(|(_, rest)| rest.strip_suffix(')'))
            .unwrap_or_default()
            .split("; ")
            .find_map(|part| part.strip_suffix(" pips").or_else(|| part.strip_suffix(" pip")))
            .map(|n| n.parse().unwrap_or_else(|_| panic!("pips: {label}")))
            // A spot on the desert alone names no pips.
            .unwrap_or(0);
        out.push((node, pips));
    }
    out
}

/// Agents at two CATAN tables read each its own board: the description is
/// shared by every table of a rule set (built once, issue 41's MCP flood),
/// the places are each table's. Every set-up label's pips are those the
/// table's own places give that intersection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agents_at_two_catan_tables_read_their_own_boards() {
    let srv = server("mcp-boards").await;
    let url = format!("http://{}/mcp", srv.addr);
    let mut s = Session::open(&url).await;
    let http = reqwest::Client::new();
    let mut seen = Vec::new();
    for _ in 0..2 {
        let (t, _) = s
            .ok(
                "create_table",
                json!({"game": "catan", "seats": [{"kind": "agent"},
                       {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
            )
            .await;
        let table = t["table"].as_str().expect("table").to_string();
        let at = json!({"table": table, "seat": 0, "token": t["joined"]["token"]});
        let mut wait = at.clone();
        wait["timeout_seconds"] = json!(20);
        let (w, _) = s.ok("wait_for_turn", wait).await;
        assert_eq!(w["status"], "your_turn", "{w}");
        let (legal, _) = s.ok("legal_actions", at).await;
        let labelled = pips_in_labels(&legal);
        assert!(labelled.len() > 20, "{legal}");
        let described: Value = http
            .get(format!("http://{}/api/tables/{table}/description", srv.addr))
            .send()
            .await
            .expect("answer")
            .json()
            .await
            .expect("json");
        let places = described["places"]["intersections"].as_array().expect("places");
        for (node, pips) in &labelled {
            let own = places
                .iter()
                .find(|p| p["id"] == json!(node))
                .and_then(|p| p["pips"].as_u64());
            assert_eq!(own, Some(*pips), "table {table}, intersection {node}");
        }
        seen.push(labelled);
    }
    assert_ne!(seen[0], seen[1], "two random boards, two sets of labels");
}

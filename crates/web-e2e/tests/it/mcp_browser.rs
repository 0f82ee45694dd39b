//! A language-model agent and a human at one table: the agent takes its seat
//! over MCP (streamable HTTP at `/mcp`, spoken here as raw JSON-RPC, as any
//! client does) and plays through the tools, while a human joins the same
//! table through the browser's invitation and plays it by clicking, to the
//! end of a game of Splendor. The human sees the agent's seat named as an
//! agent; the agent sees the human's moves.

use crate::splendor_browser::play_one;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::{Browser, TestServer};

/// A minimal MCP client over streamable HTTP: one session, requests in order.
struct Mcp {
    http: reqwest::Client,
    url: String,
    session: Option<String>,
    id: u64,
}

impl Mcp {
    async fn connect(base: &str) -> Mcp {
        let mut c = Mcp {
            http: reqwest::Client::new(),
            url: format!("{base}/mcp"),
            session: None,
            id: 0,
        };
        let init = c
            .rpc(
                "initialize",
                json!({"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "e2e-agent", "version": "1"}}),
            )
            .await;
        assert!(init["result"]["serverInfo"]["name"].is_string(), "{init}");
        c.post(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        c
    }

    /// Posts one message; the body's JSON-RPC messages (plain JSON or SSE `data:` lines).
    async fn post(&mut self, msg: Value) -> Vec<Value> {
        let mut req = self
            .http
            .post(&self.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(msg.to_string());
        if let Some(s) = &self.session {
            req = req.header("mcp-session-id", s);
        }
        let r = req.send().await.expect("the MCP endpoint answers");
        assert!(r.status().is_success(), "MCP status {}", r.status());
        if let Some(s) = r.headers().get("mcp-session-id") {
            self.session = Some(s.to_str().expect("ascii session id").to_string());
        }
        let body = r.text().await.expect("body");
        if body.trim_start().starts_with('{') {
            return vec![serde_json::from_str(&body).expect("JSON-RPC")];
        }
        body.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str(d.trim()).ok())
            .collect()
    }

    async fn rpc(&mut self, method: &str, params: Value) -> Value {
        self.id += 1;
        let id = self.id;
        let answers = self
            .post(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        answers
            .into_iter()
            .find(|m| m["id"] == json!(id))
            .unwrap_or_else(|| panic!("no answer to {method}"))
    }

    /// Calls a tool that must succeed; its structured result.
    async fn call(&mut self, tool: &str, args: Value) -> Value {
        let r = self.rpc("tools/call", json!({"name": tool, "arguments": args})).await;
        assert_eq!(r["result"]["isError"], json!(false), "{tool}: {r}");
        r["result"]["structuredContent"].clone()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_mcp_agent_and_a_human_in_the_browser_play_one_table() {
    let server = TestServer::start_game(1).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    // The agent opens the table: its own seat and one for a human.
    let mut agent = Mcp::connect(&server.url).await;
    let tools = agent.rpc("tools/list", json!({})).await;
    assert!(
        tools["result"]["tools"].as_array().is_some_and(|t| t.len() >= 9),
        "{tools}"
    );
    let t = agent
        .call(
            "create_table",
            json!({"game": "splendor", "players": 2, "name": "Robo",
                   "seats": [{"kind": "agent"}, {"kind": "human"}]}),
        )
        .await;
    let table = t["joined"]["table"].as_str().expect("table id").to_string();
    let at = json!({"table": table, "seat": 0, "token": t["joined"]["token"]});

    // The human follows the invitation in the browser and takes seat 2.
    b.goto(&format!("/play/{table}?join=1")).await;
    b.type_into("[data-testid=invite-name]", "Hanna").await;
    b.click("[data-testid=invite-join]").await;
    b.wait_for("[data-testid=seat-tab-1]", Duration::from_secs(20)).await;
    // The table page names the agent's seat as an agent (the seat label of
    // the table's seat list), so people see who plays.
    let started = Instant::now();
    loop {
        let page = b.text_of("body").await.unwrap_or_default();
        if page.contains("Agent 1 (Robo)") {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no agent label on the page:\n{page}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Both play until the game ends: the agent by the first legal action the
    // tools list (a deterministic choice), the human by clicking.
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut agent_moves = 0;
    let mut human_moves = 0;
    loop {
        assert!(Instant::now() < deadline, "the game did not end in time");
        let w = agent
            .call(
                "wait_for_turn",
                json!({"table": table, "seat": 0, "token": at["token"], "timeout_seconds": 0}),
            )
            .await;
        match w["status"].as_str() {
            Some("over") => break,
            Some("your_turn") => {
                let legal = agent.call("legal_actions", at.clone()).await;
                let n = legal["actions"].as_array().map_or(0, Vec::len);
                assert!(n > 0, "{legal}");
                let pick = (agent_moves * 7) % n;
                let a = agent
                    .call(
                        "act",
                        json!({"table": table, "seat": 0, "token": at["token"], "index": pick}),
                    )
                    .await;
                agent_moves += 1;
                if a["over"] == json!(true) {
                    break;
                }
                continue;
            }
            _ => {}
        }
        if b.first("[data-testid=winner]").await.is_some() {
            break;
        }
        if b.first("[data-testid=turn][data-mine=true]").await.is_some()
            && b.first("[data-testid=legal-action]").await.is_some()
        {
            if let Some(refused) = play_one(&b).await {
                panic!("the human's click was refused: {refused}");
            }
            human_moves += 1;
            continue;
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    assert!(
        agent_moves > 5 && human_moves > 5,
        "both played: agent {agent_moves}, human {human_moves}"
    );
    // Both sides see the end: the agent through observe, the human on the winner screen.
    let end = agent.call("observe", at.clone()).await;
    assert_eq!(end["over"], json!(true), "{end}");
    b.wait_for("[data-testid=winner]", Duration::from_secs(20)).await;
    b.quit().await;
    server.stop().await;
}

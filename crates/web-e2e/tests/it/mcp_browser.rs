//! A language-model agent and a human at one table: the agent takes its seat
//! over MCP (streamable HTTP at `/mcp`, spoken here as raw JSON-RPC, as any
//! client does) and plays through the tools, while a human joins the same
//! table through the browser's invitation and plays it by clicking, to the
//! end of a game of Splendor. The human sees the agent's seat named as an
//! agent; the agent sees the human's moves.

use crate::splendor_browser::play_one;
use serde_json::json;
use std::time::{Duration, Instant};
use testkit::mcp::Client as Mcp;
use web_e2e::{Browser, TestServer};

#[tokio::test(flavor = "multi_thread")]
async fn an_mcp_agent_and_a_human_in_the_browser_play_one_table() {
    let server = TestServer::start_game(1).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    // The agent opens the table: its own seat and one for a human.
    let mut agent = Mcp::connect(&server.url, "e2e-agent").await;
    let tools = agent.rpc("tools/list", json!({})).await;
    assert!(
        tools["result"]["tools"].as_array().is_some_and(|t| t.len() >= 9),
        "{tools}"
    );
    let t = agent
        .ok(
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
            .ok(
                "wait_for_turn",
                json!({"table": table, "seat": 0, "token": at["token"], "timeout_seconds": 0}),
            )
            .await;
        match w["status"].as_str() {
            Some("over") => break,
            Some("your_turn") => {
                let legal = agent.ok("legal_actions", at.clone()).await;
                let n = legal["actions"].as_array().map_or(0, Vec::len);
                assert!(n > 0, "{legal}");
                let pick = (agent_moves * 7) % n;
                let a = agent
                    .ok(
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
    let end = agent.ok("observe", at.clone()).await;
    assert_eq!(end["over"], json!(true), "{end}");
    b.wait_for("[data-testid=winner]", Duration::from_secs(20)).await;
    b.quit().await;
    server.stop().await;
}

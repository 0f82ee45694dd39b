//! MCP across instances (issue 29): an agent connected to instance A opens
//! tables (placed over the instances like the lobby's), finds one driven by
//! instance B in A's lobby, joins it and plays it to its end through A's
//! `/mcp`; B's stored log holds every action exactly once. A refusal from
//! B comes back typed, an owner that died is a clear `owner_unreachable`,
//! and once A has taken the table over the same seat plays on.

use crate::instances::{owners, spawn_instance, stop, stored_guesses, wait_for_instances, Instances};
use crate::persistence_postgres::{create_database, Cluster};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use testkit::mcp::Client as Mcp;

/// Opens toy tables of three seats (the agent's and two open ones) through
/// `agent` until one is driven by `owner`: its id and the agent's token.
async fn table_on(agent: &mut Mcp, pool: &sqlx::AnyPool, owner: &str) -> (String, String) {
    for _ in 0..40 {
        let t = agent
            .ok(
                "create_table",
                json!({"game": "toy", "players": 3, "name": "Robo",
                       "seats": [{"kind": "agent"}, {"kind": "human"}, {"kind": "human"}]}),
            )
            .await;
        let id = t["table"].as_str().expect("table id").to_string();
        assert_eq!(t["joined"]["table"], json!(id), "{t}");
        let token = t["joined"]["token"].as_str().expect("token").to_string();
        if owners(pool, std::slice::from_ref(&id)).await[&id].as_deref() == Some(owner) {
            return (id, token);
        }
        // Let the loads of the instances be published again.
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!("no table was placed on {owner}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_agent_on_one_instance_plays_a_table_another_drives() {
    let Some(pg) = Cluster::start_or_skip() else {
        return;
    };
    create_database(&pg, "mcp_instances", true).await;
    let url = pg.url("mcp_instances");
    let (a, addr_a) = spawn_instance(&url, "a");
    let (b, addr_b) = spawn_instance(&url, "b");
    let mut instances = Instances(vec![a, b]);
    wait_for_instances(&[addr_a, addr_b], 2).await;
    let pool = sqlx::AnyPool::connect(&url).await.expect("test pool");

    // The agent opens tables through A; they are placed on both instances,
    // and its own seat is joined for it wherever the table went.
    let mut robo = Mcp::connect(&format!("http://{addr_a}"), "robo").await;
    let (id, token0) = table_on(&mut robo, &pool, "b").await;

    // Another agent on A finds the table in A's lobby (every instance's
    // tables) and takes the two open seats.
    let (_, lobby) = crate::common::Api::new(addr_a).get("/api/tables", None).await;
    let listed = lobby["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .find(|t| t["id"] == json!(id))
        .cloned()
        .unwrap_or_else(|| panic!("{id} not in A's lobby: {lobby}"));
    let open: Vec<u8> = listed["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter(|s| s["kind"] == "open")
        .filter_map(|s| s["seat"].as_u64().and_then(|n| u8::try_from(n).ok()))
        .collect();
    assert_eq!(open, vec![1, 2], "{listed}");
    let mut other = Mcp::connect(&format!("http://{addr_a}"), "other").await;
    let mut tokens = vec![token0];
    for seat in open {
        let j = other
            .ok(
                "join_seat",
                json!({"table": id, "seat": seat, "name": format!("Agent{seat}")}),
            )
            .await;
        assert_eq!(j["seat"], seat, "{j}");
        assert!(j["watch"].as_str().is_some_and(|w| w.ends_with(&id)), "{j}");
        tokens.push(j["token"].as_str().expect("token").to_string());
    }
    // A seat taken already is refused by B, typed, through A.
    let taken = other.refused("join_seat", json!({"table": id, "seat": 1})).await;
    assert_eq!(taken["kind"], "seat_taken", "{taken}");

    // Every seat plays through A: wait, look, act. A wrong token is refused
    // by B and changes nothing.
    let at = |seat: usize, token: &str| json!({"table": id, "seat": seat, "token": token});
    for (seat, token) in tokens.iter().enumerate() {
        let agent = if seat == 0 { &mut robo } else { &mut other };
        let mut wait_args = at(seat, token);
        wait_args["timeout_seconds"] = json!(20);
        let w = agent.ok("wait_for_turn", wait_args).await;
        assert_eq!(w["status"], "your_turn", "seat {seat}: {w}");
        let legal = agent.ok("legal_actions", at(seat, token)).await;
        assert_eq!(legal["actions"].as_array().map(Vec::len), Some(3), "{legal}");
        let mut wrong = at(seat, &"x".repeat(32));
        wrong["index"] = json!(0);
        let refusal = agent.refused("act", wrong).await;
        assert_eq!(refusal["kind"], "wrong_secret", "{refusal}");
        let mut act = at(seat, token);
        act["action"] = json!({"type": "guess", "n": seat});
        let done = agent.ok("act", act).await;
        assert!(done["version"].as_u64() > done["from"].as_u64(), "{done}");
    }
    let end = robo.ok("observe", at(0, &tokens[0])).await;
    assert_eq!(end["over"], true, "{end}");
    assert!(end["result"].is_object(), "{end}");
    let w = other.ok("wait_for_turn", at(1, &tokens[1])).await;
    assert_eq!(w["status"], "over", "{w}");

    // B's stored log: every action once, as played; the table never left B.
    let guesses: Vec<(u64, u64)> = stored_guesses(&pool, &id)
        .await
        .into_iter()
        .map(|(_, seat, n)| (seat, n))
        .collect();
    assert_eq!(guesses, vec![(0, 0), (1, 1), (2, 2)]);
    assert_eq!(
        owners(&pool, std::slice::from_ref(&id)).await[&id].as_deref(),
        Some("b")
    );

    // The peers' route answers nobody else: not at the owner, and not sent
    // on to it by another instance.
    for addr in [addr_a, addr_b] {
        let (status, v) = crate::common::Api::new(addr)
            .post(
                &format!("/api/tables/{id}/agent"),
                &json!({"op": "join", "seat": 0, "name": "Mallory"}),
                None,
            )
            .await;
        assert_eq!(status, 404, "{addr}: {v}");
        assert_eq!(v["error"]["kind"], "not_found", "{v}");
    }

    // B dies with a table of the agent open: A answers with a clear error,
    // then takes the table over, and the same seat plays on through A.
    let (next, token) = table_on(&mut robo, &pool, "b").await;
    stop(&mut instances.0[1], "-KILL");
    let gone = robo.refused("observe", at_table(&next, 0, &token)).await;
    assert!(
        matches!(gone["kind"].as_str(), Some("owner_unreachable" | "table_moved")),
        "{gone}"
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (err, v) = robo.call("observe", at_table(&next, 0, &token)).await;
        if !err {
            assert_eq!(v["table"], json!(next), "{v}");
            break;
        }
        assert!(Instant::now() < deadline, "A never took the table over: {v}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert_eq!(
        owners(&pool, std::slice::from_ref(&next)).await[&next].as_deref(),
        Some("a")
    );
    pool.close().await;
}

fn at_table(table: &str, seat: u8, token: &str) -> Value {
    json!({"table": table, "seat": seat, "token": token})
}

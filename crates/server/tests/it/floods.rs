//! Floods (issue 41, item 6) through the public paths: a full server makes
//! no room for an address that holds many connections already, while a
//! newcomer still gets in; an MCP agent parked in `wait_for_turn` decides
//! from the updates pushed to it (chat lines do not wake it, the move that
//! makes it the seat's turn does). The latency figures are measured by
//! `spielleiter soak` (docs/server.md#soak-test), not here.

use crate::common::{self, temp_sqlite, Api};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use testkit::mcp::Client as Mcp;
use tokio::io::AsyncReadExt;
use tokio::net::{TcpSocket, TcpStream};

async fn tcp_from(from: [u8; 4], to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::from((from, 0))).expect("bind");
    socket.connect(to).await.expect("connect")
}

/// Whether the server closes `stream` within `limit` (a read ends).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    let mut buf = [0u8; 64];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_makes_no_room_for_an_address_holding_many_connections() {
    let share = server::limits::FULL_SERVER_SHARE;
    let mut config = common::config(&temp_sqlite("flood-share"));
    config.max_connections = share + 4;
    config.connections_per_address = 100;
    let server = common::start_with(config).await;
    // One address holds `share` silent sockets, another 4: the server is full.
    let mut flood = Vec::new();
    for _ in 0..share {
        flood.push(tcp_from([127, 0, 5, 1], server.addr).await);
    }
    for _ in 0..4 {
        flood.push(tcp_from([127, 0, 5, 2], server.addr).await);
    }
    // The flooding address's next connection is closed at once …
    let mut more = tcp_from([127, 0, 5, 1], server.addr).await;
    assert!(closed_within(&mut more, Duration::from_secs(2)).await, "refused");
    // … and closed none of the others to get in.
    for s in &mut flood {
        assert!(
            !closed_within(s, Duration::from_millis(20)).await,
            "nothing was closed for it"
        );
    }
    // A newcomer's request is served (by closing a silent socket of the
    // address that holds the most).
    let (status, v) = Api::new(server.addr).get("/api/health", None).await;
    assert_eq!((status, &v["status"]), (200, &json!("ok")), "{v}");
    let mut closed = 0;
    for s in &mut flood[..share] {
        closed += usize::from(closed_within(s, Duration::from_millis(200)).await);
    }
    assert!(closed >= 1, "the newcomer's place came from the flooding address");
    server.shutdown().await.expect("clean shutdown");
}

/// High Card (the toy game) has every seat act at once, so the agent is
/// parked while the table waits for its third player: chat lines reach it
/// and must not wake it; the join that starts the game must.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_parked_mcp_agent_wakes_on_the_update_that_makes_it_its_turn() {
    let mut config = common::config(&temp_sqlite("flood-wait"));
    config.chat_burst = 100.0;
    let server = common::start_with(config).await;
    let api = Api::new(server.addr);
    let id = api.create(3, None).await;
    let s0 = api.join(&id, 0).await;
    let mut agent = Mcp::connect(&format!("http://{}", server.addr), "waiter").await;
    let joined = agent
        .ok("join_seat", json!({"table": id, "seat": 1, "name": "Waiter"}))
        .await;
    let token = joined["token"].as_str().expect("token").to_string();
    let args = json!({"table": id, "seat": 1, "token": token, "timeout_seconds": 30});
    let wait = tokio::spawn(async move {
        let w = agent.ok("wait_for_turn", args).await;
        (agent, w)
    });
    // Let the agent park (the order of events, not a time measured).
    tokio::time::sleep(Duration::from_millis(300)).await;
    for i in 0..5 {
        let (status, v) = api
            .post(
                &format!("/api/tables/{id}/chat"),
                &json!({"seat": 0, "text": format!("{i}")}),
                Some(&s0),
            )
            .await;
        assert_eq!(status, 201, "{v}");
    }
    let (_, log) = api.get(&format!("/api/tables/{id}/chat"), None).await;
    assert_eq!(log["lines"].as_array().map(Vec::len), Some(5));
    assert!(!wait.is_finished(), "chat lines do not wake a waiting seat");
    // The last seat is taken: the game starts and every seat must act.
    api.join(&id, 2).await;
    let (_, w): (Mcp, Value) = tokio::time::timeout(Duration::from_secs(20), wait)
        .await
        .expect("the update wakes the agent")
        .expect("no panic");
    assert_eq!(w["status"], "your_turn", "{w}");
    server.shutdown().await.expect("clean shutdown");
}

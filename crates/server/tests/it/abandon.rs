//! No dead tables: a table open to strangers gets the default turn clock
//! (off when its creator says `null`), and a table that everybody has left
//! ends as abandoned after the server's time (here one second): stored so,
//! out of the lobby, never rated, and still abandoned after a restart; a
//! table restored with nobody back ends so too.

use crate::common;

use common::{start_with, temp_sqlite, Api, Ws};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn listed(list: &Value, id: &str) -> bool {
    list["tables"]
        .as_array()
        .is_some_and(|t| t.iter().any(|x| x["id"] == id))
}

/// A server that ends tables left for a second.
fn quick(db: &str) -> server::ServerConfig {
    server::ServerConfig {
        abandon_after_secs: 1,
        ..common::config(db)
    }
}

/// Waits until table `id` has state `status`; its summary.
async fn until_status(api: &Api, id: &str, status: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, s) = api.get(&format!("/api/tables/{id}"), None).await;
        if s["status"] == status {
            return s;
        }
        assert!(Instant::now() < deadline, "never {status}: {s}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_table_open_to_strangers_gets_the_default_clock_unless_turned_off() {
    let server = start_with(common::config(&temp_sqlite("clock-default"))).await;
    let api = Api::new(server.addr);
    let default = json!({"turn_seconds": 120, "grace_seconds": 60});
    // Two human seats: one is open to anybody in the lobby.
    let (status, v) = api
        .post("/api/tables", &json!({"game": "toy", "players": 2}), None)
        .await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["clock"], default, "{v}");
    // Turned off explicitly.
    let (status, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "clock": null}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");
    assert!(v.get("clock").is_none_or(Value::is_null), "{v}");
    // One human against a bot waits for nobody: no clock.
    let seats = json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}]);
    let (status, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "seats": seats}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");
    assert!(v.get("clock").is_none_or(Value::is_null), "{v}");
    // A clock asked for is kept, and one out of range is still refused.
    let clock = json!({"turn_seconds": 30, "grace_seconds": 5});
    let (_, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "clock": clock}),
            None,
        )
        .await;
    assert_eq!(v["clock"], clock, "{v}");
    let (status, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "clock": {"turn_seconds": 1}}),
            None,
        )
        .await;
    assert_eq!(
        (status, v["error"]["rule"].as_str()),
        (400, Some("server.clock.range")),
        "{v}"
    );
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn a_table_everybody_left_ends_as_abandoned_unrated_and_out_of_the_lobby() {
    let db = temp_sqlite("abandon");
    let server = start_with(quick(&db)).await;
    let api = Api::new(server.addr);

    // A rated table of a human (with a player token) and a bot: the bot has
    // guessed, the human never does.
    let seats = json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}]);
    let (status, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "rated": true, "seats": seats}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let rated = v["id"].as_str().expect("id").to_string();
    let (status, v) = api
        .post(
            &format!("/api/tables/{rated}/seats/0/join"),
            &json!({"name": "Ana", "player_token": "ana-token-0123456789abcdef"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");

    // A table whose one player stays connected is not left.
    let present = api.create(2, None).await;
    let secret = api.join(&present, 0).await;
    let mut ws = Ws::connect(server.addr, &present).await;
    let snap = ws.auth(0, &secret).await;
    assert_eq!(snap["type"], "snapshot", "{snap}");

    let s = until_status(&api, &rated, "abandoned").await;
    // No game result: the game did not end.
    assert!(s["result"].is_null(), "{s}");
    let (_, list) = api.get("/api/tables", None).await;
    assert!(!listed(&list, &rated), "an abandoned table is not in the lobby: {list}");
    // Never rated: the leaderboard has nobody.
    let (_, board) = api.get("/api/ratings?game=toy", None).await;
    assert_eq!(board["ratings"], json!([]), "{board}");

    // Three times the time later the connected table still waits for its second player.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, s) = api.get(&format!("/api/tables/{present}"), None).await;
    assert_eq!(s["status"], "waiting", "{s}");
    assert!(listed(&api.get("/api/tables", None).await.1, &present));
    // Its player goes: it ends too.
    ws.close().await;
    until_status(&api, &present, "abandoned").await;
    assert!(!listed(&api.get("/api/tables", None).await.1, &present));
    server.shutdown().await.expect("shutdown");

    // Stored: still abandoned after a restart, and nothing is restored.
    let server = start_with(quick(&db)).await;
    assert_eq!(server.restored, 0);
    let api = Api::new(server.addr);
    let s = until_status(&api, &rated, "abandoned").await;
    assert!(s["result"].is_null(), "{s}");
    let (_, board) = api.get("/api/ratings?game=toy", None).await;
    assert_eq!(board["ratings"], json!([]), "{board}");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn a_table_restored_with_nobody_back_ends_as_abandoned() {
    let db = temp_sqlite("abandon-restart");
    // First without abandonment: the table is left, the server stops.
    let server = start_with(server::ServerConfig {
        abandon_after_secs: 0,
        ..common::config(&db)
    })
    .await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let a = api.join(&id, 0).await;
    let b = api.join(&id, 1).await;
    assert_eq!(api.guess(&id, 0, &a).await.0, 200);
    server.shutdown().await.expect("shutdown");

    // Restored: playing, then nobody comes back and it ends.
    let server = start_with(quick(&db)).await;
    assert_eq!(server.restored, 1);
    let api = Api::new(server.addr);
    until_status(&api, &id, "abandoned").await;
    // The seat's secret no longer plays there.
    let body = json!({"seat": 1, "action": {"type": "guess", "n": 1}, "version": 0});
    let (status, _) = api.post(&format!("/api/tables/{id}/act"), &body, Some(&b)).await;
    assert!(status >= 400, "{status}");
    server.shutdown().await.expect("shutdown");
}

/// Several instances on one PostgreSQL database: tables spread over two
/// instances are each ended by the instance that drives them, stored so for
/// both (read through either), and out of both lobbies; "My games" through
/// the other instance finds them abandoned.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_left_on_several_instances_end_at_their_owners() {
    use crate::instances::{owners, spawn_instance_with, wait_for_instances, Instances};
    use crate::persistence_postgres::{create_database, Cluster};
    let Some(pg) = Cluster::start_or_skip() else {
        return;
    };
    create_database(&pg, "abandon", true).await;
    let url = pg.url("abandon");
    let flags = ["--abandon-after-secs", "1"];
    let (a, addr_a) = spawn_instance_with(&url, "a", &flags);
    let (b, addr_b) = spawn_instance_with(&url, "b", &flags);
    let _instances = Instances(vec![a, b]);
    wait_for_instances(&[addr_a, addr_b], 2).await;
    let pool = sqlx::AnyPool::connect(&url).await.expect("test pool");
    let (api_a, api_b) = (Api::new(addr_a), Api::new(addr_b));

    // Tables through A until both instances drive some; one seat joined each.
    let mut held = Vec::new();
    loop {
        let id = api_a.create(2, None).await;
        let secret = api_a.join(&id, 0).await;
        held.push((id, secret));
        let ids: Vec<String> = held.iter().map(|(id, _)| id.clone()).collect();
        let drivers: std::collections::HashSet<Option<String>> = owners(&pool, &ids).await.into_values().collect();
        if drivers.len() >= 2 {
            break;
        }
        assert!(held.len() < 20, "every table went to one instance: {drivers:?}");
    }

    for (id, _) in &held {
        until_status(&api_a, id, "abandoned").await;
        until_status(&api_b, id, "abandoned").await;
        for api in [&api_a, &api_b] {
            assert!(
                !listed(&api.get("/api/tables", None).await.1, id),
                "{id} is still in a lobby"
            );
        }
    }
    let left: i64 = sqlx::query("SELECT count(*) FROM tables WHERE finished = 0")
        .fetch_one(&pool)
        .await
        .map(|r| sqlx::Row::get::<i64, _>(&r, 0))
        .expect("count");
    assert_eq!(left, 0, "every table is stored as ended");
    let seats: Vec<Value> = held
        .iter()
        .map(|(id, secret)| json!({"table": id, "seat": 0, "secret": secret}))
        .collect();
    let (status, v) = api_b.post("/api/my-games", &json!({ "seats": seats }), None).await;
    assert_eq!(status, 200, "{v}");
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), held.len(), "{v}");
    assert!(
        games.iter().all(|g| g["status"] == "abandoned" && g["live"] == false),
        "{v}"
    );
    pool.close().await;
}

//! Limits, chat and ratings across instances (issue 29): two instances on
//! one PostgreSQL database count open tables (per client address and in
//! all), chat lines per address and rating updates together, in the
//! database, where each process alone would see only its own share.
//! Clients of several addresses are loopback addresses 127.0.0.x.

use crate::instances::{owners, spawn_instance_with, wait_for_instances, Instances};
use crate::persistence_postgres::{create_database, Cluster};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

/// An HTTP client whose requests come from 127.0.0.`n`.
fn client_from(n: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
}

async fn post(http: &reqwest::Client, addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let r = http
        .post(format!("http://{addr}{path}"))
        .json(body)
        .send()
        .await
        .expect("an answer");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A toy table of three open seats, created through `addr` by `http`.
async fn create(http: &reqwest::Client, addr: SocketAddr) -> (u16, Value) {
    post(http, addr, "/api/tables", &json!({"game": "toy", "players": 3})).await
}

async fn open_tables(pool: &sqlx::AnyPool) -> i64 {
    sqlx::query("SELECT count(*) FROM tables WHERE finished = 0")
        .fetch_one(pool)
        .await
        .map(|r| sqlx::Row::get::<i64, _>(&r, 0))
        .expect("count")
}

/// `--tables-per-address` and `--max-tables` hold for the instances
/// together: an address with one table on each instance is refused a
/// third, and tables of many addresses never make more than the cap open
/// (room is made by closing an unjoined table, as on one server).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_caps_count_every_instance() {
    let Some(pg) = Cluster::start_or_skip() else {
        return;
    };
    create_database(&pg, "caps_address", true).await;
    create_database(&pg, "caps_total", true).await;
    let url = pg.url("caps_address");
    let flags = ["--tables-per-address", "2"];
    let (a, addr_a) = spawn_instance_with(&url, "a", &flags);
    let (b, addr_b) = spawn_instance_with(&url, "b", &flags);
    let instances = Instances(vec![a, b]);
    wait_for_instances(&[addr_a, addr_b], 2).await;
    let pool = sqlx::AnyPool::connect(&url).await.expect("test pool");

    // Per address: an address whose two tables went to different
    // instances (each process alone would see one) is refused a third.
    let mut proven = false;
    for n in 10..30u8 {
        let http = client_from(n);
        let mut ids = Vec::new();
        for _ in 0..2 {
            let (status, v) = create(&http, addr_a).await;
            assert_eq!(status, 201, "{v}");
            ids.push(v["id"].as_str().expect("id").to_string());
            tokio::time::sleep(Duration::from_millis(1100)).await;
        }
        let (status, v) = create(&http, addr_a).await;
        assert_eq!(status, 429, "a third table of 127.0.0.{n}: {v}");
        assert_eq!(v["error"]["rule"], "server.table_limit.address", "{v}");
        let (status, v) = create(&http, addr_b).await;
        assert_eq!(status, 429, "nor through the other instance: {v}");
        let owned = owners(&pool, &ids).await;
        if owned[&ids[0]] != owned[&ids[1]] {
            proven = true;
            break;
        }
    }
    assert!(proven, "no address had its two tables on two instances");
    drop(instances);
    pool.close().await;

    // In all: every new table of a new address is made room for, and the
    // open tables of both instances together never pass the cap.
    let url = pg.url("caps_total");
    let flags = ["--max-tables", "4"];
    let (a, addr_a) = spawn_instance_with(&url, "a", &flags);
    let (b, addr_b) = spawn_instance_with(&url, "b", &flags);
    let _instances = Instances(vec![a, b]);
    wait_for_instances(&[addr_a, addr_b], 2).await;
    let pool = sqlx::AnyPool::connect(&url).await.expect("test pool");
    let mut made = 0;
    for n in 40..52u8 {
        let (status, v) = create(&client_from(n), if n % 2 == 0 { addr_a } else { addr_b }).await;
        assert!(
            status == 201 || v["error"]["rule"] == "server.table_limit.total",
            "127.0.0.{n}: {status} {v}"
        );
        made += i64::from(status == 201);
        let open = open_tables(&pool).await;
        assert!(open <= 4, "{open} open tables with a cap of 4");
    }
    let closed: i64 = sqlx::query("SELECT count(*) FROM tables WHERE finished = 1 AND result LIKE '%closed%'")
        .fetch_one(&pool)
        .await
        .map(|r| sqlx::Row::get::<i64, _>(&r, 0))
        .expect("count");
    assert_eq!(
        closed,
        made - open_tables(&pool).await,
        "every table past the cap was made room for by closing one"
    );
    assert!(made > 4, "only {made} tables were made");
    pool.close().await;
}

/// Chat lines per address are counted over both instances: with a burst
/// of three, an address writing at a table on A and one on B gets three
/// lines in, not three per instance. And rated games of the same player
/// and bot ending at once on both instances all count: no update is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_rate_and_ratings_count_every_instance() {
    let Some(pg) = Cluster::start_or_skip() else {
        return;
    };
    create_database(&pg, "chatrate", true).await;
    let url = pg.url("chatrate");
    let flags = ["--chat-rate", "0.001", "--chat-burst", "3"];
    let (a, addr_a) = spawn_instance_with(&url, "a", &flags);
    let (b, addr_b) = spawn_instance_with(&url, "b", &flags);
    let _instances = Instances(vec![a, b]);
    wait_for_instances(&[addr_a, addr_b], 2).await;
    let pool = sqlx::AnyPool::connect(&url).await.expect("test pool");

    // A table on each instance (created through A, placed by the cluster).
    let maker = client_from(2);
    let mut on: [Option<String>; 2] = [None, None];
    let deadline = Instant::now() + Duration::from_secs(60);
    while on.iter().any(Option::is_none) {
        assert!(Instant::now() < deadline, "no table on each instance: {on:?}");
        let (status, v) = create(&maker, addr_a).await;
        assert_eq!(status, 201, "{v}");
        let id = v["id"].as_str().expect("id").to_string();
        match owners(&pool, std::slice::from_ref(&id)).await[&id].as_deref() {
            Some("a") if on[0].is_none() => on[0] = Some(id),
            Some("b") if on[1].is_none() => on[1] = Some(id),
            _ => {}
        }
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
    let [Some(on_a), Some(on_b)] = on else {
        unreachable!("both found")
    };
    let writer = client_from(3);
    let mut accepted = 0;
    for i in 0..8 {
        let table = if i % 2 == 0 { &on_a } else { &on_b };
        let (status, v) = post(
            &writer,
            addr_a,
            &format!("/api/tables/{table}/chat"),
            &json!({"text": format!("line {i}")}),
        )
        .await;
        match status {
            201 => accepted += 1,
            429 => assert_eq!(v["error"]["rule"], "server.chat.rate", "{v}"),
            _ => panic!("chat line {i}: {status} {v}"),
        }
    }
    assert_eq!(accepted, 3, "three lines in all, over both instances");
    let stored: i64 = sqlx::query("SELECT count(*) FROM chat WHERE addr = '127.0.0.3'")
        .fetch_one(&pool)
        .await
        .map(|r| sqlx::Row::get::<i64, _>(&r, 0))
        .expect("count");
    assert_eq!(stored, 3);
    // Another address is not held back by it.
    let (status, v) = post(
        &client_from(4),
        addr_b,
        &format!("/api/tables/{on_a}/chat"),
        &json!({"text": "hallo"}),
    )
    .await;
    assert_eq!(status, 201, "{v}");

    // Rated tables of one player (joined with her player token) and the
    // `random` bot, spread over both instances; every last action is sent
    // at once, so both instances rate the same two identities at the same
    // time.
    let games = 16;
    let tables = (0..games).map(|i| async move {
        let http = client_from(100 + i as u8);
        let addr = if i % 2 == 0 { addr_a } else { addr_b };
        let (status, v) = post(
            &http,
            addr,
            "/api/tables",
            &json!({"game": "toy", "players": 2, "rated": true,
                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
        )
        .await;
        assert_eq!(status, 201, "{v}");
        let id = v["id"].as_str().expect("id").to_string();
        let (status, v) = post(
            &http,
            addr,
            &format!("/api/tables/{id}/seats/0/join"),
            &json!({"name": "Ana", "player_token": "ana-token-0123456789abcdef"}),
        )
        .await;
        assert_eq!(status, 201, "{v}");
        (id, v["secret"].as_str().expect("secret").to_string(), addr)
    });
    let tables: Vec<(String, String, SocketAddr)> = futures_util::future::join_all(tables).await;
    let ids: Vec<String> = tables.iter().map(|t| t.0.clone()).collect();
    let owned = owners(&pool, &ids).await;
    eprintln!(
        "rated tables on a: {}, on b: {}",
        owned.values().filter(|o| o.as_deref() == Some("a")).count(),
        owned.values().filter(|o| o.as_deref() == Some("b")).count()
    );
    let plays = tables.iter().map(|(id, secret, addr)| async move {
        let (status, v) = crate::common::Api::new(*addr).guess(id, 0, secret).await;
        assert_eq!(status, 200, "{id}: {v}");
    });
    futures_util::future::join_all(plays).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let rows = sqlx::query("SELECT player, games FROM ratings WHERE game = 'toy' ORDER BY player")
            .fetch_all(&pool)
            .await
            .expect("ratings");
        let counts: Vec<(String, i64)> = rows
            .iter()
            .map(|r| (sqlx::Row::get(r, 0), sqlx::Row::get(r, 1)))
            .collect();
        let done: i64 = sqlx::query("SELECT count(*) FROM tables WHERE rated = 1 AND rated_done = 1")
            .fetch_one(&pool)
            .await
            .map(|r| sqlx::Row::get::<i64, _>(&r, 0))
            .expect("count");
        if done == games as i64 {
            assert_eq!(
                counts,
                vec![("Ana".to_string(), games as i64), ("random".to_string(), games as i64)],
                "every rated game counted once for each player"
            );
            break;
        }
        assert!(Instant::now() < deadline, "rated {done} of {games}: {counts:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    pool.close().await;
}

//! Several instances on one PostgreSQL database (issue 29) in a real
//! browser: two servers, A and B, over a throw-away cluster. A Splendor
//! table that B drives is played to its end in a browser connected to A
//! only: A forwards the page's requests and its WebSocket to B, and B's
//! bot answers through the same path. Without PostgreSQL the test fails,
//! unless SPIELLEITER_SKIP_POSTGRES=1 is set.

use crate::splendor_browser::play_one;
use serde_json::{json, Value};
use server::cluster::Owner;
use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// Who drives table `id`, as instance `via` reads it from the database.
async fn owner(via: &TestServer, id: &str) -> Option<Owner> {
    let cluster = via.running()?.cluster()?;
    cluster.owner_of(id).await.expect("the owner from the database")
}

/// Waits until `server` counts `n` live instances (`GET /api/health`).
async fn wait_for_instances(http: &reqwest::Client, server: &TestServer, n: u64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let health: Value = http
            .get(format!("{}/api/health", server.url))
            .send()
            .await
            .expect("health")
            .json()
            .await
            .expect("health as JSON");
        if health["instances"].as_u64() == Some(n) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{} never saw {n} instances: {health}",
            server.url
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_on_instance_a_plays_a_table_that_instance_b_drives() {
    let Some(pg) = testkit::postgres::Cluster::start_or_skip() else {
        return;
    };
    let db = pg.url("postgres");
    let a = TestServer::start_instance(&db, "a").await;
    let b = TestServer::start_instance(&db, "b").await;
    let http = reqwest::Client::new();
    wait_for_instances(&http, &a, 2).await;
    wait_for_instances(&http, &b, 2).await;

    // New tables spread over the instances: create through A until one is B's.
    let mut table = None;
    for _ in 0..40 {
        let created: Value = http
            .post(format!("{}/api/tables", a.url))
            .json(&json!({"game": "splendor", "players": 2,
                          "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}))
            .send()
            .await
            .expect("create through A")
            .json()
            .await
            .expect("the table as JSON");
        let id = created["id"].as_str().expect("a table id").to_string();
        if matches!(owner(&a, &id).await, Some(Owner::Peer(_))) {
            table = Some(id);
            break;
        }
    }
    let id = table.expect("one of 40 new tables is placed on B");
    assert!(matches!(owner(&b, &id).await, Some(Owner::Me)), "B drives {id}");
    let joined: Value = http
        .post(format!("{}/api/tables/{id}/seats/0/join", a.url))
        .json(&json!({"name": "Anna"}))
        .send()
        .await
        .expect("join through A")
        .json()
        .await
        .expect("join as JSON");
    let secret = joined["secret"].as_str().expect("a seat secret").to_string();

    let Some(browser) = Browser::start(&a.url).await else {
        return;
    };
    browser.goto(&format!("/play/{id}?seat=0#secret={secret}")).await;
    browser
        .wait_for("[data-testid=table-page]", Duration::from_secs(20))
        .await;
    let started = Instant::now();
    let mut moves = 0;
    loop {
        match ui::wait_turn(&browser, Duration::from_secs(30)).await {
            Turn::Over => break,
            Turn::Mine => {
                play_one(&browser).await;
                moves += 1;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "the game ends in time ({moves} moves)"
        );
    }
    // The whole game went through A, and B drove it: B's own view of the
    // table has the result, at the version the page shows.
    let shown = ui::version(&browser).await;
    let view: Value = http
        .get(format!("{}/api/tables/{id}/view?seat=0", b.url))
        .header("x-seat-secret", &secret)
        .send()
        .await
        .expect("view from B")
        .json()
        .await
        .expect("view as JSON");
    assert!(moves >= 10, "a whole game was played in the browser ({moves} moves)");
    assert!(!view["result"].is_null(), "B has the result: {view}");
    assert_eq!(view["version"].as_u64(), shown, "B's version is the page's");
    drop(browser);
    a.stop().await;
    b.stop().await;
}

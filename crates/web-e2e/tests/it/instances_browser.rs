//! Several instances on one PostgreSQL database (issue 29) in a real
//! browser: three servers, A, B and C, over a throw-away cluster. A
//! Splendor table and two tables of bots that B drives are played through
//! A; the browser is connected to A only, so A forwards the page's requests
//! and its WebSocket to B. Mid-game B is killed with `SIGKILL` (it runs in
//! a child process, [`web_e2e::child`]); A or C takes its tables over once
//! B's lease expires and restores them from the stored log, the page
//! reconnects through A by itself, and every table is played to its end
//! with nothing acknowledged lost or doubled. Without PostgreSQL the test
//! fails, unless SPIELLEITER_SKIP_POSTGRES=1 is set.

use crate::splendor_browser::play_one;
use serde_json::{json, Value};
use server::cluster::Owner;
use std::time::{Duration, Instant};
use web_e2e::child::{serve_if_child, ChildInstance};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// This module's child-process instance (see [`web_e2e::child`]).
const CHILD: &str = "instances_browser::child_instance";

/// Not a test of its own: the body of the child process that plays B.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "run by ChildInstance::spawn as instance B's process"]
async fn child_instance() {
    serve_if_child().await;
}

/// Who drives table `id`, as instance `via` reads it from the database.
async fn owner(via: &TestServer, id: &str) -> Option<Owner> {
    let cluster = via.running()?.cluster()?;
    cluster.owner_of(id).await.expect("the owner from the database")
}

/// GETs `path` from `url` as JSON.
async fn get(http: &reqwest::Client, url: &str, path: &str) -> Value {
    http.get(format!("{url}{path}"))
        .send()
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"))
        .json()
        .await
        .unwrap_or_else(|e| panic!("GET {path} as JSON: {e}"))
}

/// Waits until `url` counts `n` live instances (`GET /api/health`).
async fn wait_for_instances(http: &reqwest::Client, url: &str, n: u64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let health = get(http, url, "/api/health").await;
        if health["instances"].as_u64() == Some(n) {
            return;
        }
        assert!(Instant::now() < deadline, "{url} never saw {n} instances: {health}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Creates Splendor tables through A with `seats` until one is placed on
/// the instance advertised at `on`; returns its id.
async fn create_on(http: &reqwest::Client, a: &TestServer, on: &str, seats: Value) -> String {
    for _ in 0..60 {
        let created: Value = http
            .post(format!("{}/api/tables", a.url))
            .json(&json!({"game": "splendor", "players": 2, "seats": seats}))
            .send()
            .await
            .expect("create through A")
            .json()
            .await
            .expect("the table as JSON");
        let id = created["id"].as_str().expect("a table id").to_string();
        if matches!(owner(a, &id).await, Some(Owner::Peer(p)) if p.trim_end_matches('/') == on) {
            return id;
        }
    }
    panic!("none of 60 new tables was placed on {on}");
}

/// The table's stored log through A, once the game is over: every entry
/// once, in order (the version is the number of entries), and how many
/// of them are seat 0's actions.
async fn seat_zero_actions(http: &reqwest::Client, a: &TestServer, id: &str) -> usize {
    let view = get(http, &a.url, &format!("/api/tables/{id}/view")).await;
    assert!(!view["result"].is_null(), "table {id} is over: {view}");
    let log = get(http, &a.url, &format!("/api/tables/{id}/log")).await;
    let entries = log["entries"].as_array().expect("the log's entries");
    assert_eq!(
        Some(entries.len() as u64),
        view["version"].as_u64(),
        "table {id}: one stored entry per version"
    );
    entries.iter().filter(|e| e["type"] == "act" && e["seat"] == 0).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_on_a_plays_on_while_b_that_drives_its_table_is_killed() {
    let Some(pg) = testkit::postgres::Cluster::start_or_skip() else {
        return;
    };
    let db = pg.url("postgres");
    let a = TestServer::start_instance(&db, "a").await;
    // B's bots wait before they move, so that its bot tables are mid-game
    // when it dies; A's and C's move at once.
    let mut b = ChildInstance::spawn(CHILD, &db, "b", 250);
    let c = TestServer::start_instance(&db, "c").await;
    let http = reqwest::Client::new();
    for url in [&a.url, &b.url, &c.url] {
        wait_for_instances(&http, url, 3).await;
    }

    let human = json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}]);
    let bots = json!([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]);
    let id = create_on(&http, &a, &b.url, human).await;
    let bot_tables = [
        create_on(&http, &a, &b.url, bots.clone()).await,
        create_on(&http, &a, &b.url, bots).await,
    ];
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
    // Moves the page saw acknowledged, and refusals (a move sent in the
    // moment B died may be refused, or stored and shown on reconnect).
    let (mut acted, mut refused) = (0, 0);
    let mut killed_at: Option<Instant> = None;
    // From the kill to the page's first acknowledged move after it.
    let mut resumed = None;
    loop {
        match ui::wait_turn(&browser, Duration::from_secs(40)).await {
            Turn::Over => break,
            Turn::Mine => match play_one(&browser).await {
                None => {
                    acted += 1;
                    if let (Some(k), None) = (killed_at, resumed) {
                        resumed = Some(k.elapsed());
                    }
                }
                Some(text) => {
                    eprintln!("refused after {acted} moves: {text}");
                    refused += 1;
                }
            },
        }
        if acted == 4 && killed_at.is_none() {
            // Mid-game for every table: B's bot is thinking about its answer.
            for t in &bot_tables {
                let view = get(&http, &a.url, &format!("/api/tables/{t}/view")).await;
                assert!(view["result"].is_null(), "bot table {t} is still running when B dies");
            }
            b.kill_9();
            killed_at = Some(Instant::now());
        }
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the game ends in time ({acted} moves)"
        );
    }
    let killed_at = killed_at.expect("B was killed mid-game");
    eprintln!(
        "browser: first move acknowledged {resumed:?} after the kill, game over {:.1} s after it: {acted} moves, {refused} refused",
        killed_at.elapsed().as_secs_f64()
    );
    assert!(acted >= 10, "a whole game was played in the browser ({acted} moves)");
    assert!(refused <= 1, "at most the move in flight at the kill is refused");

    // Every table is driven by A or C now, and the bot tables end too.
    for t in std::iter::once(&id).chain(&bot_tables) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let view = get(&http, &a.url, &format!("/api/tables/{t}/view")).await;
            if !view["result"].is_null() {
                break;
            }
            assert!(Instant::now() < deadline, "table {t} ends after the takeover: {view}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let by_a = matches!(owner(&a, t).await, Some(Owner::Me));
        let by_c = matches!(owner(&c, t).await, Some(Owner::Me));
        assert!(by_a ^ by_c, "table {t} is A's or C's alone (a: {by_a}, c: {by_c})");
    }
    // Nothing acknowledged lost, nothing doubled: the stored log holds each
    // of the page's acknowledged moves once, plus at most the one in flight.
    let stored = seat_zero_actions(&http, &a, &id).await;
    assert!(
        (acted..=acted + refused).contains(&stored),
        "the log has {stored} moves of seat 0; the page saw {acted} acknowledged and {refused} refused"
    );
    for t in &bot_tables {
        seat_zero_actions(&http, &a, t).await;
    }
    // The page shows the stored end.
    let shown = ui::version(&browser).await;
    let view = get(&http, &a.url, &format!("/api/tables/{id}/view")).await;
    assert_eq!(view["version"].as_u64(), shown, "the page shows the stored version");
    drop(browser);
    a.stop().await;
    c.stop().await;
}

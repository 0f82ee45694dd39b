//! The replay's win-chance graph and "play on from here" (issue 44): a
//! finished Splendor game of two bots opened in the replay viewer draws each
//! seat's chance as the server fills the graph in, lists the moves that cost
//! their mover most with the better move in words, jumps to one of them on a
//! click, and branches from there into a new table where this browser holds
//! the mover's seat and acts once.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// A finished Splendor game of two random bots (a few seconds); its id.
async fn finished_splendor(server: &TestServer) -> String {
    let http = reqwest::Client::new();
    let body = json!({
        "game": "splendor", "players": 2, "seed": 7,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    });
    let table: Value = http
        .post(format!("{}/api/tables", server.url))
        .json(&body)
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let id = table["id"].as_str().expect("id").to_string();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let s: Value = http
            .get(format!("{}/api/tables/{id}", server.url))
            .send()
            .await
            .expect("summary")
            .json()
            .await
            .expect("json");
        if s["status"] == "finished" {
            return id;
        }
        assert!(Instant::now() < deadline, "the bots did not finish the game");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn number(b: &Browser, css: &str, attr: &str) -> Option<u64> {
    b.attr(css, attr).await.and_then(|v| v.parse().ok())
}

#[tokio::test(flavor = "multi_thread")]
async fn replay_graph_costly_moves_and_branch() {
    let server = TestServer::start().await;
    let id = finished_splendor(&server).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_english(&b).await;
    b.goto(&format!("/replay/{id}")).await;
    b.wait_for("[data-testid=replay-page]", Duration::from_secs(20)).await;

    // The graph fills in while the page polls: lines in the seats' colours,
    // then at least one costly move, described in words.
    b.wait_for("[data-testid=graph-chart]", Duration::from_secs(30)).await;
    let started = Instant::now();
    let step = loop {
        if let Some(step) = number(&b, "[data-testid=graph-costly]", "data-step").await {
            break step;
        }
        let done = number(&b, "[data-testid=graph-panel]", "data-done").await;
        let all = number(&b, "[data-testid=graph-panel]", "data-decisions").await;
        assert!(
            done.is_none() || done != all,
            "the whole graph is drawn without one move costing over 10 points"
        );
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "no costly move after {done:?} of {all:?} decisions"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    // The page redraws as the graph fills in: the link is found by its step.
    let costly = format!("[data-testid=graph-costly][data-step=\"{step}\"]");
    let lines = b.all("[data-testid=graph-line]").await;
    assert!(!lines.is_empty(), "a line per seat");
    let progress = b.text_of("[data-testid=graph-progress]").await.unwrap_or_default();
    assert!(progress.contains("decisions analysed"), "{progress}");
    let text = b.text_of(&costly).await.unwrap_or_default();
    assert!(
        text.contains('−') && text.contains('%') && text.contains("the better move was") && !text.contains("{\""),
        "a cost and the better move in words: {text}"
    );
    b.screenshot("replay-graph.png").await;

    // A click on the chart (its middle) jumps there from the first step.
    let first = number(&b, "[data-testid=replay-step]", "data-version").await;
    b.click("[data-testid=graph-chart]").await;
    let started = Instant::now();
    while number(&b, "[data-testid=replay-step]", "data-version").await == first {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "a click on the chart did not move the replay"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // A click on the costly move jumps to its step, which the chart marks.
    b.click(&costly).await;
    let started = Instant::now();
    while number(&b, "[data-testid=replay-step]", "data-version").await != Some(step) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the replay did not jump to step {step}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(number(&b, "[data-testid=graph-now]", "data-step").await, Some(step));

    // Play on from there: a new table, this browser in the mover's seat.
    b.wait_for("[data-testid=branch-button]", Duration::from_secs(10)).await;
    b.click("[data-testid=branch-button]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    let table = ui::table_id(&b).await;
    assert_ne!(table, id, "a new table");
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    assert_eq!(ui::version(&b).await, Some(step), "the new table starts at the step");
    if let Some(refused) = crate::splendor_browser::play_one(&b).await {
        panic!("a listed action was refused: {refused}");
    }
    let started = Instant::now();
    while ui::version(&b).await == Some(step) {
        assert!(started.elapsed() < Duration::from_secs(10), "the action was not taken");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.screenshot("branch-table.png").await;
    let errors = b.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    b.quit().await;
    server.stop().await;
}

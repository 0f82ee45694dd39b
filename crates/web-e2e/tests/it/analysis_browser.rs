//! Position analysis in the browser (issue 44): the hint button at a casual
//! table against a bot gives the three best moves with the seat's chance
//! after each, in words; it is not offered to a spectator; and the replay of
//! the finished game shows the best moves at a step.

use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// The rows of an analysis list: each starts with a percentage.
async fn rows(b: &Browser, list: &str) -> Vec<String> {
    let mut out = Vec::new();
    for li in b.all(&format!("[data-testid={list}] li")).await {
        out.push(b.text(&li).await.unwrap_or_default());
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn hints_at_a_casual_table_and_best_moves_in_the_replay() {
    let server = TestServer::start_game(1).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_english(&b).await;
    let table = ui::create_table(&b, "splendor", &["human", "bot:random"], "Anna", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);

    // The hint: three moves, each with a chance, described in words.
    let before = ui::version(&b).await;
    b.click("[data-testid=hint-button]").await;
    b.wait_for("[data-testid=hint-list] li", Duration::from_secs(20)).await;
    let hints = rows(&b, "hint-list").await;
    assert_eq!(hints.len(), 3, "{hints:?}");
    for line in &hints {
        assert!(
            line.contains('%') && !line.contains("{\""),
            "a chance and words, not JSON: {line}"
        );
    }
    assert_eq!(ui::version(&b).await, before, "a hint changes nothing");
    b.screenshot("hint.png").await;

    // A spectator's page offers no hint.
    let mine = b.new_tab().await;
    b.goto(&format!("/watch/{table}")).await;
    b.wait_for("[data-testid=spectator-note]", Duration::from_secs(20))
        .await;
    assert!(
        b.first("[data-testid=hint-button]").await.is_none(),
        "no hint for a spectator"
    );
    b.close_tab(&mine).await;

    // Play the game out, then the replay's best moves at a step.
    let started = Instant::now();
    loop {
        match ui::wait_turn(&b, Duration::from_secs(30)).await {
            Turn::Over => break,
            Turn::Mine => {}
        }
        if let Some(refused) = crate::splendor_browser::play_one(&b).await {
            panic!("a listed action was refused: {refused}");
        }
        assert!(started.elapsed() < Duration::from_secs(300), "the game takes too long");
    }
    b.click("[data-testid=winner-replay]").await;
    b.wait_for("[data-testid=replay-page]", Duration::from_secs(20)).await;
    for _ in 0..4 {
        b.click("[data-testid=replay-next]").await;
    }
    b.wait_for("[data-testid=replay-analyse]", Duration::from_secs(10))
        .await;
    b.click("[data-testid=replay-analyse]").await;
    b.wait_for("[data-testid=replay-analysis-list] li", Duration::from_secs(20))
        .await;
    let best = rows(&b, "replay-analysis-list").await;
    assert!(!best.is_empty() && best.len() <= 3, "{best:?}");
    assert!(best.iter().all(|l| l.contains('%')), "{best:?}");
    let who = b
        .text_of("[data-testid=replay-analysis-seat]")
        .await
        .unwrap_or_default();
    assert!(who.contains("for "), "the seat the moves are for: {who}");
    b.screenshot("replay-analysis.png").await;
    let errors = b.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    b.quit().await;
    server.stop().await;
}

//! A dropped connection: the server goes away in mid-game and comes back.
//! The page says it lost the connection, reconnects by itself, keeps the
//! seat, and play goes on. While the line is down the board is greyed out
//! and takes no clicks.

use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

#[tokio::test(flavor = "multi_thread")]
async fn the_page_reconnects_after_the_server_restarts() {
    let mut server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::create_table(&b, "splendor", &["human", "bot:random"], "Clara", false).await;
    for _ in 0..2 {
        assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
        assert_eq!(ui::act(&b, "[data-testid=legal-action]").await, None);
    }
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let version = ui::version(&b).await;

    server.stop_only().await;
    let started = Instant::now();
    while b.attr("[data-testid=connection]", "data-state").await.as_deref() == Some("online") {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the page notices the lost connection"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Offline, the board no longer looks playable: greyed out, nothing can be sent.
    b.wait_for("[data-testid=table-page][data-online=false]", Duration::from_secs(10))
        .await;
    assert!(
        b.first("[data-testid=offline-note]").await.is_some(),
        "the page says the board is paused"
    );
    assert!(
        b.attr("[data-testid=legal-action]", "disabled").await.is_some(),
        "the listed actions are disabled while offline"
    );
    server.restart().await;
    b.wait_for("[data-testid=connection][data-state=online]", Duration::from_secs(20))
        .await;
    b.wait_for("[data-testid=table-page][data-online=true]", Duration::from_secs(10))
        .await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    assert_eq!(ui::version(&b).await, version, "the same position after the restart");
    assert_eq!(
        b.text_of(".tab.active").await.as_deref(),
        Some("Clara"),
        "the seat is kept"
    );
    assert_eq!(ui::act(&b, "[data-testid=legal-action]").await, None, "play goes on");
    b.quit().await;
    server.stop().await;
}

/// A click on something no longer legal: another tab of the same seat has
/// acted, but this tab has not heard of it yet (its updates are held back as
/// on a slow line). The server refuses, the page shows the refusal's
/// sentence and fetches the current board.
#[tokio::test(flavor = "multi_thread")]
async fn a_stale_click_is_refused_and_the_board_refreshed() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    let table = ui::create_table(&b, "splendor", &["human", "human"], "Dora", false).await;
    // The second seat joins from a link, so both tabs below hold seat 0 and 1.
    b.goto(&format!("/play/{table}?join=1")).await;
    b.type_into("[data-testid=invite-name]", "Emil").await;
    b.click("[data-testid=invite-join]").await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let stale = ui::version(&b).await.expect("a version");
    b.script("window.spielleiterDebug.holdUpdates = true").await;

    let first_tab = b.new_tab().await;
    b.goto(&format!("/play/{table}")).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    assert_eq!(ui::act(&b, "[data-testid=legal-action]").await, None);
    let moved = ui::version(&b).await.expect("a version");
    assert!(moved > stale);
    b.switch_to(&first_tab).await;

    assert_eq!(ui::version(&b).await, Some(stale), "this tab still shows the old board");
    b.click("[data-testid=legal-action]").await;
    let e = b.wait_for("[data-testid=refusal]", Duration::from_secs(10)).await;
    let refusal = b.text(&e).await.unwrap_or_default();
    assert!(refusal.starts_with("Veralteter Stand"), "stale refusal: {refusal}");
    let started = Instant::now();
    while ui::version(&b).await.unwrap_or(0) < moved {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the board is refreshed after the refusal"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.script("window.spielleiterDebug.holdUpdates = false").await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    assert_eq!(ui::act(&b, "[data-testid=legal-action]").await, None, "play goes on");
    b.quit().await;
    server.stop().await;
}

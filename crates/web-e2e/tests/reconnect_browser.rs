//! A dropped connection: the server goes away in mid-game and comes back.
//! The page says it lost the connection, reconnects by itself, keeps the
//! seat, and play goes on.

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
    server.restart().await;
    b.wait_for("[data-testid=connection][data-state=online]", Duration::from_secs(20))
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

//! "My games" (issue 43): the page lists the games this browser holds a seat
//! in, found by the secrets it keeps, with state, date and a replay link, and
//! "Resume" reopens an unfinished one in the held seat. A seat whose secret
//! is wrong is not listed. The lobby's create form shows the default turn
//! clock of a table open to others.

use serde_json::{json, Value};
use std::time::Duration;
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

#[tokio::test(flavor = "multi_thread")]
async fn my_games_lists_the_held_games_and_resumes_one() {
    let server = TestServer::start_game(3).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_english(&b).await;
    let note = b.text_of("[data-testid=clock-default]").await.unwrap_or_default();
    assert!(note.contains("120 s per turn"), "the default clock is shown: {note}");
    b.script("document.querySelector('[data-testid=clock-default]').scrollIntoView(); return null;")
        .await;
    b.screenshot("lobby-clock-default.png").await;

    // A game against a bot, created and joined in the lobby.
    let id = ui::create_table(&b, "splendor", &["human", "bot:random"], "Ana", false).await;
    b.wait_for("[data-testid=turn]", Duration::from_secs(20)).await;

    // A table this browser claims with a wrong secret: not listed.
    let http = reqwest::Client::new();
    let other: Value = http
        .post(format!("{}/api/tables", server.url))
        .json(&json!({"game": "splendor", "players": 2}))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("JSON");
    let other = other["id"].as_str().expect("id").to_string();
    b.script(&format!(
        "localStorage.setItem('spielleiter.seats.{other}', JSON.stringify({{0: {{secret: 'not-the-secret', name: 'X'}}}}))"
    ))
    .await;

    // To "My games" from the top bar.
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.click("[data-testid=my-games-nav]").await;
    let row = format!("[data-testid=my-game][data-table=\"{id}\"]");
    b.wait_for(&row, Duration::from_secs(20)).await;
    assert_eq!(
        b.all("[data-testid=my-game]").await.len(),
        1,
        "only the held seat's game"
    );
    assert_eq!(
        b.text_of(&format!("{row} [data-testid=my-game-status]"))
            .await
            .as_deref(),
        Some("playing")
    );
    let date = b
        .text_of(&format!("{row} [data-testid=my-game-date]"))
        .await
        .unwrap_or_default();
    assert!(!date.is_empty(), "a date");
    assert!(
        b.first(&format!("{row} [data-testid=my-game-replay]")).await.is_some(),
        "a replay link"
    );
    assert!(b
        .first(&format!("[data-testid=my-game][data-table=\"{other}\"]"))
        .await
        .is_none());
    b.screenshot("my-games-live.png").await;

    // Resume: the table opens in the held seat, not as a spectator.
    b.click(&format!("{row} [data-testid=resume]")).await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    assert_eq!(ui::table_id(&b).await, id);
    b.wait_for("[data-testid=turn]", Duration::from_secs(20)).await;
    assert!(
        b.first("[data-testid=spectator-note]").await.is_none(),
        "seated, not watching"
    );
    assert!(b.console_errors().await.is_empty(), "{:?}", b.console_errors().await);
    b.quit().await;
    server.stop().await;
}

//! The lobby and the seats, in headless Chromium: a table waits for its
//! second human, the invitation link takes the seat, the one browser then
//! plays both seats (hot-seat) and the acting seat follows the turn; an
//! action for a seat that is not to act is refused with the rule sentence;
//! the lobby's hot-seat switch takes every human seat at once. A 2-player
//! CATAN table: the lobby offers 2 players for CATAN, says that the option
//! `two_players` goes with it, sends it, and the table is played. A table
//! whose creator chose the seed is marked in the lobby and at the table.

use std::time::Duration;
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

async fn german(b: &Browser) {
    ui::lobby_in_german(b).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn invitation_and_hot_seat() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    german(&b).await;
    let table = ui::create_table(&b, "splendor", &["human", "human"], "Anna", false).await;
    let waiting = b.text_of("[data-testid=turn]").await.unwrap_or_default();
    assert!(
        waiting.contains("sobald alle Plätze besetzt"),
        "waits for players: {waiting}"
    );

    // The invitation link of the open seat (shown when the clipboard is not available).
    b.click("[data-testid=invite-1]").await;
    let banner = b
        .wait_for("[data-testid=banner]:not([hidden])", Duration::from_secs(5))
        .await;
    let text = b.text(&banner).await.unwrap_or_default();
    assert!(
        text.contains("Link kopiert") || text.contains(&format!("/play/{table}?join=1")),
        "invitation: {text}"
    );

    // The lobby lists the table as waiting, with a way back in.
    b.goto("/").await;
    b.wait_for(
        &format!("[data-testid=table-row][data-table=\"{table}\"] [data-testid=continue]"),
        Duration::from_secs(20),
    )
    .await;

    // Following the invitation takes seat 2.
    b.goto(&format!("/play/{table}?join=1")).await;
    b.type_into("[data-testid=invite-name]", "Bert").await;
    b.click("[data-testid=invite-join]").await;
    b.wait_for("[data-testid=seat-tab-1]", Duration::from_secs(20)).await;
    b.wait_for("[data-testid=seat-tab-0]", Duration::from_secs(5)).await;

    // Hot-seat: the acting seat follows whoever is to act.
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let mut actors = Vec::new();
    for _ in 0..6 {
        assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
        actors.push(b.text_of(".tab.active").await.unwrap_or_default());
        assert_eq!(ui::act(&b, "[data-testid=legal-action]").await, None);
    }
    assert!(
        actors.contains(&"Anna".to_string()) && actors.contains(&"Bert".to_string()),
        "both seats acted: {actors:?}"
    );

    // Acting for the seat that is not to act: the rule sentence, nothing changes.
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let active = b.text_of(".tab.active").await.unwrap_or_default();
    let other = if active == "Anna" { 1 } else { 0 };
    b.click(&format!("[data-testid=seat-tab-{other}]")).await;
    assert!(
        b.first("[data-testid=legal-action]").await.is_none(),
        "the seat not to act has nothing to click"
    );
    let refusal = ui::send_raw(&b, r#"{"type":"take_two","gem":"red"}"#).await;
    // The sentence counts seats from 1, as the seat list does (it once said "Platz 0").
    let number = other + 1;
    assert_eq!(refusal, format!("Platz {number} ist gerade nicht am Zug."));
    let listed = b.text_of("[data-testid=seats]").await.unwrap_or_default();
    assert!(
        listed.contains(&format!("{number}. ")),
        "the seat list numbers the seat {number}: {listed}"
    );
    b.screenshot("hotseat.png").await;

    // The lobby's hot-seat switch takes every human seat at once.
    ui::create_table(&b, "splendor", &["human", "human", "bot:random"], "Team", true).await;
    b.wait_for("[data-testid=seat-tab-0]", Duration::from_secs(20)).await;
    b.wait_for("[data-testid=seat-tab-1]", Duration::from_secs(20)).await;
    assert_eq!(b.text_of("[data-testid=seat-tab-1]").await.as_deref(), Some("Team 2"));
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn two_player_catan_from_the_lobby() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    german(&b).await;
    // CATAN preselects 3 players and offers 2 to 4; only 2 brings the note.
    b.click("[data-testid=game-select] option[value=\"catan\"]").await;
    let counts: Vec<String> = {
        let mut v = Vec::new();
        for e in b.all("[data-testid=players-select] option").await {
            v.push(b.text(&e).await.unwrap_or_default());
        }
        v
    };
    assert_eq!(
        counts,
        ["2 (mit Option two_players)", "3", "4"],
        "player counts offered for CATAN, the option that seats two named"
    );
    assert_eq!(
        b.script("return document.querySelector('[data-testid=players-select]').value;")
            .await,
        "3"
    );
    assert!(
        b.first("[data-testid=players-note]").await.is_none(),
        "no note for 3 players"
    );
    b.click("[data-testid=players-select] option[value=\"2\"]").await;
    let note = b.text_of("[data-testid=players-note]").await.unwrap_or_default();
    assert!(
        note.contains("Zu zweit") && note.contains("two_players"),
        "note: {note}"
    );
    b.click("[data-testid=lang-switch]").await;
    let note = b.text_of("[data-testid=players-note]").await.unwrap_or_default();
    assert!(
        note.starts_with("Two players") && note.contains("two_players"),
        "note: {note}"
    );
    b.click("[data-testid=lang-switch]").await;

    let table = ui::create_table(&b, "catan", &["human", "bot:random"], "Anna", false).await;
    let summary: serde_json::Value = reqwest::get(format!("{}/api/tables/{table}", server.url))
        .await
        .expect("summary")
        .json()
        .await
        .expect("JSON");
    assert_eq!(summary["players"], 2, "{summary}");
    assert_eq!(
        summary["options"]["two_players"], true,
        "the option was sent: {summary}"
    );
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;

    // Played: both founding rounds (settlement and road each), then turns with a roll.
    let mut rolled = 0;
    for step in 0..60 {
        if ui::wait_turn(&b, Duration::from_secs(30)).await == Turn::Over {
            break;
        }
        let mut clicked = None;
        for css in [
            "[data-testid^=node-][data-kind=settlement]",
            "[data-testid^=edge-]",
            "[data-testid=roll]",
            "[data-testid=end-turn]",
            "[data-testid=discard-panel] button",
            "[data-testid^=hex-]",
            "[data-testid=victim-panel] [data-testid^=victim-]",
            "[data-testid=legal-action]",
        ] {
            if b.first(css).await.is_some() {
                clicked = Some(css);
                break;
            }
        }
        let css = clicked.expect("something to click");
        if css.contains("roll") {
            rolled += 1;
        }
        if css.contains("hex-") {
            // The robber: a hex, then maybe the victim.
            b.click(css).await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            continue;
        }
        assert_eq!(ui::act(&b, css).await, None, "step {step}: a listed action was refused");
        if rolled >= 2 {
            break;
        }
    }
    assert!(rolled >= 2, "the 2-player game reached its turns");
    let mut seats = std::collections::BTreeMap::new();
    for e in b.all("[data-testid^=settlement-], [data-testid^=city-]").await {
        let seat = b.attr_of(&e, "data-seat").await.unwrap_or_default();
        *seats.entry(seat).or_insert(0) += 1;
    }
    assert_eq!(
        seats.keys().cloned().collect::<Vec<_>>(),
        ["0", "1"],
        "two players' buildings on the board: {seats:?}"
    );
    assert!(
        seats.values().all(|&n| n >= 2),
        "two founding settlements each: {seats:?}"
    );
    b.resize(1280, 1000).await;
    b.screenshot("catan-two-players.png").await;
    b.quit().await;
    server.stop().await;
}

/// A table created with a chosen seed (allowed because its other seat is a
/// bot) carries a mark in the lobby list and on the table page; a table with
/// the server's seed carries none.
#[tokio::test(flavor = "multi_thread")]
async fn chosen_seed_tables_are_marked() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let http = reqwest::Client::new();
    let create = |body: serde_json::Value| {
        let (http, url) = (http.clone(), format!("{}/api/tables", server.url));
        async move {
            let v: serde_json::Value = http.post(url).json(&body).send().await.unwrap().json().await.unwrap();
            v["id"].as_str().expect("created").to_string()
        }
    };
    let seats = serde_json::json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}]);
    let chosen = create(serde_json::json!({"game": "splendor", "players": 2, "seed": 5, "seats": seats})).await;
    let drawn = create(serde_json::json!({"game": "splendor", "players": 2, "seats": seats})).await;
    german(&b).await;
    let row = |id: &str| format!("[data-testid=table-row][data-table=\"{id}\"]");
    b.wait_for(
        &format!("{} [data-testid=seed-chosen]", row(&chosen)),
        Duration::from_secs(20),
    )
    .await;
    b.wait_for(&row(&drawn), Duration::from_secs(5)).await;
    let unmarked = b
        .script(&format!(
            "return document.querySelector('{} [data-testid=seed-chosen]') === null;",
            row(&drawn).replace('\'', "\\'")
        ))
        .await;
    assert_eq!(
        unmarked,
        serde_json::json!(true),
        "a table with the server's seed is not marked"
    );
    let badge = b
        .text_of(&format!("{} [data-testid=seed-chosen]", row(&chosen)))
        .await
        .unwrap_or_default();
    assert_eq!(badge, "Seed gewählt");

    b.goto(&format!("/watch/{chosen}")).await;
    b.wait_for("[data-testid=seed-chosen]", Duration::from_secs(20)).await;
    // Its text content: WebDriver's element text is empty while the notice is
    // still scrolled out of the rendered area.
    let text = b
        .script("return document.querySelector('[data-testid=seed-chosen]').textContent;")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("Bots"), "the table page says why it is marked: {text}");
    b.goto(&format!("/watch/{drawn}")).await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    let none = b
        .script("return document.querySelector('[data-testid=seed-chosen]') === null;")
        .await;
    assert_eq!(none, serde_json::json!(true));
    server.stop().await;
}

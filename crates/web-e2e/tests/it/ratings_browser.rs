//! Ratings in headless Chromium: the lobby's rated switch creates a rated
//! table (marked in the table list), the browser's join claims the player's
//! name with the token it keeps (another join of that name without it is
//! refused), and once a bot has played the seat to the end the leaderboard
//! page lists the player and the bot with rating and deviation.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::{ui, Browser, TestServer};

async fn get(url: &str) -> Value {
    reqwest::get(url)
        .await
        .expect("GET")
        .json()
        .await
        .unwrap_or(Value::Null)
}

async fn post(url: &str, body: Value, secret: Option<&str>) -> (u16, Value) {
    let mut req = reqwest::Client::new().post(url).json(&body);
    if let Some(s) = secret {
        req = req.header("x-seat-secret", s);
    }
    let res = req.send().await.expect("POST");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rated_table_from_the_lobby_reaches_the_leaderboard() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    b.click("[data-testid=game-select] option[value=\"splendor\"]").await;
    b.click("[data-testid=players-select] option[value=\"2\"]").await;
    b.click("[data-testid=seat-kind-0] option[value=\"human\"]").await;
    b.click("[data-testid=seat-kind-1] option[value=\"bot:random\"]").await;
    b.type_into("[data-testid=name-input]", "Ana").await;
    // A clock, so that a bot may take the seat over below.
    b.type_into("[data-testid=clock-turn]", "120").await;
    b.click("[data-testid=rated-switch]").await;
    b.screenshot("ratings-lobby.png").await;
    b.click("[data-testid=create-table]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    let id = ui::table_id(&b).await;
    let summary = get(&format!("{}/api/tables/{id}", server.url)).await;
    assert_eq!(
        (summary["rated"].as_bool(), summary["seats"][0]["name"].as_str()),
        (Some(true), Some("Ana")),
        "{summary}"
    );

    // The lobby marks the table as rated.
    b.goto("/").await;
    let badge = b
        .wait_for(
            &format!("[data-testid=table-row][data-table=\"{id}\"] [data-testid=rated]"),
            Duration::from_secs(20),
        )
        .await;
    assert_eq!(b.text(&badge).await.as_deref(), Some("gewertet"));

    // The name is claimed: at another rated table it needs this browser's token.
    let other = json!({"game": "splendor", "players": 2, "rated": true,
                       "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    let (status, created) = post(&format!("{}/api/tables", server.url), other, None).await;
    assert_eq!(status, 201, "{created}");
    let join = format!(
        "{}/api/tables/{}/seats/0/join",
        server.url,
        created["id"].as_str().unwrap_or_default()
    );
    let (status, refused) = post(&join, json!({"name": "Ana"}), None).await;
    assert_eq!(
        (status, refused["error"]["rule"].as_str()),
        (403, Some("server.player.name_claimed")),
        "{refused}"
    );

    // A bot plays Ana's seat to the end.
    let held = b
        .script(&format!("return localStorage.getItem('spielleiter.seats.{id}');"))
        .await;
    let held: Value = serde_json::from_str(held.as_str().unwrap_or("{}")).unwrap_or(Value::Null);
    let secret = held["0"]["secret"].as_str().unwrap_or_default().to_string();
    let (status, v) = post(
        &format!("{}/api/tables/{id}/autopilot", server.url),
        json!({"seat": 0, "on": true}),
        Some(&secret),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let board = get(&format!("{}/api/ratings?game=splendor", server.url)).await;
        if board["ratings"].as_array().is_some_and(|r| r.len() == 2) {
            break;
        }
        assert!(Instant::now() < deadline, "no ratings after the game: {board}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The leaderboard page, reached from the lobby.
    b.goto("/").await;
    b.click("[data-testid=leaderboard-link]").await;
    b.wait_for("[data-testid=leaderboard]", Duration::from_secs(20)).await;
    b.screenshot("ratings-leaderboard.png").await;
    let rows = b.all("[data-testid=rating-row]").await;
    assert_eq!(rows.len(), 2);
    let mut seen = Vec::new();
    for r in &rows {
        let text = b.text(r).await.unwrap_or_default();
        assert!(text.contains("±"), "deviation shown: {text}");
        seen.push((b.attr_of(r, "data-kind").await, b.attr_of(r, "data-player").await));
    }
    seen.sort();
    assert_eq!(
        seen,
        vec![
            (Some("bot".into()), Some("random".into())),
            (Some("human".into()), Some("Ana".into()))
        ]
    );
    assert!(b
        .text_of("[data-testid=ratings-page] h2")
        .await
        .unwrap_or_default()
        .contains("Rangliste"));
    // One game each: both ratings are marked provisional.
    let marks = b.all("[data-testid=provisional]").await;
    assert_eq!(marks.len(), 2, "both rows provisional");
    assert_eq!(b.text(&marks[0]).await.as_deref(), Some("vorläufig"));

    // Two seats of one address at a rated table: it plays casual, and the
    // table page says so before the first move.
    let two = json!({"game": "splendor", "players": 2, "rated": true,
                     "seats": [{"kind": "human"}, {"kind": "human"}]});
    let (status, created) = post(&format!("{}/api/tables", server.url), two, None).await;
    assert_eq!(status, 201, "{created}");
    let casual = created["id"].as_str().unwrap_or_default().to_string();
    for (seat, name) in [(0, "Bea"), (1, "Cem")] {
        let url = format!("{}/api/tables/{casual}/seats/{seat}/join", server.url);
        let (status, v) = post(&url, json!({"name": name}), None).await;
        assert_eq!(status, 201, "{v}");
    }
    b.goto(&format!("/watch/{casual}")).await;
    b.wait_for("[data-testid=casual-note]", Duration::from_secs(20)).await;
    let note = b.text_of("[data-testid=casual-note]").await.unwrap_or_default();
    assert!(note.contains("nicht gewertet"), "the casual notice in German: {note:?}");
    b.screenshot("ratings-casual.png").await;
    b.quit().await;
    server.stop().await;
}

//! The lobby's list of tables (issues 26 and 43): it lists live tables only;
//! a finished game leaves it and is found on "My games", which names its
//! winner.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

async fn post(http: &reqwest::Client, url: String, body: Value, secret: Option<&str>) -> Value {
    let mut req = http.post(url).json(&body);
    if let Some(s) = secret {
        req = req.header("x-seat-secret", s);
    }
    req.send().await.expect("POST").json().await.expect("JSON")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_leaves_the_lobby_and_my_games_names_its_winner() {
    let server = TestServer::start_game(2).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let http = reqwest::Client::new();
    // A human seat this browser holds, handed to a bot at once, and a bot.
    let created = post(
        &http,
        format!("{}/api/tables", server.url),
        json!({"game": "splendor", "players": 2, "clock": {"turn_seconds": 60},
               "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
        None,
    )
    .await;
    let id = created["id"].as_str().expect("a table").to_string();
    let joined = post(
        &http,
        format!("{}/api/tables/{id}/seats/0/join", server.url),
        json!({"name": "Ana"}),
        None,
    )
    .await;
    let secret = joined["secret"].as_str().expect("secret").to_string();
    ui::lobby_in_english(&b).await;
    let row = format!("[data-testid=table-row][data-table=\"{id}\"]");
    b.wait_for(&row, Duration::from_secs(20)).await;
    b.script(&format!(
        "localStorage.setItem('spielleiter.seats.{id}', JSON.stringify({{0: {{secret: '{secret}', name: 'Ana', at: Date.now()}}}})); return null;"
    ))
    .await;
    post(
        &http,
        format!("{}/api/tables/{id}/autopilot", server.url),
        json!({"seat": 0, "on": true}),
        Some(&secret),
    )
    .await;
    // Two bots play it to the end.
    let started = Instant::now();
    let summary = loop {
        let s: Value = http
            .get(format!("{}/api/tables/{id}", server.url))
            .send()
            .await
            .expect("summary")
            .json()
            .await
            .expect("JSON");
        if s["status"] == "finished" {
            break s;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "the bots finish the game");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let winners: Vec<u64> = summary["result"]["winners"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    assert!(!winners.is_empty(), "a winner: {summary}");

    // Gone from the lobby at its next refresh.
    let deadline = Instant::now() + Duration::from_secs(20);
    while b.first(&row).await.is_some() {
        assert!(Instant::now() < deadline, "the finished table stays in the lobby");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // "My games" names the winner.
    b.click("[data-testid=my-games-link]").await;
    let mine = format!("[data-testid=my-game][data-table=\"{id}\"]");
    b.wait_for(&format!("{mine} [data-testid=my-game-result]"), Duration::from_secs(20))
        .await;
    assert_eq!(
        b.text_of(&format!("{mine} [data-testid=my-game-status]"))
            .await
            .as_deref(),
        Some("finished")
    );
    let text = b
        .text_of(&format!("{mine} [data-testid=my-game-result]"))
        .await
        .unwrap_or_default();
    let expected = if winners.contains(&0) {
        "you won".to_string()
    } else {
        let names: Vec<String> = winners
            .iter()
            .map(|&w| {
                format!(
                    "Bot {} ({})",
                    w + 1,
                    summary["seats"][w as usize]["name"].as_str().unwrap_or_default()
                )
            })
            .collect();
        format!("won by {}", names.join(", "))
    };
    assert_eq!(text, expected, "the row names the winner");
    assert!(
        b.first(&format!("{mine} [data-testid=resume]")).await.is_none(),
        "nothing to resume"
    );
    assert!(b.first(&format!("{mine} [data-testid=my-game-replay]")).await.is_some());
    b.quit().await;
    server.stop().await;
}

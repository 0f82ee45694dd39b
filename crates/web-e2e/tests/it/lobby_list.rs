//! The lobby's list of tables (issue 26): a finished table names its winner.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_table_names_its_winner() {
    let server = TestServer::start_game(2).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("{}/api/tables", server.url))
        .json(&json!({"game": "splendor", "players": 2, "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("JSON");
    let id = created["id"].as_str().expect("a table").to_string();
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
    ui::lobby_in_english(&b).await;
    let css = format!("[data-testid=table-row][data-table=\"{id}\"] [data-testid=table-winner]");
    b.wait_for(&css, Duration::from_secs(20)).await;
    let text = b.text_of(&css).await.unwrap_or_default();
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
    assert_eq!(text, format!("won by {}", names.join(", ")), "the row names the winner");
    b.quit().await;
    server.stop().await;
}

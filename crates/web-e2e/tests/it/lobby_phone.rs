//! The lobby on a phone (issue 26): at 390×844 the page is never wider than
//! the screen, whatever game and rule set is chosen (the heroes rule set's
//! long name once widened it to 454 px), and a finger's tap on *Create
//! table* creates the table. The menus say which option seats a count that
//! a rule set has only with it (CATAN's two players), and a rule set's name
//! in the list is not wrapped in a second pair of brackets.

use serde_json::Value;
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

/// The page's width and the right edge of the widest element of the lobby (CSS px).
async fn widths(b: &Browser) -> (f64, f64, String) {
    let v = b
        .script(
            "let right = 0, who = ''; for (const e of document.querySelectorAll('[data-testid=lobby] *')) { \
               const r = e.getBoundingClientRect(); if (r.width && r.right > right) { right = r.right; who = e.outerHTML.slice(0, 80); } } \
             return [document.documentElement.scrollWidth, right, who];",
        )
        .await;
    (
        v[0].as_f64().unwrap_or(f64::NAN),
        v[1].as_f64().unwrap_or(f64::NAN),
        v[2].as_str().unwrap_or_default().to_string(),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn the_lobby_fits_a_phone_with_every_rule_set() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let games: Value = reqwest::get(format!("{}/api/games", server.url))
        .await
        .expect("games")
        .json()
        .await
        .expect("JSON");
    b.resize(390, 844).await;
    ui::lobby_in_english(&b).await;
    let inner = b
        .script("return document.documentElement.clientWidth")
        .await
        .as_f64()
        .unwrap_or(390.0);
    let mut checked = 0;
    for game in games["games"].as_array().cloned().unwrap_or_default() {
        let game = game.as_str().unwrap_or_default().to_string();
        b.click(&format!("[data-testid=game-select] option[value=\"{game}\"]"))
            .await;
        let sets: Vec<String> = games["rule_sets"][&game]
            .as_array()
            .map(|a| a.iter().filter_map(|r| r["id"].as_str().map(String::from)).collect())
            .unwrap_or_default();
        let sets = if sets.len() > 1 { sets } else { vec![String::new()] };
        for set in &sets {
            if !set.is_empty() {
                b.click(&format!("[data-testid=rules-select] option[value=\"{set}\"]"))
                    .await;
            }
            let (page, right, who) = widths(&b).await;
            assert!(
                page <= inner + 0.5 && right <= inner + 0.5,
                "{game} {set}: the lobby is {page} px wide on a {inner} px screen (widest: {right} px, {who})"
            );
            checked += 1;
        }
    }
    assert!(checked >= 6, "every game and rule set: {checked}");

    // With the heroes chosen, a finger's tap on *Create table* creates it.
    b.click("[data-testid=game-select] option[value=\"catan\"]").await;
    b.click("[data-testid=rules-select] option[value=\"cities_knights_heroes\"]")
        .await;
    b.type_into("[data-testid=name-input]", "Pia").await;
    b.screenshot("lobby-phone-heroes").await;
    // The player scrolls down to the button, as on a phone.
    b.script("document.querySelector('[data-testid=create-table]').scrollIntoView({block: 'end'}); return null;")
        .await;
    b.tap("[data-testid=create-table]").await.expect("a tap");
    let started = Instant::now();
    while b.first("[data-testid=table-page]").await.is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the tap on Create table created nothing"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_menus_say_which_option_seats_two_and_name_rule_sets_once() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_english(&b).await;
    b.click("[data-testid=game-select] option[value=\"catan\"]").await;
    let texts = |css: &'static str| {
        let b = &b;
        async move {
            let js = format!("return [...document.querySelectorAll('{css}')].map((o) => o.textContent)");
            b.script(&js)
                .await
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|x| x.as_str().unwrap_or_default().to_string())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        }
    };
    let sets = texts("[data-testid=rules-select] option").await;
    assert_eq!(
        sets.first().map(String::as_str),
        Some("Base game · 2–4 players; 2: with option two_players"),
        "the base game says what seats two: {sets:?}"
    );
    assert!(
        sets.iter().any(|s| s.starts_with("Cities & Knights · 3–4 players")),
        "{sets:?}"
    );
    let counts = texts("[data-testid=players-select] option").await;
    assert_eq!(counts, ["2 (with option two_players)", "3", "4"]);

    // A Junior table of the pro variant: its rule set named once, without doubled brackets.
    b.click("[data-testid=game-select] option[value=\"catan-junior\"]")
        .await;
    let pro = texts("[data-testid=rules-select] option").await;
    let pro_id = b
        .script("return [...document.querySelectorAll('[data-testid=rules-select] option')].map((o) => o.value).find((v) => v.includes('pro')) || ''")
        .await;
    let pro_id = pro_id.as_str().unwrap_or_default().to_string();
    assert!(!pro_id.is_empty(), "a pro variant: {pro:?}");
    b.click(&format!("[data-testid=rules-select] option[value=\"{pro_id}\"]"))
        .await;
    b.type_into("[data-testid=name-input]", "Pia").await;
    b.click("[data-testid=create-table]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    b.goto("/").await;
    b.wait_for("[data-testid=table-rules]", Duration::from_secs(20)).await;
    let row = b.text_of("[data-testid=table-rules]").await.unwrap_or_default();
    assert_eq!(
        row, "Pro variant (trade between players)",
        "the list names the rule set once"
    );
    b.quit().await;
    server.stop().await;
}

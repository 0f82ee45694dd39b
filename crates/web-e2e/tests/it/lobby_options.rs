//! The lobby's option controls (issue 26): for every game and rule set the
//! lobby shows one control per documented option `GET /api/games` serves
//! for it (a checkbox, a number with its bounds, a menu), the raw JSON box
//! only folded away as the advanced fallback; a table created with the
//! victory points and the board changed has exactly those in its options
//! (nothing left at its default is sent); a goal outside its bounds is
//! refused in the page with the bounds named, and no table is created.

use serde_json::Value;
use std::time::Duration;
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

async fn get(server: &TestServer, path: &str) -> Value {
    reqwest::get(format!("{}{path}", server.url))
        .await
        .expect("GET")
        .json()
        .await
        .expect("JSON")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_lobby_builds_option_controls_and_sends_only_changes() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let games = get(&server, "/api/games").await;
    ui::lobby_in_english(&b).await;
    let mut controls = 0;
    for game in games["games"].as_array().cloned().unwrap_or_default() {
        let game = game.as_str().unwrap_or_default().to_string();
        b.click(&format!("[data-testid=game-select] option[value=\"{game}\"]"))
            .await;
        let sets: Vec<String> = games["rule_sets"][&game]
            .as_array()
            .map(|a| a.iter().filter_map(|r| r["id"].as_str().map(String::from)).collect())
            .unwrap_or_default();
        for set in &sets {
            if sets.len() > 1 {
                b.click(&format!("[data-testid=rules-select] option[value=\"{set}\"]"))
                    .await;
            }
            let cards: Vec<Value> = games["options"][&game]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter(|c| {
                            c["rule_sets"]
                                .as_array()
                                .is_some_and(|r| r.iter().any(|r| r == set.as_str()))
                        })
                        .cloned()
                        .collect()
                })
                .unwrap_or_default();
            let shown = b
                .script("return [...document.querySelectorAll('[data-option]')].map((e) => e.dataset.option)")
                .await;
            let shown: Vec<&str> = shown
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let names: Vec<&str> = cards.iter().filter_map(|c| c["name"].as_str()).collect();
            assert_eq!(shown, names, "{game} {set}: one control per documented option");
            for card in &cards {
                let name = card["name"].as_str().unwrap_or_default();
                let css = format!("[data-option={name}]");
                let (tag, kind) = (
                    b.script(&format!("return document.querySelector('{css}').tagName"))
                        .await,
                    b.attr(&css, "type").await.unwrap_or_default(),
                );
                match card["kind"].as_str() {
                    Some("bool") => assert_eq!(kind, "checkbox", "{game} {set} {name}"),
                    Some("integer") => {
                        assert_eq!(kind, "number", "{game} {set} {name}");
                        assert_eq!(b.attr(&css, "min").await, Some(card["min"].to_string()));
                        assert_eq!(b.attr(&css, "max").await, Some(card["max"].to_string()));
                        // The rule set's default is filled in (empty: no limit).
                        let value = b.script(&format!("return document.querySelector('{css}').value")).await;
                        let default = &card["defaults"][set];
                        let expected = if default.is_null() {
                            String::new()
                        } else {
                            default.to_string()
                        };
                        assert_eq!(value.as_str(), Some(expected.as_str()), "{game} {set} {name}");
                    }
                    _ => assert_eq!(tag, "SELECT", "{game} {set} {name}"),
                }
                controls += 1;
            }
            // The JSON box is there, folded away.
            let open = b
                .script("const d = document.querySelector('[data-testid=create-form] details.advanced-options'); return d ? d.open : null")
                .await;
            assert_eq!(open, Value::Bool(false), "{game} {set}: the JSON box folded away");
        }
    }
    assert!(controls >= 15, "controls checked: {controls}");

    // A CATAN base game to 12 points on the beginners' board.
    b.click("[data-testid=game-select] option[value=\"catan\"]").await;
    b.click("[data-testid=rules-select] option[value=\"base\"]").await;
    b.click("[data-testid=players-select] option[value=\"3\"]").await;
    for i in 1..3 {
        b.click(&format!("[data-testid=seat-kind-{i}] option[value=\"bot:random\"]"))
            .await;
    }
    b.type_into("[data-testid=name-input]", "Pia").await;

    // First out of range: refused in the page, nothing sent.
    b.type_into("[data-option=victory_points]", "2").await;
    b.click("[data-testid=create-table]").await;
    let banner = b
        .wait_for("#banner:not([hidden]) .banner-text", Duration::from_secs(5))
        .await;
    let said = b.text(&banner).await.unwrap_or_default();
    assert!(
        said.contains("Victory points") && said.contains('3') && said.contains("20"),
        "the refusal names the option and its bounds: {said}"
    );
    assert_eq!(
        b.attr("[data-option=victory_points]", "aria-invalid").await.as_deref(),
        Some("true")
    );
    let listed = get(&server, "/api/tables").await;
    assert_eq!(
        listed["tables"].as_array().map(Vec::len),
        Some(0),
        "no table was created: {listed}"
    );
    assert!(b.first("[data-testid=table-page]").await.is_none());

    b.type_into("[data-option=victory_points]", "12").await;
    b.click("[data-option=board] option[value=\"1\"]").await;
    b.screenshot("lobby-options").await;
    b.resize(390, 844).await;
    b.script("document.querySelector('[data-testid=option-controls]').scrollIntoView({block: 'start'}); return null;")
        .await;
    b.screenshot("lobby-options-phone").await;
    b.click("[data-testid=create-table]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    let id = web_e2e::ui::table_id(&b).await;
    let table = get(&server, &format!("/api/tables/{id}")).await;
    let options = &table["options"];
    assert_eq!(options["victory_points"], 12, "{table}");
    assert_eq!(options["board"]["kind"], "beginner", "{table}");
    let keys: Vec<&String> = options.as_object().map(|o| o.keys().collect()).unwrap_or_default();
    assert_eq!(keys.len(), 2, "only the changed options are sent: {options}");
    b.quit().await;
    server.stop().await;
}

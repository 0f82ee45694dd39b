//! What a phone player opens is in view (issue 26): at 390×844 the turn's
//! buttons are a bar fixed at the bottom of the screen. A panel opened from
//! it (Catan Junior's trade builder) opened behind it or a screen away, and
//! the bar let the page show through; Splendor's "click a token to return"
//! sat a screen away from the tokens. Here the panel must appear entirely
//! between the top of the screen and the top of an opaque bar, and the
//! return hint right by the tokens it asks for, both in view.

use crate::placed::{self, Pick};
use engine::{DynMatch, Seat};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::{ui, Browser, TestServer};

/// The rectangle of the first element matching `css` (top, bottom) and the screen's height.
async fn rect(b: &Browser, css: &str) -> Option<(f64, f64, f64)> {
    let js = format!(
        "const e = document.querySelector({}); if (!e) return null; const r = e.getBoundingClientRect(); return [r.top, r.bottom, innerHeight];",
        serde_json::to_string(css).unwrap_or_default()
    );
    let v = b.script(&js).await;
    let n = |i: usize| v.get(i).and_then(Value::as_f64);
    Some((n(0)?, n(1)?, n(2)?))
}

/// The top of a fixed action bar (the screen's bottom without one) and the
/// opacity of the background behind the turn's controls: since issue 43 the
/// bar and the panels it opens are in the dock at the bottom of the screen
/// (hand.js), so the limit is the screen's bottom and the dock must be opaque.
async fn bar(b: &Browser) -> (f64, f64) {
    let v = b
        .script(
            "const e = document.querySelector('.game-dock') || document.querySelector('.action-bar'); if (!e) return [innerHeight, 1]; const s = getComputedStyle(e); \
             const m = s.backgroundColor.match(/rgba?\\(([^)]*)\\)/); const parts = m ? m[1].split(',').map(Number) : []; \
             return [s.position === 'fixed' && !e.classList.contains('game-dock') ? e.getBoundingClientRect().top : innerHeight, parts.length === 4 ? parts[3] : 1];",
        )
        .await;
    (v[0].as_f64().unwrap_or(f64::NAN), v[1].as_f64().unwrap_or(f64::NAN))
}

/// Waits until `css` is entirely on screen above the bar; fails with where it is.
async fn in_view_above_bar(b: &Browser, css: &str, what: &str) {
    let started = Instant::now();
    loop {
        let (top_of_bar, _) = bar(b).await;
        if let Some((top, bottom, _)) = rect(b, css).await {
            if top >= 0.0 && bottom <= top_of_bar + 0.5 {
                return;
            }
            if started.elapsed() > Duration::from_secs(5) {
                b.screenshot(&format!("phone-panel-{what}")).await;
                panic!("{what}: {css} spans {top}..{bottom} px, the bar starts at {top_of_bar} px");
            }
        } else {
            assert!(started.elapsed() < Duration::from_secs(10), "{what}: {css} appears");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn junior_trade_builder_opens_in_view_above_an_opaque_bar() {
    let options = json!({"pro": true});
    let mut m = placed::start("catan-junior", &options, 2, 3);
    let mut pick = Pick::new(3);
    let avoid = ["open_offer", "offer_give", "offer_get", "submit_offer", "cancel_offer"];
    let moves = placed::search(
        m.as_mut(),
        2000,
        |_: &dyn DynMatch, _: Seat, legal: &[Value]| placed::prefer(legal, &[], &avoid, &mut pick),
        |m: &dyn DynMatch, _| {
            let engine::ToAct::Seats(s) = m.to_act() else {
                return false;
            };
            s.first() == Some(Seat(0))
                && m.legal(Seat(0))
                    .unwrap_or_default()
                    .iter()
                    .any(|a| a["type"] == "open_offer")
        },
    )
    .expect("a turn of seat 0 that may offer a trade");
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let at = placed::place(&server, "catan-junior", &options, 2, 3, &moves).await;
    ui::viewport(&b, 390, 844).await;
    b.goto(&at.path(0)).await;
    b.wait_for("[data-testid=open-offer]", Duration::from_secs(20)).await;
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some("EN") {
        b.click("[data-testid=lang-switch]").await;
    }
    // The English page names the life rings in English.
    // The seats' panels are in a phone's Players sheet: their text, shown or not.
    let page = b
        .script("return document.body.textContent")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        page.contains("Life ring") && !page.contains("Rettungsring"),
        "no German name in the English page: {page}"
    );
    // The player looks at the board (the top of the page) and taps the bar's trade button.
    b.script("window.scrollTo(0, 0); return null;").await;
    let (_, alpha) = bar(&b).await;
    assert!(alpha >= 1.0, "the bar is opaque (alpha {alpha})");
    b.tap("[data-testid=open-offer]").await.expect("a tap");
    in_view_above_bar(&b, "[data-testid=offer-panel] h4", "the trade builder's title").await;
    in_view_above_bar(&b, "[data-testid=submit-offer]", "the trade builder's send button").await;
    b.screenshot("phone-junior-trade-builder").await;
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn splendor_return_hint_sits_by_the_tokens_in_view() {
    let options = json!({});
    // Seat 0 takes tokens until its next take goes over 10.
    let mut found = None;
    for seed in 1..20u64 {
        let mut m = placed::start("splendor", &options, 2, seed);
        let mut pick = Pick::new(seed);
        let moves = placed::search(
            m.as_mut(),
            200,
            |_: &dyn DynMatch, _: Seat, legal: &[Value]| {
                placed::prefer(
                    legal,
                    &["take_different", "take_two", "return"],
                    &["reserve", "reserve_deck"],
                    &mut pick,
                )
            },
            |m: &dyn DynMatch, moves: &[placed::Move]| {
                let engine::ToAct::Seats(s) = m.to_act() else {
                    return false;
                };
                let took = moves
                    .last()
                    .is_some_and(|mv| mv.action["type"].as_str().unwrap_or_default().starts_with("take_"));
                took && s.first() == Some(Seat(0))
                    && m.legal(Seat(0))
                        .unwrap_or_default()
                        .iter()
                        .any(|a| a["type"] == "return")
            },
        );
        if let Some(moves) = moves {
            found = Some((seed, moves));
            break;
        }
    }
    let (seed, mut moves) = found.expect("a return of seat 0");
    // The take that goes over 10 is the player's own, on the page.
    let take = moves.pop().expect("the take");
    assert_eq!(take.seat, 0);
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let at = placed::place(&server, "splendor", &options, 2, seed, &moves).await;
    ui::viewport(&b, 390, 844).await;
    b.goto(&at.path(0)).await;
    b.wait_for("[data-testid=market]", Duration::from_secs(20)).await;
    // The take that goes over 10, picked in the bank and taken with the bar's button, from the top of the page.
    b.script("window.scrollTo(0, 0); return null;").await;
    let gems: Vec<String> = match take.action["type"].as_str() {
        Some("take_two") => vec![take.action["gem"].as_str().unwrap_or_default().to_string(); 2],
        _ => take.action["gems"]
            .as_array()
            .map(|a| a.iter().filter_map(|g| g.as_str().map(String::from)).collect())
            .unwrap_or_default(),
    };
    assert!(!gems.is_empty(), "a take: {}", take.action);
    for g in &gems {
        b.click(&format!("[data-testid=bank-{g}]")).await;
    }
    b.script("window.scrollTo(0, 0); return null;").await;
    b.tap("[data-testid=take-tokens]").await.expect("a tap");
    in_view_above_bar(&b, "[data-testid=return-prompt]", "the return hint").await;
    in_view_above_bar(
        &b,
        "[data-testid^=return-]:not([data-testid=return-prompt])",
        "a token to return",
    )
    .await;
    let (_, hint, _) = rect(&b, "[data-testid=return-prompt]").await.expect("the hint");
    let (token, _, _) = rect(&b, "[data-testid^=return-]:not([data-testid=return-prompt])")
        .await
        .expect("a token");
    assert!(
        (token - hint).abs() < 120.0,
        "the hint ({hint} px) is right by the tokens ({token} px)"
    );
    // A seat with one bought card says so in the singular.
    // The seats' panels are in a phone's Players sheet: their text, shown or not.
    let page = b
        .script("return document.body.textContent")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        page.contains("1 card") && !page.contains("1 cards"),
        "one card in the singular: {page}"
    );
    b.screenshot("phone-splendor-return").await;
    b.quit().await;
    server.stop().await;
}

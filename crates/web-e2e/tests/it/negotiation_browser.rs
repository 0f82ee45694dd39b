//! The trade window of a negotiation (issue 43) in headless Chromium, with
//! the other seats played through the HTTP API: the offerer puts an offer
//! together, sees each seat's answer as it arrives (a counter-offer with its
//! cards, a seat still thinking), revises the offer without cancelling (the
//! builder opens with it filled in), and takes a counter-offer in one click;
//! then, as a seat asked, the page counters an offer with the offer turned
//! round and the offerer takes it. Screenshots with SPIELLEITER_SCREENSHOTS.

use crate::api_seats::ApiTable;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{capture, Browser, TestServer};

/// Takes frame `n` of the docs' animated capture (`negotiation.png`) when
/// screenshots are on.
async fn frame(b: &Browser, n: &mut usize) {
    if b.screenshot(&format!("negotiation-frame-{:02}.png", *n)).await {
        *n += 1;
    }
}

/// Joins the frames into the animated PNG of docs/ui.md: the board and the
/// trade window beside it, halved.
fn film(frames: usize) {
    let Some(dir) = std::env::var_os("SPIELLEITER_SCREENSHOTS") else {
        return;
    };
    let dir = Path::new(&dir);
    let halves: Vec<_> = (0..frames)
        .map(|n| {
            let bytes = std::fs::read(dir.join(format!("negotiation-frame-{n:02}.png"))).expect("a frame just written");
            let page = capture::decode(&bytes).expect("a PNG screenshot");
            capture::halve(&capture::crop(&page, 0, 40, 950, 700))
        })
        .collect();
    let apng = capture::apng(&halves, 900).expect("frames of one size");
    std::fs::write(dir.join("negotiation.png"), apng).expect("write the capture");
}

/// Plays a 3-seat table through the API without building until the seat to
/// act has rolled, may open a trade, holds 3 cards or more, and the next
/// seat holds 2 or more; returns both seats.
async fn trading_position(t: &ApiTable) -> (usize, usize) {
    for _ in 0..4000 {
        let seats = t.to_act().await;
        let seat = *seats.first().expect("a seat to act");
        let s = t.snapshot(seat).await;
        let legal = s["legal"].as_array().cloned().unwrap_or_default();
        let of = |kind: &str| legal.iter().find(|a| a["type"] == kind).cloned();
        let count = |p: usize| s["view"]["players"][p]["resource_count"].as_u64().unwrap_or(0);
        let next = (seat + 1) % 3;
        if of("open_trade").is_some() && count(seat) >= 3 && count(next) >= 2 {
            return (seat, next);
        }
        let setup = s["view"]["phase"]["phase"] == "setup";
        let action = of("roll")
            .or_else(|| of("discard"))
            .or_else(|| of("build_settlement").filter(|_| setup))
            .or_else(|| of("build_road").filter(|_| setup))
            .or_else(|| of("end_turn"))
            .or_else(|| legal.first().cloned())
            .expect("a legal action");
        assert!(t.act(seat, &action, &s["version"]).await, "{action} is accepted");
    }
    panic!("no trading position in 4000 moves");
}

/// The seat's first legal action of `kind`, sent through the API.
async fn api_act(t: &ApiTable, seat: usize, kind: &str) -> Value {
    let s = t.snapshot(seat).await;
    let a = s["legal"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["type"] == kind)
        .cloned()
        .unwrap_or_else(|| panic!("seat {seat} may not {kind}: {}", s["legal"]));
    assert!(t.act(seat, &a, &s["version"]).await, "{a} by {seat} is accepted");
    a
}

/// Seat `seat` counters the open offer through the API: one card of its own
/// for one card asked.
async fn api_counter(t: &ApiTable, seat: usize) {
    api_act(t, seat, "counter_offer").await;
    api_act(t, seat, "offer_give").await;
    api_act(t, seat, "offer_get").await;
    api_act(t, seat, "submit_offer").await;
}

/// Waits until the page shows `css`.
async fn until(b: &Browser, css: &str) {
    b.wait_for(css, Duration::from_secs(20)).await;
}

async fn traded_with(t: &ApiTable) -> Vec<(u64, u64)> {
    t.events()
        .await
        .iter()
        .filter(|e| e["type"] == "traded")
        .map(|e| (e["seat"].as_u64().unwrap_or(9), e["with"].as_u64().unwrap_or(9)))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_negotiation_with_counter_offers_in_the_trade_window() {
    let server = TestServer::start_game(11).await;
    let t = ApiTable::create(&server, "catan", 3, Value::Null).await;
    let (offerer, partner) = trading_position(&t).await;
    let third = 3 - offerer - partner;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    // The offerer's page: one card given, one wanted, sent in one click.
    b.goto(&t.play_path(offerer)).await;
    b.resize(1280, 800).await;
    let mut frames = 0;
    until(&b, "[data-testid=open-trade]").await;
    assert_eq!(ui::act(&b, "[data-testid=open-trade]").await, None);
    until(&b, "[data-testid=offer-panel]").await;
    b.click("[data-testid^=trade-give-plus-]:not([disabled])").await;
    b.click("[data-testid^=trade-get-plus-]:not([disabled])").await;
    frame(&b, &mut frames).await;
    assert_eq!(ui::act(&b, "[data-testid=submit-offer]").await, None);
    // Nobody has answered: the offerer waits, and says why.
    until(&b, "[data-testid=negotiation] [data-testid=wait-first]").await;
    frame(&b, &mut frames).await;
    let status = |seat: usize| format!("[data-testid=answer-{seat}]");
    assert_eq!(
        b.attr(&status(partner), "data-status").await.as_deref(),
        Some("thinking")
    );
    // The partner counters: its answer arrives with its cards; the third seat is still thinking.
    api_counter(&t, partner).await;
    until(&b, &format!("[data-testid=answer-{partner}][data-status=counter]")).await;
    assert_eq!(b.attr(&status(third), "data-status").await.as_deref(), Some("thinking"));
    let counter = b.text_of(&status(partner)).await.unwrap_or_default();
    assert!(
        (counter.contains("Gegenangebot: gibt 1 ") && counter.contains(", möchte 1 "))
            || (counter.contains("counter-offer: gives 1 ") && counter.contains(", wants 1 ")),
        "the counter-offer with its cards: {counter}"
    );
    b.screenshot("negotiation-offerer").await;
    frame(&b, &mut frames).await;
    // Revise without cancelling: the builder opens with the offer filled in.
    let given = b.first("[data-testid=negotiation] h4").await;
    assert!(given.is_some());
    assert_eq!(ui::act(&b, "[data-testid=revise-offer]").await, None);
    until(
        &b,
        "[data-testid=offer-panel] [data-testid=submit-offer]:not([disabled])",
    )
    .await;
    frame(&b, &mut frames).await;
    let label = b.text_of("[data-testid=submit-offer]").await.unwrap_or_default();
    assert!(
        (label.starts_with("Angebot machen: 1 ") && label.contains(" gegen 1 "))
            || (label.starts_with("Make the offer: 1 ") && label.contains(" for 1 ")),
        "the last offer is filled in: {label}"
    );
    assert_eq!(ui::act(&b, "[data-testid=submit-offer]").await, None);
    // The partner counters again, the third seat declines, the offerer takes the counter.
    api_counter(&t, partner).await;
    api_act(&t, third, "decline_offer").await;
    until(&b, &format!("[data-testid=answer-{third}][data-status=declines]")).await;
    let take = format!("[data-testid=take-counter-{partner}]");
    until(&b, &take).await;
    frame(&b, &mut frames).await;
    assert_eq!(ui::act(&b, &take).await, None);
    frame(&b, &mut frames).await;
    film(frames);
    assert_eq!(traded_with(&t).await, vec![(offerer as u64, partner as u64)]);

    // As a seat asked: the offerer offers through the API, the page counters
    // from the offer turned round, and the offerer takes it.
    api_act(&t, offerer, "open_trade").await;
    api_act(&t, offerer, "offer_give").await;
    api_act(&t, offerer, "offer_get").await;
    api_act(&t, offerer, "submit_offer").await;
    b.goto(&t.play_path(partner)).await;
    until(&b, "[data-testid=negotiation] [data-testid=counter-offer]").await;
    assert_eq!(ui::act(&b, "[data-testid=counter-offer]").await, None);
    until(&b, "[data-testid=offer-panel]").await;
    // Make sure the counter has a card on each side (the turned offer may ask for what the partner lacks).
    if b.first("[data-testid=offer-panel] [data-testid=submit-offer]:not([disabled])")
        .await
        .is_none()
    {
        for css in [
            "[data-testid^=trade-give-plus-]:not([disabled])",
            "[data-testid^=trade-get-plus-]:not([disabled])",
        ] {
            if b.first(css).await.is_some() {
                b.click(css).await;
            }
        }
    }
    b.screenshot("negotiation-counter").await;
    assert_eq!(ui::act(&b, "[data-testid=submit-offer]").await, None);
    let started = Instant::now();
    loop {
        let s = t.snapshot(offerer).await;
        let take = s["legal"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|a| a["type"] == "accept_counter")
            .cloned();
        if let Some(a) = take {
            assert_eq!(a["from"].as_u64(), Some(partner as u64));
            assert!(t.act(offerer, &a, &s["version"]).await);
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the counter-offer did not arrive: {}",
            s["view"]
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(traded_with(&t).await.len(), 2);
    // The page's log says it in sentences.
    until(&b, "[data-testid=log]").await;
    let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
    assert!(
        log.contains("macht ein Gegenangebot") || log.contains(" counters: gives "),
        "{log}"
    );
    b.quit().await;
    server.stop().await;
}

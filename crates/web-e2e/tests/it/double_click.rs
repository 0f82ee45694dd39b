//! Double clicks and impatient clicks (issue 26, "bad input"): an action
//! that is still legal after it is applied (a maritime trade with cards for
//! two) is applied once by a double click, not twice; controls meant to be
//! clicked again and again (Splendor's tokens returned one at a time) still
//! take every click. The rule is in `web/click-guard.js`.

use crate::api_seats::ApiTable;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

const RESOURCES: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];

/// Plays a 3-seat CATAN table through the API without building (hands
/// grow) until the seat to act has rolled and holds cards for two maritime
/// trades of one kind; returns the seat and the trade's `give` and `get`.
async fn two_trades_position(t: &ApiTable) -> (usize, String, String) {
    for _ in 0..4000 {
        let seats = t.to_act().await;
        let seat = *seats.first().expect("a seat to act");
        let s = t.snapshot(seat).await;
        let legal = s["legal"].as_array().cloned().unwrap_or_default();
        let of = |kind: &str| legal.iter().find(|a| a["type"] == kind).cloned();
        let hand = &s["view"]["players"][seat]["hand"];
        // Cards for two trades even at 4:1, and a card of another kind to get.
        if let Some(a) = legal.iter().find(|a| {
            a["type"] == "maritime_trade" && hand[a["give"].as_str().unwrap_or_default()].as_u64().unwrap_or(0) >= 8
        }) {
            return (
                seat,
                a["give"].as_str().unwrap().to_string(),
                a["get"].as_str().unwrap().to_string(),
            );
        }
        let action = of("roll")
            .or_else(|| of("discard"))
            .or_else(|| of("build_settlement").filter(|_| s["view"]["phase"]["phase"] == "setup"))
            .or_else(|| of("build_road").filter(|_| s["view"]["phase"]["phase"] == "setup"))
            .or_else(|| of("end_turn"))
            .or_else(|| legal.first().cloned())
            .expect("a legal action");
        assert!(
            t.act(seat, &action, &s["version"]).await,
            "the policy's action {action} is accepted"
        );
    }
    panic!("no seat held 8 cards of one kind in 4000 moves");
}

/// The seat's hand as the server sees it.
async fn hand(t: &ApiTable, seat: usize) -> Vec<u64> {
    let s = t.snapshot(seat).await;
    RESOURCES
        .iter()
        .map(|r| s["view"]["players"][seat]["hand"][r].as_u64().unwrap_or(0))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_double_click_on_a_maritime_trade_applies_it_once() {
    let server = TestServer::start_game(7).await;
    let t = ApiTable::create(&server, "catan", 3, Value::Null).await;
    let (seat, give, get) = two_trades_position(&t).await;
    let before = hand(&t, seat).await;
    let trades_before = t
        .events()
        .await
        .iter()
        .filter(|e| e["type"] == "maritime_traded")
        .count();
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto(&t.play_path(seat)).await;
    b.wait_for("[data-testid=open-maritime]", Duration::from_secs(20)).await;
    b.click("[data-testid=open-maritime]").await;
    b.click(&format!("[data-testid=mt-give-{give}]")).await;
    b.wait_for(&format!("[data-testid=mt-get-{get}]"), Duration::from_secs(5))
        .await;
    let version = ui::version(&b).await;
    b.double_click(&format!("[data-testid=mt-get-{get}]"))
        .await
        .expect("double-click the card to get");
    // The trade arrives and nothing is on its way any more.
    let started = Instant::now();
    loop {
        let now = ui::version(&b).await;
        let busy = b.attr("[data-testid=table-page]", "data-busy").await;
        if now.is_some() && now != version && busy.as_deref() == Some("false") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(15), "the trade did not arrive");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    // The page sent one action: the double click's second click was not sent.
    let clicks = b.script("return window.spielleiterDebug.clicks || null").await;
    assert_eq!(clicks["sent"], json!(1), "one action sent: {clicks}");
    assert_eq!(
        b.first("[data-testid=refusal]").await,
        None,
        "no refusal: the second click was not sent stale either"
    );
    // The server applied one trade: the hand lost one rate of `give` and gained one `get`.
    let after = hand(&t, seat).await;
    let gi = RESOURCES.iter().position(|r| *r == give).expect("give");
    let ge = RESOURCES.iter().position(|r| *r == get).expect("get");
    let rate = before[gi] - after[gi];
    assert!(
        (2..=4).contains(&rate),
        "one trade's rate left the hand: {before:?} -> {after:?}"
    );
    assert_eq!(after[ge], before[ge] + 1, "one card came in: {before:?} -> {after:?}");
    let trades = t
        .events()
        .await
        .iter()
        .filter(|e| e["type"] == "maritime_traded")
        .count();
    assert_eq!(trades, trades_before + 1, "one maritime trade in the log");
    // And the trade is still there to be made again by a single click.
    assert!(
        after[gi] >= rate,
        "the seat could trade again (the case where a double click used to trade twice)"
    );
    b.quit().await;
    server.stop().await;
}

/// Plays a 2-seat Splendor table through the API, seat 0 taking three
/// different gems and seat 1 reserving, until seat 0 is to act with 9 or 10 tokens and a take
/// of three is listed; returns that take's gems.
async fn full_hand_position(t: &ApiTable) -> Vec<String> {
    for _ in 0..200 {
        let seats = t.to_act().await;
        let seat = *seats.first().expect("a seat to act");
        let s = t.snapshot(seat).await;
        let legal = s["legal"].as_array().cloned().unwrap_or_default();
        let three = legal
            .iter()
            .find(|a| a["type"] == "take_different" && a["gems"].as_array().map(Vec::len) == Some(3))
            .cloned();
        let total: u64 = s["view"]["players"][seat]["tokens"]
            .as_object()
            .map(|m| m.values().filter_map(Value::as_u64).sum())
            .unwrap_or(0);
        if seat == 0 && total >= 9 {
            if let Some(a) = &three {
                return a["gems"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|g| g.as_str().unwrap().to_string())
                    .collect();
            }
        }
        // Seat 1 reserves cards (the bank keeps its gems for seat 0), seat 0 takes three.
        let reserve = legal
            .iter()
            .find(|a| a["type"] == "reserve")
            .cloned()
            .filter(|_| seat == 1);
        let action = reserve
            .or(three)
            .or_else(|| legal.iter().find(|a| a["type"] == "return").cloned())
            .or_else(|| legal.first().cloned())
            .expect("a legal action");
        assert!(
            t.act(seat, &action, &s["version"]).await,
            "the policy's action {action} is accepted"
        );
    }
    panic!("seat 0 never held 9 tokens");
}

/// Tokens seat 0 holds, on the page.
async fn tokens_on_page(b: &Browser) -> u64 {
    b.script("const t = window.spielleiterDebug.view?.players?.[0]?.tokens || {}; return Object.values(t).reduce((a, n) => a + n, 0);")
        .await
        .as_u64()
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread")]
async fn tokens_returned_one_at_a_time_take_every_click() {
    let server = TestServer::start_game(3).await;
    let t = ApiTable::create(&server, "splendor", 2, Value::Null).await;
    let gems = full_hand_position(&t).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto(&t.play_path(0)).await;
    b.wait_for("[data-testid=take-tokens]", Duration::from_secs(20)).await;
    for g in &gems {
        b.click(&format!("[data-testid=bank-{g}]")).await;
    }
    assert_eq!(
        ui::act(&b, "[data-testid=take-tokens]").await,
        None,
        "the take is accepted"
    );
    b.wait_for("[data-testid=return-prompt]", Duration::from_secs(10)).await;
    let held = tokens_on_page(&b).await;
    assert!(held >= 12, "more than 10 tokens after the take: {held}");
    // A colour held at least twice: a double click on it returns two.
    let colour = b
        .script("const t = window.spielleiterDebug.view.players[0].tokens; return Object.keys(t).find((c) => t[c] >= 2 && document.querySelector(`[data-testid=return-${c}]`));")
        .await;
    let colour = colour.as_str().expect("a colour held twice").to_string();
    b.double_click(&format!("[data-testid=return-{colour}]"))
        .await
        .expect("double-click a token to return");
    let started = Instant::now();
    while tokens_on_page(&b).await != held - 2 {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "both clicks of the double click returned a token (held {held}, now {})",
            tokens_on_page(&b).await
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    // Single clicks go on returning, one token each, until 10 are left.
    while tokens_on_page(&b).await > 10 {
        let before = tokens_on_page(&b).await;
        assert_eq!(
            ui::act(&b, "[data-testid^=return-]").await,
            None,
            "a return is accepted"
        );
        assert_eq!(tokens_on_page(&b).await, before - 1, "one token per click");
    }
    assert_eq!(
        b.first("[data-testid=return-prompt]").await,
        None,
        "nothing more to return"
    );
    b.quit().await;
    server.stop().await;
}

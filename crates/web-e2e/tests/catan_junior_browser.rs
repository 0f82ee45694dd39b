//! A complete game of Catan Junior in headless Chromium: one human seat
//! against a server bot on the 2-player side, played only by clicking the
//! board (highlighted sites, routes and islands) and the trade dialogs
//! (life ring, supply) and Coco. Along the way: a refused action shows its
//! rule sentence, the log speaks sentences, the winner screen appears.
//! Screenshots with SPIELLEITER_SCREENSHOTS.

use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

const OCCUPIED_DE: &str = "Auf diesem Bauplatz steht schon ein Piratenlager.";

/// One step of a simple player: build, Käpt'n Klau, Coco, a trade, end the turn.
async fn play_one(b: &Browser, seen: &mut Vec<&'static str>, turn_trades: &mut u32) -> Option<String> {
    for (css, what) in [
        ("[data-testid=reply-panel] [data-testid=decline]", "reply"),
        ("[data-testid^=site-]", "lair"),
        ("[data-testid^=route-]", "ship"),
        ("[data-testid^=klau-]", "klau"),
        ("[data-testid=ask-coco]", "coco"),
    ] {
        if b.first(css).await.is_some() {
            ui::note(seen, what);
            return ui::act(b, css).await;
        }
    }
    if *turn_trades < 2 {
        for (open, first, second, what) in [
            (
                "[data-testid=open-ring-trade]",
                "[data-testid^=ring-take-]",
                "[data-testid^=ring-give-]",
                "ring",
            ),
            (
                "[data-testid=open-supply-trade]",
                "[data-testid^=supply-give-]",
                "[data-testid^=supply-take-]",
                "supply",
            ),
        ] {
            if b.first(open).await.is_some() {
                ui::note(seen, what);
                *turn_trades += 1;
                b.click(open).await;
                b.wait_for(first, Duration::from_secs(5)).await;
                b.click(first).await;
                b.wait_for(second, Duration::from_secs(5)).await;
                return ui::act(b, second).await;
            }
        }
    }
    if b.first("[data-testid=end-turn]").await.is_some() {
        *turn_trades = 0;
        return ui::act(b, "[data-testid=end-turn]").await;
    }
    ui::note(seen, "fallback");
    ui::act(b, "[data-testid=legal-action]").await
}

#[tokio::test(flavor = "multi_thread")]
async fn catan_junior_full_game_in_the_browser() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some("DE") {
        b.click("[data-testid=lang-switch]").await;
    }
    ui::create_table(&b, "catan-junior", &["human", "bot:random"], "Anna", false).await;
    b.wait_for("[data-testid=junior-board]", Duration::from_secs(20)).await;
    assert_eq!(
        b.all("[data-testid^=island-]").await.len(),
        9,
        "the 2-player side shows 9 islands"
    );
    assert!(
        b.first("[data-testid=klau]").await.is_some(),
        "Käpt'n Klau is on the board"
    );
    assert!(
        b.first("[data-testid=castle-site]").await.is_some(),
        "and the castle site"
    );
    assert_eq!(b.all("[data-testid^=lair-]").await.len(), 4, "four start lairs");

    let started = Instant::now();
    let mut steps = 0;
    let mut refused = false;
    let mut shot = false;
    let mut seen = Vec::new();
    let mut turn_trades = 0;
    loop {
        match ui::wait_turn(&b, Duration::from_secs(60)).await {
            Turn::Over => break,
            Turn::Mine => {}
        }
        steps += 1;
        if !refused && b.first("[data-testid=end-turn]").await.is_some() {
            refused = true;
            let before = ui::version(&b).await;
            let (sentence, rule) = ui::refusal(&b, r#"{"type":"build_lair","site":2}"#).await;
            assert_eq!(sentence, OCCUPIED_DE, "the refusal shows the rule's sentence");
            assert_eq!(rule, "junior.build.occupied", "and its rule id");
            assert_eq!(ui::version(&b).await, before, "a refusal changes nothing");
        }
        if !shot
            && (steps > 80 || (steps > 8 && b.first("[data-testid^=site-], [data-testid^=route-]").await.is_some()))
        {
            shot = true;
            b.resize(1280, 1000).await;
            b.script("window.scrollTo(0, 0)").await;
            b.screenshot("junior-laptop.png").await;
            b.click("[data-testid=lang-switch]").await;
            b.screenshot("junior-laptop-en.png").await;
            b.click("[data-testid=lang-switch]").await;
            b.resize(412, 915).await;
            b.script("window.scrollTo(0, 0)").await;
            b.screenshot("junior-phone.png").await;
            b.resize(1280, 900).await;
        }
        if let Some(text) = play_one(&b, &mut seen, &mut turn_trades).await {
            panic!("a listed action was refused: {text}");
        }
        assert!(steps < 3000, "the game does not end");
        assert!(
            started.elapsed() < Duration::from_secs(420),
            "the game takes too long ({steps} steps; seen {seen:?})"
        );
    }
    eprintln!("Catan Junior: {steps} steps in {:?}; used {seen:?}", started.elapsed());
    assert!(refused, "the refusal was checked");
    let winners = b.text_of("[data-testid=winner-names]").await.unwrap_or_default();
    assert!(winners.starts_with("Gewonnen: "), "winner screen: {winners}");
    let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
    assert!(log.contains("würfelt eine"), "the log speaks sentences: {log}");
    assert!(log.contains("und gewinnt!"), "the log tells the end");
    assert!(!log.contains("{\""), "no JSON in the log");
    b.resize(1280, 1000).await;
    b.script("window.scrollTo(0, 0)").await;
    b.screenshot("junior-winner.png").await;

    // The replay viewer draws the same board from the recorded frames.
    ui::replay_shows_board(&b, "[data-testid=junior-board]").await;

    // The 3–4-player side with the castle island in the middle.
    ui::create_table(
        &b,
        "catan-junior",
        &["human", "bot:random", "bot:random", "bot:random"],
        "Anna",
        false,
    )
    .await;
    b.wait_for("[data-testid=junior-board]", Duration::from_secs(20)).await;
    assert_eq!(
        b.all("[data-testid^=island-]").await.len(),
        12,
        "the 3–4-player side shows 12 islands"
    );
    assert_eq!(b.all("[data-testid^=lair-]").await.len(), 8, "eight start lairs");
    ui::wait_turn(&b, Duration::from_secs(60)).await;
    b.script("window.scrollTo(0, 0)").await;
    b.screenshot("junior-four-players.png").await;

    // The pro variant: an offer to the other player, of any size, put together
    // tile by tile (each click one listed action of the engine).
    ui::create_with_options(&b, "catan-junior", &["human", "bot:random"], "Anna", r#"{"pro": true}"#).await;
    loop {
        assert_eq!(ui::wait_turn(&b, Duration::from_secs(60)).await, Turn::Mine);
        if b.first("[data-testid=open-offer]").await.is_some() {
            b.click("[data-testid=open-offer]").await;
            b.wait_for("[data-testid^=offer-to-]", Duration::from_secs(5)).await;
            assert_eq!(
                ui::act(&b, "[data-testid^=offer-to-]").await,
                None,
                "the offer is opened"
            );
            b.wait_for("[data-testid=offer-panel]", Duration::from_secs(5)).await;
            // One tile asked for, then every tile the engine lets Anna give.
            if b.first("[data-testid^=offer-get-]").await.is_some() {
                assert_eq!(ui::act(&b, "[data-testid^=offer-get-]").await, None);
            }
            for _ in 0..4 {
                if b.first("[data-testid^=offer-give-]").await.is_none() {
                    break;
                }
                assert_eq!(ui::act(&b, "[data-testid^=offer-give-]").await, None);
            }
            if b.attr("[data-testid=offer-send]", "disabled").await.is_none() {
                break;
            }
            // Nothing fits together this time: drop the draft and go on.
            assert_eq!(ui::act(&b, "[data-testid=offer-cancel]").await, None);
        }
        // Nothing to offer now: end the turn (or answer) and try again.
        let css = if b.first("[data-testid=end-turn]").await.is_some() {
            "[data-testid=end-turn]"
        } else {
            "[data-testid=legal-action]"
        };
        assert_eq!(ui::act(&b, css).await, None);
    }
    b.screenshot("junior-offer.png").await;
    assert_eq!(
        ui::act(&b, "[data-testid=offer-send]").await,
        None,
        "the offer is accepted by the server"
    );
    let started = Instant::now();
    loop {
        let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
        if log.contains("Anna bietet") && (log.contains("nimmt an") || log.contains("lehnt ab")) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the bot answers the offer: {log}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.quit().await;
    server.stop().await;
}

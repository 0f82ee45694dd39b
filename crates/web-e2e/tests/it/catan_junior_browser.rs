//! A complete game of Catan Junior in headless Chromium: one human seat
//! against a server bot on the 2-player side, played only by clicking the
//! board (highlighted sites, routes and islands) and the trade dialogs
//! (life ring, supply) and Coco. Along the way: a refused action shows its
//! rule sentence, the log speaks sentences, the winner screen appears.
//! Screenshots with SPIELLEITER_SCREENSHOTS.

use serde_json::Value;
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
    // The game of replay seed 1 shows everything asserted below in few moves
    // (17 s on the 2-core machine beside another test; seeds 1 to 5 took 9 s to 72 s).
    let server = TestServer::start_game(1).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
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

    b.quit().await;
    server.stop().await;
}

/// The hand of `seat` as the page shows it (the view on screen), by good.
async fn hand(b: &Browser, seat: usize) -> serde_json::Map<String, Value> {
    b.script(&format!("return window.spielleiterDebug.view.seats[{seat}].hand;"))
        .await
        .as_object()
        .cloned()
        .unwrap_or_default()
}

fn n(m: &serde_json::Map<String, Value>, g: &str) -> u64 {
    m.get(g).and_then(Value::as_u64).unwrap_or(0)
}

/// The pro variant's offer to a player with the trade builder: − and + with
/// the counts, bounded by the captain's tiles (give) and the partner's (want),
/// a good given or wanted but not both, and one click that sends the whole
/// offer (the engine's one-tile steps underneath). Played at one screen, so
/// the partner's answer is the test's own.
#[tokio::test(flavor = "multi_thread")]
async fn catan_junior_pro_offer_is_built_with_minus_and_plus_and_sent_at_once() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    let table = ui::create_with_options(&b, "catan-junior", &["human", "human"], "Anna", r#"{"pro": true}"#).await;
    // Hot-seat: the invitation of seat 2 taken in the same browser.
    b.goto(&format!("/play/{table}?join=1")).await;
    b.type_into("[data-testid=invite-name]", "Bert").await;
    b.click("[data-testid=invite-join]").await;
    b.wait_for("[data-testid=seat-tab-1]", Duration::from_secs(20)).await;

    // A turn in which the captain holds a tile and the partner one of another good.
    let started = Instant::now();
    let (captain, partner, give, get) = loop {
        assert!(started.elapsed() < Duration::from_secs(40), "no turn fit for an offer");
        assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
        // The partner as the engine lists it (`open_offer`'s `to`); the captain is the other seat.
        let partner = b
            .script(
                "const a = document.querySelector('[data-testid=legal-action][data-kind=open_offer]');
                 return a ? JSON.parse(a.dataset.action).to : null;",
            )
            .await
            .as_u64()
            .map(|p| p as usize);
        let Some(partner) = partner else {
            let css = if b.first("[data-testid^=klau-]").await.is_some() {
                "[data-testid^=klau-]"
            } else if b.first("[data-testid=end-turn]").await.is_some() {
                "[data-testid=end-turn]"
            } else {
                "[data-testid=legal-action]"
            };
            assert_eq!(ui::act(&b, css).await, None);
            continue;
        };
        let captain = 1 - partner;
        let (mine, theirs) = (hand(&b, captain).await, hand(&b, partner).await);
        let goods = ["wood", "wool", "pineapple", "sabre", "gold"];
        let give = goods
            .iter()
            .copied()
            .max_by_key(|g| n(&mine, g))
            .filter(|g| n(&mine, g) > 0);
        let get = give.and_then(|give| {
            goods
                .iter()
                .copied()
                .filter(|g| *g != give && n(&theirs, g) > 0)
                .max_by_key(|g| n(&theirs, g))
        });
        if let (Some(give), Some(get), true) = (give, get, b.first("[data-testid=open-offer]").await.is_some()) {
            break (captain, partner, (give, n(&mine, give)), (get, n(&theirs, get)));
        }
        let css = if b.first("[data-testid^=klau-]").await.is_some() {
            "[data-testid^=klau-]"
        } else if b.first("[data-testid=end-turn]").await.is_some() {
            "[data-testid=end-turn]"
        } else {
            "[data-testid=legal-action]"
        };
        assert_eq!(ui::act(&b, css).await, None);
    };
    b.click("[data-testid=open-offer]").await;
    b.wait_for(
        "[data-testid=offer-panel] [data-testid=trade-give-plus-wood]",
        Duration::from_secs(5),
    )
    .await;
    assert!(
        b.first(&format!("[data-testid=offer-to-{partner}].sel"))
            .await
            .is_some(),
        "the partner is chosen"
    );
    // Give every tile of one good: + stops at the hand, − takes one back.
    let (g, have) = give;
    for _ in 0..have {
        b.click(&format!("[data-testid=trade-give-plus-{g}]")).await;
    }
    assert_eq!(
        b.text_of(&format!("[data-testid=trade-give-count-{g}]"))
            .await
            .as_deref(),
        Some(have.to_string().as_str())
    );
    assert!(
        b.attr(&format!("[data-testid=trade-give-plus-{g}]"), "disabled")
            .await
            .is_some(),
        "no more {g} than the captain holds"
    );
    assert!(
        b.attr(&format!("[data-testid=trade-get-plus-{g}]"), "disabled")
            .await
            .is_some(),
        "{g} is given, so it cannot be wanted"
    );
    b.click(&format!("[data-testid=trade-give-minus-{g}]")).await;
    b.click(&format!("[data-testid=trade-give-plus-{g}]")).await;
    // Want every tile the partner holds of another good.
    let (w, they_have) = get;
    for _ in 0..they_have {
        b.click(&format!("[data-testid=trade-get-plus-{w}]")).await;
    }
    assert!(
        b.attr(&format!("[data-testid=trade-get-plus-{w}]"), "disabled")
            .await
            .is_some(),
        "no more {w} than the partner holds"
    );
    let send = b.text_of("[data-testid=submit-offer]").await.unwrap_or_default();
    assert!(send.starts_with("Angebot machen: "), "{send}");
    b.screenshot("junior-offer.png").await;
    let before = ui::version(&b).await.unwrap_or(0);
    b.click("[data-testid=submit-offer]").await;

    // One click: the partner is asked (open, one step per tile, submit).
    b.wait_for(
        "[data-testid=reply-panel] [data-testid=accept]",
        Duration::from_secs(15),
    )
    .await;
    let after = ui::version(&b).await.unwrap_or(0);
    assert_eq!(
        after - before,
        have + they_have + 2,
        "the offer went as the engine's micro-actions: open, {have} + {they_have} tiles, submit"
    );
    let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
    assert!(log.contains("Anna bietet"), "the log tells the offer: {log}");
    let (mine, theirs) = (hand(&b, captain).await, hand(&b, partner).await);
    assert_eq!(
        ui::act(&b, "[data-testid=reply-panel] [data-testid=accept]").await,
        None
    );
    let (mine2, theirs2) = (hand(&b, captain).await, hand(&b, partner).await);
    assert_eq!(n(&mine2, g) + have, n(&mine, g), "the captain gave {have} {g}");
    assert_eq!(n(&mine2, w), n(&mine, w) + they_have, "and got {they_have} {w}");
    assert_eq!(n(&theirs2, g), n(&theirs, g) + have, "the partner got {have} {g}");
    b.quit().await;
    server.stop().await;
}

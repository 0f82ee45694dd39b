//! Motion at the table (issue 26, item 2; `web/motion.js`): live events move
//! things — a piece placed drops in, starting resources fly to the seats,
//! the dice tumble — while a click during a motion is sent and applied at
//! once. Nothing moves when the browser prefers reduced motion, and nothing
//! moves for a spectator who opens the table late (the state on load is
//! never animated).

use serde_json::{json, Value};
use std::time::Duration;
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// The kinds of motion the page played so far (motion.js's test hook).
async fn motions(b: &Browser) -> Vec<String> {
    let v = b
        .script("return (window.spielleiterDebug.motions || []).map((m) => m.kind)")
        .await;
    v.as_array()
        .map(|a| a.iter().filter_map(|k| k.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// Script animations running on the page (the targets' CSS pulses left out).
async fn running(b: &Browser) -> u64 {
    b.script("return document.getAnimations().filter((a) => !(a instanceof CSSAnimation) && a.playState === 'running').length")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// Places the set-up pieces (settlement, road, settlement, road) until the
/// first roll is offered.
async fn set_up(b: &Browser) {
    loop {
        assert_eq!(ui::wait_turn(b, Duration::from_secs(60)).await, Turn::Mine);
        if b.first("[data-testid=roll]").await.is_some() {
            return;
        }
        let css = ui::first_of(
            b,
            &["[data-testid^=node-][data-kind=settlement]", "[data-testid^=edge-]"],
        )
        .await
        .expect("a set-up target");
        assert_eq!(ui::act(b, &css).await, None, "the set-up piece is accepted");
    }
}

async fn start_catan(b: &Browser) -> String {
    let id = ui::create_table(b, "catan", &["human", "bot:random", "bot:random"], "Mia", false).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    id
}

#[tokio::test(flavor = "multi_thread")]
async fn live_events_move_and_a_click_during_a_motion_acts_at_once() {
    let server = TestServer::start_game(2).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let id = start_catan(&b).await;
    assert_eq!(
        b.script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
            .await,
        json!(false)
    );
    // Slow motion (a test hook: 100 times slower), so the test surely sees a motion still
    // running even on a machine so busy that a click takes seconds to come back.
    b.script("window.spielleiterDebug.motionScale = 100").await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine);
    // The page's first fetches (history, chat, hint) redraw the board when
    // they come back; on a loaded machine one came back after the first
    // click and took the settlement's motion with the old board. Let them land.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(
        motions(&b).await.is_empty(),
        "nothing moved on load: {:?}",
        motions(&b).await
    );
    assert_eq!(ui::act(&b, "[data-testid^=node-][data-kind=settlement]").await, None);
    assert!(
        motions(&b).await.contains(&"place".to_string()),
        "the settlement dropped in: {:?}",
        motions(&b).await
    );
    assert!(running(&b).await > 0, "an animation runs");
    set_up(&b).await;
    let seen = motions(&b).await;
    assert!(
        seen.contains(&"fly".to_string()),
        "starting resources flew from the bank: {seen:?}"
    );
    assert_eq!(ui::act(&b, "[data-testid=roll]").await, None, "the roll is accepted");
    assert!(
        motions(&b).await.contains(&"dice".to_string()),
        "the dice tumbled: {:?}",
        motions(&b).await
    );
    // The motions now running are kept, then the next action is clicked during them.
    let held = b
        .script("window.__held = document.getAnimations().filter((a) => !(a instanceof CSSAnimation) && a.playState === 'running'); return window.__held.length")
        .await;
    assert!(held.as_u64().unwrap_or(0) > 0, "the roll's motion runs: {held}");
    let before = ui::version(&b).await;
    if b.first("[data-testid=end-turn]").await.is_some() {
        assert_eq!(
            ui::act(&b, "[data-testid=end-turn]").await,
            None,
            "the click during the motion is accepted"
        );
    } else {
        let hex = b.first("[data-testid^=hex-]").await.expect("a robber hex after a 7");
        b.click_element(&hex).await.expect("click a robber hex");
        let (_, refused) = ui::finish_robber(&b, before).await;
        assert_eq!(refused, None, "the robber click during the motion is accepted");
    }
    assert_ne!(ui::version(&b).await, before, "the action was applied");
    assert_eq!(
        b.script("return window.__held.some((a) => a.playState === 'running')")
            .await,
        json!(true),
        "while the roll's motion still ran: input is never held back by a motion"
    );
    let clicks = b.script("return window.spielleiterDebug.clicks").await;
    assert_eq!(clicks["busy"], json!(0), "no click waited: {clicks}");

    // A spectator who opens the table now sees the board as it is: nothing moves.
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(60)).await, Turn::Mine);
    b.new_tab().await;
    b.goto(&format!("/watch/{id}")).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    b.wait_for("[data-testid=log] li", Duration::from_secs(20)).await;
    assert_eq!(
        motions(&b).await,
        Vec::<String>::new(),
        "a late spectator's load moves nothing"
    );
    assert_eq!(running(&b).await, 0, "no animation on a spectator's load");
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn nothing_moves_when_the_browser_prefers_reduced_motion() {
    let server = TestServer::start_game(2).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.cdp(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}),
    )
    .await
    .expect("emulate prefers-reduced-motion");
    start_catan(&b).await;
    assert_eq!(
        b.script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
            .await,
        json!(true),
        "the browser prefers reduced motion"
    );
    b.script("window.spielleiterDebug.motionScale = 100").await;
    set_up(&b).await;
    assert_eq!(ui::act(&b, "[data-testid=roll]").await, None, "the roll is accepted");
    assert_eq!(
        motions(&b).await,
        Vec::<String>::new(),
        "no motion for pieces, cards or dice"
    );
    let skipped = b.script("return window.spielleiterDebug.motionsSkipped || 0").await;
    assert!(
        skipped.as_u64().unwrap_or(0) >= 5,
        "the live events' motions were there and left out: {skipped}"
    );
    assert_eq!(running(&b).await, 0, "no animation runs");
    let tokens: Value = b
        .script("return document.querySelectorAll('#motion-layer *').length")
        .await;
    assert_eq!(tokens, json!(0), "no flying token");
    b.quit().await;
    server.stop().await;
}

/// Catan Junior and Splendor move too: Junior's die, the goods from the
/// supply, a lair or ship placed; Splendor's gems flying from the bank to
/// the seat that took them.
#[tokio::test(flavor = "multi_thread")]
async fn junior_and_splendor_events_move() {
    let server = TestServer::start_game(4).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::create_table(&b, "catan-junior", &["human", "bot:random"], "Mia", false).await;
    b.wait_for("[data-testid=junior-board]", Duration::from_secs(20)).await;
    let mut steps = 0;
    loop {
        let seen = motions(&b).await;
        if ["dice", "fly", "place"].iter().all(|k| seen.iter().any(|s| s == k)) {
            break;
        }
        steps += 1;
        assert!(
            steps < 60,
            "Junior's die, goods and pieces moved within 60 steps: {seen:?}"
        );
        if ui::wait_turn(&b, Duration::from_secs(60)).await == Turn::Over {
            panic!("the game ended before everything moved: {seen:?}");
        }
        let css = ui::first_of(
            &b,
            &[
                "[data-testid=negotiation] [data-testid=decline]",
                "[data-testid^=site-]",
                "[data-testid^=route-]",
                "[data-testid^=klau-]",
                "[data-testid=ask-coco]",
                "[data-testid=end-turn]",
                "[data-testid=legal-action]",
            ],
        )
        .await
        .expect("something to do");
        assert_eq!(ui::act(&b, &css).await, None, "'{css}' is accepted");
    }

    ui::create_table(&b, "splendor", &["human", "bot:random"], "Mia", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine);
    // Three gems of different colours from the bank.
    let picked = b
        .script("const c = [...document.querySelectorAll('[data-testid^=bank-].pickable')].slice(0, 3).map((e) => e.dataset.testid); return c;")
        .await;
    for id in picked.as_array().expect("gems to pick") {
        b.click(&format!("[data-testid={}]", id.as_str().unwrap_or_default()))
            .await;
    }
    assert_eq!(
        ui::act(&b, "[data-testid=take-tokens]").await,
        None,
        "the take is accepted"
    );
    let flights = b
        .script(
            "return (window.spielleiterDebug.motions || []).filter((m) => m.kind === 'fly').map((m) => String(m.at))",
        )
        .await;
    assert!(
        flights.as_array().is_some_and(|a| a
            .iter()
            .filter(|m| m.as_str().unwrap_or_default().contains("tokens-0-"))
            .count()
            >= 3),
        "three gems flew to the seat's tokens: {flights}"
    );
    b.quit().await;
    server.stop().await;
}

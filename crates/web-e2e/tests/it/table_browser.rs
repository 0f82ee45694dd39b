//! The table page as players meet it (issue 15): nothing to click before the
//! table is full, a click that went stale under a moving game is not lost.

use serde_json::Value;
use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// Opens the lobby in German.
async fn german(b: &Browser) {
    ui::lobby_in_german(b).await;
}

/// The secret this browser holds for `seat` at `table` (from localStorage).
async fn held_secret(b: &Browser, table: &str, seat: u8) -> String {
    let js = format!("return (JSON.parse(localStorage.getItem('spielleiter.seats.{table}') || '{{}}')['{seat}'] || {{}}).secret || ''");
    b.script(&js).await.as_str().unwrap_or_default().to_string()
}

/// Before every seat is taken the server lists no action and the page offers
/// none (it once listed 30 buttons whose clicks were all refused); once the
/// last seat is taken the waiting seat's actions appear without a reload.
#[tokio::test(flavor = "multi_thread")]
async fn no_actions_are_offered_before_the_table_is_full() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    german(&b).await;
    let table = ui::create_table(&b, "splendor", &["human", "human"], "Ida", false).await;
    b.wait_for("[data-testid=market] .card", Duration::from_secs(20)).await;
    let turn = b.text_of("[data-testid=turn]").await.unwrap_or_default();
    assert!(
        turn.starts_with("Das Spiel beginnt"),
        "the bar says the table waits: {turn}"
    );
    assert!(
        b.first("[data-testid=legal-action]").await.is_none(),
        "no action is listed while a seat is open"
    );
    assert!(
        b.first(".bank .chip.pickable").await.is_none(),
        "no gem of the bank is offered while a seat is open"
    );
    let secret = held_secret(&b, &table, 0).await;
    assert!(!secret.is_empty(), "the creator holds seat 0");
    let legal: Value = reqwest::Client::new()
        .get(format!("{}/api/tables/{table}/legal?seat=0", server.url))
        .header("x-seat-secret", &secret)
        .send()
        .await
        .expect("legal")
        .json()
        .await
        .expect("json");
    assert_eq!(legal["legal"], serde_json::json!([]), "the HTTP API lists none either");

    // The second player joins in another tab; the first tab's seat can act at once.
    let first = b.new_tab().await;
    b.goto(&format!("/play/{table}?join=1")).await;
    b.type_into("[data-testid=invite-name]", "Jan").await;
    b.click("[data-testid=invite-join]").await;
    b.wait_for("[data-testid=seat-tab-1]", Duration::from_secs(20)).await;
    b.close_tab(&first).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    assert!(b.first(".bank .chip.pickable").await.is_some(), "the bank is live");
    b.quit().await;
    server.stop().await;
}

/// Takes three different gems through a listed action (the fastest way to
/// more than ten tokens).
async fn take_three(b: &Browser) {
    let js = "return [...document.querySelectorAll('[data-testid=legal-action]')].findIndex((e) => { const a = JSON.parse(e.dataset.action); return a.type === 'take_different' && a.gems.length === 3; })";
    let i = b.script(js).await.as_i64().unwrap_or(-1);
    let css = if i >= 0 {
        format!("[data-testid=legal-action][data-index=\"{i}\"]")
    } else {
        "[data-testid=legal-action]".to_string()
    };
    assert_eq!(ui::act(b, &css).await, None, "a listed take is accepted");
}

/// Tokens seat 0 holds, from the view on screen.
async fn tokens_held(b: &Browser) -> u64 {
    let v = b
        .script("return JSON.stringify(window.spielleiterDebug.view?.players?.[0]?.tokens || {})")
        .await;
    let tokens: Value = serde_json::from_str(v.as_str().unwrap_or("{}")).unwrap_or_default();
    tokens
        .as_object()
        .map(|o| o.values().filter_map(Value::as_u64).sum())
        .unwrap_or(0)
}

/// Two returns of tokens clicked one after the other, the second before the
/// first one's update reached the page (held back as on a slow line; the same
/// happens to a discard clicked while bots discard): the second click was
/// chosen at an old version and once came back refused, the click lost. Now
/// the page sends it again when the fresh board still lists it, and no
/// refusal is shown.
#[tokio::test(flavor = "multi_thread")]
async fn a_click_that_went_stale_under_a_moving_game_is_not_lost() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    german(&b).await;
    let table = ui::create_table(&b, "splendor", &["human", "bot:random"], "Kai", false).await;
    let started = Instant::now();
    loop {
        assert_eq!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine);
        if b.first("[data-testid=hand-dock] .chip.returnable").await.is_some() {
            if tokens_held(&b).await >= 12 {
                break;
            }
            // Only one to return: return it and take again.
            assert_eq!(ui::act(&b, "[data-testid=hand-dock] .chip.returnable").await, None);
            continue;
        }
        take_three(&b).await;
        assert!(started.elapsed() < Duration::from_secs(120), "no turn with 12 tokens");
    }
    let held = tokens_held(&b).await;
    let version = ui::version(&b).await.expect("a version");
    b.script("window.spielleiterDebug.holdUpdates = true").await;
    // Both clicks on the board as it is now (version `version`).
    let chips = b.all("[data-testid=hand-dock] .chip.returnable").await;
    let mut ids = Vec::new();
    for c in &chips {
        ids.push(b.attr_of(c, "data-testid").await.unwrap_or_default());
    }
    // A second colour if there is one (else the first has two tokens).
    let (first, second) = (ids[0].clone(), ids.get(1).unwrap_or(&ids[0]).clone());
    b.click(&format!("[data-testid=\"{first}\"]")).await;
    // The first return is accepted; this page has not heard of it yet.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(ui::version(&b).await, Some(version), "the update is held back");
    b.click(&format!("[data-testid=\"{second}\"]")).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    b.script("window.spielleiterDebug.holdUpdates = false").await;
    // What the server holds (updates held back above were dropped, not queued).
    let secret = held_secret(&b, &table, 0).await;
    let server_tokens = || async {
        let v: Value = reqwest::Client::new()
            .get(format!("{}/api/tables/{table}/view?seat=0", server.url))
            .header("x-seat-secret", &secret)
            .send()
            .await
            .expect("view")
            .json()
            .await
            .expect("json");
        v["view"]["players"][0]["tokens"]
            .as_object()
            .map(|o| o.values().filter_map(Value::as_u64).sum::<u64>())
            .unwrap_or(0)
    };
    let started = Instant::now();
    while server_tokens().await > held - 2 {
        assert!(
            b.text_of("[data-testid=refusal]").await.is_none(),
            "the second click is not refused: {:?}",
            b.text_of("[data-testid=refusal]").await
        );
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "both returns arrive ({} tokens)",
            server_tokens().await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(server_tokens().await, held - 2, "both clicks were played");
    assert!(b.text_of("[data-testid=refusal]").await.is_none(), "no refusal shown");
    b.quit().await;
    server.stop().await;
}

/// The log lines of the page, as text.
async fn log_lines(b: &Browser) -> Vec<String> {
    let v = b
        .script("return [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.textContent)")
        .await;
    v.as_array()
        .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
        .unwrap_or_default()
}

/// The game log is the server's stored history, redacted for the viewer: a
/// spectator (which once saw an empty log, the log living in the player's
/// localStorage) and a reload see all of it, the face-down card only its
/// owner; the replay viewer follows the running game up to the present.
#[tokio::test(flavor = "multi_thread")]
async fn the_log_comes_from_the_server_and_keeps_secrets() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    german(&b).await;
    let table = ui::create_table(&b, "splendor", &["human", "bot:random"], "Lea", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let secret_line = "sieht die verdeckte Karte:";
    assert_eq!(
        ui::act(&b, "[data-testid=legal-action][data-kind=reserve_deck]").await,
        None
    );
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let mine = log_lines(&b).await;
    assert!(
        mine.iter().any(|l| l.contains(secret_line)),
        "the owner sees the card: {mine:?}"
    );

    // A spectator in another tab: the whole log but the owner's secret.
    let player = b.new_tab().await;
    b.goto(&format!("/watch/{table}")).await;
    b.wait_for("[data-testid=spectator-note]", Duration::from_secs(20))
        .await;
    let started = Instant::now();
    let mut seen = log_lines(&b).await;
    while seen.len() < mine.len() - 1 && started.elapsed() < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        seen = log_lines(&b).await;
    }
    assert_eq!(
        seen.len(),
        mine.len() - 1,
        "the spectator sees every public line: {seen:?}"
    );
    assert!(
        seen.iter().any(|l| l.contains("reserviert verdeckt von Stapel")),
        "{seen:?}"
    );
    assert!(
        !seen.iter().any(|l| l.contains(secret_line)),
        "no secret for spectators: {seen:?}"
    );

    // The replay of the running game follows it.
    b.goto(&format!("/replay/{table}")).await;
    b.wait_for("[data-testid=replay-live]", Duration::from_secs(20)).await;
    b.click("[data-testid=replay-last]").await;
    let body = b.text_of("body").await.unwrap_or_default();
    assert!(!body.contains(secret_line), "no secret in the replay");
    let replay = b.switch_to(&player).await;

    // A reload of the player's tab: the same log, the secret line included.
    b.reload().await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let started = Instant::now();
    while log_lines(&b).await != mine {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the reloaded log equals the one before: {:?}",
            log_lines(&b).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    take_three(&b).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let now = ui::version(&b).await.expect("a version");
    b.switch_to(&replay).await;
    let started = Instant::now();
    loop {
        let at = b.attr("[data-testid=replay-step]", "data-version").await;
        if at.and_then(|v| v.parse::<u64>().ok()) == Some(now) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the replay reaches the present (version {now})"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.quit().await;
    server.stop().await;
}

/// What just happened and whose turn it is: the tab's title says it's your
/// turn (it always said "Lobby") and a turn signal fires, with an optional
/// tone; log lines about a seat carry its colour and number; the list of
/// legal actions is folded away (the board is the way to act) and opens on
/// request.
#[tokio::test(flavor = "multi_thread")]
async fn the_turn_shows_in_the_title_and_the_log_in_seat_colours() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    german(&b).await;
    ui::create_table(&b, "splendor", &["human", "bot:random"], "Mia", false).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let title = b.script("return document.title").await;
    assert!(
        title.as_str().unwrap_or_default().starts_with("● Du bist am Zug"),
        "the title says it is my turn: {title}"
    );
    let signals = b.script("return window.spielleiterDebug.turnSignals || 0").await;
    assert_eq!(signals.as_u64(), Some(1), "one turn signal");
    assert!(
        b.first("details[data-testid=legal-list]:not([open])").await.is_some(),
        "the legal list is folded away"
    );
    // The switch's icon is an inline SVG (no emoji font needed), its text says the state:
    // on for a player until switched off (sound_browser.rs has the rest).
    assert_eq!(
        b.text_of("[data-testid=sound-toggle]").await.as_deref().map(str::trim),
        Some("Ton an")
    );
    assert!(b
        .first("[data-testid=sound-toggle] svg[data-icon=volume]")
        .await
        .is_some());
    b.click("[data-testid=sound-toggle]").await;
    assert_eq!(
        b.text_of("[data-testid=sound-toggle]").await.as_deref().map(str::trim),
        Some("Ton aus")
    );
    assert!(b
        .first("[data-testid=sound-toggle] svg[data-icon=volume-off]")
        .await
        .is_some());

    take_three(&b).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    let signals = b.script("return window.spielleiterDebug.turnSignals || 0").await;
    assert_eq!(signals.as_u64(), Some(2), "a signal for the second turn");
    assert!(
        b.first("details[data-testid=legal-list][open]").await.is_some(),
        "clicking a listed action unfolded the list, and it stays open"
    );
    let bot_line = b
        .first("[data-testid=log] li[data-seat=\"1\"]")
        .await
        .expect("a log line of the bot's seat");
    let text = b.text(&bot_line).await.unwrap_or_default();
    assert!(
        text.starts_with("2 ") && text.contains("Bot 2"),
        "the line names the seat: {text}"
    );
    let colour = b
        .script(
            "return getComputedStyle(document.querySelector('[data-testid=log] li[data-seat=\"1\"]')).borderLeftColor",
        )
        .await;
    assert_eq!(colour.as_str(), Some("rgb(29, 95, 209)"), "seat 2's colour");
    b.screenshot("table-turn-signal.png").await;
    b.quit().await;
    server.stop().await;
}

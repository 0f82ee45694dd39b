//! Steps through the web UI that every game's test shares.

use crate::Browser;
use std::time::{Duration, Instant};

/// Opens the lobby and switches it to German, where the tests read the
/// page's sentences.
pub async fn lobby_in_german(b: &Browser) {
    lobby_in(b, "DE").await;
}

/// Opens the lobby and switches it to English.
pub async fn lobby_in_english(b: &Browser) {
    lobby_in(b, "EN").await;
}

/// Opens the lobby in the language `code` names: the switch shows the
/// other language's code, so a switch that reads `code` is clicked.
async fn lobby_in(b: &Browser, code: &str) {
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some(code) {
        b.click("[data-testid=lang-switch]").await;
    }
}

/// What the table page shows the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// This browser's seat is to act and has legal actions.
    Mine,
    /// The game is over: the winner screen is up.
    Over,
}

/// Opens the lobby and fills the create form: the game, the rule set
/// (if given) from its menu, the player count, each seat (`human` or
/// `bot:NAME`) and the player's name. Returns the player counts the
/// lobby offered (for the rule set).
async fn fill_create_form(b: &Browser, game: &str, rules: Option<&str>, seats: &[&str], name: &str) -> Vec<String> {
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.click(&format!("[data-testid=game-select] option[value=\"{game}\"]"))
        .await;
    if let Some(rules) = rules {
        b.click(&format!("[data-testid=rules-select] option[value=\"{rules}\"]"))
            .await;
    }
    let mut counts = Vec::new();
    for e in b.all("[data-testid=players-select] option").await {
        counts.push(b.attr_of(&e, "value").await.unwrap_or_default());
    }
    b.click(&format!(
        "[data-testid=players-select] option[value=\"{}\"]",
        seats.len()
    ))
    .await;
    for (i, kind) in seats.iter().enumerate() {
        b.click(&format!("[data-testid=seat-kind-{i}] option[value=\"{kind}\"]"))
            .await;
    }
    b.type_into("[data-testid=name-input]", name).await;
    counts
}

/// Types `options` into the folded "Advanced" JSON field.
async fn type_options(b: &Browser, options: &str) {
    b.click("[data-testid=create-form] details > summary").await;
    b.type_into("[data-testid=options-input]", options).await;
}

/// Submits the create form; the table id once its page is open.
async fn submit_create_form(b: &Browser) -> String {
    b.click("[data-testid=create-table]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    table_id(b).await
}

/// Creates a table in the lobby with game options typed into the options
/// field (when the lobby shows one); returns the table id once its page is open.
pub async fn create_with_options(b: &Browser, game: &str, seats: &[&str], name: &str, options: &str) -> String {
    fill_create_form(b, game, None, seats, name).await;
    if b.first("[data-testid=options-input]").await.is_some() {
        type_options(b, options).await;
    }
    submit_create_form(b).await
}

/// Creates a table of a game's rule set in the lobby: the game, the rule
/// set from its menu, the player count, each seat, the name and typed
/// options (if any). Returns the table id and the player counts the
/// lobby offered for the rule set.
pub async fn create_with_rules(
    b: &Browser,
    game: &str,
    rules: &str,
    seats: &[&str],
    name: &str,
    options: &str,
) -> (String, Vec<String>) {
    let counts = fill_create_form(b, game, Some(rules), seats, name).await;
    if !options.is_empty() {
        type_options(b, options).await;
    }
    (submit_create_form(b).await, counts)
}

/// The first of `selectors` that matches an element now.
pub async fn first_of(b: &Browser, selectors: &[&str]) -> Option<String> {
    for css in selectors {
        if b.first(css).await.is_some() {
            return Some((*css).to_string());
        }
    }
    None
}

/// The table id in the table page's URL.
pub async fn table_id(b: &Browser) -> String {
    let url = b.url().await;
    url.split("/play/")
        .nth(1)
        .map(|s| s.split(['?', '#']).next().unwrap_or_default().to_string())
        .unwrap_or_else(|| panic!("the table page has no table id in its URL: {url}"))
}

/// Creates a table in the lobby by clicking: the game, the number of
/// players, each seat (`human` or `bot:NAME`), the player's name, hot-seat.
/// Returns the table id once the table page is open.
pub async fn create_table(b: &Browser, game: &str, seats: &[&str], name: &str, hotseat: bool) -> String {
    fill_create_form(b, game, None, seats, name).await;
    if hotseat {
        b.click("[data-testid=hotseat]").await;
    }
    submit_create_form(b).await
}

/// The version the table page shows.
pub async fn version(b: &Browser) -> Option<u64> {
    b.attr("[data-testid=table-page]", "data-version")
        .await
        .and_then(|v| v.parse().ok())
}

/// After a click on a robber hex (the page was at version `before`):
/// either the robber moved (the version changed, or the game ended) or
/// the victim chooser opened, and its first victim is picked. Returns
/// whether the chooser opened, and the refusal's text if one was shown.
pub async fn finish_robber(b: &Browser, before: Option<u64>) -> (bool, Option<String>) {
    let started = Instant::now();
    loop {
        if b.first("[data-testid=victim-panel]").await.is_some() {
            return (true, act(b, "[data-testid=victim-panel] [data-testid^=victim-]").await);
        }
        if version(b).await != before || b.first("[data-testid=winner]").await.is_some() {
            return (false, None);
        }
        if let Some(t) = b.text_of("[data-testid=refusal]").await {
            return (false, Some(t));
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the robber click did nothing"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Waits until this browser's seat is to act, or the game is over.
pub async fn wait_turn(b: &Browser, timeout: Duration) -> Turn {
    let started = Instant::now();
    loop {
        if b.first("[data-testid=winner]").await.is_some() {
            return Turn::Over;
        }
        if b.first("[data-testid=turn][data-mine=true]").await.is_some()
            && b.first("[data-testid=legal-action]").await.is_some()
        {
            return Turn::Mine;
        }
        if started.elapsed() > timeout {
            let text = b.text_of("body").await.unwrap_or_default();
            panic!("neither my turn nor the end after {timeout:?}; the page says:\n{text}");
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// From the winner screen, opens the replay viewer, jumps to the last
/// frame and asserts that the game's board (`board_css`) is drawn from the
/// recorded frames and the result is shown.
pub async fn replay_shows_board(b: &Browser, board_css: &str) {
    b.click("[data-testid=winner-replay]").await;
    b.wait_for("[data-testid=replay-page]", Duration::from_secs(20)).await;
    b.wait_for(board_css, Duration::from_secs(20)).await;
    b.click("[data-testid=replay-last]").await;
    b.wait_for("[data-testid=replay-result]", Duration::from_secs(10)).await;
    assert!(b.first(board_css).await.is_some(), "the replay shows the board");
}

/// Clicks `css` and waits until the table's version moves on (the action
/// was accepted) or a refusal is shown; returns the refusal's text.
pub async fn act(b: &Browser, css: &str) -> Option<String> {
    // An earlier refusal still on screen is not this click's answer.
    if b.first("[data-testid=refusal]").await.is_some() {
        b.click("[data-testid=banner-close]").await;
    }
    let before = version(b).await;
    b.click(css).await;
    let started = Instant::now();
    loop {
        if let Some(text) = b.text_of("[data-testid=refusal]").await {
            if !text.is_empty() {
                return Some(text);
            }
        }
        let now = version(b).await;
        if now.is_some() && now != before {
            return None;
        }
        if b.first("[data-testid=winner]").await.is_some() {
            return None;
        }
        if started.elapsed() > Duration::from_secs(15) {
            let errors = b.console_errors().await.join("\n");
            panic!("clicking '{css}' changed nothing within 15 s; the page's errors:\n{errors}");
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Sends a hand-written action through the page's JSON field (as a user
/// could) and returns the refusal the page shows.
pub async fn send_raw(b: &Browser, json: &str) -> String {
    refusal(b, json).await.0
}

/// Sends a hand-written action through the page's JSON field and returns
/// the refusal's sentence and rule id (every game's bad-input check).
pub async fn refusal(b: &Browser, json: &str) -> (String, String) {
    if b.first("details.raw[open]").await.is_none() {
        b.click("[data-testid=raw-toggle]").await;
    }
    b.type_into("[data-testid=raw-action]", json).await;
    b.click("[data-testid=raw-send]").await;
    let e = b.wait_for("[data-testid=refusal]", Duration::from_secs(10)).await;
    let text = b.text(&e).await.unwrap_or_default();
    let rule = b.text_of("code.rule").await.unwrap_or_default();
    b.click("[data-testid=banner-close]").await;
    (text, rule)
}

/// Notes once that a click policy did `what` (the tests assert on the list).
pub fn note(seen: &mut Vec<&'static str>, what: &'static str) {
    if !seen.contains(&what) {
        seen.push(what);
    }
}

/// Sets the page's viewport to exactly `width`×`height` CSS pixels (a phone's
/// 390×844, a laptop's 1280×720): a window of that size has less room for the
/// page inside the browser's frame, so the viewport is emulated (DevTools),
/// and a phone width is emulated as a touch device's (overlay scroll bars).
pub async fn viewport(b: &Browser, width: u32, height: u32) {
    b.resize(width, height + 200).await;
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        serde_json::json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}),
    )
    .await
    .expect("viewport");
    b.script("window.dispatchEvent(new Event('resize')); return null;")
        .await;
}

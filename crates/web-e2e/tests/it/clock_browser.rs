//! The turn clock in the browser (issue 15, point 7): a clock out of range is
//! refused in the lobby in the player's language and creates nothing; at a
//! table with a clock the seat to act sees its time run down, then its
//! grace, then a bot plays the seat (the page says so, and the game goes on
//! without a click), and the player takes the seat back with one button.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

async fn tables(server: &TestServer) -> usize {
    let v: serde_json::Value = reqwest::get(format!("{}/api/tables", server.url))
        .await
        .expect("tables")
        .json()
        .await
        .expect("json");
    v["tables"].as_array().map_or(0, Vec::len)
}

/// Waits until `css` matches, or fails naming `what`.
async fn until(b: &Browser, css: &str, what: &str, limit: Duration) {
    let started = Instant::now();
    while b.first(css).await.is_none() {
        assert!(started.elapsed() < limit, "{what}: nothing matches {css}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A second player at the table through the API: joins seat 1 and acts
/// when asked (the first action its seat lists).
struct Other {
    http: reqwest::Client,
    base: String,
    secret: String,
}

impl Other {
    async fn join(server: &TestServer, table: &str) -> Other {
        let http = reqwest::Client::new();
        let base = format!("{}/api/tables/{table}", server.url);
        let resp = http
            .post(format!("{base}/seats/1/join"))
            .json(&json!({"name": "Jo"}))
            .send()
            .await;
        let v: Value = resp.expect("join").json().await.expect("json");
        let secret = v["secret"].as_str().expect("secret").to_string();
        Other { http, base, secret }
    }

    /// Acts once if seat 1 has a legal action; whether it did.
    async fn act(&self) -> bool {
        let view = format!("{}/view?seat=1", self.base);
        let resp = self.http.get(view).header("x-seat-secret", &self.secret).send().await;
        let snap: Value = resp.expect("view").json().await.expect("json");
        let Some(action) = snap["legal"].as_array().and_then(|l| l.first()).cloned() else {
            return false;
        };
        let body = json!({"seat": 1, "action": action, "version": snap["version"]});
        let act = format!("{}/act", self.base);
        let resp = self
            .http
            .post(act)
            .header("x-seat-secret", &self.secret)
            .json(&body)
            .send()
            .await;
        resp.expect("act").status().is_success()
    }
}

/// Fills the lobby for a Splendor table of two humans with a clock.
async fn fill_lobby(b: &Browser, turn: &str, grace: &str) {
    b.click("[data-testid=game-select] option[value=\"splendor\"]").await;
    b.click("[data-testid=players-select] option[value=\"2\"]").await;
    b.click("[data-testid=seat-kind-1] option[value=\"human\"]").await;
    b.type_into("[data-testid=name-input]", "Uta").await;
    b.type_into("[data-testid=clock-turn]", turn).await;
    b.type_into("[data-testid=clock-grace]", grace).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_turn_clock_hands_an_idle_seat_to_a_bot_and_back() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;

    // Out of range: refused in German, and no table is made.
    fill_lobby(&b, "3", "0").await;
    b.click("[data-testid=create-table]").await;
    let banner = b
        .wait_for("[data-testid=banner]:not([hidden])", Duration::from_secs(10))
        .await;
    let text = b.text(&banner).await.unwrap_or_default();
    assert!(text.contains("Zugzeit muss 5 bis 3600 Sekunden"), "{text}");
    assert!(
        b.first("[data-testid=table-page]").await.is_none(),
        "no table page opened"
    );
    assert_eq!(tables(&server).await, 0, "a refused clock creates nothing");

    // Five seconds a turn, two of grace; Jo takes the other seat.
    fill_lobby(&b, "5", "2").await;
    b.click("[data-testid=create-table]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    let url = b.url().await;
    let table = url
        .split("/play/")
        .nth(1)
        .and_then(|s| s.split(['?', '#']).next())
        .unwrap_or_default();
    let other = Other::join(&server, table).await;
    // Whoever starts, seat 0 is to act once Jo has had a turn.
    other.act().await;
    let mine = "[data-testid=clocks] [data-testid=clock-0][data-state=turn]";
    until(&b, mine, "the seat to act sees its time", Duration::from_secs(20)).await;
    let left = b.text_of("[data-testid=clock-0]").await.unwrap_or_default();
    assert!(left.starts_with("noch 0:0"), "{left}");
    // The clock's icon is an inline SVG, not an emoji that a system without an emoji font draws as a box.
    assert!(
        b.first("[data-testid=clock-0] svg[data-icon=clock]").await.is_some(),
        "the clock has its icon"
    );
    let status = b.text_of(".status-bar").await.unwrap_or_default();
    assert!(
        !status.contains(['⏱', '🤖', '🔔', '🔕']),
        "no emoji in the status bar: {status}"
    );
    let version = ui::version(&b).await;
    until(
        &b,
        "[data-testid=clock-0][data-state=grace]",
        "the grace follows",
        Duration::from_secs(10),
    )
    .await;
    let grace = b.text_of("[data-testid=clock-0]").await.unwrap_or_default();
    assert!(grace.contains("Nachspielzeit 0:0"), "{grace}");
    b.screenshot("clock.png").await;

    // Time is up: a bot plays the seat's turn, the page says so, and Jo is to act.
    until(
        &b,
        "[data-testid=autopilot-note]",
        "a bot took the seat",
        Duration::from_secs(10),
    )
    .await;
    let note = b.text_of("[data-testid=autopilot-note]").await.unwrap_or_default();
    assert!(note.contains("Ein Bot spielt für dich"), "{note}");
    let started = Instant::now();
    while ui::version(&b).await == version {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the bot does not play the seat"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let bot = "[data-testid=clock-0][data-state=autopilot]";
    until(&b, bot, "the seat list shows the bot", Duration::from_secs(5)).await;
    assert!(
        b.first("[data-testid=clock-0][data-state=autopilot] svg[data-icon=bot]")
            .await
            .is_some(),
        "the bot's icon"
    );
    until(
        &b,
        "[data-testid=clock-1][data-state=turn]",
        "Jo's clock runs",
        Duration::from_secs(5),
    )
    .await;
    b.screenshot("clock-autopilot.png").await;

    // One click and the seat is the player's again, with a fresh clock once it
    // is to act.
    b.click("[data-testid=take-back]").await;
    let started = Instant::now();
    while b.first("[data-testid=autopilot-note]").await.is_some() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the seat was not taken back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Jo acts (unless Jo's own clock ran out meanwhile and a bot did).
    other.act().await;
    until(&b, mine, "the player's own clock runs again", Duration::from_secs(20)).await;
    let button = b.attr("[data-testid=autopilot-0]", "data-on").await;
    assert_eq!(
        button.as_deref(),
        Some("false"),
        "the seat list offers to hand over again"
    );
    b.quit().await;
    server.stop().await;
}

/// After the game the clock says nothing more (issue 26): the note that a bot
/// plays the seat and the seats' clocks go away with the last move, so the
/// winner screen is not pushed down by a clock of a game that is over.
#[tokio::test(flavor = "multi_thread")]
async fn the_clock_goes_quiet_when_the_game_is_over() {
    let server = TestServer::start_game(4).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    b.click("[data-testid=game-select] option[value=\"splendor\"]").await;
    b.click("[data-testid=players-select] option[value=\"2\"]").await;
    b.click("[data-testid=seat-kind-1] option[value=\"bot:random\"]").await;
    b.type_into("[data-testid=name-input]", "Uta").await;
    b.type_into("[data-testid=clock-turn]", "60").await;
    b.type_into("[data-testid=clock-grace]", "0").await;
    b.click("[data-testid=create-table]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    // The player hands the seat to the bot: the page says so, and the bots play the game out.
    // Two quick bots may finish the game before the page is looked at again:
    // the note, or already the winner screen, says the bot took the seat. A
    // click that met the button while the page redrew it reached nothing: the
    // button still offers the hand-over, and is clicked again.
    let done = "[data-testid=autopilot-note], [data-testid=winner]";
    let started = Instant::now();
    while b.first(done).await.is_none() {
        if b.attr("[data-testid=autopilot-0]", "data-on").await.as_deref() == Some("false") {
            b.click("[data-testid=autopilot-0]").await;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the bot plays the seat: nothing matches {done}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    until(&b, "[data-testid=winner]", "the game ends", Duration::from_secs(120)).await;
    b.click("[data-testid=winner-close]").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        b.first("[data-testid=autopilot-note]").await.is_none(),
        "no bot note after the game"
    );
    assert!(
        b.first("[data-testid^=clock-]").await.is_none(),
        "no seat clock after the game"
    );
    b.quit().await;
    server.stop().await;
}

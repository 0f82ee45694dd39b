//! Issue 43, item 5: defects a player met at the table, each checked where
//! it showed. The sentences of the log and the winner table's labels are
//! checked on the page's own modules (imported into the lobby page, as the
//! table page imports them); the barbarian track at 1280 px, the robber's
//! chosen hex and the lobby's default bot on the drawn page; the motion
//! layer under the winner dialog and the leaderboard link after a rated
//! CATAN game at a real table played to the end.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

/// Runs `js` (an expression over the module `m` imported from `path`) in the
/// page and returns its value.
async fn with_module(b: &Browser, path: &str, js: &str) -> Value {
    let script = format!(
        "return import('{path}').then((m) => {{ try {{ return JSON.stringify({js}); }} catch (e) {{ return JSON.stringify({{error: String(e) + e.stack}}); }} }}, (e) => JSON.stringify({{error: String(e)}}));"
    );
    let v = b.script(&script).await;
    serde_json::from_str(v.as_str().unwrap_or("null")).unwrap_or(Value::Null)
}

/// A context as the table page hands a game module's sentence functions.
const CTX: &str =
    "(lang) => ({ lang, seatName: (i) => ['Anna', 'Bot 2', 'Bot 3', 'Bot 4', 'Bot 5', 'Bot 6'][i], view: null, \
    L: (m, v) => Object.entries(v || {}).reduce((s, [k, x]) => s.replaceAll(`{${k}}`, x), m[lang]) })";

#[tokio::test(flavor = "multi_thread")]
async fn log_sentences_say_what_moved_and_what_paid() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.use_description("catan", Some("cities_knights")).await;

    // A monopoly taking nothing from a seat: no "gives Bot 3 0 ore".
    let monopoly = with_module(
        &b,
        "/assets/games/catan-text.js",
        &format!(
            "((ctx) => ['de', 'en'].map((l) => m.describeEvent({{ type: 'monopoly_paid', from: 2, to: 0, resource: 'ore', count: 0 }}, ctx(l))))({CTX})"
        ),
    )
    .await;
    assert_eq!(
        monopoly,
        json!(["Bot 3 hat kein Erz.", "Bot 3 has no ore."]),
        "{monopoly}"
    );
    let paid = with_module(
        &b,
        "/assets/games/catan-text.js",
        &format!(
            "((ctx) => ['de', 'en'].map((l) => m.describeEvent({{ type: 'monopoly_paid', from: 2, to: 0, resource: 'wool', count: 2 }}, ctx(l))))({CTX})"
        ),
    )
    .await;
    assert_eq!(paid, json!(["Bot 3 gibt Anna 2 Wolle.", "Bot 3 gives Anna 2 wool."]));
    let wool = with_module(
        &b,
        "/assets/games/catan-text.js",
        &format!(
            "((ctx) => m.describeEvent({{ type: 'monopoly_paid', from: 2, to: 0, resource: 'wool', count: 0 }}, ctx('de')))({CTX})"
        ),
    )
    .await;
    assert_eq!(wool, json!("Bot 3 hat keine Wolle."));
    // A Cities & Knights offer or counter-offer names its commodities too (they were left out).
    let counter = with_module(
        &b,
        "/assets/games/catan-negotiation.js",
        &format!(
            "((ctx) => ['de', 'en'].map((l) => m.side(ctx(l), {{ give: {{ brick: 1 }}, give_commodities: {{ cloth: 2 }} }}, 'give')))({CTX})"
        ),
    )
    .await;
    assert_eq!(counter, json!(["1 Lehm, 2 Tuch", "1 brick, 2 cloth"]), "{counter}");
    // Cities & Knights' monopolies (resource and trade monopoly).
    let ck = with_module(
        &b,
        "/assets/games/ck-text.js",
        &format!(
            "((ctx) => ['de', 'en'].map((l) => m.describeEvent({{ type: 'monopoly_given', from: 1, to: 0, card: 'cloth', count: 0 }}, ctx(l))))({CTX})"
        ),
    )
    .await;
    let ck: Vec<String> = serde_json::from_value(ck.clone()).unwrap_or_else(|_| panic!("{ck}"));
    for line in &ck {
        assert!(!line.contains(" 0 "), "no zero transfer: {line}");
    }
    assert_eq!(ck[1], "Bot 2 has no cloth.");

    b.use_description("splendor", None).await;
    // Splendor: a card bought with its bonuses alone says so (not "for nothing").
    let bought = with_module(
        &b,
        "/assets/games/splendor.js",
        &format!(
            "((ctx) => ['de', 'en'].map((l) => m.describeEvent({{ type: 'bought', seat: 1, card: 3, payment: {{}}, from_reserve: false }}, ctx(l))))({CTX})"
        ),
    )
    .await;
    let bought: Vec<String> = serde_json::from_value(bought.clone()).unwrap_or_else(|_| panic!("{bought}"));
    assert!(
        bought[0].contains("allein mit Boni") && !bought[0].contains("nichts"),
        "{}",
        bought[0]
    );
    assert!(
        bought[1].contains("with bonuses alone") && !bought[1].contains("nothing"),
        "{}",
        bought[1]
    );
    // Gold and bonuses: the gold is named.
    let gold = with_module(
        &b,
        "/assets/games/splendor.js",
        &format!(
            "((ctx) => m.describeEvent({{ type: 'bought', seat: 1, card: 3, payment: {{ gold: 1 }}, from_reserve: false }}, ctx('en')))({CTX})"
        ),
    )
    .await;
    assert!(gold.as_str().is_some_and(|s| s.contains("for 1 gold")), "{gold}");
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_winner_table_says_points_not_pieces() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    // Three cities (6 points) and two settlements: the row of cities reads as points.
    let rows = with_module(
        &b,
        "/assets/games/scores.js",
        "['de', 'en'].map((lang) => m.catanPoints({ players: [{ settlements: [1, 2], cities: [3, 4, 5] }, { settlements: [6, 7], cities: [] }], longest_road: null, largest_army: null }, { scores: [8, 2] }, { lang }))",
    )
    .await;
    let rows: Vec<Vec<Value>> = serde_json::from_value(rows.clone()).unwrap_or_else(|_| panic!("{rows}"));
    for (lang, rows) in ["de", "en"].iter().zip(&rows) {
        let city = rows
            .iter()
            .find(|r| r["values"][0] == 6)
            .unwrap_or_else(|| panic!("{lang}: the cities' row: {rows:?}"));
        let label = city["label"].as_str().unwrap_or_default();
        let want = if *lang == "de" {
            "Punkte aus Städten"
        } else {
            "Points from cities"
        };
        assert_eq!(label, want, "{lang}: the label says the values are points");
    }
    b.quit().await;
    server.stop().await;
}

/// A server with the bots of `spielleiter serve` (random, greedy, lookahead,
/// mcts; the test server has only `random`), each thinking `think_ms` a move.
async fn serve_bots(dir: &web_e2e::TempDir, think_ms: u64) -> server::RunningServer {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: format!("sqlite://{}", dir.path().join("e2e.db").display()),
        bot_think_ms: think_ms,
        ..server::ServerConfig::default()
    };
    let games = server::Registry::new(
        spielleiter_cli::registry::GAMES
            .iter()
            .map(|id| spielleiter_cli::registry::entry(id).expect("an entry"))
            .collect(),
    )
    .expect("games");
    let bots = spielleiter_cli::seat_bot::server_bots(spielleiter_cli::seat_bot::SERVER_MCTS).expect("bots");
    server::start(config, games, bots).await.expect("the server starts")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_lobby_offers_a_sensible_bot_first() {
    let dir = web_e2e::TempDir::new("serve-bots");
    let running = serve_bots(&dir, 0).await;
    let Some(b) = Browser::start(&format!("http://{}", running.addr)).await else {
        running.shutdown().await.expect("stops");
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.click("[data-testid=game-select] option[value=\"catan\"]").await;
    let kinds = b
        .script("return [1, 2].map((i) => document.querySelector(`[data-testid=seat-kind-${i}]`).value)")
        .await;
    assert_eq!(
        kinds,
        json!(["bot:greedy", "bot:greedy"]),
        "the other seats' default bot"
    );
    b.quit().await;
    running.shutdown().await.expect("stops");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_barbarian_track_labels_fit_at_1280() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.resize(1280, 900).await;
    ui::lobby_in_german(&b).await;
    let seats = ["human", "bot:random", "bot:random"];
    ui::create_with_rules(&b, "catan", "cities_knights", &seats, "Anna", "").await;
    b.wait_for("[data-testid=barbarian-track]", Duration::from_secs(20))
        .await;
    for (w, h) in [(1280, 900), (1440, 900), (390, 844)] {
        b.resize(w, h).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let clipped = b
            .script(
                "return [...document.querySelectorAll('[data-testid=barbarian-track] .barb-step')]\
                 .filter((e) => e.scrollWidth > e.clientWidth).map((e) => `${e.textContent} ${e.scrollWidth}>${e.clientWidth}`)",
            )
            .await;
        assert_eq!(clipped, json!([]), "{w}x{h}: every label fits");
        let labels = b
            .script("return [...document.querySelectorAll('[data-testid=barbarian-track] .barb-step')].map((e) => e.textContent)")
            .await;
        assert!(
            labels
                .as_array()
                .is_some_and(|l| l.contains(&json!("Schiff")) && l.contains(&json!("Catan"))),
            "{labels}"
        );
    }
    b.quit().await;
    server.stop().await;
}

/// A robber position of a random 4-player game where one hex offers two
/// victims or more: the view and legal actions of the seat, and that hex.
fn robber_case() -> (Value, Vec<Value>, u8, u64) {
    use catan::Catan;
    use engine::rand::{Rng, SeedableRng};
    use engine::{ChanceMode, Game, GameRng, Match, ToAct, Viewer};
    for seed in 0..300u64 {
        let mut m = Match::<Catan>::new(catan::Config::default(), 4, seed, ChanceMode::Seeded).expect("starts");
        let mut rng = GameRng::seed_from_u64(seed);
        for _ in 0..3000 {
            let ToAct::Seats(seats) = m.to_act() else { break };
            let seat = seats.first().expect("a seat");
            let legal: Vec<_> = m
                .legal_actions(seat)
                .into_iter()
                .filter(|a| !Catan::is_offer(a))
                .collect();
            let json: Vec<Value> = legal.iter().map(|a| serde_json::to_value(a).expect("action")).collect();
            let hex = json
                .iter()
                .filter(|a| a["type"] == "move_robber" && !a["victim"].is_null())
                .filter_map(|a| a["hex"].as_u64())
                .find(|h| {
                    json.iter()
                        .filter(|a| a["type"] == "move_robber" && a["hex"] == *h)
                        .count()
                        >= 2
                });
            if let Some(hex) = hex {
                let view = serde_json::to_value(m.view(Viewer::Seat(seat))).expect("view");
                return (view, json, seat.0, hex);
            }
            let a = legal[rng.random_range(0..legal.len())];
            m.act(seat, a, None).expect("a legal action");
        }
    }
    panic!("no robber position with two victims in 300 random games");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_robbers_chosen_hex_is_marked_while_picking_a_victim() {
    let (view, legal, seat, hex) = robber_case();
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.use_description("catan", None).await;
    let mut rng = <engine::GameRng as engine::rand::SeedableRng>::seed_from_u64(0);
    let state = <catan::Catan as engine::Game>::new_game(&catan::Config::default(), 4, &mut rng).expect("a game");
    let served = catan::query::board_geometry(&state);
    b.script(&format!(
        "window.__e2e = {{ view: {view}, legal: {legal}, seat: {seat}, topology: {served}, sent: null }}; \
         Promise.all([import('/assets/games/catan.js'), import('/assets/dom.js'), import('/assets/i18n.js')]).then(([m, dom, i18n]) => {{ \
           i18n.setLang('de'); m.useTopology(window.__e2e.topology); \
           const root = document.createElement('div'); root.id = 'e2e-root'; document.body.prepend(root); \
           const ctx = {{ lang: 'de', t: i18n.t, L: i18n.L, h: dom.h, seat: window.__e2e.seat, spectator: false, replay: false, legal: window.__e2e.legal, view: window.__e2e.view, toAct: null, result: null, seats: [], seatName: (i) => `P${{i + 1}}`, log: [], ui: {{}}, sending: false, \
             act: (a) => {{ window.__e2e.sent = [a]; }}, actAll: (l) => {{ window.__e2e.sent = l; }}, rerender: () => draw() }}; \
           const draw = () => dom.mount(root, m.render(window.__e2e.view, window.__e2e.legal, ctx)); \
           draw(); window.__e2e.ready = true; }}); return 1;",
        legal = Value::from(legal.clone()),
    ))
    .await;
    let started = Instant::now();
    while b.script("return !!window.__e2e.ready").await != json!(true) {
        assert!(started.elapsed() < Duration::from_secs(10), "the board is drawn");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        b.first("#e2e-root [data-testid=robber-chosen]").await.is_none(),
        "no hex is marked before one is chosen"
    );
    b.click(&format!("#e2e-root [data-testid=hex-{hex}]")).await;
    b.wait_for("#e2e-root [data-testid=victim-panel]", Duration::from_secs(5))
        .await;
    let mark = b.first("#e2e-root [data-testid=robber-chosen]").await;
    assert!(mark.is_some(), "the chosen hex is marked while the victim is picked");
    b.screenshot("catan-robber-chosen.png").await;
    assert_eq!(
        b.attr("#e2e-root [data-testid=robber-chosen]", "data-hex").await,
        Some(hex.to_string()),
        "on the hex clicked"
    );
    // Cancelled: the mark goes with the choice.
    b.click("#e2e-root [data-testid=victim-panel] button:not([data-testid])")
        .await;
    assert!(b.first("#e2e-root [data-testid=robber-chosen]").await.is_none());
    b.quit().await;
    server.stop().await;
}

async fn post(url: &str, body: Value, secret: Option<&str>) -> (u16, Value) {
    let mut req = reqwest::Client::new().post(url).json(&body);
    if let Some(s) = secret {
        req = req.header("x-seat-secret", s);
    }
    let res = req.send().await.expect("POST");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread")]
async fn after_a_rated_catan_game_the_dialog_is_clear_and_leads_to_catan_ratings() {
    // Not `start_game`: a table of a chosen seed is never rated. Bots that
    // think 40 ms a move, so that the page draws the game as it goes (with
    // quick bots a busy machine's page drew the finished game at once, and
    // nothing had flown).
    let dir = web_e2e::TempDir::new("rated-end");
    let running = serve_bots(&dir, 40).await;
    let url = format!("http://{}", running.addr);
    let Some(b) = Browser::start(&url).await else {
        running.shutdown().await.expect("stops");
        return;
    };
    b.resize(1280, 900).await;
    // A rated 3-player CATAN table to 3 points: the set-up gives 2, so it ends soon.
    let body = json!({"game": "catan", "players": 3, "rated": true, "options": {"victory_points": 3}, "clock": {"turn_seconds": 600},
                      "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]});
    let (status, created) = post(&format!("{}/api/tables", url), body, None).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let (status, joined) = post(
        &format!("{}/api/tables/{id}/seats/0/join", url),
        json!({"name": "Anna"}),
        None,
    )
    .await;
    assert_eq!(status, 201, "{joined}");
    let secret = joined["secret"].as_str().unwrap_or_default().to_string();
    ui::lobby_in_english(&b).await;
    b.goto(&format!("/play/{id}?seat=0#secret={secret}")).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    // Slow motion: the tokens of the last moves are still flying when the game ends.
    b.script("window.spielleiterDebug.motionScale = 100").await;
    let (status, v) = post(
        &format!("{}/api/tables/{id}/autopilot", url),
        json!({"seat": 0, "on": true}),
        Some(&secret),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    b.wait_for("[data-testid=winner]", Duration::from_secs(180)).await;
    let flew = b
        .script("return (window.spielleiterDebug.motions || []).filter((m) => m.kind === 'fly').length")
        .await;
    assert!(flew.as_u64().unwrap_or(0) > 0, "tokens flew during the game");
    // Nothing flies over the dialog: the tokens are cleared when it opens,
    // and the layer is below it for any that come after.
    let tokens = b
        .script("return document.querySelectorAll('#motion-layer .motion-token').length")
        .await;
    assert_eq!(tokens, json!(0), "no token left over the winner dialog");
    let order = b
        .script(
            "const l = document.getElementById('motion-layer'); const o = document.querySelector('[data-testid=winner]'); \
             return [l ? Number(getComputedStyle(l).zIndex) : null, Number(getComputedStyle(o).zIndex)]",
        )
        .await;
    let (layer, overlay) = (order[0].as_i64(), order[1].as_i64().unwrap_or(0));
    assert!(
        layer.is_none_or(|z| z < overlay),
        "the motion layer {layer:?} is below the dialog {overlay}"
    );
    // The points rows say they are points.
    let labels = b
        .script("return [...document.querySelectorAll('[data-testid=points-row] th')].map((e) => e.textContent)")
        .await;
    assert!(
        labels
            .as_array()
            .is_some_and(|l| !l.is_empty() && l.iter().all(|x| x.as_str().is_some_and(|s| s.starts_with("Points")))),
        "{labels}"
    );
    // The leaderboard from the winner dialog opens on this game's rule set.
    let summary: Value = reqwest::get(format!("{}/api/tables/{id}", url))
        .await
        .expect("GET")
        .json()
        .await
        .unwrap_or(Value::Null);
    assert_eq!(summary["rated"], json!(true), "{summary}");
    b.click("[data-testid=winner-ratings]").await;
    b.wait_for("[data-testid=ratings-page]", Duration::from_secs(20)).await;
    let url = b.url().await;
    assert!(url.contains("game=catan") && url.contains("rules=base"), "{url}");
    let game = b
        .script("return document.querySelector('[data-testid=ratings-game]').value")
        .await;
    assert_eq!(game, json!("catan"));
    // And the lobby's leaderboard link opens on the game this browser played last.
    b.goto("/ratings").await;
    b.wait_for("[data-testid=ratings-game]", Duration::from_secs(20)).await;
    let game = b
        .script("return document.querySelector('[data-testid=ratings-game]').value")
        .await;
    assert_eq!(game, json!("catan"), "the last rated game played here");
    b.quit().await;
    running.shutdown().await.expect("stops");
}

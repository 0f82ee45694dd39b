//! Issue 43, item 2: the hand, the prompt and every control a turn needs are
//! on screen with the board, without scrolling, at 1280×720, 1366×768,
//! 1920×1080 and 390×844, for every game and rule set. Each table is played
//! by seat 0 through the HTTP API to a position in the middle of a game (a
//! hand with cards, a trade or a discard open, whatever the dice gave), then
//! drawn in the browser at each size: the test fails when the dock, its
//! prompt, its hand or any of its enabled controls lies outside the window
//! (or outside the dock's own visible box), when the board ends under the
//! dock, or when the page is wider than a phone.

use serde_json::{json, Value};
use std::time::Duration;
use web_e2e::{ui, Browser, TestServer};

const SIZES: [(u32, u32); 4] = [(1280, 720), (1366, 768), (1920, 1080), (390, 844)];

/// Seat 0's snapshot of table `id` (view, legal actions, version, result).
async fn seat_view(http: &reqwest::Client, url: &str, id: &str, secret: &str) -> Value {
    http.get(format!("{url}/api/tables/{id}/view?seat=0"))
        .header("x-seat-secret", secret)
        .send()
        .await
        .expect("view")
        .json()
        .await
        .expect("json")
}

/// Creates a table of `players` (seat 0 human, the rest `random` bots),
/// joins seat 0 and plays it by the API for `moves` of its decisions
/// (builds and rolls first, never opening a trade). Returns the table and
/// the seat's secret.
async fn table_in_play(url: &str, game: &str, options: Value, players: usize, moves: usize) -> (String, String) {
    let http = reqwest::Client::new();
    let mut seats = vec![json!({"kind": "human"})];
    seats.extend((1..players).map(|_| json!({"kind": "bot", "bot": "random"})));
    let created: Value = http
        .post(format!("{url}/api/tables"))
        .json(&json!({"game": game, "players": players, "options": options, "seats": seats, "seed": 11, "clock": null}))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let id = created["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{created}"))
        .to_string();
    let joined: Value = http
        .post(format!("{url}/api/tables/{id}/seats/0/join"))
        .json(&json!({"name": "Pia"}))
        .send()
        .await
        .expect("join")
        .json()
        .await
        .expect("json");
    let secret = joined["secret"].as_str().expect("secret").to_string();
    let mut done = 0;
    let mut waited = 0;
    // A fixed walk through the legal lists (the n-th decision takes a build,
    // roll or placement if there is one), so the position is the same on every run.
    while done < moves && waited < 3000 {
        let v = seat_view(&http, url, &id, &secret).await;
        if !v["result"].is_null() {
            break;
        }
        let legal = v["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            waited += 1;
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let kind = |a: &Value| a["type"].as_str().unwrap_or("").to_string();
        let avoid = ["open_trade", "counter_offer", "revise_offer"];
        let ok: Vec<&Value> = legal.iter().filter(|a| !avoid.contains(&kind(a).as_str())).collect();
        let preferred: Vec<&Value> = ok
            .iter()
            .copied()
            .filter(|a| {
                let k = kind(a);
                [
                    "build", "roll", "place", "buy", "take", "discard", "move", "confirm", "decline",
                ]
                .iter()
                .any(|p| k.contains(p))
            })
            .collect();
        let pool = if preferred.is_empty() { &ok } else { &preferred };
        let pool: Vec<&Value> = if pool.is_empty() {
            legal.iter().collect()
        } else {
            pool.clone()
        };
        let a = pool[(done * 7 + 3) % pool.len()];
        let _ = http
            .post(format!("{url}/api/tables/{id}/act"))
            .header("x-seat-secret", &secret)
            .json(&json!({"seat": 0, "action": a, "version": v["version"]}))
            .send()
            .await;
        done += 1;
    }
    // Until it is seat 0's turn again (or the game is over).
    for _ in 0..500 {
        let v = seat_view(&http, url, &id, &secret).await;
        if !v["result"].is_null() || v["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (id, secret)
}

/// What lies outside the window (or outside the dock's visible box) at the
/// page's top: a list of sentences, empty when all is in view.
const CHECK: &str = r#"
window.scrollTo(0, 0);
const W = innerWidth, H = innerHeight, out = [];
const box = (e) => e.getBoundingClientRect();
const name = (e) => e.dataset.testid || (e.textContent || '').trim().slice(0, 30) || e.tagName;
const inside = (r, o, slack = 1) => r.left >= o.left - slack && r.top >= o.top - slack && r.right <= o.right + slack && r.bottom <= o.bottom + slack;
const win = { left: 0, top: 0, right: W, bottom: H };
const dock = document.querySelector('[data-testid=hand-dock]');
if (!dock) return ['no dock'];
const d = box(dock);
if (!inside(d, win)) out.push(`dock ${JSON.stringify(d)}`);
for (const sel of ['[data-testid=prompt]', '[data-testid=hand]']) {
  const e = dock.querySelector(sel);
  if (!e) { if (sel.includes('prompt')) out.push(`no ${sel}`); continue; }
  const r = box(e);
  if (r.height > 0 && !(inside(r, win) && inside(r, d))) out.push(`${sel} at ${Math.round(r.top)}–${Math.round(r.bottom)}`);
}
for (const e of dock.querySelectorAll('button:not([disabled]), [role=button], .returnable, .pickable')) {
  const r = box(e);
  if (r.width === 0 && r.height === 0) continue;
  if (!(inside(r, win) && inside(r, d))) out.push(`control ${name(e)} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
}
const board = document.querySelector('[data-testid=board-scroll]');
if (board) {
  const b = box(board);
  if (b.top < 0 || b.bottom > d.top + 2) out.push(`board ${Math.round(b.top)}–${Math.round(b.bottom)}, dock from ${Math.round(d.top)}`);
}
if (document.documentElement.scrollWidth > W + 1) out.push(`page ${document.documentElement.scrollWidth} px wide`);
if (out.length) out.push(`window ${W}×${H}, dock ${Math.round(d.top)}–${Math.round(d.bottom)}, room ${getComputedStyle(document.documentElement).getPropertyValue('--board-room')}`);
return out;
"#;

async fn check_sizes(b: &Browser, what: &str) {
    for (w, h) in SIZES {
        ui::viewport(b, w, h).await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        // Once more after the board took its room (the resize handler measures).
        let mut problems = Value::Null;
        for _ in 0..10 {
            problems = b.script(CHECK).await;
            if problems.as_array().is_some_and(|p| p.is_empty()) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        b.screenshot(&format!("hand-{what}-{w}x{h}.png")).await;
        assert_eq!(problems, json!([]), "{what} at {w}×{h}");
        if w < 600 {
            sheets_open_above_the_dock(b, what).await;
        }
    }
}

/// On a phone the other panels are sheets: each opens from its button in
/// the dock, lies between the top of the screen and the dock, shows its
/// panel, and closes with a second tap.
async fn sheets_open_above_the_dock(b: &Browser, what: &str) {
    let hidden = b
        .script("return [...document.querySelectorAll('aside.side > .log, aside.side > .chat, .catan-side, .junior-side, .splendor > .players')].filter((e) => e.getBoundingClientRect().height > 0).length")
        .await;
    assert_eq!(
        hidden,
        json!(0),
        "{what}: no side panel on a phone's page until a sheet opens"
    );
    // Each sheet (the fixed box) lies between the top and the dock; its
    // panel starts inside it (a long panel scrolls within the sheet).
    for (sheet, boxed, panel) in [
        (
            "side",
            ":is(.catan-side, .junior-side, .splendor > .players)",
            ":is(.catan-side, .junior-side, .splendor > .players)",
        ),
        ("log", "aside.side", "aside.side > .log"),
        ("chat", "aside.side", "aside.side > .chat"),
        ("seats", "aside.side", "aside.side > .seats"),
    ] {
        b.click(&format!("[data-testid=sheet-{sheet}]")).await;
        let js = format!(
            "const s = document.querySelector('{boxed}'), p = document.querySelector('{panel}'); const d = document.querySelector('[data-testid=hand-dock]').getBoundingClientRect(); \
             if (!s || !p) return 'missing'; const r = s.getBoundingClientRect(), q = p.getBoundingClientRect(); \
             const fixed = getComputedStyle(s).position === 'fixed'; \
             return fixed && r.height > 0 && r.top >= -1 && r.bottom <= d.top + 1 && q.height > 0 && q.top >= r.top - 1 && q.top < r.bottom ? 'ok' \
               : `sheet ${{r.top}}–${{r.bottom}} (${{getComputedStyle(s).position}}), panel from ${{q.top}}, dock from ${{d.top}}`;"
        );
        let mut at = Value::Null;
        for _ in 0..20 {
            at = b.script(&js).await;
            if at == "ok" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(at, "ok", "{what}: the {sheet} sheet");
        b.screenshot(&format!("hand-{what}-sheet-{sheet}.png")).await;
        b.click(&format!("[data-testid=sheet-{sheet}]")).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_hand_prompt_and_controls_are_in_view_at_every_size_in_every_game() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let cases: [(&str, &str, Value, usize, usize); 7] = [
        ("catan", "catan", Value::Null, 4, 40),
        (
            "catan-ck",
            "catan",
            json!({"rules": "cities_knights", "victory_points": 13}),
            4,
            40,
        ),
        (
            "catan-heroes",
            "catan",
            json!({"rules": "cities_knights_heroes", "victory_points": 13}),
            3,
            30,
        ),
        ("catan-6", "catan", json!({"extension": "five_six"}), 6, 30),
        ("junior", "catan-junior", Value::Null, 3, 30),
        ("junior-pro", "catan-junior", json!({"pro": true}), 2, 30),
        ("splendor", "splendor", Value::Null, 4, 15),
    ];
    for (what, game, options, players, moves) in cases {
        let (id, secret) = table_in_play(&server.url, game, options, players, moves).await;
        b.resize(1280, 720).await;
        b.goto(&format!("/play/{id}?seat=0#secret={secret}")).await;
        b.wait_for("[data-testid=hand-dock]", Duration::from_secs(30)).await;
        b.wait_for("[data-testid=hand]", Duration::from_secs(10)).await;
        check_sizes(&b, what).await;
    }
    let _ = b.cdp("Emulation.clearDeviceMetricsOverride", json!({})).await;
    let errors = b.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    b.quit().await;
    server.stop().await;
}

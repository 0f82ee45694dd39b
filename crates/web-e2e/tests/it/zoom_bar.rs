//! The zoom buttons over a drawn board (board-frame.js) never cover a place
//! one can click: for CATAN (3 and 6 players), Cities & Knights and Catan
//! Junior (both sides of its board), at a phone's
//! 390×844 and a laptop's 1280×720, the centre of every target the board
//! offers (settlement and city spots, roads, robber hexes, routes, lair
//! sites, islands: the board's `.target` elements) and every place a piece
//! can ever go, offered or not (each hex's or island's centre, corners and
//! sides' middles) lies outside the zoom bar's box, and the page's hit
//! test at that point (`document.elementFromPoint`, what a finger or
//! WebDriver's click meets) finds the target, never a zoom button. The
//! buttons still work: + makes the board 1.5 times as wide, − brings it back.

use serde_json::Value;
use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// Two phones and two laptops (the smaller one's board fills its width, as a phone's does).
const SIZES: [(u32, u32); 4] = [(320, 640), (390, 844), (1024, 768), (1280, 720)];

/// The targets whose centres lie under the zoom bar (or whose hit test at the
/// centre meets something else), as sentences; `[n]` (the number of targets
/// checked) when all are clear.
const CHECK: &str = r#"
window.scrollTo(0, 0);
const bar = document.querySelector('.board-frame .zoom-bar');
if (!bar) return ['no zoom bar'];
const zb = bar.getBoundingClientRect();
if (!zb.width || !zb.height) return ['the zoom bar is not shown'];
const name = (e) => e ? (e.closest('[data-testid]')?.dataset.testid || e.tagName) : 'nothing';
const where = (r) => `${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`;
const out = [];
let n = 0;
const bad = (x, y) => x >= zb.left - 2 && x <= zb.right + 2 && y >= zb.top - 2 && y <= zb.bottom + 2;
const board = document.querySelector('.board-frame svg');
if (!board) return ['no board'];
const hexes = [...board.querySelectorAll('[data-testid^=tile-], [data-testid^=island-]')];
for (const e of [...board.querySelectorAll('.target'), ...hexes]) {
  const r = e.getBoundingClientRect();
  if (!r.width && !r.height) continue;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  n += 1;
  if (bad(x, y)) {
    out.push(`${name(e)}'s centre ${Math.round(x)},${Math.round(y)} is under the zoom bar ${where(zb)}`);
  }
  const hit = document.elementFromPoint(x, y);
  if (hit && hit.closest('.zoom-bar')) out.push(`at ${name(e)}'s centre the hit test meets the zoom bar (${name(hit)})`);
  // The dock may lie over the board's bottom edge: a tiny window with a tall
  // dock keeps the board its 120 px minimum (fitBoard), scrolled up from
  // under the fixed dock; that is the dock's, not the zoom bar's.
  else if (e.classList.contains('target') && !(hit === e || e.contains(hit)) && !hit?.closest('.game-dock')) {
    out.push(`at ${name(e)}'s centre ${Math.round(x)},${Math.round(y)} the hit test meets ${name(hit)}`);
  }
}
// Every place a piece can ever go, offered now or not: each corner of a hex
// (or island) and the middle of each of its sides (its centre is above).
for (const e of hexes) {
  const poly = e.querySelector('polygon');
  const m = poly?.getScreenCTM();
  if (!m) continue;
  const pts = [...poly.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m));
  const mids = pts.map((p, i) => { const q = pts[(i + 1) % pts.length]; return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }; });
  for (const p of [...pts, ...mids]) {
    n += 1;
    if (bad(p.x, p.y)) out.push(`a corner or side of ${name(e)} at ${Math.round(p.x)},${Math.round(p.y)} is under the zoom bar ${where(zb)}`);
  }
}
if (out.length) out.push(`window ${innerWidth}×${innerHeight}, zoom bar ${where(zb)}, board ${where(board.getBoundingClientRect())}`);
return out.length ? out : [n];
"#;

/// The board's targets at each size (scrolled to the page's top): none
/// under the zoom bar. Returns how many targets the board offered. With
/// SPIELLEITER_SCREENSHOTS, a screenshot `zoom-bar-{shot}-{width}.png` at each size.
async fn check_targets(b: &Browser, what: &str, shot: &str) -> usize {
    let targets = b
        .script("return document.querySelectorAll('.board-frame svg .target').length;")
        .await
        .as_u64()
        .unwrap_or(0) as usize;
    for (w, h) in SIZES {
        ui::viewport(b, w, h).await;
        // The board takes its room after the resize (fitBoard); checked once it stands still.
        let mut seen = Value::Null;
        for _ in 0..10 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            seen = b.script(CHECK).await;
            if seen.as_array().is_some_and(|v| v.len() == 1 && v[0].is_u64()) {
                break;
            }
        }
        assert!(
            seen.as_array().is_some_and(|v| v.len() == 1 && v[0].is_u64()),
            "{what} at {w}×{h}: {seen:#}"
        );
        b.screenshot(&format!("zoom-bar-{shot}-{w}.png")).await;
    }
    targets
}

/// + makes the board (`board`) 1.5 times as wide at each size, − brings it back.
async fn assert_zoom_works(b: &Browser, board: &str, what: &str) {
    let width = format!("return document.querySelector('{board}').getBoundingClientRect().width;");
    for (w, h) in SIZES {
        ui::viewport(b, w, h).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        b.script("window.scrollTo(0, 0); return null;").await;
        let fit = b.script(&width).await.as_f64().unwrap_or(0.0);
        b.click("[data-testid=zoom-in]").await;
        assert_eq!(
            b.text_of("[data-testid=zoom-level]").await.as_deref(),
            Some("150 %"),
            "{what} at {w}×{h}"
        );
        let zoomed = b.script(&width).await.as_f64().unwrap_or(0.0);
        assert!(
            fit > 0.0 && (zoomed / fit - 1.5).abs() < 0.05,
            "{what} at {w}×{h}: + makes the board 1.5 times as wide: {fit} → {zoomed}"
        );
        b.click("[data-testid=zoom-out]").await;
        assert_eq!(
            b.text_of("[data-testid=zoom-level]").await.as_deref(),
            Some("100 %"),
            "{what} at {w}×{h}"
        );
        let back = b.script(&width).await.as_f64().unwrap_or(0.0);
        assert!(
            (back - fit).abs() < 1.0,
            "{what} at {w}×{h}: − brings it back: {fit} → {back}"
        );
    }
}

/// CATAN of a rule set (`rules`, the base game if none) for `players`: the
/// first settlement's spots (every intersection of the board), then the
/// first road's edges, are clear of the zoom bar; the buttons zoom.
async fn catan(rules: Option<&str>, players: usize) {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let what = rules.unwrap_or("catan");
    ui::lobby_in_german(&b).await;
    let mut seats = vec!["human"];
    seats.resize(players, "bot:random");
    // Pia places first: every intersection of the board is a spot.
    let options = r#"{"start_player": 0}"#;
    match rules {
        Some(rules) => {
            ui::create_with_rules(&b, "catan", rules, &seats, "Pia", options).await;
        }
        None => {
            ui::create_with_options(&b, "catan", &seats, "Pia", options).await;
        }
    }
    let spot = "[data-testid^=node-][data-kind=settlement]";
    b.wait_for(spot, Duration::from_secs(60)).await;
    let spots = check_targets(&b, &format!("{what}: the first settlement"), what).await;
    eprintln!("{what}: {spots} spots");
    assert!(spots >= 54, "{what}: every intersection is a spot: {spots}");
    // The first settlement on the spot nearest the zoom bar's corner (top
    // right), then the road's edges there.
    let id = b
        .script(&format!(
            "const near = (e) => {{ const r = e.getBoundingClientRect(); return r.right - r.top; }};
             return [...document.querySelectorAll('{spot}')].sort((a, b) => near(b) - near(a))[0].dataset.testid;"
        ))
        .await;
    let id = id.as_str().expect("a spot").to_string();
    assert_eq!(
        ui::act(&b, &format!("[data-testid={id}]")).await,
        None,
        "{what}: the spot was refused"
    );
    b.wait_for("[data-testid^=edge-]", Duration::from_secs(20)).await;
    let edges = check_targets(&b, &format!("{what}: the first road"), &format!("{what}-road")).await;
    assert!(edges >= 2, "{what}: the road's edges: {edges}");
    assert_zoom_works(&b, "[data-testid=catan-board]", what).await;
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn catan_zoom_bar_covers_no_target() {
    catan(None, 3).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn cities_knights_zoom_bar_covers_no_target() {
    catan(Some("cities_knights"), 3).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn five_six_zoom_bar_covers_no_target() {
    catan(Some("five_six"), 6).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn junior_zoom_bar_covers_no_target() {
    junior(2).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn junior_four_players_zoom_bar_covers_no_target() {
    junior(4).await;
}

/// Catan Junior for `players` (2: the small side of the board, 3–4: the
/// large one): every board of targets on seat 0's turns is clear of the zoom
/// bar, until routes and lair sites were seen; the buttons zoom.
async fn junior(players: usize) {
    let what = format!("junior-{players}");
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    let mut seats = vec!["human"];
    seats.resize(players, "bot:random");
    ui::create_table(&b, "catan-junior", &seats, "Pia", false).await;
    b.wait_for("[data-testid=junior-board]", Duration::from_secs(20)).await;
    // Turns played by the board's targets (routes, then lair sites; Käpt'n
    // Klau's islands when offered), each board of targets checked, until a
    // lair site and a route were seen.
    let started = Instant::now();
    let (mut routes, mut sites) = (0, 0);
    while routes == 0 || sites == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "{what}: no lair site and route offered ({routes} routes, {sites} sites)"
        );
        match ui::wait_turn(&b, Duration::from_secs(20)).await {
            Turn::Over => panic!("{what}: the game ended first"),
            Turn::Mine => {}
        }
        let offered = b.first("[data-testid=junior-board] .target").await.is_some();
        if offered {
            let n = check_targets(&b, &what, &what).await;
            if b.first("[data-testid^=site-]").await.is_some() {
                sites += n;
            } else if b.first("[data-testid^=route-]").await.is_some() {
                routes += n;
            }
        }
        let css = ui::first_of(
            &b,
            &[
                "[data-testid^=site-]",
                "[data-testid^=route-]",
                "[data-testid^=klau-]",
                "[data-testid=end-turn]",
                "[data-testid=legal-action]",
            ],
        )
        .await
        .expect("something to do on my turn");
        assert_eq!(ui::act(&b, &css).await, None, "{what}: {css} was refused");
    }
    assert_zoom_works(&b, "[data-testid=junior-board]", &what).await;
    b.quit().await;
    server.stop().await;
}

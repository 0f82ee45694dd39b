//! The Cities & Knights panels against what the game did (issue 26): the
//! summary of the last barbarian attack in both outcomes, checked against the
//! server's own history of the attack (a lost attack's cities fall after the
//! ship is reset, each owner's choice, and the summary once said "not
//! affected" for every seat while the log listed the pillaged cities); the
//! improvement-track boxes at every level (they never filled: the colour came
//! from a custom property the page never set); and the log after an Inventor,
//! whose older lines must keep the numbers that were true when they happened.
//! The positions are real games, searched with the referee and placed at a
//! table of the test server (`placed`).

use crate::placed::{self, Move, Pick};
use engine::{DynMatch, Seat, Viewer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::{ui, Browser, TestServer};

fn ck_options() -> Value {
    json!({"rules": "cities_knights"})
}

/// The events of `m` since version `from`, as the spectator's history lists them.
fn events_since(m: &dyn DynMatch, from: u64) -> Vec<Value> {
    m.history(from, Viewer::Spectator)
        .as_array()
        .map(|rows| {
            rows.iter()
                .flat_map(|r| r["events"].as_array().cloned().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default()
}

/// Everything that is not the moves the searches look for: no trades (a
/// random trade draft never ends), no knights unless asked.
const AVOID: &[&str] = &[
    "open_trade",
    "bank_trade",
    "maritime_trade",
    "harbor_offer",
    "build_knight",
    "activate_knight",
    "promote_knight",
    "move_knight",
];

/// Opens seat `seat`'s link in English and waits for the board.
async fn open_seat(b: &Browser, at: &placed::Placed, seat: usize) {
    b.goto(&at.path(seat)).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some("EN") {
        b.click("[data-testid=lang-switch]").await;
    }
}

/// Waits until the attack summary lists `want` (seat → line), or fails with what it shows.
async fn summary_is(b: &Browser, want: &[String], what: &str) {
    let started = Instant::now();
    loop {
        let mut got = Vec::new();
        for i in 0..want.len() {
            got.push(
                b.text_of(&format!("[data-testid=attack-seat-{i}]"))
                    .await
                    .unwrap_or_default(),
            );
        }
        if got == want {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "{what}: the attack summary shows {got:?}, the game says {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A lost attack of a 3-player game in which seat 0 must give up a city and
/// seat 1, the only one with an active knight, is spared.
fn lost_attack() -> (u64, Vec<Move>, Vec<u64>) {
    for seed in 1..80u64 {
        let mut m = placed::start("catan", &ck_options(), 3, seed);
        let mut pick = Pick::new(seed);
        let policy = |_: &dyn DynMatch, seat: Seat, legal: &[Value]| {
            if seat.0 == 1 {
                let avoid: Vec<&str> = AVOID
                    .iter()
                    .copied()
                    .filter(|t| !t.ends_with("_knight") || *t == "move_knight")
                    .collect();
                placed::prefer(
                    legal,
                    &["roll", "activate_knight", "build_knight", "end_turn"],
                    &avoid,
                    &mut pick,
                )
            } else {
                placed::prefer(legal, &["roll", "build_city", "end_turn"], AVOID, &mut pick)
            }
        };
        let mut owed = Vec::new();
        let done = |m: &dyn DynMatch, _: &[Move]| {
            let v = m.view(Viewer::Spectator);
            if v["phase"]["phase"] != "pillage" {
                return false;
            }
            owed = v["phase"]["owed"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default();
            owed.contains(&0) && !owed.contains(&1)
        };
        if let Some(moves) = placed::search(m.as_mut(), 4000, policy, done) {
            eprintln!(
                "a lost attack in game {seed} after {} moves, owed {owed:?}",
                moves.len()
            );
            return (seed, moves, owed);
        }
    }
    panic!("no lost attack sparing seat 1 in 80 games");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_attack_summary_names_the_cities_catan_lost() {
    let (seed, moves, owed) = lost_attack();
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let at = placed::place(&server, "catan", &ck_options(), 3, seed, &moves).await;
    open_seat(&b, &at, 0).await;
    b.wait_for("[data-testid=last-attack]", Duration::from_secs(10)).await;
    let name = ["Anna", "Ben", "Cleo"];
    // While the cities are still to be chosen: mine is asked for, the other owner is choosing, seat 1 is spared.
    let want: Vec<String> = (0..3u64)
        .map(|i| {
            let line = if i == 0 {
                "loses a city: choose it"
            } else if owed.contains(&i) {
                "loses a city (still choosing)"
            } else {
                "not affected"
            };
            format!("{}: {line}", name[i as usize])
        })
        .collect();
    summary_is(&b, &want, "while the cities are chosen").await;
    b.screenshot("ck-attack-lost-choosing").await;

    // Every owner gives up a city (the first offered), seat 0 by clicking its city on the board.
    let mut m = placed::start("catan", &ck_options(), 3, seed);
    for mv in &moves {
        m.act(Seat(mv.seat), &mv.action, Some(mv.version)).expect("replays");
    }
    let from = m.version();
    for &s in &owed {
        let legal = m.legal(Seat(s as u8)).expect("legal");
        let lose = legal
            .iter()
            .find(|a| a["type"] == "lose_city")
            .expect("a city to lose")
            .clone();
        let version = m.version();
        if s == 0 {
            let node = lose["node"].as_u64().expect("a node");
            let css = format!("[data-testid=node-{node}]");
            b.wait_for(&css, Duration::from_secs(10)).await;
            assert_eq!(ui::act(&b, &css).await, None, "my city falls by a click on it");
        } else {
            let (ok, answer) = at.act(&server, s as u8, &lose, version).await;
            assert!(ok, "seat {s} loses its city: {answer}");
        }
        m.act(Seat(s as u8), &lose, Some(version)).expect("the same city");
    }
    // What the history says happened to each seat.
    let events = events_since(m.as_ref(), from);
    let pillaged: Vec<u64> = events
        .iter()
        .filter(|e| e["type"] == "city_pillaged")
        .filter_map(|e| e["seat"].as_u64())
        .collect();
    assert_eq!(pillaged.len(), owed.len(), "every owner lost a city: {events:?}");
    let want: Vec<String> = (0..3u64)
        .map(|i| {
            let line = if pillaged.contains(&i) {
                "city pillaged"
            } else {
                "not affected"
            };
            format!("{}: {line}", name[i as usize])
        })
        .collect();
    summary_is(&b, &want, "after the cities fell").await;
    let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
    let since = log.rfind("The barbarians attack").map_or("", |i| &log[i..]);
    assert_eq!(
        since.matches("The barbarians pillage").count(),
        pillaged.len(),
        "the log and the summary agree: {log}"
    );
    b.quit().await;
    server.stop().await;
}

/// A repelled attack of a 3-player game with a tie among the strongest
/// defenders (they draw progress cards after the ship is reset), settled.
fn held_attack() -> (u64, Vec<Move>, Vec<Value>) {
    for seed in 1..120u64 {
        let mut m = placed::start("catan", &ck_options(), 3, seed);
        let mut pick = Pick::new(seed);
        let avoid: Vec<&str> = AVOID.iter().copied().filter(|t| !t.ends_with("_knight")).collect();
        let policy = |_: &dyn DynMatch, _: Seat, legal: &[Value]| {
            placed::prefer(
                legal,
                &["roll", "activate_knight", "build_knight", "end_turn"],
                &avoid,
                &mut pick,
            )
        };
        let mut seen = 0;
        let mut attack: Vec<Value> = Vec::new();
        let done = |m: &dyn DynMatch, _: &[Move]| {
            for e in events_since(m, seen) {
                if e["type"] == "barbarian_attack" || e["type"] == "turn_started" {
                    attack.clear();
                }
                attack.push(e);
            }
            seen = m.version();
            let phase = m.view(Viewer::Spectator)["phase"]["phase"].clone();
            attack
                .first()
                .is_some_and(|a| a["type"] == "barbarian_attack" && a["repelled"] == true)
                && attack.iter().any(|e| e["type"] == "progress_drawn")
                && (phase == "main" || phase == "roll")
        };
        if let Some(moves) = placed::search(m.as_mut(), 4000, policy, done) {
            eprintln!("a held attack with a tie in game {seed} after {} moves", moves.len());
            return (seed, moves, attack);
        }
    }
    panic!("no repelled attack with tied defenders in 120 games");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_attack_summary_names_the_defenders_when_catan_holds() {
    let (seed, moves, attack) = held_attack();
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let at = placed::place(&server, "catan", &ck_options(), 3, seed, &moves).await;
    open_seat(&b, &at, 0).await;
    b.wait_for("[data-testid=last-attack]", Duration::from_secs(10)).await;
    let name = ["Anna", "Ben", "Cleo"];
    let did = |i: u64, t: &str| attack.iter().any(|e| e["type"] == t && e["seat"] == i);
    let want: Vec<String> = (0..3u64)
        .map(|i| {
            let line = if did(i, "defender_of_catan") {
                "Defender of Catan (+1 VP)"
            } else if did(i, "progress_drawn") {
                "tie: progress card"
            } else {
                "defended"
            };
            format!("{}: {line}", name[i as usize])
        })
        .collect();
    assert!(
        want.iter().any(|w| w.ends_with("tie: progress card")),
        "a tie: {want:?}"
    );
    summary_is(&b, &want, "a repelled attack").await;
    b.quit().await;
    server.stop().await;
}

/// Draws the table module (`catan.js`, Cities & Knights inside) for `view`
/// and `legal` of seat `seat` into the lobby page, in English.
async fn draw_in_page(b: &Browser, view: &Value, legal: &[Value], topology: &Value, seat: u8) {
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.use_description("catan", Some("cities_knights")).await;
    b.script(&format!(
        "window.__e2e = {{ view: {view}, legal: {legal}, topology: {topology} }}; \
         Promise.all([import('/assets/games/catan.js'), import('/assets/dom.js'), import('/assets/i18n.js')]).then(([m, dom, i18n]) => {{ \
           i18n.setLang('en'); m.useTopology(window.__e2e.topology); \
           const root = document.createElement('div'); root.id = 'e2e-root'; document.body.prepend(root); \
           const ctx = {{ lang: 'en', t: i18n.t, L: i18n.L, h: dom.h, seat: {seat}, spectator: false, replay: false, legal: window.__e2e.legal, view: window.__e2e.view, toAct: null, result: null, seats: [], seatName: (i) => `P${{i + 1}}`, log: [], ui: {{}}, sending: false, \
             act: () => {{}}, actAll: () => {{}}, rerender: () => draw() }}; \
           const draw = () => dom.mount(root, m.render(window.__e2e.view, window.__e2e.legal, ctx)); \
           draw(); window.__e2e.ready = true; }}); return 1;",
        legal = Value::from(legal.to_vec()),
    ))
    .await;
    let started = Instant::now();
    while b.script("return !!(window.__e2e && window.__e2e.ready)").await != json!(true) {
        assert!(started.elapsed() < Duration::from_secs(10), "the table is drawn");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn setup_targets_show_no_price_for_free_pieces() {
    let mut m = placed::start("catan", &ck_options(), 3, 7);
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    // The first settlement, then the first road of the set-up.
    for kind in ["build_settlement", "build_road"] {
        let engine::ToAct::Seats(seats) = m.to_act() else {
            panic!("a seat acts")
        };
        let seat = seats.first().expect("a seat");
        let legal = m.legal(seat).unwrap_or_default();
        assert!(
            legal.iter().any(|a| a["type"] == kind),
            "{kind} in the set-up: {legal:?}"
        );
        draw_in_page(&b, &m.view(Viewer::Seat(seat)), &legal, &m.topology(), seat.0).await;
        let labels = b
            .script(&format!(
                "return [...document.querySelectorAll('#e2e-root [data-kinds~={kind}]')].map((e) => (e.getAttribute('aria-label') || '') + ' | ' + (e.querySelector('title')?.textContent || ''))"
            ))
            .await;
        let labels: Vec<String> = labels
            .as_array()
            .map(|a| a.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
            .unwrap_or_default();
        assert!(!labels.is_empty(), "{kind}: targets on the board");
        for l in &labels {
            assert!(
                !l.contains("brick") && !l.contains("lumber"),
                "{kind}: a free set-up piece shows a price: {l}"
            );
        }
        eprintln!("{kind}: {}", labels[0]);
        let a = legal.iter().find(|a| a["type"] == kind).expect("the piece").clone();
        let v = m.version();
        m.act(seat, &a, Some(v)).expect("set-up move");
    }
    b.quit().await;
    server.stop().await;
}

/// The boxes of every track row that show a level's colour, per row ("seat-track" → filled).
async fn filled_boxes(b: &Browser) -> Vec<(String, u64, u64)> {
    let js = "return [...document.querySelectorAll('[data-testid^=track-]')].filter((r) => r.dataset.level != null).map((r) => { \
                const pips = [...r.querySelectorAll('.pip')]; \
                const white = (e) => { const c = getComputedStyle(e).backgroundColor; return c === 'rgb(255, 255, 255)' || c === 'rgba(0, 0, 0, 0)'; }; \
                const on = pips.filter((p) => !white(p)); \
                const rect = pips[0]?.getBoundingClientRect(); \
                return [r.dataset.testid, Number(r.dataset.level), on.length, pips.slice(0, on.length).every((p) => !white(p)) ? 1 : 0, rect ? rect.width : 0]; })";
    let v = b.script(js).await;
    let rows = v.as_array().cloned().unwrap_or_default();
    assert!(!rows.is_empty(), "the page shows track rows");
    rows.iter()
        .map(|r| {
            assert_eq!(r[3], json!(1), "the filled boxes come first: {r}");
            assert!(r[4].as_f64().unwrap_or(0.0) >= 8.0, "a box is visible: {r}");
            (
                r[0].as_str().unwrap_or_default().to_string(),
                r[1].as_u64().unwrap_or(99),
                r[2].as_u64().unwrap_or(99),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn improvement_track_boxes_fill_per_level() {
    // A real position after the set-up; the levels 0 to 5 are spread over the seats' nine rows.
    let m = placed::start("catan", &ck_options(), 3, 7);
    let mut m = m;
    let mut pick = Pick::new(7);
    placed::search(
        m.as_mut(),
        400,
        |_, _, legal| placed::prefer(legal, &["roll", "end_turn"], AVOID, &mut pick),
        |m, _| m.view(Viewer::Spectator)["phase"]["phase"] == "roll",
    )
    .expect("past the set-up");
    let mut view = m.view(Viewer::Seat(Seat(0)));
    let legal = m.legal(Seat(0)).unwrap_or_default();
    let topology = m.topology();
    for s in 0..3usize {
        let levels: Vec<u64> = (0..3).map(|t| ((s * 3 + t) % 6) as u64).collect();
        view["cities_knights"]["players"][s]["levels"] = json!(levels);
    }
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    for (w, hgt) in [(1280u32, 900u32), (390, 844)] {
        b.resize(w, hgt).await;
        draw_in_page(&b, &view, &legal, &topology, 0).await;
        let rows = filled_boxes(&b).await;
        assert_eq!(rows.len(), 9, "three tracks of three seats: {rows:?}");
        let mut levels: Vec<u64> = rows.iter().map(|r| r.1).collect();
        levels.sort_unstable();
        levels.dedup();
        assert_eq!(levels, [0, 1, 2, 3, 4, 5], "every level is shown");
        for (row, level, on) in &rows {
            assert_eq!(on, level, "{row} at {w} px: {on} boxes filled at level {level}");
        }
        b.screenshot(&format!("ck-tracks-{w}")).await;
    }
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn one_victory_point_is_singular() {
    let m = placed::start("catan", &ck_options(), 3, 7);
    let mut view = m.view(Viewer::Seat(Seat(0)));
    let legal = m.legal(Seat(0)).unwrap_or_default();
    view["players"][0]["points"] = json!(1);
    view["players"][1]["public_points"] = json!(2);
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    draw_in_page(&b, &view, &legal, &m.topology(), 0).await;
    assert_eq!(
        b.text_of("#e2e-root [data-testid=points-0]").await.as_deref(),
        Some("1 victory point")
    );
    assert_eq!(
        b.text_of("#e2e-root [data-testid=points-1]").await.as_deref(),
        Some("2 victory points")
    );
    b.quit().await;
    server.stop().await;
}

/// The end statistics' trades of each seat, as the winner screen computes them (`statistics`).
#[tokio::test(flavor = "multi_thread")]
async fn end_statistics_count_bank_trades() {
    // A game in which seat 0 trades with the bank (4:1 and better) a few times.
    let mut m = placed::start("catan", &ck_options(), 3, 11);
    let mut pick = Pick::new(11);
    let mut trades = 0;
    let moves = placed::search(
        m.as_mut(),
        3000,
        |_: &dyn DynMatch, seat: Seat, legal: &[Value]| {
            if seat.0 == 0 && trades < 6 {
                if let Some(a) = legal.iter().find(|a| a["type"] == "bank_trade") {
                    trades += 1;
                    return a.clone();
                }
            }
            placed::prefer(legal, &["roll", "build_city", "end_turn"], AVOID, &mut pick)
        },
        |m: &dyn DynMatch, _| {
            events_since(m, 0)
                .iter()
                .filter(|e| e["type"] == "bank_traded" && e["seat"] == 0)
                .count()
                >= 3
        },
    )
    .expect("three bank trades of seat 0");
    assert!(!moves.is_empty());
    let events = events_since(m.as_ref(), 0);
    let want: Vec<u64> = (0..3u64)
        .map(|s| {
            events
                .iter()
                .filter(|e| {
                    (["bank_traded", "maritime_traded", "traded"].contains(&e["type"].as_str().unwrap_or_default())
                        && e["seat"] == s)
                        || (e["type"] == "traded" && e["with"] == s)
                })
                .count() as u64
        })
        .collect();
    assert!(want[0] >= 3, "{want:?}");
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.script(&format!(
        "window.__stats = null; Promise.all([import('/assets/games/catan.js'), import('/assets/i18n.js')]).then(([m, i18n]) => {{ \
           const ctx = {{ lang: 'en', L: i18n.L, t: i18n.t }}; \
           window.__stats = JSON.stringify(m.statistics({events}, 3, ctx)); }}); return 1;",
        events = Value::from(events.clone())
    ))
    .await;
    let started = Instant::now();
    let stats = loop {
        if let Some(s) = b.script("return window.__stats").await.as_str() {
            break serde_json::from_str::<Value>(s).expect("JSON");
        }
        assert!(started.elapsed() < Duration::from_secs(10), "statistics");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let row = stats["rows"]
        .as_array()
        .and_then(|r| r.iter().find(|r| r["label"] == "Trades"))
        .cloned()
        .expect("a Trades row");
    assert_eq!(row["values"], json!(want), "the trades of each seat: {stats}");
    b.quit().await;
    server.stop().await;
}

/// A progress card played from the bottom of a phone's page opens its
/// chooser in view (it opened somewhere above, out of sight): the card's
/// panel is entirely between the top of the screen and the action bar.
#[tokio::test(flavor = "multi_thread")]
async fn a_card_played_from_the_bottom_opens_its_chooser_in_view() {
    const CARDS: &[&str] = &[
        "play_bishop",
        "play_spy",
        "play_master_merchant",
        "play_merchant",
        "play_engineer",
        "play_medicine",
    ];
    let mut found = None;
    for seed in 1..40u64 {
        let mut m = placed::start("catan", &ck_options(), 3, seed);
        let mut pick = Pick::new(seed);
        let avoid: Vec<&str> = AVOID.iter().copied().filter(|t| !t.ends_with("_knight")).collect();
        let mut card = None;
        let policy = |_: &dyn DynMatch, _: Seat, legal: &[Value]| {
            if let Some(a) = legal.iter().find(|a| a["type"] == "build_improvement") {
                return a.clone();
            }
            placed::prefer(
                legal,
                &["roll", "build_city", "activate_knight", "build_knight", "end_turn"],
                &avoid,
                &mut pick,
            )
        };
        let done = |m: &dyn DynMatch, _: &[Move]| {
            let engine::ToAct::Seats(s) = m.to_act() else {
                return false;
            };
            if s.first() != Some(Seat(0)) || m.view(Viewer::Spectator)["phase"]["phase"] != "main" {
                return false;
            }
            card = m
                .legal(Seat(0))
                .unwrap_or_default()
                .iter()
                .find_map(|a| CARDS.iter().find(|c| a["type"] == **c).copied());
            card.is_some()
        };
        if let Some(moves) = placed::search(m.as_mut(), 5000, policy, done) {
            found = Some((seed, moves, card.expect("a card")));
            break;
        }
    }
    let (seed, moves, card) = found.expect("a targeted progress card of seat 0");
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let at = placed::place(&server, "catan", &ck_options(), 3, seed, &moves).await;
    b.resize(390, 844).await;
    open_seat(&b, &at, 0).await;
    let play = format!("[data-testid=play-{}]", card.trim_start_matches("play_"));
    b.wait_for(&play, Duration::from_secs(10)).await;
    // The player scrolls down to the card and taps it.
    b.script(&format!(
        "document.querySelector({}).scrollIntoView({{block: 'center'}}); return null;",
        serde_json::to_string(&play).unwrap_or_default()
    ))
    .await;
    b.tap(&play).await.expect("a tap");
    b.wait_for("[data-testid=card-panel]", Duration::from_secs(10)).await;
    let started = Instant::now();
    loop {
        let v = b
            .script(
                "const r = document.querySelector('[data-testid=card-panel]').getBoundingClientRect(); \
                 const bar = document.querySelector('.action-bar'); \
                 const top = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : innerHeight; \
                 return [r.top, r.bottom, top];",
            )
            .await;
        let n = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
        if n(0) >= 0.0 && n(1) <= n(2) + 0.5 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{card}: the chooser spans {}..{} px, the bar starts at {} px",
            n(0),
            n(1),
            n(2)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    b.screenshot("ck-card-chooser-phone").await;
    b.quit().await;
    server.stop().await;
}

/// With a squire chosen, the neighbouring hexes it cannot enter say why, and
/// truly: "occupied" only where the player's own squire stands (every other
/// hex once said "✕ occupied", empty ones too), "too dear" only where the
/// hand lacks the step's card.
#[tokio::test(flavor = "multi_thread")]
async fn squire_steps_say_truly_why_a_hex_is_closed() {
    let options = json!({"rules": "cities_knights_heroes"});
    let mut found = None;
    for seed in 1..60u64 {
        let mut m = placed::start("catan", &options, 3, seed);
        let mut pick = Pick::new(seed);
        let avoid: Vec<&str> = AVOID.iter().copied().filter(|t| !t.ends_with("_knight")).collect();
        let policy = |_: &dyn DynMatch, seat: Seat, legal: &[Value]| {
            let order: &[&str] = if seat.0 == 0 {
                &[
                    "roll",
                    "recruit_squire",
                    "upgrade_hero",
                    "activate_knight",
                    "build_knight",
                    "build_city",
                    "end_turn",
                ]
            } else {
                &["roll", "build_city", "end_turn"]
            };
            placed::prefer(legal, order, &avoid, &mut pick)
        };
        let done = |m: &dyn DynMatch, _: &[Move]| {
            let engine::ToAct::Seats(s) = m.to_act() else {
                return false;
            };
            s.first() == Some(Seat(0))
                && m.legal(Seat(0))
                    .unwrap_or_default()
                    .iter()
                    .any(|a| a["type"] == "move_squire")
        };
        if let Some(moves) = placed::search(m.as_mut(), 5000, policy, done) {
            found = Some((seed, moves, m));
            break;
        }
        eprintln!(
            "game {seed}: no squire step at version {} ({:?})",
            m.version(),
            m.to_act()
        );
    }
    let (seed, moves, m) = found.expect("a squire of seat 0 that may move");
    let view = m.view(Viewer::Seat(Seat(0)));
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let at = placed::place(&server, "catan", &options, 3, seed, &moves).await;
    open_seat(&b, &at, 0).await;
    b.click("[data-testid^=squire-].target").await;
    b.wait_for("[data-testid=squire-move-panel]", Duration::from_secs(10))
        .await;
    let own: Vec<u64> = view["cities_knights"]["players"][0]["heroes"]["squires"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let mut checked = 0;
    for e in b.all("[data-testid^=squire-blocked-]").await {
        let id = b.attr_of(&e, "data-testid").await.unwrap_or_default();
        let why = b.attr_of(&e, "data-why").await.unwrap_or_default();
        let text = b.text(&e).await.unwrap_or_default();
        let hex: u64 = id.trim_start_matches("squire-blocked-").parse().expect("a hex");
        if text.contains("occupied") {
            assert!(
                own.contains(&hex),
                "hex {hex} says '{text}' without a squire of mine ({why})"
            );
        }
        if why == "cost" {
            assert!(text.contains("too dear"), "{text}");
        }
        checked += 1;
    }
    eprintln!("{checked} closed hexes checked (own squires on {own:?})");
    b.quit().await;
    server.stop().await;
}

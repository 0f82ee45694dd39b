//! The table's pictures (issue 26, web/art.js): in a CATAN, a Cities &
//! Knights and a Catan Junior game placed at a table, every hex or island
//! shows its terrain's ground pattern and motif (a `<use>` of the terrain's
//! symbol, drawn from the one hidden set of drawings), the number tokens
//! lie above the art and take the pointer, the art never does; the hand,
//! the bank (Junior's supply), the log and the trade builder show an icon
//! beside each resource, commodity or good word, and the word stays for
//! screen readers. Screenshots at 1280×900 and 390×844 for the eye.

use crate::placed::{self, Pick};
use engine::{DynMatch, Seat};
use serde_json::{json, Value};
use std::time::Duration;
use web_e2e::{ui, Browser, TestServer};

/// Places a game where seat 0 may open a trade (`opener`), opens seat 0's page in English.
async fn placed_at_trade(server: &TestServer, b: &Browser, game: &str, options: &Value, players: usize, opener: &str) {
    let seed = 5;
    let mut m = placed::start(game, options, players, seed);
    let mut pick = Pick::new(seed);
    let avoid = [
        opener,
        "offer_give",
        "offer_get",
        "submit_offer",
        "cancel_offer",
        "cancel_trade",
        "open_offer",
    ];
    let moves = placed::search(
        m.as_mut(),
        3000,
        |_: &dyn DynMatch, _: Seat, legal: &[Value]| placed::prefer(legal, &[], &avoid, &mut pick),
        |m: &dyn DynMatch, moves| {
            let engine::ToAct::Seats(s) = m.to_act() else {
                return false;
            };
            moves.len() > 12
                && s.first() == Some(Seat(0))
                && m.legal(Seat(0)).unwrap_or_default().iter().any(|a| a["type"] == opener)
        },
    )
    .unwrap_or_else(|| panic!("{game}: a turn of seat 0 that may trade"));
    let at = placed::place(server, game, options, players, seed, &moves).await;
    // A laptop's window again after a phone's emulated viewport.
    let _ = b.cdp("Emulation.clearDeviceMetricsOverride", json!({})).await;
    b.resize(1280, 900).await;
    b.goto(&at.path(0)).await;
    b.wait_for("[data-testid=log] li", Duration::from_secs(20)).await;
    // The switch shows the other language's code.
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some("EN") {
        b.click("[data-testid=lang-switch]").await;
    }
}

/// For every board piece `css` (a hex or an island), the kind it shows (`attr`)
/// and whether its art is that kind's: a ground pattern and a `<use>` of the
/// kind's symbol that exists in the page and is drawn with a size.
async fn terrain_art(b: &Browser, css: &str, attr: &str) -> Vec<(String, bool)> {
    let js = format!(
        "return [...document.querySelectorAll('{css}')].map((g) => {{ const k = g.getAttribute('{attr}'); \
           const art = g.querySelector(`.terrain-art[data-art=\"${{k}}\"]`); \
           const ground = art && art.querySelector(`polygon[fill=\"url(#ground-${{k}})\"]`); \
           const uses = art ? [...art.querySelectorAll('use')] : []; \
           const drawn = uses.length > 0 && uses.every((u) => u.getAttribute('href') === `#terrain-${{k}}` && u.getBoundingClientRect().width > 4); \
           const inert = art && getComputedStyle(art).pointerEvents === 'none'; \
           return [k, !!(ground && drawn && inert && document.getElementById(`terrain-${{k}}`) && document.getElementById(`ground-${{k}}`))]; }})"
    );
    let v = b.script(&js).await;
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|x| (x[0].as_str().unwrap_or_default().to_string(), x[1] == true))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the number token at the centre of every numbered piece takes the
/// pointer (it lies above the art) and is drawn after the art.
async fn tokens_on_top(b: &Browser, css: &str) -> Value {
    b.script(&format!(
        "return [...document.querySelectorAll('{css}')].filter((g) => g.querySelector('.token')).map((g) => {{ \
           const t = g.querySelector('.token'); const r = t.getBoundingClientRect(); \
           t.scrollIntoView({{block: 'center'}}); const q = t.getBoundingClientRect(); \
           const hit = document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2); \
           const after = !!(g.querySelector('.terrain-art').compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING); \
           return after && !!hit && !hit.closest('.terrain-art') && r.width > 8; }})"
    ))
    .await
}

/// The kinds whose icon `scope` shows.
async fn icons_in(b: &Browser, scope: &str) -> Vec<String> {
    let v = b
        .script(&format!(
            "return [...document.querySelectorAll('{scope} svg.art-icon use')].map((u) => u.getAttribute('href'))"
        ))
        .await;
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(|s| s.trim_start_matches("#icon-").to_string()))
                .collect()
        })
        .unwrap_or_default()
}

/// Every icon of the log stands beside a word that names its kind, and the
/// line reads as words only (the icon adds no text).
async fn log_icons(b: &Browser) -> Value {
    b.script(
        "return [...document.querySelectorAll('[data-testid=log] .art-word')].map((w) => [w.querySelector('use').getAttribute('href'), w.textContent, w.querySelector('svg').getAttribute('aria-hidden')])",
    )
    .await
}

fn check_all(what: &str, art: &[(String, bool)], expected_kinds: usize) {
    assert!(!art.is_empty(), "{what}: no board pieces");
    for (kind, ok) in art {
        assert!(*ok, "{what}: the {kind} piece has no {kind} art");
    }
    let kinds: std::collections::BTreeSet<&String> = art.iter().map(|(k, _)| k).collect();
    assert_eq!(
        kinds.len(),
        expected_kinds,
        "{what}: every kind of terrain on the board: {kinds:?}"
    );
}

async fn check_tokens(b: &Browser, css: &str, what: &str) {
    let tokens = tokens_on_top(b, css).await;
    let list = tokens.as_array().cloned().unwrap_or_default();
    assert!(list.len() >= 8, "{what}: number tokens {tokens}");
    assert!(
        list.iter().all(|x| x == &Value::Bool(true)),
        "{what}: a token under the art: {tokens}"
    );
}

async fn check_log(b: &Browser, names: &[(&str, &str)], what: &str) {
    let log = log_icons(b).await;
    let lines = log.as_array().cloned().unwrap_or_default();
    assert!(!lines.is_empty(), "{what}: no icon in the log");
    for l in &lines {
        let kind = l[0].as_str().unwrap_or_default().trim_start_matches("#icon-");
        let word = l[1].as_str().unwrap_or_default().to_lowercase();
        assert!(
            names.iter().any(|(k, n)| *k == kind && *n == word),
            "{what}: the icon {kind} beside the word {word:?}"
        );
        assert_eq!(l[2], "true", "{what}: the icon is hidden from screen readers");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn catan_boards_and_panels_show_their_art() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let resources = ["brick", "lumber", "wool", "grain", "ore"];
    let names = [
        ("brick", "brick"),
        ("lumber", "lumber"),
        ("wool", "wool"),
        ("grain", "grain"),
        ("ore", "ore"),
        ("paper", "paper"),
        ("cloth", "cloth"),
        ("coin", "coin"),
    ];
    for (rules, shot) in [("base", "art-catan"), ("cities_knights", "art-ck")] {
        let options = json!({ "rules": rules });
        placed_at_trade(&server, &b, "catan", &options, 3, "open_trade").await;
        b.wait_for("[data-testid=tile-0] .terrain-art", Duration::from_secs(20))
            .await;
        check_all(rules, &terrain_art(&b, "[data-testid^=tile-]", "data-terrain").await, 6);
        check_tokens(&b, "[data-testid^=tile-]", rules).await;
        // The hand and the bank: one icon per resource (and commodity in C&K), the word beside it.
        for r in resources {
            assert_eq!(
                icons_in(&b, &format!("[data-testid=hand-{r}]")).await,
                [r],
                "{rules}: hand {r}"
            );
            let title = b.attr(&format!("[data-testid=hand-{r}]"), "title").await;
            assert_eq!(title.as_deref(), Some(r), "{rules}: the word kept as the chip's title");
        }
        if rules == "cities_knights" {
            for c in ["paper", "cloth", "coin"] {
                assert_eq!(
                    icons_in(&b, &format!("[data-testid=hand-{c}]")).await,
                    [c],
                    "C&K hand {c}"
                );
            }
        } else {
            assert_eq!(icons_in(&b, "[data-testid=bank]").await, resources, "the bank");
        }
        check_log(&b, &names, rules).await;
        b.screenshot(&format!("{shot}-1280")).await;
        // The trade builder: an icon in every row.
        b.click("[data-testid=open-trade]").await;
        b.wait_for("[data-testid=offer-panel]", Duration::from_secs(10)).await;
        for r in resources {
            assert_eq!(
                icons_in(&b, &format!("[data-testid=trade-row-{r}]")).await,
                [r],
                "{rules}: trade row {r}"
            );
        }
        b.screenshot(&format!("{shot}-trade")).await;
        ui::viewport(&b, 390, 844).await;
        b.script("window.scrollTo(0, 0); return null;").await;
        check_all(rules, &terrain_art(&b, "[data-testid^=tile-]", "data-terrain").await, 6);
        b.screenshot(&format!("{shot}-390")).await;
    }
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn junior_islands_and_panels_show_their_art() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let goods = ["wood", "wool", "pineapple", "sabre", "gold"];
    let options = json!({ "pro": true });
    placed_at_trade(&server, &b, "catan-junior", &options, 2, "open_offer").await;
    b.wait_for("[data-testid^=island-] .terrain-art", Duration::from_secs(20))
        .await;
    check_all(
        "Junior",
        &terrain_art(&b, "[data-testid^=island-]", "data-good").await,
        5,
    );
    check_tokens(&b, "[data-testid^=island-]", "Junior").await;
    assert_eq!(icons_in(&b, "[data-testid=hand-0]").await, goods, "Junior's hand");
    assert_eq!(icons_in(&b, "[data-testid=supply]").await, goods, "Junior's supply");
    check_log(
        &b,
        &[
            ("wood", "wood"),
            ("wool", "wool"),
            ("pineapple", "pineapple"),
            ("sabre", "sabre"),
            ("gold", "gold"),
        ],
        "Junior",
    )
    .await;
    b.screenshot("art-junior-1280").await;
    b.click("[data-testid=open-offer]").await;
    b.wait_for("[data-testid=offer-panel]", Duration::from_secs(10)).await;
    for g in goods {
        assert_eq!(
            icons_in(&b, &format!("[data-testid=trade-row-{g}]")).await,
            [g],
            "Junior trade row {g}"
        );
    }
    ui::viewport(&b, 390, 844).await;
    b.script("window.scrollTo(0, 0); return null;").await;
    check_all(
        "Junior",
        &terrain_art(&b, "[data-testid^=island-]", "data-good").await,
        5,
    );
    b.screenshot("art-junior-390").await;
    b.quit().await;
    server.stop().await;
}

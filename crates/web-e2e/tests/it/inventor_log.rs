//! The log keeps history (issue 26): a log line names hexes by terrain and
//! number ("Forest 10"), and after an Inventor swapped two number tokens the
//! older lines were redrawn on the new board ("Forest 10" of the set-up
//! became "Forest 9"). In a real Cities & Knights game placed at a table just
//! before a seat plays the Inventor on a hex next to a building, the page's
//! log is read, the card is played, and every older line must read as before.

use crate::placed::{self, Move, Pick};
use engine::{DynMatch, Seat, Viewer};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use web_e2e::{Browser, TestServer};

/// The hexes next to a settlement or city (their numbers are in the set-up's log lines).
fn built_hexes(m: &dyn DynMatch) -> BTreeSet<u64> {
    let topo = m.topology();
    let topo = if topo["nodes"].is_array() {
        topo
    } else {
        topo["topology"].clone()
    };
    let view = m.view(Viewer::Spectator);
    let mut out = BTreeSet::new();
    for p in view["players"].as_array().cloned().unwrap_or_default() {
        for kind in ["settlements", "cities"] {
            for n in p[kind].as_array().cloned().unwrap_or_default() {
                let n = n.as_u64().unwrap_or(u64::MAX) as usize;
                for hx in topo["nodes"][n]["hexes"].as_array().cloned().unwrap_or_default() {
                    if let Some(hx) = hx.as_u64() {
                        out.insert(hx);
                    }
                }
            }
        }
    }
    out
}

/// A game stopped where a seat may play the Inventor on a built hex: the seed,
/// the moves, the seat and the swap it will play.
fn before_inventor() -> (u64, Vec<Move>, u8, Value) {
    let options = json!({"rules": "cities_knights"});
    let avoid = [
        "open_trade",
        "bank_trade",
        "maritime_trade",
        "harbor_offer",
        "move_knight",
    ];
    for seed in 1..60u64 {
        let mut m = placed::start("catan", &options, 3, seed);
        let mut pick = Pick::new(seed);
        let mut found: Option<(u8, Value)> = None;
        let policy = |_: &dyn DynMatch, _: Seat, legal: &[Value]| {
            if let Some(a) = legal
                .iter()
                .find(|a| a["type"] == "build_improvement" && a["track"] == "science")
            {
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
            let engine::ToAct::Seats(seats) = m.to_act() else {
                return false;
            };
            let Some(seat) = seats.first() else { return false };
            let built = built_hexes(m);
            let legal = m.legal(seat).unwrap_or_default();
            let tiles = m.view(Viewer::Spectator)["board"]["tiles"].clone();
            let number = |a: &Value, k: &str| tiles[a[k].as_u64().unwrap_or(999) as usize]["number"].clone();
            let swap = legal.iter().find(|a| {
                a["type"] == "play_inventor"
                    && number(a, "a") != number(a, "b")
                    && (built.contains(&a["a"].as_u64().unwrap_or(999))
                        || built.contains(&a["b"].as_u64().unwrap_or(999)))
            });
            if let Some(a) = swap {
                found = Some((seat.0, a.clone()));
            }
            found.is_some()
        };
        if let Some(moves) = placed::search(m.as_mut(), 6000, policy, done) {
            let (seat, swap) = found.expect("a swap");
            eprintln!(
                "the Inventor in game {seed} after {} moves: seat {seat} plays {swap}",
                moves.len()
            );
            return (seed, moves, seat, swap);
        }
    }
    panic!("no Inventor on a built hex in 60 games");
}

async fn log_lines(b: &Browser) -> Vec<String> {
    let v = b
        .script("return [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.textContent)")
        .await;
    v.as_array()
        .map(|a| a.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_log_keeps_the_numbers_an_inventor_swapped_later() {
    let (seed, moves, seat, swap) = before_inventor();
    let options = json!({"rules": "cities_knights"});
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let at = placed::place(&server, "catan", &options, 3, seed, &moves).await;
    b.goto(&at.path(usize::from(seat))).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some("EN") {
        b.click("[data-testid=lang-switch]").await;
    }
    let started = Instant::now();
    let before = loop {
        let lines = log_lines(&b).await;
        if lines.iter().any(|l| l.contains("Turn ")) {
            break lines;
        }
        assert!(started.elapsed() < Duration::from_secs(15), "the log is shown");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // The swapped hexes appear in older lines with their numbers of then.
    let (a, bb) = (swap["a"].as_u64().unwrap_or(0), swap["b"].as_u64().unwrap_or(0));
    let mut m = placed::start("catan", &options, 3, seed);
    for mv in &moves {
        m.act(Seat(mv.seat), &mv.action, Some(mv.version)).expect("replays");
    }
    let tiles = m.view(Viewer::Spectator)["board"]["tiles"].clone();
    let (na, nb) = (
        tiles[a as usize]["number"].clone(),
        tiles[bb as usize]["number"].clone(),
    );
    assert_ne!(na, nb, "the swap changes the numbers");

    let version = m.version();
    let (ok, answer) = at.act(&server, seat, &swap, version).await;
    assert!(ok, "the Inventor is played: {answer}");
    let started = Instant::now();
    let after = loop {
        let lines = log_lines(&b).await;
        if lines.iter().any(|l| l.contains("are swapped")) {
            break lines;
        }
        assert!(started.elapsed() < Duration::from_secs(15), "the swap is logged");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let swapped = after
        .iter()
        .find(|l| l.contains("are swapped"))
        .cloned()
        .unwrap_or_default();
    eprintln!("{swapped}");
    assert!(
        swapped.contains(&format!(" {na} (hex {a})")) && swapped.contains(&format!(" {nb} (hex {bb})")),
        "the swap's line names the numbers it swapped ({na} on hex {a}, {nb} on hex {bb}): {swapped}"
    );
    // The board now shows the swapped numbers, and no older line changed.
    assert_eq!(
        after[..before.len()],
        before[..],
        "the lines before the Inventor read as when they happened"
    );
    b.quit().await;
    server.stop().await;
}

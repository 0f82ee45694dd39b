//! The discard dialog on a 7 (issue 15: one round trip per card, +1 buttons
//! only): in a position of a real game where a seat owes several cards, the
//! dialog suggests a full discard, − and + change it within the hand and the
//! debt, and *Abwerfen* hands the table every owed card at once as the
//! engine's one-card discards (which the page then sends one after another).

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::{Browser, TestServer};

/// A discard position of a random game: the view and legal actions of a seat
/// that owes at least two cards and holds at least two kinds.
fn discard_case() -> (Value, Vec<Value>, u8, u64) {
    use catan::Catan;
    use engine::rand::{Rng, SeedableRng};
    use engine::{ChanceMode, Game, GameRng, Match, ToAct, Viewer};
    for seed in 0..200u64 {
        let mut m = Match::<Catan>::new(catan::Config::default(), 3, seed, ChanceMode::Seeded).expect("starts");
        let mut rng = GameRng::seed_from_u64(seed);
        for _ in 0..3000 {
            let ToAct::Seats(seats) = m.to_act() else { break };
            for seat in seats.iter() {
                let view = serde_json::to_value(m.view(Viewer::Seat(seat))).expect("view");
                let owed = view["phase"]["owed"][seat.index()].as_u64().unwrap_or(0);
                let kinds = view["players"][seat.index()]["hand"]
                    .as_object()
                    .map(|h| h.values().filter(|n| n.as_u64().unwrap_or(0) > 0).count())
                    .unwrap_or(0);
                if view["phase"]["phase"] == "discard" && owed >= 2 && kinds >= 2 {
                    let legal = m
                        .legal_actions(seat)
                        .iter()
                        .map(|a| serde_json::to_value(a).expect("action"))
                        .collect();
                    return (view, legal, seat.0, owed);
                }
            }
            let seat = seats.first().expect("a seat");
            let legal: Vec<_> = m
                .legal_actions(seat)
                .into_iter()
                .filter(|a| !Catan::is_offer(a))
                .collect();
            let a = legal[rng.random_range(0..legal.len())];
            m.act(seat, a, None).expect("a legal action");
        }
    }
    panic!("no discard position in 200 random games");
}

/// The dialog's picked counts per resource, in `RESOURCES` order.
async fn counts(b: &Browser) -> Vec<u64> {
    let js = "return ['brick','lumber','wool','grain','ore'].map((r) => Number(document.querySelector(`#e2e-root [data-testid=discard-count-${r}]`)?.textContent || 0))";
    let v = b.script(js).await;
    v.as_array()
        .expect("counts")
        .iter()
        .map(|n| n.as_u64().unwrap_or(0))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_discard_dialog_sends_every_owed_card_at_once() {
    let (view, legal, seat, owed) = discard_case();
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.use_description("catan", None).await;
    let mut rng = <engine::GameRng as engine::rand::SeedableRng>::seed_from_u64(0);
    let state = <catan::Catan as engine::Game>::new_game(&catan::Config::default(), 3, &mut rng).expect("a game");
    let served = catan::query::board_geometry(&state);
    // The table page's context, with `actAll` recording what it is handed.
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
    let suggested = counts(&b).await;
    assert_eq!(
        suggested.iter().sum::<u64>(),
        owed,
        "a full discard is suggested: {suggested:?}"
    );
    let send = b
        .text_of("#e2e-root [data-testid=discard-send]")
        .await
        .unwrap_or_default();
    assert_eq!(send, format!("{owed} von {owed} Karten abwerfen"));

    // − takes one back (and *Abwerfen* waits for a full pick), + adds another kind.
    let names = ["brick", "lumber", "wool", "grain", "ore"];
    let from = names[suggested.iter().position(|&n| n > 0).expect("a picked kind")];
    b.click(&format!("#e2e-root [data-testid=discard-minus-{from}]")).await;
    assert_eq!(counts(&b).await.iter().sum::<u64>(), owed - 1);
    assert!(
        b.attr("#e2e-root [data-testid=discard-send]", "disabled")
            .await
            .is_some(),
        "a pick short of the debt cannot be sent"
    );
    let hand = &view["players"][usize::from(seat)]["hand"];
    let now = counts(&b).await;
    let to = names
        .iter()
        .enumerate()
        .find(|(i, r)| *r != &from && hand[**r].as_u64().unwrap_or(0) > now[*i])
        .map(|(_, r)| *r)
        .expect("another kind to add");
    b.click(&format!("#e2e-root [data-testid=discard-plus-{to}]")).await;
    let picked = counts(&b).await;
    assert_eq!(picked.iter().sum::<u64>(), owed);
    assert!(
        b.first(&format!("#e2e-root [data-testid=discard-plus-{to}][disabled]"))
            .await
            .is_some(),
        "no more than owed"
    );

    b.click("#e2e-root [data-testid=discard-send]").await;
    let sent = b.script("return JSON.stringify(window.__e2e.sent)").await;
    let sent: Vec<Value> = serde_json::from_str(sent.as_str().unwrap_or("[]")).expect("actions");
    assert_eq!(sent.len() as u64, owed, "every owed card in one go: {sent:?}");
    for a in &sent {
        assert!(legal.contains(a), "a listed one-card discard: {a}");
    }
    for (i, r) in names.iter().enumerate() {
        let n = sent.iter().filter(|a| a["resource"] == *r).count() as u64;
        assert_eq!(n, picked[i], "{r}: as picked");
    }
    b.quit().await;
    server.stop().await;
}

//! A complete game of CATAN in headless Chromium: one human seat against two
//! server bots, played only by clicking the board (highlighted intersections,
//! paths and hexes) and the dialogs (discard, robber victim, trade replies,
//! development cards, maritime trade). The goal is lowered through the
//! lobby's options field so that the game ends in a few minutes. Along the
//! way: a refused action shows its rule sentence, the log speaks sentences,
//! the winner screen appears. Screenshots with SPIELLEITER_SCREENSHOTS.

use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

const ROLL_FIRST_DE: &str = "Zuerst muss gewürfelt werden (nur eine Entwicklungskarte darf vorher gespielt werden).";

use web_e2e::ui::create_with_options;

/// One step of a simple player: the board and the dialogs first, the fallback list last.
async fn play_one(b: &Browser, seen: &mut Vec<&'static str>) -> Option<String> {
    // Dialogs that need an answer.
    let answer = ui::first_of(
        b,
        &[
            "[data-testid=discard-panel] button",
            "[data-testid=victim-panel] [data-testid^=victim-]",
            "[data-testid=yop-panel] button[data-testid^=yop-]",
            "[data-testid=monopoly-panel] button[data-testid^=monopoly-]",
            "[data-testid=negotiation] [data-testid=accept-offer]:not([disabled])",
            "[data-testid=negotiation] [data-testid=decline-offer]",
            "[data-testid=negotiation] button[data-testid^=confirm-]",
            "[data-testid=negotiation] [data-testid=cancel-trade]",
            "[data-testid=offer-panel] [data-testid=submit-offer]:not([disabled])",
            "[data-testid=offer-panel] [data-testid=cancel-trade]",
        ],
    )
    .await;
    if let Some(css) = answer {
        for what in [
            "discard", "victim", "accept", "decline", "confirm", "submit", "yop", "monopoly",
        ] {
            if css.contains(what) {
                ui::note(seen, what);
            }
        }
        return ui::act(b, &css).await;
    }
    // Build: cities, then settlements, then roads; the robber's hexes.
    for css in [
        "[data-testid^=node-][data-kind=city]",
        "[data-testid^=node-][data-kind=settlement]",
        "[data-testid^=edge-]",
    ] {
        if b.first(css).await.is_some() {
            ui::note(seen, if css.contains("city") { "city" } else { "build" });
            return ui::act(b, css).await;
        }
    }
    if b.first("[data-testid^=hex-]").await.is_some() {
        ui::note(seen, "robber");
        // The robber's choices are outlined, the board under them stays as
        // it is: the outlines are transparent inside, and the centre of a
        // hex that is not a choice shows that hex (no overlay over the board).
        let look = b
            .script(concat!(
                "const t = [...document.querySelectorAll('[data-testid^=hex-]')];",
                "const clear = t.every((e) => { const f = getComputedStyle(e).fill; return f === 'none' || /rgba\\(.*,\\s*0\\)$/.test(f); });",
                "const other = [...document.querySelectorAll('[data-testid^=tile-]')].find((g) => !document.querySelector(`[data-testid=hex-${g.dataset.testid.slice(5)}]`));",
                "let seen = null;",
                "if (other) { other.scrollIntoView({block: 'center'}); const r = other.querySelector('polygon').getBoundingClientRect();",
                "  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * 0.3);",
                "  seen = !!hit && hit.closest('[data-testid^=tile-]') === other; }",
                "return [t.length, clear, seen];"
            ))
            .await;
        assert_eq!(
            look[1],
            serde_json::json!(true),
            "the robber's hexes are outlined, not filled: {look}"
        );
        assert_ne!(
            look[2],
            serde_json::json!(false),
            "nothing lies over the other hexes: {look}"
        );
        let before = ui::version(b).await;
        // A hex with several victims opens the victim chooser.
        let hex = match b
            .first("[data-testid^=hex-]:not([data-victims=\"0\"]):not([data-victims=\"1\"])")
            .await
        {
            Some(e) => e,
            None => b.first("[data-testid^=hex-]").await.expect("a robber hex"),
        };
        b.click_element(&hex).await.expect("click a robber hex");
        // Either the robber moved, or the victim chooser opened.
        let (chose, refused) = ui::finish_robber(b, before).await;
        if chose {
            ui::note(seen, "victim");
        }
        return refused;
    }
    if b.first("[data-testid=roll]").await.is_some() {
        if b.first("[data-testid=play-knight]").await.is_some() {
            ui::note(seen, "knight");
            return ui::act(b, "[data-testid=play-knight]").await;
        }
        return ui::act(b, "[data-testid=roll]").await;
    }
    // Development cards, then a maritime trade, then the end of the turn.
    for (css, what) in [
        ("[data-testid=play-road-building]", "road_building"),
        ("[data-testid=play-knight]", "knight"),
    ] {
        if b.first(css).await.is_some() {
            ui::note(seen, what);
            return ui::act(b, css).await;
        }
    }
    for (open, pick, what) in [
        (
            "[data-testid=play-year-of-plenty]",
            "[data-testid=yop-panel] button[data-testid^=yop-]",
            "year_of_plenty",
        ),
        (
            "[data-testid=play-monopoly]",
            "[data-testid=monopoly-panel] button[data-testid^=monopoly-]",
            "monopoly",
        ),
    ] {
        if b.first(open).await.is_some() {
            ui::note(seen, what);
            b.click(open).await;
            b.wait_for(pick, Duration::from_secs(5)).await;
            return ui::act(b, pick).await;
        }
    }
    if b.first("[data-testid=buy-dev]").await.is_some() {
        ui::note(seen, "buy_dev");
        return ui::act(b, "[data-testid=buy-dev]").await;
    }
    if b.first("[data-testid=open-maritime]").await.is_some() {
        ui::note(seen, "maritime");
        b.click("[data-testid=open-maritime]").await;
        check_maritime_rates(b).await;
        // Two clicks (issue 43): the dialog opens with a card to give chosen
        // and its trades shown, so the second click trades.
        assert!(
            b.first("[data-testid=maritime-panel] button.sel[data-testid^=mt-give-]")
                .await
                .is_some()
                && b.first("[data-testid^=mt-get-]").await.is_some(),
            "the maritime dialog opens with a card to give chosen"
        );
        b.click("[data-testid=maritime-panel] [data-testid^=mt-give-]").await;
        b.wait_for("[data-testid^=mt-get-]", Duration::from_secs(5)).await;
        let give = b
            .attr(
                "[data-testid=maritime-panel] button.sel[data-testid^=mt-give-]",
                "data-rate",
            )
            .await
            .expect("the chosen resource shows its rate");
        let get_for = b.text_of("[data-testid=mt-cost]").await.unwrap_or_default();
        assert!(
            get_for.starts_with(&format!("Für {give} ")),
            "the get row names the cost: {get_for}"
        );
        return ui::act(b, "[data-testid^=mt-get-]").await;
    }
    // Once a game: a domestic offer of one card for one card, put together by clicks.
    if !seen.contains(&"offer")
        && b.first("[data-testid=open-trade]").await.is_some()
        && b.first("[data-testid=end-turn]").await.is_some()
    {
        ui::note(seen, "offer");
        if let Some(refused) = ui::act(b, "[data-testid=open-trade]").await {
            return Some(refused);
        }
        // The builder: + on a resource given and on another wanted, the
        // counts follow, and one click sends the whole offer.
        b.wait_for("[data-testid=offer-panel]", Duration::from_secs(10)).await;
        assert!(
            b.attr("[data-testid=submit-offer]", "disabled").await.is_some(),
            "an empty offer cannot be sent"
        );
        let give = b.first("[data-testid^=trade-give-plus-]:not([disabled])").await;
        let Some(give) = give else {
            return ui::act(b, "[data-testid=cancel-trade]").await;
        };
        let given = b.attr_of(&give, "data-testid").await.unwrap_or_default();
        let r = given.trim_start_matches("trade-give-plus-").to_string();
        b.click(&format!("[data-testid=trade-give-plus-{r}]")).await;
        let count = b.text_of(&format!("[data-testid=trade-give-count-{r}]")).await;
        assert_eq!(count.as_deref(), Some("1"), "the give count follows the +");
        assert!(
            b.attr(&format!("[data-testid=trade-get-plus-{r}]"), "disabled")
                .await
                .is_some(),
            "a resource given cannot be wanted too"
        );
        let get = b.first("[data-testid^=trade-get-plus-]:not([disabled])").await;
        let Some(get) = get else {
            return ui::act(b, "[data-testid=cancel-trade]").await;
        };
        let wanted = b.attr_of(&get, "data-testid").await.unwrap_or_default();
        let w = wanted.trim_start_matches("trade-get-plus-").to_string();
        b.click(&format!("[data-testid=trade-get-plus-{w}]")).await;
        let count = b.text_of(&format!("[data-testid=trade-get-count-{w}]")).await;
        assert_eq!(count.as_deref(), Some("1"), "the get count follows the +");
        let label = b.text_of("[data-testid=submit-offer]").await.unwrap_or_default();
        assert!(
            label.starts_with("Angebot machen: 1 ") && label.contains(" gegen 1 "),
            "the button names the offer: {label}"
        );
        return ui::act(b, "[data-testid=submit-offer]").await;
    }
    if b.first("[data-testid=end-turn]").await.is_some() {
        return ui::act(b, "[data-testid=end-turn]").await;
    }
    ui::note(seen, "fallback");
    ui::act(b, "[data-testid=legal-action]").await
}

/// The open maritime dialog shows the seat's rate for every resource
/// (4:1, 3:1 or 2:1), and each resource offered to give carries the same rate.
async fn check_maritime_rates(b: &Browser) {
    b.wait_for("[data-testid=mt-rates]", Duration::from_secs(5)).await;
    for r in ["brick", "lumber", "wool", "grain", "ore"] {
        let css = format!("[data-testid=mt-rate-{r}]");
        let rate = b.attr(&css, "data-rate").await.unwrap_or_default();
        assert!(["2", "3", "4"].contains(&rate.as_str()), "{r}: rate {rate:?}");
        let text = b.text_of(&css).await.unwrap_or_default();
        assert!(text.ends_with(&format!(" {rate}:1")), "{r}: {text}");
        let give = format!("[data-testid=mt-give-{r}]");
        if b.first(&give).await.is_some() {
            assert_eq!(b.attr(&give, "data-rate").await, Some(rate.clone()), "{r}: give chip");
            let text = b.text_of(&give).await.unwrap_or_default();
            assert!(text.starts_with(&format!("{rate} ")), "{r}: give chip says {text}");
        }
    }
    b.screenshot("catan-maritime.png").await;
}

/// Imports a module in the page and returns `pick(module)` as JSON.
async fn module_json(b: &Browser, path: &str, pick: &str) -> serde_json::Value {
    b.script(&format!(
        "window.__e2e_pick = null; import('{path}').then((m) => {{ window.__e2e_pick = JSON.stringify(({pick})(m)); }}, (e) => {{ window.__e2e_pick = JSON.stringify({{error: String(e)}}); }}); return 1;"
    ))
    .await;
    let started = Instant::now();
    loop {
        let v = b.script("return window.__e2e_pick;").await;
        if let Some(s) = v.as_str() {
            let parsed: serde_json::Value = serde_json::from_str(s).expect("module JSON");
            assert!(parsed.get("error").is_none(), "{path}: {parsed}");
            return parsed;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{path} did not load");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Positions of random CATAN games (every seat's view and its maritime rates
/// by the engine), taken whenever some seat's rates change.
fn rate_cases() -> Vec<(serde_json::Value, u8, [u8; 5])> {
    use catan::query::rates;
    use catan::Catan;
    use engine::rand::{Rng, SeedableRng};
    use engine::{ChanceMode, Game, GameRng, Match, Seat, ToAct, Viewer};
    let mut cases = Vec::new();
    for seed in 0..6u64 {
        let players = 3 + (seed % 2) as usize;
        let mut m = Match::<Catan>::new(catan::Config::default(), players, seed, ChanceMode::Seeded).expect("starts");
        let mut rng = GameRng::seed_from_u64(seed);
        let mut last: Vec<[u8; 5]> = vec![[0; 5]; players];
        for _ in 0..400 {
            for (i, seen) in last.iter_mut().enumerate() {
                let seat = Seat(i as u8);
                let now = rates(m.state(), seat);
                if now != *seen {
                    *seen = now;
                    let view = serde_json::to_value(m.view(Viewer::Seat(seat))).expect("view");
                    cases.push((view, seat.0, now));
                }
            }
            let ToAct::Seats(seats) = m.to_act() else { break };
            let seat = seats.first().expect("a seat");
            let legal: Vec<_> = m
                .legal_actions(seat)
                .into_iter()
                .filter(|a| !Catan::is_offer(a))
                .collect();
            let legal = if legal.is_empty() { m.legal_actions(seat) } else { legal };
            let a = legal[rng.random_range(0..legal.len())];
            m.act(seat, a, None).expect("a legal action");
        }
    }
    cases
}

/// The rates the maritime dialog shows (computed in the UI from the view)
/// equal the engine's, in positions of random games.
#[tokio::test(flavor = "multi_thread")]
async fn maritime_rates_equal_the_engines() {
    let cases = rate_cases();
    let harbor = cases.iter().filter(|(_, _, r)| r.iter().any(|&x| x < 4)).count();
    assert!(
        cases.iter().any(|(_, _, r)| r.contains(&2)) && cases.iter().any(|(_, _, r)| r.contains(&3)),
        "the positions include 2:1 and 3:1 harbors ({harbor} with a harbor of {})",
        cases.len()
    );
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    let input: Vec<serde_json::Value> = cases
        .iter()
        .map(|(view, seat, _)| serde_json::json!({"view": view, "seat": seat}))
        .collect();
    // The board's shape as a table page receives it from the server (the
    // harbors themselves are read from each view).
    let mut rng = <engine::GameRng as engine::rand::SeedableRng>::seed_from_u64(0);
    let state = <catan::Catan as engine::Game>::new_game(&catan::Config::default(), 3, &mut rng).expect("a game");
    let served = catan::query::board_geometry(&state);
    b.script(&format!(
        "window.__e2e_cases = {}; window.__e2e_topology = {served}; return 1;",
        serde_json::Value::from(input)
    ))
    .await;
    // The game's description (names, the resources' order), as a table page receives it.
    b.use_description("catan", None).await;
    let ui = module_json(
        &b,
        "/assets/games/catan.js",
        "(m) => { m.useTopology(window.__e2e_topology); return window.__e2e_cases.map((c) => { const r = m.maritimeRates(c.view, c.seat); return m.RESOURCES.map((x) => r[x]); }); }",
    )
    .await;
    let ui = ui.as_array().expect("a list");
    assert_eq!(ui.len(), cases.len());
    for ((view, seat, engine), ui) in cases.iter().zip(ui) {
        let ui: Vec<u64> = ui
            .as_array()
            .expect("rates")
            .iter()
            .filter_map(|x| x.as_u64())
            .collect();
        let engine: Vec<u64> = engine.iter().map(|&x| u64::from(x)).collect();
        assert_eq!(ui, engine, "seat {seat} at turn {}", view["turn"]);
    }
    eprintln!("maritime rates: {} positions, {harbor} with a harbor", cases.len());
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn catan_full_game_in_the_browser() {
    // The game of replay seed 2 shows everything asserted below in few moves
    // (26 s on the 2-core machine beside another test; seeds 1 to 5 took 9 s to 72 s).
    let server = TestServer::start_game(2).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    create_with_options(
        &b,
        "catan",
        &["human", "bot:random", "bot:random"],
        "Anna",
        r#"{"victory_points": 5}"#,
    )
    .await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    assert_eq!(
        b.all("[data-testid^=tile-]").await.len(),
        19,
        "the board shows 19 hexes"
    );
    assert_eq!(b.all("[data-testid^=harbor-]").await.len(), 9, "and 9 harbors");

    let started = Instant::now();
    let mut steps = 0;
    let mut refused = false;
    let mut shots = 0;
    let mut seen = Vec::new();
    let mut marked = 0;
    loop {
        match ui::wait_turn(&b, Duration::from_secs(60)).await {
            Turn::Over => break,
            Turn::Mine => {}
        }
        steps += 1;
        // The piece built last in this turn is ringed on the board, and it is a piece that stands there.
        // One round trip: the ring's piece and place, and whether that piece is drawn there.
        let ring = b
            .script(concat!(
                "const m = document.querySelector('[data-testid=last-move]'); if (!m) return null;",
                "const p = m.dataset.piece, at = m.dataset.at;",
                "return [p, at, !!document.querySelector(`[data-testid=${p}-${at}]`)];"
            ))
            .await;
        if let Some(r) = ring.as_array() {
            assert_eq!(
                r.get(2),
                Some(&serde_json::json!(true)),
                "the ringed piece {r:?} is on the board"
            );
            marked += 1;
        }
        // A refused action shows its rule sentence (before the first roll of a turn).
        if !refused && b.first("[data-testid=roll]").await.is_some() {
            refused = true;
            let before = ui::version(&b).await;
            let (sentence, rule) = ui::refusal(&b, r#"{"type":"end_turn"}"#).await;
            assert_eq!(sentence, ROLL_FIRST_DE, "the refusal shows the rule's sentence");
            assert_eq!(rule, "catan.turn.roll_first", "and its rule id");
            assert_eq!(ui::version(&b).await, before, "a refusal changes nothing");
        }
        if shots == 0 && steps > 40 && b.first("[data-testid^=edge-], [data-testid^=node-]").await.is_some() {
            shots = 1;
            b.resize(1280, 1000).await;
            b.script("window.scrollTo(0, 0)").await;
            b.screenshot("catan-build.png").await;
            b.click("[data-testid=lang-switch]").await;
            b.screenshot("catan-build-en.png").await;
            b.click("[data-testid=lang-switch]").await;
            b.resize(412, 915).await;
            b.script("window.scrollTo(0, 0)").await;
            b.screenshot("catan-phone.png").await;
            b.resize(1280, 900).await;
        }
        if let Some(text) = play_one(&b, &mut seen).await {
            panic!("a listed action was refused: {text}");
        }
        assert!(steps < 3000, "the game does not end");
        assert!(
            started.elapsed() < Duration::from_secs(420),
            "the game takes too long ({steps} steps; seen {seen:?})"
        );
    }
    eprintln!(
        "CATAN: {steps} steps in {:?}; used {seen:?}; last move ringed {marked} times",
        started.elapsed()
    );
    assert!(refused, "the refusal was checked");
    assert!(marked > 3, "the last move is highlighted on the board");
    // The end: every seat's points by source, and the dice that were rolled.
    let breakdown = b.text_of("[data-testid=score-breakdown]").await.unwrap_or_default();
    assert!(
        breakdown.contains("Siedlungen") && breakdown.contains("Rohstoffe erhalten"),
        "points by source and statistics: {breakdown}"
    );
    let rolls: u64 = b
        .script("return [...document.querySelectorAll('[data-testid=dice-chart] .bar')].reduce((s, b) => s + Number(b.dataset.count), 0);")
        .await
        .as_u64()
        .unwrap_or(0);
    let logged = b
        .script("return [...document.querySelectorAll('[data-testid=log] li')].filter((l) => /würfelt \\d/.test(l.textContent)).length;")
        .await
        .as_u64()
        .unwrap_or(0);
    assert!(
        rolls > 0 && rolls == logged,
        "the dice chart counts every roll of the log ({rolls} vs {logged})"
    );
    let winners = b.text_of("[data-testid=winner-names]").await.unwrap_or_default();
    assert!(winners.starts_with("Gewonnen: "), "winner screen: {winners}");
    let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
    assert!(
        log.contains("Anna baut eine Siedlung"),
        "the log speaks sentences: {log}"
    );
    assert!(log.contains("würfelt"), "the log tells the rolls");
    assert!(log.contains("gewinnt mit"), "the log tells the end");
    assert!(!log.contains("{\""), "no JSON in the log");
    b.resize(1280, 1000).await;
    b.script("window.scrollTo(0, 0)").await;
    b.screenshot("catan-winner.png").await;

    // The replay viewer draws the same board from the recorded frames.
    ui::replay_shows_board(&b, "[data-testid=catan-board]").await;
    b.screenshot("catan-replay.png").await;
    b.quit().await;
    server.stop().await;
}

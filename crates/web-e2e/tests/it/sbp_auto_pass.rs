//! The automatic pass of a building step (issue 26, item 6): at a table of
//! the 5–6 player extension the Special Building Phase gives the human a step
//! after every other player's turn, and each step used to wait for a click
//! even when nothing was affordable. With the switch "pass my building step
//! when I cannot afford anything" on (remembered across a reload), a step
//! that offers only the pass goes by without a click, and a step that offers
//! a build still waits for the player. Issue 43 (item 4): the switch is on
//! by default (52 clicks in 9 turns at six players otherwise), switching it
//! off is remembered, and the log folds each finished phase into one line
//! that opens to its steps.

use crate::five_six_browser::{create_56, play_one};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::{Browser, TestServer};

/// The kinds of the legal actions the page lists for this browser's seat.
async fn legal_kinds(b: &Browser) -> Vec<String> {
    let v = b
        .script("return [...document.querySelectorAll('[data-testid=legal-action]')].map((e) => e.dataset.kind)")
        .await;
    v.as_array()
        .map(|a| a.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn building_steps_pass_themselves_when_nothing_is_affordable() {
    let server = TestServer::start_game(3).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_english(&b).await;
    let seats = ["human", "bot:random", "bot:random", "bot:random", "bot:random"];
    let table = create_56(&b, "five_six", &seats, "").await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;

    // The switch is on at first; off and on again, each remembered by the browser.
    let switch = "[data-testid=auto-pass]";
    b.wait_for(switch, Duration::from_secs(10)).await;
    let checked = "return !!document.querySelector('[data-testid=auto-pass]')?.checked";
    assert_eq!(b.script(checked).await, true, "on until the player turns it off");
    let label = b
        .script("return document.querySelector('[data-testid=auto-pass]').closest('label').textContent")
        .await;
    assert_eq!(
        label.as_str().map(str::trim),
        Some("Pass my building step when I cannot afford anything")
    );
    for on in [false, true] {
        b.click(switch).await;
        b.goto(&format!("/play/{table}")).await;
        b.wait_for(switch, Duration::from_secs(20)).await;
        assert_eq!(b.script(checked).await, on, "the switch survives a reload");
    }

    let mut seen = Vec::new();
    let (mut passed, mut waited) = (0, 0);
    let started = Instant::now();
    while passed < 3 {
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "only {passed} building steps passed by themselves"
        );
        if b.first("[data-testid=winner]").await.is_some() {
            break;
        }
        let mine = b.first("[data-testid=turn][data-mine=true]").await.is_some();
        let kinds = legal_kinds(&b).await;
        if !mine || kinds.is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        let step = b.first("[data-testid=turn-part-prompt]").await.is_some();
        if step && kinds.iter().all(|k| k == "end_turn") {
            // Nothing affordable: the page passes, no click.
            let before = ui::version(&b).await;
            let waiting = Instant::now();
            while ui::version(&b).await == before {
                assert!(
                    waiting.elapsed() < Duration::from_secs(6),
                    "a building step with only the pass waited for a click"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            passed += 1;
            continue;
        }
        if step {
            // Something to build: the step waits for the player.
            tokio::time::sleep(Duration::from_millis(2500)).await;
            if ui::version(&b).await.is_some() && legal_kinds(&b).await == kinds {
                assert!(
                    b.first("[data-testid=auto-pass-pending]").await.is_none(),
                    "no automatic pass with a build offered: {kinds:?}"
                );
                waited += 1;
            }
        }
        let _ = play_one(&b, &mut seen).await;
    }
    eprintln!("{passed} steps passed by themselves, {waited} waited for a build; {seen:?}");
    assert!(passed >= 3, "the switch passed the steps with nothing affordable");

    // The finished phases are folded: one line each, which opens to its steps.
    let folds = b.all("[data-testid=log-fold]").await;
    assert!(!folds.is_empty(), "a finished phase is folded");
    let summary = b
        .text_of("[data-testid=log-fold] [data-testid=log-fold-summary]")
        .await
        .unwrap_or_default();
    assert!(
        summary.starts_with("Special Building Phase after the turn of ") && summary.ends_with('.'),
        "{summary}"
    );
    assert!(
        summary.contains("passed") || summary.contains("built") || summary.contains("bought"),
        "{summary}"
    );
    // (A closed `<details>` keeps its content laid out but not shown: checkVisibility tells.)
    let inner = "return document.querySelector('[data-testid=log-fold] .log-fold-lines').checkVisibility()";
    assert_eq!(b.script(inner).await, json!(false), "folded: the steps are hidden");
    b.click("[data-testid=log-fold] [data-testid=log-fold-summary]").await;
    assert_eq!(b.script(inner).await, json!(true), "a click opens the steps");
    b.script("document.querySelector('[data-testid=log]').scrollIntoView()")
        .await;
    b.screenshot("catan56-log-fold.png").await;
    let steps = b
        .script("return document.querySelector('[data-testid=log-fold] .log-fold-lines').textContent")
        .await;
    assert!(
        steps
            .as_str()
            .is_some_and(|t| t.contains("Special Building Phase after the turn of")),
        "{steps}"
    );
    b.quit().await;
    server.stop().await;
}

/// The folded line of a phase, from the module the table page uses, in both languages.
#[tokio::test(flavor = "multi_thread")]
async fn a_finished_phase_folds_into_one_line() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    // After Bot 2's turn: Anna and Bot 4 pass, Bot 3 builds a road and buys a card, Bot 5 builds two roads.
    let events = json!([
        {"type": "turn_ended", "seat": 1},
        {"type": "special_building", "seat": 2, "after": 1},
        {"type": "built", "seat": 2, "piece": "road", "at": 3},
        {"type": "dev_card_bought", "seat": 2},
        {"type": "special_building", "seat": 3, "after": 1},
        {"type": "special_building", "seat": 4, "after": 1},
        {"type": "built", "seat": 4, "piece": "road", "at": 4},
        {"type": "built", "seat": 4, "piece": "road", "at": 5},
        {"type": "special_building", "seat": 5, "after": 1},
        {"type": "special_building", "seat": 0, "after": 1},
        {"type": "turn_started", "seat": 2, "turn": 9},
        {"type": "special_building", "seat": 3, "after": 2},
    ]);
    let js = format!(
        "return import('/assets/games/catan.js').then((m) => JSON.stringify(['de', 'en'].map((lang) => \
         m.foldLog({events}, {{ lang, seatName: (i) => ['Anna', 'Bot 2', 'Bot 3', 'Bot 4', 'Bot 5', 'Bot 6'][i] }}))));"
    );
    let v = b.script(&js).await;
    let folds: Value = serde_json::from_str(v.as_str().unwrap_or("null")).unwrap_or(Value::Null);
    assert_eq!(
        folds,
        json!([
            [{"from": 1, "to": 10, "summary": "Außerordentliche Bauphase nach dem Zug von Bot 2: Bot 4, Bot 6, Anna haben gepasst; Bot 3 hat eine Straße gebaut und eine Entwicklungskarte gekauft; Bot 5 hat 2 Straßen gebaut."}],
            [{"from": 1, "to": 10, "summary": "Special Building Phase after the turn of Bot 2: Bot 4, Bot 6, Anna passed; Bot 3 built a road and bought a development card; Bot 5 built 2 roads."}],
        ]),
        "the phase still running (after turn 9) stays unfolded"
    );
    b.quit().await;
    server.stop().await;
}

//! The automatic pass of a building step (issue 26, item 6): at a table of
//! the 5–6 player extension the Special Building Phase gives the human a step
//! after every other player's turn, and each step used to wait for a click
//! even when nothing was affordable. With the switch "pass my building step
//! when I cannot afford anything" on (remembered across a reload), a step
//! that offers only the pass goes by without a click, and a step that offers
//! a build still waits for the player.

use crate::five_six_browser::{create_56, play_one};
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

    // The switch, off at first, is remembered by the browser.
    let switch = "[data-testid=auto-pass]";
    b.wait_for(switch, Duration::from_secs(10)).await;
    let checked = "return !!document.querySelector('[data-testid=auto-pass]')?.checked";
    assert_eq!(b.script(checked).await, false, "off until the player turns it on");
    let label = b
        .script("return document.querySelector('[data-testid=auto-pass]').closest('label').textContent")
        .await;
    assert_eq!(
        label.as_str().map(str::trim),
        Some("Pass my building step when I cannot afford anything")
    );
    b.click(switch).await;
    b.goto(&format!("/play/{table}")).await;
    b.wait_for(switch, Duration::from_secs(20)).await;
    assert_eq!(b.script(checked).await, true, "the switch survives a reload");

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
    b.quit().await;
    server.stop().await;
}

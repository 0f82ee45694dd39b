//! The docs' animated capture of a Cities & Knights turn (issue 26, item 7):
//! one human seat with heroes against two bots, played by the `ck/` click
//! policy to the human's first turn after the set-up with something to
//! build; that turn — the roll, what it brings, what is built — is filmed
//! frame by frame and joined into `ck-turn.png`, an animated PNG
//! (`web_e2e::capture`), when `SPIELLEITER_SCREENSHOTS` is set. Without it
//! the test still plays the turn through the page and checks that it was
//! played by clicks: the roll and at least one more action were accepted.

use crate::ck;

use ck::{play_one, Limits, Me};
use std::path::Path;
use std::time::Duration;
use web_e2e::ui::{self, Turn};
use web_e2e::{capture, Browser, TestServer};

/// Frames of the capture at most (each about 0.1–0.3 s of page time).
const MAX_FRAMES: usize = 24;

/// Takes frame `n` when screenshots are on; returns the count of frames taken.
async fn frame(b: &Browser, n: &mut usize) {
    if *n < MAX_FRAMES && b.screenshot(&format!("ck-turn-frame-{:02}.png", *n)).await {
        *n += 1;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cities_knights_turn_is_filmed_for_the_docs() {
    let server = TestServer::start_game(5).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    let (id, _) = ui::create_with_rules(
        &b,
        "catan",
        "cities_knights_heroes",
        &["human", "bot:random", "bot:random"],
        "Anna",
        r#"{"victory_points": 8}"#,
    )
    .await;
    let me = Me::of(&b, &server.url, &id).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    let (mut seen, mut lim) = (Vec::new(), Limits::default());
    // To the human's roll in a turn after the set-up, with cards to spend
    // (the third round or later: the first rounds rarely build).
    let mut steps = 0;
    loop {
        assert!(
            matches!(ui::wait_turn(&b, Duration::from_secs(60)).await, Turn::Mine),
            "the game ended first"
        );
        let turn = me.get("view").await["view"]["turn"].as_u64().unwrap_or(0);
        if turn >= 7 && b.first("[data-testid=roll]").await.is_some() {
            break;
        }
        if let Some(text) = play_one(&b, &me, &mut seen, &mut lim).await {
            panic!("a listed action was refused: {text}");
        }
        steps += 1;
        assert!(steps < 600, "no turn of the human after the set-up");
    }
    b.resize(1280, 900).await;
    b.script("window.scrollTo(0, 0)").await;
    let before = ui::version(&b).await;
    let mut frames = 0;
    frame(&b, &mut frames).await;
    // The roll, filmed while the dice and the cards move.
    if let Some(text) = ui::act(&b, "[data-testid=roll]").await {
        panic!("the roll was refused: {text}");
    }
    for _ in 0..4 {
        frame(&b, &mut frames).await;
    }
    // The rest of the turn, a frame per click, until the turn passes on.
    let mut acted = 1;
    while acted < 12 {
        if !matches!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine) {
            break;
        }
        let ending = b.first("[data-testid=end-turn]").await.is_some()
            && me.get("view").await["view"]["current"].as_u64() == Some(0)
            && acted > 3;
        if ending {
            ui::act(&b, "[data-testid=end-turn]").await;
            frame(&b, &mut frames).await;
            break;
        }
        if let Some(text) = play_one(&b, &me, &mut seen, &mut lim).await {
            panic!("a listed action was refused: {text}");
        }
        acted += 1;
        frame(&b, &mut frames).await;
    }
    let after = ui::version(&b).await;
    assert!(
        after.unwrap_or(0) >= before.unwrap_or(0) + 2,
        "the roll and at least one more action were accepted ({before:?} -> {after:?})"
    );
    if let Some(dir) = std::env::var_os("SPIELLEITER_SCREENSHOTS") {
        let dir = Path::new(&dir);
        let halves: Vec<_> = (0..frames)
            .map(|n| {
                let path = dir.join(format!("ck-turn-frame-{n:02}.png"));
                let bytes = std::fs::read(&path).expect("a frame just written");
                // The board and the column beside it (dice, barbarians, bank, hand).
                let page = capture::decode(&bytes).expect("a PNG screenshot");
                capture::halve(&capture::crop(&page, 0, 130, 950, 630))
            })
            .collect();
        let apng = capture::apng(&halves, 400).expect("frames of one size");
        std::fs::write(dir.join("ck-turn.png"), apng).expect("write the capture");
        eprintln!("ck-turn.png: {frames} frames");
    }
    b.quit().await;
    server.stop().await;
}

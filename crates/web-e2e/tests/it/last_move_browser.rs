//! What just happened, on the board (issue 15, point 3), for Splendor and
//! Catan Junior: after every move the page marks the latest move exactly as
//! the server's public history tells it (who, what, where), and a spectator
//! in another tab sees the same mark. Both games are played at one screen
//! (hot-seat), so every move is the test's own and nothing races a bot.

use serde_json::Value;
use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// The table's public history (the spectator's), flattened to its events.
async fn history(server: &TestServer, table: &str) -> Vec<Value> {
    let url = format!("{}/api/tables/{table}/history", server.url);
    let h: Value = reqwest::get(&url)
        .await
        .expect("the history answers")
        .json()
        .await
        .expect("the history is JSON");
    h["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["events"].as_array().cloned().unwrap_or_default())
        .collect()
}

fn kind(e: &Value) -> &str {
    e["type"].as_str().unwrap_or("")
}

/// The events of the turn of the latest move: from the boundary before it to the next one.
fn latest_turn(events: &[Value], boundary: &str, moves: &[&str]) -> Vec<Value> {
    let Some(last) = events.iter().rposition(|e| moves.contains(&kind(e))) else {
        return Vec::new();
    };
    let from = events[..last]
        .iter()
        .rposition(|e| kind(e) == boundary)
        .map_or(0, |i| i + 1);
    let to = events[last..]
        .iter()
        .position(|e| kind(e) == boundary)
        .map_or(events.len(), |i| last + i);
    events[from..to].to_vec()
}

fn last_of<'a>(turn: &'a [Value], kinds: &[&str]) -> Option<&'a Value> {
    turn.iter().rev().find(|e| kinds.contains(&kind(e)))
}

/// The mark's data attributes (`null` when there is none).
async fn mark(b: &Browser, css: &str, attrs: &[&str]) -> Value {
    let list = attrs
        .iter()
        .map(|a| format!("m.getAttribute('{a}')"))
        .collect::<Vec<_>>()
        .join(", ");
    b.script(&format!(
        "const m = document.querySelector('{css}'); return m ? [{list}] : null;"
    ))
    .await
}

async fn count(b: &Browser, css: &str) -> usize {
    b.all(css).await.len()
}

/// One move of Splendor by clicking: a card to buy, else a reserve (early), else a legal take.
async fn splendor_move(b: &Browser, turn: usize) -> Option<String> {
    if let Some(chip) = b.first("[data-testid=hand-dock] .chip.returnable").await {
        let id = b.attr_of(&chip, "data-testid").await.unwrap_or_default();
        return ui::act(b, &format!("[data-testid=\"{id}\"]")).await;
    }
    if b.first(".noble.can-choose").await.is_some() {
        return ui::act(b, ".noble.can-choose").await;
    }
    if b.first(".market .card.can-buy").await.is_some() {
        b.click(".market .card.can-buy").await;
        b.wait_for("[data-testid=buy-option]", Duration::from_secs(5)).await;
        return ui::act(b, "[data-testid=buy-option]").await;
    }
    if turn < 2 && b.first(".market .card.can-reserve").await.is_some() {
        b.click(".market .card.can-reserve").await;
        b.wait_for("[data-testid=reserve-card]", Duration::from_secs(5)).await;
        return ui::act(b, "[data-testid=reserve-card]").await;
    }
    let take = match b.first("[data-testid=legal-action][data-kind=take_different]").await {
        Some(e) => Some(e),
        None => b.first("[data-testid=legal-action][data-kind=take_two]").await,
    };
    let Some(take) = take else {
        return ui::act(b, "[data-testid=legal-action]").await;
    };
    let action: Value = serde_json::from_str(&b.attr_of(&take, "data-action").await.unwrap_or_default()).unwrap();
    let gems: Vec<String> = match action["type"].as_str() {
        Some("take_two") => vec![action["gem"].as_str().unwrap_or_default().to_string(); 2],
        _ => action["gems"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|g| g.as_str().map(str::to_string))
            .collect(),
    };
    for g in &gems {
        b.click(&format!("[data-testid=bank-{g}]")).await;
    }
    ui::act(b, "[data-testid=take-tokens]").await
}

/// A spectator's page (opened in a new tab) shows the same last-move mark,
/// compared by `attrs`, as the player's page; the tab is closed again.
async fn spectator_sees_the_same_mark(b: &Browser, table: &str, attrs: &[&str]) {
    let player_mark = mark(b, "[data-testid=last-move]", attrs).await;
    let player = b.new_tab().await;
    b.goto(&format!("/watch/{table}")).await;
    b.wait_for("[data-testid=spectator-note]", Duration::from_secs(20))
        .await;
    let started = Instant::now();
    loop {
        let seen = mark(b, "[data-testid=last-move]", attrs).await;
        if seen == player_mark {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the spectator's mark {seen} is the player's {player_mark}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.close_tab(&player).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn splendor_marks_the_last_move_as_the_history_tells_it() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    let table = ui::create_table(&b, "splendor", &["human", "human"], "Lea", true).await;
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    assert!(
        b.first("[data-testid=last-move]").await.is_none(),
        "no move yet, no mark"
    );
    let moves = [
        "took_tokens",
        "reserved",
        "reserved_from_deck",
        "bought",
        "returned_token",
        "noble_visited",
        "passed",
    ];
    let started = Instant::now();
    let mut seen: Vec<String> = Vec::new();
    let mut turn = 0;
    while !(seen.iter().any(|k| k == "buy") && seen.iter().any(|k| k == "reserve") && seen.iter().any(|k| k == "take"))
    {
        assert!(
            turn < 30 && started.elapsed() < Duration::from_secs(50),
            "no buy, reserve and take within {turn} moves: {seen:?}"
        );
        assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
        if let Some(refused) = splendor_move(&b, turn / 2).await {
            panic!("a move offered was refused: {refused}");
        }
        turn += 1;
        assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);

        // The history's latest move, and the page's mark of it.
        let events = history(&server, &table).await;
        let last = latest_turn(&events, "turn_began", &moves);
        let main = last_of(
            &last,
            &["bought", "reserved", "reserved_from_deck", "took_tokens", "passed"],
        )
        .expect("the turn has a main move");
        let seat = main["seat"].as_u64().expect("a seat");
        let want = match kind(main) {
            "bought" => "buy",
            "reserved" => "reserve",
            "reserved_from_deck" => "reserve_deck",
            "took_tokens" => "take",
            _ => "pass",
        };
        let got = mark(&b, "[data-testid=last-move]", &["data-seat", "data-kind", "data-card"]).await;
        assert_eq!(got[0], Value::String(seat.to_string()), "the mover: {got} vs {main}");
        assert_eq!(got[1], Value::String(want.to_string()), "the move: {got} vs {main}");
        if let Some(card) = main["card"].as_u64() {
            assert_eq!(got[2], Value::String(card.to_string()), "the card: {got} vs {main}");
        }
        // The mover's panel is framed; what the move gave it is ringed.
        assert_eq!(count(&b, &format!("[data-testid=player-{seat}].last-mover")).await, 1);
        match want {
            "take" => {
                let taken: Vec<String> = main["tokens"]
                    .as_object()
                    .map(|t| {
                        t.iter()
                            .filter(|(_, n)| n.as_u64() > Some(0))
                            .map(|(c, _)| c.clone())
                            .collect()
                    })
                    .unwrap_or_default();
                assert_eq!(
                    count(&b, "[data-testid^=last-move-token-]").await,
                    taken.len(),
                    "{main}"
                );
                // Every colour taken that the mover still holds is ringed in the panel.
                let mut held = 0;
                for c in &taken {
                    held += count(&b, &format!("[data-testid=player-{seat}] .chip.gem-{c}")).await;
                }
                assert_eq!(
                    count(&b, &format!("[data-testid=player-{seat}] .chip.last-taken")).await,
                    held,
                    "every colour taken is ringed: {main}"
                );
            }
            "buy" => assert_eq!(
                count(&b, &format!("[data-testid=player-{seat}] [data-testid=last-bonus]")).await,
                1,
                "the bonus the card gave is ringed"
            ),
            "reserve" if seat == 0 || seat == 1 => assert_eq!(
                count(&b, &format!("[data-testid=player-{seat}] .card.last-card")).await,
                1,
                "the reserved card is ringed in the reserve"
            ),
            _ => {}
        }
        // The card dealt in its place is marked in the market.
        for dealt in last.iter().filter(|e| kind(e) == "card_dealt") {
            let id = dealt["card"].as_u64().unwrap_or_default();
            assert_eq!(
                count(&b, &format!(".market .card.fresh[data-card=\"{id}\"]")).await,
                1,
                "the card dealt ({id}) is marked"
            );
        }
        if !seen.iter().any(|k| k == want) {
            seen.push(want.to_string());
            if want == "buy" {
                b.resize(1280, 1000).await;
                b.script("window.scrollTo(0, 0); return null;").await;
                b.screenshot("splendor-last-move.png").await;
            }
        }
    }
    eprintln!("Splendor: {turn} moves marked ({seen:?}) in {:?}", started.elapsed());

    // A spectator sees the same mark.
    spectator_sees_the_same_mark(&b, &table, &["data-seat", "data-kind", "data-card"]).await;
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn catan_junior_rings_the_piece_built_last_and_klau_s_island() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    let table = ui::create_table(&b, "catan-junior", &["human", "human"], "Lea", true).await;
    b.wait_for("[data-testid=junior-board]", Duration::from_secs(20)).await;
    let moves = ["built_lair", "built_ship", "klau_moved"];
    let started = Instant::now();
    let (mut ships, mut lairs, mut klau, mut kept) = (0, 0, 0, 0);
    let mut steps = 0;
    // Until two ships were ringed, a build stayed ringed over a turn without
    // one (the table's chance decides when that happens), and a lair was
    // ringed (if one comes within 35 s).
    while !(ships >= 2 && kept >= 1 && (lairs >= 1 || started.elapsed() > Duration::from_secs(35))) {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "within {steps} steps: {ships} ships ringed (2 wanted), {kept} builds kept over a turn (1 wanted)"
        );
        if ui::wait_turn(&b, Duration::from_secs(20)).await == Turn::Over {
            break;
        }
        steps += 1;
        let before = mark(&b, "[data-testid=last-move]", &["data-piece", "data-at", "data-seat"]).await;
        let mut clicked = None;
        for (css, what) in [
            ("[data-testid^=site-]", "lair"),
            ("[data-testid^=route-]", "ship"),
            ("[data-testid^=klau-]", "klau"),
        ] {
            if let Some(e) = b.first(css).await {
                let id = b.attr_of(&e, "data-testid").await.unwrap_or_default();
                assert_eq!(
                    ui::act(&b, &format!("[data-testid=\"{id}\"]")).await,
                    None,
                    "{id} was refused"
                );
                clicked = Some((what, id));
                break;
            }
        }
        if clicked.is_none() {
            let css = if b.first("[data-testid=end-turn]").await.is_some() {
                "[data-testid=end-turn]"
            } else {
                "[data-testid=legal-action]"
            };
            assert_eq!(ui::act(&b, css).await, None);
        }
        if b.first("[data-testid=winner]").await.is_some() {
            break;
        }

        // The marks equal the history's latest build and Klau move.
        let events = history(&server, &table).await;
        let last = latest_turn(&events, "turn_ended", &moves);
        let got = mark(&b, "[data-testid=last-move]", &["data-piece", "data-at", "data-seat"]).await;
        match last_of(&last, &["built_lair", "built_ship"]) {
            None => assert_eq!(got, Value::Null, "no build, no ring"),
            Some(e) => {
                let seat = e["seat"].as_u64().unwrap_or(9).to_string();
                let (piece, at): (&str, Vec<u64>) = if kind(e) == "built_lair" {
                    ("lair", vec![e["site"].as_u64().unwrap_or(999)])
                } else {
                    let mut r: Vec<u64> = e["route"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_u64)
                        .collect();
                    r.sort_unstable();
                    ("ship", r)
                };
                assert_eq!(got[0], Value::String(piece.into()), "{got} vs {e}");
                assert_eq!(got[2], Value::String(seat), "{got} vs {e}");
                let at_text = got[1].as_str().unwrap_or_default().to_string();
                let mut ringed: Vec<u64> = at_text.split('-').filter_map(|x| x.parse().ok()).collect();
                ringed.sort_unstable();
                assert_eq!(ringed, at, "the ring is where the history says: {got} vs {e}");
                assert_eq!(
                    count(&b, &format!("[data-testid={piece}-{at_text}]")).await,
                    1,
                    "the ringed piece stands there"
                );
                // What was just clicked is what is ringed.
                if let Some((what, id)) = &clicked {
                    if *what != "klau" {
                        assert_eq!(*what, piece, "{id}");
                        let mut target: Vec<u64> = id.split('-').skip(1).filter_map(|x| x.parse().ok()).collect();
                        target.sort_unstable();
                        assert_eq!(target, at, "the piece built by clicking {id} is ringed");
                        if piece == "lair" {
                            lairs += 1;
                        } else {
                            ships += 1;
                        }
                    }
                } else if before != Value::Null && got == before {
                    // The turn passed without a build: the previous build stays marked.
                    kept += 1;
                }
            }
        }
        match last_of(&last, &["klau_moved"]) {
            None => assert_eq!(count(&b, "[data-testid=last-klau]").await, 0),
            Some(e) => {
                let island = e["island"]
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| e["island"].to_string());
                assert_eq!(
                    count(&b, &format!("[data-testid=last-klau][data-island=\"{island}\"]")).await,
                    1,
                    "Klau's island is ringed: {e}"
                );
                klau += 1;
            }
        }
    }
    eprintln!(
        "Catan Junior: {steps} steps, {ships} ships and {lairs} lairs ringed, Klau {klau}, kept over a turn {kept}, in {:?}",
        started.elapsed()
    );
    assert!(ships >= 1, "a ship was built and ringed");
    assert!(kept >= 1, "a build stays ringed when the turn passes");
    b.resize(1280, 1000).await;
    b.script("window.scrollTo(0, 0); return null;").await;
    b.screenshot("junior-last-move.png").await;

    // A spectator sees the same ring.
    spectator_sees_the_same_mark(&b, &table, &["data-piece", "data-at", "data-seat"]).await;
    b.quit().await;
    server.stop().await;
}

//! Cities & Knights in headless Chromium: a complete game of the rule set
//! `cities_knights_heroes` created in the lobby (rule set chosen there), one
//! human seat against two server bots, played only by clicking the board and
//! the panels. The human is driven by the policy in `ck/` that clicks what
//! the page offers: the C&K actions the test must see first (a knight built
//! and activated, a hero made, a squire recruited and moved), then points
//! (cities, settlements on the best spots, improvements, so progress cards),
//! a defence before the barbarians (knights built, activated and promoted
//! until the seat's active knights beat each rival's: the lowest defence
//! loses a city, the single strongest gains a point), and bank trades
//! toward the next build. The
//! log must show a barbarian attack and a progress card played. Along the
//! way: no action is ever shown as JSON, the barbarian comparison is always
//! on screen, a second hero sent by hand is refused with its rule id and
//! sentence in German and English. A second test plays Cities & Knights on a
//! phone-sized window; a third shows that a progress card offers exactly the
//! legal targets and that an impossible one is refused (issue 14's bad
//! input). Screenshots with SPIELLEITER_SCREENSHOTS.

use crate::ck;

use ck::{play_one, Limits, Me};
use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

const SECOND_HERO_DE: &str = "Du hast schon einen Helden; jeder Spieler hat nur einen.";
const SECOND_HERO_EN: &str = "You already have a hero; each player has only one.";

/// Creates a CATAN table in the lobby with a rule set and typed options; returns its id.
async fn create_ck(b: &Browser, rules: &str, seats: &[&str], options: &str) -> String {
    let (id, counts) = ui::create_with_rules(b, "catan", rules, seats, "Anna", options).await;
    // The rule set allows 3 or 4 players (2 only in the base game).
    assert_eq!(counts, ["3", "4"], "{rules}: player counts offered");
    id
}

/// Reads the page for JSON actions: the legal list and the log are words.
async fn assert_no_json(b: &Browser) {
    let legal = b.text_of("[data-testid=legal-list]").await.unwrap_or_default();
    assert!(
        !legal.contains("{\"") && !legal.contains("\"type\""),
        "a legal action shown as JSON: {legal}"
    );
    let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
    assert!(!log.contains("{\""), "JSON in the log: {log}");
}

#[tokio::test(flavor = "multi_thread")]
async fn cities_knights_heroes_full_game_in_the_browser() {
    // The game of replay seed 5 shows everything asserted below in few moves
    // (30 s on the 2-core machine beside another test; seeds 1 to 5 took 9 s to 72 s).
    let server = TestServer::start_game(5).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    ui::lobby_in_german(&b).await;
    let id = create_ck(
        &b,
        "cities_knights_heroes",
        &["human", "bot:random", "bot:random"],
        // 8 points, not the rule set's 13 (nor 10): the config allows any goal from 3. With the
        // defence before the barbarians, seven games to 8 on the 2-core machine took 52 s to 227 s
        // (Anna won each, every C&K action seen on the way); a goal of 10 took up to 325 s.
        r#"{"victory_points": 8}"#,
    )
    .await;
    let me = Me::of(&b, &server.url, &id).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    b.wait_for("[data-testid=barbarians]", Duration::from_secs(20)).await;
    let bank = b.text_of("[data-testid=bank]").await.unwrap_or_default();
    assert!(
        bank.contains("Papier") && bank.contains("Tuch") && bank.contains("Münze"),
        "the bank holds commodities: {bank}"
    );
    assert!(!bank.contains("Entwicklungskarten"), "no development cards: {bank}");

    let started = Instant::now();
    let mut steps = 0;
    let mut seen = Vec::new();
    let mut lim = Limits::default();
    let mut refused = false;
    let mut shots = 0;
    loop {
        match ui::wait_turn(&b, Duration::from_secs(60)).await {
            Turn::Over => break,
            Turn::Mine => {}
        }
        steps += 1;
        // Where a slow game spends its time (shown with --nocapture).
        if steps % 20 == 0 {
            let v = me.get("view").await;
            let pts: Vec<_> = v["view"]["players"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| p["public_points"].clone())
                .collect();
            let defence: Vec<usize> = v["view"]["cities_knights"]["players"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| p["active"].as_array().map_or(0, Vec::len))
                .collect();
            eprintln!(
                "step {steps} at {:?}: version {} points {pts:?} barbarians {} active knights {defence:?} seen {seen:?}",
                started.elapsed(),
                v["version"],
                v["view"]["cities_knights"]["barbarians"]
            );
        }
        if steps % 10 == 0 {
            assert_no_json(&b).await;
            let balance = b.attr("[data-testid=barbarian-balance]", "data-strength").await;
            assert!(balance.is_some(), "the barbarian comparison is on screen");
        }
        // A second hero sent by hand: refused with its rule and sentence, in both languages.
        if !refused && b.first("[data-testid=end-turn]").await.is_some() {
            if let Some(hero) = b.first("[data-testid^=knight-][data-seat=\"0\"][data-hero=true]").await {
                refused = true;
                let node = b
                    .attr_of(&hero, "data-testid")
                    .await
                    .unwrap_or_default()
                    .trim_start_matches("knight-")
                    .to_string();
                let before = ui::version(&b).await;
                let raw = format!(r#"{{"type":"upgrade_hero","node":{node},"commodity":"paper"}}"#);
                let (text, rule) = ui::refusal(&b, &raw).await;
                assert_eq!(text, SECOND_HERO_DE);
                assert_eq!(rule, "snh.hero.one_per_player");
                b.click("[data-testid=lang-switch]").await;
                let (text, _) = ui::refusal(&b, &raw).await;
                assert_eq!(text, SECOND_HERO_EN);
                b.click("[data-testid=lang-switch]").await;
                assert_eq!(ui::version(&b).await, before, "a refusal changes nothing");
                assert!(
                    b.first("[data-testid^=node-][data-kinds~=upgrade_hero]")
                        .await
                        .is_none(),
                    "a second hero is never offered"
                );
            }
        }
        if shots == 0 && seen.contains(&"recruit") && b.first("[data-testid=end-turn]").await.is_some() {
            shots = 1;
            b.resize(1280, 1100).await;
            b.script("window.scrollTo(0, 0)").await;
            b.screenshot("ck-heroes.png").await;
            b.click("[data-testid=lang-switch]").await;
            b.screenshot("ck-heroes-en.png").await;
            b.click("[data-testid=lang-switch]").await;
            b.resize(1280, 900).await;
        }
        if let Some(text) = play_one(&b, &me, &mut seen, &mut lim).await {
            panic!("a listed action was refused: {text} (seen {seen:?})");
        }
        assert!(steps < 4000, "the game does not end");
        // About twice the slowest game seen (227 s), for a CI machine busy with other tests.
        assert!(
            started.elapsed() < Duration::from_secs(420),
            "the game takes too long ({steps} steps; seen {seen:?})"
        );
    }
    let winner = b.text_of("[data-testid=winner-names]").await.unwrap_or_default();
    eprintln!(
        "C&K heroes: {steps} steps in {:?}; used {seen:?}; {winner}",
        started.elapsed()
    );
    let log = b.text_of("[data-testid=log]").await.unwrap_or_default();
    for (what, words) in [
        ("knight", "Anna baut einen Ritter"),
        ("activate", "Anna aktiviert den Ritter"),
        ("attack", "Die Barbaren greifen an"),
        ("progress", "Anna spielt"),
        ("hero", "zum Helden"),
        ("recruit", "Der Held von Anna wirbt einen Knappen an"),
        ("squire", "Knappe von Anna"),
    ] {
        assert!(log.contains(words), "{what}: the log says '{words}' (seen {seen:?})");
    }
    assert!(refused, "the second hero was refused");
    assert!(!log.contains("{\""), "no JSON in the log");
    b.resize(1280, 1100).await;
    b.script("window.scrollTo(0, 0)").await;
    b.screenshot("ck-winner.png").await;
    // The table's summary names the rule set; the finished game has left
    // the lobby (live tables only) and is on "My games".
    let row: serde_json::Value = reqwest::get(format!("{}/api/tables/{id}", server.url))
        .await
        .expect("summary")
        .json()
        .await
        .expect("json");
    assert_eq!(row["rules"], "cities_knights_heroes");
    b.click("[data-testid=winner-close]").await;
    b.goto("/my-games").await;
    b.wait_for(
        &format!("[data-testid=my-game][data-table=\"{id}\"][data-status=finished]"),
        Duration::from_secs(20),
    )
    .await;
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn cities_knights_on_a_phone() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.resize(390, 844).await;
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    let id = create_ck(&b, "cities_knights", &["human", "bot:random", "bot:random"], "").await;
    let me = Me::of(&b, &server.url, &id).await;
    b.wait_for("[data-testid=barbarians]", Duration::from_secs(20)).await;
    // Play until a few turns of the main game have passed.
    let mut seen = Vec::new();
    let mut lim = Limits::default();
    let mut rolls = 0;
    let mut steps = 0;
    while rolls < 4 {
        match ui::wait_turn(&b, Duration::from_secs(60)).await {
            Turn::Over => break,
            Turn::Mine => {}
        }
        if b.first("[data-testid=roll]").await.is_some() {
            rolls += 1;
        }
        steps += 1;
        assert!(steps < 400, "the phone game does not get going");
        if let Some(text) = play_one(&b, &me, &mut seen, &mut lim).await {
            panic!("a listed action was refused: {text}");
        }
    }
    assert_no_json(&b).await;
    let dice = b.all("[data-testid=dice] .die").await.len();
    assert_eq!(dice, 3, "three dice: red, yellow and the event die");
    let width = b
        .script("return document.documentElement.scrollWidth;")
        .await
        .as_u64()
        .unwrap_or(0);
    assert!(width <= 390, "the page fits the phone's width ({width}px)");
    b.script("window.scrollTo(0, 0)").await;
    b.screenshot("ck-phone.png").await;
    b.script("document.querySelector('[data-testid=barbarians]').scrollIntoView()")
        .await;
    b.screenshot("ck-phone-panels.png").await;
    b.quit().await;
    server.stop().await;
}

/// The progress cards that name a target, the field that holds it, every
/// value the field could take in a 3-player game, and the refusal (rule id,
/// German, English) of a target the engine does not list.
const TARGETED: &[(&str, &str, u64, &str, &str, &str)] = &[
    (
        "play_merchant",
        "hex",
        19,
        "ck.decide.merchant_hex",
        "Der Händler kommt auf ein Rohstofffeld an einer deiner Siedlungen oder Städte, nie in die Wüste.",
        "The merchant goes on a resource hex touching your settlement or city, never the desert.",
    ),
    (
        "play_bishop",
        "hex",
        19,
        "catan.robber.must_move",
        "Der Räuber muss auf ein anderes Landfeld versetzt werden.",
        "The robber must move to a different land hex.",
    ),
    (
        "play_spy",
        "victim",
        3,
        "ck.decide.card_targets",
        "Dieser Mitspieler kann für diese Karte nicht gewählt werden.",
        "That player cannot be chosen for this card.",
    ),
    (
        "play_master_merchant",
        "victim",
        3,
        "ck.decide.card_targets",
        "Dieser Mitspieler kann für diese Karte nicht gewählt werden.",
        "That player cannot be chosen for this card.",
    ),
    (
        "play_deserter",
        "victim",
        3,
        "ck.decide.deserter_fresh",
        "Der Überläufer braucht einen Mitspieler mit einem Ritter auf dem Plan.",
        "The Deserter needs an opponent with a knight on the board.",
    ),
    (
        "play_intrigue",
        "node",
        54,
        "ck.card.intrigue",
        "Die Intrige vertreibt nur einen gegnerischen Ritter auf einer Kreuzung an deiner Straße.",
        "Intrigue displaces only an opposing knight on an intersection touching your road.",
    ),
    (
        "play_diplomat",
        "edge",
        72,
        "ck.decide.open_road",
        "Der Diplomat entfernt nur eine offene Straße.",
        "The Diplomat removes only an open road.",
    ),
    (
        "play_engineer",
        "node",
        54,
        "ck.build.wall",
        "Eine Stadtmauer kommt unter eine deiner Städte ohne Mauer, höchstens drei.",
        "A city wall goes under one of your cities without a wall, three at most.",
    ),
    (
        "play_medicine",
        "node",
        54,
        "ck.card.medicine",
        "Medizin baut eine eigene Siedlung für 2 Erz und 1 Getreide zur Stadt aus (eine Stadt muss im Vorrat sein).",
        "Medicine upgrades one of your settlements for 2 ore and 1 grain (a city piece is needed).",
    ),
];

/// The card name the page uses for a play action (`play_master_merchant` → `master_merchant`).
fn card_of(kind: &str) -> &str {
    kind.trim_start_matches("play_")
}

/// A held targeted card with an impossible target: (row of TARGETED, the legal targets, one impossible).
fn targeted_card(legal: &[serde_json::Value]) -> Option<(usize, Vec<u64>, u64)> {
    for (row, (kind, field, all, ..)) in TARGETED.iter().enumerate() {
        let mut ok: Vec<u64> = legal
            .iter()
            .filter(|a| a["type"] == *kind)
            .filter_map(|a| a[*field].as_u64())
            .collect();
        ok.sort_unstable();
        ok.dedup();
        // The seat itself is never a victim; any other value outside the list is impossible.
        let bad = (0..*all).find(|v| !(ok.contains(v) || *field == "victim" && *v == 0));
        if let (false, Some(bad)) = (ok.is_empty(), bad) {
            return Some((row, ok, bad));
        }
    }
    None
}

/// Issue 14's bad input: a progress card with an impossible target. The
/// table is made through the HTTP API with a fixed seed, and the human seat is
/// played there (rolls, improvements for progress cards, bank trades for
/// commodities) until it holds a card that names a target of which some are
/// impossible (a player without progress cards for the Spy, a hex away from
/// its buildings for the Merchant, the robber's hex for the Bishop, ...). Then
/// the browser takes the seat: the card's panel and the board offer exactly
/// the targets the server lists for the seat, and an impossible one typed
/// into the raw-action box is refused with its rule id, in German and in
/// English, the version unchanged.
#[tokio::test(flavor = "multi_thread")]
async fn ck_progress_card_offers_only_legal_targets() {
    use serde_json::{json, Value};
    // Reproducible bots: with bots of fresh chance, one game in several ended
    // before the seat drew a targeted card.
    let server = TestServer::start_game(1).await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("{}/api/tables", server.url))
        .json(&json!({
            "game": "catan",
            "players": 3,
            "options": {"rules": "cities_knights"},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
            "seed": 14,
        }))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let id = created["id"].as_str().expect("table id").to_string();
    let joined: Value = http
        .post(format!("{}/api/tables/{id}/seats/0/join", server.url))
        .json(&json!({"name": "Anna"}))
        .send()
        .await
        .expect("join")
        .json()
        .await
        .expect("json");
    let secret = joined["secret"].as_str().expect("secret").to_string();
    let legal_now = || async {
        let v: Value = http
            .get(format!("{}/api/tables/{id}/legal?seat=0", server.url))
            .header("x-seat-secret", &secret)
            .send()
            .await
            .expect("legal")
            .json()
            .await
            .expect("json");
        (
            v["version"].as_u64().unwrap_or(0),
            v["legal"].as_array().cloned().unwrap_or_default(),
        )
    };
    // The seat's play through the API until the card is held.
    let started = Instant::now();
    let mut trades = 0;
    let (row, ok, bad, version) = loop {
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "no targeted progress card held in time"
        );
        let (version, legal) = legal_now().await;
        if legal.is_empty() {
            let summary: Value = http
                .get(format!("{}/api/tables/{id}", server.url))
                .send()
                .await
                .expect("summary")
                .json()
                .await
                .expect("json");
            // A game that ends first holds no card to test: say so at once.
            assert_ne!(
                summary["status"], "finished",
                "the game ended before the seat held a targeted progress card (another replay seed?)"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        if let Some((row, ok, bad)) = targeted_card(&legal) {
            break (row, ok, bad, version);
        }
        let is = |t: &str| legal.iter().find(|a| a["type"] == t);
        // The politics deck holds most of the targeted cards, the trade deck the rest.
        let with = |t: &str, key: &str, vals: &[&str]| {
            vals.iter().find_map(|v| {
                legal.iter().find(|a| {
                    a["type"] == t
                        && a[key] == *v
                        && !["paper", "cloth", "coin"].contains(&a["give"].as_str().unwrap_or_default())
                })
            })
        };
        let improvement = with("build_improvement", "track", &["politics", "trade", "science"]);
        let commodity = with("bank_trade", "get", &["coin", "cloth", "paper"]);
        let pick = is("roll")
            .or(improvement)
            .or_else(|| is("build_city"))
            .or_else(|| is("activate_knight"))
            .or_else(|| is("build_knight"))
            .or_else(|| commodity.filter(|_| trades < 3))
            // Cards without a target are played (a hand of five is cut back), targeted ones kept.
            .or_else(|| {
                legal.iter().find(|a| {
                    let t = a["type"].as_str().unwrap_or_default();
                    t.starts_with("play_") && !TARGETED.iter().any(|r| r.0 == t)
                })
            })
            .or_else(|| {
                legal.iter().find(|a| {
                    a["type"] == "discard_progress"
                        && !TARGETED
                            .iter()
                            .any(|r| card_of(r.0) == a["card"].as_str().unwrap_or_default())
                })
            })
            .or_else(|| is("end_turn"))
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| !a["type"].as_str().unwrap_or_default().starts_with("play_"))
            })
            .unwrap_or(&legal[0])
            .clone();
        trades = match pick["type"].as_str() {
            Some("bank_trade") => trades + 1,
            Some("end_turn") => 0,
            _ => trades,
        };
        // A bot's move in between makes the version stale: the next round reads again.
        let _ = http
            .post(format!("{}/api/tables/{id}/act", server.url))
            .header("x-seat-secret", &secret)
            .json(&json!({"seat": 0, "action": pick, "version": version}))
            .send()
            .await
            .expect("act");
    };
    let (kind, field, _, rule, de, en) = TARGETED[row];
    eprintln!(
        "{kind}: legal {field}s {ok:?}, impossible {bad} (after {:?})",
        started.elapsed()
    );

    // The browser takes the seat through its join link, in German.
    let link = joined["link"].as_str().expect("link");
    let path = link.find("/play/").map(|i| &link[i..]).expect("a play link");
    b.goto(path).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some("DE") {
        b.click("[data-testid=lang-switch]").await;
    }
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(20)).await, Turn::Mine);
    assert_eq!(
        ui::version(&b).await,
        Some(version),
        "the page shows the position the API listed"
    );
    let card = card_of(kind);
    b.click(&format!("[data-testid=play-{card}]")).await;
    b.wait_for("[data-testid=card-panel]", Duration::from_secs(10)).await;
    let targets = match field {
        "victim" => "[data-testid=card-panel] [data-testid^=card-target-]".to_string(),
        "hex" => format!("[data-testid^=ck-hex-][data-kinds~={kind}]"),
        "node" => format!("[data-testid^=node-][data-kinds~={kind}]"),
        _ => format!("[data-testid^=edge-][data-kinds~={kind}]"),
    };
    let mut offered = Vec::new();
    for e in b.all(&targets).await {
        let testid = b.attr_of(&e, "data-testid").await.unwrap_or_default();
        let n = testid.rsplit('-').next().and_then(|n| n.parse::<u64>().ok());
        offered.push(n.unwrap_or_else(|| panic!("a target without an id: {testid}")));
    }
    offered.sort_unstable();
    assert_eq!(
        offered, ok,
        "{kind}: the page offers exactly the server's legal {field}s"
    );
    b.script("window.scrollTo(0, 0)").await;
    b.screenshot("ck-card-targets.png").await;
    b.click("[data-testid=selection-cancel]").await;

    // The impossible target sent by hand: refused, in German and English, nothing changes.
    let legal = legal_now().await.1;
    let mut raw = legal
        .iter()
        .find(|a| a["type"] == kind)
        .expect("the card is playable")
        .clone();
    raw[field] = json!(bad);
    let raw = raw.to_string();
    let (text, got) = ui::refusal(&b, &raw).await;
    assert_eq!((got.as_str(), text.as_str()), (rule, de), "{raw}");
    b.click("[data-testid=lang-switch]").await;
    let (text, got) = ui::refusal(&b, &raw).await;
    assert_eq!((got.as_str(), text.as_str()), (rule, en), "{raw}");
    b.click("[data-testid=lang-switch]").await;
    assert_eq!(ui::version(&b).await, Some(version), "a refusal changes nothing");
    assert_eq!(legal_now().await.0, version, "the server's version is unchanged");
    b.quit().await;
    server.stop().await;
}

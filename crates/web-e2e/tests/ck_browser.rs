//! Cities & Knights in headless Chromium: a complete game of the rule set
//! `cities_knights_heroes` created in the lobby (rule set chosen there), one
//! human seat against two server bots, played only by clicking the board and
//! the panels. The human is driven by a policy that clicks what the page
//! offers, preferring the C&K actions the test must see: a knight built and
//! activated, a barbarian attack, a progress card played, a hero made, a squire
//! recruited and moved. Along the way: no action is ever shown as JSON, the
//! barbarian comparison is always on screen, a second hero sent by hand is
//! refused with its rule id and sentence in German and English. A second test
//! plays Cities & Knights on a phone-sized window. Screenshots with
//! SPIELLEITER_SCREENSHOTS.

use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

const SECOND_HERO_DE: &str = "Du hast schon einen Helden; jeder Spieler hat nur einen.";
const SECOND_HERO_EN: &str = "You already have a hero; each player has only one.";

/// Creates a CATAN table in the lobby with a rule set and typed options; returns its id.
async fn create_ck(b: &Browser, rules: &str, seats: &[&str], options: &str) -> String {
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    b.click("[data-testid=game-select] option[value=\"catan\"]").await;
    b.click(&format!("[data-testid=rules-select] option[value=\"{rules}\"]"))
        .await;
    // The rule set allows 3 or 4 players (2 only in the base game).
    let counts: Vec<String> = {
        let mut v = Vec::new();
        for e in b.all("[data-testid=players-select] option").await {
            v.push(b.attr_of(&e, "value").await.unwrap_or_default());
        }
        v
    };
    assert_eq!(counts, ["3", "4"], "{rules}: player counts offered");
    b.click(&format!(
        "[data-testid=players-select] option[value=\"{}\"]",
        seats.len()
    ))
    .await;
    for (i, kind) in seats.iter().enumerate() {
        b.click(&format!("[data-testid=seat-kind-{i}] option[value=\"{kind}\"]"))
            .await;
    }
    b.type_into("[data-testid=name-input]", "Anna").await;
    if !options.is_empty() {
        b.click("[data-testid=create-form] details > summary").await;
        b.type_into("[data-testid=options-input]", options).await;
    }
    b.click("[data-testid=create-table]").await;
    b.wait_for("[data-testid=table-page]", Duration::from_secs(20)).await;
    let url = b.url().await;
    url.split("/play/")
        .nth(1)
        .map(|s| s.split(['?', '#']).next().unwrap_or_default().to_string())
        .unwrap_or_else(|| panic!("no table id in {url}"))
}

fn note(seen: &mut Vec<&'static str>, what: &'static str) {
    if !seen.contains(&what) {
        seen.push(what);
    }
}

/// Clicks a board place offering `kind`; if the click opens the place's menu, picks `kind` there.
async fn place_action(b: &Browser, place: &str, kind: &str) -> Option<String> {
    let before = ui::version(b).await;
    b.click(place).await;
    let started = Instant::now();
    loop {
        if b.first("[data-testid=ck-menu]").await.is_some() {
            let css = format!("[data-testid=ck-menu] [data-testid^=menu-{kind}]");
            let css = if b.first(&css).await.is_some() {
                css
            } else {
                "[data-testid=ck-menu] button".to_string()
            };
            return ui::act(b, &css).await;
        }
        if ui::version(b).await != before || b.first("[data-testid=winner]").await.is_some() {
            return None;
        }
        if let Some(t) = b.text_of("[data-testid=refusal]").await {
            return Some(t);
        }
        if started.elapsed() > Duration::from_secs(15) {
            panic!("clicking {place} did nothing");
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// What the policy did this turn (to keep a turn short).
#[derive(Default)]
struct TurnLimits {
    roads: u32,
    trades: u32,
    squire_steps: u32,
    knights: u32,
    /// Progress cards opened this turn (a card whose targets the policy
    /// cannot finish is cancelled, and not opened again and again).
    plays: u32,
}

/// Opens a playable progress card (a card without choices is played at once).
async fn play_card(b: &Browser, seen: &mut Vec<&'static str>, lim: &mut TurnLimits) -> Option<String> {
    note(seen, "progress");
    lim.plays += 1;
    let before = ui::version(b).await;
    b.click("[data-testid^=play-]").await;
    tokio::time::sleep(Duration::from_millis(60)).await;
    if ui::version(b).await == before && b.first("[data-testid=card-panel]").await.is_none() {
        return b.text_of("[data-testid=refusal]").await;
    }
    None
}

/// One step of the human: answer what is asked, then the C&K actions the test wants, then build, then end the turn.
async fn play_one(b: &Browser, seen: &mut Vec<&'static str>, lim: &mut TurnLimits) -> Option<String> {
    // A started selection: finish it.
    for (panel, targets) in [
        ("[data-testid=card-panel]", "[data-testid=card-panel] [data-testid^=card-target-], [data-testid=card-panel] [data-testid^=alchemist-], [data-testid^=ck-hex-], [data-testid^=node-], [data-testid^=edge-]"),
        ("[data-testid=knight-move-panel]", "[data-testid^=node-]"),
        ("[data-testid=squire-move-panel]", "[data-testid^=ck-hex-]"),
    ] {
        if b.first(panel).await.is_some() {
            if b.first(targets).await.is_none() {
                return ui::act(b, "[data-testid=selection-cancel]").await.or(None);
            }
            if panel.contains("alchemist") || b.first("[data-testid^=alchemist-red-]").await.is_some() {
                b.click("[data-testid^=alchemist-red-]").await;
                b.wait_for("[data-testid^=alchemist-yellow-]", Duration::from_secs(5)).await;
                return ui::act(b, "[data-testid^=alchemist-yellow-]").await;
            }
            if panel.contains("squire") {
                note(seen, "squire_moved");
                lim.squire_steps += 1;
            }
            let before = ui::version(b).await;
            b.click(targets).await;
            // Inventor's first hex only selects; the menu may open; otherwise the action went out.
            let started = Instant::now();
            loop {
                if ui::version(b).await != before || b.first("[data-testid=winner]").await.is_some() {
                    return None;
                }
                if b.first("[data-testid=ck-menu]").await.is_some() {
                    return ui::act(b, "[data-testid=ck-menu] button").await;
                }
                if b.first("[data-testid=card-panel]").await.is_some() && b.text_of("[data-testid=card-panel] h4").await.unwrap_or_default().contains("gewählt") {
                    return ui::act(b, "[data-testid^=ck-hex-]").await;
                }
                if let Some(t) = b.text_of("[data-testid=refusal]").await {
                    return Some(t);
                }
                assert!(started.elapsed() < Duration::from_secs(15), "the selection click did nothing");
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
        }
    }
    // Choices the game asks for (discards, decks, Aqueduct, card replies), the robber's victim.
    for css in [
        "[data-testid=ck-choices] button:not([data-testid^=choice-end_card])",
        "[data-testid=ck-choices] button",
        "[data-testid=victim-panel] [data-testid^=victim-]",
        "[data-testid=reply-panel] [data-testid=decline-offer]",
        "[data-testid=confirm-panel] [data-testid=cancel-trade]",
        "[data-testid=offer-panel] [data-testid=cancel-trade]",
    ] {
        if b.first(css).await.is_some() {
            if css.contains("choice") {
                let kind = b.attr(css, "data-testid").await.unwrap_or_default();
                if kind.contains("discard_card") {
                    note(seen, "discard");
                }
            }
            return ui::act(b, css).await;
        }
    }
    if b.first("[data-testid^=hex-]").await.is_some() {
        note(seen, "robber");
        let before = ui::version(b).await;
        b.click("[data-testid^=hex-]").await;
        let started = Instant::now();
        loop {
            if b.first("[data-testid=victim-panel]").await.is_some() {
                return ui::act(b, "[data-testid=victim-panel] [data-testid^=victim-]").await;
            }
            if ui::version(b).await != before {
                return None;
            }
            if let Some(t) = b.text_of("[data-testid=refusal]").await {
                return Some(t);
            }
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "the robber click did nothing"
            );
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }
    // A progress card the page offers (Alchemist only before the roll).
    if lim.plays < 3 && b.first("[data-testid^=play-]").await.is_some() {
        return play_card(b, seen, lim).await;
    }
    if b.first("[data-testid=roll]").await.is_some() {
        return ui::act(b, "[data-testid=roll]").await;
    }
    // The heroes: make one, recruit squires, step them (a few steps a turn).
    if !seen.contains(&"hero")
        && b.first("[data-testid^=node-][data-kinds~=upgrade_hero]")
            .await
            .is_some()
    {
        note(seen, "hero");
        return place_action(b, "[data-testid^=node-][data-kinds~=upgrade_hero]", "upgrade_hero").await;
    }
    if b.first("[data-testid^=ck-hex-][data-kinds~=recruit_squire]")
        .await
        .is_some()
    {
        note(seen, "recruit");
        return place_action(
            b,
            "[data-testid^=ck-hex-][data-kinds~=recruit_squire]",
            "recruit_squire",
        )
        .await;
    }
    if lim.squire_steps < 2 && b.first("[data-testid^=squire-].target").await.is_some() {
        b.click("[data-testid^=squire-].target").await;
        b.wait_for("[data-testid=squire-move-panel]", Duration::from_secs(5))
            .await;
        check_squire_costs(b).await;
        return None;
    }
    // City improvements first (progress cards come from them), then knights.
    if b.first("[data-testid^=improve-]").await.is_some() {
        note(seen, "improvement");
        return ui::act(b, "[data-testid^=improve-]").await;
    }
    // Knights first (the hero needs one), then progress cards, improvements, cities; settlements
    // only once the heroes have been tried, so that the game lasts until a barbarian attack.
    if b.first("[data-testid^=node-][data-kinds~=activate_knight]")
        .await
        .is_some()
    {
        note(seen, "activate");
        return place_action(
            b,
            "[data-testid^=node-][data-kinds~=activate_knight]",
            "activate_knight",
        )
        .await;
    }
    if lim.knights < 1
        && b.first("[data-testid^=node-][data-kinds~=build_knight]")
            .await
            .is_some()
    {
        note(seen, "knight");
        lim.knights += 1;
        return place_action(b, "[data-testid^=node-][data-kinds~=build_knight]", "build_knight").await;
    }
    if b.first("[data-testid^=node-][data-kinds~=build_city]").await.is_some() {
        note(seen, "city");
        return place_action(b, "[data-testid^=node-][data-kinds~=build_city]", "build_city").await;
    }
    if b.first("[data-testid^=node-][data-kinds~=build_settlement]")
        .await
        .is_some()
    {
        note(seen, "settlement");
        return place_action(
            b,
            "[data-testid^=node-][data-kinds~=build_settlement]",
            "build_settlement",
        )
        .await;
    }
    if b.first("[data-testid^=node-][data-kinds~=build_wall]").await.is_some() {
        note(seen, "wall");
        return place_action(b, "[data-testid^=node-][data-kinds~=build_wall]", "build_wall").await;
    }
    if lim.roads < 2 && b.first("[data-testid^=edge-]").await.is_some() {
        lim.roads += 1;
        return place_action(b, "[data-testid^=edge-]", "build_road").await;
    }
    if lim.trades < 3 && b.first("[data-testid=open-bank]").await.is_some() {
        lim.trades += 1;
        note(seen, "bank");
        b.click("[data-testid=open-bank]").await;
        b.wait_for("[data-testid=bank-rates]", Duration::from_secs(5)).await;
        check_bank_rates(b).await;
        b.click("[data-testid=bank-panel] [data-testid^=bank-give-]").await;
        b.wait_for("[data-testid^=bank-get-]", Duration::from_secs(5)).await;
        // What the knights need: grain while one is inactive, else wool and ore.
        let inactive = b
            .first("[data-testid^=knight-][data-seat=\"0\"][data-active=false]")
            .await
            .is_some();
        let wants: &[&str] = if !seen.contains(&"improvement") {
            &["cloth", "coin", "paper"]
        } else if inactive {
            &["grain", "ore", "wool"]
        } else {
            &["ore", "wool", "grain"]
        };
        let mut css = "[data-testid^=bank-get-]".to_string();
        for w in wants {
            let c = format!("[data-testid=bank-get-{w}]");
            if b.first(&c).await.is_some() {
                css = c;
                break;
            }
        }
        let css = css.as_str();
        return ui::act(b, css).await;
    }
    if b.first("[data-testid=end-turn]").await.is_some() {
        *lim = TurnLimits::default();
        return ui::act(b, "[data-testid=end-turn]").await;
    }
    note(seen, "more");
    if b.first("[data-testid=ck-more] button").await.is_some() {
        return ui::act(b, "[data-testid=ck-more] button").await;
    }
    ui::act(b, "[data-testid=legal-action]").await
}

/// The bank dialog shows a rate for every card kind (commodities included), and each give chip its rate.
async fn check_bank_rates(b: &Browser) {
    for k in ["brick", "lumber", "wool", "grain", "ore", "paper", "cloth", "coin"] {
        let rate = b
            .attr(&format!("[data-testid=bank-rate-{k}]"), "data-rate")
            .await
            .unwrap_or_default();
        assert!(["2", "3", "4"].contains(&rate.as_str()), "{k}: rate {rate:?}");
        let give = format!("[data-testid=bank-give-{k}]");
        if b.first(&give).await.is_some() {
            assert_eq!(b.attr(&give, "data-rate").await, Some(rate.clone()), "{k}: give chip");
        }
    }
}

/// With a squire chosen, every highlighted step shows its price, and the hexes it cannot enter say why
/// and are never offered: the desert and a hex across an opponent's road are no target.
async fn check_squire_costs(b: &Browser) {
    for e in b.all("[data-testid^=squire-blocked-]").await {
        let id = b.attr_of(&e, "data-testid").await.unwrap_or_default();
        let why = b.attr_of(&e, "data-why").await.unwrap_or_default();
        let hex = id.trim_start_matches("squire-blocked-");
        assert!(
            b.first(&format!("[data-testid=ck-hex-{hex}][data-kinds~=move_squire]"))
                .await
                .is_none(),
            "a squire step to hex {hex} ({why}) is offered"
        );
    }
    for e in b.all("[data-testid^=ck-hex-][data-kinds=move_squire]").await {
        let text = b.text(&e).await.unwrap_or_default();
        let title = b.attr_of(&e, "aria-label").await.unwrap_or_default();
        assert!(title.contains("Knappe zieht"), "step label: {title}");
        assert!(
            text.contains("kostenlos") || text.chars().any(|c| c.is_ascii_digit()),
            "the step shows its cost: {text:?}"
        );
    }
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
#[ignore = "not yet green: its click policy has not been seen to play a progress card in a whole game; run with --ignored (issue 14)"]
async fn cities_knights_heroes_full_game_in_the_browser() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    b.goto("/").await;
    b.wait_for("[data-testid=create-form]", Duration::from_secs(20)).await;
    if b.text_of("[data-testid=lang-switch]").await.as_deref() == Some("DE") {
        b.click("[data-testid=lang-switch]").await;
    }
    let id = create_ck(
        &b,
        "cities_knights_heroes",
        &["human", "bot:random", "bot:random"],
        r#"{"victory_points": 10}"#,
    )
    .await;
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
    let mut lim = TurnLimits::default();
    let mut refused = false;
    let mut shots = 0;
    loop {
        match ui::wait_turn(&b, Duration::from_secs(60)).await {
            Turn::Over => break,
            Turn::Mine => {}
        }
        steps += 1;
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
                let (text, rule) = refusal(&b, &raw).await;
                assert_eq!(text, SECOND_HERO_DE);
                assert_eq!(rule, "snh.hero.one_per_player");
                b.click("[data-testid=lang-switch]").await;
                let (text, _) = refusal(&b, &raw).await;
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
        if let Some(text) = play_one(&b, &mut seen, &mut lim).await {
            panic!("a listed action was refused: {text} (seen {seen:?})");
        }
        assert!(steps < 4000, "the game does not end");
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
    // The table list names the rule set.
    let tables: serde_json::Value = reqwest::get(format!("{}/api/tables", server.url))
        .await
        .expect("list")
        .json()
        .await
        .expect("json");
    let row = tables["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .find(|t| t["id"] == id.as_str())
        .expect("the table is listed")
        .clone();
    assert_eq!(row["rules"], "cities_knights_heroes");
    b.click("[data-testid=winner-close]").await;
    b.goto("/").await;
    b.wait_for("[data-testid=table-rules]", Duration::from_secs(20)).await;
    let rules = b.text_of("[data-testid=table-rules]").await.unwrap_or_default();
    assert!(
        rules.contains("Helden und Knappen"),
        "the lobby row names the rule set: {rules}"
    );
    b.quit().await;
    server.stop().await;
}

/// Sends a hand-written action and returns (sentence, rule id) of the refusal.
async fn refusal(b: &Browser, json: &str) -> (String, String) {
    if b.first("details.raw[open]").await.is_none() {
        b.click("[data-testid=raw-toggle]").await;
    }
    b.type_into("[data-testid=raw-action]", json).await;
    b.click("[data-testid=raw-send]").await;
    let e = b.wait_for("[data-testid=refusal]", Duration::from_secs(10)).await;
    let text = b.text(&e).await.unwrap_or_default();
    let rule = b.text_of("code.rule").await.unwrap_or_default();
    b.click("[data-testid=banner-close]").await;
    (text, rule)
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
    create_ck(&b, "cities_knights", &["human", "bot:random", "bot:random"], "").await;
    b.wait_for("[data-testid=barbarians]", Duration::from_secs(20)).await;
    // Play until a few turns of the main game have passed.
    let mut seen = Vec::new();
    let mut lim = TurnLimits::default();
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
        if let Some(text) = play_one(&b, &mut seen, &mut lim).await {
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

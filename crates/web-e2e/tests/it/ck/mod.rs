//! The click policy of the Cities & Knights browser tests: one step of the
//! human seat, always a click on what the page offers. It reads the seat's
//! own view from the HTTP API (hand, knights, rates, barbarians) only to
//! choose among the offered clicks: a policy that trades blindly and builds
//! in a fixed order loses its cities to the barbarians and never reaches the
//! goal, which is why the complete game was once `#[ignore]`d. A policy
//! that builds one knight and activates it only with spare grain still lost
//! every city to the barbarians in one game of four, so while the ship is
//! near, the seat's active defence (against its rivals', read from the same
//! view) goes before the points.

use serde_json::Value;
use std::time::{Duration, Instant};
use web_e2e::ui;
use web_e2e::Browser;

/// The card kinds in the order of the view's `bank_rates` (resources, then commodities).
pub const KINDS: [&str; 8] = ["brick", "lumber", "wool", "grain", "ore", "paper", "cloth", "coin"];

/// The human seat (0) as the HTTP API sees it: read only, never used to act.
pub struct Me {
    url: String,
    table: String,
    secret: String,
    http: reqwest::Client,
    /// Each intersection's worth for a building: the pips of the numbers
    /// around it (a first free spot on the board produced too little to
    /// ever reach the goal).
    worth: Vec<i64>,
}

/// The pips of a number token (how many of the 36 rolls hit it).
fn pips(n: i64) -> i64 {
    6 - (7 - n).abs()
}

impl Me {
    /// The seat this browser holds at `table` (its secret from localStorage).
    pub async fn of(b: &Browser, url: &str, table: &str) -> Me {
        let js = format!(
            "return (JSON.parse(localStorage.getItem('spielleiter.seats.{table}') || '{{}}')['0'] || {{}}).secret || ''"
        );
        let secret = b.script(&js).await.as_str().unwrap_or_default().to_string();
        assert!(!secret.is_empty(), "the browser holds seat 0");
        let mut me = Me {
            url: url.to_string(),
            table: table.to_string(),
            secret,
            http: reqwest::Client::new(),
            worth: Vec::new(),
        };
        let topo: Value = me
            .http
            .get(format!("{url}/api/tables/{table}/topology"))
            .send()
            .await
            .expect("topology")
            .json()
            .await
            .expect("JSON");
        let topo = if topo["hexes"].is_array() {
            &topo
        } else {
            &topo["topology"]
        };
        let hexes = topo["hexes"].as_array().cloned().unwrap_or_default();
        let hex_worth = |h: &Value| -> i64 {
            let Some(hex) = hexes.iter().find(|x| x["id"] == *h) else {
                return 0;
            };
            let p = hex["number"].as_i64().map_or(0, pips);
            // Ore and grain make cities; forest, pasture and mountains commodities.
            match hex["terrain"].as_str().unwrap_or_default() {
                "mountains" | "fields" => p * 3 / 2,
                "desert" | "" => 0,
                _ => p,
            }
        };
        me.worth = topo["nodes"]
            .as_array()
            .map(|ns| {
                ns.iter()
                    .map(|n| n["hexes"].as_array().map_or(0, |hs| hs.iter().map(hex_worth).sum()))
                    .collect()
            })
            .unwrap_or_default();
        me
    }

    /// The best offered intersection for `kind` (`build_settlement`, `build_city`).
    async fn best_node(&self, b: &Browser, kind: &str) -> String {
        let css = format!("[data-testid^=node-][data-kinds~={kind}]");
        let js = format!(
            "return [...document.querySelectorAll({})].map((e) => e.dataset.testid);",
            serde_json::to_string(&css).unwrap_or_default()
        );
        let ids: Vec<usize> = b
            .script(&js)
            .await
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str()?.trim_start_matches("node-").parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        match ids.iter().max_by_key(|&&n| self.worth.get(n).copied().unwrap_or(0)) {
            Some(n) => format!("[data-testid=node-{n}]"),
            None => css,
        }
    }

    /// GET `/api/tables/{id}/{what}?seat=0` with the seat's secret.
    pub async fn get(&self, what: &str) -> Value {
        self.http
            .get(format!("{}/api/tables/{}/{what}?seat=0", self.url, self.table))
            .header("x-seat-secret", &self.secret)
            .send()
            .await
            .expect("the HTTP API answers")
            .json()
            .await
            .expect("JSON")
    }
}

/// The page's offers, read with one script per step (a WebDriver round trip
/// per selector made a step cost half a second on the loaded machine).
const OFFERS: &[(&str, &str)] = &[
    ("card-panel", "[data-testid=card-panel]"),
    ("knight-move-panel", "[data-testid=knight-move-panel]"),
    ("squire-move-panel", "[data-testid=squire-move-panel]"),
    (
        "choice",
        "[data-testid=ck-choices] button:not([data-testid^=choice-end_card])",
    ),
    ("choice-end", "[data-testid=ck-choices] button"),
    ("victim", "[data-testid=victim-panel] [data-testid^=victim-]"),
    ("decline", "[data-testid=negotiation] [data-testid=decline-offer]"),
    ("cancel-confirm", "[data-testid=negotiation] [data-testid=cancel-trade]"),
    ("cancel-offer", "[data-testid=offer-panel] [data-testid=cancel-trade]"),
    ("robber", "[data-testid^=hex-]"),
    ("play", "[data-testid^=play-]"),
    ("roll", "[data-testid=roll]"),
    ("city", "[data-testid^=node-][data-kinds~=build_city]"),
    ("settlement", "[data-testid^=node-][data-kinds~=build_settlement]"),
    ("improve", "[data-testid^=improve-]"),
    ("hero", "[data-testid^=node-][data-kinds~=upgrade_hero]"),
    ("recruit", "[data-testid^=ck-hex-][data-kinds~=recruit_squire]"),
    ("squire", "[data-testid^=squire-].target"),
    ("activate", "[data-testid^=node-][data-kinds~=activate_knight]"),
    ("knight", "[data-testid^=node-][data-kinds~=build_knight]"),
    ("promote", "[data-testid^=node-][data-kinds~=promote_knight]"),
    ("wall", "[data-testid^=node-][data-kinds~=build_wall]"),
    ("road", "[data-testid^=edge-]"),
    ("open-bank", "[data-testid=open-bank]"),
    ("bank-panel", "[data-testid=bank-panel]"),
    ("end-turn", "[data-testid=end-turn]"),
    ("more", "[data-testid=ck-more] button"),
];

struct Offers(Vec<bool>);

impl Offers {
    async fn read(b: &Browser) -> Offers {
        let css: Vec<&str> = OFFERS.iter().map(|(_, c)| *c).collect();
        let js = format!(
            "return {}.map((c) => !!document.querySelector(c));",
            serde_json::to_string(&css).unwrap_or_default()
        );
        let v = b.script(&js).await;
        let got = v
            .as_array()
            .map(|a| a.iter().map(|x| x.as_bool().unwrap_or(false)).collect())
            .unwrap_or_else(|| vec![false; OFFERS.len()]);
        Offers(got)
    }

    fn has(&self, name: &str) -> bool {
        let i = OFFERS.iter().position(|(n, _)| *n == name).expect("a known offer");
        self.0.get(i).copied().unwrap_or(false)
    }
}

/// What the policy did this turn (to keep a turn short) and in the game.
#[derive(Default)]
pub struct Limits {
    roads: u32,
    trades: u32,
    squire_steps: u32,
    knights: u32,
    /// Progress cards opened this turn (a card whose targets the policy
    /// cannot finish is cancelled, and not opened again and again).
    plays: u32,
    /// Squires recruited and steps taken in the game: a few show the
    /// heroes; more would spend what the cities need.
    recruits_total: u32,
    steps_total: u32,
}

impl Limits {
    fn end_turn(&mut self) {
        *self = Limits {
            recruits_total: self.recruits_total,
            steps_total: self.steps_total,
            ..Limits::default()
        };
    }
}

/// The seat's cards and what the next build needs, from its own view.
struct Plan {
    have: [i64; 8],
    need: [i64; 8],
    /// Cards of a kind the policy keeps (commodities for the next improvement).
    keep: [i64; 8],
    rates: [i64; 8],
    barbarians: u64,
    knights: usize,
    inactive: usize,
    cards: i64,
    /// The barbarians are near and the seat's active knights are not yet
    /// the strongest defence: the next card goes to a knight, its
    /// activation or its promotion (the seat with the lowest defence loses a
    /// city, the single strongest gains a Defender of Catan point).
    defend: bool,
}

/// A seat's defence: the strength of its active knights (1, 2 or 3 each).
fn defence(cp: &Value) -> i64 {
    let has = |set: &str, n: &Value| cp[set].as_array().is_some_and(|a| a.contains(n));
    cp["active"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|n| 1 + i64::from(has("strong", n)) + 2 * i64::from(has("mighty", n)))
        .sum()
}

fn count(v: &Value) -> usize {
    v.as_array().map_or(0, Vec::len)
}

impl Plan {
    /// `chain`: the heroes are still to be shown (knight, its activation, hero, squire).
    fn of(view: &Value, chain: bool) -> Plan {
        let p = &view["players"][0];
        let ck = &view["cities_knights"];
        let cp = &ck["players"][0];
        let mut have = [0i64; 8];
        for (i, k) in KINDS.iter().enumerate() {
            let src = if i < 5 { &p["hand"][k] } else { &cp["commodities"][k] };
            have[i] = src.as_i64().unwrap_or(0);
        }
        let mut rates = [4i64; 8];
        for (i, r) in rates.iter_mut().enumerate() {
            *r = cp["bank_rates"][i].as_i64().unwrap_or(4);
        }
        let knights = count(&cp["knights"]);
        let active = count(&cp["active"]);
        let barbarians = ck["barbarians"].as_u64().unwrap_or(0);
        let (settlements, cities) = (count(&p["settlements"]), count(&p["cities"]));
        // The rivals' defences: the lowest among those with a city to lose, and the highest.
        let own = defence(cp);
        let rivals: Vec<(i64, bool)> = (1..count(&ck["players"]))
            .map(|i| (defence(&ck["players"][i]), count(&view["players"][i]["cities"]) > 0))
            .collect();
        let high = rivals.iter().map(|r| r.0).max().unwrap_or(0);
        let low = rivals.iter().filter(|r| r.1).map(|r| r.0).min().unwrap_or(0);
        let target = (high + 1).min(4).max(low + 1);
        let defend = barbarians >= 3 && own < target && knights > 0;
        let mut need = [0i64; 8];
        if defend {
            // Grain activates a knight; wool and ore build or promote one.
            if knights > active {
                need[3] += 1;
            } else {
                need[2] += 1;
                need[4] += 1;
                if knights < 3 {
                    need[3] += 1;
                }
            }
        } else if settlements > 0 && cities < 4 {
            // A city: 2 grain, 3 ore (the point that also survives a pillage as a settlement).
            need[3] += 2;
            need[4] += 3;
        } else {
            need[0] += 1;
            need[1] += 1;
            need[2] += 1;
            need[3] += 1;
        }
        // A knight while there is none, its grain once the barbarians are near.
        if knights == 0 && !defend {
            need[2] += 1;
            need[4] += 1;
        }
        if (barbarians >= 3 || chain) && knights > active && !defend {
            need[3] += 1;
        }
        // The next improvement of each track (paper: science, cloth: trade, coin: politics).
        let mut keep = need;
        for (i, track) in [(5, 2), (6, 0), (7, 1)] {
            let level = cp["levels"][track].as_i64().unwrap_or(0);
            if level < 5 {
                keep[i] = level + 1;
            }
        }
        Plan {
            cards: have.iter().sum(),
            have,
            need,
            keep,
            rates,
            barbarians,
            knights,
            inactive: knights - active.min(knights),
            defend,
        }
    }

    /// The bank trade toward the next build: the kind most missing for one
    /// that the hand has to spare at its rate.
    fn trade(&self) -> Option<(&'static str, &'static str)> {
        let get = (0..8)
            .filter(|&i| self.have[i] < self.need[i])
            .max_by_key(|&i| self.need[i] - self.have[i])?;
        let give = (0..8)
            .filter(|&i| i != get && self.have[i] - self.keep[i] >= self.rates[i])
            .max_by_key(|&i| self.have[i] - self.keep[i] - self.rates[i])?;
        Some((KINDS[give], KINDS[get]))
    }

    /// Grain beyond what the next build needs: a knight can be activated now.
    fn spare_grain(&self) -> bool {
        self.barbarians >= 3 || self.have[3] > self.need[3]
    }

    /// Whether a card of `kind` can go without hurting the next build.
    fn spare(&self, kind: usize) -> bool {
        self.have[kind] > self.need[kind]
    }
}

/// Scrolls the first match of `css` to the middle of the window: a place on
/// the board's rim, half scrolled out, takes the click on its neighbour hex.
async fn center(b: &Browser, css: &str) {
    let js = format!(
        "const e = document.querySelector({}); if (e) e.scrollIntoView({{block: 'center', inline: 'center'}}); return 1;",
        serde_json::to_string(css).unwrap_or_default()
    );
    b.script(&js).await;
}

/// Clicks a board place offering `kind`; if the click opens the place's menu, picks `kind` there.
pub async fn place_action(b: &Browser, place: &str, kind: &str) -> Option<String> {
    let before = ui::version(b).await;
    center(b, place).await;
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

/// Opens a playable progress card (a card without choices is played at once).
async fn play_card(b: &Browser, seen: &mut Vec<&'static str>, lim: &mut Limits) -> Option<String> {
    ui::note(seen, "progress");
    lim.plays += 1;
    let before = ui::version(b).await;
    b.click("[data-testid^=play-]").await;
    tokio::time::sleep(Duration::from_millis(60)).await;
    if ui::version(b).await == before && b.first("[data-testid=card-panel]").await.is_none() {
        return b.text_of("[data-testid=refusal]").await;
    }
    None
}

/// Finishes a started selection (a card's targets, a knight's or a squire's move).
async fn finish_selection(b: &Browser, panel: &str, seen: &mut Vec<&'static str>, lim: &mut Limits) -> Option<String> {
    let targets = match panel {
        "card-panel" => "[data-testid=card-panel] [data-testid^=card-target-], [data-testid=card-panel] [data-testid^=alchemist-], [data-testid^=ck-hex-], [data-testid^=node-], [data-testid^=edge-]",
        "knight-move-panel" => "[data-testid^=node-]",
        _ => "[data-testid^=ck-hex-]",
    };
    if b.first(targets).await.is_none() {
        return ui::act(b, "[data-testid=selection-cancel]").await;
    }
    if b.first("[data-testid^=alchemist-red-]").await.is_some() {
        b.click("[data-testid^=alchemist-red-]").await;
        b.wait_for("[data-testid^=alchemist-yellow-]", Duration::from_secs(5))
            .await;
        return ui::act(b, "[data-testid^=alchemist-yellow-]").await;
    }
    if panel == "squire-move-panel" {
        ui::note(seen, "squire_moved");
        lim.squire_steps += 1;
        lim.steps_total += 1;
    }
    let before = ui::version(b).await;
    center(b, targets).await;
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
        if b.first("[data-testid=card-panel]").await.is_some()
            && b.text_of("[data-testid=card-panel] h4")
                .await
                .unwrap_or_default()
                .contains("gewählt")
        {
            return ui::act(b, "[data-testid^=ck-hex-]").await;
        }
        if let Some(t) = b.text_of("[data-testid=refusal]").await {
            return Some(t);
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the selection click did nothing"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Moves the robber (first offered hex) and names the victim.
async fn move_robber(b: &Browser) -> Option<String> {
    let before = ui::version(b).await;
    center(b, "[data-testid^=hex-]").await;
    b.click("[data-testid^=hex-]").await;
    ui::finish_robber(b, before).await.1
}

/// Trades `give` for `get` in the bank dialog; `None` in `Err` when the dialog does not offer it.
async fn bank_trade(b: &Browser, give: &str, get: &str) -> Result<Option<String>, ()> {
    if b.first("[data-testid=bank-panel]").await.is_none() {
        b.click("[data-testid=open-bank]").await;
    }
    b.wait_for("[data-testid=bank-rates]", Duration::from_secs(5)).await;
    check_bank_rates(b).await;
    let give_css = format!("[data-testid=bank-give-{give}]");
    if b.first(&give_css).await.is_none() {
        return Err(());
    }
    b.click(&give_css).await;
    b.wait_for("[data-testid^=bank-get-]", Duration::from_secs(5)).await;
    let get_css = format!("[data-testid=bank-get-{get}]");
    if b.first(&get_css).await.is_none() {
        return Err(());
    }
    Ok(ui::act(b, &get_css).await)
}

/// One step of the human: answer what is asked, play progress cards, roll,
/// then the points (city, settlement, improvements), the heroes the test
/// must see, knights before the barbarians come, a bank trade toward the
/// next build, a road, a wall, and at last the end of the turn.
pub async fn play_one(b: &Browser, me: &Me, seen: &mut Vec<&'static str>, lim: &mut Limits) -> Option<String> {
    let o = Offers::read(b).await;
    for panel in ["card-panel", "knight-move-panel", "squire-move-panel"] {
        if o.has(panel) {
            return finish_selection(b, panel, seen, lim).await;
        }
    }
    // Choices the game asks for (discards, decks, Aqueduct, card replies), the robber's victim.
    for (name, css) in OFFERS.iter().filter(|(n, _)| {
        [
            "choice",
            "choice-end",
            "victim",
            "decline",
            "cancel-confirm",
            "cancel-offer",
        ]
        .contains(n)
    }) {
        if o.has(name) {
            if name.starts_with("choice") {
                let kind = b.attr(css, "data-testid").await.unwrap_or_default();
                if kind.contains("discard_card") {
                    ui::note(seen, "discard");
                }
            }
            return ui::act(b, css).await;
        }
    }
    if o.has("robber") {
        ui::note(seen, "robber");
        return move_robber(b).await;
    }
    // A progress card the page offers (Alchemist only before the roll).
    if lim.plays < 3 && o.has("play") {
        return play_card(b, seen, lim).await;
    }
    if o.has("roll") {
        return ui::act(b, "[data-testid=roll]").await;
    }
    let chain = !seen.contains(&"squire_moved");
    let plan = Plan::of(&me.get("view").await["view"], chain);
    // The heroes first, while the game is young: a knight, its activation, the hero, a squire
    // recruited and stepped (each needs the one before; the test must see them all).
    if chain || lim.recruits_total < 2 {
        if !seen.contains(&"hero") && o.has("hero") {
            ui::note(seen, "hero");
            return place_action(b, "[data-testid^=node-][data-kinds~=upgrade_hero]", "upgrade_hero").await;
        }
        if lim.recruits_total < 2 && o.has("recruit") {
            ui::note(seen, "recruit");
            lim.recruits_total += 1;
            return place_action(
                b,
                "[data-testid^=ck-hex-][data-kinds~=recruit_squire]",
                "recruit_squire",
            )
            .await;
        }
    }
    if lim.squire_steps < 1 && lim.steps_total < 3 && o.has("squire") {
        center(b, "[data-testid^=squire-].target").await;
        b.click("[data-testid^=squire-].target").await;
        b.wait_for("[data-testid=squire-move-panel]", Duration::from_secs(5))
            .await;
        check_squire_costs(b).await;
        return None;
    }
    // Knights: one built, activated for the hero or when the barbarians come near.
    if o.has("activate") && plan.inactive > 0 && (chain || plan.defend || plan.spare_grain()) {
        ui::note(seen, "activate");
        return place_action(
            b,
            "[data-testid^=node-][data-kinds~=activate_knight]",
            "activate_knight",
        )
        .await;
    }
    if lim.knights < 1 && plan.knights == 0 && o.has("knight") {
        ui::note(seen, "knight");
        lim.knights += 1;
        return place_action(b, "[data-testid^=node-][data-kinds~=build_knight]", "build_knight").await;
    }
    // The defence before the points while the barbarians are near: another knight, or a promotion.
    if plan.defend && plan.inactive == 0 {
        if lim.knights < 1 && plan.knights < 3 && o.has("knight") {
            ui::note(seen, "knight");
            lim.knights += 1;
            return place_action(b, "[data-testid^=node-][data-kinds~=build_knight]", "build_knight").await;
        }
        if o.has("promote") {
            ui::note(seen, "promote");
            return place_action(b, "[data-testid^=node-][data-kinds~=promote_knight]", "promote_knight").await;
        }
    }
    // Points: a city, a settlement, an improvement (progress cards and metropolises).
    for (name, kind) in [("city", "build_city"), ("settlement", "build_settlement")] {
        if o.has(name) {
            ui::note(seen, name);
            let best = me.best_node(b, kind).await;
            return place_action(b, &best, kind).await;
        }
    }
    // An improvement, but the hero's commodity first.
    if o.has("improve") && (seen.contains(&"hero") || plan.have[5..].iter().sum::<i64>() > 1) {
        ui::note(seen, "improvement");
        return ui::act(b, "[data-testid^=improve-]").await;
    }
    // A second knight for the barbarians once the first is the hero.
    if lim.knights < 1
        && plan.knights == 1
        && seen.contains(&"hero")
        && plan.spare(2)
        && plan.spare(4)
        && o.has("knight")
    {
        lim.knights += 1;
        return place_action(b, "[data-testid^=node-][data-kinds~=build_knight]", "build_knight").await;
    }
    if lim.trades < 4 && o.has("open-bank") {
        if let Some((give, get)) = plan.trade() {
            lim.trades += 1;
            ui::note(seen, "bank");
            match bank_trade(b, give, get).await {
                Ok(refused) => return refused,
                Err(()) => lim.trades = u32::MAX,
            }
        }
    }
    // A road where no settlement can be built yet; a wall for a big hand.
    if lim.roads < 1 && !o.has("settlement") && o.has("road") {
        lim.roads += 1;
        return place_action(b, "[data-testid^=edge-]", "build_road").await;
    }
    if plan.cards >= 8 && o.has("wall") {
        ui::note(seen, "wall");
        return place_action(b, "[data-testid^=node-][data-kinds~=build_wall]", "build_wall").await;
    }
    if o.has("end-turn") {
        lim.end_turn();
        return ui::act(b, "[data-testid=end-turn]").await;
    }
    ui::note(seen, "more");
    if o.has("more") {
        return ui::act(b, "[data-testid=ck-more] button").await;
    }
    // On a phone the list of legal actions is in the log's sheet.
    let folded = b
        .script("const s = document.querySelector('[data-testid=sheet-log]'); return !!s && s.offsetParent !== null && s.getAttribute('aria-pressed') !== 'true';")
        .await;
    if folded == true {
        b.click("[data-testid=sheet-log]").await;
    }
    let closed = b
        .script("const d = document.querySelector('[data-testid=legal-list]'); return !!d && !d.open;")
        .await;
    if closed == true {
        b.click("[data-testid=legal-toggle]").await;
    }
    let refused = ui::act(b, "[data-testid=legal-action]").await;
    // The sheet closes again, so the board is free for the next click.
    if folded == true {
        b.click("[data-testid=sheet-log]").await;
    }
    refused
}

/// The bank dialog shows a rate for every card kind (commodities included), and each give chip its rate.
async fn check_bank_rates(b: &Browser) {
    for k in KINDS {
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

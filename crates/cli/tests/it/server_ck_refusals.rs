//! Bad input of Cities & Knights with heroes over the HTTP API: a second
//! hero, a squire step onto the desert, a squire step across an opponent's
//! road, a progress card played on a target it cannot take. Each is sent by
//! hand in a real position, in the turn of the seat that sends it, and the
//! server refuses it with the rule id and the German and English sentence
//! the engine gives, and nothing changes (version, view, legal actions).
//!
//! The positions come from whole games of greedy bots (which make heroes
//! and recruit squires) played on the engine with a seed; the server's table
//! is created with the same seed and the same actions are played into it over
//! HTTP, so it reaches the same position.

use crate::common;
use catan::{BasePhase, CkAction};

use bots::{Bot, GreedyBot};
use catan::Commodity;
use catan::Shape;
use catan::{Action, CatanCk, EdgeId, HexId, NodeId, Phase};
use common::{games, temp_db};
use engine::{ChanceMode, GameRng, Match, Seat, ToAct};
use rand::SeedableRng;
use serde_json::{json, Value};

const PLAYERS: usize = 3;

/// A position found: the seed, the actions that lead to it, and a bad
/// action of the seat to act there with what the engine says of it.
struct Found {
    what: &'static str,
    seed: u64,
    /// Each action with the version it was chosen at.
    actions: Vec<(Seat, Action, u64)>,
    seat: Seat,
    bad: Action,
    rule: &'static str,
    de: String,
    en: String,
}

/// The base board's counts: this test plays on the 3–4 player board.
fn counts() -> (u8, u8, u8) {
    let t = Shape::Base.topology();
    (t.hex_count() as u8, t.node_count() as u8, t.edge_count() as u8)
}

fn config() -> catan::Config {
    serde_json::from_str(r#"{"rules":"cities_knights_heroes"}"#).expect("config")
}

/// A second hero: any knight of the seat, any commodity.
fn hero_candidates() -> Vec<Action> {
    let mut out = Vec::new();
    for n in 0..counts().1 {
        for commodity in Commodity::ALL {
            out.push(Action::Ck(CkAction::UpgradeHero {
                node: NodeId(n),
                commodity,
            }));
        }
    }
    out
}

/// Every squire step between two hexes.
fn step_candidates() -> Vec<Action> {
    let mut out = Vec::new();
    for from in 0..counts().0 {
        for to in 0..counts().0 {
            out.push(Action::Ck(CkAction::MoveSquire {
                from: HexId(from),
                to: HexId(to),
            }));
        }
    }
    out
}

/// Every progress card play with a target, on every target.
fn card_candidates() -> Vec<Action> {
    let mut out = Vec::new();
    for n in 0..counts().1 {
        let node = NodeId(n);
        out.extend([
            Action::Ck(CkAction::PlayEngineer { node }),
            Action::Ck(CkAction::PlayMedicine { node }),
            Action::Ck(CkAction::PlayIntrigue { node }),
        ]);
    }
    for h in 0..counts().0 {
        let hex = HexId(h);
        out.extend([
            Action::Ck(CkAction::PlayBishop { hex }),
            Action::Ck(CkAction::PlayMerchant { hex }),
        ]);
    }
    for e in 0..counts().2 {
        out.push(Action::Ck(CkAction::PlayDiplomat { edge: EdgeId(e) }));
    }
    for v in 0..PLAYERS as u8 {
        let victim = Seat(v);
        out.extend([
            Action::Ck(CkAction::PlayDeserter { victim }),
            Action::Ck(CkAction::PlaySpy { victim }),
            Action::Ck(CkAction::PlayMasterMerchant { victim }),
        ]);
    }
    out
}

/// Looks through greedy games for the first position where `pick` finds a
/// bad action of the seat in its main phase.
fn find(
    what: &'static str,
    pick: impl Fn(&Match<CatanCk>, Seat, &[Action]) -> Option<(Action, &'static str)>,
) -> Found {
    for seed in 1..=30u64 {
        let Ok(mut m) = Match::<CatanCk>::new(config(), PLAYERS, seed, ChanceMode::Seeded) else {
            panic!("new game refused");
        };
        let mut bots: Vec<GreedyBot<CatanCk>> = (0..PLAYERS).map(|_| GreedyBot::new()).collect();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut actions = Vec::new();
        for _ in 0..3_000 {
            let ToAct::Seats(set) = m.to_act() else { break };
            let seat = set.first().unwrap_or(Seat(0));
            let legal = m.legal_actions(seat);
            if m.state().phase == Phase::Base(BasePhase::Main) && m.state().current == seat {
                if let Some((bad, rule)) = pick(&m, seat, &legal) {
                    let Err(rejection) = m.check(seat, &bad) else {
                        panic!("{what}: {bad:?} is legal");
                    };
                    let message = rejection.message();
                    return Found {
                        what,
                        seed,
                        actions,
                        seat,
                        bad,
                        rule,
                        de: message.de,
                        en: message.en,
                    };
                }
            }
            let Ok(i) = bots[seat.index()].choose(m.state(), seat, &legal, &mut rng) else {
                panic!("greedy forfeits");
            };
            let action = legal[i];
            let version = m.version();
            if m.act(seat, action, Some(version)).is_err() {
                panic!("a legal action refused");
            }
            actions.push((seat, action, version));
        }
    }
    panic!("{what}: no such position in 30 greedy games");
}

/// The first candidate whose refusal has the rule `rule`.
fn refused_with(
    m: &Match<CatanCk>,
    seat: Seat,
    candidates: &[Action],
    rule: &'static str,
) -> Option<(Action, &'static str)> {
    candidates
        .iter()
        .find(|a| m.check(seat, a).err().is_some_and(|r| r.rule_id() == rule))
        .map(|a| (*a, rule))
}

/// A progress card the seat can play now, on a target it refuses: the card's
/// own rule (`ck.card.*`), not that the card is not held.
fn impossible_card_target(
    m: &Match<CatanCk>,
    seat: Seat,
    legal: &[Action],
    candidates: &[Action],
) -> Option<(Action, &'static str)> {
    candidates.iter().find_map(|a| {
        // The same kind of action is legal: compared within the half, since
        // every C&K action shares the outer `Action::Ck` variant.
        let same_kind = |l: &Action| match (l, a) {
            (Action::Ck(l), Action::Ck(a)) => std::mem::discriminant(l) == std::mem::discriminant(a),
            (Action::Base(l), Action::Base(a)) => std::mem::discriminant(l) == std::mem::discriminant(a),
            _ => false,
        };
        let playable = legal.iter().any(same_kind);
        if !playable {
            return None;
        }
        match m.check(seat, a) {
            Err(r) if r.rule_id().starts_with("ck.card.") => Some((*a, r.rule_id())),
            _ => None,
        }
    })
}

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    async fn get(&self, path: &str, secret: Option<&str>) -> (u16, Value) {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(s) = secret {
            req = req.header("x-seat-secret", s);
        }
        let resp = req.send().await.expect("GET");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: &Value, secret: Option<&str>) -> (u16, Value) {
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(s) = secret {
            req = req.header("x-seat-secret", s);
        }
        let resp = req.send().await.expect("POST");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }
}

/// Plays the found position into a new table with the same seed, sends the
/// bad action and checks the refusal and that nothing changed.
async fn check_over_http(api: &Api, f: &Found) {
    let body =
        json!({"game": "catan", "players": PLAYERS, "seed": f.seed, "options": {"rules": "cities_knights_heroes"}});
    let (status, v) = api.post("/api/tables", &body, None).await;
    assert_eq!(status, 201, "create: {v}");
    let id = v["id"].as_str().expect("id").to_string();
    let mut secrets = Vec::new();
    for s in 0..PLAYERS {
        let (status, v) = api
            .post(&format!("/api/tables/{id}/seats/{s}/join"), &json!({}), None)
            .await;
        assert_eq!(status, 201, "{v}");
        secrets.push(v["secret"].as_str().expect("secret").to_string());
    }
    for (seat, action, version) in &f.actions {
        let secret = &secrets[seat.index()];
        let body = json!({"seat": seat.0, "action": action, "version": version});
        let (status, v) = api.post(&format!("/api/tables/{id}/act"), &body, Some(secret)).await;
        assert_eq!(status, 200, "{}: replaying {action:?}: {v}", f.what);
    }
    let secret = &secrets[f.seat.index()];
    let path = format!("/api/tables/{id}/view?seat={}", f.seat.0);
    let (_, before) = api.get(&path, Some(secret)).await;
    let bad = serde_json::to_value(f.bad).expect("json");
    assert!(
        !before["legal"].as_array().expect("legal").contains(&bad),
        "{}: {bad} is not offered",
        f.what
    );
    let body = json!({"seat": f.seat.0, "action": bad, "version": before["version"]});
    let (status, v) = api.post(&format!("/api/tables/{id}/act"), &body, Some(secret)).await;
    assert_eq!(status, 422, "{}: {v}", f.what);
    assert_eq!(v["error"]["rule"], f.rule, "{}: {v}", f.what);
    assert_eq!(v["error"]["message"]["de"], f.de.as_str(), "{}: {v}", f.what);
    assert_eq!(v["error"]["message"]["en"], f.en.as_str(), "{}: {v}", f.what);
    assert!(!f.de.is_empty() && !f.en.is_empty() && f.de != f.en);
    let (_, after) = api.get(&path, Some(secret)).await;
    assert_eq!(after["version"], before["version"], "{}: the version moved", f.what);
    assert_eq!(after["view"], before["view"], "{}: the view changed", f.what);
    assert_eq!(after["legal"], before["legal"], "{}: the legal actions changed", f.what);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_heroes_and_progress_card_input_is_refused_over_http() {
    let heroes = hero_candidates();
    let steps = step_candidates();
    let cards = card_candidates();
    let found = [
        find("second hero", |m, seat, _| {
            refused_with(m, seat, &heroes, "snh.hero.one_per_player")
        }),
        find("squire into the desert", |m, seat, _| {
            refused_with(m, seat, &steps, "snh.squire.move.no_desert")
        }),
        find("squire across an opponent's road", |m, seat, _| {
            refused_with(m, seat, &steps, "snh.squire.move.blocked")
        }),
        find("impossible progress card target", |m, seat, legal| {
            impossible_card_target(m, seat, legal, &cards)
        }),
    ];
    let db = temp_db("ck-refusals");
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: db,
        bot_think_ms: 0,
        // One client plays every seat, as fast as it can.
        http_rate: 1e6,
        http_burst: 1e6,
        // The test reproduces positions from a seed at tables of several humans.
        allow_chosen_seeds: true,
        ..server::ServerConfig::default()
    }
    .for_load_test();
    let server = server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let api = Api {
        base: format!("http://{}", server.addr),
        http: reqwest::Client::new(),
    };
    for f in &found {
        eprintln!(
            "{}: seed {}, after {} actions, seat {}: {:?} → {}",
            f.what,
            f.seed,
            f.actions.len(),
            f.seat.0,
            f.bad,
            f.rule
        );
        check_over_http(&api, f).await;
    }
    drop(server);
}

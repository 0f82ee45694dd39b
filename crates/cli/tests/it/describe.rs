//! The description of every game through the public paths: the referee's
//! `{"op":"describe"}` (a game's rule set, or the current match with its
//! places) and the server's `GET /api/games/{id}/description?rules=…` and
//! `GET /api/tables/{id}/description`, each equal to what the registry
//! describes; unknown rule sets and games refused with their rule ids in
//! both languages, nothing changed.

use crate::common;

use common::referee::{ask, ok};
use common::{games, temp_db};
use engine::ChanceMode;
use serde_json::{json, Value};
use spielleiter_cli::referee::Referee;
use spielleiter_cli::registry;

async fn get(http: &reqwest::Client, url: String) -> (u16, Value) {
    let resp = http.get(url).send().await.expect("GET");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

fn bilingual(e: &Value, rule: &str) {
    assert_eq!(e["rule"], rule, "{e}");
    assert!(!e["message"]["de"].as_str().unwrap_or("").is_empty(), "{e}");
    assert!(!e["message"]["en"].as_str().unwrap_or("").is_empty(), "{e}");
}

/// The referee describes every rule set as the registry does, and the
/// current match with its places; CATAN's settlement spots name their hexes.
#[test]
fn referee_describes_games_and_the_current_match() {
    let mut r = Referee::default();
    for g in registry::games() {
        for set in &g.rule_sets {
            let d = ok(&mut r, json!({"op": "describe", "game": g.id, "rules": set.id}));
            let expected = registry::describe(g.id, Some(set.id)).expect("described");
            assert_eq!(d, serde_json::to_value(&expected).expect("JSON"), "{} {}", g.id, set.id);
        }
        // Without `rules`: the default rule set.
        let d = ok(&mut r, json!({"op": "describe", "game": g.id}));
        assert_eq!(d["rule_set"], g.rule_sets[0].id);
    }
    ok(
        &mut r,
        json!({"op": "new", "game": "catan", "players": 3, "seed": 9, "options": {"rules": "cities_knights"}}),
    );
    let d = ok(&mut r, json!({"op": "describe"}));
    assert_eq!((d["game"].as_str(), d["rule_set"].as_str()), (Some("catan"), Some("cities_knights")));
    assert_eq!(d["places"]["kind"], "catan");
    let topo = ok(&mut r, json!({"op": "topology"}));
    let spots = d["places"]["intersections"].as_array().expect("intersections");
    assert_eq!(spots.len(), topo["nodes"].as_array().map_or(0, Vec::len));
    // Every legal set-up spot has a place naming its hexes and their pips.
    for a in ok(&mut r, json!({"op": "legal", "seat": 0})).as_array().expect("legal") {
        let node = a["node"].as_u64().expect("a settlement spot") as usize;
        let p = &spots[node];
        assert!(!p["hexes"].as_array().expect("hexes").is_empty(), "{p}");
        assert!(p["hexes"].as_array().expect("hexes").iter().all(|h| h["terrain"].is_string()));
    }
    // The commodities and the improvement levels are described under C&K.
    assert_eq!(d["terms"]["commodity"].as_array().map(Vec::len), Some(3));
    assert_eq!(d["facts"]["improvements"].as_array().map(Vec::len), Some(15));
}

/// `engine.unknown_rule_set` and `engine.unknown_game` through the referee,
/// the running game untouched; `rules` without `game` is malformed.
#[test]
fn referee_refuses_unknown_rule_sets_and_games() {
    let mut r = Referee::default();
    ok(&mut r, json!({"op": "new", "game": "splendor", "players": 2, "seed": 3}));
    let before = ok(&mut r, json!({"op": "state"}));
    let e = ask(&mut r, json!({"op": "describe", "game": "splendor", "rules": "cities_knights"}));
    bilingual(&e["error"], "engine.unknown_rule_set");
    let e = ask(&mut r, json!({"op": "describe", "game": "chess"}));
    bilingual(&e["error"], "engine.unknown_game");
    let e = ask(&mut r, json!({"op": "describe", "rules": "base"}));
    assert_eq!(e["error"]["kind"], "malformed", "{e}");
    assert_eq!(ok(&mut r, json!({"op": "state"})), before);
    // Splendor's match has no places; its cards are described.
    let d = ok(&mut r, json!({"op": "describe"}));
    assert_eq!(d["places"]["kind"], "none");
    assert_eq!(d["cards"]["development"].as_array().map(Vec::len), Some(90));
    assert_eq!(d["cards"]["development"][39]["bonus"], "black");
}

/// The server serves each game's description by rule set, and each table's
/// with its places, equal to the engine's; bad requests are refused.
#[tokio::test(flavor = "multi_thread")]
async fn the_server_serves_descriptions() {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db("describe"),
        allow_chosen_seeds: true,
        ..server::ServerConfig::default()
    };
    let server = server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::new();

    for g in registry::games() {
        for set in &g.rule_sets {
            let (status, d) = get(&http, format!("{base}/api/games/{}/description?rules={}", g.id, set.id)).await;
            assert_eq!(status, 200, "{d}");
            let expected = registry::describe(g.id, Some(set.id)).expect("described");
            assert_eq!(d, serde_json::to_value(&expected).expect("JSON"), "{} {}", g.id, set.id);
        }
        let (status, d) = get(&http, format!("{base}/api/games/{}/description", g.id)).await;
        assert_eq!((status, &d["rule_set"]), (200, &json!(g.rule_sets[0].id)));
    }
    let (status, e) = get(&http, format!("{base}/api/games/catan/description?rules=chess")).await;
    assert_eq!(status, 400, "{e}");
    bilingual(&e["error"], "engine.unknown_rule_set");
    let (status, e) = get(&http, format!("{base}/api/games/chess/description")).await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = get(&http, format!("{base}/api/games/catan/description?colour=red")).await;
    assert_eq!(status, 400, "an unknown query parameter is refused: {e}");

    for (game, players, options) in [
        // The beginner board: the places do not depend on how the server seeds.
        ("catan", 3, json!({"rules": "cities_knights_heroes", "board": {"kind": "beginner"}})),
        ("catan-junior", 2, Value::Null),
        ("splendor", 2, Value::Null),
    ] {
        let body = json!({"game": game, "players": players, "seed": 4, "options": options});
        let resp = http
            .post(format!("{base}/api/tables"))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("POST");
        assert_eq!(resp.status().as_u16(), 201);
        let table: Value = resp.json().await.expect("JSON");
        let id = table["id"].as_str().expect("id");
        let (status, served) = get(&http, format!("{base}/api/tables/{id}/description")).await;
        assert_eq!(status, 200, "{served}");
        let m = registry::entry(game)
            .expect("game")
            .create(&options, players, 4, ChanceMode::Seeded)
            .expect("a game");
        assert_eq!(served, engine::describe::with_places(m.as_ref()), "{game}");
    }
    let (status, e) = get(&http, format!("{base}/api/tables/nosuchtable/description")).await;
    assert_eq!(status, 404, "{e}");
    server.shutdown().await.expect("clean shutdown");
}

//! The built-in bots on server seats: `spielleiter serve` registers `random`,
//! `greedy` and `mcts`; tables of bots only play every game to its end with
//! actions the engine accepts (the finished log replays).

use crate::common;

use common::{games, temp_db};
use engine::ChanceMode;
use serde_json::{json, Value};
use spielleiter_cli::{registry, seat_bot};
use std::time::{Duration, Instant};

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    async fn get(&self, path: &str) -> (u16, Value) {
        let resp = self.http.get(format!("{}{path}", self.base)).send().await.expect("GET");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    async fn create(&self, game: &str, bots: &[&str]) -> String {
        self.create_with(game, bots, Value::Null).await
    }

    async fn create_with(&self, game: &str, bots: &[&str], options: Value) -> String {
        let seats: Vec<Value> = bots.iter().map(|b| json!({"kind": "bot", "bot": b})).collect();
        let body = json!({"game": game, "players": bots.len(), "seed": 11, "seats": seats, "options": options});
        let (status, v) = self.post_table(&body).await;
        assert_eq!(status, 201, "create: {v}");
        v["id"].as_str().expect("id").to_string()
    }

    /// `POST /api/tables`: the status and the answer.
    async fn post_table(&self, body: &Value) -> (u16, Value) {
        let resp = self
            .http
            .post(format!("{}/api/tables", self.base))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("POST");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    /// Waits until the table is finished; returns its summary.
    async fn wait(&self, id: &str, limit: Duration) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let (_, summary) = self.get(&format!("/api/tables/{id}")).await;
            if summary["status"] == "finished" {
                return summary;
            }
            assert!(Instant::now() < deadline, "table {id} stuck: {summary}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A server with every game and the three built-in bots (quick MCTS), on a
/// free port and a fresh SQLite file, and a client for it.
async fn start(tag: &str) -> (server::RunningServer, Api) {
    let bots = seat_bot::server_bots("mcts:playouts=20,threads=1").expect("bots");
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db(tag),
        bot_think_ms: 0,
        ..server::ServerConfig::default()
    };
    let server = server::start(config, games(), bots).await.expect("server starts");
    let api = Api {
        base: format!("http://{}", server.addr),
        http: reqwest::Client::new(),
    };
    (server, api)
}

/// Replays a finished table's log: every action the bots played was legal.
async fn check_log(api: &Api, id: &str, game: &str) {
    let (status, log) = api.get(&format!("/api/tables/{id}/log")).await;
    assert_eq!(status, 200, "{log}");
    let m = registry::entry(game)
        .expect("entry")
        .replay_log(&log, ChanceMode::Seeded)
        .expect("the log replays");
    assert!(m.result().is_some(), "{game}: replayed game is over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn greedy_and_mcts_play_every_game_on_the_server() {
    let (server, api) = start("bots").await;
    // The lobby offers what /api/games lists.
    let (_, listed) = api.get("/api/games").await;
    assert_eq!(listed["bots"], json!(["random", "greedy", "lookahead", "mcts"]));

    let mut greedy_tables = Vec::new();
    for (game, players) in [("splendor", 2), ("catan", 3), ("catan-junior", 2)] {
        let bots = vec!["greedy"; players];
        greedy_tables.push((game, api.create(game, &bots).await));
    }
    let mut mcts_tables = Vec::new();
    for (game, players) in [("splendor", 2), ("catan", 3), ("catan-junior", 2)] {
        let mut bots = vec!["greedy"; players];
        bots[0] = "mcts";
        mcts_tables.push((game, api.create(game, &bots).await));
    }
    for (game, id) in &greedy_tables {
        let summary = api.wait(id, Duration::from_secs(240)).await;
        assert!(summary["result"]["winners"].is_array(), "{game}: {summary}");
        check_log(&api, id, game).await;
    }
    for (game, id) in &mcts_tables {
        let summary = api.wait(id, Duration::from_secs(600)).await;
        assert!(summary["result"]["winners"].is_array(), "{game}: {summary}");
        check_log(&api, id, game).await;
    }
    server.shutdown().await.expect("clean shutdown");
}

/// Every rule set the server lists (from the game registry) can be chosen
/// with the options it lists, is named in the table list, and the three
/// built-in bots play it to its end at its largest table (CATAN's 5–6 player
/// rule sets with 6).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_every_listed_rule_set_at_its_largest_table() {
    let (server, api) = start("rule-sets").await;
    let (_, listed) = api.get("/api/games").await;
    // Bad tables: five on the base board, seven with the extension, four
    // with it. Each is refused with the rule in both languages; no table opens.
    let (_, before) = api.get("/api/tables").await;
    for (players, options) in [
        (5, Value::Null),
        (7, json!({"extension": "five_six"})),
        (4, json!({"extension": "five_six"})),
    ] {
        let seats: Vec<Value> = (0..players).map(|_| json!({"kind": "bot", "bot": "random"})).collect();
        let body = json!({"game": "catan", "players": players, "seats": seats, "options": options});
        let (status, v) = api.post_table(&body).await;
        assert_eq!(status, 400, "{players} players, {options}: {v}");
        let error = if v["error"].is_object() { &v["error"] } else { &v };
        assert_eq!(error["rule"], "catan56.setup.players", "{v}");
        assert!(
            error["message"]["de"].as_str().is_some_and(|m| m.contains("5–6")),
            "{v}"
        );
        assert!(
            error["message"]["en"].as_str().is_some_and(|m| m.contains("5–6")),
            "{v}"
        );
    }
    let (_, after) = api.get("/api/tables").await;
    assert_eq!(before, after, "a refused table opens nothing");
    let mut tables = Vec::new();
    let mut seen = Vec::new();
    for game in listed["games"].as_array().expect("games") {
        let game = game.as_str().expect("id");
        let sets = listed["rule_sets"][game].as_array().expect("rule sets of every game");
        let registered = registry::game(game).expect("registered");
        assert_eq!(sets.len(), registered.rule_sets.len(), "{game}: every rule set listed");
        for set in sets {
            let id = set["id"].as_str().expect("rule set id");
            assert!(set["name"]["de"].is_string() && set["name"]["en"].is_string(), "{set}");
            let most = set["players"][1].as_u64().expect("players") as usize;
            let bots: Vec<&str> = (0..most).map(|i| ["greedy", "random", "mcts"][i % 3]).collect();
            let table = api.create_with(game, &bots, set["options"].clone()).await;
            tables.push((game, id.to_string(), table));
            seen.push(format!("{game}/{id}"));
        }
    }
    for needed in [
        "catan/five_six",
        "catan/five_six_paired",
        "catan/cities_knights_heroes",
        "catan-junior/pro",
    ] {
        assert!(seen.iter().any(|s| s == needed), "{needed} is listed: {seen:?}");
    }
    let (_, list) = api.get("/api/tables").await;
    for (game, rules, id) in &tables {
        let row = list["tables"]
            .as_array()
            .and_then(|t| t.iter().find(|t| t["id"] == id.as_str()))
            .unwrap_or_else(|| panic!("{id} listed"));
        assert_eq!(row["rules"], rules.as_str(), "{game}: the list names the rule set");
    }
    for (game, rules, id) in &tables {
        let summary = api.wait(id, Duration::from_secs(600)).await;
        assert!(summary["result"]["winners"].is_array(), "{game}/{rules}: {summary}");
        assert_eq!(summary["rules"], rules.as_str());
        check_log(&api, id, game).await;
    }
    server.shutdown().await.expect("clean shutdown");
}

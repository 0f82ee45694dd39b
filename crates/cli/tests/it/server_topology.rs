//! The board through the server's HTTP API: `GET /api/tables/{id}/topology`
//! answers what the referee's `topology` answers for the same game (a stated
//! CATAN board with its own harbors, Catan Junior, Splendor without a board),
//! also once the table is finished and only in the database; a bad layout is refused at creation with
//! its rule id and every problem.

use crate::common;

use common::{games, temp_db};
use engine::ChanceMode;
use serde_json::{json, Value};
use spielleiter_cli::registry;
use std::time::{Duration, Instant};

async fn get(http: &reqwest::Client, url: String) -> (u16, Value) {
    let resp = http.get(url).send().await.expect("GET");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

async fn post(http: &reqwest::Client, url: String, body: Value) -> (u16, Value) {
    let resp = http
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("POST");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// What the engine serves for a new game of these options.
fn engine_topology(game: &str, players: usize, options: &Value) -> Value {
    registry::entry(game)
        .expect("game")
        .create(options, players, 1, ChanceMode::Seeded)
        .expect("a game")
        .topology()
}

#[tokio::test(flavor = "multi_thread")]
async fn tables_serve_their_board() {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db("topology"),
        // Finished tables leave memory at once: their board comes from the database.
        finished_linger_secs: 0,
        bot_think_ms: 0,
        // The test reproduces positions from a seed at tables of several humans.
        allow_chosen_seeds: true,
        ..server::ServerConfig::default()
    };
    let server = server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::new();

    let t = catan::Shape::Base.topology();
    let mut layout = serde_json::to_value(catan::Board::beginner()).expect("board");
    for (i, h) in layout["harbors"].as_array_mut().unwrap().iter_mut().enumerate() {
        h["edge"] = json!(t.coast[t.harbor_coast_index[i] + 1].0);
    }
    // A short game (3 points) so the bots finish it quickly.
    let catan_options = json!({"board": {"kind": "layout", "board": layout}, "start_player": 1, "victory_points": 3});
    // Bots play the CATAN table to its end; the others wait for humans.
    let seats = |game: &str, n: usize| (game == "catan").then(|| vec![json!({"kind": "bot", "bot": "random"}); n]);
    let mut tables = Vec::new();
    for (game, players, options) in [
        ("catan", 3, catan_options.clone()),
        ("catan-junior", 4, Value::Null),
        ("catan-junior", 2, Value::Null),
        ("splendor", 2, Value::Null),
    ] {
        let body =
            json!({"game": game, "players": players, "seed": 4, "options": options, "seats": seats(game, players)});
        let (status, table) = post(&http, format!("{base}/api/tables"), body).await;
        assert_eq!(status, 201, "{table}");
        let id = table["id"].as_str().expect("id").to_string();
        let (status, served) = get(&http, format!("{base}/api/tables/{id}/topology")).await;
        assert_eq!(status, 200, "{served}");
        assert_eq!(served, engine_topology(game, players, &options), "{game} {players}");
        tables.push((id, served));
    }
    let (catan_id, catan_served) = &tables[0];
    assert_eq!(catan_served["harbors"][0]["edge"], t.coast[1].0);
    assert_eq!(tables[3].1, json!({"game": "splendor", "kind": "none"}));

    // A finished table still serves its board (the replay viewer draws it).
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (_, summary) = get(&http, format!("{base}/api/tables/{catan_id}")).await;
        if summary["status"] == "finished" {
            break;
        }
        assert!(Instant::now() < deadline, "the bots' game did not end: {summary}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, after) = get(&http, format!("{base}/api/tables/{catan_id}/topology")).await;
    assert_eq!((status, &after), (200, catan_served));

    let (status, e) = get(&http, format!("{base}/api/tables/nosuchtable/topology")).await;
    assert_eq!(status, 404, "{e}");

    // A bad layout: refused with its rule id, every problem listed, no table made.
    let (_, before) = get(&http, format!("{base}/api/tables")).await;
    let mut bad = catan_options;
    bad["board"]["board"]["harbors"][1]["edge"] = bad["board"]["board"]["harbors"][0]["edge"].clone();
    bad["start_player"] = json!(3);
    let body = json!({"game": "catan", "players": 3, "options": bad});
    let (status, e) = post(&http, format!("{base}/api/tables"), body).await;
    assert_eq!(status, 400, "{e}");
    assert_eq!(e["error"]["kind"], "config", "{e}");
    assert_eq!(e["error"]["rule"], "catan.board.harbor_one_per_path", "{e}");
    for lang in ["de", "en"] {
        let text = e["error"]["message"][lang].as_str().unwrap_or_default();
        assert!(text.contains("catan.setup.start_player"), "{lang}: {text}");
    }
    let (_, after) = get(&http, format!("{base}/api/tables")).await;
    assert_eq!(
        before["tables"].as_array().map(Vec::len),
        after["tables"].as_array().map(Vec::len)
    );
    server.shutdown().await.expect("clean shutdown");
}

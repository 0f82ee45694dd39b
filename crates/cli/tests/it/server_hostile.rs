//! Hostile input to `spielleiter serve`'s games and bots through the HTTP
//! API: options are parsed into each game's typed config (unknown fields
//! refused), mcts search threads are capped at the machine's cores, and
//! numeric bot options out of range are refused with the range.

use crate::common;

use common::{games, temp_db};
use serde_json::{json, Value};
use spielleiter_cli::seat_bot;
use std::time::{Duration, Instant};

async fn post(http: &reqwest::Client, url: &str, body: &Value) -> (u16, Value) {
    let resp = http.post(url).json(body).send().await.expect("POST");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

fn config(tag: &str) -> server::ServerConfig {
    server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db(tag),
        bot_think_ms: 0,
        ..server::ServerConfig::default()
    }
}

/// Threads of this process now (Linux).
fn threads() -> usize {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Threads:").and_then(|n| n.trim().parse().ok()))
        })
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_option_fields_are_refused_for_every_game() {
    let server = server::start(config("options"), games(), server::BotRegistry::default())
        .await
        .expect("server starts");
    let http = reqwest::Client::new();
    let url = format!("http://{}/api/tables", server.addr);
    for (game, players, options) in [
        ("catan", 3, json!({"rules": "base", "pad": "x"})),
        ("catan", 3, json!({"board": {"kind": "beginner", "pad": 1}})),
        ("catan", 3, json!({"board": {"kind": "random", "pad": 1}})),
        ("catan", 3, json!({"board": {"kind": "layout", "pad": 1}})),
        ("splendor", 2, json!({"pad": 1})),
        ("catan-junior", 2, json!({"pad": 1})),
    ] {
        let (status, v) = post(
            &http,
            &url,
            &json!({"game": game, "players": players, "options": options}),
        )
        .await;
        assert_eq!(status, 400, "{game} {options}: {v}");
        assert_eq!(v["error"]["kind"], "malformed", "{v}");
        let en = v["error"]["message"]["en"].as_str().unwrap_or("");
        assert!(en.contains("unknown field"), "{v}");
        assert!(!v["error"]["message"]["de"].as_str().unwrap_or("").is_empty(), "{v}");
    }
    // The known fields still work.
    let (status, v) = post(
        &http,
        &url,
        &json!({"game": "catan", "players": 3, "options": {"board": {"kind": "beginner"}}}),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    // Seat specs, human and bot alike, carry nothing else either.
    for seat in [
        json!({"kind": "human", "pad": 1}),
        json!({"kind": "bot", "bot": "random", "pad": 1}),
    ] {
        let body = json!({"game": "splendor", "players": 2, "seats": [seat, {"kind": "human"}]});
        let (status, v) = post(&http, &url, &body).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert!(
            v["error"]["message"]["en"]
                .as_str()
                .unwrap_or("")
                .contains("unknown field"),
            "{v}"
        );
        assert!(!v["error"]["message"]["de"].as_str().unwrap_or("").is_empty(), "{v}");
    }
    server.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcts_threads_are_capped_at_the_cores() {
    let spec = seat_bot::parse_spec("mcts:playouts=30,threads=100000").expect("capped, not refused");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(spec.threads(), cores);
    let bots = seat_bot::server_bots("mcts:playouts=30,threads=100000").expect("bots");
    let server = server::start(config("threads"), games(), bots)
        .await
        .expect("server starts");
    let http = reqwest::Client::new();
    let base = format!("http://{}", server.addr);
    let seats = json!([{"kind": "bot", "bot": "mcts"}, {"kind": "bot", "bot": "mcts"}]);
    let (status, v) = post(
        &http,
        &format!("{base}/api/tables"),
        &json!({"game": "splendor", "players": 2, "seed": 3, "seats": seats}),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().expect("id");
    let (before, mut peak) = (threads(), 0);
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        peak = peak.max(threads());
        let summary: Value = http
            .get(format!("{base}/api/tables/{id}"))
            .send()
            .await
            .expect("GET")
            .json()
            .await
            .expect("json");
        if summary["status"] == "finished" {
            break;
        }
        assert!(Instant::now() < deadline, "the mcts table did not finish: {summary}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The searches ran on at most one thread per core, not 100,000. The count is
    // the whole test process's: the other tests running beside this one start
    // servers (runtimes, blocking pools) too, hence the slack.
    assert!(
        peak <= before + cores + 32,
        "{peak} threads at the peak, {before} before, {cores} cores"
    );
    server.shutdown().await.expect("clean shutdown");
}

#[test]
fn huge_bot_numbers_are_refused_with_their_range() {
    for (spec, en) in [
        (
            "mcts:playouts=18446744073709551615",
            "mcts option 'playouts=18446744073709551615' expects a whole number from 1 to 10000000.",
        ),
        (
            "mcts:ms=0",
            "mcts option 'ms=0' expects a whole number from 1 to 600000.",
        ),
        (
            "mcts:depth=99999",
            "mcts option 'depth=99999' expects a whole number from 0 to 10000.",
        ),
    ] {
        let e = seat_bot::server_bots(spec).expect_err("refused").info();
        assert_eq!(e.message.en, en);
        assert!(
            e.message.de.contains("erwartet eine ganze Zahl von"),
            "{}",
            e.message.de
        );
    }
}

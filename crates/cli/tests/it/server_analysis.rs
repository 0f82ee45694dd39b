//! Position analysis at the game server (issue 44), through its HTTP API:
//! `GET /api/tables/{id}/analysis` for a finished table at any step, a hint
//! for a seat's own decision at a casual table against bots, and every
//! refusal with its rule id in both languages, nothing changed.

use crate::common::{games, temp_db};
use serde_json::{json, Value};
use spielleiter_cli::seat_bot;
use std::time::{Duration, Instant};

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    async fn get(&self, path: &str, secret: Option<&str>) -> (u16, Value) {
        let mut r = self.http.get(format!("{}{path}", self.base));
        if let Some(s) = secret {
            r = r.header("x-seat-secret", s);
        }
        let resp = r.send().await.expect("GET");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: Value, secret: Option<&str>) -> (u16, Value) {
        let mut r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(s) = secret {
            r = r.header("x-seat-secret", s);
        }
        let resp = r.send().await.expect("POST");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    /// Opens a table with these seats (`human` or a bot's name).
    async fn table(&self, game: &str, seats: &[&str], extra: Value) -> String {
        let seats: Vec<Value> = seats
            .iter()
            .map(|s| match *s {
                "human" => json!({"kind": "human"}),
                bot => json!({"kind": "bot", "bot": bot}),
            })
            .collect();
        let mut body = json!({"game": game, "players": seats.len(), "seats": seats});
        if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
            b.extend(e.clone());
        }
        let (status, v) = self.post("/api/tables", body, None).await;
        assert_eq!(status, 201, "create: {v}");
        v["id"].as_str().expect("id").to_string()
    }

    /// Joins a seat; its secret.
    async fn join(&self, id: &str, seat: u8) -> String {
        let (status, v) = self
            .post(
                &format!("/api/tables/{id}/seats/{seat}/join"),
                json!({"name": if seat == 0 { "Ada" } else { "Bob" }}),
                None,
            )
            .await;
        assert_eq!(status, 201, "join: {v}");
        v["secret"].as_str().expect("secret").to_string()
    }

    /// Waits until `check` holds for the table's summary.
    async fn wait_for(&self, id: &str, what: &str, check: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let (_, summary) = self.get(&format!("/api/tables/{id}"), None).await;
            if check(&summary) {
                return summary;
            }
            assert!(Instant::now() < deadline, "{what}: {summary}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until seat 0 (secret `secret`) has legal actions; its view.
    async fn seat0_to_act(&self, id: &str, secret: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let (status, v) = self.get(&format!("/api/tables/{id}/view?seat=0"), Some(secret)).await;
            assert_eq!(status, 200, "{v}");
            if v["legal"].as_array().is_some_and(|l| !l.is_empty()) {
                return v;
            }
            assert!(Instant::now() < deadline, "seat 0 never to act: {v}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn start(tag: &str, slots: usize) -> (server::RunningServer, Api) {
    let bots = seat_bot::server_bots("mcts:playouts=20,threads=1").expect("bots");
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: temp_db(tag),
        bot_think_ms: 0,
        analysis_slots: slots,
        ..server::ServerConfig::default()
    };
    let server = server::start(config, games(), bots).await.expect("server starts");
    let api = Api {
        base: format!("http://{}", server.addr),
        http: reqwest::Client::new(),
    };
    (server, api)
}

/// A refusal: status, rule id, and a message in both languages.
fn refused(got: &(u16, Value), status: u16, rule: &str) {
    let (s, v) = got;
    assert_eq!((*s, v["error"]["rule"].as_str()), (status, Some(rule)), "{v}");
    for lang in ["de", "en"] {
        assert!(
            v["error"]["message"][lang].as_str().is_some_and(|m| !m.is_empty()),
            "{lang}: {v}"
        );
    }
}

/// Analysis rows against the legal actions they index.
fn check_rows(found: &Value, legal: Option<&[Value]>) {
    let rows = found["actions"].as_array().expect("rows");
    assert!(!rows.is_empty(), "{found}");
    for r in rows {
        let (low, high) = (r["low"].as_f64().expect("low"), r["high"].as_f64().expect("high"));
        assert!(low <= high, "{r}");
        assert!(r["visits"].as_u64().is_some() && r["line"].is_array(), "{r}");
        if let Some(legal) = legal {
            let i = r["index"].as_u64().expect("index") as usize;
            assert_eq!(Some(&r["action"]), legal.get(i), "{r}");
        }
    }
}

/// A finished table (and so its replay) is analysed by anyone at any step of
/// its log; a step outside the log, a seat out of range and budgets over the
/// maxima are refused with their rule ids, and nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_is_analysed_at_any_step() {
    let (server, api) = start("analysis-finished", 1).await;
    let id = api.table("splendor", &["greedy", "greedy"], json!({"seed": 5})).await;
    let summary = api.wait_for(&id, "finished", |s| s["status"] == "finished").await;
    let total = summary["version"].as_u64().expect("version");
    let (_, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
    let entries = log["entries"].as_array().map(Vec::len).expect("entries") as u64;
    // A step is a version: the hint of a running table names its version.
    assert_eq!(entries, total, "one log entry per version");
    // A step in the middle where a seat decides (the first one from there).
    let mut found = None;
    for step in entries / 2..entries {
        let got = api
            .get(
                &format!("/api/tables/{id}/analysis?step={step}&playouts=100&top=2"),
                None,
            )
            .await;
        if got.0 == 200 {
            found = Some((step, got.1));
            break;
        }
        refused(&got, 422, "engine.analyze_no_decision");
    }
    let (step, found) = found.expect("a decision in the second half of the log");
    assert_eq!(
        (found["table"].as_str(), found["game"].as_str()),
        (Some(id.as_str()), Some("splendor"))
    );
    assert_eq!(found["step"], step, "{found}");
    assert_eq!(found["actions"].as_array().map(Vec::len), Some(2), "top 2: {found}");
    check_rows(&found, None);
    // The other seat there is not to act; a seat's secret is not needed.
    let seat = found["seat"].as_u64().expect("seat");
    let other = 1 - seat;
    refused(
        &api.get(
            &format!("/api/tables/{id}/analysis?step={step}&seat={other}&playouts=50"),
            None,
        )
        .await,
        409,
        "engine.not_your_turn",
    );
    let bad = [
        (format!("step={}", entries + 1), 422, "engine.analyze_step"),
        (format!("step={step}&seat=9"), 404, "engine.no_such_seat"),
        (format!("step={step}&playouts=20001"), 422, "server.analysis.budget"),
        (format!("step={step}&playouts=100001"), 422, "server.analysis.budget"),
        (format!("step={step}&ms=5001"), 422, "server.analysis.budget"),
        (format!("step={step}&playouts=0"), 422, "engine.analyze_budget"),
        ("step=-1".to_string(), 400, "server.malformed.query"),
        ("step=1&colour=red".to_string(), 400, "server.malformed.query"),
    ];
    for (query, status, rule) in bad {
        let got = api.get(&format!("/api/tables/{id}/analysis?{query}"), None).await;
        refused(&got, status, rule);
    }
    refused(
        &api.get("/api/tables/nosuchtable/analysis?step=1", None).await,
        404,
        "server.unknown_table",
    );
    let (_, after) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(after["version"], total);
    let (_, log_after) = api.get(&format!("/api/tables/{id}/log"), None).await;
    assert_eq!(log, log_after, "nothing changed");
    server.shutdown().await.expect("clean shutdown");
}

/// At a casual table against bots the seat gets a hint for its own current
/// decision; spectators, other steps and wrong secrets are refused, and an
/// analysis never holds up the table: a move during it is accepted at once
/// and cancels it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_gets_a_hint_at_a_casual_table_against_bots() {
    let (server, api) = start("analysis-hint", 1).await;
    let id = api.table("splendor", &["human", "greedy"], json!({"seed": 7})).await;
    let secret = api.join(&id, 0).await;
    let view = api.seat0_to_act(&id, &secret).await;
    let version = view["version"].as_u64().expect("version");
    let legal = view["legal"].as_array().expect("legal").clone();
    let path = format!("/api/tables/{id}/analysis");
    let (status, hint) = api.get(&format!("{path}?seat=0&playouts=200"), Some(&secret)).await;
    assert_eq!(status, 200, "{hint}");
    assert_eq!(
        (hint["seat"].as_u64(), hint["step"].as_u64()),
        (Some(0), Some(version)),
        "{hint}"
    );
    assert_eq!(
        hint["actions"].as_array().map(Vec::len),
        Some(legal.len()),
        "every action: {hint}"
    );
    check_rows(&hint, Some(&legal));
    assert!(hint.get("state").is_none(), "the full state is never sent");
    // The current step named explicitly is the same question.
    let (status, _) = api
        .get(&format!("{path}?seat=0&step={version}&playouts=50"), Some(&secret))
        .await;
    assert_eq!(status, 200);
    refused(
        &api.get(&format!("{path}?playouts=50"), None).await,
        403,
        "server.analysis.spectator",
    );
    refused(
        &api.get(&format!("{path}?seat=0&playouts=50"), None).await,
        403,
        "server.analysis.spectator",
    );
    refused(
        &api.get(&format!("{path}?seat=0&step=0"), Some(&secret)).await,
        409,
        "server.analysis.live_step",
    );
    refused(
        &api.get(&format!("{path}?seat=0"), Some("not-the-secret")).await,
        403,
        "server.wrong_secret",
    );
    refused(
        &api.get(&format!("{path}?seat=0&playouts=20001"), Some(&secret)).await,
        422,
        "server.analysis.budget",
    );
    let (_, same) = api.get(&format!("/api/tables/{id}/view?seat=0"), Some(&secret)).await;
    assert_eq!(
        (same["version"].as_u64(), &same["view"]),
        (Some(version), &view["view"]),
        "nothing changed"
    );

    // A long hint runs beside the table: the seat's own move is accepted at
    // once, and the hint, whose position is gone, is cancelled.
    let long = {
        let (http, url, secret) = (
            api.http.clone(),
            format!("{}{path}?seat=0&ms=5000", api.base),
            secret.clone(),
        );
        tokio::spawn(async move {
            let started = Instant::now();
            let resp = http.get(url).header("x-seat-secret", secret).send().await.expect("GET");
            let status = resp.status().as_u16();
            (
                status,
                resp.json::<Value>().await.unwrap_or(Value::Null),
                started.elapsed(),
            )
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let moved = Instant::now();
    let (status, acted) = api
        .post(
            &format!("/api/tables/{id}/act"),
            json!({"seat": 0, "action": legal[0], "version": version}),
            Some(&secret),
        )
        .await;
    assert_eq!(status, 200, "{acted}");
    assert!(
        moved.elapsed() < Duration::from_secs(2),
        "the move waited for the analysis"
    );
    let (status, cancelled, took) = long.await.expect("the hint answers");
    refused(&(status, cancelled), 409, "server.analysis.position_changed");
    assert!(took < Duration::from_millis(4_000), "cancelled early: {took:?}");
    server.shutdown().await.expect("clean shutdown");
}

/// No hint at a rated table in play, nor where another seat is a person
/// (taken or still open); with every slot busy an analysis is refused, not
/// queued.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_refused_at_rated_tables_and_beside_other_people() {
    let (server, api) = start("analysis-refused", 1).await;
    let rated = api
        .table("splendor", &["human", "greedy"], json!({"rated": true}))
        .await;
    let secret = api.join(&rated, 0).await;
    api.seat0_to_act(&rated, &secret).await;
    refused(
        &api.get(
            &format!("/api/tables/{rated}/analysis?seat=0&playouts=50"),
            Some(&secret),
        )
        .await,
        403,
        "server.analysis.rated",
    );
    let two = api.table("splendor", &["human", "human"], Value::Null).await;
    let first = api.join(&two, 0).await;
    // The other seat still open: someone may take it.
    refused(
        &api.get(&format!("/api/tables/{two}/analysis?seat=0&playouts=50"), Some(&first))
            .await,
        403,
        "server.analysis.other_humans",
    );
    api.join(&two, 1).await;
    api.seat0_to_act(&two, &first).await;
    let before = api.get(&format!("/api/tables/{two}"), None).await.1;
    refused(
        &api.get(&format!("/api/tables/{two}/analysis?seat=0&playouts=50"), Some(&first))
            .await,
        403,
        "server.analysis.other_humans",
    );
    let after = api.get(&format!("/api/tables/{two}"), None).await.1;
    assert_eq!(before, after, "nothing changed");
    server.shutdown().await.expect("clean shutdown");

    let (server, api) = start("analysis-busy", 0).await;
    let id = api.table("splendor", &["human", "greedy"], json!({"seed": 7})).await;
    let secret = api.join(&id, 0).await;
    api.seat0_to_act(&id, &secret).await;
    refused(
        &api.get(&format!("/api/tables/{id}/analysis?seat=0&playouts=50"), Some(&secret))
            .await,
        503,
        "server.analysis.busy",
    );
    server.shutdown().await.expect("clean shutdown");
}

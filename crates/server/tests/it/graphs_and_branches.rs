//! The win-chance graph of a finished table (`GET /api/tables/{id}/graph`)
//! and branching from a step of it (`POST /api/tables/{id}/branch`), on
//! SQLite and PostgreSQL: the graph is computed in the background, stored
//! and served at once to the next viewer (and after a restart, without an
//! analyst); a branch is a playable table whose position is the replay's
//! frame at that step and which survives a restart; every refusal has its
//! rule id in both languages and changes nothing.
//!
//! The search is a stand-in ([`Fixed`]): these tests check the server's
//! bookkeeping, not the search (crates/cli/tests/it/server_analysis.rs).

use crate::common::{self, Api};
use crate::persistence_postgres::{create_database, Cluster};
use engine::{ErrorInfo, Seat};
use serde_json::{json, Value};
use server::analysis::{AnalysisRequest, Analyst};
use server::BotRegistry;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An analyst that answers at once: the move played with 40 %, a better
/// one with 70 % (the cost 30 points), counting its calls. While `slow`,
/// a graph's search (500 playouts) runs until it is cancelled and then
/// answers nothing.
#[derive(Default)]
struct Fixed {
    calls: AtomicUsize,
    slow: AtomicBool,
}

impl Analyst for Fixed {
    fn position(
        &self,
        _game: &str,
        _state: &Value,
        _seat: Seat,
        _legal: &[Value],
        _req: AnalysisRequest,
        _cancel: Arc<AtomicBool>,
    ) -> Result<Value, ErrorInfo> {
        Err(ErrorInfo::malformed("not in these tests"))
    }

    fn log(
        &self,
        log: Value,
        step: Option<u64>,
        seat: Option<u8>,
        req: AnalysisRequest,
        cancel: Arc<AtomicBool>,
    ) -> Result<Value, ErrorInfo> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        // The graph's budget; a person's analysis in these tests asks for 100.
        let graph = req.playouts == Some(server::graph::DEFAULT_PLAYOUTS);
        assert!(graph || req.playouts == Some(100), "{req:?}");
        if graph && self.slow.load(Ordering::SeqCst) {
            let started = Instant::now();
            while !cancel.load(Ordering::SeqCst) && started.elapsed() < Duration::from_secs(20) {
                std::thread::sleep(Duration::from_millis(5));
            }
            return Ok(json!({"seat": seat, "playouts": 1, "actions": []}));
        }
        let step = step.expect("a step") as usize;
        let played = log["entries"][step]["action"].clone();
        if graph {
            assert_eq!(log["entries"][step]["seat"].as_u64(), seat.map(u64::from), "the mover");
        }
        Ok(json!({
            "seat": seat,
            "playouts": 10,
            "actions": [
                {"action": {"type": "better"}, "index": 1, "visits": 8, "win": 0.7, "low": 0.65, "high": 0.75,
                 "seats": [0.7, 0.2, 0.1]},
                {"action": played, "index": 0, "visits": 2, "win": 0.4, "low": 0.38, "high": 0.42},
            ],
        }))
    }
}

async fn start(db: &str, analyst: Option<Arc<Fixed>>) -> server::RunningServer {
    let mut bots = BotRegistry::default();
    if let Some(a) = analyst {
        bots = bots.with_analyst(a);
    }
    server::start(common::config(db), common::games(), bots)
        .await
        .expect("server starts")
}

/// A finished toy game of two seats, a person and a random bot.
async fn finished_game(api: &Api) -> String {
    let id = api
        .create(2, Some(json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}])))
        .await;
    let secret = api.join(&id, 0).await;
    assert_eq!(api.guess(&id, 0, &secret).await.0, 200);
    wait_finished(api, &id).await;
    id
}

async fn wait_finished(api: &Api, id: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while api.get(&format!("/api/tables/{id}"), None).await.1["status"] != "finished" {
        assert!(Instant::now() < deadline, "the game does not end");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

fn refused(got: &(u16, Value), status: u16, rule: &str) {
    assert_eq!(
        (got.0, got.1["error"]["rule"].as_str()),
        (status, Some(rule)),
        "{}",
        got.1
    );
    for lang in ["de", "en"] {
        assert!(
            got.1["error"]["message"][lang].as_str().is_some_and(|s| !s.is_empty()),
            "{}",
            got.1
        );
    }
}

async fn graph_is_stored_and_served(db: &str) {
    let analyst = Arc::new(Fixed::default());
    let server = start(db, Some(Arc::clone(&analyst))).await;
    let api = Api::new(server.addr);

    // Before the end: refused, nothing searched.
    let running = api
        .create(2, Some(json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}])))
        .await;
    refused(
        &api.get(&format!("/api/tables/{running}/graph"), None).await,
        409,
        "server.graph.not_finished",
    );
    refused(
        &api.get("/api/tables/0123456789abcdef/graph", None).await,
        404,
        "server.unknown_table",
    );
    assert_eq!(analyst.calls.load(Ordering::SeqCst), 0, "a refusal searches nothing");

    let id = finished_game(&api).await;
    let path = format!("/api/tables/{id}/graph");
    let deadline = Instant::now() + Duration::from_secs(20);
    let graph = loop {
        let (status, g) = api.get(&path, None).await;
        assert_eq!(status, 200, "{g}");
        if g["decisions"].as_u64().is_some_and(|n| n > 0) && g["done"] == g["decisions"] {
            break g;
        }
        assert!(Instant::now() < deadline, "the graph does not fill in: {g}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // The toy game: each seat guesses once.
    assert_eq!(graph["decisions"], 2, "{graph}");
    assert_eq!(graph["players"], 2, "{graph}");
    assert_eq!(graph["playouts"], server::graph::DEFAULT_PLAYOUTS);
    let points = graph["points"].as_array().expect("points").clone();
    assert_eq!(points.len(), 2, "{graph}");
    for p in &points {
        let seat = p["seat"].as_u64().expect("seat") as usize;
        assert_eq!(p["chances"][seat], 0.7, "the mover's chance: {p}");
        assert!(
            (p["chances"][1 - seat].as_f64().expect("other") - 0.3).abs() < 1e-9,
            "{p}"
        );
        assert_eq!(p["best"], json!({"type": "better"}), "{p}");
        assert_eq!(p["played"]["type"], "guess", "{p}");
        assert!((p["cost"].as_f64().expect("cost") - 0.3).abs() < 1e-9, "{p}");
        assert_eq!(p["clear"], true, "{p}");
    }
    let calls = analyst.calls.load(Ordering::SeqCst);
    assert_eq!(calls, 2, "one search per decision");

    // A second viewer gets the stored points at once, nothing searched again.
    let again = api.get(&path, None).await.1;
    assert_eq!(again["points"], graph["points"]);
    assert_eq!(again["running"], false);
    assert_eq!(analyst.calls.load(Ordering::SeqCst), calls);

    // Three seats: every seat's chance at each point, the others' from the
    // analysis row's `seats` (the mover's is its own estimate).
    let three = api
        .create(
            3,
            Some(json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])),
        )
        .await;
    let secret = api.join(&three, 0).await;
    assert_eq!(api.guess(&three, 0, &secret).await.0, 200);
    wait_finished(&api, &three).await;
    let path3 = format!("/api/tables/{three}/graph");
    let deadline = Instant::now() + Duration::from_secs(20);
    let graph3 = loop {
        let g = api.get(&path3, None).await.1;
        if g["decisions"].as_u64().is_some_and(|n| n > 0) && g["done"] == g["decisions"] {
            break g;
        }
        assert!(Instant::now() < deadline, "the graph does not fill in: {g}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(graph3["players"], 3, "{graph3}");
    for p in graph3["points"].as_array().expect("points") {
        let seat = p["seat"].as_u64().expect("seat") as usize;
        let chances: Vec<f64> = (0..3)
            .map(|i| p["chances"][i].as_f64().expect("every seat's chance"))
            .collect();
        let want: Vec<f64> = (0..3)
            .map(|i| if i == seat { 0.7 } else { [0.7, 0.2, 0.1][i] })
            .collect();
        assert_eq!(chances, want, "{p}");
    }

    // After a restart, from the database, even with no search at all.
    server.shutdown().await.expect("stops");
    let server = start(db, None).await;
    let api = Api::new(server.addr);
    let stored = api.get(&path, None).await;
    assert_eq!(stored.0, 200, "{}", stored.1);
    assert_eq!(stored.1["points"], graph["points"]);
    assert_eq!(stored.1["done"], 2);
    server.shutdown().await.expect("stops");
}

async fn branch_plays_on_from_a_step(db: &str) {
    let server = start(db, None).await;
    let api = Api::new(server.addr);
    let id = finished_game(&api).await;
    let frames = api.get(&format!("/api/tables/{id}/replay"), None).await.1["frames"]
        .as_array()
        .expect("frames")
        .clone();
    // The frame where one seat has guessed and the other is to decide
    // (the person or the bot may have guessed first).
    let frame = frames
        .iter()
        .find(|f| f["to_act"]["seats"].as_array().is_some_and(|s| s.len() == 1))
        .expect("a frame with one seat to act")
        .clone();
    let step = frame["version"].as_u64().expect("version");
    let mover = frame["to_act"]["seats"][0].as_u64().expect("mover");
    let total = api.get(&format!("/api/tables/{id}/log"), None).await.1["entries"]
        .as_array()
        .map_or(0, Vec::len) as u64;
    let path = format!("/api/tables/{id}/branch");
    let live = || async {
        api.get("/api/tables", None).await.1["tables"]
            .as_array()
            .map_or(0, Vec::len)
    };
    let before = live().await;

    // Refusals, each changing nothing.
    let unfinished = api
        .create(2, Some(json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}])))
        .await;
    let before = before + 1;
    let cases = [
        (
            format!("/api/tables/{unfinished}/branch"),
            json!({"step": 0, "bot": "random"}),
            409,
            "server.branch.not_finished",
        ),
        (
            path.clone(),
            json!({"step": total + 1, "bot": "random"}),
            422,
            "server.branch.step",
        ),
        (
            path.clone(),
            json!({"step": total, "bot": "random"}),
            422,
            "server.branch.step",
        ),
        (path.clone(), json!({"step": step}), 400, "server.unknown_bot"),
        (
            path.clone(),
            json!({"step": step, "bot": "nobody"}),
            400,
            "server.unknown_bot",
        ),
        (
            path.clone(),
            json!({"step": step, "seat": 2, "bot": "random"}),
            404,
            "server.no_such_seat",
        ),
        (
            path.clone(),
            json!({"step": step, "bot": "random", "x": 1}),
            400,
            "engine.malformed",
        ),
        (path.clone(), json!({"bot": "random"}), 400, "engine.malformed"),
        (
            "/api/tables/0123456789abcdef/branch".to_string(),
            json!({"step": 0, "bot": "random"}),
            404,
            "server.unknown_table",
        ),
    ];
    for (p, body, status, rule) in cases {
        refused(&api.post(&p, &body, None).await, status, rule);
    }
    assert_eq!(live().await, before, "no table opened by a refusal");

    // The branch: the mover's seat held, the other a bot.
    let (status, b) = api
        .post(&path, &json!({"step": step, "bot": "random", "name": "Eve"}), None)
        .await;
    assert_eq!(status, 201, "{b}");
    assert_eq!(
        (b["seat"].as_u64(), b["from"].as_str(), b["step"].as_u64()),
        (Some(mover), Some(id.as_str()), Some(step))
    );
    let new = b["table"].as_str().expect("table").to_string();
    let secret = b["secret"].as_str().expect("secret").to_string();
    assert!(
        b["link"]
            .as_str()
            .is_some_and(|l| l.contains(&new) && l.contains(&secret)),
        "{b}"
    );
    let summary = api.get(&format!("/api/tables/{new}"), None).await.1;
    assert_eq!(
        (summary["seed_chosen"].as_bool(), summary["rated"].as_bool()),
        (Some(true), Some(false)),
        "{summary}"
    );
    assert_eq!(summary["seats"][1 - mover as usize]["kind"], "bot", "{summary}");
    assert_eq!(summary["seats"][mover as usize]["kind"], "human", "{summary}");
    let view = |t: String| async move { api.get(&format!("/api/tables/{t}/view"), None).await.1 };
    let at = view(new.clone()).await;
    assert_eq!(at["version"].as_u64(), Some(step), "{at}");
    assert_eq!(at["view"], frame["view"], "the branch starts at the replay's frame");

    // It survives a restart, the same position, and plays on.
    server.shutdown().await.expect("stops");
    let server = start(db, None).await;
    let api = Api::new(server.addr);
    let at = api.get(&format!("/api/tables/{new}/view"), None).await.1;
    assert_eq!(at["view"], frame["view"], "restored at the same position: {at}");
    assert_eq!(api.guess(&new, mover as u8, &secret).await.0, 200);
    wait_finished(&api, &new).await;
    // Its replay begins with the original's moves.
    let replay = api.get(&format!("/api/tables/{new}/replay"), None).await.1;
    let mine = replay["frames"].as_array().expect("frames");
    let upto = frames.iter().position(|f| f["version"] == step).expect("frame") + 1;
    for (a, b) in frames[..upto].iter().zip(mine) {
        assert_eq!(a["view"], b["view"], "the branch's replay shows the original's steps");
    }
    server.shutdown().await.expect("stops");
}

/// A person's analysis is never refused as busy behind a graph: it takes
/// the graph's slot, and the graph searches that decision again; a
/// shutdown stops the graph and the next server resumes it.
async fn graph_gives_its_slot_to_a_person(db: &str) {
    let analyst = Arc::new(Fixed::default());
    analyst.slow.store(true, Ordering::SeqCst);
    let server = start(db, Some(Arc::clone(&analyst))).await;
    let api = Api::new(server.addr);
    let id = finished_game(&api).await;
    let path = format!("/api/tables/{id}/graph");
    assert_eq!(api.get(&path, None).await.1["running"], true);
    let deadline = Instant::now() + Duration::from_secs(10);
    while analyst.calls.load(Ordering::SeqCst) == 0 {
        assert!(Instant::now() < deadline, "the graph does not start");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let log = api.get(&format!("/api/tables/{id}/log"), None).await.1;
    let step = log["entries"]
        .as_array()
        .and_then(|e| e.iter().position(|x| x["type"] == "act"))
        .expect("a decision");
    let (status, found) = api
        .get(&format!("/api/tables/{id}/analysis?step={step}&playouts=100"), None)
        .await;
    assert_eq!(status, 200, "the graph gave its slot up: {found}");
    // A shutdown stops the graph mid-search; the next server resumes it.
    let stopped = Instant::now();
    server.shutdown().await.expect("stops");
    assert!(
        stopped.elapsed() < Duration::from_secs(10),
        "the graph held the shutdown up"
    );
    let analyst = Arc::new(Fixed::default());
    let server = start(db, Some(Arc::clone(&analyst))).await;
    let api = Api::new(server.addr);
    let deadline = Instant::now() + Duration::from_secs(20);
    let graph = loop {
        let g = api.get(&path, None).await.1;
        if g["done"] == g["decisions"] {
            break g;
        }
        assert!(Instant::now() < deadline, "the graph does not finish: {g}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    for p in graph["points"].as_array().expect("points") {
        assert_eq!(p["win"], 0.7, "no point from a search cut short: {p}");
    }
    server.shutdown().await.expect("stops");
}

#[tokio::test]
async fn graphs_and_branches_on_sqlite() {
    graph_gives_its_slot_to_a_person(&common::temp_sqlite("preempt")).await;
    graph_is_stored_and_served(&common::temp_sqlite("graph")).await;
    branch_plays_on_from_a_step(&common::temp_sqlite("branch")).await;
}

#[tokio::test]
async fn graphs_and_branches_on_postgres() {
    let Some(cluster) = Cluster::start_or_skip() else {
        return;
    };
    create_database(&cluster, "graph", true).await;
    create_database(&cluster, "branch", true).await;
    graph_is_stored_and_served(&cluster.url("graph")).await;
    branch_plays_on_from_a_step(&cluster.url("branch")).await;
}

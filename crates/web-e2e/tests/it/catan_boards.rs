//! The boards the browser draws are the engines', served once per table
//! (`GET /api/tables/{id}/topology`): after a table page has opened, the
//! shape that web/games/catan-board.js took from the server (hex corners,
//! paths, coast, this game's harbors) and Catan Junior's sides in
//! web/games/catan-junior-board.js (islands, sites, routes) are read back
//! from the page's modules and compared with the engine crates. The CATAN
//! table is a stated layout whose harbors lie on other coastal paths than the
//! frame's fixed spots, so the drawing follows the served harbors.

use serde_json::Value;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use web_e2e::{ui, Browser, TestServer};

/// Imports a module in the page and returns `pick(module)` as JSON.
async fn module_json(b: &Browser, path: &str, pick: &str) -> Value {
    let key = format!("__e2e_{}", path.replace(['/', '.', '-'], "_"));
    b.script(&format!(
        "window.{key} = null; import('{path}').then((m) => {{ window.{key} = JSON.stringify(({pick})(m)); }}, (e) => {{ window.{key} = JSON.stringify({{error: String(e)}}); }}); return 1;"
    ))
    .await;
    let started = Instant::now();
    loop {
        let v = b.script(&format!("return window.{key};")).await;
        if let Some(s) = v.as_str() {
            let parsed: Value = serde_json::from_str(s).expect("module JSON");
            assert!(parsed.get("error").is_none(), "{path}: {parsed}");
            return parsed;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{path} did not load");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn nums(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_u64().expect("a number"))
        .collect()
}

fn check_catan(js: &Value, harbor_edges: &[u64]) {
    let t = catan::Shape::Base.topology();
    let hex_nodes: Vec<Vec<u64>> = js["hexNodes"].as_array().unwrap().iter().map(nums).collect();
    assert_eq!(hex_nodes.len(), t.hex_count(), "hex count");
    for (h, (ui, engine)) in hex_nodes.iter().zip(t.hex_nodes.iter().take(t.hex_count())).enumerate() {
        let engine: Vec<u64> = engine.iter().map(|n| u64::from(n.0)).collect();
        assert_eq!(ui, &engine, "corners of hex {h}");
    }
    let edges: Vec<Vec<u64>> = js["edgeNodes"].as_array().unwrap().iter().map(nums).collect();
    assert_eq!(edges.len(), t.edge_count(), "path count");
    for (e, (ui, engine)) in edges.iter().zip(t.edge_nodes.iter().take(t.edge_count())).enumerate() {
        assert_eq!(ui, &vec![u64::from(engine[0].0), u64::from(engine[1].0)], "path {e}");
    }
    let coast: Vec<u64> = t.coast.iter().map(|e| u64::from(e.0)).collect();
    assert_eq!(nums(&js["coast"]), coast, "coast");
    assert_eq!(nums(&js["harborEdges"]), harbor_edges, "this game's harbors");
}

/// The beginner board with every harbor moved one coastal path clockwise from
/// the frame's fixed spot: a board only a stated layout can give.
fn shifted_layout() -> (String, Vec<u64>) {
    let t = catan::Shape::Base.topology();
    let mut layout = serde_json::to_value(catan::Board::beginner()).unwrap();
    let mut edges = Vec::new();
    for (i, h) in layout["harbors"].as_array_mut().unwrap().iter_mut().enumerate() {
        let e = t.coast[t.harbor_coast_index[i] + 1].0;
        h["edge"] = e.into();
        edges.push(u64::from(e));
    }
    let options = serde_json::json!({ "board": { "kind": "layout", "board": layout }, "start_player": 0 });
    (options.to_string(), edges)
}
fn check_junior(js: &Value, side: &catan_junior::board_data::BoardData) {
    assert_eq!(
        js["sites"].as_u64(),
        Some(u64::from(side.sites)),
        "{}: sites",
        side.name
    );
    let castle: Vec<u64> = side.castle_ring.iter().map(|&n| u64::from(n)).collect();
    assert_eq!(nums(&js["castleRing"]), castle, "{}: castle ring", side.name);
    let islands = js["islands"].as_array().unwrap();
    assert_eq!(islands.len(), side.islands.len(), "{}: islands", side.name);
    for (ui, engine) in islands.iter().zip(side.islands.iter()) {
        assert_eq!(ui["name"].as_str(), Some(engine.name), "{}: island name", side.name);
        assert_eq!(
            ui["good"],
            serde_json::to_value(engine.good).unwrap(),
            "{}: good of {}",
            side.name,
            engine.name
        );
        assert_eq!(
            ui["number"].as_u64(),
            Some(u64::from(engine.number)),
            "{}: number of {}",
            side.name,
            engine.name
        );
        let sites: Vec<u64> = engine
            .sites
            .iter()
            .filter(|&&n| n != 0)
            .map(|&n| u64::from(n))
            .collect();
        assert_eq!(nums(&ui["sites"]), sites, "{}: sites of {}", side.name, engine.name);
    }
    let ui_routes: BTreeSet<Vec<u64>> = js["routes"].as_array().unwrap().iter().map(nums).collect();
    let routes: BTreeSet<Vec<u64>> = side
        .routes
        .iter()
        .map(|&(a, b)| vec![u64::from(a.min(b)), u64::from(a.max(b))])
        .collect();
    assert_eq!(ui_routes, routes, "{}: routes", side.name);
}

#[tokio::test(flavor = "multi_thread")]
async fn ui_boards_equal_the_engines() {
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let (options, harbor_edges) = shifted_layout();
    ui::create_with_options(&b, "catan", &["human", "bot:random", "bot:random"], "Anna", &options).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    assert_eq!(b.all("[data-testid^=harbor-]").await.len(), 9, "9 harbors drawn");
    b.screenshot("catan-stated-harbors").await;
    let topo = module_json(
        &b,
        "/assets/games/catan-board.js",
        "(m) => ({hexNodes: m.TOPO.hexNodes, edgeNodes: m.TOPO.edgeNodes, coast: m.TOPO.coast, harborEdges: m.TOPO.harborEdges})",
    )
    .await;
    check_catan(&topo, &harbor_edges);
    let pick = "(m) => Object.fromEntries(Object.entries(m.SIDES).map(([k, s]) => [k, {sites: s.sites, castleRing: s.castleRing, routes: s.routes, islands: s.islands.map((i) => ({name: i.name, good: i.good, number: i.number, sites: i.sites}))}]))";
    for (seats, side, data) in [
        (
            &["human", "bot:random", "bot:random", "bot:random"][..],
            "four_player",
            &catan_junior::board_data::FOUR_PLAYER_SIDE,
        ),
        (
            &["human", "bot:random"][..],
            "two_player",
            &catan_junior::board_data::TWO_PLAYER_SIDE,
        ),
    ] {
        ui::create_table(&b, "catan-junior", seats, "Anna", false).await;
        b.wait_for("[data-testid^=island-]", Duration::from_secs(20)).await;
        let sides = module_json(&b, "/assets/games/catan-junior-board.js", pick).await;
        check_junior(&sides[side], data);
    }
    b.quit().await;
    server.stop().await;
}

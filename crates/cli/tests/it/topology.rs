//! The board through the referee: `{"op":"topology"}` for every game, CATAN
//! boards stated by anyone (harbors on named coastal paths, the start player,
//! the older harbor form, a state written by hand from a photo), and the
//! refusals of bad layouts, one test per rule id, each listing every problem
//! and changing nothing.

use serde_json::{json, Value};
use spielleiter_cli::referee::Referee;

use crate::common;
use common::referee::{ask, ok};
use std::collections::BTreeSet;

fn err(r: &mut Referee, req: Value) -> Value {
    let resp = ask(r, req.clone());
    let e = resp
        .get("error")
        .cloned()
        .unwrap_or_else(|| panic!("{req} should fail: {resp}"));
    assert!(e["rule"].is_string() && e["kind"].is_string(), "{e}");
    assert!(e["message"]["de"].is_string() && e["message"]["en"].is_string(), "{e}");
    e
}

fn ids(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap_or_else(|| panic!("a list: {v}"))
        .iter()
        .map(|x| x.as_u64().expect("an id"))
        .collect()
}

/// The beginner board as a stated layout (JSON), to be changed by a test.
fn beginner_layout() -> Value {
    serde_json::to_value(catan::Board::beginner()).expect("board JSON")
}

fn new_catan(layout: Value, start_player: Option<u64>) -> Value {
    let mut options = json!({"board": {"kind": "layout", "board": layout}});
    if let Some(s) = start_player {
        options["start_player"] = json!(s);
    }
    json!({"op": "new", "game": "catan", "players": 3, "seed": 5, "options": options})
}

/// A referee with a running Splendor game, to show a refusal leaves it alone.
fn referee_with_a_game() -> (Referee, Value) {
    let mut r = Referee::default();
    ok(
        &mut r,
        json!({"op": "new", "game": "splendor", "players": 2, "seed": 3}),
    );
    let state = ok(&mut r, json!({"op": "state"}));
    (r, state)
}

/// Refused with `rule` as the first problem, every rule of `all` listed in
/// both languages, and the running game unchanged.
fn refused(req: Value, rule: &str, all: &[&str]) -> Value {
    let (mut r, before) = referee_with_a_game();
    let e = err(&mut r, req);
    assert_eq!(e["kind"], "config", "{e}");
    assert_eq!(e["rule"], rule, "{e}");
    for id in all {
        for lang in ["de", "en"] {
            let text = e["message"][lang].as_str().unwrap_or_default();
            assert!(text.contains(id), "{lang} lists {id}: {text}");
        }
    }
    assert_eq!(ok(&mut r, json!({"op": "state"})), before, "a refusal changes nothing");
    e
}

#[test]
fn catan_topology_says_where_everything_is_and_what_touches_what() {
    let mut r = Referee::default();
    ok(&mut r, json!({"op": "new", "game": "catan", "players": 3, "seed": 9}));
    let t = ok(&mut r, json!({"op": "topology"}));
    assert_eq!((t["game"].as_str(), t["kind"].as_str()), (Some("catan"), Some("catan")));
    let (hexes, nodes, edges) = (
        t["hexes"].as_array().unwrap(),
        t["nodes"].as_array().unwrap(),
        t["edges"].as_array().unwrap(),
    );
    assert_eq!((hexes.len(), nodes.len(), edges.len()), (19, 54, 72));
    let engine = catan::Shape::Base.topology();
    let view = ok(&mut r, json!({"op": "view"}));
    for (i, h) in hexes.iter().enumerate() {
        let (q, r_) = engine.hex_coords[i];
        assert_eq!((h["q"].as_i64(), h["r"].as_i64()), (Some(q.into()), Some(r_.into())));
        assert_eq!(
            (h["x"].as_i64(), h["y"].as_i64()),
            (Some(i64::from(2 * q + r_)), Some(i64::from(3 * r_)))
        );
        assert_eq!(h["terrain"], view["board"]["tiles"][i]["terrain"], "hex {i}");
        assert_eq!(h["number"], view["board"]["tiles"][i]["number"], "hex {i}");
        // Each corner names the hex back, each side joins two consecutive corners.
        let corners = ids(&h["nodes"]);
        for (k, &n) in corners.iter().enumerate() {
            assert!(
                ids(&nodes[n as usize]["hexes"]).contains(&(i as u64)),
                "hex {i} corner {n}"
            );
            let side = &edges[ids(&h["edges"])[k] as usize];
            let pair: BTreeSet<u64> = ids(&side["nodes"]).into_iter().collect();
            assert_eq!(pair, BTreeSet::from([n, corners[(k + 1) % 6]]), "hex {i} side {k}");
            assert!(ids(&side["hexes"]).contains(&(i as u64)));
        }
        for nb in ids(&h["hexes"]) {
            assert!(
                ids(&hexes[nb as usize]["hexes"]).contains(&(i as u64)),
                "neighbours are mutual"
            );
        }
    }
    for (e, edge) in edges.iter().enumerate() {
        let [a, b] = ids(&edge["nodes"])[..] else {
            panic!("two nodes")
        };
        for n in [a, b] {
            assert!(ids(&nodes[n as usize]["edges"]).contains(&(e as u64)));
        }
        assert!(ids(&nodes[a as usize]["nodes"]).contains(&b));
        let (ax, bx) = (
            nodes[a as usize]["x"].as_f64().unwrap(),
            nodes[b as usize]["x"].as_f64().unwrap(),
        );
        assert_eq!(edge["x"].as_f64(), Some((ax + bx) / 2.0), "midpoint of path {e}");
        let on_coast = ids(&t["coast"]).contains(&(e as u64));
        assert_eq!(edge["coast"].as_bool(), Some(on_coast));
        assert_eq!(ids(&edge["hexes"]).len(), if on_coast { 1 } else { 2 }, "path {e}");
        for other in ids(&edge["edges"]) {
            assert!(ids(&edges[other as usize]["edges"]).contains(&(e as u64)));
        }
    }
    assert_eq!(ids(&t["coast"]).len(), 30);
    let spots: Vec<u64> = engine.harbor_edges.iter().map(|e| u64::from(e.0)).collect();
    assert_eq!(ids(&t["harbor_spots"]), spots);
    let harbors = t["harbors"].as_array().unwrap();
    assert_eq!(harbors.len(), 9);
    for (h, v) in harbors.iter().zip(view["board"]["harbors"].as_array().unwrap()) {
        assert_eq!((&h["edge"], &h["kind"]), (&v["edge"], &v["kind"]));
        let rate = if h["kind"] == "generic" { 3 } else { 2 };
        assert_eq!(h["rate"], rate);
        assert_eq!(h["nodes"], edges[h["edge"].as_u64().unwrap() as usize]["nodes"]);
    }
    // Cities & Knights is played on the same board.
    ok(
        &mut r,
        json!({"op": "new", "game": "catan", "players": 3, "options": {"rules": "cities_knights"}}),
    );
    let ck = ok(&mut r, json!({"op": "topology"}));
    assert_eq!(ck["kind"], "catan");
    assert_eq!(ck["hexes"].as_array().map(Vec::len), Some(19));
}

#[test]
fn junior_topology_has_islands_sites_and_routes() {
    for (players, side, data) in [
        (4, "four_player", &catan_junior::board_data::FOUR_PLAYER_SIDE),
        (2, "two_player", &catan_junior::board_data::TWO_PLAYER_SIDE),
    ] {
        let mut r = Referee::default();
        ok(&mut r, json!({"op": "new", "game": "catan-junior", "players": players}));
        let t = ok(&mut r, json!({"op": "topology"}));
        assert_eq!(
            (t["game"].as_str(), t["kind"].as_str()),
            (Some("catan-junior"), Some("catan_junior"))
        );
        assert_eq!(t["side"], side);
        let islands = t["islands"].as_array().unwrap();
        assert_eq!(islands.len(), data.islands.len());
        for (i, d) in islands.iter().zip(data.islands) {
            assert_eq!(i["island"], d.name);
            assert_eq!(i["number"], d.number);
            let ring: Vec<u64> = d.sites.iter().filter(|&&s| s != 0).map(|&s| u64::from(s)).collect();
            assert_eq!(ids(&i["sites"]), ring, "island {}", d.name);
        }
        let sites = t["sites"].as_array().unwrap();
        let castle = usize::from(t["castle"].is_object());
        assert_eq!(sites.len(), usize::from(data.sites) + castle);
        let mut points = BTreeSet::new();
        for s in sites {
            assert!(
                points.insert((s["x"].as_i64(), s["y"].as_i64())),
                "one site per point: {s}"
            );
        }
        let routes = t["routes"].as_array().unwrap();
        assert_eq!(routes.len(), data.routes.len());
        for route in routes {
            let pair = ids(&route["route"]);
            for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let site = sites.iter().find(|s| s["site"] == x).expect("route ends are sites");
                assert!(ids(&site["sites"]).contains(&y), "{x} sees {y}");
            }
            assert!(
                !route["islands"].as_array().unwrap().is_empty(),
                "a route runs along an island"
            );
        }
        if castle == 1 {
            assert_eq!(ids(&t["castle"]["ring"]).len(), 6);
        }
    }
}

#[test]
fn a_game_without_a_board_says_so() {
    let mut r = Referee::default();
    assert_eq!(err(&mut r, json!({"op": "topology"}))["rule"], "engine.no_game");
    ok(&mut r, json!({"op": "new", "game": "splendor", "players": 2}));
    assert_eq!(
        ok(&mut r, json!({"op": "topology"})),
        json!({"game": "splendor", "kind": "none"})
    );
}

#[test]
fn a_stated_board_and_start_player_are_played() {
    let t = catan::Shape::Base.topology();
    let mut layout = beginner_layout();
    // The wool harbor one coastal path further clockwise than its fixed spot.
    let moved = t.coast[t.harbor_coast_index[1] + 1].0;
    layout["harbors"][1]["edge"] = json!(moved);
    let mut r = Referee::default();
    ok(&mut r, new_catan(layout.clone(), Some(2)));
    assert_eq!(
        ok(&mut r, json!({"op": "to_act"})),
        json!({"kind": "seats", "seats": [2]})
    );
    let state = ok(&mut r, json!({"op": "state"}));
    assert_eq!(state["state"]["board"], layout, "the board is kept as stated");
    assert_eq!(state["state"]["start_player"], 2);
    let topo = ok(&mut r, json!({"op": "topology"}));
    assert_eq!(
        topo["harbors"][1],
        json!({"edge": moved, "kind": "wool", "rate": 2, "resource": "wool", "nodes": [t.edge_nodes[usize::from(moved)][0].0, t.edge_nodes[usize::from(moved)][1].0]})
    );
    // Random and beginner boards are written the same way.
    for kind in ["random", "beginner"] {
        ok(
            &mut r,
            json!({"op": "new", "game": "catan", "players": 3, "options": {"board": {"kind": kind}}}),
        );
        let board = ok(&mut r, json!({"op": "state"}))["state"]["board"].clone();
        let edges: Vec<u64> = board["harbors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["edge"].as_u64().unwrap())
            .collect();
        let spots: Vec<u64> = t.harbor_edges.iter().map(|e| u64::from(e.0)).collect();
        assert_eq!(edges, spots, "{kind}: harbors on the frame's fixed spots");
        ok(&mut r, new_catan(board, None));
    }
}

#[test]
fn catan_board_harbor_coast() {
    let t = catan::Shape::Base.topology();
    let inland = (0..72u8)
        .find(|e| !t.coast.iter().any(|c| c.0 == *e))
        .expect("an inland path");
    let mut layout = beginner_layout();
    layout["harbors"][3]["edge"] = json!(inland);
    let e = refused(new_catan(layout.clone(), None), "catan.board.harbor_coast", &[]);
    assert!(
        e["message"]["en"].as_str().unwrap().contains(&format!("path {inland}")),
        "{e}"
    );
    layout["harbors"][3]["edge"] = json!(200);
    refused(new_catan(layout, None), "catan.board.harbor_coast", &[]);
}

#[test]
fn catan_board_harbor_one_per_path() {
    let mut layout = beginner_layout();
    layout["harbors"][2]["edge"] = layout["harbors"][1]["edge"].clone();
    refused(new_catan(layout, None), "catan.board.harbor_one_per_path", &[]);
}

#[test]
fn catan_setup_start_player() {
    refused(new_catan(beginner_layout(), Some(3)), "catan.setup.start_player", &[]);
    let (mut r, _) = referee_with_a_game();
    let e = err(
        &mut r,
        json!({"op": "new", "game": "catan", "players": 4, "options": {"board": {"kind": "random"}, "start_player": 9}}),
    );
    assert_eq!(e["rule"], "catan.setup.start_player");
}

#[test]
fn catan_board_harbors() {
    let mut layout = beginner_layout();
    layout["harbors"].as_array_mut().unwrap().pop();
    refused(new_catan(layout, None), "catan.board.harbors", &[]);
    let mut layout = beginner_layout();
    layout["harbors"][1]["kind"] = json!("generic");
    refused(new_catan(layout, None), "catan.board.harbors", &[]);
}

#[test]
fn catan_board_hexes() {
    let mut layout = beginner_layout();
    layout["tiles"].as_array_mut().unwrap().pop();
    refused(new_catan(layout, None), "catan.board.hexes", &["catan.board.terrains"]);
}

#[test]
fn catan_board_terrains() {
    let mut layout = beginner_layout();
    layout["tiles"][0]["terrain"] = json!("forest");
    refused(new_catan(layout, None), "catan.board.terrains", &[]);
}

#[test]
fn catan_board_numbers() {
    let mut layout = beginner_layout();
    layout["tiles"][9]["number"] = json!(7);
    refused(new_catan(layout, None), "catan.board.numbers", &[]);
}

#[test]
fn every_problem_of_a_layout_is_listed() {
    let t = catan::Shape::Base.topology();
    let inland = (0..72u8)
        .find(|e| !t.coast.iter().any(|c| c.0 == *e))
        .expect("an inland path");
    let mut layout = beginner_layout();
    layout["harbors"][0]["edge"] = json!(inland);
    layout["harbors"][5]["edge"] = layout["harbors"][4]["edge"].clone();
    layout["tiles"][9]["number"] = json!(7);
    refused(
        new_catan(layout, Some(7)),
        "catan.board.numbers",
        &[
            "catan.board.numbers",
            "catan.board.harbor_coast",
            "catan.board.harbor_one_per_path",
            "catan.setup.start_player",
        ],
    );
}

#[test]
fn the_older_harbor_form_is_read_and_converted() {
    let t = catan::Shape::Base.topology();
    let mut r = Referee::default();
    ok(&mut r, json!({"op": "new", "game": "catan", "players": 3, "seed": 2}));
    let mut saved = ok(&mut r, json!({"op": "state"}));
    let kinds: Vec<Value> = saved["state"]["board"]["harbors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["kind"].clone())
        .collect();
    saved["state"]["board"]["harbors"] = json!(kinds);
    ok(&mut r, json!({"op": "load", "game": "catan", "state": saved}));
    let board = &ok(&mut r, json!({"op": "state"}))["state"]["board"];
    for (i, h) in board["harbors"].as_array().unwrap().iter().enumerate() {
        assert_eq!(h["edge"], t.harbor_edges[i].0, "spot {i}");
        assert_eq!(h["kind"], kinds[i]);
    }
    // As a stated layout as well.
    let mut layout = beginner_layout();
    layout["harbors"] = json!(["generic", "wool", "generic", "generic", "brick", "lumber", "generic", "grain", "ore"]);
    ok(&mut r, new_catan(layout, None));
    assert_eq!(ok(&mut r, json!({"op": "state"}))["state"]["board"], beginner_layout());
}

#[test]
fn a_hand_written_table_loads() {
    let text = include_str!("../../../../docs/examples/catan-table-photo.json");
    let envelope: Value = serde_json::from_str(text).expect("the example is JSON");
    let mut r = Referee::default();
    let s = ok(&mut r, json!({"op": "load", "game": "catan", "state": envelope}));
    assert_eq!(s["to_act"], json!({"kind": "seats", "seats": [1]}));
    // The photo's wool harbor lies on path 4 (not a fixed spot), where seat 1
    // has a settlement: it trades its 2 wool 2:1.
    let topo = ok(&mut r, json!({"op": "topology"}));
    assert_eq!(topo["harbors"][1]["edge"], 4);
    assert!(!catan::Shape::Base.topology().harbor_edges.iter().any(|e| e.0 == 4));
    let legal = ok(&mut r, json!({"op": "legal", "seat": 1}));
    // Listed with its rate (2:1 at the photo's harbor); sent without it, the seat's best rate is taken.
    let listed = json!({"type": "maritime_trade", "give": "wool", "get": "ore", "rate": 2});
    assert!(legal.as_array().unwrap().contains(&listed), "{legal}");
    let wool = json!({"type": "maritime_trade", "give": "wool", "get": "ore"});
    ok(&mut r, json!({"op": "act", "seat": 1, "action": wool}));
    let hand = &ok(&mut r, json!({"op": "state"}))["state"]["players"][1]["hand"];
    assert_eq!((hand["wool"].as_u64(), hand["ore"].as_u64()), (Some(0), Some(1)));
}

#[test]
fn a_saved_state_with_a_bad_board_is_refused_with_every_problem() {
    let text = include_str!("../../../../docs/examples/catan-table-photo.json");
    let mut envelope: Value = serde_json::from_str(text).expect("JSON");
    envelope["state"]["board"]["harbors"][0]["edge"] = json!(30);
    envelope["state"]["board"]["harbors"][2]["edge"] = json!(4);
    let (mut r, before) = referee_with_a_game();
    let e = err(&mut r, json!({"op": "load", "game": "catan", "state": envelope}));
    assert_eq!(e["rule"], "engine.invalid_state");
    let en = e["message"]["en"].as_str().unwrap();
    assert!(
        en.contains("catan.board.harbor_coast") && en.contains("catan.board.harbor_one_per_path"),
        "{en}"
    );
    assert_eq!(ok(&mut r, json!({"op": "state"})), before);
    // Counts that do not fit the board are refused while reading, naming both.
    envelope["state"]["board"]["harbors"]
        .as_array_mut()
        .unwrap()
        .truncate(8);
    let e = err(&mut r, json!({"op": "load", "game": "catan", "state": envelope}));
    assert_eq!(e["rule"], "engine.malformed");
    assert!(e["message"]["en"].as_str().unwrap().contains("8 harbors"), "{e}");
}

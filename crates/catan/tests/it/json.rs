//! Positions written by hand in JSON: loaded, validated, refused with what is
//! wrong when they break the rules.

use catan::BaseAction;
use catan::{Action, Catan, NodeId, Resource, State};
use engine::{Game, Seat};

/// Three players in the main phase on the beginner board (left out: it is the
/// default). Ids from the tables in `docs/games/catan.md`.
const POSITION: &str = r#"{
  "robber": 9,
  "start_player": 0,
  "current": 0,
  "turn": 12,
  "phase": {"phase": "main"},
  "bank": {"brick": 18, "lumber": 18, "wool": 19, "grain": 19, "ore": 19},
  "deck": {"knight": 13, "victory_point": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 2},
  "players": [
    {"hand": {"brick": 1, "lumber": 1}, "settlements": [0], "roads": [0]},
    {"settlements": [2], "roads": [5], "played": {"knight": 1}},
    {"settlements": [52], "roads": [68]}
  ]
}"#;

fn load(json: &str) -> State {
    serde_json::from_str(json).expect("a readable position")
}

#[test]
fn a_hand_written_position_loads_and_plays() {
    let mut s = load(POSITION);
    Catan::validate(&s).expect("consistent");
    assert_eq!(s.n(), 3);
    assert_eq!(s.public_points(Seat(0)), 1);
    assert_eq!(s.players[1].knights(), 1);
    // Road 0 joins nodes 0 and 3; a road from 3 onwards is legal.
    let e = catan::Shape::Base
        .topology()
        .edge_between(NodeId(3), NodeId(7))
        .expect("edge");
    let mut events = Vec::new();
    Catan::apply(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildRoad { edge: e }),
        &mut events,
    )
    .expect("legal road");
    assert_eq!(s.players[0].hand.get(Resource::Brick), 0);
    // And the state round-trips.
    let json = serde_json::to_string_pretty(&s).expect("json");
    let back: State = serde_json::from_str(&json).expect("back");
    assert_eq!(back, s);
}

fn problems(json: &str) -> Vec<String> {
    let p = Catan::validate(&load(json)).expect_err("inconsistent");
    p.iter().map(ToString::to_string).collect()
}

#[test]
fn two_buildings_too_close_are_refused() {
    // Node 3 neighbours node 0.
    let json = POSITION.replace(
        r#""settlements": [2], "roads": [5]"#,
        r#""settlements": [3], "roads": [2]"#,
    );
    let p = problems(&json);
    assert!(p.iter().any(|m| m.contains("distance rule")), "{p:?}");
}

#[test]
fn twenty_brick_in_play_are_refused() {
    let json = POSITION.replace(
        r#""hand": {"brick": 1, "lumber": 1}"#,
        r#""hand": {"brick": 2, "lumber": 1}"#,
    );
    let p = problems(&json);
    assert!(p.iter().any(|m| m.starts_with("brick") && m.contains("20")), "{p:?}");
}

#[test]
fn a_road_floating_alone_is_refused() {
    let json = POSITION.replace(r#""roads": [68]"#, r#""roads": [68, 30]"#);
    let p = problems(&json);
    assert!(p.iter().any(|m| m.contains("connected to none")), "{p:?}");
}

#[test]
fn awards_and_cards_are_checked() {
    // Three played knights but nobody holds Largest Army; 26 development cards.
    let json = POSITION.replace(r#""played": {"knight": 1}"#, r#""played": {"knight": 3}"#);
    let p = problems(&json);
    assert!(p.iter().any(|m| m.contains("Largest Army")), "{p:?}");
    assert!(p.iter().any(|m| m.contains("knight cards accounted")), "{p:?}");
}

#[test]
fn bad_ids_and_lengths_are_refused_without_panic() {
    // Ids beyond the largest board (80 nodes, 109 paths) are refused when read.
    for bad in [
        POSITION.replace(r#""settlements": [0]"#, r#""settlements": [80]"#),
        POSITION.replace(r#""roads": [0]"#, r#""roads": [109]"#),
        POSITION.replace(r#""robber": 9"#, r#""robber": 300"#),
    ] {
        assert!(serde_json::from_str::<State>(&bad).is_err());
    }
    // Ids of the 5–6 board on the base board are read, and reported by validate.
    for (bad, rule) in [
        (
            POSITION.replace(r#""settlements": [0]"#, r#""settlements": [60]"#),
            "catan.state.buildings",
        ),
        (
            POSITION.replace(r#""roads": [0]"#, r#""roads": [72]"#),
            "catan.state.roads",
        ),
    ] {
        let s: State = serde_json::from_str(&bad).expect("read");
        let p = Catan::validate(&s).expect_err("beyond the board");
        assert!(p.iter().any(|x| x.rule == rule), "{p:?}");
    }
    // One player only: refused when read.
    let one = r#"{"robber": 9, "start_player": 0, "current": 0, "turn": 1, "phase": {"phase": "main"},
        "bank": {}, "deck": {}, "players": [{}]}"#;
    assert!(serde_json::from_str::<State>(one).is_err());
    // Seats and hexes out of range are reported by validate.
    let mut s = load(POSITION);
    s.current = Seat(7);
    s.robber = catan::HexId(40);
    let p = Catan::validate(&s).expect_err("bad");
    assert_eq!(p.len(), 2, "{p:?}");
    // Actions naming impossible ids are refused as malformed.
    let s = load(POSITION);
    let r = Catan::check(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: NodeId(200) }),
    )
    .expect_err("bad id");
    assert_eq!(r.rule_id(), "engine.malformed");
}

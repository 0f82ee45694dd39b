//! Board ids in actions (issue 28, item 4): an id past the largest board is
//! refused while the action is parsed, an id past the board in use by the
//! one check every rule set runs first ([`catan::Action::places`]); both are
//! `engine.malformed` through the protocol, with both sentences, and change
//! nothing.

use crate::{ck, common};
use catan::{BaseAction, CkAction};

use catan::{Action, Catan, EdgeId, HexId, NodeId, Place};
use catan::{Shape, MAX_EDGES, MAX_HEXES, MAX_NODES};
use engine::{Game, Seat};
use serde_json::json;
use testkit::scenario::{assert_refused_through_protocol, protocol};

/// Ids parse up to the largest board and no further.
#[test]
fn ids_past_the_largest_board_do_not_parse() {
    for (max, what) in [(MAX_NODES, "node"), (MAX_EDGES, "edge"), (MAX_HEXES, "hex")] {
        let last = (max - 1).to_string();
        let past = max.to_string();
        let (ok, err) = match what {
            "node" => (
                serde_json::from_str::<NodeId>(&last).is_ok(),
                serde_json::from_str::<NodeId>(&past).map(|_| ()).unwrap_err(),
            ),
            "edge" => (
                serde_json::from_str::<EdgeId>(&last).is_ok(),
                serde_json::from_str::<EdgeId>(&past).map(|_| ()).unwrap_err(),
            ),
            _ => (
                serde_json::from_str::<HexId>(&last).is_ok(),
                serde_json::from_str::<HexId>(&past).map(|_| ()).unwrap_err(),
            ),
        };
        assert!(ok, "{what} {last} parses");
        assert!(err.to_string().contains("out of range"), "{what} {past}: {err}");
    }
}

/// Through the protocol: past the largest board and past the base board,
/// for a base action and for Cities & Knights' ones.
#[test]
fn ids_off_the_board_are_malformed_through_the_protocol() {
    let t = Shape::Base.topology();
    let (hexes, nodes, edges) = (t.hex_count(), t.node_count(), t.edge_count());
    let s = common::done(common::position(3));
    let mut m = protocol::<Catan>(&s);
    let seat = s.current;
    for action in [
        json!({"type": "build_settlement", "node": 200}),
        json!({"type": "build_settlement", "node": nodes}),
        json!({"type": "build_road", "edge": edges}),
        json!({"type": "build_road", "edge": 255}),
        json!({"type": "move_robber", "hex": hexes, "victim": null}),
    ] {
        assert_refused_through_protocol(m.as_mut(), seat, &action, "engine.malformed");
    }
    let s = ck::done(ck::position(3));
    let mut m = protocol::<catan::CatanCk>(&s);
    for action in [
        json!({"type": "build_knight", "node": nodes}),
        json!({"type": "move_knight", "from": 0, "to": MAX_NODES}),
        json!({"type": "play_bishop", "hex": hexes}),
        json!({"type": "play_inventor", "a": 0, "b": hexes}),
        json!({"type": "play_diplomat", "edge": edges}),
        json!({"type": "move_squire", "from": hexes, "to": 0}),
    ] {
        assert_refused_through_protocol(m.as_mut(), seat, &action, "engine.malformed");
    }
}

/// Every id an action names is checked against the board in use: each
/// place of each action, set one past the base board, is malformed for the
/// typed API too (which does not go through parsing).
#[test]
fn every_place_of_an_action_is_checked() {
    let t = Shape::Base.topology();
    let s = ck::done(ck::position(3));
    let base = common::done(common::position(3));
    let actions = [
        Action::Base(BaseAction::BuildSettlement { node: NodeId(0) }),
        Action::Base(BaseAction::BuildRoad { edge: EdgeId(0) }),
        Action::Base(BaseAction::MoveRobber {
            hex: HexId(0),
            victim: None,
        }),
        Action::Ck(CkAction::PlayEngineer { node: NodeId(0) }),
        Action::Ck(CkAction::PlayMedicine { node: NodeId(0) }),
        Action::Ck(CkAction::PlayIntrigue { node: NodeId(0) }),
        Action::Ck(CkAction::RemoveKnight { node: NodeId(0) }),
        Action::Ck(CkAction::PlaceMetropolis { node: NodeId(0) }),
        Action::Ck(CkAction::PlayDiplomat { edge: EdgeId(0) }),
        Action::Ck(CkAction::PlayMerchant { hex: HexId(0) }),
        Action::Ck(CkAction::RecruitSquire { hex: HexId(0) }),
        Action::Ck(CkAction::DisplaceKnight {
            from: NodeId(0),
            to: NodeId(0),
        }),
    ];
    let off = |p: Place| match p {
        Place::Node(_) => Place::Node(NodeId(t.node_count() as u8)),
        Place::Edge(_) => Place::Edge(EdgeId(t.edge_count() as u8)),
        Place::Hex(_) => Place::Hex(HexId(t.hex_count() as u8)),
    };
    for action in actions {
        let places = action.places();
        assert!(places[0].is_some(), "{action:?} names a place");
        // Rebuild the action with its last place moved off the board.
        let json = serde_json::to_value(action).expect("json");
        let mut bad = json.clone();
        let obj = bad.as_object_mut().expect("an object");
        let key = obj
            .keys()
            .rfind(|k| *k != "type" && obj[*k].is_u64())
            .cloned()
            .expect("an id field");
        let place = places.into_iter().flatten().next_back().expect("a place");
        obj[&key] = match off(place) {
            Place::Node(n) => json!(n.0),
            Place::Edge(e) => json!(e.0),
            Place::Hex(h) => json!(h.0),
        };
        let bad: Action = serde_json::from_value(bad).expect("in range of the largest board");
        let r = if matches!(
            action,
            Action::Base(BaseAction::BuildSettlement { .. }) | Action::Base(BaseAction::BuildRoad { .. })
        ) {
            Catan::check(&base, Seat(0), &bad)
        } else {
            catan::CatanCk::check(&s, Seat(0), &bad)
        }
        .expect_err("off the board");
        assert_eq!(r.rule_id(), "engine.malformed", "{bad:?}");
    }
}

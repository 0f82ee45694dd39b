//! The heroes module's house rule (`snh.house.free_squire_steps_per_turn`):
//! a bound on the one move of the expansion that costs nothing, so that a
//! turn of a learning agent always ends.

use crate::ck;
use catan::{BaseAction, CkAction, CkEvent};

use catan::query::{edge_between_hexes, hex_neighbours as neighbours};
use catan::HeroError;
use catan::{Action, CatanCk, Config, Event, HexId, Rules, Shape, Terrain};
use ck::*;
use engine::{Game, Seat};
use serde_json::json;
use testkit::scenario::{assert_accepted, assert_refused};

/// A heroes game in the main phase, seat 0 with a squire on a hex and its own
/// road on the edge to a neighbouring land hex: `(state, from, to)`.
pub(crate) fn free_step() -> (State, HexId, HexId) {
    let mut s = position(3);
    s.rules = Rules::CitiesKnightsHeroes;
    let topology = Shape::Base.topology();
    let land = |s: &State, h: HexId| s.board.tiles[h.index()].terrain != Terrain::Desert;
    let (from, to) = (0..19u8)
        .map(HexId)
        .filter(|&a| land(&s, a))
        .find_map(|a| neighbours(topology, a).find(|&b| land(&s, b)).map(|b| (a, b)))
        .expect("two neighbouring land hexes");
    let edge = edge_between_hexes(topology, from, to).expect("neighbours");
    let [a, b] = topology.edge_nodes[edge.index()];
    settle(&mut s, 0, a, b);
    cp(&mut s, 0).heroes.squires.insert(from);
    (done(s), from, to)
}

/// `snh.house.free_squire_steps_per_turn`: with the house rule a player takes
/// at most that many free squire steps per turn; a further step across an own
/// road is refused (and not listed); the next turn counts afresh. Without it
/// (every table's default) free steps are unlimited, as the seed's rule says.
#[test]
fn snh_house_free_squire_steps_per_turn() {
    let config: Config =
        serde_json::from_value(json!({"rules": "cities_knights_heroes", "free_squire_steps_per_turn": 3}))
            .expect("config");
    assert_eq!(config.free_squire_steps_per_turn, Some(3));
    assert_eq!(Config::cities_knights_heroes().free_squire_steps_per_turn, None);

    let (mut s, from, to) = free_step();
    for _ in 0..20 {
        assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
        assert_accepted::<CatanCk>(
            &mut s,
            Seat(0),
            &Action::Ck(CkAction::MoveSquire { from: to, to: from }),
        );
    }
    assert_eq!(s.free_squire_steps, 0, "not counted without the house rule");

    let (mut s, from, to) = free_step();
    s.free_squire_steps_per_turn = Some(3);
    let ev = assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
    assert!(matches!(ev[0], Event::Ck(CkEvent::SquireMoved { paid: None, .. })));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from: to, to: from }),
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
    assert_eq!(s.free_squire_steps, 3);
    let back = Action::Ck(CkAction::MoveSquire { from: to, to: from });
    assert_refused::<CatanCk>(&s, Seat(0), &back, "snh.house.free_squire_steps_per_turn");
    let mut legal = Vec::new();
    CatanCk::legal_actions(&s, Seat(0), &mut legal);
    assert!(!legal.contains(&back), "{legal:?}");
    assert!(legal.contains(&Action::Base(BaseAction::EndTurn)));
    // The limit and the turn's count survive the JSON form of the state.
    let json: State = serde_json::from_value(serde_json::to_value(&s).expect("json")).expect("state");
    assert_eq!((json.free_squire_steps_per_turn, json.free_squire_steps), (Some(3), 3));
    // The refusal names the limit in both languages.
    let m = HeroError::FreeStepsPerTurn { limit: 3 }.message();
    assert!(m.de.contains("höchstens 3"), "{}", m.de);
    assert!(m.en.contains("at most 3"), "{}", m.en);
    // A new turn counts from 0.
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::EndTurn));
    assert_eq!(s.free_squire_steps, 0);
}

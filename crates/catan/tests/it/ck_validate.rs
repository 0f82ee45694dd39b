//! Loading Cities & Knights positions: `validate` lists what is inconsistent
//! in the C&K part, and a consistent position survives a JSON round trip.

use crate::ck;

use catan::ProgressHand;
use catan::{CatanCk, Rules};
use catan::{Commodity, Metropolis, ProgressCard, Track};
use ck::*;
use engine::{Game, Seat};

fn problems(s: &State) -> String {
    let p = CatanCk::validate(s).err().unwrap_or_default();
    p.iter().map(ToString::to_string).collect::<Vec<_>>().join(" | ")
}

fn valid() -> State {
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    knight(&mut s, 0, corner(0, 1), 2, true);
    give_c(&mut s, 0, &[(Commodity::Coin, 2)]);
    give_p(&mut s, 1, ProgressCard::Spy);
    done(s)
}

#[test]
fn ck_a_consistent_position_round_trips() {
    let s = valid();
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    assert!(json.contains("\"cities_knights\""));
}

#[test]
fn ck_validate_reports_inconsistent_material() {
    let base = valid();
    let check = |f: &dyn Fn(&mut State), want: &str| {
        let mut s = base.clone();
        f(&mut s);
        let p = problems(&s);
        assert!(p.contains(want), "expected {want:?} in {p:?}");
    };
    check(&|s| cp(s, 0).commodities.0[Commodity::Coin.index()] += 1, "coin");
    check(
        &|s| ckm(s).players[1].progress.add_card(ProgressCard::Spy),
        "progress cards",
    );
    check(
        &|s| {
            ckm(s).decks[Track::Science.index()]
                .top
                .remove_card(ProgressCard::Printer);
            cp(s, 2).progress.add_card(ProgressCard::Printer);
        },
        "revealed when drawn",
    );
    check(
        &|s| ckm(s).players[1].roster.insert(catan::KnightBit::Placed, corner(0, 0)),
        "knight stands on a building",
    );
    check(
        &|s| cp(s, 1).roster.insert(catan::KnightBit::Active, corner(5, 3)),
        "active knights where no knight",
    );
    check(
        &|s| {
            cp(s, 0).walls.insert(corner(0, 1));
        },
        "walls must stand under its cities",
    );
    check(&|s| ckm(s).barbarians = 7, "barbarian ship at step 7");
    check(
        &|s| {
            ckm(s).metropolises[Track::Trade.index()] = Some(Metropolis {
                seat: Seat(0),
                node: corner(0, 0),
            })
        },
        "metropolis",
    );
    // Without its part, a state is read as the base game's type (the
    // registry picks the type by the part) and refused there.
    let mut v = serde_json::to_value(&base).expect("json");
    v.as_object_mut().expect("an object").remove("cities_knights");
    let read: catan::State = serde_json::from_value(v).expect("it parses as a base state");
    let p = catan::Catan::validate(&read).err().unwrap_or_default();
    assert!(
        p.iter()
            .any(|p| p.rule == "ck.state.rules" && p.en.contains("without its `cities_knights` part")),
        "{p:?}"
    );
    check(&|s| s.rules = Rules::Base, "game of other rules");
    check(
        &|s| {
            for k in [corner(5, 3), corner(7, 3), corner(16, 3)] {
                ckm(s).players[0].roster.insert(catan::KnightBit::Placed, k);
            }
        },
        "more than 2 knights of level 1",
    );
}

/// `ck.win.thirteen` for loaded positions: a state that leaves the goal out
/// gets its rule set's (13 here, 10 in a base game).
#[test]
fn ck_a_loaded_state_without_a_goal_gets_thirteen() {
    let s = valid();
    let mut v: serde_json::Value = serde_json::to_value(&s).unwrap();
    v.as_object_mut().unwrap().remove("victory_points");
    let back: State = serde_json::from_value(v).unwrap();
    assert_eq!(back.victory_points, 13);
    let mut v = serde_json::to_value(&back).unwrap();
    v["rules"] = serde_json::json!("base");
    for key in ["victory_points", "cities_knights"] {
        v.as_object_mut().unwrap().remove(key);
    }
    let back: catan::State = serde_json::from_value(v).unwrap();
    assert_eq!(back.victory_points, 10);
}

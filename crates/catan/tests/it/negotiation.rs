//! Negotiation (issue 43): counter-offers, answers as they arrive, taking a
//! counter, revising without cancelling, and every refusal of the bad input
//! the issue names, through the protocol (`DynMatch`, as the referee, the
//! server and MCP call it). One test per rule id, named after it.

use crate::ck;
use crate::common;
use catan::{Catan, Commodity, Resource, State};
use common::{corner, done, give, position, settle};
use engine::{DynMatch, Seat};
use serde_json::{json, Value};
use testkit::scenario::{act_through_protocol, assert_refused_through_protocol, protocol};

fn act(m: &mut dyn DynMatch, seat: u8, action: Value) {
    act_through_protocol(m, Seat(seat), &action);
}

fn refused(m: &mut dyn DynMatch, seat: u8, action: Value, rule: &str) {
    assert_refused_through_protocol(m, Seat(seat), &action, rule);
}

/// Seat 0 holds 4 brick and 1 wool, seat 1 2 ore and 1 grain, seat 2 1 ore.
fn table() -> State {
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    give(&mut s, 0, &[(Resource::Brick, 4), (Resource::Wool, 1)]);
    give(&mut s, 1, &[(Resource::Ore, 2), (Resource::Grain, 1)]);
    give(&mut s, 2, &[(Resource::Ore, 1)]);
    done(s)
}

/// Seat 0 offers 1 brick for 1 ore.
fn offered() -> Box<dyn DynMatch> {
    let mut m = protocol::<Catan>(&table());
    act(m.as_mut(), 0, json!({"type":"open_trade"}));
    act(m.as_mut(), 0, json!({"type":"offer_give","resource":"brick"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"ore"}));
    act(m.as_mut(), 0, json!({"type":"submit_offer"}));
    m
}

fn hand(m: &dyn DynMatch, seat: usize) -> Value {
    m.state()["state"]["players"][seat]["hand"].clone()
}

fn legal(m: &dyn DynMatch, seat: u8) -> Vec<Value> {
    m.legal(Seat(seat)).unwrap_or_default()
}

/// `catan.trade.counter`: a seat asked answers with its own give and get,
/// put together from its own side; the offerer sees it as it arrives (its
/// legal list names it while the other seat has not answered) and takes it.
#[test]
fn catan_trade_counter() {
    let mut m = offered();
    assert!(legal(m.as_ref(), 1).contains(&json!({"type":"counter_offer"})));
    // Cards of a counter-offer need the counter-offer started first.
    refused(
        m.as_mut(),
        1,
        json!({"type":"offer_give","resource":"ore"}),
        "catan.trade.counter",
    );
    act(m.as_mut(), 1, json!({"type":"counter_offer"}));
    refused(m.as_mut(), 1, json!({"type":"counter_offer"}), "catan.trade.counter");
    // Nothing to submit yet: no gifts either way.
    refused(m.as_mut(), 1, json!({"type":"submit_offer"}), "catan.trade.no_gifts");
    act(m.as_mut(), 1, json!({"type":"offer_give","resource":"ore"}));
    // Bad input: a counter-offer with cards the seat does not hold.
    refused(
        m.as_mut(),
        1,
        json!({"type":"offer_give","resource":"lumber"}),
        "catan.pay.insufficient",
    );
    refused(
        m.as_mut(),
        1,
        json!({"type":"offer_get","resource":"ore"}),
        "catan.trade.same_resource",
    );
    act(m.as_mut(), 1, json!({"type":"offer_get","resource":"brick"}));
    act(m.as_mut(), 1, json!({"type":"offer_get","resource":"brick"}));
    // The offerer waits until someone has answered.
    assert!(legal(m.as_ref(), 0).is_empty());
    act(m.as_mut(), 1, json!({"type":"submit_offer"}));
    let events = m.state();
    assert_eq!(
        events["state"]["phase"]["phase"], "trade_replies",
        "seat 2 is still to answer"
    );
    assert_eq!(
        events["state"]["counters"],
        json!([{
            "seat": 1,
            "give": {"brick":2,"grain":0,"lumber":0,"ore":0,"wool":0},
            "get": {"brick":0,"grain":0,"lumber":0,"ore":1,"wool":0}
        }]),
        "the counter, seen from the offerer"
    );
    let offerer = legal(m.as_ref(), 0);
    assert!(
        offerer.contains(&json!({"type":"accept_counter","from":1})),
        "{offerer:?}"
    );
    assert!(offerer.contains(&json!({"type":"revise_offer"})));
    assert!(offerer.contains(&json!({"type":"cancel_trade"})));
    // Seat 2 never answers: it counts as declining once the offerer acts.
    act(m.as_mut(), 0, json!({"type":"accept_counter","from":1}));
    assert_eq!(
        hand(m.as_ref(), 0),
        json!({"brick":2,"grain":0,"lumber":0,"ore":1,"wool":1})
    );
    assert_eq!(
        hand(m.as_ref(), 1),
        json!({"brick":2,"grain":1,"lumber":0,"ore":1,"wool":0})
    );
    assert_eq!(
        hand(m.as_ref(), 2),
        json!({"brick":0,"grain":0,"lumber":0,"ore":1,"wool":0})
    );
    let state = m.state();
    assert_eq!(state["state"]["phase"]["phase"], "main");
    assert!(
        state["state"].get("counters").is_none(),
        "no counter outlives its offer"
    );
    // A late answer to the settled offer.
    refused(m.as_mut(), 2, json!({"type":"accept_offer"}), "catan.trade.no_offer");
}

/// `catan.trade.own_offer`: the offerer neither answers nor counters its own
/// offer, before or after another seat has answered.
#[test]
fn catan_trade_own_offer() {
    let mut m = offered();
    for a in [
        json!({"type":"accept_offer"}),
        json!({"type":"decline_offer"}),
        json!({"type":"counter_offer"}),
    ] {
        refused(m.as_mut(), 0, a, "catan.trade.own_offer");
    }
    act(m.as_mut(), 2, json!({"type":"accept_offer"}));
    refused(m.as_mut(), 0, json!({"type":"accept_offer"}), "catan.trade.own_offer");
    refused(
        m.as_mut(),
        0,
        json!({"type":"offer_give","resource":"brick"}),
        "catan.trade.own_offer",
    );
    // Replies out of turn: seat 2 has answered; settling is the offerer's.
    refused(
        m.as_mut(),
        1,
        json!({"type":"confirm_trade","with":2}),
        "catan.trade.active_player_only",
    );
    refused(
        m.as_mut(),
        1,
        json!({"type":"revise_offer"}),
        "catan.trade.active_player_only",
    );
}

/// `catan.trade.no_counter`: only a counter-offer that stands is taken.
#[test]
fn catan_trade_no_counter() {
    let mut m = offered();
    refused(
        m.as_mut(),
        0,
        json!({"type":"accept_counter","from":1}),
        "catan.trade.no_counter",
    );
    act(m.as_mut(), 1, json!({"type":"counter_offer"}));
    act(m.as_mut(), 1, json!({"type":"offer_give","resource":"grain"}));
    act(m.as_mut(), 1, json!({"type":"offer_get","resource":"wool"}));
    act(m.as_mut(), 2, json!({"type":"accept_offer"}));
    // Seat 1 is still drafting: nothing of it stands yet.
    refused(
        m.as_mut(),
        0,
        json!({"type":"accept_counter","from":1}),
        "catan.trade.no_counter",
    );
    refused(
        m.as_mut(),
        0,
        json!({"type":"accept_counter","from":2}),
        "catan.trade.no_counter",
    );
    // A confirm with a seat that did not accept.
    refused(
        m.as_mut(),
        0,
        json!({"type":"confirm_trade","with":1}),
        "catan.trade.confirm_accepted",
    );
    act(m.as_mut(), 0, json!({"type":"confirm_trade","with":2}));
    assert_eq!(
        hand(m.as_ref(), 2),
        json!({"brick":1,"grain":0,"lumber":0,"ore":0,"wool":0})
    );
    // Seat 1's draft went with the offer.
    refused(
        m.as_mut(),
        1,
        json!({"type":"submit_offer"}),
        "catan.trade.active_player_only",
    );
}

/// `catan.trade.no_offer`: answers, counters and confirmations after the
/// offer was withdrawn are refused, and change nothing.
#[test]
fn catan_trade_no_offer() {
    let mut m = offered();
    act(m.as_mut(), 1, json!({"type":"counter_offer"}));
    act(m.as_mut(), 1, json!({"type":"offer_give","resource":"ore"}));
    act(m.as_mut(), 1, json!({"type":"offer_get","resource":"wool"}));
    act(m.as_mut(), 1, json!({"type":"submit_offer"}));
    act(m.as_mut(), 0, json!({"type":"cancel_trade"}));
    refused(
        m.as_mut(),
        0,
        json!({"type":"accept_counter","from":1}),
        "catan.trade.no_offer",
    );
    refused(m.as_mut(), 2, json!({"type":"accept_offer"}), "catan.trade.no_offer");
    refused(m.as_mut(), 2, json!({"type":"counter_offer"}), "catan.trade.no_offer");
    refused(
        m.as_mut(),
        0,
        json!({"type":"confirm_trade","with":1}),
        "catan.trade.no_offer",
    );
    refused(m.as_mut(), 0, json!({"type":"revise_offer"}), "catan.trade.no_offer");
}

/// Revising: the offerer withdraws its offer and drafts a new one without
/// cancelling; the counters of the old one are gone, and under the house
/// rule the revision counts as a new offer.
#[test]
fn catan_trade_revise_offer() {
    let mut m = offered();
    act(m.as_mut(), 2, json!({"type":"decline_offer"}));
    act(m.as_mut(), 1, json!({"type":"counter_offer"}));
    act(m.as_mut(), 1, json!({"type":"offer_give","resource":"grain"}));
    act(m.as_mut(), 1, json!({"type":"offer_get","resource":"wool"}));
    act(m.as_mut(), 1, json!({"type":"submit_offer"}));
    assert_eq!(m.state()["state"]["phase"]["phase"], "trade_confirm");
    act(m.as_mut(), 0, json!({"type":"revise_offer"}));
    let state = m.state();
    assert_eq!(state["state"]["phase"]["phase"], "trade_draft");
    assert!(state["state"].get("counters").is_none());
    act(m.as_mut(), 0, json!({"type":"offer_give","resource":"wool"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"grain"}));
    act(m.as_mut(), 0, json!({"type":"submit_offer"}));
    act(m.as_mut(), 1, json!({"type":"accept_offer"}));
    act(m.as_mut(), 0, json!({"type":"confirm_trade","with":1}));
    assert_eq!(
        hand(m.as_ref(), 1),
        json!({"brick":0,"grain":0,"lumber":0,"ore":2,"wool":1})
    );

    // The house rule: 2 offers a turn; a revision is the second.
    let mut s = table();
    s.trade_offers_per_turn = Some(2);
    let mut m = protocol::<Catan>(&s);
    act(m.as_mut(), 0, json!({"type":"open_trade"}));
    act(m.as_mut(), 0, json!({"type":"offer_give","resource":"brick"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"ore"}));
    act(m.as_mut(), 0, json!({"type":"submit_offer"}));
    act(m.as_mut(), 1, json!({"type":"accept_offer"}));
    act(m.as_mut(), 0, json!({"type":"revise_offer"}));
    act(m.as_mut(), 0, json!({"type":"offer_give","resource":"brick"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"ore"}));
    act(m.as_mut(), 0, json!({"type":"submit_offer"}));
    act(m.as_mut(), 1, json!({"type":"accept_offer"}));
    assert!(!legal(m.as_ref(), 0).contains(&json!({"type":"revise_offer"})));
    refused(
        m.as_mut(),
        0,
        json!({"type":"revise_offer"}),
        "catan.house.trade_offers_per_turn",
    );
}

/// A stale version is refused and changes nothing, here for an answer.
#[test]
fn a_stale_answer_is_refused() {
    let mut m = offered();
    let v = m.version();
    act(m.as_mut(), 1, json!({"type":"decline_offer"}));
    let (state, version) = (m.state(), m.version());
    let e = m
        .act(Seat(2), &json!({"type":"accept_offer"}), Some(v))
        .expect_err("stale");
    assert_eq!(e.rule, "engine.stale_version", "{e}");
    assert_eq!((m.state(), m.version()), (state, version));
}

/// `catan.state.trade`: a state whose counters are impossible is refused
/// when it loads.
#[test]
fn catan_state_trade_impossible_counters_are_refused_on_load() {
    use engine::Game;
    let m = offered();
    let base = m.state()["state"].clone();
    let refused = |counters: Value, why: &str| {
        let mut j = base.clone();
        j["counters"] = counters;
        // Refused when read, or when checked.
        if let Ok(s) = serde_json::from_value::<State>(j) {
            let problems = Catan::validate(&s).expect_err(why);
            assert!(
                problems.iter().any(|p| p.rule == "catan.state.trade"),
                "{why}: {problems:?}"
            );
        }
    };
    refused(
        json!([{"seat":2,"give":{"brick":1},"get":{"ore":5}}]),
        "a counter of cards not held",
    );
    refused(
        json!([{"seat":0,"give":{"brick":1},"get":{"ore":1}}]),
        "the offerer's own counter",
    );
    refused(
        json!([{"seat":1,"give":{"brick":1},"get":{"ore":1}},{"seat":1,"drafting":true,"give":{},"get":{}}]),
        "a seat named twice",
    );
    refused(
        json!([{"seat":7,"give":{"brick":1},"get":{"ore":1}}]),
        "a seat beyond the table",
    );
    refused(json!([{"seat":1,"give":{},"get":{"ore":1}}]), "a gift");
    refused(
        json!([{"seat":1,"give":{"brick":1},"get":{"ore":1}}]),
        "seat 1 is still to answer",
    );
    // And a possible one loads: seat 1, still to answer, drafts.
    let mut j = base.clone();
    j["counters"] = json!([{"seat":1,"drafting":true,"give":{"brick":1},"get":{"ore":1}}]);
    let s: State = serde_json::from_value(j).expect("a state");
    Catan::validate(&s).expect("a possible counter");
}

/// Cities & Knights: a counter-offer with commodities, taken by the offerer.
#[test]
fn ck_trade_counter_with_commodities() {
    let mut s = ck::position(3);
    ck::city(&mut s, 0, corner(0, 0), corner(0, 1));
    ck::city(&mut s, 1, corner(18, 3), corner(18, 2));
    ck::city(&mut s, 2, corner(16, 3), corner(16, 2));
    ck::give(&mut s, 0, &[(Resource::Brick, 2)]);
    ck::give_c(&mut s, 0, &[(Commodity::Paper, 1)]);
    ck::give_c(&mut s, 1, &[(Commodity::Coin, 2)]);
    let s = ck::done(s);
    let mut m = protocol::<catan::CatanCk>(&s);
    act(m.as_mut(), 0, json!({"type":"open_trade"}));
    act(m.as_mut(), 0, json!({"type":"offer_give","resource":"brick"}));
    act(m.as_mut(), 0, json!({"type":"offer_get_commodity","commodity":"coin"}));
    act(m.as_mut(), 0, json!({"type":"submit_offer"}));
    act(m.as_mut(), 1, json!({"type":"counter_offer"}));
    act(m.as_mut(), 1, json!({"type":"offer_give_commodity","commodity":"coin"}));
    refused(
        m.as_mut(),
        1,
        json!({"type":"offer_give_commodity","commodity":"cloth"}),
        "catan.pay.insufficient",
    );
    act(m.as_mut(), 1, json!({"type":"offer_get","resource":"brick"}));
    act(m.as_mut(), 1, json!({"type":"offer_get_commodity","commodity":"paper"}));
    act(m.as_mut(), 1, json!({"type":"submit_offer"}));
    act(m.as_mut(), 2, json!({"type":"decline_offer"}));
    act(m.as_mut(), 0, json!({"type":"accept_counter","from":1}));
    let state = m.state();
    let ckp = |i: usize| state["state"]["cities_knights"]["players"][i]["commodities"].clone();
    assert_eq!(ckp(0), json!({"cloth":0,"coin":1,"paper":0}));
    assert_eq!(ckp(1), json!({"cloth":0,"coin":1,"paper":1}));
    assert_eq!(state["state"]["players"][1]["hand"]["brick"], 1);
}

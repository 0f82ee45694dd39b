//! Domestic offers of any size through the protocol (`DynMatch`, as the
//! referee and the server call it): base game and Cities & Knights with
//! commodities; the bad input of an offer giving cards not held.

use crate::ck;
use crate::common;
use catan::BaseAction;

use catan::Commodity;
use catan::{Catan, Resource, State};
use common::{corner, done, give, position, settle};
use engine::{DynMatch, Seat};
use serde_json::{json, Value};
use testkit::scenario::{act_through_protocol, assert_refused_through_protocol, protocol};

fn act(m: &mut dyn DynMatch, seat: u8, action: Value) {
    act_through_protocol(m, Seat(seat), &action);
}

/// Seat 0 holds 4 brick and 1 wool, seat 1 2 ore, seat 2 1 ore.
fn trading() -> State {
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    give(&mut s, 0, &[(Resource::Brick, 4), (Resource::Wool, 1)]);
    give(&mut s, 1, &[(Resource::Ore, 2)]);
    give(&mut s, 2, &[(Resource::Ore, 1)]);
    done(s)
}

/// A 4-for-1 offer (refused as `catan.trade.offer_limit` before) and a
/// 1-for-3 one are put together, answered and carried out.
#[test]
fn catan_trade_offer_of_any_size_through_the_protocol() {
    let mut m = protocol::<Catan>(&trading());
    act(m.as_mut(), 0, json!({"type":"open_trade"}));
    for _ in 0..4 {
        act(m.as_mut(), 0, json!({"type":"offer_give","resource":"brick"}));
    }
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"ore"}));
    act(m.as_mut(), 0, json!({"type":"submit_offer"}));
    act(m.as_mut(), 1, json!({"type":"accept_offer"}));
    act(m.as_mut(), 2, json!({"type":"decline_offer"}));
    act(m.as_mut(), 0, json!({"type":"confirm_trade","with":1}));
    let state = m.state();
    let hand = |seat: usize| state["state"]["players"][seat]["hand"].clone();
    assert_eq!(hand(0), json!({"brick":0,"grain":0,"lumber":0,"ore":1,"wool":1}));
    assert_eq!(hand(1), json!({"brick":4,"grain":0,"lumber":0,"ore":1,"wool":0}));

    // 1 wool for the 4 bricks seat 1 holds now, not a fifth.
    act(m.as_mut(), 0, json!({"type":"open_trade"}));
    act(m.as_mut(), 0, json!({"type":"offer_give","resource":"wool"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"brick"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"brick"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"brick"}));
    act(m.as_mut(), 0, json!({"type":"offer_get","resource":"brick"}));
    assert_refused_through_protocol(
        m.as_mut(),
        Seat(0),
        &json!({"type":"offer_get","resource":"brick"}),
        "catan.trade.ask_only_held",
    );
}

/// Bad input: an offer that gives a card the offerer does not hold is
/// refused with the rule id and both sentences, and nothing changes.
#[test]
fn catan_pay_insufficient_for_an_offer_through_the_protocol() {
    let mut m = protocol::<Catan>(&trading());
    act(m.as_mut(), 0, json!({"type":"open_trade"}));
    let e = assert_refused_through_protocol(
        m.as_mut(),
        Seat(0),
        &json!({"type":"offer_give","resource":"ore"}),
        "catan.pay.insufficient",
    );
    assert_eq!(e.kind, "rule");
    assert!(e.message.de.contains("Karten") && e.message.en.contains("cards"), "{e}");
}

/// Cities & Knights: an offer of 4 commodities and a resource for 1
/// commodity (`ck.trade.commodities`), with no size limit.
#[test]
fn ck_trade_commodities_offer_of_any_size_through_the_protocol() {
    let mut s = ck::position(3);
    ck::city(&mut s, 0, corner(0, 0), corner(0, 1));
    ck::city(&mut s, 1, corner(18, 3), corner(18, 2));
    ck::city(&mut s, 2, corner(16, 3), corner(16, 2));
    ck::give(&mut s, 0, &[(Resource::Brick, 1)]);
    ck::give_c(&mut s, 0, &[(Commodity::Paper, 2), (Commodity::Cloth, 2)]);
    ck::give_c(&mut s, 1, &[(Commodity::Coin, 1)]);
    let s = ck::done(s);
    let mut m = protocol::<catan::CatanCk>(&s);
    act(m.as_mut(), 0, json!({"type":"open_trade"}));
    for c in ["paper", "paper", "cloth", "cloth"] {
        act(m.as_mut(), 0, json!({"type":"offer_give_commodity","commodity":c}));
    }
    act(m.as_mut(), 0, json!({"type":"offer_give","resource":"brick"}));
    assert_refused_through_protocol(
        m.as_mut(),
        Seat(0),
        &json!({"type":"offer_give_commodity","commodity":"paper"}),
        "catan.pay.insufficient",
    );
    act(m.as_mut(), 0, json!({"type":"offer_get_commodity","commodity":"coin"}));
    assert_refused_through_protocol(
        m.as_mut(),
        Seat(0),
        &json!({"type":"offer_get_commodity","commodity":"coin"}),
        "catan.trade.ask_only_held",
    );
    act(m.as_mut(), 0, json!({"type":"submit_offer"}));
    act(m.as_mut(), 1, json!({"type":"accept_offer"}));
    act(m.as_mut(), 2, json!({"type":"decline_offer"}));
    act(m.as_mut(), 0, json!({"type":"confirm_trade","with":1}));
    let state = m.state();
    assert_eq!(
        state["state"]["cities_knights"]["players"][1]["commodities"],
        json!({"cloth":2,"coin":0,"paper":2})
    );
}

/// `catan.house.trade_offers_per_turn`: with the house rule a turn opens at
/// most that many offers (cancelled or not); the next turn counts afresh.
/// Without it (the default at a table) offers are unlimited.
#[test]
fn catan_house_trade_offers_per_turn() {
    use catan::{Action, Config};
    use engine::Game;
    use testkit::scenario::{assert_accepted, assert_refused};

    let config: Config = serde_json::from_value(json!({"trade_offers_per_turn": 2})).expect("config");
    assert_eq!(config.trade_offers_per_turn, Some(2));
    assert_eq!(Config::default().trade_offers_per_turn, None);

    let mut s = trading();
    for _ in 0..20 {
        assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
        assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::CancelTrade));
    }

    let mut s = trading();
    s.trade_offers_per_turn = Some(2);
    for _ in 0..2 {
        assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
        assert_accepted::<Catan>(
            &mut s,
            Seat(0),
            &Action::Base(BaseAction::OfferGet {
                resource: Resource::Ore,
            }),
        );
        assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::CancelTrade));
    }
    let r = assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::OpenTrade),
        "catan.house.trade_offers_per_turn",
    );
    let m = engine::RuleError::message(match &r {
        engine::Rejection::Rule(e) => e,
        other => panic!("not a rule refusal: {other:?}"),
    });
    assert!(m.de.contains("Hausregel: 2"), "{}", m.de);
    assert!(m.en.contains("house rule: 2"), "{}", m.en);
    // The limit survives the JSON form of the state; the turn's count with it.
    let back: State = serde_json::from_value(serde_json::to_value(&s).expect("json")).expect("state");
    assert_eq!((back.trade_offers_per_turn, back.trade_offers), (Some(2), 2));
    // The maritime trade and the end of the turn are still there.
    let mut legal = Vec::new();
    Catan::legal_actions(&s, Seat(0), &mut legal);
    assert!(legal.contains(&Action::Base(BaseAction::EndTurn)));
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::EndTurn));
    assert_eq!(s.trade_offers, 0);
    assert_eq!(s.current, Seat(1));
}

//! Each rule set owns its vocabulary (issue 28, item 1): `Action`, `Phase`,
//! `Event` and `Chance` join a base half and a Cities & Knights half, and
//! their JSON names no half. Here, through the protocol: an action of a rule
//! set a game does not play is malformed input that names the rule set and
//! changes nothing; and the refusals of unknown tags read as they did before
//! the split (every tag, in the order of the one enum).

use crate::{ck, common};
use catan::{Action, BasePhase, Catan, Chance, Event, Phase};
use engine::Seat;
use serde_json::json;
use testkit::scenario::{act_through_protocol, assert_refused_through_protocol, protocol};

/// A few of Cities & Knights' actions, ids on the base board.
fn ck_actions() -> [serde_json::Value; 5] {
    [
        json!({"type": "build_knight", "node": 3}),
        json!({"type": "bank_trade", "give": "ore", "get": "paper"}),
        json!({"type": "play_progress", "card": "smith"}),
        json!({"type": "offer_give_commodity", "commodity": "coin"}),
        json!({"type": "end_card"}),
    ]
}

/// A base game refuses every Cities & Knights action of the seat to act as
/// malformed, naming the rule set, in its main phase, at the setup and
/// during a domestic offer (a seat not to act hears "not your turn" from the
/// engine first, for any action, as for ids off the board); a C&K game reads
/// the same JSON as its own action.
#[test]
fn a_base_game_refuses_cities_and_knights_actions_as_malformed() {
    let main = common::done(common::position(3));
    let mut setup = main.clone();
    setup.phase = Phase::Base(BasePhase::Setup {
        step: 0,
        road_from: None,
    });
    setup.players.iter_mut().for_each(|p| *p = Default::default());
    setup.turn = 0;
    let mut drafting = main.clone();
    common::give(&mut drafting, 0, &[(catan::Resource::Ore, 2)]);
    for (what, s) in [
        ("main", main),
        ("setup", common::done(setup)),
        ("draft", common::done(drafting)),
    ] {
        let mut m = protocol::<Catan>(&s);
        if what == "draft" {
            act_through_protocol(m.as_mut(), Seat(0), &json!({"type": "open_trade"}));
        }
        for action in ck_actions() {
            let e = assert_refused_through_protocol(m.as_mut(), Seat(0), &action, "engine.malformed");
            let tag = action["type"].as_str().unwrap_or_default();
            assert!(
                e.message.en.contains(tag) && e.message.en.contains("Cities & Knights"),
                "{what}: {action} -> {}",
                e.message.en
            );
        }
    }
    // The same JSON is a Cities & Knights action there: its own rules
    // refuse or take it (here: no knight may stand on an empty corner
    // without a road; the refusal is a rule's, not malformed input).
    let s = ck::done(ck::position(3));
    let mut m = protocol::<catan::CatanCk>(&s);
    let e = m
        .act(Seat(0), &json!({"type": "build_knight", "node": 3}), None)
        .expect_err("no road there");
    assert_ne!(e.rule, "engine.malformed", "{e}");
}

/// An unknown tag is refused with every tag of both halves, in the order
/// they had in the one enum before the split (pinned: the text a client saw;
/// the negotiation's three actions of issue 43 joined the base half).
#[test]
fn unknown_tags_list_every_tag_as_before() {
    let e = serde_json::from_value::<Action>(json!({"type": "nope"}))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(
            "unknown variant `nope`, expected one of `build_settlement`, `build_road`, `build_city`, `roll`, \
             `discard`, `move_robber`, `buy_development_card`, `play_knight`, `play_road_building`, \
             `play_year_of_plenty`, `play_monopoly`, `maritime_trade`, `open_trade`, `offer_give`, `offer_get`, \
             `offer_give_commodity`, `offer_get_commodity`, `submit_offer`, `accept_offer`, `decline_offer`, \
             `confirm_trade`, `cancel_trade`, `counter_offer`, `accept_counter`, `revise_offer`, `end_turn`, \
             `discard_card`, `bank_trade`, `build_wall`,"
        ),
        "{e}"
    );
    assert!(
        e.ends_with("`give_card`, `take_card`, `take_progress`, `harbor_offer`"),
        "{e}"
    );
    let e = serde_json::from_value::<Phase>(json!({"phase": "zzz"}))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`trade_confirm`, `pillage`,") && e.ends_with("`harbor_reply`, `over`"),
        "{e}"
    );
    let e = serde_json::from_value::<Chance>(json!({"type": "x"}))
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "unknown variant `x`, expected one of `dice`, `steal`, `draw`, `ck_dice`, `event_die`, `steal_commodity`, `progress`"
    );
    let e = serde_json::from_value::<Event>(json!({"type": "qq"}))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`player_two`, `event_die`,") && e.ends_with("`road_removed`, `won`"),
        "{e}"
    );
    // Not an object: the type's name, as serde said it for the one enum.
    let e = serde_json::from_value::<Action>(json!("roll")).unwrap_err().to_string();
    assert_eq!(
        e,
        "invalid type: string \"roll\", expected internally tagged enum Action"
    );
    // A bad field of a Cities & Knights action: that half's own refusal.
    let e = serde_json::from_value::<Action>(json!({"type": "build_knight"}))
        .unwrap_err()
        .to_string();
    assert_eq!(e, "missing field `node`");
}

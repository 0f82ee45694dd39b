//! Every documented Catan Junior rule id that a refusal can carry is one a
//! client receives: random games (plain and pro variant) and hand-made
//! positions probed through `DynMatch` (`testkit::reach`). The ids that name
//! what the game does rather than what it refuses are listed with the reason.

use crate::common;
use catan_junior::{CatanJunior, CocoCard, Config, Good, State, RULE_IDS};
use common::*;
use engine::dynamic::Entry;
use engine::Seat;
use serde_json::{json, Value};
use testkit::reach::{Reach, ReachOptions};

/// Rules the game carries out and never refuses: no action breaks them.
const EFFECTS: &[(&str, &str)] = &[
    (
        "junior.setup.two_player_colours",
        "the set-up of a two-player game (side and colours), not a refusal",
    ),
    (
        "junior.production.klau_blocks",
        "production skips the island Käpt'n Klau stands on; nothing is refused",
    ),
    (
        "junior.production.supply_short",
        "a short supply pays what it has; nothing is refused",
    ),
    (
        "junior.trade.ring_refresh",
        "the ring of goods is refilled by the game itself; nothing is refused",
    ),
    ("junior.win", "the end of the game, not a refusal"),
];

fn json_of(s: &State) -> Value {
    serde_json::to_value(s).expect("a state serialises")
}

#[test]
fn every_junior_rule_id_is_reached_through_the_protocol() {
    let entry = Entry::<CatanJunior>::boxed();
    let mut reach = Reach::new();

    // The Coco deck is empty: every card is in a hand.
    let mut empty = position(2);
    give_cards(&mut empty, 0, CocoCard::MoveKlau, 7);
    give_cards(&mut empty, 1, CocoCard::FreeBuild, 5);
    give_cards(&mut empty, 1, CocoCard::WoodPineapple, 2);
    give_cards(&mut empty, 0, CocoCard::WoolSabre, 2);
    give(
        &mut empty,
        0,
        &[(Good::Pineapple, 1), (Good::Sabre, 1), (Good::Gold, 1)],
    );
    valid(&empty);
    reach.probe_position(
        entry.as_ref(),
        &json_of(&empty),
        &[(Seat(0), json!({"type": "ask_coco"}))],
    );

    // An offer to another player in the plain game.
    let mut plain = position(3);
    give(&mut plain, 0, &[(Good::Wood, 1)]);
    give(&mut plain, 1, &[(Good::Gold, 1)]);
    reach.probe_position(
        entry.as_ref(),
        &json_of(&plain),
        &[(Seat(0), json!({"type": "open_offer", "to": 1}))],
    );

    // The house rule's limit reached (`junior.house.offers_per_turn`).
    let mut capped = position_with(
        Config {
            pro: true,
            offers_per_turn: Some(1),
            ..Config::default()
        },
        3,
    );
    give(&mut capped, 0, &[(Good::Wood, 1)]);
    give(&mut capped, 1, &[(Good::Gold, 1)]);
    capped.offers = 1;
    reach.probe_position(
        entry.as_ref(),
        &json_of(&capped),
        &[(Seat(0), json!({"type": "open_offer", "to": 1}))],
    );

    for pro in [false, true] {
        let config = serde_json::to_value(Config {
            pro,
            ..Config::default()
        })
        .expect("options serialise");
        reach.run(
            entry.as_ref(),
            &ReachOptions {
                config,
                games: 12,
                max_steps: 600,
                ..ReachOptions::default()
            },
        );
    }
    reach.assert_covers("catan-junior", RULE_IDS, EFFECTS, &[]);
}

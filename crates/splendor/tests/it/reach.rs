//! Every documented Splendor rule id is one a client can receive: random games
//! and hand-made positions probed through `DynMatch` (`testkit::reach`).

use crate::common;
use common::*;
use engine::dynamic::Entry;
use engine::Seat;
use serde_json::{json, Value};
use splendor::{Phase, Position, Splendor, RULE_IDS};
use testkit::reach::{Reach, ReachOptions};

fn state_json(pos: Position) -> Value {
    serde_json::to_value(load(pos)).expect("a state serialises")
}

#[test]
fn every_splendor_rule_id_is_reached_through_the_protocol() {
    let entry = Entry::<Splendor>::boxed();
    let mut reach = Reach::new();

    // Nobles: seat 0 chooses between nobles 4 and 9; noble 0 does not
    // qualify, noble 1 visited seat 1, noble 7 is not in the game.
    let mut choosing = base(3);
    nobles(&mut choosing, &[0, 1, 4, 9]);
    bought(&mut choosing, 0, &[0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18]);
    bought(&mut choosing, 1, &[19, 20, 21, 22, 24, 25, 26, 27]);
    visited(&mut choosing, 1, &[1]);
    let mut in_action = choosing.clone();
    choosing.phase = Phase::ChooseNoble;
    let noble = |n: u8| json!({"type": "choose_noble", "noble": n});
    reach.probe_position(
        entry.as_ref(),
        &state_json(choosing),
        &[
            (Seat(0), noble(0)),
            (Seat(0), noble(1)),
            (Seat(0), noble(7)),
            (Seat(0), json!({"type": "pass"})),
        ],
    );
    // The same player in the middle of the turn: no noble is chosen now.
    in_action.phase = Phase::Action;
    reach.probe_position(entry.as_ref(), &state_json(in_action), &[(Seat(0), noble(4))]);

    // Gold is never taken as a gem; the level-3 deck is empty.
    let mut empty_deck = base(2);
    let bought3: Vec<u8> = (70..90).filter(|c| !MARKET[2].contains(c)).collect();
    bought(&mut empty_deck, 1, &bought3);
    reach.probe_position(
        entry.as_ref(),
        &state_json(empty_deck),
        &[
            (Seat(0), json!({"type": "take_two", "gem": "gold"})),
            (
                Seat(0),
                json!({"type": "take_different", "gems": ["white", "blue", "gold"]}),
            ),
            (Seat(0), json!({"type": "reserve_deck", "level": 3})),
        ],
    );

    reach.run(
        entry.as_ref(),
        &ReachOptions {
            games: 12,
            max_steps: 400,
            ..ReachOptions::default()
        },
    );
    reach.assert_covers("splendor", RULE_IDS, &[], &[]);
}

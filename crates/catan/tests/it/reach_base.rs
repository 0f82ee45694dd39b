//! Every documented rule id of the CATAN base game that a refusal can carry is
//! one a client receives: random games and hand-made positions probed through
//! `DynMatch` (`testkit::reach`). The ids that name what the game does rather
//! than what it refuses are listed with the reason.

use crate::common;
use crate::reach;

use catan::RULE_IDS;
use catan::{Config, DevCard, Resource};
use common::*;
use serde_json::json;
use testkit::reach::Reach;

/// Base-game rules the game carries out and never refuses.
const UNREACHABLE: &[(&str, &str)] = &[
    (
        "catan.board.red_numbers_apart",
        "a property of the random board the game draws; a stated layout is taken as stated",
    ),
    (
        "catan.production.robber_blocks",
        "production skips the robber's hex; nothing is refused",
    ),
    (
        "catan.award.largest_army",
        "the award moves by itself; nothing is refused",
    ),
    (
        "catan.award.longest_road",
        "the award moves by itself; nothing is refused",
    ),
    (
        "catan.win.own_turn",
        "the game ends by itself in the winner's turn; nothing is refused",
    ),
];

#[test]
fn every_base_rule_id_is_reached_through_the_protocol() {
    let mut r = Reach::new();
    // Year of Plenty asks for grain the bank no longer holds.
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    dev(&mut s, 0, DevCard::YearOfPlenty, 1);
    give(&mut s, 2, &[(Resource::Grain, 19)]);
    let s = done(s);
    reach::position(
        &mut r,
        &s,
        &[(
            0,
            json!({"type": "play_year_of_plenty", "first": "grain", "second": "ore"}),
        )],
    );
    // A development card bought from an empty deck (random games rarely empty it).
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    give(
        &mut s,
        0,
        &[(Resource::Ore, 1), (Resource::Wool, 1), (Resource::Grain, 1)],
    );
    // Every card of the deck in seat 1's hand, so the cards still add up.
    for k in 0..s.deck.0.len() {
        s.players[1].dev_cards.0[k] += s.deck.0[k];
        s.deck.0[k] = 0;
    }
    let s = done(s);
    reach::position(&mut r, &s, &[(0, json!({"type": "buy_development_card"}))]);
    // The house rule's offers of this turn used up.
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    give(&mut s, 0, &[(Resource::Brick, 1)]);
    let mut s = done(s);
    s.trade_offers_per_turn = Some(1);
    s.trade_offers = 1;
    reach::position(&mut r, &s, &[(0, json!({"type": "open_trade"}))]);
    reach::run(&mut r, Config::default(), 8);
    r.assert_covers("catan base", RULE_IDS, UNREACHABLE, &[]);
}

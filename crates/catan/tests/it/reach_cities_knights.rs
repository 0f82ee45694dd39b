//! Every documented Cities & Knights rule id (`ck.*`) is one a client
//! receives: random games and hand-made positions probed through `DynMatch`
//! (`testkit::reach`), or it is listed with the reason it cannot be.

use crate::ck;
use crate::reach;
use catan::CkAction;

use catan::RULE_IDS;
use catan::{Action, CatanCk, Config, Resource, Shape};
use catan::{Commodity, Metropolis, Track, CK_RULE_IDS};
use ck::*;
use engine::{Game, NoEvents, Seat};
use serde_json::json;
use testkit::reach::Reach;

const UNREACHABLE: &[(&str, &str)] = &[(
    "ck.decide.empty_deck",
    "no valid position has an empty progress deck (18 cards a deck, played cards go back under it, \
     at most 4 in a hand); the refusal is tested on a position built by hand (ck_roll.rs)",
)];

#[test]
fn every_cities_knights_rule_id_is_reached_through_the_protocol() {
    let mut r = Reach::new();

    // No development cards; the robber sleeps and cannot be chased.
    let mut s = position(3);
    let n = corner(9, 0);
    settle(&mut s, 0, corner(4, 0), corner(4, 1));
    road_path(&mut s, 0, &[corner(4, 1), n]);
    knight(&mut s, 0, n, 1, true);
    let s = done(s);
    assert!(Shape::Base.topology().hex_node_set[s.robber.index()].contains(n));
    reach::position(
        &mut r,
        &s,
        &[
            (0, json!({"type": "buy_development_card"})),
            (0, json!({"type": "chase_robber", "knight": n.0})),
        ],
    );

    // Level 4 of trade needs a city without a metropolis.
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    cp(&mut s, 0).levels = [3, 4, 0];
    ckm(&mut s).metropolises[Track::Politics.index()] = Some(Metropolis {
        seat: Seat(0),
        node: corner(0, 0),
    });
    give_c(&mut s, 0, &[(Commodity::Cloth, 4), (Commodity::Coin, 5)]);
    let s = done(s);
    reach::position(
        &mut r,
        &s,
        &[(0, json!({"type": "build_improvement", "track": "trade"}))],
    );

    // Commodities 2:1 with the bank only with the Merchant Guild.
    let mut s = position(3);
    settle(&mut s, 0, corner(9, 0), corner(9, 1));
    give_c(&mut s, 0, &[(Commodity::Paper, 2)]);
    let s = done(s);
    reach::position(
        &mut r,
        &s,
        &[(
            0,
            json!({"type": "bank_trade", "give": "paper", "get": "brick", "rate": 2}),
        )],
    );

    // A metropolis goes on one of the builder's own cities.
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    city(&mut s, 0, corner(16, 3), corner(16, 2));
    city(&mut s, 1, corner(18, 3), corner(18, 2));
    cp(&mut s, 0).levels[Track::Politics.index()] = 3;
    give_c(&mut s, 0, &[(Commodity::Coin, 4)]);
    let mut s = done(s);
    CatanCk::apply(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Politics }),
        &mut NoEvents,
    )
    .expect("the fourth level");
    reach::position(
        &mut r,
        &s,
        &[(0, json!({"type": "place_metropolis", "node": corner(18, 3).0}))],
    );

    // The Aqueduct takes only what the bank holds.
    let mut s = position(3);
    settle(&mut s, 0, corner(4, 0), corner(4, 1));
    cp(&mut s, 1).levels[Track::Science.index()] = 3;
    cp(&mut s, 2).levels[Track::Science.index()] = 3;
    city(&mut s, 2, corner(0, 0), corner(0, 1));
    let mut s = done(s);
    roll(&mut s, 1, 5, catan::EventFace::Ship);
    let ore = s.bank.get(Resource::Ore);
    s.bank.0[Resource::Ore.index()] = 0;
    s.players[0].hand.0[Resource::Ore.index()] += ore;
    reach::position(&mut r, &s, &[(1, json!({"type": "aqueduct_take", "resource": "ore"}))]);

    reach::run(&mut r, Config::cities_knights(), 12);
    r.assert_covers("catan cities_knights", CK_RULE_IDS, UNREACHABLE, RULE_IDS);
}

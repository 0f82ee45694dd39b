//! Cities & Knights scenarios, one per rule id, for building: knights and
//! their actions, walls, city improvements, metropolises, bank trade and the
//! 13-point win.

use crate::ck;
use catan::{BaseAction, BasePhase, CkAction, CkPhase};

use catan::{Action, CatanCk, Harbor, HexId, NodeId, Phase, Resource, Shape};
use catan::{Card, Commodity, Metropolis, Track};
use ck::*;
use engine::{Game, Seat, SeatSet, ToAct, Viewer};
use serde_json::json;
use testkit::scenario::{
    act_through_protocol, assert_accepted, assert_refused, assert_refused_through_protocol, protocol,
};

const WOOL_ORE: [(Resource, u8); 2] = [(Resource::Wool, 1), (Resource::Ore, 1)];

/// Ring node `k` of hex 0.
fn r(k: usize) -> NodeId {
    corner(0, k % 6)
}

/// A neighbour of `node` off the ring of hex 0.
fn off_ring(node: NodeId) -> NodeId {
    let ring = Shape::Base.topology().hex_node_set[0];
    Shape::Base.topology().node_neighbors[node.index()]
        .iter()
        .find(|n| !ring.contains(*n))
        .expect("a node off the ring")
}

/// Seat 0: a settlement on ring node 0 and roads along the ring to node 4.
fn ring() -> State {
    let mut s = position(3);
    settle(&mut s, 0, r(0), r(1));
    road_path(&mut s, 0, &[r(1), r(2), r(3), r(4)]);
    s
}

#[test]
fn ck_knight_place_anywhere_empty_on_own_road_no_distance_rule() {
    let mut s = ring();
    give(&mut s, 0, &[(Resource::Wool, 2), (Resource::Ore, 2)]);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildKnight { node: r(0) }),
        "ck.knight.place",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildKnight { node: r(5) }),
        "ck.knight.place",
    );
    // Next to the settlement: the distance rule does not apply.
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::BuildKnight { node: r(1) }));
    let c = &ck(&s).players[0];
    assert!(
        s.knights(0).contains(r(1)) && !c.active().contains(r(1)),
        "built basic and inactive"
    );
    assert_eq!(s.players[0].hand.total(), 2);
}

#[test]
fn ck_knight_no_piece_left() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, false);
    knight(&mut s, 0, r(2), 1, false);
    give(&mut s, 0, &WOOL_ORE);
    let s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildKnight { node: r(3) }),
        "ck.knight.no_piece_left",
    );
}

#[test]
fn ck_knight_promote_once_per_turn_and_fortress_for_mighty() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    knight(&mut s, 0, r(2), 2, false);
    give(&mut s, 0, &[(Resource::Wool, 3), (Resource::Ore, 3)]);
    let mut s = done(s);
    // `ck.improve.fortress`: strong → mighty needs politics level 3.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PromoteKnight { node: r(2) }),
        "ck.improve.fortress",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PromoteKnight { node: r(1) }));
    assert_eq!(ck(&s).players[0].strength(s.knights(0), r(1)), 2);
    assert!(ck(&s).players[0].active().contains(r(1)), "status stays");
    // `ck.knight.promote`: once per turn per knight.
    cp(&mut s, 0).levels[Track::Politics.index()] = 3;
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PromoteKnight { node: r(1) }),
        "ck.knight.promote",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PromoteKnight { node: r(2) }));
    assert_eq!(ck(&s).players[0].strength(s.knights(0), r(2)), 3);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PromoteKnight { node: r(3) }),
        "ck.knight.promote",
    );
}

#[test]
fn ck_knight_promote_needs_a_piece_of_the_next_level() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, false);
    knight(&mut s, 0, r(2), 2, false);
    knight(&mut s, 0, r(3), 2, false);
    give(&mut s, 0, &WOOL_ORE);
    let s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PromoteKnight { node: r(1) }),
        "ck.knight.no_piece_left",
    );
}

#[test]
fn ck_knight_activate_and_not_this_turn() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, false);
    give(&mut s, 0, &[(Resource::Grain, 2)]);
    let mut s = done(s);
    // `ck.knight.action_needs_active`.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(1), to: r(3) }),
        "ck.knight.action_needs_active",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::ActivateKnight { node: r(1) }));
    assert!(ck(&s).players[0].active().contains(r(1)));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::ActivateKnight { node: r(1) }),
        "ck.knight.activate",
    );
    // `ck.knight.not_this_turn`.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(1), to: r(3) }),
        "ck.knight.not_this_turn",
    );
    // Next turn it may act.
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::EndTurn));
    assert!(ck(&s).players[0].fresh().is_empty());
}

#[test]
fn ck_knight_move_and_one_action() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    give(&mut s, 0, &[(Resource::Grain, 1)]);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(1), to: r(5) }),
        "ck.knight.move",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(1), to: r(4) }),
    );
    let c = &ck(&s).players[0];
    assert!(s.knights(0).contains(r(4)) && !s.knights(0).contains(r(1)));
    assert!(!c.active().contains(r(4)), "acting makes the knight inactive");
    // `ck.knight.one_action`: reactivated, it acts no more this turn.
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::ActivateKnight { node: r(4) }));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(4), to: r(2) }),
        "ck.knight.one_action",
    );
}

#[test]
fn ck_knight_move_path_blocked_by_an_opposing_piece() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    let x = off_ring(r(3));
    settle(&mut s, 1, x, r(3));
    knight(&mut s, 1, r(3), 1, false);
    let s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(1), to: r(4) }),
        "ck.knight.move",
    );
}

/// Seat 0's strong active knight on ring node 1; seat 1's basic knight on
/// ring node 3 with a road to `x` off the ring and a settlement beyond.
fn displace_position(relocatable: bool) -> (State, NodeId) {
    let mut s = ring();
    knight(&mut s, 0, r(1), 2, true);
    let x = off_ring(r(3));
    if relocatable {
        let y = Shape::Base.topology().node_neighbors[x.index()]
            .iter()
            .find(|&n| {
                n != r(3)
                    && Shape::Base.topology().node_neighbors[n.index()]
                        .iter()
                        .all(|m| !s.occupied().contains(m))
            })
            .expect("a settlement spot");
        settle(&mut s, 1, y, x);
        road(&mut s, 1, x, r(3));
    } else {
        settle(&mut s, 1, x, r(3));
    }
    knight(&mut s, 1, r(3), 1, true);
    (done(s), x)
}

/// `ck.knight.strength`: basic 1, strong 2, mighty 3, and the defence sums them.
#[test]
fn ck_knight_strength() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    knight(&mut s, 0, r(2), 2, true);
    knight(&mut s, 0, r(3), 3, false);
    let s = done(s);
    let c = &ck(&s).players[0];
    let k = s.knights(0);
    assert_eq!(
        [c.strength(k, r(1)), c.strength(k, r(2)), c.strength(k, r(3))],
        [1, 2, 3]
    );
    assert_eq!(c.defence(k), 3, "only active knights defend");
}

/// `ck.removed.largest_army`: knights bring no Largest Army.
#[test]
fn ck_removed_largest_army() {
    let mut s = ring();
    for k in 1..4 {
        knight(&mut s, 0, r(k), k as u8, true);
    }
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::EndTurn));
    assert_eq!(s.largest_army, None);
    assert_eq!(s.points(Seat(0)), 1);
}

/// `ck.decide.board`: the base game's boards, random with red numbers apart or the beginner layout.
#[test]
fn ck_decide_board() {
    use engine::rand::SeedableRng;
    for seed in 0..50 {
        let mut rng = engine::GameRng::seed_from_u64(seed);
        let s = CatanCk::new_game(&catan::Config::cities_knights(), 4, &mut rng).unwrap();
        assert!(s.board.red_numbers_apart());
        assert_eq!(s.robber, s.board.desert());
    }
    assert_eq!(*position(3).board, catan::Board::beginner());
}

#[test]
fn ck_knight_displace_and_the_owner_relocates() {
    let (mut s, x) = displace_position(true);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::DisplaceKnight { from: r(1), to: r(3) }),
    );
    assert_eq!(
        s.phase,
        Phase::Ck(CkPhase::Relocate {
            seat: Seat(1),
            from: r(3),
            strength: 1,
            active: true
        })
    );
    assert_eq!(CatanCk::to_act(&s), ToAct::Seats(SeatSet::single(Seat(1))));
    // `ck.decide.forced_choice`: one spot, still a logged choice.
    let mut legal = Vec::new();
    CatanCk::legal_actions(&s, Seat(1), &mut legal);
    assert_eq!(legal, vec![Action::Ck(CkAction::RelocateKnight { node: x })]);
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::RelocateKnight { node: x }));
    assert!(s.knights(1).contains(x));
    assert!(ck(&s).players[1].active().contains(x), "status kept");
    assert!(s.knights(0).contains(r(3)));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_knight_displace_to_the_supply_and_only_weaker() {
    let (mut s, _) = displace_position(false);
    let mut equal = s.clone();
    cp(&mut equal, 1).roster.insert(catan::KnightBit::Strong, r(3));
    assert_refused::<CatanCk>(
        &equal,
        Seat(0),
        &Action::Ck(CkAction::DisplaceKnight { from: r(1), to: r(3) }),
        "ck.knight.displace",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::DisplaceKnight { from: r(1), to: r(3) }),
    );
    // Nowhere to go: back to the supply.
    assert!(s.knights(1).is_empty());
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_knight_chase_robber() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    knight(&mut s, 0, r(2), 1, true);
    ckm(&mut s).robber_awake = true;
    s.robber = HexId(0);
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::ChaseRobber { knight: r(1) }));
    assert!(matches!(s.phase, Phase::Base(BasePhase::MoveRobber { .. })));
    assert!(!ck(&s).players[0].active().contains(r(1)));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: HexId(5),
            victim: None,
        }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    // A knight away from the robber's hex cannot chase it.
    let far = (0..54u8)
        .map(NodeId)
        .find(|n| !Shape::Base.topology().hex_node_set[5].contains(*n) && !s.occupied().contains(*n));
    let far = far.unwrap();
    let mut t = s.clone();
    // Strength 2: a player has only 2 basic knights (a loadable position).
    knight(&mut t, 0, far, 2, true);
    assert_refused::<CatanCk>(
        &t,
        Seat(0),
        &Action::Ck(CkAction::ChaseRobber { knight: far }),
        "ck.knight.chase_robber",
    );
}

#[test]
fn ck_knight_blocks_road_and_settlement() {
    let mut s = ring();
    knight(&mut s, 1, r(4), 1, false);
    knight(&mut s, 0, r(2), 1, false);
    give(
        &mut s,
        0,
        &[
            (Resource::Brick, 2),
            (Resource::Lumber, 2),
            (Resource::Wool, 1),
            (Resource::Grain, 1),
        ],
    );
    let s = done(s);
    // `ck.knight.blocks_road`: no road on through the opposing knight.
    let beyond = catan::Shape::Base.topology().edge_between(r(4), r(5)).unwrap();
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildRoad { edge: beyond }),
        "ck.knight.blocks_road",
    );
    // `ck.knight.blocks_settlement`: not even the owner builds on a knight.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: r(2) }),
        "ck.knight.blocks_settlement",
    );
}

#[test]
fn ck_knight_breaks_road_for_longest_road() {
    let mut s = ring();
    road_path(&mut s, 0, &[r(4), r(5)]);
    let x = off_ring(r(3));
    settle(&mut s, 1, x, r(3));
    give(&mut s, 1, &WOOL_ORE);
    s.longest_road = Some(Seat(0));
    s.current = Seat(1);
    let mut s = done(s);
    assert_eq!(s.players[0].road_length, 5);
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::BuildKnight { node: r(3) }));
    // `ck.knight.breaks_road`.
    assert_eq!(s.players[0].road_length, 3);
    assert_eq!(s.longest_road, None);
}

#[test]
fn ck_build_wall() {
    let mut s = position(3);
    let cities = [corner(0, 0), corner(2, 0), corner(7, 3), corner(16, 3)];
    for c in cities {
        city(
            &mut s,
            0,
            c,
            Shape::Base.topology().node_neighbors[c.index()].iter().next().unwrap(),
        );
    }
    settle(&mut s, 0, corner(18, 3), corner(18, 2));
    give(&mut s, 0, &[(Resource::Brick, 10)]);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildWall { node: corner(18, 3) }),
        "ck.build.wall",
    );
    for c in &cities[..3] {
        assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::BuildWall { node: *c }));
    }
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildWall { node: cities[0] }),
        "ck.build.wall",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildWall { node: cities[3] }),
        "ck.build.wall",
    );
    assert_eq!(s.points(Seat(0)), 9, "walls give no points");
}

#[test]
fn ck_improve_cost_and_needs_city() {
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    give_c(&mut s, 0, &[(Commodity::Cloth, 3)]);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Trade }),
        "ck.improve.needs_city",
    );
    s.players[0].settlements.remove(corner(0, 0));
    s.players[0].cities.insert(corner(0, 0));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Science }),
        "ck.improve.cost",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Trade }),
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Trade }),
    );
    assert_eq!(ck(&s).players[0].levels[Track::Trade.index()], 2);
    assert!(ck(&s).players[0].commodities.is_empty(), "1 + 2 cloth");
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Trade }),
        "ck.improve.cost",
    );
}

fn metro_position() -> State {
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    city(&mut s, 0, corner(16, 3), corner(16, 2));
    city(&mut s, 1, corner(18, 3), corner(18, 2));
    s
}

#[test]
fn ck_metro_first_to_four_and_one_per_city() {
    let mut s = metro_position();
    cp(&mut s, 0).levels[Track::Politics.index()] = 3;
    give_c(&mut s, 0, &[(Commodity::Coin, 4)]);
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Politics }),
    );
    assert_eq!(s.phase, Phase::Ck(CkPhase::PlaceMetropolis { track: Track::Politics }));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlaceMetropolis { node: corner(18, 3) }),
        "ck.metro.one_per_city",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlaceMetropolis { node: corner(0, 0) }),
    );
    assert_eq!(s.points(Seat(0)), 6, "two cities and a metropolis");
    // A second metropolis cannot go on the same city.
    cp(&mut s, 0).levels[Track::Trade.index()] = 4;
    ckm(&mut s).metropolises[Track::Trade.index()] = None;
    s.phase = Phase::Ck(CkPhase::PlaceMetropolis { track: Track::Trade });
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlaceMetropolis { node: corner(0, 0) }),
        "ck.metro.one_per_city",
    );
}

#[test]
fn ck_metro_needs_free_city() {
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    cp(&mut s, 0).levels = [3, 4, 0];
    ckm(&mut s).metropolises[Track::Politics.index()] = Some(Metropolis {
        seat: Seat(0),
        node: corner(0, 0),
    });
    give_c(&mut s, 0, &[(Commodity::Cloth, 4), (Commodity::Coin, 5)]);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Trade }),
        "ck.metro.needs_free_city",
    );
    // The holder of the track's metropolis builds on.
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Politics }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_metro_takeover_at_five_from_a_holder_at_four() {
    let mut s = metro_position();
    cp(&mut s, 1).levels[Track::Science.index()] = 4;
    ckm(&mut s).metropolises[Track::Science.index()] = Some(Metropolis {
        seat: Seat(1),
        node: corner(18, 3),
    });
    cp(&mut s, 0).levels[Track::Science.index()] = 4;
    give_c(&mut s, 0, &[(Commodity::Paper, 5)]);
    let base = done(s);
    let mut s = base.clone();
    assert_eq!(s.points(Seat(1)), 4);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Science }),
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlaceMetropolis { node: corner(16, 3) }),
    );
    assert_eq!(s.points(Seat(1)), 2, "the old city stays a city");
    assert_eq!(s.points(Seat(0)), 6);
    // A holder at level 5 keeps it for good.
    let mut s = base;
    cp(&mut s, 1).levels[Track::Science.index()] = 5;
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BuildImprovement { track: Track::Science }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(ck(&s).metropolises[Track::Science.index()].unwrap().seat, Seat(1));
}

#[test]
fn ck_trade_bank_rates_with_commodities() {
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    give_c(&mut s, 0, &[(Commodity::Coin, 4), (Commodity::Cloth, 2)]);
    give(&mut s, 0, &[(Resource::Brick, 4)]);
    let mut s = done(s);
    // 4:1 for a commodity, and a commodity may be taken.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Cloth,
            get: Card::Ore,
        }),
        "ck.trade.bank",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Coin,
            get: Card::Coin,
        }),
        "ck.trade.bank",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::MaritimeTrade {
            rate: None,
            give: Resource::Brick,
            get: Resource::Ore,
        }),
        "ck.trade.bank",
    );
    // The rate, listed with the trade, confirms the seat's rate (whatever
    // harbor the city stands at): a better one needs a harbor, a worse one
    // is refused.
    let brick = |rate| {
        Action::Ck(CkAction::BankTrade {
            rate: Some(rate),
            give: Card::Brick,
            get: Card::Paper,
        })
    };
    let mut legal = Vec::new();
    CatanCk::legal_actions(&s, Seat(0), &mut legal);
    let rate = legal
        .iter()
        .find_map(|a| match a {
            Action::Ck(CkAction::BankTrade {
                give: Card::Brick,
                get: Card::Paper,
                rate,
            }) => *rate,
            _ => None,
        })
        .expect("brick for paper is listed with its rate");
    assert!((2..=4).contains(&rate), "rate {rate}");
    assert_refused::<CatanCk>(&s, Seat(0), &brick(rate - 1), "catan.trade.harbor_required");
    assert_refused::<CatanCk>(&s, Seat(0), &brick(rate + 1), "catan.trade.rate");
    assert_accepted::<CatanCk>(&mut s, Seat(0), &brick(rate));
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Paper), 1);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Coin,
            get: Card::Grain,
        }),
    );
    // `ck.improve.merchant_guild`: trade level 3 trades commodities 2:1.
    cp(&mut s, 0).levels[Track::Trade.index()] = 3;
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Cloth,
            get: Card::Ore,
        }),
    );
    assert_eq!(s.players[0].hand.get(Resource::Ore), 1);
}

/// `ck.trade.bank` at a 3:1 harbor, and `ck.decide.best_rate`: one action per
/// (given, taken) kind, at the best rate.
#[test]
fn ck_trade_bank_generic_harbor_for_commodities() {
    let mut s = position(3);
    let t = Shape::Base.topology();
    let i = (0..9).find(|&i| s.board.harbors[i].kind == Harbor::Generic).unwrap();
    let [a, b] = t.harbor_nodes(i);
    settle(&mut s, 0, a, b);
    give_c(&mut s, 0, &[(Commodity::Coin, 3)]);
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Coin,
            get: Card::Wool,
        }),
    );
    assert!(ck(&s).players[0].commodities.is_empty());
}

#[test]
fn ck_win_thirteen_in_own_turn() {
    let mut s = position(3);
    for c in [corner(0, 0), corner(2, 0), corner(7, 3)] {
        city(
            &mut s,
            0,
            c,
            Shape::Base.topology().node_neighbors[c.index()].iter().next().unwrap(),
        );
    }
    for c in [corner(16, 3), corner(18, 3), corner(12, 3), corner(14, 0)] {
        settle(
            &mut s,
            0,
            c,
            Shape::Base.topology().node_neighbors[c.index()].iter().next().unwrap(),
        );
    }
    cp(&mut s, 0).defenders = 2;
    ckm(&mut s).defenders_left = 4;
    give(&mut s, 0, &[(Resource::Grain, 2), (Resource::Ore, 3)]);
    let mut s = done(s);
    assert_eq!(s.points(Seat(0)), 12);
    assert_eq!(s.victory_points, 13);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildCity { node: corner(16, 3) }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Over { winner: Seat(0) }));
}

#[test]
fn ck_hidden_information_in_views() {
    let mut s = position(3);
    give_c(&mut s, 1, &[(Commodity::Coin, 2)]);
    give(&mut s, 1, &[(Resource::Ore, 1)]);
    knight(&mut s, 1, corner(0, 0), 2, true);
    road(&mut s, 1, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(0, 2), corner(0, 1));
    let s = done(s);
    let other = CatanCk::view(&s, Viewer::Seat(Seat(0)));
    let own = CatanCk::view(&s, Viewer::Seat(Seat(1)));
    // Only the total of cards of the others, never the kinds.
    assert_eq!(other.players[1].resource_count, 3);
    assert_eq!(other.players[1].hand, None);
    let ckv = other.cities_knights.as_ref().unwrap();
    assert_eq!(ckv.players[1].commodities, None);
    assert_eq!(ckv.players[1].strong.len(), 1, "knights are public");
    assert_eq!(
        own.cities_knights.unwrap().players[1]
            .commodities
            .unwrap()
            .get(Commodity::Coin),
        2
    );
    let json = serde_json::to_string(&other).unwrap();
    assert!(!json.contains("\"coin\":2"), "{json}");
}

#[test]
fn ck_trade_commodities_domestic() {
    let mut s = position(3);
    give_c(&mut s, 0, &[(Commodity::Paper, 1)]);
    give_c(&mut s, 1, &[(Commodity::Coin, 1)]);
    let mut s = done(s);
    // `ck.trade.commodities`: commodities are offered and asked for like resources.
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::OfferGiveCommodity {
            commodity: Commodity::Cloth,
        }),
        "catan.pay.insufficient",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::OfferGiveCommodity {
            commodity: Commodity::Paper,
        }),
    );
    // No card for a card of the same kind.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::OfferGetCommodity {
            commodity: Commodity::Paper,
        }),
        "catan.trade.same_resource",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::SubmitOffer),
        "catan.trade.no_gifts",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::OfferGetCommodity {
            commodity: Commodity::Coin,
        }),
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::SubmitOffer));
    assert_refused::<CatanCk>(
        &s,
        Seat(2),
        &Action::Base(BaseAction::AcceptOffer),
        "catan.pay.insufficient",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Base(BaseAction::AcceptOffer));
    assert_accepted::<CatanCk>(&mut s, Seat(2), &Action::Base(BaseAction::DeclineOffer));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::ConfirmTrade { with: Seat(1) }),
    );
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Coin), 1);
    assert_eq!(ck(&s).players[1].commodities.get(Commodity::Paper), 1);
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

/// `ck.decide.best_rate` in the view: a seat's own view carries its bank rate
/// for every card kind (the same as the trades the engine accepts), the
/// others' views leave it out, so the table shows prices without rules.
#[test]
fn ck_decide_best_rate_own_view_shows_bank_rates() {
    let mut s = position(3);
    cp(&mut s, 0).levels[Track::Trade.index()] = 3;
    let s = done(s);
    let own = CatanCk::view(&s, Viewer::Seat(Seat(0)));
    let rates = own.cities_knights.as_ref().unwrap().players[0]
        .bank_rates
        .expect("own rates");
    assert_eq!(rates, catan::query::card_rates(&s, Seat(0)));
    // Commodities 2:1 by the Merchant Guild, resources 4:1 without a harbor.
    assert_eq!(rates[Card::Cloth as usize], 2);
    assert_eq!(rates[Card::Paper as usize], 2);
    assert_eq!(rates[Card::Brick as usize], 4);
    let other = CatanCk::view(&s, Viewer::Seat(Seat(1)));
    let ck_other = other.cities_knights.as_ref().unwrap();
    assert!(ck_other.players[0].bank_rates.is_none(), "hidden from the others");
    assert!(ck_other.players[1].bank_rates.is_some(), "but the viewer sees its own");
    let json = serde_json::to_value(CatanCk::view(&s, Viewer::Spectator)).unwrap();
    assert!(
        json["cities_knights"]["players"][0].get("bank_rates").is_none(),
        "left out of others' JSON"
    );
}

/// `ck.improve.merchant_guild`: a 2:1 commodity trade with the bank is what
/// the Merchant Guild allows, never a harbor, so without the guild the refusal
/// cites the guild (not `catan.trade.harbor_required`), through the protocol,
/// and nothing changes; a 3:1 named without a harbor still needs the harbor.
/// With trade level 3 the same trade is listed and accepted.
#[test]
fn ck_improve_merchant_guild() {
    let mut s = position(3);
    // A settlement away from every harbor: the seat's rates are 4:1.
    let t = Shape::Base.topology();
    let at_harbor = |n: NodeId| (0..9).any(|i| t.harbor_nodes(i).contains(&n));
    let node = (0..6)
        .map(|k| corner(9, k))
        .find(|&n| !at_harbor(n))
        .expect("an inland corner");
    let towards = t.node_neighbors[node.index()].iter().next().expect("a neighbour");
    settle(&mut s, 0, node, towards);
    give_c(&mut s, 0, &[(Commodity::Cloth, 4)]);
    let mut s = done(s);
    let cloth_for_ore = |rate: u8| json!({"type": "bank_trade", "give": "cloth", "get": "ore", "rate": rate});
    let mut m = protocol::<CatanCk>(&s);
    let e = assert_refused_through_protocol(&mut *m, Seat(0), &cloth_for_ore(2), "ck.improve.merchant_guild");
    assert_eq!(
        e.message.en,
        "Trading commodities 2:1 needs the Merchant Guild (trade level 3); your rate is 4:1."
    );
    assert!(e.message.de.contains("Handelsgilde"), "{}", e.message.de);
    assert_refused_through_protocol(&mut *m, Seat(0), &cloth_for_ore(3), "catan.trade.harbor_required");
    // A resource named 2:1 without a harbor still needs the harbor.
    give(&mut s, 0, &[(Resource::Wool, 2)]);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: Some(2),
            give: Card::Wool,
            get: Card::Ore,
        }),
        "catan.trade.harbor_required",
    );
    cp(&mut s, 0).levels[Track::Trade.index()] = 3;
    let mut m = protocol::<CatanCk>(&s);
    act_through_protocol(&mut *m, Seat(0), &cloth_for_ore(2));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: Some(2),
            give: Card::Cloth,
            get: Card::Ore,
        }),
    );
    assert_eq!(s.players[0].hand.get(Resource::Ore), 1);
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Cloth), 2);
}

//! One scenario per rule id of `rules/catan.md`, each built from a position.
//! Refusals go through `testkit::scenario::assert_refused`, which also checks
//! that the state is untouched and the action is not listed as legal.

use crate::common;
use catan::{BaseAction, BaseChance, BaseEvent, BasePhase};

use catan::{
    Action, BoardChoice, Catan, Chance, Config, DevCard, Dice, Event, HexId, NodeId, Phase, Resource, Resources, Shape,
    State,
};
use common::*;
use engine::rand::SeedableRng;
use engine::{Game, GameRng, NoEvents, Rejection, Seat, SeatSet, ToAct};
use testkit::scenario::{assert_accepted, assert_refused};

fn roll(s: &mut State, red: u8, yellow: u8) {
    let seat = s.current;
    s.phase = Phase::Base(BasePhase::Roll);
    assert_accepted::<Catan>(s, seat, &Action::Base(BaseAction::Roll));
    Catan::apply_chance(s, &Chance::Base(BaseChance::Dice(Dice { red, yellow })), &mut NoEvents).expect("dice");
}

/// Three players with a settlement each, far apart.
fn three() -> State {
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    s
}

#[test]
fn catan_board_red_numbers_apart() {
    for seed in 0..200 {
        let mut rng = GameRng::seed_from_u64(seed);
        let s = Catan::new_game(&Config::default(), 4, &mut rng).expect("config");
        assert!(s.board.red_numbers_apart(), "seed {seed}");
        assert!(s.board.problems().is_empty());
        assert_eq!(s.board.tiles[s.robber.index()].terrain, catan::Terrain::Desert);
    }
    // Seeded: the same seed gives the same board, another seed another one.
    let b = |seed| {
        let mut rng = GameRng::seed_from_u64(seed);
        Catan::new_game(&Config::default(), 3, &mut rng)
            .expect("config")
            .base
            .board
    };
    assert_eq!(b(5), b(5));
    assert_ne!(b(5), b(6));
}

#[test]
fn catan_setup_snake_order_and_second_settlement_resources() {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::default()
    };
    let mut rng = GameRng::seed_from_u64(11);
    let mut s = Catan::new_game(&config, 3, &mut rng).expect("config");
    let start = s.start_player.index();
    let order: Vec<usize> = [0, 1, 2, 2, 1, 0].iter().map(|k| (start + k) % 3).collect();
    let mut legal = Vec::new();
    for (step, &seat) in order.iter().enumerate() {
        assert_eq!(
            Catan::to_act(&s),
            ToAct::Seats(SeatSet::single(Seat(seat as u8))),
            "step {step}"
        );
        Catan::legal_actions(&s, Seat(seat as u8), &mut legal);
        let settlement = legal[legal.len() / 2];
        let Action::Base(BaseAction::BuildSettlement { node }) = settlement else {
            panic!("settlement first")
        };
        let before = s.players[seat].hand;
        assert_accepted::<Catan>(&mut s, Seat(seat as u8), &settlement);
        let mut gained = s.players[seat].hand;
        gained.sub(&before);
        let mut expect = Resources::ZERO;
        if step >= 3 {
            let hexes = Shape::Base.topology().node_hexes[node.index()];
            for h in 0..19 {
                if hexes & (1 << h) != 0 {
                    if let Some(r) = s.board.tiles[h].terrain.resource() {
                        expect.0[r.index()] += 1;
                    }
                }
            }
        }
        assert_eq!(gained, expect, "step {step}: resources only for the second settlement");
        Catan::legal_actions(&s, Seat(seat as u8), &mut legal);
        assert!(legal
            .iter()
            .all(|a| matches!(a, Action::Base(BaseAction::BuildRoad { .. }))));
        assert_accepted::<Catan>(&mut s, Seat(seat as u8), &legal[0]);
    }
    assert_eq!(s.phase, Phase::Base(BasePhase::Roll));
    assert_eq!(s.current, s.start_player);
    assert_eq!(s.turn, 1);
    Catan::validate(&s).expect("consistent");
}

#[test]
fn catan_setup_road_touches_settlement() {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::default()
    };
    let mut rng = GameRng::seed_from_u64(1);
    let mut s = Catan::new_game(&config, 3, &mut rng).expect("config");
    let seat = s.current;
    assert_accepted::<Catan>(
        &mut s,
        seat,
        &Action::Base(BaseAction::BuildSettlement { node: corner(9, 0) }),
    );
    let far = edge(corner(0, 0), corner(0, 1));
    assert_refused::<Catan>(
        &s,
        seat,
        &Action::Base(BaseAction::BuildRoad { edge: far }),
        "catan.setup.road_touches_settlement",
    );
    // The distance rule holds in the setup too, but no road is needed.
    assert_accepted::<Catan>(
        &mut s,
        seat,
        &Action::Base(BaseAction::BuildRoad {
            edge: edge(corner(9, 0), corner(9, 1)),
        }),
    );
    let next = s.current;
    assert_refused::<Catan>(
        &s,
        next,
        &Action::Base(BaseAction::BuildSettlement { node: corner(9, 1) }),
        "catan.build.settlement.distance",
    );
}

#[test]
fn catan_turn_roll_first() {
    let mut s = three();
    dev(&mut s, 0, DevCard::Knight, 1);
    give(&mut s, 0, &[(Resource::Brick, 4), (Resource::Lumber, 1)]);
    let mut s = done(s);
    s.phase = Phase::Base(BasePhase::Roll);
    let road = Action::Base(BaseAction::BuildRoad {
        edge: edge(corner(0, 1), corner(0, 2)),
    });
    assert_refused::<Catan>(&s, Seat(0), &road, "catan.turn.roll_first");
    assert_refused::<Catan>(&s, Seat(0), &Action::Base(BaseAction::EndTurn), "catan.turn.roll_first");
    let trade = Action::Base(BaseAction::MaritimeTrade {
        rate: None,
        give: Resource::Brick,
        get: Resource::Ore,
    });
    assert_refused::<Catan>(&s, Seat(0), &trade, "catan.turn.roll_first");
    // A development card may be played before the roll; the roll is still due after it.
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::PlayKnight));
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: HexId(7),
            victim: None,
        }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Roll));
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::Roll));
    assert_eq!(Catan::to_act(&s), ToAct::Chance);
}

#[test]
fn catan_production_robber_blocks() {
    // Hex 3 (fields, 12): a settlement gets 1 grain, none with the robber there.
    let mut s = three();
    settle(&mut s, 1, corner(3, 0), corner(3, 1));
    let mut s = done(s);
    roll(&mut s, 6, 6);
    assert_eq!(s.players[1].hand, Resources::of(&[(Resource::Grain, 1)]));
    s.robber = HexId(3);
    roll(&mut s, 6, 6);
    assert_eq!(s.players[1].hand, Resources::of(&[(Resource::Grain, 1)]));
}

#[test]
fn catan_production_bank_shortage() {
    // Two claimants on grain, one card in the bank: nobody gets grain.
    let mut s = three();
    settle(&mut s, 0, corner(3, 0), corner(3, 1));
    settle(&mut s, 1, corner(3, 3), corner(3, 4));
    give(&mut s, 2, &[(Resource::Grain, 18)]);
    let mut s = done(s);
    let events = {
        s.phase = Phase::Base(BasePhase::Roll);
        assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::Roll));
        let mut ev = Vec::new();
        Catan::apply_chance(
            &mut s,
            &Chance::Base(BaseChance::Dice(Dice { red: 6, yellow: 6 })),
            &mut ev,
        )
        .expect("dice");
        ev
    };
    assert!(events.contains(&Event::Base(BaseEvent::BankShortage {
        resource: Resource::Grain
    })));
    assert_eq!(s.players[0].hand.get(Resource::Grain), 0);
    assert_eq!(s.players[1].hand.get(Resource::Grain), 0);
    assert_eq!(s.bank.get(Resource::Grain), 1);
    // Only one claimant (a city, 2 cards), one card left: that player gets it.
    let mut s = three();
    city(&mut s, 1, corner(3, 3), corner(3, 4));
    give(&mut s, 2, &[(Resource::Grain, 18)]);
    let mut s = done(s);
    roll(&mut s, 6, 6);
    assert_eq!(s.players[1].hand.get(Resource::Grain), 1);
    assert_eq!(s.bank.get(Resource::Grain), 0);
}

#[test]
fn catan_robber_discard_half() {
    let mut s = three();
    give(&mut s, 0, &[(Resource::Brick, 5), (Resource::Ore, 4)]);
    give(&mut s, 1, &[(Resource::Wool, 8)]);
    give(&mut s, 2, &[(Resource::Grain, 7)]);
    let mut s = done(s);
    roll(&mut s, 3, 4);
    assert_eq!(
        s.phase,
        Phase::Base(BasePhase::Discard {
            owed: [4, 4, 0, 0, 0, 0]
        })
    );
    // Both owe at once.
    assert_eq!(Catan::to_act(&s), ToAct::Seats(SeatSet(0b011)));
    let r = assert_refused::<Catan>(
        &s,
        Seat(1),
        &Action::Base(BaseAction::Discard {
            resource: Resource::Ore,
        }),
        "catan.robber.discard_half",
    );
    assert!(matches!(r, Rejection::Rule(_)));
    assert_refused::<Catan>(
        &s,
        Seat(2),
        &Action::Base(BaseAction::Discard {
            resource: Resource::Grain,
        }),
        "engine.not_your_turn",
    );
    for _ in 0..4 {
        assert_accepted::<Catan>(
            &mut s,
            Seat(1),
            &Action::Base(BaseAction::Discard {
                resource: Resource::Wool,
            }),
        );
    }
    assert_eq!(Catan::to_act(&s), ToAct::Seats(SeatSet::single(Seat(0))));
    for r in [Resource::Brick, Resource::Brick, Resource::Ore, Resource::Brick] {
        assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::Discard { resource: r }));
    }
    assert_eq!(
        s.phase,
        Phase::Base(BasePhase::MoveRobber {
            resume: catan::Resume::Main
        })
    );
    assert_eq!(s.players[0].hand.total(), 5);
    assert_eq!(s.players[1].hand.total(), 4);
    assert_eq!(s.players[2].hand.total(), 7);
}

#[test]
fn catan_robber_must_move() {
    let mut s = done(three());
    s.phase = Phase::Base(BasePhase::MoveRobber {
        resume: catan::Resume::Main,
    });
    let here = s.robber;
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: here,
            victim: None,
        }),
        "catan.robber.must_move",
    );
}

#[test]
fn catan_robber_steal_target() {
    let mut s = three();
    give(&mut s, 1, &[(Resource::Brick, 2), (Resource::Ore, 1)]);
    give(&mut s, 2, &[(Resource::Wool, 1)]);
    let mut s = done(s);
    s.phase = Phase::Base(BasePhase::MoveRobber {
        resume: catan::Resume::Main,
    });
    // Hex 18 holds B's settlement: C cannot be robbed there, nor the thief itself,
    // and a victim must be named.
    for victim in [Some(Seat(2)), Some(Seat(0)), None] {
        assert_refused::<Catan>(
            &s,
            Seat(0),
            &Action::Base(BaseAction::MoveRobber { hex: HexId(18), victim }),
            "catan.robber.steal_target",
        );
    }
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: HexId(18),
            victim: Some(Seat(1)),
        }),
    );
    // The stolen card is a chance outcome weighted by the victim's hand.
    let mut outcomes = Vec::new();
    Catan::chance_outcomes(&s, &mut outcomes);
    assert_eq!(
        outcomes,
        vec![
            (
                Chance::Base(BaseChance::Steal {
                    resource: Resource::Brick
                }),
                2.0 / 3.0
            ),
            (
                Chance::Base(BaseChance::Steal {
                    resource: Resource::Ore
                }),
                1.0 / 3.0
            ),
        ]
    );
    let mut events = Vec::new();
    Catan::apply_chance(
        &mut s,
        &Chance::Base(BaseChance::Steal {
            resource: Resource::Ore,
        }),
        &mut events,
    )
    .expect("steal");
    assert_eq!(s.players[0].hand, Resources::of(&[(Resource::Ore, 1)]));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

fn road_action(a: NodeId, b: NodeId) -> Action {
    Action::Base(BaseAction::BuildRoad { edge: edge(a, b) })
}

#[test]
fn catan_build_road_connected() {
    let mut s = three();
    give(&mut s, 0, &[(Resource::Brick, 1), (Resource::Lumber, 1)]);
    let mut s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &road_action(corner(9, 0), corner(9, 1)),
        "catan.build.road.connected",
    );
    // A taken path is refused under the same rule (the road needs a free path).
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &road_action(corner(0, 0), corner(0, 1)),
        "catan.build.road.connected",
    );
    assert_accepted::<Catan>(&mut s, Seat(0), &road_action(corner(0, 1), corner(0, 2)));
    assert_eq!(s.players[0].hand, Resources::ZERO);
}

#[test]
fn catan_build_road_blocked_by_building() {
    let mut s = three();
    road(&mut s, 0, corner(0, 1), corner(0, 2));
    settle(&mut s, 1, corner(0, 2), corner(0, 3));
    give(&mut s, 0, &[(Resource::Brick, 1), (Resource::Lumber, 1)]);
    let s = done(s);
    let beyond = Shape::Base.topology().node_neighbors[corner(0, 2).index()]
        .iter()
        .find(|&n| n != corner(0, 1) && n != corner(0, 3))
        .expect("third neighbour");
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &road_action(corner(0, 2), beyond),
        "catan.build.road.blocked_by_building",
    );
}

#[test]
fn catan_build_settlement_distance_and_connected() {
    let mut s = three();
    road(&mut s, 0, corner(0, 1), corner(0, 2));
    give(
        &mut s,
        0,
        &[
            (Resource::Brick, 1),
            (Resource::Lumber, 1),
            (Resource::Wool, 1),
            (Resource::Grain, 1),
        ],
    );
    let mut s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: corner(0, 1) }),
        "catan.build.settlement.distance",
    );
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: corner(9, 3) }),
        "catan.build.settlement.connected",
    );
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: corner(0, 2) }),
    );
    assert_eq!(s.public_points(Seat(0)), 2);
}

/// The first `k` edges of rings around hexes 0, 1 and 2: one connected network.
fn long_network(s: &mut State, seat: u8, k: usize) {
    let mut edges = Vec::new();
    for h in [0, 1, 2] {
        // Start each ring at its upper-left corner, which the previous ring touches.
        for i in [5, 0, 1, 2, 3, 4] {
            let e = edge(corner(h, i), corner(h, (i + 1) % 6));
            if !edges.contains(&e) {
                edges.push(e);
            }
        }
    }
    for e in edges.into_iter().take(k) {
        s.players[seat as usize].roads.insert(e);
    }
}

#[test]
fn catan_build_no_piece_left() {
    let mut s = position(3);
    s.players[0].settlements.insert(corner(0, 0));
    long_network(&mut s, 0, 15);
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    give(&mut s, 0, &[(Resource::Brick, 1), (Resource::Lumber, 1)]);
    s.longest_road = Some(Seat(0));
    let s = done(s);
    assert_eq!(s.players[0].roads_left(), 0);
    let free = catan::query::road_spots(&s, Seat(0))
        .iter()
        .next()
        .expect("a free path");
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildRoad { edge: free }),
        "catan.build.no_piece_left",
    );
}

#[test]
fn road_building_places_two_roads_or_fewer_if_the_supply_has_fewer() {
    let mut s = done({
        let mut s = three();
        dev(&mut s, 0, DevCard::RoadBuilding, 1);
        s
    });
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::PlayRoadBuilding));
    assert!(matches!(s.phase, Phase::Base(BasePhase::RoadBuilding { left: 2, .. })));
    assert_accepted::<Catan>(&mut s, Seat(0), &road_action(corner(0, 1), corner(0, 2)));
    assert_accepted::<Catan>(&mut s, Seat(0), &road_action(corner(0, 2), corner(0, 3)));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(s.players[0].roads.len(), 3);
    assert!(s.players[0].hand.is_empty(), "free roads");
    // With one road left in the supply, only one.
    let mut s = position(3);
    s.players[0].settlements.insert(corner(0, 0));
    long_network(&mut s, 0, 14);
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    dev(&mut s, 0, DevCard::RoadBuilding, 1);
    s.longest_road = Some(Seat(0));
    let mut s = done(s);
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::PlayRoadBuilding));
    assert!(matches!(s.phase, Phase::Base(BasePhase::RoadBuilding { left: 1, .. })));
    let free = catan::query::road_spots(&s, Seat(0))
        .iter()
        .next()
        .expect("a free path");
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::BuildRoad { edge: free }));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn catan_build_deck_empty() {
    let mut s = three();
    for card in DevCard::ALL {
        let n = s.deck.get(card);
        dev(&mut s, 2, card, n);
    }
    give(
        &mut s,
        0,
        &[(Resource::Wool, 1), (Resource::Grain, 1), (Resource::Ore, 1)],
    );
    let s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuyDevelopmentCard),
        "catan.build.deck_empty",
    );
}

#[test]
fn catan_pay_insufficient() {
    let s = done(three());
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &road_action(corner(0, 1), corner(0, 2)),
        "catan.pay.insufficient",
    );
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuyDevelopmentCard),
        "catan.pay.insufficient",
    );
}

#[test]
fn catan_trade_active_player_only() {
    let mut s = three();
    give(&mut s, 1, &[(Resource::Brick, 4)]);
    let s = done(s);
    let t = Action::Base(BaseAction::MaritimeTrade {
        rate: None,
        give: Resource::Brick,
        get: Resource::Ore,
    });
    assert_refused::<Catan>(&s, Seat(1), &t, "catan.trade.active_player_only");
    assert_refused::<Catan>(
        &s,
        Seat(1),
        &Action::Base(BaseAction::OpenTrade),
        "catan.trade.active_player_only",
    );
}

/// `catan.trade.rate`: `legal` lists a bank trade with the seat's rate; sent
/// without it the trade is made (and logged) at that rate, with a better rate
/// it needs a harbor, with a worse one it is refused; nothing changes.
#[test]
fn catan_trade_rate() {
    let t = Shape::Base.topology();
    // Beginner harbors: spot 0 generic 3:1.
    let mut s = position(3);
    let [g0, g1] = t.harbor_nodes(0);
    settle(&mut s, 0, g0, g1);
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    give(&mut s, 0, &[(Resource::Brick, 4)]);
    let s = done(s);
    let trade = |rate: Option<u8>| {
        Action::Base(BaseAction::MaritimeTrade {
            give: Resource::Brick,
            get: Resource::Ore,
            rate,
        })
    };
    let mut legal = Vec::new();
    Catan::legal_actions(&s, Seat(0), &mut legal);
    assert!(legal.contains(&trade(Some(3))), "{legal:?}");
    assert_refused::<Catan>(&s, Seat(0), &trade(Some(4)), "catan.trade.rate");
    assert_refused::<Catan>(&s, Seat(0), &trade(Some(2)), "catan.trade.harbor_required");
    let mut m = testkit::scenario::protocol::<Catan>(&s);
    let e = testkit::scenario::assert_refused_through_protocol(
        m.as_mut(),
        Seat(0),
        &serde_json::json!({"type": "maritime_trade", "give": "brick", "get": "ore", "rate": 4}),
        "catan.trade.rate",
    );
    assert!(e.message.de.contains("3:1") && e.message.en.contains("3:1"), "{e}");
    m.act(
        Seat(0),
        &serde_json::json!({"type": "maritime_trade", "give": "brick", "get": "ore"}),
        None,
    )
    .expect("the rate may be left out");
    let logged: serde_json::Value = serde_json::from_str(&m.entries_text(0)[0]).expect("an entry");
    assert_eq!(
        logged["action"],
        serde_json::json!({"type": "maritime_trade", "give": "brick", "get": "ore", "rate": 3})
    );
    assert_eq!(m.state()["state"]["players"][0]["hand"]["brick"], 1);
}

#[test]
fn catan_trade_harbor_required() {
    let t = Shape::Base.topology();
    // Beginner harbors: spot 0 generic 3:1, spot 1 wool 2:1.
    let mut s = position(3);
    let [g0, g1] = t.harbor_nodes(0);
    settle(&mut s, 0, g0, g1);
    let [w0, w1] = t.harbor_nodes(1);
    settle(&mut s, 1, w0, w1);
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    give(&mut s, 0, &[(Resource::Brick, 3)]);
    give(&mut s, 1, &[(Resource::Wool, 2), (Resource::Brick, 3)]);
    let mut s = done(s);
    let brick_for_ore = Action::Base(BaseAction::MaritimeTrade {
        rate: None,
        give: Resource::Brick,
        get: Resource::Ore,
    });
    assert_accepted::<Catan>(&mut s, Seat(0), &brick_for_ore);
    assert_eq!(s.players[0].hand, Resources::of(&[(Resource::Ore, 1)]));
    // B: 2:1 for wool, but 3 brick are not enough at 4:1.
    s.current = Seat(1);
    assert_refused::<Catan>(&s, Seat(1), &brick_for_ore, "catan.trade.harbor_required");
    assert_accepted::<Catan>(
        &mut s,
        Seat(1),
        &Action::Base(BaseAction::MaritimeTrade {
            rate: None,
            give: Resource::Wool,
            get: Resource::Grain,
        }),
    );
    assert_eq!(
        s.players[1].hand,
        Resources::of(&[(Resource::Brick, 3), (Resource::Grain, 1)])
    );
}

fn trading() -> State {
    let mut s = three();
    give(&mut s, 0, &[(Resource::Brick, 4), (Resource::Wool, 1)]);
    give(&mut s, 1, &[(Resource::Ore, 2)]);
    give(&mut s, 2, &[(Resource::Ore, 1)]);
    done(s)
}

#[test]
fn catan_trade_no_gifts() {
    let mut s = trading();
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::OfferGive {
            resource: Resource::Brick,
        }),
    );
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::SubmitOffer),
        "catan.trade.no_gifts",
    );
}

#[test]
fn catan_trade_same_resource() {
    let mut s = trading();
    let same = Action::Base(BaseAction::MaritimeTrade {
        rate: None,
        give: Resource::Brick,
        get: Resource::Brick,
    });
    assert_refused::<Catan>(&s, Seat(0), &same, "catan.trade.same_resource");
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::OfferGive {
            resource: Resource::Brick,
        }),
    );
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::OfferGet {
            resource: Resource::Brick,
        }),
        "catan.trade.same_resource",
    );
}

/// Offers have no size limit: seat 0 gives all 4 bricks and its wool for
/// 1 ore; only cards not held are refused (`catan.pay.insufficient`).
#[test]
fn catan_trade_offer_of_any_size() {
    let mut s = trading();
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
    let brick = Action::Base(BaseAction::OfferGive {
        resource: Resource::Brick,
    });
    for _ in 0..4 {
        assert_accepted::<Catan>(&mut s, Seat(0), &brick);
    }
    assert_refused::<Catan>(&s, Seat(0), &brick, "catan.pay.insufficient");
    let wool = Action::Base(BaseAction::OfferGive {
        resource: Resource::Wool,
    });
    assert_accepted::<Catan>(&mut s, Seat(0), &wool);
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::OfferGet {
            resource: Resource::Ore,
        }),
    );
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::SubmitOffer));
    assert_accepted::<Catan>(&mut s, Seat(1), &Action::Base(BaseAction::AcceptOffer));
    assert_accepted::<Catan>(&mut s, Seat(2), &Action::Base(BaseAction::DeclineOffer));
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::ConfirmTrade { with: Seat(1) }),
    );
    assert_eq!(s.players[0].hand, Resources::of(&[(Resource::Ore, 1)]));
    assert_eq!(
        s.players[1].hand,
        Resources::of(&[(Resource::Brick, 4), (Resource::Wool, 1), (Resource::Ore, 1)])
    );
}

/// An offer asks for any number of cards the other players hold together
/// (3 ore: 2 with seat 1, 1 with seat 2), never more.
#[test]
fn catan_trade_ask_only_held() {
    let mut s = trading();
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
    let ore = Action::Base(BaseAction::OfferGet {
        resource: Resource::Ore,
    });
    for _ in 0..3 {
        assert_accepted::<Catan>(&mut s, Seat(0), &ore);
    }
    assert_refused::<Catan>(&s, Seat(0), &ore, "catan.trade.ask_only_held");
    let grain = Action::Base(BaseAction::OfferGet {
        resource: Resource::Grain,
    });
    assert_refused::<Catan>(&s, Seat(0), &grain, "catan.trade.ask_only_held");
}

#[test]
fn catan_trade_domestic_offer_replies_and_confirmation() {
    let mut s = trading();
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::OfferGive {
            resource: Resource::Brick,
        }),
    );
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::OfferGet {
            resource: Resource::Ore,
        }),
    );
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::SubmitOffer));
    // Every other seat replies, all at once.
    assert_eq!(Catan::to_act(&s), ToAct::Seats(SeatSet(0b110)));
    assert_accepted::<Catan>(&mut s, Seat(2), &Action::Base(BaseAction::DeclineOffer));
    assert_accepted::<Catan>(&mut s, Seat(1), &Action::Base(BaseAction::AcceptOffer));
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::ConfirmTrade { with: Seat(2) }),
        "catan.trade.confirm_accepted",
    );
    let events = assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::ConfirmTrade { with: Seat(1) }),
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Base(BaseEvent::Traded { with: Seat(1), .. }))));
    assert_eq!(
        s.players[0].hand,
        Resources::of(&[(Resource::Brick, 3), (Resource::Wool, 1), (Resource::Ore, 1)])
    );
    assert_eq!(
        s.players[1].hand,
        Resources::of(&[(Resource::Brick, 1), (Resource::Ore, 1)])
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn a_reply_needs_the_cards_asked_for() {
    let mut s = trading();
    for a in [
        Action::Base(BaseAction::OpenTrade),
        Action::Base(BaseAction::OfferGive {
            resource: Resource::Wool,
        }),
        Action::Base(BaseAction::OfferGet {
            resource: Resource::Ore,
        }),
        Action::Base(BaseAction::OfferGet {
            resource: Resource::Ore,
        }),
        Action::Base(BaseAction::SubmitOffer),
    ] {
        assert_accepted::<Catan>(&mut s, Seat(0), &a);
    }
    // C holds only one ore.
    assert_refused::<Catan>(
        &s,
        Seat(2),
        &Action::Base(BaseAction::AcceptOffer),
        "catan.pay.insufficient",
    );
    assert_accepted::<Catan>(&mut s, Seat(2), &Action::Base(BaseAction::DeclineOffer));
    assert_accepted::<Catan>(&mut s, Seat(1), &Action::Base(BaseAction::DeclineOffer));
    // Nobody accepted: the offer lapses.
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn catan_dev_not_this_turn() {
    let mut s = three();
    new_dev(&mut s, 0, DevCard::Monopoly, 1);
    let s = done(s);
    let play = Action::Base(BaseAction::PlayMonopoly {
        resource: Resource::Ore,
    });
    assert_refused::<Catan>(&s, Seat(0), &play, "catan.dev.not_this_turn");
}

#[test]
fn catan_dev_one_per_turn() {
    let mut s = three();
    dev(&mut s, 0, DevCard::Monopoly, 1);
    dev(&mut s, 0, DevCard::YearOfPlenty, 1);
    let mut s = done(s);
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::PlayYearOfPlenty {
            first: Resource::Brick,
            second: Resource::Ore,
        }),
    );
    assert_eq!(
        s.players[0].hand,
        Resources::of(&[(Resource::Brick, 1), (Resource::Ore, 1)])
    );
    let play = Action::Base(BaseAction::PlayMonopoly {
        resource: Resource::Ore,
    });
    assert_refused::<Catan>(&s, Seat(0), &play, "catan.dev.one_per_turn");
}

/// Year of Plenty's two resources are an unordered choice: sent in either
/// order through the protocol, the play is accepted and logged in one form.
#[test]
fn year_of_plenty_reads_its_resources_in_either_order() {
    let mut s = three();
    dev(&mut s, 0, DevCard::YearOfPlenty, 1);
    let s = done(s);
    let mut m = testkit::scenario::protocol::<Catan>(&s);
    m.act(
        Seat(0),
        &serde_json::json!({"type": "play_year_of_plenty", "first": "ore", "second": "brick"}),
        None,
    )
    .expect("either order is the same play");
    let logged: serde_json::Value = serde_json::from_str(&m.entries_text(0)[0]).expect("an entry");
    assert_eq!(
        logged["action"],
        serde_json::json!({"type": "play_year_of_plenty", "first": "brick", "second": "ore"})
    );
    let hand = &m.state()["state"]["players"][0]["hand"];
    assert_eq!(
        hand,
        &serde_json::to_value(Resources::of(&[(Resource::Brick, 1), (Resource::Ore, 1)])).expect("a hand")
    );
}

#[test]
fn catan_dev_no_card() {
    let s = done(three());
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::PlayRoadBuilding),
        "catan.dev.no_card",
    );
}

#[test]
fn monopoly_takes_every_card_of_the_resource() {
    let mut s = three();
    dev(&mut s, 0, DevCard::Monopoly, 1);
    give(&mut s, 1, &[(Resource::Ore, 3), (Resource::Wool, 1)]);
    give(&mut s, 2, &[(Resource::Ore, 2)]);
    let mut s = done(s);
    let events = assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::PlayMonopoly {
            resource: Resource::Ore,
        }),
    );
    assert_eq!(s.players[0].hand, Resources::of(&[(Resource::Ore, 5)]));
    assert_eq!(s.players[1].hand, Resources::of(&[(Resource::Wool, 1)]));
    assert!(events.contains(&Event::Base(BaseEvent::MonopolyPaid {
        from: Seat(1),
        to: Seat(0),
        resource: Resource::Ore,
        count: Some(3)
    })));
}

/// Longest Road positions: C (seat 2) holds it with a road of 6 around the
/// centre hex plus a tail to its settlement; B (seat 1) has a road of `b_len`
/// around hex 0; A (seat 0) has a road leading to the bottom of the centre hex.
fn roads(b_len: usize) -> (State, NodeId) {
    let t = Shape::Base.topology();
    let mut s = position(4);
    // C: settlement above the centre hex, tail to its top corner, then 5 around it.
    let top = corner(9, 0);
    let x = t.node_neighbors[top.index()]
        .iter()
        .find(|&n| !t.hex_node_set[9].contains(n))
        .expect("outward");
    s.players[2].settlements.insert(x);
    road(&mut s, 2, x, top);
    road_path(&mut s, 2, &ring_path(9, 0, 5));
    // A: two roads from below to the bottom corner of the centre hex.
    let bottom = corner(9, 3);
    let y = t.node_neighbors[bottom.index()]
        .iter()
        .find(|&n| !t.hex_node_set[9].contains(n))
        .expect("outward");
    // Towards the right, away from hex 16 where D may build.
    let z = t.node_neighbors[y.index()]
        .iter()
        .filter(|&n| n != bottom)
        .max_by_key(|n| t.node_pos[n.index()].0)
        .expect("z");
    s.players[0].settlements.insert(z);
    road(&mut s, 0, z, y);
    road(&mut s, 0, y, bottom);
    // B: settlement on top of hex 0 and a road around it.
    s.players[1].settlements.insert(corner(0, 0));
    road_path(&mut s, 1, &ring_path(0, 0, b_len));
    // D: far away.
    settle(&mut s, 3, corner(16, 3), corner(16, 2));
    s.longest_road = Some(Seat(2));
    (s, bottom)
}

#[test]
fn catan_award_longest_road_first_to_five_then_strictly_longer() {
    let (mut s, _) = roads(4);
    s.longest_road = None;
    // C's road of 6 would hold it; start from a position where C has only 4.
    s.players[2].roads = catan::EdgeSet::EMPTY;
    road(
        &mut s,
        2,
        Shape::Base.topology().node_neighbors[corner(9, 0).index()]
            .iter()
            .find(|&n| !Shape::Base.topology().hex_node_set[9].contains(n))
            .expect("x"),
        corner(9, 0),
    );
    road_path(&mut s, 2, &ring_path(9, 0, 3));
    give(&mut s, 1, &[(Resource::Brick, 2), (Resource::Lumber, 2)]);
    give(&mut s, 2, &[(Resource::Brick, 2), (Resource::Lumber, 2)]);
    let mut s = done(s);
    assert_eq!(s.players[1].road_length, 4);
    assert_eq!(s.players[2].road_length, 4);
    // B reaches 5 first and takes it.
    s.current = Seat(1);
    let events = assert_accepted::<Catan>(&mut s, Seat(1), &road_action(corner(0, 4), corner(0, 5)));
    assert_eq!(s.longest_road, Some(Seat(1)));
    assert!(events.contains(&Event::Base(BaseEvent::LongestRoad { holder: Some(Seat(1)) })));
    // C ties at 5: B keeps it.
    s.current = Seat(2);
    assert_accepted::<Catan>(&mut s, Seat(2), &road_action(corner(9, 3), corner(9, 4)));
    assert_eq!(s.players[2].road_length, 5);
    assert_eq!(s.longest_road, Some(Seat(1)));
    // C at 6: strictly longer, C takes it.
    assert_accepted::<Catan>(&mut s, Seat(2), &road_action(corner(9, 4), corner(9, 5)));
    assert_eq!(s.longest_road, Some(Seat(2)));
    assert_eq!(s.public_points(Seat(1)), 1);
}

fn break_c(s: &mut State, bottom: NodeId) -> Vec<Event> {
    give(
        s,
        0,
        &[
            (Resource::Brick, 1),
            (Resource::Lumber, 1),
            (Resource::Wool, 1),
            (Resource::Grain, 1),
        ],
    );
    let mut s2 = done(s.clone());
    let events = assert_accepted::<Catan>(
        &mut s2,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: bottom }),
    );
    *s = s2;
    events
}

#[test]
fn catan_award_longest_road_broken_goes_to_the_single_longest() {
    let (mut s, bottom) = roads(5);
    assert_eq!(done(s.clone()).players[2].road_length, 6);
    let events = break_c(&mut s, bottom);
    assert_eq!(s.players[2].road_length, 4);
    assert_eq!(s.longest_road, Some(Seat(1)));
    assert!(events.contains(&Event::Base(BaseEvent::LongestRoad { holder: Some(Seat(1)) })));
}

#[test]
fn catan_award_longest_road_broken_with_a_tie_is_set_aside() {
    let (mut s, bottom) = roads(5);
    // D also has a road of 5 around hex 16.
    s.players[3] = catan::Player::default();
    s.players[3].settlements.insert(corner(16, 0));
    road_path(&mut s, 3, &ring_path(16, 0, 5));
    break_c(&mut s, bottom);
    assert_eq!(s.players[1].road_length, 5);
    assert_eq!(s.players[3].road_length, 5);
    assert_eq!(s.longest_road, None);
    // Nobody at 5 or more after a break: also set aside.
    let (mut s, bottom) = roads(4);
    break_c(&mut s, bottom);
    assert_eq!(s.longest_road, None);
}

#[test]
fn catan_win_own_turn() {
    // B reaches 10 during A's turn (Longest Road comes to B when A breaks C's road);
    // B wins only when B's own turn begins.
    let (mut s, bottom) = roads(5);
    s.players[1].settlements.remove(corner(0, 0));
    s.players[1].cities.insert(corner(0, 0));
    city(&mut s, 1, corner(2, 0), corner(2, 1));
    dev(&mut s, 1, DevCard::VictoryPoint, 4);
    assert_eq!(done(s.clone()).points(Seat(1)), 8);
    break_c(&mut s, bottom);
    assert_eq!(s.points(Seat(1)), 10);
    assert_eq!(s.phase, Phase::Base(BasePhase::Main), "not B's turn: the game goes on");
    let events = assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::EndTurn));
    assert_eq!(s.current, Seat(1));
    assert_eq!(s.phase, Phase::Base(BasePhase::Over { winner: Seat(1) }));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Base(BaseEvent::Won {
            seat: Seat(1),
            points: 10,
            ..
        })
    )));
}

#[test]
fn every_rule_id_is_tested_or_named() {
    // The error enum's ids all come from the rules' list.
    for id in catan::RULE_IDS {
        assert!(id.starts_with("catan."));
    }
    assert_eq!(catan::RULE_IDS.len(), 34);
}

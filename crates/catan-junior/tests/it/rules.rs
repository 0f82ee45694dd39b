//! One scenario per rule id of `docs/rules/catan-junior.md`, each built from a
//! position and naming the rule id it tests.

use crate::common;

use catan_junior::{Action, CatanJunior, CocoCard, Config, Event, Good, Goods, Island, Phase, Side, State, RULE_IDS};
use common::*;
use engine::{Game, GameRng, Seat, Viewer};
use rand::SeedableRng;

#[test]
fn every_rule_id_has_a_scenario_here() {
    let src = include_str!("rules.rs");
    for id in RULE_IDS {
        assert!(src.contains(&format!("\"{id}\"")), "no scenario names {id}");
    }
}

#[test]
fn junior_setup_two_player_colours() {
    // "junior.setup.two_player_colours": two players use the 2-parrot side, red and purple.
    let mut rng = GameRng::seed_from_u64(1);
    let s = CatanJunior::new_game(&Config::default(), 2, &mut rng).unwrap();
    assert_eq!(s.side(), Side::TwoPlayer);
    let view = CatanJunior::view(&s, Viewer::Spectator);
    let colours: Vec<&str> = view.seats.iter().map(|v| v.colour.as_str()).collect();
    assert_eq!(colours, ["red", "purple"]);
    assert!(!colours.contains(&"yellow") && !colours.contains(&"blue"));
    assert_eq!(s.board().islands.len(), 9);
    // Red: lairs 2 and 13; purple: lairs 4 and 15.
    assert_eq!(s.lairs[0], 1 << site(2).0 | 1 << site(13).0);
    assert_eq!(s.lairs[1], 1 << site(4).0 | 1 << site(15).0);
    assert!(CatanJunior::new_game(&Config::default(), 5, &mut rng).is_err());
    assert!(CatanJunior::new_game(&Config::default(), 1, &mut rng).is_err());
}

#[test]
fn junior_turn_roll_first() {
    let mut s = position(3);
    s.phase = Phase::Roll;
    s.roll = 0;
    give(&mut s, 0, &[(Good::Wood, 1), (Good::Wool, 1)]);
    valid(&s);
    assert_eq!(CatanJunior::to_act(&s), engine::ToAct::Chance);
    refused(&s, 0, Action::BuildShip { route: link(5, 6) }, "junior.turn.roll_first");
    refused(&s, 0, Action::EndTurn, "junior.turn.roll_first");
    roll(&mut s, 3);
    act(&mut s, 0, Action::BuildShip { route: link(5, 6) });
}

#[test]
fn junior_production_klau_blocks() {
    // "junior.production.klau_blocks": Klau on B (sabre 1); a 1 pays G and F only.
    let mut s = position(4);
    s.klau = island('B');
    s.phase = Phase::Roll;
    s.roll = 0;
    valid(&s);
    let ev = roll(&mut s, 1);
    assert!(ev.contains(&Event::Blocked { island: island('B') }));
    assert_eq!(s.hands[0], Goods::ZERO, "red's lair 5 touches only blocked B on a 1");
    assert_eq!(
        s.hands[1],
        Goods::ZERO,
        "white/purple's lair 2 touches only blocked B on a 1"
    );
    assert_eq!(s.hands[2], Goods::of(&[(Good::Wool, 1)]));
    assert_eq!(s.hands[3], Goods::of(&[(Good::Wood, 1)]));
}

#[test]
fn junior_production_supply_short() {
    // "junior.production.supply_short": one sabre left, two claimed on a 1 (B).
    let mut s = position(4);
    drain_supply(&mut s, 2, Good::Sabre, 1);
    give(&mut s, 3, &[(Good::Wood, 2)]);
    s.hands[3].0[Good::Sabre.index()] = 0;
    s.phase = Phase::Roll;
    s.roll = 0;
    valid(&s);
    let held = s.hands[2].get(Good::Sabre);
    assert!(held > 0);
    let ev = roll(&mut s, 1);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Shortage { good: Good::Sabre, .. })));
    for p in 0..4 {
        assert_eq!(s.hands[p].get(Good::Sabre), 0, "seat {p} returned all sabres");
    }
    // Other goods of the same roll are paid.
    assert_eq!(s.hands[2].get(Good::Wool), 1);
    assert_eq!(s.hands[3].get(Good::Wood), 3);
    // From the next roll on, sabre is paid again.
    let ev = next_turn(&mut s, 1);
    assert!(!ev.iter().any(|e| matches!(e, Event::Shortage { .. })));
    assert_eq!(s.hands[0].get(Good::Sabre), 1);
    assert_eq!(s.hands[1].get(Good::Sabre), 1);
}

#[test]
fn junior_klau_must_move() {
    let mut s = position(3);
    s.phase = Phase::Roll;
    s.roll = 0;
    let ev = roll(&mut s, 6);
    assert!(ev.iter().all(|e| !matches!(e, Event::Received { .. })));
    assert_eq!(s.phase, Phase::MoveKlau);
    refused(
        &s,
        0,
        Action::MoveKlau { island: Island::CASTLE },
        "junior.klau.must_move",
    );
    refused(&s, 0, Action::EndTurn, "engine.wrong_phase");
    act(&mut s, 0, Action::MoveKlau { island: island('D') });
    assert_eq!(s.hands[0], Goods::of(&[(Good::Gold, 2)]));
    // Later he must move to a different island than the one he stands on.
    s.phase = Phase::MoveKlau;
    valid(&s);
    refused(&s, 0, Action::MoveKlau { island: island('D') }, "junior.klau.must_move");
    refused(&s, 0, Action::MoveKlau { island: Island(12) }, "junior.klau.must_move");
}

#[test]
fn junior_build_cost() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 1), (Good::Wool, 1), (Good::Pineapple, 1)]);
    refused(&s, 0, Action::BuildLair { site: site(4) }, "junior.build.cost");
    give(&mut s, 0, &[(Good::Sabre, 1)]);
    let supply = s.supply;
    act(&mut s, 0, Action::BuildLair { site: site(4) });
    // Paid tiles go back to the supply.
    assert_eq!(s.supply.get(Good::Wood), supply.get(Good::Wood) + 1);
    assert_eq!(s.supply.get(Good::Sabre), supply.get(Good::Sabre) + 1);
    assert_eq!(s.hands[0], Goods::ZERO);
}

#[test]
fn junior_build_ship_adjacent_lair() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 2), (Good::Wool, 2)]);
    // Route 3-4 touches red's ship 4-5 at site 4 but no red lair.
    refused(
        &s,
        0,
        Action::BuildShip { route: link(3, 4) },
        "junior.build.ship.adjacent_lair",
    );
    act(&mut s, 0, Action::BuildShip { route: link(5, 6) });
}

#[test]
fn junior_build_lair_adjacent_ship() {
    let mut s = position(4);
    give(
        &mut s,
        0,
        &[(Good::Wood, 1), (Good::Wool, 1), (Good::Pineapple, 1), (Good::Sabre, 1)],
    );
    // Site 6 is next to red's lair 5 but at no red ship.
    refused(
        &s,
        0,
        Action::BuildLair { site: site(6) },
        "junior.build.lair.adjacent_ship",
    );
    act(&mut s, 0, Action::BuildLair { site: site(16) });
}

#[test]
fn junior_build_occupied() {
    let mut s = position(4);
    // Red: lair 4 at its ship 4-5. Seat 1: lair 3 at its ship 2-3, ship 3-4.
    put_lair(&mut s, 0, 4);
    put_lair(&mut s, 1, 3);
    put_ship(&mut s, 1, 3, 4);
    valid(&s);
    give(
        &mut s,
        0,
        &[(Good::Wood, 2), (Good::Wool, 2), (Good::Pineapple, 1), (Good::Sabre, 1)],
    );
    refused(&s, 0, Action::BuildLair { site: site(3) }, "junior.build.occupied");
    refused(&s, 0, Action::BuildShip { route: link(3, 4) }, "junior.build.occupied");
    act(&mut s, 0, Action::BuildShip { route: link(4, 27) });
}

#[test]
fn junior_build_no_piece_left() {
    let mut s = position(4);
    // Red has used all 7 ships.
    for (a, b) in [(5, 6), (6, 7), (14, 15), (13, 14), (12, 13)] {
        put_ship(&mut s, 0, a, b);
    }
    for n in [6, 7, 14, 13] {
        put_lair(&mut s, 0, n);
    }
    valid(&s);
    give(&mut s, 0, &[(Good::Wood, 1), (Good::Wool, 1)]);
    refused(
        &s,
        0,
        Action::BuildShip { route: link(7, 8) },
        "junior.build.no_piece_left",
    );
}

#[test]
fn junior_build_no_such_place() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 1), (Good::Wool, 1)]);
    refused(
        &s,
        0,
        Action::BuildShip { route: link(5, 15) },
        "junior.build.no_such_place",
    );
    refused(
        &s,
        0,
        Action::BuildLair { site: site(40) },
        "junior.build.no_such_place",
    );
}

#[test]
fn junior_coco_cost() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Pineapple, 1), (Good::Sabre, 1)]);
    refused(&s, 0, Action::AskCoco, "junior.coco.cost");
    give(&mut s, 0, &[(Good::Gold, 1)]);
    act(&mut s, 0, Action::AskCoco);
    assert_eq!(s.phase, Phase::DrawCoco);
    assert_eq!(s.hands[0], Goods::ZERO, "Coco costs 1 pineapple, 1 sabre, 1 gold");
}

#[test]
fn junior_coco_deck_empty() {
    let mut s = position(2);
    give_cards(&mut s, 0, CocoCard::MoveKlau, 7);
    give_cards(&mut s, 1, CocoCard::FreeBuild, 5);
    give_cards(&mut s, 1, CocoCard::WoodPineapple, 2);
    give_cards(&mut s, 0, CocoCard::WoolSabre, 2);
    // Red holds the castle site with 9 cards to 7: red has 3 lairs on the board.
    valid(&s);
    assert_eq!(s.deck_size(), 0);
    give(&mut s, 0, &[(Good::Pineapple, 1), (Good::Sabre, 1), (Good::Gold, 1)]);
    refused(&s, 0, Action::AskCoco, "junior.coco.deck_empty");
}

#[test]
fn junior_coco_castle() {
    let mut s = position(3);
    // Nobody builds on the castle site.
    give(
        &mut s,
        0,
        &[(Good::Wood, 1), (Good::Wool, 1), (Good::Pineapple, 1), (Good::Sabre, 1)],
    );
    refused(&s, 0, Action::BuildLair { site: site(33) }, "junior.coco.castle");
    // The first card puts the captain's lair there.
    let ev = ask_coco(&mut s, CocoCard::WoodPineapple);
    assert!(ev.contains(&Event::Castle {
        holder: Some(Seat(0)),
        returned_to: None
    }));
    assert_eq!(s.castle_holder(), Some(0));
    // Seat 1 ties: the lair goes back, the site stays empty.
    next_turn(&mut s, 2);
    let ev = ask_coco(&mut s, CocoCard::WoolSabre);
    assert!(ev.contains(&Event::Castle {
        holder: None,
        returned_to: Some(Seat(0))
    }));
    assert_eq!(s.castle_holder(), None);
    // Seat 1 alone leads: its lair goes there.
    let ev = ask_coco(&mut s, CocoCard::WoodPineapple);
    assert!(ev.contains(&Event::Castle {
        holder: Some(Seat(1)),
        returned_to: None
    }));
    assert_eq!(s.castle_holder(), Some(1));
    assert_eq!(s.lairs_on_board(1), 3);
}

#[test]
fn junior_trade_ring_once_per_turn() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 2)]);
    act(
        &mut s,
        0,
        Action::TradeRing {
            take: Good::Gold,
            give: Good::Wood,
        },
    );
    assert_eq!(s.hands[0], Goods::of(&[(Good::Wood, 1), (Good::Gold, 1)]));
    assert_eq!(s.rings, Goods::new([2, 1, 1, 1, 0]));
    refused(
        &s,
        0,
        Action::TradeRing {
            take: Good::Wool,
            give: Good::Wood,
        },
        "junior.trade.ring_once_per_turn",
    );
    // The next captain may trade again.
    next_turn(&mut s, 5);
    give(&mut s, 1, &[(Good::Sabre, 1)]);
    act(
        &mut s,
        1,
        Action::TradeRing {
            take: Good::Wool,
            give: Good::Sabre,
        },
    );
}

#[test]
fn junior_trade_ring_lacks_good() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 1)]);
    act(
        &mut s,
        0,
        Action::TradeRing {
            take: Good::Gold,
            give: Good::Wood,
        },
    );
    next_turn(&mut s, 5);
    give(&mut s, 1, &[(Good::Wood, 1)]);
    refused(
        &s,
        1,
        Action::TradeRing {
            take: Good::Gold,
            give: Good::Wood,
        },
        "junior.trade.ring_lacks_good",
    );
}

#[test]
fn junior_trade_not_owned() {
    let s = position(4);
    refused(
        &s,
        0,
        Action::TradeRing {
            take: Good::Gold,
            give: Good::Wood,
        },
        "junior.trade.not_owned",
    );
}

#[test]
fn junior_trade_same_good() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 2)]);
    refused(
        &s,
        0,
        Action::TradeRing {
            take: Good::Wood,
            give: Good::Wood,
        },
        "junior.trade.same_good",
    );
    refused(
        &s,
        0,
        Action::TradeSupply {
            give: Good::Wood,
            take: Good::Wood,
        },
        "junior.trade.same_good",
    );
}

#[test]
fn junior_trade_supply_two_for_one() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 1), (Good::Wool, 4)]);
    refused(
        &s,
        0,
        Action::TradeSupply {
            give: Good::Wood,
            take: Good::Gold,
        },
        "junior.trade.supply_two_for_one",
    );
    // Several times a turn.
    act(
        &mut s,
        0,
        Action::TradeSupply {
            give: Good::Wool,
            take: Good::Gold,
        },
    );
    act(
        &mut s,
        0,
        Action::TradeSupply {
            give: Good::Wool,
            take: Good::Sabre,
        },
    );
    assert_eq!(
        s.hands[0],
        Goods::of(&[(Good::Wood, 1), (Good::Gold, 1), (Good::Sabre, 1)])
    );
}

#[test]
fn junior_trade_supply_empty() {
    let mut s = position(4);
    drain_supply(&mut s, 1, Good::Gold, 0);
    give(&mut s, 0, &[(Good::Wood, 2)]);
    valid(&s);
    refused(
        &s,
        0,
        Action::TradeSupply {
            give: Good::Wood,
            take: Good::Gold,
        },
        "junior.trade.supply_empty",
    );
}

#[test]
fn junior_trade_ring_refresh() {
    // "junior.trade.ring_refresh": five equal rings go back and are refilled one of each.
    let mut s = position(4);
    // Four rings hold wood, one holds gold.
    s.rings = Goods::new([4, 0, 0, 0, 1]);
    s.supply.0 = [
        s.supply.0[0] - 3,
        s.supply.0[1] + 1,
        s.supply.0[2] + 1,
        s.supply.0[3] + 1,
        s.supply.0[4],
    ];
    valid(&s);
    give(&mut s, 0, &[(Good::Wood, 1)]);
    let wood = s.supply.get(Good::Wood);
    let ev = act(
        &mut s,
        0,
        Action::TradeRing {
            take: Good::Gold,
            give: Good::Wood,
        },
    );
    assert!(ev.contains(&Event::RingsRefreshed { good: Good::Wood }));
    assert_eq!(s.rings, Goods::new([1; 5]));
    assert_eq!(s.supply.get(Good::Wood), wood + 5 - 1);
}

fn pro_position() -> catan_junior::State {
    let mut s = position_with(
        Config {
            pro: true,
            ..Config::default()
        },
        3,
    );
    give(&mut s, 0, &[(Good::Wood, 2)]);
    give(&mut s, 1, &[(Good::Gold, 1)]);
    s
}

/// Opens an offer to `to` and adds tiles one at a time.
fn draft(s: &mut State, to: u8, give: &[Good], get: &[Good]) {
    act(s, 0, Action::OpenOffer { to: Seat(to) });
    for &good in give {
        act(s, 0, Action::OfferGive { good });
    }
    for &good in get {
        act(s, 0, Action::OfferGet { good });
    }
}

#[test]
fn junior_trade_pro_variant() {
    let mut s = position(3);
    give(&mut s, 0, &[(Good::Wood, 1)]);
    give(&mut s, 1, &[(Good::Gold, 1)]);
    refused(&s, 0, Action::OpenOffer { to: Seat(1) }, "junior.trade.pro.variant");
}

#[test]
fn junior_trade_pro_partner() {
    let s = pro_position();
    refused(&s, 0, Action::OpenOffer { to: Seat(0) }, "junior.trade.pro.partner");
    refused(&s, 0, Action::OpenOffer { to: Seat(3) }, "junior.trade.pro.partner");
}

#[test]
fn junior_trade_pro_no_gifts() {
    let mut s = pro_position();
    draft(&mut s, 1, &[Good::Wood], &[]);
    refused(&s, 0, Action::SubmitOffer, "junior.trade.pro.no_gifts");
    act(&mut s, 0, Action::CancelOffer);
    draft(&mut s, 1, &[], &[Good::Gold]);
    refused(&s, 0, Action::SubmitOffer, "junior.trade.pro.no_gifts");
}

/// No good on both sides of an offer (`junior.trade.same_good`).
#[test]
fn junior_trade_pro_same_good() {
    let mut s = pro_position();
    give(&mut s, 1, &[(Good::Wood, 1)]);
    draft(&mut s, 1, &[Good::Wood], &[]);
    refused(&s, 0, Action::OfferGet { good: Good::Wood }, "junior.trade.same_good");
}

#[test]
fn junior_trade_pro_captain_lacks() {
    let mut s = pro_position();
    draft(&mut s, 1, &[Good::Wood, Good::Wood], &[]);
    refused(
        &s,
        0,
        Action::OfferGive { good: Good::Wood },
        "junior.trade.pro.captain_lacks",
    );
    refused(
        &s,
        0,
        Action::OfferGive { good: Good::Wool },
        "junior.trade.pro.captain_lacks",
    );
    // Nothing to offer at all: no offer is opened.
    let mut t = pro_position();
    t.hands[0] = Goods::ZERO;
    t.supply.add(&Goods::of(&[(Good::Wood, 2)]));
    refused(
        &t,
        0,
        Action::OpenOffer { to: Seat(1) },
        "junior.trade.pro.captain_lacks",
    );
}

#[test]
fn junior_trade_pro_partner_lacks() {
    let mut s = pro_position();
    refused(
        &s,
        0,
        Action::OpenOffer { to: Seat(2) },
        "junior.trade.pro.partner_lacks",
    );
    draft(&mut s, 1, &[Good::Wood], &[Good::Gold]);
    refused(
        &s,
        0,
        Action::OfferGet { good: Good::Gold },
        "junior.trade.pro.partner_lacks",
    );
}

/// "einzelne oder mehrere Plättchen": an offer of any size, here 3 tiles for 1
/// (refused as malformed before offers were built tile by tile).
#[test]
fn junior_trade_pro_offer_of_any_size() {
    let mut s = pro_position();
    give(&mut s, 0, &[(Good::Wool, 1)]);
    draft(&mut s, 1, &[Good::Wood, Good::Wood, Good::Wool], &[Good::Gold]);
    act(&mut s, 0, Action::SubmitOffer);
    assert_eq!(
        CatanJunior::to_act(&s),
        engine::ToAct::Seats(engine::SeatSet::single(Seat(1)))
    );
    act(&mut s, 1, Action::Accept);
    assert_eq!(s.hands[0], Goods::of(&[(Good::Gold, 1)]));
    assert_eq!(s.hands[1], Goods::of(&[(Good::Wood, 2), (Good::Wool, 1)]));
    assert_eq!(s.phase, Phase::Main);
}

#[test]
fn junior_win() {
    // "junior.win": all 7 lairs on the board win at once.
    // Red has 6 lairs; the 7th wins at once.
    let mut s = position(4);
    for (a, b) in [(5, 6), (6, 7), (14, 15), (13, 14)] {
        put_ship(&mut s, 0, a, b);
    }
    for n in [6, 7, 14, 13] {
        put_lair(&mut s, 0, n);
    }
    valid(&s);
    give(
        &mut s,
        0,
        &[(Good::Wood, 1), (Good::Wool, 1), (Good::Pineapple, 1), (Good::Sabre, 1)],
    );
    let ev = act(&mut s, 0, Action::BuildLair { site: site(16) });
    assert!(ev.contains(&Event::Won { seat: Seat(0) }));
    assert_eq!(s.phase, Phase::Over { winner: Seat(0) });
    assert_eq!(CatanJunior::to_act(&s), engine::ToAct::Over);
    let result = CatanJunior::result(&s).unwrap();
    assert_eq!(result.winners, vec![Seat(0)]);
    assert_eq!(result.scores[0], 7);
    refused(&s, 1, Action::EndTurn, "engine.game_over");
}

#[test]
fn junior_production_supply_short_also_governs_klau_and_coco_payouts() {
    // "junior.production.supply_short": the seed's sentence is general, so Käpt'n
    // Klau's 2 tiles and a Coco card's tiles fall under it too.
    let mut s = position(3);
    drain_supply(&mut s, 1, Good::Gold, 1);
    s.phase = Phase::MoveKlau;
    s.roll = 6;
    valid(&s);
    let ev = act(&mut s, 0, Action::MoveKlau { island: island('D') });
    assert!(ev.iter().any(|e| matches!(e, Event::Shortage { good: Good::Gold, .. })));
    assert_eq!(s.hands[0].get(Good::Gold), 0);
    assert_eq!(s.hands[1].get(Good::Gold), 0, "everyone returned their gold");
    // A goods card: wood is short, pineapple is paid.
    let mut t = position(3);
    drain_supply(&mut t, 2, Good::Wood, 1);
    valid(&t);
    let ev = ask_coco(&mut t, CocoCard::WoodPineapple);
    assert!(ev.iter().any(|e| matches!(e, Event::Shortage { good: Good::Wood, .. })));
    assert_eq!(t.hands[0], Goods::of(&[(Good::Pineapple, 2)]));
    assert_eq!(t.hands[2].get(Good::Wood), 0);
}

/// `"junior.house.offers_per_turn"`: with the house rule the captain opens at
/// most that many offers to other players per turn (cancelled or answered);
/// the next turn counts afresh. Without it (the default at a table) offers are
/// unlimited, as the rules say.
#[test]
fn junior_house_offers_per_turn() {
    let config: Config =
        serde_json::from_value(serde_json::json!({"pro": true, "offers_per_turn": 2})).expect("config");
    assert_eq!(config.offers_per_turn, Some(2));
    assert_eq!(Config::default().offers_per_turn, None);

    let mut s = pro_position();
    for _ in 0..20 {
        act(&mut s, 0, Action::OpenOffer { to: Seat(1) });
        act(&mut s, 0, Action::CancelOffer);
    }

    let mut s = pro_position();
    s.offers_per_turn = Some(2);
    draft(&mut s, 1, &[Good::Wood], &[]);
    act(&mut s, 0, Action::CancelOffer);
    draft(&mut s, 1, &[Good::Wood], &[Good::Gold]);
    act(&mut s, 0, Action::SubmitOffer);
    act(&mut s, 1, Action::Decline);
    refused(&s, 0, Action::OpenOffer { to: Seat(1) }, "junior.house.offers_per_turn");
    refused(&s, 0, Action::OpenOffer { to: Seat(2) }, "junior.house.offers_per_turn");
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&s, Seat(0), &mut legal);
    assert!(
        !legal.iter().any(|a| matches!(a, Action::OpenOffer { .. })),
        "{legal:?}"
    );
    assert!(legal.contains(&Action::EndTurn));
    // The limit and the turn's count survive the JSON form of the state.
    let back: State = serde_json::from_value(serde_json::to_value(&s).expect("json")).expect("state");
    assert_eq!((back.offers_per_turn, back.offers), (Some(2), 2));
    // The refusal says which limit, in both languages.
    let err = catan_junior::JuniorError::OffersPerTurn { limit: 2 };
    let m = engine::RuleError::message(&err);
    assert!(m.de.contains("höchstens 2"), "{}", m.de);
    assert!(m.en.contains("at most 2"), "{}", m.en);
    // A new turn counts from 0.
    act(&mut s, 0, Action::EndTurn);
    assert_eq!(s.offers, 0);
}

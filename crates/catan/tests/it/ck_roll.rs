//! Cities & Knights scenarios, one per rule id, for the material, the setup
//! and everything a roll does: event die, barbarians, progress draws,
//! production with commodities, the 7 and Aqueduct.

use crate::ck;
use catan::{BaseAction, BaseEvent, BasePhase, CkAction, CkChance, CkEvent, CkPhase};

use catan::ProgressHand;
use catan::{Action, BoardChoice, CatanCk, Chance, Config, Event, NodeId, Phase, Resource, Rules, Shape};
use catan::{Card, Commodity, EventFace, ProgressCard, Step, Track};
use ck::*;
use engine::rand::SeedableRng;
use engine::{Game, GameRng, Seat, SeatSet, ToAct, Viewer};
use testkit::scenario::{assert_accepted, assert_refused, assert_refused_off_protocol};

/// A corner of `hex` that touches none of the hexes in `not`.
fn corner_only(hex: usize, not: &[usize]) -> NodeId {
    (0..6)
        .map(|k| corner(hex, k))
        .find(|n| {
            not.iter()
                .all(|&h| Shape::Base.topology().node_hexes[n.index()] & (1 << h) == 0)
        })
        .expect("a corner away from the others")
}

/// A neighbour of `node` (for the road every building needs).
fn next_to(node: NodeId) -> NodeId {
    Shape::Base.topology().node_neighbors[node.index()]
        .iter()
        .next()
        .expect("a neighbour")
}

#[test]
fn ck_config_goal_is_thirteen_and_base_json_stays() {
    // `ck.win.thirteen`: a C&K config without a goal gets 13, the base game 10.
    let c: Config = serde_json::from_str(r#"{"rules":"cities_knights"}"#).unwrap();
    assert_eq!((c.rules, c.victory_points), (Rules::CitiesKnights, 13));
    let b: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(b.victory_points, 10);
    let own: Config = serde_json::from_str(r#"{"rules":"cities_knights","victory_points":15}"#).unwrap();
    assert_eq!(own.victory_points, 15);
    assert_eq!(
        serde_json::to_string(&Config::default()).unwrap(),
        r#"{"rules":"base","board":{"kind":"random"},"victory_points":10,"two_players":false}"#
    );
    // A base state carries no C&K fields in JSON.
    let mut rng = GameRng::seed_from_u64(1);
    let s = catan::Catan::new_game(&Config::default(), 4, &mut rng).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    assert!(!json.contains("cities_knights") && !json.contains("knights"), "{json}");
    // `ck.setup.players`: 3 or 4 players.
    assert!(CatanCk::new_game(&Config::cities_knights(), 2, &mut rng).is_err());
}

#[test]
fn ck_setup_second_city_and_start_resources() {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::cities_knights()
    };
    let mut rng = GameRng::seed_from_u64(3);
    let mut s = CatanCk::new_game(&config, 3, &mut rng).unwrap();
    let mut legal = Vec::new();
    for step in 0..6 {
        let seat = s.current;
        CatanCk::legal_actions(&s, seat, &mut legal);
        if step >= 3 {
            // `ck.setup.second_city`: round 2 places a city straight on the board.
            assert!(legal
                .iter()
                .all(|a| matches!(a, Action::Base(BaseAction::BuildCity { .. }))));
            let Action::Base(BaseAction::BuildCity { node }) = legal[0] else {
                unreachable!()
            };
            assert_refused::<CatanCk>(
                &s,
                seat,
                &Action::Base(BaseAction::BuildSettlement { node }),
                "ck.setup.second_city",
            );
            let lands = (0..19)
                .filter(|&h| Shape::Base.topology().node_hexes[node.index()] & (1 << h) != 0)
                .filter(|&h| s.board.tiles[h].terrain.resource().is_some())
                .count() as u32;
            assert_accepted::<CatanCk>(&mut s, seat, &Action::Base(BaseAction::BuildCity { node }));
            // `ck.setup.start_resources`: one resource per land hex, no commodities.
            assert_eq!(s.players[seat.index()].hand.total(), lands);
            assert!(ck(&s).players[seat.index()].commodities.is_empty());
        } else {
            assert!(legal
                .iter()
                .all(|a| matches!(a, Action::Base(BaseAction::BuildSettlement { .. }))));
            let a = legal[0];
            assert_accepted::<CatanCk>(&mut s, seat, &a);
        }
        CatanCk::legal_actions(&s, seat, &mut legal);
        let road = legal[0];
        assert_accepted::<CatanCk>(&mut s, seat, &road);
    }
    assert_eq!(s.phase, Phase::Base(BasePhase::Roll));
    for seat in Seat::all(3) {
        assert_eq!(s.points(seat), 3, "every player starts with 3 VP");
    }
}

#[test]
fn ck_removed_development_cards() {
    let mut s = position(3);
    give(
        &mut s,
        0,
        &[(Resource::Wool, 1), (Resource::Grain, 1), (Resource::Ore, 1)],
    );
    let s = done(s);
    assert_eq!(s.deck.total(), 0);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuyDevelopmentCard),
        "ck.removed.development_cards",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::PlayKnight),
        "ck.removed.development_cards",
    );
    assert!(s.largest_army.is_none());
}

#[test]
fn ck_turn_roll_is_216_outcomes_and_nothing_else_before_it() {
    let mut s = position(3);
    s.phase = Phase::Base(BasePhase::Roll);
    give(&mut s, 0, &[(Resource::Brick, 1), (Resource::Lumber, 1)]);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    let s = done(s);
    // `ck.turn.before_roll`.
    assert_refused::<CatanCk>(&s, Seat(0), &Action::Base(BaseAction::EndTurn), "ck.turn.before_roll");
    let mut s2 = s.clone();
    assert_accepted::<CatanCk>(&mut s2, Seat(0), &Action::Base(BaseAction::Roll));
    let mut out = Vec::new();
    CatanCk::chance_outcomes(&s2, &mut out);
    assert_eq!(out.len(), 144);
    let total: f64 = out.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let ship: f64 = out
        .iter()
        .filter(|(c, _)| {
            matches!(
                c,
                Chance::Ck(CkChance::CkDice {
                    event: EventFace::Ship,
                    ..
                })
            )
        })
        .map(|(_, p)| p)
        .sum();
    assert!((ship - 0.5).abs() < 1e-9, "the ship shows on 3 of 6 faces");
}

#[test]
fn ck_barbarian_advance_and_event_first() {
    let mut s = position(3);
    city(&mut s, 0, corner(4, 0), corner(4, 1));
    let mut s = done(s);
    let ev = roll(&mut s, 2, 4, EventFace::Ship);
    assert_eq!(ck(&s).barbarians, 1);
    // `ck.turn.event_first`: the ship moves before production is paid.
    let ship = ev
        .iter()
        .position(|e| matches!(e, Event::Ck(CkEvent::BarbariansAdvanced { .. })))
        .unwrap();
    let paid = ev
        .iter()
        .position(|e| matches!(e, Event::Base(BaseEvent::Produced { .. })))
        .unwrap();
    assert!(ship < paid, "{ev:?}");
}

/// Seat 0 and 1 with a city each; seat 0's active knights are stronger.
fn attack_position() -> State {
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    city(&mut s, 1, corner(18, 3), corner(18, 2));
    knight(&mut s, 0, corner(0, 1), 2, true);
    knight(&mut s, 1, corner(18, 2), 1, true);
    ckm(&mut s).barbarians = 6;
    done(s)
}

#[test]
fn ck_barbarian_attack_now_defender_and_reset() {
    let mut s = attack_position();
    let ev = roll(&mut s, 1, 1, EventFace::Ship);
    // `ck.barbarian.strength` 2 cities, `ck.barbarian.defence` 3.
    assert!(ev.contains(&Event::Ck(CkEvent::BarbarianAttack {
        strength: 2,
        defence: 3,
        repelled: true
    })));
    // `ck.barbarian.defender`: the single strongest defender takes a card (1 VP).
    assert_eq!(ck(&s).players[0].defenders, 1);
    assert_eq!(ck(&s).defenders_left, 5);
    assert_eq!(s.points(Seat(0)), 3);
    // `ck.barbarian.reset`: knights inactive, ship back, robber awake.
    assert!(ck(&s).players.iter().all(|p| p.active().is_empty()));
    assert_eq!(ck(&s).barbarians, 0);
    assert!(ck(&s).robber_awake);
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_barbarian_attack_on_a_seven_wakes_the_robber_at_once() {
    let mut s = attack_position();
    roll(&mut s, 3, 4, EventFace::Ship);
    // `ck.robber.asleep`: the first attack's 7 already moves the robber.
    assert!(matches!(s.phase, Phase::Base(BasePhase::MoveRobber { .. })));
}

#[test]
fn ck_barbarian_pillage_lowest_defence_skipping_metropolis_only() {
    let mut s = position(4);
    let a = corner(0, 0);
    let b = corner(4, 3);
    city(&mut s, 0, a, corner(0, 1));
    city(&mut s, 0, b, corner(4, 2));
    knight(&mut s, 0, corner(0, 1), 1, true);
    cp(&mut s, 0).walls.insert(a);
    // Seat 1: its only city carries a metropolis, and no defence at all.
    let m = corner(18, 3);
    city(&mut s, 1, m, corner(18, 2));
    cp(&mut s, 1).levels[Track::Science.index()] = 4;
    ckm(&mut s).metropolises[Track::Science.index()] = Some(catan::Metropolis { seat: Seat(1), node: m });
    // Seat 2: a city and a strong active knight.
    city(&mut s, 2, corner(16, 3), corner(16, 2));
    knight(&mut s, 2, corner(16, 2), 2, true);
    // Seat 3: no city at all.
    ckm(&mut s).barbarians = 6;
    let mut s = done(s);
    roll(&mut s, 1, 1, EventFace::Ship);
    // 4 cities > 3 defence; seat 1 (0 defence) has no city to lose, so seat 0 (1) pays.
    assert_eq!(
        s.phase,
        Phase::Ck(CkPhase::Pillage {
            owed: SeatSet::single(Seat(0))
        })
    );
    assert_eq!(CatanCk::to_act(&s), ToAct::Seats(SeatSet::single(Seat(0))));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::LoseCity { node: m }),
        "ck.barbarian.pillage",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::LoseCity { node: a }));
    let p = &s.players[0];
    assert!(p.settlements.contains(a) && !p.cities.contains(a));
    // `ck.wall.lost`.
    assert!(!ck(&s).players[0].walls.contains(a));
    assert!(s.players[1].cities.contains(m), "a metropolis is never pillaged");
    // Production follows; seat 1 got nothing and has the Aqueduct.
    assert_eq!(
        s.phase,
        Phase::Ck(CkPhase::Aqueduct {
            pending: SeatSet::single(Seat(1))
        })
    );
}

#[test]
fn ck_barbarian_pillage_without_a_settlement_piece_lays_the_city_flat() {
    let mut s = position(3);
    let t = Shape::Base.topology();
    // Seat 0: five settlements on the board and one city.
    let spots = [corner(0, 0), corner(2, 0), corner(5, 0), corner(7, 3), corner(9, 3)];
    for n in spots {
        settle(&mut s, 0, n, next_to(n));
    }
    let c = corner(17, 3);
    city(&mut s, 0, c, next_to(c));
    assert!(t.node_neighbors[c.index()].len() >= 2);
    ckm(&mut s).barbarians = 6;
    let mut s = done(s);
    roll(&mut s, 1, 1, EventFace::Ship);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::LoseCity { node: c }));
    assert!(ck(&s).players[0].flat.contains(c));
    assert_eq!(s.players[0].settlements.len(), 6);
    assert_eq!(s.points(Seat(0)), 6);
    // Upgrading it again needs no city piece.
    give(&mut s, 0, &[(Resource::Grain, 2), (Resource::Ore, 3)]);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::BuildCity { node: c }));
    assert!(ck(&s).players[0].flat.is_empty());
}

#[test]
fn ck_barbarian_defender_tie_draws_progress_cards_in_seat_order() {
    let mut s = attack_position();
    // Seat 1 as strong as seat 0; seat 1 is active, so it chooses first.
    s.current = Seat(1);
    cp(&mut s, 1).roster.insert(catan::KnightBit::Strong, corner(18, 2));
    let mut s = done(s);
    roll(&mut s, 1, 1, EventFace::Ship);
    let both = SeatSet::from_iter([Seat(0), Seat(1)]);
    assert_eq!(s.phase, Phase::Ck(CkPhase::DefenderDeck { pending: both }));
    assert_eq!(CatanCk::to_act(&s), ToAct::Seats(SeatSet::single(Seat(1))));
    // `ck.barbarian.defender`: any deck, also without a level in it.
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(1),
        &Action::Ck(CkAction::ChooseDeck { track: Track::Politics }),
    );
    assert!(matches!(
        s.phase,
        Phase::Ck(CkPhase::ProgressDraw {
            seat: Seat(1),
            track: Track::Politics,
            ..
        })
    ));
    chance(
        &mut s,
        Chance::Ck(CkChance::Progress {
            card: ProgressCard::Spy,
        }),
    );
    assert_eq!(ck(&s).players[1].progress.get(ProgressCard::Spy), 1);
    assert_eq!(CatanCk::to_act(&s), ToAct::Seats(SeatSet::single(Seat(0))));
    // `ck.decide.empty_deck`: an empty deck cannot be chosen. No valid position
    // has an empty deck (18 cards per deck, at most 4 per hand), so this
    // position is the rules' only (it is listed as unreachable).
    ckm(&mut s).decks[Track::Trade.index()] = Default::default();
    for c in ProgressCard::ALL.into_iter().filter(|c| c.track() == Track::Trade) {
        for _ in 0..c.copies() {
            ckm(&mut s).players[2].progress.add_card(c);
        }
    }
    assert_refused_off_protocol::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::ChooseDeck { track: Track::Trade }),
        "ck.decide.empty_deck",
    );
    assert_eq!(ck(&s).players.iter().map(|p| p.defenders).sum::<u8>(), 0);
}

#[test]
fn ck_decide_zero_defence_rewards_nobody() {
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    ckm(&mut s).barbarians = 6;
    let mut s = done(s);
    let ev = roll(&mut s, 1, 1, EventFace::Ship);
    assert!(ev.contains(&Event::Ck(CkEvent::BarbarianAttack {
        strength: 0,
        defence: 0,
        repelled: true
    })));
    assert!(ck(&s).players.iter().all(|p| p.defenders == 0 && p.progress.is_empty()));
    assert!(ck(&s).robber_awake);
}

#[test]
fn ck_progress_draw_by_level_and_red_die_in_seat_order() {
    let mut s = position(3);
    cp(&mut s, 0).levels[Track::Science.index()] = 2;
    cp(&mut s, 1).levels[Track::Science.index()] = 1;
    s.current = Seat(1);
    let base = done(s);
    // Red 3: level 2 draws (1–3), level 1 does not (1–2).
    let mut s = base.clone();
    roll(&mut s, 3, 5, EventFace::Gate(Track::Science));
    assert!(matches!(
        s.phase,
        Phase::Ck(CkPhase::ProgressDraw {
            seat: Seat(0),
            track: Track::Science,
            ..
        })
    ));
    chance(
        &mut s,
        Chance::Ck(CkChance::Progress {
            card: ProgressCard::Crane,
        }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    // Red 2: both, from the active player (seat 1) on.
    let mut s = base.clone();
    roll(&mut s, 2, 5, EventFace::Gate(Track::Science));
    assert!(matches!(
        s.phase,
        Phase::Ck(CkPhase::ProgressDraw { seat: Seat(1), .. })
    ));
    let mut out = Vec::new();
    CatanCk::chance_outcomes(&s, &mut out);
    assert!(out
        .iter()
        .all(|(c, _)| matches!(c, Chance::Ck(CkChance::Progress { card }) if card.track() == Track::Science)));
    chance(
        &mut s,
        Chance::Ck(CkChance::Progress {
            card: ProgressCard::Mining,
        }),
    );
    assert!(matches!(
        s.phase,
        Phase::Ck(CkPhase::ProgressDraw { seat: Seat(0), .. })
    ));
    // Another gate draws nothing.
    let mut s = base;
    roll(&mut s, 1, 5, EventFace::Gate(Track::Trade));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_progress_hand_limit_and_under_deck() {
    let mut s = position(3);
    cp(&mut s, 0).levels[Track::Politics.index()] = 5;
    for c in [
        ProgressCard::Spy,
        ProgressCard::Spy,
        ProgressCard::Bishop,
        ProgressCard::Warlord,
    ] {
        give_p(&mut s, 0, c);
    }
    let mut s = done(s);
    roll(&mut s, 6, 5, EventFace::Gate(Track::Politics));
    chance(
        &mut s,
        Chance::Ck(CkChance::Progress {
            card: ProgressCard::Wedding,
        }),
    );
    // `ck.progress.hand_limit`: the fifth card is discarded at once, the active player too.
    assert_eq!(
        s.phase,
        Phase::Ck(CkPhase::ProgressDiscard {
            seat: Seat(0),
            then: Step::Gate {
                track: Track::Politics,
                pending: SeatSet::EMPTY
            }
        })
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::DiscardProgress {
            card: ProgressCard::Saboteur,
        }),
        "ck.progress.hand_limit",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::DiscardProgress {
            card: ProgressCard::Spy,
        }),
    );
    // `ck.progress.under_deck`.
    assert_eq!(ck(&s).decks[Track::Politics.index()].under.get(ProgressCard::Spy), 1);
    assert_eq!(ck(&s).players[0].progress.total(), 4);
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_progress_vp_cards_are_revealed_and_count() {
    let mut s = position(3);
    cp(&mut s, 1).levels[Track::Science.index()] = 1;
    for c in [
        ProgressCard::Crane,
        ProgressCard::Smith,
        ProgressCard::Mining,
        ProgressCard::Inventor,
    ] {
        give_p(&mut s, 1, c);
    }
    let mut s = done(s);
    let mut events = roll(&mut s, 1, 5, EventFace::Gate(Track::Science));
    CatanCk::apply_chance(
        &mut s,
        &Chance::Ck(CkChance::Progress {
            card: ProgressCard::Printer,
        }),
        &mut events,
    )
    .unwrap();
    // `ck.progress.vp_cards`: not counted for the limit, 1 VP, seen by all.
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(ck(&s).players[1].vp_cards.get(ProgressCard::Printer), 1);
    assert_eq!(s.points(Seat(1)), 1);
    let drawn = events
        .iter()
        .find(|e| matches!(e, Event::Ck(CkEvent::ProgressDrawn { .. })))
        .unwrap();
    assert_eq!(CatanCk::redact(drawn, Viewer::Seat(Seat(2))).as_ref(), Some(drawn));
    let v = CatanCk::view(&s, Viewer::Seat(Seat(2)));
    let ckv = v.cities_knights.unwrap();
    assert_eq!(ckv.players[1].vp_cards.get(ProgressCard::Printer), 1);
    assert_eq!(ckv.players[1].progress, None);
    assert_eq!(ckv.players[1].progress_count, [0, 0, 4]);
}

#[test]
fn ck_production_commodities_from_cities_only() {
    let mut s = position(3);
    // Forest 8 (hex 12) and mountains 8 (hex 11).
    let f = corner_only(12, &[11]);
    let m = corner_only(11, &[12]);
    city(&mut s, 0, f, next_to(f));
    settle(&mut s, 1, m, next_to(m));
    let mut s = done(s);
    let lumber_hexes = |n: NodeId| (Shape::Base.topology().node_hexes[n.index()] & (1 << 12) != 0) as u8;
    roll(&mut s, 4, 4, EventFace::Ship);
    // `ck.production.commodities`: forest city = 1 lumber + 1 paper.
    assert_eq!(s.players[0].hand.get(Resource::Lumber), lumber_hexes(f));
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Paper), 1);
    // A settlement gets no commodity.
    assert_eq!(s.players[1].hand.get(Resource::Ore), 1);
    assert!(ck(&s).players[1].commodities.is_empty());
    // `catan.production.robber_blocks` also blocks commodities.
    let mut s2 = s.clone();
    s2.robber = catan::HexId(12);
    s2.phase = Phase::Base(BasePhase::Main);
    roll(&mut s2, 4, 4, EventFace::Ship);
    assert_eq!(ck(&s2).players[0].commodities.get(Commodity::Paper), 1);
}

#[test]
fn ck_production_hills_city_gives_two_brick() {
    let mut s = position(3);
    let h = corner_only(4, &[17]);
    city(&mut s, 0, h, next_to(h));
    let mut s = done(s);
    roll(&mut s, 3, 3, EventFace::Ship);
    assert_eq!(s.players[0].hand.get(Resource::Brick), 2);
    assert!(ck(&s).players[0].commodities.is_empty());
}

#[test]
fn ck_seven_hand_limit_with_walls_and_sleeping_robber() {
    let mut s = position(3);
    city(&mut s, 1, corner(0, 0), corner(0, 1));
    cp(&mut s, 1).walls.insert(corner(0, 0));
    give(&mut s, 0, &[(Resource::Brick, 3), (Resource::Ore, 2)]);
    give_c(&mut s, 0, &[(Commodity::Paper, 4)]);
    give(&mut s, 1, &[(Resource::Grain, 9)]);
    let mut s = done(s);
    roll(&mut s, 3, 4, EventFace::Gate(Track::Trade));
    // `ck.seven.hand_limit`: 9 cards over 7 → 4; seat 1's wall makes its limit 9.
    let mut owed = [0u8; 6];
    owed[0] = 4;
    assert_eq!(s.phase, Phase::Base(BasePhase::Discard { owed }));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::DiscardCard { card: Card::Coin }),
        "ck.seven.hand_limit",
    );
    for _ in 0..4 {
        assert_accepted::<CatanCk>(
            &mut s,
            Seat(0),
            &Action::Ck(CkAction::DiscardCard { card: Card::Paper }),
        );
    }
    // `ck.robber.asleep`: the robber stays on the desert.
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(s.robber, s.board.desert());
}

#[test]
fn ck_robber_awake_steals_commodities_too() {
    let mut s = position(3);
    ckm(&mut s).robber_awake = true;
    settle(&mut s, 1, corner(0, 0), corner(0, 1));
    give_c(&mut s, 1, &[(Commodity::Coin, 1)]);
    let mut s = done(s);
    roll(&mut s, 3, 4, EventFace::Gate(Track::Trade));
    assert!(matches!(s.phase, Phase::Base(BasePhase::MoveRobber { .. })));
    let mv = Action::Base(BaseAction::MoveRobber {
        hex: catan::HexId(0),
        victim: Some(Seat(1)),
    });
    assert_accepted::<CatanCk>(&mut s, Seat(0), &mv);
    let mut out = Vec::new();
    CatanCk::chance_outcomes(&s, &mut out);
    assert_eq!(
        out,
        vec![(
            Chance::Ck(CkChance::StealCommodity {
                commodity: Commodity::Coin
            }),
            1.0
        )]
    );
    let mut ev = Vec::new();
    CatanCk::apply_chance(&mut s, &out[0].0, &mut ev).unwrap();
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Coin), 1);
    // The kind of a stolen card does not leak to the others.
    let stolen = ev
        .iter()
        .find(|e| matches!(e, Event::Ck(CkEvent::StolenCommodity { .. })))
        .unwrap();
    assert_eq!(
        CatanCk::redact(stolen, Viewer::Seat(Seat(2))),
        Some(Event::Base(BaseEvent::Stolen {
            thief: Seat(0),
            victim: Seat(1),
            resource: None
        }))
    );
}

#[test]
fn ck_robber_asleep_refuses_chasing() {
    let mut s = position(3);
    let n = corner(9, 0);
    settle(&mut s, 0, corner(4, 0), corner(4, 1));
    road_path(&mut s, 0, &[corner(4, 1), n]);
    knight(&mut s, 0, n, 1, true);
    let s = done(s);
    assert!(Shape::Base.topology().hex_node_set[s.robber.index()].contains(n));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::ChaseRobber { knight: n }),
        "ck.robber.asleep",
    );
}

#[test]
fn ck_improve_aqueduct_after_a_roll_without_cards() {
    let mut s = position(3);
    settle(&mut s, 0, corner(4, 0), corner(4, 1));
    cp(&mut s, 1).levels[Track::Science.index()] = 3;
    cp(&mut s, 2).levels[Track::Science.index()] = 3;
    city(&mut s, 2, corner(0, 0), corner(0, 1));
    let mut s = done(s);
    // Hills 6: seat 0 gets brick, seats 1 and 2 nothing.
    roll(&mut s, 1, 5, EventFace::Ship);
    assert_eq!(
        s.phase,
        Phase::Ck(CkPhase::Aqueduct {
            pending: SeatSet::from_iter([Seat(1), Seat(2)])
        })
    );
    assert_eq!(CatanCk::to_act(&s), ToAct::Seats(SeatSet::single(Seat(1))));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(1),
        &Action::Ck(CkAction::AqueductTake {
            resource: Resource::Grain,
        }),
    );
    // `ck.decide.aqueduct_bank`: a resource the bank lacks is refused.
    let mut t = s.clone();
    let ore = t.bank.get(Resource::Ore);
    t.bank.0[Resource::Ore.index()] = 0;
    t.players[0].hand.0[Resource::Ore.index()] += ore;
    assert_refused::<CatanCk>(
        &t,
        Seat(2),
        &Action::Ck(CkAction::AqueductTake {
            resource: Resource::Ore,
        }),
        "ck.decide.aqueduct_bank",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(2),
        &Action::Ck(CkAction::AqueductTake {
            resource: Resource::Ore,
        }),
    );
    assert_eq!(s.players[1].hand.get(Resource::Grain), 1);
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    // No Aqueduct on a 7.
    s.phase = Phase::Base(BasePhase::Main);
    roll(&mut s, 3, 4, EventFace::Ship);
    assert!(!matches!(s.phase, Phase::Ck(CkPhase::Aqueduct { .. })));
}

//! Cities & Knights scenarios for playing progress cards: one per card rule
//! id (`ck.card.*`), and the rules of playing (`ck.progress.own_turn`,
//! `ck.progress.under_deck`, the merchant `ck.merchant.*`).

use crate::ck;
use catan::{BaseAction, BaseChance, BasePhase, CkAction, CkChance, CkPhase};

use catan::{Action, Board, CatanCk, Chance, HexId, NodeId, Phase, Resource, Shape, Terrain};
use catan::{Card, Commodity, EventFace, ProgressCard as P, Track};
use ck::*;
use engine::{Game, Seat, SeatSet, ToAct, Viewer};
use testkit::scenario::{assert_accepted, assert_refused, protocol};

fn r(k: usize) -> NodeId {
    corner(0, k % 6)
}

/// Seat 0: a city on ring node 0 of hex 0 and roads to ring node 4; seat 1
/// and 2 a settlement each far away.
fn base() -> State {
    let mut s = position(3);
    city(&mut s, 0, r(0), r(1));
    road_path(&mut s, 0, &[r(1), r(2), r(3), r(4)]);
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    s
}

fn under(s: &State, card: P) -> u8 {
    ck(s).decks[card.track().index()].under.get(card)
}

#[test]
fn ck_progress_own_turn_and_under_deck() {
    let mut s = base();
    give_p(&mut s, 0, P::Warlord);
    give_p(&mut s, 1, P::Warlord);
    let mut s = done(s);
    // `ck.progress.own_turn`: never in another player's turn.
    // A seat that is not to act is told this rule, not only that it is not
    // its turn.
    assert_refused::<CatanCk>(
        &s,
        Seat(1),
        &Action::Ck(CkAction::PlayProgress { card: P::Warlord }),
        "ck.progress.own_turn",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Spy }),
        "ck.progress.own_turn",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Warlord }),
    );
    // `ck.progress.under_deck`.
    assert_eq!(under(&s, P::Warlord), 1);
    assert!(ck(&s).players[0].progress.is_empty());
}

#[test]
fn ck_card_alchemist_sets_the_dice_before_the_roll() {
    let mut s = base();
    give_p(&mut s, 0, P::Alchemist);
    give_p(&mut s, 0, P::Warlord);
    s.phase = Phase::Base(BasePhase::Roll);
    let mut s = done(s);
    // Only Alchemist before the roll (`ck.turn.before_roll`).
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Warlord }),
        "ck.turn.before_roll",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayAlchemist { red: 7, yellow: 1 }),
        "ck.card.alchemist",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayAlchemist { red: 2, yellow: 4 }),
    );
    assert_eq!(CatanCk::to_act(&s), ToAct::Chance);
    let mut out = Vec::new();
    CatanCk::chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 4, "only the event die is chance");
    chance(&mut s, Chance::Ck(CkChance::EventDie { event: EventFace::Ship }));
    assert_eq!(s.last_roll.map(|d| d.sum()), Some(6));
    assert_eq!(ck(&s).barbarians, 1);
    // After the roll, Alchemist is refused.
    give_p(&mut s, 0, P::Alchemist);
    s.phase = Phase::Base(BasePhase::Main);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayAlchemist { red: 2, yellow: 4 }),
        "ck.card.alchemist",
    );
}

#[test]
fn ck_card_crane_makes_an_improvement_one_cheaper() {
    let mut s = base();
    give_p(&mut s, 0, P::Crane);
    give_c(&mut s, 0, &[(Commodity::Coin, 1)]);
    let mut s = done(s);
    // `ck.decide.crane`: alone it is refused.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Crane }),
        "ck.decide.crane",
    );
    let mut t = s.clone();
    cp(&mut t, 0).levels[Track::Politics.index()] = 2;
    assert_refused::<CatanCk>(
        &t,
        Seat(0),
        &Action::Ck(CkAction::CraneImprovement { track: Track::Politics }),
        "ck.decide.crane",
    );
    // Level 1 costs nothing with the Crane.
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::CraneImprovement { track: Track::Trade }),
    );
    assert_eq!(ck(&s).players[0].levels[Track::Trade.index()], 1);
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Coin), 1);
}

#[test]
fn ck_card_engineer_builds_a_free_wall() {
    let mut s = base();
    give_p(&mut s, 0, P::Engineer);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayEngineer { node: corner(18, 3) }),
        "ck.build.wall",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayEngineer { node: r(0) }));
    assert!(ck(&s).players[0].walls.contains(r(0)));
}

#[test]
fn ck_card_inventor_swaps_tokens() {
    let mut s = base();
    give_p(&mut s, 0, P::Inventor);
    let mut s = done(s);
    let b = Board::beginner();
    assert_eq!(
        (b.tiles[0].number, b.tiles[2].number, b.tiles[4].number),
        (Some(10), Some(9), Some(6))
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayInventor {
            a: HexId(0),
            b: HexId(4),
        }),
        "ck.card.inventor",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayInventor {
            a: HexId(2),
            b: HexId(2),
        }),
        "ck.card.inventor",
    );
    // The two hexes are an unordered choice: sent the other way round through
    // the protocol, the play is accepted and logged in its one form.
    let mut m = protocol::<CatanCk>(&s);
    m.act(
        Seat(0),
        &serde_json::json!({"type": "play_inventor", "a": 2, "b": 0}),
        None,
    )
    .expect("either order is the same play");
    let logged: serde_json::Value = serde_json::from_str(&m.entries_text(0)[0]).expect("an entry");
    assert_eq!(
        logged["action"],
        serde_json::json!({"type": "play_inventor", "a": 0, "b": 2})
    );
    // The board is shared between clones of a state (issue 28: a compact
    // state); the swap must change this state's board only, not the one a
    // search's copy of the position still plays on.
    let before = s.clone();
    assert!(std::sync::Arc::ptr_eq(&before.board, &s.board));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayInventor {
            a: HexId(0),
            b: HexId(2),
        }),
    );
    assert_eq!((s.board.tiles[0].number, s.board.tiles[2].number), (Some(9), Some(10)));
    assert_eq!(
        (before.board.tiles[0].number, before.board.tiles[2].number),
        (Some(10), Some(9))
    );
    assert_eq!(
        serde_json::to_value(&before).expect("a state")["board"],
        serde_json::to_value(Board::beginner()).expect("a board")
    );
    assert_eq!(m.state()["state"], serde_json::to_value(&s).expect("a state"));
}

fn touching(s: &State, seat: usize, terrain: Terrain) -> u8 {
    let own = s.players[seat].buildings().0;
    (0..19)
        .filter(|&h| s.board.tiles[h].terrain == terrain && (Shape::Base.topology().hex_node_set[h].0 & own).any())
        .count() as u8
}

/// `ck.card.irrigation` and `ck.card.mining`.
#[test]
fn ck_card_irrigation_and_mining() {
    let mut s = base();
    settle(&mut s, 0, corner(3, 3), corner(3, 2));
    give_p(&mut s, 0, P::Irrigation);
    give_p(&mut s, 0, P::Mining);
    s.robber = HexId(0);
    let mut s = done(s);
    let fields = touching(&s, 0, Terrain::Fields);
    let mountains = touching(&s, 0, Terrain::Mountains);
    assert!(fields >= 1 && mountains >= 1);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Irrigation }),
    );
    assert_eq!(s.players[0].hand.get(Resource::Grain), 2 * fields);
    // `ck.decide.irrigation_mining`: the robber does not stop it.
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayProgress { card: P::Mining }));
    assert_eq!(s.players[0].hand.get(Resource::Ore), 2 * mountains);
}

#[test]
fn ck_card_medicine_city_for_two_ore_one_grain() {
    let mut s = base();
    settle(&mut s, 0, r(3), r(2));
    give_p(&mut s, 0, P::Medicine);
    give(&mut s, 0, &[(Resource::Ore, 2), (Resource::Grain, 1)]);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayMedicine { node: corner(18, 3) }),
        "ck.card.medicine",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayMedicine { node: r(3) }));
    assert!(s.players[0].cities.contains(r(3)));
    assert!(s.players[0].hand.is_empty());
}

#[test]
fn ck_card_road_building_two_free_roads() {
    let mut s = base();
    give_p(&mut s, 0, P::RoadBuilding);
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::RoadBuilding }),
    );
    assert!(matches!(s.phase, Phase::Base(BasePhase::RoadBuilding { left: 2, .. })));
    let e1 = Shape::Base.topology().edge_between(r(4), r(5)).unwrap();
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::BuildRoad { edge: e1 }));
    let e2 = Shape::Base.topology().edge_between(r(5), r(0)).unwrap();
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::BuildRoad { edge: e2 }));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(s.players[0].roads.len(), 6);
}

/// The free roads of the Road Building card are measured as every road:
/// an opposing knight breaks them (`ck.knight.breaks_road`). The card's
/// roads go through the base game's road placement, which asks the rule
/// set's layer for the pieces that break a road.
#[test]
fn ck_card_road_building_roads_are_broken_by_knights() {
    let mut s = base();
    let t = Shape::Base.topology();
    let beside = |n: NodeId| {
        let ring = t.hex_node_set[0];
        t.node_neighbors[n.index()]
            .iter()
            .find(|m| !ring.contains(*m))
            .expect("a node off the ring")
    };
    settle(&mut s, 1, beside(r(3)), r(3));
    knight(&mut s, 1, r(3), 1, false);
    give_p(&mut s, 0, P::RoadBuilding);
    let mut s = done(s);
    // r0-r1-r2-r3 | r3-r4: the knight on r3 breaks the road.
    assert_eq!(s.players[0].road_length, 3);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::RoadBuilding }),
    );
    // On from r4, away from the ring: r4-x, then x-y.
    let x = beside(r(4));
    let y = t.node_neighbors[x.index()]
        .iter()
        .find(|&n| n != r(4))
        .expect("a node beyond");
    for (a, b) in [(r(4), x), (x, y)] {
        let edge = t.edge_between(a, b).unwrap();
        assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::BuildRoad { edge }));
    }
    // Six roads; without the break y-x-r4-r3-r2-r1-r0 would be 6 long.
    assert_eq!(s.players[0].roads.len(), 6);
    assert_eq!(s.players[0].road_length, 3);
}

#[test]
fn ck_card_smith_promotes_up_to_two_knights() {
    let mut s = base();
    knight(&mut s, 0, r(1), 1, false);
    knight(&mut s, 0, r(2), 3, true);
    knight(&mut s, 0, r(3), 1, false);
    give_p(&mut s, 0, P::Smith);
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayProgress { card: P::Smith }));
    assert_eq!(s.phase, Phase::Ck(CkPhase::Smith { left: 2 }));
    // `ck.knight.promote` still applies: a mighty knight goes no higher.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PromoteKnight { node: r(2) }),
        "ck.knight.promote",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PromoteKnight { node: r(1) }));
    // Two different knights.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PromoteKnight { node: r(1) }),
        "ck.knight.promote",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::EndCard));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert!(s.players[0].hand.is_empty(), "free");
}

#[test]
fn ck_card_bishop_robs_every_player_on_the_hex() {
    let mut s = base();
    settle(&mut s, 1, corner(11, 0), corner(11, 1));
    settle(&mut s, 2, corner(11, 3), corner(11, 2));
    give(&mut s, 1, &[(Resource::Wool, 1)]);
    give_c(&mut s, 2, &[(Commodity::Cloth, 1)]);
    give_p(&mut s, 0, P::Bishop);
    let asleep = done(s.clone());
    assert_refused::<CatanCk>(
        &asleep,
        Seat(0),
        &Action::Ck(CkAction::PlayBishop { hex: HexId(11) }),
        "ck.robber.asleep",
    );
    ckm(&mut s).robber_awake = true;
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayBishop { hex: HexId(11) }));
    assert_eq!(s.robber, HexId(11));
    assert_eq!(
        s.phase,
        Phase::Ck(CkPhase::BishopSteal {
            pending: SeatSet::from_iter([Seat(1), Seat(2)])
        })
    );
    chance(
        &mut s,
        Chance::Base(BaseChance::Steal {
            resource: Resource::Wool,
        }),
    );
    chance(
        &mut s,
        Chance::Ck(CkChance::StealCommodity {
            commodity: Commodity::Cloth,
        }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(s.players[0].hand.get(Resource::Wool), 1);
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Cloth), 1);
}

#[test]
fn ck_card_deserter_takes_a_knight_over() {
    let mut s = base();
    road(&mut s, 1, corner(18, 2), corner(18, 1));
    knight(&mut s, 1, corner(18, 1), 2, true);
    give_p(&mut s, 0, P::Deserter);
    let mut s = done(s);
    // `ck.decide.deserter_fresh`: an opponent without a knight cannot be chosen.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayDeserter { victim: Seat(2) }),
        "ck.decide.deserter_fresh",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayDeserter { victim: Seat(1) }));
    assert_eq!(CatanCk::to_act(&s), ToAct::Seats(SeatSet::single(Seat(1))));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(1),
        &Action::Ck(CkAction::RemoveKnight { node: corner(18, 1) }),
    );
    assert_eq!(
        s.phase,
        Phase::Ck(CkPhase::DeserterPlace {
            strength: 2,
            active: true
        })
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::BuildKnight { node: r(2) }));
    let c = &ck(&s).players[0];
    assert_eq!(c.strength(s.knights(0), r(2)), 2);
    assert!(
        c.active().contains(r(2)) && c.fresh().contains(r(2)),
        "same status, cannot act this turn"
    );
    assert!(s.knights(1).is_empty());
}

#[test]
fn ck_card_diplomat_removes_an_open_road() {
    let mut s = base();
    give_p(&mut s, 0, P::Diplomat);
    give_p(&mut s, 0, P::Diplomat);
    let mut s = done(s);
    // The middle of seat 0's road is not open.
    let mid = Shape::Base.topology().edge_between(r(2), r(3)).unwrap();
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayDiplomat { edge: mid }),
        "ck.decide.open_road",
    );
    let end = Shape::Base.topology().edge_between(r(3), r(4)).unwrap();
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayDiplomat { edge: end }));
    // Its own road: it may be built again elsewhere, free.
    assert_eq!(s.phase, Phase::Ck(CkPhase::DiplomatRoad));
    let other = Shape::Base.topology().edge_between(r(0), r(5)).unwrap();
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::BuildRoad { edge: other }));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    // An opponent's open road just goes.
    let theirs = Shape::Base
        .topology()
        .edge_between(corner(18, 3), corner(18, 2))
        .unwrap();
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayDiplomat { edge: theirs }));
    assert!(s.players[1].roads.is_empty());
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_card_intrigue_displaces_without_a_knight() {
    let mut s = base();
    let x = Shape::Base.topology().node_neighbors[r(3).index()]
        .iter()
        .find(|n| !Shape::Base.topology().hex_node_set[0].contains(*n))
        .unwrap();
    settle(&mut s, 1, x, r(3));
    knight(&mut s, 1, r(3), 3, true);
    knight(&mut s, 1, corner(18, 2), 1, false);
    give_p(&mut s, 0, P::Intrigue);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayIntrigue { node: corner(18, 2) }),
        "ck.card.intrigue",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayIntrigue { node: r(3) }));
    // No spot along seat 1's roads: back to the supply.
    assert!(!s.knights(1).contains(r(3)));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_card_saboteur_halves_hands_of_players_as_strong() {
    let mut s = base();
    settle(&mut s, 1, corner(11, 0), corner(11, 1));
    give(&mut s, 1, &[(Resource::Wool, 3)]);
    give_c(&mut s, 1, &[(Commodity::Coin, 2)]);
    give(&mut s, 2, &[(Resource::Ore, 4)]);
    give_p(&mut s, 0, P::Saboteur);
    let mut s = done(s);
    // Seat 1 has 2 VP like seat 0, seat 2 only 1.
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Saboteur }),
    );
    let mut owed = [0u8; 6];
    owed[1] = 2;
    assert_eq!(s.phase, Phase::Ck(CkPhase::Sabotage { owed }));
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::DiscardCard { card: Card::Coin }));
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::DiscardCard { card: Card::Wool }));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(catan::query::card_count(&s, Seat(1)), 3);
}

#[test]
fn ck_card_spy_sees_and_takes_a_progress_card() {
    let mut s = base();
    give_p(&mut s, 0, P::Spy);
    give_p(&mut s, 1, P::Bishop);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlaySpy { victim: Seat(2) }),
        "ck.decide.card_targets",
    );
    let before = CatanCk::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(before.cities_knights.unwrap().players[1].progress, None);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlaySpy { victim: Seat(1) }));
    let during = CatanCk::view(&s, Viewer::Seat(Seat(0))).cities_knights.unwrap();
    assert_eq!(
        during.players[1].progress.unwrap().get(P::Bishop),
        1,
        "the spy sees the cards"
    );
    let third = CatanCk::view(&s, Viewer::Seat(Seat(2))).cities_knights.unwrap();
    assert_eq!(third.players[1].progress, None, "nobody else does");
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::TakeProgress { card: P::Bishop }));
    assert_eq!(ck(&s).players[0].progress.get(P::Bishop), 1);
}

#[test]
fn ck_card_warlord_activates_all_knights() {
    let mut s = base();
    knight(&mut s, 0, r(1), 1, false);
    knight(&mut s, 0, r(2), 2, false);
    give_p(&mut s, 0, P::Warlord);
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Warlord }),
    );
    let c = &ck(&s).players[0];
    assert_eq!(c.active(), s.knights(0));
    // `ck.knight.not_this_turn`: activated by Warlord, they cannot act now.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(1), to: r(3) }),
        "ck.knight.not_this_turn",
    );
}

#[test]
fn ck_card_wedding_richer_players_give_two() {
    let mut s = base();
    city(&mut s, 1, corner(11, 0), corner(11, 1));
    give(&mut s, 1, &[(Resource::Wool, 1)]);
    give_c(&mut s, 1, &[(Commodity::Coin, 2)]);
    give(&mut s, 2, &[(Resource::Ore, 4)]);
    give_p(&mut s, 0, P::Wedding);
    let mut s = done(s);
    // Seat 1: 3 VP > 2; seat 2: 1 VP.
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Wedding }),
    );
    let mut owed = [0u8; 6];
    owed[1] = 2;
    assert_eq!(s.phase, Phase::Ck(CkPhase::Wedding { owed }));
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::GiveCard { card: Card::Coin }));
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::GiveCard { card: Card::Wool }));
    assert_eq!(s.players[0].hand.get(Resource::Wool), 1);
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Coin), 1);
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
}

#[test]
fn ck_card_commercial_harbor_resource_for_commodity() {
    let mut s = base();
    give(&mut s, 0, &[(Resource::Brick, 2)]);
    give_c(&mut s, 1, &[(Commodity::Paper, 1)]);
    give_p(&mut s, 0, P::CommercialHarbor);
    let mut s = done(s);
    let offer = Action::Ck(CkAction::HarborOffer {
        to: Seat(1),
        resource: Resource::Brick,
    });
    assert_refused::<CatanCk>(&s, Seat(0), &offer, "ck.card.commercial_harbor");
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress {
            card: P::CommercialHarbor,
        }),
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &offer);
    assert_eq!(CatanCk::to_act(&s), ToAct::Seats(SeatSet::single(Seat(1))));
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::GiveCard { card: Card::Paper }));
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Paper), 1);
    assert_eq!(s.players[1].hand.get(Resource::Brick), 1);
    // Once per opponent and turn; an opponent without commodities gives nothing.
    assert_refused::<CatanCk>(&s, Seat(0), &offer, "ck.card.commercial_harbor");
    let to2 = Action::Ck(CkAction::HarborOffer {
        to: Seat(2),
        resource: Resource::Brick,
    });
    assert_accepted::<CatanCk>(&mut s, Seat(0), &to2);
    assert_eq!(s.players[0].hand.get(Resource::Brick), 1, "the card stays");
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    // The permission ends with the turn.
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::EndTurn));
    assert!(!ck(&s).turn.harbor);
}

#[test]
fn ck_card_master_merchant_takes_two() {
    let mut s = base();
    city(&mut s, 1, corner(11, 0), corner(11, 1));
    give(&mut s, 1, &[(Resource::Wool, 1)]);
    give_c(&mut s, 1, &[(Commodity::Coin, 2)]);
    give_p(&mut s, 0, P::MasterMerchant);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayMasterMerchant { victim: Seat(2) }),
        "ck.decide.card_targets",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayMasterMerchant { victim: Seat(1) }),
    );
    // The card's player sees the target's cards.
    let v = CatanCk::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(v.players[1].hand.map(|h| h.get(Resource::Wool)), Some(1));
    assert_eq!(CatanCk::view(&s, Viewer::Seat(Seat(2))).players[1].hand, None);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::TakeCard { card: Card::Coin }));
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::TakeCard { card: Card::Wool }));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(catan::query::card_count(&s, Seat(1)), 1);
}

/// `ck.card.merchant`, `ck.merchant.place`, `ck.merchant.trade`, `ck.merchant.vp`.
#[test]
fn ck_card_merchant_place_trade_and_point() {
    let mut s = base();
    give_p(&mut s, 0, P::Merchant);
    give(&mut s, 0, &[(Resource::Ore, 2)]);
    let mut s = done(s);
    // `ck.decide.merchant_hex`: never the desert, only at an own building.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayMerchant { hex: HexId(9) }),
        "ck.decide.merchant_hex",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayMerchant { hex: HexId(18) }),
        "ck.decide.merchant_hex",
    );
    assert_eq!(s.board.tiles[0].terrain, Terrain::Mountains);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayMerchant { hex: HexId(0) }));
    // `ck.merchant.vp` and `ck.merchant.trade`.
    assert_eq!(s.points(Seat(0)), 3);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Ore,
            get: Card::Brick,
        }),
    );
    assert_eq!(s.players[0].hand.get(Resource::Brick), 1);
}

#[test]
fn ck_card_merchant_fleet_two_for_one_this_turn() {
    let mut s = base();
    give_p(&mut s, 0, P::MerchantFleet);
    give(&mut s, 0, &[(Resource::Wool, 4)]);
    let mut s = done(s);
    let mut two = s.clone();
    two.players[0].hand.0[Resource::Wool.index()] = 2;
    two.bank.0[Resource::Wool.index()] += 2;
    assert_refused::<CatanCk>(
        &two,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Wool,
            get: Card::Coin,
        }),
        "ck.trade.bank",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayMerchantFleet { card: Card::Wool }),
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Wool,
            get: Card::Coin,
        }),
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::BankTrade {
            rate: None,
            give: Card::Wool,
            get: Card::Grain,
        }),
    );
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Coin), 1);
    assert!(s.players[0].hand.get(Resource::Wool) == 0, "2 + 2 wool");
}

/// `ck.card.resource_monopoly` and `ck.card.trade_monopoly`.
#[test]
fn ck_card_resource_and_trade_monopoly() {
    let mut s = base();
    give(&mut s, 1, &[(Resource::Grain, 3)]);
    give(&mut s, 2, &[(Resource::Grain, 1)]);
    give_c(&mut s, 1, &[(Commodity::Cloth, 2)]);
    give_p(&mut s, 0, P::ResourceMonopoly);
    give_p(&mut s, 0, P::TradeMonopoly);
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayResourceMonopoly {
            resource: Resource::Grain,
        }),
    );
    assert_eq!(
        s.players[0].hand.get(Resource::Grain),
        3,
        "2 from seat 1, all (1) from seat 2"
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayTradeMonopoly {
            commodity: Commodity::Cloth,
        }),
    );
    assert_eq!(ck(&s).players[0].commodities.get(Commodity::Cloth), 1);
    assert_eq!(ck(&s).players[1].commodities.get(Commodity::Cloth), 1);
}

/// `ck.progress.resolve_fully`: while a card's choices are open nothing else goes.
#[test]
fn ck_progress_resolve_fully() {
    let mut s = base();
    knight(&mut s, 0, r(1), 1, false);
    knight(&mut s, 0, r(3), 1, false);
    give_p(&mut s, 0, P::Smith);
    give(&mut s, 0, &[(Resource::Brick, 1), (Resource::Lumber, 1)]);
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayProgress { card: P::Smith }));
    let e = Shape::Base.topology().edge_between(r(4), r(5)).unwrap();
    let r = CatanCk::check(&s, Seat(0), &Action::Base(BaseAction::BuildRoad { edge: e })).unwrap_err();
    assert!(matches!(r, engine::Rejection::WrongPhase { .. }), "{r:?}");
    let r = CatanCk::check(&s, Seat(0), &Action::Base(BaseAction::EndTurn)).unwrap_err();
    assert!(matches!(r, engine::Rejection::WrongPhase { .. }), "{r:?}");
}

/// `ck.card.printer` and `ck.card.constitution`: never played, 1 VP each once drawn.
#[test]
fn ck_card_printer_and_constitution_are_points_not_plays() {
    let mut s = base();
    cp(&mut s, 0).levels[Track::Politics.index()] = 1;
    let mut s = done(s);
    roll(&mut s, 1, 1, EventFace::Gate(Track::Politics));
    chance(&mut s, Chance::Ck(CkChance::Progress { card: P::Constitution }));
    assert_eq!(ck(&s).players[0].vp_cards.get(P::Constitution), 1);
    assert_eq!(s.points(Seat(0)), 3);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Constitution }),
        "ck.progress.own_turn",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress { card: P::Printer }),
        "ck.progress.own_turn",
    );
}

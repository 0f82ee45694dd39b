//! Heroes and squires (`rules/heroes.md`): one scenario per `snh.*` rule id,
//! built from a position on the beginner board, including the seed's movement
//! example (`snh.squire.example_a`, `_b`, `_c`) word for word.

use crate::ck;
use catan::{BaseAction, BasePhase, CkAction, CkEvent, CkPhase};

use catan::query::{attackable_by, hero_protection, Location, PieceKind, Reason};
use catan::query::{edge_between_hexes, hex_neighbours as neighbours};
use catan::HERO_RULE_IDS;
use catan::{Action, CatanCk, Config, Event, HexId, NodeId, Phase, Resource, Rules, Shape, Terrain};
use catan::{Commodity, ProgressCard};
use ck::*;
use engine::{Game, Seat, Viewer};
use testkit::scenario::{assert_accepted, assert_refused};

/// A heroes game in the main phase of turn 10, seat 0 to act.
fn hpos(players: usize) -> State {
    let mut s = position(players);
    s.rules = Rules::CitiesKnightsHeroes;
    s
}

/// Ring node `k` of hex 0.
fn r(k: usize) -> NodeId {
    corner(0, k % 6)
}

/// Seat 0: a settlement on ring node 0, roads along the ring to node 4.
fn ring() -> State {
    let mut s = hpos(3);
    settle(&mut s, 0, r(0), r(1));
    road_path(&mut s, 0, &[r(1), r(2), r(3), r(4)]);
    s
}

fn terrain(s: &State, h: HexId) -> Terrain {
    s.board.tiles[h.index()].terrain
}

fn hexes_of(node: NodeId) -> Vec<HexId> {
    let m = Shape::Base.topology().node_hexes[node.index()];
    (0..19u8).filter(|&i| m & (1 << i) != 0).map(HexId).collect()
}

fn set_hero(s: &mut State, seat: u8, node: NodeId) {
    cp(s, seat).roster.insert(catan::KnightBit::Hero, node);
}

fn squire(s: &mut State, seat: u8, hex: HexId) {
    cp(s, seat).heroes.squires.insert(hex);
}

fn squires(s: &State, seat: u8) -> Vec<HexId> {
    ck(s).players[seat as usize].heroes.squires.iter().collect()
}

fn hero_of(s: &State, seat: u8) -> Vec<NodeId> {
    ck(s).players[seat as usize].hero().iter().collect()
}

fn desert(s: &State) -> HexId {
    s.board.desert()
}

/// A land hex, not the desert, with a neighbour of terrain `t`: (from, to).
fn step_onto(s: &State, t: Terrain) -> (HexId, HexId) {
    for a in 0..19u8 {
        let a = HexId(a);
        if terrain(s, a) == Terrain::Desert {
            continue;
        }
        if let Some(b) = neighbours(Shape::Base.topology(), a).find(|&b| terrain(s, b) == t) {
            return (a, b);
        }
    }
    panic!("no hex next to {t:?}");
}

/// The two nodes of the edge between two hexes.
fn edge_nodes(a: HexId, b: HexId) -> [NodeId; 2] {
    Shape::Base.topology().edge_nodes[edge_between_hexes(Shape::Base.topology(), a, b)
        .expect("neighbours")
        .index()]
}

// ---------------------------------------------------------------- rule set

/// The rule set `cities_knights_heroes`: 13 points, C&K JSON without heroes unchanged.
#[test]
fn snh_rule_set_and_json() {
    let c: Config = serde_json::from_str(r#"{"rules":"cities_knights_heroes"}"#).unwrap();
    assert_eq!(c, Config::cities_knights_heroes());
    assert_eq!(c.victory_points, 13);
    let plain = serde_json::to_string(ck(&position(3))).unwrap();
    assert!(!plain.contains("heroes"), "C&K JSON stays as it was");
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    set_hero(&mut s, 0, r(1));
    squire(&mut s, 0, HexId(0));
    let s = done(s);
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains(r#""heroes":{"hero":["#), "{json}");
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let ids: Vec<&str> = HERO_RULE_IDS.to_vec();
    assert!(ids.iter().all(|i| i.starts_with("snh.")));
}

// ---------------------------------------------------------------- heroes

/// `snh.hero.upgrade`: after the roll, an own knight becomes the hero for one
/// commodity of any kind; it keeps node, level and status; allowed in the turn
/// it was built; refused for other knights, without the commodity, before the
/// roll and in C&K games without heroes.
#[test]
fn snh_hero_upgrade() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 2, true);
    give_c(&mut s, 0, &[(Commodity::Cloth, 1)]);
    let s0 = done(s.clone());
    let mut s = s0.clone();
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::UpgradeHero {
            node: r(2),
            commodity: Commodity::Cloth,
        }),
        "snh.hero.upgrade",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::UpgradeHero {
            node: r(1),
            commodity: Commodity::Paper,
        }),
        "catan.pay.insufficient",
    );
    let events = assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::UpgradeHero {
            node: r(1),
            commodity: Commodity::Cloth,
        }),
    );
    assert!(events.contains(&Event::Ck(CkEvent::HeroUpgraded {
        seat: Seat(0),
        node: r(1),
        commodity: Commodity::Cloth
    })));
    assert_eq!(hero_of(&s, 0), vec![r(1)]);
    let c = &ck(&s).players[0];
    assert_eq!(c.commodities.get(Commodity::Cloth), 0);
    assert_eq!(ck(&s).bank.get(Commodity::Cloth), 12);
    assert!(
        c.strong().contains(r(1)) && c.active().contains(r(1)),
        "level and status kept"
    );
    // Before the roll.
    let mut b = s0.clone();
    b.phase = Phase::Base(BasePhase::Roll);
    assert_refused::<CatanCk>(
        &b,
        Seat(0),
        &Action::Ck(CkAction::UpgradeHero {
            node: r(1),
            commodity: Commodity::Cloth,
        }),
        "ck.turn.before_roll",
    );
    // A knight built this turn may be upgraded at once.
    let mut f = s0.clone();
    give(&mut f, 0, &[(Resource::Wool, 1), (Resource::Ore, 1)]);
    assert_accepted::<CatanCk>(&mut f, Seat(0), &Action::Ck(CkAction::BuildKnight { node: r(3) }));
    assert_accepted::<CatanCk>(
        &mut f,
        Seat(0),
        &Action::Ck(CkAction::UpgradeHero {
            node: r(3),
            commodity: Commodity::Cloth,
        }),
    );
    // Plain Cities & Knights knows no heroes.
    let mut p = s0.clone();
    p.rules = Rules::CitiesKnights;
    let p = done(p);
    assert_refused::<CatanCk>(
        &p,
        Seat(0),
        &Action::Ck(CkAction::UpgradeHero {
            node: r(1),
            commodity: Commodity::Cloth,
        }),
        "snh.hero.upgrade",
    );
}

/// `snh.hero.marker`: the hero is one of the player's knight pieces; no wall
/// is used and the hand limit is unchanged.
#[test]
fn snh_hero_marker() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, false);
    give_c(&mut s, 0, &[(Commodity::Coin, 1)]);
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::UpgradeHero {
            node: r(1),
            commodity: Commodity::Coin,
        }),
    );
    let c = &ck(&s).players[0];
    assert!(c.walls.is_empty());
    assert_eq!(
        c.knights_left(s.knights(0), 1),
        1,
        "the hero is one of the two basic knights"
    );
    assert_eq!(s.knights(0).len(), 1);
}

/// `snh.hero.one_per_player`: one hero in play; after it leaves the board
/// another knight may be upgraded (`snh.decide.hero_lost`).
#[test]
fn snh_hero_one_per_player() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    knight(&mut s, 0, r(3), 1, true);
    set_hero(&mut s, 0, r(1));
    give_c(&mut s, 0, &[(Commodity::Paper, 2)]);
    give_p(&mut s, 0, ProgressCard::Intrigue);
    let mut s = done(s);
    let up = Action::Ck(CkAction::UpgradeHero {
        node: r(3),
        commodity: Commodity::Paper,
    });
    assert_refused::<CatanCk>(&s, Seat(0), &up, "snh.hero.one_per_player");
    // The hero leaves the board: seat 0's own hero cannot be targeted by
    // its own Intrigue, so take it off as the engine does (retreat impossible).
    ckm(&mut s).players[0].roster.remove(catan::KnightBit::Placed, r(1));
    cp(&mut s, 0).clear_knight(r(1));
    let mut s = done(s);
    assert!(hero_of(&s, 0).is_empty(), "hero status ends with the piece");
    assert_accepted::<CatanCk>(&mut s, Seat(0), &up);
    assert_eq!(hero_of(&s, 0), vec![r(3)]);
}

/// `snh.hero.promote` (and `snh.decide.relocated_hero`): a hero is promoted
/// as a knight and stays the hero.
#[test]
fn snh_hero_promote() {
    let mut s = ring();
    knight(&mut s, 0, r(1), 1, true);
    set_hero(&mut s, 0, r(1));
    give(&mut s, 0, &[(Resource::Wool, 2), (Resource::Ore, 2)]);
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PromoteKnight { node: r(1) }));
    assert_eq!(hero_of(&s, 0), vec![r(1)]);
    assert!(ck(&s).players[0].strong().contains(r(1)));
    // Once per turn, as for any knight; mighty needs the Fortress.
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::PromoteKnight { node: r(1) }),
        "ck.knight.promote",
    );
}

/// `snh.hero.is_knight`: the hero is activated for grain, moves along own
/// roads (the flag moves with it), defends against the barbarians and
/// blocks opposing roads.
#[test]
fn snh_hero_is_knight() {
    let mut s = ring();
    knight(&mut s, 0, r(2), 2, false);
    set_hero(&mut s, 0, r(2));
    give(&mut s, 0, &[(Resource::Grain, 1)]);
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::ActivateKnight { node: r(2) }));
    assert_eq!(ck(&s).players[0].defence(s.knights(0)), 2);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(2), to: r(4) }),
        "ck.knight.not_this_turn",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Base(BaseAction::EndTurn));
    s.current = Seat(0);
    s.phase = Phase::Base(BasePhase::Main);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(2), to: r(4) }),
    );
    assert_eq!(hero_of(&s, 0), vec![r(4)], "the flag moves with the knight");
    assert!(!ck(&s).players[0].active().contains(r(4)));
}

/// `snh.hero.one_action`: recruiting is the hero's action for the turn.
#[test]
fn snh_hero_one_action() {
    let mut s = ring();
    knight(&mut s, 0, r(2), 1, true);
    set_hero(&mut s, 0, r(2));
    let mut s = done(s);
    let hex = hexes_of(r(2))
        .into_iter()
        .find(|&h| terrain(&s, h) != Terrain::Desert)
        .unwrap();
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::RecruitSquire { hex }));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveKnight { from: r(2), to: r(4) }),
        "ck.knight.one_action",
    );
}

/// `snh.hero.not_attackable`: a hero on a squire's hex is not listed; an
/// ordinary knight there is.
#[test]
fn snh_hero_not_attackable() {
    let mut s = hpos(3);
    let h = HexId(0);
    settle(&mut s, 1, r(0), r(1));
    road_path(&mut s, 1, &[r(1), r(2), r(3)]);
    knight(&mut s, 1, r(1), 1, true);
    knight(&mut s, 1, r(3), 1, true);
    set_hero(&mut s, 1, r(1));
    squire(&mut s, 0, h);
    let s = done(s);
    let list = attackable_by(&s, Seat(0));
    assert!(list.iter().all(|a| a.location != Location::Node(r(1))), "{list:?}");
    assert!(list
        .iter()
        .any(|a| a.location == Location::Node(r(3)) && a.kind == PieceKind::Knight));
}

/// Seat 1's active hero of `strength` on `r(3)`, with a squire on a hex next
/// to it; if `relocatable`, a road of seat 1 leads on to a free
/// intersection, otherwise the hero has nowhere to retreat. Returns the
/// squire's hex.
fn hero_at_r3(s: &mut State, relocatable: bool, strength: u8) -> HexId {
    let x = Shape::Base.topology().node_neighbors[r(3).index()]
        .iter()
        .find(|n| !Shape::Base.topology().hex_node_set[0].contains(*n))
        .unwrap();
    if relocatable {
        let y = Shape::Base.topology().node_neighbors[x.index()]
            .iter()
            .find(|&n| {
                n != r(3)
                    && Shape::Base.topology().node_neighbors[n.index()]
                        .iter()
                        .all(|m| !s.occupied().contains(m))
            })
            .unwrap();
        settle(s, 1, y, x);
        road(s, 1, x, r(3));
    } else {
        settle(s, 1, x, r(3));
    }
    knight(s, 1, r(3), strength, true);
    set_hero(s, 1, r(3));
    let sq = hexes_of(x).into_iter().find(|&h| h != desert(s)).unwrap();
    squire(s, 1, sq);
    sq
}

/// `snh.hero.displace`: a displaced hero its owner relocates stays the hero
/// (`snh.decide.relocated_hero`); one that must leave the board loses hero
/// status, and its squires stay (`snh.squire.stay`, `snh.decide.hero_lost`).
#[test]
fn snh_hero_displace() {
    for relocatable in [true, false] {
        let mut s = ring();
        knight(&mut s, 0, r(1), 2, true);
        let sq = hero_at_r3(&mut s, relocatable, 1);
        let mut s = done(s);
        assert_accepted::<CatanCk>(
            &mut s,
            Seat(0),
            &Action::Ck(CkAction::DisplaceKnight { from: r(1), to: r(3) }),
        );
        if relocatable {
            assert!(matches!(s.phase, Phase::Ck(CkPhase::Relocate { seat: Seat(1), .. })));
            assert!(ck(&s).players[1].heroes.relocating);
            let node = {
                let mut l = Vec::new();
                CatanCk::legal_actions(&s, Seat(1), &mut l);
                match l[0] {
                    Action::Ck(CkAction::RelocateKnight { node }) => node,
                    a => panic!("{a:?}"),
                }
            };
            assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::RelocateKnight { node }));
            assert_eq!(hero_of(&s, 1), vec![node], "still the hero");
            assert!(!ck(&s).players[1].heroes.relocating);
        } else {
            assert!(hero_of(&s, 1).is_empty(), "hero status ends off the board");
            assert!(!hero_protection(&s, Seat(1)));
        }
        assert_eq!(squires(&s, 1), vec![sq], "squires stay");
        CatanCk::validate(&s).unwrap();
    }
}

/// `snh.hero.deserter`: the target may remove the hero; hero status ends, the
/// card's player places an ordinary knight, squires stay.
#[test]
fn snh_hero_deserter() {
    let mut s = ring();
    road(&mut s, 1, corner(18, 2), corner(18, 1));
    s.players[1].settlements.insert(corner(18, 2));
    knight(&mut s, 1, corner(18, 1), 2, true);
    set_hero(&mut s, 1, corner(18, 1));
    squire(&mut s, 1, HexId(18));
    give_p(&mut s, 0, ProgressCard::Deserter);
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayDeserter { victim: Seat(1) }));
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(1),
        &Action::Ck(CkAction::RemoveKnight { node: corner(18, 1) }),
    );
    assert!(hero_of(&s, 1).is_empty());
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::BuildKnight { node: r(2) }));
    assert!(hero_of(&s, 0).is_empty(), "hero status never passes over");
    assert_eq!(ck(&s).players[0].strength(s.knights(0), r(2)), 2);
    assert_eq!(squires(&s, 1), vec![HexId(18)]);
}

/// `snh.hero.not_captain`: the engine has no captain and no upgrade to one;
/// the only hero actions are upgrade and recruit.
#[test]
fn snh_hero_not_captain() {
    let mut s = ring();
    knight(&mut s, 0, r(2), 1, true);
    set_hero(&mut s, 0, r(2));
    let s = done(s);
    let mut l = Vec::new();
    CatanCk::legal_actions(&s, Seat(0), &mut l);
    let hero_actions: Vec<_> = l
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Ck(CkAction::UpgradeHero { .. }) | Action::Ck(CkAction::RecruitSquire { .. })
            )
        })
        .collect();
    assert!(hero_actions
        .iter()
        .all(|a| matches!(a, Action::Ck(CkAction::RecruitSquire { .. }))));
    assert!(!hero_actions.is_empty());
}

/// `snh.hero.protection`: true while the seat has a hero on the board, active or not.
#[test]
fn snh_hero_protection() {
    let mut s = ring();
    knight(&mut s, 0, r(2), 1, false);
    let s1 = done(s.clone());
    assert!(!hero_protection(&s1, Seat(0)));
    set_hero(&mut s, 0, r(2));
    let s2 = done(s);
    assert!(hero_protection(&s2, Seat(0)), "inactive hero protects");
    assert!(!hero_protection(&s2, Seat(1)));
    assert!(!hero_protection(&s2, Seat(7)));
}

// ---------------------------------------------------------------- squires

fn recruit_position() -> (State, Vec<HexId>) {
    let mut s = ring();
    knight(&mut s, 0, r(2), 1, true);
    set_hero(&mut s, 0, r(2));
    let s = done(s);
    let hexes: Vec<HexId> = hexes_of(r(2))
        .into_iter()
        .filter(|&h| terrain(&s, h) != Terrain::Desert)
        .collect();
    assert!(hexes.len() >= 2);
    (s, hexes)
}

/// `snh.squire.recruit`: deactivating the active hero places a squire; the
/// hero must be active and not activated this turn.
#[test]
fn snh_squire_recruit() {
    let (mut s, hexes) = recruit_position();
    let events = assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::RecruitSquire { hex: hexes[0] }));
    assert!(events.contains(&Event::Ck(CkEvent::SquireRecruited {
        seat: Seat(0),
        hero: r(2),
        hex: hexes[0]
    })));
    assert_eq!(squires(&s, 0), vec![hexes[0]]);
    let c = &ck(&s).players[0];
    assert!(
        !c.active().contains(r(2)) && c.acted().contains(r(2)),
        "the hero is deactivated"
    );
    assert_eq!(s.players[0].hand.total(), 0, "costs nothing else");
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: hexes[1] }),
        "ck.knight.one_action",
    );
    // Inactive, and freshly activated.
    let (mut s, hexes) = recruit_position();
    cp(&mut s, 0).roster.remove(catan::KnightBit::Active, r(2));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: hexes[0] }),
        "ck.knight.action_needs_active",
    );
    give(&mut s, 0, &[(Resource::Grain, 1)]);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::ActivateKnight { node: r(2) }));
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: hexes[0] }),
        "ck.knight.not_this_turn",
    );
}

/// `snh.squire.recruit_hex`: only a land hex touching the hero, not the
/// desert, without a squire.
#[test]
fn snh_squire_recruit_hex() {
    let (s, hexes) = recruit_position();
    let far = (0..19u8)
        .map(HexId)
        .find(|h| !hexes_of(r(2)).contains(h) && terrain(&s, *h) != Terrain::Desert)
        .unwrap();
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: far }),
        "snh.squire.recruit_hex",
    );
    let mut t = s.clone();
    squire(&mut t, 1, hexes[0]);
    let t = done(t);
    assert_refused::<CatanCk>(
        &t,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: hexes[0] }),
        "snh.squire.recruit_hex",
    );
    // The desert: a hero on a desert corner.
    let mut d = hpos(3);
    let dn = Shape::Base.topology().hex_nodes[desert(&d).index()];
    settle(&mut d, 0, dn[0], dn[1]);
    knight(&mut d, 0, dn[1], 1, true);
    set_hero(&mut d, 0, dn[1]);
    let d = done(d);
    assert_refused::<CatanCk>(
        &d,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: desert(&d) }),
        "snh.squire.recruit_hex",
    );
}

/// `snh.squire.none_left` and `snh.squire.pieces`: two squires per player.
#[test]
fn snh_squire_none_left_and_pieces() {
    let (mut s, hexes) = recruit_position();
    let far: Vec<HexId> = (0..19u8)
        .map(HexId)
        .filter(|h| !hexes.contains(h) && terrain(&s, *h) != Terrain::Desert)
        .take(2)
        .collect();
    squire(&mut s, 0, far[0]);
    squire(&mut s, 0, far[1]);
    let s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: hexes[0] }),
        "snh.squire.none_left",
    );
    let mut bad = s.clone();
    squire(&mut bad, 0, hexes[0]);
    assert!(CatanCk::validate(&bad)
        .unwrap_err()
        .iter()
        .any(|p| p.en.contains("squires")));
}

/// `snh.squire.hero_only`: without a hero no squire is recruited
/// (`snh.decide.squire_without_hero`: squires on the board still move).
#[test]
fn snh_squire_hero_only() {
    let (mut s, hexes) = recruit_position();
    cp(&mut s, 0).roster.remove(catan::KnightBit::Hero, r(2));
    let (from, to) = step_onto(&s, Terrain::Hills);
    squire(&mut s, 0, from);
    give(&mut s, 0, &[(Resource::Brick, 1)]);
    let mut s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex: hexes[0] }),
        "snh.squire.hero_only",
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
}

/// `snh.squire.move` and `snh.squire.move.cost`: one step to a neighbouring
/// hex, paid with a card of the target's kind; steps not to a neighbour, or
/// from a hex without an own squire, are refused; several steps a turn, each paid.
#[test]
fn snh_squire_move_and_cost() {
    let mut s = hpos(3);
    let (from, to) = step_onto(&s, Terrain::Mountains);
    squire(&mut s, 0, from);
    give(&mut s, 0, &[(Resource::Ore, 1)]);
    let mut s = done(s);
    let far = (0..19u8)
        .map(HexId)
        .find(|&h| {
            h != from && !neighbours(Shape::Base.topology(), from).any(|n| n == h) && terrain(&s, h) != Terrain::Desert
        })
        .unwrap();
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from, to: far }),
        "snh.squire.move",
    );
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from: to, to: from }),
        "snh.squire.move",
    );
    let events = assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
    assert!(events.contains(&Event::Ck(CkEvent::SquireMoved {
        seat: Seat(0),
        from,
        to,
        paid: Some(Resource::Ore),
        displaced: None
    })));
    assert_eq!(squires(&s, 0), vec![to]);
    assert_eq!(s.players[0].hand.total(), 0);
    // A second step in the same turn is paid again.
    let back = neighbours(Shape::Base.topology(), to)
        .find(|&h| terrain(&s, h) != Terrain::Desert)
        .unwrap();
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from: to, to: back }),
        "catan.pay.insufficient",
    );
    let res = terrain(&s, back).resource().unwrap();
    give(&mut s, 0, &[(res, 1)]);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from: to, to: back }),
    );
    // Not in another's turn, not before the roll.
    let mut b = s.clone();
    b.phase = Phase::Base(BasePhase::Roll);
    let res = terrain(&b, to).resource().unwrap();
    give(&mut b, 0, &[(res, 1)]);
    assert_refused::<CatanCk>(
        &b,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from: back, to }),
        "ck.turn.before_roll",
    );
}

/// `snh.squire.move.blocked`: an opposing road on the edge between blocks;
/// buildings and knights do not.
#[test]
fn snh_squire_move_blocked() {
    let mut s = hpos(3);
    let (from, to) = step_onto(&s, Terrain::Pasture);
    let [a, b] = edge_nodes(from, to);
    settle(&mut s, 1, a, b);
    squire(&mut s, 0, from);
    give(&mut s, 0, &[(Resource::Wool, 1)]);
    let s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from, to }),
        "snh.squire.move.blocked",
    );
    let mut t = s.clone();
    t.players[1].roads = catan::EdgeSet::EMPTY;
    t.players[1].settlements = catan::NodeSet::EMPTY;
    t.players[1].cities.insert(a);
    road(&mut t, 1, a, off(a, b));
    let mut t = done(t);
    assert_accepted::<CatanCk>(&mut t, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
}

/// A neighbour of `a` other than `b`.
fn off(a: NodeId, b: NodeId) -> NodeId {
    Shape::Base.topology().node_neighbors[a.index()]
        .iter()
        .find(|&n| n != b)
        .unwrap()
}

/// `snh.squire.move.free_over_own_road`: across an own road a step is free.
#[test]
fn snh_squire_move_free_over_own_road() {
    let mut s = hpos(3);
    let (from, to) = step_onto(&s, Terrain::Hills);
    let [a, b] = edge_nodes(from, to);
    settle(&mut s, 0, a, b);
    squire(&mut s, 0, from);
    let mut s = done(s);
    let ev = assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
    assert!(matches!(ev[0], Event::Ck(CkEvent::SquireMoved { paid: None, .. })));
}

/// `snh.squire.move.no_desert`: never onto the desert, even for free.
#[test]
fn snh_squire_move_no_desert() {
    let mut s = hpos(3);
    let d = desert(&s);
    let from = neighbours(Shape::Base.topology(), d).next().unwrap();
    let [a, b] = edge_nodes(from, d);
    settle(&mut s, 0, a, b);
    squire(&mut s, 0, from);
    let s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from, to: d }),
        "snh.squire.move.no_desert",
    );
    let mut bad = s.clone();
    squire(&mut bad, 1, d);
    assert!(CatanCk::validate(&bad)
        .unwrap_err()
        .iter()
        .any(|p| p.en.contains("desert")));
}

/// `snh.squire.one_per_hex`: never onto an own squire; two squires on a hex
/// are inconsistent.
#[test]
fn snh_squire_one_per_hex() {
    let mut s = hpos(3);
    let (from, to) = step_onto(&s, Terrain::Fields);
    squire(&mut s, 0, from);
    squire(&mut s, 0, to);
    give(&mut s, 0, &[(Resource::Grain, 1)]);
    let s = done(s);
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::MoveSquire { from, to }),
        "snh.squire.one_per_hex",
    );
    let mut bad = s.clone();
    squire(&mut bad, 1, to);
    assert!(!CatanCk::validate(&bad).unwrap_err().is_empty());
}

/// `snh.squire.displace` (`snh.decide.recruit_after_displacement`): a step
/// onto an opposing squire sends it to its owner's supply; the owner's hero
/// recruits it again.
#[test]
fn snh_squire_displace() {
    let mut s = hpos(3);
    let (from, to) = step_onto(&s, Terrain::Forest);
    squire(&mut s, 0, from);
    squire(&mut s, 1, to);
    squire(&mut s, 1, HexId(if from.0 == 0 || to.0 == 0 { 18 } else { 0 }));
    give(&mut s, 0, &[(Resource::Lumber, 1)]);
    let mut s = done(s);
    let ev = assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to }));
    assert!(matches!(
        ev[0],
        Event::Ck(CkEvent::SquireMoved {
            displaced: Some(Seat(1)),
            ..
        })
    ));
    assert_eq!(squires(&s, 0), vec![to]);
    assert_eq!(squires(&s, 1).len(), 1);
    assert_eq!(ck(&s).players[1].heroes.squires_left(), 1, "back in the supply");
}

/// `snh.squire.stay`: squires are no knights: they do not block a robber
/// move, are untouched by the robber, do not count for defence, and stay
/// when the hero leaves (see `snh_hero_displace`, `snh_hero_deserter`).
#[test]
fn snh_squire_stay() {
    let mut s = hpos(3);
    let h = (0..19u8).map(HexId).find(|&h| h != s.robber).unwrap();
    squire(&mut s, 1, h);
    s.phase = Phase::Base(BasePhase::MoveRobber {
        resume: catan::Resume::Main,
    });
    ckm(&mut s).robber_awake = true;
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber { hex: h, victim: None }),
    );
    assert_eq!(squires(&s, 1), vec![h]);
    assert_eq!(ck(&s).players[1].defence(s.knights(1)), 0);
}

/// `snh.squire.no_unit_effect`: battle units are out of scope; a squire
/// changes no production, building or knight rule on its hex.
#[test]
fn snh_squire_no_unit_effect() {
    let mut s = ring();
    squire(&mut s, 1, HexId(0));
    give(&mut s, 0, &[(Resource::Wool, 1), (Resource::Ore, 1)]);
    let mut s = done(s);
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::BuildKnight { node: r(2) }));
}

// ---------------------------------------------------------------- the seed's example

/// Three hexes around one intersection: a land start `s`, a forest `w`, a fields `f`.
fn triangle(st: &State) -> (HexId, HexId, HexId, NodeId) {
    for x in 0..54u8 {
        let x = NodeId(x);
        let hs = hexes_of(x);
        if hs.len() != 3 {
            continue;
        }
        let w = hs.iter().find(|&&h| terrain(st, h) == Terrain::Forest);
        let f = hs.iter().find(|&&h| terrain(st, h) == Terrain::Fields);
        let s = hs
            .iter()
            .find(|&&h| !matches!(terrain(st, h), Terrain::Forest | Terrain::Fields | Terrain::Desert));
        if let (Some(&w), Some(&f), Some(&s)) = (w, f, s) {
            return (s, w, f, x);
        }
    }
    panic!("no start/forest/fields triangle on the beginner board");
}

/// `snh.squire.example_a`: player A (orange) moves a squire onto a forest hex
/// across an edge holding A's own road: no card is paid.
#[test]
fn snh_squire_example_a() {
    let mut s = hpos(3);
    let (from, forest) = step_onto(&s, Terrain::Forest);
    let [a, b] = edge_nodes(from, forest);
    settle(&mut s, 0, a, b);
    squire(&mut s, 0, from);
    let mut s = done(s);
    let before = s.players[0].hand;
    let ev = assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::MoveSquire { from, to: forest }));
    assert!(matches!(ev[0], Event::Ck(CkEvent::SquireMoved { paid: None, .. })));
    assert_eq!(s.players[0].hand, before, "no card is paid");
    assert_eq!(squires(&s, 0), vec![forest]);
}

/// `snh.squire.example_b`: player B (blue) moves a squire onto a fields hex
/// across an edge without an own road: B pays 1 grain.
#[test]
fn snh_squire_example_b() {
    let mut s = hpos(3);
    s.current = Seat(1);
    let (from, fields) = step_onto(&s, Terrain::Fields);
    squire(&mut s, 1, from);
    give(&mut s, 1, &[(Resource::Grain, 1)]);
    let mut s = done(s);
    let bank = s.bank.get(Resource::Grain);
    assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::MoveSquire { from, to: fields }));
    assert_eq!(s.players[1].hand.get(Resource::Grain), 0, "B pays 1 grain");
    assert_eq!(s.bank.get(Resource::Grain), bank + 1);
    assert_eq!(squires(&s, 1), vec![fields]);
}

/// `snh.squire.example_c`: player C (white) cannot step directly onto the
/// neighbouring fields hex, because the edge between holds an opposing road
/// (refused, `snh.squire.move.blocked`). C steps first onto a forest hex that
/// touches both, then onto the fields; both edges hold C's own roads, so the
/// whole detour costs nothing.
#[test]
fn snh_squire_example_c() {
    let mut s = hpos(3);
    s.current = Seat(2);
    let (start, forest, fields, x) = triangle(&s);
    let other = |a: HexId, b: HexId| {
        let [p, q] = edge_nodes(a, b);
        if p == x {
            q
        } else {
            p
        }
    };
    // Opponent (seat 0) road on start|fields, C's roads on start|forest and forest|fields.
    settle(&mut s, 0, other(start, fields), x);
    settle(&mut s, 2, other(start, forest), x);
    road(&mut s, 2, x, other(forest, fields));
    squire(&mut s, 2, start);
    give(&mut s, 2, &[(Resource::Grain, 1), (Resource::Lumber, 1)]);
    let mut s = done(s);
    let hand = s.players[2].hand;
    assert_refused::<CatanCk>(
        &s,
        Seat(2),
        &Action::Ck(CkAction::MoveSquire {
            from: start,
            to: fields,
        }),
        "snh.squire.move.blocked",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(2),
        &Action::Ck(CkAction::MoveSquire {
            from: start,
            to: forest,
        }),
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(2),
        &Action::Ck(CkAction::MoveSquire {
            from: forest,
            to: fields,
        }),
    );
    assert_eq!(squires(&s, 2), vec![fields]);
    assert_eq!(s.players[2].hand, hand, "the whole detour costs nothing");
}

// ---------------------------------------------------------------- attackability

/// `snh.attack.squire`: every opposing piece on the squire's hex, each once,
/// with kind and reason, sorted; own pieces never.
#[test]
fn snh_attack_squire() {
    let mut s = hpos(3);
    let h = HexId(0);
    settle(&mut s, 1, r(0), r(1));
    road(&mut s, 1, r(1), r(2));
    s.players[1].cities.insert(r(3));
    road(&mut s, 1, r(3), r(4));
    knight(&mut s, 1, r(2), 1, false);
    squire(&mut s, 0, h);
    let s = done(s);
    let list = attackable_by(&s, Seat(0));
    let kinds: Vec<(Location, PieceKind)> = list.iter().map(|a| (a.location, a.kind)).collect();
    let mut want = vec![
        (Location::Node(r(0)), PieceKind::Settlement),
        (Location::Node(r(2)), PieceKind::Knight),
        (Location::Node(r(3)), PieceKind::City),
    ];
    for (a, b) in [(r(0), r(1)), (r(1), r(2)), (r(3), r(4))] {
        want.push((Location::Edge(edge(a, b)), PieceKind::Road));
    }
    want.sort();
    assert_eq!(kinds, want);
    assert!(list
        .iter()
        .all(|a| a.owner == Seat(1) && a.reasons == vec![Reason::Squire { hex: h }]));
    assert!(
        attackable_by(&s, Seat(1)).is_empty(),
        "seat 1 has no squire nor a building near seat 0"
    );
    // Pure: a view sees the same pieces, and plain C&K lists nothing.
    let _ = CatanCk::view(&s, Viewer::Spectator);
    let mut p = s.clone();
    p.rules = Rules::CitiesKnights;
    assert!(attackable_by(&p, Seat(0)).is_empty());
}

/// `snh.attack.adjacent`: opposing pieces sharing an intersection with the
/// seat's roads, settlements or cities; two reasons merge into one entry.
#[test]
fn snh_attack_adjacent() {
    let mut s = hpos(3);
    settle(&mut s, 0, r(0), r(1));
    // Seat 1's road continues from r(1): it shares r(1) with seat 0's road.
    settle(&mut s, 1, r(3), r(2));
    road(&mut s, 1, r(2), r(1));
    let s = done(s);
    let list = attackable_by(&s, Seat(0));
    let locs: Vec<Location> = list.iter().map(|a| a.location).collect();
    assert_eq!(locs, vec![Location::Edge(edge(r(1), r(2)))]);
    assert_eq!(list[0].reasons, vec![Reason::Adjacent]);
    let mut t = s.clone();
    squire(&mut t, 0, HexId(0));
    let t = done(t);
    let list = attackable_by(&t, Seat(0));
    let road12 = list
        .iter()
        .find(|a| a.location == Location::Edge(edge(r(1), r(2))))
        .unwrap();
    assert_eq!(road12.reasons, vec![Reason::Squire { hex: HexId(0) }, Reason::Adjacent]);
    assert_eq!(list.len(), 3, "settlement r3, roads r1-r2 and r2-r3: {list:?}");
}

// ---------------------------------------------------------------- views and validate

/// Hidden information: hero and squires are public in every view.
#[test]
fn snh_views_are_public() {
    let mut s = ring();
    knight(&mut s, 0, r(2), 1, true);
    set_hero(&mut s, 0, r(2));
    squire(&mut s, 0, HexId(0));
    let s = done(s);
    for viewer in [Viewer::Spectator, Viewer::Seat(Seat(1))] {
        let v = CatanCk::view(&s, viewer);
        let json = serde_json::to_string(&v).unwrap();
        assert!(json.contains(r#""heroes":{"hero":["#), "{json}");
    }
}

/// Loaded positions: the hero flag must be on an own knight, one at most;
/// nothing of heroes in plain C&K.
#[test]
fn snh_validate() {
    let mut s = ring();
    knight(&mut s, 0, r(2), 1, true);
    knight(&mut s, 0, r(3), 1, true);
    let base = done(s);
    let mut two = base.clone();
    set_hero(&mut two, 0, r(2));
    set_hero(&mut two, 0, r(3));
    assert!(CatanCk::validate(&two).is_err());
    let mut foreign = base.clone();
    set_hero(&mut foreign, 1, r(2));
    assert!(CatanCk::validate(&foreign).is_err());
    let mut plain = base.clone();
    plain.rules = Rules::CitiesKnights;
    squire(&mut plain, 0, HexId(0));
    assert!(CatanCk::validate(&plain).is_err());
}

/// `snh.hero.displace` by Intrigue (`snh.hero.is_knight`): a hero its owner can
/// relocate stays the hero; one without a spot leaves the board and loses hero
/// status; its squires stay (`snh.squire.stay`).
#[test]
fn snh_hero_displace_by_intrigue() {
    for relocatable in [true, false] {
        let mut s = ring();
        let sq = hero_at_r3(&mut s, relocatable, 3);
        give_p(&mut s, 0, ProgressCard::Intrigue);
        let mut s = done(s);
        assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PlayIntrigue { node: r(3) }));
        if relocatable {
            let mut l = Vec::new();
            CatanCk::legal_actions(&s, Seat(1), &mut l);
            let Action::Ck(CkAction::RelocateKnight { node }) = l[0] else {
                panic!("{l:?}")
            };
            assert_accepted::<CatanCk>(&mut s, Seat(1), &Action::Ck(CkAction::RelocateKnight { node }));
            assert_eq!(hero_of(&s, 1), vec![node]);
            assert!(ck(&s).players[1].mighty().contains(node), "level kept");
        } else {
            assert!(hero_of(&s, 1).is_empty());
        }
        assert_eq!(squires(&s, 1), vec![sq]);
        CatanCk::validate(&s).unwrap();
    }
}

/// `snh.hero.is_knight` with progress cards: Warlord activates the hero (which
/// then cannot recruit this turn) and Smith promotes it for free; it stays the hero.
#[test]
fn snh_hero_is_knight_warlord_and_smith() {
    let mut s = ring();
    knight(&mut s, 0, r(2), 1, false);
    set_hero(&mut s, 0, r(2));
    give_p(&mut s, 0, ProgressCard::Warlord);
    give_p(&mut s, 0, ProgressCard::Smith);
    let mut s = done(s);
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress {
            card: ProgressCard::Warlord,
        }),
    );
    assert!(ck(&s).players[0].active().contains(r(2)));
    let hex = hexes_of(r(2))
        .into_iter()
        .find(|&h| terrain(&s, h) != Terrain::Desert)
        .unwrap();
    assert_refused::<CatanCk>(
        &s,
        Seat(0),
        &Action::Ck(CkAction::RecruitSquire { hex }),
        "ck.knight.not_this_turn",
    );
    assert_accepted::<CatanCk>(
        &mut s,
        Seat(0),
        &Action::Ck(CkAction::PlayProgress {
            card: ProgressCard::Smith,
        }),
    );
    assert_accepted::<CatanCk>(&mut s, Seat(0), &Action::Ck(CkAction::PromoteKnight { node: r(2) }));
    assert!(ck(&s).players[0].strong().contains(r(2)));
    assert_eq!(hero_of(&s, 0), vec![r(2)]);
}

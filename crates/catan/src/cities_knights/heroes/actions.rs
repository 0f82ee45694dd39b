//! The actions of heroes and squires, all in the active player's main phase
//! (after the roll): upgrading a knight to the hero (`snh.hero.upgrade`),
//! recruiting a squire by deactivating the hero (`snh.squire.recruit`, a hero
//! action under the knight rules) and moving a squire one step
//! (`snh.squire.move`). Legal lists are built from the checks that refuse.

use super::HeroError;
use crate::action::{Action, Event};
use crate::cities_knights::cards::{Card, Commodity};
use crate::cities_knights::knights::check_can_act;
use crate::cities_knights::to_bank;
use crate::cities_knights::CkState;
use crate::cities_knights::KnightBit;
use crate::error::CatanError;
use crate::resource::Resource;
use crate::state::BaseState;
use crate::topology::{EdgeId, HexId, NodeId, Topology};
use crate::{CkAction, CkEvent};
use engine::{EventSink, Seat};

fn err(e: HeroError) -> CatanError {
    CatanError::CitiesKnights(e.into())
}

/// Whether two hexes share an edge, and which.
pub fn edge_between_hexes(t: &Topology, a: HexId, b: HexId) -> Option<EdgeId> {
    if a.index() >= t.hex_count()
        || b.index() >= t.hex_count()
        || a == b
        || t.hex_neighbors[a.index()] & (1 << b.0) == 0
    {
        return None;
    }
    let common = crate::bits::NodeSet(t.hex_node_set[a.index()].0 & t.hex_node_set[b.index()].0);
    let mut it = common.iter();
    let (x, y) = (it.next()?, it.next()?);
    t.edge_between(x, y)
}

/// The land hexes sharing an edge with `hex`.
pub fn neighbours(t: &Topology, hex: HexId) -> impl Iterator<Item = HexId> {
    let mask = t.hex_neighbors.get(hex.index()).copied().unwrap_or(0);
    (0..t.hex_count() as u8)
        .filter(move |&i| mask & (1 << i) != 0)
        .map(HexId)
}

/// The owner of the squire on `hex`.
pub fn squire_owner(state: &BaseState, ck: &CkState, hex: HexId) -> Option<Seat> {
    let c = ck;
    (0..state.n())
        .find(|&i| c.players[i].heroes.squires.contains(hex))
        .map(|i| Seat(i as u8))
}

/// The resource a step onto `hex` costs (`snh.squire.move.cost`); `None` for the desert.
pub fn hex_resource(state: &BaseState, hex: HexId) -> Option<Resource> {
    state.board.tiles[hex.index()].terrain.resource()
}

/// The intersection of `seat`'s hero, if on the board.
pub fn hero_node(ck: &CkState, seat: Seat) -> Option<NodeId> {
    ck.players[seat.index()]
        .roster
        .first_with(KnightBit::Hero as u8 | KnightBit::Placed as u8)
}

fn on(state: &BaseState) -> Result<(), CatanError> {
    if state.rules.has_heroes() {
        Ok(())
    } else {
        Err(err(HeroError::NotInRules))
    }
}

/// Checks upgrading the knight on `node` to the hero for one `commodity`.
pub fn check_upgrade(
    state: &BaseState,
    ck: &CkState,
    seat: Seat,
    node: NodeId,
    commodity: Commodity,
) -> Result<(), CatanError> {
    on(state)?;
    if !ck.players[seat.index()].roster.has(KnightBit::Placed, node) {
        return Err(err(HeroError::Upgrade));
    }
    if hero_node(ck, seat).is_some() {
        return Err(err(HeroError::OnePerPlayer));
    }
    if ck.players[seat.index()].commodities.get(commodity) == 0 {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks recruiting a squire onto `hex` by the hero.
pub fn check_recruit(state: &BaseState, ck: &CkState, seat: Seat, hex: HexId) -> Result<(), CatanError> {
    on(state)?;
    let Some(hero) = hero_node(ck, seat) else {
        return Err(err(HeroError::HeroOnly));
    };
    if ck.players[seat.index()].heroes.squires_left() == 0 {
        return Err(err(HeroError::NoneLeft));
    }
    check_can_act(state, ck, seat, hero)?;
    if hex.index() >= state.topology().hex_count()
        || !state.topology().hex_node_set[hex.index()].contains(hero)
        || hex_resource(state, hex).is_none()
        || squire_owner(state, ck, hex).is_some()
    {
        return Err(err(HeroError::RecruitHex));
    }
    Ok(())
}

/// Checks one step of a squire; on success, the card it costs (`None`: free).
pub fn check_move(
    state: &BaseState,
    ck: &CkState,
    seat: Seat,
    from: HexId,
    to: HexId,
) -> Result<Option<Resource>, CatanError> {
    on(state)?;
    let mine = ck.players[seat.index()].heroes.squires;
    let Some(edge) = (if mine.contains(from) {
        edge_between_hexes(state.topology(), from, to)
    } else {
        None
    }) else {
        return Err(err(HeroError::Move));
    };
    let Some(resource) = hex_resource(state, to) else {
        return Err(err(HeroError::NoDesert));
    };
    if mine.contains(to) {
        return Err(err(HeroError::OnePerHex));
    }
    let blocked = state
        .players
        .iter()
        .enumerate()
        .any(|(i, p)| i != seat.index() && p.roads.contains(edge));
    if blocked {
        return Err(err(HeroError::Blocked));
    }
    if state.players[seat.index()].roads.contains(edge) {
        return match state.free_squire_steps_per_turn {
            Some(limit) if state.free_squire_steps >= limit => Err(err(HeroError::FreeStepsPerTurn { limit })),
            _ => Ok(None),
        };
    }
    if state.players[seat.index()].hand.get(resource) == 0 {
        return Err(CatanError::PayInsufficient);
    }
    Ok(Some(resource))
}

/// The heroes actions of `seat` in the main phase.
pub fn legal(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    if !state.rules.has_heroes() {
        return;
    }
    let i = seat.index();
    let c = &ck.players[i];
    if hero_node(ck, seat).is_none() {
        for node in ck.players[i].knights().iter() {
            for commodity in Commodity::ALL {
                if c.commodities.get(commodity) > 0 {
                    out.push(Action::Ck(CkAction::UpgradeHero { node, commodity }));
                }
            }
        }
    }
    // What `check_recruit` asks of the hero, asked once instead of per hex.
    let hero_can_recruit = hero_node(ck, seat)
        .is_some_and(|hero| c.heroes.squires_left() > 0 && check_can_act(state, ck, seat, hero).is_ok());
    if hero_can_recruit {
        for h in 0..state.topology().hex_count() as u8 {
            if check_recruit(state, ck, seat, HexId(h)).is_ok() {
                out.push(Action::Ck(CkAction::RecruitSquire { hex: HexId(h) }));
            }
        }
    }
    for from in c.heroes.squires.iter() {
        for to in neighbours(state.topology(), from) {
            if check_move(state, ck, seat, from, to).is_ok() {
                out.push(Action::Ck(CkAction::MoveSquire { from, to }));
            }
        }
    }
}

/// Upgrades a knight to the hero, paying the commodity to the bank.
pub fn apply_upgrade<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: NodeId,
    commodity: Commodity,
    events: &mut S,
) {
    to_bank(state, ck, seat, Card::commodity(commodity), 1);
    let c = &mut ck.players[seat.index()];
    c.roster.clear(KnightBit::Hero);
    c.roster.insert(KnightBit::Hero, node);
    events.push(Event::Ck(CkEvent::HeroUpgraded { seat, node, commodity }));
}

/// Recruits a squire: the hero acts and becomes inactive.
pub fn apply_recruit<S: EventSink<Event>>(ck: &mut CkState, seat: Seat, hex: HexId, events: &mut S) {
    let Some(hero) = hero_node(ck, seat) else {
        return;
    };
    let c = &mut ck.players[seat.index()];
    c.roster.remove(KnightBit::Active, hero);
    c.roster.insert(KnightBit::Acted, hero);
    c.heroes.squires.insert(hex);
    events.push(Event::Ck(CkEvent::SquireRecruited { seat, hero, hex }));
}

/// Moves a squire one step, paying unless over an own road; an opposing
/// squire on the target goes back to its owner's supply (`snh.squire.displace`).
pub fn apply_move<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    from: HexId,
    to: HexId,
    events: &mut S,
) {
    let paid = check_move(state, ck, seat, from, to).ok().flatten();
    match paid {
        Some(r) => to_bank(state, ck, seat, Card::resource(r), 1),
        // Counted only under the house rule: without it the state (and its
        // JSON) stays the seed's game, byte for byte.
        None if state.free_squire_steps_per_turn.is_some() => {
            state.free_squire_steps = state.free_squire_steps.saturating_add(1);
        }
        None => {}
    }
    let displaced = squire_owner(state, ck, to).filter(|&s| s != seat);
    let c = ck;
    if let Some(v) = displaced {
        c.players[v.index()].heroes.squires.remove(to);
    }
    let h = &mut c.players[seat.index()].heroes;
    h.squires.remove(from);
    h.squires.insert(to);
    events.push(Event::Ck(CkEvent::SquireMoved {
        seat,
        from,
        to,
        paid,
        displaced,
    }));
}

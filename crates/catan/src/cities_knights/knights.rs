//! Knights (`ck.knight.*`): built basic and inactive on an empty intersection
//! at an own road, promoted one level at a time (mighty needs the Fortress),
//! activated for grain; an active knight that was not activated this turn and
//! has not acted may move along own roads, displace a weaker opposing knight
//! (whose owner relocates it) or chase the robber. Acting deactivates.
//!
//! Knights block roads and break Longest Road through the layer's
//! `road_blockers` (`CkLayer`), which reads [`CkPlayer::knights`]; after any
//! knight leaves or enters an intersection every road length is recomputed.

use super::error::CkError;
use super::state::CkPlayer;
use super::state::KnightBit;

use crate::action::{Action, Event};
use crate::bits::{NodeBits, NodeSet};
use crate::cities_knights::layer::CkLayer;
use crate::cities_knights::CkState;
use crate::resource::Resources;
use crate::rules::awards::{holder_length, update_longest_road};
use crate::rules::build::{pay, road_nodes};
use crate::state::BaseState;
use crate::state::{Phase, Resume};
use crate::topology::{NodeId, MAX_NODES};
use crate::{BasePhase, CkAction, CkEvent, CkPhase};
use engine::{EventSink, Seat};

/// Building or promoting a knight: 1 wool, 1 ore.
pub const KNIGHT_COST: Resources = Resources::new([0, 0, 1, 0, 1]);
/// Activating a knight: 1 grain.
pub const ACTIVATE_COST: Resources = Resources::new([0, 0, 0, 1, 0]);

/// Every knight on the board.
#[inline]
pub fn all_knights(state: &BaseState, ck: &CkState) -> NodeSet {
    NodeSet(
        ck.players[..state.n()]
            .iter()
            .fold(NodeBits::ZERO, |a, c| a | c.knights().0),
    )
}

/// Intersections holding nothing: no building, no knight.
#[inline]
pub fn empty_nodes(state: &BaseState, ck: &CkState) -> NodeSet {
    NodeSet(state.topology().all_nodes.0 & !state.occupied().0 & !all_knights(state, ck).0)
}

/// Where `seat` may place a knight (`ck.knight.place`).
pub fn place_spots(state: &BaseState, ck: &CkState, seat: Seat) -> NodeSet {
    NodeSet(road_nodes(state.topology(), state.players[seat.index()].roads).0 & empty_nodes(state, ck).0)
}

/// From `start`, along `seat`'s roads, through intersections that are empty
/// or hold `seat`'s own pieces: the empty intersections reached, and the
/// intersections with another player's knight where a path ends
/// (`ck.knight.move`, `ck.knight.displace`).
pub fn reach(state: &BaseState, ck: &CkState, seat: Seat, start: NodeId) -> (NodeSet, NodeSet) {
    let t = state.topology();
    let i = seat.index();
    if start.index() >= state.topology().node_count() || i >= state.n() {
        return (NodeSet::EMPTY, NodeSet::EMPTY);
    }
    let me = &state.players[i];
    let roads = me.roads.0;
    // Every knight set is built once from the rosters (what
    // the layer's `road_blockers` and `empty_nodes` would build again).
    let all = all_knights(state, ck).0;
    let other_knights = NodeSet(all & !ck.players[i].knights().0);
    let others = NodeSet(state.players.opponent_buildings(i).0 | other_knights.0);
    let empty = NodeSet(t.all_nodes.0 & !state.occupied().0 & !all);
    let mut seen = NodeBits::bit(start.index());
    // A node enters the stack at most once (when first seen): an array in
    // place holds it, no allocation per call.
    let mut stack = [start; MAX_NODES];
    let mut len = 1;
    let mut empties = NodeBits::ZERO;
    let mut enemies = NodeBits::ZERO;
    while len > 0 {
        len -= 1;
        let node = stack[len];
        let edges = t.node_edges[node.index()].0 & roads;
        for e in edges.ones() {
            let [a, b] = t.edge_nodes[e];
            let next = if a == node { b } else { a };
            if seen.has(next.index()) {
                continue;
            }
            let bit = NodeBits::bit(next.index());
            seen |= bit;
            if other_knights.contains(next) {
                enemies |= bit;
            } else if !others.contains(next) {
                if empty.contains(next) {
                    empties |= bit;
                }
                stack[len] = next;
                len += 1;
            }
        }
    }
    (NodeSet(empties), NodeSet(enemies))
}

/// The owner of the knight on `node`.
pub fn knight_owner(state: &BaseState, ck: &CkState, node: NodeId) -> Option<Seat> {
    ck.players[..state.n()]
        .iter()
        .position(|c| c.roster.has(KnightBit::Placed, node))
        .map(|i| Seat(i as u8))
}

fn own<'a>(state: &'a BaseState, ck: &'a CkState, seat: Seat) -> (&'a crate::Player, &'a CkPlayer) {
    (&state.players[seat.index()], &ck.players[seat.index()])
}

/// Checks building a knight.
pub fn check_build(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), crate::CatanError> {
    let (p, c) = own(state, ck, seat);
    if !place_spots(state, ck, seat).contains(node) {
        return Err(CkError::KnightPlace.into());
    }
    if c.knights_left(c.knights(), 1) == 0 {
        return Err(CkError::NoKnightLeft { level: 1 }.into());
    }
    if !p.hand.covers(&KNIGHT_COST) {
        return Err(crate::CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks a promotion.
pub fn check_promote(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), crate::CatanError> {
    check_promote_at(state, ck, seat, node, false)
}

/// Checks a promotion, paid or free (Smith).
pub fn check_promote_at(
    state: &BaseState,
    ck: &CkState,
    seat: Seat,
    node: NodeId,
    free: bool,
) -> Result<(), crate::CatanError> {
    let (p, c) = own(state, ck, seat);
    let level = c.level_at(node);
    if level == 0 || level == 3 || c.roster.has(KnightBit::Promoted, node) {
        return Err(CkError::Promote.into());
    }
    // Levels 2 and 3 are counted from their bits alone.
    if c.knights_left(NodeSet::EMPTY, level + 1) == 0 {
        return Err(CkError::NoKnightLeft { level: level + 1 }.into());
    }
    if level == 2 && c.levels[super::Track::Politics.index()] < 3 {
        return Err(CkError::FortressNeeded.into());
    }
    if !free && !p.hand.covers(&KNIGHT_COST) {
        return Err(crate::CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks an activation.
pub fn check_activate(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), crate::CatanError> {
    let (p, c) = own(state, ck, seat);
    let bits = c.roster.bits(node);
    if bits & KnightBit::Placed as u8 == 0 || bits & KnightBit::Active as u8 != 0 {
        return Err(CkError::Activate.into());
    }
    if !p.hand.covers(&ACTIVATE_COST) {
        return Err(crate::CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks that the knight on `node` may take an action now.
pub fn check_can_act(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), CkError> {
    let bits = own(state, ck, seat).1.roster.bits(node);
    if bits & KnightBit::Placed as u8 == 0 {
        return Err(CkError::KnightInactive);
    }
    if bits & KnightBit::Acted as u8 != 0 {
        return Err(CkError::KnightActed);
    }
    if bits & KnightBit::Fresh as u8 != 0 {
        return Err(CkError::KnightFresh);
    }
    if bits & KnightBit::Active as u8 == 0 {
        return Err(CkError::KnightInactive);
    }
    Ok(())
}

/// Checks a move.
pub fn check_move(state: &BaseState, ck: &CkState, seat: Seat, from: NodeId, to: NodeId) -> Result<(), CkError> {
    check_can_act(state, ck, seat, from)?;
    if !reach(state, ck, seat, from).0.contains(to) {
        return Err(CkError::KnightMove);
    }
    Ok(())
}

/// Checks a displacement.
pub fn check_displace(state: &BaseState, ck: &CkState, seat: Seat, from: NodeId, to: NodeId) -> Result<(), CkError> {
    check_can_act(state, ck, seat, from)?;
    let Some(victim) = knight_owner(state, ck, to).filter(|&v| v != seat) else {
        return Err(CkError::Displace);
    };
    let (_, c) = own(state, ck, seat);
    let mine = c.level_at(from);
    let theirs = ck.players[victim.index()].level_at(to);
    if theirs >= mine || !reach(state, ck, seat, from).1.contains(to) {
        return Err(CkError::Displace);
    }
    Ok(())
}

/// Checks chasing the robber.
pub fn check_chase(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), CkError> {
    check_can_act(state, ck, seat, node)?;
    if !ck.robber_awake {
        return Err(CkError::RobberAsleep);
    }
    if !state.topology().hex_node_set[state.robber.index()].contains(node) {
        return Err(CkError::ChaseRobber);
    }
    Ok(())
}

/// The knight actions and purchases of the active player in the main phase.
pub fn legal(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    let (p, c) = own(state, ck, seat);
    let knights = c.knights();
    if p.hand.covers(&KNIGHT_COST) && c.knights_left(knights, 1) > 0 {
        for node in place_spots(state, ck, seat).iter() {
            out.push(Action::Ck(CkAction::BuildKnight { node }));
        }
    }
    for node in knights.iter() {
        if check_promote(state, ck, seat, node).is_ok() {
            out.push(Action::Ck(CkAction::PromoteKnight { node }));
        }
    }
    for node in knights.iter() {
        if check_activate(state, ck, seat, node).is_ok() {
            out.push(Action::Ck(CkAction::ActivateKnight { node }));
        }
    }
    // The knights `check_can_act` accepts, read from their records at once.
    let ready = KnightBit::Placed as u8 | KnightBit::Active as u8;
    let spent = KnightBit::Acted as u8 | KnightBit::Fresh as u8;
    for r in c.roster.iter() {
        if r.bits & ready != ready || r.bits & spent != 0 {
            continue;
        }
        let from = r.node;
        let (empties, enemies) = reach(state, ck, seat, from);
        for to in empties.iter() {
            out.push(Action::Ck(CkAction::MoveKnight { from, to }));
        }
        for to in enemies.iter() {
            if check_displace(state, ck, seat, from, to).is_ok() {
                out.push(Action::Ck(CkAction::DisplaceKnight { from, to }));
            }
        }
        if check_chase(state, ck, seat, from).is_ok() {
            out.push(Action::Ck(CkAction::ChaseRobber { knight: from }));
        }
    }
}

/// Recomputes every road length and re-awards Longest Road after a knight
/// entered or left an intersection (`ck.knight.breaks_road`).
pub fn refresh_roads<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, events: &mut S) {
    let before = holder_length(state);
    let lengths: Vec<u8> = state.players.iter().map(|p| p.road_length).collect();
    crate::rules::awards::refresh_all_roads(CkLayer(ck), state);
    if state.players.iter().zip(lengths).any(|(p, l)| p.road_length != l) {
        update_longest_road(state, before, events);
    }
}

/// Builds a basic knight, inactive.
pub fn apply_build<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: NodeId,
    events: &mut S,
) {
    pay(state, seat, &KNIGHT_COST);
    ck.players[seat.index()].roster.insert(KnightBit::Placed, node);
    ck.players[seat.index()].clear_knight(node);
    events.push(Event::Ck(CkEvent::KnightBuilt { seat, node }));
    refresh_roads(state, ck, events);
}

/// Promotes a knight one level.
pub fn apply_promote<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: NodeId,
    events: &mut S,
) {
    pay(state, seat, &KNIGHT_COST);
    promote(ck, seat, node, events);
}

/// Promotes a knight one level without paying (Smith).
pub fn promote<S: EventSink<Event>>(ck: &mut CkState, seat: Seat, node: NodeId, events: &mut S) {
    let knights = ck.players[seat.index()].knights();
    let c = &mut ck.players[seat.index()];
    let strength = if c.strength(knights, node) == 1 {
        c.roster.insert(KnightBit::Strong, node);
        2
    } else {
        c.roster.remove(KnightBit::Strong, node);
        c.roster.insert(KnightBit::Mighty, node);
        3
    };
    c.roster.insert(KnightBit::Promoted, node);
    events.push(Event::Ck(CkEvent::KnightPromoted { seat, node, strength }));
}

/// Activates a knight; it cannot act this turn.
pub fn apply_activate<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: NodeId,
    events: &mut S,
) {
    pay(state, seat, &ACTIVATE_COST);
    let c = &mut ck.players[seat.index()];
    c.roster.insert(KnightBit::Active, node);
    c.roster.insert(KnightBit::Fresh, node);
    events.push(Event::Ck(CkEvent::KnightActivated { seat, node }));
}

/// Moves a knight of `seat` and marks it as having acted (inactive).
fn relocate_own(ck: &mut CkState, seat: Seat, from: NodeId, to: NodeId) {
    let c = &mut ck.players[seat.index()];
    c.move_knight(from, to);
    c.roster.remove(KnightBit::Active, to);
    c.roster.insert(KnightBit::Acted, to);
}

/// Moves an active knight.
pub fn apply_move<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    from: NodeId,
    to: NodeId,
    events: &mut S,
) {
    relocate_own(ck, seat, from, to);
    events.push(Event::Ck(CkEvent::KnightMoved {
        seat,
        from,
        to,
        displaced: None,
    }));
    refresh_roads(state, ck, events);
}

/// Displaces a weaker knight; its owner relocates it if any spot is reachable,
/// otherwise it goes back to the supply.
pub fn apply_displace<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    from: NodeId,
    to: NodeId,
    events: &mut S,
) {
    let Some(victim) = knight_owner(state, ck, to) else {
        return;
    };
    let v = victim.index();
    let strength = ck.players[v].strength(ck.players[v].knights(), to);
    let active = ck.players[v].roster.has(KnightBit::Active, to);
    let hero = ck.players[v].roster.has(KnightBit::Hero, to);
    ck.players[v].roster.remove(KnightBit::Placed, to);
    ck.players[v].clear_knight(to);
    relocate_own(ck, seat, from, to);
    events.push(Event::Ck(CkEvent::KnightMoved {
        seat,
        from,
        to,
        displaced: Some(victim),
    }));
    if reach(state, ck, victim, to).0.is_empty() {
        events.push(Event::Ck(CkEvent::KnightRelocated {
            seat: victim,
            from: to,
            to: None,
        }));
    } else {
        state.phase = Phase::Ck(CkPhase::Relocate {
            seat: victim,
            from: to,
            strength,
            active,
        });
        // `snh.decide.relocated_hero`: a relocated hero stays a hero.
        ck.players[v].heroes.relocating = hero;
    }
    refresh_roads(state, ck, events);
}

/// Intrigue: the knight on `node` leaves it; its owner relocates it as after
/// a displacement, or it goes back to the supply.
pub fn evict<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, node: NodeId, events: &mut S) {
    state.phase = Phase::Base(BasePhase::Main);
    let Some(victim) = knight_owner(state, ck, node) else {
        return;
    };
    let v = victim.index();
    let strength = ck.players[v].strength(ck.players[v].knights(), node);
    let active = ck.players[v].roster.has(KnightBit::Active, node);
    let hero = ck.players[v].roster.has(KnightBit::Hero, node);
    ck.players[v].roster.remove(KnightBit::Placed, node);
    ck.players[v].clear_knight(node);
    if reach(state, ck, victim, node).0.is_empty() {
        events.push(Event::Ck(CkEvent::KnightRelocated {
            seat: victim,
            from: node,
            to: None,
        }));
    } else {
        state.phase = Phase::Ck(CkPhase::Relocate {
            seat: victim,
            from: node,
            strength,
            active,
        });
        ck.players[v].heroes.relocating = hero;
    }
    refresh_roads(state, ck, events);
}

/// Checks the spot a displaced knight goes to.
pub fn check_relocate(state: &BaseState, ck: &CkState, seat: Seat, from: NodeId, node: NodeId) -> Result<(), CkError> {
    if !reach(state, ck, seat, from).0.contains(node) {
        return Err(CkError::KnightMove);
    }
    Ok(())
}

/// Puts a displaced knight back on the board with its level and status
/// (its strength 1–3 and whether it was active).
pub fn apply_relocate<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    (from, node): (NodeId, NodeId),
    (strength, active): (u8, bool),
    events: &mut S,
) {
    ck.players[seat.index()].roster.insert(KnightBit::Placed, node);
    let c = &mut ck.players[seat.index()];
    c.clear_knight(node);
    match strength {
        2 => c.roster.insert(KnightBit::Strong, node),
        3 => c.roster.insert(KnightBit::Mighty, node),
        _ => {}
    }
    if active {
        c.roster.insert(KnightBit::Active, node);
    }
    if c.heroes.relocating {
        c.heroes.relocating = false;
        c.roster.insert(KnightBit::Hero, node);
    }
    events.push(Event::Ck(CkEvent::KnightRelocated {
        seat,
        from,
        to: Some(node),
    }));
    state.phase = Phase::Base(BasePhase::Main);
    refresh_roads(state, ck, events);
}

/// Chases the robber: the knight acts, the robber moves and steals as on a 7.
pub fn apply_chase<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    knight: NodeId,
    events: &mut S,
) {
    let c = &mut ck.players[seat.index()];
    c.roster.remove(KnightBit::Active, knight);
    c.roster.insert(KnightBit::Acted, knight);
    events.push(Event::Ck(CkEvent::RobberChased { seat, knight }));
    state.phase = Phase::Base(BasePhase::MoveRobber { resume: Resume::Main });
}

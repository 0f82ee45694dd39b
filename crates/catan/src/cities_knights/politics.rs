//! The politics deck (blue): Bishop, Deserter, Diplomat, Intrigue, Saboteur,
//! Spy, Warlord, Wedding (`ck.card.*`). Constitution is a victory point card
//! and never played.

use super::cards::{Card, Cards};
use super::error::CkError;
use super::play::{hold, spend};
use super::state::KnightBit;
use super::{card_count, hand, knights};
use crate::action::{Action, Event};
use crate::bits::NodeSet;
use crate::cities_knights::layer::CkLayer;
use crate::cities_knights::CkState;
use crate::cities_knights::ProgressHand;
use crate::error::CatanError;
use crate::rules::build::{road_nodes, road_spots};
use crate::rules::layer::Layer;
use crate::state::BaseState;
use crate::state::{Phase, MAX_PLAYERS};
use crate::topology::{EdgeId, HexId, NodeId};
use crate::{BaseEvent, BasePhase, CkAction, CkEvent, CkPhase};
use engine::{EventSink, Seat, SeatSet};

use super::progress::ProgressCard as P;

/// Politics plays of the active player.
pub fn legal(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    let hand = ck.players[seat.index()].progress;
    if hand.get(P::Bishop) > 0 {
        for h in 0..state.topology().hex_count() as u8 {
            if check_bishop(state, ck, HexId(h)).is_ok() {
                out.push(Action::Ck(CkAction::PlayBishop { hex: HexId(h) }));
            }
        }
    }
    for victim in Seat::all(state.n()) {
        if hand.get(P::Deserter) > 0 && check_deserter(state, ck, seat, victim).is_ok() {
            out.push(Action::Ck(CkAction::PlayDeserter { victim }));
        }
        if hand.get(P::Spy) > 0 && check_spy(state, ck, seat, victim).is_ok() {
            out.push(Action::Ck(CkAction::PlaySpy { victim }));
        }
    }
    if hand.get(P::Diplomat) > 0 {
        // Only a path with a road can hold an open road.
        for edge in state.all_roads().iter() {
            if open_road(state, ck, edge).is_some() {
                out.push(Action::Ck(CkAction::PlayDiplomat { edge }));
            }
        }
    }
    if hand.get(P::Intrigue) > 0 {
        for node in knights::all_knights(state, ck).iter() {
            if check_intrigue(state, ck, seat, node).is_ok() {
                out.push(Action::Ck(CkAction::PlayIntrigue { node }));
            }
        }
    }
    for card in [P::Saboteur, P::Warlord, P::Wedding] {
        if hand.get(card) > 0 {
            out.push(Action::Ck(CkAction::PlayProgress { card }));
        }
    }
}

fn check_bishop(state: &BaseState, ck: &CkState, hex: HexId) -> Result<(), CatanError> {
    if !ck.robber_awake {
        return Err(CkError::RobberAsleep.into());
    }
    if hex == state.robber || hex.index() >= state.topology().hex_count() {
        return Err(CatanError::RobberMustMove);
    }
    Ok(())
}

fn check_deserter(state: &BaseState, ck: &CkState, seat: Seat, victim: Seat) -> Result<(), CkError> {
    match ck.players.get(victim.index()) {
        Some(c) if victim != seat && victim.index() < state.n() && !c.knights().is_empty() => Ok(()),
        _ => Err(CkError::Deserter),
    }
}

fn check_spy(state: &BaseState, ck: &CkState, seat: Seat, victim: Seat) -> Result<(), CkError> {
    match ck.players.get(victim.index()) {
        Some(p) if victim != seat && victim.index() < state.n() && !p.progress.is_empty() => Ok(()),
        _ => Err(CkError::CardTarget),
    }
}

/// The owner of `edge` if it is an open road (`ck.decide.open_road`): at
/// least one end touches no other road, building or knight of its owner.
pub fn open_road(state: &BaseState, ck: &CkState, edge: EdgeId) -> Option<Seat> {
    let t = state.topology();
    let i = state.players.iter().position(|p| p.roads.contains(edge))?;
    let p = &state.players[i];
    let mut others = p.roads;
    others.remove(edge);
    // An end touches another own road if one of its paths is one: two set
    // tests per end instead of gathering the nodes of every other road.
    let pieces = NodeSet(p.buildings().0 | ck.players[i].knights().0);
    let open = t.edge_nodes[edge.index()]
        .iter()
        .any(|n| (t.node_edges[n.index()].0 & others.0).is_zero() && !pieces.contains(*n));
    open.then_some(Seat(i as u8))
}

fn check_intrigue(state: &BaseState, ck: &CkState, seat: Seat, node: NodeId) -> Result<(), CkError> {
    let owner = knights::knight_owner(state, ck, node);
    let at_road = road_nodes(state.topology(), state.players[seat.index()].roads).contains(node);
    if owner.is_none() || owner == Some(seat) || !at_road {
        return Err(CkError::Intrigue);
    }
    Ok(())
}

/// Checks a politics play (`None`: not one).
pub fn check(state: &BaseState, ck: &CkState, seat: Seat, action: &Action) -> Option<Result<(), CatanError>> {
    let r = match *action {
        Action::Ck(CkAction::PlayBishop { hex }) => {
            hold(ck, seat, P::Bishop).and_then(|_| check_bishop(state, ck, hex))
        }
        Action::Ck(CkAction::PlayDeserter { victim }) => {
            hold(ck, seat, P::Deserter).and_then(|_| Ok(check_deserter(state, ck, seat, victim)?))
        }
        Action::Ck(CkAction::PlaySpy { victim }) => {
            hold(ck, seat, P::Spy).and_then(|_| Ok(check_spy(state, ck, seat, victim)?))
        }
        Action::Ck(CkAction::PlayDiplomat { edge }) => hold(ck, seat, P::Diplomat).and_then(|_| {
            if edge.index() < state.topology().edge_count() && open_road(state, ck, edge).is_some() {
                Ok(())
            } else {
                Err(CkError::OpenRoad.into())
            }
        }),
        Action::Ck(CkAction::PlayIntrigue { node }) => {
            hold(ck, seat, P::Intrigue).and_then(|_| Ok(check_intrigue(state, ck, seat, node)?))
        }
        Action::Ck(CkAction::PlayProgress {
            card: card @ (P::Saboteur | P::Warlord | P::Wedding),
        }) => hold(ck, seat, card),
        _ => return None,
    };
    Some(r)
}

/// Applies a politics play.
pub fn apply<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    action: &Action,
    events: &mut S,
) {
    match *action {
        Action::Ck(CkAction::PlayBishop { hex }) => {
            spend(ck, seat, P::Bishop, events);
            state.robber = hex;
            events.push(Event::Base(BaseEvent::RobberMoved {
                seat,
                hex,
                victim: None,
            }));
            let corners = state.topology().hex_node_set[hex.index()].0;
            let pending: SeatSet = Seat::all(state.n())
                .filter(|&v| v != seat && (state.players[v.index()].buildings().0 & corners).any())
                .filter(|&v| card_count(state, ck, v) > 0)
                .collect();
            state.phase = if pending.is_empty() {
                Phase::Base(BasePhase::Main)
            } else {
                Phase::Ck(CkPhase::BishopSteal { pending })
            };
        }
        Action::Ck(CkAction::PlayDeserter { victim }) => {
            spend(ck, seat, P::Deserter, events);
            state.phase = Phase::Ck(CkPhase::Desert { victim });
        }
        Action::Ck(CkAction::PlaySpy { victim }) => {
            spend(ck, seat, P::Spy, events);
            state.phase = Phase::Ck(CkPhase::Spy { victim });
        }
        Action::Ck(CkAction::PlayDiplomat { edge }) => {
            spend(ck, seat, P::Diplomat, events);
            let Some(owner) = open_road(state, ck, edge) else {
                return;
            };
            state.players[owner.index()].roads.remove(edge);
            events.push(Event::Ck(CkEvent::RoadRemoved { seat: owner, edge }));
            knights::refresh_roads(state, ck, events);
            let again = owner == seat && !road_spots(CkLayer(ck), state, seat).is_empty();
            state.phase = if again {
                Phase::Ck(CkPhase::DiplomatRoad)
            } else {
                Phase::Base(BasePhase::Main)
            };
        }
        Action::Ck(CkAction::PlayIntrigue { node }) => {
            spend(ck, seat, P::Intrigue, events);
            knights::evict(state, ck, node, events);
        }
        Action::Ck(CkAction::PlayProgress { card: P::Saboteur }) => {
            spend(ck, seat, P::Saboteur, events);
            let mine = CkLayer(ck).points(state, seat);
            let mut owed = [0u8; MAX_PLAYERS];
            for v in Seat::all(state.n()).filter(|&v| v != seat) {
                if CkLayer(ck).points(state, v) >= mine {
                    owed[v.index()] = (card_count(state, ck, v) / 2) as u8;
                }
            }
            state.phase = if owed.iter().any(|&o| o > 0) {
                Phase::Ck(CkPhase::Sabotage { owed })
            } else {
                Phase::Base(BasePhase::Main)
            };
        }
        Action::Ck(CkAction::PlayProgress { card: P::Warlord }) => {
            spend(ck, seat, P::Warlord, events);
            let knights = ck.players[seat.index()].knights();
            let c = &mut ck.players[seat.index()];
            let woken = knights.0 & !c.active().0;
            for node in NodeSet(woken).iter() {
                c.roster.insert(KnightBit::Active, node);
                c.roster.insert(KnightBit::Fresh, node);
            }
            for node in NodeSet(woken).iter() {
                events.push(Event::Ck(CkEvent::KnightActivated { seat, node }));
            }
        }
        Action::Ck(CkAction::PlayProgress { card: P::Wedding }) => {
            spend(ck, seat, P::Wedding, events);
            let mine = CkLayer(ck).points(state, seat);
            let mut owed = [0u8; MAX_PLAYERS];
            for v in Seat::all(state.n()).filter(|&v| v != seat) {
                if CkLayer(ck).points(state, v) > mine {
                    owed[v.index()] = card_count(state, ck, v).min(2) as u8;
                }
            }
            state.phase = if owed.iter().any(|&o| o > 0) {
                Phase::Ck(CkPhase::Wedding { owed })
            } else {
                Phase::Base(BasePhase::Main)
            };
        }
        _ => {}
    }
}

/// Deserter: the spots for the player's knight and the level it gets: the
/// removed knight's, or basic if none of that level is free (`None`: no piece).
pub fn deserter_level(ck: &CkState, seat: Seat, strength: u8) -> Option<u8> {
    let c = &ck.players[seat.index()];
    [strength, 1].into_iter().find(|&l| c.knights_left(c.knights(), l) > 0)
}

/// The knight removed by the Deserter's target; then the player may place one.
pub fn apply_remove<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    victim: Seat,
    node: NodeId,
    events: &mut S,
) {
    let v = victim.index();
    let strength = ck.players[v].strength(ck.players[v].knights(), node);
    let active = ck.players[v].roster.has(KnightBit::Active, node);
    ck.players[v].roster.remove(KnightBit::Placed, node);
    ck.players[v].clear_knight(node);
    events.push(Event::Ck(CkEvent::KnightRemoved { seat: victim, node }));
    knights::refresh_roads(state, ck, events);
    let seat = state.current;
    let can = deserter_level(ck, seat, strength).is_some() && !knights::place_spots(state, ck, seat).is_empty();
    state.phase = if can {
        Phase::Ck(CkPhase::DeserterPlace { strength, active })
    } else {
        Phase::Base(BasePhase::Main)
    };
}

/// Places the Deserter's knight: same level if free, with the removed
/// knight's status; it cannot act this turn (`ck.decide.deserter_fresh`).
pub fn apply_deserter_place<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: NodeId,
    strength: u8,
    active: bool,
    events: &mut S,
) {
    let level = deserter_level(ck, seat, strength).unwrap_or(1);
    ck.players[seat.index()].roster.insert(KnightBit::Placed, node);
    let c = &mut ck.players[seat.index()];
    c.clear_knight(node);
    match level {
        2 => c.roster.insert(KnightBit::Strong, node),
        3 => c.roster.insert(KnightBit::Mighty, node),
        _ => {}
    }
    if active {
        c.roster.insert(KnightBit::Active, node);
    }
    c.roster.insert(KnightBit::Fresh, node);
    events.push(Event::Ck(CkEvent::KnightBuilt { seat, node }));
    state.phase = Phase::Base(BasePhase::Main);
    knights::refresh_roads(state, ck, events);
}

/// One card given by `from` to the active player (Wedding, Sabotage discards
/// go to the bank instead); when all is given the turn goes on.
pub fn apply_give<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    from: Seat,
    card: Card,
    mut owed: [u8; MAX_PLAYERS],
    wedding: bool,
    events: &mut S,
) {
    if wedding {
        let to = state.current;
        move_card(state, ck, from, to, card);
        events.push(Event::Ck(CkEvent::CardGiven {
            from,
            to,
            card: Some(card),
        }));
    } else {
        super::to_bank(state, ck, from, card, 1);
        events.push(Event::Ck(CkEvent::DiscardedCard { seat: from, card }));
    }
    owed[from.index()] = owed[from.index()].saturating_sub(1);
    state.phase = if owed.iter().all(|&o| o == 0) {
        Phase::Base(BasePhase::Main)
    } else if wedding {
        Phase::Ck(CkPhase::Wedding { owed })
    } else {
        Phase::Ck(CkPhase::Sabotage { owed })
    };
}

/// Moves one card between hands.
pub fn move_card(state: &mut BaseState, ck: &mut CkState, from: Seat, to: Seat, card: Card) {
    let mut a = hand(state, ck, from);
    if a.count(card) == 0 {
        return;
    }
    a.take(card, 1);
    let mut b = hand(state, ck, to);
    b.put(card, 1);
    state.players[from.index()].hand = a.0;
    state.players[to.index()].hand = b.0;
    ck.players[from.index()].commodities = a.1;
    ck.players[to.index()].commodities = b.1;
}

/// Spy takes the chosen card.
pub fn apply_spy<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    victim: Seat,
    card: super::ProgressCard,
    events: &mut S,
) {
    let to = state.current;
    ck.players[victim.index()].progress.remove_card(card);
    ck.players[to.index()].progress.add_card(card);
    events.push(Event::Ck(CkEvent::ProgressTaken {
        from: victim,
        to,
        card: Some(card),
    }));
    state.phase = Phase::Base(BasePhase::Main);
}

//! The 7 and the robber (`catan.robber.*`): simultaneous discards of half a
//! hand, card by card; moving the robber to another hex and naming a victim;
//! the stolen card as a chance outcome weighted by the victim's hand.

use super::layer::{Base, Layer};
use crate::action::{Action, Event};
use crate::bits::NodeBits;
use crate::error::CatanError;
use crate::state::{BaseState, Phase, Resume, MAX_PLAYERS};
use crate::topology::HexId;
use crate::{BaseAction, BaseEvent, BasePhase};
use engine::{EventSink, Rejection, Seat, SeatSet};

/// Every robber move of the active player: each other hex, with each possible
/// victim (or none when nobody there can be robbed).
#[inline]
pub fn legal_moves(state: &BaseState, out: &mut Vec<Action>) {
    legal_moves_with(Base, state, out)
}

/// Every robber move under a rule set's `layer` (which says who can be robbed).
pub fn legal_moves_with<L: Layer>(layer: L, state: &BaseState, out: &mut Vec<Action>) {
    let t = state.topology();
    let robbable = robbable(layer, state);
    // All of them together: most hexes have no victim, and one test says so.
    let any_robbable = robbable.iter().fold(NodeBits::ZERO, |a, &b| a | b);
    let n = state.n();
    for h in 0..t.hex_count() as u8 {
        let hex = HexId(h);
        if hex == state.robber {
            continue;
        }
        let corners = t.hex_node_set[h as usize].0;
        if (corners & any_robbable).is_zero() {
            out.push(Action::Base(BaseAction::MoveRobber { hex, victim: None }));
            continue;
        }
        for (i, &b) in robbable.iter().enumerate().take(n) {
            if (b & corners).any() {
                out.push(Action::Base(BaseAction::MoveRobber {
                    hex,
                    victim: Some(Seat(i as u8)),
                }));
            }
        }
    }
}

/// The buildings of each player other than the active one who could be
/// robbed at all (empty for the others).
#[inline]
fn robbable<L: Layer>(layer: L, state: &BaseState) -> [NodeBits; MAX_PLAYERS] {
    let mut robbable = [NodeBits::ZERO; MAX_PLAYERS];
    for (i, p) in state.players.iter().enumerate() {
        if i != state.current.index() && layer.can_be_robbed(state, Seat(i as u8)) {
            robbable[i] = p.buildings().0;
        }
    }
    robbable
}

/// Players with a building on `hex`, other than `seat`, who hold a card a
/// robber could steal: the possible victims of a robber moved there.
pub fn victims<L: Layer>(layer: L, state: &BaseState, hex: HexId, seat: Seat) -> SeatSet {
    let mut out = SeatSet::EMPTY;
    let t = state.topology();
    let Some(corners) = t.hex_node_set.get(hex.index()).filter(|_| hex.index() < t.hex_count()) else {
        return out;
    };
    for (i, p) in state.players.iter().enumerate() {
        let s = Seat(i as u8);
        if s != seat && (p.buildings().0 & corners.0).any() && layer.can_be_robbed(state, s) {
            out.insert(s);
        }
    }
    out
}

/// Checks a robber move.
#[inline]
pub fn check_move(state: &BaseState, hex: HexId, victim: Option<Seat>) -> Result<(), Rejection<CatanError>> {
    check_move_with(Base, state, hex, victim)
}

/// Checks a robber move under a rule set's `layer`.
pub fn check_move_with<L: Layer>(
    layer: L,
    state: &BaseState,
    hex: HexId,
    victim: Option<Seat>,
) -> Result<(), Rejection<CatanError>> {
    if hex.index() >= state.topology().hex_count() {
        return Err(Rejection::Malformed(format!("hex {} does not exist", hex.0)));
    }
    if hex == state.robber {
        return Err(CatanError::RobberMustMove.into());
    }
    let victims = victims(layer, state, hex, state.current);
    let ok = match victim {
        None => victims.is_empty(),
        Some(v) => victims.contains(v),
    };
    if ok {
        Ok(())
    } else {
        Err(CatanError::StealTarget.into())
    }
}

/// Moves the robber; a steal follows as a chance outcome if a victim is named.
pub fn apply_move<S: EventSink<Event>>(
    state: &mut BaseState,
    resume: Resume,
    hex: HexId,
    victim: Option<Seat>,
    events: &mut S,
) {
    state.robber = hex;
    events.push(Event::Base(BaseEvent::RobberMoved {
        seat: state.current,
        hex,
        victim,
    }));
    state.phase = match victim {
        Some(victim) => Phase::Base(BasePhase::Stealing { victim, resume }),
        None => resume.phase(),
    };
}

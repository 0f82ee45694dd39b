//! The barbarians (`ck.barbarian.*`): the ship advances on each ship face and
//! attacks on reaching Catan, before anything else of the roll. Strength is
//! the number of cities (a metropolis city counts once), defence the active
//! knights of all players. If the barbarians win, the players with the lowest
//! own defence among those holding a city without a metropolis each lose one,
//! choosing which; if Catan holds, the single strongest defender takes a
//! Defender of Catan card, or tied defenders each draw a progress card. Either
//! way every knight becomes inactive, the ship goes back and the robber wakes.

use super::cards::Track;
use super::error::CkError;
use super::next_in_order;
use super::state::KnightBit;
use super::state::{Step, BARBARIAN_STEPS};
use crate::action::Event;
use crate::bits::NodeSet;
use crate::cities_knights::CkState;
use crate::state::BaseState;
use crate::state::{Phase, SETTLEMENT_LIMIT};
use crate::{BasePhase, CkEvent, CkPhase};
use engine::{EventSink, Seat, SeatSet};

/// Barbarian strength: cities on the board (`ck.barbarian.strength`).
pub fn strength(state: &BaseState) -> u32 {
    state.players.iter().map(|p| p.cities.len() as u32).sum()
}

/// Catan's defence: every active knight's strength (`ck.barbarian.defence`).
pub fn defence(state: &BaseState, ck: &CkState) -> u32 {
    (0..state.n()).map(|i| own_defence(ck, i)).sum()
}

/// One player's defence.
#[inline]
pub fn own_defence(ck: &CkState, i: usize) -> u32 {
    ck.players[i].defence(ck.players[i].knights())
}

/// Cities of seat `i` that can be pillaged: those without a metropolis.
pub fn pillageable(state: &BaseState, ck: &CkState, i: usize) -> NodeSet {
    let metros = ck.all_metropolis_nodes();
    NodeSet(state.players[i].cities.0 & !metros.0)
}

/// One step of the ship (`ck.barbarian.advance`); on the 7th the attack.
/// Returns what is left of the roll, or `None` when a choice is due first.
pub fn advance<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, events: &mut S) -> Option<Step> {
    ck.barbarians += 1;
    let position = ck.barbarians;
    events.push(Event::Ck(CkEvent::BarbariansAdvanced { position }));
    if position >= BARBARIAN_STEPS {
        attack(state, ck, events)
    } else {
        Some(Step::Production)
    }
}

/// The attack (`ck.barbarian.attack_now`).
pub fn attack<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, events: &mut S) -> Option<Step> {
    let n = state.n();
    let strength = strength(state);
    let defence = defence(state, ck);
    let own: Vec<u32> = (0..n).map(|i| own_defence(ck, i)).collect();
    let repelled = defence >= strength;
    events.push(Event::Ck(CkEvent::BarbarianAttack {
        strength,
        defence,
        repelled,
    }));
    let mut next = Some(Step::Production);
    if !repelled {
        // `ck.barbarian.pillage`: the lowest defence among the players who
        // still have a city without a metropolis.
        let candidates: Vec<usize> = (0..n).filter(|&i| !pillageable(state, ck, i).is_empty()).collect();
        if let Some(low) = candidates.iter().map(|&i| own[i]).min() {
            let owed: SeatSet = candidates
                .iter()
                .filter(|&&i| own[i] == low)
                .map(|&i| Seat(i as u8))
                .collect();
            state.phase = Phase::Ck(CkPhase::Pillage { owed });
            next = None;
        }
    } else if defence > 0 {
        // `ck.barbarian.defender`; with no active knight nobody is rewarded
        // (`ck.decide.zero_defence`).
        let high = own.iter().copied().max().unwrap_or(0);
        let best: SeatSet = (0..n).filter(|&i| own[i] == high).map(|i| Seat(i as u8)).collect();
        if best.len() == 1 {
            if let Some(seat) = best.first() {
                ck.players[seat.index()].defenders += 1;
                ck.defenders_left = ck.defenders_left.saturating_sub(1);
                events.push(Event::Ck(CkEvent::DefenderOfCatan { seat }));
            }
        } else {
            next = Some(Step::Defenders { pending: best });
        }
    }
    reset(ck, events);
    next
}

/// `ck.barbarian.reset`: knights inactive, ship back, robber awake.
fn reset<S: EventSink<Event>>(ck: &mut CkState, events: &mut S) {
    for p in ck.players.iter_mut() {
        p.roster.clear(KnightBit::Active);
    }
    ck.barbarians = 0;
    ck.robber_awake = true;
    events.push(Event::Ck(CkEvent::BarbariansReset));
}

/// Checks the city a pillaged player gives up.
pub fn check_lose_city(
    state: &BaseState,
    ck: &CkState,
    seat: Seat,
    node: crate::topology::NodeId,
) -> Result<(), CkError> {
    if !pillageable(state, ck, seat.index()).contains(node) {
        return Err(CkError::PillageCity);
    }
    Ok(())
}

/// The city becomes a settlement, its wall goes back (`ck.wall.lost`); without
/// a settlement piece the city piece lies on its side and counts as one.
pub fn apply_lose_city<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    node: crate::topology::NodeId,
    mut owed: SeatSet,
    events: &mut S,
) {
    let i = seat.index();
    let flat_before = ck.players[i].flat.len();
    let settlements_on_board = state.players[i].settlements.len() - flat_before;
    let p = &mut state.players[i];
    p.cities.remove(node);
    p.settlements.insert(node);
    let c = &mut ck.players[i];
    c.walls.remove(node);
    if settlements_on_board >= SETTLEMENT_LIMIT as usize {
        c.flat.insert(node);
    }
    events.push(Event::Ck(CkEvent::CityPillaged { seat, node }));
    owed.remove(seat);
    if owed.is_empty() {
        super::roll::run(state, ck, Step::Production, events);
    } else {
        state.phase = Phase::Ck(CkPhase::Pillage { owed });
    }
}

/// Checks a tied defender's deck (`ck.decide.empty_deck`).
pub fn check_deck(ck: &CkState, track: Track) -> Result<(), CkError> {
    if ck.decks[track.index()].is_empty() {
        return Err(CkError::DeckEmpty(track));
    }
    Ok(())
}

/// The tied defender next in order draws from the chosen deck.
pub fn apply_deck(state: &mut BaseState, mut pending: SeatSet, track: Track) {
    let Some(seat) = next_in_order(state, pending) else {
        state.phase = Phase::Base(BasePhase::Main);
        return;
    };
    pending.remove(seat);
    state.phase = Phase::Ck(CkPhase::ProgressDraw {
        seat,
        track,
        then: Step::Defenders { pending },
    });
}

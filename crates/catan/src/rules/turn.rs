//! The turn: roll first (`catan.turn.roll_first`), production with the robber
//! (`catan.production.robber_blocks`) and the finite bank
//! (`catan.production.bank_shortage`), the end of a turn, and victory in the
//! player's own turn (`catan.win.own_turn`).

use super::layer::Layer;
use crate::action::{Dice, Event};
use crate::resource::Resource;
use crate::state::{BaseState, Phase, Resume, MAX_PLAYERS};
use crate::{BaseEvent, BasePhase};

use engine::EventSink;

/// Applies a roll of the dice.
pub fn apply_dice<S: EventSink<Event>>(state: &mut BaseState, dice: Dice, events: &mut S) {
    state.last_roll = Some(dice);
    events.push(Event::Base(BaseEvent::Rolled {
        seat: state.current,
        dice,
    }));
    let sum = dice.sum();
    if sum == 7 {
        let mut owed = [0u8; MAX_PLAYERS];
        let mut any = false;
        for (i, p) in state.players.iter().enumerate() {
            let total = p.hand.total();
            if total > 7 {
                owed[i] = (total / 2) as u8;
                any = true;
            }
        }
        state.phase = if any {
            Phase::Base(BasePhase::Discard { owed })
        } else {
            Phase::Base(BasePhase::MoveRobber { resume: Resume::Main })
        };
    } else {
        super::hand::produce::<Resource, S>(state, &mut (), sum, events);
        state.phase = Phase::Base(BasePhase::Main);
    }
}

/// Ends the turn: cards bought become playable, the next seat rolls. (The
/// 5–6 player extension ends a turn its own way, `crate::five_six`, and
/// calls [`begin_next_turn`] when the next turn begins.)
pub fn end_turn<S: EventSink<Event>>(state: &mut BaseState, events: &mut S) {
    let seat = state.current;
    let p = &mut state.players[seat.index()];
    for k in 0..p.dev_cards.0.len() {
        p.dev_cards.0[k] = p.dev_cards.0[k].saturating_add(p.new_dev_cards.0[k]);
    }
    p.new_dev_cards = crate::dev::DevCards::ZERO;
    state.dev_played = false;
    state.trade_offers = 0;
    state.free_squire_steps = 0;
    events.push(Event::Base(BaseEvent::TurnEnded { seat }));
    begin_next_turn(state, events);
}

/// The next seat's turn begins: it rolls.
pub(crate) fn begin_next_turn<S: EventSink<Event>>(state: &mut BaseState, events: &mut S) {
    state.current = state.next_seat(state.current);
    state.turn += 1;
    state.phase = Phase::Base(BasePhase::Roll);
    events.push(Event::Base(BaseEvent::TurnStarted {
        seat: state.current,
        turn: state.turn,
    }));
}

/// Ends the game if the active player has reached the goal: points only count
/// in the player's own turn, so only the active player is ever checked (the
/// 5–6 player extension checks its own way, `crate::five_six::check_victory`).
#[inline(always)]
pub fn check_victory<L: Layer, S: EventSink<Event>>(layer: L, state: &mut BaseState, events: &mut S) {
    if matches!(
        state.phase,
        Phase::Base(BasePhase::Setup { .. }) | Phase::Base(BasePhase::Over { .. })
    ) {
        return;
    }
    declare_if_won(layer, state, state.current, events);
}

/// Ends the game with `seat` the winner if its points reach the goal.
#[inline(always)]
pub(crate) fn declare_if_won<L: Layer, S: EventSink<Event>>(
    layer: L,
    state: &mut BaseState,
    seat: engine::Seat,
    events: &mut S,
) {
    let points = layer.points(state, seat);
    if points >= state.victory_points {
        state.phase = Phase::Base(BasePhase::Over { winner: seat });
        events.push(Event::Base(BaseEvent::Won {
            seat,
            points,
            victory_point_cards: state.players.iter().map(|p| p.victory_point_cards()).collect(),
        }));
    }
}

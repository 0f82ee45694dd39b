//! The roll (`ck.turn.roll`, `ck.turn.event_first`): three dice as one chance
//! outcome, the event die resolved first, then production with commodities
//! (`ck.production.*`) or the 7 with the wall-raised hand limit
//! (`ck.seven.hand_limit`) and the sleeping robber (`ck.robber.asleep`), then
//! Aqueduct claims (`ck.improve.aqueduct`).
//!
//! A roll may stop for choices and draws on its way (pillage, tied defenders,
//! gate draws, a fifth progress card); [`run`] takes a [`Step`] saying what is
//! left and goes on until the next choice or the main part of the turn.

use super::barbarians;
use super::cards::{Card, EventFace};
use super::error::CkError;
use super::progress::{draws, ProgressCard, PROGRESS_HAND_LIMIT};
use super::state::Step;
use super::{card_count, next_in_order};
use crate::action::{Action, Chance, Dice, Event};
use crate::cities_knights::CkState;
use crate::cities_knights::ProgressHand;
use crate::resource::Resource;
use crate::state::BaseState;
use crate::state::{Phase, Resume, MAX_PLAYERS};
use crate::{BaseEvent, BasePhase, CkAction, CkChance, CkEvent, CkPhase};

use engine::{EventSink, GameRng, Seat, SeatSet};
use rand::Rng;

/// The 216 equally likely rolls as 144 distinct outcomes (the ship shows on
/// three of the event die's six faces).
pub fn roll_outcomes(out: &mut Vec<(Chance, f64)>) {
    for red in 1..=6 {
        for yellow in 1..=6 {
            for (event, faces) in EventFace::FACES {
                out.push((
                    Chance::Ck(CkChance::CkDice { red, yellow, event }),
                    faces as f64 / 216.0,
                ));
            }
        }
    }
}

/// Draws a roll directly.
pub fn sample_roll(rng: &mut GameRng) -> Chance {
    let x: u32 = rng.random_range(0..216);
    Chance::Ck(CkChance::CkDice {
        red: (x / 36) as u8 + 1,
        yellow: (x / 6 % 6) as u8 + 1,
        event: EventFace::of_side((x % 6) as u8),
    })
}

/// Applies a roll: the event die first, then the sum.
pub fn apply_roll<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    red: u8,
    yellow: u8,
    event: EventFace,
    events: &mut S,
) {
    let dice = Dice { red, yellow };
    state.last_roll = Some(dice);
    ck.last_event = Some(event);
    events.push(Event::Base(BaseEvent::Rolled {
        seat: state.current,
        dice,
    }));
    events.push(Event::Ck(CkEvent::EventDie { face: event }));
    match event {
        EventFace::Ship => {
            if let Some(step) = barbarians::advance(state, ck, events) {
                run(state, ck, step, events);
            }
        }
        EventFace::Gate(track) => {
            let mut pending = SeatSet::EMPTY;
            for (i, p) in ck.players.iter().enumerate().take(state.n()) {
                if draws(p.levels[track.index()], red) {
                    pending.insert(Seat(i as u8));
                }
            }
            run(state, ck, Step::Gate { track, pending }, events);
        }
    }
}

/// Goes on with what is left of a roll until a choice or chance is due.
pub fn run<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, mut step: Step, events: &mut S) {
    loop {
        match step {
            Step::Defenders { pending } => {
                let all_empty = ck.decks.iter().all(|d| d.is_empty());
                match next_in_order(state, pending) {
                    Some(_) if !all_empty => {
                        state.phase = Phase::Ck(CkPhase::DefenderDeck { pending });
                        return;
                    }
                    _ => step = Step::Production,
                }
            }
            Step::Gate { track, mut pending } => {
                let empty = ck.decks[track.index()].is_empty();
                match next_in_order(state, pending) {
                    Some(seat) if !empty => {
                        pending.remove(seat);
                        state.phase = Phase::Ck(CkPhase::ProgressDraw {
                            seat,
                            track,
                            then: Step::Gate { track, pending },
                        });
                        return;
                    }
                    _ => step = Step::Production,
                }
            }
            Step::Production => {
                production_or_seven(state, ck, events);
                return;
            }
            Step::Main => {
                state.phase = Phase::Base(BasePhase::Main);
                return;
            }
        }
    }
}

/// The possible progress cards of a draw from `track` with their probabilities.
pub fn draw_outcomes(ck: &CkState, track: super::Track, out: &mut Vec<(Chance, f64)>) {
    let part = ck.decks[track.index()].drawing();
    let total = part.total() as f64;
    for c in ProgressCard::ALL {
        let k = part.get(c);
        if k > 0 {
            out.push((Chance::Ck(CkChance::Progress { card: c }), k as f64 / total));
        }
    }
}

/// Draws a progress card directly.
pub fn sample_draw(ck: &CkState, track: super::Track, rng: &mut GameRng) -> ProgressCard {
    let part = ck.decks[track.index()].drawing();
    part.pick(rng).map_or(ProgressCard::Alchemist, |i| ProgressCard::ALL[i])
}

/// A progress card reaches `seat`: a victory point card is revealed
/// (`ck.progress.vp_cards`), any other goes to the hand, and a fifth one there
/// must be discarded at once (`ck.progress.hand_limit`).
pub fn apply_draw<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    track: super::Track,
    card: ProgressCard,
    then: Step,
    events: &mut S,
) {
    ck.decks[track.index()].take(card);
    let p = &mut ck.players[seat.index()];
    if card.is_vp() {
        p.vp_cards.add_card(card);
    } else {
        p.progress.add_card(card);
    }
    let over = p.progress.limited() > PROGRESS_HAND_LIMIT;
    events.push(Event::Ck(CkEvent::ProgressDrawn {
        seat,
        track,
        card: Some(card),
    }));
    if over {
        state.phase = Phase::Ck(CkPhase::ProgressDiscard { seat, then });
    } else {
        run(state, ck, then, events);
    }
}

/// Checks a progress card discard over the limit.
pub fn check_discard_progress(ck: &CkState, seat: Seat, card: ProgressCard) -> Result<(), CkError> {
    if ck.players[seat.index()].progress.get(card) == 0 {
        return Err(CkError::ProgressNotHeld);
    }
    Ok(())
}

/// Discards a progress card face down under its deck (`ck.progress.under_deck`).
pub fn apply_discard_progress<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    card: ProgressCard,
    then: Step,
    events: &mut S,
) {
    ck.players[seat.index()].progress.remove_card(card);
    ck.decks[card.track().index()].under.add_card(card);
    events.push(Event::Ck(CkEvent::ProgressDiscarded {
        seat,
        track: card.track(),
        card: Some(card),
    }));
    run(state, ck, then, events);
}

fn production_or_seven<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, events: &mut S) {
    let sum = state.last_roll.map_or(0, |d| d.sum());
    if sum == 7 {
        seven(state, ck);
        return;
    }
    let received = crate::rules::hand::produce::<Card, S>(state, ck, sum, events);
    let mut pending = SeatSet::EMPTY;
    for (i, p) in ck.players.iter().enumerate().take(state.n()) {
        let seat = Seat(i as u8);
        if p.levels[super::Track::Science.index()] >= 3 && !received.contains(seat) {
            pending.insert(seat);
        }
    }
    start_aqueduct(state, pending);
}

/// The 7: players above their limit of 7 + 2 per wall discard half their
/// cards; then the robber moves, if awake.
fn seven(state: &mut BaseState, ck: &mut CkState) {
    let mut owed = [0u8; MAX_PLAYERS];
    let mut any = false;
    for (i, o) in owed.iter_mut().enumerate().take(state.n()) {
        let seat = Seat(i as u8);
        let total = card_count(state, ck, seat);
        let limit = 7 + 2 * ck.players[i].walls.len() as u32;
        if total > limit {
            *o = (total / 2) as u8;
            any = true;
        }
    }
    state.phase = if any {
        Phase::Base(BasePhase::Discard { owed })
    } else {
        after_seven(ck)
    };
}

/// Where the turn goes after the discards of a 7.
pub(crate) fn after_seven(ck: &CkState) -> Phase {
    if ck.robber_awake {
        Phase::Base(BasePhase::MoveRobber { resume: Resume::Main })
    } else {
        Phase::Base(BasePhase::Main)
    }
}

/// Starts the Aqueduct claims of `pending` (or the main part if none can take).
fn start_aqueduct(state: &mut BaseState, pending: SeatSet) {
    state.phase = if pending.is_empty() || state.bank.is_empty() {
        Phase::Base(BasePhase::Main)
    } else {
        Phase::Ck(CkPhase::Aqueduct { pending })
    };
}

/// Aqueduct choices of `seat`: any resource the bank holds
/// (`ck.decide.aqueduct_bank`).
pub fn legal_aqueduct(state: &BaseState, out: &mut Vec<Action>) {
    for r in Resource::ALL {
        if state.bank.get(r) > 0 {
            out.push(Action::Ck(CkAction::AqueductTake { resource: r }));
        }
    }
}

/// Checks an Aqueduct choice.
pub fn check_aqueduct(state: &BaseState, r: Resource) -> Result<(), CkError> {
    if state.bank.get(r) == 0 {
        return Err(CkError::AqueductBank(r));
    }
    Ok(())
}

/// Applies an Aqueduct choice and asks the next claimant.
pub fn apply_aqueduct<S: EventSink<Event>>(
    state: &mut BaseState,
    seat: Seat,
    mut pending: SeatSet,
    r: Resource,
    events: &mut S,
) {
    state.bank.0[r.index()] -= 1;
    state.players[seat.index()].hand.0[r.index()] += 1;
    events.push(Event::Ck(CkEvent::Aqueduct { seat, resource: r }));
    pending.remove(seat);
    start_aqueduct(state, pending);
}

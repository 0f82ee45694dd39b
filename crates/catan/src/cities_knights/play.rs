//! Playing progress cards (`ck.progress.own_turn`, `ck.progress.under_deck`,
//! `ck.progress.resolve_fully`): only the active player, after the roll
//! (Alchemist before it), any number per turn; a played card goes face up,
//! then under its deck, and is resolved with all its choices before anything
//! else. The cards' effects are in [`super::science`], [`super::politics`]
//! and [`super::commerce`]; this module routes plays and the micro-actions of
//! the phases they open.

use super::cards::{Card, Cards};
use super::error::CkError;
use super::phase::{chance_phases, core_decision_phases};
use super::progress::ProgressCard;
use super::state::KnightBit;
use super::{commerce, hand, knights, next_in_order, politics, science};
use crate::action::{Action, Chance, Event};
use crate::cities_knights::layer::CkLayer;
use crate::cities_knights::CkState;
use crate::cities_knights::ProgressHand;
use crate::error::CatanError;
use crate::rules::build::{check_road, place_road, road_spots};
use crate::rules::development;
use crate::state::BaseState;
use crate::state::Phase;
use crate::{BaseAction, BasePhase, CkAction, CkChance, CkEvent, CkPhase};
use engine::{EventSink, GameRng, Rejection, Seat};
use rand::Rng;

type Checked = Result<(), Rejection<CatanError>>;

/// Whether `seat` holds `card` and may play it (VP cards never).
pub fn hold(ck: &CkState, seat: Seat, card: ProgressCard) -> Result<(), CatanError> {
    if card.is_vp() || ck.players[seat.index()].progress.get(card) == 0 {
        return Err(CkError::NotPlayable.into());
    }
    Ok(())
}

/// The card leaves the hand, is shown, and goes under its deck.
pub fn spend<S: EventSink<Event>>(ck: &mut CkState, seat: Seat, card: ProgressCard, events: &mut S) {
    ck.players[seat.index()].progress.remove_card(card);
    ck.decks[card.track().index()].under.add_card(card);
    events.push(Event::Ck(CkEvent::ProgressPlayed { seat, card }));
}

/// Plays before the roll.
pub fn legal_roll(ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    science::legal_alchemist(ck, seat, out);
}

/// Plays in the main part of the turn.
pub fn legal_main(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    science::legal(state, ck, seat, out);
    politics::legal(state, ck, seat, out);
    commerce::legal(state, ck, seat, out);
}

/// Whether the action is a progress card play (or a harbor offer).
pub fn is_play(action: &Action) -> bool {
    matches!(
        action,
        Action::Ck(CkAction::PlayProgress { .. })
            | Action::Ck(CkAction::PlayAlchemist { .. })
            | Action::Ck(CkAction::CraneImprovement { .. })
            | Action::Ck(CkAction::PlayEngineer { .. })
            | Action::Ck(CkAction::PlayInventor { .. })
            | Action::Ck(CkAction::PlayMedicine { .. })
            | Action::Ck(CkAction::PlayBishop { .. })
            | Action::Ck(CkAction::PlayDeserter { .. })
            | Action::Ck(CkAction::PlayDiplomat { .. })
            | Action::Ck(CkAction::PlayIntrigue { .. })
            | Action::Ck(CkAction::PlaySpy { .. })
            | Action::Ck(CkAction::PlayMasterMerchant { .. })
            | Action::Ck(CkAction::PlayMerchant { .. })
            | Action::Ck(CkAction::PlayMerchantFleet { .. })
            | Action::Ck(CkAction::PlayResourceMonopoly { .. })
            | Action::Ck(CkAction::PlayTradeMonopoly { .. })
            | Action::Ck(CkAction::HarborOffer { .. })
    )
}

/// Checks a play in the roll phase (Alchemist only) or the main phase.
pub fn check(state: &BaseState, ck: &CkState, seat: Seat, action: &Action) -> Checked {
    if let Action::Ck(CkAction::PlayProgress { card }) = *action {
        // A card whose play takes parameters is played by its own action.
        let plain = matches!(
            card,
            ProgressCard::Irrigation
                | ProgressCard::Mining
                | ProgressCard::RoadBuilding
                | ProgressCard::Smith
                | ProgressCard::Saboteur
                | ProgressCard::Warlord
                | ProgressCard::Wedding
                | ProgressCard::CommercialHarbor
        );
        if card == ProgressCard::Crane {
            // `ck.decide.crane`: only together with an improvement.
            return Err(CkError::Crane.into());
        }
        if !plain {
            return Err(CkError::NotPlayable.into());
        }
    }
    let alchemist = matches!(action, Action::Ck(CkAction::PlayAlchemist { .. }));
    if state.phase == Phase::Base(BasePhase::Roll) && !alchemist {
        return Err(CkError::RollFirst.into());
    }
    if state.phase != Phase::Base(BasePhase::Roll) && alchemist {
        return Err(CkError::Alchemist.into());
    }
    let r = science::check(state, ck, seat, action)
        .or_else(|| politics::check(state, ck, seat, action))
        .or_else(|| commerce::check(state, ck, seat, action))
        .unwrap_or(Err(CkError::NotPlayable.into()));
    Ok(r?)
}

/// Applies a play known to be legal.
pub fn apply<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    action: &Action,
    events: &mut S,
) {
    science::apply(state, ck, seat, action, events);
    politics::apply(state, ck, seat, action, events);
    commerce::apply(state, ck, seat, action, events);
}

/// Legal micro-actions of the phases progress cards open.
pub fn legal_phase(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    match state.phase {
        Phase::Ck(CkPhase::Smith { .. }) => science::legal_smith(state, ck, seat, out),
        Phase::Base(BasePhase::RoadBuilding { .. }) => {
            for edge in road_spots(CkLayer(ck), state, seat).iter() {
                out.push(Action::Base(BaseAction::BuildRoad { edge }));
            }
        }
        Phase::Ck(CkPhase::DiplomatRoad) => {
            for edge in road_spots(CkLayer(ck), state, seat).iter() {
                out.push(Action::Base(BaseAction::BuildRoad { edge }));
            }
            out.push(Action::Ck(CkAction::EndCard));
        }
        Phase::Ck(CkPhase::Desert { .. }) => {
            for node in ck.players[seat.index()].knights().iter() {
                out.push(Action::Ck(CkAction::RemoveKnight { node }));
            }
        }
        Phase::Ck(CkPhase::DeserterPlace { .. }) => {
            for node in knights::place_spots(state, ck, seat).iter() {
                out.push(Action::Ck(CkAction::BuildKnight { node }));
            }
            out.push(Action::Ck(CkAction::EndCard));
        }
        Phase::Ck(CkPhase::Sabotage { .. }) | Phase::Ck(CkPhase::Wedding { .. }) => {
            let h = hand(state, ck, seat);
            for card in Card::ALL {
                if h.count(card) > 0 {
                    let a = if matches!(state.phase, Phase::Ck(CkPhase::Wedding { .. })) {
                        Action::Ck(CkAction::GiveCard { card })
                    } else {
                        Action::Ck(CkAction::DiscardCard { card })
                    };
                    out.push(a);
                }
            }
        }
        Phase::Ck(CkPhase::Spy { victim }) => {
            for card in ProgressCard::ALL {
                if ck.players[victim.index()].progress.get(card) > 0 {
                    out.push(Action::Ck(CkAction::TakeProgress { card }));
                }
            }
        }
        Phase::Ck(CkPhase::MasterMerchant { victim, .. }) => {
            let h = hand(state, ck, victim);
            for card in Card::ALL {
                if h.count(card) > 0 {
                    out.push(Action::Ck(CkAction::TakeCard { card }));
                }
            }
        }
        Phase::Ck(CkPhase::HarborReply { to, .. }) => {
            for c in super::Commodity::ALL {
                if ck.players[to.index()].commodities.get(c) > 0 {
                    out.push(Action::Ck(CkAction::GiveCard {
                        card: Card::commodity(c),
                    }));
                }
            }
        }
        // Not a progress card's phase: nothing to add here.
        core_decision_phases!() | chance_phases!() | Phase::Base(BasePhase::Over { .. }) => {}
    }
}

/// Checks a micro-action of a card's phase (`None`: not such a phase).
pub fn check_phase(state: &BaseState, ck: &CkState, seat: Seat, action: &Action) -> Option<Checked> {
    let wrong = || {
        Err(Rejection::WrongPhase {
            phase: state.phase.name(),
        })
    };
    let held = |owner: Seat, card: Card| -> Checked {
        if hand(state, ck, owner).count(card) == 0 {
            Err(CkError::DiscardNotHeld(card).into())
        } else {
            Ok(())
        }
    };
    let r = match (state.phase, *action) {
        (Phase::Ck(CkPhase::Smith { .. }), Action::Ck(CkAction::PromoteKnight { node })) => {
            knights::check_promote_at(state, ck, seat, node, true).map_err(Rejection::from)
        }
        (
            Phase::Ck(CkPhase::Smith { .. })
            | Phase::Ck(CkPhase::DiplomatRoad)
            | Phase::Ck(CkPhase::DeserterPlace { .. }),
            Action::Ck(CkAction::EndCard),
        ) => Ok(()),
        (
            Phase::Base(BasePhase::RoadBuilding { .. }) | Phase::Ck(CkPhase::DiplomatRoad),
            Action::Base(BaseAction::BuildRoad { edge }),
        ) => check_road(CkLayer(ck), state, seat, edge, true).map_err(Rejection::from),
        (Phase::Ck(CkPhase::Desert { .. }), Action::Ck(CkAction::RemoveKnight { node })) => {
            if ck.players[seat.index()].roster.has(KnightBit::Placed, node) {
                Ok(())
            } else {
                Err(CkError::Deserter.into())
            }
        }
        (Phase::Ck(CkPhase::DeserterPlace { .. }), Action::Ck(CkAction::BuildKnight { node })) => {
            if knights::place_spots(state, ck, seat).contains(node) {
                Ok(())
            } else {
                Err(CkError::KnightPlace.into())
            }
        }
        (Phase::Ck(CkPhase::Sabotage { .. }), Action::Ck(CkAction::DiscardCard { card })) => held(seat, card),
        (Phase::Ck(CkPhase::Wedding { .. }), Action::Ck(CkAction::GiveCard { card })) => held(seat, card),
        (Phase::Ck(CkPhase::Spy { victim }), Action::Ck(CkAction::TakeProgress { card })) => {
            if ck.players[victim.index()].progress.get(card) > 0 {
                Ok(())
            } else {
                Err(CkError::ProgressNotHeld.into())
            }
        }
        (Phase::Ck(CkPhase::MasterMerchant { victim, .. }), Action::Ck(CkAction::TakeCard { card })) => {
            held(victim, card)
        }
        (Phase::Ck(CkPhase::HarborReply { .. }), Action::Ck(CkAction::GiveCard { card }))
            if card.as_commodity().is_some() =>
        {
            held(seat, card)
        }
        (
            Phase::Ck(CkPhase::Smith { .. })
            | Phase::Base(BasePhase::RoadBuilding { .. })
            | Phase::Ck(CkPhase::DiplomatRoad)
            | Phase::Ck(CkPhase::Desert { .. })
            | Phase::Ck(CkPhase::DeserterPlace { .. })
            | Phase::Ck(CkPhase::Sabotage { .. })
            | Phase::Ck(CkPhase::Wedding { .. })
            | Phase::Ck(CkPhase::Spy { .. })
            | Phase::Ck(CkPhase::MasterMerchant { .. })
            | Phase::Ck(CkPhase::HarborReply { .. }),
            _,
        ) => wrong(),
        (core_decision_phases!() | chance_phases!() | Phase::Base(BasePhase::Over { .. }), _) => return None,
    };
    Some(r)
}

/// Applies a micro-action of a card's phase.
pub fn apply_phase<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    action: &Action,
    events: &mut S,
) {
    match (state.phase, *action) {
        (Phase::Ck(CkPhase::Smith { left }), Action::Ck(CkAction::PromoteKnight { node })) => {
            knights::promote(ck, seat, node, events);
            science::smith_next(state, ck, seat, left.saturating_sub(1));
        }
        (
            Phase::Ck(CkPhase::Smith { .. })
            | Phase::Ck(CkPhase::DiplomatRoad)
            | Phase::Ck(CkPhase::DeserterPlace { .. }),
            Action::Ck(CkAction::EndCard),
        ) => state.phase = Phase::Base(BasePhase::Main),
        (Phase::Base(BasePhase::RoadBuilding { left, resume }), Action::Base(BaseAction::BuildRoad { edge })) => {
            development::apply_free_road(CkLayer(ck), state, seat, edge, left, resume, events)
        }
        (Phase::Ck(CkPhase::DiplomatRoad), Action::Base(BaseAction::BuildRoad { edge })) => {
            place_road(CkLayer(ck), state, seat, edge, true, events);
            state.phase = Phase::Base(BasePhase::Main);
        }
        (Phase::Ck(CkPhase::Desert { victim }), Action::Ck(CkAction::RemoveKnight { node })) => {
            politics::apply_remove(state, ck, victim, node, events)
        }
        (Phase::Ck(CkPhase::DeserterPlace { strength, active }), Action::Ck(CkAction::BuildKnight { node })) => {
            politics::apply_deserter_place(state, ck, seat, node, strength, active, events)
        }
        (Phase::Ck(CkPhase::Sabotage { owed }), Action::Ck(CkAction::DiscardCard { card })) => {
            politics::apply_give(state, ck, seat, card, owed, false, events)
        }
        (Phase::Ck(CkPhase::Wedding { owed }), Action::Ck(CkAction::GiveCard { card })) => {
            politics::apply_give(state, ck, seat, card, owed, true, events)
        }
        (Phase::Ck(CkPhase::Spy { victim }), Action::Ck(CkAction::TakeProgress { card })) => {
            politics::apply_spy(state, ck, victim, card, events)
        }
        (Phase::Ck(CkPhase::MasterMerchant { victim, left }), Action::Ck(CkAction::TakeCard { card })) => {
            politics::move_card(state, ck, victim, seat, card);
            events.push(Event::Ck(CkEvent::CardGiven {
                from: victim,
                to: seat,
                card: Some(card),
            }));
            let left = left.saturating_sub(1);
            state.phase = if left == 0 || super::card_count(state, ck, victim) == 0 {
                Phase::Base(BasePhase::Main)
            } else {
                Phase::Ck(CkPhase::MasterMerchant { victim, left })
            };
        }
        (Phase::Ck(CkPhase::HarborReply { to, resource }), Action::Ck(CkAction::GiveCard { card })) => {
            commerce::apply_reply(state, ck, to, resource, card, events)
        }
        _ => {}
    }
}

/// The victim Bishop robs next.
pub fn bishop_victim(state: &BaseState) -> Option<Seat> {
    match state.phase {
        Phase::Ck(CkPhase::BishopSteal { pending }) => next_in_order(state, pending),
        _ => None,
    }
}

/// Chance outcomes of the card phases: the Alchemist's event die and Bishop's steals.
pub fn chance_outcomes(state: &BaseState, ck: &CkState, out: &mut Vec<(Chance, f64)>) {
    match state.phase {
        Phase::Ck(CkPhase::RollingEvent { .. }) => {
            for (event, faces) in super::EventFace::FACES {
                out.push((Chance::Ck(CkChance::EventDie { event }), faces as f64 / 6.0));
            }
        }
        Phase::Ck(CkPhase::BishopSteal { .. }) => {
            if let Some(v) = bishop_victim(state) {
                super::legal::steal_outcomes(state, ck, v, out);
            }
        }
        _ => {}
    }
}

/// Draws the Alchemist's event die.
pub fn sample_event(rng: &mut GameRng) -> Chance {
    Chance::Ck(CkChance::EventDie {
        event: super::EventFace::of_side(rng.random_range(0..6)),
    })
}

/// Applies a chance outcome of a card phase.
pub fn apply_chance<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, outcome: &Chance, events: &mut S) {
    match (state.phase, *outcome) {
        (Phase::Ck(CkPhase::RollingEvent { red, yellow }), Chance::Ck(CkChance::EventDie { event })) => {
            super::roll::apply_roll(state, ck, red, yellow, event, events)
        }
        (Phase::Ck(CkPhase::BishopSteal { mut pending }), c) => {
            let Some(victim) = bishop_victim(state) else {
                state.phase = Phase::Base(BasePhase::Main);
                return;
            };
            super::legal::steal(state, ck, victim, c, events);
            pending.remove(victim);
            state.phase = if next_in_order(state, pending).is_some() {
                Phase::Ck(CkPhase::BishopSteal { pending })
            } else {
                Phase::Base(BasePhase::Main)
            };
        }
        _ => {}
    }
}

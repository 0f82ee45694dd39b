//! Negotiation (`catan.trade.*`): what happens between putting a domestic
//! offer to the table and the trade, for every rule set's cards.
//!
//! Each seat asked answers on its own, in any order: it accepts, declines,
//! or makes a **counter-offer** (`catan.trade.counter`): its own give and
//! get, put together card by card with the offer's own draft actions
//! (`OfferGive`/`OfferGet`, seen from the seat that drafts) after
//! `CounterOffer`, and put to the offerer with `SubmitOffer`. A counter asks
//! only for what the other players hold together, the same public bound as
//! the offer (`catan.trade.ask_only_held`): a bound on the offerer's own
//! hand would tell the other seats what it holds.
//!
//! The offerer joins in as soon as one seat has accepted or countered: it
//! confirms with any seat that accepted, takes any one counter-offer,
//! withdraws the offer to put a new one together (`ReviseOffer`, which counts
//! as a new offer under `catan.house.trade_offers_per_turn`), or cancels.
//! Whoever has not answered by then counts as declining, so a seat that never
//! answers holds nobody up once another has. If everyone declines, the offer
//! lapses.
//!
//! Why the offerer waits for the first answer rather than acting from the
//! start: a seat that may act is asked to (bots, the referee's drivers), and
//! an offerer asked before anyone answered could only cancel. The turn clock
//! answers for a seat that never does.
//!
//! Counter-offers are kept in [`BaseState::counters`], each seen from the
//! offerer, so that taking one is the same exchange as confirming the offer.

use super::hand::HandCard;
use super::trade::{check_draft as check_draft_for, held_by_others};
use crate::action::{Action, Event};
use crate::error::CatanError;
use crate::state::{BaseState, Counters, Offer, Phase, MAX_PLAYERS};
use crate::{BaseAction, BaseEvent, BasePhase};
use engine::{EventSink, Rejection, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Who answers and what stands: the fields of both negotiation phases
/// (`TradeReplies` and `TradeConfirm`, which has nobody pending).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Talks {
    /// The offer.
    pub offer: Offer,
    /// Seats still to answer (those drafting a counter-offer too).
    pub pending: SeatSet,
    /// Seats that accepted.
    pub accepted: SeatSet,
    /// Seats whose counter-offer stands.
    pub countered: SeatSet,
    /// Pending seats drafting a counter-offer.
    pub drafting: SeatSet,
}

impl Talks {
    /// The negotiation a state is in, if its phase is one of the two: the
    /// phase's offer and answers, and the counter-offers beside it.
    #[inline]
    pub fn of(state: &BaseState) -> Option<Talks> {
        let (offer, pending, accepted) = match state.phase {
            Phase::Base(BasePhase::TradeReplies {
                offer,
                pending,
                accepted,
            }) => (offer, pending, accepted),
            Phase::Base(BasePhase::TradeConfirm { offer, accepted }) => (offer, SeatSet::EMPTY, accepted),
            _ => return None,
        };
        let (countered, drafting) = state
            .counters
            .as_ref()
            .map_or((SeatSet::EMPTY, SeatSet::EMPTY), |c| (c.countered, c.drafting));
        Some(Talks {
            offer,
            pending,
            accepted,
            countered,
            drafting,
        })
    }

    /// The phase that holds this negotiation: replies while anyone is to
    /// answer, the confirmation once everyone has, and none (the offer
    /// lapses) when nobody accepted or countered.
    fn phase(self) -> Option<Phase> {
        if !self.pending.is_empty() {
            Some(Phase::Base(BasePhase::TradeReplies {
                offer: self.offer,
                pending: self.pending,
                accepted: self.accepted,
            }))
        } else if self.answered() {
            Some(Phase::Base(BasePhase::TradeConfirm {
                offer: self.offer,
                accepted: self.accepted,
            }))
        } else {
            None
        }
    }

    /// Whether a seat accepted or countered: the offerer may act.
    #[inline]
    pub fn answered(self) -> bool {
        !self.accepted.is_empty() || !self.countered.is_empty()
    }

    /// The seats that may act: those to answer, and the offerer once anyone
    /// has accepted or countered.
    #[inline]
    pub fn to_act(self, offerer: Seat) -> SeatSet {
        let mut seats = self.pending;
        if self.answered() {
            seats.insert(offerer);
        }
        seats
    }
}

/// Whether `seat` holds every card of one side of `offer` (`give`: the side
/// the active player gives).
pub fn covers<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat, offer: &Offer, give: bool) -> bool {
    C::ALL
        .iter()
        .all(|&c| C::held(state, part, seat, c) >= C::offered(offer, c, give))
}

/// The counter-offer of `seat` turned to its own side (`give`: what the seat
/// gives), which is how its drafting is checked and how it is reported.
fn own_side(counter: &Offer) -> Offer {
    Offer {
        give: counter.get,
        get: counter.give,
        give_commodities: counter.get_commodities,
        get_commodities: counter.give_commodities,
    }
}

/// The legal actions of `seat` in a negotiation.
pub fn legal<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat, talks: &Talks, out: &mut Vec<Action>) {
    if seat == state.current {
        if talks.answered() {
            legal_offerer::<C>(state, part, talks, out);
        }
    } else if talks.drafting.contains(seat) {
        let draft = own_side(&state.counter(seat));
        for give in [true, false] {
            for &card in C::ALL {
                if check_draft_for(state, part, seat, &draft, card, give).is_ok() {
                    out.push(card.draft_action(give));
                }
            }
        }
        if super::trade::check_submit::<C>(&draft).is_ok() {
            out.push(Action::Base(BaseAction::SubmitOffer));
        }
        push_answers::<C>(state, part, seat, talks, out, false);
    } else if talks.pending.contains(seat) {
        push_answers::<C>(state, part, seat, talks, out, may_counter::<C>(state, part, seat));
    }
}

/// Accepting (with the cards asked for in hand), declining, and starting a
/// counter-offer (`counter`).
fn push_answers<C: HandCard>(
    state: &BaseState,
    part: &C::Part,
    seat: Seat,
    talks: &Talks,
    out: &mut Vec<Action>,
    counter: bool,
) {
    if covers::<C>(state, part, seat, &talks.offer, false) {
        out.push(Action::Base(BaseAction::AcceptOffer));
    }
    out.push(Action::Base(BaseAction::DeclineOffer));
    if counter {
        out.push(Action::Base(BaseAction::CounterOffer));
    }
}

/// A counter-offer needs a card to give and one the others hold to ask for.
fn may_counter<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat) -> bool {
    C::hand_size(state, part, seat) > 0 && C::ALL.iter().any(|&c| held_by_others(state, part, seat, c) > 0)
}

/// The offerer's choices: each seat that accepted, each counter-offer, a
/// new offer (while the house rule allows one) and cancelling.
fn legal_offerer<C: HandCard>(state: &BaseState, part: &C::Part, talks: &Talks, out: &mut Vec<Action>) {
    for with in talks.accepted.iter() {
        if check_exchange::<C>(state, part, &talks.offer, with).is_ok() {
            out.push(Action::Base(BaseAction::ConfirmTrade { with }));
        }
    }
    for from in talks.countered.iter() {
        if check_exchange::<C>(state, part, &state.counter(from), from).is_ok() {
            out.push(Action::Base(BaseAction::AcceptCounter { from }));
        }
    }
    if state.may_open_offer() {
        out.push(Action::Base(BaseAction::ReviseOffer));
    }
    out.push(Action::Base(BaseAction::CancelTrade));
}

/// Whether both sides of a trade of `offer` with `with` still hold their
/// cards.
fn check_exchange<C: HandCard>(state: &BaseState, part: &C::Part, offer: &Offer, with: Seat) -> Result<(), CatanError> {
    if with.index() >= state.n() || with == state.current {
        return Err(CatanError::ConfirmAccepted);
    }
    if !covers::<C>(state, part, state.current, offer, true) || !covers::<C>(state, part, with, offer, false) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks an action of `seat` in a negotiation: the most specific rule it
/// breaks, or `Ok`.
pub fn check<C: HandCard>(
    state: &BaseState,
    part: &C::Part,
    seat: Seat,
    talks: &Talks,
    action: &Action,
) -> Result<(), Rejection<CatanError>> {
    let wrong = || Rejection::WrongPhase {
        phase: state.phase.name(),
    };
    let offerer = seat == state.current;
    if !talks.to_act(state.current).contains(seat) {
        return Err(match *action {
            _ if offerer && (answers_offer(action) && !offerer_action(action) || C::drafted(action).is_some()) => {
                CatanError::OwnOffer.into()
            }
            Action::Base(BaseAction::ConfirmTrade { .. }) if offerer => CatanError::ConfirmAccepted.into(),
            Action::Base(BaseAction::AcceptCounter { from }) if offerer => CatanError::NoCounter(from).into(),
            _ if !offerer && offerer_action(action) => CatanError::TradeActivePlayerOnly.into(),
            _ => Rejection::NotYourTurn { seat },
        });
    }
    if let Some((card, give)) = C::drafted(action) {
        return if offerer {
            Err(CatanError::OwnOffer.into())
        } else if !talks.drafting.contains(seat) {
            Err(CatanError::CounterFirst.into())
        } else {
            Ok(check_draft_for(
                state,
                part,
                seat,
                &own_side(&state.counter(seat)),
                card,
                give,
            )?)
        };
    }
    let Action::Base(a) = *action else {
        return Err(wrong());
    };
    match a {
        BaseAction::AcceptOffer | BaseAction::DeclineOffer | BaseAction::CounterOffer if offerer => {
            Err(CatanError::OwnOffer.into())
        }
        BaseAction::SubmitOffer if offerer => Err(CatanError::OwnOffer.into()),
        BaseAction::ConfirmTrade { .. }
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::CancelTrade
            if !offerer =>
        {
            Err(CatanError::TradeActivePlayerOnly.into())
        }
        BaseAction::AcceptOffer if !covers::<C>(state, part, seat, &talks.offer, false) => {
            Err(CatanError::PayInsufficient.into())
        }
        BaseAction::AcceptOffer | BaseAction::DeclineOffer => Ok(()),
        BaseAction::CounterOffer if talks.drafting.contains(seat) => Err(CatanError::CounterFirst.into()),
        BaseAction::CounterOffer if C::hand_size(state, part, seat) == 0 => Err(CatanError::PayInsufficient.into()),
        BaseAction::CounterOffer if !may_counter::<C>(state, part, seat) => Err(CatanError::AskOnlyHeld.into()),
        BaseAction::CounterOffer => Ok(()),
        BaseAction::SubmitOffer if !talks.drafting.contains(seat) => Err(CatanError::CounterFirst.into()),
        BaseAction::SubmitOffer => Ok(super::trade::check_submit::<C>(&state.counter(seat))?),
        BaseAction::ConfirmTrade { with } if !talks.accepted.contains(with) => Err(CatanError::ConfirmAccepted.into()),
        BaseAction::ConfirmTrade { with } => Ok(check_exchange::<C>(state, part, &talks.offer, with)?),
        BaseAction::AcceptCounter { from } if !talks.countered.contains(from) => {
            Err(CatanError::NoCounter(from).into())
        }
        BaseAction::AcceptCounter { from } => Ok(check_exchange::<C>(state, part, &state.counter(from), from)?),
        BaseAction::ReviseOffer => Ok(crate::legal::check_offer_limit(state)?),
        BaseAction::CancelTrade => Ok(()),
        BaseAction::BuildSettlement { .. }
        | BaseAction::BuildRoad { .. }
        | BaseAction::BuildCity { .. }
        | BaseAction::Roll
        | BaseAction::Discard { .. }
        | BaseAction::MoveRobber { .. }
        | BaseAction::BuyDevelopmentCard
        | BaseAction::PlayKnight
        | BaseAction::PlayRoadBuilding
        | BaseAction::PlayYearOfPlenty { .. }
        | BaseAction::PlayMonopoly { .. }
        | BaseAction::MaritimeTrade { .. }
        | BaseAction::OpenTrade
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::EndTurn => Err(wrong()),
    }
}

/// Whether `action` answers or settles an open offer: refused with
/// `catan.trade.no_offer` when none is open (withdrawn, taken or lapsed).
pub fn answers_offer(action: &Action) -> bool {
    matches!(
        action,
        Action::Base(
            BaseAction::AcceptOffer
                | BaseAction::DeclineOffer
                | BaseAction::CounterOffer
                | BaseAction::ConfirmTrade { .. }
                | BaseAction::AcceptCounter { .. }
                | BaseAction::ReviseOffer
        )
    )
}

/// The offerer's own actions in a negotiation.
fn offerer_action(action: &Action) -> bool {
    matches!(
        action,
        Action::Base(
            BaseAction::ConfirmTrade { .. }
                | BaseAction::AcceptCounter { .. }
                | BaseAction::ReviseOffer
                | BaseAction::CancelTrade
        )
    )
}

/// Applies a checked action of `seat` in a negotiation.
pub fn apply<C: HandCard, S: EventSink<Event>>(
    state: &mut BaseState,
    part: &mut C::Part,
    seat: Seat,
    mut talks: Talks,
    action: &Action,
    events: &mut S,
) {
    if let Some((card, give)) = C::drafted(action) {
        // Drafted from the seat's own side: what it gives, the offerer gets.
        if let Some(counter) = state.counters_mut().offers.get_mut(seat.index()) {
            C::add_to_offer(counter, card, !give);
        }
        return;
    }
    let Action::Base(a) = *action else { return };
    match a {
        BaseAction::AcceptOffer | BaseAction::DeclineOffer => {
            let accept = matches!(a, BaseAction::AcceptOffer);
            talks.pending.remove(seat);
            if talks.drafting.contains(seat) {
                talks.drafting.remove(seat);
                set_counter(state, seat, Offer::default());
            }
            if accept {
                talks.accepted.insert(seat);
            }
            events.push(Event::Base(BaseEvent::Replied { seat, accepted: accept }));
            go_on(state, talks, events);
        }
        BaseAction::CounterOffer => {
            talks.drafting.insert(seat);
            set_counter(state, seat, Offer::default());
            go_on(state, talks, events);
        }
        BaseAction::SubmitOffer => {
            talks.pending.remove(seat);
            talks.drafting.remove(seat);
            talks.countered.insert(seat);
            let own = own_side(&state.counter(seat));
            events.push(Event::Base(BaseEvent::Countered {
                seat,
                give: own.give,
                get: own.get,
                give_commodities: own.give_commodities,
                get_commodities: own.get_commodities,
            }));
            go_on(state, talks, events);
        }
        BaseAction::ConfirmTrade { with } => exchange::<C, S>(state, part, talks.offer, with, events),
        BaseAction::AcceptCounter { from } => {
            let counter = state.counter(from);
            exchange::<C, S>(state, part, counter, from, events)
        }
        BaseAction::ReviseOffer => {
            if state.trade_offers_per_turn.is_some() {
                state.trade_offers = state.trade_offers.saturating_add(1);
            }
            state.clear_counters();
            events.push(Event::Base(BaseEvent::OfferRevised { seat }));
            state.phase = Phase::Base(BasePhase::TradeDraft {
                offer: Offer::default(),
            });
        }
        BaseAction::CancelTrade => end(state, events),
        BaseAction::BuildSettlement { .. }
        | BaseAction::BuildRoad { .. }
        | BaseAction::BuildCity { .. }
        | BaseAction::Roll
        | BaseAction::Discard { .. }
        | BaseAction::MoveRobber { .. }
        | BaseAction::BuyDevelopmentCard
        | BaseAction::PlayKnight
        | BaseAction::PlayRoadBuilding
        | BaseAction::PlayYearOfPlenty { .. }
        | BaseAction::PlayMonopoly { .. }
        | BaseAction::MaritimeTrade { .. }
        | BaseAction::OpenTrade
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::EndTurn => {}
    }
}

/// Sets the counter-offer of `seat`.
fn set_counter(state: &mut BaseState, seat: Seat, offer: Offer) {
    if let Some(c) = state.counters_mut().offers.get_mut(seat.index()) {
        *c = offer;
    }
}

/// The negotiation goes on in its next phase, or the offer lapses. The
/// counter-offers keep one form for "none" (no shared part), which is also
/// what the state's JSON reads back.
fn go_on<S: EventSink<Event>>(state: &mut BaseState, talks: Talks, events: &mut S) {
    let Some(phase) = talks.phase() else {
        return end(state, events);
    };
    state.phase = phase;
    if talks.countered.is_empty() && talks.drafting.is_empty() {
        state.clear_counters();
    } else {
        let c = state.counters_mut();
        c.countered = talks.countered;
        c.drafting = talks.drafting;
        for (i, offer) in c.offers.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            if !talks.countered.contains(seat) && !talks.drafting.contains(seat) {
                *offer = Offer::default();
            }
        }
    }
}

/// The offer is withdrawn or lapses: back to the main phase.
fn end<S: EventSink<Event>>(state: &mut BaseState, events: &mut S) {
    state.clear_counters();
    events.push(Event::Base(BaseEvent::TradeCancelled { seat: state.current }));
    state.phase = Phase::Base(BasePhase::Main);
}

/// Carries out the trade of `offer` (seen from the active player) with
/// `with`, every kind of card at once, and reports it.
fn exchange<C: HandCard, S: EventSink<Event>>(
    state: &mut BaseState,
    part: &mut C::Part,
    offer: Offer,
    with: Seat,
    events: &mut S,
) {
    let seat = state.current;
    for &card in C::ALL {
        for _ in 0..C::offered(&offer, card, true) {
            C::move_one(state, part, seat, with, card);
        }
        for _ in 0..C::offered(&offer, card, false) {
            C::move_one(state, part, with, seat, card);
        }
    }
    state.clear_counters();
    events.push(Event::Base(BaseEvent::Traded {
        seat,
        with,
        give: offer.give,
        get: offer.get,
        give_commodities: offer.give_commodities,
        get_commodities: offer.get_commodities,
    }));
    state.phase = Phase::Base(BasePhase::Main);
}

/// One counter-offer in the JSON form of a state and of a view (`catan.trade.counter`): the seat
/// that makes it, whether it is still being drafted, and the trade it
/// proposes, seen from the active player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterEntry {
    /// The seat that makes it.
    pub seat: Seat,
    /// Whether it is still being put together.
    #[serde(default, skip_serializing_if = "is_false")]
    pub drafting: bool,
    /// The trade, seen from the active player.
    #[serde(flatten)]
    pub offer: Offer,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl CounterEntry {
    /// The counters a state holds: each seat that drafts or made one.
    pub fn list(s: &BaseState) -> Vec<CounterEntry> {
        let Some(c) = &s.counters else { return Vec::new() };
        c.offers
            .iter()
            .enumerate()
            .map(|(i, o)| (Seat(i as u8), o))
            .filter(|(seat, _)| c.countered.contains(*seat) || c.drafting.contains(*seat))
            .map(|(seat, o)| CounterEntry {
                seat,
                drafting: c.drafting.contains(seat),
                offer: *o,
            })
            .collect()
    }

    /// The counters read back; a seat beyond the table or named twice is
    /// refused (which seats may hold one, `validate` checks).
    pub(crate) fn read(list: &[CounterEntry]) -> Result<Option<Arc<Counters>>, String> {
        if list.is_empty() {
            return Ok(None);
        }
        let mut c = Counters::default();
        for e in list {
            let i = e.seat.index();
            if i >= MAX_PLAYERS || c.countered.contains(e.seat) || c.drafting.contains(e.seat) {
                return Err(format!("counters: seat {} is impossible or named twice", e.seat.0));
            }
            if e.drafting {
                c.drafting.insert(e.seat);
            } else {
                c.countered.insert(e.seat);
            }
            c.offers[i] = e.offer;
        }
        Ok(Some(Arc::new(c)))
    }
}

//! Dispatch by phase: which actions are legal, why one is refused, and how an
//! accepted one is applied. The rule modules hold the rules; this module only
//! routes, so `legal_actions` and `check` are built from the same predicates.

use crate::action::{Action, BaseAction, Event, Place};
use crate::dev::DevCard;
use crate::error::CatanError;
use crate::event::BaseEvent;
use crate::resource::Resource;
use crate::resource::ResourceCounts;
use crate::resource::Resources;
use crate::rules::build::{build_actions, road_spots};
use crate::rules::build::{check_city, check_road, check_settlement, place_city, place_road, place_settlement};
use crate::rules::layer::Base;
use crate::rules::negotiation::{self, Talks};
use crate::rules::{development, hand, robber, setup, trade, turn};
use crate::state::{BasePhase, BaseState, Offer, Phase, Resume};

use engine::{EventSink, Rejection, Seat, SeatSet, ToAct};

type Checked = Result<(), Rejection<CatanError>>;

/// Who acts in the base game's phases (a rule set on top handles its own
/// phases and hands the shared ones here).
#[inline]
pub(crate) fn to_act(state: &BaseState, phase: &BasePhase) -> ToAct {
    match *phase {
        BasePhase::Rolling | BasePhase::Stealing { .. } | BasePhase::Drawing => ToAct::Chance,
        BasePhase::Over { .. } => ToAct::Over,
        BasePhase::Discard { owed } => {
            let mut s = SeatSet::EMPTY;
            for (i, &o) in owed.iter().enumerate().take(state.n()) {
                if o > 0 {
                    s.insert(Seat(i as u8));
                }
            }
            ToAct::Seats(s)
        }
        BasePhase::TradeReplies { .. } => ToAct::Seats(negotiation_to_act(state)),
        BasePhase::Setup { .. }
        | BasePhase::Roll
        | BasePhase::MoveRobber { .. }
        | BasePhase::Main
        | BasePhase::RoadBuilding { .. }
        | BasePhase::TradeDraft { .. }
        | BasePhase::TradeConfirm { .. } => ToAct::Seats(SeatSet::single(state.current)),
    }
}

/// Who may act while an offer is answered (`catan.trade.counter`): those to
/// answer, and the offerer once anyone accepted or countered.
#[inline]
pub(crate) fn negotiation_to_act(state: &BaseState) -> SeatSet {
    Talks::of(state).map_or(SeatSet::EMPTY, |t| t.to_act(state.current))
}

/// Every legal action of `seat` in `phase` (appended to a cleared `out`).
pub fn legal_actions(state: &BaseState, phase: &BasePhase, seat: Seat, out: &mut Vec<Action>) {
    if seat.index() >= state.n() {
        return;
    }
    let active = seat == state.current;
    match *phase {
        BasePhase::Setup { road_from, .. } => {
            if active {
                setup::legal(state, road_from, out)
            }
        }
        BasePhase::Roll => {
            if active {
                out.push(Action::Base(BaseAction::Roll));
                development::legal_plays(state, seat, out);
            }
        }
        BasePhase::Discard { owed } => {
            if owed[seat.index()] > 0 {
                hand::legal_discards::<Resource>(state, &(), seat, out)
            }
        }
        BasePhase::MoveRobber { .. } => {
            if active {
                robber::legal_moves(state, out)
            }
        }
        BasePhase::Main => {
            if active {
                main_actions(state, seat, out);
            }
        }
        BasePhase::RoadBuilding { .. } => {
            if active {
                for edge in road_spots(Base, state, seat).iter() {
                    out.push(Action::Base(BaseAction::BuildRoad { edge }));
                }
            }
        }
        BasePhase::TradeDraft { offer } => {
            if active {
                trade::legal_draft::<Resource>(state, &(), seat, &offer, out)
            }
        }
        BasePhase::TradeReplies { .. } | BasePhase::TradeConfirm { .. } => {
            if let Some(talks) = Talks::of(state) {
                negotiation::legal::<Resource>(state, &(), seat, &talks, out)
            }
        }
        // Chance or the end: no seat acts.
        BasePhase::Rolling | BasePhase::Stealing { .. } | BasePhase::Drawing | BasePhase::Over { .. } => {}
    }
}

// Always inlined: one caller, and the main phase is most of a playout.
#[inline(always)]
fn main_actions(state: &BaseState, seat: Seat, out: &mut Vec<Action>) {
    out.push(Action::Base(BaseAction::EndTurn));
    build_actions(Base, state, seat, out);
    let hand = state.players[seat.index()].hand;
    if state.deck.total() > 0 && hand.covers(&Resources::DEVELOPMENT) {
        out.push(Action::Base(BaseAction::BuyDevelopmentCard));
    }
    development::legal_plays(state, seat, out);
    trade::legal_bank_trades::<Resource>(state, &(), seat, out);
    if !hand.is_empty() && state.may_open_offer() {
        out.push(Action::Base(BaseAction::OpenTrade));
    }
}

/// `catan.house.trade_offers_per_turn`: the house rule's limit on offers
/// opened in one turn (the research envs' bound on an endless turn).
pub(crate) fn check_offer_limit(state: &BaseState) -> Checked {
    match state.trade_offers_per_turn {
        Some(limit) if state.trade_offers >= limit => Err(CatanError::TradeOffersPerTurn { limit }.into()),
        _ => Ok(()),
    }
}

/// The actions of the main phase that wait for the roll (`catan.turn.roll_first`).
fn waits_for_roll(action: &BaseAction) -> bool {
    matches!(
        action,
        BaseAction::BuildRoad { .. }
            | BaseAction::BuildSettlement { .. }
            | BaseAction::BuildCity { .. }
            | BaseAction::BuyDevelopmentCard
            | BaseAction::MaritimeTrade { .. }
            | BaseAction::OpenTrade
            | BaseAction::EndTurn
    )
}

/// Ids past the board in use are malformed input, refused before any rule is
/// looked at, for every rule set: parsing refused ids past the largest
/// board, and [`Action::places`] names every id of every action.
pub(crate) fn check_ids(state: &BaseState, places: [Option<Place>; 2]) -> Checked {
    let t = state.topology();
    for place in places.into_iter().flatten() {
        let bad = match place {
            Place::Node(node) => (node.index() >= t.node_count()).then(|| format!("node {} does not exist", node.0)),
            Place::Edge(edge) => (edge.index() >= t.edge_count()).then(|| format!("edge {} does not exist", edge.0)),
            Place::Hex(hex) => (hex.index() >= t.hex_count()).then(|| format!("hex {} does not exist", hex.0)),
        };
        if let Some(msg) = bad {
            return Err(Rejection::Malformed(msg));
        }
    }
    Ok(())
}

/// Why `action` by `seat` is refused in `phase`, or `Ok` if it is legal.
pub fn check(state: &BaseState, phase: &BasePhase, seat: Seat, action: &BaseAction) -> Checked {
    let phase = *phase;
    if seat.index() >= state.n() {
        return Err(Rejection::NoSuchSeat { seat });
    }
    check_ids(state, action.places())?;
    // The shared trade predicate reads the joined action (a rule set adds
    // its own trades to it).
    let is_trade = trade::is_trade::<Resource>(&Action::Base(*action));
    if let Some(talks) = Talks::of(state) {
        return negotiation::check::<Resource>(state, &(), seat, &talks, &Action::Base(*action));
    }
    if negotiation::answers_offer(&Action::Base(*action)) {
        return Err(CatanError::NoOffer.into());
    }
    match phase {
        BasePhase::Over { .. } => return Err(Rejection::GameOver),
        BasePhase::Rolling | BasePhase::Stealing { .. } | BasePhase::Drawing => {
            // The engine refuses every seat while chance is due; the rules name
            // two reasons more precisely (`Game::refusal_reason`).
            return Err(if seat != state.current && is_trade {
                CatanError::TradeActivePlayerOnly.into()
            } else if phase == BasePhase::Rolling && seat == state.current && waits_for_roll(action) {
                CatanError::RollFirst.into()
            } else {
                Rejection::NotChanceTurn { waiting: "chance" }
            });
        }
        BasePhase::Discard { owed } => {
            if owed[seat.index()] == 0 {
                return Err(Rejection::NotYourTurn { seat });
            }
            // The one action of this phase.
            let BaseAction::Discard { resource } = *action else {
                return Err(Rejection::WrongPhase { phase: phase.name() });
            };
            return Ok(hand::check_discard(state, &(), seat, resource)?);
        }
        BasePhase::Setup { .. }
        | BasePhase::Roll
        | BasePhase::MoveRobber { .. }
        | BasePhase::Main
        | BasePhase::RoadBuilding { .. }
        | BasePhase::TradeDraft { .. }
        | BasePhase::TradeReplies { .. }
        | BasePhase::TradeConfirm { .. } => {}
    }
    if seat != state.current {
        return Err(if is_trade {
            CatanError::TradeActivePlayerOnly.into()
        } else {
            Rejection::NotYourTurn { seat }
        });
    }
    let wrong = Rejection::WrongPhase { phase: phase.name() };
    match phase {
        BasePhase::Setup { road_from, .. } => setup::check(state, road_from, action),
        BasePhase::Roll => check_roll_phase(state, seat, action, wrong),
        BasePhase::Main => check_main(state, seat, action, wrong),
        // Phases of one action each.
        BasePhase::MoveRobber { .. } => {
            let BaseAction::MoveRobber { hex, victim } = *action else {
                return Err(wrong);
            };
            robber::check_move(state, hex, victim)
        }
        BasePhase::RoadBuilding { .. } => {
            let BaseAction::BuildRoad { edge } = *action else {
                return Err(wrong);
            };
            Ok(check_road(Base, state, seat, edge, true)?)
        }
        BasePhase::TradeDraft { offer } => check_draft_phase(state, seat, &offer, action, wrong),
        // Answered above: only the phases where the active player acts get here.
        BasePhase::Rolling
        | BasePhase::Stealing { .. }
        | BasePhase::Drawing
        | BasePhase::Discard { .. }
        | BasePhase::TradeReplies { .. }
        | BasePhase::TradeConfirm { .. }
        | BasePhase::Over { .. } => Err(wrong),
    }
}

/// The roll phase: roll, or play a development card first.
fn check_roll_phase(state: &BaseState, seat: Seat, action: &BaseAction, wrong: Rejection<CatanError>) -> Checked {
    match *action {
        BaseAction::Roll => Ok(()),
        BaseAction::PlayKnight => check_play(state, seat, DevCard::Knight),
        BaseAction::PlayRoadBuilding => check_play(state, seat, DevCard::RoadBuilding),
        BaseAction::PlayYearOfPlenty { first, second } => check_year_of_plenty(state, seat, first, second),
        BaseAction::PlayMonopoly { .. } => check_play(state, seat, DevCard::Monopoly),
        BaseAction::BuildRoad { .. }
        | BaseAction::BuildSettlement { .. }
        | BaseAction::BuildCity { .. }
        | BaseAction::BuyDevelopmentCard
        | BaseAction::MaritimeTrade { .. }
        | BaseAction::OpenTrade
        | BaseAction::EndTurn => Err(CatanError::RollFirst.into()),
        BaseAction::Discard { .. }
        | BaseAction::MoveRobber { .. }
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::SubmitOffer
        | BaseAction::AcceptOffer
        | BaseAction::DeclineOffer
        | BaseAction::ConfirmTrade { .. }
        | BaseAction::CounterOffer
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::CancelTrade => Err(wrong),
    }
}

/// Putting a domestic offer together.
fn check_draft_phase(
    state: &BaseState,
    seat: Seat,
    offer: &Offer,
    action: &BaseAction,
    wrong: Rejection<CatanError>,
) -> Checked {
    match *action {
        BaseAction::OfferGive { resource } => Ok(trade::check_draft(state, &(), seat, offer, resource, true)?),
        BaseAction::OfferGet { resource } => Ok(trade::check_draft(state, &(), seat, offer, resource, false)?),
        BaseAction::SubmitOffer => Ok(trade::check_submit::<Resource>(offer)?),
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
        | BaseAction::AcceptOffer
        | BaseAction::DeclineOffer
        | BaseAction::ConfirmTrade { .. }
        | BaseAction::CounterOffer
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::EndTurn => Err(wrong),
    }
}

/// The main phase: building, buying, playing and trading.
fn check_main(state: &BaseState, seat: Seat, action: &BaseAction, wrong: Rejection<CatanError>) -> Checked {
    match *action {
        BaseAction::EndTurn => Ok(()),
        BaseAction::BuildRoad { edge } => Ok(check_road(Base, state, seat, edge, false)?),
        BaseAction::BuildSettlement { node } => Ok(check_settlement(state, seat, node)?),
        BaseAction::BuildCity { node } => Ok(check_city(state, seat, node)?),
        BaseAction::BuyDevelopmentCard => Ok(development::check_buy(state, seat)?),
        BaseAction::PlayKnight => check_play(state, seat, DevCard::Knight),
        BaseAction::PlayRoadBuilding => check_play(state, seat, DevCard::RoadBuilding),
        BaseAction::PlayYearOfPlenty { first, second } => check_year_of_plenty(state, seat, first, second),
        BaseAction::PlayMonopoly { .. } => check_play(state, seat, DevCard::Monopoly),
        BaseAction::MaritimeTrade { give, get, rate } => Ok(trade::check_maritime(state, seat, give, get, rate)?),
        BaseAction::OpenTrade => {
            if state.players[seat.index()].hand.is_empty() {
                Err(CatanError::PayInsufficient.into())
            } else {
                check_offer_limit(state)
            }
        }
        BaseAction::Roll
        | BaseAction::Discard { .. }
        | BaseAction::MoveRobber { .. }
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::SubmitOffer
        | BaseAction::AcceptOffer
        | BaseAction::DeclineOffer
        | BaseAction::ConfirmTrade { .. }
        | BaseAction::CounterOffer
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::CancelTrade => Err(wrong),
    }
}

/// Playing a development card (`catan.dev.*`).
fn check_play(state: &BaseState, seat: Seat, card: DevCard) -> Checked {
    Ok(development::check_play(state, seat, card)?)
}

/// Year of Plenty: the card, then the bank's two resources.
fn check_year_of_plenty(state: &BaseState, seat: Seat, first: Resource, second: Resource) -> Checked {
    check_play(state, seat, DevCard::YearOfPlenty)?;
    development::check_year_of_plenty(state, first, second)
}

/// Applies an action known to be legal in the state's phase. Anything else
/// is ignored, as is a phase of another rule set (a state built by hand).
/// The phase is read here, not passed: the playout loop's call stays small.
pub fn apply<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, action: &BaseAction, events: &mut S) {
    let Phase::Base(phase) = state.phase else {
        return;
    };
    // Each phase applies what `check` accepts in it; any other action,
    // applied unchecked, changes nothing.
    match phase {
        BasePhase::Setup { step, .. } => setup::apply(Base, state, step, action, events),
        BasePhase::Roll => {
            if matches!(action, BaseAction::Roll) {
                state.phase = Phase::Base(BasePhase::Rolling);
            } else {
                apply_play(state, seat, Resume::Roll, action, events);
            }
        }
        BasePhase::Main => apply_main(state, seat, action, events),
        BasePhase::Discard { owed } => {
            if let BaseAction::Discard { resource } = *action {
                let after = Phase::Base(BasePhase::MoveRobber { resume: Resume::Main });
                hand::apply_discard(state, &mut (), owed, seat, resource, after, events)
            }
        }
        BasePhase::MoveRobber { resume } => {
            if let BaseAction::MoveRobber { hex, victim } = *action {
                robber::apply_move(state, resume, hex, victim, events)
            }
        }
        BasePhase::RoadBuilding { left, resume } => {
            if let BaseAction::BuildRoad { edge } = *action {
                development::apply_free_road(Base, state, seat, edge, left, resume, events)
            }
        }
        BasePhase::TradeDraft { offer } => match *action {
            BaseAction::OfferGive { resource } => trade::apply_draft(state, offer, resource, true),
            BaseAction::OfferGet { resource } => trade::apply_draft(state, offer, resource, false),
            BaseAction::SubmitOffer => trade::apply_submit(state, offer, events),
            BaseAction::CancelTrade => cancel_trade(state, seat, events),
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
            | BaseAction::AcceptOffer
            | BaseAction::DeclineOffer
            | BaseAction::ConfirmTrade { .. }
            | BaseAction::CounterOffer
            | BaseAction::AcceptCounter { .. }
            | BaseAction::ReviseOffer
            | BaseAction::EndTurn => {}
        },
        BasePhase::TradeReplies { .. } | BasePhase::TradeConfirm { .. } => {
            if let Some(talks) = Talks::of(state) {
                negotiation::apply::<Resource, S>(state, &mut (), seat, talks, &Action::Base(*action), events)
            }
        }
        // Chance or the end: no seat acts.
        BasePhase::Rolling | BasePhase::Stealing { .. } | BasePhase::Drawing | BasePhase::Over { .. } => {}
    }
}

/// The main phase: building, buying, playing, trading, ending the turn.
fn apply_main<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, action: &BaseAction, events: &mut S) {
    match *action {
        BaseAction::BuildRoad { edge } => place_road(Base, state, seat, edge, false, events),
        BaseAction::BuildSettlement { node } => place_settlement(Base, state, seat, node, false, events),
        BaseAction::BuildCity { node } => place_city(state, seat, node, events),
        BaseAction::BuyDevelopmentCard => development::apply_buy(state, seat),
        BaseAction::MaritimeTrade { give, get, .. } => trade::apply_bank_trade(state, &mut (), seat, give, get, events),
        BaseAction::OpenTrade => {
            // Counted only under the house rule: without it the state (and its JSON) stays the
            // rulebook's, byte for byte.
            if state.trade_offers_per_turn.is_some() {
                state.trade_offers = state.trade_offers.saturating_add(1);
            }
            state.phase = Phase::Base(BasePhase::TradeDraft {
                offer: Offer::default(),
            })
        }
        BaseAction::EndTurn => turn::end_turn(state, events),
        BaseAction::PlayKnight
        | BaseAction::PlayRoadBuilding
        | BaseAction::PlayYearOfPlenty { .. }
        | BaseAction::PlayMonopoly { .. } => apply_play(state, seat, Resume::Main, action, events),
        BaseAction::Roll
        | BaseAction::Discard { .. }
        | BaseAction::MoveRobber { .. }
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::SubmitOffer
        | BaseAction::AcceptOffer
        | BaseAction::DeclineOffer
        | BaseAction::ConfirmTrade { .. }
        | BaseAction::CounterOffer
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::CancelTrade => {}
    }
}

/// A development card played before the roll or in the main phase; the
/// turn goes on where `resume` says.
fn apply_play<S: EventSink<Event>>(
    state: &mut BaseState,
    seat: Seat,
    resume: Resume,
    action: &BaseAction,
    events: &mut S,
) {
    match *action {
        BaseAction::PlayKnight => development::apply_knight(state, seat, resume, events),
        BaseAction::PlayRoadBuilding => development::apply_road_building(state, seat, resume, events),
        BaseAction::PlayYearOfPlenty { first, second } => {
            development::apply_year_of_plenty(state, seat, first, second, events)
        }
        BaseAction::PlayMonopoly { resource } => development::apply_monopoly(state, seat, resource, events),
        BaseAction::BuildSettlement { .. }
        | BaseAction::BuildRoad { .. }
        | BaseAction::BuildCity { .. }
        | BaseAction::Roll
        | BaseAction::Discard { .. }
        | BaseAction::MoveRobber { .. }
        | BaseAction::BuyDevelopmentCard
        | BaseAction::MaritimeTrade { .. }
        | BaseAction::OpenTrade
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::SubmitOffer
        | BaseAction::AcceptOffer
        | BaseAction::DeclineOffer
        | BaseAction::ConfirmTrade { .. }
        | BaseAction::CounterOffer
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::CancelTrade
        | BaseAction::EndTurn => {}
    }
}

/// The active player drops the offer (while drafting or choosing a partner).
fn cancel_trade<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, events: &mut S) {
    events.push(Event::Base(BaseEvent::TradeCancelled { seat }));
    state.phase = Phase::Base(BasePhase::Main);
}

//! Dispatch by phase: which actions are legal, why one is refused, and how an
//! accepted one is applied. The rule modules hold the rules; this module only
//! routes, so `legal_actions` and `check` are built from the same predicates.

use crate::action::{Action, Event, Place};
use crate::dev::DevCard;
use crate::error::CatanError;
use crate::five_six;
use crate::resource::Resource;
use crate::resource::ResourceCounts;
use crate::resource::Resources;
use crate::rules::build::{build_actions, road_spots};
use crate::rules::build::{check_city, check_road, check_settlement, place_city, place_road, place_settlement};
use crate::rules::layer::{Base, Layer};
use crate::rules::{development, hand, robber, setup, trade, turn};
use crate::state::{Offer, Phase, Resume, State};

use engine::{EventSink, Rejection, Seat, SeatSet, ToAct};

type Checked = Result<(), Rejection<CatanError>>;

/// Who acts in the base game's phases (a rule set on top handles its own
/// phases and hands the shared ones here).
#[inline]
pub(crate) fn to_act(state: &State) -> ToAct {
    match state.phase {
        Phase::Rolling | Phase::Stealing { .. } | Phase::Drawing => ToAct::Chance,
        Phase::Over { .. } => ToAct::Over,
        Phase::Discard { owed } => {
            let mut s = SeatSet::EMPTY;
            for (i, &o) in owed.iter().enumerate().take(state.n()) {
                if o > 0 {
                    s.insert(Seat(i as u8));
                }
            }
            ToAct::Seats(s)
        }
        Phase::TradeReplies { pending, .. } => ToAct::Seats(pending),
        _ => ToAct::Seats(SeatSet::single(state.current)),
    }
}

/// Every legal action of `seat` (appended to a cleared `out`).
pub fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    if seat.index() >= state.n() {
        return;
    }
    let active = seat == state.current;
    match state.phase {
        Phase::Setup { road_from, .. } if active => setup::legal(state, road_from, out),
        Phase::Roll if active => {
            out.push(Action::Roll);
            development::legal_plays(state, seat, out);
        }
        Phase::Discard { owed } if owed[seat.index()] > 0 => hand::legal_discards::<Resource>(state, seat, out),
        Phase::MoveRobber { .. } if active => robber::legal_moves(state, out),
        Phase::Main if active => {
            main_actions(state, seat, out);
            if state.turn_of.is_some() {
                five_six::retain_allowed(state, out);
            }
        }
        Phase::RoadBuilding { .. } if active => {
            for edge in road_spots(state, seat).iter() {
                out.push(Action::BuildRoad { edge });
            }
        }
        Phase::TradeDraft { offer } if active => trade::legal_draft::<Resource>(state, seat, &offer, out),
        Phase::TradeReplies { offer, pending, .. } if pending.contains(seat) => {
            legal_reply(Base, state, seat, &offer, out)
        }
        Phase::TradeConfirm { offer, accepted } if active => legal_confirm(Base, state, &offer, accepted, out),
        _ => {}
    }
}

fn main_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.push(Action::EndTurn);
    build_actions(Base, state, seat, out);
    let hand = state.players[seat.index()].hand;
    if state.deck.total() > 0 && hand.covers(&Resources::DEVELOPMENT) {
        out.push(Action::BuyDevelopmentCard);
    }
    development::legal_plays(state, seat, out);
    trade::legal_bank_trades::<Resource>(state, seat, out);
    if !hand.is_empty() && state.may_open_offer() {
        out.push(Action::OpenTrade);
    }
}

/// `catan.house.trade_offers_per_turn`: the house rule's limit on offers
/// opened in one turn (the research envs' bound on an endless turn).
pub(crate) fn check_offer_limit(state: &State) -> Checked {
    match state.trade_offers_per_turn {
        Some(limit) if state.trade_offers >= limit => Err(CatanError::TradeOffersPerTurn { limit }.into()),
        _ => Ok(()),
    }
}

/// The replies of a seat asked to trade (`catan.trade.*`): accept only with
/// the cards asked for in hand.
pub(crate) fn legal_reply<L: Layer>(layer: L, state: &State, seat: Seat, offer: &Offer, out: &mut Vec<Action>) {
    if layer.covers_offer(state, seat, offer, false) {
        out.push(Action::AcceptOffer);
    }
    out.push(Action::DeclineOffer);
}

/// Checks a reply to an offer.
pub(crate) fn check_reply<L: Layer>(layer: L, state: &State, seat: Seat, offer: &Offer, action: &Action) -> Checked {
    match *action {
        Action::AcceptOffer if !layer.covers_offer(state, seat, offer, false) => {
            Err(CatanError::PayInsufficient.into())
        }
        Action::AcceptOffer | Action::DeclineOffer => Ok(()),
        _ => Err(Rejection::WrongPhase {
            phase: state.phase.name(),
        }),
    }
}

/// The trades the active player may confirm, and cancelling.
pub(crate) fn legal_confirm<L: Layer>(
    layer: L,
    state: &State,
    offer: &Offer,
    accepted: SeatSet,
    out: &mut Vec<Action>,
) {
    for with in accepted.iter() {
        if check_confirm(layer, state, offer, with).is_ok() {
            out.push(Action::ConfirmTrade { with });
        }
    }
    out.push(Action::CancelTrade);
}

/// Checks the active player's choice among the seats that accepted.
pub(crate) fn check_confirm_action<L: Layer>(
    layer: L,
    state: &State,
    offer: &Offer,
    accepted: SeatSet,
    action: &Action,
) -> Checked {
    match *action {
        Action::ConfirmTrade { with } if !accepted.contains(with) => Err(CatanError::ConfirmAccepted.into()),
        Action::ConfirmTrade { with } => Ok(check_confirm(layer, state, offer, with)?),
        Action::CancelTrade => Ok(()),
        _ => Err(Rejection::WrongPhase {
            phase: state.phase.name(),
        }),
    }
}

/// Whether both sides still hold their part of the offer.
fn check_confirm<L: Layer>(layer: L, state: &State, offer: &Offer, with: Seat) -> Result<(), CatanError> {
    if with.index() >= state.n() {
        return Err(CatanError::ConfirmAccepted);
    }
    if !layer.covers_offer(state, state.current, offer, true) || !layer.covers_offer(state, with, offer, false) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// The actions of the main phase that wait for the roll (`catan.turn.roll_first`).
fn waits_for_roll(action: &Action) -> bool {
    matches!(
        action,
        Action::BuildRoad { .. }
            | Action::BuildSettlement { .. }
            | Action::BuildCity { .. }
            | Action::BuyDevelopmentCard
            | Action::MaritimeTrade { .. }
            | Action::OpenTrade
            | Action::EndTurn
    )
}

/// Ids past the board in use are malformed input, refused before any rule is
/// looked at, for every rule set: parsing refused ids past the largest
/// board, and [`Action::places`] names every id of every action.
pub(crate) fn check_ids(state: &State, action: &Action) -> Checked {
    let t = state.topology();
    for place in action.places().into_iter().flatten() {
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

/// Why `action` by `seat` is refused, or `Ok` if it is legal.
pub fn check(state: &State, seat: Seat, action: &Action) -> Checked {
    if seat.index() >= state.n() {
        return Err(Rejection::NoSuchSeat { seat });
    }
    check_ids(state, action)?;
    let phase = state.phase;
    match phase {
        Phase::Over { .. } => return Err(Rejection::GameOver),
        Phase::Rolling | Phase::Stealing { .. } | Phase::Drawing => {
            // The engine refuses every seat while chance is due; the rules name
            // two reasons more precisely (`Game::refusal_reason`).
            return Err(if seat != state.current && trade::is_trade::<Resource>(action) {
                CatanError::TradeActivePlayerOnly.into()
            } else if phase == Phase::Rolling && seat == state.current && waits_for_roll(action) {
                CatanError::RollFirst.into()
            } else {
                Rejection::NotChanceTurn { waiting: "chance" }
            });
        }
        Phase::Discard { owed } => {
            if owed[seat.index()] == 0 {
                return Err(Rejection::NotYourTurn { seat });
            }
            return match *action {
                Action::Discard { resource } => Ok(hand::check_discard(state, seat, resource)?),
                _ => Err(Rejection::WrongPhase { phase: phase.name() }),
            };
        }
        Phase::TradeReplies { offer, pending, .. } => {
            if !pending.contains(seat) {
                return Err(if seat != state.current && trade::is_trade::<Resource>(action) {
                    CatanError::TradeActivePlayerOnly.into()
                } else {
                    Rejection::NotYourTurn { seat }
                });
            }
            return check_reply(Base, state, seat, &offer, action);
        }
        _ => {}
    }
    if seat != state.current {
        if let Some(e) = five_six::refusal_off_turn(state, seat, action) {
            return Err(CatanError::FiveSix(e).into());
        }
        return Err(if trade::is_trade::<Resource>(action) {
            CatanError::TradeActivePlayerOnly.into()
        } else {
            Rejection::NotYourTurn { seat }
        });
    }
    let wrong = Rejection::WrongPhase { phase: phase.name() };
    match phase {
        Phase::Setup { road_from, .. } => setup::check(state, road_from, action),
        Phase::Roll => match *action {
            Action::Roll => Ok(()),
            Action::PlayKnight
            | Action::PlayRoadBuilding
            | Action::PlayYearOfPlenty { .. }
            | Action::PlayMonopoly { .. } => check_play(state, seat, action),
            a if waits_for_roll(&a) => Err(CatanError::RollFirst.into()),
            _ => Err(wrong),
        },
        Phase::Main if state.turn_of.is_some() && five_six::refusal(state, action).is_some() => {
            Err(five_six::refusal(state, action).map_or(wrong, |e| CatanError::FiveSix(e).into()))
        }
        Phase::Main => match *action {
            Action::EndTurn => Ok(()),
            Action::BuildRoad { edge } => Ok(check_road(state, seat, edge, false)?),
            Action::BuildSettlement { node } => Ok(check_settlement(state, seat, node)?),
            Action::BuildCity { node } => Ok(check_city(state, seat, node)?),
            Action::BuyDevelopmentCard => Ok(development::check_buy(state, seat)?),
            Action::PlayKnight
            | Action::PlayRoadBuilding
            | Action::PlayYearOfPlenty { .. }
            | Action::PlayMonopoly { .. } => check_play(state, seat, action),
            Action::MaritimeTrade { give, get, rate } => Ok(trade::check_maritime(state, seat, give, get, rate)?),
            Action::OpenTrade => {
                if state.players[seat.index()].hand.is_empty() {
                    Err(CatanError::PayInsufficient.into())
                } else {
                    check_offer_limit(state)
                }
            }
            _ => Err(wrong),
        },
        Phase::MoveRobber { .. } => match *action {
            Action::MoveRobber { hex, victim } => robber::check_move(state, hex, victim),
            _ => Err(wrong),
        },
        Phase::RoadBuilding { .. } => match *action {
            Action::BuildRoad { edge } => Ok(check_road(state, seat, edge, true)?),
            _ => Err(wrong),
        },
        Phase::TradeDraft { offer } => match *action {
            Action::OfferGive { resource } => Ok(trade::check_draft(state, seat, &offer, resource, true)?),
            Action::OfferGet { resource } => Ok(trade::check_draft(state, seat, &offer, resource, false)?),
            Action::SubmitOffer => Ok(trade::check_submit::<Resource>(&offer)?),
            Action::CancelTrade => Ok(()),
            _ => Err(wrong),
        },
        Phase::TradeConfirm { offer, accepted } => check_confirm_action(Base, state, &offer, accepted, action),
        _ => Err(wrong),
    }
}

fn check_play(state: &State, seat: Seat, action: &Action) -> Checked {
    let card = match action {
        Action::PlayKnight => DevCard::Knight,
        Action::PlayRoadBuilding => DevCard::RoadBuilding,
        Action::PlayYearOfPlenty { .. } => DevCard::YearOfPlenty,
        _ => DevCard::Monopoly,
    };
    development::check_play(state, seat, card)?;
    if let Action::PlayYearOfPlenty { first, second } = *action {
        development::check_year_of_plenty(state, first, second)?;
    }
    Ok(())
}

/// Applies an action known to be legal. Anything else is ignored.
pub fn apply<S: EventSink<Event>>(state: &mut State, seat: Seat, action: &Action, events: &mut S) {
    let resume = if state.phase == Phase::Roll {
        Resume::Roll
    } else {
        Resume::Main
    };
    match (state.phase, *action) {
        (Phase::Setup { step, .. }, a) => setup::apply(state, step, &a, events),
        (Phase::Roll, Action::Roll) => state.phase = Phase::Rolling,
        (Phase::Roll | Phase::Main, Action::PlayKnight) => development::apply_knight(state, seat, resume, events),
        (Phase::Roll | Phase::Main, Action::PlayRoadBuilding) => {
            development::apply_road_building(state, seat, resume, events)
        }
        (Phase::Roll | Phase::Main, Action::PlayYearOfPlenty { first, second }) => {
            development::apply_year_of_plenty(state, seat, first, second, events)
        }
        (Phase::Roll | Phase::Main, Action::PlayMonopoly { resource }) => {
            development::apply_monopoly(state, seat, resource, events)
        }
        (Phase::Discard { owed }, Action::Discard { resource }) => {
            let after = Phase::MoveRobber { resume: Resume::Main };
            hand::apply_discard(state, owed, seat, resource, after, events)
        }
        (Phase::MoveRobber { resume }, Action::MoveRobber { hex, victim }) => {
            robber::apply_move(state, resume, hex, victim, events)
        }
        (Phase::Main, Action::BuildRoad { edge }) => place_road(state, seat, edge, false, events),
        (Phase::RoadBuilding { left, resume }, Action::BuildRoad { edge }) => {
            development::apply_free_road(state, seat, edge, left, resume, events)
        }
        (Phase::Main, Action::BuildSettlement { node }) => place_settlement(state, seat, node, false, events),
        (Phase::Main, Action::BuildCity { node }) => place_city(state, seat, node, events),
        (Phase::Main, Action::BuyDevelopmentCard) => development::apply_buy(state, seat),
        (Phase::Main, Action::MaritimeTrade { give, get, .. }) => {
            trade::apply_bank_trade(state, seat, give, get, events)
        }
        (Phase::Main, Action::OpenTrade) => {
            // Counted only under the house rule: without it the state (and its JSON) stays the
            // rulebook's, byte for byte.
            if state.trade_offers_per_turn.is_some() {
                state.trade_offers = state.trade_offers.saturating_add(1);
            }
            state.phase = Phase::TradeDraft {
                offer: Offer::default(),
            }
        }
        (Phase::TradeDraft { offer }, Action::OfferGive { resource }) => {
            trade::apply_draft(state, offer, resource, true)
        }
        (Phase::TradeDraft { offer }, Action::OfferGet { resource }) => {
            trade::apply_draft(state, offer, resource, false)
        }
        (Phase::TradeDraft { offer }, Action::SubmitOffer) => trade::apply_submit(state, offer, events),
        (Phase::TradeDraft { .. } | Phase::TradeConfirm { .. }, Action::CancelTrade) => {
            events.push(Event::TradeCancelled { seat });
            state.phase = Phase::Main;
        }
        (
            Phase::TradeReplies {
                offer,
                pending,
                accepted,
            },
            Action::AcceptOffer | Action::DeclineOffer,
        ) => {
            let accept = *action == Action::AcceptOffer;
            trade::apply_reply(state, offer, pending, accepted, seat, accept, events)
        }
        (Phase::TradeConfirm { offer, .. }, Action::ConfirmTrade { with }) => {
            trade::apply_confirm(state, offer, with, events)
        }
        (Phase::Main, Action::EndTurn) => turn::end_turn(state, events),
        _ => {}
    }
}

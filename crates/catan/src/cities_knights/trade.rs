//! Trade with the bank (`ck.trade.bank`): 4 identical cards always, 3 on a
//! 3:1 harbor, 2 of a 2:1 harbor's resource, 2 identical commodities from
//! trade level 3 (`ck.improve.merchant_guild`), 2 of the merchant's resource
//! for its controller (`ck.merchant.trade`). The player takes any one card
//! the bank holds. One action per (given, taken) kind at the best rate
//! (`ck.decide.best_rate`).

use super::cards::{Card, Cards, CARD_KINDS};
use super::error::CkError;
use super::{bank_count, ck, hand};
use crate::action::{Action, Event};
use crate::error::CatanError;
use crate::rules::trade::rates as base_rates;
use crate::state::State;
use engine::{EventSink, Seat};

/// The best bank rate of `seat` for each card kind.
pub fn rates(state: &State, seat: Seat) -> [u8; CARD_KINDS] {
    let mut out = [4u8; CARD_KINDS];
    let base = base_rates(state, seat);
    out[..base.len()].copy_from_slice(&base);
    // A 3:1 harbor applies to commodities as well.
    let buildings = state.players[seat.index()].buildings();
    let generic = state.board.generic_harbor_at(buildings);
    let ck = ck(state);
    let guild = ck.players[seat.index()].levels[super::Track::Trade.index()] >= 3;
    for card in Card::ALL {
        if card.as_commodity().is_some() {
            let r = &mut out[card.index()];
            if generic {
                *r = (*r).min(3);
            }
            if guild {
                *r = 2;
            }
        }
    }
    // `ck.card.merchant_fleet`: this turn only, for the active player.
    if seat == state.current {
        for card in Card::ALL {
            if ck.turn.fleet & (1 << card.index()) != 0 {
                out[card.index()] = 2;
            }
        }
    }
    if let Some(m) = ck.merchant.filter(|m| m.seat == seat) {
        if let Some(r) = state.board.tiles[m.hex.index()].terrain.resource() {
            out[r.index()] = 2;
        }
    }
    out
}

/// Checks a bank trade.
pub fn check(state: &State, seat: Seat, give: Card, get: Card, named: Option<u8>) -> Result<(), CatanError> {
    let rate = rates(state, seat)[give.index()];
    // Below 3:1 no harbor trades a commodity: the rule that would allow the
    // rate named is the Merchant Guild's, so that is the one cited.
    if let (Some(_), Some(n)) = (give.as_commodity(), named) {
        if n < rate && n <= 2 {
            return Err(CkError::MerchantGuildRequired { rate }.into());
        }
    }
    crate::rules::trade::check_rate(named, rate)?;
    if give == get || hand(state, seat).count(give) < rate || bank_count(state, get) == 0 {
        return Err(CkError::BankTrade.into());
    }
    Ok(())
}

/// Legal bank trades.
pub fn legal(state: &State, seat: Seat, out: &mut Vec<Action>) {
    let h = hand(state, seat);
    if h.0.total() + h.1.total() < 2 {
        return;
    }
    let rates = rates(state, seat);
    for give in Card::ALL {
        if h.count(give) < rates[give.index()] {
            continue;
        }
        for get in Card::ALL {
            if get != give && bank_count(state, get) > 0 {
                out.push(Action::BankTrade {
                    give,
                    get,
                    rate: Some(rates[give.index()]),
                });
            }
        }
    }
}

/// Applies a bank trade at the seat's best rate.
pub fn apply<S: EventSink<Event>>(state: &mut State, seat: Seat, give: Card, get: Card, events: &mut S) {
    let rate = rates(state, seat)[give.index()];
    super::to_bank(state, seat, give, rate);
    super::from_bank(state, seat, get);
    events.push(Event::BankTraded { seat, give, rate, get });
}

/// Cards on one side of a domestic offer, both kinds together.
#[inline]
fn side(res: &crate::resource::Resources, com: &super::Commodities) -> u32 {
    res.total() + com.total()
}

/// Whether a hand holds what one side of an offer names.
pub fn covers(state: &State, seat: Seat, res: &crate::resource::Resources, com: &super::Commodities) -> bool {
    let (r, c) = hand(state, seat);
    r.covers(res) && c.covers(com)
}

/// Checks adding `card` to what the offer gives (`give`) or asks for: no card
/// on both sides, only cards held are given, and only cards the other players
/// hold together are asked for (`ck.trade.commodities` on top of
/// `catan.trade.*`; no size limit, as in the base game).
pub fn check_draft(
    state: &State,
    seat: Seat,
    offer: &crate::state::Offer,
    card: Card,
    give: bool,
) -> Result<(), crate::CatanError> {
    use crate::CatanError;
    let gives = (offer.give, offer.give_commodities);
    let gets = (offer.get, offer.get_commodities);
    let (mine, other) = if give { (gives, gets) } else { (gets, gives) };
    if other.count(card) > 0 {
        return Err(CatanError::SameResource);
    }
    if give && hand(state, seat).count(card) <= mine.count(card) {
        return Err(CatanError::PayInsufficient);
    }
    if !give {
        let others: u32 = Seat::all(state.n())
            .filter(|&s| s != seat)
            .map(|s| hand(state, s).count(card) as u32)
            .sum();
        if others <= mine.count(card) as u32 {
            return Err(CatanError::AskOnlyHeld);
        }
    }
    Ok(())
}

/// The draft action naming `card` on one side.
pub fn draft_action(card: Card, give: bool) -> Action {
    match (card.as_resource(), card.as_commodity(), give) {
        (Some(resource), _, true) => Action::OfferGive { resource },
        (Some(resource), _, false) => Action::OfferGet { resource },
        (_, Some(commodity), true) => Action::OfferGiveCommodity { commodity },
        (_, Some(commodity), _) => Action::OfferGetCommodity { commodity },
        _ => Action::CancelTrade,
    }
}

/// The card and side a draft action names.
pub fn draft_card(action: &Action) -> Option<(Card, bool)> {
    match *action {
        Action::OfferGive { resource } => Some((Card::resource(resource), true)),
        Action::OfferGet { resource } => Some((Card::resource(resource), false)),
        Action::OfferGiveCommodity { commodity } => Some((Card::commodity(commodity), true)),
        Action::OfferGetCommodity { commodity } => Some((Card::commodity(commodity), false)),
        _ => None,
    }
}

/// Whether the offer gives and asks for something (`catan.trade.no_gifts`).
pub fn check_submit(offer: &crate::state::Offer) -> Result<(), crate::CatanError> {
    if side(&offer.give, &offer.give_commodities) == 0 || side(&offer.get, &offer.get_commodities) == 0 {
        return Err(crate::CatanError::NoGifts);
    }
    Ok(())
}

/// The micro-actions of an offer being put together.
pub fn legal_draft(state: &State, seat: Seat, offer: &crate::state::Offer, out: &mut Vec<Action>) {
    for give in [true, false] {
        for card in Card::ALL {
            if check_draft(state, seat, offer, card, give).is_ok() {
                out.push(draft_action(card, give));
            }
        }
    }
    if check_submit(offer).is_ok() {
        out.push(Action::SubmitOffer);
    }
    out.push(Action::CancelTrade);
}

/// Adds a card to one side of the offer.
pub fn apply_draft(state: &mut State, mut offer: crate::state::Offer, card: Card, give: bool) {
    let mut side = if give {
        (offer.give, offer.give_commodities)
    } else {
        (offer.get, offer.get_commodities)
    };
    side.put(card, 1);
    if give {
        (offer.give, offer.give_commodities) = side;
    } else {
        (offer.get, offer.get_commodities) = side;
    }
    state.phase = crate::state::Phase::TradeDraft { offer };
}

/// Moves the commodities of a confirmed domestic trade (`ck.trade.commodities`);
/// the base game's confirmation then moves the resources and reports the trade.
pub(crate) fn exchange_commodities(state: &mut State, offer: &crate::state::Offer, with: Seat) {
    let seat = state.current;
    let players = &mut super::ck_mut(state).players;
    players[seat.index()].commodities.sub(&offer.give_commodities);
    players[seat.index()].commodities.add(&offer.get_commodities);
    players[with.index()].commodities.sub(&offer.get_commodities);
    players[with.index()].commodities.add(&offer.give_commodities);
}

//! Trade (`catan.trade.*`): maritime trade with the bank at 4:1, 3:1 or 2:1 by
//! harbor, and domestic trade as offer → replies of all other seats at once →
//! confirmation with one who accepted.
//!
//! A domestic offer is put together card by card (`OfferGive`/`OfferGet`), which
//! keeps every legal list small and lets a random player leave trading out with
//! a single filtered action. The rules set no size: an offer gives any number
//! of the offerer's own cards (`catan.pay.insufficient` beyond them) and asks
//! for any number of cards the other players hold together
//! (`catan.trade.ask_only_held` beyond them: nobody could accept, and the bound
//! keeps the draft finite). What the others hold together is public knowledge
//! (the cards of a kind not in the bank and not in one's own hand), so the
//! bound leaks nothing.

use crate::action::{Action, Event};
use crate::error::CatanError;
use crate::resource::{Resource, Resources, RESOURCE_COUNT};
use crate::state::{Offer, Phase, State};
use engine::{EventSink, Seat, SeatSet};

/// The best maritime rate of `seat` for each resource.
pub fn rates(state: &State, seat: Seat) -> [u8; RESOURCE_COUNT] {
    let Some(p) = state.players.get(seat.index()) else {
        return [4; RESOURCE_COUNT];
    };
    state.board.rates_at(p.buildings())
}

/// Maritime trades of the active player.
pub fn legal_maritime(state: &State, seat: Seat, out: &mut Vec<Action>) {
    let hand = state.players[seat.index()].hand;
    if hand.total() < 2 {
        return;
    }
    let rates = rates(state, seat);
    for give in Resource::ALL {
        if hand.get(give) < rates[give.index()] {
            continue;
        }
        for get in Resource::ALL {
            if get != give && state.bank.get(get) > 0 {
                out.push(Action::MaritimeTrade {
                    give,
                    get,
                    rate: Some(rates[give.index()]),
                });
            }
        }
    }
}

/// Checks a maritime trade.
pub fn check_maritime(
    state: &State,
    seat: Seat,
    give: Resource,
    get: Resource,
    named: Option<u8>,
) -> Result<(), CatanError> {
    if give == get {
        return Err(CatanError::SameResource);
    }
    let rate = rates(state, seat)[give.index()];
    check_rate(named, rate)?;
    let have = state.players[seat.index()].hand.get(give);
    if have < rate {
        return Err(if have >= 2 {
            CatanError::HarborRequired { rate }
        } else {
            CatanError::PayInsufficient
        });
    }
    if state.bank.get(get) == 0 {
        return Err(CatanError::BankShortage(get));
    }
    Ok(())
}

/// `catan.trade.rate`: a rate named with a bank trade must be the player's
/// best rate for the card given. A better one is what a harbor would give
/// (`catan.trade.harbor_required`), a worse one is no trade the rules know.
pub fn check_rate(named: Option<u8>, rate: u8) -> Result<(), CatanError> {
    match named {
        Some(n) if n < rate => Err(CatanError::HarborRequired { rate }),
        Some(n) if n != rate => Err(CatanError::TradeRate { named: n, rate }),
        _ => Ok(()),
    }
}

/// Applies a maritime trade at the seat's best rate.
pub fn apply_maritime<S: EventSink<Event>>(
    state: &mut State,
    seat: Seat,
    give: Resource,
    get: Resource,
    events: &mut S,
) {
    let rate = rates(state, seat)[give.index()];
    let p = &mut state.players[seat.index()];
    if p.hand.get(give) < rate || state.bank.get(get) == 0 || give == get {
        return;
    }
    p.hand.0[give.index()] -= rate;
    p.hand.0[get.index()] += 1;
    state.bank.0[give.index()] += rate;
    state.bank.0[get.index()] -= 1;
    events.push(Event::MaritimeTraded { seat, give, rate, get });
}

/// Micro-actions of the offer being put together.
pub fn legal_draft(state: &State, seat: Seat, offer: &Offer, out: &mut Vec<Action>) {
    let hand = state.players[seat.index()].hand;
    for r in Resource::ALL {
        if check_give(hand, offer, r).is_ok() {
            out.push(Action::OfferGive { resource: r });
        }
    }
    for r in Resource::ALL {
        if check_get(state, seat, offer, r).is_ok() {
            out.push(Action::OfferGet { resource: r });
        }
    }
    if check_submit(offer).is_ok() {
        out.push(Action::SubmitOffer);
    }
    out.push(Action::CancelTrade);
}

/// Checks adding a card to what the offer gives.
pub fn check_give(hand: Resources, offer: &Offer, r: Resource) -> Result<(), CatanError> {
    if offer.get.get(r) > 0 {
        return Err(CatanError::SameResource);
    }
    if hand.get(r) <= offer.give.get(r) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Cards of `r` held by the seats other than `seat`, all together.
pub fn held_by_others(state: &State, seat: Seat, r: Resource) -> u32 {
    Seat::all(state.n())
        .filter(|&s| s != seat)
        .map(|s| state.players[s.index()].hand.get(r) as u32)
        .sum()
}

/// Checks adding a card to what the offer asks for.
pub fn check_get(state: &State, seat: Seat, offer: &Offer, r: Resource) -> Result<(), CatanError> {
    if offer.give.get(r) > 0 {
        return Err(CatanError::SameResource);
    }
    if held_by_others(state, seat, r) <= offer.get.get(r) as u32 {
        return Err(CatanError::AskOnlyHeld);
    }
    Ok(())
}

/// Checks putting the offer to the table: no gifts either way.
pub fn check_submit(offer: &Offer) -> Result<(), CatanError> {
    if offer.give.is_empty() || offer.get.is_empty() {
        return Err(CatanError::NoGifts);
    }
    Ok(())
}

/// Puts the offer to every other seat; they reply all at once.
pub fn apply_submit<S: EventSink<Event>>(state: &mut State, offer: Offer, events: &mut S) {
    let seat = state.current;
    let mut pending = SeatSet::EMPTY;
    for s in Seat::all(state.n()) {
        if s != seat {
            pending.insert(s);
        }
    }
    events.push(Event::Offered {
        seat,
        give: offer.give,
        get: offer.get,
        give_commodities: offer.give_commodities,
        get_commodities: offer.get_commodities,
    });
    state.phase = Phase::TradeReplies {
        offer,
        pending,
        accepted: SeatSet::EMPTY,
    };
}

/// Records one reply; when all have replied, the active player confirms (or
/// the offer lapses if nobody accepted).
pub fn apply_reply<S: EventSink<Event>>(
    state: &mut State,
    offer: Offer,
    mut pending: SeatSet,
    mut accepted: SeatSet,
    seat: Seat,
    accept: bool,
    events: &mut S,
) {
    pending.remove(seat);
    if accept {
        accepted.insert(seat);
    }
    events.push(Event::Replied { seat, accepted: accept });
    state.phase = if !pending.is_empty() {
        Phase::TradeReplies {
            offer,
            pending,
            accepted,
        }
    } else if accepted.is_empty() {
        events.push(Event::TradeCancelled { seat: state.current });
        Phase::Main
    } else {
        Phase::TradeConfirm { offer, accepted }
    };
}

/// Carries out the trade with `with` (the resources; a rule set with more
/// kinds of cards moves those before calling this).
pub fn apply_confirm<S: EventSink<Event>>(state: &mut State, offer: Offer, with: Seat, events: &mut S) {
    let seat = state.current;
    state.players[seat.index()].hand.sub(&offer.give);
    state.players[seat.index()].hand.add(&offer.get);
    state.players[with.index()].hand.sub(&offer.get);
    state.players[with.index()].hand.add(&offer.give);
    events.push(Event::Traded {
        seat,
        with,
        give: offer.give,
        get: offer.get,
        give_commodities: offer.give_commodities,
        get_commodities: offer.get_commodities,
    });
    state.phase = Phase::Main;
}

//! Trade (`catan.trade.*`): maritime trade with the bank at 4:1, 3:1 or 2:1 by
//! harbor, and putting a domestic offer together; what follows it (answers,
//! counter-offers, the trade) is [`super::negotiation`].
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

use super::hand::HandCard;
use crate::action::{Action, Event};
use crate::error::CatanError;
use crate::resource::{Resource, RESOURCE_COUNT};
use crate::state::{BaseState, Offer, Phase};
use crate::{BaseAction, BaseEvent, BasePhase};
use engine::{EventSink, Seat, SeatSet};

/// The best maritime rate of `seat` for each resource.
#[inline]
pub fn rates(state: &BaseState, seat: Seat) -> [u8; RESOURCE_COUNT] {
    let Some(p) = state.players.get(seat.index()) else {
        return [4; RESOURCE_COUNT];
    };
    state.board.rates_at(p.buildings())
}

/// Trades with the bank of the active player: each kind held at its best
/// rate, for each other kind the bank holds (`catan.trade.maritime`; Cities &
/// Knights' `ck.trade.bank` with commodities). Always inlined into the one
/// main-phase list of each rule set: out of line, the loop pays a call and
/// reloads the state per card kind (measured: +1.5% of a C&K playout).
#[inline(always)]
pub fn legal_bank_trades<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat, out: &mut Vec<Action>) {
    if C::hand_size(state, part, seat) < 2 {
        return;
    }
    let rates = C::rates(state, part, seat);
    for &give in C::ALL {
        let rate = rates[give.index()];
        if C::held(state, part, seat, give) < rate {
            continue;
        }
        for &get in C::ALL {
            if get != give && C::in_bank(state, part, get) > 0 {
                out.push(C::bank_trade_action(give, get, rate));
            }
        }
    }
}

/// Checks a maritime trade.
pub fn check_maritime(
    state: &BaseState,
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

/// Applies a trade with the bank at the seat's best rate (nothing if it is
/// not possible).
pub fn apply_bank_trade<C: HandCard, S: EventSink<Event>>(
    state: &mut BaseState,
    part: &mut C::Part,
    seat: Seat,
    give: C,
    get: C,
    events: &mut S,
) {
    let rate = C::rates(state, part, seat)[give.index()];
    if C::held(state, part, seat, give) < rate || C::in_bank(state, part, get) == 0 || give == get {
        return;
    }
    C::to_bank(state, part, seat, give, rate);
    C::from_bank(state, part, seat, get);
    events.push(C::bank_traded(seat, give, rate, get));
}

/// Whether `action` belongs to trading, which only the active player does
/// (`catan.trade.active_player_only`): the shared trade actions, and those a
/// rule set's card type adds.
pub fn is_trade<C: HandCard>(action: &Action) -> bool {
    matches!(
        action,
        Action::Base(BaseAction::MaritimeTrade { .. })
            | Action::Base(BaseAction::OpenTrade)
            | Action::Base(BaseAction::OfferGive { .. })
            | Action::Base(BaseAction::OfferGet { .. })
            | Action::Base(BaseAction::SubmitOffer)
            | Action::Base(BaseAction::ConfirmTrade { .. })
            | Action::Base(BaseAction::AcceptCounter { .. })
            | Action::Base(BaseAction::ReviseOffer)
            | Action::Base(BaseAction::CancelTrade)
    ) || C::is_own_trade(action)
}

/// Micro-actions of the offer being put together: each card that may go on
/// either side, then submitting (if it may be) and cancelling.
pub fn legal_draft<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat, offer: &Offer, out: &mut Vec<Action>) {
    for give in [true, false] {
        for &card in C::ALL {
            if check_draft(state, part, seat, offer, card, give).is_ok() {
                out.push(card.draft_action(give));
            }
        }
    }
    if check_submit::<C>(offer).is_ok() {
        out.push(Action::Base(BaseAction::SubmitOffer));
    }
    out.push(Action::Base(BaseAction::CancelTrade));
}

/// Checks adding `card` to what the offer gives (`give`) or asks for: no card
/// on both sides (`catan.trade.same_resource`), only cards held are given
/// (`catan.pay.insufficient`), and only cards the other players hold
/// together are asked for (`catan.trade.ask_only_held`).
pub fn check_draft<C: HandCard>(
    state: &BaseState,
    part: &C::Part,
    seat: Seat,
    offer: &Offer,
    card: C,
    give: bool,
) -> Result<(), CatanError> {
    if C::offered(offer, card, !give) > 0 {
        return Err(CatanError::SameResource);
    }
    let mine = C::offered(offer, card, give);
    if give && C::held(state, part, seat, card) <= mine {
        return Err(CatanError::PayInsufficient);
    }
    if !give && held_by_others(state, part, seat, card) <= mine as u32 {
        return Err(CatanError::AskOnlyHeld);
    }
    Ok(())
}

/// Cards of a kind held by the seats other than `seat`, all together.
pub fn held_by_others<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat, card: C) -> u32 {
    Seat::all(state.n())
        .filter(|&s| s != seat)
        .map(|s| C::held(state, part, s, card) as u32)
        .sum()
}

/// Checks putting the offer to the table: no gifts either way
/// (`catan.trade.no_gifts`).
pub fn check_submit<C: HandCard>(offer: &Offer) -> Result<(), CatanError> {
    if C::offer_side(offer, true) == 0 || C::offer_side(offer, false) == 0 {
        return Err(CatanError::NoGifts);
    }
    Ok(())
}

/// Adds one `card` to one side of the offer being drafted.
pub fn apply_draft<C: HandCard>(state: &mut BaseState, mut offer: Offer, card: C, give: bool) {
    C::add_to_offer(&mut offer, card, give);
    state.phase = Phase::Base(BasePhase::TradeDraft { offer });
}

/// Puts the offer to every other seat; they reply all at once.
pub fn apply_submit<S: EventSink<Event>>(state: &mut BaseState, offer: Offer, events: &mut S) {
    let seat = state.current;
    let mut pending = SeatSet::EMPTY;
    for s in Seat::all(state.n()) {
        if s != seat {
            pending.insert(s);
        }
    }
    events.push(Event::Base(BaseEvent::Offered {
        seat,
        give: offer.give,
        get: offer.get,
        give_commodities: offer.give_commodities,
        get_commodities: offer.get_commodities,
    }));
    state.clear_counters();
    state.phase = Phase::Base(BasePhase::TradeReplies {
        offer,
        pending,
        accepted: SeatSet::EMPTY,
    });
}

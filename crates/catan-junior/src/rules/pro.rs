//! The pro variant (`junior.trade.pro.*`): the captain may also trade tiles with
//! another player who agrees — "einzelne oder mehrere Plättchen", any number on
//! each side. The offer is put together tile by tile, as CATAN's domestic offer
//! is (`open_offer {to}` → `offer_give` / `offer_get` → `submit_offer`, or
//! `cancel_offer`), so every legal list stays small: it gives only tiles the
//! captain holds and asks only for tiles the partner holds (goods are open), no
//! good on both sides, something on each side. The partner then accepts or
//! declines. Random players leave offers out (`Game::is_offer`).

use crate::error::JuniorError;
use crate::event::Event;
use crate::goods::{Good, Goods};
use crate::state::{Phase, State};
use engine::{EventSink, Seat};

/// Checks opening an offer to `to` by the captain `p`.
pub fn check_open(state: &State, p: usize, to: Seat) -> Result<(), JuniorError> {
    if !state.pro {
        return Err(JuniorError::ProOnly);
    }
    if to.index() == p || to.index() >= state.n() {
        return Err(JuniorError::ProPartner);
    }
    if let Some(limit) = state.offers_per_turn.filter(|&limit| state.offers >= limit) {
        return Err(JuniorError::OffersPerTurn { limit });
    }
    if state.hands[p & 3].total() == 0 {
        return Err(JuniorError::ProCaptainLacks);
    }
    if state.hands[to.index() & 3].total() == 0 {
        return Err(JuniorError::ProPartnerLacks);
    }
    Ok(())
}

/// Checks adding one tile of `good` to what the captain gives (`give`) or asks
/// for, in the offer to `to`.
pub fn check_tile(state: &State, to: Seat, offer: (&Goods, &Goods), good: Good, give: bool) -> Result<(), JuniorError> {
    let (gives, gets) = offer;
    let (mine, other) = if give { (gives, gets) } else { (gets, gives) };
    if other.get(good) > 0 {
        return Err(JuniorError::SameGood);
    }
    let holder = if give { state.cap() } else { to.index() & 3 };
    if state.hands[holder].get(good) <= mine.get(good) {
        return Err(if give {
            JuniorError::ProCaptainLacks
        } else {
            JuniorError::ProPartnerLacks
        });
    }
    Ok(())
}

/// Checks putting the offer to the partner: tiles on both sides.
pub fn check_submit(give: &Goods, get: &Goods) -> Result<(), JuniorError> {
    if give.total() == 0 || get.total() == 0 {
        return Err(JuniorError::ProNoGifts);
    }
    Ok(())
}

/// Opens the offer to `to`, empty on both sides.
pub fn apply_open(state: &mut State, to: Seat) {
    // Counted only under the house rule: without it the state (and its JSON)
    // stays the rulebook's, byte for byte.
    if state.offers_per_turn.is_some() {
        state.offers = state.offers.saturating_add(1);
    }
    state.phase = Phase::OfferDraft {
        to,
        give: Goods::ZERO,
        get: Goods::ZERO,
    };
}

/// Adds one tile to a side of the offer being put together.
pub fn apply_tile(state: &mut State, good: Good, to_give: bool) {
    if let Phase::OfferDraft { to, mut give, mut get } = state.phase {
        let side = if to_give { &mut give } else { &mut get };
        side.0[good.index()] = side.0[good.index()].saturating_add(1);
        state.phase = Phase::OfferDraft { to, give, get };
    }
}

/// Puts the offer to the partner, who answers next.
pub fn apply_submit<S: EventSink<Event>>(state: &mut State, events: &mut S) {
    if let Phase::OfferDraft { to, give, get } = state.phase {
        state.phase = Phase::Offer { to, give, get };
        events.push(Event::Offered {
            captain: Seat(state.captain),
            to,
            give,
            get,
        });
    }
}

/// Drops the offer being put together.
pub fn apply_cancel<S: EventSink<Event>>(state: &mut State, events: &mut S) {
    state.phase = Phase::Main;
    events.push(Event::OfferCancelled {
        captain: Seat(state.captain),
    });
}

/// Checks an acceptance of the pending offer (both sides must still hold the tiles).
pub fn check_accept(state: &State, to: Seat, give: &Goods, get: &Goods) -> Result<(), JuniorError> {
    if !state.hands[state.cap()].covers(give) {
        return Err(JuniorError::ProCaptainLacks);
    }
    if !state.hands[to.index() & 3].covers(get) {
        return Err(JuniorError::ProPartnerLacks);
    }
    Ok(())
}

/// Answers the pending offer.
pub fn apply_answer<S: EventSink<Event>>(state: &mut State, accepted: bool, events: &mut S) {
    if let Phase::Offer { to, give, get } = state.phase {
        let c = state.cap();
        let t = to.index() & 3;
        if accepted && check_accept(state, to, &give, &get).is_ok() {
            state.hands[c].sub(&give);
            state.hands[c].add(&get);
            state.hands[t].sub(&get);
            state.hands[t].add(&give);
        }
        events.push(Event::OfferAnswered { seat: to, accepted });
    }
    state.phase = Phase::Main;
}

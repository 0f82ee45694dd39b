//! The pro variant (`junior.trade.pro.*`): the captain may also trade tiles with
//! another player who agrees. An offer names the partner and 1–2 tiles each way
//! (no good on both sides), which keeps the enumerated offers finite; the partner
//! then accepts or declines. Random players leave offers out (`Game::is_offer`).

use crate::error::JuniorError;
use crate::event::Event;
use crate::goods::{Bundle, Goods};
use crate::state::{Phase, State};
use engine::{EventSink, Seat};

/// Checks an offer by the captain `p`.
pub fn check_offer(state: &State, p: usize, to: Seat, give: Bundle, get: Bundle) -> Result<(), JuniorError> {
    let (give, get) = (&give.goods(), &get.goods());
    if !state.pro {
        return Err(JuniorError::ProOnly);
    }
    if to.index() == p || to.index() >= state.n() {
        return Err(JuniorError::ProPartner);
    }
    if give.overlaps(get) {
        return Err(JuniorError::ProSize);
    }
    if !state.hands[p & 3].covers(give) {
        return Err(JuniorError::ProCaptainLacks);
    }
    if !state.hands[to.index()].covers(get) {
        return Err(JuniorError::ProPartnerLacks);
    }
    Ok(())
}

/// Opens the offer: the partner answers next.
pub fn apply_offer<S: EventSink<Event>>(
    state: &mut State,
    p: usize,
    to: Seat,
    give: Bundle,
    get: Bundle,
    events: &mut S,
) {
    state.phase = Phase::Offer { to, give, get };
    events.push(Event::Offered {
        captain: Seat(p as u8),
        to,
        give: give.goods(),
        get: get.goods(),
    });
}

/// Checks an acceptance of the pending offer (both sides must still hold the tiles).
pub fn check_accept(state: &State, to: Seat, give: Bundle, get: Bundle) -> Result<(), JuniorError> {
    let (give, get): (&Goods, &Goods) = (&give.goods(), &get.goods());
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
        if accepted && check_accept(state, to, give, get).is_ok() {
            let (give, get) = (give.goods(), get.goods());
            state.hands[c].sub(&give);
            state.hands[c].add(&get);
            state.hands[t].sub(&get);
            state.hands[t].add(&give);
        }
        events.push(Event::OfferAnswered { seat: to, accepted });
    }
    state.phase = Phase::Main;
}

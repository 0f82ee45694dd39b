//! Cities & Knights' [`Card`] as the card of its hands: resources and
//! commodities together (`ck.seven.hand_limit`, `ck.robber.*`,
//! `ck.production.commodities`), so the base rules written over
//! [`HandCard`] (discards, steals, production) serve this rule set unchanged.

use super::cards::{Card, Cards, Commodities, Commodity, CARD_KINDS};
use super::error::CkError;
use super::{bank_count, card_count, hand};
use crate::action::{Action, Chance, Event};
use crate::cities_knights::CkState;
use crate::error::CatanError;
use crate::resource::{Resource, Resources};
use crate::rules::hand::{Claim, HandCard, MAX_KINDS};
use crate::state::BaseState;
use crate::state::Offer;
use crate::{BaseChance, BaseEvent, CkAction, CkChance, CkEvent};
use engine::{EventSink, Seat};

impl HandCard for Card {
    const ALL: &'static [Card] = &Card::ALL;
    type Part = CkState;

    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }

    #[inline]
    fn held(state: &BaseState, ck: &CkState, seat: Seat, card: Card) -> u8 {
        hand(state, ck, seat).count(card)
    }

    #[inline]
    fn hand_size(state: &BaseState, ck: &CkState, seat: Seat) -> u32 {
        card_count(state, ck, seat)
    }

    #[inline]
    fn in_bank(state: &BaseState, ck: &CkState, card: Card) -> u8 {
        bank_count(state, ck, card)
    }

    #[inline]
    fn to_bank(state: &mut BaseState, ck: &mut CkState, seat: Seat, card: Card, n: u8) {
        super::to_bank(state, ck, seat, card, n);
    }

    #[inline]
    fn from_bank(state: &mut BaseState, ck: &mut CkState, seat: Seat, card: Card) {
        super::from_bank(state, ck, seat, card);
    }

    #[inline]
    fn move_one(state: &mut BaseState, ck: &mut CkState, from: Seat, to: Seat, card: Card) {
        super::politics::move_card(state, ck, from, to, card);
    }

    #[inline]
    fn discard_action(self) -> Action {
        Action::Ck(CkAction::DiscardCard { card: self })
    }

    #[inline]
    fn discarded(self, seat: Seat) -> Event {
        Event::Ck(CkEvent::DiscardedCard { seat, card: self })
    }

    #[inline]
    fn not_held(self) -> CatanError {
        CkError::DiscardNotHeld(self).into()
    }

    #[inline]
    fn steal_outcome(self) -> Chance {
        match (self.as_resource(), self.as_commodity()) {
            (_, Some(commodity)) => Chance::Ck(CkChance::StealCommodity { commodity }),
            (resource, _) => Chance::Base(BaseChance::Steal {
                resource: resource.unwrap_or(Resource::Brick),
            }),
        }
    }

    #[inline]
    fn stolen(self, thief: Seat, victim: Seat) -> Event {
        match (self.as_resource(), self.as_commodity()) {
            (_, Some(commodity)) => Event::Ck(CkEvent::StolenCommodity {
                thief,
                victim,
                commodity: Some(commodity),
            }),
            (resource, _) => Event::Base(BaseEvent::Stolen {
                thief,
                victim,
                resource: Some(resource.unwrap_or(Resource::Brick)),
            }),
        }
    }

    #[inline]
    fn shortage(self) -> Event {
        match (self.as_resource(), self.as_commodity()) {
            (_, Some(commodity)) => Event::Ck(CkEvent::CommodityShortage { commodity }),
            (resource, _) => Event::Base(BaseEvent::BankShortage {
                resource: resource.unwrap_or(Resource::Brick),
            }),
        }
    }

    /// Harbors, the Merchant Guild, the merchant and a Merchant Fleet
    /// (`ck.trade.bank`).
    #[inline]
    fn rates(state: &BaseState, ck: &CkState, seat: Seat) -> [u8; MAX_KINDS] {
        super::trade::rates(state, ck, seat)
    }

    #[inline]
    fn bank_trade_action(give: Card, get: Card, rate: u8) -> Action {
        Action::Ck(CkAction::BankTrade {
            give,
            get,
            rate: Some(rate),
        })
    }

    #[inline]
    fn bank_traded(seat: Seat, give: Card, rate: u8, get: Card) -> Event {
        Event::Ck(CkEvent::BankTraded { seat, give, rate, get })
    }

    #[inline]
    fn offered(offer: &Offer, card: Card, give: bool) -> u8 {
        side(offer, give).count(card)
    }

    #[inline]
    fn offer_side(offer: &Offer, give: bool) -> u32 {
        let (r, c) = side(offer, give);
        r.total() + c.total()
    }

    #[inline]
    fn add_to_offer(offer: &mut Offer, card: Card, give: bool) {
        let mut s = side(offer, give);
        s.put(card, 1);
        if give {
            (offer.give, offer.give_commodities) = s;
        } else {
            (offer.get, offer.get_commodities) = s;
        }
    }

    #[inline]
    fn draft_action(self, give: bool) -> Action {
        match (self.as_resource(), self.as_commodity(), give) {
            (_, Some(commodity), true) => Action::Ck(CkAction::OfferGiveCommodity { commodity }),
            (_, Some(commodity), false) => Action::Ck(CkAction::OfferGetCommodity { commodity }),
            (resource, _, give) => resource.unwrap_or(Resource::Brick).draft_action(give),
        }
    }

    #[inline]
    fn drafted(action: &Action) -> Option<(Card, bool)> {
        super::trade::draft_card(action)
    }

    /// Trades with the bank by card, and commodities in an offer.
    #[inline]
    fn is_own_trade(action: &Action) -> bool {
        matches!(
            action,
            Action::Ck(CkAction::BankTrade { .. })
                | Action::Ck(CkAction::OfferGiveCommodity { .. })
                | Action::Ck(CkAction::OfferGetCommodity { .. })
        )
    }

    /// Settlements earn 1 resource; cities 2 of brick or grain, or 1 resource
    /// and 1 commodity (`ck.production.commodities`).
    #[inline]
    fn claim(claim: &mut Claim, r: Resource, settlements: u8, cities: u8) {
        match Commodity::of_resource(r) {
            Some(k) => {
                claim[r.index()] += settlements + cities;
                claim[Card::commodity(k).index()] += cities;
            }
            None => claim[r.index()] += settlements + 2 * cities,
        }
    }

    /// Resources first, then commodities, each reported when any.
    #[inline]
    fn pay<S: EventSink<Event>>(
        state: &mut BaseState,
        ck: &mut CkState,
        seat: Seat,
        claim: &Claim,
        events: &mut S,
    ) -> bool {
        const _: () = assert!(CARD_KINDS == 8);
        let i = seat.index();
        let gain = Resources::new([claim[0], claim[1], claim[2], claim[3], claim[4]]);
        let cgain = Commodities::new([claim[5], claim[6], claim[7]]);
        if !gain.is_empty() {
            state.bank.sub(&gain);
            state.players[i].hand.add(&gain);
            events.push(Event::Base(BaseEvent::Produced { seat, resources: gain }));
        }
        if !cgain.is_empty() {
            ck.bank.sub(&cgain);
            ck.players[i].commodities.add(&cgain);
            events.push(Event::Ck(CkEvent::ProducedCommodities {
                seat,
                commodities: cgain,
            }));
        }
        !gain.is_empty() || !cgain.is_empty()
    }
}

/// One side of an offer as a hand of both kinds.
#[inline]
fn side(offer: &Offer, give: bool) -> (Resources, Commodities) {
    if give {
        (offer.give, offer.give_commodities)
    } else {
        (offer.get, offer.get_commodities)
    }
}

//! The card a rule set's hands hold, and the rules about "cards" written once
//! over it: the discards after a 7, the stolen card, and production with the
//! finite bank.
//!
//! The base game's hands hold [`Resource`]s; Cities & Knights' hold resources
//! and commodities, named together by its `Card`. The rules are the same
//! (discard a card you hold, steal one weighted by the victim's hand, a short
//! bank pays a single claimant what is left and several nothing); only the
//! kinds, the actions, events and refusals that name them, and where a kind is
//! kept differ. [`HandCard`] says those, so each rule is one generic function
//! and the base game's instance compiles to what it was before (every method
//! is inlined; the kinds are a constant slice).
//!
//! Why a trait on the card type and not a method of [`super::layer::Layer`]:
//! these rules change the state, and a layer is a view that borrows it.

use crate::action::{Action, Chance, Event};
use crate::bits::node_count;
use crate::error::CatanError;
use crate::resource::{Resource, Resources};
use crate::state::{BaseState, Offer, Phase, MAX_PLAYERS};
use crate::{BaseAction, BaseChance, BaseEvent, BasePhase};

use engine::{EventSink, GameRng, Seat, SeatSet};

/// The most kinds a hand holds in any rule set (Cities & Knights: 5
/// resources and 3 commodities): the width of per-kind scratch arrays.
pub const MAX_KINDS: usize = 8;

/// Claims of one seat on a production roll, per kind.
pub type Claim = [u8; MAX_KINDS];

/// A kind of card in a rule set's hands.
pub trait HandCard: Copy + Eq + 'static {
    /// Every kind, in index order (which is also the order events and legal
    /// lists name them in).
    const ALL: &'static [Self];
    /// The kind's index (below [`MAX_KINDS`]).
    fn index(self) -> usize;

    /// The part of the state, besides the base part, that holds this card
    /// type's other kinds: nothing for resources, Cities & Knights' part for
    /// its commodities. The dispatch lends it beside the base part.
    type Part;

    /// How many of `card` `seat` holds.
    fn held(state: &BaseState, part: &Self::Part, seat: Seat, card: Self) -> u8;
    /// How many cards `seat` holds in all.
    fn hand_size(state: &BaseState, part: &Self::Part, seat: Seat) -> u32;
    /// How many of `card` the bank holds.
    fn in_bank(state: &BaseState, part: &Self::Part, card: Self) -> u8;
    /// Moves `n` of `card` from `seat`'s hand to the bank (at most as many
    /// as held).
    fn to_bank(state: &mut BaseState, part: &mut Self::Part, seat: Seat, card: Self, n: u8);
    /// Moves one `card` from the bank to `seat` (nothing if the bank has none).
    fn from_bank(state: &mut BaseState, part: &mut Self::Part, seat: Seat, card: Self);
    /// Moves one `card` from `from` to `to` (nothing if `from` holds none).
    fn move_one(state: &mut BaseState, part: &mut Self::Part, from: Seat, to: Seat, card: Self);

    /// The action that discards one `card`.
    fn discard_action(self) -> Action;
    /// The event of `seat` discarding one `card`.
    fn discarded(self, seat: Seat) -> Event;
    /// The refusal of a discard of a kind not held.
    fn not_held(self) -> CatanError;
    /// The chance outcome of stealing one `card`.
    fn steal_outcome(self) -> Chance;
    /// The event of `thief` stealing one `card` from `victim`.
    fn stolen(self, thief: Seat, victim: Seat) -> Event;
    /// The event of the bank being short of `card` on a roll.
    fn shortage(self) -> Event;

    /// The best rate of `seat` with the bank for each kind (by index).
    fn rates(state: &BaseState, part: &Self::Part, seat: Seat) -> [u8; MAX_KINDS];
    /// The action trading `rate` of `give` for one `get` with the bank.
    fn bank_trade_action(give: Self, get: Self, rate: u8) -> Action;
    /// The event of `seat` trading `rate` of `give` for one `get` with the bank.
    fn bank_traded(seat: Seat, give: Self, rate: u8, get: Self) -> Event;

    /// How many of `card` one side of `offer` names (`give`: the side the
    /// active player gives).
    fn offered(offer: &Offer, card: Self, give: bool) -> u8;
    /// Cards on one side of `offer`.
    fn offer_side(offer: &Offer, give: bool) -> u32;
    /// Adds one `card` to one side of `offer`.
    fn add_to_offer(offer: &mut Offer, card: Self, give: bool);
    /// The action that adds one `card` to one side of an offer being drafted.
    fn draft_action(self, give: bool) -> Action;
    /// The card and side an action adds to an offer or counter-offer being
    /// drafted (the inverse of [`HandCard::draft_action`]); `None` for any
    /// other action.
    fn drafted(action: &Action) -> Option<(Self, bool)>;

    /// Whether `action` is one of the trade actions only this card type has
    /// (on top of the shared ones of [`super::trade::is_trade`]).
    #[inline]
    fn is_own_trade(_action: &Action) -> bool {
        false
    }

    /// Adds what `settlements` and `cities` on a hex of `resource` earn to
    /// `claim`.
    fn claim(claim: &mut Claim, resource: Resource, settlements: u8, cities: u8);
    /// Pays `claim` from the bank to `seat` (checked against the bank
    /// already) and reports it; whether anything was paid.
    fn pay<S: EventSink<Event>>(
        state: &mut BaseState,
        part: &mut Self::Part,
        seat: Seat,
        claim: &Claim,
        events: &mut S,
    ) -> bool;
}

impl HandCard for Resource {
    const ALL: &'static [Resource] = &Resource::ALL;
    type Part = ();

    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    fn held(state: &BaseState, _: &(), seat: Seat, card: Resource) -> u8 {
        state.players[seat.index()].hand.get(card)
    }

    #[inline(always)]
    fn hand_size(state: &BaseState, _: &(), seat: Seat) -> u32 {
        state.players.get(seat.index()).map_or(0, |p| p.hand.total())
    }

    #[inline(always)]
    fn in_bank(state: &BaseState, _: &(), card: Resource) -> u8 {
        state.bank.get(card)
    }

    #[inline]
    fn to_bank(state: &mut BaseState, _: &mut (), seat: Seat, r: Resource, n: u8) {
        let held = &mut state.players[seat.index()].hand.0[r.index()];
        let k = n.min(*held);
        *held -= k;
        state.bank.0[r.index()] += k;
    }

    #[inline]
    fn from_bank(state: &mut BaseState, _: &mut (), seat: Seat, r: Resource) {
        if state.bank.0[r.index()] > 0 {
            state.bank.0[r.index()] -= 1;
            state.players[seat.index()].hand.0[r.index()] += 1;
        }
    }

    #[inline]
    fn move_one(state: &mut BaseState, _: &mut (), from: Seat, to: Seat, r: Resource) {
        let v = &mut state.players[from.index()].hand.0[r.index()];
        if *v > 0 {
            *v -= 1;
            state.players[to.index()].hand.0[r.index()] += 1;
        }
    }

    #[inline]
    fn discard_action(self) -> Action {
        Action::Base(BaseAction::Discard { resource: self })
    }

    #[inline]
    fn discarded(self, seat: Seat) -> Event {
        Event::Base(BaseEvent::Discarded { seat, resource: self })
    }

    #[inline]
    fn not_held(self) -> CatanError {
        CatanError::DiscardHalf(self)
    }

    #[inline]
    fn steal_outcome(self) -> Chance {
        Chance::Base(BaseChance::Steal { resource: self })
    }

    #[inline]
    fn stolen(self, thief: Seat, victim: Seat) -> Event {
        Event::Base(BaseEvent::Stolen {
            thief,
            victim,
            resource: Some(self),
        })
    }

    #[inline]
    fn shortage(self) -> Event {
        Event::Base(BaseEvent::BankShortage { resource: self })
    }

    #[inline]
    fn rates(state: &BaseState, _: &(), seat: Seat) -> [u8; MAX_KINDS] {
        let mut out = [4; MAX_KINDS];
        out[..crate::resource::RESOURCE_COUNT].copy_from_slice(&super::trade::rates(state, seat));
        out
    }

    #[inline]
    fn bank_trade_action(give: Resource, get: Resource, rate: u8) -> Action {
        Action::Base(BaseAction::MaritimeTrade {
            give,
            get,
            rate: Some(rate),
        })
    }

    #[inline]
    fn bank_traded(seat: Seat, give: Resource, rate: u8, get: Resource) -> Event {
        Event::Base(BaseEvent::MaritimeTraded { seat, give, rate, get })
    }

    #[inline]
    fn offered(offer: &Offer, r: Resource, give: bool) -> u8 {
        if give {
            offer.give.get(r)
        } else {
            offer.get.get(r)
        }
    }

    #[inline]
    fn offer_side(offer: &Offer, give: bool) -> u32 {
        if give {
            offer.give.total()
        } else {
            offer.get.total()
        }
    }

    #[inline]
    fn add_to_offer(offer: &mut Offer, r: Resource, give: bool) {
        let side = if give { &mut offer.give } else { &mut offer.get };
        side.0[r.index()] = side.0[r.index()].saturating_add(1);
    }

    #[inline]
    fn draft_action(self, give: bool) -> Action {
        if give {
            Action::Base(BaseAction::OfferGive { resource: self })
        } else {
            Action::Base(BaseAction::OfferGet { resource: self })
        }
    }

    #[inline]
    fn drafted(action: &Action) -> Option<(Resource, bool)> {
        match *action {
            Action::Base(BaseAction::OfferGive { resource }) => Some((resource, true)),
            Action::Base(BaseAction::OfferGet { resource }) => Some((resource, false)),
            _ => None,
        }
    }

    #[inline(always)]
    fn claim(claim: &mut Claim, r: Resource, settlements: u8, cities: u8) {
        claim[r.index()] += settlements + 2 * cities;
    }

    #[inline]
    fn pay<S: EventSink<Event>>(state: &mut BaseState, _: &mut (), seat: Seat, claim: &Claim, events: &mut S) -> bool {
        let gain = Resources::new([claim[0], claim[1], claim[2], claim[3], claim[4]]);
        if gain.is_empty() {
            return false;
        }
        state.bank.sub(&gain);
        state.players[seat.index()].hand.add(&gain);
        events.push(Event::Base(BaseEvent::Produced { seat, resources: gain }));
        true
    }
}

/// Discards `seat` may make after a 7 (one card each).
pub fn legal_discards<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat, out: &mut Vec<Action>) {
    for &card in C::ALL {
        if C::held(state, part, seat, card) > 0 {
            out.push(card.discard_action());
        }
    }
}

/// Checks one discard: only a card held.
pub fn check_discard<C: HandCard>(state: &BaseState, part: &C::Part, seat: Seat, card: C) -> Result<(), CatanError> {
    if C::held(state, part, seat, card) == 0 {
        return Err(card.not_held());
    }
    Ok(())
}

/// Applies one discard; when nobody owes anything more the turn goes on with
/// `after` (the robber's move, or what a rule set puts there).
pub fn apply_discard<C: HandCard, S: EventSink<Event>>(
    state: &mut BaseState,
    part: &mut C::Part,
    mut owed: [u8; MAX_PLAYERS],
    seat: Seat,
    card: C,
    after: Phase,
    events: &mut S,
) {
    C::to_bank(state, part, seat, card, 1);
    owed[seat.index()] = owed[seat.index()].saturating_sub(1);
    events.push(card.discarded(seat));
    state.phase = if owed.iter().all(|&o| o == 0) {
        after
    } else {
        Phase::Base(BasePhase::Discard { owed })
    };
}

/// The cards that can be stolen from `victim`, each with its share of the hand.
pub fn steal_outcomes<C: HandCard>(state: &BaseState, part: &C::Part, victim: Seat, out: &mut Vec<(Chance, f64)>) {
    if victim.index() >= state.players.len() {
        return;
    }
    let total = C::hand_size(state, part, victim) as f64;
    if total == 0.0 {
        return;
    }
    for &card in C::ALL {
        let k = C::held(state, part, victim, card);
        if k > 0 {
            out.push((card.steal_outcome(), k as f64 / total));
        }
    }
}

/// Draws the stolen card directly (the distribution of [`steal_outcomes`]);
/// `None`, drawing nothing, from an empty hand.
#[inline]
pub fn sample_steal<C: HandCard>(state: &BaseState, part: &C::Part, victim: Seat, rng: &mut GameRng) -> Option<C> {
    if victim.index() >= state.players.len() {
        return None;
    }
    let weights = C::ALL.iter().map(|&c| u32::from(C::held(state, part, victim, c)));
    engine::pick_weighted(weights, C::hand_size(state, part, victim), rng).map(|i| C::ALL[i])
}

/// Moves the stolen card to the active player and reports it.
pub fn apply_steal<C: HandCard, S: EventSink<Event>>(
    state: &mut BaseState,
    part: &mut C::Part,
    victim: Seat,
    card: C,
    events: &mut S,
) {
    let thief = state.current;
    C::move_one(state, part, victim, thief, card);
    events.push(card.stolen(thief, victim));
}

/// Pays out the production of `number` (`catan.production.*`): every
/// building on a hex with that number, except the robber's, claims what
/// [`HandCard::claim`] says; where the bank is short of a kind
/// (`catan.production.bank_shortage`) a single claimant gets what is left and
/// several get nothing. Returns the seats that received a card.
pub fn produce<C: HandCard, S: EventSink<Event>>(
    state: &mut BaseState,
    part: &mut C::Part,
    number: u8,
    events: &mut S,
) -> SeatSet {
    let t = state.topology();
    let n = state.n();
    let mut claims = [[0u8; MAX_KINDS]; MAX_PLAYERS];
    let mut any = false;
    // The board's tiles are its hexes (as many as its shape has).
    for (h, tile) in state.board.tiles.iter().enumerate() {
        if tile.number != Some(number) || h == state.robber.index() {
            continue;
        }
        let Some(r) = tile.terrain.resource() else {
            continue;
        };
        let corners = t.hex_node_set[h].0;
        for (i, p) in state.players.iter().enumerate() {
            let (s, c) = (p.settlements.0 & corners, p.cities.0 & corners);
            // Most players have nothing on a hex: count only when they do.
            if (s | c).any() {
                C::claim(&mut claims[i], r, node_count(s) as u8, node_count(c) as u8);
                any = true;
            }
        }
    }
    let mut received = SeatSet::EMPTY;
    if !any {
        return received;
    }
    for &kind in C::ALL {
        if shortage(&mut claims, n, kind.index(), C::in_bank(state, part, kind)) {
            events.push(kind.shortage());
        }
    }
    for (i, claim) in claims.iter().enumerate().take(n) {
        let seat = Seat(i as u8);
        if C::pay(state, part, seat, claim, events) {
            received.insert(seat);
        }
    }
    received
}

/// `catan.production.bank_shortage` for kind `k`: if the claims exceed the
/// bank, a single claimant gets what is left and several get nothing.
/// Inlined: it runs for every kind on every roll.
#[inline(always)]
fn shortage(claims: &mut [Claim; MAX_PLAYERS], n: usize, k: usize, bank: u8) -> bool {
    let total: u32 = (0..n).map(|i| claims[i][k] as u32).sum();
    if total == 0 || total <= bank as u32 {
        return false;
    }
    let claimants = (0..n).filter(|&i| claims[i][k] > 0).count();
    for c in claims.iter_mut().take(n) {
        c[k] = if claimants == 1 { c[k].min(bank) } else { 0 };
    }
    true
}

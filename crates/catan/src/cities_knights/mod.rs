//! # CATAN: Cities & Knights, a rule set of the `catan` crate
//!
//! `rules/cities-knights.md` on top of the base game. A game is Cities &
//! Knights when [`crate::Config::rules`] is [`crate::Rules::CitiesKnights`];
//! its state then carries a [`CkState`] (`State::ck`), and every entry point
//! of the `Game` implementation hands over to [`legal`] here after one branch,
//! so the base game runs exactly as before.
//!
//! Base rules that are unchanged are reused, not copied: roads and Longest
//! Road (which see knights through [`crate::Player::knights`]), the robber's
//! move, domestic trade, the end of a turn and victory. The modules here hold
//! what Cities & Knights changes or adds, one concept each:
//! - [`cards`]: commodities, the [`Card`] that names a resource or a commodity,
//!   tracks and the event die;
//! - [`progress`]: progress cards, decks, draws and the hand limit;
//! - [`state`]: the added state and the [`Step`] continuation of a roll;
//! - [`setup`]: the city of the second round;
//! - [`roll`]: the three dice, production with commodities, the 7, Aqueduct;
//! - [`barbarians`]: the ship, attack, pillage, defenders, reset;
//! - [`knights`]: placing, promoting, activating, moving, displacing, chasing;
//! - [`improvements`]: walls, city improvements and metropolises;
//! - [`trade`]: bank rates with commodities, Merchant Guild and merchant;
//! - [`play`]: playing progress cards; their effects in [`science`],
//!   [`politics`] and [`commerce`];
//! - [`legal`]: the dispatch by phase (legal actions, checks, application);
//! - [`view`], [`secrets`]: what a viewer sees and determinization;
//! - [`validate`]: consistency of loaded positions;
//! - [`heroes`]: heroes and squires (`rules/heroes.md`, rule set
//!   `cities_knights_heroes`).

pub mod action;
pub mod barbarians;
pub mod cards;
pub mod commerce;
mod error;
pub mod event;
mod hand;
pub mod heroes;
pub mod improvements;
pub mod knights;
pub mod layer;
pub mod legal;
pub mod part;
pub mod phase;
pub mod play;
pub mod politics;
pub mod progress;
pub mod roll;
mod roster;
pub mod science;
pub mod secrets;
pub mod setup;
pub mod state;
pub mod trade;
pub mod validate;
pub mod view;

pub use action::{CkAction, CkChance};
pub use cards::{
    Card, Cards, Commodities, Commodity, CommodityCounts, EventFace, Track, CARD_KINDS, COMMODITY_COUNT, TRACK_COUNT,
};
pub use error::{CkError, CK_RULE_IDS};
pub use event::CkEvent;
pub use phase::CkPhase;
pub use progress::{Deck, ProgressCard, ProgressCards, ProgressHand, PROGRESS_HAND_LIMIT};
pub use state::{
    CkPlayer, CkState, KnightBit, KnightRecord, Merchant, Metropolis, NodeList, Roster, Step, MAX_KNIGHTS,
};
pub use view::{CkPlayerView, CkView};

use crate::resource::Resources;
use crate::state::BaseState;
use engine::{Seat, SeatSet};

/// A player's cards: resources and commodities.
#[inline]
pub fn hand(state: &BaseState, ck: &CkState, seat: Seat) -> (Resources, Commodities) {
    let r = state.players.get(seat.index()).map(|p| p.hand).unwrap_or_default();
    let c = ck.players.get(seat.index()).map(|p| p.commodities).unwrap_or_default();
    (r, c)
}

/// Number of cards (resources and commodities) a player holds.
#[inline]
pub fn card_count(state: &BaseState, ck: &CkState, seat: Seat) -> u32 {
    let (r, c) = hand(state, ck, seat);
    r.total() + c.total()
}

/// Moves `n` of `card` from a seat's hand to the bank.
pub(crate) fn to_bank(state: &mut BaseState, ck: &mut CkState, seat: Seat, card: Card, n: u8) {
    if let Some(r) = card.as_resource() {
        let p = &mut state.players[seat.index()];
        let k = n.min(p.hand.get(r));
        p.hand.0[r.index()] -= k;
        state.bank.0[r.index()] += k;
    } else if let Some(c) = card.as_commodity() {
        let p = &mut ck.players[seat.index()];
        let k = n.min(p.commodities.get(c));
        p.commodities.0[c.index()] -= k;
        ck.bank.0[c.index()] += k;
    }
}

/// Moves one `card` from the bank to a seat's hand (if the bank holds one).
pub(crate) fn from_bank(state: &mut BaseState, ck: &mut CkState, seat: Seat, card: Card) {
    if let Some(r) = card.as_resource() {
        if state.bank.get(r) > 0 {
            state.bank.0[r.index()] -= 1;
            state.players[seat.index()].hand.0[r.index()] += 1;
        }
    } else if let Some(c) = card.as_commodity() {
        if ck.bank.get(c) > 0 {
            ck.bank.0[c.index()] -= 1;
            ck.players[seat.index()].commodities.0[c.index()] += 1;
        }
    }
}

/// How many of `card` the bank holds.
#[inline]
pub fn bank_count(state: &BaseState, ck: &CkState, card: Card) -> u8 {
    match (card.as_resource(), card.as_commodity()) {
        (Some(r), _) => state.bank.get(r),
        (_, Some(c)) => ck.bank.get(c),
        _ => 0,
    }
}

/// The first seat of `set` in seat order from the active player: choices
/// owed in turn are asked in this order (`ck.barbarian.defender`,
/// `ck.improve.aqueduct`, `ck.progress.draw`).
#[inline]
pub fn next_in_order(state: &BaseState, set: SeatSet) -> Option<Seat> {
    let n = state.n();
    (0..n)
        .map(|k| Seat(((state.current.index() + k) % n) as u8))
        .find(|&s| set.contains(s))
}

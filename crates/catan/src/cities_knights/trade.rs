//! Trade with the bank (`ck.trade.bank`): 4 identical cards always, 3 on a
//! 3:1 harbor, 2 of a 2:1 harbor's resource, 2 identical commodities from
//! trade level 3 (`ck.improve.merchant_guild`), 2 of the merchant's resource
//! for its controller (`ck.merchant.trade`). The player takes any one card
//! the bank holds. One action per (given, taken) kind at the best rate
//! (`ck.decide.best_rate`).

use super::cards::{Card, Cards, CARD_KINDS};
use super::error::CkError;
use super::{bank_count, hand};
use crate::action::Action;
use crate::cities_knights::CkState;
use crate::error::CatanError;
use crate::rules::trade::rates as base_rates;
use crate::state::BaseState;
use crate::{BaseAction, CkAction};
use engine::Seat;

/// The best bank rate of `seat` for each card kind.
pub fn rates(state: &BaseState, ck: &CkState, seat: Seat) -> [u8; CARD_KINDS] {
    let mut out = [4u8; CARD_KINDS];
    let base = base_rates(state, seat);
    out[..base.len()].copy_from_slice(&base);
    // A 3:1 harbor applies to commodities as well.
    let buildings = state.players[seat.index()].buildings();
    let generic = state.board.generic_harbor_at(buildings);
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
pub fn check(
    state: &BaseState,
    ck: &CkState,
    seat: Seat,
    give: Card,
    get: Card,
    named: Option<u8>,
) -> Result<(), CatanError> {
    let rate = rates(state, ck, seat)[give.index()];
    // Below 3:1 no harbor trades a commodity: the rule that would allow the
    // rate named is the Merchant Guild's, so that is the one cited.
    if let (Some(_), Some(n)) = (give.as_commodity(), named) {
        if n < rate && n <= 2 {
            return Err(CkError::MerchantGuildRequired { rate }.into());
        }
    }
    crate::rules::trade::check_rate(named, rate)?;
    if give == get || hand(state, ck, seat).count(give) < rate || bank_count(state, ck, get) == 0 {
        return Err(CkError::BankTrade.into());
    }
    Ok(())
}

/// The card and side a draft action names.
pub fn draft_card(action: &Action) -> Option<(Card, bool)> {
    match *action {
        Action::Base(BaseAction::OfferGive { resource }) => Some((Card::resource(resource), true)),
        Action::Base(BaseAction::OfferGet { resource }) => Some((Card::resource(resource), false)),
        Action::Ck(CkAction::OfferGiveCommodity { commodity }) => Some((Card::commodity(commodity), true)),
        Action::Ck(CkAction::OfferGetCommodity { commodity }) => Some((Card::commodity(commodity), false)),
        _ => None,
    }
}

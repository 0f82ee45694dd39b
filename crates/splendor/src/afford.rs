//! Affordability and payments (`splendor.buy.*`), branch-free over packed bytes.
//!
//! A price, a player's bonuses and tokens are packed one byte per colour in a
//! `u64`, so "cost minus bonuses, never below 0" and "what the tokens do not
//! cover" are each a handful of word operations for all five colours at once.
//! This is the hot path of random playouts: every market and reserved card is
//! tested on every turn.

use crate::action::Action;
use crate::data::COST_PACKED;
use crate::state::Player;
use crate::types::{CardId, Tokens};

const HIGH: u64 = 0x8080_8080_8080_8080;
/// The five gem bytes of a packed token word (drops gold in byte 5).
pub(crate) const GEM_BYTES: u64 = 0x00FF_FFFF_FFFF;

/// Bytewise `a - b`, never below 0 (every byte of both below 128).
#[inline(always)]
pub(crate) const fn sat_sub(a: u64, b: u64) -> u64 {
    let d = (a | HIGH).wrapping_sub(b);
    let ge = d & HIGH;
    let keep = ge.wrapping_sub(ge >> 7);
    d & keep
}

/// The sum of the bytes of `x` (if it stays below 256).
#[inline(always)]
pub(crate) const fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// What the player still owes per colour for a card after their bonuses.
#[inline(always)]
pub(crate) fn need(p: &Player, card: CardId) -> u64 {
    sat_sub(COST_PACKED[card.index()], p.bonus_packed())
}

/// The gold a player needs at least to buy a card: what their gem tokens do not cover.
#[inline(always)]
pub(crate) fn gold_needed(p: &Player, need: u64) -> u32 {
    byte_sum(sat_sub(need, p.tokens_packed() & GEM_BYTES))
}

/// Whether the player can pay for the card at all (`splendor.buy.cannot_afford`).
#[inline]
pub(crate) fn can_afford(p: &Player, card: CardId) -> bool {
    gold_needed(p, need(p, card)) <= u32::from(p.tokens[5])
}

/// Whether `payment` pays exactly what the player owes for the card: per colour
/// at most the amount owed, the rest covered by exactly the gold named.
pub(crate) fn pays_exactly(need: u64, payment: &Tokens) -> bool {
    let owed = need.to_le_bytes();
    let mut gold = 0u32;
    for (i, &paid) in payment.0[..5].iter().enumerate() {
        if paid > owed[i] {
            return false;
        }
        gold += u32::from(owed[i] - paid);
    }
    gold == u32::from(payment.0[5])
}

/// Appends every distinct valid payment of the card as a buy action. Gold may
/// replace any colour, also one the player holds, so with more gold in hand
/// than the price forces there are several payments; otherwise exactly one.
#[inline]
pub(crate) fn push_buys(p: &Player, card: CardId, out: &mut Vec<Action>) {
    let need = need(p, card);
    let forced = gold_needed(p, need);
    let gold = u32::from(p.tokens[5]);
    if forced > gold {
        return;
    }
    // The most of each colour the player can pay in tokens of that colour.
    let covered = need.wrapping_sub(sat_sub(need, p.tokens_packed() & GEM_BYTES));
    let c = covered.to_le_bytes();
    let spare = gold - forced;
    if spare == 0 || covered == 0 {
        out.push(Action::Buy {
            card,
            payment: Tokens([c[0], c[1], c[2], c[3], c[4], forced as u8]),
        });
        return;
    }
    payments(card, [c[0], c[1], c[2], c[3], c[4], forced as u8], spare as u8, 0, out);
}

/// With `spare` gold beyond what the price forces, each colour paid partly
/// in tokens may give up some of them for gold. Colours in order, each from
/// most tokens to fewest.
fn payments(card: CardId, pay: [u8; 6], spare: u8, i: usize, out: &mut Vec<Action>) {
    if i == 5 || spare == 0 {
        out.push(Action::Buy {
            card,
            payment: Tokens(pay),
        });
        return;
    }
    let most = pay[i].min(spare);
    for g in 0..=most {
        let mut next = pay;
        next[i] -= g;
        next[5] += g;
        payments(card, next, spare - g, i + 1, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::pack5;

    #[test]
    fn saturating_subtraction_per_byte() {
        let a = pack5([3, 0, 7, 2, 1]);
        let b = pack5([1, 2, 7, 5, 0]);
        assert_eq!(sat_sub(a, b), pack5([2, 0, 0, 0, 1]));
        assert_eq!(byte_sum(pack5([2, 0, 3, 0, 1])), 6);
    }
}

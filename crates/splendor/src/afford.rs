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
/// replace any colour, also one the player holds, so with gold in hand there
/// are several payments; without gold exactly one.
#[inline]
pub(crate) fn push_buys(p: &Player, card: CardId, out: &mut Vec<Action>) {
    let need = need(p, card);
    let short = gold_needed(p, need);
    let gold = p.tokens[5];
    if short > u32::from(gold) {
        return;
    }
    let owed = need.to_le_bytes();
    if gold == 0 || need == 0 {
        out.push(Action::Buy {
            card,
            payment: Tokens([owed[0], owed[1], owed[2], owed[3], owed[4], 0]),
        });
        return;
    }
    let owed5 = [owed[0], owed[1], owed[2], owed[3], owed[4]];
    let held = [p.tokens[0], p.tokens[1], p.tokens[2], p.tokens[3], p.tokens[4]];
    payments(card, &owed5, &held, gold, 0, [0; 6], out);
}

/// Chooses the colour part of the payment colour by colour (most tokens of
/// the colour first); whatever a colour leaves unpaid is paid in gold.
fn payments(
    card: CardId,
    owed: &[u8; 5],
    held: &[u8; 5],
    gold_left: u8,
    i: usize,
    pay: [u8; 6],
    out: &mut Vec<Action>,
) {
    if i == 5 {
        out.push(Action::Buy {
            card,
            payment: Tokens(pay),
        });
        return;
    }
    let n = owed[i];
    if n == 0 {
        payments(card, owed, held, gold_left, i + 1, pay, out);
        return;
    }
    let hi = n.min(held[i]);
    let lo = n.saturating_sub(gold_left);
    let mut c = hi;
    while c >= lo {
        let g = n - c;
        let mut next = pay;
        next[i] = c;
        next[5] += g;
        payments(card, owed, held, gold_left - g, i + 1, next, out);
        if c == 0 {
            break;
        }
        c -= 1;
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

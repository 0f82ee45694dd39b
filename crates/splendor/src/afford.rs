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

/// The packed cost of each possible byte id: the real cost for a card id, and
/// for anything else (an empty slot) a price nobody can pay, so that a row of
/// slots is tested without a branch per slot.
pub(crate) static COST_BY_ID: [u64; 256] = {
    let mut out = [0x30_3030_3030u64; 256];
    let mut i = 0;
    while i < COST_PACKED.len() {
        out[i] = COST_PACKED[i];
        i += 1;
    }
    out
};

/// Appends every buy of the market cards and the player's reserved cards,
/// each with every distinct valid payment. Affordability of all 15 slots is
/// computed first without branches; only the affordable ones are visited.
#[inline]
pub(crate) fn push_all_buys(p: &Player, ids: &[u8; 16], out: &mut Vec<Action>) {
    let bonus = p.bonus_packed();
    let tokens = p.tokens_packed() & GEM_BYTES;
    let gold = u32::from(p.tokens[5]);
    let mut needs = [0u64; 16];
    let mut mask = 0u32;
    for i in 0..16 {
        let need = sat_sub(COST_BY_ID[usize::from(ids[i])], bonus);
        let short = byte_sum(sat_sub(need, tokens));
        needs[i] = need;
        mask |= u32::from(short <= gold) << i;
    }
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        if let Some(card) = CardId::new(ids[i]) {
            push_payments(p, card, needs[i], out);
        }
    }
}

/// Appends every distinct valid payment of the card as a buy action (none
/// for a card the player cannot afford). Gold may replace any colour, also
/// one the player holds, so with more gold in hand than the price forces
/// there are several payments; otherwise exactly one.
#[inline]
fn push_payments(p: &Player, card: CardId, need: u64, out: &mut Vec<Action>) {
    let forced = gold_needed(p, need);
    let gold = u32::from(p.tokens[5]);
    if forced > gold {
        return;
    }
    // The most of each colour the player can pay in tokens of that colour.
    let covered = need.wrapping_sub(sat_sub(need, p.tokens_packed() & GEM_BYTES));
    let base = covered | u64::from(forced) << 40;
    let spare = gold - forced;
    if spare == 0 || covered == 0 {
        out.push(buy(card, base));
        return;
    }
    payments(card, base, covered, spare, out);
}

#[inline(always)]
fn buy(card: CardId, packed: u64) -> Action {
    let b = packed.to_le_bytes();
    Action::Buy {
        card,
        payment: Tokens::new([b[0], b[1], b[2], b[3], b[4], b[5]]),
    }
}

/// With `spare` gold beyond what the price forces, each colour paid partly in
/// tokens may give up some of them for gold. An odometer over the colours
/// paid in tokens: the first colour is the slowest digit, each digit counts
/// the gold used instead of that colour, from 0 up.
fn payments(card: CardId, base: u64, covered: u64, spare: u32, out: &mut Vec<Action>) {
    let c = covered.to_le_bytes();
    let mut colours = [0u32; 5];
    let mut most = [0u32; 5];
    let mut k = 0;
    for (i, &held) in c[..5].iter().enumerate() {
        if held > 0 {
            colours[k] = i as u32;
            most[k] = u32::from(held).min(spare);
            k += 1;
        }
    }
    let mut digits = [0u32; 5];
    let mut used = 0u32;
    let mut pay = base;
    loop {
        out.push(buy(card, pay));
        let mut j = k;
        loop {
            if j == 0 {
                return;
            }
            j -= 1;
            let unit = 1u64 << (8 * colours[j]);
            if digits[j] < most[j] && used < spare {
                digits[j] += 1;
                used += 1;
                pay = pay.wrapping_sub(unit).wrapping_add(1 << 40);
                break;
            }
            let d = u64::from(digits[j]);
            pay = pay.wrapping_add(unit * d).wrapping_sub(d << 40);
            used -= digits[j];
            digits[j] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{pack5, CARD_COUNT};
    use crate::state::NONE;
    use rand::{Rng, SeedableRng};

    /// Every payment by brute force: each colour from 0 to what is owed, the
    /// rest in gold, kept if the player holds it.
    fn brute(p: &Player, card: CardId) -> Vec<[u8; 6]> {
        let owed = need(p, card).to_le_bytes();
        let mut out = Vec::new();
        let combos: u32 = (0..5).map(|i| u32::from(owed[i]) + 1).product();
        for code in 0..combos {
            let mut pay = [0u8; 6];
            let mut x = code;
            let mut ok = true;
            for i in 0..5 {
                let base = u32::from(owed[i]) + 1;
                pay[i] = (x % base) as u8;
                x /= base;
                ok &= pay[i] <= p.tokens[i];
            }
            let gold: u32 = (0..5).map(|i| u32::from(owed[i] - pay[i])).sum();
            if ok && gold <= u32::from(p.tokens[5]) {
                pay[5] = gold as u8;
                out.push(pay);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn every_distinct_payment_is_listed_exactly_once() {
        let mut rng = engine::GameRng::seed_from_u64(11);
        for _ in 0..3_000 {
            let mut p = Player::EMPTY;
            for i in 0..5 {
                p.tokens[i] = rng.random_range(0..5);
                p.bonus[i] = rng.random_range(0..3);
            }
            p.tokens[5] = rng.random_range(0..6);
            let card = CardId::new(rng.random_range(0..CARD_COUNT as u8)).unwrap_or_else(|| unreachable!());
            let mut ids = [NONE; 16];
            ids[rng.random_range(0..15)] = card.get();
            let mut out = Vec::new();
            push_all_buys(&p, &ids, &mut out);
            let mut got: Vec<[u8; 6]> = out
                .iter()
                .map(|a| match a {
                    Action::Buy { payment, .. } => payment.0,
                    _ => unreachable!(),
                })
                .collect();
            got.sort();
            assert_eq!(got, brute(&p, card), "{p:?} card {card}");
            assert_eq!(can_afford(&p, card), !got.is_empty());
        }
    }

    #[test]
    fn saturating_subtraction_per_byte() {
        let a = pack5([3, 0, 7, 2, 1]);
        let b = pack5([1, 2, 7, 5, 0]);
        assert_eq!(sat_sub(a, b), pack5([2, 0, 0, 0, 1]));
        assert_eq!(byte_sum(pack5([2, 0, 3, 0, 1])), 6);
    }
}

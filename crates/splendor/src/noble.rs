//! When a noble visits (seed 002, `splendor.noble.*`).
//!
//! Only the permanent bonuses of purchased development cards count: never gem
//! tokens, gold, reserved cards, prestige points or nobles already received.
//! The check runs at the end of every turn of the player whose turn it is
//! (never in another player's turn); exactly one noble visits per turn, the
//! player's choice when several qualify; a visit cannot be refused. The
//! bonuses are not spent, so they may qualify for another noble in a later
//! turn. The engine applies this in `turn.rs`; this module holds the test
//! itself in its plain form.

use crate::data::NOBLES;
use crate::types::NobleId;

/// Whether card bonuses (white, blue, green, red, black) meet a requirement.
pub fn meets(bonuses: [u8; 5], requires: [u8; 5]) -> bool {
    bonuses.iter().zip(requires.iter()).all(|(have, need)| have >= need)
}

/// Whether card bonuses meet the requirement of a printed noble tile.
pub fn qualifies(bonuses: [u8; 5], noble: NobleId) -> bool {
    meets(bonuses, NOBLES[noble.index()].requires)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Player;

    #[test]
    fn packed_check_agrees_with_the_plain_one() {
        let mut p = Player::EMPTY;
        for code in 0..(6u32.pow(5)) {
            let mut b = [0u8; 5];
            let mut x = code;
            for v in b.iter_mut() {
                *v = (x % 6) as u8;
                x /= 6;
            }
            p.bonus[..5].copy_from_slice(&b);
            let q = p.qualifying((1 << NOBLES.len()) - 1);
            for id in 0..NOBLES.len() as u8 {
                let noble = NobleId::new(id).unwrap_or_else(|| unreachable!());
                assert_eq!(q & noble.bit() != 0, qualifies(b, noble), "bonuses {b:?} noble {id}");
            }
        }
    }
}

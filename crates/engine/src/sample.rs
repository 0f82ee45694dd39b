//! Drawing from small weighted multisets: a card from a deck, a hand or a
//! pool of unseen cards, with each kind as likely as its count.
//!
//! Every game drew these the same way (one uniform number below the total,
//! then a walk over the counts), and the golden playthroughs and seeded
//! benchmarks depend on that exact use of the RNG: one `random_range(0..total)`
//! over `u32` per draw, nothing drawn when the total is 0. Written once here
//! so that a game cannot drift from it by accident.

use crate::GameRng;
use rand::Rng;

/// The index of one unit among `weights` (kind `i` with probability
/// `weights[i] / total`), where `total` is their sum. `None` without touching
/// the RNG when `total` is 0; `None` too if the weights sum to less than
/// `total` and the draw falls past them.
#[inline]
pub fn pick_weighted(weights: impl IntoIterator<Item = u32>, total: u32, rng: &mut GameRng) -> Option<usize> {
    if total == 0 {
        return None;
    }
    let mut x = rng.random_range(0..total);
    for (i, w) in weights.into_iter().enumerate() {
        if x < w {
            return Some(i);
        }
        x -= w;
    }
    None
}

/// Draws one unit from the multiset `counts` (of `remaining` units in all)
/// without replacement: the kind drawn loses one, and so does `remaining`.
#[inline]
pub fn draw_without_replacement<const K: usize>(
    counts: &mut [u32; K],
    remaining: &mut u32,
    rng: &mut GameRng,
) -> Option<usize> {
    let k = pick_weighted(counts.iter().copied(), *remaining, rng)?;
    counts[k] -= 1;
    *remaining -= 1;
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn draws_follow_the_counts_and_use_the_rng_once() {
        let mut rng = GameRng::seed_from_u64(1);
        assert_eq!(pick_weighted([0u32, 0], 0, &mut rng), None);
        // Nothing was drawn above: the same next number as a fresh RNG.
        let mut fresh = GameRng::seed_from_u64(1);
        assert_eq!(rng.random_range(0..10u32), fresh.random_range(0..10u32));
        for _ in 0..100 {
            assert_eq!(pick_weighted([0, 3, 0], 3, &mut rng), Some(1));
        }
        let mut counts = [2u32, 0, 1];
        let mut remaining = 3;
        let mut seen = [0; 3];
        while let Some(k) = draw_without_replacement(&mut counts, &mut remaining, &mut rng) {
            seen[k] += 1;
        }
        assert_eq!((seen, counts, remaining), ([2, 0, 1], [0, 0, 0], 0));
    }
}

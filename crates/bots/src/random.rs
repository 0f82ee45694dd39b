//! The uniformly random player: the baseline every other bot must beat.

use crate::bot::{Bot, Forfeit};
use engine::{Game, GameRng, Seat};
use rand::Rng;

/// Uniform over the legal actions. With `skip_offers` (the default) it
/// leaves out actions that open a domestic trade offer
/// ([`Game::is_offer`]) unless nothing else is legal, as random offers
/// mostly stall a game. It never looks at the state.
#[derive(Clone, Copy, Debug)]
pub struct RandomBot {
    /// Leave out trade offers (see above).
    pub skip_offers: bool,
}

impl Default for RandomBot {
    fn default() -> Self {
        RandomBot { skip_offers: true }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        if self.skip_offers {
            "random".to_string()
        } else {
            "random(offers)".to_string()
        }
    }

    fn choose(
        &mut self,
        _state: &G::State,
        _seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Result<usize, Forfeit> {
        Ok(pick_random::<G>(legal, self.skip_offers, rng))
    }
}

/// A uniformly random index into `legal` (0 for an empty list), optionally
/// leaving out offers unless only offers are legal. Allocation-free.
pub fn pick_random<G: Game>(legal: &[G::Action], skip_offers: bool, rng: &mut GameRng) -> usize {
    if legal.len() <= 1 {
        return 0;
    }
    if skip_offers {
        let plain = legal.iter().filter(|a| !G::is_offer(a)).count();
        if plain > 0 && plain < legal.len() {
            let k = rng.random_range(0..plain);
            return legal
                .iter()
                .enumerate()
                .filter(|(_, a)| !G::is_offer(a))
                .nth(k)
                .map_or(0, |(i, _)| i);
        }
    }
    rng.random_range(0..legal.len())
}

//! The greedy player: the best action by the game's heuristic, one decision
//! at a time, on a state sampled from its own view.

use crate::bot::{Bot, Forfeit};
use crate::heuristic::{BotGame, Heuristic};
use engine::{GameRng, Seat, Viewer};

/// Chooses by [`Heuristic::choose`] on a determinization from its own view
/// (so it cannot use another seat's hand even by accident).
#[derive(Clone, Debug, Default)]
pub struct GreedyBot<G: BotGame> {
    heuristic: G::Heuristic,
}

impl<G: BotGame> GreedyBot<G> {
    /// A greedy bot with the game's default heuristic.
    pub fn new() -> Self {
        GreedyBot {
            heuristic: G::Heuristic::default(),
        }
    }
}

impl<G: BotGame> Bot<G> for GreedyBot<G> {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Result<usize, Forfeit> {
        if legal.len() <= 1 {
            return Ok(0);
        }
        let sampled = G::determinize(state, Viewer::Seat(seat), rng);
        Ok(self.heuristic.choose(&sampled, seat, legal, rng))
    }
}

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
    /// Offer actions chosen in the turn named (`(turn, count)`): a greedy
    /// that makes offers puts one together and submits it (two offer
    /// actions, [`engine::Game::is_offer`]), and then no more that turn, so
    /// an offer nobody takes cannot be made again and again.
    offers: (u32, u8),
}

/// Offer actions a greedy that makes offers chooses per turn: open, submit.
const OFFER_ACTIONS_PER_TURN: u8 = 2;

impl<G: BotGame> GreedyBot<G> {
    /// A greedy bot with the game's default heuristic.
    pub fn new() -> Self {
        GreedyBot {
            heuristic: G::Heuristic::default(),
            offers: (u32::MAX, 0),
        }
    }

    /// A greedy bot that also makes domestic offers where the game's
    /// heuristic knows how ([`Heuristic::making_offers`]).
    pub fn making_offers() -> Self {
        GreedyBot {
            heuristic: G::Heuristic::default().making_offers(),
            offers: (u32::MAX, 0),
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
        let turn = G::turn(state);
        if self.offers.0 != turn {
            self.offers = (turn, 0);
        }
        // Its offer of this turn is made: the offer actions are left out.
        if self.offers.1 >= OFFER_ACTIONS_PER_TURN && legal.iter().any(G::is_offer) {
            let kept: Vec<usize> = (0..legal.len()).filter(|&i| !G::is_offer(&legal[i])).collect();
            if !kept.is_empty() {
                let rest: Vec<G::Action> = kept.iter().map(|&i| legal[i].clone()).collect();
                let i = self.heuristic.choose(&sampled, seat, &rest, rng);
                return Ok(kept.get(i).copied().unwrap_or(kept[0]));
            }
        }
        let i = self.heuristic.choose(&sampled, seat, legal, rng);
        if legal.get(i).is_some_and(G::is_offer) {
            self.offers.1 = self.offers.1.saturating_add(1);
        }
        Ok(i)
    }
}

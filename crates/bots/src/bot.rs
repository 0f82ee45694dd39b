//! The one trait every player implements, and what a refused seat gets.

use engine::{Game, GameRng, Message, Seat};
use serde::{Deserialize, Serialize};

/// A player of game `G`.
///
/// `choose` gets the true state only so that search bots can sample states
/// consistent with the seat's view ([`Game::determinize`] with
/// `Viewer::Seat(seat)`); an implementation must not read it otherwise (see
/// the crate documentation). `legal` is the seat's legal actions, never empty.
pub trait Bot<G: Game>: Send {
    /// A short name for reports, e.g. `mcts(playouts=1000)`.
    fn name(&self) -> String;

    /// The index into `legal` of the action to take, or a forfeit (only
    /// external programs forfeit: illegal answer, malformed JSON, timeout).
    fn choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Result<usize, Forfeit>;

    /// Called once when the game is over (external programs are told the result).
    fn game_over(&mut self, _state: &G::State, _seat: Seat) {}
}

/// A seat that lost the game by breaking the protocol: an illegal action,
/// malformed JSON or no answer within its time budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    /// The rule id: `engine.malformed`, the game's own rule id for an illegal
    /// action, `arena.timeout`, `arena.crashed`.
    pub rule: String,
    /// What happened, in German and English.
    pub message: Message,
}

impl Forfeit {
    /// Builds a forfeit from its rule id and sentences.
    pub fn new(rule: impl Into<String>, de: impl Into<String>, en: impl Into<String>) -> Forfeit {
        Forfeit {
            rule: rule.into(),
            message: Message::new(de, en),
        }
    }
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.rule, self.message.en)
    }
}

impl std::error::Error for Forfeit {}

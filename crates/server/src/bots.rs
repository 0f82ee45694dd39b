//! Bots on server seats. A bot sees exactly what a human in its seat would:
//! the seat's view and its legal actions, never the full state.

use engine::rand::{Rng, SeedableRng};
use engine::{GameRng, Seat};
use serde_json::Value;
use std::sync::Arc;

/// What a bot decides on.
#[derive(Debug, Clone, Copy)]
pub struct Decision<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The bot's seat.
    pub seat: Seat,
    /// The seat's own view of the game.
    pub view: &'a Value,
    /// The seat's legal actions (never empty).
    pub legal: &'a [Value],
    /// The full state, only for bots whose [`SeatBot::needs_state`] is true.
    pub state: Option<&'a Value>,
}

/// A player the server runs for a seat. Object-safe so other crates (random,
/// greedy, MCTS bots) plug in through [`BotRegistry`].
pub trait SeatBot: Send + Sync {
    /// Picks one of `decision.legal` by index; out-of-range answers are
    /// treated as 0.
    fn choose(&self, decision: &Decision<'_>, rng: &mut GameRng) -> usize;

    /// Whether the bot needs the full state: search bots that sample the
    /// hidden information consistently with the seat's view (determinizing)
    /// do. They must use it for nothing else; all others see only the view.
    fn needs_state(&self) -> bool {
        false
    }
}

/// Picks uniformly among the legal actions.
#[derive(Debug, Default, Clone, Copy)]
pub struct RandomBot;

impl SeatBot for RandomBot {
    fn choose(&self, decision: &Decision<'_>, rng: &mut GameRng) -> usize {
        if decision.legal.is_empty() {
            0
        } else {
            rng.random_range(0..decision.legal.len())
        }
    }
}

/// Named bots a table may seat.
#[derive(Clone)]
pub struct BotRegistry {
    bots: Vec<(String, Arc<dyn SeatBot>)>,
    /// The search behind `GET /api/tables/{id}/analysis` and the MCP tool
    /// `analyze` ([`crate::analysis`]); `None`: analysis is not offered.
    analyst: Option<Arc<dyn crate::analysis::Analyst>>,
}

impl std::fmt::Debug for BotRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.bots.iter().map(|(n, _)| n)).finish()
    }
}

impl Default for BotRegistry {
    /// The built-in bots: `random`.
    fn default() -> Self {
        BotRegistry {
            bots: vec![("random".to_string(), Arc::new(RandomBot))],
            analyst: None,
        }
    }
}

impl BotRegistry {
    /// Adds (or replaces) a bot under `name`.
    pub fn with(mut self, name: &str, bot: Arc<dyn SeatBot>) -> Self {
        self.bots.retain(|(n, _)| n != name);
        self.bots.push((name.to_string(), bot));
        self
    }

    /// Offers position analysis through `analyst` ([`crate::analysis`]).
    pub fn with_analyst(mut self, analyst: Arc<dyn crate::analysis::Analyst>) -> Self {
        self.analyst = Some(analyst);
        self
    }

    /// The analysis search, if one was given.
    pub fn analyst(&self) -> Option<Arc<dyn crate::analysis::Analyst>> {
        self.analyst.clone()
    }

    /// The bot named `name`.
    pub fn get(&self, name: &str) -> Option<Arc<dyn SeatBot>> {
        self.bots.iter().find(|(n, _)| n == name).map(|(_, b)| Arc::clone(b))
    }

    /// Every bot's name.
    pub fn names(&self) -> Vec<String> {
        self.bots.iter().map(|(n, _)| n.clone()).collect()
    }
}

/// A fresh RNG for one bot decision (bots need not be reproducible; games are).
pub fn decision_rng() -> GameRng {
    GameRng::seed_from_u64(crate::secret::random_u64().unwrap_or(0x5eed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_bot_stays_in_range() {
        let legal = vec![Value::from(1), Value::from(2), Value::from(3)];
        let mut rng = GameRng::seed_from_u64(1);
        let decision = Decision {
            game: "toy",
            seat: Seat(0),
            view: &Value::Null,
            legal: &legal,
            state: None,
        };
        let mut seen = [false; 3];
        for _ in 0..100 {
            let i = RandomBot.choose(&decision, &mut rng);
            assert!(i < 3);
            seen[i] = true;
        }
        assert_eq!(seen, [true; 3]);
        assert!(!RandomBot.needs_state());
    }

    #[test]
    fn registry_finds_and_replaces_bots() {
        let reg = BotRegistry::default().with("other", Arc::new(RandomBot));
        assert!(reg.get("random").is_some());
        assert!(reg.get("other").is_some());
        assert!(reg.get("nope").is_none());
        assert_eq!(reg.names(), vec!["random".to_string(), "other".to_string()]);
    }
}

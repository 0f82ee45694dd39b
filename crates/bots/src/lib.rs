//! # spielleiter bots
//!
//! Players for every game of spielleiter, generic over the engine contract
//! ([`engine::Game`]) wherever the method is generic:
//!
//! - [`RandomBot`]: uniform over the legal actions (optionally without
//!   domestic trade offers, see [`engine::Game::is_offer`]).
//! - [`GreedyBot`]: one decision at a time by a per-game [`Heuristic`] (the
//!   only per-game code of this crate lives in [`games`]).
//! - [`LookaheadBot`]: the greedy player's best few actions, each played
//!   forward greedily to the end of the turn on a few determinizations;
//!   stronger than greedy at a few dozen times its cost, far below MCTS's.
//! - [`MctsBot`]: information-set Monte Carlo tree search with
//!   determinization from the bot's own view, chance from the contract's
//!   chance outcomes, random or greedy rollouts, root-parallel on all cores.
//! - [`ExternalBot`]: a seat played by another program over JSON lines (see
//!   `docs/bots.md`), so bots in any language can compete.
//!
//! ## Information discipline
//!
//! A bot is handed the true state only because the search needs *a* state to
//! play forward from. Every bot of this crate reads it exclusively through
//! [`engine::Game::determinize`] with its own seat as viewer (which resamples
//! every secret hidden from that seat, depending only on what the seat sees),
//! or through [`engine::Game::view`]. The tests in `tests/it/information.rs`
//! check for every game that a decision does not change when the hidden part
//! of the true state does.

pub mod agent;
pub mod analysis;
pub mod bot;
pub mod driver;
pub mod external;
pub mod games;
pub mod greedy;
pub mod heuristic;
pub mod lookahead;
pub mod mcts;
pub mod random;
pub mod spec;
pub mod tournament;

pub use analysis::{analyze, Analysis};
pub use bot::{Bot, Forfeit};
pub use driver::{play_game, GameRecord, Outcome};
pub use external::{ExternalBot, ExternalOptions};
pub use greedy::GreedyBot;
pub use heuristic::{BotGame, Heuristic};
pub use lookahead::{LookaheadBot, LookaheadConfig};
pub use mcts::{Budget, MctsBot, MctsConfig, RolloutPolicy};
pub use random::RandomBot;
pub use spec::{Allowed, BotSpec, MctsProblem, SpecError};

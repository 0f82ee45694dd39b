//! Options of a game: which rules, which board, the point goal.
//!
//! `rules` names the rule set. Only the base game exists now; Cities & Knights
//! and the heroes module are planned as further variants of [`Rules`] that
//! switch development cards off, raise the goal and add pieces, which is why
//! the goal is a number here and not a constant in the rules.

use crate::board::Board;
use serde::{Deserialize, Serialize};

/// The rule set of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rules {
    /// CATAN – Das Spiel, the base game (`rules/catan.md`).
    #[default]
    Base,
}

/// Which board to play on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardChoice {
    /// A random board drawn from the game's seeded RNG at `new_game`.
    #[default]
    Random,
    /// The rulebook's starting setup for beginners.
    Beginner,
    /// An explicit layout.
    Layout {
        /// The layout.
        board: Board,
    },
}

/// Options of a CATAN game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The rule set.
    #[serde(default)]
    pub rules: Rules,
    /// The board.
    #[serde(default)]
    pub board: BoardChoice,
    /// Points needed to win (10 in the base game).
    #[serde(default = "default_goal")]
    pub victory_points: u8,
    /// Allow games of 2 players (an option, as catanatron offers it; the
    /// rules are unchanged).
    #[serde(default)]
    pub two_players: bool,
}

fn default_goal() -> u8 {
    10
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rules: Rules::Base,
            board: BoardChoice::Random,
            victory_points: default_goal(),
            two_players: false,
        }
    }
}

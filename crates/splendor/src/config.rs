//! The options of a game (none in the base game) and the simulations' turn cap.

use serde::{Deserialize, Serialize};

/// Options of a game. The base game has none; the turn cap of simulations is a
/// simulation setting ([`engine::RandomPolicy::max_turns`]), not a rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {}

/// A turn cap for simulations that almost never cuts a uniformly random game
/// short (see `docs/games/splendor.md`). Not a rule.
pub const DEFAULT_TURN_CAP: u32 = 400;

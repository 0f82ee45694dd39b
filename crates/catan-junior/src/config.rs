//! The options of a game: the edition and the pro variant (the registry's
//! rule sets are presets of these).

use crate::edition::Edition;
use serde::{Deserialize, Serialize};

/// Options of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The edition (`kosmos2015` by default).
    pub edition: Edition,
    /// The pro variant: the captain may also trade with other players who agree.
    pub pro: bool,
    /// House rule `junior.house.offers_per_turn`: at most this many offers to
    /// other players (`open_offer`) per turn in the pro variant. Absent: no
    /// limit, as the rules say. The research envs set it, because without a
    /// bound a learner can open and cancel offers forever and a turn never ends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offers_per_turn: Option<u8>,
}

//! Heroes and squires (`rules/heroes.md`, rule ids `snh.*`): the one module
//! of the fan expansion "Schlachten, Nationen und Helden" on top of Cities &
//! Knights, on when [`crate::Rules::CitiesKnightsHeroes`] is the rule set.
//!
//! State ([`HeroPieces`] inside [`super::CkPlayer`]; [`HeroPlayer`] in JSON
//! and views, left out while unused): the hero flag is a knight bit
//! ([`super::KnightBit::Hero`]), so it moves with the knight
//! (`CkPlayer::move_knight`) and ends when the knight leaves the board
//! (`CkPlayer::clear_knight`); a displaced hero that its owner relocates
//! keeps it through `relocating`. Squires are a bitset over hexes.
//!
//! - [`actions`]: upgrade, recruit, squire moves (checks, legal list, apply);
//! - [`query`]: `attackable_by` and `hero_protection` for a battle system;
//! - [`error`]: [`HeroError`], each refusal with its `snh.*` id, DE/EN.

pub mod actions;
mod error;
pub mod query;
mod validate;

pub use validate::validate;

pub use error::{HeroError, HERO_RULE_IDS};
pub use query::{attackable_by, hero_protection, Attackable, Location, PieceKind, Reason};

use crate::bits::NodeSet;
use crate::topology::HexId;
use serde::{Deserialize, Serialize};

/// Squire pieces per player (`snh.squire.pieces`).
pub const SQUIRES_PER_PLAYER: u8 = 2;

/// A set of hexes (bit = hex id); in JSON a sorted list of hex ids.
///
/// Byte-aligned (`packed`) like [`NodeSet`], so that it pads no player
/// record of Cities & Knights' state (issue 28); read and written by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(C, packed)]
pub struct HexSet(pub u32);

impl HexSet {
    /// The empty set.
    pub const EMPTY: HexSet = HexSet(0);

    /// Whether `h` is in the set.
    #[inline]
    pub const fn contains(self, h: HexId) -> bool {
        (h.0 as usize) < 32 && self.0 & (1 << h.0) != 0
    }

    /// Adds `h`.
    #[inline]
    pub fn insert(&mut self, h: HexId) {
        self.0 |= 1 << h.0;
    }

    /// Removes `h`.
    #[inline]
    pub fn remove(&mut self, h: HexId) {
        self.0 &= !(1u32 << h.0);
    }

    /// Number of hexes.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The hexes, ascending.
    pub fn iter(self) -> impl Iterator<Item = HexId> {
        (0..32u8).filter(move |&i| self.0 & (1 << i) != 0).map(HexId)
    }
}

impl Serialize for HexSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|h| h.0))
    }
}

impl<'de> Deserialize<'de> for HexSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<u8> = Vec::deserialize(d)?;
        let mut out = HexSet::EMPTY;
        for h in v {
            if h as usize >= crate::topology::MAX_HEXES {
                return Err(serde::de::Error::custom(format!("hex {h} does not exist")));
            }
            out.insert(HexId(h));
        }
        Ok(out)
    }
}

/// What the heroes module adds to one player in the state, beside the hero
/// flag, which is a bit of the knight that carries it
/// ([`super::KnightBit::Hero`]), so that it moves and ends with the knight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct HeroPieces {
    /// The hexes of the player's squires on the board (`snh.squire.pieces`).
    pub squires: HexSet,
    /// The knight being relocated after a displacement (phase `relocate` of
    /// this seat) is the hero (`snh.decide.relocated_hero`).
    pub relocating: bool,
}

impl HeroPieces {
    /// Squires in the supply.
    #[inline]
    pub fn squires_left(&self) -> u8 {
        SQUIRES_PER_PLAYER.saturating_sub(self.squires.len() as u8)
    }
}

/// What the heroes module adds to one player as JSON and views show it (all
/// public): the hero flag as a node list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HeroPlayer {
    /// The knight carrying the hero flag (at most one; a subset of the
    /// player's knights) (`snh.hero.marker`).
    #[serde(default, skip_serializing_if = "no_node")]
    pub hero: NodeSet,
    /// The hexes of the player's squires on the board (`snh.squire.pieces`).
    #[serde(default, skip_serializing_if = "no_hex")]
    pub squires: HexSet,
    /// The knight being relocated after a displacement (phase `relocate` of
    /// this seat) is the hero (`snh.decide.relocated_hero`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub relocating: bool,
}

fn no_node(s: &NodeSet) -> bool {
    s.is_empty()
}

fn no_hex(s: &HexSet) -> bool {
    s.is_empty()
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl HeroPlayer {
    /// Whether nothing of the module is in use (then left out of JSON).
    pub fn is_empty(&self) -> bool {
        *self == HeroPlayer::default()
    }

    /// Squires in the supply.
    #[inline]
    pub fn squires_left(&self) -> u8 {
        SQUIRES_PER_PLAYER.saturating_sub(self.squires.len() as u8)
    }
}

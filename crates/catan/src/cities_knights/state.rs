//! The state Cities & Knights adds to a base game: per player the
//! commodities, knights, walls, improvement levels, progress cards and
//! Defender cards; for the table the commodity bank, the barbarian ship, the
//! sleeping robber, the metropolises, the merchant and the progress decks.
//!
//! Knights are bitsets over intersections like the base game's pieces: the
//! knight positions ([`CkPlayer::knights`], which road blocking and Longest
//! Road see through [`crate::State::opponent_pieces`]), their level, status
//! and this turn's history. A knight's data therefore moves
//! with a handful of bit operations, and an invalid combination (a status bit
//! without a knight) is something `validate` reports.

use super::cards::{Commodities, EventFace, Track, TRACK_COUNT};
use super::heroes::HeroPlayer;
use super::progress::{fresh_decks, Deck, ProgressCards};
use crate::bits::{node_count, NodeSet};
use crate::cities_knights::CommodityCounts;
use crate::state::MAX_PLAYERS;
use crate::topology::{HexId, NodeId};
use engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Steps of the barbarian track: on the 7th the ship reaches Catan.
pub const BARBARIAN_STEPS: u8 = 7;
/// Defender of Catan cards in the game.
pub const DEFENDER_CARDS: u8 = 6;
/// Knights per level and player.
pub const KNIGHTS_PER_LEVEL: u8 = 2;
/// City walls per player.
pub const WALL_LIMIT: u8 = 3;
/// Highest improvement level.
pub const MAX_LEVEL: u8 = 5;

/// What Cities & Knights adds to one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CkPlayer {
    /// Commodity cards in hand (secret).
    #[serde(default)]
    pub commodities: Commodities,
    /// Intersections with this player's knights. Here, not in
    /// [`crate::Player`], so that a base game's state pays nothing for them;
    /// in JSON they are the player's `knights` (written and read by `State`).
    #[serde(skip)]
    pub knights: NodeSet,
    /// Knights of level 2 (strong), a subset of the player's knights.
    #[serde(default)]
    pub strong: NodeSet,
    /// Knights of level 3 (mighty), a subset of the player's knights.
    #[serde(default)]
    pub mighty: NodeSet,
    /// Active knights.
    #[serde(default)]
    pub active: NodeSet,
    /// Knights that took their action this turn (`ck.knight.one_action`).
    #[serde(default)]
    pub acted: NodeSet,
    /// Knights activated this turn (`ck.knight.not_this_turn`).
    #[serde(default)]
    pub fresh: NodeSet,
    /// Knights promoted this turn (`ck.knight.promote`: once per turn).
    #[serde(default)]
    pub promoted: NodeSet,
    /// Cities with a wall.
    #[serde(default)]
    pub walls: NodeSet,
    /// Settlements that are a city piece lying on its side: pillaged while no
    /// settlement piece was in the supply (`ck.barbarian.pillage`).
    #[serde(default)]
    pub flat: NodeSet,
    /// Improvement level per track (trade, politics, science).
    #[serde(default)]
    pub levels: [u8; TRACK_COUNT],
    /// Progress cards in hand (secret), victory point cards excluded.
    #[serde(default)]
    pub progress: ProgressCards,
    /// Revealed victory point progress cards (Printer, Constitution).
    #[serde(default)]
    pub vp_cards: ProgressCards,
    /// Defender of Catan cards.
    #[serde(default)]
    pub defenders: u8,
    /// Hero and squires (`rules/heroes.md`); left out of JSON while unused.
    #[serde(default, skip_serializing_if = "HeroPlayer::is_empty")]
    pub heroes: HeroPlayer,
}

impl CkPlayer {
    /// Strength of the knight on `node` (1–3), 0 without one.
    #[inline]
    pub fn strength(&self, knights: NodeSet, node: NodeId) -> u8 {
        if !knights.contains(node) {
            0
        } else if self.mighty.contains(node) {
            3
        } else if self.strong.contains(node) {
            2
        } else {
            1
        }
    }

    /// Knights of a level (1 basic, 2 strong, 3 mighty) on the board.
    #[inline]
    pub fn of_level(&self, knights: NodeSet, level: u8) -> NodeSet {
        match level {
            1 => NodeSet(knights.0 & !self.strong.0 & !self.mighty.0),
            2 => self.strong,
            _ => self.mighty,
        }
    }

    /// Pieces of a level left in the supply (`ck.knight.no_piece_left`).
    #[inline]
    pub fn knights_left(&self, knights: NodeSet, level: u8) -> u8 {
        KNIGHTS_PER_LEVEL.saturating_sub(self.of_level(knights, level).len() as u8)
    }

    /// The player's own defence: the strengths of the active knights
    /// (`ck.barbarian.defence`).
    #[inline]
    pub fn defence(&self, knights: NodeSet) -> u32 {
        let active = knights.0 & self.active.0;
        node_count(active) + node_count(active & self.strong.0) + 2 * node_count(active & self.mighty.0)
    }

    /// Removes every trace of a knight on `node`.
    #[inline]
    pub fn clear_knight(&mut self, node: NodeId) {
        for s in [
            &mut self.strong,
            &mut self.mighty,
            &mut self.active,
            &mut self.acted,
            &mut self.fresh,
            &mut self.promoted,
            &mut self.heroes.hero,
        ] {
            s.remove(node);
        }
    }

    /// Moves a knight's level, status and turn history from `from` to `to`.
    pub fn move_knight(&mut self, from: NodeId, to: NodeId) {
        for s in [
            &mut self.strong,
            &mut self.mighty,
            &mut self.active,
            &mut self.acted,
            &mut self.fresh,
            &mut self.promoted,
            &mut self.heroes.hero,
        ] {
            if s.contains(from) {
                s.remove(from);
                s.insert(to);
            }
        }
    }
}

/// Who holds a metropolis and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Metropolis {
    /// The holder.
    pub seat: Seat,
    /// The city it stands on.
    pub node: NodeId,
}

/// Where the merchant stands and who controls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Merchant {
    /// The controller.
    pub seat: Seat,
    /// The hex.
    pub hex: HexId,
}

/// The table's Cities & Knights state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CkState {
    /// Commodity cards in the bank.
    pub bank: Commodities,
    /// Steps the barbarian ship has gone from its start (0–6).
    #[serde(default)]
    pub barbarians: u8,
    /// Whether the first barbarian attack has woken the robber (`ck.robber.asleep`).
    #[serde(default)]
    pub robber_awake: bool,
    /// Defender of Catan cards still in the box (a point is given without one).
    pub defenders_left: u8,
    /// The metropolis of each track, if taken.
    #[serde(default)]
    pub metropolises: [Option<Metropolis>; TRACK_COUNT],
    /// The merchant, once placed.
    #[serde(default)]
    pub merchant: Option<Merchant>,
    /// The progress decks, by track (contents secret, only sizes public).
    pub decks: [Deck; TRACK_COUNT],
    /// The event die of the last roll.
    #[serde(default)]
    pub last_event: Option<EventFace>,
    /// Permissions of progress cards that last to the end of the turn.
    #[serde(default)]
    pub turn: TurnCards,
    /// Per player, in seat order. In JSON a list by seat; trailing seats
    /// holding nothing (and the seats not at the table) are left out.
    #[serde(default, serialize_with = "ser_players", deserialize_with = "de_players")]
    pub players: [CkPlayer; MAX_PLAYERS],
}

fn ser_players<S: serde::Serializer>(p: &[CkPlayer; MAX_PLAYERS], s: S) -> Result<S::Ok, S::Error> {
    // Knights are written with the base players: a player with nothing but
    // knights is left out here as before.
    let used = p
        .iter()
        .rposition(|c| {
            CkPlayer {
                knights: NodeSet::EMPTY,
                ..*c
            } != CkPlayer::default()
        })
        .map_or(0, |i| i + 1);
    s.collect_seq(p[..used].iter())
}

fn de_players<'de, D: serde::Deserializer<'de>>(d: D) -> Result<[CkPlayer; MAX_PLAYERS], D::Error> {
    let v: Vec<CkPlayer> = Vec::deserialize(d)?;
    if v.len() > MAX_PLAYERS {
        return Err(serde::de::Error::custom(format!(
            "at most {MAX_PLAYERS} players, found {}",
            v.len()
        )));
    }
    let mut out = [CkPlayer::default(); MAX_PLAYERS];
    out[..v.len()].copy_from_slice(&v);
    Ok(out)
}

/// What progress cards played this turn still allow (`ck.progress.resolve_fully`:
/// only Commercial Harbor and Merchant Fleet leave a permission).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnCards {
    /// Commercial Harbor was played (`ck.card.commercial_harbor`).
    #[serde(default)]
    pub harbor: bool,
    /// Opponents already offered a Commercial Harbor exchange.
    #[serde(default)]
    pub harbor_used: SeatSet,
    /// Card kinds (bit = `Card::index`) traded 2:1 by Merchant Fleet.
    #[serde(default)]
    pub fleet: u8,
}

impl CkState {
    /// A new game's material.
    pub fn new() -> CkState {
        CkState {
            bank: Commodities::FULL_BANK,
            barbarians: 0,
            robber_awake: false,
            defenders_left: DEFENDER_CARDS,
            metropolises: [None; TRACK_COUNT],
            merchant: None,
            decks: fresh_decks(),
            last_event: None,
            turn: TurnCards::default(),
            players: [CkPlayer::default(); MAX_PLAYERS],
        }
    }

    /// The metropolis cities of `seat`.
    pub fn metropolis_nodes(&self, seat: Seat) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        for m in self.metropolises.iter().flatten() {
            if m.seat == seat {
                s.insert(m.node);
            }
        }
        s
    }

    /// Every metropolis city.
    pub fn all_metropolis_nodes(&self) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        for m in self.metropolises.iter().flatten() {
            s.insert(m.node);
        }
        s
    }

    /// The points this module adds for `seat` (`ck.win.*` table): 2 per
    /// metropolis, Defender cards, revealed VP cards, the merchant.
    pub fn points(&self, seat: Seat) -> u8 {
        let Some(p) = self.players.get(seat.index()) else {
            return 0;
        };
        let metros = self.metropolises.iter().flatten().filter(|m| m.seat == seat).count() as u8;
        let merchant = u8::from(self.merchant.is_some_and(|m| m.seat == seat));
        2 * metros + p.defenders + p.vp_cards.total() as u8 + merchant
    }
}

impl Default for CkState {
    fn default() -> Self {
        CkState::new()
    }
}

/// What is left of a roll after the choice or draw being waited for; the roll
/// resolves the event die first, then the sum (`ck.turn.event_first`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Tied defenders still to draw a progress card, in seat order from the
    /// active player (`ck.barbarian.defender`).
    Defenders {
        /// Those still to draw.
        pending: SeatSet,
    },
    /// Gate draws still due (`ck.progress.draw`).
    Gate {
        /// The gate's track.
        track: Track,
        /// Those still to draw.
        pending: SeatSet,
    },
    /// Production or the 7.
    Production,
    /// The building and trading part of the turn.
    Main,
}

//! The state Cities & Knights adds to a base game: per player the
//! commodities, knights, walls, improvement levels, progress cards and
//! Defender cards; for the table the commodity bank, the barbarian ship, the
//! sleeping robber, the metropolises, the merchant and the progress decks.
//!
//! Knights are a [`Roster`] per player: at most six records of a node and
//! its [`KnightBit`]s (placed, level, status, this turn's history, hero),
//! because the part is copied by every search clone (issue 28). The node sets
//! the rules combine ([`CkPlayer::knights`], which road blocking and Longest
//! Road see through the layer's `road_blockers`) are built from it on
//! demand. An invalid combination that fits (a status bit without a knight)
//! is something `validate` reports; what does not fit is refused on loading.

use super::cards::{Commodities, EventFace, Track, TRACK_COUNT};
use super::heroes::{HeroPieces, HeroPlayer};
use super::progress::{fresh_decks, Deck, ProgressCards};
pub use super::roster::{KnightBit, KnightRecord, NodeList, Roster, VpCards, FLAT_LIMIT, MAX_KNIGHTS};
use crate::bits::NodeSet;
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
///
/// In JSON the knights' bits are node lists named after them (`strong`,
/// `mighty`, `active`, `acted`, `fresh`, `promoted`, as when each was a node
/// set) and the knights themselves are the player's `knights` (written and
/// read by `State`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(into = "CkPlayerJson", try_from = "CkPlayerJson")]
pub struct CkPlayer {
    /// Commodity cards in hand (secret).
    pub commodities: Commodities,
    /// The knights, their level, status and this turn's history. Here, not
    /// in [`crate::Player`], so that a base game's state pays nothing for
    /// them; road blocking and Longest Road see them through the layer's
    /// `road_blockers` (`CkLayer`).
    pub roster: Roster,
    /// Cities with a wall.
    pub walls: NodeList<{ WALL_LIMIT as usize }>,
    /// Settlements that are a city piece lying on its side: pillaged while no
    /// settlement piece was in the supply (`ck.barbarian.pillage`).
    pub flat: NodeList<FLAT_LIMIT>,
    /// Improvement level per track (trade, politics, science).
    pub levels: [u8; TRACK_COUNT],
    /// Progress cards in hand (secret), victory point cards excluded.
    pub progress: ProgressCards,
    /// Revealed victory point progress cards (Printer, Constitution).
    pub vp_cards: VpCards,
    /// Defender of Catan cards.
    pub defenders: u8,
    /// Squires (`rules/heroes.md`); the hero is a [`KnightBit::Hero`].
    pub heroes: HeroPieces,
}

/// [`CkPlayer`] in JSON: the knights' bits as node lists.
#[derive(Serialize, Deserialize)]
struct CkPlayerJson {
    #[serde(default)]
    commodities: Commodities,
    #[serde(default)]
    strong: NodeSet,
    #[serde(default)]
    mighty: NodeSet,
    #[serde(default)]
    active: NodeSet,
    #[serde(default)]
    acted: NodeSet,
    #[serde(default)]
    fresh: NodeSet,
    #[serde(default)]
    promoted: NodeSet,
    #[serde(default)]
    walls: NodeList<{ WALL_LIMIT as usize }>,
    #[serde(default)]
    flat: NodeList<FLAT_LIMIT>,
    #[serde(default)]
    levels: [u8; TRACK_COUNT],
    #[serde(default)]
    progress: ProgressCards,
    #[serde(default)]
    vp_cards: VpCards,
    #[serde(default)]
    defenders: u8,
    #[serde(default, skip_serializing_if = "HeroPlayer::is_empty")]
    heroes: HeroPlayer,
}

/// The bits written as node lists, in their JSON order.
const LISTED_BITS: [KnightBit; 6] = [
    KnightBit::Strong,
    KnightBit::Mighty,
    KnightBit::Active,
    KnightBit::Acted,
    KnightBit::Fresh,
    KnightBit::Promoted,
];

impl From<CkPlayer> for CkPlayerJson {
    fn from(p: CkPlayer) -> Self {
        let r = p.roster;
        CkPlayerJson {
            commodities: p.commodities,
            strong: r.nodes(KnightBit::Strong),
            mighty: r.nodes(KnightBit::Mighty),
            active: r.nodes(KnightBit::Active),
            acted: r.nodes(KnightBit::Acted),
            fresh: r.nodes(KnightBit::Fresh),
            promoted: r.nodes(KnightBit::Promoted),
            walls: p.walls,
            flat: p.flat,
            levels: p.levels,
            progress: p.progress,
            vp_cards: p.vp_cards,
            defenders: p.defenders,
            heroes: p.hero_view(),
        }
    }
}

impl TryFrom<CkPlayerJson> for CkPlayer {
    type Error = String;
    fn try_from(j: CkPlayerJson) -> Result<Self, String> {
        let mut roster = Roster::default();
        let sets = [j.strong, j.mighty, j.active, j.acted, j.fresh, j.promoted];
        for (bit, set) in LISTED_BITS.into_iter().zip(sets) {
            for node in set.iter() {
                if !roster.try_insert(bit, node) {
                    return Err(format!("knight bits on more than {MAX_KNIGHTS} intersections"));
                }
            }
        }
        for node in j.heroes.hero.iter() {
            if !roster.try_insert(KnightBit::Hero, node) {
                return Err(format!("knight bits on more than {MAX_KNIGHTS} intersections"));
            }
        }
        Ok(CkPlayer {
            commodities: j.commodities,
            roster,
            walls: j.walls,
            flat: j.flat,
            levels: j.levels,
            progress: j.progress,
            vp_cards: j.vp_cards,
            defenders: j.defenders,
            heroes: HeroPieces {
                squires: j.heroes.squires,
                relocating: j.heroes.relocating,
            },
        })
    }
}

impl CkPlayer {
    /// Intersections with this player's knights.
    #[inline]
    pub fn knights(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Placed)
    }
    /// Knights of level 2 (strong).
    #[inline]
    pub fn strong(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Strong)
    }
    /// Knights of level 3 (mighty).
    #[inline]
    pub fn mighty(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Mighty)
    }
    /// Active knights.
    #[inline]
    pub fn active(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Active)
    }
    /// Knights that took their action this turn (`ck.knight.one_action`).
    #[inline]
    pub fn acted(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Acted)
    }
    /// Knights activated this turn (`ck.knight.not_this_turn`).
    #[inline]
    pub fn fresh(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Fresh)
    }
    /// Knights promoted this turn (`ck.knight.promote`: once per turn).
    #[inline]
    pub fn promoted(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Promoted)
    }

    /// The knight carrying the hero flag (at most one).
    #[inline]
    pub fn hero(&self) -> NodeSet {
        self.roster.nodes(KnightBit::Hero)
    }

    /// The heroes module's part as JSON and views show it.
    pub fn hero_view(&self) -> HeroPlayer {
        HeroPlayer {
            hero: self.hero(),
            squires: self.heroes.squires,
            relocating: self.heroes.relocating,
        }
    }

    /// Makes `knights` the player's knights (a loaded state's
    /// `players[i].knights`); an error past [`MAX_KNIGHTS`] records.
    pub fn set_knights(&mut self, knights: NodeSet) -> Result<(), String> {
        self.roster.clear(KnightBit::Placed);
        for node in knights.iter() {
            if !self.roster.try_insert(KnightBit::Placed, node) {
                return Err(format!("more than {MAX_KNIGHTS} knights of one player"));
            }
        }
        Ok(())
    }

    /// Strength of the knight on `node` (1–3), 0 without one.
    #[inline]
    pub fn strength(&self, knights: NodeSet, node: NodeId) -> u8 {
        if !knights.contains(node) {
            return 0;
        }
        let bits = self.roster.bits(node);
        if bits & KnightBit::Mighty as u8 != 0 {
            3
        } else if bits & KnightBit::Strong as u8 != 0 {
            2
        } else {
            1
        }
    }

    /// Strength of this player's knight on `node` (1–3), 0 without one.
    #[inline]
    pub fn level_at(&self, node: NodeId) -> u8 {
        let bits = self.roster.bits(node);
        if bits & KnightBit::Placed as u8 == 0 {
            0
        } else if bits & KnightBit::Mighty as u8 != 0 {
            3
        } else if bits & KnightBit::Strong as u8 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether a record counts as a knight of `level` (1 basic: one of
    /// `knights` neither strong nor mighty; 2 strong; 3 mighty).
    #[inline]
    fn is_of_level(r: KnightRecord, knights: NodeSet, level: u8) -> bool {
        let high = KnightBit::Strong as u8 | KnightBit::Mighty as u8;
        match level {
            1 => r.bits & high == 0 && knights.contains(r.node),
            2 => r.bits & KnightBit::Strong as u8 != 0,
            _ => r.bits & KnightBit::Mighty as u8 != 0,
        }
    }

    /// Knights of a level (1 basic, 2 strong, 3 mighty) on the board.
    #[inline]
    pub fn of_level(&self, knights: NodeSet, level: u8) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        for r in self.roster.iter().filter(|&r| CkPlayer::is_of_level(r, knights, level)) {
            s.insert(r.node);
        }
        s
    }

    /// Pieces of a level left in the supply (`ck.knight.no_piece_left`).
    #[inline]
    pub fn knights_left(&self, knights: NodeSet, level: u8) -> u8 {
        let n = match level {
            2 => self.roster.count_with(KnightBit::Strong as u8) as usize,
            3 => self.roster.count_with(KnightBit::Mighty as u8) as usize,
            _ => self
                .roster
                .iter()
                .filter(|&r| CkPlayer::is_of_level(r, knights, level))
                .count(),
        };
        KNIGHTS_PER_LEVEL.saturating_sub(n as u8)
    }

    /// The player's own defence: the strengths of the active knights
    /// (`ck.barbarian.defence`).
    #[inline]
    pub fn defence(&self, knights: NodeSet) -> u32 {
        let mut sum = 0;
        for r in self.roster.iter() {
            if r.bits & KnightBit::Active as u8 != 0 && knights.contains(r.node) {
                sum += u32::from(self.strength(knights, r.node));
            }
        }
        sum
    }

    /// Removes every trace of a knight on `node` but the knight itself.
    #[inline]
    pub fn clear_knight(&mut self, node: NodeId) {
        let placed = self.roster.bits(node) & KnightBit::Placed as u8;
        self.roster.put(node, placed);
    }

    /// Moves a knight with its level, status and turn history from `from`
    /// to `to` (a record on `to` is replaced).
    pub fn move_knight(&mut self, from: NodeId, to: NodeId) {
        let bits = self.roster.take(from);
        self.roster.put(to, bits);
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
            let mut c = *c;
            c.roster.clear(KnightBit::Placed);
            c != CkPlayer::default()
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

impl CkState {
    /// The knights of every seat of `n` but `seat`: they block and break
    /// that seat's roads.
    #[inline]
    pub fn opponent_knights(&self, seat: usize, n: usize) -> NodeSet {
        let mut s = NodeSet::EMPTY.0;
        for (i, c) in self.players.iter().enumerate().take(n) {
            if i != seat {
                s |= c.knights().0;
            }
        }
        NodeSet(s)
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

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

/// Knight pieces per player: [`KNIGHTS_PER_LEVEL`] of each of the three levels.
pub const MAX_KNIGHTS: usize = 3 * KNIGHTS_PER_LEVEL as usize;
/// City pieces lying on their side at most: one per city piece
/// ([`crate::state::CITY_LIMIT`]).
pub const FLAT_LIMIT: usize = crate::state::CITY_LIMIT as usize;

/// One fact about a knight, a bit of its [`KnightRecord`]. Each was a node
/// set of its own before (issue 28); the names are those sets' names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum KnightBit {
    /// A knight stands here (the player's `knights`). A record without it
    /// only comes from a bad loaded state, which `validate` refuses.
    Placed = 1,
    /// Level 2.
    Strong = 2,
    /// Level 3.
    Mighty = 4,
    /// Active.
    Active = 8,
    /// Took its action this turn (`ck.knight.one_action`).
    Acted = 16,
    /// Activated this turn (`ck.knight.not_this_turn`).
    Fresh = 32,
    /// Promoted this turn (`ck.knight.promote`: once per turn).
    Promoted = 64,
}

/// A knight: its intersection and its [`KnightBit`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnightRecord {
    /// The intersection ([`Roster::FREE`] for an unused slot).
    pub node: NodeId,
    /// The [`KnightBit`]s, or-ed.
    pub bits: u8,
}

/// A player's knights: at most [`MAX_KNIGHTS`] records, sorted by node, the
/// unused slots last. Two bytes a knight instead of seven 16-byte node sets
/// a player (issue 28: C&K's part is copied by every search clone); the
/// sorted order keeps equal positions equal. Lookups scan six bytes pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roster([KnightRecord; MAX_KNIGHTS]);

impl Default for Roster {
    fn default() -> Self {
        Roster([Roster::FREE_SLOT; MAX_KNIGHTS])
    }
}

impl Roster {
    /// The node of an unused slot (past every board's ids).
    pub const FREE: NodeId = NodeId(u8::MAX);
    const FREE_SLOT: KnightRecord = KnightRecord {
        node: Roster::FREE,
        bits: 0,
    };

    /// The records in use, by node.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = KnightRecord> + '_ {
        self.0.iter().copied().take_while(|r| r.node != Roster::FREE)
    }

    /// Records in use.
    #[inline]
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether no record is in use.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0[0].node == Roster::FREE
    }

    /// The bits of the record on `node` (0 without one).
    #[inline]
    pub fn bits(&self, node: NodeId) -> u8 {
        self.iter().find(|r| r.node == node).map_or(0, |r| r.bits)
    }

    /// Whether the record on `node` has `bit`.
    #[inline]
    pub fn has(&self, bit: KnightBit, node: NodeId) -> bool {
        self.bits(node) & bit as u8 != 0
    }

    /// The nodes whose record has `bit`.
    #[inline]
    pub fn nodes(&self, bit: KnightBit) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        for r in self.iter() {
            if r.bits & bit as u8 != 0 {
                s.insert(r.node);
            }
        }
        s
    }

    /// Sets `bit` on `node`; false (and nothing changed) when `node` has no
    /// record and all [`MAX_KNIGHTS`] are in use, or `node` is no id.
    #[inline]
    pub fn try_insert(&mut self, bit: KnightBit, node: NodeId) -> bool {
        self.put(node, self.bits(node) | bit as u8)
    }

    /// Sets `bit` on `node`. The rules place no knight past the pieces, so a
    /// full roster is only reached by a bad position, which loading refuses
    /// ([`Roster::try_insert`]); then nothing changes.
    #[inline]
    pub fn insert(&mut self, bit: KnightBit, node: NodeId) {
        self.try_insert(bit, node);
    }

    /// Clears `bit` on `node`; a record left without bits is dropped.
    #[inline]
    pub fn remove(&mut self, bit: KnightBit, node: NodeId) {
        let bits = self.bits(node) & !(bit as u8);
        self.put(node, bits);
    }

    /// Clears `bit` on every record.
    pub fn clear(&mut self, bit: KnightBit) {
        let before = *self;
        for r in before.iter() {
            self.remove(bit, r.node);
        }
    }

    /// Removes the record on `node` and returns its bits (0 without one).
    #[inline]
    pub fn take(&mut self, node: NodeId) -> u8 {
        let bits = self.bits(node);
        self.put(node, 0);
        bits
    }

    /// Makes `bits` the record of `node` (0 drops it), keeping the order;
    /// false when a new record finds no free slot or `node` is no id.
    pub fn put(&mut self, node: NodeId, bits: u8) -> bool {
        if node == Roster::FREE {
            return false;
        }
        let slots = &mut self.0;
        match slots.iter().position(|r| r.node >= node) {
            Some(i) if slots[i].node == node => {
                if bits == 0 {
                    slots.copy_within(i + 1.., i);
                    slots[MAX_KNIGHTS - 1] = Roster::FREE_SLOT;
                } else {
                    slots[i].bits = bits;
                }
                true
            }
            _ if bits == 0 => true,
            Some(i) if slots[MAX_KNIGHTS - 1].node == Roster::FREE => {
                slots.copy_within(i..MAX_KNIGHTS - 1, i + 1);
                slots[i] = KnightRecord { node, bits };
                true
            }
            _ => false,
        }
    }
}
/// Up to `N` intersections, ascending, the unused slots [`Roster::FREE`]:
/// a player's walls (3) or lying city pieces (4) in `N` bytes instead of a
/// 16-byte node set. In JSON an ascending list of ids like a [`NodeSet`];
/// more than `N`, a repeated or an unknown id is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeList<const N: usize>([NodeId; N]);

impl<const N: usize> Default for NodeList<N> {
    fn default() -> Self {
        NodeList([Roster::FREE; N])
    }
}

impl<const N: usize> NodeList<N> {
    /// The nodes, ascending.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.0.iter().copied().take_while(|&n| n != Roster::FREE)
    }
    /// Whether `node` is in the list.
    #[inline]
    pub fn contains(&self, node: NodeId) -> bool {
        node != Roster::FREE && self.0.contains(&node)
    }
    /// Number of nodes.
    #[inline]
    pub fn len(&self) -> usize {
        self.iter().count()
    }
    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        N == 0 || self.0[0] == Roster::FREE
    }
    /// The nodes as a set.
    #[inline]
    pub fn set(&self) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        for n in self.iter() {
            s.insert(n);
        }
        s
    }
    /// Adds `node`; false (nothing changed) when the list is full. The rules
    /// keep within the pieces, so a full list is only reached by bad input.
    pub fn insert(&mut self, node: NodeId) -> bool {
        if node == Roster::FREE || self.contains(node) {
            return node != Roster::FREE;
        }
        if N == 0 || self.0[N - 1] != Roster::FREE {
            return false;
        }
        let i = self.0.iter().position(|&n| n > node).unwrap_or(N - 1);
        self.0.copy_within(i..N - 1, i + 1);
        self.0[i] = node;
        true
    }
    /// Removes `node`.
    pub fn remove(&mut self, node: NodeId) {
        if let Some(i) = self.0.iter().position(|&n| n == node && n != Roster::FREE) {
            self.0.copy_within(i + 1.., i);
            self.0[N - 1] = Roster::FREE;
        }
    }
}

impl<const N: usize> Serialize for NodeList<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|n| n.0))
    }
}

impl<'de, const N: usize> Deserialize<'de> for NodeList<N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<const N: usize>;
        impl<'de, const N: usize> serde::de::Visitor<'de> for V<N> {
            type Value = NodeList<N>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "at most {N} distinct node ids")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = NodeList::<N>::default();
                while let Some(id) = seq.next_element::<u8>()? {
                    if id as usize >= crate::topology::MAX_NODES {
                        return Err(serde::de::Error::custom(format!(
                            "node id {id} is out of range 0..{}",
                            crate::topology::MAX_NODES
                        )));
                    }
                    if out.contains(NodeId(id)) {
                        return Err(serde::de::Error::custom(format!("node id {id} twice")));
                    }
                    if !out.insert(NodeId(id)) {
                        return Err(serde::de::Error::custom(format!("more than {N} nodes")));
                    }
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V::<N>)
    }
}

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
    /// them; road blocking and Longest Road see them through
    /// [`crate::State::opponent_pieces`].
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
    pub vp_cards: ProgressCards,
    /// Defender of Catan cards.
    pub defenders: u8,
    /// Hero and squires (`rules/heroes.md`); left out of JSON while unused.
    pub heroes: HeroPlayer,
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
    vp_cards: ProgressCards,
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
            heroes: p.heroes,
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
        Ok(CkPlayer {
            commodities: j.commodities,
            roster,
            walls: j.walls,
            flat: j.flat,
            levels: j.levels,
            progress: j.progress,
            vp_cards: j.vp_cards,
            defenders: j.defenders,
            heroes: j.heroes,
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

    /// Knights of a level (1 basic, 2 strong, 3 mighty) on the board.
    #[inline]
    pub fn of_level(&self, knights: NodeSet, level: u8) -> NodeSet {
        match level {
            1 => NodeSet(knights.0 & !self.strong().0 & !self.mighty().0),
            2 => self.strong(),
            _ => self.mighty(),
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
        self.heroes.hero.remove(node);
    }

    /// Moves a knight with its level, status and turn history from `from`
    /// to `to` (a record on `to` is replaced).
    pub fn move_knight(&mut self, from: NodeId, to: NodeId) {
        let bits = self.roster.take(from);
        self.roster.put(to, bits);
        if self.heroes.hero.contains(from) {
            self.heroes.hero.remove(from);
            self.heroes.hero.insert(to);
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

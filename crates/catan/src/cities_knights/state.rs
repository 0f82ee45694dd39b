//! The state Cities & Knights adds to a base game: per player the
//! commodities, knights, walls, improvement levels, progress cards and
//! Defender cards; for the table the commodity bank, the barbarian ship, the
//! sleeping robber, the metropolises, the merchant and the progress decks.
//!
//! Knights are a [`Roster`] per player: at most six records of a node and
//! its [`KnightBit`]s (placed, level, status, this turn's history, hero),
//! because the part is copied by every search clone (issue 28). The node sets
//! the rules combine ([`CkPlayer::knights`], which road blocking and Longest
//! Road see through [`crate::State::opponent_pieces`]) are built from it on
//! demand. An invalid combination that fits (a status bit without a knight)
//! is something `validate` reports; what does not fit is refused on loading.

use super::cards::{Commodities, EventFace, Track, TRACK_COUNT};
use super::heroes::{HeroPieces, HeroPlayer};
use super::progress::{fresh_decks, Deck, ProgressCard, ProgressCards};
use crate::bits::{NodeBits, NodeSet};
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
    /// Carries the hero flag (`snh.hero.marker`); in JSON the player's
    /// `heroes.hero`.
    Hero = 128,
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
/// unused slots last (node [`Roster::FREE`], no bits). Twelve bytes instead
/// of seven 16-byte node sets a player (issue 28: C&K's part is copied by
/// every search clone); the sorted order keeps equal positions equal.
///
/// The node ids are eight bytes (two spare ones always unused) read as one
/// 64-bit word: a lookup finds its node's byte with a few word operations
/// instead of a loop. The bits are six bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roster {
    nodes: [u8; 8],
    bits: [u8; MAX_KNIGHTS],
}

impl Default for Roster {
    fn default() -> Self {
        Roster {
            nodes: [Roster::FREE.0; 8],
            bits: [0; MAX_KNIGHTS],
        }
    }
}

/// Every byte of a word `b`.
const fn bytes(b: u8) -> u64 {
    b as u64 * 0x0101_0101_0101_0101
}

/// 0x80 in each byte of `x` that is zero, 0 in the others.
#[inline]
const fn zero_bytes(x: u64) -> u64 {
    let low = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & low).wrapping_add(low)) | x | low)
}

impl Roster {
    /// The node of an unused slot (past every board's ids).
    pub const FREE: NodeId = NodeId(u8::MAX);

    /// The nodes as a word; the two bytes past the slots read as unused.
    #[inline]
    fn node_word(&self) -> u64 {
        u64::from_le_bytes(self.nodes)
    }

    /// The node of slot `i`.
    #[inline]
    fn node(&self, i: usize) -> NodeId {
        NodeId(self.nodes[i])
    }

    /// The bits as a word; the two bytes past the slots are 0.
    #[inline]
    fn bit_word(&self) -> u64 {
        let b = &self.bits;
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], 0, 0])
    }

    /// The slot of `node`, if it has a record.
    #[inline]
    fn slot(&self, node: NodeId) -> Option<usize> {
        if node == Roster::FREE {
            return None;
        }
        let hit = zero_bytes(self.node_word() ^ bytes(node.0));
        (hit != 0).then(|| (hit.trailing_zeros() / 8) as usize)
    }

    /// The records in use, by node.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = KnightRecord> + '_ {
        self.nodes[..MAX_KNIGHTS]
            .iter()
            .zip(self.bits)
            .take_while(|(&n, _)| n != Roster::FREE.0)
            .map(|(&n, bits)| KnightRecord { node: NodeId(n), bits })
    }

    /// Records in use.
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.iter().filter(|&&n| n != Roster::FREE.0).count()
    }

    /// Whether no record is in use.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.nodes[0] == Roster::FREE.0
    }

    /// Records that have every bit of `mask`.
    #[inline]
    pub fn count_with(&self, mask: u8) -> u32 {
        self.slots_with(mask).count_ones()
    }

    /// The bits of the record on `node` (0 without one).
    #[inline]
    pub fn bits(&self, node: NodeId) -> u8 {
        match self.slot(node) {
            Some(i) if i < MAX_KNIGHTS => self.bits[i],
            _ => 0,
        }
    }

    /// Whether the record on `node` has `bit`.
    #[inline]
    pub fn has(&self, bit: KnightBit, node: NodeId) -> bool {
        self.bits(node) & bit as u8 != 0
    }

    /// The slots whose bits include all of `mask`, as 0x80 per byte.
    #[inline]
    fn slots_with(&self, mask: u8) -> u64 {
        zero_bytes((self.bit_word() & bytes(mask)) ^ bytes(mask)) & !zero_bytes(self.bit_word()) & 0x0000_8080_8080_8080
    }

    /// The nodes whose record has `bit`.
    #[inline]
    pub fn nodes(&self, bit: KnightBit) -> NodeSet {
        let mut s = NodeBits::ZERO;
        let mut m = self.slots_with(bit as u8);
        while m != 0 {
            let i = self.nodes[(m.trailing_zeros() / 8) as usize] as usize;
            if let Some(w) = s.0.get_mut(i / 64) {
                *w |= 1 << (i % 64);
            }
            m &= m - 1;
        }
        NodeSet(s)
    }

    /// The first node whose record has every bit of `mask`.
    #[inline]
    pub fn first_with(&self, mask: u8) -> Option<NodeId> {
        let m = self.slots_with(mask);
        (m != 0).then(|| self.node((m.trailing_zeros() / 8) as usize))
    }

    /// The nodes of the records with `bit`, ascending.
    #[inline]
    pub fn iter_with(&self, bit: KnightBit) -> impl Iterator<Item = NodeId> + '_ {
        self.iter().filter(move |r| r.bits & bit as u8 != 0).map(|r| r.node)
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

    /// Clears `bit` on every record (one pass, the records left without
    /// bits dropped, the order kept).
    pub fn clear(&mut self, bit: KnightBit) {
        self.clear_mask(bit as u8);
    }

    /// Clears the bits of `mask` on every record, as [`Roster::clear`].
    pub fn clear_mask(&mut self, mask: u8) {
        if self.bit_word() & bytes(mask) == 0 {
            return;
        }
        let mut out = Roster::default();
        let mut n = 0;
        for i in 0..MAX_KNIGHTS {
            let bits = self.bits[i] & !mask;
            if bits != 0 {
                out.nodes[n] = self.nodes[i];
                out.bits[n] = bits;
                n += 1;
            }
        }
        *self = out;
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
        let last = MAX_KNIGHTS - 1;
        let node = node.0;
        match self.nodes[..MAX_KNIGHTS].iter().position(|&n| n >= node) {
            Some(i) if self.nodes[i] == node => {
                if bits == 0 {
                    self.nodes.copy_within(i + 1..MAX_KNIGHTS, i);
                    self.bits.copy_within(i + 1.., i);
                    self.nodes[last] = Roster::FREE.0;
                    self.bits[last] = 0;
                } else {
                    self.bits[i] = bits;
                }
                true
            }
            _ if bits == 0 => true,
            Some(i) if self.nodes[last] == Roster::FREE.0 => {
                self.nodes.copy_within(i..last, i + 1);
                self.bits.copy_within(i..last, i + 1);
                self.nodes[i] = node;
                self.bits[i] = bits;
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
        self.0.iter().filter(|&&n| n != Roster::FREE).count()
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

/// A player's revealed victory point progress cards: the two kinds there
/// are (`ck.progress.vp_cards`), two bytes instead of a 25-kind count. In
/// JSON a progress card count as before; any other kind there is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "ProgressCards", try_from = "ProgressCards")]
pub struct VpCards {
    /// Printer cards.
    pub printer: u8,
    /// Constitution cards.
    pub constitution: u8,
}

impl VpCards {
    /// Cards of `card` (0 for every card that gives no point).
    #[inline]
    pub fn get(&self, card: ProgressCard) -> u8 {
        match card {
            ProgressCard::Printer => self.printer,
            ProgressCard::Constitution => self.constitution,
            _ => 0,
        }
    }
    /// Adds a card; a card that gives no point is not revealed and stays out.
    #[inline]
    pub fn add_card(&mut self, card: ProgressCard) {
        match card {
            ProgressCard::Printer => self.printer = self.printer.saturating_add(1),
            ProgressCard::Constitution => self.constitution = self.constitution.saturating_add(1),
            _ => {}
        }
    }
    /// Cards in all.
    #[inline]
    pub fn total(&self) -> u32 {
        u32::from(self.printer) + u32::from(self.constitution)
    }
    /// The cards as a progress card count (views, card totals).
    pub fn cards(&self) -> ProgressCards {
        let mut c = ProgressCards::ZERO;
        c.set(ProgressCard::Printer, self.printer);
        c.set(ProgressCard::Constitution, self.constitution);
        c
    }
}

impl From<VpCards> for ProgressCards {
    fn from(v: VpCards) -> Self {
        v.cards()
    }
}

impl TryFrom<ProgressCards> for VpCards {
    type Error = String;
    fn try_from(c: ProgressCards) -> Result<Self, String> {
        let v = VpCards {
            printer: c.get(ProgressCard::Printer),
            constitution: c.get(ProgressCard::Constitution),
        };
        if c.total() != v.total() {
            return Err("a revealed progress card that is no victory point card".into());
        }
        Ok(v)
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

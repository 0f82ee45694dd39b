//! Compact per-player pieces of Cities & Knights' state (issue 28: the part
//! is copied by every search clone): the knights' [`Roster`], small
//! [`NodeList`]s for walls and lying city pieces, and [`VpCards`]. Each
//! reads and writes JSON exactly as the node sets and counts it replaced.

use super::progress::{ProgressCard, ProgressCards};
use super::state::KNIGHTS_PER_LEVEL;
use crate::bits::{NodeBits, NodeSet};
use crate::topology::NodeId;
use serde::{Deserialize, Serialize};

/// Knight pieces per player: two of each of the three levels.
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

//! Bitsets over nodes and edges: the fast form of "which intersections /
//! paths does this player hold". In JSON they read as ascending lists of ids.
//!
//! A set is an array of 64-bit words, as many as the largest board needs
//! ([`NODE_WORDS`], [`EDGE_WORDS`], from [`MAX_NODES`] and [`MAX_EDGES`] in
//! `topology.rs`): a bigger board (Seafarers) raises those two constants and
//! nothing here changes. Ids are `u8`, so the bound is 256 nodes and 256
//! edges per board; Seafarers' largest frames stay below it. Today's largest
//! board (5–6 players: 80 nodes, 109 edges) takes two words each, the size and
//! the code of the `u128` sets before.

use crate::topology::{EdgeId, NodeId, MAX_EDGES, MAX_NODES};
use serde::{Deserialize, Serialize};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// Words of a node set: enough for every node of the largest board.
pub const NODE_WORDS: usize = MAX_NODES.div_ceil(64);
/// Words of an edge set: enough for every edge of the largest board.
pub const EDGE_WORDS: usize = MAX_EDGES.div_ceil(64);

/// `W` words of bits, bit `i` in word `i / 64`. The raw form behind
/// [`NodeSet`] and [`EdgeSet`], for the rules that combine sets with `&`,
/// `|` and `!` (a road network's nodes, a knight's reach).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// The raw bits of a [`NodeSet`].
pub type NodeBits = Bits<NODE_WORDS>;
/// The raw bits of an [`EdgeSet`].
pub type EdgeBits = Bits<EDGE_WORDS>;

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const W: usize> Bits<W> {
    /// No bit set.
    pub const ZERO: Self = Bits([0; W]);

    /// Only bit `i`; no bit for an `i` past the words.
    #[inline]
    pub const fn bit(i: usize) -> Self {
        let mut w = [0; W];
        if i < W * 64 {
            w[i / 64] = 1 << (i % 64);
        }
        Bits(w)
    }

    /// The bits 0..128 of `x` (those past the words dropped): the raw form
    /// tests and tools write sets in.
    #[inline]
    pub const fn from_u128(x: u128) -> Self {
        let mut w = [0; W];
        let mut i = 0;
        while i < W && i < 2 {
            w[i] = (x >> (64 * i)) as u64;
            i += 1;
        }
        Bits(w)
    }

    /// Whether bit `i` is set (never past the words).
    #[inline]
    pub const fn has(self, i: usize) -> bool {
        i < W * 64 && self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether no bit is set.
    #[inline]
    pub const fn is_zero(self) -> bool {
        // One test of all words ORed, not a branch per word.
        let mut all = 0;
        let mut i = 0;
        while i < W {
            all |= self.0[i];
            i += 1;
        }
        all == 0
    }

    /// Whether any bit is set.
    #[inline]
    pub const fn any(self) -> bool {
        !self.is_zero()
    }

    /// Number of bits set, every word counted (no branch to mispredict: an
    /// edge set of the base board reaches into its upper word).
    #[inline]
    pub const fn count_ones(self) -> u32 {
        let mut n = 0;
        let mut i = 0;
        while i < W {
            n += self.0[i].count_ones();
            i += 1;
        }
        n
    }

    /// Number of bits set, empty words past the first skipped: without a
    /// hardware `popcnt` (the default target) each word costs a software
    /// count, and a node set of the base board (nodes below 54) never fills
    /// its upper word. The first word is counted without a test, which would
    /// be as hard to predict as the set is to guess.
    #[inline]
    pub const fn count_sparse(self) -> u32 {
        if W == 0 {
            return 0;
        }
        let mut n = self.0[0].count_ones();
        let mut i = 1;
        while i < W {
            if self.0[i] != 0 {
                n += self.0[i].count_ones();
            }
            i += 1;
        }
        n
    }

    /// The lowest set bit, if any.
    #[inline]
    pub const fn first(self) -> Option<usize> {
        let mut i = 0;
        while i < W {
            if self.0[i] != 0 {
                return Some(i * 64 + self.0[i].trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    /// Only the lowest set bit (no bit when empty).
    #[inline]
    pub const fn lowest(self) -> Self {
        match self.first() {
            Some(i) => Self::bit(i),
            None => Self::ZERO,
        }
    }

    /// The set bits in ascending order, one word after the other: a step is
    /// one 64-bit test, bit scan and clear.
    #[inline]
    pub fn ones(self) -> impl Iterator<Item = usize> {
        let words = self.0;
        let mut at = 0;
        let mut cur = if W > 0 { words[0] } else { 0 };
        std::iter::from_fn(move || loop {
            if cur != 0 {
                let i = cur.trailing_zeros() as usize;
                cur &= cur - 1;
                return Some(at * 64 + i);
            }
            at += 1;
            if at >= W {
                return None;
            }
            cur = words[at];
        })
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, rhs: Self) -> Self {
        self &= rhs;
        self
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, rhs: Self) -> Self {
        self |= rhs;
        self
    }
}

impl<const W: usize> BitXor for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitxor(mut self, rhs: Self) -> Self {
        for i in 0..W {
            self.0[i] ^= rhs.0[i];
        }
        self
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for i in 0..W {
            self.0[i] = !self.0[i];
        }
        self
    }
}

impl<const W: usize> BitAndAssign for Bits<W> {
    #[inline]
    fn bitand_assign(&mut self, rhs: Self) {
        for i in 0..W {
            self.0[i] &= rhs.0[i];
        }
    }
}

impl<const W: usize> BitOrAssign for Bits<W> {
    #[inline]
    fn bitor_assign(&mut self, rhs: Self) {
        for i in 0..W {
            self.0[i] |= rhs.0[i];
        }
    }
}

/// Number of nodes in a node bitset (see [`Bits::count_sparse`]).
#[inline]
pub const fn node_count(bits: NodeBits) -> u32 {
    bits.count_sparse()
}

/// A set of intersections.
///
/// Byte-aligned (`packed`): 64-bit words would align every player record and
/// every state holding one to 8 bytes, and the padding of six players'
/// records is bytes of each state cloned by a search. The set is always
/// read and written by value (`.0`), never by reference, which is all a
/// packed field allows; x86-64 and AArch64 load it unaligned at no cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
#[repr(C, packed)]
pub struct NodeSet(pub NodeBits);

/// A set of paths (byte-aligned like [`NodeSet`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
#[repr(C, packed)]
pub struct EdgeSet(pub EdgeBits);

impl NodeSet {
    /// Adds every member of `bits` (`|=` on the field would borrow a packed
    /// field).
    #[inline]
    pub fn union_with(&mut self, bits: NodeBits) {
        let mut b = self.0;
        b |= bits;
        self.0 = b;
    }

    /// No node.
    pub const EMPTY: NodeSet = NodeSet(Bits::ZERO);

    /// Whether `n` is in the set.
    #[inline]
    pub const fn contains(self, n: NodeId) -> bool {
        let bits = self.0;
        bits.has(n.index())
    }
    /// Adds `n` (nothing for an id past the largest board).
    #[inline]
    pub fn insert(&mut self, n: NodeId) {
        let mut bits = self.0;
        bits |= Bits::bit(n.index());
        self.0 = bits;
    }
    /// Removes `n`.
    #[inline]
    pub fn remove(&mut self, n: NodeId) {
        let mut bits = self.0;
        bits &= !Bits::bit(n.index());
        self.0 = bits;
    }
    /// Number of nodes in the set.
    #[inline]
    pub const fn len(self) -> usize {
        let bits = self.0;
        bits.count_sparse() as usize
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        let bits = self.0;
        bits.is_zero()
    }
    /// The nodes in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = NodeId> {
        let bits = self.0;
        bits.ones().map(|i| NodeId(i as u8))
    }
}

/// Whether `bits` has exactly two bits set: a road's degree at a node (at
/// most three edges meet) without a population count, which the default
/// target (no hardware `popcnt`) computes in software.
#[inline]
pub const fn exactly_two(bits: EdgeBits) -> bool {
    // Per word: one, two and three or more bits, without a branch.
    let mut n = 0;
    let mut i = 0;
    while i < EDGE_WORDS {
        let w = bits.0[i];
        let one = w & w.wrapping_sub(1);
        let two = one & one.wrapping_sub(1);
        n += (w != 0) as u32 + (one != 0) as u32 + (two != 0) as u32;
        i += 1;
    }
    n == 2
}

impl EdgeSet {
    /// Adds every member of `bits` (`|=` on the field would borrow a packed
    /// field).
    #[inline]
    pub fn union_with(&mut self, bits: EdgeBits) {
        let mut b = self.0;
        b |= bits;
        self.0 = b;
    }

    /// No edge.
    pub const EMPTY: EdgeSet = EdgeSet(Bits::ZERO);

    /// Whether `e` is in the set.
    #[inline]
    pub const fn contains(self, e: EdgeId) -> bool {
        let bits = self.0;
        bits.has(e.index())
    }
    /// Adds `e` (nothing for an id past the largest board).
    #[inline]
    pub fn insert(&mut self, e: EdgeId) {
        let mut bits = self.0;
        bits |= Bits::bit(e.index());
        self.0 = bits;
    }
    /// Removes `e`.
    #[inline]
    pub fn remove(&mut self, e: EdgeId) {
        let mut bits = self.0;
        bits &= !Bits::bit(e.index());
        self.0 = bits;
    }
    /// Number of edges in the set.
    #[inline]
    pub const fn len(self) -> usize {
        let bits = self.0;
        bits.count_ones() as usize
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        let bits = self.0;
        bits.is_zero()
    }
    /// The edges in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = EdgeId> {
        let bits = self.0;
        bits.ones().map(|i| EdgeId(i as u8))
    }
}
impl From<NodeSet> for Vec<u8> {
    fn from(s: NodeSet) -> Vec<u8> {
        s.iter().map(|n| n.0).collect()
    }
}

impl TryFrom<Vec<u8>> for NodeSet {
    type Error = String;
    fn try_from(v: Vec<u8>) -> Result<Self, String> {
        let mut s = NodeSet::EMPTY;
        for id in v {
            if id as usize >= MAX_NODES {
                return Err(format!("node id {id} is out of range 0..{MAX_NODES}"));
            }
            s.insert(NodeId(id));
        }
        Ok(s)
    }
}

impl From<EdgeSet> for Vec<u8> {
    fn from(s: EdgeSet) -> Vec<u8> {
        s.iter().map(|e| e.0).collect()
    }
}

impl TryFrom<Vec<u8>> for EdgeSet {
    type Error = String;
    fn try_from(v: Vec<u8>) -> Result<Self, String> {
        let mut s = EdgeSet::EMPTY;
        for id in v {
            if id as usize >= MAX_EDGES {
                return Err(format!("edge id {id} is out of range 0..{MAX_EDGES}"));
            }
            s.insert(EdgeId(id));
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_read_as_id_lists() {
        let mut s = NodeSet::EMPTY;
        s.insert(NodeId(3));
        s.insert(NodeId(53));
        assert_eq!(serde_json::to_string(&s).unwrap(), "[3,53]");
        let back: NodeSet = serde_json::from_str("[53,3]").unwrap();
        assert_eq!(back, s);
        assert!(serde_json::from_str::<NodeSet>("[80]").is_err());
        assert!(serde_json::from_str::<EdgeSet>("[109]").is_err());
        let e: EdgeSet = serde_json::from_str("[0,71]").unwrap();
        assert_eq!(e.iter().map(|x| x.0).collect::<Vec<_>>(), vec![0, 71]);
    }
}

//! Bitsets over nodes and edges (`u128`; the largest board uses 80 nodes and
//! 109 edges): the fast
//! form of "which intersections / paths does this player hold". In JSON they
//! read as ascending lists of ids.

use crate::topology::{EdgeId, NodeId, MAX_EDGES, MAX_NODES};
use serde::{Deserialize, Serialize};

/// Number of nodes in a node bitset. Nodes past 63 exist on the 5–6 board
/// only, so the upper half is skipped when empty: without a hardware
/// `popcnt` (the default target) each half costs a software count, and a
/// base game pays for one, as it did with 64-bit sets.
#[inline]
pub const fn node_count(bits: u128) -> u32 {
    let hi = (bits >> 64) as u64;
    let lo = (bits as u64).count_ones();
    if hi == 0 {
        lo
    } else {
        lo + hi.count_ones()
    }
}

/// A set of intersections.
///
/// Byte-aligned (`packed`): a `u128` would align every player record and
/// every state holding one to 16 bytes, and the padding of six players'
/// records was 66 bytes of each state cloned by a search. The set is always
/// read and written by value (`.0`), never by reference, which is all a
/// packed field allows; x86-64 and AArch64 load it unaligned at no cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
#[repr(C, packed)]
pub struct NodeSet(pub u128);

/// A set of paths (byte-aligned like [`NodeSet`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
#[repr(C, packed)]
pub struct EdgeSet(pub u128);

impl NodeSet {
    /// No node.
    pub const EMPTY: NodeSet = NodeSet(0);

    /// Whether `n` is in the set.
    #[inline]
    pub const fn contains(self, n: NodeId) -> bool {
        // One 64-bit half at a time: cheaper than a 128-bit shift.
        let word = if n.0 < 64 {
            self.0 as u64
        } else if n.0 < 128 {
            (self.0 >> 64) as u64
        } else {
            0
        };
        word & (1u64 << (n.0 & 63)) != 0
    }
    /// Adds `n`.
    #[inline]
    pub fn insert(&mut self, n: NodeId) {
        self.0 |= 1u128 << (n.0 & 127);
    }
    /// Removes `n`.
    #[inline]
    pub fn remove(&mut self, n: NodeId) {
        self.0 &= !(1u128 << (n.0 & 127));
    }
    /// Number of nodes in the set.
    #[inline]
    pub const fn len(self) -> usize {
        node_count(self.0) as usize
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The nodes in ascending order.
    ///
    /// Walks the two 64-bit halves one after the other: a step is then one
    /// 64-bit test, bit scan and clear, where a 128-bit step costs about
    /// twice that, and a base board (nodes below 54) never reaches the
    /// upper half.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = NodeId> {
        let mut lo = self.0 as u64;
        let mut hi = (self.0 >> 64) as u64;
        std::iter::from_fn(move || {
            if lo != 0 {
                let i = lo.trailing_zeros();
                lo &= lo - 1;
                Some(NodeId(i as u8))
            } else if hi != 0 {
                let i = hi.trailing_zeros();
                hi &= hi - 1;
                Some(NodeId(64 + i as u8))
            } else {
                None
            }
        })
    }
}

/// Whether `bits` has exactly two bits set: a road's degree at a node (at
/// most three edges meet) without a 128-bit population count, which the
/// default target (no hardware `popcnt`) computes in software, half by half.
#[inline]
pub const fn exactly_two(bits: u128) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

impl EdgeSet {
    /// No edge.
    pub const EMPTY: EdgeSet = EdgeSet(0);

    /// Whether `e` is in the set.
    #[inline]
    pub const fn contains(self, e: EdgeId) -> bool {
        e.0 < 128 && self.0 & (1u128 << e.0) != 0
    }
    /// Adds `e`.
    #[inline]
    pub fn insert(&mut self, e: EdgeId) {
        self.0 |= 1u128 << (e.0 & 127);
    }
    /// Number of edges in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The edges in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = EdgeId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(EdgeId(i as u8))
            }
        })
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

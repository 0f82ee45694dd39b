//! Bitsets over nodes (`u64`, 54 used) and edges (`u128`, 72 used): the fast
//! form of "which intersections / paths does this player hold". In JSON they
//! read as ascending lists of ids.

use crate::topology::{EdgeId, NodeId, EDGE_COUNT, NODE_COUNT};
use serde::{Deserialize, Serialize};

/// A set of intersections.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
pub struct NodeSet(pub u64);

/// A set of paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
pub struct EdgeSet(pub u128);

impl NodeSet {
    /// No node.
    pub const EMPTY: NodeSet = NodeSet(0);

    /// Whether `n` is in the set.
    #[inline]
    pub const fn contains(self, n: NodeId) -> bool {
        n.0 < 64 && self.0 & (1u64 << n.0) != 0
    }
    /// Adds `n`.
    #[inline]
    pub fn insert(&mut self, n: NodeId) {
        self.0 |= 1u64 << (n.0 & 63);
    }
    /// Removes `n`.
    #[inline]
    pub fn remove(&mut self, n: NodeId) {
        self.0 &= !(1u64 << (n.0 & 63));
    }
    /// Number of nodes in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The nodes in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = NodeId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(NodeId(i as u8))
            }
        })
    }
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
            if id as usize >= NODE_COUNT {
                return Err(format!("node id {id} is out of range 0..{NODE_COUNT}"));
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
            if id as usize >= EDGE_COUNT {
                return Err(format!("edge id {id} is out of range 0..{EDGE_COUNT}"));
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
        assert!(serde_json::from_str::<NodeSet>("[54]").is_err());
        assert!(serde_json::from_str::<EdgeSet>("[72]").is_err());
        let e: EdgeSet = serde_json::from_str("[0,71]").unwrap();
        assert_eq!(e.iter().map(|x| x.0).collect::<Vec<_>>(), vec![0, 71]);
    }
}

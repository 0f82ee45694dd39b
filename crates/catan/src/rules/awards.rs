//! Special cards: Longest Road (`catan.award.longest_road`) and Largest Army
//! (`catan.award.largest_army`, seed 000).
//!
//! Road lengths are cached per player and recomputed only when roads or
//! buildings change: the builder's own after a road, the opponents' whose roads
//! run through a new settlement after a settlement.

use super::layer::Layer;
use crate::action::Event;
use crate::bits::{exactly_two, Bits, EdgeBits, EdgeSet, NodeBits, NodeSet};
use crate::state::BaseState;
use crate::topology::{NodeId, Topology};
use crate::BaseEvent;
use engine::{EventSink, Seat};

/// Edges needed for Longest Road.
pub const LONGEST_ROAD_MIN: u8 = 5;
/// Played knights needed for Largest Army.
pub const LARGEST_ARMY_MIN: u8 = 3;

/// The longest single path of `roads` (each edge used once) that does not pass
/// through a node of `blocked` (it may end there).
pub fn road_length(t: &Topology, roads: EdgeSet, blocked: NodeSet) -> u8 {
    // More roads than a player owns cannot occur in a consistent state (validate
    // reports it); walking them could take exponential time, so don't.
    // The count once: a 128-bit population count is two software counts on
    // the default target (no hardware `popcnt`).
    let total = roads.len();
    if total == 0 || total > crate::state::ROAD_LIMIT as usize {
        return 0;
    }
    let mut nodes = NodeBits::ZERO;
    for e in roads.iter() {
        nodes |= t.edge_node_set[e.index()].0;
    }
    // A longest trail can always start at a node where the road forks or ends
    // (own degree 1 or 3) or at another player's building; only a component
    // that is a plain unbroken ring has no such node, and any of its nodes will do.
    let mut starts = nodes & blocked.0;
    for n in NodeSet(nodes).iter() {
        if !exactly_two(t.node_edges[n.index()].0 & roads.0) {
            starts |= Bits::bit(n.index());
        }
    }
    let mut left = roads.0;
    while let Some(first) = left.first() {
        let (comp, comp_nodes) = component(t, first, roads.0);
        left &= !comp;
        if (comp_nodes & starts).is_zero() {
            starts |= comp_nodes.lowest();
        }
    }
    let mut best = 0;
    for start in NodeSet(starts).iter() {
        best = best.max(walk(t, start, roads.0, EdgeBits::ZERO, blocked, true));
        if best as usize == total {
            break;
        }
    }
    best
}

/// The connected group of `roads` containing edge `first`: its edges and nodes.
fn component(t: &Topology, first: usize, roads: EdgeBits) -> (EdgeBits, NodeBits) {
    let mut comp = EdgeBits::bit(first);
    let mut nodes = t.edge_node_set[first].0;
    loop {
        let mut grown = comp;
        for n in NodeSet(nodes).iter() {
            grown |= t.node_edges[n.index()].0 & roads;
        }
        if grown == comp {
            return (comp, nodes);
        }
        comp = grown;
        for e in EdgeSet(comp).iter() {
            nodes |= t.edge_node_set[e.index()].0;
        }
    }
}

fn walk(t: &Topology, node: NodeId, roads: EdgeBits, used: EdgeBits, blocked: NodeSet, start: bool) -> u8 {
    if !start && blocked.contains(node) {
        return 0;
    }
    let cand = t.node_edges[node.index()].0 & roads & !used;
    let mut best = 0;
    // Word by word, a step is one 64-bit test, bit scan and clear.
    for word in 0..cand.0.len() {
        let mut bits = cand.0[word];
        while bits != 0 {
            let e = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let [a, b] = t.edge_nodes[e];
            let other = if a == node { b } else { a };
            let mut used = used;
            used.0[word] |= 1 << (e % 64);
            let len = 1 + walk(t, other, roads, used, blocked, false);
            best = best.max(len);
        }
    }
    best
}

/// Recomputes the road length of `seat`.
#[inline]
pub fn refresh_road<L: Layer>(layer: L, state: &mut BaseState, seat: Seat) {
    let blocked = layer.road_blockers(state, seat.index());
    // The board's field, not `state.topology()`: the topology is borrowed
    // from the board, which the players' fields do not overlap.
    let t = state.board.topology();
    if let Some(p) = state.players.get_mut(seat.index()) {
        p.road_length = road_length(t, p.roads, blocked);
    }
}

/// Recomputes every seat's road length.
pub fn refresh_all_roads<L: Layer>(layer: L, state: &mut BaseState) {
    for i in 0..state.n() {
        refresh_road(layer, state, Seat(i as u8));
    }
}

/// After `builder` built on `node`: recomputes the roads of opponents that
/// run through it. Returns whether any length changed.
pub fn refresh_broken<L: Layer>(layer: L, state: &mut BaseState, node: NodeId, builder: Seat) -> bool {
    let edges = state.topology().node_edges[node.index()].0;
    let mut changed = false;
    for i in 0..state.n() {
        if i == builder.index() {
            continue;
        }
        let roads = state.players[i].roads.0;
        // A road can only be broken if two of its edges meet at the node.
        if (roads & edges).count_ones() >= 2 {
            let before = state.players[i].road_length;
            refresh_road(layer, state, Seat(i as u8));
            changed |= state.players[i].road_length != before;
        }
    }
    changed
}

/// Re-awards Longest Road after a change of road lengths.
/// `holder_before` is the holder's length before the change.
pub fn update_longest_road<S: EventSink<Event>>(state: &mut BaseState, holder_before: u8, events: &mut S) {
    let n = state.n();
    let mut max = 0u8;
    let mut max_count = 0;
    let mut max_seat = Seat(0);
    for i in 0..n {
        let l = state.players[i].road_length;
        if l > max {
            max = l;
            max_count = 1;
            max_seat = Seat(i as u8);
        } else if l == max {
            max_count += 1;
        }
    }
    let alone = max >= LONGEST_ROAD_MIN && max_count == 1;
    let new_holder = match state.longest_road {
        None => {
            if alone {
                Some(max_seat)
            } else {
                None
            }
        }
        Some(h) => {
            let hl = state.players.get(h.index()).map_or(0, |p| p.road_length);
            if hl < holder_before {
                // Broken: the holder keeps it only when still alone in front.
                if alone {
                    Some(max_seat)
                } else {
                    None
                }
            } else if max > hl && alone {
                Some(max_seat)
            } else {
                Some(h)
            }
        }
    };
    if new_holder != state.longest_road {
        state.longest_road = new_holder;
        events.push(Event::Base(BaseEvent::LongestRoad { holder: new_holder }));
    }
}

/// The holder's current road length (0 without a holder).
#[inline]
pub fn holder_length(state: &BaseState) -> u8 {
    state
        .longest_road
        .and_then(|h| state.players.get(h.index()))
        .map_or(0, |p| p.road_length)
}

/// Largest Army after `seat` played a knight (seed 000): the first to 3 played
/// knights takes it; afterwards only strictly more than the holder has now.
pub fn update_largest_army<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, events: &mut S) {
    let k = state.players[seat.index()].knights();
    let takes = match state.largest_army {
        None => k >= LARGEST_ARMY_MIN,
        Some(h) if h == seat => false,
        Some(h) => k > state.players.get(h.index()).map_or(0, |p| p.knights()),
    };
    if takes {
        state.largest_army = Some(seat);
        events.push(Event::Base(BaseEvent::LargestArmy { holder: Some(seat) }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(nodes: &[u8]) -> EdgeSet {
        let t = crate::topology::Shape::Base.topology();
        let mut s = EdgeSet::EMPTY;
        for w in nodes.windows(2) {
            s.insert(t.edge_between(NodeId(w[0]), NodeId(w[1])).unwrap());
        }
        s
    }

    #[test]
    fn a_straight_road_counts_its_edges() {
        let t = crate::topology::Shape::Base.topology();
        // Walk along the top of hexes 0 and 1: nodes around hex 0.
        let h = t.hex_nodes[0];
        let ids: Vec<u8> = h.iter().map(|n| n.0).collect();
        let roads = path(&ids);
        assert_eq!(roads.len(), 5);
        assert_eq!(road_length(t, roads, NodeSet::EMPTY), 5);
        // A ring of 6 counts 6.
        let mut ring = roads;
        ring.insert(t.edge_between(h[5], h[0]).unwrap());
        assert_eq!(road_length(t, ring, NodeSet::EMPTY), 6);
    }

    #[test]
    fn a_building_in_the_middle_breaks_the_road() {
        let t = crate::topology::Shape::Base.topology();
        let h = t.hex_nodes[0];
        let ids: Vec<u8> = h.iter().map(|n| n.0).collect();
        let roads = path(&ids);
        let mut blocked = NodeSet::EMPTY;
        blocked.insert(h[2]);
        assert_eq!(road_length(t, roads, blocked), 3);
    }

    #[test]
    fn a_fork_counts_the_longest_branch() {
        let t = crate::topology::Shape::Base.topology();
        // Node with three edges: branches of 1 each, plus extend one branch.
        let n = (0..54).find(|&n| t.node_neighbors[n].len() == 3).unwrap();
        let nb: Vec<NodeId> = t.node_neighbors[n].iter().collect();
        let mut roads = EdgeSet::EMPTY;
        for &m in &nb {
            roads.insert(t.edge_between(NodeId(n as u8), m).unwrap());
        }
        assert_eq!(road_length(t, roads, NodeSet::EMPTY), 2);
    }

    /// The pruned start set gives the same length as walking from every node.
    #[test]
    fn pruned_starts_match_walking_from_every_node() {
        use rand::{Rng, SeedableRng};
        let t = crate::topology::Shape::Base.topology();
        let mut rng = engine::GameRng::seed_from_u64(3);
        for _ in 0..3000 {
            let mut roads = EdgeSet::EMPTY;
            let k = rng.random_range(1..=15);
            roads.insert(crate::topology::EdgeId(rng.random_range(0..72)));
            while roads.len() < k {
                // Mostly grow along the network, sometimes start elsewhere.
                let e = crate::topology::EdgeId(rng.random_range(0..72));
                let touches = (t.edge_node_set[e.index()].0 & crate::rules::build::road_nodes(t, roads).0).any();
                if touches || rng.random_range(0..8) == 0 {
                    roads.insert(e);
                }
            }
            let mut blocked = NodeSet::EMPTY;
            for _ in 0..rng.random_range(0..4) {
                blocked.insert(NodeId(rng.random_range(0..54)));
            }
            let mut brute = 0;
            for n in 0..54u8 {
                if (t.node_edges[n as usize].0 & roads.0).any() {
                    brute = brute.max(walk(t, NodeId(n), roads.0, EdgeBits::ZERO, blocked, true));
                }
            }
            assert_eq!(road_length(t, roads, blocked), brute, "{roads:?} {blocked:?}");
        }
    }
}

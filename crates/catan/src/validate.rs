//! Consistency of a state: what a position loaded from JSON must satisfy, and
//! the invariants the conformance suite checks after every step. Every problem
//! is listed; nothing here panics on bad data.
//!
//! Points are never stored (they are computed from settlements, cities,
//! special cards and victory point cards), so they cannot disagree with their
//! sources; what is checked is that those sources are consistent.

use crate::bits::{EdgeSet, NodeSet};
use crate::dev::{DevCard, DevCards};
use crate::resource::{Resource, CARDS_PER_RESOURCE};
use crate::rules::awards::{road_length, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN};
use crate::rules::build::road_nodes;
use crate::state::{Phase, State, CITY_LIMIT, MAX_PLAYERS, ROAD_LIMIT, SETTLEMENT_LIMIT};
use crate::topology::{topology, HEX_COUNT};

/// Everything inconsistent in `state`.
pub fn validate(state: &State) -> Result<(), Vec<String>> {
    let mut out = Vec::new();
    let n = state.n();
    if !(2..=MAX_PLAYERS).contains(&n) {
        out.push(format!("{n} players: a game has 2 to {MAX_PLAYERS}"));
        return Err(out);
    }
    out.extend(state.board.problems());
    if state.robber.index() >= HEX_COUNT {
        out.push(format!("robber on hex {}, which does not exist", state.robber.0));
    }
    if state.victory_points < 3 {
        out.push(format!("victory point goal {} is below 3", state.victory_points));
    }
    for (what, s) in [("start player", state.start_player), ("current seat", state.current)] {
        if s.index() >= n {
            out.push(format!("{what} {} does not exist", s.0));
        }
    }
    if !out.is_empty() {
        return Err(out);
    }
    cards(state, &mut out);
    pieces(state, &mut out);
    awards(state, &mut out);
    phase(state, &mut out);
    crate::cities_knights::validate::validate(state, &mut out);
    if out.is_empty() {
        Ok(())
    } else {
        Err(out)
    }
}

fn cards(state: &State, out: &mut Vec<String>) {
    for r in Resource::ALL {
        let held: u32 = state.players.iter().map(|p| p.hand.get(r) as u32).sum();
        let total = held + state.bank.get(r) as u32;
        if total != CARDS_PER_RESOURCE as u32 {
            out.push(format!(
                "{}: {held} in hands and {} in the bank make {total}, the game has {CARDS_PER_RESOURCE}",
                r.en(),
                state.bank.get(r)
            ));
        }
    }
    // Cities & Knights has no development cards (`ck.removed.development_cards`);
    // its own cards are checked in `cities_knights::validate`.
    let want_deck = if state.ck.is_some() {
        DevCards::ZERO
    } else {
        DevCards::BASE_DECK
    };
    for card in DevCard::ALL {
        let k = card.index();
        let held: u32 = state
            .players
            .iter()
            .map(|p| p.dev_cards.0[k] as u32 + p.new_dev_cards.0[k] as u32 + p.played.0[k] as u32)
            .sum();
        let total = held + state.deck.0[k] as u32;
        let want = want_deck.0[k] as u32;
        if total != want {
            out.push(format!(
                "development cards: {total} {} cards accounted for, the game has {want}",
                card.en()
            ));
        }
    }
    for (i, p) in state.players.iter().enumerate() {
        if p.played.get(DevCard::VictoryPoint) > 0 {
            out.push(format!("seat {i}: victory point cards are never played"));
        }
    }
}

fn pieces(state: &State, out: &mut Vec<String>) {
    let t = topology();
    let mut occupied = NodeSet::EMPTY;
    let mut roads = EdgeSet::EMPTY;
    for (i, p) in state.players.iter().enumerate() {
        // A Cities & Knights city piece lying on its side counts as a settlement
        // but is no settlement piece.
        let flat = state.ck.as_ref().map_or(0, |c| c.players[i].flat.len());
        let (s, c, r) = (
            p.settlements.len().saturating_sub(flat),
            p.cities.len() + flat,
            p.roads.len(),
        );
        if s > SETTLEMENT_LIMIT as usize {
            out.push(format!(
                "seat {i}: {s} settlements on the board, the supply has {SETTLEMENT_LIMIT}"
            ));
        }
        if c > CITY_LIMIT as usize {
            out.push(format!(
                "seat {i}: {c} cities on the board, the supply has {CITY_LIMIT}"
            ));
        }
        if r > ROAD_LIMIT as usize {
            out.push(format!("seat {i}: {r} roads on the board, the supply has {ROAD_LIMIT}"));
        }
        for node in NodeSet(p.settlements.0 & p.cities.0).iter() {
            out.push(format!("seat {i}: settlement and city both on node {}", node.0));
        }
        for node in NodeSet(occupied.0 & p.buildings().0).iter() {
            out.push(format!("node {}: buildings of two players", node.0));
        }
        for edge in EdgeSet(roads.0 & p.roads.0).iter() {
            out.push(format!("edge {}: roads of two players", edge.0));
        }
        occupied.0 |= p.buildings().0;
        roads.0 |= p.roads.0;
    }
    for node in occupied.iter() {
        for other in NodeSet(t.node_neighbors[node.index()].0 & occupied.0).iter() {
            if node < other {
                out.push(format!(
                    "distance rule: buildings on neighbouring nodes {} and {}",
                    node.0, other.0
                ));
            }
        }
    }
    // The settlement placed in the setup whose road is still due.
    let pending = match state.phase {
        Phase::Setup {
            road_from: Some(node), ..
        } => Some(node),
        _ => None,
    };
    for (i, p) in state.players.iter().enumerate() {
        road_components(i, p.roads, p.buildings(), out);
        let touched = road_nodes(p.roads);
        for node in p.buildings().iter() {
            // In Cities & Knights the Diplomat may remove the last road of a
            // building (`ck.decide.open_road`).
            if !touched.contains(node) && Some(node) != pending && state.ck.is_none() {
                out.push(format!(
                    "seat {i}: the building on node {} touches none of its roads",
                    node.0
                ));
            }
        }
        let len = road_length(p.roads, state.players.opponent_buildings(i));
        if len != p.road_length {
            out.push(format!(
                "seat {i}: cached road length {} but the board gives {len}",
                p.road_length
            ));
        }
    }
}

/// Every group of connected roads must touch a building of its owner.
fn road_components(seat: usize, roads: EdgeSet, buildings: NodeSet, out: &mut Vec<String>) {
    let t = topology();
    let mut left = roads.0;
    while left != 0 {
        let first = left.trailing_zeros() as usize;
        let mut comp = 1u128 << first;
        let mut nodes = t.edge_node_set[first].0;
        loop {
            let mut grown = comp;
            for node in NodeSet(nodes).iter() {
                grown |= t.node_edges[node.index()].0 & roads.0;
            }
            if grown == comp {
                break;
            }
            comp = grown;
            for e in EdgeSet(comp).iter() {
                nodes |= t.edge_node_set[e.index()].0;
            }
        }
        left &= !comp;
        if nodes & buildings.0 == 0 {
            let ids: Vec<u8> = EdgeSet(comp).iter().map(|e| e.0).collect();
            out.push(format!(
                "seat {seat}: roads {ids:?} are connected to none of its settlements or cities"
            ));
        }
    }
}

fn awards(state: &State, out: &mut Vec<String>) {
    let n = state.n();
    let knights: Vec<u8> = state.players.iter().map(|p| p.knights()).collect();
    match state.largest_army {
        Some(h) if h.index() >= n => out.push(format!("Largest Army held by seat {}, which does not exist", h.0)),
        Some(h) => {
            if knights[h.index()] < LARGEST_ARMY_MIN {
                out.push(format!(
                    "Largest Army held by seat {} with {} knights",
                    h.0,
                    knights[h.index()]
                ));
            }
            if let Some(i) = (0..n).find(|&i| knights[i] > knights[h.index()]) {
                out.push(format!(
                    "seat {i} played more knights than Largest Army's holder seat {}",
                    h.0
                ));
            }
        }
        None => {
            if let Some(i) = (0..n).find(|&i| knights[i] >= LARGEST_ARMY_MIN) {
                out.push(format!(
                    "seat {i} played {} knights but nobody holds Largest Army",
                    knights[i]
                ));
            }
        }
    }
    let lengths: Vec<u8> = state.players.iter().map(|p| p.road_length).collect();
    let max = lengths.iter().copied().max().unwrap_or(0);
    let alone = max >= LONGEST_ROAD_MIN && lengths.iter().filter(|&&l| l == max).count() == 1;
    match state.longest_road {
        Some(h) if h.index() >= n => out.push(format!("Longest Road held by seat {}, which does not exist", h.0)),
        Some(h) => {
            let l = lengths[h.index()];
            if l < LONGEST_ROAD_MIN {
                out.push(format!("Longest Road held by seat {} with a road of {l}", h.0));
            }
            if l < max {
                out.push(format!("Longest Road held by seat {} but a longer road exists", h.0));
            }
        }
        None => {
            if alone {
                out.push(format!(
                    "a road of {max} is alone in front but nobody holds Longest Road"
                ));
            }
        }
    }
}

fn phase(state: &State, out: &mut Vec<String>) {
    let n = state.n();
    let cur = state.current;
    let others = |s: engine::SeatSet| s.iter().all(|x| x.index() < n && x != cur);
    let in_setup = matches!(state.phase, Phase::Setup { .. });
    if in_setup != (state.turn == 0) {
        out.push(format!("turn {} does not fit phase {}", state.turn, state.phase.name()));
    }
    match state.phase {
        Phase::Setup { step, road_from } => {
            if step as usize >= 2 * n {
                out.push(format!("setup step {step} beyond {}", 2 * n));
            } else if state.setup_seat(step) != cur {
                out.push(format!(
                    "setup step {step} belongs to {}, not {cur}",
                    state.setup_seat(step)
                ));
            }
            if let Some(node) = road_from {
                // Cities & Knights places a city in round 2 (`ck.setup.second_city`).
                let placed = if state.ck.is_some() {
                    state.players[cur.index()].buildings()
                } else {
                    state.players[cur.index()].settlements
                };
                if !placed.contains(node) {
                    out.push(format!(
                        "setup road due at node {}, which holds no settlement of {cur}",
                        node.0
                    ));
                }
            }
        }
        Phase::Discard { owed } => {
            for (i, &o) in owed.iter().enumerate() {
                let held = if i < n && state.ck.is_some() {
                    crate::cities_knights::card_count(state, engine::Seat(i as u8))
                } else {
                    state.players.get(i).map_or(0, |p| p.hand.total())
                };
                if o as u32 > held {
                    out.push(format!("seat {i} owes {o} discards but holds {held} cards"));
                }
            }
            if owed.iter().all(|&o| o == 0) {
                out.push("discard phase with nothing owed".to_string());
            }
        }
        Phase::Stealing { victim, .. } => {
            if victim.index() >= n || victim == cur {
                out.push(format!("cannot steal from {victim}"));
            } else if crate::cities_knights::card_count(state, victim) == 0 {
                out.push(format!("{victim} is robbed but holds no card"));
            }
        }
        Phase::Drawing if state.deck.total() == 0 => out.push("a card is drawn from an empty deck".to_string()),
        Phase::RoadBuilding { left, .. } if !(1..=2).contains(&left) => {
            out.push(format!("road building with {left} roads left"))
        }
        Phase::TradeDraft { offer } | Phase::TradeReplies { offer, .. } | Phase::TradeConfirm { offer, .. }
            if !state.players[cur.index()].hand.covers(&offer.give) =>
        {
            out.push(format!("{cur} offers cards it does not hold"));
        }
        Phase::TradeReplies { pending, accepted, .. }
            if !others(pending) || !others(accepted) || pending.0 & accepted.0 != 0 || pending.is_empty() =>
        {
            out.push("trade replies name impossible seats".to_string());
        }
        Phase::TradeConfirm { accepted, offer } => {
            if !others(accepted) || accepted.is_empty() {
                out.push("trade confirmation names impossible seats".to_string());
            } else if accepted
                .iter()
                .any(|s| !state.players[s.index()].hand.covers(&offer.get))
            {
                out.push("a seat accepted an offer without the cards asked for".to_string());
            }
        }
        Phase::Over { winner } if winner.index() >= n => out.push(format!("winner {winner} does not exist")),
        _ => {}
    }
}

//! Position builders for scenario tests: a beginner board in the main phase
//! of turn 10, seat 0 to act, with pieces, cards and awards put in by hand.
#![allow(dead_code)]

use catan::BasePhase;
use catan::{BoardChoice, Catan, Config, DevCard, EdgeId, NodeId, Phase, Resource, Shape, State};
use engine::rand::SeedableRng;
use engine::{Game, GameRng, Seat};

/// An empty board in the main phase, seat 0 to act, bank and deck full.
pub fn position(players: usize) -> State {
    let config = Config {
        board: BoardChoice::Beginner,
        two_players: true,
        ..Config::default()
    };
    let mut rng = GameRng::seed_from_u64(0);
    let mut s = Catan::new_game(&config, players, &mut rng).expect("config");
    s.phase = Phase::Base(BasePhase::Main);
    s.turn = 10;
    s.current = Seat(0);
    s.start_player = Seat(0);
    s
}

/// Corner `k` (clockwise from the top) of hex `hex`.
pub fn corner(hex: usize, k: usize) -> NodeId {
    Shape::Base.topology().hex_nodes[hex][k]
}

/// The edge between two nodes.
pub fn edge(a: NodeId, b: NodeId) -> EdgeId {
    Shape::Base.topology().edge_between(a, b).expect("neighbouring nodes")
}

/// Moves cards from the bank into a hand.
pub fn give(s: &mut State, seat: u8, cards: &[(Resource, u8)]) {
    for &(r, n) in cards {
        s.bank.0[r.index()] -= n;
        s.players[seat as usize].hand.0[r.index()] += n;
    }
}

/// Empties a hand into the bank.
pub fn empty_hand(s: &mut State, seat: u8) {
    let hand = s.players[seat as usize].hand;
    s.bank.add(&hand);
    s.players[seat as usize].hand = catan::Resources::ZERO;
}

/// A road of `seat` between two nodes.
pub fn road(s: &mut State, seat: u8, a: NodeId, b: NodeId) {
    s.players[seat as usize].roads.insert(edge(a, b));
}

/// A settlement of `seat` with a road to its neighbour `towards`.
pub fn settle(s: &mut State, seat: u8, node: NodeId, towards: NodeId) {
    s.players[seat as usize].settlements.insert(node);
    road(s, seat, node, towards);
}

/// A city of `seat` with a road to its neighbour `towards`.
pub fn city(s: &mut State, seat: u8, node: NodeId, towards: NodeId) {
    s.players[seat as usize].cities.insert(node);
    road(s, seat, node, towards);
}

/// Development cards from the deck into a hand (bought before this turn).
pub fn dev(s: &mut State, seat: u8, card: DevCard, n: u8) {
    s.deck.0[card.index()] -= n;
    s.players[seat as usize].dev_cards.0[card.index()] += n;
}

/// Development cards from the deck, bought this turn.
pub fn new_dev(s: &mut State, seat: u8, card: DevCard, n: u8) {
    s.deck.0[card.index()] -= n;
    s.players[seat as usize].new_dev_cards.0[card.index()] += n;
}

/// Knights from the deck, already played.
pub fn played_knights(s: &mut State, seat: u8, n: u8) {
    s.deck.0[DevCard::Knight.index()] -= n;
    s.players[seat as usize].played.0[DevCard::Knight.index()] += n;
}

/// Finishes a position: recomputes road lengths and checks it is consistent.
pub fn done(mut s: State) -> State {
    s.recompute_road_lengths();
    if let Err(p) = Catan::validate(&s) {
        panic!("test position is inconsistent: {p:?}");
    }
    s
}

/// A chain of nodes walking around hex `hex` from corner `from`, `len` edges long.
pub fn ring_path(hex: usize, from: usize, len: usize) -> Vec<NodeId> {
    (0..=len).map(|i| corner(hex, (from + i) % 6)).collect()
}

/// Roads of `seat` along a node path.
pub fn road_path(s: &mut State, seat: u8, path: &[NodeId]) {
    for w in path.windows(2) {
        road(s, seat, w[0], w[1]);
    }
}

//! Position builders for Cities & Knights scenario tests: the beginner board
//! in the main phase of turn 10, seat 0 to act, with pieces, cards, knights
//! and levels put in by hand.
#![allow(dead_code)]

use catan::ProgressHand;
use catan::{Action, BoardChoice, CatanCk, Chance, Config, EdgeId, NodeId, Phase, Resource, Shape};
use catan::{BaseAction, BasePhase, CkChance};
use catan::{CkPlayer, CkState, Commodity, EventFace, ProgressCard};
use engine::rand::SeedableRng;
use engine::{Game, GameRng, NoEvents, Seat};
use testkit::scenario::assert_accepted;

/// A Cities & Knights state (`CatanCk`'s), the type of every C&K scenario.
pub type State = catan::State<catan::CkState>;

/// An empty beginner board in the main phase, seat 0 to act, everything in the bank.
pub fn position(players: usize) -> State {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::cities_knights()
    };
    let mut rng = GameRng::seed_from_u64(0);
    let mut s = CatanCk::new_game(&config, players, &mut rng).expect("config");
    s.phase = Phase::Base(BasePhase::Main);
    s.turn = 10;
    s.current = Seat(0);
    s.start_player = Seat(0);
    s
}

/// The C&K part.
pub fn ck(s: &State) -> &CkState {
    s.ck().expect("a Cities & Knights state")
}

/// The C&K part, mutable.
pub fn ckm(s: &mut State) -> &mut CkState {
    s.ck_mut().expect("a Cities & Knights state")
}

/// A player's C&K part, mutable.
pub fn cp(s: &mut State, seat: u8) -> &mut CkPlayer {
    &mut ckm(s).players[seat as usize]
}

/// Corner `k` (clockwise from the top) of hex `hex`.
pub fn corner(hex: usize, k: usize) -> NodeId {
    Shape::Base.topology().hex_nodes[hex][k]
}

/// The edge between two nodes.
pub fn edge(a: NodeId, b: NodeId) -> EdgeId {
    Shape::Base.topology().edge_between(a, b).expect("neighbouring nodes")
}

/// Resources from the bank into a hand.
pub fn give(s: &mut State, seat: u8, cards: &[(Resource, u8)]) {
    for &(r, n) in cards {
        s.bank.0[r.index()] -= n;
        s.players[seat as usize].hand.0[r.index()] += n;
    }
}

/// Commodities from the bank into a hand.
pub fn give_c(s: &mut State, seat: u8, cards: &[(Commodity, u8)]) {
    for &(c, n) in cards {
        let ck = ckm(s);
        ck.bank.0[c.index()] -= n;
        ck.players[seat as usize].commodities.0[c.index()] += n;
    }
}

/// A progress card from its deck into a hand.
pub fn give_p(s: &mut State, seat: u8, card: ProgressCard) {
    let ck = ckm(s);
    ck.decks[card.track().index()].top.remove_card(card);
    ck.players[seat as usize].progress.add_card(card);
}

/// A road of `seat` between two nodes.
pub fn road(s: &mut State, seat: u8, a: NodeId, b: NodeId) {
    s.players[seat as usize].roads.insert(edge(a, b));
}

/// Roads of `seat` along a node path.
pub fn road_path(s: &mut State, seat: u8, path: &[NodeId]) {
    for w in path.windows(2) {
        road(s, seat, w[0], w[1]);
    }
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

/// A knight of `seat` of a strength (1–3), active or not.
pub fn knight(s: &mut State, seat: u8, node: NodeId, strength: u8, active: bool) {
    ckm(s).players[seat as usize]
        .roster
        .insert(catan::KnightBit::Placed, node);
    let c = cp(s, seat);
    match strength {
        2 => c.roster.insert(catan::KnightBit::Strong, node),
        3 => c.roster.insert(catan::KnightBit::Mighty, node),
        _ => {}
    }
    if active {
        c.roster.insert(catan::KnightBit::Active, node);
    }
}

/// Finishes a position: recomputes road lengths and checks it is consistent.
pub fn done(mut s: State) -> State {
    s.recompute_road_lengths();
    if let Err(p) = CatanCk::validate(&s) {
        panic!("test position is inconsistent: {p:?}");
    }
    s
}

/// The active player rolls these dice.
pub fn roll(s: &mut State, red: u8, yellow: u8, event: EventFace) -> Vec<catan::Event> {
    let seat = s.current;
    s.phase = Phase::Base(BasePhase::Roll);
    assert_accepted::<CatanCk>(s, seat, &Action::Base(BaseAction::Roll));
    let mut events = Vec::new();
    CatanCk::apply_chance(s, &Chance::Ck(CkChance::CkDice { red, yellow, event }), &mut events).expect("dice");
    events
}

/// Applies a chance outcome that must be possible now.
pub fn chance(s: &mut State, c: Chance) {
    CatanCk::apply_chance(s, &c, &mut NoEvents).expect("a possible chance outcome");
}

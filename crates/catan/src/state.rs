//! The full state of a game, secrets included, and its phases.
//!
//! Per-seat data lives in a fixed array of [`MAX_PLAYERS`] (no heap, cheap to
//! clone for search); in JSON only the seats of the table appear. Piece
//! supplies are not stored: a supply is always the limit minus the pieces on
//! the board, so the two can never disagree.

use crate::action::Dice;
use crate::bits::{EdgeBits, EdgeSet, NodeBits, NodeSet};
use crate::board::Board;
use crate::cities_knights::Commodities;
use crate::config::{Rules, TurnRule};
use crate::dev::{DevCard, DevCards};
pub use crate::part::{NoPart, Part};
use crate::resource::Resources;
use crate::rules::awards::road_length;
use crate::topology::{HexId, NodeId, Topology};
pub use crate::vocab::Phase;
use engine::{Seat, SeatSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// The most seats: 6 with the 5–6 player extension (`catan56.setup.players`).
pub const MAX_PLAYERS: usize = 6;

/// Per-seat counts (cards owed) in JSON: the first four seats always (the
/// form of 3–4 player games, unchanged), seats 5 and 6 only when one of
/// them is not zero.
pub(crate) mod owed_json {
    use super::MAX_PLAYERS;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(owed: &[u8; MAX_PLAYERS], s: S) -> Result<S::Ok, S::Error> {
        let used = owed.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1).max(4);
        owed[..used].serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; MAX_PLAYERS], D::Error> {
        let v: Vec<u8> = Vec::deserialize(d)?;
        if v.len() > MAX_PLAYERS {
            return Err(serde::de::Error::custom(format!(
                "at most {MAX_PLAYERS} seats, found {}",
                v.len()
            )));
        }
        let mut out = [0u8; MAX_PLAYERS];
        out[..v.len()].copy_from_slice(&v);
        Ok(out)
    }
}
/// Settlements per player.
pub const SETTLEMENT_LIMIT: u8 = 5;
/// Cities per player.
pub const CITY_LIMIT: u8 = 4;
/// Roads per player.
pub const ROAD_LIMIT: u8 = 15;

/// One player's holdings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Player {
    /// Resource cards in hand (secret).
    #[serde(default)]
    pub hand: Resources,
    /// Intersections with this player's settlements.
    #[serde(default)]
    pub settlements: NodeSet,
    /// Intersections with this player's cities.
    #[serde(default)]
    pub cities: NodeSet,
    /// Paths with this player's roads.
    #[serde(default)]
    pub roads: EdgeSet,
    /// Unplayed development cards bought before this turn (secret).
    #[serde(default)]
    pub dev_cards: DevCards,
    /// Development cards bought this turn: not playable yet (secret).
    #[serde(default)]
    pub new_dev_cards: DevCards,
    /// Development cards played, face up (knights count for Largest Army).
    #[serde(default)]
    pub played: DevCards,
    // A Cities & Knights player's knights are in its `CkPlayer` (a base
    // game pays no bytes for them); in JSON they stay in this object, as
    // `knights` after `played` (`PlayerOut`, `PlayerIn`).
    /// Longest single road of this player (derived from the board; recomputed
    /// when a state is loaded, so it need not be written by hand).
    #[serde(default, skip_deserializing)]
    pub road_length: u8,
}

impl Player {
    /// Settlements and cities together.
    #[inline]
    pub fn buildings(&self) -> NodeSet {
        NodeSet(self.settlements.0 | self.cities.0)
    }
    /// Settlements left in the supply.
    #[inline]
    pub fn settlements_left(&self) -> u8 {
        SETTLEMENT_LIMIT.saturating_sub(self.settlements.len() as u8)
    }
    /// Cities left in the supply.
    #[inline]
    pub fn cities_left(&self) -> u8 {
        CITY_LIMIT.saturating_sub(self.cities.len() as u8)
    }
    /// Roads left in the supply.
    #[inline]
    pub fn roads_left(&self) -> u8 {
        ROAD_LIMIT.saturating_sub(self.roads.len() as u8)
    }
    /// Hidden victory point cards (bought this turn or earlier).
    #[inline]
    pub fn victory_point_cards(&self) -> u8 {
        self.dev_cards
            .get(DevCard::VictoryPoint)
            .saturating_add(self.new_dev_cards.get(DevCard::VictoryPoint))
    }
    /// Played knights.
    #[inline]
    pub fn knights(&self) -> u8 {
        self.played.get(DevCard::Knight)
    }
}

/// The players of a table: 2 to 6 seats in a fixed array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    n: u8,
    pub(crate) p: [Player; MAX_PLAYERS],
}

impl Players {
    /// `n` players with nothing (n is clamped to 1..=MAX_PLAYERS).
    pub fn new(n: usize) -> Players {
        Players {
            n: n.clamp(1, MAX_PLAYERS) as u8,
            p: [Player::default(); MAX_PLAYERS],
        }
    }
    /// Number of seats.
    #[inline]
    pub fn count(&self) -> usize {
        self.n as usize
    }
    /// The buildings of every seat but `seat` (without Cities & Knights'
    /// knights: a rule set's layer adds its pieces, `Layer::road_blockers`).
    #[inline]
    pub fn opponent_buildings(&self, seat: usize) -> NodeSet {
        let mut s = NodeBits::ZERO;
        for (i, p) in self.iter().enumerate() {
            if i != seat {
                s |= p.settlements.0 | p.cities.0;
            }
        }
        NodeSet(s)
    }
}

impl std::ops::Deref for Players {
    type Target = [Player];
    #[inline]
    fn deref(&self) -> &[Player] {
        &self.p[..self.n as usize]
    }
}

impl std::ops::DerefMut for Players {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Player] {
        &mut self.p[..self.n as usize]
    }
}

impl Serialize for Players {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Players {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<Player> = Vec::deserialize(d)?;
        if !(2..=MAX_PLAYERS).contains(&v.len()) {
            return Err(serde::de::Error::custom(format!(
                "a game has 2 to {MAX_PLAYERS} players, found {}",
                v.len()
            )));
        }
        let mut players = Players::new(v.len());
        players.p[..v.len()].copy_from_slice(&v);
        // Road lengths need the board: `State`'s reading recomputes them.
        Ok(players)
    }
}

/// Where a turn continues after a knight or a progress card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resume {
    /// Before the roll (the card was played before rolling).
    Roll,
    /// The building and trading part of the turn.
    Main,
}

impl Resume {
    /// The phase this resumes.
    #[inline]
    pub fn phase(self) -> Phase {
        match self {
            Resume::Roll => Phase::Base(BasePhase::Roll),
            Resume::Main => Phase::Base(BasePhase::Main),
        }
    }
}

/// The counter-offers to an open offer (`catan.trade.counter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Counters {
    /// Seats whose counter-offer stands.
    pub countered: SeatSet,
    /// Seats still to answer that are putting a counter-offer together.
    pub drafting: SeatSet,
    /// Each seat's counter-offer, seen from the active player: `give` is
    /// what the active player would give.
    pub offers: [Offer; MAX_PLAYERS],
}

/// A domestic trade offer of the active player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Offer {
    /// What the active player gives.
    pub give: Resources,
    /// What the active player asks for.
    pub get: Resources,
    /// Commodities the active player gives (Cities & Knights, `ck.trade.commodities`).
    #[serde(default, skip_serializing_if = "Commodities::is_empty")]
    pub give_commodities: Commodities,
    /// Commodities the active player asks for (Cities & Knights).
    #[serde(default, skip_serializing_if = "Commodities::is_empty")]
    pub get_commodities: Commodities,
}

/// The base game's half of [`Phase`] (the rule set every CATAN game plays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case", expecting = "internally tagged enum Phase")]
pub enum BasePhase {
    /// Initial placement: `step` counts placements in snake order (0..2n);
    /// `road_from` is the settlement just placed whose road is due.
    Setup {
        /// Placement index.
        step: u8,
        /// The settlement whose road is due, if any.
        #[serde(default)]
        road_from: Option<NodeId>,
    },
    /// The active player rolls (or first plays a development card).
    Roll,
    /// Chance: the dice are rolled.
    Rolling,
    /// After a 7: these seats still owe this many discards.
    Discard {
        /// Cards still to discard, by seat.
        #[serde(with = "owed_json")]
        owed: [u8; MAX_PLAYERS],
    },
    /// The active player moves the robber (and names a victim).
    MoveRobber {
        /// Where the turn continues.
        resume: Resume,
    },
    /// Chance: a random card is taken from the victim's hand.
    Stealing {
        /// The player stolen from.
        victim: Seat,
        /// Where the turn continues.
        resume: Resume,
    },
    /// Trading and building.
    Main,
    /// Chance: a bought development card is drawn.
    Drawing,
    /// Free roads of a road building card.
    RoadBuilding {
        /// Roads still to place.
        left: u8,
        /// Where the turn continues.
        resume: Resume,
    },
    /// The active player puts a domestic offer together.
    TradeDraft {
        /// The offer so far.
        offer: Offer,
    },
    /// The other players reply to the offer: accept, decline or counter
    /// (`catan.trade.counter`, kept in [`BaseState::counters`]). As soon as
    /// one has accepted or countered, the active player may also act:
    /// confirm, take a counter, revise or cancel, and whoever has not
    /// answered then counts as declining.
    TradeReplies {
        /// The offer.
        offer: Offer,
        /// Seats that have not replied yet (those drafting a counter too).
        pending: SeatSet,
        /// Seats that accepted.
        accepted: SeatSet,
    },
    /// Everyone has answered: the active player picks one of those who
    /// accepted or one counter-offer, revises the offer, or cancels.
    TradeConfirm {
        /// The offer.
        offer: Offer,
        /// Seats that accepted.
        accepted: SeatSet,
    },
    /// The game is won.
    Over {
        /// The winner.
        winner: Seat,
    },
}

impl BasePhase {
    /// Whether the active player (`current`) is the only one who acts: every
    /// phase but chance's, the discards, the trade replies and the end.
    #[inline]
    pub fn only_active_player_acts(&self) -> bool {
        match self {
            BasePhase::Setup { .. }
            | BasePhase::Roll
            | BasePhase::MoveRobber { .. }
            | BasePhase::Main
            | BasePhase::RoadBuilding { .. }
            | BasePhase::TradeDraft { .. }
            | BasePhase::TradeConfirm { .. } => true,
            BasePhase::Rolling
            | BasePhase::Stealing { .. }
            | BasePhase::Drawing
            | BasePhase::Discard { .. }
            | BasePhase::TradeReplies { .. }
            | BasePhase::Over { .. } => false,
        }
    }

    /// The phase's name (for refusals).
    pub fn name(&self) -> &'static str {
        match self {
            BasePhase::Setup { .. } => "setup",
            BasePhase::Roll => "roll",
            BasePhase::Rolling => "rolling",
            BasePhase::Discard { .. } => "discard",
            BasePhase::MoveRobber { .. } => "move_robber",
            BasePhase::Stealing { .. } => "stealing",
            BasePhase::Main => "main",
            BasePhase::Drawing => "drawing",
            BasePhase::RoadBuilding { .. } => "road_building",
            BasePhase::TradeDraft { .. } => "trade_draft",
            BasePhase::TradeReplies { .. } => "trade_replies",
            BasePhase::TradeConfirm { .. } => "trade_confirm",
            BasePhase::Over { .. } => "over",
        }
    }
}

/// The complete state of a CATAN game: the base game's part and the part
/// the rule set's expansions add ([`Part`]: nothing in the base game), side
/// by side so an expansion's entry points can lend both at once
/// (`State::split_mut`). Reads of the
/// base part's fields go through `Deref` (`state.players`, `state.phase`),
/// so the wire form's field names stay what they were for every reader of a
/// state. `State` alone is the base game's (`State<NoPart>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State<P: Part = NoPart> {
    /// What every rule set plays.
    pub base: BaseState,
    /// What the rule set's expansions add, inline (nothing in a base game).
    pub part: P,
}

impl<'de, P: Part> Deserialize<'de> for State<P> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let j = crate::state_json::StateJson::deserialize(d)?;
        State::try_from(j).map_err(serde::de::Error::custom)
    }
}

impl<P: Part> std::ops::Deref for State<P> {
    type Target = BaseState;
    #[inline(always)]
    fn deref(&self) -> &BaseState {
        &self.base
    }
}

impl<P: Part> std::ops::DerefMut for State<P> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut BaseState {
        &mut self.base
    }
}

/// The base game's part of a state: everything every rule set plays
/// (board, robber, bank, deck, the players' pieces and cards, the turn).
///
/// Base rule code takes this type, not [`State`], so it cannot read a part
/// another rule set adds: where such a part changes a base rule (knights
/// block roads, count for points), the rule asks its layer (`rules::layer::Layer`),
/// which the dispatch builds from the part. A rule set's own code receives
/// its part beside this one from the dispatch (`State::split_mut`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseState {
    /// The rule set.
    pub rules: Rules,
    /// Points needed to win (the rule set's goal if left out: 10, or 13 in
    /// Cities & Knights).
    pub victory_points: u8,
    /// The board layout (the beginner board if left out). Shared, not
    /// copied: no rule changes a board but the Inventor (`ck.card.inventor`),
    /// which takes its own copy first (`Arc::make_mut`), so a clone of a
    /// state (every search playout) costs a reference count, not 224 bytes.
    pub board: Arc<Board>,
    /// The hex the robber stands on.
    pub robber: HexId,
    /// The first player of the setup and of the game.
    pub start_player: Seat,
    /// The seat whose turn it is.
    pub current: Seat,
    /// Turns begun (0 during the setup).
    pub turn: u32,
    /// Where the game stands.
    pub phase: Phase,
    /// Resource cards in the bank.
    pub bank: Resources,
    /// Development cards left in the deck (a multiset: no order exists).
    pub deck: DevCards,
    /// Whether the active player has played a development card this turn.
    pub dev_played: bool,
    /// Holder of Longest Road.
    pub longest_road: Option<Seat>,
    /// Holder of Largest Army.
    pub largest_army: Option<Seat>,
    /// The last roll of the dice.
    pub last_roll: Option<Dice>,
    /// The players, by seat.
    pub players: Players,
    /// The 5–6 player extension's turn rule (absent in 3–4 player games).
    pub turn_rule: Option<TurnRule>,
    /// While another player acts after a turn of the 5–6 player extension
    /// (a step of the Special Building Phase, or paired player 2's phase, in
    /// the main phase): the seat whose turn it is. `current` is the one acting.
    pub turn_of: Option<Seat>,
    /// Counter-offers while an offer is open (`catan.trade.counter`).
    /// Shared like the board: almost no state has any (none outside a
    /// negotiation, and random playouts never open one), so they cost 8
    /// bytes and leave the phase as small as it was, and cloning a state
    /// that has them costs a reference count; a change copies first.
    pub counters: Option<Arc<Counters>>,
    /// House rule `catan.house.trade_offers_per_turn`: the domestic trade
    /// offers a player may open per turn (absent: no limit, the rulebook).
    pub trade_offers_per_turn: Option<u8>,
    /// Domestic trade offers opened in this turn (counted only under the
    /// house rule; 0 at the start of every turn).
    pub trade_offers: u8,
    /// House rule `snh.house.free_squire_steps_per_turn`: the free squire
    /// steps a player may take per turn (absent: no limit, the seed's rule).
    pub free_squire_steps_per_turn: Option<u8>,
    /// Free squire steps taken in this turn (counted only under the house
    /// rule; 0 at the start of every turn).
    pub free_squire_steps: u8,
    /// Knights were read for a base game's players (nowhere to keep them:
    /// `validate` refuses the state, `ck.state.rules`).
    pub base_knights: bool,
}

impl<P: Part> State<P> {
    /// Both parts at once: the base part and the expansions' part, each
    /// mutable, so an expansion's rule code changes both without reaching
    /// one through the other.
    #[inline(always)]
    pub(crate) fn split_mut(&mut self) -> (&mut BaseState, &mut P) {
        (&mut self.base, &mut self.part)
    }

    /// An expansion's part of the state, by its type (`None` where the
    /// rule set does not play that expansion).
    #[inline(always)]
    pub fn part<T: 'static>(&self) -> Option<&T> {
        self.part.get::<T>()
    }

    /// Heap bytes beyond `size_of::<State<P>>()`: none a clone allocates
    /// (every rule set's part is inline), and the shared board.
    pub fn heap(&self) -> engine::StateHeap {
        engine::StateHeap {
            owned: 0,
            shared: std::mem::size_of::<Board>(),
        }
    }

    /// Recomputes every cached road length from the board.
    pub fn recompute_road_lengths(&mut self) {
        let board = Arc::clone(&self.base.board);
        let t = board.topology();
        for i in 0..self.n() {
            let blocked = self.opponent_pieces(i);
            let p = &mut self.base.players[i];
            p.road_length = road_length(t, p.roads, blocked);
        }
    }

    /// The knights of seat `i` (Cities & Knights; none in a base game).
    #[inline]
    pub fn knights(&self, i: usize) -> NodeSet {
        self.part.knights(i)
    }

    /// The buildings and, in Cities & Knights, the knights of every seat but
    /// `seat`: where that seat's roads are blocked and broken
    /// (`catan.build.road.blocked_by_building`, `ck.knight.blocks_road`,
    /// `ck.knight.breaks_road`). Rule code asks its layer
    /// (`Layer::road_blockers`).
    #[inline]
    pub fn opponent_pieces(&self, seat: usize) -> NodeSet {
        NodeSet(self.players.opponent_buildings(seat).0 | self.part.opponent_knights(seat, self.n()).0)
    }

    /// Points visible to everybody: buildings, special cards and, in Cities
    /// & Knights, its own (metropolises, the defender, revealed cards).
    pub fn public_points(&self, seat: Seat) -> u8 {
        self.base.base_public_points(seat) + self.part.points(seat)
    }

    /// All points, hidden victory point cards included.
    #[inline]
    pub fn points(&self, seat: Seat) -> u8 {
        let vp = self.players.get(seat.index()).map_or(0, |p| p.victory_point_cards());
        self.public_points(seat).saturating_add(vp)
    }
}

impl BaseState {
    /// The counter-offer of `seat` (`catan.trade.counter`), seen from the
    /// active player; empty if it has none.
    #[inline]
    pub fn counter(&self, seat: Seat) -> Offer {
        self.counters
            .as_ref()
            .and_then(|c| c.offers.get(seat.index()).copied())
            .unwrap_or_default()
    }

    /// The counter-offers, to change them (copied first if shared).
    pub fn counters_mut(&mut self) -> &mut Counters {
        Arc::make_mut(self.counters.get_or_insert_with(Default::default))
    }

    /// Drops the counter-offers when none is left (the state has one form
    /// for "none", which its JSON reads back), or at the end of a
    /// negotiation (the offer was taken, revised, withdrawn or lapsed).
    #[inline]
    pub fn clear_counters(&mut self) {
        self.counters = None;
    }

    /// `catan.house.trade_offers_per_turn`: whether the active player may
    /// open another domestic trade offer this turn.
    #[inline]
    pub fn may_open_offer(&self) -> bool {
        self.trade_offers_per_turn.is_none_or(|limit| self.trade_offers < limit)
    }

    /// The board's shared topology.
    #[inline]
    pub fn topology(&self) -> &Topology {
        self.board.topology()
    }

    /// Number of seats.
    #[inline]
    pub fn n(&self) -> usize {
        self.players.count()
    }

    /// The next seat in turn order.
    #[inline]
    pub fn next_seat(&self, s: Seat) -> Seat {
        Seat(((s.index() + 1) % self.n()) as u8)
    }

    /// Every building on the board.
    #[inline]
    pub fn occupied(&self) -> NodeSet {
        let mut s = NodeBits::ZERO;
        for p in self.players.iter() {
            s |= p.settlements.0 | p.cities.0;
        }
        NodeSet(s)
    }

    /// Every road on the board.
    #[inline]
    pub fn all_roads(&self) -> EdgeSet {
        let mut s = EdgeBits::ZERO;
        for p in self.players.iter() {
            s |= p.roads.0;
        }
        EdgeSet(s)
    }

    /// The base game's visible points: buildings and special cards. Named
    /// apart from [`State::public_points`] on purpose: rule code asks its
    /// layer (`Layer::points`), which
    /// adds what a rule set counts besides.
    #[inline]
    pub fn base_public_points(&self, seat: Seat) -> u8 {
        let Some(p) = self.players.get(seat.index()) else {
            return 0;
        };
        let mut pts = p.settlements.len() as u8 + 2 * p.cities.len() as u8;
        if self.longest_road == Some(seat) {
            pts += 2;
        }
        if self.largest_army == Some(seat) {
            pts += 2;
        }
        pts
    }

    /// The seat placing at setup step `step` (snake order from the start player).
    #[inline]
    pub fn setup_seat(&self, step: u8) -> Seat {
        let n = self.n();
        let i = step as usize;
        let k = if i < n { i } else { (2 * n - 1).saturating_sub(i) };
        Seat(((self.start_player.index() + k) % n) as u8)
    }

    /// The seat of a player whose building stands on `node`.
    pub fn owner_of(&self, node: NodeId) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| p.buildings().contains(node))
            .map(|i| Seat(i as u8))
    }

    /// Players with a building on `hex`, other than `seat`, who hold a card:
    /// the possible victims of a robber moved there (base game).
    pub fn steal_candidates(&self, hex: HexId, seat: Seat) -> SeatSet {
        crate::rules::robber::victims(crate::rules::layer::Base, self, hex, seat)
    }
}

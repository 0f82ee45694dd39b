//! What a club player values in CATAN: victory points first, then the
//! production of the own buildings (pips of the numbers, weighted by
//! resource, with a bonus for variety), the next settlement spot within reach,
//! how close the hand is to a city or settlement, development cards, harbors.
//! Building beats trading (a maritime trade must lead somewhere), the robber
//! goes where it hurts the leader most (the margin to the best opponent
//! drops), and a domestic offer is accepted when it brings the own hand
//! closer to building.
//!
//! Cities & Knights adds its own terms (module `ck`): the barbarians,
//! knights, improvements and metropolises, commodities, walls, progress
//! cards, heroes and squires.

mod ck;

use catan::{BaseAction, BasePhase, CkAction};
pub use ck::CkWeights;

use crate::heuristic::Heuristic;
use catan::query::{all_knights, rates, settlement_spots};
use catan::ResourceCounts;
use catan::MAX_HEXES;
use catan::{Action, CatanGame, Part, Phase, Resource, Resources, State};
use engine::Seat;

/// Pips of a number token: how many of the 36 rolls produce it.
pub(crate) const fn pips(number: u8) -> f64 {
    match number {
        2 | 12 => 1.0,
        3 | 11 => 2.0,
        4 | 10 => 3.0,
        5 | 9 => 4.0,
        6 | 8 => 5.0,
        _ => 0.0,
    }
}

/// The CATAN evaluator (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct CatanHeuristic {
    /// Value of one pip of production (per building level).
    pub pip: f64,
    /// Value of producing a resource at all.
    pub variety: f64,
    /// Value of the best free settlement spot, per pip.
    pub spot: f64,
    /// Value of a card in hand (up to seven).
    pub card: f64,
    /// Value of an unplayed development card.
    pub dev: f64,
    /// The Cities & Knights weights.
    pub ck: CkWeights,
    /// Whether it makes domestic offers (`greedy:offers`): one card it
    /// holds beyond a build's cost for the one card that build still lacks.
    pub offers: bool,
}

impl Default for CatanHeuristic {
    fn default() -> Self {
        CatanHeuristic {
            pip: 0.045,
            variety: 0.12,
            spot: 0.02,
            card: 0.04,
            dev: 0.3,
            ck: CkWeights::default(),
            offers: false,
        }
    }
}

/// Per-resource production weights per pip (brick, lumber, wool, grain, ore).
const WEIGHT: [f64; 5] = [1.0, 1.0, 0.8, 1.0, 1.05];

/// What a state offers a node: its production in pips per resource, read
/// from the hexes around it when asked. Only the nodes a player holds or
/// could settle are asked about (a few dozen per evaluation), so nothing is
/// computed, or zeroed, for the others (a table for every node was 3 KB
/// written per evaluation, on the 5–6 board's 80 nodes).
struct Board<'s> {
    /// Per hex: its resource (5 for none: desert, robber) and pips.
    hex: [(usize, f64); MAX_HEXES],
    /// Borrowed from the state's board (a generated board may carry its own).
    topology: &'s catan::Topology,
}

impl<'s> Board<'s> {
    fn of<P: Part>(s: &'s State<P>) -> Board<'s> {
        let mut hex = [(5usize, 0.0f64); MAX_HEXES];
        for (h, tile) in s.board.tiles.iter().enumerate() {
            if let (Some(r), Some(n)) = (tile.terrain.resource(), tile.number) {
                if h != s.robber.index() {
                    if let Some(slot) = hex.get_mut(h) {
                        *slot = (r.index(), pips(n));
                    }
                }
            }
        }
        Board {
            hex,
            topology: s.topology(),
        }
    }

    /// Pips per resource at `node` (in the hexes' order, as always summed).
    fn node_pips(&self, node: usize) -> [f64; 5] {
        let mut out = [0.0; 5];
        let mut m = self.topology.node_hexes.get(node).copied().unwrap_or(0);
        while m != 0 {
            let h = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(&(r, p)) = self.hex.get(h) {
                if r < 5 {
                    out[r] += p;
                }
            }
        }
        out
    }

    fn node_value(&self, node: usize) -> f64 {
        self.node_pips(node).iter().zip(WEIGHT).map(|(a, w)| a * w).sum()
    }
}

/// The free settlement spots of `seat`; in Cities & Knights a knight's
/// intersection takes no settlement (`ck.knight.place`).
fn spots<P: Part>(s: &State<P>, seat: Seat) -> catan::NodeSet {
    let spots = settlement_spots(s, seat);
    match s.ck() {
        Some(_) => catan::NodeSet(spots.0 & !all_knights(s).0),
        None => spots,
    }
}

/// How many cards of `cost` the hand still lacks.
pub(crate) fn missing(hand: &Resources, cost: &Resources) -> i32 {
    hand.0
        .iter()
        .zip(cost.0)
        .map(|(&h, c)| i32::from(c.saturating_sub(h)))
        .sum()
}

/// How close a hand is to paying `cost`: 0.55 to the power of the cards
/// missing. Read from a table for the few counts a cost can miss (a call
/// of `powi` per building per seat per evaluation was 3.5% of a search);
/// the table holds `powi`'s own results, so the values are the same.
pub(crate) fn closeness(hand: &Resources, cost: &Resources) -> f64 {
    static TABLE: std::sync::LazyLock<[f64; 8]> =
        std::sync::LazyLock::new(|| std::array::from_fn(|k| 0.55f64.powi(k as i32)));
    let k = missing(hand, cost);
    match TABLE.get(k as usize) {
        Some(&v) => v,
        None => 0.55f64.powi(k),
    }
}

impl CatanHeuristic {
    /// What a hand is worth to seat `i`: cards (with the robber's risk above
    /// the hand limit) and closeness to the buildings the player can still
    /// build. In Cities & Knights commodities count as cards, walls raise
    /// the limit, and a knight, its activation and a wall take the place of
    /// the development card.
    fn hand_value<P: Part>(&self, s: &State<P>, i: usize, hand: &Resources, has_spot: bool) -> f64 {
        let Some(p) = s.players.get(i) else {
            return 0.0;
        };
        let (extra_cards, limit) = match s.ck() {
            Some(c) => (ck::commodities(c, i), ck::hand_limit(c, i)),
            None => (0, 7),
        };
        let cards = f64::from(hand.total() + extra_cards);
        let limit = f64::from(limit);
        let mut v = self.card * cards.min(limit) - 0.08 * (cards - limit).max(0.0);
        let close = |cost: &Resources| closeness(hand, cost);
        if p.cities_left() > 0 && !p.settlements.is_empty() {
            v += 0.5 * close(&Resources::CITY);
        }
        if p.settlements_left() > 0 && has_spot {
            v += 0.4 * close(&Resources::SETTLEMENT);
        } else if p.roads_left() > 0 {
            v += 0.1 * close(&Resources::ROAD);
        }
        match s.ck() {
            Some(c) => v + ck::hand_extras(s, c, i, hand),
            None => v + 0.15 * close(&Resources::DEVELOPMENT),
        }
    }

    fn value<P: Part>(&self, s: &State<P>, board: &Board<'_>, siege: Option<&ck::Siege>, seat: Seat) -> f64 {
        let Some(p) = s.players.get(seat.index()) else {
            return 0.0;
        };
        let mut v = f64::from(s.points(seat));
        // Production.
        let mut prod = [0.0f64; 5];
        for node in p.settlements.iter() {
            for (a, b) in prod.iter_mut().zip(board.node_pips(node.index())) {
                *a += b;
            }
        }
        for node in p.cities.iter() {
            for (a, b) in prod.iter_mut().zip(board.node_pips(node.index())) {
                *a += 2.0 * b;
            }
        }
        for (r, amount) in prod.iter().enumerate() {
            v += self.pip * WEIGHT[r] * amount;
            if *amount > 0.0 {
                v += self.variety;
            }
        }
        // The next settlement (not on a knight in Cities & Knights).
        let spots = spots(s, seat);
        let has_spot = !spots.is_empty();
        if p.settlements_left() > 0 && has_spot {
            let best = spots.iter().map(|n| board.node_value(n.index())).fold(0.0, f64::max);
            v += self.spot * best + 0.05 * (spots.len().min(3) as f64);
        }
        // Harbors: worth something when the player produces what they trade.
        let r = rates(s, seat);
        for (res, &rate) in r.iter().enumerate() {
            if rate < 4 {
                v += 0.01 * prod[res] * f64::from(4 - rate);
            }
        }
        // Hand, development cards, army and road.
        v += self.hand_value(s, seat.index(), &p.hand, has_spot);
        let unplayed = p.dev_cards.total() + p.new_dev_cards.total();
        let vp_cards = u32::from(p.victory_point_cards());
        v += self.dev * f64::from(unplayed.saturating_sub(vp_cards));
        v += 0.15 * f64::from(p.knights());
        v += 0.04 * f64::from(p.road_length.min(8));
        if let (Some(c), Some(siege)) = (s.ck(), siege) {
            v += ck::value(self, s, c, siege, seat.index());
        }
        v
    }

    /// The offer a trading greedy makes (`greedy:offers`): for the first of
    /// city, settlement and development card that lacks exactly one card,
    /// the card it holds most of beyond that cost, for the missing one.
    fn offer_plan<P: Part>(&self, s: &State<P>, seat: Seat) -> Option<(Resource, Resource)> {
        let p = s.players.get(seat.index())?;
        let builds: [([u8; 5], bool); 3] = [
            ([0, 0, 0, 2, 3], !p.settlements.is_empty()),
            ([1, 1, 1, 1, 0], !spots(s, seat).is_empty()),
            ([0, 0, 1, 1, 1], s.deck.total() > 0),
        ];
        for (cost, possible) in builds {
            if !possible {
                continue;
            }
            let held = |r: Resource| p.hand.get(r);
            let missing: Vec<Resource> = Resource::ALL
                .into_iter()
                .filter(|&r| held(r) < cost[r.index()])
                .collect();
            let [get] = missing[..] else { continue };
            if cost[get.index()] - held(get) != 1 {
                continue;
            }
            let give = Resource::ALL
                .into_iter()
                .filter(|&r| held(r) > cost[r.index()])
                .max_by_key(|&r| held(r) - cost[r.index()]);
            if let Some(give) = give {
                return Some((give, get));
            }
        }
        None
    }

    /// Whether a draft action of the offerer departs from its plan.
    fn off_plan<P: Part>(&self, s: &State<P>, seat: Seat, action: &Action) -> bool {
        let Phase::Base(BasePhase::TradeDraft { offer }) = s.phase else {
            return false;
        };
        let plan = self.offer_plan(s, seat);
        match *action {
            Action::Base(BaseAction::OfferGive { resource }) => {
                plan.is_none_or(|(give, _)| give != resource || !offer.give.is_empty())
            }
            Action::Base(BaseAction::OfferGet { resource }) => {
                plan.is_none_or(|(_, get)| get != resource || !offer.get.is_empty())
            }
            _ => false,
        }
    }

    /// What a trade is worth to `seat` (below any gain if it cannot pay).
    fn trade_worth<P: Part>(&self, s: &State<P>, seat: Seat, give_to_me: &Resources, take_from_me: &Resources) -> f64 {
        let gain = self.offer_gain(s, seat, give_to_me, take_from_me);
        if gain.is_finite() {
            gain
        } else {
            -1.0
        }
    }

    /// What accepting the current offer does to `seat`'s hand value.
    fn offer_gain<P: Part>(&self, s: &State<P>, seat: Seat, give_to_me: &Resources, take_from_me: &Resources) -> f64 {
        let Some(p) = s.players.get(seat.index()) else {
            return 0.0;
        };
        if !p.hand.covers(take_from_me) {
            return f64::NEG_INFINITY;
        }
        let has_spot = !spots(s, seat).is_empty();
        let mut after = p.hand;
        after.sub(take_from_me);
        after.add(give_to_me);
        self.hand_value(s, seat.index(), &after, has_spot) - self.hand_value(s, seat.index(), &p.hand, has_spot)
    }
}

impl<P: Part> Heuristic<CatanGame<P>> for CatanHeuristic {
    fn making_offers(self) -> Self {
        CatanHeuristic { offers: true, ..self }
    }

    fn evaluate(&self, s: &State<P>, values: &mut [f64]) {
        let board = Board::of(s);
        let siege = s.ck().map(|c| ck::Siege::of(s, c));
        for (i, v) in values.iter_mut().enumerate() {
            *v = self.value(s, &board, siege.as_ref(), Seat(i as u8));
        }
    }

    fn temperature(&self) -> f64 {
        1.5
    }

    fn rollout_depth(&self) -> u32 {
        40
    }

    /// A Cities & Knights turn is a long chain of small decisions (trades,
    /// knights, improvements, progress cards) whose worth the evaluator sees
    /// at its end; rollouts over later turns mostly measure the dice. The
    /// search compares the plans of this turn, each finished greedily and
    /// scored at the turn's end (docs/bots.md: with rollouts over 40
    /// decisions of later turns it won 3 of 16 and 3 of 12 games against
    /// three greedy bots, about 2 minutes per game; to the turn's end 47.5%
    /// and 55% of 40, 5 seconds per game).
    fn turn_horizon(&self, s: &State<P>) -> bool {
        s.ck().is_some()
    }

    /// Scored at the end of the turn, the plans differ by a few hundredths
    /// of a win chance and the same plan scores nearly the same each time
    /// (only the hidden cards and a draw vary): the default exploration of
    /// 0.7 would spread the visits evenly and the most visited plan would be
    /// chance (c=0.7: 25% and 20% of 40 games against three greedy bots).
    fn exploration(&self, s: &State<P>) -> f64 {
        if s.ck().is_some() {
            0.05
        } else {
            0.7
        }
    }

    /// The greedy player does not open domestic offers itself; if it is in
    /// one (an external program can start it), it withdraws. Opening and
    /// withdrawing changes nothing, so an open scored above a lost game would
    /// stall forever rather than end a turn after which another player wins
    /// (points won outside one's own turn count at the start of it). Squire
    /// steps over one's own roads are free and may be taken any number of
    /// times (`snh.squire.move`): the same stall, so a squire steps only
    /// onto an opponent's squire, which it sends home (see `ck`).
    fn never(&self, s: &State<P>, seat: Seat, action: &Action) -> bool {
        match *action {
            // Greedy makes no counter-offers: it answers offers
            // (`catan.trade.counter`) and takes what helps it; only
            // `greedy:offers` opens one, and only as its plan says.
            Action::Base(BaseAction::OpenTrade) => !(self.offers && self.offer_plan(s, seat).is_some()),
            Action::Base(BaseAction::CounterOffer | BaseAction::ReviseOffer) => true,
            Action::Base(BaseAction::OfferGive { .. } | BaseAction::OfferGet { .. }) => self.off_plan(s, seat, action),
            Action::Ck(CkAction::MoveSquire { to, .. }) => !ck::step_displaces(s, seat, to),
            _ => false,
        }
    }

    fn action_bias(&self, s: &State<P>, seat: Seat, action: &Action) -> f64 {
        // Below any loss: never chosen while another action exists.
        if self.never(s, seat, action) {
            return -1e7;
        }
        if let Some(c) = s.ck() {
            if let Some(b) = ck::action_bias(self, s, c, seat, action) {
                return b;
            }
        }
        match *action {
            // Expected worth of the card drawn (the draw is still to come).
            Action::Base(BaseAction::BuyDevelopmentCard) => 0.45,
            // Building over trading: a maritime trade must pay for itself.
            Action::Base(BaseAction::MaritimeTrade { .. }) => -0.02,
            Action::Base(BaseAction::MoveRobber { victim: Some(v), .. }) => {
                let cards = s.players.get(v.index()).map_or(0, |p| p.hand.total());
                if cards > 0 {
                    0.15 + 0.02 * f64::from(s.points(v))
                } else {
                    0.0
                }
            }
            Action::Base(BaseAction::CancelTrade) => match s.phase {
                Phase::Base(BasePhase::TradeDraft { .. }) => 0.1,
                _ => 0.0,
            },
            // `greedy:offers`: the offer of its plan, a little above ending
            // the turn and below any build.
            Action::Base(BaseAction::OpenTrade) => 0.05,
            Action::Base(BaseAction::OfferGive { .. } | BaseAction::OfferGet { .. } | BaseAction::SubmitOffer) => 0.5,
            Action::Base(BaseAction::AcceptOffer) => match s.phase {
                Phase::Base(BasePhase::TradeReplies { offer, .. }) => {
                    let gain = self.offer_gain(s, seat, &offer.give, &offer.get);
                    let offerer_near_win = s.public_points(s.current) + 2 >= s.victory_points;
                    if gain.is_finite() && !offerer_near_win {
                        gain - 0.03
                    } else {
                        -1.0
                    }
                }
                _ => 0.0,
            },
            // The offerer settles as soon as an answer helps it; whoever has
            // not answered by then counts as declining.
            Action::Base(BaseAction::ConfirmTrade { .. }) => match s.phase {
                Phase::Base(BasePhase::TradeConfirm { offer, .. } | BasePhase::TradeReplies { offer, .. }) => {
                    self.trade_worth(s, seat, &offer.get, &offer.give)
                }
                _ => 0.0,
            },
            Action::Base(BaseAction::AcceptCounter { from }) => {
                let c = s.counter(from);
                self.trade_worth(s, seat, &c.get, &c.give)
            }
            _ => 0.0,
        }
    }
}

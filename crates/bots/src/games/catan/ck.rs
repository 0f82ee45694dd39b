//! What a club player values in Cities & Knights (rule sets `cities_knights`
//! and `cities_knights_heroes`), on top of the base game's evaluator:
//!
//! - **the barbarians**: the ship's distance makes the threat urgent; a
//!   player whose own defence is the lowest while Catan's defence falls
//!   short of the barbarians' strength stands to lose a city, the single
//!   strongest defender of a held attack gains a Defender point, tied ones a
//!   progress card;
//! - **knights** by level, more when active (they count against the
//!   barbarians and can act);
//! - **improvements** by level (progress card draws, the level-3 abilities),
//!   the metropolis a level 4 or 5 takes, and how close the commodities in
//!   hand are to the next level; commodities also count as cards in hand;
//! - **city walls** (a little, and the hand limit they raise);
//! - **progress cards** in hand, by kind, and for cards whose effect comes
//!   after the play (a choice of others, a chance draw) an action bias with
//!   its expected worth;
//! - **heroes and squires**: in this engine they bring no points, production
//!   or strength (battles are out of scope, see `rules/heroes.md`); what
//!   they are worth at the table is the battles of the full module, which a
//!   club player prepares for. The hero is valued at a little less than a
//!   commodity close to an improvement, so a bot makes its hero with a
//!   commodity it has no better use for (a track at level 5, no city, a
//!   surplus); a squire at a little more than the activation it costs, so it
//!   is recruited while the barbarians are far and the hero's defence is not
//!   needed. A squire steps only to send an opponent's squire home: free
//!   steps over own roads could be taken without end.

use super::{pips, CatanHeuristic};
use catan::query::{
    self, barbarian_strength, defence, hero_node, own_defence, pillageable, squire_owner, BARBARIAN_STEPS,
};
use catan::{Action, Part, Phase, Resources, State};
use catan::{CkAction, CkPhase};
use catan::{CkState, ProgressCard, ProgressHand, Track};
use engine::{Seat, MAX_SEATS};

/// The Cities & Knights weights of [`CatanHeuristic`].
#[derive(Clone, Copy, Debug)]
pub struct CkWeights {
    /// Value of improvement levels 0–5 of one track (the metropolis counts
    /// separately, as its points).
    pub level: [f64; 6],
    /// Share of the next level's worth credited to commodities towards it
    /// (times 0.6 per commodity still missing).
    pub toward_level: f64,
    /// Value of a knight per strength point.
    pub knight: f64,
    /// Value of a knight on the board at all.
    pub knight_base: f64,
    /// Extra value of an active knight per strength point.
    pub active: f64,
    /// What losing a city to the barbarians costs (its point and half its
    /// production, roughly).
    pub pillage: f64,
    /// Value of a city wall (beyond the hand limit it raises).
    pub wall: f64,
    /// Value of a progress card drawn, on average.
    pub progress: f64,
    /// Value of having the hero on the board (heroes and squires).
    pub hero: f64,
    /// Value of a squire on the board.
    pub squire: f64,
}

impl Default for CkWeights {
    fn default() -> Self {
        CkWeights {
            level: [0.0, 0.45, 0.9, 1.6, 2.0, 2.4],
            toward_level: 0.5,
            knight: 0.12,
            knight_base: 0.15,
            active: 0.06,
            pillage: 1.6,
            wall: 0.2,
            progress: 0.35,
            hero: 0.3,
            squire: 0.3,
        }
    }
}

/// The barbarian situation of a state, computed once per evaluation.
pub(super) struct Siege {
    /// How soon the attack comes, 0–1 (1: on the next ship face).
    urgency: f64,
    /// Cities on the board (the barbarians' strength).
    strength: u32,
    /// Active knights of all players.
    defence: u32,
    /// Each seat's own defence.
    own: [u32; MAX_SEATS],
    /// The lowest own defence among seats that can lose a city.
    lowest: Option<u32>,
    /// The highest own defence and how many seats share it.
    highest: (u32, usize),
}

impl Siege {
    pub(super) fn of<P: Part>(s: &State<P>, ck: &CkState) -> Siege {
        let n = s.n().min(MAX_SEATS);
        let mut own = [0u32; MAX_SEATS];
        for (i, o) in own.iter_mut().enumerate().take(n) {
            *o = own_defence(s, Seat(i as u8));
        }
        let lowest = (0..n)
            .filter(|&i| !pillageable(s, Seat(i as u8)).is_empty())
            .map(|i| own[i])
            .min();
        let high = own[..n].iter().copied().max().unwrap_or(0);
        let ties = own[..n].iter().filter(|&&d| d == high).count();
        // The ship advances on half the rolls: about two steps per round of
        // four turns, so k steps left are k/2 rounds away.
        let left = f64::from(BARBARIAN_STEPS.saturating_sub(ck.barbarians).max(1));
        Siege {
            urgency: 1.0 / (1.0 + 0.75 * (left - 1.0)),
            strength: barbarian_strength(s),
            defence: defence(s),
            own,
            lowest,
            highest: (high, ties),
        }
    }

    /// What the coming attack is worth to seat `i` (negative: a city at risk).
    fn outlook<P: Part>(&self, w: &CkWeights, s: &State<P>, i: usize) -> f64 {
        let d = self.own.get(i).copied().unwrap_or(0);
        if self.defence < self.strength {
            if self.lowest == Some(d) && !pillageable(s, Seat(i as u8)).is_empty() {
                return -self.urgency * w.pillage;
            }
            0.0
        } else if d > 0 && d == self.highest.0 {
            // A Defender of Catan point, or a progress card for a tie.
            self.urgency * if self.highest.1 == 1 { 1.0 } else { w.progress }
        } else {
            0.0
        }
    }
}

/// The value of a progress card kept in hand (victory point cards are
/// revealed at once and counted as points).
pub(super) fn card_value(card: ProgressCard) -> f64 {
    use ProgressCard::*;
    // Low enough that a card is played when its effect is worth having:
    // a card kept is worth only its best later use, and a fifth card must be
    // discarded (`ck.progress.hand_limit`).
    match card {
        Printer | Constitution => 0.0,
        Merchant | Medicine | Crane | Engineer | Smith | Warlord | Alchemist => 0.3,
        ResourceMonopoly | TradeMonopoly | Irrigation | Mining | RoadBuilding | Deserter | Intrigue => 0.25,
        Wedding | MasterMerchant | Spy | Saboteur | Bishop | Inventor => 0.2,
        Diplomat | MerchantFleet | CommercialHarbor => 0.1,
    }
}

/// The Cities & Knights part of the value of seat `i`.
pub(super) fn value<P: Part>(h: &CatanHeuristic, s: &State<P>, ck: &CkState, siege: &Siege, i: usize) -> f64 {
    let w = &h.ck;
    let (Some(p), Some(c)) = (s.players.get(i), ck.players.get(i)) else {
        return 0.0;
    };
    let mut v = siege.outlook(w, s, i);
    // Knights.
    for node in c.knights().iter() {
        let strength = f64::from(c.strength(c.knights(), node));
        v += w.knight_base + w.knight * strength;
        if c.roster.has(catan::KnightBit::Active, node) {
            v += w.active * strength;
        }
    }
    // Improvements, the metropolis race and the commodities towards them.
    let has_city = !p.cities.is_empty();
    for track in Track::ALL {
        let level = usize::from(c.levels[track.index()]).min(5);
        v += w.level[level];
        if level < 5 && has_city {
            let need = level as i32 + 1;
            let have = i32::from(c.commodities.get(track.commodity()));
            let mut gain = w.level[level + 1] - w.level[level];
            if takes_metropolis(ck, track, i, level as u8 + 1) {
                gain += 2.0;
            }
            v += w.toward_level * gain * 0.6f64.powi((need - have).max(0));
        }
    }
    v += w.wall * c.walls.len() as f64;
    if hero_node(s, Seat(i as u8)).is_some() {
        v += w.hero;
    }
    v += w.squire * c.heroes.squires.len() as f64;
    for card in ProgressCard::ALL {
        let n = c.progress.get(card);
        if n > 0 {
            v += f64::from(n) * card_value(card);
        }
    }
    v + pending(w, s, i)
}

/// Whether reaching `level` on `track` takes the metropolis for seat `i`
/// (`ck.metro.first_to_four`: the first to 4, or 5 against a holder at 4).
fn takes_metropolis(ck: &CkState, track: Track, i: usize, level: u8) -> bool {
    match ck.metropolises[track.index()] {
        None => level >= 4,
        Some(m) if m.seat.index() == i => false,
        Some(m) => {
            level == 5
                && ck
                    .players
                    .get(m.seat.index())
                    .is_some_and(|holder| holder.levels[track.index()] < 5)
        }
    }
}

/// Gains and losses a phase still owes (the state does not show them yet).
fn pending<P: Part>(w: &CkWeights, s: &State<P>, i: usize) -> f64 {
    let seat = Seat(i as u8);
    match s.phase {
        Phase::Ck(CkPhase::PlaceMetropolis { .. }) if s.current == seat => 2.0,
        Phase::Ck(CkPhase::Pillage { owed }) if owed.contains(seat) => -w.pillage,
        Phase::Ck(CkPhase::DefenderDeck { pending }) if pending.contains(seat) => w.progress,
        Phase::Ck(CkPhase::ProgressDraw { seat: drawer, .. }) if drawer == seat => w.progress,
        _ => 0.0,
    }
}

/// The hand limit at a 7 (`ck.seven.hand_limit`): 7 plus 2 per wall.
pub(super) fn hand_limit(ck: &CkState, i: usize) -> u32 {
    7 + 2 * ck.players.get(i).map_or(0, |c| c.walls.len() as u32)
}

/// Cards in a Cities & Knights hand: resources and commodities.
pub(super) fn commodities(ck: &CkState, i: usize) -> u32 {
    ck.players.get(i).map_or(0, |c| c.commodities.total())
}

/// What the hand still buys in Cities & Knights beyond the base game's
/// city, settlement and road: a knight (wool and ore), the activation of an
/// inactive knight (grain), a wall (two brick).
pub(super) fn hand_extras<P: Part>(s: &State<P>, ck: &CkState, i: usize, hand: &Resources) -> f64 {
    let (Some(p), Some(c)) = (s.players.get(i), ck.players.get(i)) else {
        return 0.0;
    };
    let close = |cost: &Resources| super::closeness(hand, cost);
    let mut v = 0.0;
    if c.knights_left(c.knights(), 1) > 0 {
        v += 0.15 * close(&query::KNIGHT_COST);
    }
    if (c.knights().0 & !c.active().0).any() {
        v += 0.1 * close(&query::ACTIVATE_COST);
    }
    if (c.walls.len() as u32) < u32::from(query::WALL_LIMIT) && !p.cities.is_empty() {
        v += 0.05 * close(&query::WALL_COST);
    }
    v
}

/// Production of `seat` on a roll of `number`, in cards (cities two).
fn cards_on<P: Part>(s: &State<P>, seat: usize, number: u8) -> f64 {
    let Some(p) = s.players.get(seat) else {
        return 0.0;
    };
    let t = s.topology();
    let mut cards = 0.0;
    for (h, tile) in s.board.tiles.iter().enumerate() {
        if tile.number != Some(number) || h == s.robber.index() || tile.terrain.resource().is_none() {
            continue;
        }
        for node in p.settlements.iter() {
            if t.node_hexes.get(node.index()).copied().unwrap_or(0) & (1 << h) != 0 {
                cards += 1.0;
            }
        }
        for node in p.cities.iter() {
            if t.node_hexes.get(node.index()).copied().unwrap_or(0) & (1 << h) != 0 {
                cards += 2.0;
            }
        }
    }
    cards
}

/// The bias of a Cities & Knights action whose effect the successor state
/// does not show yet (a chance to come, other seats' choices still owed),
/// or `None` for an action the state evaluation judges alone.
pub(super) fn action_bias<P: Part>(
    h: &CatanHeuristic,
    s: &State<P>,
    ck: &CkState,
    seat: Seat,
    action: &Action,
) -> Option<f64> {
    let i = seat.index();
    let n = s.n();
    let others_more = |f: &dyn Fn(usize) -> f64| -> f64 {
        (0..n)
            .filter(|&j| j != i && s.points(Seat(j as u8)) >= s.points(seat))
            .map(f)
            .sum()
    };
    let cards = |j: usize| f64::from(query::card_count(s, Seat(j as u8)));
    // Cards whose effect comes later are scored against keeping them: the
    // card's value in hand comes back as bias, minus a threshold the effect
    // must clear.
    let play = |card: ProgressCard, effect: f64, threshold: f64| card_value(card) + effect - threshold;
    // Only Cities & Knights' own actions carry such a bias.
    let Action::Ck(action) = *action else {
        return None;
    };
    let bias = match action {
        // Alchemist: the production of the chosen sum, for me against the
        // best other seat; never a 7. A higher red die also draws progress
        // cards more often at a gate.
        CkAction::PlayAlchemist { red, yellow } => {
            let sum = red + yellow;
            if sum == 7 {
                -1.0
            } else {
                let mine = cards_on(s, i, sum);
                let other = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| cards_on(s, j, sum))
                    .fold(0.0, f64::max);
                let effect = 0.1 * (mine - 0.5 * other) + 0.01 * f64::from(red);
                play(ProgressCard::Alchemist, effect, 0.25)
            }
        }
        CkAction::PlayProgress { card } => match card {
            ProgressCard::RoadBuilding => {
                let roads = s.players.get(i).map_or(0, |p| p.roads_left());
                play(card, 0.06 * f64::from(roads.min(2)), 0.0)
            }
            ProgressCard::Smith => {
                let promotable = s.players.get(i).map_or(0, |_| {
                    let c = &ck.players[i];
                    (c.knights().0 & !c.mighty().0).count_ones()
                });
                play(card, (h.ck.knight + 0.02) * f64::from(promotable.min(2)), 0.2)
            }
            // Those with as many points or more discard half their cards.
            ProgressCard::Saboteur => play(card, others_more(&|j| 0.05 * (cards(j) / 2.0).floor()), 0.15),
            // Those with more points give two cards each.
            ProgressCard::Wedding => {
                let effect = (0..n)
                    .filter(|&j| j != i && s.points(Seat(j as u8)) > s.points(seat))
                    .map(|j| 0.08 * cards(j).min(2.0))
                    .sum();
                play(card, effect, 0.1)
            }
            _ => 0.0,
        },
        CkAction::PlayBishop { hex } => {
            let t = s.topology();
            let robbed = (0..n)
                .filter(|&j| j != i && cards(j) > 0.0)
                .filter(|&j| {
                    s.players[j]
                        .buildings()
                        .iter()
                        .any(|node| t.node_hexes.get(node.index()).copied().unwrap_or(0) & (1 << hex.index()) != 0)
                })
                .count();
            play(ProgressCard::Bishop, 0.1 * robbed as f64, 0.15)
        }
        CkAction::PlayDeserter { .. } => play(ProgressCard::Deserter, 0.1, 0.0),
        CkAction::PlaySpy { victim } => {
            if ck.players.get(victim.index()).is_some_and(|c| c.progress.limited() > 0) {
                play(ProgressCard::Spy, 0.1, 0.0)
            } else {
                -1.0
            }
        }
        CkAction::PlayMasterMerchant { victim } => {
            play(ProgressCard::MasterMerchant, 0.07 * cards(victim.index()).min(2.0), 0.1)
        }
        // A knight that chases the robber away frees the production of the
        // robber's hex (the robber is moved in the next decision).
        CkAction::ChaseRobber { .. } => {
            let hex = s.robber.index();
            let number = s.board.tiles.get(hex).and_then(|t| t.number).unwrap_or(0);
            let t = s.topology();
            let p = &s.players[i];
            let touches = |node: catan::NodeId| t.node_hexes.get(node.index()).copied().unwrap_or(0) & (1 << hex) != 0;
            let level = p.settlements.iter().filter(|&n| touches(n)).count()
                + 2 * p.cities.iter().filter(|&n| touches(n)).count();
            h.pip * pips(number) * level as f64 + 0.1
        }
        CkAction::BankTrade { .. } => -0.02,
        CkAction::ChooseDeck { .. } => 0.0,
        _ => return None,
    };
    Some(bias)
}

/// Whether a squire step sends an opponent's squire home
/// (`snh.squire.displace`): the only step the bots take (see the module
/// documentation).
pub(super) fn step_displaces<P: Part>(s: &State<P>, seat: Seat, to: catan::HexId) -> bool {
    s.ck().is_some() && squire_owner(s, to).is_some_and(|owner| owner != seat)
}

//! What a club player values in Catan Junior: lairs first (all seven on the
//! board win), then what the lairs produce (one tile per lair on an island
//! whose number is rolled, except where Käpt'n Klau stands), a free lair site
//! at the end of an own ship, a hand close to the next lair, and the Coco
//! card majority (its castle lair counts towards the seven). Klau goes where
//! he hurts the leader; offers of the pro variant are answered by what the
//! trade does to both sides.

use crate::heuristic::Heuristic;
use catan_junior::goods::{COCO_COST, LAIR_COST, SHIP_COST};
use catan_junior::rules::build::{lair_sites, lairs_left, ship_routes};
use catan_junior::{Action, CatanJunior, Goods, State};
use engine::Seat;

/// The Catan Junior evaluator (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct JuniorHeuristic {
    /// Value of one producing lair (per island it touches).
    pub production: f64,
    /// Value of producing a good at all.
    pub variety: f64,
    /// Value of one open Coco card.
    pub coco: f64,
}

impl Default for JuniorHeuristic {
    fn default() -> Self {
        JuniorHeuristic {
            production: 0.12,
            variety: 0.08,
            coco: 0.25,
        }
    }
}

fn missing(hand: &Goods, cost: &Goods) -> i32 {
    hand.0
        .iter()
        .zip(cost.0)
        .map(|(&h, c)| i32::from(c.saturating_sub(h)))
        .sum()
}

impl JuniorHeuristic {
    fn value(&self, s: &State, p: usize) -> f64 {
        let board = s.board();
        let mut v = f64::from(s.lairs_on_board(p));
        let lairs = s.lairs[p & 3];
        let mut prod = [0u32; 5];
        for (i, island) in board.islands.iter().enumerate() {
            if i == usize::from(s.klau.0) {
                continue;
            }
            prod[island.good.index()] += (lairs & island.sites).count_ones();
        }
        for &x in &prod {
            v += self.production * f64::from(x);
            if x > 0 {
                v += self.variety;
            }
        }
        let sites = lair_sites(s, p);
        let left = lairs_left(s, p);
        if left > 0 && sites != 0 {
            v += 0.3 + 0.03 * f64::from(sites.count_ones().min(3));
        }
        let hand = &s.hands[p & 3];
        let close = |cost: &Goods| 0.55f64.powi(missing(hand, cost));
        if left > 0 {
            v += if sites != 0 { 0.5 } else { 0.2 } * close(&LAIR_COST);
        }
        if ship_routes(s, p) != 0 && sites == 0 {
            v += 0.3 * close(&SHIP_COST);
        }
        v += 0.15 * close(&COCO_COST);
        let tiles = f64::from(hand.total());
        v += 0.03 * tiles.min(8.0);
        // Coco cards: the majority (the castle lair is already counted above)
        // is contested, so every card counts.
        v += self.coco * f64::from(s.card_count(p));
        v
    }
}

impl Heuristic<CatanJunior> for JuniorHeuristic {
    fn evaluate(&self, s: &State, values: &mut [f64]) {
        for (i, v) in values.iter_mut().enumerate() {
            *v = self.value(s, i);
        }
    }

    fn temperature(&self) -> f64 {
        1.0
    }

    /// A game is short (about 50 decisions): rollouts play it to the end,
    /// which measured clearly better than scoring a cut-off position.
    fn rollout_depth(&self) -> u32 {
        200
    }

    /// Many actions (trades in either order) lead to the same few plans:
    /// the search stays with the heuristic's best ones.
    fn widen(&self) -> u32 {
        2
    }

    fn action_bias(&self, _s: &State, _seat: Seat, action: &Action) -> f64 {
        match action {
            // The card drawn is still to come: a tile bonus, a free build or
            // Klau, and one card towards the majority.
            Action::AskCoco => 0.45,
            // Building over trading: a trade must lead somewhere.
            Action::TradeSupply { .. } | Action::TradeRing { .. } => -0.02,
            // The greedy player answers offers but does not make them (an
            // offer the partner declines would be made again and again).
            Action::Offer { .. } => -1.0,
            _ => 0.0,
        }
    }
}

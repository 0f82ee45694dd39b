//! Cities & Knights as a [`Layer`] over the base rules: the clauses of base
//! rules that this rule set changes, answered from its own state. The base
//! functions (`check_settlement_with`, `check_city_with`, `build_actions`,
//! the robber's moves, trade confirmation) run unchanged around these hooks.

use super::error::CkError;
use super::knights::all_knights;
use super::CkState;
use crate::bits::NodeSet;
use crate::error::CatanError;
use crate::rules::layer::Layer;
use crate::state::{BaseState, CITY_LIMIT, SETTLEMENT_LIMIT};
use crate::topology::NodeId;
use engine::Seat;

/// The Cities & Knights layer: a view of the rule set's state, handed out by
/// the dispatch (never a default).
#[derive(Clone, Copy, Debug)]
pub struct CkLayer<'a>(pub &'a CkState);

impl CkLayer<'_> {
    /// Cards (resources and commodities) `seat` holds.
    #[inline]
    pub fn card_count(self, state: &BaseState, seat: Seat) -> u32 {
        state.players[seat.index()].hand.total() + self.0.players[seat.index()].commodities.total()
    }
}

impl Layer for CkLayer<'_> {
    /// A commodity can be stolen as well as a resource.
    #[inline]
    fn can_be_robbed(self, state: &BaseState, seat: Seat) -> bool {
        self.card_count(state, seat) > 0
    }

    #[inline]
    fn settlement_blockers(self, state: &BaseState) -> NodeSet {
        all_knights(state, self.0)
    }

    #[inline]
    fn settlement_blocked(self, state: &BaseState, node: NodeId) -> Result<(), CatanError> {
        if all_knights(state, self.0).contains(node) {
            return Err(CkError::SettlementOnKnight.into());
        }
        Ok(())
    }

    /// Real settlement pieces left: a flat city piece is not one of them.
    #[inline]
    fn settlements_left(self, state: &BaseState, seat: Seat) -> u8 {
        let p = &state.players[seat.index()];
        let flat = self.0.players[seat.index()].flat.len();
        SETTLEMENT_LIMIT.saturating_sub((p.settlements.len() - flat.min(p.settlements.len())) as u8)
    }

    /// City pieces left: a flat city piece is still a city piece off the supply.
    #[inline]
    fn cities_left(self, state: &BaseState, seat: Seat) -> u8 {
        let p = &state.players[seat.index()];
        let flat = self.0.players[seat.index()].flat.len();
        CITY_LIMIT.saturating_sub((p.cities.len() + flat) as u8)
    }

    /// A flat city stands up again without a new piece (`ck.barbarian.pillage`).
    #[inline]
    fn city_piece_free(self, _state: &BaseState, seat: Seat, node: NodeId) -> bool {
        self.0.players[seat.index()].flat.contains(node)
    }

    /// Other players' knights block and break roads like buildings.
    #[inline]
    fn road_blockers(self, state: &BaseState, seat: usize) -> NodeSet {
        NodeSet(state.players.opponent_buildings(seat).0 | self.0.opponent_knights(seat, state.n()).0)
    }

    /// Metropolises, defender points, revealed cards, the merchant.
    #[inline]
    fn public_points(self, state: &BaseState, seat: Seat) -> u8 {
        state.base_public_points(seat) + self.0.points(seat)
    }
}

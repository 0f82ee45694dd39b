//! The hooks through which a rule set changes base rules it reuses.
//!
//! A rule set on top of the base game (Cities & Knights) does not copy a base
//! rule to change one clause of it: the base rule is written once, generic
//! over a [`Layer`], and asks the layer at exactly the clauses a rule set may
//! change. [`Base`] answers with the base game's rules; the base game's
//! entry points use it, so they compile to the same code as before (every
//! hook is inlined into its caller). Cities & Knights implements the trait in
//! `cities_knights::layer` over its own state.
//!
//! The trait is small on purpose: a hook exists only where a rule set really
//! differs, and it says which rule clause it stands for.

use crate::bits::NodeSet;
use crate::error::CatanError;
use crate::state::BaseState;
use crate::topology::NodeId;
use engine::Seat;

/// The clauses of base rules that a rule set may change. Every method has the
/// base game's answer as its default.
pub trait Layer: Copy {
    /// Whether `seat` holds a card a robber could steal (`catan.robber.steal`;
    /// Cities & Knights counts commodities too).
    #[inline]
    fn can_be_robbed(self, state: &BaseState, seat: Seat) -> bool {
        !state.players[seat.index()].hand.is_empty()
    }

    /// Nodes that the distance rule leaves open but where no settlement may
    /// go (Cities & Knights: knights, `ck.knight.blocks_settlement`).
    #[inline]
    fn settlement_blockers(self, _state: &BaseState) -> NodeSet {
        NodeSet::EMPTY
    }

    /// Why no settlement may go on `node` although the distance rule allows
    /// it; checked right after the distance rule.
    #[inline]
    fn settlement_blocked(self, _state: &BaseState, _node: NodeId) -> Result<(), CatanError> {
        Ok(())
    }

    /// Settlement pieces left in the supply of `seat`.
    #[inline]
    fn settlements_left(self, state: &BaseState, seat: Seat) -> u8 {
        state.players[seat.index()].settlements_left()
    }

    /// City pieces left in the supply of `seat`.
    #[inline]
    fn cities_left(self, state: &BaseState, seat: Seat) -> u8 {
        state.players[seat.index()].cities_left()
    }

    /// Whether a city on `node` needs no new piece (Cities & Knights: a
    /// pillaged, flat city stands up again).
    #[inline]
    fn city_piece_free(self, _state: &BaseState, _seat: Seat, _node: NodeId) -> bool {
        false
    }

    /// The pieces of other seats that block and break the roads of `seat`:
    /// their buildings (`catan.build.road.blocked_by_building`; Cities &
    /// Knights adds their knights, `ck.knight.blocks_road`,
    /// `ck.knight.breaks_road`).
    #[inline]
    fn road_blockers(self, state: &BaseState, seat: usize) -> NodeSet {
        state.players.opponent_buildings(seat)
    }

    /// Visible points of `seat` (`catan.victory.*`; Cities & Knights adds
    /// metropolises, defenders, revealed cards and the merchant).
    #[inline]
    fn public_points(self, state: &BaseState, seat: Seat) -> u8 {
        state.base_public_points(seat)
    }

    /// All points of `seat`, hidden victory point cards included: what
    /// decides the game.
    #[inline]
    fn points(self, state: &BaseState, seat: Seat) -> u8 {
        let vp = state.players.get(seat.index()).map_or(0, |p| p.victory_point_cards());
        self.public_points(state, seat).saturating_add(vp)
    }
}

/// The base game: every hook keeps its default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Base;

impl Layer for Base {}

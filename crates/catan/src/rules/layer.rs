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
use crate::state::{Offer, State};
use crate::topology::NodeId;
use engine::Seat;

/// The clauses of base rules that a rule set may change. Every method has the
/// base game's answer as its default.
pub trait Layer: Copy {
    /// Whether `seat` holds a card a robber could steal (`catan.robber.steal`;
    /// Cities & Knights counts commodities too).
    #[inline]
    fn can_be_robbed(self, state: &State, seat: Seat) -> bool {
        !state.players[seat.index()].hand.is_empty()
    }

    /// Nodes that the distance rule leaves open but where no settlement may
    /// go (Cities & Knights: knights, `ck.knight.blocks_settlement`).
    #[inline]
    fn settlement_blockers(self, _state: &State) -> NodeSet {
        NodeSet::EMPTY
    }

    /// Why no settlement may go on `node` although the distance rule allows
    /// it; checked right after the distance rule.
    #[inline]
    fn settlement_blocked(self, _state: &State, _node: NodeId) -> Result<(), CatanError> {
        Ok(())
    }

    /// Settlement pieces left in the supply of `seat`.
    #[inline]
    fn settlements_left(self, state: &State, seat: Seat) -> u8 {
        state.players[seat.index()].settlements_left()
    }

    /// City pieces left in the supply of `seat`.
    #[inline]
    fn cities_left(self, state: &State, seat: Seat) -> u8 {
        state.players[seat.index()].cities_left()
    }

    /// Whether a city on `node` needs no new piece (Cities & Knights: a
    /// pillaged, flat city stands up again).
    #[inline]
    fn city_piece_free(self, _state: &State, _seat: Seat, _node: NodeId) -> bool {
        false
    }

    /// Whether `seat` holds what it gives in `offer` (`give`) or what it is
    /// asked for (`catan.trade.*`; Cities & Knights adds commodities).
    #[inline]
    fn covers_offer(self, state: &State, seat: Seat, offer: &Offer, give: bool) -> bool {
        let hand = &state.players[seat.index()].hand;
        hand.covers(if give { &offer.give } else { &offer.get })
    }
}

/// The base game: every hook keeps its default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Base;

impl Layer for Base {}

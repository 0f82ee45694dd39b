//! What a viewer sees: everything but the Coco deck's contents (its size only).
//! Goods, pieces and open Coco cards are public in Catan Junior.

use crate::board::Side;
use crate::edition::Edition;
use crate::goods::Goods;
use crate::ids::{Island, Link, Site};
use crate::json::{bits, Cards};
use crate::rules::build;
use crate::state::{Phase, State};
use engine::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// One seat as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Colour of the seat's pieces.
    pub colour: String,
    /// Tiles held (open).
    pub hand: Goods,
    /// Lair sites (the castle site included).
    pub lairs: Vec<Site>,
    /// Ship routes.
    pub ships: Vec<Link>,
    /// Open Coco cards.
    pub cards: Cards,
    /// Lairs still in the seat's own supply.
    pub lairs_left: u8,
    /// Ships still in the seat's own supply.
    pub ships_left: u8,
}

/// The view of one viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// Edition.
    pub edition: Edition,
    /// Pro variant.
    pub pro: bool,
    /// Board side.
    pub side: Side,
    /// Where the turn stands.
    pub phase: Phase,
    /// The captain.
    pub captain: Seat,
    /// Turns begun.
    pub turn: u32,
    /// Last roll this turn (0 before the roll).
    pub roll: u8,
    /// Käpt'n Klau's island.
    pub klau: Island,
    /// Rettungsring trade used this turn.
    pub ring_traded: bool,
    /// House rule `junior.house.offers_per_turn` (absent: no limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offers_per_turn: Option<u8>,
    /// Offers to other players opened this turn under the house rule.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub offers: u8,
    /// Goods that ran short this turn: not paid out until the next captain's turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short: Vec<crate::goods::Good>,
    /// The supply.
    pub supply: Goods,
    /// The Rettungsringe.
    pub rings: Goods,
    /// Cards left in the Coco deck (its contents are not shown).
    pub deck_size: u32,
    /// Who holds the castle site.
    pub castle: Option<Seat>,
    /// The seats in order.
    pub seats: Vec<SeatView>,
}

impl View {
    /// The view of `state` for `viewer`.
    pub fn of(state: &State, viewer: Viewer) -> View {
        let board = state.board();
        let data = state.data();
        let colours: &[&str] = if state.side() == Side::TwoPlayer {
            &data.two_player_colours
        } else {
            &data.colours
        };
        View {
            viewer,
            edition: state.edition,
            pro: state.pro,
            side: state.side(),
            phase: state.phase,
            captain: Seat(state.captain),
            turn: state.turn,
            roll: state.roll,
            klau: state.klau,
            ring_traded: state.ring_traded,
            offers_per_turn: state.offers_per_turn,
            offers: state.offers,
            short: state.short_goods(),
            supply: state.supply,
            rings: state.rings,
            deck_size: state.deck_size(),
            castle: state.castle_holder().map(|p| Seat(p as u8)),
            seats: (0..state.n())
                .map(|p| SeatView {
                    colour: colours.get(p).copied().unwrap_or("?").to_string(),
                    hand: state.hands[p],
                    lairs: bits(state.lairs[p]).map(Site).collect(),
                    ships: bits(state.ships[p]).filter_map(|r| board.link(r)).collect(),
                    cards: state.cards[p].into(),
                    lairs_left: build::lairs_left(state, p) as u8,
                    ships_left: build::ships_left(state, p) as u8,
                })
                .collect(),
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

//! The state: compact, `Copy`-friendly arrays indexed by seat, bitsets for pieces.

use crate::board::{Board, Side};
pub use crate::config::Config;
use crate::edition::{CocoCard, Edition, EditionData};
use crate::goods::{Good, Goods};
use crate::ids::Island;
use engine::Seat;
use serde::{Deserialize, Serialize};

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Phase {
    /// The captain's die roll is due (chance).
    Roll,
    /// The captain builds, asks Coco, trades, or ends the turn.
    Main,
    /// The captain moves Käpt'n Klau (after a 6 or a Coco card).
    MoveKlau,
    /// A Coco card is drawn (chance).
    DrawCoco,
    /// The captain places the free lair or ship of a Coco card.
    FreeBuild,
    /// Pro variant: the captain puts an offer to `to` together, tile by tile.
    OfferDraft {
        /// The player asked.
        to: Seat,
        /// Tiles the captain gives so far.
        give: Goods,
        /// Tiles the captain asks for so far.
        get: Goods,
    },
    /// Pro variant: `to` answers the captain's offer.
    Offer {
        /// The player asked.
        to: Seat,
        /// Tiles the captain gives.
        give: Goods,
        /// Tiles the captain gets.
        get: Goods,
    },
    /// The game is over.
    Over {
        /// The player with all lairs on the board.
        winner: Seat,
    },
}

impl Phase {
    /// Stable name of the phase (for `Rejection::WrongPhase`).
    pub const fn name(&self) -> &'static str {
        match self {
            Phase::Roll => "roll",
            Phase::Main => "main",
            Phase::MoveKlau => "move_klau",
            Phase::DrawCoco => "draw_coco",
            Phase::FreeBuild => "free_build",
            Phase::OfferDraft { .. } => "offer_draft",
            Phase::Offer { .. } => "offer",
            Phase::Over { .. } => "over",
        }
    }
}

/// The full state. Nothing in it is secret except the Coco deck's contents,
/// which the view reduces to its size.
///
/// Fields are public for building positions in tests and tools; `validate`
/// lists every inconsistency of a hand-made state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "crate::json::StateJson", into = "crate::json::StateJson")]
pub struct State {
    /// The edition played.
    pub edition: Edition,
    /// Pro variant on.
    pub pro: bool,
    /// Seats at the table (2–4).
    pub players: u8,
    /// Where the turn stands.
    pub phase: Phase,
    /// The captain (the seat whose turn it is).
    pub captain: u8,
    /// Turns begun (1 for the first captain's turn).
    pub turn: u32,
    /// The last die roll this turn (0 before the roll).
    pub roll: u8,
    /// Where Käpt'n Klau stands.
    pub klau: Island,
    /// Whether the Rettungsring trade was used this turn.
    pub ring_traded: bool,
    /// Goods that ran short this turn, one bit per [`Good::index`]: no roll,
    /// Coco card or Klau move pays them until the next captain's turn
    /// (`junior.production.supply_short`).
    pub short: u8,
    /// The general supply.
    pub supply: Goods,
    /// The five Rettungsringe, as a count per good (their positions do not matter).
    pub rings: Goods,
    /// Tiles per seat.
    pub hands: [Goods; 4],
    /// Lair sites per seat (bitset of dense site ids, the castle site included).
    pub lairs: [u64; 4],
    /// Ship routes per seat (bitset of dense route ids).
    pub ships: [u64; 4],
    /// Open Coco cards per seat, per kind.
    pub cards: [[u8; 4]; 4],
    /// The Coco deck as a multiset: cards left per kind (secret; the view shows the size).
    pub deck: [u8; 4],
    /// House rule `junior.house.offers_per_turn`: offers to other players the
    /// captain may open per turn (absent: no limit, the rulebook).
    pub offers_per_turn: Option<u8>,
    /// Offers opened in this turn (counted only under the house rule; 0 at the
    /// start of every turn).
    pub offers: u8,
}

impl State {
    /// Whether `good` ran short this turn (`junior.production.supply_short`).
    #[inline]
    pub fn is_short(&self, good: Good) -> bool {
        self.short & (1 << good.index()) != 0
    }

    /// The goods that ran short this turn, in good order.
    pub fn short_goods(&self) -> Vec<Good> {
        Good::ALL.into_iter().filter(|&g| self.is_short(g)).collect()
    }

    /// The side of the board in play.
    #[inline]
    pub fn side(&self) -> Side {
        Side::for_players(self.players as usize)
    }

    /// The shared board.
    #[inline]
    pub fn board(&self) -> &'static Board {
        Board::get(self.edition, self.side())
    }

    /// The edition's data table.
    #[inline]
    pub fn data(&self) -> &'static EditionData {
        self.edition.data()
    }

    /// Number of seats as an index bound (at most 4).
    #[inline]
    pub fn n(&self) -> usize {
        (self.players as usize).min(4)
    }

    /// The captain's index (bounded).
    #[inline]
    pub fn cap(&self) -> usize {
        (self.captain as usize) & 3
    }

    /// Open Coco cards of a seat.
    #[inline]
    pub fn card_count(&self, seat: usize) -> u32 {
        self.cards[seat & 3].iter().map(|&n| n as u32).sum()
    }

    /// Cards left in the deck.
    #[inline]
    pub fn deck_size(&self) -> u32 {
        self.deck.iter().map(|&n| n as u32).sum()
    }

    /// Lairs of a seat on the board (castle lair included).
    #[inline]
    pub fn lairs_on_board(&self, seat: usize) -> u32 {
        self.lairs[seat & 3].count_ones()
    }

    /// Bitset of every site holding a lair.
    #[inline]
    pub fn occupied_sites(&self) -> u64 {
        self.lairs.iter().fold(0, |m, l| m | l)
    }

    /// Bitset of every route holding a ship.
    #[inline]
    pub fn occupied_routes(&self) -> u64 {
        self.ships.iter().fold(0, |m, s| m | s)
    }

    /// The seat holding the castle site, if any.
    pub fn castle_holder(&self) -> Option<usize> {
        let bit = 1u64 << (self.board().castle_site.0 & 63);
        (0..self.n()).find(|&p| self.lairs[p] & bit != 0)
    }

    /// Tiles of every good owned by anyone or lying anywhere (supply, rings, hands).
    pub fn tiles_in_play(&self) -> [u32; 5] {
        let mut t = [0u32; 5];
        for g in Good::ALL {
            let i = g.index();
            t[i] = self.supply.0[i] as u32
                + self.rings.0[i] as u32
                + (0..self.n()).map(|p| self.hands[p].0[i] as u32).sum::<u32>();
        }
        t
    }

    /// A new game at the start of the first captain's turn (roll due).
    pub fn new(config: &Config, players: usize) -> State {
        let data = config.edition.data();
        let n = players.clamp(2, 4);
        let board = Board::get(config.edition, Side::for_players(n));
        let mut supply = Goods::new([data.tiles_per_good; 5]);
        let rings = Goods::new([1; 5]);
        supply.sub(&rings);
        let mut hands = [Goods::ZERO; 4];
        let mut lairs = [0u64; 4];
        let mut ships = [0u64; 4];
        for p in 0..n {
            hands[p] = data.starting_goods;
            supply.sub(&data.starting_goods);
            if let Some(s) = board.starts.get(p) {
                lairs[p] = s.lairs;
                ships[p] = s.ships;
            }
        }
        State {
            edition: config.edition,
            pro: config.pro,
            players: n as u8,
            phase: Phase::Roll,
            captain: 0,
            turn: 1,
            roll: 0,
            klau: Island::CASTLE,
            ring_traded: false,
            short: 0,
            supply,
            rings,
            hands,
            lairs,
            ships,
            cards: [[0; 4]; 4],
            deck: data.deck,
            offers_per_turn: config.offers_per_turn,
            offers: 0,
        }
    }

    /// The Coco card kinds as (kind, cards left) pairs.
    pub fn deck_entries(&self) -> impl Iterator<Item = (CocoCard, u8)> + '_ {
        CocoCard::ALL.iter().map(move |&c| (c, self.deck[c.index()]))
    }
}

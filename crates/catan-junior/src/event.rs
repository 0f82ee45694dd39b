//! What happened, for logs and clients. Nothing in Catan Junior is secret once
//! it happens (a Coco card is revealed at once), so events need no redaction.

use crate::edition::CocoCard;
use crate::goods::{Good, Goods};
use crate::ids::{Island, Link, Site};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The captain rolled.
    Rolled {
        /// The captain.
        captain: Seat,
        /// The number.
        value: u8,
    },
    /// A seat received tiles from the supply (production, Klau, a Coco card).
    Received {
        /// Who.
        seat: Seat,
        /// What.
        goods: Goods,
    },
    /// The island with Käpt'n Klau produced nothing (`junior.production.klau_blocks`).
    Blocked {
        /// The island.
        island: Island,
    },
    /// The supply could not pay a good in full: everyone returned all tiles of it
    /// (`junior.production.supply_short`).
    Shortage {
        /// The good.
        good: Good,
        /// Tiles each seat returned, in seat order (seats beyond the table: 0).
        returned: [u8; 4],
    },
    /// Käpt'n Klau moved.
    KlauMoved {
        /// The captain who moved him.
        captain: Seat,
        /// The island he stands on now.
        island: Island,
    },
    /// A piece was built.
    BuiltLair {
        /// Who.
        seat: Seat,
        /// Where.
        site: Site,
        /// Through a Coco card (no cost).
        free: bool,
    },
    /// A ship was built.
    BuiltShip {
        /// Who.
        seat: Seat,
        /// Where.
        route: Link,
        /// Through a Coco card (no cost).
        free: bool,
    },
    /// The captain asked Coco for help (paid 1 pineapple, 1 sabre, 1 gold).
    AskedCoco {
        /// The captain.
        captain: Seat,
    },
    /// A Coco card was revealed; it stays open before its owner.
    CocoRevealed {
        /// The captain.
        captain: Seat,
        /// The card.
        card: CocoCard,
    },
    /// The free build of a Coco card was lost: no lair and no ship could be placed.
    FreeBuildLost {
        /// The captain.
        captain: Seat,
    },
    /// The castle site changed hands (`junior.coco.castle`).
    Castle {
        /// The new holder, or `None` when a tie emptied it.
        holder: Option<Seat>,
        /// The seat whose lair went back to its supply, if any.
        returned_to: Option<Seat>,
    },
    /// Rettungsring trade.
    TradedRing {
        /// The captain.
        captain: Seat,
        /// Taken from a ring.
        take: Good,
        /// Put on the ring.
        give: Good,
    },
    /// Supply trade 2:1.
    TradedSupply {
        /// The captain.
        captain: Seat,
        /// Given, two tiles.
        give: Good,
        /// Taken, one tile.
        take: Good,
    },
    /// All five rings held one good: back to the supply, one of each good on the
    /// rings (`junior.trade.ring_refresh`).
    RingsRefreshed {
        /// The good that filled all five rings.
        good: Good,
    },
    /// A payout of `good` withheld: it ran short earlier this turn and is handed
    /// out again from the next captain's turn on (`junior.production.supply_short`).
    StillShort {
        /// The good.
        good: Good,
    },
    /// Pro variant: an offer was made.
    Offered {
        /// The captain.
        captain: Seat,
        /// The player asked.
        to: Seat,
        /// Tiles the captain gives.
        give: Goods,
        /// Tiles the captain gets.
        get: Goods,
    },
    /// Pro variant: the captain dropped the offer being put together.
    OfferCancelled {
        /// The captain.
        captain: Seat,
    },
    /// Pro variant: the offer was answered.
    OfferAnswered {
        /// The player asked.
        seat: Seat,
        /// Accepted (tiles exchanged) or declined.
        accepted: bool,
    },
    /// The turn passed to the next captain.
    TurnEnded {
        /// The new captain.
        next: Seat,
    },
    /// A player has all lairs on the board (`junior.win`).
    Won {
        /// The winner.
        seat: Seat,
    },
}

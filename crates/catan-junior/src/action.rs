//! What a seat can do: small `Copy` micro-actions.

use crate::goods::Good;
use crate::ids::{Island, Link, Site};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// One micro-action. The die roll and Coco draws are chance outcomes, not actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Build a pirate lair (paid, or free after a Coco build card).
    BuildLair {
        /// The site (printed number in JSON).
        site: Site,
    },
    /// Build a ship (paid, or free after a Coco build card).
    BuildShip {
        /// The route (two printed site numbers in JSON).
        route: Link,
    },
    /// Pay 1 pineapple, 1 sabre, 1 gold and draw a Coco card.
    AskCoco,
    /// Rettungsring 1:1: take `take` from a ring, put `give` in its place.
    TradeRing {
        /// The good taken from a ring.
        take: Good,
        /// The good put on the ring.
        give: Good,
    },
    /// Supply 2:1: give 2 tiles of `give`, take 1 tile of `take`.
    TradeSupply {
        /// The good given, two tiles.
        give: Good,
        /// The good taken, one tile.
        take: Good,
    },
    /// Move Käpt'n Klau (after a 6 or a Coco card) and take 2 tiles of that island's good.
    MoveKlau {
        /// The island (letter in JSON).
        island: Island,
    },
    /// Pro variant: the captain starts an offer to `to`, empty on both sides.
    OpenOffer {
        /// The other player.
        to: Seat,
    },
    /// Pro variant: one more tile of `good` that the captain gives.
    OfferGive {
        /// The good.
        good: Good,
    },
    /// Pro variant: one more tile of `good` that the captain asks for.
    OfferGet {
        /// The good.
        good: Good,
    },
    /// Pro variant: the offer put together goes to the partner.
    SubmitOffer,
    /// Pro variant: the offer being put together is dropped.
    CancelOffer,
    /// Pro variant: the asked player accepts the pending offer.
    Accept,
    /// Pro variant: the asked player declines the pending offer.
    Decline,
    /// The captain ends the turn; the left neighbour becomes captain.
    EndTurn,
}

/// The chance outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Chance {
    /// The captain's die roll, 1–6.
    Die {
        /// The number rolled.
        value: u8,
    },
    /// The Coco card drawn (its kind; the deck is a multiset, not an order).
    Coco {
        /// The kind drawn.
        card: crate::edition::CocoCard,
    },
}

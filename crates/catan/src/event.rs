//! What happened: the events of a step (the log, the clients), and what a
//! building event placed. Hidden parts are `null` in a redacted copy.

use crate::action::Dice;
use crate::dev::DevCard;
use crate::resource::{Resource, Resources};
use crate::topology::HexId;
use engine::Seat;
use serde::{Deserialize, Serialize};

pub use crate::vocab::Event;
/// What a building event placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// A road.
    Road,
    /// A settlement.
    Settlement,
    /// A city.
    City,
}

/// The base game's half of [`Event`] (the rule set every CATAN game plays).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", expecting = "internally tagged enum Event")]
pub enum BaseEvent {
    /// A piece was placed.
    Built {
        /// Who.
        seat: Seat,
        /// What.
        piece: Piece,
        /// The node (settlement, city) or edge (road) id.
        at: u8,
        /// Whether it was free (setup, road building card).
        free: bool,
    },
    /// Starting resources for the second settlement.
    StartingResources {
        /// Who.
        seat: Seat,
        /// What.
        resources: Resources,
    },
    /// A turn began.
    TurnStarted {
        /// Whose.
        seat: Seat,
        /// Its number.
        turn: u32,
    },
    /// The dice were rolled.
    Rolled {
        /// Who rolled.
        seat: Seat,
        /// The dice.
        dice: Dice,
    },
    /// Production paid to one player.
    Produced {
        /// Who.
        seat: Seat,
        /// What.
        resources: Resources,
    },
    /// The bank could not pay every claim on a resource.
    BankShortage {
        /// The resource nobody (or only the single claimant, partly) received.
        resource: Resource,
    },
    /// A card was discarded after a 7.
    Discarded {
        /// Who.
        seat: Seat,
        /// What.
        resource: Resource,
    },
    /// The robber moved.
    RobberMoved {
        /// Who moved it.
        seat: Seat,
        /// Where to.
        hex: HexId,
        /// Who will be robbed.
        victim: Option<Seat>,
    },
    /// A card was stolen. Only thief and victim see which.
    Stolen {
        /// The thief.
        thief: Seat,
        /// The victim.
        victim: Seat,
        /// The card (`null` for everybody else).
        resource: Option<Resource>,
    },
    /// A development card was bought. Only the buyer sees which.
    DevCardBought {
        /// The buyer.
        seat: Seat,
        /// The card (`null` for everybody else).
        card: Option<DevCard>,
    },
    /// A development card was played.
    DevCardPlayed {
        /// Who.
        seat: Seat,
        /// Which.
        card: DevCard,
    },
    /// Year of plenty paid out.
    TookFromBank {
        /// Who.
        seat: Seat,
        /// What.
        resources: Resources,
    },
    /// Monopoly: one player handed over all cards of the resource. Only the two
    /// concerned see how many.
    MonopolyPaid {
        /// The giver.
        from: Seat,
        /// The monopolist.
        to: Seat,
        /// The resource named.
        resource: Resource,
        /// How many (`null` for everybody else).
        count: Option<u8>,
    },
    /// A maritime trade.
    MaritimeTraded {
        /// Who.
        seat: Seat,
        /// What was given.
        give: Resource,
        /// How many were given (the rate).
        rate: u8,
        /// What was received (one card).
        get: Resource,
    },
    /// A domestic offer was put to the table.
    Offered {
        /// Who.
        seat: Seat,
        /// The offer.
        give: Resources,
        /// What is asked for.
        get: Resources,
        /// Commodities offered (Cities & Knights).
        #[serde(default, skip_serializing_if = "crate::cities_knights::Commodities::is_empty")]
        give_commodities: crate::cities_knights::Commodities,
        /// Commodities asked for (Cities & Knights).
        #[serde(default, skip_serializing_if = "crate::cities_knights::Commodities::is_empty")]
        get_commodities: crate::cities_knights::Commodities,
    },
    /// A reply to an offer.
    Replied {
        /// Who.
        seat: Seat,
        /// Accepted or not.
        accepted: bool,
    },
    /// A counter-offer to the active player's offer (`catan.trade.counter`),
    /// seen from the seat that makes it.
    Countered {
        /// Who counters.
        seat: Seat,
        /// What it would give.
        give: Resources,
        /// What it asks for.
        get: Resources,
        /// Commodities it would give (Cities & Knights).
        #[serde(default, skip_serializing_if = "crate::cities_knights::Commodities::is_empty")]
        give_commodities: crate::cities_knights::Commodities,
        /// Commodities it asks for (Cities & Knights).
        #[serde(default, skip_serializing_if = "crate::cities_knights::Commodities::is_empty")]
        get_commodities: crate::cities_knights::Commodities,
    },
    /// The active player withdrew its offer to put a new one together.
    OfferRevised {
        /// The active player.
        seat: Seat,
    },
    /// A domestic trade took place.
    Traded {
        /// The active player.
        seat: Seat,
        /// The partner.
        with: Seat,
        /// What the active player gave.
        give: Resources,
        /// What the active player received.
        get: Resources,
        /// Commodities the active player gave (Cities & Knights).
        #[serde(default, skip_serializing_if = "crate::cities_knights::Commodities::is_empty")]
        give_commodities: crate::cities_knights::Commodities,
        /// Commodities the active player received (Cities & Knights).
        #[serde(default, skip_serializing_if = "crate::cities_knights::Commodities::is_empty")]
        get_commodities: crate::cities_knights::Commodities,
    },
    /// An offer ended without a trade.
    TradeCancelled {
        /// The active player.
        seat: Seat,
    },
    /// Longest Road changed hands (or was set aside: `null`).
    LongestRoad {
        /// New holder.
        holder: Option<Seat>,
    },
    /// Largest Army changed hands.
    LargestArmy {
        /// New holder.
        holder: Option<Seat>,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        seat: Seat,
    },
    /// 5–6 players: `seat` takes their step of the Special Building Phase
    /// after the turn of `after` (`catan56.sbp.order`).
    SpecialBuilding {
        /// Who builds now.
        seat: Seat,
        /// Whose turn it is.
        after: Seat,
    },
    /// 5–6 players, paired: `seat` acts as player 2 in the turn of player 1
    /// `after` (`catan56.pair.player2`).
    PlayerTwo {
        /// Player 2.
        seat: Seat,
        /// Player 1.
        after: Seat,
    },
    /// The game was won; victory point cards are revealed.
    Won {
        /// The winner.
        seat: Seat,
        /// The winner's points.
        points: u8,
        /// Victory point cards of every seat, now public.
        victory_point_cards: Vec<u8>,
    },
}

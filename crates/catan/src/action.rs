//! The JSON-facing vocabulary: actions of a seat, chance outcomes, events.

use crate::dev::DevCard;
use crate::resource::{Resource, Resources};
use crate::topology::{EdgeId, HexId, NodeId};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// One micro-action of a seat. Small and `Copy`: the random-playout loop moves
/// thousands of them per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Place (setup, free) or build a settlement.
    BuildSettlement {
        /// Where.
        node: NodeId,
    },
    /// Place (setup, road building card: free) or build a road.
    BuildRoad {
        /// Where.
        edge: EdgeId,
    },
    /// Upgrade an own settlement to a city.
    BuildCity {
        /// Where: an intersection with an own settlement.
        node: NodeId,
    },
    /// Roll the dice.
    Roll,
    /// Discard one card after a 7.
    Discard {
        /// The card.
        resource: Resource,
    },
    /// Move the robber and name the victim (`null` when nobody can be robbed there).
    MoveRobber {
        /// The new hex.
        hex: HexId,
        /// Whom to steal from.
        #[serde(default)]
        victim: Option<Seat>,
    },
    /// Pay 1 wool, 1 grain, 1 ore for a development card.
    BuyDevelopmentCard,
    /// Play a knight.
    PlayKnight,
    /// Play road building.
    PlayRoadBuilding,
    /// Play year of plenty (`first` ≤ `second` in resource order).
    PlayYearOfPlenty {
        /// The first resource.
        first: Resource,
        /// The second resource.
        second: Resource,
    },
    /// Play monopoly on a resource.
    PlayMonopoly {
        /// The resource named.
        resource: Resource,
    },
    /// Trade with the bank at the best rate the player has (4:1, 3:1 or 2:1).
    MaritimeTrade {
        /// What the player gives.
        give: Resource,
        /// What the player gets (one card).
        get: Resource,
    },
    /// Start putting a domestic trade offer together.
    OpenTrade,
    /// Add one card to what the offer gives.
    OfferGive {
        /// The card.
        resource: Resource,
    },
    /// Add one card to what the offer asks for.
    OfferGet {
        /// The card.
        resource: Resource,
    },
    /// Put the offer to the other players.
    SubmitOffer,
    /// Accept the offer (reply of another player).
    AcceptOffer,
    /// Decline the offer (reply of another player).
    DeclineOffer,
    /// Trade with one of the players who accepted.
    ConfirmTrade {
        /// The partner.
        with: Seat,
    },
    /// Drop the offer.
    CancelTrade,
    /// End the turn.
    EndTurn,
}

/// A roll of the two dice. The Cities & Knights module will add the event die
/// as a further (optional) field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    /// The red die, 1–6.
    pub red: u8,
    /// The yellow die, 1–6.
    pub yellow: u8,
}

impl Dice {
    /// The sum of both dice.
    #[inline]
    pub const fn sum(self) -> u8 {
        self.red + self.yellow
    }
}

/// A chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Chance {
    /// The dice.
    Dice(Dice),
    /// The card taken from the victim of the robber.
    Steal {
        /// The card.
        resource: Resource,
    },
    /// The development card drawn.
    Draw {
        /// The card.
        card: DevCard,
    },
}

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

/// Something that happened. Hidden parts are `null` in a redacted copy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
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
    },
    /// A reply to an offer.
    Replied {
        /// Who.
        seat: Seat,
        /// Accepted or not.
        accepted: bool,
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

//! The base game's vocabulary: its actions and chance outcomes ([`BaseAction`],
//! [`BaseChance`]). Cities & Knights owns its own half
//! (`cities_knights::action`); [`crate::vocab`] joins the two into the
//! [`Action`] and [`Chance`] the engine and the wire see.

use crate::dev::DevCard;
use crate::resource::Resource;
use crate::topology::{EdgeId, HexId, NodeId};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// A board id named by an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A hex.
    Hex(HexId),
    /// An intersection.
    Node(NodeId),
    /// A path.
    Edge(EdgeId),
}

impl BaseAction {
    /// Every board id the action names (at most two): see [`Action::places`].
    /// Exhaustive on purpose: a new action does not compile until it says
    /// here which ids it carries.
    pub fn places(&self) -> [Option<Place>; 2] {
        use Place::{Edge, Hex, Node};
        match *self {
            BaseAction::BuildSettlement { node } | BaseAction::BuildCity { node } => [Some(Node(node)), None],
            BaseAction::BuildRoad { edge } => [Some(Edge(edge)), None],
            BaseAction::MoveRobber { hex, .. } => [Some(Hex(hex)), None],
            BaseAction::Roll
            | BaseAction::Discard { .. }
            | BaseAction::BuyDevelopmentCard
            | BaseAction::PlayKnight
            | BaseAction::PlayRoadBuilding
            | BaseAction::PlayYearOfPlenty { .. }
            | BaseAction::PlayMonopoly { .. }
            | BaseAction::MaritimeTrade { .. }
            | BaseAction::OpenTrade
            | BaseAction::OfferGive { .. }
            | BaseAction::OfferGet { .. }
            | BaseAction::SubmitOffer
            | BaseAction::AcceptOffer
            | BaseAction::DeclineOffer
            | BaseAction::ConfirmTrade { .. }
            | BaseAction::CancelTrade
            | BaseAction::CounterOffer
            | BaseAction::AcceptCounter { .. }
            | BaseAction::ReviseOffer
            | BaseAction::EndTurn => [None, None],
        }
    }

    /// The stored form of an action whose choices are unordered: Year of
    /// Plenty's two resources, the lower first (either order names the
    /// same play).
    pub fn canonical(self) -> BaseAction {
        match self {
            BaseAction::PlayYearOfPlenty { first, second } if first > second => BaseAction::PlayYearOfPlenty {
                first: second,
                second: first,
            },
            a => a,
        }
    }
}

/// The base game's half of [`Action`] (the rule set every CATAN game plays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", expecting = "internally tagged enum Action")]
// A plain tag byte, not one folded into a field: every match of the playout
// loop reads it directly, and the joined `Action` finds its own tag there.
#[repr(u8)]
pub enum BaseAction {
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
    /// Play year of plenty: the two resources in either order are the same
    /// play, listed and logged with `first` ≤ `second` in resource order.
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
        /// The rate, cards given for the one got: listed with every legal
        /// trade so a client need not work out harbors. It only confirms the
        /// player's best rate: left out, that rate is taken (and logged);
        /// another rate is refused (`catan.trade.rate`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rate: Option<u8>,
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
    /// Answer an offer with one's own (reply of another player,
    /// `catan.trade.counter`): start putting it together with `OfferGive`
    /// and `OfferGet`, from one's own side, and `SubmitOffer`.
    CounterOffer,
    /// Take the counter-offer of one seat (the active player).
    AcceptCounter {
        /// The seat whose counter-offer is taken.
        from: Seat,
    },
    /// Withdraw the offer and put a new one together without cancelling
    /// (the active player; counts as a new offer under
    /// `catan.house.trade_offers_per_turn`).
    ReviseOffer,
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

/// The base game's half of [`Chance`] (the rule set every CATAN game plays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", expecting = "internally tagged enum Chance")]
pub enum BaseChance {
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

pub use crate::event::{Event, Piece};
pub use crate::vocab::{Action, Chance};

//! The JSON-facing vocabulary: actions of a seat, chance outcomes, events.

use crate::cities_knights::{Card, Commodity, EventFace, ProgressCard, Track};
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

impl Action {
    /// Every board id the action names (at most two). Parsing already
    /// refused ids past the largest board; `legal::check_ids` checks these
    /// against the board in use before any rule reads them. The match is
    /// exhaustive on purpose: a new action does not compile until it says
    /// here which ids it carries, so none reaches the rules unchecked.
    pub fn places(&self) -> [Option<Place>; 2] {
        use Place::{Edge, Hex, Node};
        match *self {
            Action::BuildSettlement { node }
            | Action::BuildCity { node }
            | Action::BuildWall { node }
            | Action::BuildKnight { node }
            | Action::PromoteKnight { node }
            | Action::ActivateKnight { node }
            | Action::ChaseRobber { knight: node }
            | Action::RelocateKnight { node }
            | Action::UpgradeHero { node, .. }
            | Action::LoseCity { node }
            | Action::PlaceMetropolis { node }
            | Action::PlayEngineer { node }
            | Action::PlayMedicine { node }
            | Action::PlayIntrigue { node }
            | Action::RemoveKnight { node } => [Some(Node(node)), None],
            Action::MoveKnight { from, to } | Action::DisplaceKnight { from, to } => [Some(Node(from)), Some(Node(to))],
            Action::BuildRoad { edge } | Action::PlayDiplomat { edge } => [Some(Edge(edge)), None],
            Action::MoveRobber { hex, .. }
            | Action::RecruitSquire { hex }
            | Action::PlayBishop { hex }
            | Action::PlayMerchant { hex } => [Some(Hex(hex)), None],
            Action::MoveSquire { from: a, to: b } | Action::PlayInventor { a, b } => [Some(Hex(a)), Some(Hex(b))],
            Action::Roll
            | Action::Discard { .. }
            | Action::BuyDevelopmentCard
            | Action::PlayKnight
            | Action::PlayRoadBuilding
            | Action::PlayYearOfPlenty { .. }
            | Action::PlayMonopoly { .. }
            | Action::MaritimeTrade { .. }
            | Action::OpenTrade
            | Action::OfferGive { .. }
            | Action::OfferGet { .. }
            | Action::OfferGiveCommodity { .. }
            | Action::OfferGetCommodity { .. }
            | Action::SubmitOffer
            | Action::AcceptOffer
            | Action::DeclineOffer
            | Action::ConfirmTrade { .. }
            | Action::CancelTrade
            | Action::EndTurn
            | Action::DiscardCard { .. }
            | Action::BankTrade { .. }
            | Action::ChooseDeck { .. }
            | Action::DiscardProgress { .. }
            | Action::BuildImprovement { .. }
            | Action::AqueductTake { .. }
            | Action::PlayProgress { .. }
            | Action::PlayAlchemist { .. }
            | Action::CraneImprovement { .. }
            | Action::PlayDeserter { .. }
            | Action::PlaySpy { .. }
            | Action::PlayMasterMerchant { .. }
            | Action::PlayMerchantFleet { .. }
            | Action::PlayResourceMonopoly { .. }
            | Action::PlayTradeMonopoly { .. }
            | Action::EndCard
            | Action::GiveCard { .. }
            | Action::TakeCard { .. }
            | Action::TakeProgress { .. }
            | Action::HarborOffer { .. } => [None, None],
        }
    }
}

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
    /// Add one commodity to what the offer gives (Cities & Knights,
    /// `ck.trade.commodities`).
    OfferGiveCommodity {
        /// The card.
        commodity: Commodity,
    },
    /// Add one commodity to what the offer asks for (Cities & Knights).
    OfferGetCommodity {
        /// The card.
        commodity: Commodity,
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

    // Cities & Knights (`rules/cities-knights.md`).
    /// Discard one card (resource or commodity) after a 7 (`ck.seven.hand_limit`).
    DiscardCard {
        /// The card.
        card: Card,
    },
    /// Trade with the bank at the best rate for the card given (`ck.trade.bank`).
    BankTrade {
        /// What the player gives.
        give: Card,
        /// What the player takes (one card).
        get: Card,
        /// The rate, as for [`Action::MaritimeTrade`]: listed, optional when
        /// sent, refused when it is not the player's (`catan.trade.rate`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rate: Option<u8>,
    },
    /// Build a city wall under an own city (`ck.build.wall`).
    BuildWall {
        /// The city.
        node: NodeId,
    },
    /// Build a basic knight, inactive (`ck.knight.place`).
    BuildKnight {
        /// Where.
        node: NodeId,
    },
    /// Promote an own knight one level (`ck.knight.promote`).
    PromoteKnight {
        /// The knight.
        node: NodeId,
    },
    /// Activate an own knight for 1 grain (`ck.knight.activate`).
    ActivateKnight {
        /// The knight.
        node: NodeId,
    },
    /// Move an active knight along own roads (`ck.knight.move`).
    MoveKnight {
        /// The knight.
        from: NodeId,
        /// The empty intersection.
        to: NodeId,
    },
    /// Displace a weaker opposing knight (`ck.knight.displace`).
    DisplaceKnight {
        /// The displacing knight.
        from: NodeId,
        /// The opposing knight's intersection.
        to: NodeId,
    },
    /// Chase the robber away with an active knight on its hex (`ck.knight.chase_robber`).
    ChaseRobber {
        /// The knight.
        knight: NodeId,
    },
    /// Move one's displaced knight to an empty intersection (`ck.knight.displace`).
    RelocateKnight {
        /// Where.
        node: NodeId,
    },
    /// Heroes: upgrade an own knight to the hero for one commodity (`snh.hero.upgrade`).
    UpgradeHero {
        /// The knight.
        node: NodeId,
        /// The commodity paid.
        commodity: Commodity,
    },
    /// Heroes: the hero recruits a squire onto a hex touching it (`snh.squire.recruit`).
    RecruitSquire {
        /// The hex.
        hex: HexId,
    },
    /// Heroes: move a squire one step to a neighbouring hex (`snh.squire.move`).
    MoveSquire {
        /// The squire's hex.
        from: HexId,
        /// The neighbouring hex.
        to: HexId,
    },
    /// Give up a city to the barbarians (`ck.barbarian.pillage`).
    LoseCity {
        /// The city.
        node: NodeId,
    },
    /// A tied defender draws from this deck (`ck.barbarian.defender`).
    ChooseDeck {
        /// The deck.
        track: Track,
    },
    /// Discard a progress card over the hand limit (`ck.progress.hand_limit`).
    DiscardProgress {
        /// The card.
        card: ProgressCard,
    },
    /// Build the next level of a city improvement (`ck.improve.cost`).
    BuildImprovement {
        /// The track.
        track: Track,
    },
    /// Put a metropolis on an own city (`ck.metro.first_to_four`).
    PlaceMetropolis {
        /// The city.
        node: NodeId,
    },
    /// Take a resource by the Aqueduct (`ck.improve.aqueduct`).
    AqueductTake {
        /// The resource.
        resource: Resource,
    },
    /// Play a progress card that needs no choice up front (Irrigation, Mining,
    /// Road Building, Smith, Saboteur, Warlord, Wedding, Commercial Harbor).
    PlayProgress {
        /// The card.
        card: ProgressCard,
    },
    /// Alchemist: set the production dice before the roll (`ck.card.alchemist`).
    PlayAlchemist {
        /// The red die.
        red: u8,
        /// The yellow die.
        yellow: u8,
    },
    /// Crane together with the improvement it pays for (`ck.card.crane`).
    CraneImprovement {
        /// The track.
        track: Track,
    },
    /// Engineer: a free city wall (`ck.card.engineer`).
    PlayEngineer {
        /// The city.
        node: NodeId,
    },
    /// Inventor: swap two number tokens (`ck.card.inventor`); the two hexes
    /// in either order are the same play, listed and logged with `a` < `b`.
    PlayInventor {
        /// One hex.
        a: HexId,
        /// The other hex.
        b: HexId,
    },
    /// Medicine: a city for 2 ore and 1 grain (`ck.card.medicine`).
    PlayMedicine {
        /// The settlement.
        node: NodeId,
    },
    /// Bishop: move the robber and rob everybody there (`ck.card.bishop`).
    PlayBishop {
        /// The hex.
        hex: HexId,
    },
    /// Deserter against an opponent with a knight (`ck.card.deserter`).
    PlayDeserter {
        /// The opponent.
        victim: Seat,
    },
    /// Diplomat: remove an open road (`ck.card.diplomat`).
    PlayDiplomat {
        /// The road.
        edge: EdgeId,
    },
    /// Intrigue: displace the opposing knight on `node` (`ck.card.intrigue`).
    PlayIntrigue {
        /// The knight's intersection.
        node: NodeId,
    },
    /// Spy on an opponent's progress cards (`ck.card.spy`).
    PlaySpy {
        /// The opponent.
        victim: Seat,
    },
    /// Master Merchant against a player with more VP (`ck.card.master_merchant`).
    PlayMasterMerchant {
        /// The player.
        victim: Seat,
    },
    /// Merchant: place the merchant (`ck.card.merchant`).
    PlayMerchant {
        /// The hex.
        hex: HexId,
    },
    /// Merchant Fleet naming a card kind (`ck.card.merchant_fleet`).
    PlayMerchantFleet {
        /// The kind traded 2:1 this turn.
        card: Card,
    },
    /// Resource Monopoly (`ck.card.resource_monopoly`).
    PlayResourceMonopoly {
        /// The resource.
        resource: Resource,
    },
    /// Trade Monopoly (`ck.card.trade_monopoly`).
    PlayTradeMonopoly {
        /// The commodity.
        commodity: Commodity,
    },
    /// Stop a card's optional part (Smith's second knight, Deserter's knight,
    /// Diplomat's rebuilt road).
    EndCard,
    /// Deserter: the opponent removes one of their knights.
    RemoveKnight {
        /// The knight.
        node: NodeId,
    },
    /// Give a card (Wedding; the reply to a Commercial Harbor offer).
    GiveCard {
        /// The card.
        card: Card,
    },
    /// Master Merchant: take one of the target's cards.
    TakeCard {
        /// The card.
        card: Card,
    },
    /// Spy: take one of the target's progress cards.
    TakeProgress {
        /// The card.
        card: ProgressCard,
    },
    /// Commercial Harbor: offer a resource to an opponent for a commodity.
    HarborOffer {
        /// The opponent.
        to: Seat,
        /// The resource offered.
        resource: Resource,
    },
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
    /// Cities & Knights: the red, yellow and event dice (`ck.turn.roll`).
    CkDice {
        /// The red die, 1–6.
        red: u8,
        /// The yellow die, 1–6.
        yellow: u8,
        /// The event die.
        event: EventFace,
    },
    /// Cities & Knights: the event die alone, after Alchemist set the others.
    EventDie {
        /// The event die.
        event: EventFace,
    },
    /// Cities & Knights: a commodity taken from the victim of the robber.
    StealCommodity {
        /// The card.
        commodity: Commodity,
    },
    /// Cities & Knights: the progress card drawn.
    Progress {
        /// The card.
        card: ProgressCard,
    },
}

pub use crate::event::{Event, Piece};

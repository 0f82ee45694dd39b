//! Cities & Knights' vocabulary: the actions and chance outcomes only this
//! rule set has (`rules/cities-knights.md`). The base game's half is
//! [`crate::action::BaseAction`]; [`crate::vocab`] joins both into the one
//! [`crate::Action`] of the wire, whose JSON names no half.

use super::{Card, Commodity, EventFace, ProgressCard, Track};
use crate::action::Place;
use crate::resource::Resource;
use crate::topology::{EdgeId, HexId, NodeId};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// Cities & Knights' half of [`crate::Action`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", expecting = "internally tagged enum Action")]
pub enum CkAction {
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
        /// The rate, as for [`crate::BaseAction::MaritimeTrade`]: listed, optional when
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

impl CkAction {
    /// Every board id the action names (at most two): see
    /// [`crate::Action::places`]. Exhaustive on purpose, as the base half's.
    pub fn places(&self) -> [Option<Place>; 2] {
        use Place::{Edge, Hex, Node};
        match *self {
            CkAction::BuildWall { node }
            | CkAction::BuildKnight { node }
            | CkAction::PromoteKnight { node }
            | CkAction::ActivateKnight { node }
            | CkAction::ChaseRobber { knight: node }
            | CkAction::RelocateKnight { node }
            | CkAction::UpgradeHero { node, .. }
            | CkAction::LoseCity { node }
            | CkAction::PlaceMetropolis { node }
            | CkAction::PlayEngineer { node }
            | CkAction::PlayMedicine { node }
            | CkAction::PlayIntrigue { node }
            | CkAction::RemoveKnight { node } => [Some(Node(node)), None],
            CkAction::MoveKnight { from, to } | CkAction::DisplaceKnight { from, to } => {
                [Some(Node(from)), Some(Node(to))]
            }
            CkAction::PlayDiplomat { edge } => [Some(Edge(edge)), None],
            CkAction::RecruitSquire { hex } | CkAction::PlayBishop { hex } | CkAction::PlayMerchant { hex } => {
                [Some(Hex(hex)), None]
            }
            CkAction::MoveSquire { from: a, to: b } | CkAction::PlayInventor { a, b } => [Some(Hex(a)), Some(Hex(b))],
            CkAction::OfferGiveCommodity { .. }
            | CkAction::OfferGetCommodity { .. }
            | CkAction::DiscardCard { .. }
            | CkAction::BankTrade { .. }
            | CkAction::ChooseDeck { .. }
            | CkAction::DiscardProgress { .. }
            | CkAction::BuildImprovement { .. }
            | CkAction::AqueductTake { .. }
            | CkAction::PlayProgress { .. }
            | CkAction::PlayAlchemist { .. }
            | CkAction::CraneImprovement { .. }
            | CkAction::PlayDeserter { .. }
            | CkAction::PlaySpy { .. }
            | CkAction::PlayMasterMerchant { .. }
            | CkAction::PlayMerchantFleet { .. }
            | CkAction::PlayResourceMonopoly { .. }
            | CkAction::PlayTradeMonopoly { .. }
            | CkAction::EndCard
            | CkAction::GiveCard { .. }
            | CkAction::TakeCard { .. }
            | CkAction::TakeProgress { .. }
            | CkAction::HarborOffer { .. } => [None, None],
        }
    }
}

/// Cities & Knights' half of [`crate::Chance`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", expecting = "internally tagged enum Chance")]
pub enum CkChance {
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

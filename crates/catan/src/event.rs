//! What happened: the events of a step (the log, the clients), and what a
//! building event placed. Hidden parts are `null` in a redacted copy.

use crate::action::Dice;
use crate::cities_knights::{Card, Commodity, EventFace, ProgressCard, Track};
use crate::dev::DevCard;
use crate::resource::{Resource, Resources};
use crate::topology::{EdgeId, HexId, NodeId};
use engine::Seat;
use serde::{Deserialize, Serialize};
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
    /// Cities & Knights: the event die (`ck.turn.event_first`).
    EventDie {
        /// The face.
        face: EventFace,
    },
    /// Cities & Knights: the barbarian ship moved (`ck.barbarian.advance`).
    BarbariansAdvanced {
        /// Steps from the start (7 = attack).
        position: u8,
    },
    /// Cities & Knights: the barbarians attacked (`ck.barbarian.strength`).
    BarbarianAttack {
        /// Their strength (cities on the board).
        strength: u32,
        /// Catan's defence (active knights).
        defence: u32,
        /// Whether Catan held (`ck.barbarian.defender`).
        repelled: bool,
    },
    /// Cities & Knights: a city was pillaged to a settlement.
    CityPillaged {
        /// The owner.
        seat: Seat,
        /// The city.
        node: NodeId,
    },
    /// Cities & Knights: a Defender of Catan card was given.
    DefenderOfCatan {
        /// Who.
        seat: Seat,
    },
    /// Cities & Knights: every knight is inactive, the ship back at the start,
    /// the robber awake (`ck.barbarian.reset`).
    BarbariansReset,
    /// Cities & Knights: a progress card was drawn. Only the drawer sees which,
    /// unless it is a victory point card (revealed to all).
    ProgressDrawn {
        /// Who.
        seat: Seat,
        /// The deck.
        track: Track,
        /// The card (`null` for everybody else).
        card: Option<ProgressCard>,
    },
    /// Cities & Knights: a progress card was discarded face down.
    ProgressDiscarded {
        /// Who.
        seat: Seat,
        /// The deck it went under.
        track: Track,
        /// The card (`null` for everybody else).
        card: Option<ProgressCard>,
    },
    /// Cities & Knights: commodities paid to one player.
    ProducedCommodities {
        /// Who.
        seat: Seat,
        /// What.
        commodities: crate::cities_knights::Commodities,
    },
    /// Cities & Knights: the bank could not pay every claim on a commodity.
    CommodityShortage {
        /// The commodity.
        commodity: Commodity,
    },
    /// Cities & Knights: a card was discarded after a 7.
    DiscardedCard {
        /// Who.
        seat: Seat,
        /// What.
        card: Card,
    },
    /// Cities & Knights: a commodity was stolen. Only thief and victim see which.
    StolenCommodity {
        /// The thief.
        thief: Seat,
        /// The victim.
        victim: Seat,
        /// The card (`null` for everybody else).
        commodity: Option<Commodity>,
    },
    /// Cities & Knights: a resource taken by the Aqueduct.
    Aqueduct {
        /// Who.
        seat: Seat,
        /// What.
        resource: Resource,
    },
    /// Cities & Knights: a city wall was built.
    WallBuilt {
        /// Who.
        seat: Seat,
        /// The city.
        node: NodeId,
    },
    /// Cities & Knights: a knight was built.
    KnightBuilt {
        /// Who.
        seat: Seat,
        /// Where.
        node: NodeId,
    },
    /// Cities & Knights: a knight was promoted.
    KnightPromoted {
        /// Who.
        seat: Seat,
        /// Where.
        node: NodeId,
        /// The new strength.
        strength: u8,
    },
    /// Cities & Knights: a knight was activated.
    KnightActivated {
        /// Who.
        seat: Seat,
        /// Where.
        node: NodeId,
    },
    /// Cities & Knights: a knight moved (or displaced another).
    KnightMoved {
        /// Who.
        seat: Seat,
        /// From.
        from: NodeId,
        /// To.
        to: NodeId,
        /// The owner of a displaced knight.
        displaced: Option<Seat>,
    },
    /// Cities & Knights: a displaced knight was moved by its owner, or went
    /// back to the supply (`null`).
    KnightRelocated {
        /// The owner.
        seat: Seat,
        /// Where it stood.
        from: NodeId,
        /// Where it went.
        to: Option<NodeId>,
    },
    /// Cities & Knights: a knight chased the robber.
    RobberChased {
        /// Who.
        seat: Seat,
        /// The knight.
        knight: NodeId,
    },
    /// Cities & Knights: a city improvement was built.
    Improved {
        /// Who.
        seat: Seat,
        /// The track.
        track: Track,
        /// The new level.
        level: u8,
    },
    /// Cities & Knights: a metropolis was put on a city.
    MetropolisPlaced {
        /// Who.
        seat: Seat,
        /// The track.
        track: Track,
        /// The city.
        node: NodeId,
    },
    /// Cities & Knights: a trade with the bank.
    BankTraded {
        /// Who.
        seat: Seat,
        /// What was given.
        give: Card,
        /// How many (the rate).
        rate: u8,
        /// What was received (one card).
        get: Card,
    },
    /// Cities & Knights: a progress card was played (face up, then under its deck).
    ProgressPlayed {
        /// Who.
        seat: Seat,
        /// The card.
        card: ProgressCard,
    },
    /// Cities & Knights: a card changed hands by a progress card. Only the two
    /// concerned see which.
    CardGiven {
        /// The giver.
        from: Seat,
        /// The receiver.
        to: Seat,
        /// The card (`null` for everybody else).
        card: Option<Card>,
    },
    /// Cities & Knights: Spy took a progress card. Only the two see which.
    ProgressTaken {
        /// The spied-on player.
        from: Seat,
        /// The spy.
        to: Seat,
        /// The card (`null` for everybody else).
        card: Option<ProgressCard>,
    },
    /// Cities & Knights: a monopoly card was paid (named kind, public count).
    MonopolyGiven {
        /// The giver.
        from: Seat,
        /// The player of the card.
        to: Seat,
        /// The kind.
        card: Card,
        /// How many.
        count: u8,
    },
    /// Cities & Knights: Inventor swapped two number tokens.
    TokensSwapped {
        /// One hex.
        a: HexId,
        /// The other hex.
        b: HexId,
    },
    /// Cities & Knights: the merchant was placed.
    MerchantPlaced {
        /// Its controller.
        seat: Seat,
        /// The hex.
        hex: HexId,
    },
    /// Cities & Knights: a knight left the board by Deserter.
    KnightRemoved {
        /// The owner.
        seat: Seat,
        /// Where it stood.
        node: NodeId,
    },
    /// Heroes: a knight became the hero (`snh.hero.upgrade`).
    HeroUpgraded {
        /// The owner.
        seat: Seat,
        /// The knight.
        node: NodeId,
        /// The commodity paid.
        commodity: Commodity,
    },
    /// Heroes: the hero recruited a squire (`snh.squire.recruit`).
    SquireRecruited {
        /// The owner.
        seat: Seat,
        /// The hero.
        hero: NodeId,
        /// The squire's hex.
        hex: HexId,
    },
    /// Heroes: a squire stepped to a neighbouring hex (`snh.squire.move`).
    SquireMoved {
        /// The owner.
        seat: Seat,
        /// From.
        from: HexId,
        /// To.
        to: HexId,
        /// The card paid (`null`: free over an own road).
        paid: Option<Resource>,
        /// The owner of a squire driven off the hex (`snh.squire.displace`).
        displaced: Option<Seat>,
    },
    /// Cities & Knights: Diplomat removed a road.
    RoadRemoved {
        /// The owner.
        seat: Seat,
        /// The road.
        edge: EdgeId,
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

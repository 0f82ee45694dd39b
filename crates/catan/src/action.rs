//! The JSON-facing vocabulary: actions of a seat, chance outcomes, events.

use crate::cities_knights::{Card, Commodity, EventFace, ProgressCard, Track};
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

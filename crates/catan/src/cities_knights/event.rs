//! The events only Cities & Knights (and heroes) report. The base game's
//! half is [`crate::event::BaseEvent`]; [`crate::vocab`] joins both into the
//! one [`crate::Event`] of the log and the clients.

use super::{Card, Commodity, EventFace, ProgressCard, Track};
use crate::resource::Resource;
use crate::topology::{EdgeId, HexId, NodeId};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// Cities & Knights' half of [`crate::Event`]. Hidden parts are `null` in a
/// redacted copy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", expecting = "internally tagged enum Event")]
pub enum CkEvent {
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
}

//! Rule refusals, each naming its rule id from `docs/rules/catan-junior.md`
//! (precise ids under the given prefixes where the file gives only a prefix).

use crate::goods::Good;
use crate::ids::{Island, Link, Site};
use engine::{Message, RuleError};

/// Every rule id of Catan Junior, refusals and effects alike (for documentation
/// and for the test that each has a scenario).
pub const RULE_IDS: &[&str] = &[
    "junior.setup.two_player_colours",
    "junior.turn.roll_first",
    "junior.production.klau_blocks",
    "junior.production.supply_short",
    "junior.klau.must_move",
    "junior.build.cost",
    "junior.build.ship.adjacent_lair",
    "junior.build.lair.adjacent_ship",
    "junior.build.occupied",
    "junior.build.no_piece_left",
    "junior.build.no_such_place",
    "junior.coco.cost",
    "junior.coco.deck_empty",
    "junior.coco.castle",
    "junior.trade.ring_once_per_turn",
    "junior.trade.ring_lacks_good",
    "junior.trade.not_owned",
    "junior.trade.same_good",
    "junior.trade.supply_two_for_one",
    "junior.trade.supply_empty",
    "junior.trade.ring_refresh",
    "junior.trade.pro.variant",
    "junior.trade.pro.partner",
    "junior.trade.pro.no_gifts",
    "junior.trade.pro.captain_lacks",
    "junior.trade.pro.partner_lacks",
    "junior.house.offers_per_turn",
    "junior.win",
];

/// Which piece a building rule speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// A pirate lair (Piratenlager).
    Lair,
    /// A ship (Schiff).
    Ship,
}

impl Piece {
    fn de(self) -> &'static str {
        match self {
            Piece::Lair => "Piratenlager",
            Piece::Ship => "Schiff",
        }
    }
    fn en(self) -> &'static str {
        match self {
            Piece::Lair => "pirate lair",
            Piece::Ship => "ship",
        }
    }
}

/// A refusal by a rule of Catan Junior.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JuniorError {
    /// The captain must roll before doing anything else.
    #[error("the captain must roll the die first")]
    RollFirst,
    /// Käpt'n Klau must go to a different land island.
    #[error("Käpt'n Klau must move to another land island")]
    KlauMustMove {
        /// The island named.
        island: Island,
    },
    /// Not enough goods to build.
    #[error("not enough goods to build a {}", piece.en())]
    BuildCost {
        /// The piece.
        piece: Piece,
    },
    /// A ship must touch an own lair.
    #[error("a ship must touch one of your own lairs")]
    ShipNeedsLair {
        /// The route named.
        route: Link,
    },
    /// A lair must lie at the end of an own ship.
    #[error("a lair must lie at one of your own ships")]
    LairNeedsShip {
        /// The site named.
        site: Site,
    },
    /// One piece per site or route.
    #[error("that place is taken")]
    Occupied {
        /// The piece.
        piece: Piece,
    },
    /// No piece of that kind left.
    #[error("no {} left", piece.en())]
    NoPieceLeft {
        /// The piece.
        piece: Piece,
    },
    /// The site or route does not exist on this side of the board (the castle
    /// site cannot be built on: only the Coco majority takes it).
    #[error("no such place to build on this board")]
    NoSuchPlace,
    /// Not enough goods to ask Coco.
    #[error("asking Coco costs 1 pineapple, 1 sabre and 1 gold")]
    CocoCost,
    /// The Coco deck is empty.
    #[error("the Coco deck is empty")]
    CocoDeckEmpty,
    /// The castle site is only ever taken by the Coco majority.
    #[error("the castle site belongs to whoever alone has the most Coco cards")]
    CastleSite,
    /// The Rettungsring trade was already used this turn.
    #[error("the Rettungsring trade is allowed once per turn")]
    RingOncePerTurn,
    /// No ring holds that good.
    #[error("no Rettungsring holds {}", good.en())]
    RingLacksGood {
        /// The good asked for.
        good: Good,
    },
    /// The trader does not own the good to give.
    #[error("you have no {} to give", good.en())]
    NotOwned {
        /// The good.
        good: Good,
    },
    /// A trade must swap two different goods.
    #[error("a trade swaps two different goods")]
    SameGood,
    /// The 2:1 trade needs 2 tiles of one good.
    #[error("the 2:1 trade needs 2 tiles of {}", good.en())]
    SupplyTwoForOne {
        /// The good offered.
        good: Good,
    },
    /// The supply has none of the good asked for.
    #[error("the supply has no {}", good.en())]
    SupplyEmpty {
        /// The good asked for.
        good: Good,
    },
    /// Player trades belong to the pro variant.
    #[error("trading with other players belongs to the pro variant")]
    ProOnly,
    /// The partner must be another player at the table.
    #[error("trade with another player at the table")]
    ProPartner,
    /// An offer must give and ask for tiles.
    #[error("an offer gives tiles for tiles: both sides must hold some")]
    ProNoGifts,
    /// The captain lacks the tiles offered.
    #[error("you do not have the tiles you offer")]
    ProCaptainLacks,
    /// The partner lacks the tiles asked for.
    #[error("the other player does not have the tiles asked for")]
    ProPartnerLacks,
    /// House rule: no more offers to other players this turn.
    #[error("house rule: at most {limit} offers to other players per turn")]
    OffersPerTurn {
        /// The limit set by the option `offers_per_turn`.
        limit: u8,
    },
}

impl RuleError for JuniorError {
    fn rule_id(&self) -> &'static str {
        match self {
            JuniorError::RollFirst => "junior.turn.roll_first",
            JuniorError::KlauMustMove { .. } => "junior.klau.must_move",
            JuniorError::BuildCost { .. } => "junior.build.cost",
            JuniorError::ShipNeedsLair { .. } => "junior.build.ship.adjacent_lair",
            JuniorError::LairNeedsShip { .. } => "junior.build.lair.adjacent_ship",
            JuniorError::Occupied { .. } => "junior.build.occupied",
            JuniorError::NoPieceLeft { .. } => "junior.build.no_piece_left",
            JuniorError::NoSuchPlace => "junior.build.no_such_place",
            JuniorError::CocoCost => "junior.coco.cost",
            JuniorError::CocoDeckEmpty => "junior.coco.deck_empty",
            JuniorError::CastleSite => "junior.coco.castle",
            JuniorError::RingOncePerTurn => "junior.trade.ring_once_per_turn",
            JuniorError::RingLacksGood { .. } => "junior.trade.ring_lacks_good",
            JuniorError::NotOwned { .. } => "junior.trade.not_owned",
            JuniorError::SameGood => "junior.trade.same_good",
            JuniorError::SupplyTwoForOne { .. } => "junior.trade.supply_two_for_one",
            JuniorError::SupplyEmpty { .. } => "junior.trade.supply_empty",
            JuniorError::ProOnly => "junior.trade.pro.variant",
            JuniorError::ProPartner => "junior.trade.pro.partner",
            JuniorError::ProNoGifts => "junior.trade.pro.no_gifts",
            JuniorError::ProCaptainLacks => "junior.trade.pro.captain_lacks",
            JuniorError::ProPartnerLacks => "junior.trade.pro.partner_lacks",
            JuniorError::OffersPerTurn { .. } => "junior.house.offers_per_turn",
        }
    }

    fn message(&self) -> Message {
        match self {
            JuniorError::RollFirst => Message::new(
                "Der Kapitän muss zuerst würfeln.",
                "The captain must roll the die first.",
            ),
            JuniorError::KlauMustMove { island } => Message::new(
                format!(
                    "Käpt'n Klau muss auf ein anderes Landschaftsfeld ziehen, nicht auf {}.",
                    String::from(*island)
                ),
                format!(
                    "Käpt'n Klau must move to another land island, not to {}.",
                    String::from(*island)
                ),
            ),
            JuniorError::BuildCost { piece } => Message::new(
                format!("Für ein {} fehlen dir Plättchen.", piece.de()),
                format!("You lack the goods for a {}.", piece.en()),
            ),
            JuniorError::ShipNeedsLair { route } => {
                let [a, b]: [u8; 2] = (*route).into();
                Message::new(
                    format!("Ein Schiff muss an ein eigenes Piratenlager grenzen; der Weg {a}-{b} tut das nicht."),
                    format!("A ship must touch one of your own lairs; route {a}-{b} does not."),
                )
            }
            JuniorError::LairNeedsShip { site } => Message::new(
                format!(
                    "Ein Piratenlager muss direkt an ein eigenes Schiff grenzen; Bauplatz {} tut das nicht.",
                    site.number()
                ),
                format!(
                    "A pirate lair must lie at one of your own ships; site {} does not.",
                    site.number()
                ),
            ),
            JuniorError::Occupied { piece } => Message::new(
                match piece {
                    Piece::Lair => "Auf diesem Bauplatz steht schon ein Piratenlager.",
                    Piece::Ship => "Auf diesem Schiffsweg liegt schon ein Schiff.",
                },
                match piece {
                    Piece::Lair => "That site already holds a pirate lair.",
                    Piece::Ship => "That route already holds a ship.",
                },
            ),
            JuniorError::NoPieceLeft { piece } => Message::new(
                format!("Du hast kein {} mehr in deinem Vorrat.", piece.de()),
                format!("You have no {} left.", piece.en()),
            ),
            JuniorError::NoSuchPlace => Message::new(
                "Diesen Bauplatz oder Schiffsweg gibt es auf dieser Spielplanseite nicht (der Platz bei der Burg wird nicht gebaut).",
                "No such site or route on this side of the board (the castle site is never built on).",
            ),
            JuniorError::CocoCost => Message::new(
                "Coco um Hilfe zu bitten kostet 1 Ananas, 1 Säbel und 1 Gold.",
                "Asking Coco for help costs 1 pineapple, 1 sabre and 1 gold.",
            ),
            JuniorError::CocoDeckEmpty => Message::new(
                "Der Coco-Stapel ist leer: Coco kann nicht mehr um Hilfe gebeten werden.",
                "The Coco deck is empty: nobody can ask Coco for help any more.",
            ),
            JuniorError::CastleSite => Message::new(
                "Der Platz bei der Burg gehört nur dem, der allein die meisten offenen Coco-Karten hat.",
                "The castle site belongs only to whoever alone has the most open Coco cards.",
            ),
            JuniorError::RingOncePerTurn => Message::new(
                "Der Tausch 1 gegen 1 am Rettungsring ist nur einmal pro Spielzug erlaubt.",
                "The 1:1 trade at a Rettungsring is allowed once per turn only.",
            ),
            JuniorError::RingLacksGood { good } => Message::new(
                format!("Auf keinem Rettungsring liegt {}.", good.de()),
                format!("No Rettungsring holds {}.", good.en()),
            ),
            JuniorError::NotOwned { good } => Message::new(
                format!("Du hast kein Plättchen {} zum Abgeben.", good.de()),
                format!("You have no {} to give.", good.en()),
            ),
            JuniorError::SameGood => Message::new(
                "Ein Tausch gibt eine Sorte gegen eine andere Sorte.",
                "A trade swaps one good for a different good.",
            ),
            JuniorError::SupplyTwoForOne { good } => Message::new(
                format!("Für den Tausch 2 gegen 1 brauchst du 2 Plättchen {}.", good.de()),
                format!("The 2:1 trade needs 2 tiles of {}.", good.en()),
            ),
            JuniorError::SupplyEmpty { good } => Message::new(
                format!("Im Vorrat liegt kein Plättchen {}.", good.de()),
                format!("The supply has no {}.", good.en()),
            ),
            JuniorError::ProOnly => Message::new(
                "Handeln mit Mitspielern gehört zum Spiel für Profis.",
                "Trading with other players belongs to the pro variant.",
            ),
            JuniorError::ProPartner => Message::new(
                "Handeln kannst du nur mit einem anderen Mitspieler am Tisch.",
                "You can only trade with another player at the table.",
            ),
            JuniorError::ProNoGifts => Message::new(
                "Ein Angebot gibt Plättchen für Plättchen: Auf beiden Seiten muss etwas liegen.",
                "An offer gives tiles for tiles: both sides must hold some.",
            ),
            JuniorError::ProCaptainLacks => Message::new(
                "Du hast die angebotenen Plättchen nicht.",
                "You do not have the tiles you offer.",
            ),
            JuniorError::ProPartnerLacks => Message::new(
                "Der Mitspieler hat die gewünschten Plättchen nicht.",
                "The other player does not have the tiles asked for.",
            ),
            JuniorError::OffersPerTurn { limit } => Message::new(
                format!("Hausregel: höchstens {limit} Angebote an Mitspieler pro Zug."),
                format!("House rule: at most {limit} offers to other players per turn."),
            ),
        }
    }
}

//! Rule refusals: each variant names the rule id of `rules/catan.md` it
//! enforces and says what is wrong in German and English.
//!
//! Some ids are this crate's own refinements where the rules file gives only a
//! section prefix (`catan.setup.*`, `catan.trade.*`, `catan.dev.*`):
//! `catan.setup.road_touches_settlement`, `catan.trade.ask_only_held`,
//! `catan.trade.confirm_accepted`, `catan.trade.rate`, `catan.trade.own_offer`,
//! `catan.trade.no_counter`, `catan.trade.no_offer` and `catan.dev.no_card`.

use crate::action::Piece;
use crate::resource::Resource;
use engine::{Message, RuleError};

/// Every rule id of the base game, the refinements of this crate included.
pub const RULE_IDS: &[&str] = &[
    "catan.board.red_numbers_apart",
    "catan.setup.road_touches_settlement",
    "catan.turn.roll_first",
    "catan.production.robber_blocks",
    "catan.production.bank_shortage",
    "catan.robber.discard_half",
    "catan.robber.must_move",
    "catan.robber.steal_target",
    "catan.build.road.connected",
    "catan.build.road.blocked_by_building",
    "catan.build.settlement.distance",
    "catan.build.settlement.connected",
    "catan.build.city.requires_own_settlement",
    "catan.build.no_piece_left",
    "catan.build.deck_empty",
    "catan.pay.insufficient",
    "catan.trade.active_player_only",
    "catan.trade.harbor_required",
    "catan.trade.no_gifts",
    "catan.trade.same_resource",
    "catan.trade.ask_only_held",
    "catan.trade.confirm_accepted",
    "catan.trade.rate",
    "catan.trade.counter",
    "catan.trade.own_offer",
    "catan.trade.no_counter",
    "catan.trade.no_offer",
    "catan.dev.not_this_turn",
    "catan.dev.one_per_turn",
    "catan.dev.no_card",
    "catan.award.largest_army",
    "catan.award.longest_road",
    "catan.win.own_turn",
    "catan.house.trade_offers_per_turn",
];

/// Why an action breaks a rule of the base game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CatanError {
    /// The setup road must touch the settlement just placed.
    #[error("the setup road must touch the settlement just placed")]
    SetupRoadTouchesSettlement,
    /// Building, trading and ending the turn wait for the roll.
    #[error("roll the dice first")]
    RollFirst,
    /// The bank holds none of a card asked for.
    #[error("the bank has no {} left", .0.en())]
    BankShortage(Resource),
    /// A discard of a card not in hand.
    #[error("you hold no {} to discard", .0.en())]
    DiscardHalf(Resource),
    /// The robber must move to another hex.
    #[error("the robber must move to a different hex")]
    RobberMustMove,
    /// The victim named cannot be robbed there (or one must be named).
    #[error("that player cannot be robbed here")]
    StealTarget,
    /// The path is taken.
    #[error("that path already holds a road")]
    EdgeTaken,
    /// The road touches nothing of the player's.
    #[error("a road must touch your own road, settlement or city")]
    RoadNotConnected,
    /// The road would continue through another player's building.
    #[error("a road cannot continue through another player's building")]
    RoadBlocked,
    /// The intersection is taken or next to a building.
    #[error("the distance rule: the intersection or a neighbouring one holds a building")]
    SettlementDistance,
    /// The settlement touches no own road.
    #[error("a settlement must touch one of your roads")]
    SettlementNotConnected,
    /// A city needs an own settlement to replace.
    #[error("a city can only replace one of your own settlements")]
    CityRequiresOwnSettlement,
    /// No piece of that kind left in the supply.
    #[error("no {piece:?} left in your supply")]
    NoPieceLeft {
        /// The piece.
        piece: Piece,
    },
    /// The development deck is empty.
    #[error("the development deck is empty")]
    DeckEmpty,
    /// The cards needed are not in hand.
    #[error("you do not hold the cards needed")]
    PayInsufficient,
    /// Only the active player trades.
    #[error("only the active player trades")]
    TradeActivePlayerOnly,
    /// The rate needs a harbor the player does not have.
    #[error("trading at this rate needs a harbor (your rate is {rate}:1)")]
    HarborRequired {
        /// The player's best rate for the resource.
        rate: u8,
    },
    /// A trade must give and get something.
    #[error("no gifts: both sides of a trade must hold cards")]
    NoGifts,
    /// A resource cannot be traded for itself.
    #[error("a resource cannot be traded for the same resource")]
    SameResource,
    /// An offer asks for more cards of a kind than the other players hold
    /// together: nobody could accept it.
    #[error("an offer asks only for cards the other players hold")]
    AskOnlyHeld,
    /// A bank trade names a rate worse than the player's best (a better one
    /// is [`CatanError::HarborRequired`]).
    #[error("your rate for this card is {rate}:1, not {named}:1")]
    TradeRate {
        /// The rate named.
        named: u8,
        /// The player's best rate.
        rate: u8,
    },
    /// The partner did not accept.
    #[error("you can only trade with a player who accepted")]
    ConfirmAccepted,
    /// Cards of a counter-offer before the counter-offer was started.
    #[error("start a counter-offer first")]
    CounterFirst,
    /// The offerer answers its own offer.
    #[error("you cannot answer your own offer")]
    OwnOffer,
    /// A counter-offer taken from a seat that made none.
    #[error("seat {} made no counter-offer", .0.0)]
    NoCounter(engine::Seat),
    /// An answer to an offer when none is open (withdrawn, taken or lapsed).
    #[error("no trade offer is open")]
    NoOffer,
    /// The card was bought this turn.
    #[error("a development card cannot be played in the turn it was bought")]
    DevNotThisTurn,
    /// A development card was already played this turn.
    #[error("only one development card per turn")]
    DevOnePerTurn,
    /// The player has no such card.
    #[error("you hold no such development card")]
    DevNoCard,
    /// House rule: the offers allowed this turn are used up.
    #[error("no more trade offers this turn (house rule: {limit} per turn)")]
    TradeOffersPerTurn {
        /// Offers allowed per turn.
        limit: u8,
    },
    /// A rule of Cities & Knights (`ck.*`).
    #[error(transparent)]
    CitiesKnights(#[from] crate::cities_knights::CkError),
    /// A rule of the 5–6 player extension (`catan56.*`).
    #[error(transparent)]
    FiveSix(#[from] crate::five_six::FiveSixError),
}

fn piece_names(piece: Piece) -> (&'static str, &'static str) {
    match piece {
        Piece::Road => ("Straße", "road"),
        Piece::Settlement => ("Siedlung", "settlement"),
        Piece::City => ("Stadt", "city"),
    }
}

impl RuleError for CatanError {
    fn rule_id(&self) -> &'static str {
        use CatanError::*;
        match self {
            SetupRoadTouchesSettlement => "catan.setup.road_touches_settlement",
            RollFirst => "catan.turn.roll_first",
            BankShortage(_) => "catan.production.bank_shortage",
            DiscardHalf(_) => "catan.robber.discard_half",
            RobberMustMove => "catan.robber.must_move",
            StealTarget => "catan.robber.steal_target",
            EdgeTaken | RoadNotConnected => "catan.build.road.connected",
            RoadBlocked => "catan.build.road.blocked_by_building",
            SettlementDistance => "catan.build.settlement.distance",
            SettlementNotConnected => "catan.build.settlement.connected",
            CityRequiresOwnSettlement => "catan.build.city.requires_own_settlement",
            NoPieceLeft { .. } => "catan.build.no_piece_left",
            DeckEmpty => "catan.build.deck_empty",
            PayInsufficient => "catan.pay.insufficient",
            TradeActivePlayerOnly => "catan.trade.active_player_only",
            HarborRequired { .. } => "catan.trade.harbor_required",
            NoGifts => "catan.trade.no_gifts",
            SameResource => "catan.trade.same_resource",
            AskOnlyHeld => "catan.trade.ask_only_held",
            ConfirmAccepted => "catan.trade.confirm_accepted",
            TradeRate { .. } => "catan.trade.rate",
            CounterFirst => "catan.trade.counter",
            OwnOffer => "catan.trade.own_offer",
            NoCounter(_) => "catan.trade.no_counter",
            NoOffer => "catan.trade.no_offer",
            DevNotThisTurn => "catan.dev.not_this_turn",
            DevOnePerTurn => "catan.dev.one_per_turn",
            DevNoCard => "catan.dev.no_card",
            TradeOffersPerTurn { .. } => "catan.house.trade_offers_per_turn",
            CitiesKnights(e) => e.rule_id(),
            FiveSix(e) => e.rule_id(),
        }
    }

    fn message(&self) -> Message {
        use CatanError::*;
        match self {
            SetupRoadTouchesSettlement => Message::new(
                "Die Straße der Gründungsphase muss an die gerade gesetzte Siedlung grenzen.",
                "The setup road must touch the settlement just placed.",
            ),
            RollFirst => Message::new(
                "Zuerst muss gewürfelt werden (nur eine Entwicklungskarte darf vorher gespielt werden).",
                "Roll the dice first (only a development card may be played before).",
            ),
            BankShortage(r) => Message::new(
                format!("Die Bank hat kein {} mehr.", r.de()),
                format!("The bank has no {} left.", r.en()),
            ),
            DiscardHalf(r) => Message::new(
                format!("Du hast kein {} zum Abwerfen.", r.de()),
                format!("You hold no {} to discard.", r.en()),
            ),
            RobberMustMove => Message::new(
                "Der Räuber muss auf ein anderes Landfeld versetzt werden.",
                "The robber must move to a different land hex.",
            ),
            StealTarget => Message::new(
                "Bestohlen werden kann nur ein Mitspieler mit Siedlung oder Stadt an diesem Feld und mindestens einer Karte; gibt es einen, muss er genannt werden.",
                "Only another player with a settlement or city on that hex and at least one card can be robbed; if there is one, name one.",
            ),
            EdgeTaken => Message::new(
                "Auf diesem Weg liegt schon eine Straße.",
                "That path already holds a road.",
            ),
            RoadNotConnected => Message::new(
                "Eine Straße muss an eine eigene Straße, Siedlung oder Stadt anschließen.",
                "A road must touch your own road, settlement or city.",
            ),
            RoadBlocked => Message::new(
                "Eine Straße kann nicht durch die Siedlung oder Stadt eines Mitspielers hindurch weitergebaut werden.",
                "A road cannot continue through another player's settlement or city.",
            ),
            SettlementDistance => Message::new(
                "Abstandsregel: Die Kreuzung oder eine Nachbarkreuzung ist bereits bebaut.",
                "Distance rule: the intersection or a neighbouring one already holds a building.",
            ),
            SettlementNotConnected => Message::new(
                "Eine Siedlung muss an eine eigene Straße grenzen.",
                "A settlement must touch one of your own roads.",
            ),
            CityRequiresOwnSettlement => Message::new(
                "Eine Stadt entsteht nur durch Ausbau einer eigenen Siedlung, nie auf einer freien Kreuzung.",
                "A city only replaces one of your own settlements, never an empty intersection.",
            ),
            NoPieceLeft { piece } => {
                let (de, en) = piece_names(*piece);
                Message::new(
                    format!("In deinem Vorrat ist keine {de} mehr."),
                    format!("No {en} is left in your supply."),
                )
            }
            DeckEmpty => Message::new(
                "Der Stapel der Entwicklungskarten ist leer.",
                "The development card deck is empty.",
            ),
            PayInsufficient => Message::new(
                "Du hast die nötigen Karten nicht auf der Hand.",
                "You do not hold the cards needed.",
            ),
            TradeActivePlayerOnly => Message::new(
                "Nur der Spieler am Zug handelt.",
                "Only the active player trades.",
            ),
            HarborRequired { rate } => Message::new(
                format!("Für diesen Kurs brauchst du einen Hafen; dein Kurs ist {rate}:1."),
                format!("This rate needs a harbor; your rate is {rate}:1."),
            ),
            TradeRate { named, rate } => Message::new(
                format!("Dein Kurs für diese Karte ist {rate}:1, nicht {named}:1."),
                format!("Your rate for this card is {rate}:1, not {named}:1."),
            ),
            NoGifts => Message::new(
                "Keine Geschenke: Beide Seiten eines Handels müssen Karten enthalten.",
                "No gifts: both sides of a trade must hold cards.",
            ),
            SameResource => Message::new(
                "Ein Rohstoff kann nicht gegen denselben Rohstoff getauscht werden.",
                "A resource cannot be traded for the same resource.",
            ),
            AskOnlyHeld => Message::new(
                "Ein Angebot verlangt von einer Sorte höchstens so viele Karten, wie die Mitspieler zusammen davon haben.",
                "An offer asks for no more cards of a kind than the other players hold together.",
            ),
            ConfirmAccepted => Message::new(
                "Handeln kannst du nur mit einem Mitspieler, der angenommen hat.",
                "You can only trade with a player who accepted.",
            ),
            CounterFirst => Message::new(
                "Karten eines Gegenangebots erst, nachdem du es begonnen hast.",
                "Start a counter-offer before adding cards to it.",
            ),
            OwnOffer => Message::new(
                "Auf dein eigenes Angebot kannst du nicht antworten.",
                "You cannot answer your own offer.",
            ),
            NoCounter(seat) => Message::new(
                format!("Platz {} hat kein Gegenangebot gemacht.", seat.0),
                format!("Seat {} made no counter-offer.", seat.0),
            ),
            NoOffer => Message::new(
                "Es liegt kein Handelsangebot vor (es wurde zurückgezogen, angenommen oder ist verfallen).",
                "No trade offer is open (it was withdrawn, taken or lapsed).",
            ),
            DevNotThisTurn => Message::new(
                "Eine Entwicklungskarte darf nicht in dem Zug gespielt werden, in dem sie gekauft wurde.",
                "A development card cannot be played in the turn it was bought.",
            ),
            DevOnePerTurn => Message::new(
                "Pro Zug darf nur eine Entwicklungskarte gespielt werden.",
                "Only one development card may be played per turn.",
            ),
            DevNoCard => Message::new(
                "Du hast keine solche Entwicklungskarte.",
                "You hold no such development card.",
            ),
            TradeOffersPerTurn { limit } => Message::new(
                format!("In diesem Zug sind keine Handelsangebote mehr erlaubt (Hausregel: {limit} pro Zug)."),
                format!("No more trade offers this turn (house rule: {limit} per turn)."),
            ),
            CitiesKnights(e) => e.message(),
            FiveSix(e) => e.message(),
        }
    }
}

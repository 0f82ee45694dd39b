//! The rule refusals of Splendor. Each names the rule id of
//! `docs/rules/splendor.md` it enforces and says what is wrong in German and
//! English. Engine-level refusals (not your turn, game over, waiting for
//! chance) are [`engine::Rejection`]'s own.

use crate::types::{CardId, Level, NobleId, Token};
use engine::{Message, RuleError};

/// Every rule id a Splendor refusal can cite (`docs/rules/splendor.md`,
/// with this crate's precise ids under the file's prefixes
/// `splendor.reserve.*`, `splendor.buy.*`, `splendor.noble.*` and
/// `splendor.setup.*`), for the documentation and for the check that each
/// is reached through the protocol (`tests/it/reach.rs`).
pub const RULE_IDS: &[&str] = &[
    "splendor.take.three_different",
    "splendor.take.no_gold",
    "splendor.take.two_needs_four",
    "splendor.reserve.limit",
    "splendor.reserve.not_on_market",
    "splendor.reserve.deck_empty",
    "splendor.buy.not_available",
    "splendor.buy.others_reserved",
    "splendor.buy.cannot_afford",
    "splendor.buy.payment_not_held",
    "splendor.buy.payment_exact",
    "splendor.tokens.limit_ten",
    "splendor.noble.must_qualify",
    "splendor.noble.not_available",
    "splendor.noble.cannot_refuse",
    "splendor.noble.end_of_turn",
    "splendor.turn.pass_only_when_blocked",
    "splendor.setup.card_not_in_deck",
    "splendor.setup.noble_not_in_pool",
    "splendor.setup.wrong_draw",
];

/// Why an action or chance outcome breaks a rule of Splendor.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplendorError {
    /// Not three different colours, or fewer while three are available.
    #[error("take three tokens of different colours (or, with fewer than three colours available, one of each available colour)")]
    ThreeDifferent {
        /// Gem colours with tokens in the bank.
        available: u8,
    },
    /// Gold is only gained by reserving.
    #[error("gold is never taken as a gem token")]
    NoGold,
    /// Two of a colour need four in the pile.
    #[error("two {} tokens need at least four in the pile, there are {pile}", gem.en())]
    TwoNeedsFour {
        /// The colour.
        gem: Token,
        /// Tokens in its pile.
        pile: u8,
    },
    /// A colour named is not in the bank.
    #[error("there is no {} token left in the bank", gem.en())]
    PileEmpty {
        /// The colour.
        gem: Token,
    },
    /// Already three reserved cards.
    #[error("you already hold three reserved cards")]
    ReserveLimit,
    /// The card to reserve is not face up on the market.
    #[error("card {card} is not face up on the market")]
    NotOnMarket {
        /// The card.
        card: CardId,
    },
    /// The deck to reserve from is empty.
    #[error("the level {} deck is empty", level.number())]
    DeckEmpty {
        /// The deck.
        level: Level,
    },
    /// The card is neither on the market nor in the player's reserve.
    #[error("card {card} is neither on the market nor among your reserved cards")]
    NotAvailable {
        /// The card.
        card: CardId,
    },
    /// The card is another player's (face-up) reserved card.
    #[error("card {card} is reserved by another player")]
    OthersReserved {
        /// The card.
        card: CardId,
    },
    /// Tokens and gold do not cover the price.
    #[error("you cannot afford card {card}")]
    CannotAfford {
        /// The card.
        card: CardId,
    },
    /// The payment names tokens the player does not hold.
    #[error("you do not hold the {} tokens named in the payment", token.en())]
    PaymentNotHeld {
        /// The colour short.
        token: Token,
    },
    /// The payment is not exactly the price after bonuses.
    #[error("the payment does not match the price of card {card} after your bonuses")]
    PaymentInexact {
        /// The card.
        card: CardId,
    },
    /// Over 10 tokens: return tokens before anything else.
    #[error("you hold {held} tokens: return tokens down to 10 first")]
    MustReturn {
        /// Tokens held.
        held: u8,
    },
    /// Returning is only allowed above 10 tokens, down to exactly 10.
    #[error("tokens are returned only while you hold more than 10")]
    NotOverLimit,
    /// The token to return is not held.
    #[error("you hold no {} token", token.en())]
    TokenNotHeld {
        /// The colour.
        token: Token,
    },
    /// The noble chosen does not qualify.
    #[error("your card bonuses do not meet the requirement of noble {noble}")]
    NobleMustQualify {
        /// The noble.
        noble: NobleId,
    },
    /// The noble chosen is not face up.
    #[error("noble {noble} is not face up")]
    NobleNotAvailable {
        /// The noble.
        noble: NobleId,
    },
    /// A noble visit is due and cannot be refused.
    #[error("several nobles qualify: choose one, a noble cannot be refused")]
    NobleCannotRefuse,
    /// Nobles are chosen only at the end of a turn when several qualify.
    #[error("a noble is chosen only at the end of your turn when several qualify")]
    NobleEndOfTurn,
    /// Passing while another action is legal.
    #[error("you may pass only when no other action is possible")]
    PassOnlyWhenBlocked,
    /// The card supplied as a draw is not in the deck due.
    #[error("card {card} is not in the level {} deck", level.number())]
    CardNotInDeck {
        /// The card.
        card: CardId,
        /// The deck due.
        level: Level,
    },
    /// The noble supplied as revealed is already face up.
    #[error("noble {noble} is already face up")]
    NobleNotInPool {
        /// The noble.
        noble: NobleId,
    },
    /// A card was supplied where a noble is due, or the other way round.
    #[error("a {expected} is due from chance now")]
    WrongDraw {
        /// `card` or `noble`.
        expected: &'static str,
    },
}

impl RuleError for SplendorError {
    fn rule_id(&self) -> &'static str {
        use SplendorError::*;
        match self {
            ThreeDifferent { .. } => "splendor.take.three_different",
            NoGold => "splendor.take.no_gold",
            TwoNeedsFour { .. } => "splendor.take.two_needs_four",
            // Naming an empty pile is not a take of available colours.
            PileEmpty { .. } => "splendor.take.three_different",
            ReserveLimit => "splendor.reserve.limit",
            NotOnMarket { .. } => "splendor.reserve.not_on_market",
            DeckEmpty { .. } => "splendor.reserve.deck_empty",
            NotAvailable { .. } => "splendor.buy.not_available",
            OthersReserved { .. } => "splendor.buy.others_reserved",
            CannotAfford { .. } => "splendor.buy.cannot_afford",
            PaymentNotHeld { .. } => "splendor.buy.payment_not_held",
            PaymentInexact { .. } => "splendor.buy.payment_exact",
            // Returning a colour one does not hold is no return of one's own tokens.
            MustReturn { .. } | NotOverLimit | TokenNotHeld { .. } => "splendor.tokens.limit_ten",
            NobleMustQualify { .. } => "splendor.noble.must_qualify",
            NobleNotAvailable { .. } => "splendor.noble.not_available",
            NobleCannotRefuse => "splendor.noble.cannot_refuse",
            NobleEndOfTurn => "splendor.noble.end_of_turn",
            PassOnlyWhenBlocked => "splendor.turn.pass_only_when_blocked",
            CardNotInDeck { .. } => "splendor.setup.card_not_in_deck",
            NobleNotInPool { .. } => "splendor.setup.noble_not_in_pool",
            WrongDraw { .. } => "splendor.setup.wrong_draw",
        }
    }

    fn message(&self) -> Message {
        use SplendorError::*;
        let de = match self {
            ThreeDifferent { .. } => "Nimm drei Edelsteinmarker verschiedener Farben (oder, wenn weniger als drei Farben vorrätig sind, je einen jeder vorrätigen Farbe).".to_string(),
            NoGold => "Gold wird nie als Edelsteinmarker genommen, nur beim Reservieren.".to_string(),
            TwoNeedsFour { gem, pile } => format!(
                "Zwei Marker der Farbe {} darfst du nur nehmen, wenn der Stapel mindestens vier enthält; er enthält {pile}.",
                gem.de()
            ),
            PileEmpty { gem } => format!("In der Bank liegt kein Marker der Farbe {} mehr.", gem.de()),
            ReserveLimit => "Du hast bereits drei reservierte Karten.".to_string(),
            NotOnMarket { card } => format!("Karte {card} liegt nicht offen in der Auslage."),
            DeckEmpty { level } => format!("Der Stapel der Stufe {} ist leer.", level.number()),
            NotAvailable { card } => {
                format!("Karte {card} liegt weder in der Auslage noch unter deinen reservierten Karten.")
            }
            OthersReserved { card } => format!("Karte {card} hat ein anderer Spieler reserviert."),
            CannotAfford { card } => format!("Du kannst Karte {card} nicht bezahlen."),
            PaymentNotHeld { token } => format!(
                "Du besitzt nicht so viele Marker der Farbe {}, wie die Zahlung nennt.",
                token.de()
            ),
            PaymentInexact { card } => {
                format!("Die Zahlung entspricht nicht dem Preis von Karte {card} nach Abzug deiner Boni.")
            }
            MustReturn { held } => {
                format!("Du hast {held} Marker: Gib zuerst Marker zurück, bis du genau 10 hast.")
            }
            NotOverLimit => "Marker werden nur zurückgegeben, solange du mehr als 10 hast.".to_string(),
            TokenNotHeld { token } => format!("Du hast keinen Marker der Farbe {}.", token.de()),
            NobleMustQualify { noble } => {
                format!("Deine Kartenboni erfüllen die Anforderung von Adligem {noble} nicht.")
            }
            NobleNotAvailable { noble } => format!("Adliger {noble} liegt nicht aus."),
            NobleCannotRefuse => {
                "Mehrere Adlige sind erfüllt: Wähle einen, ein Adliger darf nicht abgelehnt werden.".to_string()
            }
            NobleEndOfTurn => {
                "Ein Adliger wird nur am Ende deines Zuges gewählt, wenn mehrere erfüllt sind.".to_string()
            }
            PassOnlyWhenBlocked => "Passen darfst du nur, wenn keine andere Aktion möglich ist.".to_string(),
            CardNotInDeck { card, level } => {
                format!("Karte {card} liegt nicht im Stapel der Stufe {}.", level.number())
            }
            NobleNotInPool { noble } => format!("Adliger {noble} liegt bereits aus."),
            WrongDraw { expected } => format!(
                "Der Zufall muss jetzt {} bestimmen.",
                if *expected == "card" {
                    "eine Karte"
                } else {
                    "einen Adligen"
                }
            ),
        };
        let en = match self {
            ThreeDifferent { available } => format!(
                "Take three tokens of different colours (or, with fewer than three colours available, one of each available colour); {available} colours are available."
            ),
            other => {
                let mut s = other.to_string();
                if let Some(first) = s.get(..1) {
                    let up = first.to_uppercase();
                    s.replace_range(..1, &up);
                }
                s.push('.');
                s
            }
        };
        Message::new(de, en)
    }
}

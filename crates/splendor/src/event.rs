//! What happened: the events of a step, as the log and the clients read them.

use crate::state::EndReason;
use crate::types::{CardId, Level, NobleId, Slot, Token, Tokens};
use engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A card was dealt face up into a market slot (setup or refill).
    CardDealt {
        /// The row.
        level: Level,
        /// The slot.
        slot: Slot,
        /// The card.
        card: CardId,
    },
    /// A noble was revealed during setup.
    NobleRevealed {
        /// The noble.
        noble: NobleId,
    },
    /// A new turn began.
    TurnBegan {
        /// Whose turn it is.
        seat: Seat,
        /// The turn's number (1 = the first turn of the game).
        turn: u32,
    },
    /// A player took tokens.
    TookTokens {
        /// The player.
        seat: Seat,
        /// The tokens taken.
        tokens: Tokens,
    },
    /// A player reserved a face-up market card.
    Reserved {
        /// The player.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Whether a gold token came with it.
        gold: bool,
    },
    /// A player reserved the top card of a deck; the card follows as [`Event::DrewReserved`].
    ReservedFromDeck {
        /// The player.
        seat: Seat,
        /// The deck.
        level: Level,
        /// Whether a gold token came with it.
        gold: bool,
    },
    /// The face-down card of a deck-top reserve; the card is shown to its owner only.
    DrewReserved {
        /// The player.
        seat: Seat,
        /// The deck.
        level: Level,
        /// The card (`null` for everybody but its owner).
        card: Option<CardId>,
    },
    /// A player bought a card.
    Bought {
        /// The player.
        seat: Seat,
        /// The card.
        card: CardId,
        /// What they paid.
        payment: Tokens,
        /// Whether it came from their reserve.
        from_reserve: bool,
    },
    /// A player returned a token above the limit of 10.
    ReturnedToken {
        /// The player.
        seat: Seat,
        /// The colour.
        token: Token,
    },
    /// A noble visited a player (3 points).
    NobleVisited {
        /// The player.
        seat: Seat,
        /// The noble.
        noble: NobleId,
    },
    /// A player passed.
    Passed {
        /// The player.
        seat: Seat,
    },
    /// The game ended.
    GameEnded {
        /// Why.
        reason: EndReason,
        /// The winners (several for a shared victory).
        winners: SeatSet,
    },
}

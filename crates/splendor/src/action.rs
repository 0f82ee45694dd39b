//! What players do, what chance decides and what happened, in their JSON forms.
//!
//! Actions are micro-actions so every choice is finite and listed by
//! `legal_actions`: a payment is named token by token, surplus tokens are
//! returned one at a time, a noble is chosen with its own action. An action is
//! a few bytes and `Copy`, so the random playout loop moves it for free.

use crate::state::EndReason;
use crate::types::{CardId, Level, NobleId, Slot, Token, TokenPick, Tokens};
use engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// One micro-action of the player whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Take one token each of three different gem colours, or of every
    /// available colour when fewer than three are available
    /// (`splendor.take.three_different`).
    TakeDifferent {
        /// The colours, e.g. `["white", "blue", "red"]`.
        gems: TokenPick,
    },
    /// Take two tokens of one colour whose pile holds at least four (`splendor.take.two_needs_four`).
    TakeTwo {
        /// The colour.
        gem: Token,
    },
    /// Reserve a face-up market card and take a gold token if any is left (`splendor.reserve.*`).
    Reserve {
        /// The market card.
        card: CardId,
    },
    /// Reserve the top card of a deck face down (the card is a chance draw) and
    /// take a gold token if any is left.
    ReserveDeck {
        /// The deck's level.
        level: Level,
    },
    /// Buy a market card or one of the player's own reserved cards with exactly
    /// this payment (`splendor.buy.*`).
    Buy {
        /// The card.
        card: CardId,
        /// Tokens paid per colour; gold stands in for any colour.
        payment: Tokens,
    },
    /// Return one token to the bank while holding more than 10 (`splendor.tokens.limit_ten`).
    Return {
        /// The colour returned (gold allowed).
        token: Token,
    },
    /// Choose which of several qualifying nobles visits (`splendor.noble.*`).
    ChooseNoble {
        /// The noble.
        noble: NobleId,
    },
    /// Pass: only when no other action is legal (`splendor.turn.pass_only_when_blocked`).
    Pass,
}

/// One chance outcome. What it lands on (a market slot, a reserve, the noble
/// row) follows from the state: the phase names the slot or deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Chance {
    /// The card drawn from the deck now due (uniform over its remaining cards).
    Card {
        /// The card drawn.
        card: CardId,
    },
    /// The noble revealed during setup (uniform over the nobles not yet revealed).
    Noble {
        /// The noble.
        noble: NobleId,
    },
}

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

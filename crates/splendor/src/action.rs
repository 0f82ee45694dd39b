//! What players do, what chance decides and what happened, in their JSON forms.
//!
//! Actions are micro-actions so every choice is finite and listed by
//! `legal_actions`: a payment is named token by token, surplus tokens are
//! returned one at a time, a noble is chosen with its own action. An action is
//! a few bytes and `Copy`, so the random playout loop moves it for free.

use crate::types::{CardId, Level, NobleId, Token, TokenPick, Tokens};
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

pub use crate::event::Event;

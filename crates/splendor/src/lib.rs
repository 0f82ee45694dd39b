//! # Splendor for spielleiter
//!
//! The complete rules of Splendor (Space Cowboys, 2014) for 2–4 players, as
//! written in `docs/rules/splendor.md` with the noble visits of seed 002, on
//! the engine contract [`engine::Game`].
//!
//! Design in brief:
//! - The state ([`State`]) is a compact `Copy` value: fixed arrays, byte
//!   counts, decks as bitsets (sets, never ordered lists).
//! - All randomness is explicit chance: the setup deal, the nobles revealed,
//!   every market refill and every deck-top reserve ([`Chance`]).
//! - Actions are micro-actions ([`Action`]): payments are named token by
//!   token, surplus tokens go back one at a time, a noble is chosen by its own
//!   action when several qualify.
//! - Every refusal names its rule id ([`SplendorError`]).

pub mod action;
pub mod afford;
pub mod chance;
pub mod check;
pub mod config;
pub mod data;
pub mod describe;
pub mod determinize;
pub mod end;
pub mod error;
pub mod event;
pub mod game;
pub mod legal;
pub mod noble;
pub mod position;
pub mod state;
pub mod turn;
pub mod types;
pub mod validate;
pub mod view;

pub use action::{Action, Chance};
pub use config::{Config, DEFAULT_TURN_CAP};
pub use error::{SplendorError, RULE_IDS};
pub use event::Event;
pub use game::Splendor;
pub use position::{PlayerPosition, Position, ReservedCard};
pub use state::{EndReason, Phase, Player, State};
pub use types::{Bonuses, CardId, Level, NobleId, Slot, Token, TokenPick, Tokens};
pub use view::{PlayerView, ReservedView, View};

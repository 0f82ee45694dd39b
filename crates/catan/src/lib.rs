//! # CATAN (base game) for spielleiter
//!
//! The rules of `rules/catan.md` as pure functions over a compact state:
//! a shared board topology (`topology`), a per-game layout (`board`), the
//! state and its phases (`state`), and one module per rule area (`rules`).
//! Every refusal cites a rule id (`error`). Views, event redaction,
//! validation of loaded positions and determinization for search live in
//! `view`, `validate` and `determinize`.
//!
//! The rule set is chosen by [`Config::rules`]: the base game, or Cities &
//! Knights ([`cities_knights`], with or without heroes), whose state part
//! `State::ck` is present exactly in its games; every entry point of
//! [`game`] derives the rule set once and hands such a state to that module.
//! The 5–6 player extension ([`five_six`]) is chosen by [`Config::extension`]
//! and plays the base rules on the larger board.

pub mod action;
pub mod bits;
pub mod board;
pub mod cities_knights;
pub mod config;
pub mod determinize;
pub mod dev;
pub mod error;
pub mod event;
pub mod five_six;
pub mod game;
pub mod geometry;
pub mod layout;
mod legal;
pub mod resource;
pub mod rules;
pub mod state;
mod state_json;
pub mod topology;
pub mod validate;
pub mod view;
pub mod vocab;

pub use action::{Action, BaseAction, BaseChance, Chance, Dice, Event, Piece, Place};
pub use board::{Board, Harbor, HarborSpot, Terrain, Tile};
pub use cities_knights::{CkAction, CkChance, CkEvent, CkPhase};
pub use config::{BoardChoice, Config, Extension, Rules, TurnRule};
pub use dev::{DevCard, DevCardCounts, DevCards};
pub use error::CatanError;
pub use event::BaseEvent;
pub use game::Catan;
pub use layout::{HarborEntry, Layout, Problem};
pub use resource::{Resource, ResourceCounts, Resources};
pub use state::{BasePhase, Offer, Phase, Player, Players, Resume, State};
pub use topology::{EdgeId, HexId, NodeId, Shape, Topology};
pub use view::{PlayerView, View};

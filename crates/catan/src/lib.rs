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
//! Knights (`cities_knights`, with or without heroes), whose state part
//! `State::ck` exists only in its own state type: [`Catan`] plays the base
//! game and the 5–6 extension on `State<NoPart>`, [`CatanCk`] Cities &
//! Knights on `State<CkState>` (one generic [`CatanGame`]); every entry
//! point of `game` derives the rule set once and hands the state to that module.
//! The 5–6 player extension (`five_six`) is chosen by [`Config::extension`]
//! and plays the base rules on the larger board.
//!
//! Every module is private to the crate except [`query`]. Other crates (the
//! bots, the Python environments, the CLI, the server, the registry) play
//! through [`Catan`]'s `Game` implementation, read the rules through
//! [`query`] and name the plain data types re-exported here (actions, phases,
//! events, state, cards, id and set types); so a rule change, a split module
//! or a new storage stays inside the crate as long as those keep their shape.

pub(crate) mod action;
pub(crate) mod bits;
pub(crate) mod board;
pub(crate) mod cities_knights;
pub(crate) mod config;
pub mod describe;
pub(crate) mod determinize;
pub(crate) mod dev;
pub(crate) mod error;
pub(crate) mod event;
pub(crate) mod five_six;
pub(crate) mod game;
pub(crate) mod geometry;
pub(crate) mod layout;
mod legal;
pub(crate) mod part;
pub mod places;
pub mod query;
pub(crate) mod resource;
pub(crate) mod rules;
pub mod seafarers;
pub(crate) mod state;
mod state_json;
pub(crate) mod topology;
pub(crate) mod validate;
pub(crate) mod view;
pub(crate) mod vocab;

pub use action::{Action, BaseAction, BaseChance, Chance, Dice, Event, Piece, Place};
pub use bits::{Bits, EdgeBits, EdgeSet, NodeBits, NodeSet, EDGE_WORDS, NODE_WORDS};
pub use board::{Board, Harbor, HarborSpot, Slots, Terrain, Tile};
pub use cities_knights::heroes::{HeroError, HeroPlayer, HexSet, HERO_RULE_IDS, SQUIRES_PER_PLAYER};
pub use cities_knights::part::CatanCk;
pub use cities_knights::{
    Card, Cards, CkAction, CkChance, CkError, CkEvent, CkPhase, CkPlayer, CkPlayerView, CkState, CkView, Commodities,
    Commodity, CommodityCounts, Deck, EventFace, KnightBit, KnightRecord, Merchant, Metropolis, NodeList, ProgressCard,
    ProgressCards, ProgressHand, Roster, Step, Track, CARD_KINDS, CK_RULE_IDS, COMMODITY_COUNT, MAX_KNIGHTS,
    PROGRESS_HAND_LIMIT, TRACK_COUNT,
};
pub use config::{BoardChoice, Config, Extension, PartKind, Rules, TurnRule};
pub use dev::{DevCard, DevCardCounts, DevCards, DEV_KINDS};
pub use error::{CatanError, RULE_IDS};
pub use event::BaseEvent;
pub use five_six::{FiveSixError, FIVE_SIX_RULE_IDS};
pub use game::{Catan, CatanGame};
pub use layout::{HarborEntry, Layout, Problem};
pub use resource::{Resource, ResourceCounts, Resources, CARDS_PER_RESOURCE, RESOURCE_COUNT};
pub use state::{
    BasePhase, BaseState, NoPart, Offer, Part, Phase, Player, Players, Resume, State, CITY_LIMIT, MAX_PLAYERS,
    ROAD_LIMIT, SETTLEMENT_LIMIT,
};
pub use state_json::PartSlots;
pub use topology::{EdgeId, HexId, NodeId, Shape, Topology, MAX_EDGES, MAX_HARBORS, MAX_HEXES, MAX_NODES};
pub use view::{PlayerView, View};

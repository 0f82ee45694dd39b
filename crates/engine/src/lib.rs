//! # spielleiter engine
//!
//! The contract every game of spielleiter implements ([`Game`]), and what is
//! built on it for every game alike: typed refusals that cite a rule
//! ([`Rejection`], [`RuleError`]), explicit seeded chance, per-seat views, the
//! replayable [`Log`], a game in play ([`Match`]) and a JSON-speaking handle for
//! front ends ([`DynMatch`]). No I/O happens here.

pub mod counts;
pub mod describe;
pub mod digest;
pub mod dynamic;
pub mod game;
pub mod log;
pub mod playout;
pub mod problem;
pub mod rejection;
pub mod sample;
pub mod seat;
pub mod session;

pub use counts::{CountKind, Counts, CountsForm};
pub use describe::{Card, Description, Price, Term};
pub use dynamic::{
    parse_strict, DynMatch, GameEntry, OptionCard, OptionKind, OptionValue, RuleSetCard, SavedState, Stored,
};
pub use game::{ConfigError, EventSink, Game, GameResult, GameRng, NoEvents, RejectionOf, StateHeap, ToAct};
pub use log::{ChanceMode, Entry, Log, ReplayError, Start};
pub use playout::{random_playout, PlayoutBuffers, PlayoutEnd, RandomPolicy};
pub use problem::Problem;
pub use rejection::{ErrorInfo, Message, Rejection, RuleError};
pub use sample::{draw_without_replacement, pick_weighted};
pub use seat::{Seat, SeatSet, Viewer, MAX_SEATS};
pub use session::Match;

/// Re-exported so games and tools name the same RNG crates.
pub use rand;
pub use rand_chacha;

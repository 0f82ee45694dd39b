//! The library behind the `spielleiter` command: the simulator, the
//! JSON-lines referee, log replay and the benchmark. Kept as a library so
//! tests (and later the server) reach every piece directly. The games come
//! from the one list, the `spielleiter-registry` crate.

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod graph;
pub mod mcp;
pub mod mcp_arena;
pub mod referee;
pub mod replay;
pub mod seat_bot;
pub mod simulate;

/// The one list of games (the `spielleiter-registry` crate), re-exported
/// under the path front ends and tests have always used.
pub use ::registry;
pub use ::registry::with_game;

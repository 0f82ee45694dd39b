//! The library behind the `spielleiter` command: the game registry, the
//! simulator, the JSON-lines referee, log replay and the benchmark. Kept as a
//! library so tests (and later the server) reach every piece directly.

pub mod arena;
pub mod bench;
pub mod referee;
pub mod registry;
pub mod replay;
pub mod seat_bot;
pub mod simulate;

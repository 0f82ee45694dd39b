//! The per-game parts: each game's action candidates and observation encoder.
//! Everything else is generic over [`crate::research::Research`].

mod catan;
mod junior;
mod splendor;

//! The one integration-test binary of this crate: every former test file is a module
//! here, and the shared helpers are compiled once. A new test file becomes a module of
//! this binary (`mod name;` below), never a new file at the top of `tests/`: each top-level
//! file is a binary of its own that re-links the whole crate (docs/architecture.md).

mod agent;
mod analysis;
mod bots;
mod cities_knights;
mod information;
mod lookahead;

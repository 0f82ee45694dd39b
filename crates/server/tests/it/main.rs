//! The one integration-test binary of this crate: every former test file is a module
//! here, and the shared helpers are compiled once. A new test file becomes a module of
//! this binary (`mod name;` below), never a new file at the top of `tests/`: each top-level
//! file is a binary of its own that re-links the whole crate (docs/architecture.md).

mod common;

mod abandon;
mod bots;
mod capacity;
mod chat;
mod clock;
mod crash;
mod floods;
mod graphs_and_branches;
mod history;
mod hostile;
mod http_api;
mod instances;
mod instances_limits;
mod instances_mcp;
mod loadtest_smoke;
mod my_games;
mod names;
mod persistence_postgres;
mod persistence_sqlite;
mod ratings;
mod rematch;
mod slow_readers;
mod table_integrity;
mod web_imports;
mod websocket;

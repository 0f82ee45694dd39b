//! The one integration-test binary of this crate: every former test file is a module
//! here, and the shared helpers are compiled once. A new test file becomes a module of
//! this binary (`mod name;` below), never a new file at the top of `tests/`: each top-level
//! file is a binary of its own that re-links the whole crate (docs/architecture.md).

mod common;

mod analysis;
mod arena;
mod commands;
mod describe;
mod fuzz_input;
mod invalid_state;
mod labels;
mod mcp_http;
mod mcp_tools;
mod referee_protocol;
mod seat_bot;
mod server_analysis;
mod server_bots;
mod server_ck_refusals;
mod server_hostile;
mod server_restore;
mod server_topology;
mod server_views;
mod topology;

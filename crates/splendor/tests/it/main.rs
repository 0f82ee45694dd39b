//! The one integration-test binary of this crate: every former test file is a module
//! here, and the shared helpers are compiled once. A new test file becomes a module of
//! this binary (`mod name;` below), never a new file at the top of `tests/`: each top-level
//! file is a binary of its own that re-links the whole crate (docs/architecture.md).

mod common;

mod conformance;
mod data;
mod docs_json;
mod golden;
mod hidden_information;
mod positions_json;
mod reach;
mod rules_buy;
mod rules_noble;
mod rules_reserve;
mod rules_setup;
mod rules_take;
mod rules_tokens;
mod rules_turn_end;
mod seed_002_nobles;

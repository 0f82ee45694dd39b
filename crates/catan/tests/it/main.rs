//! The one integration-test binary of this crate: every former test file is a module
//! here, and the shared helpers are compiled once. A new test file becomes a module of
//! this binary (`mod name;` below), never a new file at the top of `tests/`: each top-level
//! file is a binary of its own that re-links the whole crate (docs/architecture.md).

mod ck;
mod common;
mod reach;

mod ck_build;
mod ck_conformance;
mod ck_hidden;
mod ck_progress;
mod ck_robustness;
mod ck_roll;
mod ck_validate;
mod conformance;
mod describe;
mod five_six;
mod five_six_conformance;
mod golden;
mod heroes;
mod heroes_conformance;
mod heroes_house;
mod hidden;
mod ids;
mod json;
mod negotiation;
mod offers;
mod parts;
mod reach_base;
mod reach_cities_knights;
mod reach_five_six;
mod reach_heroes;
mod robustness;
mod rules;
mod seafarers_boards;
mod seed_000_largest_army;
mod seed_003_city;
mod state_size;
mod vocab;

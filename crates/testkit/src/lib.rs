//! # spielleiter testkit
//!
//! The conformance suite every game passes ([`conformance::run`]), golden
//! playthroughs for snapshot tests ([`golden`]) and small helpers for scenario
//! tests ([`scenario`]), and a throw-away PostgreSQL cluster ([`postgres`]).

pub mod conformance;
pub mod golden;
#[cfg(feature = "mcp-client")]
pub mod mcp;
pub mod postgres;
pub mod reach;
pub mod scenario;
pub mod toy;

pub use conformance::{run, Conformance, Report};

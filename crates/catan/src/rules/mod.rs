//! The rules of the base game, one module per rule area of `rules/catan.md`.

pub mod awards;
pub mod build;
pub mod development;
pub mod hand;
pub mod layer;
pub mod negotiation;
pub mod robber;
pub mod setup;
pub mod trade;
pub mod turn;

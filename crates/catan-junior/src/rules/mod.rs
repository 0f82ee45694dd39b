//! The rules, one module per rule or concept of seed 001.

pub mod build;
pub mod castle;
pub mod coco;
pub mod klau;
pub mod pro;
pub mod production;
pub mod supply;
pub mod trade;
pub mod turn;

//! # Seafarers (Die Seefahrer): the scenario boards as data
//!
//! The first brick of the expansion (`rules/seafarers.md`): the boards of
//! its scenarios on the rule file's hex grid, nothing of its rules yet. It
//! is not wired into the engine, the topology or the base game's types;
//! later work builds a topology from a [`SeaMap`] and plays on it.
//!
//! - [`map`]: the grid (`sea.board.coords`), hexes with the frame ring
//!   (`sea.board.frame`), corner points on `topology.rs`'s integer grid,
//!   islands (`sea.board.island`) and coasts.
//! - [`scenarios`]: Heading for New Shores and The Four Islands for 3 and 4
//!   players as printed, transcribed in the rule file's row notation and
//!   read by [`parse`]; New World's frame; goals, set-up areas
//!   (`sea.setup.area`) and the foreign-island rule (`sea.svp.foreign_island`).
//! - `variable`: the printed boards' variable set-up (`sea.board.variable`).
//! - [`generate`]: New World's board from the seeded RNG
//!   (`sea.scn.new_world.*`).
//! - [`problems`]: every check a stated board must pass, with rule ids and
//!   German and English sentences, for boards read from saved states.

pub mod generate;
pub mod map;
pub mod parse;
pub mod problems;
pub mod scenarios;
mod variable;

pub use generate::{
    new_world, new_world_frame, new_world_where, NEW_WORLD_HARBORS, NEW_WORLD_LAND, NEW_WORLD_SEA, NEW_WORLD_TOKENS,
};
pub use map::{HarborSite, Hex, HexPos, Point, Row, SeaMap, SeaTerrain, Side, CORNERS};
pub use parse::{parse_cells, parse_rows, Cell, ParseError};
pub use problems::{MapProblem, MAX_HARBORS, MAX_ROWS, MAX_ROW_HEXES, MAX_X0, SEA_BOARD_RULE_IDS};
pub use scenarios::{ForeignRule, Players, Scenario, SetupArea, NEW_WORLD_FRAME};

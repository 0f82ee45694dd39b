//! # Catan Junior (Kosmos edition) for spielleiter
//!
//! The whole game of seed 001: the captain's turn, production on 1–5, Käpt'n
//! Klau on a 6, pirate lairs and ships, Coco cards and the castle site, the
//! Rettungsringe and the 2:1 trade with the supply, supply shortage, victory
//! with all 7 lairs, the 2-player side and the pro variant with player trades.
//! See `docs/games/catan-junior.md` for numbering, rules decisions and JSON.

pub mod action;
pub mod board;
pub mod board_data;
pub mod edition;
pub mod error;
pub mod event;
pub mod game;
pub mod goods;
pub mod ids;
pub mod json;
pub mod legal;
pub mod rules;
pub mod state;
pub mod validate;
pub mod view;

pub use action::{Action, Chance};
pub use board::{Board, Side};
pub use edition::{CocoCard, Edition, EditionData};
pub use error::{JuniorError, Piece, RULE_IDS};
pub use event::Event;
pub use game::CatanJunior;
pub use goods::{Bundle, Good, Goods};
pub use ids::{Island, Link, Site};
pub use state::{Config, Phase, State};
pub use view::View;

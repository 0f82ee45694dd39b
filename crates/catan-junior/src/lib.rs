//! # Catan Junior (Kosmos edition) for spielleiter
//!
//! The whole game of seed 001: the captain's turn, production on 1–5, Käpt'n
//! Klau on a 6, pirate lairs and ships, Coco cards and the castle site, the
//! Rettungsringe and the 2:1 trade with the supply, supply shortage, victory
//! with all 7 lairs, the 2-player side and the pro variant with player trades.
//! See `docs/games/catan-junior.md` for numbering, rules decisions and JSON.
//!
//! A first step (it runs as `tests/it/doc_example.rs`: the workspace's test
//! command builds no doctests, each of which would link the crate again):
//!
//! ```ignore
//! use catan_junior::{Action, CatanJunior, Chance, Config};
//! use engine::rand::SeedableRng;
//! use engine::{Game, GameRng, NoEvents, Seat, ToAct};
//!
//! let mut rng = GameRng::seed_from_u64(1);
//! let mut state = CatanJunior::new_game(&Config::default(), 4, &mut rng).expect("2–4 players");
//! // Every turn starts with the captain's die, a chance node.
//! assert_eq!(CatanJunior::to_act(&state), ToAct::Chance);
//! CatanJunior::apply_chance(&mut state, &Chance::Die { value: 3 }, &mut NoEvents).expect("a die face");
//! let mut legal = Vec::new();
//! CatanJunior::legal_actions(&state, Seat(0), &mut legal);
//! assert!(legal.contains(&Action::EndTurn));
//! ```

pub mod action;
pub mod board;
pub mod board_data;
pub mod config;
pub mod describe;
pub mod edition;
pub mod error;
pub mod event;
pub mod game;
pub mod geometry;
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
pub use config::Config;
pub use edition::{CocoCard, Edition, EditionData};
pub use error::{JuniorError, Piece, RULE_IDS};
pub use event::Event;
pub use game::CatanJunior;
pub use goods::{Good, Goods};
pub use ids::{Island, Link, Site};
pub use state::{Phase, State};
pub use view::View;

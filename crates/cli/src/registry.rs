//! The games this binary knows, by id. Front ends look games up here; the
//! typed tools (simulate, bench) dispatch through [`with_game!`].

use engine::dynamic::Entry;
use engine::{ErrorInfo, GameEntry};

/// Ids of every game, in the order the help text lists them.
pub const GAMES: &[&str] = &["splendor", "catan", "catan-junior"];

/// The JSON-speaking entry of a game.
pub fn entry(id: &str) -> Result<Box<dyn GameEntry>, ErrorInfo> {
    match id {
        "splendor" => Ok(Entry::<splendor::Splendor>::boxed()),
        "catan" => Ok(Entry::<catan::Catan>::boxed()),
        "catan-junior" => Ok(Entry::<catan_junior::CatanJunior>::boxed()),
        other => Err(unknown_game(other)),
    }
}

/// The error for a game id that does not exist.
pub fn unknown_game(id: &str) -> ErrorInfo {
    let known = GAMES.join(", ");
    ErrorInfo::new(
        "unknown_game",
        "engine.unknown_game",
        format!("Unbekanntes Spiel „{id}“ (bekannt: {known})."),
        format!("Unknown game '{id}' (known: {known})."),
    )
}

/// Runs `$body` with the type alias `$G` bound to the game named `$id`.
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            "splendor" => {
                type $G = splendor::Splendor;
                Ok($body)
            }
            "catan" => {
                type $G = catan::Catan;
                Ok($body)
            }
            "catan-junior" => {
                type $G = catan_junior::CatanJunior;
                Ok($body)
            }
            other => Err($crate::registry::unknown_game(other)),
        }
    };
}

//! Helpers of the cli crate's server tests: every game in one registry and a
//! temporary SQLite file.
#![allow(dead_code)]

pub mod referee;

use spielleiter_cli::registry;

/// Every game `spielleiter serve` offers.
pub fn games() -> server::Registry {
    let entries = registry::GAMES
        .iter()
        .map(|id| registry::entry(id).expect("entry"))
        .collect();
    server::Registry::new(entries).expect("registry")
}

/// A fresh SQLite URL in a temporary directory.
pub fn temp_db(tag: &str) -> String {
    let n = server::secret::random_u64().expect("random");
    let dir = std::env::temp_dir().join(format!("spielleiter-cli-{tag}-{n:016x}"));
    std::fs::create_dir_all(&dir).expect("temp dir");
    format!("sqlite://{}", dir.join("test.db").display())
}

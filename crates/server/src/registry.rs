//! The games a server offers. The caller (the CLI) passes them in, so this
//! crate serves every game that has landed without depending on the games.

use engine::GameEntry;
use std::sync::Arc;

/// Games by id.
#[derive(Clone)]
pub struct Registry {
    games: Arc<Vec<Arc<dyn GameEntry>>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.ids()).finish()
    }
}

impl Registry {
    /// A registry of these games; ids must be unique.
    pub fn new(games: Vec<Box<dyn GameEntry>>) -> Result<Registry, crate::ServerError> {
        let mut ids: Vec<&str> = games.iter().map(|g| g.id()).collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(crate::ServerError::Config(format!(
                "game id '{}' registered twice",
                w[0]
            )));
        }
        Ok(Registry {
            games: Arc::new(games.into_iter().map(Arc::from).collect()),
        })
    }

    /// The game registered as `id`.
    pub fn get(&self, id: &str) -> Option<Arc<dyn GameEntry>> {
        self.games.iter().find(|g| g.id() == id).map(Arc::clone)
    }

    /// Every game id, in registration order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.id()).collect()
    }
}

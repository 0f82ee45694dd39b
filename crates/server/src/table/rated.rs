//! The table's side of the ratings ([`crate::ratings`]): who a joining
//! human is for them, and counting the result once the game ends.

use super::Table;
use crate::error::ApiError;
use serde_json::Value;
use std::sync::Arc;

/// Who a joining human is for the ratings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// No token: unrated (refused at a rated table if the name is claimed).
    None,
    /// The player token the join carried.
    Token(String),
    /// A claimed name the server proved before (a rematch seats the player
    /// of the finished table's seat again).
    Proven(String),
}

impl Table {
    /// The rated identity a human joins this table as: at a rated table the
    /// name its token claims or proves; a claimed name without its token is
    /// refused there, an unclaimed one plays unrated. Casual tables rate
    /// nobody and check no claims.
    pub(super) async fn rated_player(&self, name: &str, claim: Claim) -> Result<Option<String>, ApiError> {
        if let Claim::Token(t) = &claim {
            crate::ratings::check_token(t)?;
        }
        if !self.rated {
            return Ok(None);
        }
        match claim {
            Claim::Token(t) => crate::ratings::claim(&self.shared.db, name, &t).await.map(Some),
            Claim::Proven(player) => Ok(Some(player)),
            Claim::None if crate::ratings::is_claimed(&self.shared.db, name).await? => {
                Err(ApiError::name_claimed(name))
            }
            Claim::None => Ok(None),
        }
    }

    /// Counts the result of this rated table that just ended, off the
    /// actor (it waits for the database); at most once, see [`crate::ratings`].
    pub(super) fn settle_rating(&self) {
        if !self.rated {
            return;
        }
        let db = self.shared.db.clone();
        let entry = Arc::clone(&self.entry);
        let id = self.id.clone();
        tokio::spawn(async move {
            let rules_of = move |_game: &str, options: &Value| crate::ratings::rules_id(Some(&*entry), options);
            if let Err(e) = crate::ratings::settle(&db, &id, &rules_of).await {
                tracing::error!(table = %id, error = %e, "ratings not updated; counted at the next start");
            }
        });
    }
}

//! Rematch: a seat of a finished table opens a new table of the same game,
//! options and seats, bots in their seats and every human seat open for its
//! player (each is invited to the same seat), and is seated there itself.
//!
//! A table has at most one rematch: it is stored with the table
//! (`tables.rematch`), so the second player to ask, a reload or a restart
//! all find the same new table rather than opening another one. Only a seat
//! proven by its secret may ask, and only once the game has ended.

use crate::db::Write;
use crate::error::ApiError;
use crate::lobby::Lobby;
use crate::protocol::{CreateTable, SeatSpec};
use crate::secret;
use crate::table::Command;
use serde::Serialize;

/// The answer to `POST /api/tables/{id}/rematch`.
#[derive(Debug, Clone, Serialize)]
pub struct Rematch {
    /// The finished table.
    pub from: String,
    /// The new table.
    pub table: String,
    /// Whether this request opened it (false: another seat had already).
    pub created: bool,
    /// The seat the asker holds there (the same as at the finished table).
    pub seat: u8,
    /// The seat's secret at the new table, when this request seated the
    /// asker (`None`: the seat was already taken there).
    pub secret: Option<String>,
}

impl Lobby {
    /// Opens (or finds) the rematch of table `id` for `seat`, whose secret
    /// hashes to `secret_hash`, and seats the asker in it.
    pub async fn rematch(
        &self,
        id: &str,
        seat: u8,
        secret_hash: &str,
        asker: Option<std::net::IpAddr>,
    ) -> Result<Rematch, ApiError> {
        // One rematch per table even when every seat clicks at once.
        let _one_at_a_time = self.rematch_lock().lock().await;
        let db = &self.shared().db;
        let archived = db.archived(id).await.map_err(|_| ApiError::storage())?;
        let archived = archived.ok_or_else(|| ApiError::unknown_table(id))?;
        let seats = db.seats(id).await.map_err(|_| ApiError::storage())?;
        let row = seats
            .get(usize::from(seat))
            .ok_or_else(|| ApiError::no_such_seat(usize::from(seat)))?;
        let proven = crate::table::is_player(&row.kind)
            && row
                .secret_hash
                .as_deref()
                .is_some_and(|h| secret::hashes_match(h, secret_hash));
        if !proven {
            return Err(ApiError::wrong_secret(usize::from(seat)));
        }
        if !archived.finished {
            return Err(ApiError::rematch_not_finished());
        }
        let (next, created) = match archived.rematch {
            Some(next) => (next, false),
            None => {
                let t = &archived.table;
                let options = serde_json::from_str(&t.options).unwrap_or(serde_json::Value::Null);
                let specs = seats
                    .iter()
                    .map(|s| match (s.kind.as_str(), &s.name) {
                        ("bot", Some(bot)) => SeatSpec::Bot { bot: bot.clone() },
                        _ => SeatSpec::Human,
                    })
                    .collect();
                let req = CreateTable {
                    game: t.game.clone(),
                    players: t.players,
                    options,
                    seats: Some(specs),
                    seed: None,
                    // The old table's clock, none included: a rematch plays as it did.
                    clock: Some(crate::clock::config_of(t.clock.as_deref())),
                    rated: t.rated,
                };
                let summary = self.create_by(req, asker).await?;
                let write = Write::Rematch {
                    table: id.to_string(),
                    next: summary.id.clone(),
                };
                db.write(write).await.map_err(|e| {
                    tracing::error!(table = %id, error = %e, "rematch not stored");
                    ApiError::storage()
                })?;
                if let Some(old) = self.get(id) {
                    let _ = old
                        .ask(|reply| Command::Rematch {
                            next: summary.id.clone(),
                            reply,
                        })
                        .await;
                }
                tracing::info!(table = %id, rematch = %summary.id, "rematch opened");
                (summary.id, true)
            }
        };
        let name = row
            .name
            .clone()
            .unwrap_or_else(|| format!("Player {}", u16::from(seat) + 1));
        // A rematch that has itself ended and left memory seats nobody.
        let secret = match self.get(&next) {
            None => None,
            Some(handle) => match handle
                .ask(|reply| Command::Join {
                    seat: usize::from(seat),
                    name,
                    claim: row
                        .player
                        .clone()
                        .map_or(crate::table::Claim::None, crate::table::Claim::Proven),
                    agent: row.kind == "agent",
                    from: asker,
                    reply,
                })
                .await
            {
                Ok(secret) => Some(secret),
                Err(e) if e.info.kind == "seat_taken" => None,
                Err(e) => return Err(e),
            },
        };
        Ok(Rematch {
            from: id.to_string(),
            table: next,
            created,
            seat,
            secret,
        })
    }
}

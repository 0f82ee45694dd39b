//! The lobby: every table of the server by id, creating tables and bringing
//! unfinished ones back after a restart.

use crate::db::{SeatRow, TableRow, Write};
use crate::error::{ApiError, ServerError};
use crate::protocol::{CreateTable, SeatSpec, TableSummary};
use crate::registry::Registry;
use crate::secret;
use crate::table::{self, Setup, Shared, TableHandle};
use engine::ChanceMode;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::RwLock;

/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// All tables.
#[derive(Debug)]
pub struct Lobby {
    tables: RwLock<HashMap<String, TableHandle>>,
    registry: Registry,
    shared: Shared,
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Checks a display name: 1–40 characters, no control characters.
pub fn check_name(name: Option<String>, seat: usize) -> Result<String, ApiError> {
    let name = name.map(|n| n.trim().to_string()).unwrap_or_default();
    if name.is_empty() {
        return Ok(format!("Player {}", seat + 1));
    }
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ApiError::malformed(format!(
            "name: 1 to {MAX_NAME_CHARS} characters without control characters"
        )));
    }
    Ok(name)
}

impl Lobby {
    /// An empty lobby.
    pub fn new(registry: Registry, shared: Shared) -> Lobby {
        Lobby {
            tables: RwLock::new(HashMap::new()),
            registry,
            shared,
        }
    }

    /// The games offered.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Shared services.
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    fn insert(&self, id: String, handle: TableHandle) {
        match self.tables.write() {
            Ok(mut t) => t.insert(id, handle),
            Err(poisoned) => poisoned.into_inner().insert(id, handle),
        };
    }

    /// The running table `id`.
    pub fn get(&self, id: &str) -> Option<TableHandle> {
        match self.tables.read() {
            Ok(t) => t.get(id).cloned(),
            Err(poisoned) => poisoned.into_inner().get(id).cloned(),
        }
    }

    /// Summaries of every table, newest first.
    pub fn list(&self) -> Vec<TableSummary> {
        let handles: Vec<TableHandle> = match self.tables.read() {
            Ok(t) => t.values().cloned().collect(),
            Err(poisoned) => poisoned.into_inner().values().cloned().collect(),
        };
        let mut out: Vec<TableSummary> = handles.iter().map(TableHandle::summary).collect();
        out.sort_by(|a, b| b.created_ms.cmp(&a.created_ms).then_with(|| a.id.cmp(&b.id)));
        out
    }

    /// Number of tables in memory.
    pub fn len(&self) -> usize {
        match self.tables.read() {
            Ok(t) => t.len(),
            Err(poisoned) => poisoned.into_inner().len(),
        }
    }

    /// Whether no table is in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets tables that have been finished for longer than `linger`
    /// (first seen finished by an earlier sweep; `seen` keeps that time), so
    /// memory stays bounded. Their summary and log are then read from the
    /// database.
    pub fn evict_finished(&self, linger: std::time::Duration, seen: &mut HashMap<String, std::time::Instant>) {
        let now = std::time::Instant::now();
        let finished: Vec<String> = match self.tables.read() {
            Ok(t) => t
                .iter()
                .filter(|(_, h)| h.summary().status == "finished")
                .map(|(id, _)| id.clone())
                .collect(),
            Err(_) => return,
        };
        seen.retain(|id, _| finished.contains(id));
        let mut expired = Vec::new();
        for id in finished {
            let since = *seen.entry(id.clone()).or_insert(now);
            if now.duration_since(since) >= linger {
                expired.push(id);
            }
        }
        if expired.is_empty() {
            return;
        }
        if let Ok(mut t) = self.tables.write() {
            for id in &expired {
                t.remove(id);
                seen.remove(id);
            }
        }
        tracing::debug!(count = expired.len(), "finished tables evicted from memory");
    }

    /// Drops every table handle, so the actors end once their queues drain.
    pub fn close(&self) {
        match self.tables.write() {
            Ok(mut t) => t.clear(),
            Err(poisoned) => poisoned.into_inner().clear(),
        }
    }

    /// Creates a table: checks the request, stores it, starts it.
    pub async fn create(&self, req: CreateTable) -> Result<TableSummary, ApiError> {
        let entry = self
            .registry
            .get(&req.game)
            .ok_or_else(|| ApiError::unknown_game(&req.game, &self.registry.ids()))?;
        let specs = req.seats.unwrap_or_else(|| vec![SeatSpec::Human; req.players]);
        if specs.len() != req.players {
            return Err(ApiError::malformed(format!(
                "seats: {} given for {} players",
                specs.len(),
                req.players
            )));
        }
        let mut seats = Vec::with_capacity(specs.len());
        for spec in specs {
            seats.push(match spec {
                SeatSpec::Human => SeatRow {
                    kind: "open".into(),
                    name: None,
                    secret_hash: None,
                },
                SeatSpec::Bot { bot } => {
                    if self.shared.bots.get(&bot).is_none() {
                        return Err(ApiError::unknown_bot(&bot, &self.shared.bots.names()));
                    }
                    SeatRow {
                        kind: "bot".into(),
                        name: Some(bot),
                        secret_hash: None,
                    }
                }
            });
        }
        let random = || secret::random_u64().map_err(|e| ApiError::internal(&e.to_string()));
        let seed = match req.seed {
            Some(s) => s,
            None => random()?,
        };
        let game = entry
            .create(&req.options, req.players, seed, ChanceMode::Seeded)
            .map_err(ApiError::engine)?;
        let id = format!("{:016x}", random()?);
        let row = TableRow {
            id: id.clone(),
            game: req.game.clone(),
            players: req.players,
            options: req.options.to_string(),
            seed,
            version: game.version(),
            created_ms: now_ms(),
        };
        self.shared
            .db
            .write(Write::CreateTable {
                table: row.clone(),
                seats: seats.clone(),
            })
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "table not stored");
                ApiError::storage()
            })?;
        let handle = table::spawn(
            Setup {
                id: id.clone(),
                options: req.options,
                seed,
                created_ms: row.created_ms,
                entry,
                game,
                actions: Vec::new(),
                seats,
            },
            self.shared.clone(),
        );
        let summary = handle.summary();
        self.insert(id.clone(), handle);
        tracing::info!(table = %id, game = %req.game, players = req.players, "table created");
        Ok(summary)
    }

    /// Restores every unfinished table from the database by replaying its
    /// actions. A table that cannot be restored is reported and skipped, so
    /// one broken record does not keep the others from play.
    pub async fn restore(&self) -> Result<usize, ServerError> {
        let stored = self
            .shared
            .db
            .unfinished()
            .await
            .map_err(|source| ServerError::Database {
                url: "(restore)".into(),
                source,
            })?;
        let mut restored = 0;
        for st in stored {
            let id = st.table.id.clone();
            match self.restore_one(st) {
                Ok(()) => restored += 1,
                Err(detail) => {
                    let e = ServerError::Restore { table: id, detail };
                    tracing::error!(error = %e, "table skipped");
                }
            }
        }
        Ok(restored)
    }

    fn restore_one(&self, st: crate::db::StoredTable) -> Result<(), String> {
        let t = st.table;
        let entry = self
            .registry
            .get(&t.game)
            .ok_or_else(|| format!("game '{}' is not offered by this server", t.game))?;
        let options: Value = serde_json::from_str(&t.options).map_err(|e| format!("options: {e}"))?;
        let mut actions = Vec::with_capacity(st.actions.len());
        for (i, a) in st.actions.iter().enumerate() {
            let v: Value = serde_json::from_str(&a.action).map_err(|e| format!("action {i}: {e}"))?;
            actions.push((a.seat, v));
        }
        if st.seats.len() != t.players {
            return Err(format!("{} seats stored for {} players", st.seats.len(), t.players));
        }
        let game = table::replay(entry.as_ref(), &options, t.players, t.seed, &actions)?;
        if game.version() != t.version {
            return Err(format!(
                "replay reaches version {}, stored version is {}",
                game.version(),
                t.version
            ));
        }
        let handle = table::spawn(
            Setup {
                id: t.id.clone(),
                options,
                seed: t.seed,
                created_ms: t.created_ms,
                entry,
                game,
                actions,
                seats: st.seats,
            },
            self.shared.clone(),
        );
        tracing::info!(table = %t.id, game = %t.game, version = t.version, "table restored");
        self.insert(t.id, handle);
        Ok(())
    }

    /// The summary of a table, from memory or (for a finished table that is
    /// no longer in memory, e.g. after a restart) from the database.
    pub async fn summary(&self, id: &str) -> Result<TableSummary, ApiError> {
        if let Some(h) = self.get(id) {
            return Ok(h.summary());
        }
        let db = &self.shared.db;
        let archived = db.archived(id).await.map_err(|_| ApiError::storage())?;
        let archived = archived.ok_or_else(|| ApiError::unknown_table(id))?;
        let seats = db.seats(id).await.map_err(|_| ApiError::storage())?;
        let t = archived.table;
        let options = serde_json::from_str(&t.options).unwrap_or(Value::Null);
        Ok(TableSummary {
            id: t.id,
            game: t.game,
            players: t.players,
            rules: crate::protocol::rules_of(&options),
            options,
            version: t.version,
            status: if archived.finished { "finished" } else { "unavailable" }.into(),
            to_act: engine::ToAct::Over,
            seats: seats
                .into_iter()
                .enumerate()
                .map(|(i, s)| crate::protocol::SeatInfo {
                    seat: i as u8,
                    connected: false,
                    kind: s.kind,
                    name: s.name,
                })
                .collect(),
            result: archived.result.and_then(|r| serde_json::from_str(&r).ok()),
            created_ms: t.created_ms,
        })
    }

    /// The log of a finished table, from memory or from the database.
    pub async fn log(&self, id: &str) -> Result<Value, ApiError> {
        if let Some(h) = self.get(id) {
            return h.ask(|reply| table::Command::Log { reply }).await;
        }
        let archived = self.shared.db.archived(id).await.map_err(|_| ApiError::storage())?;
        let archived = archived.ok_or_else(|| ApiError::unknown_table(id))?;
        match archived.log {
            Some(log) if archived.finished => {
                serde_json::from_str(&log).map_err(|e| ApiError::internal(&format!("stored log: {e}")))
            }
            _ => Err(ApiError::not_finished()),
        }
    }
}

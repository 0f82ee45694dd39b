//! The lobby: every table of the server by id, creating tables and bringing
//! unfinished ones back after a restart.

use crate::db::{SeatRow, TableRow};
use crate::error::{ApiError, ServerError};
use crate::protocol::{CreateTable, SeatSpec, TableSummary};
use crate::registry::Registry;
use crate::secret;
use crate::table::{self, Setup, Shared, TableHandle};
use engine::ChanceMode;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::RwLock;

pub use crate::names::{check_name, MAX_NAME_CHARS};

/// Most seats a table may have, whatever the game: checked before anything
/// is allocated for the seats (each game then checks its own range).
pub const MAX_PLAYERS: usize = 16;

/// Longest game options, in bytes of compact JSON: options are stored with
/// every table and sent with every listing.
pub const MAX_OPTIONS_BYTES: usize = 4 * 1024;

/// All tables.
#[derive(Debug)]
pub struct Lobby {
    tables: RwLock<HashMap<String, TableHandle>>,
    /// Table ids in the order this process opened them, for
    /// [`Lobby::make_room`]: a flood of tables nobody joins is closed from
    /// the front, oldest first, instead of by a scan of every table per new
    /// one. Ids of tables met joined or ended are dropped as they come to the
    /// front; the periodic sweep drops those no longer in memory.
    opened: std::sync::Mutex<std::collections::VecDeque<String>>,
    registry: Registry,
    shared: Shared,
    /// Held while a rematch is opened (see [`crate::rematch`]).
    rematch: tokio::sync::Mutex<()>,
    /// Tables being created: stored (and so owned by this instance) but
    /// not yet in `tables`. The cluster round must not restore them a
    /// second time in that moment (see [`crate::cluster`]).
    creating: std::sync::Mutex<std::collections::HashSet<String>>,
}

pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The state a stored result gives a finished table: `abandoned` when the
/// server ended it because everybody had left ([`crate::abandon`]), `closed`
/// when it closed it otherwise ([`Lobby::make_room`]), `finished` when its
/// game ended.
pub(crate) fn finished_status(result: Option<&str>) -> &'static str {
    let v = result.and_then(|r| serde_json::from_str::<Value>(r).ok());
    match v {
        Some(v) if v.get("abandoned") == Some(&Value::Bool(true)) => "abandoned",
        Some(v) if v.get("closed").is_some() => "closed",
        _ => "finished",
    }
}

impl Lobby {
    /// An empty lobby.
    pub fn new(registry: Registry, shared: Shared) -> Lobby {
        Lobby {
            tables: RwLock::new(HashMap::new()),
            opened: std::sync::Mutex::new(std::collections::VecDeque::new()),
            registry,
            shared,
            rematch: tokio::sync::Mutex::new(()),
            creating: std::sync::Mutex::new(std::collections::HashSet::new()),
        }
    }

    /// The lock that keeps two rematches of one table from being opened at once.
    pub(crate) fn rematch_lock(&self) -> &tokio::sync::Mutex<()> {
        &self.rematch
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
        self.opened_queue().push_back(id.clone());
        match self.tables.write() {
            Ok(mut t) => t.insert(id, handle),
            Err(poisoned) => poisoned.into_inner().insert(id, handle),
        };
    }

    fn opened_queue(&self) -> std::sync::MutexGuard<'_, std::collections::VecDeque<String>> {
        self.opened.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn creating_set(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<String>> {
        self.creating.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether table `id` is being created here (stored, not yet running).
    pub fn is_creating(&self, id: &str) -> bool {
        self.creating_set().contains(id)
    }

    /// The running table `id` (not one whose actor stopped because the table
    /// moved to another instance, see [`crate::cluster`]).
    pub fn get(&self, id: &str) -> Option<TableHandle> {
        let handle = match self.tables.read() {
            Ok(t) => t.get(id).cloned(),
            Err(poisoned) => poisoned.into_inner().get(id).cloned(),
        };
        handle.filter(|h| !h.moved())
    }

    /// Stops driving table `id`, which another instance owns now: its actor
    /// ends and its connections are closed (the clients reconnect and reach
    /// the new owner).
    pub fn stop_moved(&self, id: &str) {
        let handle = match self.tables.write() {
            Ok(mut t) => t.remove(id),
            Err(poisoned) => poisoned.into_inner().remove(id),
        };
        if let Some(h) = handle {
            h.mark_moved();
            let _ = h.tx.try_send(table::Command::Stop);
        }
    }

    /// Forgets table `id` (ended as abandoned: [`crate::abandon`]); it is
    /// served from the database from now on.
    pub fn remove(&self, id: &str) {
        match self.tables.write() {
            Ok(mut t) => t.remove(id),
            Err(poisoned) => poisoned.into_inner().remove(id),
        };
    }

    /// Forgets the tables whose actor stopped because a write was fenced;
    /// their ids (the cluster round restores those this instance still owns).
    pub fn prune_moved(&self) -> Vec<String> {
        let mut t = match self.tables.write() {
            Ok(t) => t,
            Err(poisoned) => poisoned.into_inner(),
        };
        let gone: Vec<String> = t.iter().filter(|(_, h)| h.moved()).map(|(id, _)| id.clone()).collect();
        for id in &gone {
            t.remove(id);
        }
        gone
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

    /// Whether table `id` is in memory and not finished.
    pub fn is_open(&self, id: &str) -> bool {
        // Looked up in place, without cloning the handle: a full server's
        // table count asks this of every table (see `OpenTables`).
        let open = |t: &HashMap<String, TableHandle>| {
            t.get(id)
                .is_some_and(|h| h.summary.read().map_or(true, |s| s.status != "finished"))
        };
        match self.tables.read() {
            Ok(t) => open(&t),
            Err(poisoned) => open(&poisoned.into_inner()),
        }
    }

    /// The ids of every table in memory.
    pub fn ids(&self) -> Vec<String> {
        match self.tables.read() {
            Ok(t) => t.keys().cloned().collect(),
            Err(poisoned) => poisoned.into_inner().keys().cloned().collect(),
        }
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
        if let Ok(t) = self.tables.read() {
            self.opened_queue().retain(|id| t.contains_key(id));
        }
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

    /// Creates a table on the server's own account (no client address).
    pub async fn create(&self, req: CreateTable) -> Result<TableSummary, ApiError> {
        self.create_by(req, None).await
    }

    /// Closes one open table to make room for a new one when the server's
    /// table cap is reached: the oldest table no human has joined, else the
    /// one with no action for the longest time. Its id, or `None` if no
    /// table is open.
    /// Unjoined tables come from the front of the opened queue; every table
    /// is scanned (a few milliseconds for 10,000) only when none is left.
    pub async fn make_room(&self) -> Option<String> {
        let victim = match self.oldest_unjoined() {
            Some(v) => Some(v),
            None => self.scan_for_room(),
        };
        let (id, handle) = victim?;
        let closed = handle
            .ask(|reply| table::Command::Close {
                reason: "server.table_limit.closed",
                reply,
            })
            .await;
        if let Err(e) = closed {
            tracing::warn!(table = %id, rule = %e.info.rule, "table not closed");
        }
        match self.tables.write() {
            Ok(mut t) => t.remove(&id),
            Err(poisoned) => poisoned.into_inner().remove(&id),
        };
        Some(id)
    }

    /// The oldest open table no human has joined, taken from the front of
    /// the opened queue (amortised O(1) per new table during a flood).
    /// Tables met there joined or ended leave the queue: a joined table is
    /// found by [`Lobby::scan_for_room`] when no unjoined one is left.
    fn oldest_unjoined(&self) -> Option<(String, TableHandle)> {
        loop {
            let id = self.opened_queue().pop_front()?;
            let Some(handle) = self.get(&id) else {
                continue;
            };
            let unjoined_and_open = handle.summary.read().is_ok_and(|s| {
                s.status != "finished"
                    && s.status != "closed"
                    && !s.seats.iter().any(|seat| crate::table::is_player(&seat.kind))
            });
            if unjoined_and_open {
                return Some((id, handle));
            }
        }
    }

    /// Every open table looked at: the oldest no human has joined, else the
    /// one with no action for the longest time.
    fn scan_for_room(&self) -> Option<(String, TableHandle)> {
        // One pass under the read lock; only the chosen handle is cloned.
        let choose = |t: &HashMap<String, TableHandle>| {
            t.iter()
                .filter_map(|(id, h)| {
                    let s = h.summary.read().ok()?;
                    if s.status == "finished" || s.status == "closed" {
                        return None;
                    }
                    let joined = s.seats.iter().any(|seat| crate::table::is_player(&seat.kind));
                    let idle_since = if joined {
                        h.last_action_ms.load(std::sync::atomic::Ordering::Relaxed)
                    } else {
                        s.created_ms
                    };
                    Some(((joined, idle_since, h.opened), id, h))
                })
                .min_by(|a, b| a.0.cmp(&b.0))
                .map(|(_, id, h)| (id.clone(), h.clone()))
        };
        match self.tables.read() {
            Ok(t) => choose(&t),
            Err(poisoned) => choose(&poisoned.into_inner()),
        }
    }

    /// Creates a table for the client at `creator`: checks the request,
    /// stores it (with the address, so the table counts against it after a
    /// restart too), starts it.
    pub async fn create_by(
        &self,
        req: CreateTable,
        creator: Option<std::net::IpAddr>,
    ) -> Result<TableSummary, ApiError> {
        self.create_from(req, creator, None).await
    }

    /// [`Lobby::create_by`] of a table that starts from `start` (a branch
    /// of a finished game, [`crate::branch`]: its seed and first entries)
    /// instead of a new game of `req.seed`, which must be `start`'s seed.
    pub(crate) async fn create_from(
        &self,
        req: CreateTable,
        creator: Option<std::net::IpAddr>,
        start: Option<Box<dyn engine::DynMatch>>,
    ) -> Result<TableSummary, ApiError> {
        let entry = self
            .registry
            .get(&req.game)
            .ok_or_else(|| ApiError::unknown_game(&req.game, &self.registry.ids()))?;
        if req.players == 0 || req.players > MAX_PLAYERS {
            return Err(ApiError::players(req.players, MAX_PLAYERS));
        }
        let options_bytes = serde_json::to_vec(&req.options).map_or(usize::MAX, |v| v.len());
        if options_bytes > MAX_OPTIONS_BYTES {
            return Err(ApiError::options_too_large(MAX_OPTIONS_BYTES));
        }
        let specs = req.seats.unwrap_or_else(|| vec![SeatSpec::Human; req.players]);
        if specs.len() != req.players {
            return Err(ApiError::malformed(format!(
                "seats: {} given for {} players",
                specs.len(),
                req.players
            )));
        }
        // A chosen seed lets whoever knows it rebuild the table's chance (the
        // cards nobody has seen yet) with the public referee: it is allowed
        // only where nobody else could be cheated, every other seat a bot,
        // unless the operator allowed it (a test or teaching server).
        let humans = specs.iter().filter(|s| matches!(s, SeatSpec::Human)).count();
        let clock = crate::clock::chosen(req.clock, humans);
        if let Some(clock) = &clock {
            clock.check()?;
        }
        if req.seed.is_some() && humans > 1 && !self.shared.allow_chosen_seeds {
            return Err(ApiError::seed_not_allowed(humans));
        }
        if req.rated && req.seed.is_some() {
            return Err(ApiError::rated_seed());
        }
        let mut seats = Vec::with_capacity(specs.len());
        for spec in specs {
            seats.push(match spec {
                SeatSpec::Human => SeatRow::open(),
                SeatSpec::Bot { bot } => {
                    if self.shared.bots.get(&bot).is_none() {
                        return Err(ApiError::unknown_bot(&bot, &self.shared.bots.names()));
                    }
                    SeatRow {
                        kind: "bot".into(),
                        name: Some(bot),
                        ..SeatRow::default()
                    }
                }
            });
        }
        let random = || secret::random_u64().map_err(|e| ApiError::internal(&e.to_string()));
        let id = format!("{:016x}", random()?);
        let replayed = self.shared.replay.as_ref().map(crate::replay::Replay::next_table_seed);
        let seed = match req.seed.or(replayed) {
            Some(s) => s,
            None => self
                .shared
                .db
                .server_secret()
                .table_seed(&id)
                .map_err(|e| ApiError::internal(&e.to_string()))?,
        };
        // Options the game's typed config does not read (unknown fields,
        // wrong types) are a bad request, like any other bad field.
        let game = match start {
            Some(game) => game,
            None => entry
                .create(&req.options, req.players, seed, ChanceMode::Seeded)
                .map_err(|info| ApiError {
                    status: axum::http::StatusCode::BAD_REQUEST,
                    info,
                })?,
        };
        let row = TableRow {
            id: id.clone(),
            game: req.game.clone(),
            players: req.players,
            options: req.options.to_string(),
            seed,
            version: game.version(),
            created_ms: now_ms(),
            clock: clock.map(|c| {
                let stored = crate::clock::StoredClock {
                    turn_seconds: c.turn_seconds,
                    grace_seconds: c.grace_seconds,
                    agent_turn_seconds: c.agent_turn_seconds,
                    autopilot: vec![false; req.players],
                };
                serde_json::to_string(&stored).unwrap_or_default()
            }),
            seed_chosen: req.seed.is_some() || replayed.is_some(),
            creator: creator.map(|ip| ip.to_string()),
            // The reproducible mode's seeds are known too: never rated.
            rated: req.rated && replayed.is_none(),
            casual: None,
        };
        let (write, chain) = table::create_write(
            row.clone(),
            seats.clone(),
            game.as_ref(),
            self.shared.db.server_secret(),
        );
        self.creating_set().insert(id.clone());
        let stored = self.shared.db.write(write).await;
        if let Err(e) = stored {
            self.creating_set().remove(&id);
            tracing::error!(error = %e, "table not stored");
            return Err(ApiError::storage());
        }
        let handle = table::spawn(
            Setup {
                id: id.clone(),
                options: req.options,
                seed,
                created_ms: row.created_ms,
                entry,
                game,
                seats,
                chat: Vec::new(),
                clock: clock.map(|c| crate::clock::StoredClock {
                    turn_seconds: c.turn_seconds,
                    grace_seconds: c.grace_seconds,
                    agent_turn_seconds: c.agent_turn_seconds,
                    autopilot: Vec::new(),
                }),
                chain,
                seed_chosen: row.seed_chosen,
                rated: row.rated,
                casual: None,
            },
            self.shared.clone(),
        );
        let summary = handle.summary();
        self.insert(id.clone(), handle);
        self.creating_set().remove(&id);
        tracing::info!(table = %id, game = %req.game, players = req.players, "table created");
        Ok(summary)
    }

    /// Restores every unfinished table from the database ([`table::restore`]).
    /// A table that cannot be restored exactly is kept aside (reported in the
    /// log and listed in the quarantine), so one broken record does not keep
    /// the others from play, and none is served changed. Returns the tables
    /// restored with the address that created each (to count them again).
    pub async fn restore(&self) -> Result<Vec<(String, Option<std::net::IpAddr>)>, ServerError> {
        let db = &self.shared.db;
        let ids = db.unfinished().await.map_err(|source| ServerError::Database {
            url: "(restore)".into(),
            source,
        })?;
        Ok(self.restore_ids(ids).await)
    }

    /// Restores the tables `ids` (as [`Lobby::restore`]): on start, and when
    /// this instance takes tables over from another ([`crate::cluster`]).
    pub async fn restore_ids(&self, ids: Vec<String>) -> Vec<(String, Option<std::net::IpAddr>)> {
        let db = &self.shared.db;
        let mut restored = Vec::new();
        for id in ids {
            // Never a second actor for a table that runs or is being created.
            if self.get(&id).is_some() || self.is_creating(&id) {
                continue;
            }
            let stored = match db.stored(&id).await {
                Ok(Some(st)) => st,
                Ok(None) => continue,
                Err(e) => {
                    self.shared.quarantine.add(&id, "unreadable", &e.to_string());
                    continue;
                }
            };
            let entry = self.registry.get(&stored.table.game);
            let creator = stored.table.creator.as_deref().and_then(|c| c.parse().ok());
            match table::restore(entry, stored, &self.shared).await {
                Ok(handle) => {
                    self.insert(id.clone(), handle);
                    restored.push((id, creator));
                }
                Err(why) => why.quarantine(&self.shared.quarantine, &id),
            }
        }
        restored
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
        let rules = crate::protocol::rules_of(self.registry.get(&t.game).as_deref(), &options);
        Ok(TableSummary {
            id: t.id,
            game: t.game,
            players: t.players,
            rules,
            options,
            version: t.version,
            status: if archived.finished {
                finished_status(archived.result.as_deref())
            } else if self.shared.quarantine.contains(id) {
                "quarantined"
            } else {
                "unavailable"
            }
            .into(),
            to_act: engine::ToAct::Over,
            seats: seats
                .into_iter()
                .enumerate()
                .map(|(i, s)| crate::protocol::SeatInfo {
                    seat: i as u8,
                    connected: false,
                    left: s.departed(),
                    kind: s.kind,
                    name: s.name,
                    autopilot: false,
                })
                .collect(),
            result: archived.result.and_then(|r| serde_json::from_str(&r).ok()),
            created_ms: t.created_ms,
            seed_chosen: t.seed_chosen,
            rated: t.rated,
            casual: t.casual.as_deref().map(crate::fairplay::Casual::of),
            rematch: archived.rematch,
            clock: crate::clock::config_of(t.clock.as_deref()),
        })
    }

    /// The board's geometry of a table: from the running match, or for a
    /// finished table no longer in memory from its stored log's start (the
    /// board is fixed when a game begins).
    pub async fn topology(&self, id: &str) -> Result<Value, ApiError> {
        if let Some(h) = self.get(id) {
            return h.ask(|reply| table::Command::Topology { reply }).await;
        }
        let log = self.log(id).await?;
        let game = log["game"].as_str().unwrap_or_default();
        let entry = self
            .registry()
            .get(game)
            .ok_or_else(|| ApiError::unknown_game(game, &self.registry().ids()))?;
        let m = crate::webui::start_of_log(entry.as_ref(), &log).map_err(ApiError::engine)?;
        Ok(m.topology())
    }

    /// The description of a table's game under the rules it plays, with
    /// its board's places (`GET /api/tables/{id}/description`): from the
    /// running match, or from a finished table's stored log as
    /// [`Lobby::topology`] does.
    pub async fn description(&self, id: &str) -> Result<Value, ApiError> {
        if let Some(h) = self.get(id) {
            return h.ask(|reply| table::Command::Description { reply }).await;
        }
        let log = self.log(id).await?;
        let game = log["game"].as_str().unwrap_or_default();
        let entry = self
            .registry()
            .get(game)
            .ok_or_else(|| ApiError::unknown_game(game, &self.registry().ids()))?;
        let m = crate::webui::start_of_log(entry.as_ref(), &log).map_err(ApiError::engine)?;
        Ok(engine::describe::with_places(m.as_ref()))
    }

    /// A table's description and places apart, each shared by reference
    /// ([`table::Described`]): from the actor of an open table (built once
    /// per rule set), else split from [`Lobby::description`].
    pub async fn described(&self, id: &str) -> Result<table::Described, ApiError> {
        if let Some(h) = self.get(id) {
            return h.ask(|reply| table::Command::Described { reply }).await;
        }
        let mut d = self.description(id).await?;
        let places = d
            .as_object_mut()
            .and_then(|o| o.remove("places"))
            .unwrap_or(Value::Null);
        Ok((std::sync::Arc::new(d), std::sync::Arc::new(places)))
    }

    /// A table's chat lines from `from` on, from memory or (a finished table
    /// no longer in memory) from the database.
    pub async fn chat(&self, id: &str, from: u64) -> Result<Vec<crate::chat::ChatLine>, ApiError> {
        if let Some(h) = self.get(id) {
            return h.ask(|reply| table::Command::ChatLog { from, reply }).await;
        }
        let db = &self.shared.db;
        if db.archived(id).await.map_err(|_| ApiError::storage())?.is_none() {
            return Err(ApiError::unknown_table(id));
        }
        let mut lines = db.chat(id).await.map_err(|_| ApiError::storage())?;
        lines.retain(|l| l.idx >= from);
        Ok(lines)
    }

    /// The log of a finished table, from memory or from the database.
    pub async fn log(&self, id: &str) -> Result<Value, ApiError> {
        if let Some(h) = self.get(id) {
            return h.ask(|reply| table::Command::Log { live: false, reply }).await;
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

    /// A table's log for the replay frames: a running table's too (`live`
    /// in the answer), which the server reads but never serves as it is.
    pub async fn replay_log(&self, id: &str) -> Result<(Value, bool), ApiError> {
        if let Some(h) = self.get(id) {
            let log = h.ask(|reply| table::Command::Log { live: true, reply }).await?;
            let live = h.summary().status != "finished";
            return Ok((log, live));
        }
        Ok((self.log(id).await?, false))
    }

    /// The events of table `id` from log entry `from` on, redacted for the
    /// viewer `access` claims (a seat proves it with its secret). A finished
    /// table that is no longer in memory is replayed from its stored log,
    /// which is public by then.
    pub async fn history(&self, id: &str, access: table::Access, from: u64) -> Result<Value, ApiError> {
        if let Some(h) = self.get(id) {
            return h.ask(|reply| table::Command::History { access, from, reply }).await;
        }
        let log = self.log(id).await?;
        let game = log["game"].as_str().unwrap_or_default().to_string();
        let entry = self
            .registry
            .get(&game)
            .ok_or_else(|| ApiError::unknown_game(&game, &self.registry.ids()))?;
        let id = id.to_string();
        tokio::task::spawn_blocking(move || {
            let m = entry.replay_log(&log, ChanceMode::Manual).map_err(ApiError::engine)?;
            let viewer = match access {
                table::Access::Spectator => engine::Viewer::Spectator,
                table::Access::Seat { seat, .. } if usize::from(seat) < m.players() => {
                    engine::Viewer::Seat(engine::Seat(seat))
                }
                table::Access::Seat { seat, .. } => return Err(ApiError::no_such_seat(usize::from(seat))),
            };
            Ok(serde_json::json!({
                "table": id,
                "viewer": viewer,
                "version": m.version(),
                "entries": m.history(from, viewer),
            }))
        })
        .await
        .map_err(|e| ApiError::internal(&e.to_string()))?
    }
}

//! Persistence for SQLite and PostgreSQL: reads and migrations through one
//! code path (sqlx's `Any` driver; placeholders are `$n`, which both accept).
//!
//! All writes go through one writer thread that commits them in batches
//! (see `crate::writer`): every job's rows (an action row *and* the table's
//! new version) are in the same transaction, and its caller is answered only
//! after the commit, so nobody is told of an action that is not durable.
//! Batching several tables' jobs into one commit (group commit) is what lets
//! SQLite keep up with thousands of actions per second.

use crate::error::{redact_url, ServerError};
use crate::migrations::MIGRATIONS;
use crate::writer::{self, Job};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// One seat as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatRow {
    /// `open`, `human`, `agent` or `bot`.
    pub kind: String,
    /// Player name (human) or bot name (bot).
    pub name: Option<String>,
    /// SHA-256 of the seat's secret (human and agent seats). `None` at a
    /// human or agent seat: its player left a started rated game, and a
    /// bot plays the seat to the end ([`SeatRow::departed`]).
    pub secret_hash: Option<String>,
    /// The claimed player name a human seat plays for on a rated table
    /// (see [`crate::ratings`]); `None`: the seat is not rated.
    pub player: Option<String>,
    /// Where the seat's player joined from at a rated table
    /// ([`crate::fairplay::origin`]: the address, an IPv6 address by its
    /// /64), to find two seats of one player; `None` elsewhere.
    pub origin: Option<String>,
    /// SHA-256 of the player token the seat joined with at a rated table,
    /// for the same reason; `None` elsewhere.
    pub token_hash: Option<String>,
}

impl SeatRow {
    /// An open seat.
    pub fn open() -> SeatRow {
        SeatRow {
            kind: "open".into(),
            ..SeatRow::default()
        }
    }

    /// Whether the seat's player left a started rated game: the seat is
    /// still theirs (their name, their rating) but nobody holds its secret,
    /// and a bot plays it to the end.
    pub fn departed(&self) -> bool {
        crate::table::is_player(&self.kind) && self.secret_hash.is_none()
    }
}

/// A new table as stored.
#[derive(Debug, Clone)]
pub struct TableRow {
    /// Table id.
    pub id: String,
    /// Game id.
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Game options as JSON text.
    pub options: String,
    /// The seed of the table's chance.
    pub seed: u64,
    /// Engine version at creation (the initial deal counts).
    pub version: u64,
    /// Creation time, ms since the Unix epoch.
    pub created_ms: i64,
    /// The turn clock (`clock::StoredClock` as JSON text), if any.
    pub clock: Option<String>,
    /// Whether the creator chose the seed (only where every other seat is a bot).
    pub seed_chosen: bool,
    /// The client address that created the table, as text (`None`: before
    /// migration 6, or created by the server itself).
    pub creator: Option<String>,
    /// Whether the table's result counts for the ratings.
    pub rated: bool,
    /// Why a table created rated plays casual (a rule id, see
    /// [`crate::fairplay`]); `None`: as created.
    pub casual: Option<String>,
}

/// The format of a table's stored log (`tables.log_format`).
///
/// 1: seat actions only (`actions`), chance redrawn from the seed; written
///    before migration 2 and upgraded to 3 when such a table is restored.
/// 2: the engine's log: the start state, every entry (seat actions and
///    chance outcomes, marked drawn) in `entries`, and the digest of the
///    state they lead to; written before migration 5 and sealed with a
///    chain (format 3) when such a table is restored.
/// 3: format 2 with the hash chain of [`crate::chain`] over the start and
///    every entry, the seed not linked; written before migration 10 and
///    sealed anew (format 4) when such a table is restored.
/// 4: format 3 with the seed linked into the chain's start.
pub const LOG_FORMAT: i64 = 4;

/// The log format of the tables written before migration 10: chained, the
/// seed not linked ([`crate::chain::Start::seed`] `None`).
pub const SEEDLESS_LOG_FORMAT: i64 = 3;

/// The log format of the tables written before migration 5 (no chain).
pub const UNCHAINED_LOG_FORMAT: i64 = 2;

/// The log format of the tables written before migration 2.
pub const LEGACY_LOG_FORMAT: i64 = 1;

/// A table's log as a write stores it: the entries from `from` on and the
/// digest of the state they lead to.
#[derive(Debug, Clone)]
pub struct LogRows {
    /// Index of the first entry (the version before them).
    pub from: u64,
    /// The entries, each as the engine's canonical JSON text.
    pub entries: Vec<String>,
    /// Each entry's link of the hash chain ([`crate::chain`]).
    pub links: Vec<String>,
    /// The last link after them.
    pub head: String,
    /// The engine version after them.
    pub version: u64,
    /// FNV-1a of the state at `version`, 16 hex digits.
    pub digest: String,
}

impl LogRows {
    /// Everything of `game` from entry `from` on, linked onto `chain`
    /// (which must be at entry `from`, and is moved on past them).
    pub fn of(game: &dyn engine::DynMatch, from: u64, chain: &mut crate::chain::Chain) -> LogRows {
        let entries = game.entries_text(from);
        let links = chain.extend(from, &entries);
        LogRows {
            from,
            entries,
            links,
            head: chain.head_text(),
            version: game.version(),
            digest: digest_text(game.digest()),
        }
    }
}

/// A digest as stored: 16 lower-case hex digits.
pub fn digest_text(digest: u64) -> String {
    format!("{digest:016x}")
}

/// One stored seat action of a table of [`LEGACY_LOG_FORMAT`].
#[derive(Debug, Clone)]
pub struct ActionRow {
    /// Seat that acted.
    pub seat: u8,
    /// The action as JSON text.
    pub action: String,
    /// Engine version after the action (and the chance it triggered).
    pub version: u64,
}

/// A table read back from the database.
#[derive(Debug, Clone)]
pub struct StoredTable {
    /// The table row.
    pub table: TableRow,
    /// `tables.log_format`.
    pub log_format: i64,
    /// The start state (format 2).
    pub start_state: Option<String>,
    /// The digest of the state at the stored version (format 2).
    pub digest: Option<String>,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
    /// Every entry in order (format 2 and 3).
    pub entries: Vec<String>,
    /// Each entry's stored link (format 3).
    pub links: Vec<Option<String>>,
    /// `tables.chain_start` (format 3).
    pub chain_start: Option<String>,
    /// `tables.chain_head` (format 3).
    pub chain_head: Option<String>,
    /// Seat actions in order (format 1).
    pub actions: Vec<ActionRow>,
    /// The table's chat lines in order.
    pub chat: Vec<crate::chat::ChatLine>,
}

/// A finished table's record.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The result as JSON text.
    pub result: String,
    /// The full log as JSON text (for replay).
    pub log: String,
}

/// A write the writer task commits.
#[derive(Debug)]
pub enum Write {
    /// A new table with its seats and the entries of its set-up.
    CreateTable {
        /// The table.
        table: TableRow,
        /// Its seats.
        seats: Vec<SeatRow>,
        /// The start state (JSON text of the engine's envelope).
        start_state: String,
        /// The start link of the hash chain.
        chain_start: String,
        /// The entries so far (the initial deal), from 0.
        log: LogRows,
    },
    /// Accepted entries (an action and the chance it triggered) and the
    /// table's new version and digest.
    Entries {
        /// Table id.
        table: String,
        /// The entries.
        log: LogRows,
        /// Set when the action ended the game.
        finished: Option<Finished>,
    },
    /// A table of [`LEGACY_LOG_FORMAT`] or [`UNCHAINED_LOG_FORMAT`]
    /// rewritten as [`LOG_FORMAT`]: its whole log with its chain, in place
    /// of its seat actions or unlinked entries.
    Upgrade {
        /// Table id.
        table: String,
        /// The start state.
        start_state: String,
        /// The start link of the hash chain.
        chain_start: String,
        /// Every entry, from 0.
        log: LogRows,
    },
    /// A finished table's rematch was opened.
    Rematch {
        /// The finished table.
        table: String,
        /// The new table.
        next: String,
    },
    /// A table was closed before its game ended (to make room under the
    /// server's table cap): it counts as finished, with `result` saying why
    /// and its log as far as it got.
    Close {
        /// Table id.
        table: String,
        /// The reason as JSON text (`{"closed": "..."}`).
        result: String,
        /// The log so far as JSON text.
        log: String,
    },
    /// A table's turn clock changed (a seat's autopilot).
    Clock {
        /// Table id.
        table: String,
        /// `clock::StoredClock` as JSON text.
        clock: String,
    },
    /// A chat line.
    Chat {
        /// Table id.
        table: String,
        /// The line.
        line: crate::chat::ChatLine,
        /// The writer's client address: its share of the table's chat
        /// (`chat::admit`) and, with several instances, the chat rate over
        /// all of them are counted from it.
        addr: Option<String>,
    },
    /// A seat changed hands.
    Seat {
        /// Table id.
        table: String,
        /// Seat number.
        seat: u8,
        /// The new seat.
        row: SeatRow,
        /// Set when this seat turns a rated table casual: the rule id of
        /// why, stored in the same transaction as the seat.
        casual: Option<String>,
    },
    /// One analysed decision of a finished table's win-chance graph
    /// ([`crate::graph`]); a point already stored is kept (two instances,
    /// or two viewers, may compute the same one).
    GraphPoint {
        /// Table id.
        table: String,
        /// The log entry decided there.
        step: u64,
        /// The seat that decided.
        seat: u8,
        /// What the analysis found, as JSON text.
        point: String,
    },
}

/// The database: a pool for reads and the writer task's queue.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    writes: mpsc::Sender<Job>,
    secret: crate::secret::ServerSecret,
    /// PostgreSQL (else SQLite): several instances may share it.
    postgres: bool,
    /// A SQLite file's one-server lock, held while any clone lives.
    _lock: Option<crate::instance_lock::InstanceLock>,
}

/// Adds `mode=rwc` to SQLite URLs so a missing file is created.
fn normalise_url(url: &str) -> String {
    if url.starts_with("sqlite:") && !url.contains("mode=") && !url.contains(":memory:") {
        let sep = if url.contains('?') { '&' } else { '?' };
        format!("{url}{sep}mode=rwc")
    } else {
        url.to_string()
    }
}

impl Db {
    /// Connects, migrates, and starts the writer task. Fails with a clear
    /// error when the database is unreachable.
    pub async fn connect(url: &str) -> Result<(Db, tokio::task::JoinHandle<()>), ServerError> {
        Db::connect_as(url, None).await
    }

    /// [`Db::connect`] for one of several instances on a PostgreSQL database
    /// (`owner`: its name): every write of a table is fenced by that
    /// table's owner and the instance's lease ([`crate::cluster`]).
    pub async fn connect_as(
        url: &str,
        owner: Option<String>,
    ) -> Result<(Db, tokio::task::JoinHandle<()>), ServerError> {
        sqlx::any::install_default_drivers();
        let redacted = redact_url(url);
        let sqlite = url.starts_with("sqlite:");
        if !sqlite && !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
            return Err(ServerError::Config(format!(
                "--database must start with sqlite:// or postgres:// (got {redacted})"
            )));
        }
        let fail = |source| ServerError::Database {
            url: redacted.clone(),
            source,
        };
        let url = normalise_url(url);
        // One plain connection first: a pool would report only its timeout,
        // not why the database cannot be reached (refused, unknown host, …).
        let probe = <sqlx::AnyConnection as sqlx::Connection>::connect(&url);
        let probe = tokio::time::timeout(Duration::from_secs(10), probe)
            .await
            .map_err(|_| fail(sqlx::Error::PoolTimedOut))?
            .map_err(fail)?;
        let _ = sqlx::Connection::close(probe).await;
        // After the probe (which says why a file cannot be opened), before
        // anything reads tables to drive or writes.
        let lock = match writer::sqlite_path(&url) {
            Some(path) if sqlite => Some(crate::instance_lock::lock(path)?),
            _ => None,
        };
        let pool = open_pool(&url, sqlite, if sqlite { 4 } else { 8 })
            .await
            .map_err(fail)?;
        migrate(&pool, sqlite).await?;
        let secret = server_secret(&pool).await.map_err(fail)?;
        // The writer runs on a thread of its own: on a busy server, every
        // await of a commit would otherwise queue behind thousands of
        // connection tasks, and all tables wait for commits.
        let (tx, rx) = mpsc::channel(8192);
        let (ready_tx, ready_rx) = oneshot::channel::<Result<(), String>>();
        let (done_tx, done_rx) = oneshot::channel::<()>();
        let spawned = if sqlite {
            std::thread::Builder::new().name("db-writer".into()).spawn(move || {
                match writer::open_sqlite(&url) {
                    Ok(conn) => {
                        let _ = ready_tx.send(Ok(()));
                        let checkpoints = Arc::new(writer::Checkpoints::default());
                        let shared = Arc::clone(&checkpoints);
                        let copier = std::thread::Builder::new()
                            .name("db-checkpoints".into())
                            .spawn(move || writer::checkpointer(url, shared));
                        writer::run_sqlite(conn, rx, checkpoints);
                        if let Ok(copier) = copier {
                            let _ = copier.join();
                        }
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
                let _ = done_tx.send(());
            })
        } else {
            std::thread::Builder::new().name("db-writer".into()).spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                runtime.block_on(async move {
                    match open_pool(&url, sqlite, 1).await {
                        Ok(pool) => {
                            let _ = ready_tx.send(Ok(()));
                            writer::run_sqlx(pool.clone(), rx, owner).await;
                            pool.close().await;
                        }
                        Err(e) => {
                            let _ = ready_tx.send(Err(e.to_string()));
                        }
                    }
                });
                let _ = done_tx.send(());
            })
        };
        spawned.map_err(ServerError::Io)?;
        match ready_rx.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                return Err(ServerError::Config(format!(
                    "the database writer cannot open {redacted}: {e}"
                )))
            }
            Err(_) => return Err(ServerError::Config("the database writer did not start".into())),
        }
        let writer = tokio::spawn(async move {
            let _ = done_rx.await;
        });
        Ok((
            Db {
                pool,
                writes: tx,
                secret,
                postgres: !sqlite,
                _lock: lock,
            },
            writer,
        ))
    }

    /// The read pool (the ratings write through it too, see [`crate::ratings`]).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Whether this is PostgreSQL (which several instances may share).
    pub(crate) fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The server secret of this database (see [`crate::secret::ServerSecret`]).
    pub fn server_secret(&self) -> &crate::secret::ServerSecret {
        &self.secret
    }

    /// Commits a write; returns once it is durable.
    pub async fn write(&self, write: Write) -> Result<(), String> {
        let (done, rx) = oneshot::channel();
        self.writes
            .send(Job { write, done })
            .await
            .map_err(|_| "the writer has stopped".to_string())?;
        rx.await.map_err(|_| "the writer has stopped".to_string())?
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").fetch_one(&self.pool).await.is_ok()
    }

    /// Waits (at most `grace`) until the writer has committed every queued
    /// write — it ends once the last table holding this database is gone —
    /// and closes the pool.
    pub async fn close(self, writer: tokio::task::JoinHandle<()>, grace: Duration) {
        let pool = self.pool.clone();
        drop(self);
        if tokio::time::timeout(grace, writer).await.is_err() {
            tracing::warn!("database writer still busy at shutdown");
        }
        pool.close().await;
    }

    /// The ids of every table that has not finished, oldest first.
    pub async fn unfinished(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("SELECT id FROM tables WHERE finished = 0 ORDER BY created_ms, id")
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
    }

    /// The ids of the unfinished tables `owner` drives, oldest first.
    pub async fn unfinished_of(&self, owner: &str) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("SELECT id FROM tables WHERE finished = 0 AND owner = $1 ORDER BY created_ms, id")
            .bind(owner)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
    }

    /// A table with its seats and its log, as stored (`None`: no such table).
    pub async fn stored(&self, id: &str) -> Result<Option<StoredTable>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, game, players, options, seed, version, created_ms, log_format, start_state, digest, clock, seed_chosen, chain_start, chain_head, creator, rated, casual FROM tables WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let mut table = table_row(&row)?;
        table.clock = row.try_get(10)?;
        table.seed_chosen = row.try_get::<i64, _>(11)? != 0;
        table.creator = row.try_get(14)?;
        table.rated = row.try_get::<i64, _>(15)? != 0;
        table.casual = row.try_get(16)?;
        let log_format: i64 = row.try_get(7)?;
        let rows = sqlx::query("SELECT entry, chain FROM entries WHERE table_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        let mut entries = Vec::with_capacity(rows.len());
        let mut links = Vec::with_capacity(rows.len());
        for r in &rows {
            entries.push(r.try_get(0)?);
            links.push(r.try_get(1)?);
        }
        Ok(Some(StoredTable {
            links,
            chain_start: row.try_get(12)?,
            chain_head: row.try_get(13)?,
            seats: self.seats(id).await?,
            actions: self.actions(id).await?,
            chat: self.chat(id).await?,
            entries,
            log_format,
            start_state: row.try_get(8)?,
            digest: row.try_get(9)?,
            table,
        }))
    }

    /// A table's stored seat actions (log format 1), in order.
    pub async fn actions(&self, id: &str) -> Result<Vec<ActionRow>, sqlx::Error> {
        let rows = sqlx::query("SELECT seat, action, version FROM actions WHERE table_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    seat: u8::try_from(r.try_get::<i64, _>(0)?).unwrap_or(u8::MAX),
                    action: r.try_get(1)?,
                    version: r.try_get::<i64, _>(2)? as u64,
                })
            })
            .collect()
    }

    /// A table's stored seats, in order.
    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT kind, name, secret_hash, player, origin, token_hash FROM seats WHERE table_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    kind: r.try_get(0)?,
                    name: r.try_get(1)?,
                    secret_hash: r.try_get(2)?,
                    player: r.try_get(3)?,
                    origin: r.try_get(4)?,
                    token_hash: r.try_get(5)?,
                })
            })
            .collect()
    }

    /// A table's chat lines, in order.
    pub async fn chat(&self, id: &str) -> Result<Vec<crate::chat::ChatLine>, sqlx::Error> {
        let rows = sqlx::query("SELECT idx, seat, name, text, at_ms, addr FROM chat WHERE table_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                let idx: i64 = r.try_get(0)?;
                let seat: i64 = r.try_get(1)?;
                Ok(crate::chat::ChatLine {
                    idx: u64::try_from(idx).unwrap_or(0),
                    seat: u8::try_from(seat).ok(),
                    name: r.try_get(2)?,
                    text: r.try_get(3)?,
                    at_ms: r.try_get(4)?,
                    addr: r.try_get::<Option<String>, _>(5)?.and_then(|a| a.parse().ok()),
                })
            })
            .collect()
    }

    /// The stored points of a finished table's win-chance graph
    /// ([`crate::graph`]), by step, each as its JSON text.
    pub async fn graph_points(&self, id: &str) -> Result<Vec<(u64, String)>, sqlx::Error> {
        let rows = sqlx::query("SELECT step, point FROM graph_points WHERE table_id = $1 ORDER BY step")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((u64::try_from(r.try_get::<i64, _>(0)?).unwrap_or(0), r.try_get(1)?)))
            .collect()
    }

    /// The stored version and (when finished) result and log of a table.
    pub async fn archived(&self, id: &str) -> Result<Option<Archived>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, game, players, options, seed, version, created_ms, finished, result, final_log, rematch, clock, seed_chosen, rated, casual FROM tables WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let mut table = table_row(&row)?;
        table.clock = row.try_get(11)?;
        table.seed_chosen = row.try_get::<i64, _>(12)? != 0;
        table.rated = row.try_get::<i64, _>(13)? != 0;
        table.casual = row.try_get(14)?;
        Ok(Some(Archived {
            table,
            finished: row.try_get::<i64, _>(7)? != 0,
            result: row.try_get(8)?,
            log: row.try_get(9)?,
            rematch: row.try_get(10)?,
        }))
    }
}

/// A pool with the connection settings every connection needs.
pub(crate) async fn open_pool(url: &str, sqlite: bool, connections: u32) -> Result<AnyPool, sqlx::Error> {
    AnyPoolOptions::new()
        .max_connections(connections)
        .acquire_timeout(Duration::from_secs(5))
        .after_connect(move |conn, _meta| {
            Box::pin(async move {
                if sqlite {
                    // WAL: readers never block the writer, and a commit is
                    // in the log file before it returns, so it survives a
                    // crash of the process (NORMAL skips only the fsync that
                    // guards against power loss).
                    sqlx::query("PRAGMA journal_mode=WAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA synchronous=NORMAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA busy_timeout=5000").execute(&mut *conn).await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
}

/// A table as the database has it (used once it is no longer in memory).
#[derive(Debug, Clone)]
pub struct Archived {
    /// The table row.
    pub table: TableRow,
    /// Whether the game has ended.
    pub finished: bool,
    /// The result as JSON text.
    pub result: Option<String>,
    /// The full log as JSON text.
    pub log: Option<String>,
    /// The table of its rematch, once opened.
    pub rematch: Option<String>,
}

fn table_row(row: &AnyRow) -> Result<TableRow, sqlx::Error> {
    Ok(TableRow {
        id: row.try_get(0)?,
        game: row.try_get(1)?,
        players: usize::try_from(row.try_get::<i64, _>(2)?).unwrap_or(0),
        options: row.try_get(3)?,
        // Seeds are u64 stored bit-for-bit in a signed BIGINT.
        seed: row.try_get::<i64, _>(4)? as u64,
        version: row.try_get::<i64, _>(5)? as u64,
        created_ms: row.try_get(6)?,
        clock: None,
        seed_chosen: false,
        creator: None,
        rated: false,
        casual: None,
    })
}

/// Reads the server secret, generating and storing it when the database has
/// none yet. Two servers starting on a new database at once both insert;
/// the first insert wins and both read it back.
async fn server_secret(pool: &AnyPool) -> Result<crate::secret::ServerSecret, sqlx::Error> {
    let read = || async {
        let row = sqlx::query("SELECT secret FROM server_secret WHERE id = 1")
            .fetch_optional(pool)
            .await?;
        row.map(|r| r.try_get::<String, _>(0)).transpose()
    };
    if read().await?.is_none() {
        let fresh = crate::secret::ServerSecret::generate().map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        sqlx::query("INSERT INTO server_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING")
            .bind(fresh.to_hex())
            .execute(pool)
            .await?;
    }
    let text = read().await?.unwrap_or_default();
    crate::secret::ServerSecret::from_hex(&text)
        .ok_or_else(|| sqlx::Error::Protocol("server_secret: not 64 hex digits".into()))
}

/// Brings the schema up to date. On PostgreSQL under an advisory lock:
/// several instances starting at once on a new database would otherwise
/// race to create the same tables (issue 29); the first migrates, the
/// others wait and find nothing left to do.
async fn migrate(pool: &AnyPool, sqlite: bool) -> Result<(), ServerError> {
    let fail = |version| move |source| ServerError::Migration { version, source };
    let mut conn = pool.acquire().await.map_err(fail(0))?;
    if !sqlite {
        sqlx::query("SELECT pg_advisory_lock(7262290029)")
            .execute(&mut *conn)
            .await
            .map_err(fail(0))?;
    }
    let result = migrate_on(&mut conn).await;
    if !sqlite {
        let unlocked = sqlx::query("SELECT pg_advisory_unlock(7262290029)")
            .execute(&mut *conn)
            .await;
        if unlocked.is_err() {
            // The lock ends with the connection.
            conn.detach();
        }
    }
    result
}

async fn migrate_on(conn: &mut sqlx::AnyConnection) -> Result<(), ServerError> {
    use sqlx::Connection;
    let fail = |version| move |source| ServerError::Migration { version, source };
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        .execute(&mut *conn)
        .await
        .map_err(fail(0))?;
    let done: Vec<i64> = sqlx::query("SELECT version FROM schema_migrations")
        .fetch_all(&mut *conn)
        .await
        .map_err(fail(0))?
        .iter()
        .map(|r| r.try_get::<i64, _>(0))
        .collect::<Result<_, _>>()
        .map_err(fail(0))?;
    for m in MIGRATIONS.iter().filter(|m| !done.contains(&m.version)) {
        let mut tx = conn.begin().await.map_err(fail(m.version))?;
        for statement in m.statements {
            sqlx::query(statement)
                .execute(&mut *tx)
                .await
                .map_err(fail(m.version))?;
        }
        sqlx::query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)")
            .bind(m.version)
            .bind(m.name)
            .execute(&mut *tx)
            .await
            .map_err(fail(m.version))?;
        tx.commit().await.map_err(fail(m.version))?;
        tracing::info!(version = m.version, name = m.name, "migration applied");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database in a fresh temporary folder (file `db`) with an empty
    /// table for each of `ids`.
    async fn test_db(tag: &str, ids: &[String]) -> (Db, tokio::task::JoinHandle<()>, std::path::PathBuf) {
        let n = crate::secret::random_u64().unwrap_or(7);
        let dir = std::env::temp_dir().join(format!("spielleiter-{tag}-{n:016x}"));
        std::fs::create_dir_all(&dir).unwrap();
        let (db, writer) = Db::connect(&format!("sqlite://{}", dir.join("db").display()))
            .await
            .unwrap();
        for id in ids {
            db.write(create(id)).await.unwrap();
        }
        (db, writer, dir)
    }

    /// The write that creates an empty table `id`.
    pub(crate) fn create(id: &str) -> Write {
        let table = TableRow {
            id: id.to_string(),
            game: "toy".into(),
            players: 1,
            options: "null".into(),
            seed: 1,
            version: 0,
            created_ms: 0,
            clock: None,
            seed_chosen: false,
            creator: None,
            rated: false,
            casual: None,
        };
        let log = LogRows {
            from: 0,
            entries: vec![],
            links: vec![],
            head: String::new(),
            version: 0,
            digest: digest_text(0),
        };
        Write::CreateTable {
            table,
            seats: vec![],
            start_state: "{}".into(),
            chain_start: String::new(),
            log,
        }
    }

    /// The write of entry `idx` (text `entry`) of table `id`.
    pub(crate) fn entry(id: &str, idx: u64, entry: &str) -> Write {
        Write::Entries {
            table: id.to_string(),
            log: LogRows {
                from: idx,
                entries: vec![entry.to_string()],
                links: vec![String::new()],
                head: String::new(),
                version: idx + 1,
                digest: digest_text(idx),
            },
            finished: None,
        }
    }

    /// Under steady writes (never a pause in which SQLite would start the
    /// write-ahead log anew by itself) the log still starts anew, and is cut
    /// back to its size limit then (1 MiB in the test build) instead of
    /// growing with every action.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn write_ahead_log_stays_bounded_under_steady_writes() {
        let tables = 8;
        let ids: Vec<String> = (0..tables).map(|t| format!("w{t}")).collect();
        let (db, writer, dir) = test_db("wal-test", &ids).await;
        let action = format!("\"{}\"", "x".repeat(200));
        // A fixed number of writes, not a time: a loaded machine takes longer
        // and tests the same thing.
        let per_table: u64 = 600;
        let (mut last, mut shrank) = (0, 0);
        let mut handles = Vec::new();
        for t in 0..tables {
            let (db, action) = (db.clone(), action.clone());
            handles.push(tokio::spawn(async move {
                for idx in 0..per_table {
                    let write = entry(&format!("w{t}"), idx, &action);
                    db.write(write).await.unwrap();
                    // A table acts again only after its players have seen the update.
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
            }));
        }
        let wal = dir.join("db-wal");
        while handles.iter().any(|h| !h.is_finished()) {
            tokio::time::sleep(Duration::from_millis(20)).await;
            let size = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
            if size < last {
                shrank += 1;
            }
            last = size;
        }
        for h in handles {
            h.await.unwrap();
        }
        let written = per_table * tables as u64;
        assert!(
            shrank > 0,
            "the log never started anew ({written} actions, now {last} bytes)"
        );
        db.close(writer, Duration::from_secs(5)).await;
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn sqlite_urls_create_missing_files() {
        assert_eq!(normalise_url("sqlite://x.db"), "sqlite://x.db?mode=rwc");
        assert_eq!(
            normalise_url("sqlite://x.db?cache=shared"),
            "sqlite://x.db?cache=shared&mode=rwc"
        );
        assert_eq!(normalise_url("sqlite://x.db?mode=ro"), "sqlite://x.db?mode=ro");
        assert_eq!(normalise_url("postgres://h/db"), "postgres://h/db");
    }
}

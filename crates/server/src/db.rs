//! Persistence through one code path for SQLite and PostgreSQL (sqlx's `Any`
//! driver; placeholders are `$n`, which both accept).
//!
//! All writes go through one writer task that commits them in batches: every
//! job's rows (an action row *and* the table's new version) are in the same
//! transaction, and its caller is answered only after the commit, so nobody
//! is told of an action that is not durable. Batching several tables' jobs
//! into one commit (group commit) is what lets SQLite keep up with thousands
//! of actions per second.

use crate::error::{redact_url, ServerError};
use crate::migrations::MIGRATIONS;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Most jobs committed in one transaction.
const MAX_BATCH: usize = 512;

/// One seat as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    /// `open`, `human` or `bot`.
    pub kind: String,
    /// Player name (human) or bot name (bot).
    pub name: Option<String>,
    /// SHA-256 of the seat's secret (human seats only).
    pub secret_hash: Option<String>,
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
}

/// One stored action.
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
    /// Seats in order.
    pub seats: Vec<SeatRow>,
    /// Actions in order.
    pub actions: Vec<ActionRow>,
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
    /// A new table with its seats.
    CreateTable {
        /// The table.
        table: TableRow,
        /// Its seats.
        seats: Vec<SeatRow>,
    },
    /// An accepted action: the action row and the table's new version.
    Action {
        /// Table id.
        table: String,
        /// Index among the table's actions.
        idx: u64,
        /// The action.
        row: ActionRow,
        /// Set when the action ended the game.
        finished: Option<Finished>,
    },
    /// A seat changed hands.
    Seat {
        /// Table id.
        table: String,
        /// Seat number.
        seat: u8,
        /// The new seat.
        row: SeatRow,
    },
}

struct Job {
    write: Write,
    done: oneshot::Sender<Result<(), String>>,
}

/// The database: a pool for reads and the writer task's queue.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    writes: mpsc::Sender<Job>,
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
        let pool = open_pool(&url, sqlite, if sqlite { 4 } else { 8 }, true)
            .await
            .map_err(fail)?;
        migrate(&pool).await?;
        // The writer runs on a thread and runtime of its own: on a busy
        // server, every await of a commit would otherwise queue behind
        // thousands of connection tasks, and all tables wait for commits.
        let (tx, rx) = mpsc::channel(8192);
        let (ready_tx, ready_rx) = oneshot::channel::<Result<(), sqlx::Error>>();
        let (done_tx, done_rx) = oneshot::channel::<()>();
        let spawned = std::thread::Builder::new().name("db-writer".into()).spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(r) => r,
                Err(e) => {
                    let _ = ready_tx.send(Err(sqlx::Error::Io(e)));
                    return;
                }
            };
            runtime.block_on(async move {
                match open_pool(&url, sqlite, 1, !sqlite).await {
                    Ok(pool) => {
                        let _ = ready_tx.send(Ok(()));
                        let checkpoints = sqlite.then(|| Arc::new(Checkpoints::default()));
                        let copier = checkpoints
                            .as_ref()
                            .map(|c| tokio::spawn(checkpointer(url.clone(), Arc::clone(c))));
                        writer(pool.clone(), rx, checkpoints).await;
                        pool.close().await;
                        if let Some(c) = copier {
                            c.abort();
                        }
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
            });
            let _ = done_tx.send(());
        });
        spawned.map_err(ServerError::Io)?;
        match ready_rx.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(fail(e)),
            Err(_) => return Err(ServerError::Config("the database writer did not start".into())),
        }
        let writer = tokio::spawn(async move {
            let _ = done_rx.await;
        });
        Ok((Db { pool, writes: tx }, writer))
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

    /// Every table that has not finished, with seats and actions.
    pub async fn unfinished(&self) -> Result<Vec<StoredTable>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, game, players, options, seed, version, created_ms FROM tables WHERE finished = 0 ORDER BY created_ms, id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let table = table_row(&row)?;
            let seats = self.seats(&table.id).await?;
            let actions = self.actions(&table.id).await?;
            out.push(StoredTable { table, seats, actions });
        }
        Ok(out)
    }

    /// A table's stored actions, in order.
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
        let rows = sqlx::query("SELECT kind, name, secret_hash FROM seats WHERE table_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    kind: r.try_get(0)?,
                    name: r.try_get(1)?,
                    secret_hash: r.try_get(2)?,
                })
            })
            .collect()
    }

    /// The stored version and (when finished) result and log of a table.
    pub async fn archived(&self, id: &str) -> Result<Option<Archived>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, game, players, options, seed, version, created_ms, finished, result, final_log FROM tables WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(Archived {
            table: table_row(&row)?,
            finished: row.try_get::<i64, _>(7)? != 0,
            result: row.try_get(8)?,
            log: row.try_get(9)?,
        }))
    }
}

/// A pool with the connection settings every connection needs.
///
/// `autocheckpoint` false (SQLite only) leaves copying the write-ahead log
/// into the database file to [`checkpointer`]: a checkpoint syncs the file to
/// disk, which can take tens of milliseconds, and on the writer's connection
/// every table would wait for it.
async fn open_pool(url: &str, sqlite: bool, connections: u32, autocheckpoint: bool) -> Result<AnyPool, sqlx::Error> {
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
                    if !autocheckpoint {
                        sqlx::query("PRAGMA wal_autocheckpoint=0").execute(&mut *conn).await?;
                        // A log that grew under load is cut back when it starts anew.
                        sqlx::query(&format!("PRAGMA journal_size_limit={LOG_SIZE_LIMIT}"))
                            .execute(&mut *conn)
                            .await?;
                    }
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
    })
}

async fn migrate(pool: &AnyPool) -> Result<(), ServerError> {
    let fail = |version| move |source| ServerError::Migration { version, source };
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        .execute(pool)
        .await
        .map_err(fail(0))?;
    let done: Vec<i64> = sqlx::query("SELECT version FROM schema_migrations")
        .fetch_all(pool)
        .await
        .map_err(fail(0))?
        .iter()
        .map(|r| r.try_get::<i64, _>(0))
        .collect::<Result<_, _>>()
        .map_err(fail(0))?;
    for m in MIGRATIONS.iter().filter(|m| !done.contains(&m.version)) {
        let mut tx = pool.begin().await.map_err(fail(m.version))?;
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

/// How often the write-ahead log is copied into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// Log size (pages) from which the log is started anew. Only a writer can
/// do that, right after a checkpoint that copied everything, which costs it
/// two file syncs (a few milliseconds); at thousands of actions per second
/// this happens every few seconds.
#[cfg(not(test))]
const RESTART_LOG_PAGES: i64 = 8192;
#[cfg(test)]
const RESTART_LOG_PAGES: i64 = 64;

/// A log that grew beyond this is cut back to it when it starts anew.
#[cfg(not(test))]
const LOG_SIZE_LIMIT: u64 = 64 << 20;
#[cfg(test)]
const LOG_SIZE_LIMIT: u64 = 1 << 20;

/// What the checkpointer and the writer share (SQLite only).
///
/// SQLite copies its write-ahead log into the database file at checkpoints
/// and syncs the file to disk, which can take tens of milliseconds. On the
/// writer's connection (SQLite's default) every table would wait for it, so
/// the [`checkpointer`] copies the log beside the writer. But only a writer
/// can start the log anew, and only when no frame was appended since the last
/// complete copy: under steady load that moment never comes by itself and the
/// log grows without bound. So when the log is large the checkpointer asks
/// the writer to copy the short remainder itself between two batches.
#[derive(Default)]
struct Checkpoints {
    /// The log is large: the writer should copy the rest and start it anew.
    restart: std::sync::atomic::AtomicBool,
    /// Held while a checkpoint runs, so the two never wait for each other.
    running: tokio::sync::Mutex<()>,
}

impl Checkpoints {
    /// Called by the writer between batches.
    async fn between_batches(&self, pool: &AnyPool) {
        use std::sync::atomic::Ordering;
        if !self.restart.load(Ordering::Relaxed) {
            return;
        }
        let Ok(_running) = self.running.try_lock() else { return };
        self.restart.store(false, Ordering::Relaxed);
        let started = std::time::Instant::now();
        match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(pool).await {
            Ok(row) => tracing::debug!(
                us = started.elapsed().as_micros() as u64,
                frames = row.try_get::<i64, _>(1).unwrap_or(-1),
                "write-ahead log copied; it starts anew with the next batch"
            ),
            Err(e) => tracing::warn!(error = %e, "checkpoint failed"),
        }
    }
}

/// Copies the write-ahead log into the database file now and then, beside the
/// writer (a passive checkpoint never blocks a commit), on a connection of
/// its own. Runs until aborted; a failed checkpoint is retried next time.
async fn checkpointer(url: String, shared: Arc<Checkpoints>) {
    let mut conn: Option<sqlx::AnyConnection> = None;
    loop {
        tokio::time::sleep(CHECKPOINT_EVERY).await;
        if conn.is_none() {
            conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&url).await.ok();
        }
        let Some(c) = conn.as_mut() else { continue };
        let _running = shared.running.lock().await;
        let started = std::time::Instant::now();
        match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(&mut *c).await {
            Ok(row) => {
                // (busy, pages in the log, pages copied to the database)
                let frames: i64 = row.try_get(1).unwrap_or(-1);
                let copied: i64 = row.try_get(2).unwrap_or(-1);
                tracing::trace!(us = started.elapsed().as_micros() as u64, frames, copied, "checkpoint");
                if frames >= RESTART_LOG_PAGES {
                    shared.restart.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "checkpoint failed");
                conn = None;
            }
        }
    }
}

/// The writer task: commits queued jobs in batches until every sender is gone.
async fn writer(pool: AnyPool, mut rx: mpsc::Receiver<Job>, checkpoints: Option<Arc<Checkpoints>>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        if let Some(c) = &checkpoints {
            c.between_batches(&pool).await;
        }
        let started = std::time::Instant::now();
        let result = commit(&pool, batch.iter().map(|j| &j.write)).await;
        tracing::trace!(
            jobs = batch.len(),
            us = started.elapsed().as_micros() as u64,
            "batch committed"
        );
        match result {
            Ok(()) => {
                for job in batch.drain(..) {
                    let _ = job.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                tracing::error!(error = %e, "database write failed");
                for job in batch.drain(..) {
                    let _ = job.done.send(Err(e.to_string()));
                }
            }
            Err(_) => {
                // One bad job must not fail the others: retry each alone.
                for job in batch.drain(..) {
                    let result = commit(&pool, std::iter::once(&job.write)).await;
                    if let Err(e) = &result {
                        tracing::error!(error = %e, "database write failed");
                    }
                    let _ = job.done.send(result.map_err(|e| e.to_string()));
                }
            }
        }
    }
    tracing::info!("database writer finished");
}

/// `text` as an SQL string literal (standard SQL, which SQLite and
/// PostgreSQL share: quotes doubled, backslashes literal). Only for text that
/// holds no NUL character: JSON from serde_json (which escapes control
/// characters) and server-made ids.
fn sql_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        if c == '\'' {
            out.push('\'');
        }
        if c != '\0' {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

async fn commit<'a>(pool: &AnyPool, writes: impl Iterator<Item = &'a Write>) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    // A batch holds at most one job per table (a table waits for each of its
    // writes), so the order between jobs does not matter and the actions of
    // many tables can share one INSERT and one UPDATE.
    let mut actions = Vec::new();
    for w in writes {
        match w {
            Write::CreateTable { table, seats } => {
                sqlx::query(
                    "INSERT INTO tables (id, game, players, options, seed, version, finished, created_ms) VALUES ($1, $2, $3, $4, $5, $6, 0, $7)",
                )
                .bind(&table.id)
                .bind(&table.game)
                .bind(table.players as i64)
                .bind(&table.options)
                .bind(table.seed as i64)
                .bind(table.version as i64)
                .bind(table.created_ms)
                .execute(&mut *tx)
                .await?;
                for (i, s) in seats.iter().enumerate() {
                    sqlx::query(
                        "INSERT INTO seats (table_id, seat, kind, name, secret_hash) VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(&table.id)
                    .bind(i as i64)
                    .bind(&s.kind)
                    .bind(s.name.clone())
                    .bind(s.secret_hash.clone())
                    .execute(&mut *tx)
                    .await?;
                }
            }
            Write::Action {
                table,
                idx,
                row,
                finished,
            } => actions.push((table, *idx, row, finished)),
            Write::Seat { table, seat, row } => {
                sqlx::query(
                    "UPDATE seats SET kind = $1, name = $2, secret_hash = $3 WHERE table_id = $4 AND seat = $5",
                )
                .bind(&row.kind)
                .bind(row.name.clone())
                .bind(row.secret_hash.clone())
                .bind(table)
                .bind(i64::from(*seat))
                .execute(&mut *tx)
                .await?;
            }
        }
    }
    // The actions and the new versions of the games that go on, as one
    // string of two statements: a round trip to the database costs more than
    // the statements (SQLite runs on a thread of its own behind sqlx), so a
    // batch is one INSERT and one UPDATE whatever its size. Every value is
    // a number, a server-made table id or serialised JSON, quoted by
    // [`sql_text`].
    if !actions.is_empty() {
        let mut sql = String::with_capacity(160 * actions.len());
        sql.push_str("INSERT INTO actions (table_id, idx, seat, action, version) VALUES ");
        for (i, (table, idx, row, _)) in actions.iter().enumerate() {
            if i > 0 {
                sql.push_str(", ");
            }
            let _ = write!(
                sql,
                "({}, {}, {}, {}, {})",
                sql_text(table),
                idx,
                row.seat,
                sql_text(&row.action),
                row.version
            );
        }
        sql.push(';');
        let going_on = actions.iter().filter(|a| a.3.is_none()).count();
        if going_on > 0 {
            sql.push_str(" UPDATE tables SET version = CASE id");
            for (table, _, row, _) in actions.iter().filter(|a| a.3.is_none()) {
                let _ = write!(sql, " WHEN {} THEN {}", sql_text(table), row.version);
            }
            sql.push_str(" END WHERE id IN (");
            for (i, (table, ..)) in actions.iter().filter(|a| a.3.is_none()).enumerate() {
                if i > 0 {
                    sql.push_str(", ");
                }
                sql.push_str(&sql_text(table));
            }
            sql.push_str(");");
        }
        let done = sqlx::raw_sql(&sql).execute(&mut *tx).await?;
        // Every action row inserted and every table found: a missing table
        // fails the batch (and its jobs are retried alone).
        if done.rows_affected() != (actions.len() + going_on) as u64 {
            return Err(sqlx::Error::RowNotFound);
        }
    }
    // …and one each for the games that ended, with result and log.
    for (table, _, row, finished) in &actions {
        let Some(f) = finished else { continue };
        let done =
            sqlx::query("UPDATE tables SET version = $1, finished = 1, result = $2, final_log = $3 WHERE id = $4")
                .bind(row.version as i64)
                .bind(f.result.as_str())
                .bind(f.log.as_str())
                .bind(table.as_str())
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() != 1 {
            return Err(sqlx::Error::RowNotFound);
        }
    }
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sql_text_quotes_every_quote() {
        assert_eq!(sql_text("abc"), "'abc'");
        assert_eq!(sql_text("it's"), "'it''s'");
        assert_eq!(sql_text("''"), "''''''");
        assert_eq!(sql_text("a\\b"), "'a\\b'");
        assert_eq!(sql_text("a\0b"), "'ab'");
    }

    /// Actions whose JSON holds quotes, backslashes, SQL and non-ASCII text
    /// are stored and read back exactly, in one batch with several tables.
    #[tokio::test]
    async fn hostile_action_text_round_trips() {
        let dir = std::env::temp_dir().join(format!(
            "spielleiter-db-test-{:016x}",
            crate::secret::random_u64().unwrap_or(7)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("t.db").display());
        let (db, writer) = Db::connect(&url).await.unwrap();
        let texts = [
            r#"{"say":"it's"}"#.to_string(),
            r#"{"x":"'); DROP TABLE actions; --"}"#.to_string(),
            serde_json::json!({"s": "back\\slash \" quote ü € 🎲 \u{0}"}).to_string(),
        ];
        for t in 0..2 {
            let table = TableRow {
                id: format!("t{t}'q"),
                game: "toy".into(),
                players: 1,
                options: "null".into(),
                seed: 1,
                version: 0,
                created_ms: 0,
            };
            db.write(Write::CreateTable { table, seats: vec![] }).await.unwrap();
        }
        let mut jobs = Vec::new();
        for t in 0..2 {
            for (i, text) in texts.iter().enumerate() {
                let db = db.clone();
                let text = text.clone();
                jobs.push(tokio::spawn(async move {
                    db.write(Write::Action {
                        table: format!("t{t}'q"),
                        idx: i as u64,
                        row: ActionRow {
                            seat: 0,
                            action: text,
                            version: i as u64 + 1,
                        },
                        finished: None,
                    })
                    .await
                }));
                // One action per table in flight, as a table does.
                if let Some(j) = jobs.pop() {
                    j.await.unwrap().unwrap();
                }
            }
        }
        let unknown = db
            .write(Write::Action {
                table: "nope".into(),
                idx: 0,
                row: ActionRow {
                    seat: 0,
                    action: "1".into(),
                    version: 1,
                },
                finished: None,
            })
            .await;
        assert!(unknown.is_err(), "an action of an unknown table is refused");
        for t in 0..2 {
            let stored = db.actions(&format!("t{t}'q")).await.unwrap();
            let read: Vec<_> = stored.iter().map(|a| a.action.clone()).collect();
            assert_eq!(read, texts.to_vec());
        }
        let tables = db.unfinished().await.unwrap();
        assert!(
            tables.iter().all(|t| t.table.version == 3),
            "versions advanced with the actions"
        );
        drop(tables);
        db.close(writer, Duration::from_secs(5)).await;
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Under steady writes (never a pause in which SQLite would start the
    /// write-ahead log anew by itself) the log still starts anew, and is cut
    /// back to its size limit then (1 MiB in the test build) instead of
    /// growing with every action.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn write_ahead_log_stays_bounded_under_steady_writes() {
        let dir = std::env::temp_dir().join(format!(
            "spielleiter-wal-test-{:016x}",
            crate::secret::random_u64().unwrap_or(9)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("w.db");
        let (db, writer) = Db::connect(&format!("sqlite://{}", file.display())).await.unwrap();
        let tables = 32;
        for t in 0..tables {
            let table = TableRow {
                id: format!("w{t}"),
                game: "toy".into(),
                players: 1,
                options: "null".into(),
                seed: 1,
                version: 0,
                created_ms: 0,
            };
            db.write(Write::CreateTable { table, seats: vec![] }).await.unwrap();
        }
        let action = format!("\"{}\"", "x".repeat(200));
        let stop = std::time::Instant::now() + Duration::from_millis(2500);
        let (mut last, mut shrank) = (0, 0);
        let mut handles = Vec::new();
        for t in 0..tables {
            let (db, action) = (db.clone(), action.clone());
            handles.push(tokio::spawn(async move {
                let mut idx = 0;
                while std::time::Instant::now() < stop {
                    let row = ActionRow {
                        seat: 0,
                        action: action.clone(),
                        version: idx + 1,
                    };
                    let write = Write::Action {
                        table: format!("w{t}"),
                        idx,
                        row,
                        finished: None,
                    };
                    db.write(write).await.unwrap();
                    idx += 1;
                }
                idx
            }));
        }
        let wal = dir.join("w.db-wal");
        while std::time::Instant::now() < stop {
            tokio::time::sleep(Duration::from_millis(50)).await;
            let size = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
            if size < last {
                shrank += 1;
            }
            last = size;
        }
        let mut written = 0;
        for h in handles {
            written += h.await.unwrap();
        }
        assert!(written > 2000, "too few writes to test anything: {written}");
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

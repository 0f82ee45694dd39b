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
        let pool = open_pool(&url, sqlite, if sqlite { 4 } else { 8 })
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
                match open_pool(&url, sqlite, 1).await {
                    Ok(pool) => {
                        let _ = ready_tx.send(Ok(()));
                        writer(pool.clone(), rx).await;
                        pool.close().await;
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
async fn open_pool(url: &str, sqlite: bool, connections: u32) -> Result<AnyPool, sqlx::Error> {
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

/// The writer task: commits queued jobs in batches until every sender is gone.
async fn writer(pool: AnyPool, mut rx: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
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

/// Most rows per multi-row statement (5 parameters each stays far below the
/// parameter limits of SQLite and PostgreSQL).
const ROWS_PER_STATEMENT: usize = 64;

/// Splits `items` into chunks whose lengths are powers of two (64, 32, …, 1),
/// so a multi-row statement has one of only seven shapes and stays in the
/// connection's prepared-statement cache.
fn pow2_chunks<T>(mut items: &[T]) -> Vec<&[T]> {
    let mut out = Vec::new();
    while !items.is_empty() {
        let n = ROWS_PER_STATEMENT.min(1 << items.len().ilog2());
        let (head, rest) = items.split_at(n);
        out.push(head);
        items = rest;
    }
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
    for chunk in pow2_chunks(&actions) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| {
                let p = i * 5;
                format!("(${}, ${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4, p + 5)
            })
            .collect();
        let sql = format!(
            "INSERT INTO actions (table_id, idx, seat, action, version) VALUES {}",
            values.join(", ")
        );
        let mut insert = sqlx::query(&sql);
        for (table, idx, row, _) in chunk {
            insert = insert
                .bind(table.as_str())
                .bind(*idx as i64)
                .bind(i64::from(row.seat))
                .bind(row.action.as_str())
                .bind(row.version as i64);
        }
        insert.execute(&mut *tx).await?;
    }
    // The tables' new versions: one UPDATE per chunk of the games that go on…
    let going_on: Vec<_> = actions.iter().filter(|a| a.3.is_none()).collect();
    for chunk in pow2_chunks(&going_on) {
        let cases: Vec<String> = (0..chunk.len())
            .map(|i| format!("WHEN ${} THEN ${}", 2 * i + 1, 2 * i + 2))
            .collect();
        let ids: Vec<String> = (0..chunk.len()).map(|i| format!("${}", 2 * i + 1)).collect();
        let sql = format!(
            "UPDATE tables SET version = CASE id {} END WHERE id IN ({})",
            cases.join(" "),
            ids.join(", ")
        );
        let mut update = sqlx::query(&sql);
        for (table, _, row, _) in chunk {
            update = update.bind(table.as_str()).bind(row.version as i64);
        }
        let done = update.execute(&mut *tx).await?;
        if done.rows_affected() != chunk.len() as u64 {
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
    fn chunks_are_powers_of_two_and_cover_everything() {
        for n in 0..300usize {
            let items: Vec<usize> = (0..n).collect();
            let chunks = pow2_chunks(&items);
            assert_eq!(chunks.concat(), items);
            assert!(chunks
                .iter()
                .all(|c| c.len().is_power_of_two() && c.len() <= ROWS_PER_STATEMENT));
        }
        assert_eq!(
            pow2_chunks(&[0u8; 100]).iter().map(|c| c.len()).collect::<Vec<_>>(),
            vec![64, 32, 4]
        );
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

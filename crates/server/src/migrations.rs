//! The database schema, as an ordered list of migrations. Each runs once, in a
//! transaction, and is recorded in `schema_migrations`. The SQL is the common
//! subset of SQLite and PostgreSQL, so both run the very same statements.

/// One schema step.
#[derive(Debug)]
pub struct Migration {
    /// Increasing number; never reuse or change a released one.
    pub version: i64,
    /// What it does.
    pub name: &'static str,
    /// Statements, run in order.
    pub statements: &'static [&'static str],
}

/// Every migration, oldest first.
pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "tables, seats, actions",
    statements: &[
        // One row per table. `version` is the engine version after the last
        // stored action; it advances in the same transaction as the action row.
        "CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players BIGINT NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            version BIGINT NOT NULL,
            finished BIGINT NOT NULL,
            result TEXT,
            final_log TEXT,
            created_ms BIGINT NOT NULL
        )",
        "CREATE INDEX tables_finished ON tables (finished)",
        // Who sits where. Only a hash of a seat's secret is stored.
        "CREATE TABLE seats (
            table_id TEXT NOT NULL,
            seat BIGINT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT,
            secret_hash TEXT,
            PRIMARY KEY (table_id, seat)
        )",
        // Every accepted seat action, in order. Chance is not stored: it is
        // redrawn from the table's seed when the actions are replayed.
        "CREATE TABLE actions (
            table_id TEXT NOT NULL,
            idx BIGINT NOT NULL,
            seat BIGINT NOT NULL,
            action TEXT NOT NULL,
            version BIGINT NOT NULL,
            PRIMARY KEY (table_id, idx)
        )",
    ],
}];

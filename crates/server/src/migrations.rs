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
pub const MIGRATIONS: &[Migration] = &[
    Migration {
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
            // redrawn from the table's seed when the actions are replayed
            // (log format 1; since migration 2 only read, to upgrade a table).
            "CREATE TABLE actions (
            table_id TEXT NOT NULL,
            idx BIGINT NOT NULL,
            seat BIGINT NOT NULL,
            action TEXT NOT NULL,
            version BIGINT NOT NULL,
            PRIMARY KEY (table_id, idx)
        )",
        ],
    },
    Migration {
        version: 2,
        name: "the whole log: start state, entries with chance, digest",
        statements: &[
            // 1: seat actions in `actions`, chance redrawn from the seed (the
            // tables written before this migration); 2: the engine's log in
            // `entries`. A table of format 1 is rewritten as 2 when restored.
            "ALTER TABLE tables ADD COLUMN log_format BIGINT NOT NULL DEFAULT 1",
            // The state the set-up made (a random board, …), in the engine's
            // versioned envelope, so a restore does not depend on the RNG.
            "ALTER TABLE tables ADD COLUMN start_state TEXT",
            // FNV-1a of the state at `version` (16 hex digits), written with
            // every batch and checked on restore.
            "ALTER TABLE tables ADD COLUMN digest TEXT",
            // Every log entry in order, seat actions and chance outcomes
            // (marked drawn), each in the engine's canonical JSON form. Entry
            // `idx` leads from version `idx` to `idx + 1`.
            "CREATE TABLE entries (
                table_id TEXT NOT NULL,
                idx BIGINT NOT NULL,
                entry TEXT NOT NULL,
                PRIMARY KEY (table_id, idx)
            )",
        ],
    },
    Migration {
        version: 3,
        name: "table chat, rematch",
        statements: &[
            // The table a finished table's rematch opened (one per table).
            "ALTER TABLE tables ADD COLUMN rematch TEXT",
            // One row per chat line; `seat` is -1 for a spectator. Lines are
            // written once and never changed.
            "CREATE TABLE chat (
                table_id TEXT NOT NULL,
                idx BIGINT NOT NULL,
                seat BIGINT NOT NULL,
                name TEXT NOT NULL,
                text TEXT NOT NULL,
                at_ms BIGINT NOT NULL,
                PRIMARY KEY (table_id, idx)
            )",
        ],
    },
    Migration {
        version: 4,
        name: "turn clock",
        statements: &[
            // The turn clock of a table (`clock::StoredClock` as JSON: the
            // setting and which seats a bot plays); NULL: no clock.
            "ALTER TABLE tables ADD COLUMN clock TEXT",
        ],
    },
    Migration {
        version: 5,
        name: "server secret, chosen seeds, hash chain over the log",
        statements: &[
            // One row (id 1): the server secret, 64 hex digits, generated
            // when the database is first opened and never sent to a client.
            "CREATE TABLE server_secret (
                id BIGINT PRIMARY KEY,
                secret TEXT NOT NULL
            )",
            // 1: the creator chose the seed (allowed only where every other
            // seat is a bot); the lobby and the table view mark such tables.
            "ALTER TABLE tables ADD COLUMN seed_chosen BIGINT NOT NULL DEFAULT 0",
            // The hash chain (see `chain`): the start link, the last link,
            // and each entry's link. NULL for tables stored before this
            // migration: an unfinished one is checked as before (version and
            // digest) and sealed with a chain when it is first restored.
            "ALTER TABLE tables ADD COLUMN chain_start TEXT",
            "ALTER TABLE tables ADD COLUMN chain_head TEXT",
            "ALTER TABLE entries ADD COLUMN chain TEXT",
        ],
    },
    Migration {
        version: 6,
        name: "creator address of a table",
        statements: &[
            // The client address that created the table (text form), so a
            // restored table counts against that address's open tables
            // again; NULL for tables created before this migration.
            "ALTER TABLE tables ADD COLUMN creator TEXT",
        ],
    },
    Migration {
        version: 7,
        name: "ratings: rated tables, claimed player names, ratings",
        statements: &[
            // 1: the table's result counts for the ratings (a lobby switch;
            // never with a chosen seed); 0 for every older table.
            "ALTER TABLE tables ADD COLUMN rated BIGINT NOT NULL DEFAULT 0",
            // 1 once the ratings took this table's result (or found nothing
            // to rate): the update runs exactly once per table.
            "ALTER TABLE tables ADD COLUMN rated_done BIGINT NOT NULL DEFAULT 0",
            // The claimed player name a human seat plays for on a rated
            // table (joined with that name's token); NULL: unrated seat.
            "ALTER TABLE seats ADD COLUMN player TEXT",
            // One row per claimed name, keyed by its look-alike skeleton so
            // no look-alike can be claimed beside it. Only a hash of the
            // token that claimed it is stored.
            "CREATE TABLE players (
                skeleton TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                token_hash TEXT NOT NULL,
                created_ms BIGINT NOT NULL
            )",
            // One Weng-Lin rating per identity, game and rule set.
            "CREATE TABLE ratings (
                game TEXT NOT NULL,
                rules TEXT NOT NULL,
                kind TEXT NOT NULL,
                player TEXT NOT NULL,
                mu DOUBLE PRECISION NOT NULL,
                sigma DOUBLE PRECISION NOT NULL,
                games BIGINT NOT NULL,
                updated_ms BIGINT NOT NULL,
                PRIMARY KEY (game, rules, kind, player)
            )",
        ],
    },
    Migration {
        version: 8,
        name: "several instances on one PostgreSQL database: instances, table owners",
        statements: &[
            // One row per running instance (PostgreSQL only; SQLite serves
            // one server, see `instance_lock`): where peers reach it, until
            // when its lease runs (ms on the DATABASE's clock, so the clocks
            // of the machines do not matter), whether it is handing its
            // tables over (SIGTERM), and how many open tables it drives.
            "CREATE TABLE instances (
                name TEXT PRIMARY KEY,
                address TEXT NOT NULL,
                lease_until_ms BIGINT NOT NULL,
                draining BIGINT NOT NULL DEFAULT 0,
                load BIGINT NOT NULL DEFAULT 0
            )",
            // The instance that drives an unfinished table; NULL: nobody yet
            // (SQLite, a table handed over, or stored before this migration).
            "ALTER TABLE tables ADD COLUMN owner TEXT",
            "CREATE INDEX tables_owner ON tables (owner)",
        ],
    },
    Migration {
        version: 9,
        name: "chat lines by client address (the chat rate of several instances)",
        statements: &[
            // The client address that wrote a chat line, so that instances
            // sharing one PostgreSQL database count an address's recent lines
            // together (`cluster::Cluster::check_chat_rate`); NULL with one
            // server (SQLite), which counts in memory.
            "ALTER TABLE chat ADD COLUMN addr TEXT",
            "CREATE INDEX chat_addr ON chat (addr, at_ms)",
        ],
    },
    Migration {
        version: 10,
        name: "fair play: where rated seats joined from, why a rated table plays casual",
        statements: &[
            // Where a seat's player joined a rated table from (the address,
            // an IPv6 address by its /64) and the SHA-256 of the player
            // token it joined with: two seats of one address or token make
            // the table casual (`fairplay`). NULL elsewhere and before.
            "ALTER TABLE seats ADD COLUMN origin TEXT",
            "ALTER TABLE seats ADD COLUMN token_hash TEXT",
            // The rule id of why a table created rated plays casual
            // (`server.rating.same_player`); NULL: as created.
            "ALTER TABLE tables ADD COLUMN casual TEXT",
        ],
    },
    Migration {
        version: 11,
        name: "my games: the seats a claimed name played",
        statements: &[
            // `POST /api/my-games` with a player token lists the tables its
            // claimed name played (`my_games`), found by `seats.player`.
            "CREATE INDEX seats_player ON seats (player)",
        ],
    },
    Migration {
        version: 12,
        name: "win-chance graphs of finished tables",
        statements: &[
            // One row per analysed decision of a finished table's log
            // (`graph`): the entry `step` the seat `seat` decided, and what
            // the analysis found there as JSON text (the mover's chance, the
            // move played, the better move, the cost). Written once, in the
            // background, so a second viewer of the replay gets it at once.
            "CREATE TABLE graph_points (
                table_id TEXT NOT NULL,
                step BIGINT NOT NULL,
                seat BIGINT NOT NULL,
                point TEXT NOT NULL,
                PRIMARY KEY (table_id, step)
            )",
        ],
    },
];

//! The stored log is the engine's log: tables restore from what is stored
//! (chance outcomes included) whatever the seed says, old databases are
//! migrated, broken records are kept aside, actions are stored canonically,
//! and any text round-trips through bound parameters. Run against SQLite
//! and PostgreSQL alike.

use super::{start, Api};
use engine::{ChanceMode, DynMatch, Seat, Viewer};
use serde_json::{json, Value};
use server::db::{Db, LogRows, SeatRow, TableRow, Write};
use sqlx::Row;

/// A pool on the test's database (shared with `chain.rs`).
pub(super) async fn pool(db: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    // A SQLite file is created if missing.
    let url = if db.starts_with("sqlite:") && !db.contains('?') {
        format!("{db}?mode=rwc")
    } else {
        db.to_string()
    };
    sqlx::AnyPool::connect(&url)
        .await
        .expect("test connects to the database")
}

/// A toy table of three players with a random seed and every seat taken;
/// returns its id and the seats' secrets.
async fn table(api: &Api) -> (String, Vec<String>) {
    let (status, v) = api
        .post("/api/tables", &json!({"game": "toy", "players": 3}), None)
        .await;
    assert_eq!(status, 201, "create: {v}");
    let id = v["id"].as_str().expect("id").to_string();
    let mut secrets = Vec::new();
    for s in 0..3 {
        secrets.push(api.join(&id, s).await);
    }
    (id, secrets)
}

async fn guess(api: &Api, id: &str, seat: u8, secret: &str, n: u8) -> (u16, Value) {
    let (_, snap) = api
        .get(&format!("/api/tables/{id}/view?seat={seat}"), Some(secret))
        .await;
    let body = json!({"seat": seat, "action": {"type": "guess", "n": n}, "version": snap["version"]});
    api.post(&format!("/api/tables/{id}/act"), &body, Some(secret)).await
}

/// What every seat and a spectator see of a table: view, legal actions,
/// version, who is to act.
async fn pictures(api: &Api, id: &str, secrets: &[String]) -> Vec<Value> {
    let mut out = Vec::new();
    for (s, secret) in secrets.iter().enumerate() {
        let (status, v) = api.get(&format!("/api/tables/{id}/view?seat={s}"), Some(secret)).await;
        assert_eq!(status, 200, "{v}");
        out.push(json!([v["view"], v["legal"], v["version"], v["to_act"]]));
    }
    let (_, v) = api.get(&format!("/api/tables/{id}/view"), None).await;
    out.push(json!([v["view"], v["version"], v["to_act"]]));
    out
}

async fn quarantined(api: &Api) -> Vec<(String, String)> {
    let (_, health) = api.get("/api/health", None).await;
    health["quarantined"]
        .as_array()
        .expect("health lists the quarantine")
        .iter()
        .map(|q| {
            (
                q["id"].as_str().unwrap_or("").into(),
                q["reason"].as_str().unwrap_or("").into(),
            )
        })
        .collect()
}

/// Tables stored before the seed was linked into the chain (log format 3)
/// with their stored seed changed by one bit (what a change of the RNG code
/// does to what a seed draws) come back exactly: same views, legal actions
/// and version for every seat, and play goes on; they are sealed with their
/// seed then (format 4), so that a later edit of the seed is caught.
pub async fn changed_seeds_restore_exactly(db: &str) {
    let server = start(db).await;
    let api = Api::new(server.addr);
    let mut tables = Vec::new();
    for i in 0..12u8 {
        let (id, secrets) = table(&api).await;
        for s in 0..(i % 3) {
            assert_eq!(guess(&api, &id, s, &secrets[usize::from(s)], i % 3).await.0, 200);
        }
        let before = pictures(&api, &id, &secrets).await;
        tables.push((id, secrets, before));
    }
    server.shutdown().await.expect("clean shutdown");

    let pool = pool(db).await;
    for (id, _, _) in &tables {
        super::chain::as_seedless(&pool, id).await;
    }
    let rows = sqlx::query("SELECT id, seed FROM tables WHERE finished = 0")
        .fetch_all(&pool)
        .await
        .expect("seeds");
    assert_eq!(rows.len(), tables.len());
    for row in rows {
        let (id, seed): (String, i64) = (row.get(0), row.get(1));
        sqlx::query("UPDATE tables SET seed = $1 WHERE id = $2")
            .bind(seed ^ 1)
            .bind(id)
            .execute(&pool)
            .await
            .expect("seed changed");
    }

    let server = start(db).await;
    assert_eq!(server.restored, tables.len(), "every table restored");
    let api = Api::new(server.addr);
    assert!(quarantined(&api).await.is_empty());
    let formats: Vec<i64> = sqlx::query("SELECT log_format FROM tables WHERE finished = 0")
        .fetch_all(&pool)
        .await
        .expect("formats")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(formats.iter().all(|&f| f == 4), "sealed with the seed: {formats:?}");
    pool.close().await;
    for (id, secrets, before) in &tables {
        assert_eq!(
            &pictures(&api, id, secrets).await,
            before,
            "table {id} came back changed"
        );
        for s in 0..3u8 {
            let (_, v) = api
                .get(
                    &format!("/api/tables/{id}/view?seat={s}"),
                    Some(&secrets[usize::from(s)]),
                )
                .await;
            if v["view"]["guesses"][usize::from(s)].is_null() {
                assert_eq!(guess(&api, id, s, &secrets[usize::from(s)], 1).await.0, 200);
            }
        }
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        assert_eq!(summary["status"], "finished", "table {id} plays to the end");
    }
    server.shutdown().await.expect("clean shutdown");
}

/// The schema of the version before the stored log held chance (migration 1
/// as released), written out here so the test does not follow later changes.
const OLD_SCHEMA: &[&str] = &[
    "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL)",
    "INSERT INTO schema_migrations (version, name) VALUES (1, 'tables, seats, actions')",
    "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players BIGINT NOT NULL, options TEXT NOT NULL,
        seed BIGINT NOT NULL, version BIGINT NOT NULL, finished BIGINT NOT NULL, result TEXT, final_log TEXT,
        created_ms BIGINT NOT NULL)",
    "CREATE INDEX tables_finished ON tables (finished)",
    "CREATE TABLE seats (table_id TEXT NOT NULL, seat BIGINT NOT NULL, kind TEXT NOT NULL, name TEXT,
        secret_hash TEXT, PRIMARY KEY (table_id, seat))",
    "CREATE TABLE actions (table_id TEXT NOT NULL, idx BIGINT NOT NULL, seat BIGINT NOT NULL, action TEXT NOT NULL,
        version BIGINT NOT NULL, PRIMARY KEY (table_id, idx))",
];

/// A database written by the previous version (seat actions and seed only)
/// is migrated: its unfinished tables restore as the old version had them,
/// are rewritten in the current format (which then restores too), and play
/// on; a finished table keeps its log.
pub async fn old_database_is_migrated(db: &str) {
    let toy = engine::dynamic::Entry::<testkit::toy::HighCard>::boxed();
    let pool = pool(db).await;
    for statement in OLD_SCHEMA {
        sqlx::query(statement).execute(&pool).await.expect("old schema");
    }
    let mut games: Vec<(String, Box<dyn DynMatch>, Vec<String>)> = Vec::new();
    for k in 0..6u8 {
        let id = format!("old{k}");
        let seed = 1000 + u64::from(k);
        let mut game = toy.create(&Value::Null, 3, seed, ChanceMode::Seeded).expect("toy");
        sqlx::query("INSERT INTO tables (id, game, players, options, seed, version, finished, created_ms) VALUES ($1, 'toy', 3, 'null', $2, 0, 0, $3)")
            .bind(&id)
            .bind(seed as i64)
            .bind(i64::from(k))
            .execute(&pool)
            .await
            .expect("old table");
        for s in 0..k % 3 {
            game.act(Seat(s), &json!({"type": "guess", "n": s}), None)
                .expect("guess");
            sqlx::query("INSERT INTO actions (table_id, idx, seat, action, version) VALUES ($1, $2, $3, $4, $5)")
                .bind(&id)
                .bind(i64::from(s))
                .bind(i64::from(s))
                .bind(json!({"type": "guess", "n": s}).to_string())
                .bind(game.version() as i64)
                .execute(&pool)
                .await
                .expect("old action");
        }
        sqlx::query("UPDATE tables SET version = $1 WHERE id = $2")
            .bind(game.version() as i64)
            .bind(&id)
            .execute(&pool)
            .await
            .expect("old version");
        let mut secrets = Vec::new();
        for s in 0..3i64 {
            let secret = format!("secret-{k}-{s}");
            sqlx::query("INSERT INTO seats (table_id, seat, kind, name, secret_hash) VALUES ($1, $2, 'human', $3, $4)")
                .bind(&id)
                .bind(s)
                .bind(format!("P{s}"))
                .bind(server::secret::hash(&secret))
                .execute(&pool)
                .await
                .expect("old seat");
            secrets.push(secret);
        }
        games.push((id, game, secrets));
    }
    let done_log = json!({"format": 1, "game": "toy", "entries": []}).to_string();
    sqlx::query("INSERT INTO tables (id, game, players, options, seed, version, finished, result, final_log, created_ms) VALUES ('olddone', 'toy', 2, 'null', 5, 4, 1, '{\"winners\":[0]}', $1, 9)")
        .bind(&done_log)
        .execute(&pool)
        .await
        .expect("old finished table");

    for round in 0..2 {
        let server = start(db).await;
        assert_eq!(server.restored, games.len(), "round {round}: every old table restored");
        let api = Api::new(server.addr);
        assert!(quarantined(&api).await.is_empty());
        for (id, game, secrets) in &games {
            for (s, secret) in secrets.iter().enumerate() {
                let (_, v) = api.get(&format!("/api/tables/{id}/view?seat={s}"), Some(secret)).await;
                let seat = Seat(s as u8);
                assert_eq!(v["view"], game.view(Viewer::Seat(seat)), "round {round}: {id} seat {s}");
                assert_eq!(v["legal"], Value::from(game.legal(seat).expect("legal")));
                assert_eq!(v["version"], game.version());
            }
        }
        let (status, log) = api.get("/api/tables/olddone/log", None).await;
        assert_eq!((status, log.to_string()), (200, done_log.clone()));
        server.shutdown().await.expect("clean shutdown");
        // Rewritten in the current format: every entry, no seat actions.
        for (id, game, _) in &games {
            let row = sqlx::query("SELECT log_format, (SELECT COUNT(*) FROM entries WHERE table_id = $1), (SELECT COUNT(*) FROM actions WHERE table_id = $1) FROM tables WHERE id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .expect("upgraded row");
            let counts: (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
            assert_eq!(
                counts,
                (server::db::LOG_FORMAT, game.version() as i64, 0),
                "{id} upgraded"
            );
        }
    }
    pool.close().await;
    let server = start(db).await;
    let api = Api::new(server.addr);
    for (id, _, secrets) in &games {
        for (s, secret) in secrets.iter().enumerate() {
            let (_, v) = api.get(&format!("/api/tables/{id}/view?seat={s}"), Some(secret)).await;
            if v["view"]["guesses"][s].is_null() {
                assert_eq!(guess(&api, id, s as u8, secret, 2).await.0, 200);
            }
        }
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        assert_eq!(summary["status"], "finished");
    }
    server.shutdown().await.expect("clean shutdown");
}

/// Broken records (an entry that is not JSON, a wrong digest, an unknown log
/// format, a missing start state, a version the log does not reach, a
/// chance outcome changed) are kept aside and listed; the server starts and
/// serves the others; the broken rows stay as they were.
pub async fn corrupt_rows_are_quarantined(db: &str) {
    let server = start(db).await;
    let api = Api::new(server.addr);
    let mut tables = Vec::new();
    for _ in 0..7 {
        let (id, secrets) = table(&api).await;
        assert_eq!(guess(&api, &id, 0, &secrets[0], 1).await.0, 200);
        tables.push((id, secrets));
    }
    server.shutdown().await.expect("clean shutdown");
    let pool = pool(db).await;
    let ids: Vec<&str> = tables.iter().map(|(id, _)| id.as_str()).collect();
    let corrupt = [
        (
            "UPDATE entries SET entry = '{not json' WHERE table_id = $1 AND idx = 0",
            "chain_broken",
        ),
        (
            "UPDATE tables SET digest = '0000000000000000' WHERE id = $1",
            "digest_mismatch",
        ),
        ("UPDATE tables SET log_format = 99 WHERE id = $1", "unknown_format"),
        ("UPDATE tables SET start_state = NULL WHERE id = $1", "unreadable"),
        (
            "UPDATE tables SET version = version + 1 WHERE id = $1",
            "version_mismatch",
        ),
        // Changed below: another card dealt, noticed by the hash chain.
        ("UPDATE tables SET seed = seed WHERE id = $1", "chain_broken"),
    ];
    for ((sql, _), id) in corrupt.iter().zip(&ids) {
        let done = sqlx::query(sql).bind(*id).execute(&pool).await.expect("corrupt");
        assert!(done.rows_affected() > 0, "{sql}");
    }
    // Another card dealt, as a re-draw would have dealt it.
    let dealt = sqlx::query("SELECT entry FROM entries WHERE table_id = $1 AND idx = 0")
        .bind(ids[5])
        .fetch_one(&pool)
        .await
        .expect("entry");
    let mut dealt: Value = serde_json::from_str(&dealt.get::<String, _>(0)).expect("JSON");
    let card = dealt["outcome"]["card"].as_u64().expect("a card");
    dealt["outcome"]["card"] = json!(card % 6 + 1);
    sqlx::query("UPDATE entries SET entry = $1 WHERE table_id = $2 AND idx = 0")
        .bind(dealt.to_string())
        .bind(ids[5])
        .execute(&pool)
        .await
        .expect("another card");
    let entries_of = |id: String| {
        let pool = pool.clone();
        async move {
            sqlx::query("SELECT entry FROM entries WHERE table_id = $1 ORDER BY idx")
                .bind(id)
                .fetch_all(&pool)
                .await
                .expect("entries")
                .iter()
                .map(|r| r.get::<String, _>(0))
                .collect::<Vec<_>>()
        }
    };
    let kept = entries_of(ids[0].to_string()).await;

    let server = start(db).await;
    assert_eq!(server.restored, 1, "only the intact table is restored");
    let api = Api::new(server.addr);
    let list = quarantined(&api).await;
    assert_eq!(list.len(), corrupt.len(), "{list:?}");
    for ((_, reason), id) in corrupt.iter().zip(&ids) {
        let got = list.iter().find(|(q, _)| q == id).map(|(_, r)| r.as_str());
        assert!(
            got.is_some_and(|r| reason.split('|').any(|x| x == r)),
            "{id}: {got:?}, expected {reason}"
        );
        let (status, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        assert_eq!((status, summary["status"].as_str()), (200, Some("quarantined")));
        let (status, _) = api.get(&format!("/api/tables/{id}/view"), None).await;
        assert_ne!(status, 200, "a quarantined table is not served");
    }
    let (id, secrets) = &tables[6];
    assert_eq!(guess(&api, id, 1, &secrets[1], 0).await.0, 200);
    assert_eq!(guess(&api, id, 2, &secrets[2], 0).await.0, 200);
    server.shutdown().await.expect("clean shutdown");
    assert_eq!(entries_of(ids[0].to_string()).await, kept, "kept aside as it was");
    pool.close().await;
}

/// An action with an unknown field is refused (typed, bilingual) and nothing
/// is stored; an accepted one is stored in its canonical form (re-serialised
/// from the typed action), with the chance outcomes marked drawn.
pub async fn actions_are_stored_canonically(db: &str) {
    let server = start(db).await;
    let api = Api::new(server.addr);
    let (id, secrets) = table(&api).await;
    let act = |action: Value| {
        let body = json!({"seat": 0, "action": action, "version": 3});
        let (api, id, secret) = (api.clone(), id.clone(), secrets[0].clone());
        async move { api.post(&format!("/api/tables/{id}/act"), &body, Some(&secret)).await }
    };
    for junk in [json!("x".repeat(10_000)), json!({"a": [1, 2]}), json!(7)] {
        let (status, v) = act(json!({"type": "guess", "n": 1, "junk": junk})).await;
        assert_eq!(status, 422, "{v}");
        assert_eq!(v["error"]["kind"], "malformed");
        assert_eq!(v["error"]["rule"], "engine.unknown_field");
        assert!(
            v["error"]["message"]["de"].as_str().is_some_and(|m| m.contains("junk")),
            "{v}"
        );
        assert!(
            v["error"]["message"]["en"].as_str().is_some_and(|m| m.contains("junk")),
            "{v}"
        );
    }
    let (status, v) = act(json!({"n": 1, "type": "guess"})).await;
    assert_eq!(status, 200, "{v}");
    server.shutdown().await.expect("clean shutdown");
    let pool = pool(db).await;
    let entries: Vec<String> = sqlx::query("SELECT entry FROM entries WHERE table_id = $1 ORDER BY idx")
        .bind(&id)
        .fetch_all(&pool)
        .await
        .expect("entries")
        .iter()
        .map(|r| r.get(0))
        .collect();
    pool.close().await;
    assert_eq!(entries.len(), 4, "{entries:?}");
    for e in &entries[..3] {
        assert!(
            e.starts_with(r#"{"type":"chance","outcome":{"card":"#) && e.ends_with(r#"},"drawn":true}"#),
            "{e}"
        );
    }
    assert_eq!(entries[3], r#"{"type":"act","seat":0,"action":{"type":"guess","n":1}}"#);
}

/// Text with quotes, backslashes, SQL and non-ASCII characters is stored and
/// read back exactly through the writer's bound parameters, several tables
/// in one batch.
pub async fn hostile_text_round_trips(db: &str) {
    let texts = [
        r#"{"say":"it's"}"#.to_string(),
        r#"{"x":"'); DROP TABLE entries; --"}"#.to_string(),
        json!({"s": "back\\slash \\' \" quote ü € 🎲 \u{1} E'\\n'"}).to_string(),
        "\\' OR 1=1 -- \\\\".to_string(),
    ];
    let (db, writer) = Db::connect(db).await.expect("connects");
    let ids: Vec<String> = (0..3).map(|t| format!("h{t}'\\q")).collect();
    let log = |from: u64, entries: Vec<String>| LogRows {
        from,
        version: from + entries.len() as u64,
        links: entries.iter().map(|_| "0".repeat(64)).collect(),
        head: "0".repeat(64),
        entries,
        digest: format!("{from:016x}"),
    };
    let mut tasks = Vec::new();
    for id in &ids {
        let db = db.clone();
        let (id, texts) = (id.clone(), texts.clone());
        tasks.push(tokio::spawn(async move {
            let table = TableRow {
                id: id.clone(),
                game: "toy".into(),
                players: 1,
                options: texts[2].clone(),
                seed: u64::MAX,
                version: 0,
                created_ms: 0,
                clock: None,
                seed_chosen: false,
                creator: None,
                rated: false,
                casual: None,
            };
            let seats = vec![SeatRow {
                kind: "human".into(),
                name: Some(texts[3].clone()),
                secret_hash: Some(texts[0].clone()),
                ..SeatRow::default()
            }];
            let start_state = texts[1].clone();
            db.write(Write::CreateTable {
                table,
                seats,
                start_state,
                chain_start: texts[3].clone(),
                log: log(0, vec![texts[0].clone()]),
            })
            .await
            .expect("create");
            for (i, t) in texts.iter().enumerate().skip(1) {
                let write = Write::Entries {
                    table: id.clone(),
                    log: log(i as u64, vec![t.clone()]),
                    finished: None,
                };
                db.write(write).await.expect("entry");
            }
        }));
    }
    for t in tasks {
        t.await.expect("writes");
    }
    let unknown = Write::Entries {
        table: "nope".into(),
        log: log(0, vec!["1".into()]),
        finished: None,
    };
    assert!(
        db.write(unknown).await.is_err(),
        "an entry of an unknown table is refused"
    );
    for id in &ids {
        let st = db.stored(id).await.expect("read").expect("stored");
        assert_eq!(st.entries, texts.to_vec());
        assert_eq!(st.table.options, texts[2]);
        assert_eq!(st.table.seed, u64::MAX);
        assert_eq!(st.table.version, texts.len() as u64);
        assert_eq!(st.start_state.as_deref(), Some(texts[1].as_str()));
        assert_eq!(st.digest.as_deref(), Some("0000000000000003"));
        assert_eq!(st.seats[0].name.as_deref(), Some(texts[3].as_str()));
    }
    db.close(writer, std::time::Duration::from_secs(5)).await;
}

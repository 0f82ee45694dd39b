//! The hash chain over the stored log (issue 24, item 3): edits that every
//! other check misses — two dealt cards swapped with the digest recomputed to
//! match (what two dice whose effects cancel amount to), the options edited,
//! the log cut short with version and digest set back — are each caught on
//! restore and the table kept aside with the place named; tables stored
//! before the chain are checked as before and sealed. Run against SQLite and
//! PostgreSQL alike.

use super::restore::pool;
use super::{start, Api};
use engine::{ChanceMode, Stored};
use serde_json::{json, Value};
use sqlx::Row;

/// A toy table of three, every seat taken and seat 0's guess made.
async fn played_table(api: &Api) -> String {
    let (status, v) = api
        .post("/api/tables", &json!({"game": "toy", "players": 3}), None)
        .await;
    assert_eq!(status, 201, "create: {v}");
    let id = v["id"].as_str().expect("id").to_string();
    let secret = api.join(&id, 0).await;
    api.join(&id, 1).await;
    api.join(&id, 2).await;
    let (_, snap) = api.get(&format!("/api/tables/{id}/view?seat=0"), Some(&secret)).await;
    let body = json!({"seat": 0, "action": {"type": "guess", "n": 1}, "version": snap["version"]});
    let (status, v) = api.post(&format!("/api/tables/{id}/act"), &body, Some(&secret)).await;
    assert_eq!(status, 200, "act: {v}");
    id
}

async fn entries(pool: &sqlx::AnyPool, id: &str) -> Vec<String> {
    sqlx::query("SELECT entry FROM entries WHERE table_id = $1 ORDER BY idx")
        .bind(id)
        .fetch_all(pool)
        .await
        .expect("entries")
        .iter()
        .map(|r| r.get::<String, _>(0))
        .collect()
}

/// Sets a table's version and digest to what its stored entries now lead
/// to, as an editor covering its tracks would (the digest is not keyed).
async fn cover_tracks(pool: &sqlx::AnyPool, id: &str) {
    let row = sqlx::query("SELECT seed, start_state FROM tables WHERE id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
        .expect("table");
    let (seed, start_state): (i64, String) = (row.get(0), row.get(1));
    let entries = entries(pool, id).await;
    let toy = engine::dynamic::Entry::<testkit::toy::HighCard>::boxed();
    let stored = Stored {
        options: &Value::Null,
        players: 3,
        seed: seed as u64,
        start_state: &start_state,
        entries: &entries,
        mode: ChanceMode::Seeded,
    };
    let game = toy.restore(stored).expect("the edited log is a legal one");
    sqlx::query("UPDATE tables SET version = $1, digest = $2 WHERE id = $3")
        .bind(game.version() as i64)
        .bind(server::db::digest_text(game.digest()))
        .bind(id)
        .execute(pool)
        .await
        .expect("version and digest");
}

async fn quarantine(api: &Api) -> Vec<Value> {
    let (_, health) = api.get("/api/health", None).await;
    health["quarantined"]
        .as_array()
        .expect("health lists the quarantine")
        .clone()
}

/// Every edit is caught (0 silent), named, and the rows stay as they were.
pub async fn edited_logs_are_caught(db: &str) {
    let server = start(db).await;
    let api = Api::new(server.addr);
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(played_table(&api).await);
    }
    server.shutdown().await.expect("clean shutdown");
    let pool = pool(db).await;

    // 0: two dealt cards swapped (entries 0–2 are the deal), version and
    // digest recomputed, so nothing but the chain can tell.
    let dealt = entries(&pool, &ids[0]).await;
    let (a, b) = [(0, 1), (0, 2), (1, 2)]
        .into_iter()
        .find(|&(a, b)| dealt[a] != dealt[b])
        .expect("two different cards among three (the toy deck has six)");
    for (at, text) in [(a, &dealt[b]), (b, &dealt[a])] {
        sqlx::query("UPDATE entries SET entry = $1 WHERE table_id = $2 AND idx = $3")
            .bind(text)
            .bind(&ids[0])
            .bind(at as i64)
            .execute(&pool)
            .await
            .expect("swap");
    }
    cover_tracks(&pool, &ids[0]).await;
    // 1: the options edited (what the lobby would then advertise).
    sqlx::query("UPDATE tables SET options = $1 WHERE id = $2")
        .bind(r#"{"target":11,"rules":"pro"}"#)
        .bind(&ids[1])
        .execute(&pool)
        .await
        .expect("options");
    // 2: the last entry removed, version and digest set back to match.
    let n = entries(&pool, &ids[2]).await.len() as i64;
    sqlx::query("DELETE FROM entries WHERE table_id = $1 AND idx = $2")
        .bind(&ids[2])
        .bind(n - 1)
        .execute(&pool)
        .await
        .expect("cut");
    cover_tracks(&pool, &ids[2]).await;
    // 4: the seed edited (issue 41, item 5): every roll and card still to
    // come would change, while everything stored so far restores the same.
    sqlx::query("UPDATE tables SET seed = seed + 1 WHERE id = $1")
        .bind(&ids[4])
        .execute(&pool)
        .await
        .expect("seed");
    let kept = entries(&pool, &ids[0]).await;

    let server = start(db).await;
    assert_eq!(server.restored, 1, "only the untouched table comes back: 0 silent");
    let api = Api::new(server.addr);
    let q = quarantine(&api).await;
    let named = |id: &str| {
        q.iter()
            .find(|x| x["id"] == id)
            .map(|x| (x["reason"].as_str().unwrap_or("").to_string(), x["entry"].clone()))
    };
    assert_eq!(
        named(&ids[0]),
        Some(("chain_broken".into(), json!(format!("entry {a}")))),
        "{q:?}"
    );
    assert_eq!(named(&ids[1]), Some(("chain_broken".into(), json!("start"))), "{q:?}");
    assert_eq!(named(&ids[2]), Some(("chain_broken".into(), json!("head"))), "{q:?}");
    assert_eq!(
        named(&ids[4]),
        Some(("chain_broken".into(), json!("start"))),
        "the seed: {q:?}"
    );
    assert_eq!(named(&ids[3]), None);
    for id in ids[..3].iter().chain(&ids[4..]) {
        let (status, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        assert_eq!((status, summary["status"].as_str()), (200, Some("quarantined")));
    }
    let (status, _) = api.get(&format!("/api/tables/{}/view", ids[3]), None).await;
    assert_eq!(status, 200);
    server.shutdown().await.expect("clean shutdown");
    assert_eq!(entries(&pool, &ids[0]).await, kept, "kept aside as it was");
    pool.close().await;
}

/// Rewrites table `id` as a table stored before the seed was linked (log
/// format 3): its chain recomputed without the seed, with the server's key
/// read from the database, as the release before did it.
pub async fn as_seedless(pool: &sqlx::AnyPool, id: &str) {
    let key: String = sqlx::query("SELECT secret FROM server_secret WHERE id = 1")
        .fetch_one(pool)
        .await
        .expect("server secret")
        .get(0);
    let key = server::secret::ServerSecret::from_hex(&key).expect("64 hex digits");
    let row = sqlx::query("SELECT game, players, options, start_state FROM tables WHERE id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
        .expect("table");
    let (game, players, options, start_state): (String, i64, String, String) =
        (row.get(0), row.get(1), row.get(2), row.get(3));
    let start = server::chain::Start {
        game: &game,
        players: players as usize,
        options: &options,
        start_state: &start_state,
        seed: None,
    };
    let mut chain = server::chain::Chain::new(&key, start);
    let entries = entries(pool, id).await;
    for (i, link) in chain.extend(0, &entries).into_iter().enumerate() {
        sqlx::query("UPDATE entries SET chain = $1 WHERE table_id = $2 AND idx = $3")
            .bind(link)
            .bind(id)
            .bind(i as i64)
            .execute(pool)
            .await
            .expect("link");
    }
    sqlx::query("UPDATE tables SET log_format = 3, chain_start = $1, chain_head = $2 WHERE id = $3")
        .bind(chain.start_text())
        .bind(chain.head_text())
        .bind(id)
        .execute(pool)
        .await
        .expect("format 3");
}

/// A table stored before the chain (log format 2, no links) is checked as
/// before and sealed: afterwards it is format 4 with a link on every entry,
/// and an edit is caught like on any other table.
pub async fn unchained_tables_are_sealed(db: &str) {
    let server = start(db).await;
    let api = Api::new(server.addr);
    let id = played_table(&api).await;
    server.shutdown().await.expect("clean shutdown");
    let pool = pool(db).await;
    for sql in [
        "UPDATE tables SET log_format = 2, chain_start = NULL, chain_head = NULL WHERE id = $1",
        "UPDATE entries SET chain = NULL WHERE table_id = $1",
    ] {
        sqlx::query(sql).bind(&id).execute(&pool).await.expect("unchain");
    }
    let server = start(db).await;
    assert_eq!(server.restored, 1, "an unchained table is restored");
    server.shutdown().await.expect("clean shutdown");
    let row = sqlx::query("SELECT log_format, chain_start, chain_head, (SELECT COUNT(*) FROM entries WHERE table_id = $1 AND chain IS NULL) FROM tables WHERE id = $1")
        .bind(&id)
        .fetch_one(&pool)
        .await
        .expect("row");
    let (format, start_link, head, unlinked): (i64, Option<String>, Option<String>, i64) =
        (row.get(0), row.get(1), row.get(2), row.get(3));
    assert_eq!((format, unlinked), (4, 0), "sealed");
    assert_eq!(start_link.map(|s| s.len()), Some(64));
    assert_eq!(head.map(|s| s.len()), Some(64));
    sqlx::query("UPDATE tables SET options = '{}' WHERE id = $1")
        .bind(&id)
        .execute(&pool)
        .await
        .expect("edit");
    let server = start(db).await;
    assert_eq!(server.restored, 0, "an edit after sealing is caught");
    server.shutdown().await.expect("clean shutdown");
    pool.close().await;
}

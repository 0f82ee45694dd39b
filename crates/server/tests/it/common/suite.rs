//! The persistence suite, run against SQLite and PostgreSQL alike.

use super::{config, start, start_with, Api};
use serde_json::{json, Value};
use sqlx::Row;

/// Every text column the database holds for tables, seats and actions.
async fn stored_text(db: &str) -> String {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(db).await.expect("test connects to the database");
    let mut text = String::new();
    for q in [
        "SELECT id, game, options, COALESCE(result, ''), COALESCE(final_log, '') FROM tables",
        "SELECT table_id, kind, COALESCE(name, ''), COALESCE(secret_hash, ''), '' FROM seats",
        "SELECT table_id, action, '', '', '' FROM actions",
    ] {
        for row in sqlx::query(q).fetch_all(&pool).await.expect("query") {
            for i in 0..5 {
                text.push_str(&row.try_get::<String, _>(i).unwrap_or_default());
                text.push('\n');
            }
        }
    }
    pool.close().await;
    text
}

async fn act(api: &Api, table: &str, seat: u8, secret: &str, n: u8) -> (u16, Value) {
    let (_, snap) = api
        .get(&format!("/api/tables/{table}/view?seat={seat}"), Some(secret))
        .await;
    let version = snap["version"].as_u64().unwrap_or(0);
    api.post(
        &format!("/api/tables/{table}/act"),
        &json!({"seat": seat, "action": {"type": "guess", "n": n}, "version": version}),
        Some(secret),
    )
    .await
}

/// Restart restores unfinished tables; acknowledged actions, seats and
/// secrets survive; finished games keep their logs; no secret is stored.
pub async fn restart_restores_everything(db: &str) {
    let server = start(db).await;
    let api = Api::new(server.addr);
    let open = api.create(3, None).await;
    let secrets = [
        api.join(&open, 0).await,
        api.join(&open, 1).await,
        api.join(&open, 2).await,
    ];
    assert_eq!(act(&api, &open, 0, &secrets[0], 2).await.0, 200);
    let (_, before) = api.get(&format!("/api/tables/{open}"), None).await;
    let done = api.create(2, None).await;
    let d = [api.join(&done, 0).await, api.join(&done, 1).await];
    assert_eq!(act(&api, &done, 0, &d[0], 0).await.0, 200);
    assert_eq!(act(&api, &done, 1, &d[1], 0).await.0, 200);
    let (_, done_log) = api.get(&format!("/api/tables/{done}/log"), None).await;
    server.shutdown().await.expect("clean shutdown");

    let server = start(db).await;
    assert_eq!(server.restored, 1, "only the unfinished table is replayed");
    let api = Api::new(server.addr);
    let (_, after) = api.get(&format!("/api/tables/{open}"), None).await;
    assert_eq!(after["version"], before["version"]);
    assert_eq!(
        after["seats"],
        before["seats"]
            .as_array()
            .map(|s| {
                s.iter()
                    .map(|x| {
                        let mut x = x.clone();
                        x["connected"] = json!(false);
                        x
                    })
                    .collect::<Vec<_>>()
            })
            .map(Value::from)
            .unwrap_or_default()
    );
    let (_, view) = api
        .get(&format!("/api/tables/{open}/view?seat=1"), Some(&secrets[1]))
        .await;
    assert_eq!(view["view"]["guesses"], json!([2, null, null]));
    // The same seed redraws the same cards.
    assert!(view["view"]["my_card"].is_u64());
    assert_eq!(act(&api, &open, 1, &secrets[1], 1).await.0, 200);
    assert_eq!(act(&api, &open, 2, &secrets[2], 0).await.0, 200);
    let (_, summary) = api.get(&format!("/api/tables/{open}"), None).await;
    assert_eq!(summary["status"], "finished");

    // The finished table is no longer in memory but its record is.
    let (status, summary) = api.get(&format!("/api/tables/{done}"), None).await;
    assert_eq!((status, summary["status"].as_str()), (200, Some("finished")));
    let (status, log) = api.get(&format!("/api/tables/{done}/log"), None).await;
    assert_eq!(status, 200);
    assert_eq!(log, done_log);
    server.shutdown().await.expect("clean shutdown");

    let stored = stored_text(db).await;
    for s in secrets.iter().chain(d.iter()) {
        assert!(!stored.contains(s.as_str()), "a secret is stored in the database");
        assert!(stored.contains(&server::secret::hash(s)), "the secret's hash is stored");
    }
}

/// Actions in flight when a graceful shutdown starts: every acknowledged one
/// is stored, and after a restart the tables go on.
pub async fn graceful_shutdown_keeps_acknowledged_actions(db: &str) {
    let server = start_with(config(db)).await;
    let api = Api::new(server.addr);
    let mut tables = Vec::new();
    for _ in 0..12 {
        let id = api.create(2, None).await;
        let s = [api.join(&id, 0).await, api.join(&id, 1).await];
        tables.push((id, s));
    }
    let mut tasks = Vec::new();
    for (id, s) in tables.clone() {
        let api = api.clone();
        tasks.push(tokio::spawn(async move { act(&api, &id, 0, &s[0], 1).await.0 == 200 }));
    }
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    server.shutdown().await.expect("clean shutdown");
    let mut acked = Vec::new();
    for (t, (id, _)) in tasks.into_iter().zip(tables.iter()) {
        if t.await.unwrap_or(false) {
            acked.push(id.clone());
        }
    }
    let server = start(db).await;
    let api = Api::new(server.addr);
    for (id, s) in &tables {
        let (_, view) = api.get(&format!("/api/tables/{id}/view?seat=1"), Some(&s[1])).await;
        let guessed = view["view"]["guesses"][0] == json!(1);
        if acked.contains(id) {
            assert!(guessed, "acknowledged action of {id} lost: {view}");
        }
        // Play goes on either way.
        if !guessed {
            assert_eq!(act(&api, id, 0, &s[0], 1).await.0, 200);
        }
        assert_eq!(act(&api, id, 1, &s[1], 1).await.0, 200);
    }
    server.shutdown().await.expect("clean shutdown");
}

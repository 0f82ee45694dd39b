//! Several instances on one PostgreSQL database (issue 29): three real
//! server processes on loopback ports over one throw-away cluster. Tables
//! created through instance A spread over A, B and C; A serves every one of
//! them (HTTP and WebSocket forwarded to the owner); a table taken from its
//! owner behind its back is refused there at the next write (the fence) and
//! goes on at the new owner; B is killed with `kill -9` in the middle of
//! play and its tables go on at A or C with no acknowledged action lost or
//! doubled; C, sent SIGTERM, hands its tables over before it exits.

use crate::common;
use crate::persistence_postgres::{create_database, Cluster};

use serde_json::{json, Value};
use sqlx::Row;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An acknowledged action: table, seat, guess, and the version after it.
type Acked = (String, u8, u8, u64);

pub(crate) fn spawn_instance(db: &str, name: &str) -> (Child, SocketAddr) {
    spawn_instance_with(db, name, &[])
}

/// [`spawn_instance`] with more flags (limits).
pub(crate) fn spawn_instance_with(db: &str, name: &str, flags: &[&str]) -> (Child, SocketAddr) {
    let mut args = vec!["--database", db, "--instance", name];
    args.extend_from_slice(flags);
    common::spawn_server(&args)
}

/// Waits until every instance in `addrs` sees `n` live instances.
pub(crate) async fn wait_for_instances(addrs: &[SocketAddr], n: u64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    for addr in addrs {
        let api = common::Api::new(*addr);
        loop {
            let (_, health) = api.get("/api/health", None).await;
            if health["instances"].as_u64() == Some(n) {
                break;
            }
            assert!(Instant::now() < deadline, "{addr} never saw {n} instances: {health}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// The owner of every table in `ids`, from the database.
pub(crate) async fn owners(pool: &sqlx::AnyPool, ids: &[String]) -> HashMap<String, Option<String>> {
    let mut out = HashMap::new();
    for id in ids {
        let row = sqlx::query("SELECT owner FROM tables WHERE id = $1")
            .bind(id)
            .fetch_one(pool)
            .await
            .expect("table row");
        out.insert(id.clone(), row.get::<Option<String>, _>(0));
    }
    out
}

/// Seat `seat` guesses `n` through `addr`, at the version it sees, until it
/// is acknowledged (`Some(version after it)`) or the seat is seen to have
/// guessed already by an attempt whose answer was lost (`None`). A table
/// changing hands answers `table_moved` or `owner_unreachable` (503, nothing
/// or maybe something stored): asked again shortly, with the version read
/// anew, so a stored attempt is seen and never applied twice. A refusal for
/// the address's rate (every player of the test shares one) is asked again too.
async fn act(http: &reqwest::Client, addr: SocketAddr, table: &str, seat: u8, secret: &str, n: u8) -> Option<u64> {
    let deadline = Instant::now() + Duration::from_secs(45);
    loop {
        assert!(
            Instant::now() < deadline,
            "seat {seat} of {table} never got its action in"
        );
        // Ninety players retrying from one address stay under its rate limit.
        let retry = || tokio::time::sleep(Duration::from_millis(400));
        let view = http
            .get(format!("http://{addr}/api/tables/{table}/view?seat={seat}"))
            .header("x-seat-secret", secret)
            .send()
            .await;
        let Ok(view) = view else {
            retry().await;
            continue;
        };
        if view.status() != 200 {
            retry().await;
            continue;
        }
        let snap: Value = view.json().await.expect("view JSON");
        if !snap["view"]["guesses"][usize::from(seat)].is_null() {
            return None;
        }
        let version = snap["version"].as_u64().expect("version");
        let resp = http
            .post(format!("http://{addr}/api/tables/{table}/act"))
            .header("x-seat-secret", secret)
            .json(&json!({"seat": seat, "action": {"type": "guess", "n": n}, "version": version}))
            .send()
            .await;
        let Ok(resp) = resp else {
            retry().await;
            continue;
        };
        let status = resp.status().as_u16();
        let body: Value = resp.json().await.unwrap_or(Value::Null);
        if status == 200 {
            return Some(body["version"].as_u64().expect("acknowledged version"));
        }
        let kind = body["error"]["kind"].as_str().unwrap_or_default();
        assert!(
            matches!(
                kind,
                "stale_version" | "table_moved" | "owner_unreachable" | "unavailable" | "storage" | "rate_limited"
            ),
            "{table} seat {seat}: {status} {body}"
        );
        retry().await;
    }
}

/// Every stored guess of a table as (entry index, seat, n), from the log rows.
pub(crate) async fn stored_guesses(pool: &sqlx::AnyPool, table: &str) -> Vec<(i64, u64, u64)> {
    let rows = sqlx::query("SELECT idx, entry FROM entries WHERE table_id = $1 ORDER BY idx")
        .bind(table)
        .fetch_all(pool)
        .await
        .expect("entries");
    rows.iter()
        .filter_map(|r| {
            let idx: i64 = r.get(0);
            let entry: Value = serde_json::from_str(&r.get::<String, _>(1)).ok()?;
            let action = entry.get("action")?;
            if action["type"] != "guess" {
                return None;
            }
            Some((idx, entry["seat"].as_u64()?, action["n"].as_u64()?))
        })
        .collect()
}

/// Sends `signal` to an instance and waits (at most a minute) for it to end.
pub(crate) fn stop(child: &mut Child, signal: &str) {
    let _ = Command::new("kill").args([signal, &child.id().to_string()]).status();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("instance {} did not end after {signal}", child.id());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The instances of a test, killed when it ends however it ends.
pub(crate) struct Instances(pub(crate) Vec<Child>);

impl Drop for Instances {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_instances_share_tables_and_survive_kill_9() {
    let Some(pg) = Cluster::start_or_skip() else {
        return;
    };
    create_database(&pg, "instances", true).await;
    let url = pg.url("instances");
    let (a, addr_a) = spawn_instance(&url, "a");
    let (b, addr_b) = spawn_instance(&url, "b");
    let (c, addr_c) = spawn_instance(&url, "c");
    let mut instances = Instances(vec![a, b, c]);
    wait_for_instances(&[addr_a, addr_b, addr_c], 3).await;
    let pool = sqlx::AnyPool::connect(&url).await.expect("test pool");

    // Tables created through A spread over the three.
    let api = common::Api::new(addr_a);
    let mut tables: Vec<(String, Vec<String>)> = Vec::new();
    for _ in 0..30 {
        let id = api.create(3, None).await;
        // Seats are taken through A too, wherever the table lives.
        let secrets = vec![api.join(&id, 0).await, api.join(&id, 1).await, api.join(&id, 2).await];
        tables.push((id, secrets));
    }
    let ids: Vec<String> = tables.iter().map(|(id, _)| id.clone()).collect();
    let owned = owners(&pool, &ids).await;
    let on = |name: &str| {
        owned
            .iter()
            .filter(|(_, o)| o.as_deref() == Some(name))
            .map(|(id, _)| id.clone())
            .collect::<Vec<_>>()
    };
    let (on_a, on_b, on_c) = (on("a"), on("b"), on("c"));
    assert_eq!(
        on_a.len() + on_b.len() + on_c.len(),
        30,
        "every table has an owner: {owned:?}"
    );
    assert!(
        on_a.len() >= 3 && on_b.len() >= 3 && on_c.len() >= 3,
        "spread: a {} b {} c {}",
        on_a.len(),
        on_b.len(),
        on_c.len()
    );
    // The lobby of any instance lists every instance's tables.
    for addr in [addr_b, addr_c] {
        let (_, list) = common::Api::new(addr).get("/api/tables", None).await;
        let listed: Vec<&str> = list["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .filter_map(|t| t["id"].as_str())
            .collect();
        for id in &ids {
            assert!(listed.contains(&id.as_str()), "{id} not listed by {addr}");
        }
    }
    let secrets_of = |id: &str| tables.iter().find(|(t, _)| t == id).expect("table").1.clone();
    let acked: Arc<Mutex<Vec<Acked>>> = Arc::default();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");

    // A WebSocket through A plays a table B owns.
    let wt = on_b[0].clone();
    let mut ws = common::Ws::connect(addr_a, &wt).await;
    let snap = ws.auth(0, &secrets_of(&wt)[0]).await;
    assert_eq!(snap["type"], "snapshot", "{snap}");
    let version = snap["version"].as_u64().expect("version");
    ws.send(json!({"type": "act", "seat": 0, "action": {"type": "guess", "n": 2}, "version": version, "id": 1}))
        .await;
    let ack = ws.until(|v| v["type"] == "ack" || v["type"] == "error").await;
    assert_eq!(ack["type"], "ack", "{ack}");
    acked
        .lock()
        .expect("acked")
        .push((wt.clone(), 0, 2, ack["version"].as_u64().expect("ack version")));

    // Two owners of one table: A's table is given to C behind A's back
    // (as if A had been paused past its lease). A's next write is fenced,
    // refused as `table_moved` (nothing stored), and the action goes on at C.
    let fenced = on_a[0].clone();
    sqlx::query("UPDATE tables SET owner = 'c' WHERE id = $1")
        .bind(&fenced)
        .execute(&pool)
        .await
        .expect("owner changed");
    let secret = secrets_of(&fenced)[0].clone();
    let (_, snap) = api
        .get(&format!("/api/tables/{fenced}/view?seat=0"), Some(&secret))
        .await;
    let (status, body) = api
        .post(
            &format!("/api/tables/{fenced}/act"),
            &json!({"seat": 0, "action": {"type": "guess", "n": 1}, "version": snap["version"]}),
            Some(&secret),
        )
        .await;
    assert!(
        status == 200 || body["error"]["kind"] == "table_moved",
        "refused by the fence or served by the new owner: {status} {body}"
    );
    if status == 200 {
        let v = body["version"].as_u64().expect("version");
        acked.lock().expect("acked").push((fenced.clone(), 0, 1, v));
    } else if let Some(v) = act(&http, addr_a, &fenced, 0, &secret, 1).await {
        acked.lock().expect("acked").push((fenced.clone(), 0, 1, v));
    }

    // Every other seat plays through A while B is killed mid-game.
    let mut tasks = Vec::new();
    for (t, (id, secrets)) in tables.iter().enumerate() {
        for seat in 0..3u8 {
            if (id == &wt || id == &fenced) && seat == 0 {
                continue;
            }
            let (http, id, secret, acked) = (
                http.clone(),
                id.clone(),
                secrets[usize::from(seat)].clone(),
                Arc::clone(&acked),
            );
            let n = ((t + usize::from(seat)) % 3) as u8;
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(u64::from(seat) * 150 + (t as u64 % 10) * 15)).await;
                if let Some(v) = act(&http, addr_a, &id, seat, &secret, n).await {
                    acked.lock().expect("acked").push((id, seat, n, v));
                }
            }));
        }
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while acked.lock().expect("acked").len() < 30 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    stop(&mut instances.0[1], "-KILL");
    eprintln!(
        "B killed after {} acknowledged actions",
        acked.lock().expect("acked").len()
    );
    let killed_at = acked.lock().expect("acked").len();
    for t in tasks {
        t.await.expect("player task");
    }
    assert!(
        killed_at < 88,
        "B was killed after the last action: nothing was in flight"
    );

    // Every table finished, none is left with B, and every acknowledged
    // action is stored exactly once, where its acknowledgement said.
    let owned = owners(&pool, &ids).await;
    for (id, _) in &tables {
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        assert_eq!(summary["status"], "finished", "{id}: {summary}");
        assert_ne!(owned[id].as_deref(), Some("b"), "{id} still with the dead instance");
        let guesses = stored_guesses(&pool, id).await;
        for seat in 0..3u64 {
            let of_seat: Vec<_> = guesses.iter().filter(|g| g.1 == seat).collect();
            assert_eq!(of_seat.len(), 1, "{id} seat {seat}: {guesses:?}");
        }
    }
    let acked = acked.lock().expect("acked").clone();
    assert!(acked.len() > 60, "most actions are acknowledged: {}", acked.len());
    for (id, seat, n, version) in &acked {
        let guesses = stored_guesses(&pool, id).await;
        let stored: Vec<_> = guesses.iter().filter(|g| g.1 == u64::from(*seat)).collect();
        assert_eq!(stored.len(), 1, "{id} seat {seat} acknowledged once, stored {stored:?}");
        let (idx, _, stored_n) = stored[0];
        assert_eq!(*stored_n, u64::from(*n), "{id} seat {seat}: another guess stored");
        assert!(
            (*idx as u64) < *version,
            "{id} seat {seat}: stored at entry {idx}, acknowledged at version {version}"
        );
    }

    // Drain: C is sent SIGTERM with open tables; they go to A.
    let mut fresh = Vec::new();
    for _ in 0..6 {
        let id = api.create(2, None).await;
        let secrets = vec![api.join(&id, 0).await, api.join(&id, 1).await];
        fresh.push((id, secrets));
    }
    stop(&mut instances.0[2], "-TERM");
    eprintln!("C drained");
    for (id, secrets) in &fresh {
        for seat in 0..2u8 {
            act(&http, addr_a, id, seat, &secrets[usize::from(seat)], 1).await;
        }
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        assert_eq!(summary["status"], "finished", "{id}: {summary}");
    }
    let fresh_ids: Vec<String> = fresh.iter().map(|(id, _)| id.clone()).collect();
    for (id, owner) in owners(&pool, &fresh_ids).await {
        assert_eq!(owner.as_deref(), Some("a"), "{id} after C was drained");
    }
    let left: i64 = sqlx::query("SELECT count(*) FROM instances WHERE name = 'c'")
        .fetch_one(&pool)
        .await
        .expect("instances")
        .get(0);
    assert_eq!(left, 0, "a drained instance leaves");
    pool.close().await;
}

/// The database going away for ten seconds: the instance keeps its table in
/// memory and serves its view, refuses an action with a clear error and
/// stores nothing of it, and takes actions again once the database is back,
/// the table still its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_away_for_ten_seconds_refuses_actions_and_then_resumes() {
    let Some(pg) = Cluster::start_or_skip() else {
        return;
    };
    create_database(&pg, "outage", true).await;
    let url = pg.url("outage");
    let (solo, addr) = spawn_instance(&url, "solo");
    let _instances = Instances(vec![solo]);
    wait_for_instances(&[addr], 1).await;
    let api = common::Api::new(addr);
    let id = api.create(3, None).await;
    let secrets = [api.join(&id, 0).await, api.join(&id, 1).await, api.join(&id, 2).await];
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let first = act(&http, addr, &id, 0, &secrets[0], 1).await.expect("acknowledged");

    pg.pause().expect("PostgreSQL stops");
    let away = Instant::now();
    // The table is still served from memory, at the acknowledged version.
    let (status, view) = common::Api::new(addr)
        .get(&format!("/api/tables/{id}/view?seat=1"), Some(&secrets[1]))
        .await;
    assert_eq!(status, 200, "the view is served while the database is away: {view}");
    assert_eq!(view["version"].as_u64(), Some(first));
    // An action is refused with a clear error, and nothing is applied.
    let resp = http
        .post(format!("http://{addr}/api/tables/{id}/act"))
        .header("x-seat-secret", &secrets[1])
        .json(&json!({"seat": 1, "action": {"type": "guess", "n": 2}, "version": first}))
        .send()
        .await
        .expect("an answer while the database is away");
    let status = resp.status().as_u16();
    let body: Value = resp.json().await.unwrap_or(Value::Null);
    assert!(
        status >= 500 && matches!(body["error"]["kind"].as_str(), Some("storage" | "unavailable")),
        "refused as the database being away: {status} {body}"
    );
    assert!(body["error"]["message"]["de"].is_string() && body["error"]["message"]["en"].is_string());
    let (_, view) = common::Api::new(addr)
        .get(&format!("/api/tables/{id}/view?seat=1"), Some(&secrets[1]))
        .await;
    assert_eq!(
        view["version"].as_u64(),
        Some(first),
        "the refused action changed nothing"
    );

    // Ten seconds away in all, then back.
    tokio::time::sleep(Duration::from_secs(10).saturating_sub(away.elapsed())).await;
    pg.resume().expect("PostgreSQL starts again");
    let second = act(&http, addr, &id, 1, &secrets[1], 2)
        .await
        .expect("acknowledged after");
    assert!(second > first);
    let third = act(&http, addr, &id, 2, &secrets[2], 0)
        .await
        .expect("acknowledged after");
    assert!(third > second);
    // Exactly the acknowledged actions are stored, each once.
    let pool = sqlx::AnyPool::connect(&url).await.expect("test pool");
    let guesses: Vec<(u64, u64)> = stored_guesses(&pool, &id)
        .await
        .into_iter()
        .map(|(_, s, n)| (s, n))
        .collect();
    assert_eq!(guesses, vec![(0, 1), (1, 2), (2, 0)]);
    pool.close().await;
}

//! Kill -9 in the middle of games: the real server process is killed while
//! actions are in flight, restarted on the same SQLite file, and every action
//! that was acknowledged before the kill must be there; play then goes on.

use crate::common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn spawn_server(db: &str) -> (Child, SocketAddr) {
    common::spawn_server(&["--database", db])
}

/// One action over HTTP at the version the seat sees; `None` if the server
/// did not answer (it was killed).
async fn try_act(
    http: &reqwest::Client,
    addr: SocketAddr,
    table: &str,
    seat: u8,
    secret: &str,
    n: u8,
) -> Option<Value> {
    for _ in 0..20 {
        let snap: Value = http
            .get(format!("http://{addr}/api/tables/{table}/view?seat={seat}"))
            .header("x-seat-secret", secret)
            .send()
            .await
            .ok()?
            .json()
            .await
            .ok()?;
        let version = snap["version"].as_u64()?;
        let resp = http
            .post(format!("http://{addr}/api/tables/{table}/act"))
            .header("x-seat-secret", secret)
            .json(&json!({"seat": seat, "action": {"type": "guess", "n": n}, "version": version}))
            .send()
            .await
            .ok()?;
        let status = resp.status().as_u16();
        let body: Value = resp.json().await.ok()?;
        if status == 200 {
            return Some(body);
        }
        // Another seat of the table acted in between: choose again.
        assert_eq!(body["error"]["kind"], "stale_version", "{body}");
    }
    None
}

#[tokio::test]
async fn kill_9_loses_no_acknowledged_action() {
    let db = common::temp_sqlite("kill9");
    let (mut child, addr) = spawn_server(&db);
    let api = common::Api::new(addr);
    let mut tables = Vec::new();
    for _ in 0..40 {
        let id = api.create(3, None).await;
        let secrets = vec![api.join(&id, 0).await, api.join(&id, 1).await, api.join(&id, 2).await];
        tables.push((id, secrets));
    }
    let acked: Arc<Mutex<Vec<(String, u8, u8)>>> = Arc::default();
    let http = reqwest::Client::new();
    let mut tasks = Vec::new();
    for (t, (id, secrets)) in tables.iter().enumerate() {
        for seat in 0..3u8 {
            let (http, id, secret, acked) = (
                http.clone(),
                id.clone(),
                secrets[usize::from(seat)].clone(),
                Arc::clone(&acked),
            );
            let n = ((t + usize::from(seat)) % 3) as u8;
            tasks.push(tokio::spawn(async move {
                // Spread the actions out so the kill lands mid-game.
                tokio::time::sleep(Duration::from_millis(u64::from(seat) * 40 + (t as u64 % 10) * 4)).await;
                if try_act(&http, addr, &id, seat, &secret, n).await.is_some() {
                    if let Ok(mut a) = acked.lock() {
                        a.push((id, seat, n));
                    }
                }
            }));
        }
    }
    // Kill once a good part, but not all, of the actions are acknowledged.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while acked.lock().map(|a| a.len()).unwrap_or(0) < 40 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    for t in tasks {
        let _ = t.await;
    }
    let acked = acked.lock().map(|a| a.clone()).unwrap_or_default();
    assert!(
        acked.len() >= 40,
        "only {} actions acknowledged before the kill",
        acked.len()
    );
    assert!(
        acked.len() < 120,
        "the kill came after the last action; nothing was in flight"
    );

    let (mut child, addr) = spawn_server(&db);
    let api = common::Api::new(addr);
    for (id, seat, n) in &acked {
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        let (_, log) = api.get(&format!("/api/tables/{id}/log"), None).await;
        let guesses = if summary["status"] == "finished" {
            log["final_state"]["guesses"].clone()
        } else {
            let secret = &tables.iter().find(|(t, _)| t == id).expect("table").1[usize::from(*seat)];
            api.get(&format!("/api/tables/{id}/view?seat={seat}"), Some(secret))
                .await
                .1["view"]["guesses"]
                .clone()
        };
        assert_eq!(
            guesses[usize::from(*seat)],
            json!(n),
            "acknowledged guess of seat {seat} at {id} lost"
        );
    }
    // Play goes on: every table can be finished.
    let http = reqwest::Client::new();
    for (id, secrets) in &tables {
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        if summary["status"] == "finished" {
            continue;
        }
        let (_, view) = api
            .get(&format!("/api/tables/{id}/view?seat=0"), Some(&secrets[0]))
            .await;
        for seat in 0..3u8 {
            if view["view"]["guesses"][usize::from(seat)].is_null() {
                assert!(try_act(&http, addr, id, seat, &secrets[usize::from(seat)], 0)
                    .await
                    .is_some());
            }
        }
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        assert_eq!(summary["status"], "finished");
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
}

#[test]
fn unreachable_database_exits_non_zero_with_a_clear_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_spielleiter-server"))
        .args([
            "--addr",
            "127.0.0.1:0",
            "--database",
            "postgres://nobody@127.0.0.1:1/none",
        ])
        .env("RUST_LOG", "off")
        .output()
        .expect("binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unreachable") && err.contains("nicht erreichbar"), "{err}");
}

#[tokio::test]
async fn secrets_never_reach_the_log() {
    let dir = common::temp_dir("log-secrets");
    let db = format!("sqlite://{}", dir.join("t.db").display());
    let log_path = dir.join("server.log");
    let log = std::fs::File::create(&log_path).expect("log file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielleiter-server"))
        .args(["--addr", "127.0.0.1:0", "--database", &db, "--bot-think-ms", "0"])
        .env("RUST_LOG", "trace")
        .stdout(Stdio::piped())
        .stderr(Stdio::from(log))
        .spawn()
        .expect("server binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("first line");
    let addr: SocketAddr = line
        .trim()
        .trim_start_matches("listening on ")
        .parse()
        .expect("address");
    let api = common::Api::new(addr);
    let id = api.create(2, None).await;
    let secrets = [api.join(&id, 0).await, api.join(&id, 1).await];
    let http = reqwest::Client::new();
    for (seat, secret) in secrets.iter().enumerate() {
        assert!(try_act(&http, addr, &id, seat as u8, secret, 1).await.is_some());
    }
    // A wrong secret is logged no more than a right one.
    let (status, _) = api
        .get(
            &format!("/api/tables/{id}/view?seat=0"),
            Some("feedfacefeedfacefeedfacefeedface"),
        )
        .await;
    assert_eq!(status, 403);
    let mut ws = common::Ws::connect(addr, &id).await;
    ws.auth(1, &secrets[1]).await;
    ws.close().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let text = std::fs::read_to_string(&log_path).expect("log");
    assert!(text.contains("seat joined"), "the log was written at trace level");
    for s in secrets
        .iter()
        .map(String::as_str)
        .chain(["feedfacefeedfacefeedfacefeedface"])
    {
        assert!(!text.contains(s), "a secret is in the log");
        assert!(
            !text.contains(&server::secret::hash(s)),
            "a secret's hash is in the log"
        );
    }
}

/// SQLite serves one server (issue 29, item 7): a second process on the same
/// file refuses to start and says why; once the first is killed (`kill -9`,
/// so no clean shutdown released anything), a new one starts on the file.
#[test]
fn a_second_server_on_the_same_sqlite_file_refuses_to_start() {
    let db = common::temp_sqlite("single");
    let (mut first, _) = spawn_server(&db);
    let second = Command::new(env!("CARGO_BIN_EXE_spielleiter-server"))
        .args(["--addr", "127.0.0.1:0", "--database", &db])
        .env("RUST_LOG", "warn")
        .output()
        .expect("server binary runs");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success(), "a second server started on {db}: {said}");
    assert!(
        said.contains("already used by another spielleiter server") && said.contains("PostgreSQL"),
        "{said}"
    );
    assert!(String::from_utf8_lossy(&second.stdout).is_empty(), "it never listened");
    first.kill().expect("kill -9");
    let _ = first.wait();
    let (mut again, _) = spawn_server(&db);
    let _ = again.kill();
    let _ = again.wait();
}

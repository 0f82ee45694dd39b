//! A server instance in a child process, so that a test can end it the way
//! a machine fails: `SIGKILL`, no drain, no lease given back (issue 29's
//! failover). An in-process server cannot be killed like that, and the
//! `spielleiter` binary is not guaranteed to be built when only this crate's
//! tests are; so the child is this very test binary, run with a filter that
//! selects one ignored test, which calls [`serve_if_child`].

use crate::TestServer;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The database the child serves (set only in the child's environment).
const DB: &str = "SPIELLEITER_E2E_CHILD_DB";
/// The child's instance name.
const NAME: &str = "SPIELLEITER_E2E_CHILD_NAME";
/// The child's bot delay in milliseconds.
const THINK: &str = "SPIELLEITER_E2E_CHILD_THINK_MS";
/// What the child prints once it listens, followed by its URL.
const READY: &str = "spielleiter-e2e-child-listening ";

/// An instance running in a child process; killed on drop.
#[derive(Debug)]
pub struct ChildInstance {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
}

impl ChildInstance {
    /// Starts instance `name` on `database_url` in a child process running
    /// `test`, the full path of an `#[ignore]`d test of the calling binary
    /// whose body is [`serve_if_child`]; waits until it listens.
    pub fn spawn(test: &str, database_url: &str, name: &str, bot_think_ms: u64) -> ChildInstance {
        let exe = std::env::current_exe().expect("the test binary's path");
        let mut child = Command::new(exe)
            .args([test, "--exact", "--ignored", "--nocapture", "--test-threads", "1"])
            .env(DB, database_url)
            .env(NAME, name)
            .env(THINK, bot_think_ms.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the child instance");
        let stdout = child.stdout.take().expect("the child's stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut url = None;
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                // libtest has printed the test's name on the same line.
                if let Some((_, u)) = line.split_once(READY) {
                    url = Some(u.trim().to_string());
                    break;
                }
            }
            let _ = tx.send(url);
        });
        let url = match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(Some(url)) => url,
            other => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the child instance {name} did not start: {other:?}");
            }
        };
        ChildInstance { child, url }
    }

    /// Ends the child with `SIGKILL`, as a failing machine would, and reaps it.
    pub fn kill_9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ChildInstance {
    fn drop(&mut self) {
        self.kill_9();
    }
}

/// In a child started by [`ChildInstance::spawn`]: serves the instance its
/// environment names until its parent closes its stdin (the parent ended,
/// however it ended), then exits. Anywhere else: returns at once, so the
/// ignored test that calls it passes when run by hand.
pub async fn serve_if_child() {
    let (Ok(db), Ok(name)) = (std::env::var(DB), std::env::var(NAME)) else {
        return;
    };
    let think = std::env::var(THINK).ok().and_then(|t| t.parse().ok()).unwrap_or(0);
    let server = TestServer::start_instance_with(&db, &name, think).await;
    println!("{READY}{}", server.url);
    // Until the parent goes away; a kill from the parent ends us sooner.
    let _ = tokio::task::spawn_blocking(|| std::io::stdin().read_to_end(&mut Vec::new())).await;
    std::process::exit(0);
}

//! A browser test that fails must not leave Chromium running: `Browser`
//! starts chromedriver as the leader of its own process group, in which
//! Chromium and its helpers stay, and its drop kills the whole group.

use web_e2e::{Browser, TestServer};

/// The processes (pids) whose process group is `group`, read from `/proc`.
fn members(group: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            // `/proc/PID/stat`: "pid (comm) state ppid pgrp …"; comm may hold spaces.
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                return false;
            };
            let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
                return false;
            };
            let fields: Vec<&str> = rest.split_whitespace().collect();
            // A zombie is already dead; only its parent's reaping is left.
            fields.first() != Some(&"Z") && fields.get(2).and_then(|g| g.parse::<u32>().ok()) == Some(group)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_browser_test_leaves_no_chromium_running() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let server = TestServer::start().await;
    let Some(b) = Browser::start(&server.url).await else {
        return;
    };
    b.goto("/").await;
    let group = b.process_group();
    let before = members(group);
    // chromedriver and at least Chromium's browser process.
    assert!(before.len() >= 2, "chromedriver's group holds Chromium: {before:?}");
    // The browser is dropped while a test panics, as in a failing test.
    let outcome = tokio::spawn(async move {
        let _browser = b;
        panic!("a failing browser test");
    })
    .await;
    assert!(outcome.is_err_and(|e| e.is_panic()));
    // Killed processes may take a moment to be reaped by their parents.
    let mut left = members(group);
    for _ in 0..50 {
        if left.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        left = members(group);
    }
    assert!(left.is_empty(), "still running after the browser was dropped: {left:?}");
}

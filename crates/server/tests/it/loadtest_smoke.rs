//! The load test's machinery on a small scale (the full load test is run by
//! hand: `spielleiter loadtest`, see docs/server.md).

use crate::common;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loadtest_plays_and_measures() {
    // Every player comes from one address: the per-address caps are raised.
    let server = common::start_with(common::config(&common::temp_sqlite("load")).for_load_test()).await;
    let report = server::loadtest::run(server::loadtest::LoadtestConfig {
        url: format!("http://{}", server.addr),
        game: "toy".into(),
        players: 3,
        tables: 8,
        seconds: 1.5,
        ..server::loadtest::LoadtestConfig::default()
    })
    .await
    .expect("load test runs");
    assert_eq!(report.connections, 24);
    assert!(report.actions > 0, "{}", report.to_text());
    assert!(report.games_finished > 0, "{}", report.to_text());
    assert!(report.p50_ms > 0.0 && report.p50_ms <= report.p99_ms && report.p99_ms <= report.max_ms);
    assert_eq!(report.errors, 0, "{}", report.to_text());

    // Paced, the tables keep to the rate (they may fall short, never run ahead).
    let report = server::loadtest::run(server::loadtest::LoadtestConfig {
        url: format!("http://{}", server.addr),
        game: "toy".into(),
        players: 2,
        tables: 8,
        seconds: 1.5,
        rate: Some(40.0),
        arrivals: server::loadtest::Arrivals::Poisson,
        ..server::loadtest::LoadtestConfig::default()
    })
    .await
    .expect("paced load test runs");
    assert!(report.actions > 0, "{}", report.to_text());
    assert!(report.actions_per_sec < 40.0 * 2.5, "{}", report.to_text());
    assert_eq!(report.errors, 0, "{}", report.to_text());
    server.shutdown().await.expect("clean shutdown");

    // A wrong game fails at once with a clear error.
    let server = common::start(&common::temp_sqlite("load-bad")).await;
    let err = server::loadtest::run(server::loadtest::LoadtestConfig {
        url: format!("http://{}", server.addr),
        game: "chess".into(),
        tables: 2,
        seconds: 0.1,
        ..server::loadtest::LoadtestConfig::default()
    })
    .await
    .expect_err("unknown game");
    assert!(err.to_string().contains("unknown_game"), "{err}");
    server.shutdown().await.expect("clean shutdown");
}

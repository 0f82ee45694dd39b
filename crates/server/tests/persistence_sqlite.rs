//! The persistence suite on SQLite, and what happens when a database cannot be opened.

mod common;

#[tokio::test]
async fn sqlite_restart_restores_everything() {
    common::suite::restart_restores_everything(&common::temp_sqlite("restart")).await;
}

#[tokio::test]
async fn sqlite_graceful_shutdown_keeps_acknowledged_actions() {
    common::suite::graceful_shutdown_keeps_acknowledged_actions(&common::temp_sqlite("graceful")).await;
}

#[tokio::test]
async fn unreachable_database_is_a_clear_error() {
    let config = common::config("postgres://nobody@127.0.0.1:1/none");
    let err = server::start(config, common::games(), server::BotRegistry::default())
        .await
        .expect_err("no database there");
    let text = err.to_string();
    assert!(text.contains("unreachable") && text.contains("127.0.0.1:1"), "{text}");
    let config = common::config("sqlite:///nonexistent-dir/deeper/x.db");
    let err = server::start(config, common::games(), server::BotRegistry::default())
        .await
        .expect_err("no such directory");
    assert!(err.to_string().contains("unreachable"), "{err}");
    let config = common::config("mysql://x");
    let err = server::start(config, common::games(), server::BotRegistry::default())
        .await
        .expect_err("unsupported");
    assert!(err.to_string().contains("sqlite://"), "{err}");
}

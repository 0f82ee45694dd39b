//! The persistence suite on SQLite, and what happens when a database cannot be opened.

use crate::common;

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

#[tokio::test]
async fn sqlite_changed_seeds_restore_exactly() {
    common::restore::changed_seeds_restore_exactly(&common::temp_sqlite("seeds")).await;
}

#[tokio::test]
async fn sqlite_old_database_is_migrated() {
    common::restore::old_database_is_migrated(&common::temp_sqlite("old")).await;
}

#[tokio::test]
async fn sqlite_corrupt_rows_are_quarantined() {
    common::restore::corrupt_rows_are_quarantined(&common::temp_sqlite("corrupt")).await;
}

#[tokio::test]
async fn sqlite_actions_are_stored_canonically() {
    common::restore::actions_are_stored_canonically(&common::temp_sqlite("canonical")).await;
}

#[tokio::test]
async fn sqlite_hostile_text_round_trips() {
    common::restore::hostile_text_round_trips(&common::temp_sqlite("hostile")).await;
}

#[tokio::test]
async fn sqlite_edited_logs_are_caught() {
    common::chain::edited_logs_are_caught(&common::temp_sqlite("chain")).await;
}

#[tokio::test]
async fn sqlite_unchained_tables_are_sealed() {
    common::chain::unchained_tables_are_sealed(&common::temp_sqlite("seal")).await;
}

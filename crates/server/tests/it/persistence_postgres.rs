//! The persistence suite on a real PostgreSQL server: a temporary cluster on
//! a free loopback port, made with the installed `initdb`/`pg_ctl` (Debian:
//! /usr/lib/postgresql/*/bin). Without PostgreSQL the test fails, unless
//! SPIELLEITER_SKIP_POSTGRES=1 is set. Install: crates/server/ci/install-postgres.sh.

use crate::common;

pub(crate) use testkit::postgres::Cluster;

pub(crate) async fn create_database(cluster: &Cluster, name: &str, standard_conforming_strings: bool) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&cluster.url("postgres"))
        .await
        .expect("connects to PostgreSQL");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&pool)
        .await
        .expect("CREATE DATABASE");
    if !standard_conforming_strings {
        sqlx::query(&format!("ALTER DATABASE {name} SET standard_conforming_strings = off"))
            .execute(&pool)
            .await
            .expect("ALTER DATABASE");
    }
    pool.close().await;
}

#[tokio::test]
async fn postgres_persistence_suite() {
    let Some(cluster) = Cluster::start_or_skip() else {
        return;
    };
    // Every test twice: on a database with the defaults, and on one with
    // `standard_conforming_strings` off, where a backslash in a string
    // literal is an escape: with bound parameters only, nothing changes.
    for (suffix, conforming) in [("", true), ("_nonconforming", false)] {
        let db = |name: &str| format!("{name}{suffix}");
        for name in [
            "restart",
            "graceful",
            "seeds",
            "old",
            "corrupt",
            "canonical",
            "hostile",
            "chain",
            "seal",
            "ratings",
            "leavers",
            "sameplayer",
        ] {
            create_database(&cluster, &db(name), conforming).await;
        }
        let url = |name: &str| cluster.url(&db(name));
        common::suite::restart_restores_everything(&url("restart")).await;
        common::suite::graceful_shutdown_keeps_acknowledged_actions(&url("graceful")).await;
        common::restore::changed_seeds_restore_exactly(&url("seeds")).await;
        common::restore::old_database_is_migrated(&url("old")).await;
        common::restore::corrupt_rows_are_quarantined(&url("corrupt")).await;
        common::restore::actions_are_stored_canonically(&url("canonical")).await;
        common::restore::hostile_text_round_trips(&url("hostile")).await;
        common::chain::edited_logs_are_caught(&url("chain")).await;
        common::chain::unchained_tables_are_sealed(&url("seal")).await;
        crate::ratings::rated_tables_count_once(&url("ratings")).await;
        crate::ratings::leavers_lose(&url("leavers")).await;
        crate::ratings::same_player_plays_casual(&url("sameplayer")).await;
        if !conforming {
            check_setting_is_off(&url("hostile")).await;
        }
    }
}

/// The database's sessions really run with `standard_conforming_strings` off.
async fn check_setting_is_off(url: &str) {
    let pool = sqlx::AnyPool::connect(url).await.expect("connects");
    let row = sqlx::query("SHOW standard_conforming_strings")
        .fetch_one(&pool)
        .await
        .expect("SHOW");
    assert_eq!(sqlx::Row::get::<String, _>(&row, 0), "off");
    pool.close().await;
}

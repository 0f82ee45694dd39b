//! The persistence suite on a real PostgreSQL server: a temporary cluster on
//! a free loopback port, made with the installed `initdb`/`pg_ctl` (Debian:
//! /usr/lib/postgresql/*/bin). Without PostgreSQL the test fails, unless
//! SPIELLEITER_SKIP_POSTGRES=1 is set. Install: crates/server/ci/install-postgres.sh.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The directory with `initdb` and `pg_ctl`: $SPIELLEITER_PG_BIN, the newest
/// /usr/lib/postgresql/*/bin, or the PATH.
fn pg_bin() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SPIELLEITER_PG_BIN") {
        return Some(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, b)| b)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// A PostgreSQL cluster in a temporary directory, stopped on drop.
pub(crate) struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl Cluster {
    fn run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let exe = self.bin.join(program);
        let mut cmd = if self.as_postgres {
            // PostgreSQL refuses to run as root.
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let out = cmd.args(args).output().map_err(|e| format!("{program}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{program} failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    pub(crate) fn start() -> Result<Cluster, String> {
        let bin = pg_bin().ok_or("PostgreSQL's initdb was not found under /usr/lib/postgresql/*/bin")?;
        let dir = common::temp_dir("pg");
        let as_postgres = is_root();
        if as_postgres {
            let ok = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .map_err(|e| e.to_string())?;
            if !ok.success() {
                return Err("chown to the postgres user failed (is the postgres user there?)".into());
            }
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let cluster = Cluster {
            bin,
            dir,
            port,
            as_postgres,
        };
        let data = cluster.dir.join("data");
        let data = path(&data);
        cluster.run("initdb", &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"])?;
        let opts = format!("-p {port} -k {} -c listen_addresses=127.0.0.1", path(&cluster.dir));
        let log = path(&cluster.dir.join("server.log"));
        cluster.run(
            "pg_ctl",
            &["-D", &data, "-o", &opts, "-l", &log, "-w", "-t", "60", "start"],
        )?;
        Ok(cluster)
    }

    pub(crate) fn url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.port)
    }
}

fn path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = path(&self.dir.join("data"));
        let _ = self.run("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

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
    let cluster = match Cluster::start() {
        Ok(c) => c,
        Err(e) if std::env::var("SPIELLEITER_SKIP_POSTGRES").as_deref() == Ok("1") => {
            eprintln!("PostgreSQL test skipped (SPIELLEITER_SKIP_POSTGRES=1): {e}");
            return;
        }
        Err(e) => panic!(
            "PostgreSQL is needed for this test: {e}. Install it with crates/server/ci/install-postgres.sh, \
             or set SPIELLEITER_SKIP_POSTGRES=1 to skip."
        ),
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

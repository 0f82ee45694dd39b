//! A throw-away PostgreSQL cluster for tests: a temporary data directory
//! and a free loopback port, made with the installed `initdb`/`pg_ctl`
//! (Debian: /usr/lib/postgresql/*/bin; `crates/server/ci/install-postgres.sh`),
//! stopped and removed on drop. Used by the server's persistence and
//! several-instances tests and by the browser test of several instances.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A new empty directory under the system's temporary directory.
fn temp_dir() -> Result<PathBuf, String> {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("spielleiter-pg-{}-{n}-{nanos:08x}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

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
#[derive(Debug)]
pub struct Cluster {
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

    /// Makes and starts a cluster (as the `postgres` user when run as root,
    /// which PostgreSQL refuses); the error says what is missing.
    pub fn start() -> Result<Cluster, String> {
        let bin = pg_bin().ok_or("PostgreSQL's initdb was not found under /usr/lib/postgresql/*/bin")?;
        let dir = temp_dir()?;
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
        let data = path(&cluster.dir.join("data"));
        cluster.run("initdb", &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"])?;
        cluster.resume()?;
        Ok(cluster)
    }

    /// [`Cluster::start`] for a test: `None` (the test skips, saying why)
    /// when PostgreSQL is missing and `SPIELLEITER_SKIP_POSTGRES=1`; a panic
    /// with the install instructions when it is missing otherwise.
    pub fn start_or_skip() -> Option<Cluster> {
        match Cluster::start() {
            Ok(c) => Some(c),
            Err(e) if std::env::var("SPIELLEITER_SKIP_POSTGRES").as_deref() == Ok("1") => {
                eprintln!("PostgreSQL test skipped (SPIELLEITER_SKIP_POSTGRES=1): {e}");
                None
            }
            Err(e) => panic!(
                "PostgreSQL is needed for this test: {e}. Install it with crates/server/ci/install-postgres.sh, \
                 or set SPIELLEITER_SKIP_POSTGRES=1 to skip."
            ),
        }
    }

    /// Stops the server, keeping its data (a database that goes away).
    pub fn pause(&self) -> Result<(), String> {
        let data = path(&self.dir.join("data"));
        self.run("pg_ctl", &["-D", &data, "-m", "fast", "-w", "stop"])
    }

    /// Starts the server (again) on its port with its data.
    pub fn resume(&self) -> Result<(), String> {
        let data = path(&self.dir.join("data"));
        let opts = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, path(&self.dir));
        let log = path(&self.dir.join("server.log"));
        self.run(
            "pg_ctl",
            &["-D", &data, "-o", &opts, "-l", &log, "-w", "-t", "60", "start"],
        )
    }

    /// The URL of database `db` on the cluster (user `postgres`, trusted).
    pub fn url(&self, db: &str) -> String {
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

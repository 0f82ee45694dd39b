//! One server per SQLite file.
//!
//! SQLite is the embedded, single-instance store: every open table lives in
//! the memory of the one process that drives it, and the file only keeps
//! them. Two processes on one file would both restore and drive the same
//! tables, each unaware of the other's moves. So a server holds an exclusive
//! lock on a file beside the database (`FILE.lock`) for as long as it runs,
//! and a second server on the same file refuses to start. The operating
//! system drops the lock when the process ends however it ends (`kill -9`
//! included), so a crash never leaves a stale lock behind to clear by hand.
//! Several instances need PostgreSQL (docs/server.md).

use crate::error::ServerError;
use std::fs::{File, OpenOptions};
use std::path::PathBuf;
use std::sync::Arc;

/// The held lock; released when the last clone is dropped.
#[derive(Debug, Clone)]
pub(crate) struct InstanceLock {
    _file: Arc<File>,
}

/// The lock file of the SQLite database at `path`.
fn lock_path(path: &str) -> PathBuf {
    PathBuf::from(format!("{path}.lock"))
}

/// Takes the lock of the SQLite database at `path`, or says which file
/// another server holds.
pub(crate) fn lock(path: &str) -> Result<InstanceLock, ServerError> {
    let at = lock_path(path);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&at)
        .map_err(ServerError::Io)?;
    match try_lock(&file) {
        Ok(true) => Ok(InstanceLock { _file: Arc::new(file) }),
        Ok(false) => Err(ServerError::InUse {
            database: path.to_owned(),
            lock: at.display().to_string(),
        }),
        Err(e) => Err(ServerError::Io(e)),
    }
}

/// An exclusive `flock` without waiting: `Ok(false)` when another open
/// file holds it. (`std`'s `File::try_lock` needs Rust 1.89, past the
/// workspace's minimum.)
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use rustix::fs::{flock, FlockOperation};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Elsewhere no lock is taken (the server is built and run on Linux).
#[cfg(not(unix))]
fn try_lock(_file: &File) -> std::io::Result<bool> {
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_server_on_one_sqlite_file_is_refused_until_the_first_is_gone() {
        let n = crate::secret::random_u64().unwrap_or(7);
        let dir = std::env::temp_dir().join(format!("spielleiter-lock-{n:016x}"));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("db").display().to_string();
        let first = lock(&db).unwrap();
        let held = first.clone();
        let refused = lock(&db).unwrap_err();
        let text = refused.to_string();
        assert!(matches!(refused, ServerError::InUse { .. }), "{text}");
        assert!(text.contains("PostgreSQL") && text.contains(&db), "{text}");
        drop(first);
        assert!(
            matches!(lock(&db), Err(ServerError::InUse { .. })),
            "a clone still holds it"
        );
        drop(held);
        lock(&db).expect("free again once the server is gone");
        let _ = std::fs::remove_dir_all(dir);
    }
}

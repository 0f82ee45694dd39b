//! The stored tables that could not be restored: kept aside, never served,
//! listed in `/api/health`.

use super::*;

/// A stored table that was not restored: kept aside in the database as it is,
/// never served, listed in `/api/health`.
#[derive(Debug, Clone, serde::Serialize, PartialEq, Eq)]
pub struct Quarantined {
    /// Table id.
    pub id: String,
    /// Why, as a stable word: `unreadable` (a row could not be read or
    /// parsed), `unknown_format`, `game_not_offered`, `refused` (the
    /// engine refused the stored log), `version_mismatch`,
    /// `digest_mismatch`, `chain_broken` (the hash chain over the log does
    /// not match: an entry, the options or the start was edited; `entry`
    /// names where) or `not_stored` (an upgrade could not be written). The
    /// details are in the server's log.
    pub reason: &'static str,
    /// Where the stored log breaks, for `chain_broken`: `start`, `head`, or
    /// `entry N` (0-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
}

/// The tables kept aside since the server started.
#[derive(Debug, Clone, Default)]
pub struct Quarantine(Arc<RwLock<Vec<Quarantined>>>);

impl Quarantine {
    /// Keeps a table aside (and reports it in the log).
    pub fn add(&self, id: &str, reason: &'static str, detail: &str) {
        tracing::error!(table = %id, reason, detail, "table not restored: kept aside (quarantined)");
        let entry = Quarantined {
            id: id.to_string(),
            reason,
            entry: None,
        };
        self.push(entry);
    }

    /// Keeps a table aside whose hash chain breaks at `at`.
    pub fn add_break(&self, id: &str, at: &chain::Break) {
        tracing::error!(table = %id, reason = "chain_broken", detail = %at, "table not restored: kept aside (quarantined)");
        let entry = Quarantined {
            id: id.to_string(),
            reason: "chain_broken",
            entry: Some(match at {
                chain::Break::Start => "start".to_string(),
                chain::Break::Entry(n) => format!("entry {n}"),
                chain::Break::Head => "head".to_string(),
                chain::Break::Missing(what) => (*what).to_string(),
            }),
        };
        self.push(entry);
    }

    fn push(&self, entry: Quarantined) {
        match self.0.write() {
            Ok(mut q) => q.push(entry),
            Err(poisoned) => poisoned.into_inner().push(entry),
        }
    }

    /// Every table kept aside.
    pub fn list(&self) -> Vec<Quarantined> {
        match self.0.read() {
            Ok(q) => q.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Whether table `id` is kept aside.
    pub fn contains(&self, id: &str) -> bool {
        self.list().iter().any(|q| q.id == id)
    }
}

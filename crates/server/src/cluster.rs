//! Several instances on one PostgreSQL database (issue 29).
//!
//! Every unfinished table has one owner, `tables.owner`, the name of the
//! instance that holds it in memory and drives it. An instance is alive while
//! its row in `instances` has a lease that has not run out; the lease is
//! renewed every [`RENEW_EVERY`] and runs for [`LEASE_MS`], both measured on
//! the DATABASE's clock (`clock_timestamp()`), so the clocks of the machines
//! never matter. A lease row was chosen over PostgreSQL advisory locks: a
//! lock lives as long as one connection, so a pool reconnecting after a
//! network blip would lose (and a peer gain) tables without anyone
//! deciding it, and it cannot carry the address, the load and the draining
//! flag the peers need.
//!
//! Safety does not rest on timing: the writer checks, in the transaction of
//! every write, that the table is still owned by this instance and that its
//! lease runs (`writer::fence`). A paused instance that wakes after its
//! tables were taken over has its writes refused, is told `table_moved`, and
//! stops driving those tables; nothing it did not store was acknowledged.
//!
//! Every [`RENEW_EVERY`] an instance (`spawn`) renews its lease, publishes
//! its load, claims its share of the tables nobody alive owns (a dead
//! instance's, a drained one's), restores the tables it newly owns from their
//! stored log, and stops driving any table that is owned elsewhere now.

use crate::db::Db;
use crate::error::{ApiError, ServerError};
use crate::http::App;
use sqlx::{AnyPool, Row};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock, Weak};
use std::time::{Duration, Instant};

/// The database's clock in milliseconds since the Unix epoch (PostgreSQL).
pub(crate) const DB_NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// How long a lease runs after its last renewal: an instance that died is
/// replaced after at most this plus one [`RENEW_EVERY`] of its peers, so
/// failover takes at most about 6 s (documented bound: 10 s).
pub const LEASE_MS: i64 = 5_000;

/// How often an instance renews its lease and looks for tables to take.
pub const RENEW_EVERY: Duration = Duration::from_secs(1);

/// The header that marks a request forwarded by a peer instance; its value
/// is [`Cluster::forward_token`], known only to instances of this database.
pub const FORWARD_HEADER: &str = "x-spielleiter-forward";

/// The header with the client address of a forwarded request (trusted only
/// with a valid [`FORWARD_HEADER`]).
pub const CLIENT_HEADER: &str = "x-spielleiter-client";

/// A live instance as the peers see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Peer {
    /// Its name.
    pub name: String,
    /// Where peers reach it (`http://host:port`).
    pub address: String,
    /// Open tables it drives (at its last renewal).
    pub load: i64,
}

/// Where an unfinished table is driven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// This instance.
    Me,
    /// A live peer, at this address.
    Peer(String),
    /// Nobody alive: it is being handed over or taken over.
    Moving,
}

/// This instance's membership.
#[derive(Debug)]
pub struct Cluster {
    /// The instance's name (unique among live instances).
    pub name: String,
    /// The address peers forward to.
    pub address: String,
    /// A pool of its own, so renewing the lease never waits behind reads.
    pool: AnyPool,
    /// The live instances that take tables (this one included), as of the
    /// last renewal.
    peers: RwLock<Vec<Peer>>,
    draining: AtomicBool,
    token: String,
    /// The client of forwarded requests.
    pub http: reqwest::Client,
    /// Recent owner lookups of forwarded requests ([`Cluster::owner_cached`]).
    owners: OwnerCache,
}

/// How long a looked-up owner address is used without asking the database
/// again. Owners change only when an instance dies, drains or is fenced,
/// and a stale entry costs one `table_moved` or `owner_unreachable` answer
/// (after which the entry is dropped and the database asked), so a second
/// saves a query per forwarded request at no risk: the fence, not this
/// cache, keeps two owners from writing.
pub const OWNER_TTL: Duration = Duration::from_secs(1);

/// Most owner lookups kept; when full, the expired ones go, and if none
/// has expired the whole map is emptied (a burst of distinct tables then
/// costs one query each, as without a cache).
pub const OWNER_CACHE_MAX: usize = 4096;

/// Live peers' addresses by table, each kept [`OWNER_TTL`], at most
/// [`OWNER_CACHE_MAX`] of them.
#[derive(Debug, Default)]
struct OwnerCache(std::sync::Mutex<HashMap<String, (String, Instant)>>);

impl OwnerCache {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, (String, Instant)>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The address kept for `id`, if it was looked up less than
    /// [`OWNER_TTL`] before `now`.
    fn get(&self, id: &str, now: Instant) -> Option<String> {
        let map = self.map();
        let (address, at) = map.get(id)?;
        (now.saturating_duration_since(*at) < OWNER_TTL).then(|| address.clone())
    }

    fn put(&self, id: &str, address: &str, now: Instant) {
        let mut map = self.map();
        if map.len() >= OWNER_CACHE_MAX && !map.contains_key(id) {
            map.retain(|_, (_, at)| now.saturating_duration_since(*at) < OWNER_TTL);
            if map.len() >= OWNER_CACHE_MAX {
                map.clear();
            }
        }
        map.insert(id.to_owned(), (address.to_owned(), now));
    }

    fn forget(&self, id: &str) {
        self.map().remove(id);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.map().len()
    }
}

impl Cluster {
    /// Registers the instance `name` at `address` on the database of `url`.
    /// A live instance of the same name makes this wait for its lease to run
    /// out (a restart after `kill -9`), and then refuses to start.
    pub async fn join(url: &str, name: String, address: String, db: &Db) -> Result<Arc<Cluster>, ServerError> {
        let fail = |source| ServerError::Database {
            url: crate::error::redact_url(url),
            source,
        };
        let pool = crate::db::open_pool(url, false, 2).await.map_err(fail)?;
        let token = forward_token(db.server_secret());
        let upsert = format!(
            "INSERT INTO instances (name, address, lease_until_ms, draining, load) VALUES ($1, $2, {DB_NOW_MS} + $3, 0, 0) \
             ON CONFLICT (name) DO UPDATE SET address = excluded.address, lease_until_ms = excluded.lease_until_ms, draining = 0, load = 0 \
             WHERE instances.lease_until_ms <= {DB_NOW_MS}"
        );
        let deadline = std::time::Instant::now() + Duration::from_millis(LEASE_MS as u64 + 2_000);
        loop {
            let done = sqlx::query(&upsert)
                .bind(&name)
                .bind(&address)
                .bind(LEASE_MS)
                .execute(&pool)
                .await
                .map_err(fail)?;
            if done.rows_affected() == 1 {
                break;
            }
            if std::time::Instant::now() > deadline {
                return Err(ServerError::Config(format!(
                    "die Instanz {name} läuft schon (ihr Lease ist gültig); jede Instanz braucht einen eigenen Namen / \
                     instance {name} is already running (its lease is valid); every instance needs a name of its own"
                )));
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .connect_timeout(Duration::from_secs(2))
            .build()
            .map_err(|e| ServerError::Config(format!("HTTP client: {e}")))?;
        let cluster = Arc::new(Cluster {
            name,
            address,
            pool,
            peers: RwLock::new(Vec::new()),
            draining: AtomicBool::new(false),
            token,
            http,
            owners: OwnerCache::default(),
        });
        cluster.refresh_peers().await.map_err(fail)?;
        tracing::info!(instance = %cluster.name, address = %cluster.address, "joined the instances of the database");
        Ok(cluster)
    }

    /// The value of [`FORWARD_HEADER`] on requests between instances.
    pub fn forward_token(&self) -> &str {
        &self.token
    }

    /// Whether `value` is the forward token (compared in constant time).
    pub fn trusts(&self, value: &str) -> bool {
        crate::secret::hashes_match(value, &self.token)
    }

    /// Whether this instance is handing its tables over.
    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    /// The live instances that take tables, as of the last renewal.
    pub fn peers(&self) -> Vec<Peer> {
        self.peers.read().map(|p| p.clone()).unwrap_or_default()
    }

    /// Renews the lease and publishes the load.
    async fn renew(&self, load: usize) -> Result<(), sqlx::Error> {
        let renew =
            format!("UPDATE instances SET lease_until_ms = {DB_NOW_MS} + $2, load = $3, draining = $4 WHERE name = $1");
        let done = sqlx::query(&renew)
            .bind(&self.name)
            .bind(LEASE_MS)
            .bind(load as i64)
            .bind(i64::from(self.draining()))
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            // The row is gone (removed by hand): register again. The
            // tables it owned are fenced by their owner column anyway.
            let insert = format!(
                "INSERT INTO instances (name, address, lease_until_ms, draining, load) VALUES ($1, $2, {DB_NOW_MS} + $3, 0, $4) ON CONFLICT (name) DO NOTHING"
            );
            sqlx::query(&insert)
                .bind(&self.name)
                .bind(&self.address)
                .bind(LEASE_MS)
                .bind(load as i64)
                .execute(&self.pool)
                .await?;
        }
        self.refresh_peers().await
    }

    async fn refresh_peers(&self) -> Result<(), sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT name, address, load FROM instances WHERE lease_until_ms > {DB_NOW_MS} AND draining = 0 ORDER BY name"
        ))
        .fetch_all(&self.pool)
        .await?;
        let peers = rows
            .iter()
            .map(|r| {
                Ok(Peer {
                    name: r.try_get(0)?,
                    address: r.try_get(1)?,
                    load: r.try_get(2)?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        if let Ok(mut p) = self.peers.write() {
            *p = peers;
        }
        Ok(())
    }

    /// Claims this instance's share of the unfinished tables nobody alive
    /// owns: their number divided by the live instances, rounded up, oldest
    /// first. Rows a peer is claiming (or a writer is committing) at the
    /// same moment are skipped, to be looked at again next time.
    async fn claim_orphans(&self) -> Result<u64, sqlx::Error> {
        if self.draining() {
            return Ok(0);
        }
        let orphan = format!(
            "t.finished = 0 AND NOT EXISTS (SELECT 1 FROM instances i WHERE i.name = t.owner AND i.lease_until_ms > {DB_NOW_MS})"
        );
        let count: i64 = sqlx::query(&format!("SELECT count(*) FROM tables t WHERE {orphan}"))
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        if count == 0 {
            return Ok(0);
        }
        let live = self.peers().len().max(1) as i64;
        let share = (count + live - 1) / live;
        let claim = format!(
            "UPDATE tables SET owner = $1 WHERE id IN (SELECT t.id FROM tables t WHERE {orphan} ORDER BY t.created_ms, t.id LIMIT $2 FOR UPDATE SKIP LOCKED)"
        );
        let done = sqlx::query(&claim)
            .bind(&self.name)
            .bind(share)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// At start: claims this instance's share of the tables nobody alive
    /// owns and gives every table it owns (its own again, after a restart
    /// under the same name), to restore.
    pub(crate) async fn take_initial(&self) -> Result<Vec<String>, sqlx::Error> {
        self.claim_orphans().await?;
        self.owned().await
    }

    /// The unfinished tables this instance owns.
    async fn owned(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("SELECT id FROM tables WHERE finished = 0 AND owner = $1")
            .bind(&self.name)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
    }

    /// Refuses a new table of the client address `ip` when it has
    /// `per_address` unfinished tables on all the instances together, or
    /// when all the instances together have `total` (`--tables-per-address`,
    /// `--max-tables`, counted in the database, one query). Two creations
    /// at the same moment on two instances may both pass: the caps can be
    /// passed by at most the creations in flight at once, never more.
    pub async fn check_table_caps(
        &self,
        ip: std::net::IpAddr,
        per_address: usize,
        total: usize,
    ) -> Result<(), ApiError> {
        let row = sqlx::query(
            "SELECT count(*), coalesce(sum(CASE WHEN creator = $1 THEN 1 ELSE 0 END), 0) FROM tables WHERE finished = 0",
        )
        .bind(ip.to_string())
        .fetch_one(&self.pool)
        .await
        .and_then(|r| Ok((r.try_get::<i64, _>(0)?, r.try_get::<i64, _>(1)?)));
        let (all, of_ip) = row.map_err(|e| {
            tracing::warn!(error = %e, "open tables not counted");
            ApiError::storage()
        })?;
        let count = |n: i64| usize::try_from(n).unwrap_or(usize::MAX);
        if count(of_ip) >= per_address {
            return Err(ApiError::table_limit(per_address, true));
        }
        if count(all) >= total {
            return Err(ApiError::table_limit(total, false));
        }
        Ok(())
    }

    /// Who drives table `id`. A finished table stays with its owner while
    /// that owner lives, since only the owner holds its view (and its
    /// rematch) in memory; `None`: no such table, or a finished one whose
    /// owner is gone, which every instance serves from the stored log
    /// (history, log, replay).
    pub async fn owner_of(&self, id: &str) -> Result<Option<Owner>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT t.owner, i.address FROM tables t LEFT JOIN instances i ON i.name = t.owner AND i.lease_until_ms > {DB_NOW_MS} WHERE t.id = $1 AND (t.finished = 0 OR i.name IS NOT NULL)"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let owner: Option<String> = row.try_get(0)?;
        let address: Option<String> = row.try_get(1)?;
        Ok(Some(match (owner, address) {
            (Some(o), Some(_)) if o == self.name => Owner::Me,
            (Some(_), Some(a)) => Owner::Peer(a),
            _ => Owner::Moving,
        }))
    }

    /// Refuses a chat line of the client address `ip` when it wrote `burst`
    /// lines (on any instance) in the last `burst / rate` seconds: the
    /// `--chat-rate`/`--chat-burst` bucket as a sliding window over the
    /// stored lines, so the instances count together. (Each instance's own
    /// bucket still applies first.) Two lines at the same moment on two
    /// instances may both pass; the window then holds one more.
    pub async fn check_chat_rate(&self, ip: std::net::IpAddr, rate: f64, burst: f64) -> Result<(), ApiError> {
        let burst = if burst.is_finite() { burst.clamp(1.0, 1e9) } else { 1e9 };
        let rate = if rate.is_finite() && rate > 0.0 {
            rate
        } else {
            1.0 / 3600.0
        };
        let window_ms = (burst / rate * 1000.0).clamp(1.0, 86_400_000.0) as i64;
        let since = crate::lobby::now_ms().saturating_sub(window_ms);
        let lines: i64 = sqlx::query("SELECT count(*) FROM chat WHERE addr = $1 AND at_ms > $2")
            .bind(ip.to_string())
            .bind(since)
            .fetch_one(&self.pool)
            .await
            .and_then(|r| r.try_get(0))
            .map_err(|e| {
                tracing::warn!(error = %e, "chat lines not counted");
                ApiError::storage()
            })?;
        if lines as f64 >= burst.floor() {
            return Err(ApiError::chat_rate());
        }
        Ok(())
    }

    /// As [`Cluster::owner_of`], but a live peer's address looked up less
    /// than [`OWNER_TTL`] ago is answered from memory. Only peers are kept:
    /// "here", "moving" and "finished" are asked anew every time, since
    /// each is about to change or must be served here at once.
    pub async fn owner_cached(&self, id: &str) -> Result<Option<Owner>, sqlx::Error> {
        if let Some(address) = self.owners.get(id, Instant::now()) {
            return Ok(Some(Owner::Peer(address)));
        }
        let owner = self.owner_of(id).await?;
        match &owner {
            Some(Owner::Peer(address)) => self.owners.put(id, address, Instant::now()),
            _ => self.owners.forget(id),
        }
        Ok(owner)
    }

    /// Drops the kept owner of `id`: a request forwarded there failed or
    /// was answered `table_moved`.
    pub fn forget_owner(&self, id: &str) {
        self.owners.forget(id);
    }

    /// Where a new table goes: of two live instances drawn at random, the
    /// one with fewer open tables (the "power of two choices": close to the
    /// least loaded, without every creation of one second landing on the
    /// same instance, as the loads are a second old).
    pub fn place_new(&self) -> Option<Peer> {
        let peers = self.peers();
        if peers.is_empty() {
            return None;
        }
        let pick = || crate::secret::random_u64().unwrap_or(0) as usize % peers.len();
        let (a, b) = (&peers[pick()], &peers[pick()]);
        Some(if b.load < a.load { b.clone() } else { a.clone() })
    }

    /// Marks the instance as draining: no new tables are placed here and
    /// nobody claims from it; its tables are released by [`Cluster::release`].
    pub async fn start_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
        let r = sqlx::query("UPDATE instances SET draining = 1 WHERE name = $1")
            .bind(&self.name)
            .execute(&self.pool)
            .await;
        if let Err(e) = r {
            tracing::warn!(error = %e, "draining not recorded");
        }
    }

    /// Hands every table over (after the writer committed everything) and
    /// leaves: the peers claim them within a second.
    pub async fn release(&self) {
        let released = sqlx::query("UPDATE tables SET owner = NULL WHERE owner = $1 AND finished = 0")
            .bind(&self.name)
            .execute(&self.pool)
            .await;
        let left = sqlx::query("DELETE FROM instances WHERE name = $1")
            .bind(&self.name)
            .execute(&self.pool)
            .await;
        match (released, left) {
            (Ok(r), Ok(_)) => {
                tracing::info!(instance = %self.name, tables = r.rows_affected(), "tables handed over; instance left")
            }
            (Err(e), _) | (_, Err(e)) => {
                tracing::error!(error = %e, "tables not handed over; peers take them once the lease runs out")
            }
        }
        self.pool.close().await;
    }
}

/// The token that proves a request comes from an instance of this database:
/// an HMAC of the server secret, which only the instances read.
fn forward_token(secret: &crate::secret::ServerSecret) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.key())
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(b"spielleiter instance forward v1");
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// A name for an instance started without `--instance`: the host's name and
/// the port, so a restarted instance finds its own tables at once.
pub fn default_name(addr: std::net::SocketAddr) -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "spielleiter".into());
    format!("{host}:{}", addr.port())
}

/// Runs the instance's round every [`RENEW_EVERY`] until the server stops.
pub(crate) fn spawn(cluster: Arc<Cluster>, app: Weak<App>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(RENEW_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let Some(app) = app.upgrade() else { return };
            round(&cluster, &app).await;
        }
    })
}

/// One round: renew, claim, restore what is new, stop what moved away.
async fn round(cluster: &Cluster, app: &App) {
    let lobby = &app.lobby;
    for id in lobby.prune_moved() {
        tracing::warn!(table = %id, "a write of the table was fenced: stopped driving it here");
    }
    // Read before the database: a table is in the lobby only after its
    // owner was committed, so none of these is missed by `owned` below.
    let local: Vec<String> = lobby
        .list()
        .into_iter()
        .filter(|s| !matches!(s.status.as_str(), "finished" | "closed" | "abandoned"))
        .map(|s| s.id)
        .collect();
    if let Err(e) = cluster.renew(local.len()).await {
        tracing::warn!(error = %e, "lease not renewed (database unreachable?)");
        return;
    }
    match cluster.claim_orphans().await {
        Ok(0) => {}
        Ok(n) => tracing::info!(tables = n, "tables taken over"),
        Err(e) => tracing::warn!(error = %e, "tables not claimed"),
    }
    let owned = match cluster.owned().await {
        Ok(o) => o,
        Err(e) => {
            tracing::warn!(error = %e, "owned tables not read");
            return;
        }
    };
    let owned_set: std::collections::HashSet<&String> = owned.iter().collect();
    for id in local.iter().filter(|id| !owned_set.contains(id)) {
        // It may just have finished; stop it only if it is owned elsewhere.
        if let Ok(Some(Owner::Peer(_) | Owner::Moving)) = cluster.owner_of(id).await {
            tracing::warn!(table = %id, "table is owned by another instance now: stopped driving it here");
            lobby.stop_moved(id);
        }
    }
    let local_set: std::collections::HashSet<&String> = local.iter().collect();
    let new: Vec<String> = owned
        .iter()
        .filter(|id| {
            !local_set.contains(id)
                && lobby.get(id).is_none()
                && !lobby.is_creating(id)
                && !lobby.shared().quarantine.contains(id)
        })
        .cloned()
        .collect();
    if !new.is_empty() {
        let restored = lobby.restore_ids(new).await;
        tracing::info!(tables = restored.len(), "tables restored from the stored log");
        app.open_tables.adopt(restored);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_owners_expire_are_forgotten_and_stay_bounded() {
        let cache = OwnerCache::default();
        let t0 = Instant::now();
        cache.put("t1", "http://b", t0);
        assert_eq!(cache.get("t1", t0 + OWNER_TTL / 2).as_deref(), Some("http://b"));
        assert_eq!(cache.get("t1", t0 + OWNER_TTL), None, "expired");
        cache.put("t1", "http://c", t0);
        cache.forget("t1");
        assert_eq!(cache.get("t1", t0), None, "forgotten after a failed forward");
        for i in 0..OWNER_CACHE_MAX + 10 {
            cache.put(&format!("t{i}"), "http://b", t0);
            assert!(cache.len() <= OWNER_CACHE_MAX);
        }
        // Full of fresh entries: emptied, then filled again.
        assert!(cache.len() < OWNER_CACHE_MAX);
        // Full of expired ones: only those go.
        let cache = OwnerCache::default();
        for i in 0..OWNER_CACHE_MAX {
            cache.put(&format!("t{i}"), "http://b", t0);
        }
        let later = t0 + OWNER_TTL * 2;
        cache.put("fresh", "http://c", later);
        assert_eq!(cache.len(), 1);
        assert_eq!(cache.get("fresh", later).as_deref(), Some("http://c"));
    }
}

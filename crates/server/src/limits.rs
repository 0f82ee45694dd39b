//! Limits that hold under attack, all by client address (a new connection
//! does not reset them): open tables per address and in total, requests and
//! messages per second per address, connections per address and in total.
//! Every check takes constant time (or time bounded by the per-address
//! cap), so a flood slows nobody else down.

use crate::error::ApiError;
use futures_util::task::AtomicWaker;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::Context;
use std::time::{Duration, Instant};

/// Longest request head (request line and header fields) a handler reads;
/// a longer one gets 431 (`server.too_large.headers`). Browsers and agents
/// send well under 2 KiB here (the server sets no cookies).
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Longest request head the HTTP layer buffers at all: beyond it hyper
/// answers 431 itself (without a body) and closes the connection, so a
/// client cannot make the server hold more than this per connection while
/// it waits for the end of a header.
pub const HARD_HEAD_BYTES: usize = 4 * MAX_HEAD_BYTES;

/// The size of a request's head as it came over the wire (request line,
/// each field as `name: value` and its line end).
pub fn head_bytes(method: &axum::http::Method, uri: &axum::http::Uri, headers: &axum::http::HeaderMap) -> usize {
    let line = method.as_str().len() + uri.to_string().len() + " HTTP/1.1\r\n".len();
    headers
        .iter()
        .fold(line, |n, (k, v)| n + k.as_str().len() + v.len() + ": \r\n".len())
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// Token buckets by client address: `burst` at once, `rate` per second on
/// average. A keyed `governor` limiter: a sharded map and one atomic
/// compare-and-swap per check, however many addresses are known.
#[derive(Debug)]
pub struct PerAddress {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

impl PerAddress {
    /// `rate` per second (at least one per hour) with bursts of `burst`
    /// (at least 1).
    pub fn new(rate: f64, burst: f64) -> PerAddress {
        let rate = if rate.is_finite() && rate > 0.0 {
            rate
        } else {
            1.0 / 3600.0
        };
        let period = Duration::from_secs_f64((1.0 / rate).min(3600.0)).max(Duration::from_nanos(1));
        let burst = NonZeroU32::new(burst.clamp(1.0, f64::from(u32::MAX)) as u32).unwrap_or(NonZeroU32::MIN);
        let quota =
            Quota::with_period(period).map_or_else(|| Quota::per_second(NonZeroU32::MIN), |q| q.allow_burst(burst));
        PerAddress {
            limiter: RateLimiter::keyed(quota),
        }
    }

    /// Whether `addr` may send one more request or message.
    pub fn allow(&self, addr: IpAddr) -> bool {
        self.limiter.check_key(&addr).is_ok()
    }

    /// Forgets addresses whose buckets are full again (they would allow a
    /// whole burst anyway), so memory stays bounded by the active clients.
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// Open (unfinished) tables by the address that created them. A table counts
/// from its creation until it is seen finished (or closed); tables restored
/// at start count against their stored creator again. When the total is
/// reached, the caller closes a table to make room ([`crate::lobby::Lobby::make_room`]).
#[derive(Debug)]
pub struct OpenTables {
    per_address: usize,
    total: usize,
    /// Moves whenever a table ends ([`crate::table::ENDED`]; a counter of
    /// their own in tests).
    ended: &'static AtomicU64,
    inner: Mutex<OpenInner>,
}

#[derive(Debug, Default)]
struct OpenInner {
    /// Table ids by creator (`None`: restored), plus creations under way.
    by_addr: HashMap<Option<IpAddr>, Bucket>,
    /// The bucket of every counted id, so that one table can be given back
    /// without a look at the others ([`OpenTables::forget`]).
    owner: HashMap<String, Option<IpAddr>>,
    /// Sum of every bucket's ids and pending creations.
    count: usize,
    /// The ended-games counter ([`OpenTables::ended`])
    /// when every bucket was last pruned: while it has not moved, no counted
    /// table can have ended, and a full server need not look them up again.
    pruned_at: Option<u64>,
}

#[derive(Debug, Default)]
struct Bucket {
    ids: Vec<String>,
    pending: usize,
}

impl Bucket {
    fn len(&self) -> usize {
        self.ids.len() + self.pending
    }
}

impl OpenInner {
    /// Drops every id that is no longer open, unless no table has ended
    /// since the last time (then none can be dropped).
    fn prune_all(&mut self, open: &dyn Fn(&str) -> bool, ended: &AtomicU64) {
        // Read before looking: a table that ends during the prune moves the
        // counter past this value, so the next call looks again.
        let generation = ended.load(Ordering::Relaxed);
        if self.pruned_at == Some(generation) {
            return;
        }
        let keys: Vec<_> = self.by_addr.keys().copied().collect();
        for k in keys {
            self.prune(k, open);
        }
        self.pruned_at = Some(generation);
    }

    /// Drops the ids of `key` that are no longer open.
    fn prune(&mut self, key: Option<IpAddr>, open: &dyn Fn(&str) -> bool) {
        if let Some(b) = self.by_addr.get_mut(&key) {
            let before = b.ids.len();
            let owner = &mut self.owner;
            b.ids.retain(|id| {
                let keep = open(id);
                if !keep {
                    owner.remove(id);
                }
                keep
            });
            self.count -= before - b.ids.len();
            if b.len() == 0 {
                self.by_addr.remove(&key);
            }
        }
    }
}

/// A place for a table being created; given back unless [`Reservation::commit`]
/// names the table.
#[derive(Debug)]
pub struct Reservation {
    tables: Arc<OpenTables>,
    addr: Option<IpAddr>,
    done: bool,
}

impl Reservation {
    /// The table `id` now holds the place.
    pub fn commit(mut self, id: String) {
        self.done = true;
        let mut inner = lock(&self.tables.inner);
        let b = inner.by_addr.entry(self.addr).or_default();
        b.pending = b.pending.saturating_sub(1);
        b.ids.push(id.clone());
        inner.owner.insert(id, self.addr);
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let mut inner = lock(&self.tables.inner);
        inner.count = inner.count.saturating_sub(1);
        if let Some(b) = inner.by_addr.get_mut(&self.addr) {
            b.pending = b.pending.saturating_sub(1);
            if b.len() == 0 {
                inner.by_addr.remove(&self.addr);
            }
        }
    }
}

impl OpenTables {
    /// At most `per_address` open tables per address and `total` in all.
    pub fn new(per_address: usize, total: usize) -> Arc<OpenTables> {
        OpenTables::counting(per_address, total, &crate::table::ENDED)
    }

    /// As [`OpenTables::new`], told that a table ended by `ended` moving.
    fn counting(per_address: usize, total: usize, ended: &'static AtomicU64) -> Arc<OpenTables> {
        Arc::new(OpenTables {
            per_address,
            total,
            ended,
            inner: Mutex::new(OpenInner::default()),
        })
    }

    /// Reserves a place for a table created by `addr`, or refuses with
    /// `table_limit`. `open` tells whether a table id is still open; the
    /// address's own tables are re-checked every time (at most
    /// `per_address` of them), every table only when the total is reached.
    pub fn reserve(self: &Arc<Self>, addr: IpAddr, open: &dyn Fn(&str) -> bool) -> Result<Reservation, ApiError> {
        let mut inner = lock(&self.inner);
        let key = Some(addr);
        inner.prune(key, open);
        if inner.by_addr.get(&key).map_or(0, Bucket::len) >= self.per_address {
            return Err(ApiError::table_limit(self.per_address, true));
        }
        if inner.count >= self.total {
            inner.prune_all(open, self.ended);
            if inner.count >= self.total {
                return Err(ApiError::table_limit(self.total, false));
            }
        }
        inner.count += 1;
        inner.by_addr.entry(key).or_default().pending += 1;
        Ok(Reservation {
            tables: Arc::clone(self),
            addr: key,
            done: false,
        })
    }

    /// Counts the tables restored at start, each against the address that
    /// created it (`None`: unknown, counted toward the total only). An
    /// address may start over its cap; it then creates none until some of
    /// its tables finish.
    pub fn adopt(&self, tables: Vec<(String, Option<IpAddr>)>) {
        let mut inner = lock(&self.inner);
        inner.count += tables.len();
        for (id, creator) in tables {
            inner.by_addr.entry(creator).or_default().ids.push(id.clone());
            inner.owner.insert(id, creator);
        }
    }

    /// Re-checks every table (the periodic sweep), whether or not a game
    /// has ended since the last time.
    pub fn prune_all(&self, open: &dyn Fn(&str) -> bool) {
        let mut inner = lock(&self.inner);
        inner.pruned_at = None;
        inner.prune_all(open, self.ended);
    }

    /// Gives back the place of table `id`, closed to make room
    /// ([`crate::lobby::Lobby::make_room`]): the other tables are not looked at.
    pub fn forget(&self, id: &str) {
        let mut inner = lock(&self.inner);
        let Some(key) = inner.owner.remove(id) else {
            return;
        };
        let mut emptied = false;
        let mut removed = 0;
        if let Some(b) = inner.by_addr.get_mut(&key) {
            let before = b.ids.len();
            b.ids.retain(|other| other != id);
            removed = before - b.ids.len();
            emptied = b.len() == 0;
        }
        inner.count -= removed;
        if emptied {
            inner.by_addr.remove(&key);
        }
    }

    /// Open tables counted now.
    pub fn count(&self) -> usize {
        lock(&self.inner).count
    }
}

/// Open connections per address and in total. A [`ConnectionSlot`] holds one
/// place until it is dropped (the connection closed).
///
/// The total cannot be filled against newcomers: when it is reached, one
/// connection is told to close ([`ConnectionSlot::evicted`]) and its place
/// goes to the new one: the oldest of those that never sent a byte (silent
/// sockets), else the one that has sent nothing for the longest time (idle
/// ones; players answer pings and send actions). So `/api/health` and real
/// players always get in while silent and idle sockets give way. The
/// per-address cap still refuses outright.
#[derive(Debug)]
pub struct Connections {
    per_address: usize,
    total: usize,
    /// Origin of the `last_read` clocks.
    epoch: Instant,
    inner: Mutex<ConnInner>,
}

#[derive(Debug, Default)]
struct ConnInner {
    by_addr: HashMap<IpAddr, usize>,
    /// Every connection that holds a place, by id.
    live: HashMap<u64, Arc<SlotState>>,
    next_id: u64,
}

impl ConnInner {
    /// Gives up the place of connection `id` (once; later calls do nothing).
    fn release(&mut self, id: u64) -> bool {
        let Some(state) = self.live.remove(&id) else {
            return false;
        };
        if let Some(n) = self.by_addr.get_mut(&state.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.by_addr.remove(&state.addr);
            }
        }
        true
    }
}

/// What the connection and the registry share: when it last received a
/// byte, and whether it was told to close.
#[derive(Debug)]
struct SlotState {
    addr: IpAddr,
    /// Milliseconds since [`Connections::epoch`] of the last byte received
    /// (or of the accept).
    last_read: AtomicU64,
    /// Whether anything was received at all.
    heard: AtomicBool,
    evicted: AtomicBool,
    waker: AtomicWaker,
}

/// Connections an address may hold and still be given a place on a full
/// server by closing another connection ([`Connections::admit`]). A browser
/// holds one WebSocket and a few HTTP connections; an address with this
/// many is refused at once while the server is full (issue 41: 10,000 idle
/// sockets from 41 addresses, each of whose reconnects used to close
/// another one of them and scan every connection to choose it).
pub const FULL_SERVER_SHARE: usize = 16;

/// One open connection's place.
#[derive(Debug)]
pub struct ConnectionSlot {
    connections: Arc<Connections>,
    id: u64,
    state: Arc<SlotState>,
}

impl ConnectionSlot {
    /// Records that the connection received something now.
    pub fn touch(&self) {
        self.state.last_read.store(self.connections.now_ms(), Ordering::Relaxed);
        self.state.heard.store(true, Ordering::Relaxed);
    }

    /// Whether the connection was told to close to make room, registering
    /// `cx`'s waker to learn of it later.
    pub fn evicted(&self, cx: &Context<'_>) -> bool {
        self.state.waker.register(cx.waker());
        self.state.evicted.load(Ordering::Acquire)
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        lock(&self.connections.inner).release(self.id);
    }
}

impl Connections {
    /// At most `per_address` connections per address and `total` in all.
    pub fn new(per_address: usize, total: usize) -> Arc<Connections> {
        Arc::new(Connections {
            per_address,
            total,
            epoch: Instant::now(),
            inner: Mutex::new(ConnInner::default()),
        })
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// A place for a new connection from `addr`, or `None` when the address
    /// is full (the connection is then closed at once). When the server is
    /// full, the connection silent for the longest time gives its place up.
    /// Finding it scans every connection (tens of microseconds for 10,000),
    /// only while the server is full; one scan frees the places of up to a
    /// 64th of the cap among the sockets that never sent a byte, so silent
    /// sockets that reconnect as soon as they are closed (the soak's attack)
    /// cost one scan per many connections, not one each.
    pub fn admit(self: &Arc<Self>, addr: IpAddr) -> Option<ConnectionSlot> {
        let mut inner = lock(&self.inner);
        let held = inner.by_addr.get(&addr).copied().unwrap_or(0);
        if held >= self.per_address || self.total == 0 {
            return None;
        }
        if inner.live.len() >= self.total && held >= FULL_SERVER_SHARE {
            // A full server makes room for newcomers, not for an address
            // that holds many places already: otherwise each reconnect of a
            // flood closes another of its sockets, which reconnects in turn.
            return None;
        }
        if inner.live.len() >= self.total {
            // Silent before heard; among those, the address that holds the
            // most places first (a flood comes from few addresses, so a
            // newcomer's socket that has not been read yet is not the one
            // that goes), then the longest silence.
            let need = inner.live.len() + 1 - self.total;
            let batch = need.max(self.total / 64);
            let by_addr = &inner.by_addr;
            let mut order: Vec<_> = inner
                .live
                .iter()
                .map(|(id, s)| {
                    let heard = s.heard.load(Ordering::Relaxed);
                    let held = by_addr.get(&s.addr).copied().unwrap_or(0);
                    (heard, std::cmp::Reverse(held), s.last_read.load(Ordering::Relaxed), *id)
                })
                .collect();
            let batch = batch.min(order.len());
            if batch < order.len() {
                order.select_nth_unstable(batch);
            }
            order.truncate(batch);
            order.sort_unstable();
            for (i, (heard, _, _, id)) in order.into_iter().enumerate() {
                // Beyond the one place needed, only silent sockets go early.
                if i >= need && heard {
                    break;
                }
                let Some(state) = inner.live.get(&id).map(Arc::clone) else {
                    continue;
                };
                inner.release(id);
                state.evicted.store(true, Ordering::Release);
                state.waker.wake();
                tracing::debug!(addr = %state.addr, "connection closed to make room for a new one");
            }
        }
        let id = inner.next_id;
        inner.next_id += 1;
        *inner.by_addr.entry(addr).or_insert(0) += 1;
        let state = Arc::new(SlotState {
            addr,
            last_read: AtomicU64::new(self.now_ms()),
            heard: AtomicBool::new(false),
            evicted: AtomicBool::new(false),
            waker: AtomicWaker::new(),
        });
        inner.live.insert(id, Arc::clone(&state));
        Some(ConnectionSlot {
            connections: Arc::clone(self),
            id,
            state,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        lock(&self.inner).live.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn addresses_have_their_own_buckets() {
        let limits = PerAddress::new(0.001, 2.0);
        assert!(limits.allow(ip(1)));
        assert!(limits.allow(ip(1)));
        assert!(!limits.allow(ip(1)));
        assert!(limits.allow(ip(2)));
    }

    #[test]
    fn open_tables_are_capped_per_address_and_in_total() {
        let tables = OpenTables::new(2, 3);
        let open = |_: &str| true;
        let a = tables.reserve(ip(1), &open).expect("first");
        a.commit("t1".into());
        let b = tables.reserve(ip(1), &open).expect("second");
        let e = tables.reserve(ip(1), &open).expect_err("third from one address");
        assert_eq!(e.info.rule, "server.table_limit.address");
        drop(b); // a failed creation gives its place back
        tables
            .reserve(ip(1), &open)
            .expect("place given back")
            .commit("t2".into());
        tables.reserve(ip(2), &open).expect("other address").commit("t3".into());
        let e = tables.reserve(ip(3), &open).expect_err("total");
        assert_eq!(e.info.rule, "server.table_limit.total");
        // Finished tables no longer count (a table that ends says so).
        crate::table::note_ended();
        let finished = |id: &str| id != "t1";
        tables
            .reserve(ip(3), &finished)
            .expect("t1 finished")
            .commit("t4".into());
        assert_eq!(tables.count(), 3);
    }

    #[test]
    fn a_full_server_looks_its_tables_up_again_only_after_one_ended() {
        static ENDED: AtomicU64 = AtomicU64::new(0);
        let tables = OpenTables::counting(100, 50, &ENDED);
        let lookups = std::cell::Cell::new(0usize);
        let open = |_: &str| {
            lookups.set(lookups.get() + 1);
            true
        };
        for i in 0..50u8 {
            tables.reserve(ip(i), &open).expect("room").commit(format!("t{i}"));
        }
        // The first refusal at the cap looks every table up once …
        tables.reserve(ip(200), &open).expect_err("full");
        lookups.set(0);
        // … later ones, while no table has ended, none: a flood of creations
        // at the cap costs no scan of the whole server.
        for _ in 0..10 {
            let e = tables.reserve(ip(201), &open).expect_err("still full");
            assert_eq!(e.info.rule, "server.table_limit.total");
        }
        assert_eq!(lookups.get(), 0);
        // A table closed to make room is given back by name, still without
        // a look at the others.
        tables.forget("t3");
        assert_eq!(tables.count(), 49);
        tables.reserve(ip(203), &open).expect("t3's place").commit("t3b".into());
        assert_eq!(lookups.get(), 0);
        tables.forget("no such table");
        assert_eq!(tables.count(), 50);
        // Once a table ends, the next request looks again and finds the place.
        ENDED.fetch_add(1, Ordering::Relaxed);
        let finished = |id: &str| id != "t7";
        tables
            .reserve(ip(202), &finished)
            .expect("t7 ended")
            .commit("t50".into());
        assert_eq!(tables.count(), 50);
    }

    #[test]
    fn connections_are_capped_and_given_back() {
        let conns = Connections::new(2, 3);
        let a = conns.admit(ip(1)).expect("1");
        let _b = conns.admit(ip(1)).expect("2");
        assert!(conns.admit(ip(1)).is_none());
        let c = conns.admit(ip(2)).expect("3");
        drop(a);
        let d = conns.admit(ip(3)).expect("a place was given back");
        assert_eq!(conns.open(), 3);
        // Full: the connection that never sent anything (b) makes room.
        let waker = futures_util::task::noop_waker();
        let cx = Context::from_waker(&waker);
        std::thread::sleep(Duration::from_millis(3));
        c.touch();
        d.touch();
        let _e = conns.admit(ip(4)).expect("room made");
        assert!(_b.evicted(&cx), "the silent one goes");
        assert!(!c.evicted(&cx) && !d.evicted(&cx));
        assert_eq!(conns.open(), 3);
        drop(_b); // its place was already given; nothing is counted twice
        assert_eq!(conns.open(), 3);
    }

    #[test]
    fn a_full_server_makes_no_room_for_an_address_holding_many_places() {
        let waker = futures_util::task::noop_waker();
        let cx = Context::from_waker(&waker);
        let total = FULL_SERVER_SHARE + 2;
        let conns = Connections::new(1000, total);
        let flood: Vec<_> = (0..FULL_SERVER_SHARE)
            .map(|_| conns.admit(ip(1)).expect("flood"))
            .collect();
        let _others: Vec<_> = (0..2).map(|_| conns.admit(ip(2)).expect("other")).collect();
        assert!(conns.admit(ip(1)).is_none(), "the flood's next socket is refused");
        assert_eq!(flood.iter().filter(|s| s.evicted(&cx)).count(), 0, "and closes none");
        let _newcomer = conns.admit(ip(3)).expect("a newcomer gets in");
        assert_eq!(
            flood.iter().filter(|s| s.evicted(&cx)).count(),
            1,
            "by closing one of the flood's"
        );
        assert_eq!(conns.open(), total);
    }

    #[test]
    fn a_full_server_closes_the_flooding_address_first() {
        let conns = Connections::new(10, 4);
        let waker = futures_util::task::noop_waker();
        let cx = Context::from_waker(&waker);
        // A newcomer, not read yet, and older than the flood's sockets.
        let newcomer = conns.admit(ip(2)).expect("newcomer");
        std::thread::sleep(Duration::from_millis(2));
        let flood: Vec<_> = (0..3).map(|_| conns.admit(ip(1)).expect("flood")).collect();
        let _next = conns.admit(ip(3)).expect("room made");
        assert!(!newcomer.evicted(&cx), "the newcomer stays");
        assert_eq!(flood.iter().filter(|s| s.evicted(&cx)).count(), 1);
    }

    #[test]
    fn a_full_server_frees_silent_places_in_batches_and_heard_ones_singly() {
        let waker = futures_util::task::noop_waker();
        let cx = Context::from_waker(&waker);
        let conns = Connections::new(1000, 128);
        let silent: Vec<_> = (0..128).map(|i| conns.admit(ip(10 + i % 5)).expect("silent")).collect();
        let _next = conns.admit(ip(200)).expect("room made");
        // One scan freed a 64th of the cap: the new socket's place and one more.
        assert_eq!(silent.iter().filter(|s| s.evicted(&cx)).count(), 2);
        assert_eq!(conns.open(), 127);
        let conns = Connections::new(1000, 128);
        let heard: Vec<_> = (0..128).map(|i| conns.admit(ip(10 + i % 5)).expect("player")).collect();
        for h in &heard {
            h.touch();
        }
        let _next = conns.admit(ip(200)).expect("room made");
        // Players who sent something go only one at a time.
        assert_eq!(heard.iter().filter(|s| s.evicted(&cx)).count(), 1);
        assert_eq!(conns.open(), 128);
    }
}

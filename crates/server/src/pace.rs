//! New connections paced by client address: `burst` are served at once,
//! then `rate` a second. A connection over its address's pace is still
//! accepted at once (so the accept queue drains and a newcomer's SYN is
//! never dropped behind a flood) but served only when its turn comes.
//!
//! Issue 41's socket flood opened 10,000 WebSockets from 41 addresses
//! within a second or two; upgrading them all at once (the handshake and
//! each `hello` snapshot) took the cores from the real tables, whose
//! actions waited up to 400 ms. Paced, the same sockets are served over some
//! seconds while every other address is served as before.
//!
//! Each waiting connection reserves its own start time (a leaky bucket with
//! reservations, the virtual scheduling form of GCRA): no herd of waiters
//! wakes at each free slot to race for it, as a check-and-retry loop over a
//! rate limiter would.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Longest a connection waits for its turn; one that would wait longer is
/// closed at once (its address holds that many waiting already).
pub const MAX_WAIT: Duration = Duration::from_secs(15);

/// Addresses remembered before the ones whose bucket has drained are
/// forgotten (their next connection is served at once anyway).
const FORGET_AFTER: usize = 4096;

/// The pace of new connections per address.
#[derive(Debug)]
pub struct Pace {
    /// Time between two connections of one address after its burst.
    interval: Duration,
    /// How far ahead of the bucket's level a connection may start at once.
    allowance: Duration,
    /// By address: when its bucket is empty again (GCRA's theoretical
    /// arrival time).
    drained: Mutex<HashMap<IpAddr, Instant>>,
}

impl Pace {
    /// `rate` new connections a second per address, `burst` at once. A rate
    /// that is not a positive number paces nothing.
    pub fn new(rate: f64, burst: f64) -> Pace {
        let interval = if rate.is_finite() && rate > 0.0 {
            Duration::from_secs_f64((1.0 / rate).min(3600.0))
        } else {
            Duration::ZERO
        };
        let burst = if burst.is_finite() { burst.clamp(1.0, 1e6) } else { 1e6 };
        Pace {
            interval,
            allowance: interval.mul_f64(burst - 1.0),
            drained: Mutex::new(HashMap::new()),
        }
    }

    /// How long a new connection from `addr` arriving `now` waits before it
    /// is served (zero: at once), its turn reserved; `None` if that would
    /// be longer than [`MAX_WAIT`] (nothing reserved: close it).
    pub fn wait(&self, addr: IpAddr, now: Instant) -> Option<Duration> {
        if self.interval.is_zero() {
            return Some(Duration::ZERO);
        }
        let mut drained = self.drained.lock().unwrap_or_else(|p| p.into_inner());
        if drained.len() >= FORGET_AFTER {
            drained.retain(|_, at| *at > now);
        }
        let at = drained.get(&addr).copied().unwrap_or(now).max(now);
        let start = at.checked_sub(self.allowance).map_or(now, |s| s.max(now));
        let wait = start - now;
        if wait > MAX_WAIT {
            return None;
        }
        drained.insert(addr, at + self.interval);
        Some(wait)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 9, last])
    }

    #[test]
    fn a_burst_is_served_at_once_and_the_rest_one_interval_apart() {
        let pace = Pace::new(10.0, 3.0);
        let t = Instant::now();
        let waits: Vec<Duration> = (0..6).map(|_| pace.wait(ip(1), t).expect("turn")).collect();
        let ms: Vec<u128> = waits.iter().map(Duration::as_millis).collect();
        assert_eq!(ms, vec![0, 0, 0, 100, 200, 300]);
        // Another address is not held up by the first one's queue.
        assert_eq!(pace.wait(ip(2), t), Some(Duration::ZERO));
        // Once the bucket drains, connections are served at once again.
        let later = t + Duration::from_secs(2);
        assert_eq!(pace.wait(ip(1), later), Some(Duration::ZERO));
    }

    #[test]
    fn a_connection_that_would_wait_too_long_is_refused_and_reserves_nothing() {
        let pace = Pace::new(1.0, 1.0);
        let t = Instant::now();
        let mut last = Duration::ZERO;
        while let Some(w) = pace.wait(ip(1), t) {
            last = w;
        }
        assert!(last <= MAX_WAIT && last + Duration::from_secs(1) > MAX_WAIT, "{last:?}");
        // Refusals did not push the queue further out.
        let soon = t + Duration::from_secs(1);
        assert!(pace.wait(ip(1), soon).is_some());
    }

    #[test]
    fn no_rate_paces_nothing() {
        for pace in [Pace::new(0.0, 1.0), Pace::new(f64::NAN, 1.0), Pace::new(-1.0, 5.0)] {
            let t = Instant::now();
            for _ in 0..100 {
                assert_eq!(pace.wait(ip(1), t), Some(Duration::ZERO));
            }
        }
    }
}

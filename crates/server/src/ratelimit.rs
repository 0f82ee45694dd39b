//! Token buckets: a client may send `burst` messages at once and `rate` per
//! second on average. One bucket per WebSocket connection and one per HTTP
//! connection, so one noisy client cannot starve the others.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A token bucket.
#[derive(Debug, Clone)]
pub struct TokenBucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> TokenBucket {
        TokenBucket {
            rate,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn allow(&mut self) -> bool {
        self.allow_at(Instant::now())
    }

    fn allow_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets of HTTP connections by peer address (address and port: one per
/// connection). Idle buckets are forgotten.
#[derive(Debug)]
pub struct PerConnection {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<SocketAddr, TokenBucket>>,
}

impl PerConnection {
    /// Limits of `rate` per second with bursts of `burst`.
    pub fn new(rate: f64, burst: f64) -> PerConnection {
        PerConnection {
            rate,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether the connection from `peer` may make another request.
    pub fn allow(&self, peer: SocketAddr) -> bool {
        let mut buckets = match self.buckets.lock() {
            Ok(b) => b,
            Err(poisoned) => poisoned.into_inner(),
        };
        if buckets.len() > 10_000 {
            let idle = Duration::from_secs(60);
            buckets.retain(|_, b| b.last.elapsed() < idle);
        }
        buckets
            .entry(peer)
            .or_insert_with(|| TokenBucket::new(self.rate, self.burst))
            .allow()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_allows_burst_then_refills() {
        let start = Instant::now();
        let mut b = TokenBucket::new(10.0, 3.0);
        b.last = start;
        assert!(b.allow_at(start));
        assert!(b.allow_at(start));
        assert!(b.allow_at(start));
        assert!(!b.allow_at(start));
        assert!(b.allow_at(start + Duration::from_millis(150)));
        assert!(!b.allow_at(start + Duration::from_millis(150)));
    }

    #[test]
    fn connections_have_their_own_buckets() {
        let limits = PerConnection::new(0.0, 1.0);
        let a: SocketAddr = "127.0.0.1:1000".parse().expect("addr");
        let b: SocketAddr = "127.0.0.1:1001".parse().expect("addr");
        assert!(limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
    }
}

//! Refuses requests from where they must not come: a `Host` this server does
//! not answer to (DNS rebinding), a state-changing request from a page of
//! another origin, and a POST that is not declared as JSON (what a
//! cross-site form or a `text/plain` fetch sends without a preflight).
//!
//! A request without `Origin` (curl, programs, same-origin GETs) is allowed:
//! browsers send `Origin` with every cross-origin POST and WebSocket.

use crate::error::ApiError;
use axum::http::{header, HeaderMap, Method};
use std::net::{IpAddr, SocketAddr};

/// The names this server answers to and the origins it serves.
#[derive(Debug, Clone)]
pub struct SitePolicy {
    /// The address listened on (port 0 already resolved).
    addr: SocketAddr,
    /// `--public-host` names, lower case: `name` (any port) or `name:port`.
    public_hosts: Vec<String>,
    /// `--cors-origin` origins, lower case, without a trailing slash.
    cors_origins: Vec<String>,
}

/// Longest `Host` or `Origin` echoed in a refusal.
const ECHO_CHARS: usize = 100;

fn echo(s: &str) -> String {
    s.chars().take(ECHO_CHARS).collect()
}

/// Splits `host[:port]` (with `[v6]` literals) into name and port.
fn split_host(host: &str) -> (&str, Option<&str>) {
    if let Some(rest) = host.strip_prefix('[') {
        return match rest.split_once(']') {
            Some((name, tail)) => (name, tail.strip_prefix(':')),
            None => (host, None),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') => (name, Some(port)),
        _ => (host, None),
    }
}

impl SitePolicy {
    /// The policy of a server listening on `addr`.
    pub fn new(addr: SocketAddr, public_hosts: &[String], cors_origins: &[String]) -> SitePolicy {
        SitePolicy {
            addr,
            public_hosts: public_hosts.iter().map(|h| h.trim().to_ascii_lowercase()).collect(),
            cors_origins: cors_origins
                .iter()
                .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
                .collect(),
        }
    }

    /// Whether `host` (a `Host` header) names this server: a `--public-host`,
    /// the address listened on, loopback names for a loopback address, any
    /// address literal for the unspecified address (`0.0.0.0`).
    pub fn host_allowed(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let (name, port) = split_host(&host);
        let port_ok = match port {
            Some(p) => p.parse::<u16>().ok() == Some(self.addr.port()),
            None => self.addr.port() == 80,
        };
        if self.public_hosts.iter().any(|h| *h == host || *h == name) {
            return true;
        }
        if !port_ok {
            return false;
        }
        let ip = self.addr.ip();
        let literal = name.parse::<IpAddr>().ok();
        if literal == Some(ip) {
            return true;
        }
        if (ip.is_loopback() || ip.is_unspecified())
            && (name == "localhost" || literal.is_some_and(|l| l.is_loopback()))
        {
            return true;
        }
        ip.is_unspecified() && literal.is_some()
    }

    /// Whether a page of `origin` may change state here: the same origin as
    /// the request's `host`, or one allowed by `--cors-origin`.
    pub fn origin_allowed(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.trim().trim_end_matches('/').to_ascii_lowercase();
        if self.cors_origins.contains(&origin) {
            return true;
        }
        let Some((_scheme, rest)) = origin.split_once("://") else {
            return false;
        };
        host.is_some_and(|h| h.trim().eq_ignore_ascii_case(rest))
    }

    /// Checks one request; `Err` is the refusal to send instead.
    pub fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
        // Two `Host` headers: a proxy may route by one and this check read
        // the other, so neither is trusted.
        if headers.get_all(header::HOST).iter().nth(1).is_some() {
            return Err(ApiError::duplicate_host());
        }
        let host = headers.get(header::HOST).map(|h| h.to_str().unwrap_or("\u{fffd}"));
        if let Some(h) = host {
            if !self.host_allowed(h) {
                return Err(ApiError::bad_host(&echo(h)));
            }
        }
        let upgrade = headers
            .get(header::UPGRADE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
        let changes_state = *method != Method::GET && *method != Method::HEAD && *method != Method::OPTIONS;
        if !changes_state && !upgrade {
            return Ok(());
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("\u{fffd}");
            if !self.origin_allowed(origin, host) {
                return Err(ApiError::cross_site_origin(&echo(origin)));
            }
        }
        // A seat-secret header cannot be sent cross-site without a CORS
        // preflight, so such requests (leaving a seat) may go without a body.
        // Only POST carries a body here: other methods (PUT, DELETE, …) have
        // no route, and get 405 from the router rather than 415.
        if *method == Method::POST && !headers.contains_key(crate::http::SECRET_HEADER) {
            let json = headers
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(';').next())
                .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"));
            if !json {
                return Err(ApiError::content_type());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(addr: &str) -> SitePolicy {
        SitePolicy::new(
            addr.parse().expect("addr"),
            &["spiel.example.org".into()],
            &["https://app.example.org/".into()],
        )
    }

    #[test]
    fn hosts_are_the_address_loopback_names_or_public_hosts() {
        let p = policy("127.0.0.1:8080");
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
            "spiel.example.org",
            "spiel.example.org:443",
        ] {
            assert!(p.host_allowed(ok), "{ok}");
        }
        for bad in [
            "evil.example.com:8080",
            "127.0.0.1:9090",
            "localhost",
            "10.0.0.1:8080",
            "spiel.example.org.evil:8080",
        ] {
            assert!(!p.host_allowed(bad), "{bad}");
        }
        let any = policy("0.0.0.0:8080");
        assert!(any.host_allowed("192.168.1.20:8080"));
        assert!(!any.host_allowed("rebind.example.com:8080"));
    }

    #[test]
    fn origins_are_the_same_origin_or_allowed_ones() {
        let p = policy("127.0.0.1:8080");
        assert!(p.origin_allowed("http://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(p.origin_allowed("https://app.example.org", Some("127.0.0.1:8080")));
        assert!(!p.origin_allowed("http://evil.example.com", Some("127.0.0.1:8080")));
        assert!(!p.origin_allowed("null", Some("127.0.0.1:8080")));
    }
}

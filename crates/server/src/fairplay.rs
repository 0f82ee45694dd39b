//! Fair play at rated tables (issue 41): one player may hold only one seat
//! of a rated game, so nobody rates a second account up by beating it.
//!
//! Every human or agent seat of a rated table stores where it joined from
//! ([`origin`]: the client address, an IPv6 address by its /64, since one
//! household or host gets a whole /64) and the hash of the player token it
//! joined with. A join that shares either with another human or agent seat
//! of the table turns the table casual in the same write as the seat
//! ([`same_player`]): its summary then says `rated: false` with the
//! [`Casual`] notice, before the first move (every seat must be taken
//! before anyone moves), and nothing is rated. A table once casual stays
//! casual. Bots join from nowhere and are rated like everyone else.
//!
//! An address is not a person: two players behind one router play casual
//! too. That is the price of a leaderboard that one person cannot farm
//! with two browsers; docs/ratings.md says so.

use crate::db::SeatRow;
use engine::Message;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;

/// The rule id of a rated table that plays casual because two of its
/// seats joined from one address or with one player token.
pub const SAME_PLAYER: &str = "server.rating.same_player";

/// Where a join came from, as stored (`seats.origin`): an IPv4 address as
/// it is, an IPv6 address by its /64 (written `prefix::/64`), an
/// IPv4-mapped IPv6 address as the IPv4 address.
pub fn origin(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                let prefix = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                format!("{prefix}/64")
            }
        },
    }
}

/// Whether a join from `origin` with the token hashing to `token_hash`
/// shares either with a human or agent seat other than `seat`.
pub fn same_player(seats: &[SeatRow], seat: usize, origin: Option<&str>, token_hash: Option<&str>) -> bool {
    seats.iter().enumerate().any(|(i, s)| {
        i != seat
            && crate::table::is_player(&s.kind)
            && ((origin.is_some() && s.origin.as_deref() == origin)
                || (token_hash.is_some() && s.token_hash.as_deref() == token_hash))
    })
}

/// Why a table created rated plays casual, as the table's summary says it
/// (`casual`): the rule id and a sentence in German and English.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Casual {
    /// The rule id ([`SAME_PLAYER`]).
    pub rule: String,
    /// What it means, in German and English.
    pub message: Message,
}

impl Casual {
    /// The notice for a stored rule id (`tables.casual`).
    pub fn of(rule: &str) -> Casual {
        let (de, en) = match rule {
            SAME_PLAYER => (
                "Dieser Tisch wird nicht gewertet: zwei Plätze sind von derselben Adresse oder mit demselben Spieler-Token beigetreten. Gespielt wird trotzdem, nur ohne Wertung.",
                "This table is not rated: two seats joined from the same address or with the same player token. The game goes on, casual.",
            ),
            _ => (
                "Dieser Tisch wird nicht gewertet.",
                "This table is not rated.",
            ),
        };
        Casual {
            rule: rule.to_string(),
            message: Message {
                de: de.to_string(),
                en: en.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_address_counts_by_its_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("ip");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        assert_eq!(origin(a), origin(b));
        assert_ne!(origin(a), origin(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("ip");
        assert_eq!(origin(mapped), "192.0.2.7");
    }

    #[test]
    fn a_shared_address_or_token_is_the_same_player() {
        let seat = |kind: &str, origin: Option<&str>, token: Option<&str>| SeatRow {
            kind: kind.into(),
            origin: origin.map(String::from),
            token_hash: token.map(String::from),
            ..SeatRow::default()
        };
        let seats = vec![
            seat("human", Some("10.0.0.1"), Some("t1")),
            seat("bot", None, None),
            seat("open", None, None),
        ];
        assert!(same_player(&seats, 2, Some("10.0.0.1"), None));
        assert!(same_player(&seats, 2, Some("10.0.0.2"), Some("t1")));
        assert!(!same_player(&seats, 2, Some("10.0.0.2"), Some("t2")));
        assert!(
            !same_player(&seats, 0, Some("10.0.0.1"), Some("t1")),
            "a seat is not its own twin"
        );
        assert!(!same_player(&seats, 2, None, None));
    }
}

//! Table chat: short lines from the seated players and from spectators,
//! stored with the table (so a reload, a second device or a restart loses
//! none) and pushed to every subscriber of the table.
//!
//! A line is bounded in length ([`MAX_CHAT_CHARS`]) and a client address in
//! rate (`--chat-rate`, `--chat-burst`, the same keyed token buckets as every
//! other limit). A table's stored lines are bounded in parts ([`admit`]), so
//! that strangers cannot fill it against the players: each seat has its own
//! [`MAX_SEAT_LINES`], which nobody else's lines use up, so a seated player
//! can always write until they have written that many themselves; the
//! spectators share [`MAX_SPECTATOR_LINES`], and one client address (an
//! IPv6 /64 counting as one) holds at most [`MAX_ADDRESS_LINES`] of those,
//! so it takes many addresses to silence the spectators and none can
//! silence a seat. A flood can neither grow the database nor drown the table. Text is checked
//! like names are: no control, text-direction or invisible characters, so a
//! line cannot pose as the log or as another player. Muting is the reader's
//! choice and lives in the client.

use crate::error::ApiError;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;

/// Longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 300;

/// Most lines one seat stores at a table (`server.chat.seat_full`).
pub const MAX_SEAT_LINES: usize = 150;

/// Most lines all spectators together store at a table
/// (`server.chat.spectators_full`).
pub const MAX_SPECTATOR_LINES: usize = 250;

/// Most spectator lines one client address stores at a table, a 25th of
/// the spectators' part (`server.chat.address_share`).
pub const MAX_ADDRESS_LINES: usize = 10;

/// Most lines one table can store: every seat's part and the spectators'.
pub const MAX_CHAT_LINES: usize = crate::lobby::MAX_PLAYERS * MAX_SEAT_LINES + MAX_SPECTATOR_LINES;

/// One stored chat line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Position in the table's chat, from 0.
    pub idx: u64,
    /// The seat that wrote it; `None` for a spectator.
    pub seat: Option<u8>,
    /// The writer's display name: the seat's name, or `spectator`.
    pub name: String,
    /// The line.
    pub text: String,
    /// When it was written (milliseconds since the Unix epoch).
    pub at_ms: i64,
    /// The writer's client address: counted for its share of the table's
    /// spectator lines, stored with the line (`chat.addr`) so the share
    /// holds after a restart, never sent to anyone.
    #[serde(skip)]
    pub addr: Option<IpAddr>,
}

/// The address a line counts against: an IPv4 address, or the /64 network
/// of an IPv6 one (one household or host usually holds a whole /64).
fn share_key(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(v4) => v4.to_ipv6_mapped().into(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(_) => IpAddr::V6(v6),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// Whether one more line from `seat` (`None`: a spectator) written from
/// `addr` fits the table's stored `lines`; a refusal says which part is
/// full. A seat's lines count only against its own part, so a seated player
/// can always write until they have written [`MAX_SEAT_LINES`] themselves,
/// whoever else writes. Counting takes one pass over at most
/// [`MAX_CHAT_LINES`] lines, on a line that already passed the rate limit.
pub fn admit(lines: &[ChatLine], seat: Option<u8>, addr: Option<IpAddr>) -> Result<(), ApiError> {
    if let Some(seat) = seat {
        if lines.iter().filter(|l| l.seat == Some(seat)).count() >= MAX_SEAT_LINES {
            return Err(ApiError::chat_seat_full(MAX_SEAT_LINES));
        }
        return Ok(());
    }
    let key = addr.map(share_key);
    let (mut spectators, mut mine) = (0usize, 0usize);
    for line in lines.iter().filter(|l| l.seat.is_none()) {
        spectators += 1;
        if key.is_some() && line.addr.map(share_key) == key {
            mine += 1;
        }
    }
    if mine >= MAX_ADDRESS_LINES {
        return Err(ApiError::chat_address_share(MAX_ADDRESS_LINES));
    }
    if spectators >= MAX_SPECTATOR_LINES {
        return Err(ApiError::chat_spectators_full(MAX_SPECTATOR_LINES));
    }
    Ok(())
}

/// `POST /api/tables/{id}/chat`: a seat (with `X-Seat-Secret`) or a
/// spectator writes a line.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatRequest {
    /// The line.
    pub text: String,
    /// The seat that writes; absent for a spectator.
    #[serde(default)]
    pub seat: Option<u8>,
    /// Accepted for older clients and ignored: a seat writes under its own
    /// name, a spectator always as `spectator`, never under a name it
    /// chose (it could be a seat's).
    #[serde(default)]
    pub name: Option<String>,
}

/// Characters a line may not hold: control characters (a line is one line)
/// and those that reorder or hide text, as for names.
fn forbidden(c: char) -> bool {
    c.is_control() || crate::names::default_ignorable(c)
}

/// Checks a line: trimmed, 1 to [`MAX_CHAT_CHARS`] characters, nothing that
/// hides or reorders text. The length is counted without collecting, so a
/// huge body costs no allocation beyond the one the body limit allows.
pub fn check_text(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::chat_empty());
    }
    if text.chars().nth(MAX_CHAT_CHARS).is_some() {
        return Err(ApiError::chat_too_long(MAX_CHAT_CHARS));
    }
    if text.chars().any(forbidden) {
        return Err(ApiError::chat_characters());
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_and_bounded() {
        assert_eq!(
            check_text("  Hallo  ").map_err(|e| e.info.rule),
            Ok("Hallo".to_string())
        );
        assert_eq!(check_text("   ").unwrap_err().info.rule, "server.chat.empty");
        let long = "ä".repeat(MAX_CHAT_CHARS + 1);
        assert_eq!(check_text(&long).unwrap_err().info.rule, "server.chat.too_long");
        assert!(check_text(&"ä".repeat(MAX_CHAT_CHARS)).is_ok());
        assert_eq!(
            check_text("a\u{202E}b").unwrap_err().info.rule,
            "server.chat.characters"
        );
        assert_eq!(check_text("a\nb").unwrap_err().info.rule, "server.chat.characters");
    }

    #[test]
    fn an_ipv6_network_is_one_address_and_ipv4_stays_itself() {
        let a: IpAddr = "2001:db8:1:2::1".parse().expect("v6");
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().expect("v6");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("v6");
        assert_eq!(share_key(a), share_key(b));
        assert_ne!(share_key(a), share_key(c));
        let v4: IpAddr = "127.0.0.1".parse().expect("v4");
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().expect("mapped");
        assert_eq!(share_key(v4), share_key(mapped));
        assert_ne!(share_key(v4), share_key("127.0.0.2".parse().expect("v4")));
    }
}

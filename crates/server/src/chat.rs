//! Table chat: short lines from the seated players and from spectators,
//! stored with the table (so a reload, a second device or a restart loses
//! none) and pushed to every subscriber of the table.
//!
//! A line is bounded in length ([`MAX_CHAT_CHARS`]), a table in lines
//! ([`MAX_CHAT_LINES`]) and a client address in rate (`--chat-rate`,
//! `--chat-burst`, the same keyed token buckets as every other limit), so a
//! flood can neither grow the database nor drown the table. Text is checked
//! like names are: no control, text-direction or invisible characters, so a
//! line cannot pose as the log or as another player. Muting is the reader's
//! choice and lives in the client.

use crate::error::ApiError;
use serde::{Deserialize, Serialize};

/// Longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 300;

/// Most lines one table stores; later lines are refused (`chat_full`).
pub const MAX_CHAT_LINES: usize = 1000;

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
}

//! The table's side of abandonment ([`crate::abandon`]): when a human (or
//! agent) seat was last seen, and ending the table once nobody has been for
//! the server's abandonment time.

use super::{is_player, Access, Command, Table};
use crate::error::ApiError;
use engine::{Seat, ToAct, Viewer};
use serde_json::{json, Value};

/// The stored result of a table the server closed before its game ended:
/// `{"closed": reason}`, with `"abandoned": true` when everybody had left,
/// so the state reads from the result alone after a restart.
pub(super) fn closed_result(reason: &str) -> Value {
    if reason == crate::abandon::REASON {
        json!({ "closed": reason, "abandoned": true })
    } else {
        json!({ "closed": reason })
    }
}

impl Table {
    /// Whether a command shows that a seat's human is there: a seat that
    /// proves itself with its secret (acting, watching, reading its view or
    /// history as a client that polls over HTTP does, chatting, handing the
    /// seat to the bot or taking it back, asking for a hint, leaving),
    /// or someone taking an open seat. A spectator or a wrong secret keeps
    /// no table alive.
    pub(super) fn touches(&self, cmd: &Command) -> bool {
        let access = match cmd {
            Command::Act { access, .. }
            | Command::Leave { access, .. }
            | Command::Subscribe { access, .. }
            | Command::Chat { access, .. }
            | Command::Autopilot { access, .. }
            | Command::Hint { access, .. }
            | Command::Snapshot { access, .. }
            | Command::History { access, .. } => access,
            Command::Join { seat, .. } => return self.seats.get(*seat).is_some_and(|s| s.kind == "open"),
            _ => return false,
        };
        matches!(access, Access::Seat { .. }) && matches!(self.authorise(access), Ok(Viewer::Seat(_)))
    }

    /// Whether a human (or agent) seat has a live connection now.
    fn someone_present(&self) -> bool {
        self.seats.iter().enumerate().any(|(i, s)| {
            is_player(&s.kind)
                && self
                    .subscribers
                    .iter()
                    .any(|sub| sub.viewer == Viewer::Seat(Seat(i as u8)) && !sub.sink.is_closed())
        })
    }

    /// Ends the table as abandoned when it has seats for people (taken or
    /// open) and none of them was seen for `after_ms`: stored as closed with
    /// an `abandoned` result, never rated. A table of bots only plays on (it
    /// ends by itself), and a finished one is left as it is.
    pub(super) async fn abandon_if_left(&mut self, after_ms: i64) -> Result<bool, ApiError> {
        if self.closed || self.game.to_act() == ToAct::Over {
            return Ok(false);
        }
        let for_people = self.seats.iter().any(|s| s.kind == "open" || is_player(&s.kind));
        if !for_people {
            return Ok(false);
        }
        let now = crate::lobby::now_ms();
        if self.someone_present() {
            self.last_seen_ms = now;
            return Ok(false);
        }
        if now.saturating_sub(self.last_seen_ms) < after_ms {
            return Ok(false);
        }
        self.close(crate::abandon::REASON).await?;
        Ok(self.closed)
    }
}

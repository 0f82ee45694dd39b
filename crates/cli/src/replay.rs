//! `spielleiter replay FILE`: replays a saved game and checks that it reaches
//! the recorded final state.

use crate::registry;
use engine::{ChanceMode, ErrorInfo};
use serde_json::{json, Value};

/// Replays the log in `text` (JSON, as the referee's `log` op or the server
/// writes it). Returns a summary, or why the log is refused.
pub fn replay_text(text: &str) -> Result<Value, ErrorInfo> {
    let log: Value = serde_json::from_str(text).map_err(|e| ErrorInfo::malformed(format!("not JSON: {e}")))?;
    let game = log
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| ErrorInfo::malformed("the log names no \"game\""))?;
    let checked = log.get("final_state").is_some_and(|s| !s.is_null());
    let m = registry::entry(game)?.replay_log(&log, ChanceMode::Manual)?;
    Ok(json!({
        "game": game,
        "entries": m.version(),
        "final_state_checked": checked,
        "to_act": m.to_act(),
        "result": m.result(),
    }))
}

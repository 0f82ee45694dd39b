//! The referee driven line by line, as `spielleiter referee` reads stdin.

use serde_json::Value;
use spielleiter_cli::referee::Referee;

/// One request, its one-line JSON answer.
pub fn ask(r: &mut Referee, req: Value) -> Value {
    let line = r.handle_line(&req.to_string());
    serde_json::from_str(&line).expect("every response is one JSON object")
}

/// One request that must succeed; its `ok` part.
pub fn ok(r: &mut Referee, req: Value) -> Value {
    let resp = ask(r, req.clone());
    assert!(resp.get("ok").is_some(), "{req} → {resp}");
    resp["ok"].clone()
}

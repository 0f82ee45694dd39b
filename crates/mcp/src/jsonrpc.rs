//! JSON-RPC 2.0 as specified, in front of rmcp: a message rmcp cannot take
//! gets the error code the JSON-RPC specification names for it.
//!
//! Why this layer exists: rmcp ignores a stdio line that is not JSON (to
//! avoid error storms between two programs that echo each other) and answers
//! a well-formed request whose `params` do not fit with `-32600`; over HTTP
//! it answers both with a plain-text 415. An agent (or the person writing
//! one) needs the specified codes to see what it did wrong: `-32700` for
//! text that is not JSON, `-32600` for JSON that is no request, `-32602`
//! for a request of a known shape with wrong `params`. Both transports run
//! every incoming message through [`screen`] first; what passes goes to
//! rmcp unchanged.

use serde_json::{json, Value};

/// The JSON-RPC error codes used here.
pub mod code {
    /// Invalid JSON was received.
    pub const PARSE_ERROR: i64 = -32700;
    /// The JSON sent is not a valid request object.
    pub const INVALID_REQUEST: i64 = -32600;
    /// Invalid method parameter(s).
    pub const INVALID_PARAMS: i64 = -32602;
}

/// Longest message (one stdio line) screened: rmcp's own default line
/// limit. A longer one is refused without being kept.
pub const MAX_MESSAGE: usize = 4 * 1024 * 1024;

/// What becomes of one incoming message.
#[derive(Debug, Clone, PartialEq)]
pub enum Screened {
    /// rmcp takes it as it is.
    Pass,
    /// It is answered here with this JSON-RPC error response, and not passed on.
    Answer(Value),
    /// A notification rmcp cannot take: JSON-RPC answers no notification, so it is dropped.
    Drop,
}

/// The error response with `code`, `message` and the request's `id` (`null`
/// when it has none or could not be read).
pub fn error_response(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// Screens one message (a stdio line or an HTTP body).
pub fn screen(bytes: &[u8]) -> Screened {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(bytes);
    if bytes.len() > MAX_MESSAGE {
        return Screened::Answer(error_response(
            Value::Null,
            code::INVALID_REQUEST,
            "Invalid Request: the message is too long",
        ));
    }
    let value: Value = match serde_json::from_slice(bytes) {
        Ok(v) => v,
        Err(e) => {
            return Screened::Answer(error_response(
                Value::Null,
                code::PARSE_ERROR,
                &format!("Parse error: {}", clip(&e.to_string())),
            ))
        }
    };
    match serde_json::from_value::<rmcp::model::ClientJsonRpcMessage>(value.clone()) {
        // rmcp reads a request of a known method whose `params` do not fit
        // that method as a custom request (its request enum is untagged),
        // and would answer "method not found".
        Ok(rmcp::model::JsonRpcMessage::Request(r)) => match &r.request {
            rmcp::model::ClientRequest::CustomRequest(c) if CLIENT_METHODS.contains(&c.method.as_str()) => {
                Screened::Answer(error_response(
                    serde_json::to_value(&r.id).unwrap_or(Value::Null),
                    code::INVALID_PARAMS,
                    &format!("Invalid params for '{}'", clip(&c.method)),
                ))
            }
            _ => Screened::Pass,
        },
        Ok(_) => Screened::Pass,
        Err(_) => screen_value(&value),
    }
}

/// The requests a client sends an MCP server, by method: a request of one
/// of these that rmcp reads as a custom request has wrong `params`.
const CLIENT_METHODS: &[&str] = &[
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
    "tasks/get",
    "tasks/update",
    "tasks/cancel",
];

/// Why well-formed JSON is no message rmcp takes.
fn screen_value(value: &Value) -> Screened {
    let Some(obj) = value.as_object() else {
        return Screened::Answer(error_response(
            Value::Null,
            code::INVALID_REQUEST,
            "Invalid Request: a message is a JSON object",
        ));
    };
    // An id that is no string or number cannot be echoed (JSON-RPC: null).
    let id = match obj.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => Some(id.clone()),
        _ => None,
    };
    let method = obj.get("method").and_then(Value::as_str);
    let version_ok = obj.get("jsonrpc").and_then(Value::as_str) == Some("2.0");
    match (method, id, version_ok) {
        (Some(m), Some(id), true) => Screened::Answer(error_response(
            id,
            code::INVALID_PARAMS,
            &format!("Invalid params for '{}'", clip(m)),
        )),
        // A notification is never answered, even when it is wrong.
        (Some(_), None, true) if !obj.contains_key("id") => Screened::Drop,
        (_, id, _) => Screened::Answer(error_response(
            id.unwrap_or(Value::Null),
            code::INVALID_REQUEST,
            "Invalid Request: not a JSON-RPC 2.0 request, notification or response",
        )),
    }
}

fn clip(s: &str) -> String {
    s.chars().take(120).collect()
}

/// Reads newline-delimited messages from `read`, hands those rmcp takes to
/// `pass` (each with its newline) and the error responses of the others to
/// `answer`, until `read` ends or `pass` is closed. A line longer than
/// [`MAX_MESSAGE`] is skipped to its end without being kept, and answered.
pub async fn screen_lines<R, P>(read: R, mut pass: P, answer: tokio::sync::mpsc::Sender<Vec<u8>>)
where
    R: tokio::io::AsyncRead + Unpin,
    P: tokio::io::AsyncWrite + Unpin,
{
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let mut reader = BufReader::new(read);
    let mut line = Vec::new();
    loop {
        line.clear();
        let limit = u64::try_from(MAX_MESSAGE).unwrap_or(u64::MAX) + 1;
        let n = match (&mut reader).take(limit).read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let complete = line.last() == Some(&b'\n');
        if !complete && n as u64 == limit {
            // Too long: skip the rest of the line in bounded reads.
            let mut rest = Vec::new();
            loop {
                rest.clear();
                match (&mut reader).take(64 * 1024).read_until(b'\n', &mut rest).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) if rest.last() == Some(&b'\n') => break,
                    Ok(_) => {}
                }
            }
            let e = error_response(
                Value::Null,
                code::INVALID_REQUEST,
                "Invalid Request: the message is too long",
            );
            if answer.send(line_of(&e)).await.is_err() {
                return;
            }
            continue;
        }
        let body = line.strip_suffix(b"\n").unwrap_or(&line);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        if body.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match screen(body) {
            Screened::Pass => {
                if pass.write_all(body).await.is_err() || pass.write_all(b"\n").await.is_err() {
                    return;
                }
            }
            Screened::Answer(e) => {
                if answer.send(line_of(&e)).await.is_err() {
                    return;
                }
            }
            Screened::Drop => {}
        }
    }
}

/// A JSON value as one newline-terminated line.
pub fn line_of(v: &Value) -> Vec<u8> {
    let mut out = v.to_string().into_bytes();
    out.push(b'\n');
    out
}

/// Copies rmcp's output lines from `from` and the screen's answers from
/// `answers` to `to`, whole lines only, so that neither cuts into the other.
pub async fn merge_output<F, W>(from: F, mut answers: tokio::sync::mpsc::Receiver<Vec<u8>>, mut to: W)
where
    F: tokio::io::AsyncRead + Unpin,
    W: tokio::io::AsyncWrite + Unpin,
{
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let mut reader = BufReader::new(from);
    let mut line = Vec::new();
    let mut answers_open = true;
    loop {
        // `read_until` keeps a line read in part when the other branch wins,
        // so `line` is cleared only once it has been written whole.
        tokio::select! {
            n = reader.read_until(b'\n', &mut line) => {
                match n {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if to.write_all(&line).await.is_err() || to.flush().await.is_err() {
                            return;
                        }
                        line.clear();
                    }
                }
            }
            a = answers.recv(), if answers_open => {
                match a {
                    Some(a) => {
                        if to.write_all(&a).await.is_err() || to.flush().await.is_err() {
                            return;
                        }
                    }
                    None => answers_open = false,
                }
            }
        }
    }
    // rmcp closed its output: answers still queued are written, then done.
    while let Ok(a) = answers.try_recv() {
        let _ = to.write_all(&a).await;
    }
    let _ = to.flush().await;
}

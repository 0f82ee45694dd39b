//! A minimal MCP client over streamable HTTP, for the tests that seat an
//! agent at a server's `/mcp`: raw JSON-RPC, as any client speaks it, one
//! session, requests in order. (The official SDK's own checks are in the
//! Python tests; this client is what Rust tests need to drive the tools.)

use serde_json::{json, Value};

/// One MCP session with a server.
#[derive(Debug)]
pub struct Client {
    http: reqwest::Client,
    url: String,
    session: Option<String>,
    id: u64,
}

impl Client {
    /// Opens a session with the server at `base` (`http://host:port`) as
    /// client `name`: `initialize`, then `notifications/initialized`.
    pub async fn connect(base: &str, name: &str) -> Client {
        let mut c = Client {
            http: reqwest::Client::new(),
            url: format!("{base}/mcp"),
            session: None,
            id: 0,
        };
        let init = c
            .rpc(
                "initialize",
                json!({"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": name, "version": "1"}}),
            )
            .await;
        assert!(init["result"]["serverInfo"]["name"].is_string(), "{init}");
        c.post(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        c
    }

    /// Posts one message; the JSON-RPC messages of the answer (plain JSON
    /// or SSE `data:` lines).
    pub async fn post(&mut self, msg: Value) -> Vec<Value> {
        let mut req = self
            .http
            .post(&self.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(msg.to_string());
        if let Some(s) = &self.session {
            req = req.header("mcp-session-id", s);
        }
        let r = req.send().await.expect("the MCP endpoint answers");
        assert!(r.status().is_success(), "MCP status {}", r.status());
        if let Some(s) = r.headers().get("mcp-session-id") {
            self.session = Some(s.to_str().expect("ascii session id").to_string());
        }
        let body = r.text().await.expect("body");
        if body.trim_start().starts_with('{') {
            return vec![serde_json::from_str(&body).expect("JSON-RPC")];
        }
        body.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str(d.trim()).ok())
            .collect()
    }

    /// Calls `method` and returns its answer (the message with its id).
    pub async fn rpc(&mut self, method: &str, params: Value) -> Value {
        self.id += 1;
        let id = self.id;
        let answers = self
            .post(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        answers
            .into_iter()
            .find(|m| m["id"] == json!(id))
            .unwrap_or_else(|| panic!("no answer to {method}"))
    }

    /// Calls a tool: (isError, structured content).
    pub async fn call(&mut self, tool: &str, args: Value) -> (bool, Value) {
        let r = self.rpc("tools/call", json!({"name": tool, "arguments": args})).await;
        assert!(r["result"].is_object(), "{tool}: {r}");
        (
            r["result"]["isError"] == json!(true),
            r["result"]["structuredContent"].clone(),
        )
    }

    /// Calls a tool that must succeed; its structured result.
    pub async fn ok(&mut self, tool: &str, args: Value) -> Value {
        let (err, v) = self.call(tool, args).await;
        assert!(!err, "{tool}: {v}");
        v
    }

    /// Calls a tool that must be refused with a typed error in both
    /// languages; the error.
    pub async fn refused(&mut self, tool: &str, args: Value) -> Value {
        let (err, v) = self.call(tool, args).await;
        assert!(err, "{tool} accepted: {v}");
        let e = &v["error"];
        assert!(e["kind"].as_str().is_some_and(|k| !k.is_empty()), "{v}");
        assert!(e["message"]["de"].as_str().is_some_and(|s| !s.is_empty()), "{v}");
        assert!(e["message"]["en"].as_str().is_some_and(|s| !s.is_empty()), "{v}");
        e.clone()
    }
}

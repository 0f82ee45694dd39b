//! One WebSocket connection to a table. A connection may hold several seats
//! (hot-seat play) and may watch as a spectator; each held seat and the
//! spectator subscription get their own snapshot and updates, tagged with
//! `viewer`. A malformed, oversized or too frequent message gets an `error`
//! reply that echoes its `id`, and the connection stays open. Messages are
//! limited per client address (all its connections together); the server
//! pings every third of the idle timeout, so a live client always has sent
//! something within it (its pong) and a dead one is closed.
//!
//! A client that does not read cannot hold memory: updates wait for it in a
//! bounded queue ([`CONNECTION_QUEUE`]); when the queue overflows, the table
//! drops the subscription and the connection is closed (code 1013, "too
//! slow"), and a write that waits longer than the write timeout closes it
//! too ([`crate::listen`]). Seats are not given up: the client reconnects,
//! authenticates again and gets a fresh snapshot.

use crate::error::ApiError;
use crate::http::App;
use crate::protocol::{ClientMsg, MessageId, Snapshot};
use crate::secret;
use crate::table::{Access, Command, Outgoing, TableHandle};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use engine::ErrorInfo;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Updates queued for one connection before the table drops it as too slow:
/// enough for every seat of a hot-seat connection through a burst of bot
/// moves, little enough (a few MB at most) that slow readers hold no memory.
pub const CONNECTION_QUEUE: usize = 256;

struct Conn {
    table_id: String,
    table: TableHandle,
    /// Seats held, with the hash of the secret that proved them.
    seats: BTreeMap<u8, String>,
    watching: bool,
    updates: mpsc::Sender<Outgoing>,
}

fn error_msg(id: Option<&Value>, info: &ErrorInfo) -> Message {
    let mut v = json!({ "type": "error", "error": info });
    if let Some(id) = id {
        v["id"] = id.clone();
    }
    Message::Text(Utf8Bytes::from(v.to_string()))
}

fn snapshot_msg(s: &Snapshot) -> Message {
    let mut v = json!(s);
    v["type"] = json!("snapshot");
    Message::Text(Utf8Bytes::from(v.to_string()))
}

/// Serves one connection until the client leaves or the server shuts down.
pub async fn serve(mut socket: WebSocket, table_id: String, table: TableHandle, app: Arc<App>, client: IpAddr) {
    let (updates, mut incoming_updates) = mpsc::channel::<Outgoing>(CONNECTION_QUEUE);
    let mut conn = Conn {
        table_id,
        table,
        seats: BTreeMap::new(),
        watching: false,
        updates,
    };
    let mut shutdown = app.shutdown.clone();
    let stop = async move {
        let _ = shutdown.wait_for(|s| *s).await;
    };
    tokio::pin!(stop);
    let limit = app.config.max_message_bytes;
    let every = Duration::from_millis((app.config.idle_timeout_ms / 3).max(1));
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    // Another instance took the table over (see `cluster`): the client is
    // told to reconnect, which reaches the new owner.
    let moved_table = conn.table.clone();
    let moved = async move { moved_table.stopped_moving().await };
    tokio::pin!(moved);
    let hello = json!({"type": "hello", "table": conn.table.summary()}).to_string();
    if socket.send(Message::Text(Utf8Bytes::from(hello))).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { break };
                let replies = match msg {
                    Message::Text(text) => {
                        if text.len() > limit {
                            vec![error_msg(MessageId::of(&text).as_ref(), &ApiError::too_large(limit).info)]
                        } else if !app.ws_limits.allow(client) {
                            vec![error_msg(MessageId::of(&text).as_ref(), &ApiError::rate_limited().info)]
                        } else {
                            conn.handle(text.as_str()).await
                        }
                    }
                    Message::Binary(_) => {
                        vec![error_msg(None, &ApiError::malformed("binary messages are not understood; send JSON text").info)]
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => Vec::new(),
                };
                // Updates the action caused go out before its ack, all in
                // one write.
                if !send_all(&mut socket, &mut incoming_updates, None, replies).await {
                    return;
                }
            }
            Some(update) = incoming_updates.recv() => {
                if !send_all(&mut socket, &mut incoming_updates, Some(update), Vec::new()).await {
                    return;
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            _ = &mut moved => {
                let _ = socket
                    .send(Message::Close(Some(CloseFrame {
                        code: 1012,
                        reason: Utf8Bytes::from_static("table moved to another server: reconnect"),
                    })))
                    .await;
                break;
            }
            _ = &mut stop => {
                let _ = socket
                    .send(Message::Close(Some(CloseFrame {
                        code: 1001,
                        reason: Utf8Bytes::from_static("server shutting down"),
                    })))
                    .await;
                break;
            }
        }
    }
}

/// Sends `first`, every update already queued, then `replies`, and flushes
/// once: one system call instead of one per message. False if the client is
/// gone, or was too slow: a full queue means the table may have dropped an
/// update (and the subscription), so the client is told to reconnect.
async fn send_all(
    socket: &mut WebSocket,
    queued: &mut mpsc::Receiver<Outgoing>,
    first: Option<Outgoing>,
    replies: Vec<Message>,
) -> bool {
    use futures_util::SinkExt;
    let overflowed = queued.len() + usize::from(first.is_some()) >= CONNECTION_QUEUE;
    if overflowed {
        tracing::debug!("client too slow: update queue overflowed");
        let close = Message::Close(Some(CloseFrame {
            code: 1013,
            reason: Utf8Bytes::from_static("too slow: reconnect for a fresh snapshot"),
        }));
        let _ = socket.send(close).await;
        return false;
    }
    let mut any = false;
    let updates = first.into_iter().chain(std::iter::from_fn(|| queued.try_recv().ok()));
    for msg in updates.map(Message::Text).chain(replies) {
        any = true;
        if socket.feed(msg).await.is_err() {
            return false;
        }
    }
    !any || socket.flush().await.is_ok()
}

impl Conn {
    async fn handle(&mut self, text: &str) -> Vec<Message> {
        let msg: ClientMsg = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                let info = ApiError::malformed(format!("message: {e}")).info;
                return vec![error_msg(MessageId::of(text).as_ref(), &info)];
            }
        };
        match msg {
            ClientMsg::Ping { id } => {
                let mut v = json!({"type": "pong"});
                if let Some(id) = id {
                    v["id"] = id;
                }
                vec![Message::Text(Utf8Bytes::from(v.to_string()))]
            }
            ClientMsg::Auth { seat, secret, id } => {
                let secret_hash = secret::hash(secret.trim());
                match self
                    .subscribe(Access::Seat {
                        seat,
                        secret_hash: secret_hash.clone(),
                    })
                    .await
                {
                    Ok(snapshot) => {
                        self.seats.insert(seat, secret_hash);
                        tracing::debug!(table = %self.table_id, seat, "seat connected");
                        vec![snapshot_msg(&snapshot)]
                    }
                    Err(e) => vec![error_msg(id.as_ref(), &e.info)],
                }
            }
            ClientMsg::Watch { id } => match self.subscribe(Access::Spectator).await {
                Ok(snapshot) => {
                    self.watching = true;
                    vec![snapshot_msg(&snapshot)]
                }
                Err(e) => vec![error_msg(id.as_ref(), &e.info)],
            },
            ClientMsg::Sync { id } => {
                let mut out = Vec::new();
                let mut claims: Vec<Access> = self
                    .seats
                    .iter()
                    .map(|(seat, h)| Access::Seat {
                        seat: *seat,
                        secret_hash: h.clone(),
                    })
                    .collect();
                if self.watching {
                    claims.push(Access::Spectator);
                }
                for access in claims {
                    match self.subscribe(access).await {
                        Ok(s) => out.push(snapshot_msg(&s)),
                        Err(e) => out.push(error_msg(id.as_ref(), &e.info)),
                    }
                }
                out
            }
            ClientMsg::Act {
                seat,
                action,
                version,
                id,
            } => {
                let Some(secret_hash) = self.seats.get(&seat).cloned() else {
                    return vec![error_msg(id.as_ref(), &ApiError::wrong_secret(usize::from(seat)).info)];
                };
                let access = Access::Seat { seat, secret_hash };
                let result = self
                    .table
                    .ask(|reply| Command::Act {
                        access,
                        action,
                        version,
                        reply,
                    })
                    .await;
                match result {
                    Ok(accepted) => {
                        let mut v =
                            json!({"type": "ack", "seat": seat, "from": accepted.from, "version": accepted.version});
                        if let Some(id) = id {
                            v["id"] = id;
                        }
                        vec![Message::Text(Utf8Bytes::from(v.to_string()))]
                    }
                    Err(e) => vec![error_msg(id.as_ref(), &e.info)],
                }
            }
        }
    }

    /// (Re)subscribes a viewer of this connection; the table replaces an
    /// earlier subscription of the same viewer on the same connection.
    async fn subscribe(&self, access: Access) -> Result<Snapshot, ApiError> {
        let sink = self.updates.clone();
        self.table.ask(|reply| Command::Subscribe { access, sink, reply }).await
    }
}

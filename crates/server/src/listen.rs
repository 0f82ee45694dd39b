//! The accept loop: HTTP/1.1 (with WebSocket upgrades) on a TCP listener,
//! with the limits a slow or flooding client must not get around.
//!
//! - A connection beyond the cap of its address or of the server is closed
//!   at once, before anything is read, so file descriptors stay available
//!   for `/api/health` and the real players.
//! - A request's header must arrive within the header-read timeout (hyper's,
//!   which also closes keep-alive connections idle that long).
//! - A request's head is read up to [`crate::limits::HARD_HEAD_BYTES`] at
//!   most (hyper answers 431 beyond it); the router refuses one over
//!   [`crate::limits::MAX_HEAD_BYTES`] with a typed 431.
//! - Any connection, HTTP or WebSocket, that receives nothing for the idle
//!   timeout is closed ([`Guarded`]); the WebSocket side pings its clients
//!   well within it, so live clients always answer. This holds while the
//!   server is blocked writing to it, too: a write that waits is failed
//!   once the idle time is over.
//! - A write that cannot make progress for the write timeout (a client that
//!   does not read, its socket buffers full) fails, which closes the
//!   connection; the memory it held is freed and its seat stays to be
//!   taken back by reconnecting.
//! - When the server's connection cap is reached, the connection silent the
//!   longest is closed to make room ([`Connections::admit`]).
//! - New connections of one address beyond its burst wait their turn before
//!   anything is read ([`crate::pace`]), so a flood of upgrades from a few
//!   addresses does not take the cores from everybody else at once.

use crate::limits::{ConnectionSlot, Connections};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::Sleep;
use tower::ServiceExt;

/// The timeouts of every connection.
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    /// Time to send a request's header (and idle time between keep-alive
    /// requests).
    pub header_read: Duration,
    /// Time without a single byte received after which a connection is closed.
    pub idle: Duration,
    /// Longest time a write may wait for the client to read.
    pub write: Duration,
}

/// A TCP stream that holds its connection's place and fails its reads and
/// writes once nothing was received for `idle`, its writes once one waited
/// `write` for the client to read, and both once the connection was told to
/// make room for a newer one.
#[derive(Debug)]
pub struct Guarded {
    stream: TcpStream,
    idle: Duration,
    last_read: Instant,
    /// Wakes the reader when the idle time could be over; on waking, a
    /// connection that received something meanwhile just sets it again.
    timer: Pin<Box<Sleep>>,
    write: Duration,
    /// Since when writes have been waiting for the client (`None`: the last
    /// write went through).
    stalled: Option<Instant>,
    /// Wakes the writer when the write timeout or the idle time is over.
    write_timer: Pin<Box<Sleep>>,
    slot: ConnectionSlot,
}

fn closed_to_make_room() -> io::Error {
    io::Error::new(
        io::ErrorKind::ConnectionAborted,
        "closed to make room for a new connection",
    )
}

impl Guarded {
    fn new(stream: TcpStream, timeouts: Timeouts, slot: ConnectionSlot) -> Guarded {
        Guarded {
            stream,
            idle: timeouts.idle,
            last_read: Instant::now(),
            timer: Box::pin(tokio::time::sleep(timeouts.idle)),
            write: timeouts.write,
            stalled: None,
            write_timer: Box::pin(tokio::time::sleep(timeouts.write)),
            slot,
        }
    }

    /// After a write that could not go out: whether it has waited too long
    /// (the write timeout, or the idle time is over), arming the timer for
    /// the earlier of the two otherwise.
    fn poll_stalled(&mut self, cx: &mut Context<'_>) -> bool {
        let now = Instant::now();
        let since = *self.stalled.get_or_insert(now);
        let due = (since + self.write).min(self.last_read + self.idle);
        if due <= now {
            return true;
        }
        if self.write_timer.deadline() != due.into() {
            self.write_timer.as_mut().reset(due.into());
        }
        if self.write_timer.as_mut().poll(cx).is_ready() {
            return Instant::now() >= due;
        }
        false
    }

    /// The outcome of a write: progress clears the stall, waiting too long
    /// fails it.
    fn after_write<T>(&mut self, cx: &mut Context<'_>, r: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match r {
            Poll::Pending if self.poll_stalled(cx) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "client does not read: write timed out",
            ))),
            Poll::Pending => Poll::Pending,
            ready => {
                self.stalled = None;
                ready
            }
        }
    }

    /// Whether the idle time is over (arming the timer again if it is not).
    fn poll_idle(&mut self, cx: &mut Context<'_>) -> bool {
        loop {
            if self.timer.as_mut().poll(cx).is_pending() {
                return false;
            }
            let due = self.last_read + self.idle;
            if due <= Instant::now() {
                return true;
            }
            self.timer.as_mut().reset(due.into());
        }
    }
}

impl AsyncRead for Guarded {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.slot.evicted(cx) {
            return Poll::Ready(Err(closed_to_make_room()));
        }
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.last_read = Instant::now();
                    this.slot.touch();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending if this.poll_idle(cx) => {
                Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "connection idle")))
            }
            other => other,
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.slot.evicted(cx) {
            return Poll::Ready(Err(closed_to_make_room()));
        }
        let r = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.after_write(cx, r)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.slot.evicted(cx) {
            return Poll::Ready(Err(closed_to_make_room()));
        }
        let r = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.after_write(cx, r)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.stream).poll_flush(cx);
        this.after_write(cx, r)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Connections the kernel holds for the accept loop ([`bind`]).
pub const BACKLOG: u32 = 4096;

/// Listens on `addr` (`host:port`; the first address it resolves to) with a
/// backlog of [`BACKLOG`] connections (capped by the kernel's
/// `net.core.somaxconn`). Tokio's `TcpListener::bind` asks for 1,024: under
/// a flood of reconnecting sockets that queue fills between two turns of
/// the accept loop, and the kernel then drops a newcomer's SYN, which its
/// client sends again only after a second (the 1,025 ms health p99 of
/// issue 41's idle-socket flood).
pub async fn bind(addr: &str) -> io::Result<TcpListener> {
    let mut last = io::Error::new(io::ErrorKind::InvalidInput, format!("{addr}: no address"));
    for a in tokio::net::lookup_host(addr).await? {
        let socket = if a.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        // As `TcpListener::bind`: a restarted server binds at once.
        #[cfg(unix)]
        socket.set_reuseaddr(true)?;
        match socket.bind(a).and_then(|()| socket.listen(BACKLOG)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Serves `router` on `listener` until `shutdown` turns true, then lets open
/// connections finish (WebSockets close themselves on the same signal) for
/// at most `drain`.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    connections: Arc<Connections>,
    pace: Arc<crate::pace::Pace>,
    timeouts: Timeouts,
    mut shutdown: watch::Receiver<bool>,
    drain: Duration,
) {
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = shutdown.wait_for(|s| *s) => break,
        };
        let (stream, remote) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors or a connection reset before it was
                // taken: wait a little instead of spinning on the error.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Some(slot) = connections.admit(remote.ip()) else {
            tracing::debug!(%remote, "connection refused: too many connections");
            drop(stream);
            continue;
        };
        let Some(wait) = pace.wait(remote.ip(), Instant::now()) else {
            tracing::debug!(%remote, "connection refused: its address waits too long already");
            drop(stream);
            continue;
        };
        // Small messages go out at once: Nagle's algorithm would hold an
        // update back until the previous one is acknowledged.
        let _ = stream.set_nodelay(true);
        let (router, mut shutdown) = (router.clone(), shutdown.clone());
        tokio::spawn(async move {
            if !wait.is_zero() {
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {}
                    _ = shutdown.wait_for(|s| *s) => return,
                }
            }
            let io = TokioIo::new(Guarded::new(stream, timeouts, slot));
            serve_connection(io, remote, router, timeouts, shutdown).await;
        });
    }
    drop(listener);
    let deadline = Instant::now() + drain;
    while connections.open() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn serve_connection(
    io: TokioIo<Guarded>,
    remote: SocketAddr,
    router: Router,
    timeouts: Timeouts,
    mut shutdown: watch::Receiver<bool>,
) {
    let service = router.map_request(move |req: Request<Incoming>| {
        let mut req = req.map(Body::new);
        req.extensions_mut().insert(ConnectInfo(remote));
        req
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header_read)
        // A head is never buffered beyond this (431 from hyper); the router
        // refuses one over `MAX_HEAD_BYTES` with a typed 431 before that.
        .max_header_size(crate::limits::HARD_HEAD_BYTES)
        .keep_alive(true);
    let conn = builder
        .serve_connection(io, TowerToHyperService::new(service))
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => return,
        _ = shutdown.wait_for(|s| *s) => {}
    }
    conn.as_mut().graceful_shutdown();
    let _ = conn.await;
}

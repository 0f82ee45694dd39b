//! # spielleiter over MCP (Model Context Protocol)
//!
//! An agent (an LLM client such as Claude Desktop, or any MCP client) plays a
//! seat through tools: `list_games`, `new_game` (stdio) or `create_table` +
//! `join_seat` (HTTP), `list_tables`, `observe`, `legal_actions`, `act`,
//! `wait_for_turn`, `history`, `read_chat`/`write_chat`, `analyze` (a hint
//! in practice games against bots, [`Backend::analyze`]), `rules`; the rules
//! documents are resources, the prompt `how_to_play` teaches the loop.
//! docs/agents.md documents it for users.
//!
//! Why a crate of its own, free of games: the tools are the same for both
//! transports, so they are written once against [`Backend`]. The CLI's
//! `spielleiter mcp` serves them over stdio with [`local::Local`] (one game
//! in this process, bots from the registry); the game server serves them at
//! `/mcp` with its own backend over its tables. Neither the server (which
//! must stay free of games) nor this crate needs to know a game's types: the
//! engine's JSON interface ([`engine::DynMatch`]) carries everything.

pub mod args;
pub mod backend;
pub mod handler;
pub mod jsonrpc;
pub mod labels;
pub mod lean;
pub mod local;
pub mod places;
pub mod rules;
pub mod text;
pub mod tools;

pub use backend::{Backend, Transport};
pub use rmcp;
pub use tokio_util::sync::CancellationToken;
pub use tools::{Memory, Referee};

use std::sync::Arc;

/// The caller's address, which the game server puts into each `/mcp`
/// request's extensions (for the per-address table cap).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub std::net::IpAddr);

/// Serves the tools over stdin/stdout until the client closes them.
pub async fn serve_stdio(backend: Arc<dyn Backend>) -> std::io::Result<()> {
    let (read, write) = rmcp::transport::stdio();
    serve_io(backend, read, write).await
}

/// Serves the tools for `backend` on any byte stream pair until the peer
/// closes it: this process's stdin/stdout ([`serve_stdio`]), or an agent
/// program's standard output (read) and input (written) in the arena, the
/// agent being the client.
pub async fn serve_io<R, W>(backend: Arc<dyn Backend>, read: R, write: W) -> std::io::Result<()>
where
    R: tokio::io::AsyncRead + Send + Unpin + 'static,
    W: tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    use rmcp::ServiceExt;
    // Every line passes the JSON-RPC screen first ([`jsonrpc`]): rmcp reads
    // what passes from one pipe and writes to another, whose lines are
    // merged with the screen's error answers into `write`.
    let (rmcp_in, screened) = tokio::io::duplex(64 * 1024);
    let (rmcp_out, merged) = tokio::io::duplex(64 * 1024);
    let (answer, answers) = tokio::sync::mpsc::channel(64);
    let screen = tokio::spawn(jsonrpc::screen_lines(read, screened, answer));
    let merge = tokio::spawn(jsonrpc::merge_output(merged, answers, write));
    let referee = Referee::new(backend, Arc::new(Memory::default()));
    let served = async {
        let service = referee
            .serve((rmcp_in, rmcp_out))
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        service
            .waiting()
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok::<(), std::io::Error>(())
    };
    let result = served.await;
    screen.abort();
    let _ = merge.await;
    result
}

/// The session manager of `/mcp`.
pub type Sessions = rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

/// The service `/mcp` is answered by.
pub type HttpService = rmcp::transport::streamable_http_server::StreamableHttpService<Referee, Sessions>;

/// Most MCP sessions a server keeps at once: each holds a task and buffers,
/// and a client can open one per request. Past it a new session is refused
/// (`mcp.sessions_full`) until idle ones expire ([`SESSION_IDLE`]).
pub const MAX_SESSIONS: usize = 4096;

/// An idle session is closed after this long: longer than the longest
/// `wait_for_turn`, far shorter than rmcp's default of five minutes.
pub const SESSION_IDLE: std::time::Duration = std::time::Duration::from_secs(150);

/// The streamable-HTTP service of the tools, for a router to mount at
/// `/mcp`, with its session manager (to count sessions against
/// [`MAX_SESSIONS`]). Host and Origin are checked by the router's own layers
/// (the same policy as the rest of the API), so rmcp's loopback-only default
/// is turned off here; `max_body` is the server's body limit.
pub fn http_service(
    backend: Arc<dyn Backend>,
    max_body: usize,
    shutdown: CancellationToken,
) -> (HttpService, Arc<Sessions>) {
    use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
    let memory = Arc::new(Memory::default());
    let config = StreamableHttpServerConfig::default()
        .disable_allowed_hosts()
        .with_max_request_body_bytes(max_body)
        .with_cancellation_token(shutdown);
    let mut sessions = Sessions::default();
    sessions.session_config.keep_alive = Some(SESSION_IDLE);
    let sessions = Arc::new(sessions);
    let service = StreamableHttpService::new(
        move || Ok(Referee::new(Arc::clone(&backend), Arc::clone(&memory))),
        Arc::clone(&sessions),
        config,
    );
    (service, sessions)
}

/// Whether a new session may open now (see [`MAX_SESSIONS`]). It waits its
/// turn at a busy session table: counting a busy table as full refused
/// most of a burst of agents arriving at once (490 of 600 in the soak's
/// MCP flood) while the server had room for all of them.
pub async fn session_room(sessions: &Sessions) -> bool {
    sessions.sessions.read().await.len() < MAX_SESSIONS
}

//! # spielleiter game server
//!
//! Tables, seats and live play for every game the caller registers: an HTTP
//! API (JSON) and a WebSocket per table, each client seeing only its own
//! view. Every accepted action is committed to the database (SQLite by
//! default, PostgreSQL on request) before anyone learns of it, and unfinished
//! tables are restored on start from their stored log (chance outcomes
//! included), checked against the stored digest of their state.
//!
//! The games come in as a [`Registry`] of [`engine::GameEntry`]s and the bots
//! as a [`BotRegistry`], so this crate depends on no game and no bot.
//! docs/server.md is the reference of the API.

pub mod abandon;
pub mod analysis;
pub mod bots;
pub mod branch;
pub mod chain;
pub mod chat;
pub mod clock;
pub mod cluster;
pub mod db;
pub mod error;
pub mod fairplay;
pub mod graph;
pub mod guard;
pub mod http;
mod instance_lock;
pub mod limits;
pub mod listen;
pub mod loadtest;
pub mod mcp;
mod mcp_forward;
mod writer;

pub mod lobby;
pub mod migrations;
pub mod my_games;
pub mod names;
pub mod pace;
pub mod protocol;
pub mod proxy;
pub mod rating;
pub mod ratings;
pub mod registry;
pub mod rematch;
pub mod replay;
pub mod secret;
pub mod siege;
pub mod soak;
pub mod table;
pub mod webui;
pub mod ws;

pub use bots::{BotRegistry, Decision, RandomBot, SeatBot};
pub use error::{ApiError, ServerError};
pub use registry::Registry;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How the server runs. [`ServerConfig::default`] is what `spielleiter serve`
/// uses without flags. Every limit is per client address (IP), never per
/// connection, so reconnecting resets nothing.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Address to listen on.
    pub addr: String,
    /// `sqlite://FILE` (created if missing) or `postgres://…`.
    pub database_url: String,
    /// How long a server bot waits before it acts, in milliseconds.
    pub bot_think_ms: u64,
    /// Largest HTTP request body, in bytes.
    pub max_body_bytes: usize,
    /// Largest WebSocket message that is read, in bytes; larger ones get a
    /// `too_large` error (the connection stays), messages over four times
    /// this end the connection.
    pub max_message_bytes: usize,
    /// WebSocket messages per second per client address (average).
    pub ws_rate: f64,
    /// WebSocket messages a client address may send at once.
    pub ws_burst: f64,
    /// Chat lines per second per client address (average).
    pub chat_rate: f64,
    /// Chat lines a client address may send at once.
    pub chat_burst: f64,
    /// HTTP requests per second per client address (average).
    pub http_rate: f64,
    /// HTTP requests a client address may send at once.
    pub http_burst: f64,
    /// Origins allowed besides the server's own, for CORS and for
    /// state-changing requests; empty (the default) allows only the same origin.
    pub cors_origins: Vec<String>,
    /// Host names the server answers to besides its address (and loopback
    /// names on a loopback address): `name` or `name:port`.
    pub public_hosts: Vec<String>,
    /// Base of the shareable seat links; defaults to `http://{addr}`.
    pub public_url: Option<String>,
    /// How long a finished table stays in memory before it is served from
    /// the database only, in seconds.
    pub finished_linger_secs: u64,
    /// Open (unfinished) tables one client address may have created.
    pub tables_per_address: usize,
    /// Open tables in total.
    pub max_tables: usize,
    /// Open connections (HTTP and WebSocket) per client address.
    pub connections_per_address: usize,
    /// New connections per second per client address (average) served at
    /// once; more wait their turn ([`pace`]); 0 paces nothing.
    pub connection_rate: f64,
    /// New connections a client address may open at once before they are
    /// paced.
    pub connection_burst: f64,
    /// Open connections in total (lowered at start to what the process's
    /// file-descriptor limit allows).
    pub max_connections: usize,
    /// Time a client has to send a request's header (and the longest idle
    /// time between keep-alive requests), in milliseconds.
    pub header_read_timeout_ms: u64,
    /// Time without a byte received after which any connection, HTTP or
    /// WebSocket, is closed, in milliseconds. The server pings WebSocket
    /// clients every third of it.
    pub idle_timeout_ms: u64,
    /// Longest time to read a request's body and answer it, in milliseconds.
    pub request_timeout_ms: u64,
    /// Longest time a write to a client may wait for it to read, in
    /// milliseconds; then the connection is closed (a WebSocket's seat
    /// stays, to be taken back by reconnecting).
    pub write_timeout_ms: u64,
    /// Lets a client choose the seed of a table with more than one human
    /// seat. Off by default: whoever knows a table's seed can rebuild its
    /// hidden cards with the public referee. For test servers and teaching
    /// (positions reproduced on purpose); such tables are marked as chosen-seed
    /// tables in the lobby and the table view like any other.
    pub allow_chosen_seeds: bool,
    /// Makes the server's chance reproducible, for tests and demonstrations
    /// only: the n-th table created gets a seed derived from this one (and is
    /// marked as a chosen-seed table, since whoever knows it knows the
    /// chance), and every bot decision is drawn from it, the table's seed,
    /// the seat and how many moves that seat's bot has made. A test then plays the same game on every
    /// run, so its length is known. No command-line flag sets it.
    pub replay_seed: Option<u64>,
    /// The name of this instance among several on one PostgreSQL database
    /// (see [`cluster`]); `None`: the host's name and the port. Refused
    /// with SQLite, which serves one server.
    pub instance: Option<String>,
    /// Where the other instances reach this one (`http://host:port`);
    /// `None`: `http://` and the address it listens on.
    pub advertise: Option<String>,
    /// Position analyses ([`analysis`]) the server runs at once, each on one
    /// thread of the blocking pool; one more is refused as busy, not queued.
    /// 0 refuses every analysis.
    pub analysis_slots: usize,
    /// Playouts per decision of a finished table's win-chance graph
    /// ([`graph`], computed in the background in the analysis slots).
    pub graph_playouts: u64,
    /// Seconds an unfinished table may go with no human (or agent) seat
    /// connected and no seat's human acting before it ends as abandoned
    /// (see [`abandon`]); 0 never ends a table so.
    pub abandon_after_secs: u64,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: "127.0.0.1:8080".into(),
            database_url: "sqlite://spielleiter.db".into(),
            bot_think_ms: 300,
            max_body_bytes: 16 * 1024,
            max_message_bytes: 16 * 1024,
            ws_rate: 50.0,
            ws_burst: 100.0,
            chat_rate: 0.5,
            chat_burst: 5.0,
            http_rate: 100.0,
            http_burst: 400.0,
            cors_origins: Vec::new(),
            public_hosts: Vec::new(),
            public_url: None,
            finished_linger_secs: 600,
            tables_per_address: 100,
            max_tables: 10_000,
            connections_per_address: 256,
            connection_rate: 20.0,
            connection_burst: 40.0,
            max_connections: 10_000,
            header_read_timeout_ms: 10_000,
            idle_timeout_ms: 60_000,
            request_timeout_ms: 30_000,
            write_timeout_ms: 10_000,
            allow_chosen_seeds: false,
            replay_seed: None,
            instance: None,
            advertise: None,
            analysis_slots: 1,
            graph_playouts: graph::DEFAULT_PLAYOUTS,
            abandon_after_secs: abandon::DEFAULT_AFTER_SECS,
        }
    }
}

impl ServerConfig {
    /// This config with every cap raised for a load test from one address
    /// (every limit but the sizes and timeouts).
    pub fn for_load_test(self) -> ServerConfig {
        ServerConfig {
            ws_rate: 1e9,
            ws_burst: 1e9,
            chat_rate: 1e9,
            chat_burst: 1e9,
            http_rate: 1e9,
            http_burst: 1e9,
            tables_per_address: 1_000_000,
            max_tables: 1_000_000,
            connections_per_address: 1_000_000,
            connection_rate: 0.0,
            connection_burst: 1e9,
            max_connections: 1_000_000,
            ..self
        }
    }
}

/// The soft limit of open files of this process (Linux), if it can be read.
fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// A server that is up: its address, and how to stop it.
#[derive(Debug)]
pub struct RunningServer {
    /// The address it listens on (useful with port 0).
    pub addr: SocketAddr,
    /// Number of tables restored at start.
    pub restored: usize,
    shutdown: watch::Sender<bool>,
    task: tokio::task::JoinHandle<Result<(), ServerError>>,
    cluster: Option<Arc<cluster::Cluster>>,
}

impl RunningServer {
    /// Stops accepting, closes connections, lets every table finish its
    /// pending writes, and closes the database.
    pub async fn shutdown(self) -> Result<(), ServerError> {
        let _ = self.shutdown.send(true);
        self.wait().await
    }

    /// Waits until the server has stopped.
    pub async fn wait(self) -> Result<(), ServerError> {
        match self.task.await {
            Ok(r) => r,
            Err(e) => Err(ServerError::Io(std::io::Error::other(e.to_string()))),
        }
    }

    /// A sender that stops the server when `true` is sent.
    pub fn stopper(&self) -> watch::Sender<bool> {
        self.shutdown.clone()
    }

    /// The instance's membership on a PostgreSQL database (`None`: SQLite).
    pub fn cluster(&self) -> Option<Arc<cluster::Cluster>> {
        self.cluster.clone()
    }
}

/// Connects to the database, restores unfinished tables and starts serving.
/// Returns once the server listens.
pub async fn start(config: ServerConfig, games: Registry, bots: BotRegistry) -> Result<RunningServer, ServerError> {
    let config_linger = config.finished_linger_secs;
    let sqlite = config.database_url.starts_with("sqlite:");
    if sqlite && (config.instance.is_some() || config.advertise.is_some()) {
        return Err(ServerError::Config(
            "--instance und --advertise brauchen PostgreSQL; SQLite bedient einen Server /              --instance and --advertise need PostgreSQL; SQLite serves one server"
                .into(),
        ));
    }
    // Bound first: an instance's name and address come from the port.
    let listener = listen::bind(&config.addr).await.map_err(|source| ServerError::Bind {
        addr: config.addr.clone(),
        source,
    })?;
    let addr = listener.local_addr()?;
    // On PostgreSQL every server is an instance that owns its tables (a
    // lone one owns them all): two servers on one database never drive the
    // same table.
    let instance = (!sqlite).then(|| config.instance.clone().unwrap_or_else(|| cluster::default_name(addr)));
    let (db, writer) = db::Db::connect_as(&config.database_url, instance.clone()).await?;
    let cluster = match instance {
        Some(name) => {
            let advertise = config
                .advertise
                .clone()
                .unwrap_or_else(|| format!("http://{addr}"))
                .trim_end_matches('/')
                .to_string();
            Some(cluster::Cluster::join(&config.database_url, name, advertise, &db).await?)
        }
        None => None,
    };
    let shared = table::Shared {
        db: db.clone(),
        bots,
        bot_think: Duration::from_millis(config.bot_think_ms),
        quarantine: table::Quarantine::default(),
        allow_chosen_seeds: config.allow_chosen_seeds,
        replay: config.replay_seed.map(replay::Replay::new),
    };
    let lobby = Arc::new(lobby::Lobby::new(games, shared));
    let restored_tables = match &cluster {
        Some(c) => {
            let ids = c.take_initial().await.map_err(|source| ServerError::Database {
                url: "(restore)".into(),
                source,
            })?;
            lobby.restore_ids(ids).await
        }
        None => lobby.restore().await?,
    };
    let restored = restored_tables.len();
    // Rated tables that ended while the server stopped before counting them.
    let rules_of =
        |game: &str, options: &serde_json::Value| ratings::rules_id(lobby.registry().get(game).as_deref(), options);
    match ratings::catch_up(&lobby.shared().db, &rules_of).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(tables = n, "ratings caught up"),
        Err(e) => tracing::error!(error = %e, "ratings not caught up"),
    }
    // Keep file descriptors for the database, the log and the listener
    // itself: a connection past the limit would fail to be accepted anyway.
    let max_connections = match open_files_limit() {
        Some(fds) => config.max_connections.min(fds.saturating_sub(64).max(16)),
        None => config.max_connections,
    };
    let connections = limits::Connections::new(config.connections_per_address, max_connections);
    let pace = Arc::new(pace::Pace::new(config.connection_rate, config.connection_burst));
    let timeouts = listen::Timeouts {
        header_read: Duration::from_millis(config.header_read_timeout_ms.max(1)),
        idle: Duration::from_millis(config.idle_timeout_ms.max(1)),
        write: Duration::from_millis(config.write_timeout_ms.max(1)),
    };
    let (shutdown, shutdown_rx) = watch::channel(false);
    let app = http::App::new(
        config,
        addr,
        Arc::clone(&lobby),
        Arc::clone(&connections),
        shutdown_rx.clone(),
        cluster.clone(),
    );
    app.open_tables.adopt(restored_tables);
    let router = http::router(Arc::clone(&app));
    let sweeper = {
        let (app, linger) = (Arc::downgrade(&app), Duration::from_secs(config_linger));
        tokio::spawn(async move {
            let mut seen = std::collections::HashMap::new();
            let mut tick = tokio::time::interval(linger.clamp(Duration::from_millis(100), Duration::from_secs(30)));
            loop {
                tick.tick().await;
                let Some(app) = app.upgrade() else { return };
                app.lobby.evict_finished(linger, &mut seen);
                app.sweep();
            }
        })
    };
    let abandoner = abandon::spawn(Arc::downgrade(&app), app.config.abandon_after_secs);
    let rounds = cluster
        .as_ref()
        .map(|c| cluster::spawn(Arc::clone(c), Arc::downgrade(&app)));
    drop(app);
    tracing::info!(%addr, restored, "listening");
    let stopping_cluster = cluster.clone();
    let task = tokio::spawn(async move {
        // Returns once shutdown was asked for and the connections closed
        // (or 10 s passed).
        listen::serve(
            listener,
            router,
            connections,
            pace,
            timeouts,
            shutdown_rx,
            Duration::from_secs(10),
        )
        .await;
        // Connections are closed; drop the tables so their actors finish
        // what is queued, then let the writer commit the rest.
        sweeper.abort();
        if let Some(a) = abandoner {
            a.abort();
        }
        if let Some(r) = rounds {
            r.abort();
        }
        lobby.close();
        drop(lobby);
        db.close(writer, Duration::from_secs(30)).await;
        // Every write is committed: the peers may take the tables now.
        if let Some(c) = &cluster {
            c.release().await;
        }
        tracing::info!("server stopped");
        Ok(())
    });
    Ok(RunningServer {
        addr,
        restored,
        shutdown,
        task,
        cluster: stopping_cluster,
    })
}

/// Runs the server until Ctrl-C or SIGTERM, then shuts down gracefully.
pub async fn run(config: ServerConfig, games: Registry, bots: BotRegistry) -> Result<(), ServerError> {
    let server = start(config, games, bots).await?;
    let stop = server.stopper();
    let cluster = server.cluster();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        // Drained: no new tables come here, and the tables are handed over
        // once their writes are committed (see `cluster`).
        if let Some(c) = cluster {
            c.start_draining().await;
        }
        let _ = stop.send(true);
    });
    server.wait().await
}

/// [`run`] on a runtime of its own, for front ends without one (the CLI).
pub fn run_blocking(config: ServerConfig, games: Registry, bots: BotRegistry) -> Result<(), ServerError> {
    tokio::runtime::Runtime::new()?.block_on(run(config, games, bots))
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Installs the structured log (tracing) for binaries, on stderr: `RUST_LOG`
/// filters (default `info`); colours only on a terminal.
pub fn init_logging() {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    // rmcp logs whole requests and answers at debug level, seat tokens
    // included (MCP at /mcp): never below info, whatever RUST_LOG says.
    let filter = match "rmcp=info".parse() {
        Ok(directive) => filter.add_directive(directive),
        Err(_) => filter,
    };
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

//! `spielleiter`: the command-line tool of the spielleiter rules engine.

use spielleiter_cli::{arena, bench, referee, registry, replay, simulate, with_game};

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Rules engine, referee and simulator for CATAN, Catan Junior and Splendor.
#[derive(Parser, Debug)]
#[command(name = "spielleiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size of its largest variant (`serve` with every
// limit flag) costs nothing, and boxing it would only obscure clap's derive.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Plays uniformly random games on all cores and prints a summary.
    Simulate {
        /// Game id (see `spielleiter games`).
        #[arg(long, default_value = "splendor")]
        game: String,
        /// Seats per game.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Turn cap per game: a simulation setting, not a rule.
        #[arg(long, default_value_t = 1_000)]
        max_turns: u32,
        /// Game options as JSON (e.g. '{"board":"beginner"}').
        #[arg(long)]
        options: Option<String>,
        /// A rule set of the game by its id (see `spielleiter games`), e.g.
        /// `cities_knights` or `five_six`; `--options` may add to it.
        #[arg(long)]
        rules: Option<String>,
        /// Let random players make domestic trade offers too.
        #[arg(long)]
        with_offers: bool,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Speaks the JSON-lines referee protocol on stdin/stdout (docs/protocol.md).
    Referee,
    /// Serves the MCP tools (Model Context Protocol) on stdin/stdout: an agent plays a game in this process (docs/agents.md).
    Mcp,
    /// Replays a saved game log and checks it reaches its recorded final state.
    Replay {
        /// The log file (JSON, as the referee's `log` op returns it).
        file: std::path::PathBuf,
    },
    /// Analyses a position of a saved game: each legal action with the
    /// deciding seat's chance to win after it, from the search in that seat's
    /// information set (docs/bots.md, "Position analysis").
    Analyze {
        /// The log file (JSON, as the referee's `log` op returns it).
        file: std::path::PathBuf,
        /// The position after this many log entries (default: the end).
        #[arg(long)]
        at: Option<u64>,
        /// The seat to analyse, from 0 (default: the first seat to act there).
        #[arg(long)]
        seat: Option<u8>,
        /// Search time in milliseconds (at most 30,000) instead of playouts.
        #[arg(long)]
        ms: Option<u64>,
        /// Playouts (default 2,000, at most 100,000).
        #[arg(long)]
        playouts: Option<u64>,
        /// Show only the best N actions (default: all).
        #[arg(long)]
        top: Option<usize>,
        /// Search threads (0: all cores).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Seed of the search.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Analyse every decision of the game instead (the win-chance graph,
        /// with what each move cost its seat); `--threads` then runs that many
        /// decisions at once, one search thread each (default playouts 1,000).
        #[arg(long)]
        graph: bool,
    },
    /// Random games per second on one core (the benchmark of docs/benchmarks.md).
    Bench {
        /// Game id.
        #[arg(long, default_value = "splendor")]
        game: String,
        /// Seats per game.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Seconds to measure (after a warm-up).
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Turn cap per game.
        #[arg(long, default_value_t = 1_000)]
        max_turns: u32,
        /// First seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Game options as JSON (e.g. '{"rules":"cities_knights"}' or
        /// '{"extension":"five_six"}').
        #[arg(long)]
        options: Option<String>,
        /// A rule set of the game by its id (see `spielleiter games`), e.g.
        /// `cities_knights` or `five_six`; `--options` may add to it.
        #[arg(long)]
        rules: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Plays games between bots (random, greedy, lookahead, mcts, external programs)
    /// with rotating seats on all cores and reports win rates (docs/bots.md).
    Arena {
        /// Game id: splendor, catan, catan-junior.
        #[arg(long, default_value = "splendor")]
        game: String,
        // The help text is an attribute, not a doc comment: rustdoc would read
        // `<command line>` as an unclosed HTML tag.
        #[arg(
            long = "bot",
            required = true,
            help = "One bot per seat, in seat order of game 0: random, random:offers, greedy, mcts, \
                    mcts:playouts=1000,rollout=greedy, cmd:<command line>, mcp:<command line> (an MCP agent, \
                    docs/agents.md)"
        )]
        bots: Vec<String>,
        /// Number of games (seats rotate from game to game).
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of game 0 (game i uses seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Games played at once (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Turn cap per game: a simulation setting, not a rule.
        #[arg(long, default_value_t = 1_000)]
        max_turns: u32,
        /// Game options as JSON (e.g. '{"two_players":true}').
        #[arg(long)]
        options: Option<String>,
        /// A rule set of the game by its id (see `spielleiter games`), e.g.
        /// `cities_knights` or `five_six`; `--options` may add to it.
        #[arg(long)]
        rules: Option<String>,
        /// Time budget of an external program per decision, in milliseconds.
        /// Default 5000, or 120000 when a seat is an MCP agent (`mcp:…`):
        /// a language model needs that long for a decision.
        #[arg(long)]
        timeout_ms: Option<u64>,
        /// Write the summary and every game as JSON to this file.
        #[arg(long)]
        json_out: Option<std::path::PathBuf>,
        /// Write one CSV line per game to this file.
        #[arg(long)]
        csv_out: Option<std::path::PathBuf>,
        /// Print the summary as JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Seats per game, fewer than the bots named: a round robin over
        /// every group of that many bots (default: every bot in every game).
        #[arg(long)]
        players: Option<usize>,
        /// Also rate the bots (Weng-Lin, as the server's ratings) and print
        /// each rating with its deviation (docs/ratings.md).
        #[arg(long)]
        ratings: bool,
    },
    /// Lists the games this binary knows.
    Games,
    /// Runs the game server: tables, seats and live play over HTTP and WebSocket (docs/server.md).
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// Database: sqlite://FILE (created if missing) or postgres://USER@HOST/DB.
        #[arg(long, default_value = "sqlite://spielleiter.db")]
        database: String,
        /// How long server bots think before acting, in milliseconds.
        #[arg(long, default_value_t = 300)]
        bot_think_ms: u64,
        /// Allow browser pages from this origin besides the server's own (CORS and state-changing requests); repeatable. Default: none.
        #[arg(long)]
        cors_origin: Vec<String>,
        /// A host name the server answers to besides its address (NAME or NAME:PORT); repeatable.
        #[arg(long)]
        public_host: Vec<String>,
        /// The budget of the server's `mcts` bot, as an mcts spec (docs/bots.md).
        #[arg(long, default_value = spielleiter_cli::seat_bot::SERVER_MCTS)]
        mcts: String,
        /// Let clients choose the seed of tables with several human seats (test and teaching servers only: whoever knows a seed knows the hidden cards). Default: only where every other seat is a bot.
        #[arg(long)]
        allow_chosen_seeds: bool,
        /// Name of this instance among several on one PostgreSQL database (docs/server.md, "Several instances"). Default: the host's name and the port.
        #[arg(long)]
        instance: Option<String>,
        /// Where the other instances reach this one (http://HOST:PORT), with several on one PostgreSQL database. Default: http:// and --addr.
        #[arg(long)]
        advertise: Option<String>,
        #[command(flatten)]
        limits: ServeLimits,
    },
    /// Load test: tables of random players over WebSocket, reporting actions/s and latency.
    Loadtest {
        /// Server to test (e.g. http://127.0.0.1:8080); default: one started in this process on a temporary SQLite file.
        #[arg(long)]
        url: Option<String>,
        /// Game id.
        #[arg(long, default_value = "splendor")]
        game: String,
        /// Seats per table.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Tables played at once.
        #[arg(long, default_value_t = 1000)]
        tables: usize,
        /// Seconds to measure.
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        /// Target actions per second over all tables (players who think); default: as fast as possible.
        #[arg(long)]
        rate: Option<f64>,
        /// How each table spaces its actions with --rate: evenly (each table at its own phase) or with exponential gaps (Poisson).
        #[arg(long, value_enum, default_value_t = ArrivalsArg::Even)]
        arrivals: ArrivalsArg,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Soak test: real tables of bots play while hostile clients attack a loopback server; reports what the tables saw.
    Soak {
        /// The server (on loopback), e.g. http://127.0.0.1:8080.
        #[arg(long)]
        url: String,
        /// The server's process id, to read its memory from /proc (else from /api/health).
        #[arg(long)]
        server_pid: Option<u32>,
        /// Game of the real tables.
        #[arg(long, default_value = "splendor")]
        game: String,
        /// Seats per real table.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Real tables playing throughout.
        #[arg(long, default_value_t = 200)]
        tables: usize,
        /// Actions per second over all real tables.
        #[arg(long, default_value_t = 400.0)]
        rate: f64,
        /// Seconds measured before the attack.
        #[arg(long, default_value_t = 10.0)]
        baseline: f64,
        /// Seconds of attack.
        #[arg(long, default_value_t = 20.0)]
        seconds: f64,
        /// Half-sent requests held per attacking address (4 addresses).
        #[arg(long, default_value_t = 300)]
        slow_per_address: usize,
        /// Attacking addresses of the table flood (127.10.x.y).
        #[arg(long, default_value_t = 200)]
        addresses: usize,
        /// Tables each flooding address tries to create.
        #[arg(long, default_value_t = 60)]
        flood_tables: usize,
        /// Idle WebSockets held during the attack.
        #[arg(long, default_value_t = 2000)]
        idle: usize,
        /// Silent TCP connections held during the attack.
        #[arg(long, default_value_t = 3000)]
        silent: usize,
        /// WebSockets that never read, held during the attack.
        #[arg(long, default_value_t = 50)]
        slow_readers: usize,
        /// Addresses the idle and silent sockets come from (0: those of the table flood).
        #[arg(long, default_value_t = 0)]
        socket_addresses: usize,
        /// MCP sessions parked in wait_for_turn during the attack.
        #[arg(long, default_value_t = 600)]
        mcp_waiters: usize,
        /// Which attacks run: all, or one flood alone (tables, sockets, mcp).
        #[arg(long, default_value = "all")]
        flood: server::soak::Flood,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// The limits of `serve` (docs/server.md); each flag left out keeps the
/// default of `server::ServerConfig`.
#[derive(clap::Args, Debug)]
struct ServeLimits {
    /// Open tables one client address may have [default: 100].
    #[arg(long)]
    tables_per_address: Option<usize>,
    /// Open tables in total [default: 10000].
    #[arg(long)]
    max_tables: Option<usize>,
    /// Open connections per client address [default: 256].
    #[arg(long)]
    connections_per_address: Option<usize>,
    /// New connections per second per client address served at once; more wait their turn (up to 15 s); 0 paces nothing [default: 20].
    #[arg(long)]
    connection_rate: Option<f64>,
    /// New connections a client address may open at once before they are paced [default: 40].
    #[arg(long)]
    connection_burst: Option<f64>,
    /// Open connections in total, at most the file-descriptor limit less 64 [default: 10000].
    #[arg(long)]
    max_connections: Option<usize>,
    /// Milliseconds a client has to send a request header; also the keep-alive idle time [default: 10000].
    #[arg(long)]
    header_timeout_ms: Option<u64>,
    /// Milliseconds without a byte received before a connection (HTTP or WebSocket) is closed [default: 60000].
    #[arg(long)]
    idle_timeout_ms: Option<u64>,
    /// Milliseconds to read a request body and answer [default: 30000].
    #[arg(long)]
    request_timeout_ms: Option<u64>,
    /// Milliseconds a write may wait for a client that does not read before its connection is closed [default: 10000].
    #[arg(long)]
    write_timeout_ms: Option<u64>,
    /// HTTP requests per second per client address [default: 100].
    #[arg(long)]
    http_rate: Option<f64>,
    /// HTTP requests a client address may send at once [default: 400].
    #[arg(long)]
    http_burst: Option<f64>,
    /// WebSocket messages per second per client address [default: 50].
    #[arg(long)]
    ws_rate: Option<f64>,
    /// WebSocket messages a client address may send at once [default: 100].
    #[arg(long)]
    ws_burst: Option<f64>,
    /// Chat lines per second per client address [default: 0.5].
    #[arg(long)]
    chat_rate: Option<f64>,
    /// Chat lines a client address may send at once [default: 5].
    #[arg(long)]
    chat_burst: Option<f64>,
    /// Largest HTTP request body in bytes [default: 16384].
    #[arg(long)]
    max_body_bytes: Option<usize>,
    /// Largest WebSocket message in bytes [default: 16384].
    #[arg(long)]
    max_message_bytes: Option<usize>,
    /// Position analyses (`GET /api/tables/{id}/analysis`, MCP `analyze`) run at once, one thread each; 0 refuses them [default: 1].
    #[arg(long)]
    analysis_slots: Option<usize>,
    /// Seconds an unfinished table may go with no human seat connected or acting before it ends as abandoned; 0 never [default: 600].
    #[arg(long)]
    abandon_after_secs: Option<u64>,
}

impl ServeLimits {
    fn apply(self, c: server::ServerConfig) -> server::ServerConfig {
        server::ServerConfig {
            tables_per_address: self.tables_per_address.unwrap_or(c.tables_per_address),
            max_tables: self.max_tables.unwrap_or(c.max_tables),
            connections_per_address: self.connections_per_address.unwrap_or(c.connections_per_address),
            connection_rate: self.connection_rate.unwrap_or(c.connection_rate),
            connection_burst: self.connection_burst.unwrap_or(c.connection_burst),
            max_connections: self.max_connections.unwrap_or(c.max_connections),
            header_read_timeout_ms: self.header_timeout_ms.unwrap_or(c.header_read_timeout_ms),
            idle_timeout_ms: self.idle_timeout_ms.unwrap_or(c.idle_timeout_ms),
            request_timeout_ms: self.request_timeout_ms.unwrap_or(c.request_timeout_ms),
            write_timeout_ms: self.write_timeout_ms.unwrap_or(c.write_timeout_ms),
            http_rate: self.http_rate.unwrap_or(c.http_rate),
            http_burst: self.http_burst.unwrap_or(c.http_burst),
            ws_rate: self.ws_rate.unwrap_or(c.ws_rate),
            ws_burst: self.ws_burst.unwrap_or(c.ws_burst),
            chat_rate: self.chat_rate.unwrap_or(c.chat_rate),
            chat_burst: self.chat_burst.unwrap_or(c.chat_burst),
            max_body_bytes: self.max_body_bytes.unwrap_or(c.max_body_bytes),
            max_message_bytes: self.max_message_bytes.unwrap_or(c.max_message_bytes),
            analysis_slots: self.analysis_slots.unwrap_or(c.analysis_slots),
            abandon_after_secs: self.abandon_after_secs.unwrap_or(c.abandon_after_secs),
            ..c
        }
    }
}

/// `loadtest --arrivals`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ArrivalsArg {
    Even,
    Poisson,
}

fn server_games() -> Result<server::Registry, String> {
    server::Registry::new(registry::entries()).map_err(|e| e.to_string())
}

/// The options of a run: the named rule set's (from the registry), with
/// `--options` laid over them field by field.
fn parse_options(game: &str, rules: Option<&str>, options: Option<&str>) -> Result<serde_json::Value, String> {
    use serde_json::Value;
    let given = match options {
        None => Value::Null,
        Some(s) => serde_json::from_str(s).map_err(|e| format!("--options is not JSON: {e}"))?,
    };
    let Some(rules) = rules else { return Ok(given) };
    let info = registry::game(game).map_err(|e| e.message.en)?;
    let Some(set) = info.rule_sets.iter().find(|r| r.id == rules) else {
        let known: Vec<&str> = info.rule_sets.iter().map(|r| r.id).collect();
        return Err(format!(
            "--rules: {game} has no rule set '{rules}' (known: {})",
            known.join(", ")
        ));
    };
    let mut merged = set.options.clone();
    match (&mut merged, given) {
        (_, Value::Null) => {}
        (Value::Object(base), Value::Object(extra)) => base.extend(extra),
        (_, other) => {
            return Err(format!(
                "--options must be a JSON object to go with --rules, not {other}"
            ))
        }
    }
    Ok(merged)
}

fn config_of<G: engine::Game>(options: &serde_json::Value) -> Result<G::Config, String> {
    if options.is_null() {
        Ok(G::Config::default())
    } else {
        serde_json::from_value(options.clone()).map_err(|e| format!("--options: {e}"))
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Arena {
            game,
            bots,
            games,
            seed,
            threads,
            max_turns,
            options,
            rules,
            timeout_ms,
            json_out,
            csv_out,
            json,
            players,
            ratings,
        } => {
            let options = parse_options(&game, rules.as_deref(), options.as_deref())?;
            let timeout_ms = timeout_ms.unwrap_or_else(|| arena::default_timeout_ms(&bots));
            let opts = arena::ArenaOptions {
                game,
                bots,
                games,
                seed,
                threads: threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                max_turns,
                options,
                timeout: std::time::Duration::from_millis(timeout_ms),
                progress: true,
                players,
                ratings,
            };
            let report = arena::arena(&opts)?;
            arena::OutputFiles {
                json: json_out,
                csv: csv_out,
            }
            .write(&report)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report.summary).map_err(|e| e.to_string())?
                );
            } else {
                print!("{}", report.to_text());
            }
            Ok(())
        }
        Command::Games => {
            // Each game, then its rule sets (the id `--rules` takes) with
            // the players each allows.
            for g in registry::games() {
                println!("{}  ({})", g.id, g.name.1);
                for r in &g.rule_sets {
                    println!(
                        "  --rules {:<24} {}–{} players  {}",
                        r.id,
                        r.players.start(),
                        r.players.end(),
                        r.name.1
                    );
                }
            }
            Ok(())
        }
        Command::Serve {
            addr,
            database,
            bot_think_ms,
            cors_origin,
            public_host,
            mcts,
            allow_chosen_seeds,
            instance,
            advertise,
            limits,
        } => {
            server::init_logging();
            let config = limits.apply(server::ServerConfig {
                addr,
                database_url: database,
                bot_think_ms,
                cors_origins: cors_origin,
                public_hosts: public_host,
                allow_chosen_seeds,
                instance,
                advertise,
                ..server::ServerConfig::default()
            });
            let bots = spielleiter_cli::seat_bot::server_bots(&mcts).map_err(|e| {
                let m = e.info().message;
                format!("--mcts: {} / {}", m.de, m.en)
            })?;
            server::run_blocking(config, server_games()?, bots).map_err(|e| e.to_string())
        }
        Command::Loadtest {
            url,
            game,
            players,
            tables,
            seconds,
            rate,
            arrivals,
            json,
        } => {
            let config = server::loadtest::LoadtestConfig {
                url: url.unwrap_or_default(),
                game,
                players,
                tables,
                seconds,
                rate,
                arrivals: match arrivals {
                    ArrivalsArg::Even => server::loadtest::Arrivals::Even,
                    ArrivalsArg::Poisson => server::loadtest::Arrivals::Poisson,
                },
                ..server::loadtest::LoadtestConfig::default()
            };
            let report = server::loadtest::run_blocking(config, server_games()?).map_err(|e| e.to_string())?;
            if json {
                println!("{}", serde_json::to_string(&report).map_err(|e| e.to_string())?);
            } else {
                println!("{}", report.to_text());
            }
            Ok(())
        }
        Command::Soak {
            url,
            server_pid,
            game,
            players,
            tables,
            rate,
            baseline,
            seconds,
            slow_per_address,
            addresses,
            flood_tables,
            idle,
            silent,
            slow_readers,
            socket_addresses,
            mcp_waiters,
            flood,
            json,
        } => {
            let config = server::soak::SoakConfig {
                url,
                server_pid,
                game,
                players,
                tables,
                rate,
                baseline_secs: baseline,
                attack_secs: seconds,
                slow_per_address,
                siege: server::siege::SiegeConfig {
                    addresses,
                    tables_per_address: flood_tables,
                    idle,
                    silent,
                    slow_readers,
                    socket_addresses,
                    mcp_waiters,
                },
                flood,
                ..server::soak::SoakConfig::default()
            };
            let report = server::soak::run_blocking(config).map_err(|e| e.to_string())?;
            if json {
                println!("{}", serde_json::to_string(&report).map_err(|e| e.to_string())?);
            } else {
                println!("{}", report.to_text());
            }
            Ok(())
        }
        Command::Referee => referee::serve_stdio().map_err(|e| format!("I/O error: {e}")),
        Command::Mcp => spielleiter_cli::mcp::serve_stdio(),
        Command::Replay { file } => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let summary = replay::replay_text(&text).map_err(|e| e.to_string())?;
            println!("{summary:#}");
            Ok(())
        }
        Command::Analyze {
            file,
            at,
            seat,
            ms,
            playouts,
            top,
            threads,
            seed,
            json,
            graph,
        } => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            if graph {
                let req = spielleiter_cli::analyze::Request {
                    playouts: playouts.or(if ms.is_none() { Some(1_000) } else { None }),
                    ms,
                    top: None,
                    threads: Some(1),
                    seed,
                };
                let bar = indicatif::ProgressBar::new(0);
                bar.set_style(
                    indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} decisions, {eta} left")
                        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                let found = spielleiter_cli::graph::graph_log(&text, req, threads, &|done, total| {
                    bar.set_length(total as u64);
                    bar.set_position(done as u64);
                })
                .map_err(|e| e.to_string())?;
                bar.finish_and_clear();
                if json {
                    println!("{found}");
                } else {
                    print!("{}", spielleiter_cli::graph::table(&found, top.unwrap_or(10)));
                }
                return Ok(());
            }
            let req = spielleiter_cli::analyze::Request {
                playouts,
                ms,
                top,
                threads: Some(threads),
                seed,
            };
            let found = spielleiter_cli::analyze::analyze_log(&text, at, seat, req).map_err(|e| e.to_string())?;
            if json {
                println!("{found}");
            } else {
                print!("{}", spielleiter_cli::analyze::table(&found));
            }
            Ok(())
        }
        Command::Simulate {
            game,
            players,
            games,
            seed,
            threads,
            max_turns,
            options,
            rules,
            with_offers,
            json,
        } => {
            let options = parse_options(&game, rules.as_deref(), options.as_deref())?;
            let opts = simulate::SimulateOptions {
                players,
                games,
                seed,
                threads: threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                max_turns,
                with_offers,
                progress: true,
            };
            let summary = with_game!(game.as_str(), registry::Pick::Options(&options), G => {
                let config = config_of::<G>(&options)?;
                simulate::simulate::<G>(&config, &opts).map_err(|e| e.to_string())?
            })
            .map_err(|e| e.to_string())?;
            if json {
                println!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?);
            } else {
                print!("{}", summary.to_text());
            }
            Ok(())
        }
        Command::Bench {
            game,
            players,
            seconds,
            max_turns,
            seed,
            options,
            rules,
            json,
        } => {
            let options = parse_options(&game, rules.as_deref(), options.as_deref())?;
            let result = with_game!(game.as_str(), registry::Pick::Options(&options), G => {
                let config = config_of::<G>(&options)?;
                bench::bench::<G>(&config, players, seconds, max_turns, seed).map_err(|e| e.to_string())?
            })
            .map_err(|e| e.to_string())?;
            if json {
                println!("{}", serde_json::to_string(&result).map_err(|e| e.to_string())?);
            } else {
                println!(
                    "{} · {} players · one core: {:.0} games/s, {:.0} decisions/s ({} games in {:.1} s, {} capped at {} turns, {:.1} decisions/game), state {} bytes (+{} owned on the heap, +{} shared)",
                    result.game,
                    result.players,
                    result.games_per_sec,
                    result.decisions_per_sec,
                    result.games,
                    result.seconds,
                    result.capped,
                    result.max_turns,
                    result.mean_decisions,
                    result.state_bytes,
                    result.heap_bytes,
                    result.shared_bytes
                );
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

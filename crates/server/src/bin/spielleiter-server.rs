//! A stand-alone server with only the games this crate can see (the toy game
//! of the test kit). `spielleiter serve` is the real front door; this binary
//! exists so the crash tests can start, kill and restart a real process.
//!
//! Usage: `spielleiter-server [--addr HOST:PORT] [--database URL] [--bot-think-ms N]
//! [--instance NAME] [--advertise URL] [--max-tables N] [--tables-per-address N]
//! [--chat-rate R] [--chat-burst N] [--http-rate R] [--http-burst N] [--abandon-after-secs N]`
//! (the limits as `spielleiter serve` has them). Ctrl-C or SIGTERM stops it (an
//! instance on PostgreSQL hands its tables over first).
//! Prints `listening on ADDR` on stdout once it accepts connections.

use std::process::ExitCode;

fn usage() -> ExitCode {
    eprintln!(
        "usage: spielleiter-server [--addr HOST:PORT] [--database URL] [--bot-think-ms N] [--instance NAME] [--advertise URL] \
         [--max-tables N] [--tables-per-address N] [--chat-rate R] [--chat-burst N] [--http-rate R] [--http-burst N] [--abandon-after-secs N]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut config = server::ServerConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let Some(value) = args.next() else { return usage() };
        match flag.as_str() {
            "--addr" => config.addr = value,
            "--database" => config.database_url = value,
            "--instance" => config.instance = Some(value),
            "--advertise" => config.advertise = Some(value),
            "--bot-think-ms" => match value.parse() {
                Ok(ms) => config.bot_think_ms = ms,
                Err(_) => return usage(),
            },
            "--abandon-after-secs" => match value.parse() {
                Ok(n) => config.abandon_after_secs = n,
                Err(_) => return usage(),
            },
            "--max-tables" | "--tables-per-address" => match value.parse() {
                Ok(n) if flag == "--max-tables" => config.max_tables = n,
                Ok(n) => config.tables_per_address = n,
                Err(_) => return usage(),
            },
            "--chat-rate" | "--chat-burst" | "--http-rate" | "--http-burst" => match value.parse::<f64>() {
                Ok(x) if x.is_finite() && x > 0.0 => match flag.as_str() {
                    "--chat-rate" => config.chat_rate = x,
                    "--chat-burst" => config.chat_burst = x,
                    "--http-rate" => config.http_rate = x,
                    _ => config.http_burst = x,
                },
                _ => return usage(),
            },
            _ => return usage(),
        }
    }
    server::init_logging();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let games = match server::Registry::new(vec![engine::dynamic::Entry::<testkit::toy::HighCard>::boxed()]) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        let server = server::start(config, games, server::BotRegistry::default()).await?;
        println!("listening on {}", server.addr);
        let (stop, cluster) = (server.stopper(), server.cluster());
        tokio::spawn(async move {
            server::shutdown_signal().await;
            if let Some(c) = cluster {
                c.start_draining().await;
            }
            let _ = stop.send(true);
        });
        server.wait().await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

//! `spielleiter mcp`: the MCP tools (crate `spielleiter-mcp`) over stdio,
//! refereeing one game in this process. Here the registry's games and the
//! built-in bots are plugged into the game-free tool layer.

use crate::{registry, seat_bot};
use engine::{DynMatch, ErrorInfo, GameRng, Seat};
use mcp::local::Local;
use serde_json::Value;
use std::sync::Arc;

/// The bots an agent may seat: the built-in ones, `mcts` at the server's budget.
pub const BOTS: &[&str] = &["random", "greedy", "lookahead", "mcts"];

/// A bot's choice for the in-process backend.
fn choose(bot: &str, m: &dyn DynMatch, seat: Seat, legal: &[Value], rng: &mut GameRng) -> Result<usize, ErrorInfo> {
    let spec = if bot == "mcts" { seat_bot::SERVER_MCTS } else { bot };
    let spec = seat_bot::parse_spec(spec).map_err(|e| e.info())?;
    let state = if seat_bot::spec_needs_state(&spec) {
        m.state()
    } else {
        Value::Null
    };
    seat_bot::choose_json(&spec, m.game(), &state, seat, legal, rng).map_err(|e| e.info())
}

/// The in-process backend with every registered game and the built-in bots.
pub fn local_backend() -> Local {
    Local::new(
        registry::entries(),
        BOTS.iter().map(|b| b.to_string()).collect(),
        Arc::new(choose),
    )
    .with_analyst(Arc::new(analyze))
}

/// A hint for the agent's own decision (`analyze`): the referee's analysis
/// on one thread.
fn analyze(
    game: &str,
    state: &Value,
    seat: Seat,
    legal: &[Value],
    req: mcp::backend::AnalysisRequest,
) -> Result<Value, ErrorInfo> {
    crate::analyze::analyze_json(game, state, seat, legal, crate::analyze::request_of(req))
}

/// Serves the tools on stdin/stdout until the client disconnects.
pub fn serve_stdio() -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime
        .block_on(mcp::serve_stdio(Arc::new(local_backend())))
        .map_err(|e| format!("MCP over stdio: {e}"))
}

//! A seat played by a language-model agent over MCP: `mcp:<command>` in the
//! arena. The arena starts the agent program and serves it the MCP tools
//! (`observe`, `legal_actions`, `act`, `wait_for_turn`, …) on the program's
//! own standard input and output: the agent is the MCP client, as it is
//! towards `spielleiter mcp`, only the arena runs the game.
//!
//! This crate knows no MCP: [`AgentBot`] hands each decision to an
//! [`AgentSeat`] and waits for the answer; whoever serves the tools (the
//! command-line program, see [`set_server`]) reads and answers the seat.
//! A silent agent forfeits after the arena's time budget per decision
//! (`arena.timeout`; its clock starts with its first call, so start-up is
//! not counted, up to [`STARTUP`]: `arena.startup`), one that exits mid-game
//! at once (`arena.crashed`).

use crate::bot::{Bot, Forfeit};
use engine::{Game, GameResult, GameRng, Message, Seat, Viewer};
use serde_json::Value;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The seat as the agent's side sees it.
#[derive(Clone, Debug, Default)]
pub struct Decision {
    /// Game id.
    pub game: String,
    /// The seat played.
    pub seat: u8,
    /// Decisions asked so far in this game (the version an answer names).
    pub version: u64,
    /// The seat's view of the position (never the full state).
    pub view: Value,
    /// The legal actions while a decision is pending, else empty.
    pub legal: Vec<Value>,
    /// Whether the arena waits for the agent.
    pub pending: bool,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
    /// The game's description (`Game::describe_state`, JSON) for labels,
    /// shared by every snapshot (it is large and never changes in a game).
    pub description: Arc<Value>,
    /// What each place of the board touches (`Game::places`, JSON), shared.
    pub places: Arc<Value>,
    /// Whether the agent has made its first call: its clock starts then,
    /// so that a program's start-up (an SDK's import takes seconds) is not
    /// counted against its first decision.
    pub ready: bool,
    answer: Option<usize>,
    closed: bool,
}

/// Why an answer was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// No decision is pending (another seat acts, or the game is over).
    NotYourTurn,
    /// The answer names another decision than the pending one.
    Stale,
    /// The index is not one of the legal actions.
    OutOfRange,
}

/// The meeting point of the arena's game thread and the agent's MCP session.
#[derive(Debug, Default)]
pub struct AgentSeat {
    slot: Mutex<Decision>,
    changed: Condvar,
}

impl AgentSeat {
    fn lock(&self) -> std::sync::MutexGuard<'_, Decision> {
        self.slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The seat now.
    pub fn snapshot(&self) -> Decision {
        self.lock().clone()
    }

    /// Answers the pending decision with the legal action `index`, chosen at `version`.
    pub fn answer(&self, index: usize, version: u64) -> Result<(), AnswerError> {
        let mut d = self.lock();
        if !d.pending {
            return Err(AnswerError::NotYourTurn);
        }
        if version != d.version {
            return Err(AnswerError::Stale);
        }
        if index >= d.legal.len() {
            return Err(AnswerError::OutOfRange);
        }
        d.answer = Some(index);
        d.pending = false;
        self.changed.notify_all();
        Ok(())
    }

    /// The agent has called a tool: from now on its decisions are timed.
    pub fn ready(&self) {
        let mut d = self.lock();
        if !d.ready {
            d.ready = true;
            self.changed.notify_all();
        }
    }

    /// The agent's session ended: a pending decision is forfeited at once.
    pub fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }
}

/// Starts the agent program `command` with the MCP tools served on its
/// standard input and output for `seat`; the returned guard ends the session
/// (and the program) when dropped.
pub type Serve = fn(command: &str, seat: Arc<AgentSeat>) -> std::io::Result<Box<dyn Send>>;

static SERVE: OnceLock<Serve> = OnceLock::new();

/// Longest start-up of an agent program before its first call (not counted
/// against its decisions): an interpreter and an MCP SDK load in seconds.
pub const STARTUP: Duration = Duration::from_secs(60);

/// Registers what serves MCP to agents (the command-line program does; a
/// program without it refuses `mcp:` seats when a game starts).
pub fn set_server(serve: Serve) {
    let _ = SERVE.set(serve);
}

/// A seat played by an MCP agent, for one game.
pub struct AgentBot {
    command: String,
    timeout: Duration,
    seat: Arc<AgentSeat>,
    session: Option<Box<dyn Send>>,
}

impl std::fmt::Debug for AgentBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentBot")
            .field("command", &self.command)
            .finish_non_exhaustive()
    }
}

impl AgentBot {
    /// Starts the agent program; `timeout` is its time budget per decision.
    pub fn spawn(command: &str, timeout: Duration) -> std::io::Result<AgentBot> {
        let serve = SERVE
            .get()
            .ok_or_else(|| std::io::Error::other("this program does not serve MCP to agents"))?;
        let seat = Arc::new(AgentSeat::default());
        let session = serve(command, Arc::clone(&seat))?;
        Ok(AgentBot {
            command: command.to_string(),
            timeout,
            seat,
            session: Some(session),
        })
    }
}

fn forfeit(rule: &str, de: String, en: String) -> Forfeit {
    Forfeit {
        rule: rule.to_string(),
        message: Message::new(de, en),
    }
}

impl<G: Game> Bot<G> for AgentBot {
    fn name(&self) -> String {
        format!("mcp:{}", self.command)
    }

    fn choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        _rng: &mut GameRng,
    ) -> Result<usize, Forfeit> {
        let view = serde_json::to_value(G::view(state, Viewer::Seat(seat))).unwrap_or(Value::Null);
        let actions = legal
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect();
        let mut d = self.seat.lock();
        if d.description.is_null() {
            d.description = Arc::new(serde_json::to_value(G::describe_state(state)).unwrap_or(Value::Null));
            d.places = Arc::new(G::places(state).unwrap_or(Value::Null));
        }
        d.game = G::ID.to_string();
        d.seat = seat.0;
        d.version += 1;
        d.view = view;
        d.legal = actions;
        d.pending = true;
        d.answer = None;
        self.seat.changed.notify_all();
        // The clock starts once the agent is up ([`Decision::ready`]),
        // within [`STARTUP`].
        let startup = Instant::now() + STARTUP;
        while !d.ready && !d.closed {
            let now = Instant::now();
            if now >= startup {
                d.pending = false;
                let s = STARTUP.as_secs();
                return Err(forfeit(
                    "arena.startup",
                    format!("Der Agent „{}“ hat sich nicht binnen {s} s gemeldet.", self.command),
                    format!("The agent '{}' made no call within {s} s of its start.", self.command),
                ));
            }
            d = self
                .seat
                .changed
                .wait_timeout(d, startup - now)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        let deadline = Instant::now() + self.timeout;
        loop {
            if let Some(i) = d.answer.take() {
                d.legal.clear();
                return Ok(i.min(legal.len().saturating_sub(1)));
            }
            if d.closed {
                d.pending = false;
                return Err(forfeit(
                    "arena.crashed",
                    format!("Der Agent „{}“ hat die Verbindung beendet.", self.command),
                    format!("The agent '{}' ended its session.", self.command),
                ));
            }
            let now = Instant::now();
            if now >= deadline {
                d.pending = false;
                let s = self.timeout.as_secs_f64();
                return Err(forfeit(
                    "arena.timeout",
                    format!("Der Agent „{}“ hat nicht binnen {s} s gehandelt.", self.command),
                    format!("The agent '{}' did not act within {s} s.", self.command),
                ));
            }
            d = self
                .seat
                .changed
                .wait_timeout(d, deadline - now)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }

    fn game_over(&mut self, state: &G::State, seat: Seat) {
        let mut d = self.seat.lock();
        d.view = serde_json::to_value(G::view(state, Viewer::Seat(seat))).unwrap_or(Value::Null);
        d.result = G::result(state);
        d.pending = false;
        d.legal.clear();
        self.seat.changed.notify_all();
    }
}

impl Drop for AgentBot {
    fn drop(&mut self) {
        // The session's guard lets the agent see the end, then stops it.
        self.session.take();
    }
}

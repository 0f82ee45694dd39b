//! One table: a task (actor) that owns the match and its seats and handles one
//! command at a time, so a table never races with itself while tables never
//! wait for each other.
//!
//! An action is applied to the match, then committed (its log entries, the
//! chance it triggered included, with the new version and the digest of the
//! state) and only then announced. If the commit fails, the match is rebuilt
//! from the entries that are stored, so memory never runs ahead of the disk.
//!
//! On start, [`restore`] brings a stored table back from its stored log; a
//! table that does not come back exactly is put in [`Quarantine`].

use crate::bots::{decision_rng, BotRegistry, Decision};
use crate::chain::{self, Chain};
use crate::chat::ChatLine;
use crate::clock::{Clock, ClockView, StoredClock};
use crate::db::{
    digest_text, Db, Finished, LogRows, SeatRow, StoredTable, Write, LEGACY_LOG_FORMAT, LOG_FORMAT,
    SEEDLESS_LOG_FORMAT, UNCHAINED_LOG_FORMAT,
};
use crate::error::ApiError;
use crate::protocol::{Accepted, SeatInfo, Snapshot, TableSummary};
use crate::secret;
use engine::{ChanceMode, DynMatch, GameEntry, Seat, Stored, ToAct, Viewer};
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

mod abandon;
mod autopilot;
mod described;
mod hint;
mod publish;
mod quarantine;
mod rated;
mod restore;
mod seats;

pub use described::Described;
pub use quarantine::{Quarantine, Quarantined};
pub use rated::Claim;
pub use restore::{replay_legacy, restore, NotRestored};

/// A bot whose actions are refused this often in a row stops acting.
const MAX_BOT_FAILURES: u32 = 20;

/// Who asks: a spectator, or a seat proven by its secret's hash.
#[derive(Debug, Clone)]
pub enum Access {
    /// Sees public information only.
    Spectator,
    /// Claims a seat.
    Seat {
        /// Seat number.
        seat: u8,
        /// SHA-256 of the secret presented.
        secret_hash: String,
    },
}

/// A message for one subscriber, serialised once per viewer (cheap to clone).
pub type Outgoing = axum::extract::ws::Utf8Bytes;

/// Whether a seat kind is played by someone holding its secret: a person
/// (`human`) or an MCP agent (`agent`). Both are timed by the turn clock and
/// taken over by a bot when it runs out.
pub fn is_player(kind: &str) -> bool {
    kind == "human" || kind == "agent"
}

/// What a table actor does.
#[derive(Debug)]
pub enum Command {
    /// A client acts.
    Act {
        /// Who acts.
        access: Access,
        /// The action.
        action: Value,
        /// The version it was chosen at.
        version: u64,
        /// The answer.
        reply: oneshot::Sender<Result<Accepted, ApiError>>,
    },
    /// A server bot acts (chosen at `version`).
    BotAct {
        /// Seat.
        seat: u8,
        /// The action (`None`: the bot found no legal action).
        action: Option<Value>,
        /// The version it was chosen at.
        version: u64,
    },
    /// A human takes an open seat.
    Join {
        /// Seat.
        seat: usize,
        /// Display name.
        name: String,
        /// Who the human is for the ratings (see [`crate::ratings`]).
        claim: Claim,
        /// Seat kind `agent` (an MCP client) instead of `human`: played,
        /// timed and taken over alike, named apart for listings and ratings.
        agent: bool,
        /// The client's address (`None`: the server seats someone itself):
        /// two seats of one address make a rated table casual
        /// ([`crate::fairplay`]).
        from: Option<std::net::IpAddr>,
        /// The answer: the new secret.
        reply: oneshot::Sender<Result<String, ApiError>>,
    },
    /// A human gives a seat up.
    Leave {
        /// Who leaves.
        access: Access,
        /// The answer.
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// A viewer's snapshot.
    Snapshot {
        /// Who looks.
        access: Access,
        /// The answer.
        reply: oneshot::Sender<Result<Snapshot, ApiError>>,
    },
    /// A viewer subscribes to updates; the answer is its snapshot, sent
    /// before any update reaches `sink`.
    Subscribe {
        /// Who looks.
        access: Access,
        /// Where updates go.
        sink: mpsc::Sender<Outgoing>,
        /// The answer.
        reply: oneshot::Sender<Result<Snapshot, ApiError>>,
    },
    /// The full log, secrets included: served as it is for finished games
    /// only; with `live`, a running game's too, for the server's own use
    /// (the replay frames, which carry only what a spectator sees).
    Log {
        /// Whether a running game's log is wanted too.
        live: bool,
        /// The answer.
        reply: oneshot::Sender<Result<Value, ApiError>>,
    },
    /// The events of the stored log from entry `from` on, redacted for the
    /// viewer (see [`DynMatch::history`]).
    History {
        /// Who looks.
        access: Access,
        /// First log entry wanted.
        from: u64,
        /// The answer.
        reply: oneshot::Sender<Result<Value, ApiError>>,
    },
    /// The board's geometry (`DynMatch::topology`); public, like the board.
    Topology {
        /// The answer.
        reply: oneshot::Sender<Result<Value, ApiError>>,
    },
    /// The game's description with the board's places
    /// ([`engine::describe::with_places`]); public, like the board.
    Description {
        /// The answer.
        reply: oneshot::Sender<Result<Value, ApiError>>,
    },
    /// The description and the places apart, each shared by reference
    /// ([`described::Described`]): what an agent's labels read at every turn.
    Described {
        /// The answer.
        reply: oneshot::Sender<Result<described::Described, ApiError>>,
    },
    /// A seat or a spectator writes a chat line (already checked by
    /// [`crate::chat::check_text`]); it is stored, then sent to every
    /// subscriber. A seat writes under its own name, a spectator as
    /// [`crate::names::SPECTATOR_NAME`].
    Chat {
        /// Who writes.
        access: Access,
        /// The line.
        text: String,
        /// The writer's address, stored with the line when the chat rate
        /// is counted in the database (several instances).
        addr: Option<std::net::IpAddr>,
        /// The answer: the stored line.
        reply: oneshot::Sender<Result<ChatLine, ApiError>>,
    },
    /// A seat opened this finished table's rematch at table `next`: every
    /// subscriber is told, and the summary names it.
    Rematch {
        /// The new table.
        next: String,
        /// The answer.
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// Seat `seat`'s turn clock, started for turn `token`, ran out.
    ClockExpired {
        /// Seat.
        seat: u8,
        /// The turn the timer was started for.
        token: u64,
    },
    /// A seat's human hands the seat to the bot or takes it back.
    Autopilot {
        /// Who asks.
        access: Access,
        /// Whether the bot plays.
        on: bool,
        /// The answer: the clock after the change.
        reply: oneshot::Sender<Result<ClockView, ApiError>>,
    },
    /// The table's chat lines from `from` on.
    ChatLog {
        /// First line wanted.
        from: u64,
        /// The answer.
        reply: oneshot::Sender<Result<Vec<ChatLine>, ApiError>>,
    },
    /// The server closes the table before its game ended (to make room under
    /// the table cap): stored as finished with `{"closed": reason}`, every
    /// subscriber told, and the actor stops.
    Close {
        /// Why, as a rule id.
        reason: &'static str,
        /// The answer.
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// Another instance drives the table now ([`crate::cluster`]): the actor
    /// stops without writing anything.
    Stop,
    /// Ends the table as abandoned if no human seat has been present or
    /// acted for `after_ms` ([`crate::abandon`]); the answer says whether it did.
    Abandon {
        /// How long a table may be left alone, in milliseconds.
        after_ms: i64,
        /// The answer.
        reply: oneshot::Sender<Result<bool, ApiError>>,
    },
    /// The position of a hint for a seat during the game
    /// ([`crate::analysis`]); `None` once the game is over.
    Hint {
        /// Who asks.
        access: Access,
        /// The step asked for (the current one if `None`).
        step: Option<u64>,
        /// The answer.
        reply: oneshot::Sender<Result<Option<crate::analysis::Position>, ApiError>>,
    },
}

/// Services every table shares.
#[derive(Debug, Clone)]
pub struct Shared {
    /// The database.
    pub db: Db,
    /// Bots by name.
    pub bots: BotRegistry,
    /// How long a bot waits before acting.
    pub bot_think: Duration,
    /// The stored tables that could not be restored.
    pub quarantine: Quarantine,
    /// Whether a client may choose the seed of a table with several humans
    /// (`ServerConfig::allow_chosen_seeds`).
    pub allow_chosen_seeds: bool,
    /// Reproducible chance and bots (`ServerConfig::replay_seed`).
    pub replay: Option<crate::replay::Replay>,
}

/// A handle on a running table.
#[derive(Debug, Clone)]
pub struct TableHandle {
    /// Commands to the actor.
    pub tx: mpsc::Sender<Command>,
    /// The latest summary, readable without asking the actor.
    pub summary: Arc<RwLock<TableSummary>>,
    /// When the last action was accepted (ms since the Unix epoch; the
    /// creation or restore time before any), to choose which table to close
    /// when the server is full.
    pub last_action_ms: Arc<AtomicI64>,
    /// The order in which this process opened its tables (created or
    /// restored): breaks ties between tables of the same millisecond when
    /// choosing the oldest to close, which a random id would break at random.
    pub opened: u64,
    /// Set when another instance drives the table now (a write was fenced,
    /// or the cluster round saw the new owner): the actor stops and every
    /// connection to it is closed so that its client reconnects.
    moved: Arc<std::sync::atomic::AtomicBool>,
}

/// Tables opened by this process so far ([`TableHandle::opened`]).
static OPENED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many times a game at a table of this process has ended. The
/// server's table count ([`crate::limits::OpenTables`]) re-checks every table
/// only when this has moved since its last check: at the cap a flood of
/// creations would otherwise look up every table once per request. Shared by
/// every server in the process (tests start several); another server's change
/// only costs one needless re-check.
pub(crate) static ENDED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Counts one table as having finished or been closed ([`ENDED`]).
pub(crate) fn note_ended() {
    ENDED.fetch_add(1, Ordering::Relaxed);
}

impl TableHandle {
    /// Sends a command and waits for its answer.
    pub async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, ApiError>>) -> Command,
    ) -> Result<T, ApiError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(make(tx))
            .await
            .map_err(|_| ApiError::unavailable("closed"))?;
        rx.await.map_err(|_| ApiError::unavailable("closed"))?
    }

    /// Whether the table moved to another instance ([`TableHandle::moved`]).
    pub fn moved(&self) -> bool {
        self.moved.load(Ordering::Relaxed)
    }

    /// Marks the table as moved to another instance.
    pub fn mark_moved(&self) {
        self.moved.store(true, Ordering::Relaxed);
    }

    /// Resolves once the table's actor has stopped because the table moved.
    pub async fn stopped_moving(&self) {
        self.tx.closed().await;
        if !self.moved() {
            std::future::pending::<()>().await;
        }
    }

    /// The current summary.
    pub fn summary(&self) -> TableSummary {
        match self.summary.read() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

struct Subscriber {
    viewer: Viewer,
    sink: mpsc::Sender<Outgoing>,
}

/// The actor's state (private: only its handle leaves this module).
struct Table {
    id: String,
    options: Value,
    seed: u64,
    created_ms: i64,
    entry: Arc<dyn GameEntry>,
    game: Box<dyn DynMatch>,
    /// Entries stored (the version the database has); the match may be ahead
    /// only while a commit is under way.
    stored: u64,
    /// The hash chain up to the stored entries.
    chain: Chain,
    seed_chosen: bool,
    /// Whether the result counts for the ratings.
    rated: bool,
    /// Why a table created rated plays casual ([`crate::fairplay`]).
    casual: Option<String>,
    seats: Vec<SeatRow>,
    /// Every chat line, as stored.
    chat: Vec<ChatLine>,
    /// The table of the rematch, once opened.
    rematch: Option<String>,
    /// The turn clock, if the table has one.
    clock: Option<Clock>,
    subscribers: Vec<Subscriber>,
    /// Bots with a decision under way, by seat.
    bot_pending: Vec<bool>,
    bot_failures: Vec<u32>,
    /// Actions each seat's bot had accepted: in the reproducible mode a bot's
    /// decision is drawn from this count, not from the version, so bots that
    /// move at once (discards, guesses) choose the same whichever of them the
    /// table hears first.
    bot_moves: Vec<u64>,
    shared: Shared,
    tx: mpsc::WeakSender<Command>,
    summary: Arc<RwLock<TableSummary>>,
    last_action_ms: Arc<AtomicI64>,
    /// Set once the server closed the table: the actor then stops.
    closed: bool,
    /// Set when the table was closed because everybody left it.
    abandoned: bool,
    /// When a human (or agent) seat was last seen: acting, joining,
    /// connected (ms since the Unix epoch; the creation or restore time
    /// before any), for [`crate::abandon`].
    last_seen_ms: i64,
    /// Shared with the handles ([`TableHandle::moved`]): the actor stops.
    moved: Arc<std::sync::atomic::AtomicBool>,
    /// The description and places, once asked for ([`Table::described`]).
    described: Option<described::Described>,
}

/// Everything needed to start a table's actor.
pub struct Setup {
    /// Table id.
    pub id: String,
    /// Options as given.
    pub options: Value,
    /// Seed.
    pub seed: u64,
    /// Creation time.
    pub created_ms: i64,
    /// The game's entry.
    pub entry: Arc<dyn GameEntry>,
    /// The match (new, or restored), every entry of it stored.
    pub game: Box<dyn DynMatch>,
    /// Seats.
    pub seats: Vec<SeatRow>,
    /// The chat lines stored so far.
    pub chat: Vec<ChatLine>,
    /// The turn clock as stored, if the table has one.
    pub clock: Option<StoredClock>,
    /// The hash chain up to the stored entries.
    pub chain: Chain,
    /// Whether the creator chose the seed.
    pub seed_chosen: bool,
    /// Whether the result counts for the ratings.
    pub rated: bool,
    /// Why a table created rated plays casual, as stored.
    pub casual: Option<String>,
}

impl std::fmt::Debug for Setup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Setup")
            .field("id", &self.id)
            .field("game", &self.entry.id())
            .field("version", &self.game.version())
            .finish_non_exhaustive()
    }
}

/// The write that stores a new table: its row, seats, start state and the
/// entries of its set-up (the initial deal), and the table's chain after them.
pub fn create_write(
    table: crate::db::TableRow,
    seats: Vec<SeatRow>,
    game: &dyn DynMatch,
    key: &crate::secret::ServerSecret,
) -> (Write, Chain) {
    let start_state = game.start_state_text();
    let mut chain = Chain::new(
        key,
        chain::Start {
            game: &table.game,
            players: table.players,
            options: &table.options,
            start_state: &start_state,
            seed: Some(table.seed),
        },
    );
    let log = LogRows::of(game, 0, &mut chain);
    let write = Write::CreateTable {
        chain_start: chain.start_text(),
        table,
        seats,
        start_state,
        log,
    };
    (write, chain)
}

/// Starts a table's actor; returns its handle.
pub fn spawn(setup: Setup, shared: Shared) -> TableHandle {
    let (tx, rx) = mpsc::channel(1024);
    let players = setup.game.players();
    let mut table = Table {
        id: setup.id,
        options: setup.options,
        seed: setup.seed,
        created_ms: setup.created_ms,
        entry: setup.entry,
        stored: setup.game.version(),
        chain: setup.chain,
        seed_chosen: setup.seed_chosen,
        rated: setup.rated,
        casual: setup.casual,
        game: setup.game,
        seats: setup.seats,
        chat: setup.chat,
        rematch: None,
        clock: setup.clock.map(|c| Clock::new(c, players)),
        subscribers: Vec::new(),
        bot_pending: vec![false; players],
        bot_failures: vec![0; players],
        bot_moves: vec![0; players],
        shared,
        tx: tx.downgrade(),
        last_action_ms: Arc::new(AtomicI64::new(crate::lobby::now_ms())),
        closed: false,
        abandoned: false,
        last_seen_ms: crate::lobby::now_ms(),
        moved: Arc::default(),
        described: None,
        summary: Arc::new(RwLock::new(TableSummary {
            id: String::new(),
            game: String::new(),
            players,
            options: Value::Null,
            rules: None,
            version: 0,
            status: String::new(),
            to_act: ToAct::Over,
            seats: Vec::new(),
            result: None,
            created_ms: 0,
            seed_chosen: false,
            rated: false,
            casual: None,
            rematch: None,
            clock: None,
        })),
    };
    table.refresh_summary();
    let handle = TableHandle {
        tx,
        summary: Arc::clone(&table.summary),
        last_action_ms: Arc::clone(&table.last_action_ms),
        opened: OPENED.fetch_add(1, Ordering::Relaxed),
        moved: Arc::clone(&table.moved),
    };
    tokio::spawn(table.run(rx));
    handle
}

impl Table {
    /// The refusal for a write that failed: a fenced one (another instance
    /// owns the table now, see [`crate::cluster`]) stops this actor and is
    /// `table_moved`; any other is `storage`. Nothing was stored either way.
    fn write_failed(&mut self, error: &str) -> ApiError {
        if error.starts_with(crate::writer::FENCED) {
            tracing::warn!(table = %self.id, "write refused: another instance owns the table now; stopped driving it");
            self.moved.store(true, Ordering::Relaxed);
            ApiError::table_moved()
        } else {
            ApiError::storage()
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        self.clock_sync();
        self.schedule_bots();
        while let Some(cmd) = rx.recv().await {
            self.handle(cmd).await;
            if self.closed || self.moved.load(Ordering::Relaxed) {
                break;
            }
        }
        tracing::debug!(table = %self.id, "table stopped");
    }

    async fn handle(&mut self, cmd: Command) {
        if self.touches(&cmd) {
            self.last_seen_ms = crate::lobby::now_ms();
        }
        match cmd {
            Command::Act {
                access,
                action,
                version,
                reply,
            } => {
                let result = match self.authorise(&access) {
                    Ok(Viewer::Seat(seat)) => {
                        // A human who acts takes the seat back from the bot.
                        self.take_back(seat.index()).await;
                        self.act(seat.0, action, version).await
                    }
                    Ok(Viewer::Spectator) => Err(ApiError::wrong_secret(0)),
                    Err(e) => Err(e),
                };
                let _ = reply.send(result);
            }
            Command::BotAct { seat, action, version } => {
                if let Some(p) = self.bot_pending.get_mut(usize::from(seat)) {
                    *p = false;
                }
                // The seat's human took it back while the bot was thinking.
                if !self.bot_plays(usize::from(seat)) {
                    return;
                }
                let Some(action) = action else {
                    self.bot_failures[usize::from(seat)] += 1;
                    return;
                };
                match self.act(seat, action, version).await {
                    Ok(_) => {
                        self.bot_failures[usize::from(seat)] = 0;
                        if let Some(n) = self.bot_moves.get_mut(usize::from(seat)) {
                            *n += 1;
                        }
                    }
                    // The game moved on (or ended) while the bot was thinking.
                    Err(e) if matches!(e.info.kind.as_str(), "stale_version" | "game_over") => {}
                    Err(e) => {
                        self.bot_failures[usize::from(seat)] += 1;
                        tracing::warn!(table = %self.id, seat, rule = %e.info.rule, "bot action refused");
                    }
                }
                self.schedule_bots();
            }
            Command::Join {
                seat,
                name,
                claim,
                agent,
                from,
                reply,
            } => {
                let _ = reply.send(self.join(seat, name, claim, agent, from).await);
            }
            Command::Leave { access, reply } => {
                let _ = reply.send(self.leave(&access).await);
            }
            Command::Snapshot { access, reply } => {
                let _ = reply.send(self.authorise(&access).map(|v| self.snapshot(v)));
            }
            Command::Subscribe { access, sink, reply } => {
                let result = self.authorise(&access).map(|viewer| {
                    self.subscribers
                        .retain(|s| !(s.viewer == viewer && s.sink.same_channel(&sink)));
                    self.subscribers.push(Subscriber { viewer, sink });
                    self.snapshot(viewer)
                });
                let _ = reply.send(result);
                self.refresh_summary();
            }
            Command::History { access, from, reply } => {
                let result = self.authorise(&access).map(|viewer| self.history(viewer, from));
                let _ = reply.send(result);
            }
            Command::Log { live, reply } => {
                let result = if live || self.game.to_act() == ToAct::Over {
                    Ok(archived_log(self.game.as_ref()))
                } else {
                    Err(ApiError::not_finished())
                };
                let _ = reply.send(result);
            }
            Command::Topology { reply } => {
                let _ = reply.send(Ok(self.game.topology()));
            }
            Command::Description { reply } => {
                let _ = reply.send(Ok(engine::describe::with_places(self.game.as_ref())));
            }
            Command::Described { reply } => {
                let _ = reply.send(Ok(self.described()));
            }
            Command::Chat {
                access,
                text,
                addr,
                reply,
            } => {
                let _ = reply.send(self.chat(&access, text, addr).await);
            }
            Command::Rematch { next, reply } => {
                let msg: Outgoing = json!({"type": "rematch", "table": self.id, "next": next})
                    .to_string()
                    .into();
                self.rematch = Some(next);
                self.refresh_summary();
                self.broadcast(|_| Some(msg.clone()));
                let _ = reply.send(Ok(()));
            }
            Command::ClockExpired { seat, token } => self.clock_expired(seat, token).await,
            Command::Autopilot { access, on, reply } => {
                let _ = reply.send(self.autopilot(&access, on).await);
            }
            Command::ChatLog { from, reply } => {
                let from = usize::try_from(from).unwrap_or(usize::MAX).min(self.chat.len());
                let _ = reply.send(Ok(self.chat[from..].to_vec()));
            }
            Command::Stop => self.moved.store(true, Ordering::Relaxed),
            Command::Hint { access, step, reply } => {
                let _ = reply.send(self.hint(&access, step));
            }
            Command::Close { reason, reply } => {
                let _ = reply.send(self.close(reason).await);
            }
            Command::Abandon { after_ms, reply } => {
                let _ = reply.send(self.abandon_if_left(after_ms).await);
            }
        }
    }

    /// Stores the table as finished without a result, tells every
    /// subscriber (who are then dropped) and stops the actor.
    async fn close(&mut self, reason: &'static str) -> Result<(), ApiError> {
        if self.game.to_act() == ToAct::Over {
            return Ok(());
        }
        let write = Write::Close {
            table: self.id.clone(),
            result: abandon::closed_result(reason).to_string(),
            log: archived_log(self.game.as_ref()).to_string(),
        };
        if let Err(e) = self.shared.db.write(write).await {
            tracing::error!(table = %self.id, error = %e, "closing not stored");
            return Err(self.write_failed(&e));
        }
        self.closed = true;
        self.abandoned = reason == crate::abandon::REASON;
        self.refresh_summary();
        let error = if self.abandoned {
            ApiError::table_abandoned().info
        } else {
            ApiError::table_closed().info
        };
        let msg: Outgoing = json!({"type": "closed", "table": self.id, "reason": reason, "error": error})
            .to_string()
            .into();
        self.broadcast(|_| Some(msg.clone()));
        self.subscribers.clear();
        tracing::info!(table = %self.id, reason, "table closed");
        Ok(())
    }

    /// Stores a chat line, then sends it to every subscriber.
    async fn chat(
        &mut self,
        access: &Access,
        text: String,
        addr: Option<std::net::IpAddr>,
    ) -> Result<ChatLine, ApiError> {
        let (seat, name) = match self.authorise(access)? {
            Viewer::Seat(seat) => {
                let row = &self.seats[seat.index()];
                let name = row.name.clone().unwrap_or_else(|| format!("Player {}", seat.number()));
                (Some(seat.0), name)
            }
            // A spectator is never shown under a name it chose, so it cannot
            // pose as a seat.
            Viewer::Spectator => (None, crate::names::SPECTATOR_NAME.to_string()),
        };
        crate::chat::admit(&self.chat, seat, addr)?;
        let line = ChatLine {
            idx: self.chat.len() as u64,
            seat,
            name,
            text,
            at_ms: crate::lobby::now_ms(),
            addr,
        };
        let write = Write::Chat {
            table: self.id.clone(),
            line: line.clone(),
            addr: addr.map(|a| a.to_string()),
        };
        if let Err(e) = self.shared.db.write(write).await {
            tracing::error!(table = %self.id, error = %e, "chat line not stored");
            return Err(self.write_failed(&e));
        }
        self.chat.push(line.clone());
        let msg: Outgoing = json!({"type": "chat", "table": self.id, "line": line})
            .to_string()
            .into();
        self.broadcast(|_| Some(msg.clone()));
        Ok(line)
    }

    /// Checks a claim to a seat against the stored hash.
    fn authorise(&self, access: &Access) -> Result<Viewer, ApiError> {
        match access {
            Access::Spectator => Ok(Viewer::Spectator),
            Access::Seat { seat, secret_hash } => {
                let row = self
                    .seats
                    .get(usize::from(*seat))
                    .ok_or_else(|| ApiError::no_such_seat(usize::from(*seat)))?;
                match &row.secret_hash {
                    Some(h) if is_player(&row.kind) && secret::hashes_match(h, secret_hash) => {
                        Ok(Viewer::Seat(Seat(*seat)))
                    }
                    _ => Err(ApiError::wrong_secret(usize::from(*seat))),
                }
            }
        }
    }

    fn waiting_for_players(&self) -> bool {
        self.seats.iter().any(|s| s.kind == "open")
    }

    async fn act(&mut self, seat: u8, action: Value, version: u64) -> Result<Accepted, ApiError> {
        if self.waiting_for_players() && self.game.to_act() != ToAct::Over {
            return Err(ApiError::waiting_for_players());
        }
        let from = self
            .game
            .act(Seat(seat), &action, Some(version))
            .map_err(ApiError::engine)?;
        let finished = self.game.result().map(|r| Finished {
            result: serde_json::to_string(&r).unwrap_or_else(|_| "null".into()),
            log: archived_log(self.game.as_ref()).to_string(),
        });
        // The entries as the engine logged them (the action re-serialised
        // from its typed form, never as sent, and the chance it triggered).
        let mut chain = self.chain.clone();
        let log = LogRows::of(self.game.as_ref(), self.stored, &mut chain);
        let version = log.version;
        let ends = finished.is_some();
        let write = Write::Entries {
            table: self.id.clone(),
            log,
            finished,
        };
        if let Err(e) = self.shared.db.write(write).await {
            tracing::error!(table = %self.id, error = %e, "action not stored; rolling back");
            self.rebuild();
            return Err(self.write_failed(&e));
        }
        self.stored = version;
        self.chain = chain;
        if ends {
            self.settle_rating();
        }
        self.last_action_ms.store(crate::lobby::now_ms(), Ordering::Relaxed);
        let events = self.game.events_since(from, Viewer::Seat(Seat(seat)));
        self.clock_sync();
        self.publish_update(from);
        self.refresh_summary();
        self.schedule_bots();
        Ok(Accepted { from, version, events })
    }

    /// Restores the match to the stored entries after a failed commit.
    fn rebuild(&mut self) {
        let start_state = self.game.start_state_text();
        let mut entries = self.game.entries_text(0);
        entries.truncate(usize::try_from(self.stored).unwrap_or(usize::MAX));
        let stored = Stored {
            options: &self.options,
            players: self.game.players(),
            seed: self.seed,
            start_state: &start_state,
            entries: &entries,
            mode: ChanceMode::Seeded,
        };
        match self.entry.restore(stored) {
            Ok(game) => self.game = game,
            // Cannot happen for entries the match accepted; keep the table
            // closed rather than serve a state that is not stored.
            Err(e) => tracing::error!(table = %self.id, error = %e, "rebuild failed"),
        }
    }

    /// A viewer's history. The match holds exactly the stored entries
    /// (a commit completes before the actor takes the next command).
    fn history(&self, viewer: Viewer, from: u64) -> Value {
        json!({
            "table": self.id,
            "viewer": viewer,
            "version": self.game.version(),
            "entries": self.game.history(from, viewer),
        })
    }

    fn snapshot(&self, viewer: Viewer) -> Snapshot {
        Snapshot {
            table: self.id.clone(),
            viewer,
            version: self.game.version(),
            view: self.game.view(viewer),
            legal: self.legal(viewer),
            to_act: self.game.to_act(),
            result: self.game.result(),
            seats: self.seat_infos(),
            clock: self.clock_view(),
            casual: self.casual.as_deref().map(crate::fairplay::Casual::of),
        }
    }

    /// A seat's legal actions; none before every seat is taken (they would
    /// be refused with `waiting_for_players`), none for a spectator.
    fn legal(&self, viewer: Viewer) -> Vec<Value> {
        match viewer {
            Viewer::Seat(seat) if !self.waiting_for_players() => self.game.legal(seat).unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn refresh_summary(&mut self) {
        let to_act = self.game.to_act();
        let status = if self.closed && self.abandoned {
            "abandoned"
        } else if self.closed {
            "closed"
        } else if to_act == ToAct::Over {
            "finished"
        } else if self.waiting_for_players() {
            "waiting"
        } else {
            "playing"
        };
        let summary = TableSummary {
            id: self.id.clone(),
            game: self.game.game().to_string(),
            players: self.game.players(),
            options: self.options.clone(),
            rules: crate::protocol::rules_of(Some(&*self.entry), &self.options),
            version: self.game.version(),
            status: status.to_string(),
            to_act,
            seats: self.seat_infos(),
            result: self.game.result(),
            created_ms: self.created_ms,
            seed_chosen: self.seed_chosen,
            rated: self.rated,
            casual: self.casual.as_deref().map(crate::fairplay::Casual::of),
            rematch: self.rematch.clone(),
            clock: self.clock.as_ref().map(|c| c.config),
        };
        let mut current = match self.summary.write() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        // Only a game's end counts: a table closed to make room is given
        // back to the count by the one who closed it (`OpenTables::forget`).
        let ended_now = status == "finished";
        let ended_before = current.status == "finished";
        *current = summary;
        drop(current);
        if ended_now && !ended_before {
            note_ended();
        }
    }

    /// Starts a decision for every bot seat that is to act and has none under way.
    fn schedule_bots(&mut self) {
        if self.waiting_for_players() {
            return;
        }
        let ToAct::Seats(seats) = self.game.to_act() else {
            return;
        };
        for seat in seats.iter() {
            let i = seat.index();
            if !self.bot_plays(i) || self.bot_pending[i] || self.bot_failures[i] >= MAX_BOT_FAILURES {
                continue;
            }
            // A bot that may wait (an offerer while others answer its offer)
            // lets them answer; the turn clock answers for a silent person.
            if seats.len() > 1 && self.game.waits(seat) {
                continue;
            }
            let Some(bot) = self.bot_for(i) else {
                continue;
            };
            let Some(tx) = self.tx.upgrade() else { return };
            self.bot_pending[i] = true;
            let view = self.game.view(Viewer::Seat(seat));
            let legal = self.game.legal(seat).unwrap_or_default();
            let state = bot.needs_state().then(|| self.game.state());
            let version = self.game.version();
            let game = self.game.game();
            let think = self.shared.bot_think;
            let mut rng = match &self.shared.replay {
                Some(replay) => replay.decision_rng(self.seed, self.bot_moves.get(i).copied().unwrap_or(0), seat.0),
                None => decision_rng(),
            };
            tokio::spawn(async move {
                tokio::time::sleep(think).await;
                // Bots may search for a while: keep them off the async workers.
                let choice = tokio::task::spawn_blocking(move || {
                    if legal.is_empty() {
                        return None;
                    }
                    let decision = Decision {
                        game,
                        seat,
                        view: &view,
                        legal: &legal,
                        state: state.as_ref(),
                    };
                    let i = bot.choose(&decision, &mut rng);
                    legal.get(i).or(legal.first()).cloned()
                })
                .await;
                let action = choice.ok().flatten();
                let _ = tx
                    .send(Command::BotAct {
                        seat: seat.0,
                        action,
                        version,
                    })
                    .await;
            });
        }
    }
}

/// The log of a finished game as it is stored and served: the engine's log,
/// but starting from the state the set-up drew rather than from the config
/// and seed, so that the game replays from what is stored whatever the RNG
/// code does later (the entries carry every chance outcome).
fn archived_log(game: &dyn DynMatch) -> Value {
    let mut log = game.log();
    let start: Option<Value> = serde_json::from_str(&game.start_state_text()).ok();
    if let Some(state) = start.as_ref().and_then(|s| s.get("state")) {
        log["start"] = serde_json::json!({"from": "position", "state": state});
    }
    log
}

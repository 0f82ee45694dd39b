//! What the tools need from whoever keeps the games: the in-process referee
//! of `spielleiter mcp` ([`crate::local::Local`]) or the game server's tables
//! (`server::mcp`). The tools ([`crate::tools`]) speak to this trait only, so
//! both transports answer with the same wording, schemas and refusals.

use engine::{ErrorInfo, GameEntry, GameResult, ToAct};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// A boxed future: the trait is used as `Arc<dyn Backend>`.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Which transport a backend serves: some tools exist on one only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// `spielleiter mcp`: one in-process game, bots move at once.
    Stdio,
    /// `spielleiter serve` at `/mcp`: seats at the server's tables.
    Http,
}

/// The seat a tool call speaks for. Over HTTP all three fields name it (the
/// token is the seat's secret from `join_seat`); over stdio only `seat`
/// matters, and may be left out when the agent plays one seat.
#[derive(Debug, Clone, Default)]
pub struct SeatRef {
    /// Table id (HTTP).
    pub table: Option<String>,
    /// Seat number, 0-based.
    pub seat: Option<u8>,
    /// The seat's secret (HTTP). Never logged, never echoed.
    pub token: Option<String>,
    /// The caller's address (HTTP), for the per-address table cap.
    pub peer: Option<std::net::IpAddr>,
}

/// How one seat of a new game or table is filled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatKind {
    /// The calling agent plays this seat (stdio: every such seat is yours;
    /// HTTP: the seat stays open and you take it with `join_seat`).
    Agent {},
    /// Open for a person or another agent to join (HTTP); over stdio the
    /// agent plays it too.
    Human {},
    /// A built-in bot (`random`, `greedy`, `mcts`).
    Bot {
        /// The bot's name.
        bot: String,
    },
}

/// One seat as everybody may see it (never its secret).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatLine {
    /// Seat number, 0-based.
    pub seat: u8,
    /// `open`, `human`, `agent` or `bot`.
    pub kind: String,
    /// Player, agent or bot name.
    pub name: Option<String>,
    /// Whether a bot plays this person's or agent's seat now (its turn
    /// clock ran out); sent only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub autopilot: bool,
}

/// The seat's turn clock as the tools report it (HTTP tables with a clock).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClockNote {
    /// Seconds per decision at this table.
    pub turn_seconds: u32,
    /// Milliseconds left before a bot plays the seat, while it is to act.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_ms: Option<i64>,
    /// The seat's time had run out and a bot was playing it when this call
    /// came; the call took the seat back (as a returning player's click does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub taken_back: bool,
}

/// One entry of a seat's history: the events of one step of the log as the
/// seat may see them, and the version after it (the cursor of `history`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Entry {
    /// The version after this step.
    pub v: u64,
    /// Its events.
    pub events: Vec<Value>,
}

/// An open table as `list_tables` shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TableLine {
    /// Table id.
    pub table: String,
    /// Game id.
    pub game: String,
    /// Rule set id.
    pub rules: Option<String>,
    /// The seats.
    pub seats: Vec<SeatLine>,
    /// Whether the game has begun (no seat open any more).
    pub started: bool,
    /// Seconds per decision, if the table has a turn clock.
    pub turn_seconds: Option<u32>,
}

/// One line of a table's chat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ChatLine {
    /// Its position in the table's chat, from 0 (the cursor of `read_chat`).
    pub idx: u64,
    /// The seat that wrote it (0-based); `None` for a spectator.
    pub seat: Option<u8>,
    /// The writer's name.
    pub name: String,
    /// The line.
    pub text: String,
}

/// A seat's picture of its game: everything `observe` and `legal_actions` show.
/// Serde: the game server sends it between its instances.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Picture {
    /// Game id.
    pub game: String,
    /// Table id (stdio: `local`).
    pub table: String,
    /// The seat looking.
    pub seat: u8,
    /// Engine version (accepted steps, chance included).
    pub version: u64,
    /// Who acts.
    pub to_act: ToAct,
    /// The seat's view (never the full state).
    pub view: Value,
    /// The seat's legal actions (empty when it need not act).
    pub legal: Vec<Value>,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// The seats.
    pub seats: Vec<SeatLine>,
    /// Whether the table still waits for players to join (HTTP).
    pub waiting_for_players: bool,
    /// The seat's turn clock (HTTP tables with one).
    #[serde(default)]
    pub clock: Option<ClockNote>,
    /// The game's description (names, costs, cards) for the rule set
    /// played, as JSON (`engine::Description`; `null` where none is known).
    /// Shared by reference: it is large and the same at every turn.
    #[serde(default)]
    pub description: std::sync::Arc<Value>,
    /// What each place of the board touches ([`engine::DynMatch::places`]),
    /// shared by reference like the description.
    #[serde(default)]
    pub places: std::sync::Arc<Value>,
}

/// An accepted action (serde: sent between the game server's instances).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Acted {
    /// Version before it.
    pub from: u64,
    /// Version after it, with what bots and chance did next (stdio).
    pub version: u64,
    /// The events since `from`, as the seat may see them.
    pub events: Vec<Value>,
}

/// A new game or table and the seat(s) the agent holds.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Started {
    /// Table id (stdio: `local`).
    pub table: String,
    /// Game id.
    pub game: String,
    /// The rule set the options select.
    pub rules: Option<String>,
    /// The seats.
    pub seats: Vec<SeatLine>,
    /// The seats the calling agent plays (stdio) or may join (HTTP).
    pub your_seats: Vec<u8>,
}

/// A seat taken at a table (HTTP).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Joined {
    /// Table id.
    pub table: String,
    /// Seat number.
    pub seat: u8,
    /// The seat's secret: pass it as `token` to every later call. Shown once.
    pub token: String,
    /// Where people watch the table in the browser (as a spectator).
    pub watch: String,
}

/// Everything `new_game` / `create_table` is given.
#[derive(Debug, Clone)]
pub struct NewTable {
    /// Game id.
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Options (`null` for the defaults); a rule set's options merged in.
    pub options: Value,
    /// Seat kinds, one per seat.
    pub seats: Vec<SeatKind>,
    /// Seed (stdio always; HTTP only where every other seat is a bot).
    pub seed: Option<u64>,
    /// The agent's name (seat kind `agent`).
    pub name: String,
    /// Turn clock in seconds per decision (HTTP; `None`: none).
    pub turn_seconds: Option<u32>,
    /// A longer clock for the seats of kind `agent` (HTTP; `None`: `turn_seconds`).
    pub agent_turn_seconds: Option<u32>,
    /// A rated table (HTTP; the server refuses it with a seed).
    pub rated: bool,
}

/// A game offered, as `list_games` lists it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GameCard {
    /// Game id, for `new_game` / `create_table`.
    pub id: String,
    /// Rule sets, the default first.
    pub rule_sets: Vec<RuleSetLine>,
}

/// One rule set of a game.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RuleSetLine {
    /// Rule set id, for the `rules` argument.
    pub id: String,
    /// Name in German.
    pub name_de: String,
    /// Name in English.
    pub name_en: String,
    /// Fewest and most players.
    pub players: [usize; 2],
    /// The options that select it (merged into a table's options).
    pub options: Value,
}

/// What the game server or the in-process referee does for the tools.
pub trait Backend: Send + Sync + 'static {
    /// The transport served.
    fn transport(&self) -> Transport;
    /// Games, rule sets and bots.
    fn games(&self) -> (Vec<GameCard>, Vec<String>);
    /// The descriptions (JSON of `engine::Description`) of every game and
    /// rule set offered, for the glossary of `rules`.
    fn descriptions(&self) -> Vec<Value> {
        Vec::new()
    }
    /// Starts a game (stdio) or opens a table (HTTP).
    fn start(&self, req: NewTable, caller: SeatRef) -> BoxFuture<'_, Result<Started, ErrorInfo>>;
    /// Takes an open seat as agent `name` (HTTP only); `caller` is the
    /// caller's address (for the server's limits per address). A backend
    /// over stdio has no tables to join: the default refuses it by name.
    fn join(
        &self,
        _table: String,
        _seat: u8,
        _name: String,
        _caller: Option<std::net::IpAddr>,
    ) -> BoxFuture<'_, Result<Joined, ErrorInfo>> {
        Box::pin(async { Err(not_here("join_seat", Transport::Stdio)) })
    }
    /// The seat's picture.
    fn picture(&self, at: SeatRef) -> BoxFuture<'_, Result<Picture, ErrorInfo>>;
    /// The seat's history from version `from` on: each step's events as
    /// the seat may see them, with the version after it (steps that show the
    /// seat nothing left out), oldest first.
    fn history(&self, at: SeatRef, from: u64) -> BoxFuture<'_, Result<Vec<Entry>, ErrorInfo>>;
    /// Plays an action for the seat, chosen at `version`.
    fn act(&self, at: SeatRef, action: Value, version: u64) -> BoxFuture<'_, Result<Acted, ErrorInfo>>;
    /// Returns once the seat must act, the game is over or `timeout` passed.
    fn wait(&self, at: SeatRef, timeout: Duration) -> BoxFuture<'_, Result<(), ErrorInfo>>;
    /// The tables open to join or watch (HTTP); over stdio the one game.
    fn tables(&self) -> BoxFuture<'_, Result<Vec<TableLine>, ErrorInfo>> {
        Box::pin(async { Ok(Vec::new()) })
    }
    /// The table's chat lines from line `from` on (HTTP; the seat proves
    /// itself as for every call). Stdio has no table chat.
    fn chat(&self, _at: SeatRef, _from: u64) -> BoxFuture<'_, Result<Vec<ChatLine>, ErrorInfo>> {
        Box::pin(async { Err(not_here("read_chat", Transport::Stdio)) })
    }
    /// Writes a chat line as the seat (HTTP), checked by the server's own
    /// chat rules (length, characters, rate). Stdio has no table chat.
    fn say(&self, _at: SeatRef, _text: String) -> BoxFuture<'_, Result<ChatLine, ErrorInfo>> {
        Box::pin(async { Err(not_here("write_chat", Transport::Stdio)) })
    }
    /// Analyses the seat's current decision (issue 44): the analysis JSON
    /// of `bots::analysis` (`seat`, `playouts`, `millis`, `actions`, each
    /// row's `index` into the seat's legal actions). Only where a hint is
    /// fair: the seat's own decision in a practice game against bots. The
    /// default refuses it as not offered.
    fn analyze(&self, _at: SeatRef, _req: AnalysisRequest) -> BoxFuture<'_, Result<Value, ErrorInfo>> {
        Box::pin(async { Err(analysis_not_offered()) })
    }
}

/// The budget and shape of an analysis (`analyze`), as the MCP tool and the
/// game server's `GET /api/tables/{id}/analysis` take it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnalysisRequest {
    /// Playouts of the search (default 2,000).
    #[serde(default)]
    pub playouts: Option<u64>,
    /// Milliseconds of search instead of playouts.
    #[serde(default)]
    pub ms: Option<u64>,
    /// Keep only the best `top` actions (0 or left out: all).
    #[serde(default)]
    pub top: Option<usize>,
}

/// The refusal of an analysis where none is offered.
pub fn analysis_not_offered() -> ErrorInfo {
    ErrorInfo::new(
        "not_here",
        "mcp.analyze.not_offered",
        "Eine Analyse wird hier nicht angeboten.",
        "Analysis is not offered here.",
    )
}

/// The refusal for a tool this transport does not offer.
pub fn not_here(tool: &str, transport: Transport) -> ErrorInfo {
    let (de, en) = match transport {
        Transport::Stdio => (
            "über stdio gibt es ein Spiel ohne Server: „new_game“ benutzen",
            "over stdio there is one game without a server: use 'new_game'",
        ),
        Transport::Http => (
            "am Server „create_table“ und „join_seat“ benutzen",
            "at the server use 'create_table' and 'join_seat'",
        ),
    };
    ErrorInfo::new(
        "not_here",
        "mcp.not_here",
        format!("Das Werkzeug „{tool}“ gibt es hier nicht; {de}."),
        format!("The tool '{tool}' is not offered here; {en}."),
    )
}

/// The description (JSON of `engine::Description`) of every rule set of
/// `entries`: what each backend answers for [`Backend::descriptions`].
pub fn describe_rule_sets<'a>(entries: impl IntoIterator<Item = &'a dyn GameEntry>) -> Vec<Value> {
    entries
        .into_iter()
        .flat_map(|e| {
            e.rule_sets()
                .into_iter()
                .filter_map(|r| e.describe(&r.options).ok())
                .filter_map(|d| serde_json::to_value(d).ok())
                .collect::<Vec<_>>()
        })
        .collect()
}

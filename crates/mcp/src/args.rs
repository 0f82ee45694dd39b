//! The tools' arguments and answers, described by JSON Schema (schemars).
//!
//! Arguments arrive through [`Args`], which never fails to deserialise: a
//! missing or mistyped argument becomes a tool error (`isError`, rule
//! `mcp.arguments`) that the agent can read and correct, instead of a
//! protocol error it may not show.

use crate::backend::{ChatLine, ClockNote, Entry, GameCard, Joined, SeatKind, SeatLine, Started, TableLine};
use crate::labels::Lang;
use crate::lean::Format;
use engine::{ErrorInfo, GameResult, ToAct};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// Arguments of type `T`, or why they do not parse.
#[derive(Debug)]
pub struct Args<T>(pub Result<T, ErrorInfo>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Args<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        // Absent arguments are an empty object.
        let v = if v.is_null() {
            Value::Object(Default::default())
        } else {
            v
        };
        Ok(Args(T::deserialize(&v).map_err(|e| bad_arguments(&e.to_string()))))
    }
}

impl<T: JsonSchema> JsonSchema for Args<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
    fn inline_schema() -> bool {
        T::inline_schema()
    }
}

/// The refusal of arguments that do not parse.
pub fn bad_arguments(detail: &str) -> ErrorInfo {
    let detail: String = detail.chars().take(300).collect();
    ErrorInfo::new(
        "malformed",
        "mcp.arguments",
        format!("Ungültige Argumente: {detail}"),
        format!("Invalid arguments: {detail}"),
    )
}

/// Which seat a call speaks for.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatArgs {
    /// Table id (HTTP; from `create_table`). Stdio: leave out.
    #[serde(default)]
    pub table: Option<String>,
    /// Your seat, 0-based (HTTP: required; stdio: only when you play several seats).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The seat's token from `join_seat` / `create_table` (HTTP). Stdio: leave out.
    #[serde(default)]
    pub token: Option<String>,
    /// Language of texts and labels: `en` (default) or `de`.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// `observe`: also list the legal actions (index and label), so that a
    /// decision is two calls: `observe` with `legal`, then `act`.
    #[serde(default)]
    pub legal: bool,
    /// `text` (default): the text content is the readable text, the JSON is
    /// in `structuredContent`; `json`: the text content is that JSON.
    #[serde(default)]
    pub format: Option<Format>,
}

/// Tools without a seat (`list_games`, `list_tables`).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlainArgs {
    /// Language of the text: `en` (default) or `de`.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// `text` (default) or `json` (the text content is the structured JSON).
    #[serde(default)]
    pub format: Option<Format>,
}

/// `history`: the seat's events, a page at a time.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HistoryArgs {
    /// Table id (HTTP).
    #[serde(default)]
    pub table: Option<String>,
    /// Your seat (HTTP; stdio when you play several).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The seat's token (HTTP).
    #[serde(default)]
    pub token: Option<String>,
    /// The cursor: the version to start after (0: from the beginning; the
    /// `earlier` or `next` cursor of an answer). At most the current version.
    #[serde(default)]
    pub from: u64,
    /// Most steps in the page: 1 to 200, default 30.
    #[serde(default)]
    pub limit: Option<u32>,
    /// Language of labels: `en` (default) or `de`.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// `read_chat` and `write_chat` (HTTP).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatArgs {
    /// Table id.
    #[serde(default)]
    pub table: Option<String>,
    /// Your seat.
    #[serde(default)]
    pub seat: Option<u8>,
    /// The seat's token.
    #[serde(default)]
    pub token: Option<String>,
    /// `read_chat`: the first line wanted (default 0; the `next` of an answer).
    #[serde(default)]
    pub from: u64,
    /// `write_chat`: the line to write (the HTTP chat's rules: 1 to 300
    /// characters, printable, a few lines a minute per address).
    #[serde(default)]
    pub text: Option<String>,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// `new_game` (stdio) and `create_table` (HTTP).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGameArgs {
    /// Game id from `list_games` (`catan`, `catan-junior`, `splendor`).
    pub game: String,
    /// Rule set id from `list_games` (default: the game's first).
    #[serde(default)]
    pub rules: Option<String>,
    /// Number of seats (default: the rule set's fewest, or the number of `seats`).
    #[serde(default)]
    pub players: Option<usize>,
    /// One entry per seat: `{"kind":"agent"}` (you), `{"kind":"human"}` (open for
    /// someone to join; stdio: you play it too), `{"kind":"bot","bot":"greedy"}`.
    /// Default: seat 0 is you, every other seat the `greedy` bot (stdio) or open (HTTP).
    #[serde(default)]
    pub seats: Option<Vec<SeatKind>>,
    /// Further game options (JSON object), merged over the rule set's.
    #[serde(default)]
    pub options: Option<Value>,
    /// Seed of the game's chance (stdio; HTTP only when every other seat is a bot).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Your name as an agent (default: your MCP client's name).
    #[serde(default)]
    pub name: Option<String>,
    /// HTTP: seconds per decision before a bot takes over a silent seat (the turn clock); default none.
    #[serde(default)]
    pub turn_seconds: Option<u32>,
    /// HTTP: a rated table (its result counts in `GET /api/ratings`; never with a `seed`).
    /// Default: casual.
    #[serde(default)]
    pub rated: bool,
    /// HTTP: seconds per decision for the seats of kind `agent` only (a
    /// longer clock for agents beside people on `turn_seconds`); default:
    /// `turn_seconds`.
    #[serde(default)]
    pub agent_turn_seconds: Option<u32>,
    /// Language of the text: `en` (default) or `de`.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// `join_seat` (HTTP).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinArgs {
    /// Table id.
    pub table: String,
    /// The open seat to take, 0-based.
    pub seat: u8,
    /// Your name as an agent (default: your MCP client's name).
    #[serde(default)]
    pub name: Option<String>,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// `act`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActArgs {
    /// Table id (HTTP).
    #[serde(default)]
    pub table: Option<String>,
    /// Your seat (HTTP; stdio when you play several).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The seat's token (HTTP).
    #[serde(default)]
    pub token: Option<String>,
    /// Index of an action in the latest `legal_actions` list.
    #[serde(default)]
    pub index: Option<usize>,
    /// Or the action's JSON, as `legal_actions` shows it.
    #[serde(default)]
    pub action: Option<Value>,
    /// The version the action was chosen at (default: the current one).
    #[serde(default)]
    pub version: Option<u64>,
    /// Language of labels: `en` (default) or `de`.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// Whether the answer includes your next observation with its legal
    /// actions when you must act again (default `true`): the next decision
    /// then needs no `observe`.
    #[serde(default)]
    pub observe: Option<bool>,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// `wait_for_turn`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WaitArgs {
    /// Table id (HTTP).
    #[serde(default)]
    pub table: Option<String>,
    /// Your seat (HTTP; stdio when you play several).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The seat's token (HTTP).
    #[serde(default)]
    pub token: Option<String>,
    /// Seconds to wait at most: default 30, at most 50.
    #[serde(default)]
    pub timeout_seconds: Option<u32>,
    /// Language of the text: `en` (default) or `de`.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// `rules`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesArgs {
    /// A rule id as every refusal names it (`catan.build.settlement.distance`),
    /// a document (`catan`, `cities-knights`, `heroes`, `catan-5-6`,
    /// `catan-junior`, `splendor`) or a topic in English or German
    /// (`robber`, `Räuber`, `longest road`).
    pub query: String,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// The answer of `list_games`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GamesOut {
    /// The games.
    pub games: Vec<GameCard>,
    /// Bot names for seats of kind `bot`.
    pub bots: Vec<String>,
    /// `stdio` or `http`: which tools start a game here.
    pub transport: String,
}

/// The answer of `new_game` / `create_table`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StartedOut {
    /// The game or table.
    #[serde(flatten)]
    pub started: Started,
    /// HTTP: the first `agent` seat, already joined for you (keep its token).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined: Option<Joined>,
}

/// The answer of `observe` (and the follow-up of `act`).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ObserveOut {
    /// Game id.
    pub game: String,
    /// Table id.
    pub table: String,
    /// Your seat (0-based).
    pub seat: u8,
    /// Engine version (the cursor of `history`).
    pub version: u64,
    /// Who acts.
    #[schemars(with = "Value")]
    pub to_act: ToAct,
    /// Whether you must act now.
    pub your_turn: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The result, once over.
    #[schemars(with = "Option<Value>")]
    pub result: Option<GameResult>,
    /// The seats.
    pub seats: Vec<SeatLine>,
    /// Your seat's turn clock (tables with one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockNote>,
    /// Your view (JSON, never the full state).
    pub view: Value,
    /// What happened since your last `observe` or `act`, step by step.
    pub new_events: Vec<Entry>,
    /// Steps before `new_events` not listed (page them with `history`).
    pub earlier_events: usize,
    /// Number of legal actions.
    pub legal_count: usize,
    /// The legal actions (with `legal: true`, or after `act`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<LegalAction>>,
}

/// One legal action.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LegalAction {
    /// Index for `act`.
    pub index: usize,
    /// What it does, with the place and the price.
    pub label: String,
    /// The action's JSON (also accepted by `act`).
    pub action: Value,
}

/// The answer of `legal_actions`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LegalOut {
    /// The version the list belongs to.
    pub version: u64,
    /// Whether you must act now.
    pub your_turn: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The actions.
    pub actions: Vec<LegalAction>,
}

/// The answer of `act`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ActOut {
    /// The action played.
    pub action: Value,
    /// Version before it.
    pub from: u64,
    /// Version now (after bots and chance that followed, stdio).
    pub version: u64,
    /// The events it caused (and what followed), as your seat sees them.
    pub events: Vec<Entry>,
    /// Whether you must act again now.
    pub your_turn: bool,
    /// Whether the game is over.
    pub over: bool,
    /// Your next observation with its legal actions, when you must act again
    /// (unless `observe: false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<Box<ObserveOut>>,
}

/// The answer of `wait_for_turn`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct WaitOut {
    /// `your_turn`, `over`, `timeout` or `waiting_for_players`.
    pub status: String,
    /// Engine version.
    pub version: u64,
    /// Your seat's turn clock (tables with one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockNote>,
}

/// The answer of `history`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HistoryOut {
    /// The steps of this page, oldest first.
    pub entries: Vec<Entry>,
    /// The cursor of the next page (`from`), if there are later steps.
    pub next: Option<u64>,
    /// The version now.
    pub version: u64,
}

/// The answer of `list_tables`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TablesOut {
    /// The tables.
    pub tables: Vec<TableLine>,
}

/// The answer of `read_chat`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ChatOut {
    /// The lines from `from` on.
    pub lines: Vec<ChatLine>,
    /// The cursor of the next read (`from`).
    pub next: u64,
}

/// The answer of `rules`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RulesOut {
    /// The matching rule text (Markdown), the rule's id first.
    pub text: String,
    /// The rule ids found.
    pub rules: Vec<String>,
    /// The documents it comes from (also MCP resources `rules://spielleiter/{name}`).
    pub documents: Vec<String>,
}

/// Arguments of `analyze`.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeArgs {
    /// Table id (HTTP). Stdio: leave out.
    #[serde(default)]
    pub table: Option<String>,
    /// Your seat, 0-based (HTTP: required; stdio: only when you play several seats).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The seat's token (HTTP). Stdio: leave out.
    #[serde(default)]
    pub token: Option<String>,
    /// Playouts of the search (default 2000; at most 100000 over stdio,
    /// 20000 at the server).
    #[serde(default)]
    pub playouts: Option<u64>,
    /// Milliseconds of search instead of playouts (at most 30000 over
    /// stdio, 5000 at the server).
    #[serde(default)]
    pub ms: Option<u64>,
    /// Only the best `top` actions (default: all).
    #[serde(default)]
    pub top: Option<usize>,
    /// Language of texts and labels: `en` (default) or `de`.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// `text` (default) or `json`.
    #[serde(default)]
    pub format: Option<Format>,
}

/// One legal action as the analysis saw it, the best first.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct AnalyzedAction {
    /// Its index into your legal actions (as `legal_actions` numbers them; for `act`).
    pub index: usize,
    /// What it does.
    pub label: String,
    /// The action's JSON.
    pub action: Value,
    /// Your estimated chance to win after it (0–1; `null` if never tried).
    pub win: Option<f64>,
    /// Lower end of its 95 % interval.
    pub low: f64,
    /// Upper end of its 95 % interval.
    pub high: f64,
    /// Playouts through it.
    pub visits: u64,
    /// The expected line of play after it: `{seat, action}` steps.
    pub line: Vec<Value>,
}

/// The answer of `analyze`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct AnalyzeOut {
    /// The version (step) analysed.
    pub version: u64,
    /// The seat analysed.
    pub seat: u8,
    /// Playouts run.
    pub playouts: u64,
    /// Time the search took, in milliseconds.
    pub millis: u64,
    /// The actions, most visited (the search's choice) first.
    pub actions: Vec<AnalyzedAction>,
}

//! The wire forms shared by the HTTP API and the WebSocket: what clients send
//! and the JSON the server answers with. docs/server.md documents each.

use engine::{GameResult, ToAct, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One seat as everybody may see it (never its secret).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatInfo {
    /// Seat number, 0-based in turn order.
    pub seat: u8,
    /// `open` (free to join), `human`, `agent` (an MCP client, see
    /// docs/agents.md) or `bot`.
    pub kind: String,
    /// Player name or bot name.
    pub name: Option<String>,
    /// Whether a client holding the seat's secret is connected.
    pub connected: bool,
    /// Whether a bot plays this human seat (the turn clock ran out, or its
    /// human handed it over); sent only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub autopilot: bool,
    /// Whether the seat's player left this started rated game: a bot plays
    /// the seat to the end, and it counts as the player's loss
    /// (docs/ratings.md); sent only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub left: bool,
}

/// A table as listed.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TableSummary {
    /// Table id.
    pub id: String,
    /// Game id.
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Game options as given at creation (`null` for the defaults).
    pub options: Value,
    /// The id of the rule set the options select, as the game's registry
    /// entry names it (CATAN: `base`, `cities_knights`, `five_six`, …), so
    /// that a table list can say which game is played without knowing each
    /// game's options; `null` for a game registered without rule sets.
    #[serde(default)]
    pub rules: Option<String>,
    /// Engine version: number of accepted steps, chance included.
    pub version: u64,
    /// `waiting` (open seats), `playing` or `finished`.
    pub status: String,
    /// Who is to act.
    pub to_act: ToAct,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// Creation time, ms since the Unix epoch.
    pub created_ms: i64,
    /// The creator chose the table's seed (allowed only where every other
    /// seat is a bot): whoever knows it can foresee the table's chance.
    #[serde(default)]
    pub seed_chosen: bool,
    /// Whether the table's result counts for the ratings (see
    /// [`crate::ratings`]); `false`: a casual table.
    #[serde(default)]
    pub rated: bool,
    /// Set when a table created rated plays casual (two seats joined from
    /// one address or with one player token, [`crate::fairplay`]): why, in
    /// German and English. Said from the join that caused it on, before
    /// the first move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casual: Option<crate::fairplay::Casual>,
    /// The table of the rematch, once a seat has opened it.
    #[serde(default)]
    pub rematch: Option<String>,
    /// The turn clock, if the table has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::clock::ClockConfig>,
}

/// The rule set a table's options select (see [`TableSummary::rules`]).
pub fn rules_of(entry: Option<&dyn engine::GameEntry>, options: &Value) -> Option<String> {
    entry.and_then(|e| e.rule_set_of(options)).map(str::to_owned)
}

/// How a seat is filled when a table is created.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case", from = "SeatSpecJson")]
pub enum SeatSpec {
    /// A human joins later with `POST …/seats/{n}/join`.
    Human,
    /// A server-side bot from the bot registry.
    Bot {
        /// The bot's registered name, e.g. `random`.
        bot: String,
    },
}

/// The JSON form read, refusing unknown fields: serde does not enforce
/// `deny_unknown_fields` on a unit variant of an internally tagged enum, so
/// `human` is read as an empty struct.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum SeatSpecJson {
    Human {},
    Bot { bot: String },
}

impl From<SeatSpecJson> for SeatSpec {
    fn from(json: SeatSpecJson) -> SeatSpec {
        match json {
            SeatSpecJson::Human {} => SeatSpec::Human,
            SeatSpecJson::Bot { bot } => SeatSpec::Bot { bot },
        }
    }
}

/// `POST /api/tables`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// Game id.
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Game options (`null` or absent for the defaults).
    #[serde(default)]
    pub options: Value,
    /// One entry per seat; absent means every seat is human.
    #[serde(default)]
    pub seats: Option<Vec<SeatSpec>>,
    /// Seed of the table's chance; absent for a random one.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The turn clock (see [`crate::clock`]): absent (`None`) for the
    /// default, which is [`crate::clock::DEFAULT_OPEN_CLOCK`] at a table open
    /// to strangers (two or more human seats) and none elsewhere; `null`
    /// (`Some(None)`) for none, explicitly; an object for that clock.
    #[serde(
        default,
        deserialize_with = "crate::clock::explicit",
        skip_serializing_if = "Option::is_none"
    )]
    pub clock: Option<Option<crate::clock::ClockConfig>>,
    /// Whether the result counts for the ratings; absent: a casual table.
    /// Refused together with `seed` (a chosen seed is never rated).
    #[serde(default)]
    pub rated: bool,
}

/// `POST /api/tables/{id}/seats/{seat}/join`.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct JoinSeat {
    /// Display name (1–40 characters).
    #[serde(default)]
    pub name: Option<String>,
    /// The player's token (16–128 characters of `A–Z a–z 0–9 - _`, kept by
    /// the browser): at a rated table it claims the name for the ratings,
    /// or proves an earlier claim. Ignored at a casual table; never shown.
    #[serde(default)]
    pub player_token: Option<String>,
}

/// The answer to a join: the secret is shown once and never again.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Joined {
    /// Table id.
    pub table: String,
    /// Seat number.
    pub seat: u8,
    /// The seat's secret (32 hex digits): keep it, it authorises acting.
    pub secret: String,
    /// A shareable link carrying the secret in its fragment.
    pub link: String,
}

/// `POST /api/tables/{id}/act`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    /// The seat acting (its secret goes in the `X-Seat-Secret` header).
    pub seat: u8,
    /// The action, as listed by `legal`.
    pub action: Value,
    /// The version the action was chosen at.
    pub version: u64,
}

/// The answer to an accepted action.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Accepted {
    /// The version before the action.
    pub from: u64,
    /// The version after it (and the chance it triggered).
    pub version: u64,
    /// The events since `from`, as the acting seat may see them.
    pub events: Vec<Value>,
}

/// A viewer's complete picture of a table.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Snapshot {
    /// Table id.
    pub table: String,
    /// Whose picture this is.
    pub viewer: Viewer,
    /// Engine version.
    pub version: u64,
    /// The viewer's view (never the full state).
    pub view: Value,
    /// The seat's legal actions (empty for spectators and seats not to act).
    pub legal: Vec<Value>,
    /// Who is to act.
    pub to_act: ToAct,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// The turn clock, if the table has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::clock::ClockView>,
    /// Why a table created rated plays casual, as [`TableSummary::casual`];
    /// absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casual: Option<crate::fairplay::Casual>,
}

/// Messages a WebSocket client sends. Each may carry an `id`, echoed in the
/// `ack` or `error` it causes, to match them up.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Take a seat on this connection (one connection may hold several).
    Auth {
        /// Seat number.
        seat: u8,
        /// The seat's secret.
        secret: String,
        /// Echoed in an error.
        #[serde(default)]
        id: Option<Value>,
    },
    /// Watch as a spectator.
    Watch {
        /// Echoed in an error.
        #[serde(default)]
        id: Option<Value>,
    },
    /// Act for a seat this connection holds.
    Act {
        /// Seat number.
        seat: u8,
        /// The action.
        action: Value,
        /// The version the action was chosen at.
        version: u64,
        /// Echoed in the answer, to match it up.
        #[serde(default)]
        id: Option<Value>,
    },
    /// Ask for fresh snapshots of every seat held (and the spectator view if watching).
    Sync {
        /// Echoed in an error.
        #[serde(default)]
        id: Option<Value>,
    },
    /// Keep-alive.
    Ping {
        /// Echoed in the pong.
        #[serde(default)]
        id: Option<Value>,
    },
}

/// Only the `id` of a client message, read from a message that is refused
/// before it is parsed (too large, too fast, malformed), so that even those
/// errors echo it.
#[derive(Debug, Deserialize)]
pub struct MessageId {
    /// The id, if the message is a JSON object that has one.
    #[serde(default)]
    pub id: Option<Value>,
}

impl MessageId {
    /// The `id` of `text`, if it is a JSON object with one.
    pub fn of(text: &str) -> Option<Value> {
        serde_json::from_str::<MessageId>(text).ok().and_then(|m| m.id)
    }
}

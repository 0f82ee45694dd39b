//! Refusals: why an action was not accepted.
//!
//! Two layers, as DESIGN.md asks. Engine-level refusals (not your turn, game
//! over, stale version, malformed input, …) are the same for every game; rule
//! refusals are each game's own enum implementing [`RuleError`], with a stable
//! rule id from `docs/rules/*.md` and a sentence in German and English.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// A sentence in both languages the project speaks to users in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// German.
    pub de: String,
    /// English.
    pub en: String,
}

impl Message {
    /// Builds a message from its German and English sentences.
    pub fn new(de: impl Into<String>, en: impl Into<String>) -> Message {
        Message {
            de: de.into(),
            en: en.into(),
        }
    }
}

/// A game's own rule refusal: each variant names the rule it enforces.
pub trait RuleError: std::error::Error + Debug + Clone + PartialEq + Send + Sync + 'static {
    /// The stable rule id, e.g. `splendor.take.two_needs_four`.
    fn rule_id(&self) -> &'static str;
    /// What is wrong, in German and English.
    fn message(&self) -> Message;
}

/// Why an action, a chance outcome or a loaded state was refused. A refusal
/// never changes the game.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Rejection<E: RuleError> {
    /// The seat is not among those who may act now.
    #[error("{seat} is not to act now")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
    },
    /// The seat does not exist at this table.
    #[error("{seat} does not exist at this table")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
    },
    /// The action belongs to another phase of the game; `phase` names the current one.
    #[error("this action does not fit the current phase ({phase})")]
    WrongPhase {
        /// The phase the game is in.
        phase: &'static str,
    },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The action was chosen at another version of the game than the current one.
    #[error("stale version: the action was chosen at version {got}, the game is at {current}")]
    StaleVersion {
        /// The version the game is at.
        current: u64,
        /// The version the client named.
        got: u64,
    },
    /// A chance outcome was supplied but the game is waiting for a seat, or the
    /// other way round.
    #[error("the game is waiting for {waiting}")]
    NotChanceTurn {
        /// What the game waits for ("chance" or "a seat").
        waiting: &'static str,
    },
    /// The input could not be read as an action, outcome or state of this game.
    #[error("malformed input: {0}")]
    Malformed(String),
    /// The action breaks a rule of the game.
    #[error("{0}")]
    Rule(E),
}

impl<E: RuleError> From<E> for Rejection<E> {
    fn from(e: E) -> Self {
        Rejection::Rule(e)
    }
}

impl<E: RuleError> Rejection<E> {
    /// The machine-readable kind of refusal.
    pub fn kind(&self) -> &'static str {
        match self {
            Rejection::NotYourTurn { .. } => "not_your_turn",
            Rejection::NoSuchSeat { .. } => "no_such_seat",
            Rejection::WrongPhase { .. } => "wrong_phase",
            Rejection::GameOver => "game_over",
            Rejection::StaleVersion { .. } => "stale_version",
            Rejection::NotChanceTurn { .. } => "not_chance_turn",
            Rejection::Malformed(_) => "malformed",
            Rejection::Rule(_) => "rule",
        }
    }

    /// The stable rule id: the game's own for rule refusals, `engine.*` otherwise.
    pub fn rule_id(&self) -> &'static str {
        match self {
            Rejection::NotYourTurn { .. } => "engine.not_your_turn",
            Rejection::NoSuchSeat { .. } => "engine.no_such_seat",
            Rejection::WrongPhase { .. } => "engine.wrong_phase",
            Rejection::GameOver => "engine.game_over",
            Rejection::StaleVersion { .. } => "engine.stale_version",
            Rejection::NotChanceTurn { .. } => "engine.not_chance_turn",
            Rejection::Malformed(_) => "engine.malformed",
            Rejection::Rule(e) => e.rule_id(),
        }
    }

    /// The refusal in German and English.
    pub fn message(&self) -> Message {
        match self {
            // Sentences count seats from 1, as the players and the table
            // page do; the protocol's `seat` fields count from 0.
            Rejection::NotYourTurn { seat } => Message::new(
                format!("Platz {} ist gerade nicht am Zug.", seat.number()),
                format!("Seat {} is not to act now.", seat.number()),
            ),
            Rejection::NoSuchSeat { seat } => Message::new(
                format!("Platz {} gibt es an diesem Tisch nicht.", seat.number()),
                format!("Seat {} does not exist at this table.", seat.number()),
            ),
            Rejection::WrongPhase { phase } => Message::new(
                format!("Diese Aktion passt nicht zur aktuellen Spielphase ({phase})."),
                format!("This action does not fit the current phase ({phase})."),
            ),
            Rejection::GameOver => Message::new("Das Spiel ist beendet.", "The game is over."),
            Rejection::StaleVersion { current, got } => Message::new(
                format!(
                    "Veralteter Stand: Die Aktion wurde bei Version {got} gewählt, das Spiel ist bei Version {current}."
                ),
                format!("Stale version: the action was chosen at version {got}, the game is at version {current}."),
            ),
            Rejection::NotChanceTurn { waiting } => Message::new(
                format!(
                    "Das Spiel wartet gerade auf {}.",
                    if *waiting == "chance" {
                        "den Zufall"
                    } else {
                        "einen Platz"
                    }
                ),
                format!("The game is waiting for {waiting}."),
            ),
            Rejection::Malformed(detail) => Message::new(
                format!("Ungültige Eingabe: {detail}"),
                format!("Malformed input: {detail}"),
            ),
            Rejection::Rule(e) => e.message(),
        }
    }

    /// The refusal in the JSON form every interface (referee, server) sends.
    pub fn info(&self) -> ErrorInfo {
        ErrorInfo {
            kind: self.kind().to_string(),
            rule: self.rule_id().to_string(),
            message: self.message(),
        }
    }
}

/// The wire form of any refusal: `{"kind": …, "rule": …, "message": {"de": …, "en": …}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorInfo {
    /// Machine-readable kind: `rule`, `not_your_turn`, `malformed`, …
    pub kind: String,
    /// Stable rule id (`engine.*` for engine-level refusals).
    pub rule: String,
    /// Human-readable sentence in German and English.
    pub message: Message,
}

impl ErrorInfo {
    /// An error that is not tied to a game: bad request, unknown game, …
    pub fn new(kind: &str, rule: &str, de: impl Into<String>, en: impl Into<String>) -> ErrorInfo {
        ErrorInfo {
            kind: kind.to_string(),
            rule: rule.to_string(),
            message: Message::new(de, en),
        }
    }

    /// A malformed-input error with the same detail in both languages.
    pub fn malformed(detail: impl std::fmt::Display) -> ErrorInfo {
        ErrorInfo::new(
            "malformed",
            "engine.malformed",
            format!("Ungültige Eingabe: {detail}"),
            format!("Malformed input: {detail}"),
        )
    }
}

impl std::fmt::Display for ErrorInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.rule, self.message.en)
    }
}

impl std::error::Error for ErrorInfo {}

//! A game-independent, JSON-speaking handle on a [`Match`], so the referee, the
//! server and other front ends serve every game through one interface.
//!
//! Parsing wire input (serde) happens here and is kept apart from checking
//! legality (the game's `check`).

use crate::digest::Fnv1a;
use crate::game::{Game, GameResult, ToAct};
use crate::log::{ChanceMode, Entry as LogEntry, Log, ReplayError, Start};
use crate::rejection::{ErrorInfo, Rejection};
use crate::seat::{Seat, Viewer};
use crate::session::Match;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The versioned JSON envelope of a saved state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedState<S> {
    /// Format version.
    pub format: u32,
    /// The game's id.
    pub game: String,
    /// The state.
    pub state: S,
}

/// What a game contributes to a registry: a way to start, load and replay its
/// matches from JSON.
pub trait GameEntry: Send + Sync {
    /// The game's id.
    fn id(&self) -> &'static str;
    /// Starts a new match with options given as JSON (`null` for the defaults).
    fn create(
        &self,
        config: &Value,
        players: usize,
        seed: u64,
        mode: ChanceMode,
    ) -> Result<Box<dyn DynMatch>, ErrorInfo>;
    /// Loads a state (the bare state or the versioned envelope).
    fn load(&self, state: &Value, seed: u64, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo>;
    /// Rebuilds a match from its log.
    fn replay_log(&self, log: &Value, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo>;
    /// Rebuilds a match from what a server stored of it (see [`Stored`]),
    /// applying the stored chance outcomes instead of drawing them anew.
    fn restore(&self, stored: Stored<'_>) -> Result<Box<dyn DynMatch>, ErrorInfo>;
    /// The game's rule sets as a lobby offers them, the default first.
    /// Empty for an entry that was not registered with its rule sets (the
    /// registry crate wraps every game's entry to fill this in).
    fn rule_sets(&self) -> Vec<RuleSetCard> {
        Vec::new()
    }
    /// The id of the rule set a table's options select (`None` when the
    /// options do not parse or the entry knows no rule sets), so that a
    /// table list can name the rules without knowing each game's options.
    fn rule_set_of(&self, _options: &Value) -> Option<&'static str> {
        None
    }
    /// The game's documented options, so that a lobby can build a control
    /// for each instead of asking for raw JSON. Empty for an entry that was
    /// not registered with them.
    fn options(&self) -> Vec<OptionCard> {
        Vec::new()
    }
    /// The game's description ([`Game::describe`]) under the options given
    /// as JSON (`null` for the defaults).
    fn describe(&self, options: &Value) -> Result<crate::Description, ErrorInfo>;
}

/// One documented option of a game as a client sees it: the JSON key, what
/// values it takes, its words in both languages, the rule sets it applies to
/// and its default under each of them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OptionCard {
    /// The key in a table's options (`victory_points`, `two_players`, …).
    pub name: String,
    /// What values it takes.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// The control's label.
    pub label: crate::rejection::Message,
    /// One sentence of help.
    pub help: crate::rejection::Message,
    /// The rule sets it applies to (ids of [`RuleSetCard`]s).
    pub rule_sets: Vec<String>,
    /// Its default per rule set (`null`: left out, the game decides).
    pub defaults: serde_json::Map<String, Value>,
}

/// The values an option takes (serialised flat into its card as `"kind"`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`; `optional`: it may be left out
    /// (`null`), which means what the help says (usually: no limit).
    Integer {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// Whether `null` (left out) is a value.
        optional: bool,
    },
    /// A seat of the table (`0` to players − 1, shown from 1), or `null`
    /// (left out: drawn by lot).
    Seat,
    /// One of the listed values.
    Choice {
        /// The values, each with its name.
        values: Vec<OptionValue>,
    },
}

/// One value of a [`OptionKind::Choice`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OptionValue {
    /// The JSON value sent.
    pub value: Value,
    /// Its name.
    pub label: crate::rejection::Message,
}

/// A rule set as a client sees it: what to show and what to send.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleSetCard {
    /// Stable id (`base`, `cities_knights`, `five_six`, …).
    pub id: String,
    /// The name in German and English.
    pub name: crate::rejection::Message,
    /// Fewest and most players.
    pub players: [usize; 2],
    /// The options that select the rule set (only the fields that differ
    /// from the game's defaults), to be merged into a table's options.
    pub options: Value,
}

/// What a server stores of a match to restore it from, whatever the RNG code
/// does later: the options, the start state (what the set-up drew) and every
/// entry, chance outcomes included, each as written by
/// [`DynMatch::start_state_text`] and [`DynMatch::entries_text`].
#[derive(Debug, Clone, Copy)]
pub struct Stored<'a> {
    /// The options (`null` for the defaults).
    pub options: &'a Value,
    /// Number of seats.
    pub players: usize,
    /// The seed of the match's RNG (for the chance still to come).
    pub seed: u64,
    /// The start state in its versioned envelope, as JSON text.
    pub start_state: &'a str,
    /// Every entry, in order, each as JSON text.
    pub entries: &'a [String],
    /// The chance mode.
    pub mode: ChanceMode,
}

/// The [`GameEntry`] of a game type.
#[derive(Debug)]
pub struct Entry<G>(std::marker::PhantomData<fn() -> G>);

impl<G> Default for Entry<G> {
    fn default() -> Self {
        Entry(std::marker::PhantomData)
    }
}

impl<G: Game> Entry<G> {
    /// The entry, boxed for a registry.
    pub fn boxed() -> Box<dyn GameEntry> {
        Box::new(Entry::<G>::default())
    }
}

fn parse<T: serde::de::DeserializeOwned>(value: &Value, what: &str) -> Result<T, ErrorInfo> {
    T::deserialize(value).map_err(|e| ErrorInfo::malformed(format!("{what}: {e}")))
}

/// Parses wire input into its typed form and refuses a field the type does
/// not know (serde would drop it silently), so what is accepted, and stored
/// in its canonical form, is exactly what was sent. `what` names the input in
/// German and English.
///
/// Games' types need no `deny_unknown_fields` for this, which serde cannot
/// honour inside internally tagged enums anyway: the input is compared with
/// the typed value serialised again. A field the canonical form lacks is
/// unknown, unless its value is empty (`null`, `0`, `false`, `""`, `[]`, `{}`
/// or an object of such): a field skipped when it holds its default
/// (`skip_serializing_if`) may be sent with that value. Such an empty unknown
/// field carries nothing and is dropped.
pub fn parse_strict<T>(value: &Value, what: (&str, &str)) -> Result<T, ErrorInfo>
where
    T: serde::de::DeserializeOwned + Serialize,
{
    let typed: T = parse(value, what.1)?;
    let canonical = serde_json::to_value(&typed).unwrap_or(Value::Null);
    let mut path = String::new();
    if unknown_field(value, &canonical, &mut path) {
        return Err(ErrorInfo::new(
            "malformed",
            "engine.unknown_field",
            format!("Unbekanntes Feld „{path}“ in {}.", what.0),
            format!("Unknown field '{path}' in {}.", what.1),
        ));
    }
    Ok(typed)
}

/// Whether `input` holds a non-empty field `canonical` lacks; `path` is then
/// its dotted path.
fn unknown_field(input: &Value, canonical: &Value, path: &mut String) -> bool {
    let len = path.len();
    let found = match (input, canonical) {
        (Value::Object(given), Value::Object(known)) => given.iter().any(|(key, v)| {
            path.truncate(len);
            if len > 0 {
                path.push('.');
            }
            path.push_str(key);
            match known.get(key) {
                Some(k) => unknown_field(v, k, path),
                None => !is_empty_value(v),
            }
        }),
        (Value::Array(given), Value::Array(known)) if given.len() == known.len() => {
            given.iter().zip(known).enumerate().any(|(i, (v, k))| {
                path.truncate(len);
                path.push_str(&format!("[{i}]"));
                unknown_field(v, k, path)
            })
        }
        _ => false,
    };
    if !found {
        path.truncate(len);
    }
    found
}

/// Whether a JSON value says nothing: null, false, 0, "", [] or an object
/// of such values (what a compact rendering of a view may leave out).
pub fn is_empty_value(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.values().all(is_empty_value),
    }
}

/// A state given bare or in its versioned envelope (which must name this game
/// and format).
fn parse_state<G: Game>(state: &Value) -> Result<G::State, ErrorInfo> {
    if let (Some(format), Some(inner)) = (state.get("format"), state.get("state")) {
        // The envelope's game and format first: a state of another format
        // is refused as such, not for the fields it lacks.
        let game = state.get("game").and_then(Value::as_str).unwrap_or("");
        if game != G::ID || format.as_u64() != Some(u64::from(G::FORMAT)) {
            return Err(ErrorInfo::malformed(format!(
                "the state is for {game} format {format}, expected {} format {}",
                G::ID,
                G::FORMAT
            )));
        }
        parse(inner, "state")
    } else {
        parse(state, "state")
    }
}

fn options<G: Game>(config: &Value) -> Result<G::Config, ErrorInfo> {
    if config.is_null() {
        Ok(G::Config::default())
    } else {
        parse(config, "options")
    }
}

impl<G: Game> GameEntry for Entry<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn describe(&self, config: &Value) -> Result<crate::Description, ErrorInfo> {
        Ok(G::describe(&options::<G>(config)?))
    }

    fn create(
        &self,
        config: &Value,
        players: usize,
        seed: u64,
        mode: ChanceMode,
    ) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let config = options::<G>(config)?;
        let m = Match::<G>::new(config, players, seed, mode).map_err(|e| ErrorInfo {
            kind: "config".into(),
            rule: e.rule,
            message: e.message,
        })?;
        Ok(Box::new(m))
    }

    fn load(&self, state: &Value, seed: u64, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let state = parse_state::<G>(state)?;
        let m = Match::<G>::load(state, seed, mode).map_err(invalid_state)?;
        Ok(Box::new(m))
    }

    fn replay_log(&self, log: &Value, mode: ChanceMode) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let log: Log<G> = parse(log, "log")?;
        let m = Match::<G>::from_log(log, mode).map_err(|e| {
            // An inconsistent start position lists its problems in both languages.
            let de = match &e {
                ReplayError::InvalidStart(p) => {
                    format!(
                        "Die Startstellung ist widersprüchlich: {}",
                        crate::problem::listed(p, true)
                    )
                }
                other => other.to_string(),
            };
            ErrorInfo::new(
                "replay",
                "engine.replay",
                format!("Das Protokoll lässt sich nicht nachspielen: {de}"),
                format!("The log cannot be replayed: {e}"),
            )
        })?;
        Ok(Box::new(m))
    }

    fn restore(&self, stored: Stored<'_>) -> Result<Box<dyn DynMatch>, ErrorInfo> {
        let fail = |detail: String| {
            ErrorInfo::new(
                "restore",
                "engine.restore",
                format!("Der gespeicherte Tisch lässt sich nicht wiederherstellen: {detail}"),
                format!("The stored table cannot be restored: {detail}"),
            )
        };
        let config = options::<G>(stored.options).map_err(|e| fail(e.message.en))?;
        let start_state: Value =
            serde_json::from_str(stored.start_state).map_err(|e| fail(format!("start state: {e}")))?;
        let start_state = parse_state::<G>(&start_state).map_err(|e| fail(e.message.en))?;
        let mut entries = Vec::with_capacity(stored.entries.len());
        for (i, text) in stored.entries.iter().enumerate() {
            let entry: LogEntry<G::Action, G::Chance> =
                serde_json::from_str(text).map_err(|e| fail(format!("entry {i}: {e}")))?;
            entries.push(entry);
        }
        let start = Start::New {
            config,
            players: stored.players,
        };
        let m = Match::<G>::restore(start, start_state, stored.seed, entries, stored.mode)
            .map_err(|e| fail(e.to_string()))?;
        Ok(Box::new(m))
    }
}

/// The error for a loaded state that is inconsistent: every problem in each
/// language with its rule id (`sentence [rule] sentence [rule]`), the shape a
/// refused set-up (a stated board) lists its problems in.
pub fn invalid_state(problems: Vec<crate::Problem>) -> ErrorInfo {
    ErrorInfo::new(
        "invalid_state",
        "engine.invalid_state",
        format!(
            "Der Spielstand ist widersprüchlich: {}",
            crate::problem::listed(&problems, true)
        ),
        format!(
            "The state is inconsistent: {}",
            crate::problem::listed(&problems, false)
        ),
    )
}

/// A match of any game, spoken to in JSON.
pub trait DynMatch: Send + Sync {
    /// The game's id.
    fn game(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> usize;
    /// Number of accepted steps.
    fn version(&self) -> u64;
    /// Who acts next.
    fn to_act(&self) -> ToAct;
    /// Whether a seat to act is better left waiting for the others
    /// ([`crate::Game::waits`]).
    fn waits(&self, seat: Seat) -> bool;
    /// Legal actions of a seat, as JSON.
    fn legal(&self, seat: Seat) -> Result<Vec<Value>, ErrorInfo>;
    /// Applies an action given as JSON; returns the version before it.
    fn act(&mut self, seat: Seat, action: &Value, expected_version: Option<u64>) -> Result<u64, ErrorInfo>;
    /// Whether [`DynMatch::act`] would accept the action now, without
    /// changing anything: the same parsing and the same refusal, so a
    /// conformance check (`testkit::reach`) can probe many actions at one
    /// position and see exactly what a client would be answered.
    fn check(&self, seat: Seat, action: &Value) -> Result<(), ErrorInfo>;
    /// Supplies (or, with `None`, draws) a chance outcome; returns the version before it.
    fn chance(&mut self, outcome: Option<&Value>, expected_version: Option<u64>) -> Result<u64, ErrorInfo>;
    /// The possible chance outcomes with probabilities.
    fn chance_outcomes(&self) -> Vec<(Value, f64)>;
    /// The view of a viewer.
    fn view(&self, viewer: Viewer) -> Value;
    /// Events since a version, redacted for a viewer.
    fn events_since(&self, from: u64, viewer: Viewer) -> Vec<Value>;
    /// The events of each log entry from index `from` on, redacted for a
    /// viewer, as `[{"v": version after the entry, "events": […]}, …]` (entries
    /// showing the viewer nothing left out): a table's history for a viewer.
    fn history(&self, from: u64, viewer: Viewer) -> Value;
    /// The full state in its versioned envelope (secrets included).
    fn state(&self) -> Value;
    /// The log, with the current state recorded as its final state.
    fn log(&self) -> Value;
    /// The result, if over.
    fn result(&self) -> Option<GameResult>;
    /// The chance mode.
    fn mode(&self) -> ChanceMode;
    /// The state before the first entry, in its versioned envelope, as JSON
    /// text: with the entries, what [`GameEntry::restore`] needs.
    fn start_state_text(&self) -> String;
    /// The log entries from index `from` on (seat actions and chance
    /// outcomes, marked drawn or supplied), each in its canonical JSON form.
    fn entries_text(&self, from: u64) -> Vec<String>;
    /// FNV-1a of the state's compact JSON: stored with the log, it shows on
    /// restore that the game came back exactly.
    fn digest(&self) -> u64;
    /// The board's geometry ([`Game::topology`]) with the game's id:
    /// `{"game": …, "kind": "none"}` for a game without a board.
    fn topology(&self) -> Value;
    /// The description of the rule set the match plays
    /// ([`Game::describe_state`]).
    fn description(&self) -> crate::Description;
    /// What each place of the board touches ([`Game::places`]) with the
    /// game's id: `{"game": …, "kind": "none"}` for a game without places.
    fn places(&self) -> Value;
    /// [`DynMatch::view`] as JSON text, serialised straight from the typed
    /// view: a server sends it after every action, and building the `Value`
    /// tree first cost as much as the action itself.
    fn view_text(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }
    /// [`DynMatch::events_since`] as one JSON array text.
    fn events_text(&self, from: u64, viewer: Viewer) -> String {
        Value::from(self.events_since(from, viewer)).to_string()
    }
    /// [`DynMatch::legal`] as one JSON array text (`[]` for a seat that
    /// does not exist or a spectator's seat-less view).
    fn legal_text(&self, seat: Seat) -> String {
        Value::from(self.legal(seat).unwrap_or_default()).to_string()
    }
}

fn to_text<T: Serialize + ?Sized>(t: &T) -> String {
    // As in `to_json`: our own types always serialise.
    serde_json::to_string(t).unwrap_or_else(|_| "null".to_string())
}

fn to_json<T: Serialize>(t: &T) -> Value {
    // Serialising our own derive(Serialize) types to a Value cannot fail (no
    // non-string map keys, no failing custom impls).
    serde_json::to_value(t).unwrap_or(Value::Null)
}

fn info<E: crate::rejection::RuleError>(r: Rejection<E>) -> ErrorInfo {
    r.info()
}

impl<G: Game> DynMatch for Match<G> {
    fn game(&self) -> &'static str {
        G::ID
    }
    fn players(&self) -> usize {
        G::players(self.state())
    }
    fn version(&self) -> u64 {
        Match::version(self)
    }
    fn to_act(&self) -> ToAct {
        Match::to_act(self)
    }
    fn waits(&self, seat: Seat) -> bool {
        G::waits(self.state(), seat)
    }
    fn legal(&self, seat: Seat) -> Result<Vec<Value>, ErrorInfo> {
        if seat.index() >= G::players(self.state()) {
            return Err(info(Rejection::<G::Error>::NoSuchSeat { seat }));
        }
        Ok(self.legal_actions(seat).iter().map(to_json).collect())
    }
    fn act(&mut self, seat: Seat, action: &Value, expected_version: Option<u64>) -> Result<u64, ErrorInfo> {
        let action: G::Action = parse_strict(action, ("der Aktion", "the action"))?;
        Match::act(self, seat, action, expected_version).map_err(info)
    }
    fn check(&self, seat: Seat, action: &Value) -> Result<(), ErrorInfo> {
        let action: G::Action = parse_strict(action, ("der Aktion", "the action"))?;
        Match::check(self, seat, &action).map_err(info)
    }
    fn chance(&mut self, outcome: Option<&Value>, expected_version: Option<u64>) -> Result<u64, ErrorInfo> {
        let outcome: Option<G::Chance> = match outcome {
            Some(v) => Some(parse_strict(v, ("dem Zufallsergebnis", "the chance outcome"))?),
            None => None,
        };
        Match::chance(self, outcome, expected_version).map_err(info)
    }
    fn chance_outcomes(&self) -> Vec<(Value, f64)> {
        Match::chance_outcomes(self)
            .iter()
            .map(|(o, p)| (to_json(o), *p))
            .collect()
    }
    fn view(&self, viewer: Viewer) -> Value {
        to_json(&Match::view(self, viewer))
    }
    fn events_since(&self, from: u64, viewer: Viewer) -> Vec<Value> {
        Match::events_since(self, from, viewer).iter().map(to_json).collect()
    }
    fn history(&self, from: u64, viewer: Viewer) -> Value {
        let rows = Match::history(self, from, viewer)
            .into_iter()
            .map(|(v, events)| serde_json::json!({ "v": v, "events": events.iter().map(to_json).collect::<Vec<_>>() }))
            .collect();
        Value::Array(rows)
    }
    fn state(&self) -> Value {
        to_json(&SavedState {
            format: G::FORMAT,
            game: G::ID.to_string(),
            state: self.state().clone(),
        })
    }
    fn log(&self) -> Value {
        to_json(&Match::log_with_state(self))
    }
    fn result(&self) -> Option<GameResult> {
        Match::result(self)
    }
    fn mode(&self) -> ChanceMode {
        Match::mode(self)
    }
    fn start_state_text(&self) -> String {
        to_text(&SavedState {
            format: G::FORMAT,
            game: G::ID.to_string(),
            state: Match::start_state(self),
        })
    }
    fn entries_text(&self, from: u64) -> Vec<String> {
        let entries = &Match::log(self).entries;
        let from = usize::try_from(from).unwrap_or(usize::MAX).min(entries.len());
        entries[from..].iter().map(to_text).collect()
    }
    fn digest(&self) -> u64 {
        Fnv1a::of_json(Match::state(self))
    }
    fn view_text(&self, viewer: Viewer) -> String {
        to_text(&Match::view(self, viewer))
    }
    fn topology(&self) -> Value {
        let mut out = G::topology(self.state()).unwrap_or_else(|| serde_json::json!({ "kind": "none" }));
        if let Some(obj) = out.as_object_mut() {
            obj.insert("game".into(), Value::from(G::ID));
        }
        out
    }
    fn description(&self) -> crate::Description {
        G::describe_state(self.state())
    }
    fn places(&self) -> Value {
        let mut out = G::places(self.state()).unwrap_or_else(|| serde_json::json!({ "kind": "none" }));
        if let Some(obj) = out.as_object_mut() {
            obj.insert("game".into(), Value::from(G::ID));
        }
        out
    }
    fn events_text(&self, from: u64, viewer: Viewer) -> String {
        to_text(&Match::events_since(self, from, viewer))
    }
    fn legal_text(&self, seat: Seat) -> String {
        if seat.index() >= G::players(self.state()) {
            return "[]".to_string();
        }
        to_text(&self.legal_actions(seat))
    }
}

impl std::fmt::Debug for dyn DynMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DynMatch")
            .field("game", &self.game())
            .field("version", &self.version())
            .finish_non_exhaustive()
    }
}

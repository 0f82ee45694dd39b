//! # The one list of games
//!
//! Every front end of spielleiter (the CLI's simulate, bench, arena, referee,
//! replay and `games`; the game server's lobby and seat bots; the Python
//! package) learns which games exist from this crate, and one workspace test
//! (`tests/it/every_game.rs`) walks the same list. Adding a game means: the game
//! crate, its heuristic in the bots crate, one line in [`for_each_game!`] and
//! one [`Registered`] impl in [`mod@games`]. Nothing else names the games.
//!
//! Why a crate of its own: the list must know the game crates and the bots
//! (every registered game is a [`bots::BotGame`]), while the server must stay
//! free of games (it is handed a list of [`GameEntry`]s) and the Python
//! package should not link the whole command-line tool to learn the ids. A
//! small crate that the CLI and the Python package both depend on is the one
//! place that satisfies all three.
//!
//! Two faces of one list:
//! - data: [`games()`] gives a [`GameInfo`] per game (id, names, rule sets with
//!   their options and player ranges, bots, documented rule ids) and
//!   [`entry`] the JSON-speaking [`GameEntry`];
//! - types: [`with_game!`] runs code with a type alias bound to the game of
//!   an id, and [`visit`] / [`visit_all`] call a generic [`Visitor`].

pub mod games;
pub mod options;

pub use bots;
pub use catan;
pub use catan_junior;
pub use engine;
pub use splendor;

use engine::dynamic::Entry;
use engine::{ErrorInfo, Game, GameEntry, OptionCard, RuleSetCard};
pub use options::GameOption;
use serde_json::Value;
use std::ops::RangeInclusive;

/// The list itself: calls the macro `$callback` with the type of every
/// registered game, in the order front ends list them, followed by the
/// tokens in braces. Everything else in this crate is derived from it.
///
/// A game with more than one state type names the others after `|`: CATAN
/// plays Cities & Knights as `CatanCk` (`State<CkState>`, the C&K part
/// inline) and everything else as `Catan` (`State<NoPart>`), so a base state
/// stays small and a C&K state clones without a heap allocation; an
/// expansion with a part of its own is one more `| Type`. The first type
/// describes the game (names, rule sets, options);
/// [`Registered::state_type`] says which one plays.
///
/// ```text
/// for_each_game!((my_macro) { extra tokens })
///   => my_macro! { { extra tokens } [ Splendor, Catan | CatanCk, CatanJunior ] }
/// ```
#[macro_export]
macro_rules! for_each_game {
    (($($callback:tt)+) { $($args:tt)* }) => {
        $($callback)+! { { $($args)* } [
            $crate::splendor::Splendor,
            $crate::catan::Catan | $crate::catan::CatanCk,
            $crate::catan_junior::CatanJunior,
        ] }
    };
}

/// Runs `$body` with the type alias `$G` bound to the game type that plays
/// `$pick` (a [`Pick`]: the options, a saved state or a log) of the game
/// whose id is `$id`: `Ok(body)`, or `Err(`[`unknown_game`]`)` for an id no
/// game has. `$body` is compiled once per state type of the game.
///
/// ```
/// use registry::Pick;
/// let players = registry::with_game!("splendor", Pick::Id, G => {
///     <G as registry::engine::Game>::player_range(&Default::default())
/// });
/// assert_eq!(players.ok(), Some(2..=4));
/// ```
#[macro_export]
macro_rules! with_game {
    ($id:expr, $pick:expr, $G:ident => $body:expr) => {
        $crate::for_each_game!(($crate::__with_game_match) { $id, $pick, $G => $body })
    };
}

/// The `match` behind [`with_game!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_match {
    ({ $id:expr, $pick:expr, $G:ident => $body:expr } [ $($T:ty $(| $V:ty)*),* $(,)? ]) => {{
        let pick: $crate::Pick<'_> = $pick;
        match $id {
            $(
                id if id == <$T as $crate::engine::Game>::ID => {
                    $(
                        if <$T as $crate::Registered>::state_type(&pick) == ::std::any::TypeId::of::<$V>() {
                            type $G = $V;
                            Ok($body)
                        } else
                    )*
                    {
                        type $G = $T;
                        Ok($body)
                    }
                }
            )*
            other => Err($crate::unknown_game(other)),
        }
    }};
}

/// What decides which state type of a game plays a match
/// ([`Registered::state_type`]): the options of a new match, a saved state (bare
/// or in its envelope), a log, or nothing (the first type).
#[derive(Clone, Copy, Debug)]
pub enum Pick<'a> {
    /// Nothing: the game's first type (describing the game, or a game with
    /// one state type).
    Id,
    /// The options of a new match (`null` for the defaults).
    Options(&'a Value),
    /// A saved state, bare or in its versioned envelope.
    State(&'a Value),
    /// A log (its start: options or a position).
    Log(&'a Value),
}

impl<'a> Pick<'a> {
    /// A log's start as the pick it stands for.
    pub fn of_log(log: &'a Value) -> Pick<'a> {
        let start = &log["start"];
        match start.get("from").and_then(Value::as_str) {
            Some("position") => Pick::State(&start["state"]),
            _ => Pick::Options(&start["config"]),
        }
    }

    /// The bare state of a state pick (the envelope's `state`).
    pub fn bare_state(state: &'a Value) -> &'a Value {
        match (state.get("format"), state.get("state")) {
            (Some(_), Some(inner)) => inner,
            _ => state,
        }
    }
}

/// The ids of every game, in list order.
macro_rules! ids_of {
    ({} [ $($T:ty $(| $V:ty)?),* $(,)? ]) => {
        &[ $( <$T as engine::Game>::ID ),* ]
    };
}

/// Ids of every game, in the order the help text lists them.
pub const GAMES: &[&str] = for_each_game!((ids_of) {});

/// What a game tells the registry about itself beyond [`Game`]: its names,
/// its rule sets and where its rules are documented. A registered game has
/// bots ([`bots::BotGame`]): greedy and MCTS need its heuristic.
pub trait Registered: bots::BotGame {
    /// The name shown to people, German and English.
    const NAME: (&'static str, &'static str);
    /// The prefixes of the game's rule ids (`catan`, `ck`, …): a code in
    /// backticks in the game's documentation that starts with one of them
    /// and a dot is a documented rule id.
    const RULE_PREFIXES: &'static [&'static str];
    /// The rule sets (named option presets), the default first.
    fn rule_sets() -> Vec<RuleSet<Self>>;
    /// The id of the rule set a config is played under. The default finds
    /// the rule set whose preset equals the config, else the default one; a
    /// game whose presets have free options beside the rule set (CATAN's
    /// board, goal and start player) names the deciding fields instead.
    fn rule_set_of(config: &Self::Config) -> &'static str {
        let sets = Self::rule_sets();
        sets.iter()
            .find(|r| (r.config)() == *config)
            .or(sets.first())
            .map_or("", |r| r.id)
    }
    /// The documented options beside the rule set (what a lobby shows as
    /// controls); none by default.
    fn options() -> Vec<GameOption> {
        Vec::new()
    }
    /// The state type (of those listed after `|` in [`for_each_game!`], or
    /// this one) that plays what `pick` names; this one for a game with one
    /// state type.
    fn state_type(_pick: &Pick<'_>) -> std::any::TypeId {
        std::any::TypeId::of::<Self>()
    }
    /// The JSON-speaking entry of the state type that plays `pick`
    /// ([`Registered::state_type`]).
    fn entry_for(_pick: &Pick<'_>) -> Box<dyn GameEntry> {
        Entry::<Self>::boxed()
    }
}

/// A named preset of a game's options: a rule set or an edition.
#[derive(Debug)]
pub struct RuleSet<G: Game> {
    /// Stable id (`base`, `cities_knights`, `kosmos2015`, …).
    pub id: &'static str,
    /// Name shown to people, German and English.
    pub name: (&'static str, &'static str),
    /// The options.
    pub config: fn() -> G::Config,
    /// The rule ids the game's code defines for this layer (its `RULE_IDS`
    /// constant); those of the layers below are listed there.
    pub rule_ids: &'static [&'static str],
    /// The documentation of this layer, relative to the workspace root.
    pub docs: &'static [&'static str],
}

/// A rule set as data (see [`RuleSet`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSetInfo {
    /// Stable id.
    pub id: &'static str,
    /// Name shown to people, German and English.
    pub name: (&'static str, &'static str),
    /// The options as a client sends them.
    pub options: Value,
    /// How many players may sit down.
    pub players: RangeInclusive<usize>,
    /// Rule ids the code defines for this layer.
    pub rule_ids: &'static [&'static str],
    /// Documentation of this layer, relative to the workspace root.
    pub docs: &'static [&'static str],
}

/// A registered game as data.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The game's id ([`Game::ID`]).
    pub id: &'static str,
    /// Name shown to people, German and English.
    pub name: (&'static str, &'static str),
    /// Rule sets, the default first.
    pub rule_sets: Vec<RuleSetInfo>,
    /// Prefixes of the game's rule ids.
    pub rule_prefixes: &'static [&'static str],
    /// The bots that play it (built in; external programs play every game).
    pub bots: &'static [&'static str],
    /// The documented options (see [`Registered::options`]).
    pub options: Vec<GameOption>,
    /// The JSON-speaking entry.
    pub entry: fn() -> Box<dyn GameEntry>,
}

impl GameInfo {
    /// Every player count some rule set allows.
    pub fn players(&self) -> RangeInclusive<usize> {
        let lo = self.rule_sets.iter().map(|r| *r.players.start()).min().unwrap_or(0);
        let hi = self.rule_sets.iter().map(|r| *r.players.end()).max().unwrap_or(0);
        lo..=hi
    }
}

/// The built-in bots; every registered game has a heuristic, so each plays
/// every game.
pub const BOTS: &[&str] = &["random", "greedy", "lookahead", "mcts"];

/// The data of `G`.
pub fn info<G: Registered>() -> GameInfo {
    GameInfo {
        id: G::ID,
        name: G::NAME,
        rule_sets: G::rule_sets()
            .into_iter()
            .map(|r| {
                let config = (r.config)();
                RuleSetInfo {
                    id: r.id,
                    name: r.name,
                    // A config that does not serialise would be a bug of the game crate.
                    options: serde_json::to_value(&config).unwrap_or(Value::Null),
                    players: G::player_range(&config),
                    rule_ids: r.rule_ids,
                    docs: r.docs,
                }
            })
            .collect(),
        rule_prefixes: G::RULE_PREFIXES,
        bots: BOTS,
        options: G::options(),
        entry: Listed::<G>::boxed,
    }
}

/// The option cards of a game: each documented option with its default
/// under every rule set it applies to, read from the rule set's preset
/// (`null` where the preset leaves the key out).
pub fn option_cards(info: &GameInfo) -> Vec<OptionCard> {
    info.options
        .iter()
        .map(|o| OptionCard {
            name: o.name.to_owned(),
            kind: o.kind.clone(),
            label: engine::Message::new(o.label.0, o.label.1),
            help: engine::Message::new(o.help.0, o.help.1),
            rule_sets: o.rule_sets.iter().map(|r| (*r).to_owned()).collect(),
            defaults: info
                .rule_sets
                .iter()
                .filter(|r| o.rule_sets.contains(&r.id))
                .map(|r| (r.id.to_owned(), r.options.get(o.name).cloned().unwrap_or(Value::Null)))
                .collect(),
        })
        .collect()
}

/// The fields of `options` that differ from `defaults` (both objects): what
/// a client must send to select a preset.
fn differing(options: &Value, defaults: &Value) -> Value {
    match (options, defaults) {
        (Value::Object(o), Value::Object(d)) => Value::Object(
            o.iter()
                .filter(|(k, v)| d.get(k.as_str()) != Some(v))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        _ => options.clone(),
    }
}

/// A game's [`GameEntry`] with what the registry knows of it (its rule
/// sets), so that the server, which knows no game, can offer them.
struct Listed<G>(std::marker::PhantomData<fn() -> G>);

impl<G: Registered> Listed<G> {
    fn boxed() -> Box<dyn GameEntry> {
        Box::new(Listed::<G>(std::marker::PhantomData))
    }
}

impl<G: Registered> GameEntry for Listed<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn create(
        &self,
        config: &Value,
        players: usize,
        seed: u64,
        mode: engine::ChanceMode,
    ) -> Result<Box<dyn engine::DynMatch>, ErrorInfo> {
        G::entry_for(&Pick::Options(config)).create(config, players, seed, mode)
    }
    fn load(&self, state: &Value, seed: u64, mode: engine::ChanceMode) -> Result<Box<dyn engine::DynMatch>, ErrorInfo> {
        G::entry_for(&Pick::State(state)).load(state, seed, mode)
    }
    fn replay_log(&self, log: &Value, mode: engine::ChanceMode) -> Result<Box<dyn engine::DynMatch>, ErrorInfo> {
        G::entry_for(&Pick::of_log(log)).replay_log(log, mode)
    }
    fn restore(&self, stored: engine::Stored<'_>) -> Result<Box<dyn engine::DynMatch>, ErrorInfo> {
        // The options decide; a table loaded from a position may have none,
        // and then its start state does.
        let start: Value = serde_json::from_str(stored.start_state).unwrap_or(Value::Null);
        let pick = if G::state_type(&Pick::Options(stored.options)) != std::any::TypeId::of::<G>() {
            Pick::Options(stored.options)
        } else {
            Pick::State(&start)
        };
        G::entry_for(&pick).restore(stored)
    }
    fn rule_sets(&self) -> Vec<RuleSetCard> {
        let defaults = serde_json::to_value(G::Config::default()).unwrap_or(Value::Null);
        info::<G>()
            .rule_sets
            .into_iter()
            .map(|r| RuleSetCard {
                id: r.id.to_owned(),
                name: engine::Message::new(r.name.0, r.name.1),
                players: [*r.players.start(), *r.players.end()],
                options: differing(&r.options, &defaults),
            })
            .collect()
    }
    fn options(&self) -> Vec<OptionCard> {
        option_cards(&info::<G>())
    }
    /// The description of the state type that plays the options, its
    /// `rule_set` named as the lobby names it.
    fn describe(&self, options: &Value) -> Result<engine::Description, ErrorInfo> {
        let mut d = G::entry_for(&Pick::Options(options)).describe(options)?;
        if let Some(r) = self.rule_set_of(options) {
            d.rule_set = r.to_owned();
        }
        Ok(d)
    }
    fn rule_set_of(&self, options: &Value) -> Option<&'static str> {
        let config: G::Config = if options.is_null() {
            G::Config::default()
        } else {
            serde_json::from_value(options.clone()).ok()?
        };
        Some(G::rule_set_of(&config))
    }
}

/// Code generic over a registered game, called through [`visit`] or
/// [`visit_all`] (for when a macro body will not do, as in a trait object or
/// a test that walks every game).
pub trait Visitor {
    /// What a visit gives.
    type Output;
    /// The visit of game `G`.
    fn visit<G: Registered>(&mut self) -> Self::Output;
}

macro_rules! visit_all_of {
    ({ $v:ident } [ $($T:ty $(| $V:ty)?),* $(,)? ]) => {
        vec![ $( $v.visit::<$T>() ),* ]
    };
}

/// Visits every game in list order.
pub fn visit_all<V: Visitor>(visitor: &mut V) -> Vec<V::Output> {
    for_each_game!((visit_all_of) { visitor })
}

/// Visits the game `id` (its first type, which describes it).
pub fn visit<V: Visitor>(id: &str, visitor: &mut V) -> Result<V::Output, ErrorInfo> {
    with_game!(id, Pick::Id, G => visitor.visit::<G>())
}

/// Visits the type of game `id` that plays `pick`.
pub fn visit_for<V: Visitor>(id: &str, pick: Pick<'_>, visitor: &mut V) -> Result<V::Output, ErrorInfo> {
    with_game!(id, pick, G => visitor.visit::<G>())
}

struct Infos;

impl Visitor for Infos {
    type Output = GameInfo;
    fn visit<G: Registered>(&mut self) -> GameInfo {
        info::<G>()
    }
}

/// Every game as data, in list order.
pub fn games() -> Vec<GameInfo> {
    visit_all(&mut Infos)
}

/// The game `id` as data.
pub fn game(id: &str) -> Result<GameInfo, ErrorInfo> {
    visit(id, &mut Infos)
}

/// The JSON-speaking entry of a game, with its rule sets.
pub fn entry(id: &str) -> Result<Box<dyn GameEntry>, ErrorInfo> {
    with_game!(id, Pick::Id, G => Listed::<G>::boxed())
}

/// The JSON-speaking entry of every game, in list order (for the server).
pub fn entries() -> Vec<Box<dyn GameEntry>> {
    games().iter().map(|g| (g.entry)()).collect()
}

/// The description of game `id` under a rule set of the registry (`None`:
/// the default one): what `GET /api/games/{id}/description?rules=…` and the
/// referee serve.
pub fn describe(id: &str, rule_set: Option<&str>) -> Result<engine::Description, ErrorInfo> {
    engine::describe::describe_rule_set(entry(id)?.as_ref(), rule_set)
}

/// The error for a game id that does not exist.
pub fn unknown_game(id: &str) -> ErrorInfo {
    let known = GAMES.join(", ");
    ErrorInfo::new(
        "unknown_game",
        "engine.unknown_game",
        format!("Unbekanntes Spiel „{id}“ (bekannt: {known})."),
        format!("Unknown game '{id}' (known: {known})."),
    )
}

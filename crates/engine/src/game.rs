//! The contract every game implements.

use crate::rejection::{Message, Rejection, RuleError};
use crate::seat::{Seat, SeatSet, Viewer};
use rand::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::hash::Hash;

/// The random number generator every game draws its chance from: seeded,
/// portable and fast. No game uses a global or thread RNG.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Who the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "seats")]
pub enum ToAct {
    /// One or more seats may act now (several at once for discards or trade replies).
    Seats(SeatSet),
    /// A chance outcome is due: dice, a card drawn, a steal.
    Chance,
    /// The game has ended.
    Over,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Every winner (more than one for a shared victory).
    pub winners: Vec<Seat>,
    /// Final score per seat, in seat order.
    pub scores: Vec<i32>,
    /// How the game ended, e.g. `points`, `all_passed`.
    pub reason: String,
}

/// Collects the events a transition produces. `Vec<E>` collects them; [`NoEvents`]
/// drops them at zero cost for simulations.
pub trait EventSink<E> {
    /// Records one event.
    fn push(&mut self, event: E);
}

impl<E> EventSink<E> for Vec<E> {
    #[inline]
    fn push(&mut self, event: E) {
        Vec::push(self, event);
    }
}

/// An event sink that drops everything (simulations and search).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn push(&mut self, _event: E) {}
}

/// Why a game could not be created from a configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{}", message.en)]
pub struct ConfigError {
    /// The rule the configuration breaks: `engine.config` unless the game
    /// names a more specific one (a board layout's `catan.board.*`).
    #[serde(default = "config_rule")]
    pub rule: String,
    /// What is wrong with the configuration.
    pub message: Message,
}

fn config_rule() -> String {
    "engine.config".to_string()
}

impl ConfigError {
    /// Builds a configuration error from its German and English sentences.
    pub fn new(de: impl Into<String>, en: impl Into<String>) -> ConfigError {
        ConfigError {
            rule: config_rule(),
            message: Message::new(de, en),
        }
    }

    /// A configuration error citing the game's own rule id.
    pub fn with_rule(rule: impl Into<String>, de: impl Into<String>, en: impl Into<String>) -> ConfigError {
        ConfigError {
            rule: rule.into(),
            message: Message::new(de, en),
        }
    }
}

/// A game of spielleiter: rules as pure functions over a state.
///
/// The state never leaves the engine except through [`Game::view`] (what one
/// viewer may see) and the full JSON form for saving. Every transition is
/// either accepted in full or refused without any change.
pub trait Game: Sized + Send + Sync + 'static {
    /// Stable identifier, e.g. `splendor`.
    const ID: &'static str;
    /// Version of the JSON forms of config, state, action, chance, event and view.
    const FORMAT: u32 = 1;

    /// Options of a game (variants, editions, board choice).
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// The full state, secrets included.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One micro-action of a seat.
    type Action: Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// One chance outcome (a die, a card drawn, a card stolen).
    type Chance: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, for logs and clients.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may see.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// The game's rule refusals.
    type Error: RuleError;

    /// The supported numbers of players.
    fn player_range(config: &Self::Config) -> std::ops::RangeInclusive<usize>;

    /// The refusal of a number of players outside [`Game::player_range`] when
    /// the game names the rule it breaks (CATAN: `catan56.setup.players`);
    /// `None` leaves the engine's generic refusal.
    fn player_count_refusal(_config: &Self::Config, _players: usize) -> Option<ConfigError> {
        None
    }

    /// A new game. The initial random set-up that is not itself a chance node (a
    /// random board, say) may draw from `rng`; deals and draws that players
    /// could supply by hand are chance nodes instead.
    fn new_game(config: &Self::Config, players: usize, rng: &mut GameRng) -> Result<Self::State, ConfigError>;

    /// Number of seats.
    fn players(state: &Self::State) -> usize;

    /// Number of turns begun (for simulation caps; not a rule).
    fn turn(state: &Self::State) -> u32;

    /// Whether an action opens a negotiation (a domestic trade offer in Catan,
    /// a player trade in Junior's pro variant). Uniformly random players leave
    /// such actions out by default, as catanatron's random player does, since
    /// random offers mostly stall a game; the default is `false`.
    fn is_offer(_action: &Self::Action) -> bool {
        false
    }

    /// Whether `seat`, though it may act, is better left waiting: others are
    /// still answering it (CATAN's offerer while seats answer its offer; it
    /// may settle with whoever has answered, but a bot that did so at once
    /// would never let a person answer). Drivers that seat bots at a table
    /// (the server, the MCP session) let such a bot wait while another seat
    /// is to act; the rules still accept its action. Default: never.
    fn waits(_state: &Self::State, _seat: Seat) -> bool {
        false
    }

    /// Who acts next.
    fn to_act(state: &Self::State) -> ToAct;

    /// Every legal action of `seat`, in a deterministic order, appended to `out`
    /// (which is cleared first). Empty when the seat is not to act.
    fn legal_actions(state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// The game's own reason why `seat` may not take `action` now, asked when the
    /// engine would refuse it generically: the seat is not among those to act
    /// ([`Rejection::NotYourTurn`]) or a chance outcome is due
    /// ([`Rejection::NotChanceTurn`]). Where a rule of the game names the reason
    /// more precisely (only the active player trades; the dice must be rolled
    /// first), the refusal carries that rule's id instead of the engine's, so a
    /// documented rule id is one a client can actually receive. `None` (the
    /// default) keeps the engine's refusal. Only a reason is returned, never a
    /// permission: the action is refused either way.
    fn refusal_reason(_state: &Self::State, _seat: Seat, _action: &Self::Action) -> Option<Self::Error> {
        None
    }

    /// The one form of an action that the log stores, asked before the action
    /// is checked: where an action's parts are an unordered choice (Year of
    /// Plenty's two resources, the two tokens the Inventor swaps) a client may
    /// send them in any order, and where a field only confirms what the state
    /// already fixes (a bank trade's rate) it may be left out. Returns the
    /// action with its parts in their canonical order and such fields filled
    /// in; the default keeps the action as sent. Never a permission: the
    /// canonical action is checked like any other.
    fn canonical(_state: &Self::State, _seat: Seat, action: Self::Action) -> Self::Action {
        action
    }

    /// Checks an action without changing anything.
    fn check(state: &Self::State, seat: Seat, action: &Self::Action) -> Result<(), Rejection<Self::Error>>;

    /// Applies an action already known to be legal (from [`Game::legal_actions`]
    /// or [`Game::check`]). Behaviour on an illegal action is unspecified but safe.
    fn apply_unchecked<S: EventSink<Self::Event>>(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut S,
    );

    /// Checks and applies an action: on a refusal the state is untouched.
    fn apply<S: EventSink<Self::Event>>(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut S,
    ) -> Result<(), Rejection<Self::Error>> {
        Self::check(state, seat, action)?;
        Self::apply_unchecked(state, seat, action, events);
        Ok(())
    }

    /// Every possible chance outcome with its probability (weights summing to 1),
    /// appended to `out` (cleared first). Empty unless [`ToAct::Chance`].
    fn chance_outcomes(state: &Self::State, out: &mut Vec<(Self::Chance, f64)>);

    /// Draws a chance outcome. The default samples [`Game::chance_outcomes`];
    /// games override it with a faster direct draw of the same distribution.
    fn sample_chance(state: &Self::State, rng: &mut GameRng) -> Self::Chance {
        let mut outcomes = Vec::new();
        Self::chance_outcomes(state, &mut outcomes);
        let mut x: f64 = rng.random::<f64>();
        let last = outcomes.len().saturating_sub(1);
        for (i, (outcome, p)) in outcomes.iter().enumerate() {
            if x < *p || i == last {
                return outcome.clone();
            }
            x -= p;
        }
        panic!("sample_chance called when no chance outcome is due")
    }

    /// Checks a chance outcome supplied from outside (manual chance) without
    /// changing anything. The default accepts exactly the outcomes of
    /// [`Game::chance_outcomes`] with a positive probability.
    fn check_chance(state: &Self::State, outcome: &Self::Chance) -> Result<(), Rejection<Self::Error>> {
        if Self::to_act(state) != ToAct::Chance {
            return Err(Rejection::NotChanceTurn { waiting: "a seat" });
        }
        let mut outcomes = Vec::new();
        Self::chance_outcomes(state, &mut outcomes);
        if outcomes.iter().any(|(o, p)| o == outcome && *p > 0.0) {
            Ok(())
        } else {
            Err(Rejection::Malformed(format!(
                "{outcome:?} is not a possible chance outcome now"
            )))
        }
    }

    /// Applies a chance outcome known to be possible.
    fn apply_chance_unchecked<S: EventSink<Self::Event>>(
        state: &mut Self::State,
        outcome: &Self::Chance,
        events: &mut S,
    );

    /// Checks and applies a chance outcome.
    fn apply_chance<S: EventSink<Self::Event>>(
        state: &mut Self::State,
        outcome: &Self::Chance,
        events: &mut S,
    ) -> Result<(), Rejection<Self::Error>> {
        Self::check_chance(state, outcome)?;
        Self::apply_chance_unchecked(state, outcome, events);
        Ok(())
    }

    /// What `viewer` may see: never another seat's secrets, never a deck order.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The event as `viewer` may see it (hidden parts removed), or `None` if the
    /// viewer must not learn of it at all.
    fn redact(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// The result once the game is over.
    fn result(state: &Self::State) -> Option<GameResult>;

    /// Checks that a state is consistent (for loading positions from JSON and
    /// for the conformance suite's invariants). Lists everything inconsistent,
    /// each problem with its rule id in German and English (players read German).
    fn validate(state: &Self::State) -> Result<(), Vec<crate::Problem>>;

    /// A state the viewer cannot tell apart from `state`: every secret hidden
    /// from `viewer` (other hands, face-down cards, deck contents) resampled
    /// consistently. Search bots determinize with it, and the conformance suite
    /// uses it to prove that views leak nothing: the view must not change.
    fn determinize(state: &Self::State, viewer: Viewer, rng: &mut GameRng) -> Self::State;

    /// The board's geometry as JSON for clients: where every hex, intersection,
    /// path (or island, site, route) lies and what touches what, so no client
    /// re-derives it from the docs. Built from the state because a board's
    /// harbors (and later its size) belong to the game. The object carries a
    /// `kind` naming its form; `None` (the default) for a game without a board,
    /// which [`crate::DynMatch::topology`] answers as `{"kind": "none"}`.
    fn topology(_state: &Self::State) -> Option<serde_json::Value> {
        None
    }

    /// The game's description under a config: names in German and English
    /// of every resource, piece, card, phase and event kind, colours, costs
    /// and card data ([`crate::Description`]), the one source every front end
    /// reads. The default describes nothing; every registered game fills it
    /// (the registry's test walks them).
    fn describe(_config: &Self::Config) -> crate::Description {
        crate::Description::new(Self::ID)
    }

    /// The description of the rule set a state plays (a loaded position has
    /// no config; its rules are in the state). The default describes the
    /// default config.
    fn describe_state(_state: &Self::State) -> crate::Description {
        Self::describe(&Self::Config::default())
    }

    /// What each place of the state's board touches, as JSON with a `kind`
    /// naming its form (CATAN: each intersection with its hexes, pips,
    /// harbor and neighbours; each path with its two intersections). Built
    /// on [`Game::topology`]'s ids. `None` (the default) for a game without
    /// places.
    fn places(_state: &Self::State) -> Option<serde_json::Value> {
        None
    }

    /// What a state holds outside its own `size_of`: bytes on the heap that
    /// a clone allocates again (`owned`) and bytes every clone shares by a
    /// reference count (`shared`). `spielleiter bench` prints both, since a
    /// clone per search playout pays for the first. Default: nothing.
    fn state_heap(_state: &Self::State) -> StateHeap {
        StateHeap::default()
    }
}

/// Heap bytes of a state beyond its `size_of` ([`Game::state_heap`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StateHeap {
    /// Allocated anew by every clone.
    pub owned: usize,
    /// Shared between clones (reference-counted), allocated once per game.
    pub shared: usize,
}

/// Shorthand for the refusal type of a game.
pub type RejectionOf<G> = Rejection<<G as Game>::Error>;

//! A rule set's part: what it adds to the state and how it plays.
//!
//! A CATAN rule set is the base game plus the parts of its expansions. The
//! state is `State<P>`: the base part ([`BaseState`]) and `P` beside it,
//! inline. `P` is [`NoPart`] (the base game and the 5–6 extension, zero
//! bytes) or an expansion's own type (`CkState` for Cities & Knights and its
//! heroes); an expansion adds its type in its own module, with its
//! `impl Part`, and nothing here changes.
//!
//! Why the part, not a dispatch enum, answers the engine's entry points: the
//! game ([`crate::CatanGame`]) is written once over `P` and calls
//! `P::legal_actions`, `P::apply`, …; a new part is one more type whose
//! `impl Part` the compiler makes complete (every entry point is a required
//! method), and no base file learns its name. The base game's entry points
//! ([`NoPart`]'s impl, below) are the base rules with the 5–6 extension's
//! turn rules as their one branch.
//!
//! Why the hooks with defaults (`knights`, `points`, `DEVELOPMENT_CARDS`,
//! …): base code that reads the whole state (counts of pieces, points, the
//! consistency of a loaded position) asks the part at exactly the clauses an
//! expansion changes, as base rule code asks its `rules::layer::Layer`.
//!
//! Two expansions at once (Seafarers with Cities & Knights, once there is a
//! second one) are a part of their own that holds both (a struct of the two
//! parts): its `impl Part` routes each entry point to the module whose phase
//! or action it is, its `get` answers for both types, and each module's
//! rule code, which receives its own part and the base part, stays as it is
//! (docs/architecture.md, "Rule sets as parts").

use crate::action::{Action, BaseAction, BaseChance, Chance, Dice};
use crate::bits::NodeSet;
use crate::config::Rules;
use crate::error::CatanError;
use crate::event::Event;
use crate::resource::Resource;
use crate::rules::layer::Base;
use crate::rules::{development, hand, turn};
use crate::state::{BasePhase, BaseState, Phase, State};
use crate::state_json::PartSlots;
use crate::view::View;
use crate::{determinize, five_six, legal};
use engine::{EventSink, GameRng, Problem, Rejection, Seat, ToAct, Viewer};
use rand::Rng;
use std::any::Any;

/// The base game's phases in which no chance node is (a pattern): the
/// chance functions name every phase through it, so a new base phase does
/// not compile until they say whether chance acts in it.
macro_rules! no_chance_node {
    () => {
        BasePhase::Setup { .. }
            | BasePhase::Roll
            | BasePhase::Discard { .. }
            | BasePhase::MoveRobber { .. }
            | BasePhase::Main
            | BasePhase::RoadBuilding { .. }
            | BasePhase::TradeDraft { .. }
            | BasePhase::TradeReplies { .. }
            | BasePhase::TradeConfirm { .. }
            | BasePhase::Over { .. }
    };
}

/// A refusal or nothing, as the checks return it.
pub(crate) type Checked = Result<(), Rejection<CatanError>>;

/// A rule set's part of the state, and the engine's entry points for the
/// states that carry it. Sealed: the parts are this crate's.
pub trait Part: Copy + std::fmt::Debug + PartialEq + Eq + Send + Sync + 'static + sealed::Sealed {
    /// The game type's name (`Debug` of [`crate::CatanGame`]).
    const GAME: &'static str;

    /// Whether the rule set's development cards are in play (Cities &
    /// Knights removes them, `ck.removed.development_cards`).
    const DEVELOPMENT_CARDS: bool = true;

    /// Whether the second building of the set-up is a city
    /// (`ck.setup.second_city`).
    const SETUP_CITY: bool = false;

    /// Whether a building may be left without a road of its owner (the
    /// Diplomat of Cities & Knights, `ck.decide.open_road`).
    const OPEN_BUILDINGS: bool = false;

    /// Whether states of this type play `rules`: the registry picks the
    /// state type by it, and `new_game` refuses another's rules.
    fn plays(rules: Rules) -> bool;

    /// The part of a new game.
    fn new_game() -> Self;

    /// The part read from a state's JSON slots: refused where a slot is
    /// there that this type has no place for, or its own is missing.
    fn from_json(slots: PartSlots) -> Result<Self, String>;

    /// One part of this list by its type (`None` where the state has no
    /// such part). A constant for a part of one type, so a caller's branch
    /// on it is compiled away.
    #[inline(always)]
    fn get<T: 'static>(&self) -> Option<&T> {
        (self as &dyn Any).downcast_ref::<T>()
    }

    /// One part of this list by its type, mutably.
    #[inline(always)]
    fn get_mut<T: 'static>(&mut self) -> Option<&mut T> {
        (self as &mut dyn Any).downcast_mut::<T>()
    }

    /// The pieces of seat `i` this part adds to the board that block and
    /// break roads as buildings do (Cities & Knights' knights).
    #[inline(always)]
    fn knights(&self, _i: usize) -> NodeSet {
        NodeSet::EMPTY
    }

    /// Those pieces of every seat but `seat` (of `n`).
    #[inline(always)]
    fn opponent_knights(&self, _seat: usize, _n: usize) -> NodeSet {
        NodeSet::EMPTY
    }

    /// Visible points this part adds for `seat`.
    #[inline(always)]
    fn points(&self, _seat: Seat) -> u8 {
        0
    }

    /// Cities of seat `i` that lie flat (pillaged): on the board as
    /// settlements, but city pieces of the supply.
    #[inline(always)]
    fn flat_cities(&self, _i: usize) -> usize {
        0
    }

    /// Who acts.
    fn to_act(state: &State<Self>) -> ToAct;

    /// Every legal action of `seat`, into `out` (cleared by the caller).
    fn legal_actions(state: &State<Self>, seat: Seat, out: &mut Vec<Action>);

    /// Whether `seat` may take `action`, and the rule that refuses it.
    fn check(state: &State<Self>, seat: Seat, action: &Action) -> Checked;

    /// The stored form of an action whose choices are unordered or whose
    /// rate was left out.
    fn canonical(state: &State<Self>, seat: Seat, action: Action) -> Action;

    /// Applies a checked action, victory included.
    fn apply<S: EventSink<Event>>(state: &mut State<Self>, seat: Seat, action: &Action, events: &mut S);

    /// The outcomes of a chance node with their probabilities (into `out`,
    /// cleared by the caller).
    fn chance_outcomes(state: &State<Self>, out: &mut Vec<(Chance, f64)>);

    /// One outcome of a chance node, drawn.
    fn sample_chance(state: &State<Self>, rng: &mut GameRng) -> Chance;

    /// Applies a chance outcome, victory included.
    fn apply_chance<S: EventSink<Event>>(state: &mut State<Self>, outcome: &Chance, events: &mut S);

    /// Adds this part's share of what `viewer` sees.
    fn complete_view(view: &mut View, state: &State<Self>, viewer: Viewer);

    /// Appends this part's inconsistencies (its absence too, where the
    /// state's rules need it).
    fn validate(state: &State<Self>, out: &mut Vec<Problem>);

    /// Deals the secrets `viewer` does not see again, consistently with
    /// what it saw.
    fn determinize(state: &mut State<Self>, viewer: Viewer, rng: &mut GameRng);
}

/// Only this crate's parts implement [`Part`]: each expansion's module adds
/// its own line (`impl Sealed for …`) beside its `impl Part`.
pub(crate) mod sealed {
    pub trait Sealed {}
    impl Sealed for super::NoPart {}
}

/// No expansion's part: the base game and the 5–6 extension (zero bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoPart;

/// An action of a rule set this game does not play is malformed input, like
/// an id off the board: it names nothing in this game's vocabulary.
pub(crate) fn foreign(action: &Action) -> Rejection<CatanError> {
    let tag = serde_json::to_value(action)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
        .unwrap_or_default();
    Rejection::Malformed(format!(
        "'{tag}' is an action of {}, which this game does not play",
        action.rule_set()
    ))
}

/// The base game's rules with or without the 5–6 extension's turn rules:
/// the one branch of [`NoPart`]'s entry points. The extension is a layer on
/// the base game; the base rules know nothing of it.
#[inline(always)]
fn five_six_turns(state: &BaseState) -> bool {
    state.turn_rule.is_some()
}

impl Part for NoPart {
    const GAME: &'static str = "Catan";

    fn plays(rules: Rules) -> bool {
        rules.parts().is_empty()
    }

    fn new_game() -> Self {
        NoPart
    }

    fn from_json(slots: PartSlots) -> Result<Self, String> {
        match slots.present() {
            None => Ok(NoPart),
            Some((title, json)) => Err(format!("a {title} part ('{json}') in a state of the base game")),
        }
    }

    /// A phase of another rule set in a base state is refused when a state
    /// is loaded, so only a state built by hand carries one: nobody acts
    /// then, nothing is legal or applied.
    #[inline]
    fn to_act(state: &State<Self>) -> ToAct {
        match state.phase.base() {
            Some(p) => legal::to_act(state, p),
            None => ToAct::Over,
        }
    }

    #[inline]
    fn legal_actions(state: &State<Self>, seat: Seat, out: &mut Vec<Action>) {
        if let Some(p) = state.phase.base() {
            if five_six_turns(state) {
                five_six::legal_actions(state, p, seat, out)
            } else {
                legal::legal_actions(state, p, seat, out)
            }
        }
    }

    fn check(state: &State<Self>, seat: Seat, action: &Action) -> Checked {
        // The base game's vocabulary has no action of another rule set.
        let Some(action) = action.base() else {
            return Err(foreign(action));
        };
        let Some(phase) = state.phase.base() else {
            return Err(Rejection::WrongPhase {
                phase: state.phase.name(),
            });
        };
        if five_six_turns(state) {
            five_six::check(state, phase, seat, action)
        } else {
            legal::check(state, phase, seat, action)
        }
    }

    fn canonical(state: &State<Self>, seat: Seat, action: Action) -> Action {
        match action {
            Action::Base(BaseAction::MaritimeTrade { give, get, rate: None }) if seat.index() < state.players.len() => {
                Action::Base(BaseAction::MaritimeTrade {
                    give,
                    get,
                    rate: Some(crate::rules::trade::rates(state, seat)[give.index()]),
                })
            }
            Action::Base(a) => Action::Base(a.canonical()),
            a => a,
        }
    }

    #[inline]
    fn apply<S: EventSink<Event>>(state: &mut State<Self>, seat: Seat, action: &Action, events: &mut S) {
        let state = &mut state.base;
        if five_six_turns(state) {
            if let Action::Base(a) = action {
                five_six::apply(state, seat, a, events)
            }
            five_six::check_victory(state, events);
        } else {
            if let Action::Base(a) = action {
                legal::apply(state, seat, a, events)
            }
            turn::check_victory(Base, state, events);
        }
    }

    fn chance_outcomes(state: &State<Self>, out: &mut Vec<(Chance, f64)>) {
        base_chance_outcomes(state, out)
    }

    #[inline]
    fn sample_chance(state: &State<Self>, rng: &mut GameRng) -> Chance {
        match state.phase.base() {
            Some(BasePhase::Stealing { victim, .. }) => Chance::Base(BaseChance::Steal {
                resource: hand::sample_steal(state, &(), *victim, rng).unwrap_or(Resource::Brick),
            }),
            Some(BasePhase::Drawing) => Chance::Base(BaseChance::Draw {
                card: development::sample_draw(state, rng),
            }),
            // The dice; also where no chance node is (`apply_chance` then
            // ignores the roll), listed so that a new phase is routed here
            // on purpose.
            Some(BasePhase::Rolling | no_chance_node!()) | None => {
                // One draw for both dice: 36 equally likely pairs.
                let x: u32 = rng.random_range(0..36);
                Chance::Base(BaseChance::Dice(Dice {
                    red: (x / 6) as u8 + 1,
                    yellow: (x % 6) as u8 + 1,
                }))
            }
        }
    }

    #[inline]
    fn apply_chance<S: EventSink<Event>>(state: &mut State<Self>, outcome: &Chance, events: &mut S) {
        let state = &mut state.base;
        match (state.phase, *outcome) {
            (Phase::Base(BasePhase::Rolling), Chance::Base(BaseChance::Dice(d))) => turn::apply_dice(state, d, events),
            (Phase::Base(BasePhase::Stealing { victim, resume }), Chance::Base(BaseChance::Steal { resource })) => {
                hand::apply_steal(state, &mut (), victim, resource, events);
                state.phase = resume.phase();
            }
            (Phase::Base(BasePhase::Drawing), Chance::Base(BaseChance::Draw { card })) => {
                development::apply_draw(state, card, events)
            }
            // No chance node, or an outcome of another node: nothing happens.
            _ => return,
        }
        if five_six_turns(state) {
            five_six::check_victory(state, events);
        } else {
            turn::check_victory(Base, state, events);
        }
    }

    fn complete_view(_view: &mut View, _state: &State<Self>, _viewer: Viewer) {}

    fn validate(state: &State<Self>, out: &mut Vec<Problem>) {
        rules_without_part(&state.base, out)
    }

    fn determinize(state: &mut State<Self>, viewer: Viewer, rng: &mut GameRng) {
        if let Some(hidden) = determinize::hidden_seats(state, viewer) {
            determinize::resample(&mut state.base, &hidden, rng)
        }
    }
}

/// The base game's chance nodes and their outcomes (a rule set whose own
/// nodes differ answers its own first).
fn base_chance_outcomes(state: &BaseState, out: &mut Vec<(Chance, f64)>) {
    match state.phase.base() {
        Some(BasePhase::Rolling) => {
            for red in 1..=6 {
                for yellow in 1..=6 {
                    out.push((Chance::Base(BaseChance::Dice(Dice { red, yellow })), 1.0 / 36.0));
                }
            }
        }
        Some(BasePhase::Stealing { victim, .. }) => hand::steal_outcomes::<Resource>(state, &(), *victim, out),
        Some(BasePhase::Drawing) => development::draw_outcomes(state, out),
        // No chance node.
        Some(no_chance_node!()) | None => {}
    }
}

/// A base state whose rules or phase belong to a rule set with a part of
/// its own is refused with that rule set's id (`ck.state.rules`): the state
/// lacks the part those rules play on.
fn rules_without_part(state: &BaseState, out: &mut Vec<Problem>) {
    if let Some(owner) = state.rules.parts().first() {
        out.push(owner.missing_part());
    }
    if state.base_knights {
        out.push(Problem::new(
            "ck.state.rules",
            "Ritter auf dem Spielplan einer Partie des Basisspiels.",
            "knights on the board of a base game",
        ));
    }
    if let Some(owner) = state.phase.owner() {
        out.push(owner.foreign_phase(state.phase.name()));
    }
}

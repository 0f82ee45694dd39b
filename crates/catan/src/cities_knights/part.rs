//! Cities & Knights as a part of the state ([`Part`]): what it adds to the
//! base part, and its entry points, each of which hands the two parts to
//! [`super::legal`] (its phases first, then the base rules with its layer).

use super::layer::CkLayer;
use super::CkState;
use crate::action::{Action, Chance};
use crate::config::{PartKind, Rules};
use crate::determinize;
use crate::event::Event;
use crate::part::{Checked, Part};
use crate::rules::turn;
use crate::state::State;
use crate::state_json::PartSlots;
use crate::view::View;
use crate::CkAction;
use engine::{EventSink, GameRng, Problem, Seat, ToAct, Viewer};

/// CATAN with Cities & Knights (and its heroes and squires).
pub type CatanCk = crate::CatanGame<CkState>;

impl<P: Part> State<P> {
    /// Cities & Knights' part of the state (`None` in a rule set without it).
    #[inline(always)]
    pub fn ck(&self) -> Option<&CkState> {
        self.part.get::<CkState>()
    }

    /// Cities & Knights' part of the state, mutably.
    #[inline(always)]
    pub fn ck_mut(&mut self) -> Option<&mut CkState> {
        self.part.get_mut::<CkState>()
    }
}

impl crate::part::sealed::Sealed for CkState {}

impl Part for CkState {
    const GAME: &'static str = "CatanCk";
    const DEVELOPMENT_CARDS: bool = false;
    const SETUP_CITY: bool = true;
    const OPEN_BUILDINGS: bool = true;

    fn plays(rules: Rules) -> bool {
        matches!(rules.parts(), [PartKind::CitiesKnights])
    }

    fn new_game() -> Self {
        CkState::new()
    }

    fn from_json(slots: PartSlots) -> Result<Self, String> {
        slots
            .cities_knights
            .ok_or_else(|| "a state of Cities & Knights without its part ('cities_knights')".into())
    }

    #[inline(always)]
    fn knights(&self, i: usize) -> crate::NodeSet {
        self.players.get(i).map_or(crate::NodeSet::EMPTY, |c| c.knights())
    }

    #[inline(always)]
    fn opponent_knights(&self, seat: usize, n: usize) -> crate::NodeSet {
        CkState::opponent_knights(self, seat, n)
    }

    #[inline(always)]
    fn points(&self, seat: Seat) -> u8 {
        CkState::points(self, seat)
    }

    #[inline(always)]
    fn flat_cities(&self, i: usize) -> usize {
        self.players[i].flat.len()
    }

    #[inline]
    fn to_act(state: &State<Self>) -> ToAct {
        super::legal::to_act(state)
    }

    #[inline]
    fn legal_actions(state: &State<Self>, seat: Seat, out: &mut Vec<Action>) {
        super::legal::legal_actions(&state.base, &state.part, seat, out)
    }

    fn check(state: &State<Self>, seat: Seat, action: &Action) -> Checked {
        super::legal::check(&state.base, &state.part, seat, action)
    }

    /// A bank trade sent without its rate is logged with the player's best
    /// rate, the one it is made at; the two hexes the Inventor swaps are an
    /// unordered choice, stored the lower first.
    fn canonical(state: &State<Self>, seat: Seat, action: Action) -> Action {
        match action {
            Action::Ck(CkAction::BankTrade { give, get, rate: None }) if seat.index() < state.players.len() => {
                Action::Ck(CkAction::BankTrade {
                    give,
                    get,
                    rate: Some(super::trade::rates(&state.base, &state.part, seat)[give.index()]),
                })
            }
            Action::Ck(CkAction::PlayInventor { a, b }) if a > b => Action::Ck(CkAction::PlayInventor { a: b, b: a }),
            Action::Ck(a) => Action::Ck(a),
            Action::Base(a) => Action::Base(a.canonical()),
        }
    }

    #[inline]
    fn apply<S: EventSink<Event>>(state: &mut State<Self>, seat: Seat, action: &Action, events: &mut S) {
        let (base, ck) = state.split_mut();
        super::legal::apply(base, ck, seat, action, events);
        turn::check_victory(CkLayer(ck), base, events);
    }

    fn chance_outcomes(state: &State<Self>, out: &mut Vec<(Chance, f64)>) {
        super::legal::chance_outcomes(&state.base, &state.part, out)
    }

    #[inline]
    fn sample_chance(state: &State<Self>, rng: &mut GameRng) -> Chance {
        super::legal::sample_chance(&state.base, &state.part, rng)
    }

    #[inline]
    fn apply_chance<S: EventSink<Event>>(state: &mut State<Self>, outcome: &Chance, events: &mut S) {
        let (base, ck) = state.split_mut();
        super::legal::apply_chance(base, ck, outcome, events);
        turn::check_victory(CkLayer(ck), base, events);
    }

    fn complete_view(view: &mut View, state: &State<Self>, viewer: Viewer) {
        super::view::complete(view, &state.base, &state.part, viewer)
    }

    fn validate(state: &State<Self>, out: &mut Vec<Problem>) {
        super::validate::validate(&state.base, &state.part, out)
    }

    /// Cities & Knights deals its own secrets again: cards of both kinds and
    /// progress cards (it has no development cards).
    fn determinize(state: &mut State<Self>, viewer: Viewer, rng: &mut GameRng) {
        if determinize::hidden_seats(state, viewer).is_none() {
            return;
        }
        let (base, ck) = state.split_mut();
        let known = determinize::known_minimum(base);
        super::secrets::resample(base, ck, viewer, &known, rng);
    }
}

//! [`Splendor`] and its [`engine::Game`] impl: each method a short call into
//! the rule modules (the layout of docs/architecture.md).

use crate::config::Config;
use crate::data::{gem_supply, GOLD_SUPPLY, LEVEL_SIZE};
use crate::state::NONE;
use crate::state::{Phase, Player};
use crate::{chance, check, determinize, end, legal, turn, validate, view};
use crate::{Action, Chance, Event, SplendorError, State, View};
use engine::{ConfigError, EventSink, Game, GameResult, GameRng, Rejection, Seat, SeatSet, ToAct, Viewer};

/// The game of Splendor.
#[derive(Clone, Copy, Debug, Default)]
pub struct Splendor;

impl Game for Splendor {
    const ID: &'static str = "splendor";

    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Event = Event;
    type View = View;
    type Error = SplendorError;

    fn describe(_config: &Config) -> engine::Description {
        crate::describe::describe()
    }

    fn player_range(_config: &Config) -> std::ops::RangeInclusive<usize> {
        2..=4
    }

    fn new_game(_config: &Config, players: usize, _rng: &mut GameRng) -> Result<State, ConfigError> {
        if !(2..=4).contains(&players) {
            return Err(ConfigError::new(
                format!("Splendor wird zu zweit bis zu viert gespielt, nicht mit {players} Spielern."),
                format!("Splendor is played by 2 to 4 players, not {players}."),
            ));
        }
        let gems = gem_supply(players);
        Ok(State {
            n: players as u8,
            current: 0,
            phase: Phase::Setup,
            round_passes: 0,
            nobles: 0,
            turn: 0,
            bank: [gems, gems, gems, gems, gems, GOLD_SUPPLY, 0, 0],
            market: [[NONE; 4]; 3],
            deck: LEVEL_SIZE.map(|n| (1u64 << n) - 1),
            players: [Player::EMPTY; 4],
        })
    }

    fn players(state: &State) -> usize {
        state.players()
    }

    fn turn(state: &State) -> u32 {
        state.turn
    }

    #[inline]
    fn to_act(state: &State) -> ToAct {
        match state.phase {
            Phase::Setup | Phase::Refill { .. } | Phase::DeckDraw { .. } => ToAct::Chance,
            Phase::Over { .. } => ToAct::Over,
            _ => ToAct::Seats(SeatSet::single(Seat(state.current))),
        }
    }

    #[inline]
    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        legal::legal_actions(state, seat, out);
    }

    fn check(state: &State, seat: Seat, action: &Action) -> Result<(), Rejection<SplendorError>> {
        check::check(state, seat, action)
    }

    /// A noble visits at the end of its player's own turn, never in another
    /// player's (`splendor.noble.end_of_turn`): a noble chosen by a seat whose
    /// turn it is not is answered with that rule rather than the engine's
    /// "not your turn".
    fn refusal_reason(state: &State, seat: Seat, action: &Action) -> Option<SplendorError> {
        (matches!(action, Action::ChooseNoble { .. })
            && seat != Seat(state.current)
            && Self::to_act(state) != ToAct::Over)
            .then_some(SplendorError::NobleEndOfTurn)
    }

    #[inline]
    fn apply_unchecked<S: EventSink<Event>>(state: &mut State, _seat: Seat, action: &Action, events: &mut S) {
        turn::apply(state, action, events);
    }

    fn chance_outcomes(state: &State, out: &mut Vec<(Chance, f64)>) {
        chance::outcomes(state, out);
    }

    #[inline]
    fn sample_chance(state: &State, rng: &mut GameRng) -> Chance {
        chance::sample(state, rng)
    }

    fn check_chance(state: &State, outcome: &Chance) -> Result<(), Rejection<SplendorError>> {
        chance::check(state, outcome)
    }

    #[inline]
    fn apply_chance_unchecked<S: EventSink<Event>>(state: &mut State, outcome: &Chance, events: &mut S) {
        chance::apply(state, outcome, events);
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        view::redact(event, viewer)
    }

    fn result(state: &State) -> Option<GameResult> {
        end::result(state)
    }

    fn validate(state: &State) -> Result<(), Vec<engine::Problem>> {
        validate::validate(state)
    }

    fn determinize(state: &State, viewer: Viewer, rng: &mut GameRng) -> State {
        determinize::determinize(state, viewer, rng)
    }
}

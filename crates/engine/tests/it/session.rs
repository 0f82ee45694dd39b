//! `Match`'s engine-level refusals, on a tiny game of its own: two seats take
//! turns to step; after every step a coin is tossed (a chance node); the game
//! is over after two steps.

use engine::{
    ChanceMode, EventSink, Game, GameResult, GameRng, Match, Message, Rejection, RuleError, Seat, SeatSet, ToAct,
    Viewer,
};
use serde::{Deserialize, Serialize};

const STEPS: u32 = 2;

#[derive(Debug)]
struct Steps;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    players: usize,
    steps: u32,
    coin_due: bool,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("never")]
struct Never;

impl RuleError for Never {
    fn rule_id(&self) -> &'static str {
        "steps.never"
    }
    fn message(&self) -> Message {
        Message::new("nie", "never")
    }
}

impl Game for Steps {
    const ID: &'static str = "steps";
    type Config = ();
    type State = State;
    type Action = ();
    type Chance = bool;
    type Event = ();
    type View = State;
    type Error = Never;

    fn player_range(_: &()) -> std::ops::RangeInclusive<usize> {
        2..=2
    }
    fn new_game(_: &(), players: usize, _: &mut GameRng) -> Result<State, engine::ConfigError> {
        Ok(State {
            players,
            steps: 0,
            coin_due: false,
        })
    }
    fn players(s: &State) -> usize {
        s.players
    }
    fn turn(s: &State) -> u32 {
        s.steps
    }
    fn to_act(s: &State) -> ToAct {
        if s.steps >= STEPS {
            ToAct::Over
        } else if s.coin_due {
            ToAct::Chance
        } else {
            ToAct::Seats(SeatSet::single(Seat((s.steps % 2) as u8)))
        }
    }
    fn legal_actions(s: &State, seat: Seat, out: &mut Vec<()>) {
        out.clear();
        if matches!(Self::to_act(s), ToAct::Seats(set) if set.contains(seat)) {
            out.push(());
        }
    }
    fn check(s: &State, seat: Seat, _: &()) -> Result<(), Rejection<Never>> {
        match Self::to_act(s) {
            ToAct::Seats(set) if set.contains(seat) => Ok(()),
            _ => Err(Rejection::NotYourTurn { seat }),
        }
    }
    fn apply_unchecked<S: EventSink<()>>(s: &mut State, _: Seat, _: &(), _: &mut S) {
        s.steps += 1;
        s.coin_due = s.steps < STEPS;
    }
    fn chance_outcomes(s: &State, out: &mut Vec<(bool, f64)>) {
        out.clear();
        if Self::to_act(s) == ToAct::Chance {
            out.extend([(false, 0.5), (true, 0.5)]);
        }
    }
    fn apply_chance_unchecked<S: EventSink<()>>(s: &mut State, _: &bool, _: &mut S) {
        s.coin_due = false;
    }
    fn view(s: &State, _: Viewer) -> State {
        s.clone()
    }
    fn redact(_: &(), _: Viewer) -> Option<()> {
        Some(())
    }
    fn result(s: &State) -> Option<GameResult> {
        (s.steps >= STEPS).then(|| GameResult {
            winners: vec![Seat(1)],
            scores: vec![0, 1],
            reason: "steps".into(),
        })
    }
    fn validate(_: &State) -> Result<(), Vec<engine::Problem>> {
        Ok(())
    }
    fn determinize(s: &State, _: Viewer, _: &mut GameRng) -> State {
        s.clone()
    }
}

/// A finished game, played in manual chance mode: step, coin, step.
fn finished() -> Match<Steps> {
    let mut m = Match::<Steps>::new((), 2, 1, ChanceMode::Manual).expect("starts");
    m.act(Seat(0), (), Some(0)).expect("first step");
    m.chance(Some(true), Some(1)).expect("coin");
    m.act(Seat(1), (), Some(2)).expect("second step");
    assert_eq!(m.to_act(), ToAct::Over);
    assert_eq!(m.version(), 3);
    m
}

#[test]
fn a_stale_version_on_a_finished_game_is_refused_as_game_over() {
    let mut m = finished();
    for version in [None, Some(0), Some(2), Some(3), Some(99)] {
        for seat in [Seat(0), Seat(1)] {
            assert_eq!(
                m.act(seat, (), version),
                Err(Rejection::GameOver),
                "act {seat:?} at {version:?}"
            );
        }
        assert_eq!(
            m.chance(Some(false), version),
            Err(Rejection::GameOver),
            "chance at {version:?}"
        );
        assert_eq!(
            m.chance(None, version),
            Err(Rejection::GameOver),
            "drawn chance at {version:?}"
        );
    }
    assert_eq!(m.version(), 3, "refusals change nothing");
    // A seat that does not exist is still named as such.
    assert_eq!(
        m.act(Seat(5), (), Some(0)),
        Err(Rejection::NoSuchSeat { seat: Seat(5) })
    );
}

#[test]
fn a_stale_version_on_a_running_game_is_still_refused_as_stale() {
    let mut m = Match::<Steps>::new((), 2, 1, ChanceMode::Manual).expect("starts");
    assert_eq!(
        m.act(Seat(0), (), Some(7)),
        Err(Rejection::StaleVersion { current: 0, got: 7 })
    );
    // Stale comes before "not your turn": the client's picture is out of date.
    assert_eq!(
        m.act(Seat(1), (), Some(7)),
        Err(Rejection::StaleVersion { current: 0, got: 7 })
    );
    m.act(Seat(0), (), Some(0)).expect("step");
    assert_eq!(
        m.chance(Some(true), Some(0)),
        Err(Rejection::StaleVersion { current: 1, got: 0 })
    );
    assert_eq!(
        m.act(Seat(1), (), Some(1)),
        Err(Rejection::NotChanceTurn { waiting: "chance" })
    );
    m.chance(Some(true), Some(1)).expect("coin");
    assert_eq!(
        m.chance(Some(true), Some(1)),
        Err(Rejection::StaleVersion { current: 2, got: 1 })
    );
    assert_eq!(
        m.chance(Some(true), Some(2)),
        Err(Rejection::NotChanceTurn { waiting: "a seat" })
    );
}

#[test]
fn the_dynamic_handle_reports_game_over_too() {
    use engine::DynMatch;
    let mut m: Box<dyn DynMatch> = Box::new(finished());
    let e = m.act(Seat(0), &serde_json::Value::Null, Some(0)).expect_err("refused");
    assert_eq!((e.kind.as_str(), e.rule.as_str()), ("game_over", "engine.game_over"));
    let e = m.chance(None, Some(1)).expect_err("refused");
    assert_eq!(e.kind, "game_over");
}

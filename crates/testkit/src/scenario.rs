//! Helpers for scenario tests built from a position.
//!
//! A refusal is checked twice: on the game's own functions, and through the
//! path the referee and the server take — the position loaded as JSON into a
//! [`DynMatch`] (manual chance, so nothing is drawn), the action sent as JSON.
//! The second path runs the engine's own checks (turn, chance, version) before
//! the game's, so a rule id that only the game's `check` gives but a client
//! can never receive fails the scenario test that names it.

use engine::dynamic::Entry;
use engine::{ChanceMode, DynMatch, ErrorInfo, Game, GameEntry, NoEvents, Rejection, Seat};
use serde_json::Value;

/// Applies `action` and asserts it is refused with `rule_id`, and that the
/// refusal left the state exactly as it was — on the game's functions and
/// through [`DynMatch`] (see [`assert_refused_through_protocol`]).
pub fn assert_refused<G: Game>(state: &G::State, seat: Seat, action: &G::Action, rule_id: &str) -> Rejection<G::Error> {
    let r = assert_refused_off_protocol::<G>(state, seat, action, rule_id);
    let mut m = protocol::<G>(state);
    assert_refused_through_protocol(m.as_mut(), seat, &to_json(action), rule_id);
    r
}

/// [`assert_refused`] on the game's functions only, for a position no client
/// can send (one `Game::validate` refuses, e.g. a progress deck emptied by
/// hand). A rule id tested only this way is not reachable through the
/// protocol and must be listed so, with the reason, in the game's
/// reachability check (`testkit::reach`).
pub fn assert_refused_off_protocol<G: Game>(
    state: &G::State,
    seat: Seat,
    action: &G::Action,
    rule_id: &str,
) -> Rejection<G::Error> {
    let mut s = state.clone();
    let r = match G::apply(&mut s, seat, action, &mut NoEvents) {
        Ok(()) => panic!("{action:?} by {seat} was accepted, expected a refusal citing {rule_id}"),
        Err(r) => r,
    };
    assert_eq!(r.rule_id(), rule_id, "refusal of {action:?}: {r}");
    assert_eq!(&s, state, "a refused action changed the state");
    let mut legal = Vec::new();
    G::legal_actions(state, seat, &mut legal);
    assert!(!legal.contains(action), "{action:?} was refused but is listed as legal");
    r
}

/// Applies `action`, asserting it is listed as legal and accepted; returns the events.
/// The action is taken in its canonical form ([`Game::canonical`]), as a
/// match takes it: a bank trade may leave its rate out, an unordered pair
/// may come in either order.
pub fn assert_accepted<G: Game>(state: &mut G::State, seat: Seat, action: &G::Action) -> Vec<G::Event> {
    let action = &G::canonical(state, seat, action.clone());
    let mut legal = Vec::new();
    G::legal_actions(state, seat, &mut legal);
    assert!(
        legal.contains(action),
        "{action:?} by {seat} is not listed as legal: {legal:?}"
    );
    let mut events = Vec::new();
    if let Err(r) = G::apply(state, seat, action, &mut events) {
        panic!("{action:?} by {seat} was refused: [{}] {r}", r.rule_id());
    }
    events
}

/// The position as a match behind the JSON face the referee and the server
/// use, with chance supplied from outside (so loading draws nothing). Panics
/// if the position is refused: a scenario must be a state a client could send.
pub fn protocol<G: Game>(state: &G::State) -> Box<dyn DynMatch> {
    Entry::<G>::default()
        .load(&to_json(state), 0, ChanceMode::Manual)
        .unwrap_or_else(|e| panic!("the position is refused by the protocol: {e}"))
}

/// Sends `action` (JSON) by `seat` through `m` and asserts it is refused with
/// `rule_id` and both sentences, and that nothing changed: state, version and
/// the seat's legal actions.
pub fn assert_refused_through_protocol(m: &mut dyn DynMatch, seat: Seat, action: &Value, rule_id: &str) -> ErrorInfo {
    let (state, version, legal) = (m.state(), m.version(), m.legal(seat).ok());
    let e = match m.act(seat, action, Some(version)) {
        Ok(_) => panic!("{action} by {seat} was accepted through the protocol, expected {rule_id}"),
        Err(e) => e,
    };
    assert_eq!(e.rule, rule_id, "refusal of {action} through the protocol: {e}");
    assert!(
        !e.message.de.is_empty() && !e.message.en.is_empty() && e.message.de != e.message.en,
        "refusal {e} needs a German and an English sentence"
    );
    assert_eq!(m.state(), state, "a refused action changed the state");
    assert_eq!(m.version(), version, "a refused action changed the version");
    assert_eq!(m.legal(seat).ok(), legal, "a refused action changed the legal actions");
    e
}

/// Sends `action` (JSON) by `seat` through `m`, asserting it is listed as legal
/// and accepted.
pub fn act_through_protocol(m: &mut dyn DynMatch, seat: Seat, action: &Value) {
    let legal = m.legal(seat).unwrap_or_default();
    assert!(
        legal.contains(action),
        "{action} by {seat} is not listed as legal: {legal:?}"
    );
    if let Err(e) = m.act(seat, action, Some(m.version())) {
        panic!("{action} by {seat} was refused through the protocol: {e}");
    }
}

fn to_json<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap_or_else(|e| panic!("does not serialise: {e}"))
}

//! Helpers for scenario tests built from a position.

use engine::{Game, NoEvents, Rejection, Seat};

/// Applies `action` and asserts it is refused with `rule_id`, and that the
/// refusal left the state exactly as it was.
pub fn assert_refused<G: Game>(state: &G::State, seat: Seat, action: &G::Action, rule_id: &str) -> Rejection<G::Error> {
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
pub fn assert_accepted<G: Game>(state: &mut G::State, seat: Seat, action: &G::Action) -> Vec<G::Event> {
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

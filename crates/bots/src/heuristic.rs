//! Per-game knowledge: a state evaluator used by the greedy bot, as the
//! rollout policy of MCTS and to score positions where a rollout stops.

use engine::{Game, GameRng, NoEvents, Seat, MAX_SEATS};
use rand::Rng;

/// What a club player knows about a game, as numbers.
///
/// Values are in "victory point" units so that one evaluator serves all
/// three uses: the greedy bot compares states one action ahead, MCTS turns
/// the values of a stopped rollout into win chances (a softmax with
/// [`Heuristic::temperature`]).
pub trait Heuristic<G: Game>: Clone + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The value of `state` for every seat (written to `values[..players]`):
    /// points plus progress towards points. Called on determinized states
    /// only, so it may read anything in them.
    fn evaluate(&self, state: &G::State, values: &mut [f64]);

    /// A value difference that means "clearly ahead" (softmax temperature
    /// when values become win chances).
    fn temperature(&self) -> f64 {
        1.0
    }

    /// The same evaluator, making domestic offers where the game has them
    /// (`greedy:offers`); by default unchanged.
    fn making_offers(self) -> Self
    where
        Self: Sized,
    {
        self
    }

    /// A bonus or malus for an action on top of the value of the state it
    /// leads to: for what a state evaluator cannot see (do not open a trade
    /// you will not complete, end the turn only when nothing useful is left).
    fn action_bias(&self, _state: &G::State, _seat: Seat, _action: &G::Action) -> f64 {
        0.0
    }

    /// Actions a player of this evaluator never takes while anything else is
    /// legal: moves that change nothing of value and may be repeated without
    /// end (a free step to and fro), which a search would otherwise spend
    /// its playouts on and could pick turn after turn.
    fn never(&self, _state: &G::State, _seat: Seat, _action: &G::Action) -> bool {
        false
    }

    /// Decisions a rollout plays before it is scored by [`Heuristic::evaluate`].
    fn rollout_depth(&self) -> u32 {
        40
    }

    /// Whether MCTS looks no further than the end of the turn of the root
    /// decision in `state`: the tree and the rollouts stop where the turn
    /// counter moves on and the state is scored there. For a game with
    /// long turns of many small decisions (Cities & Knights: trades,
    /// knights, improvements, progress cards) whose evaluator judges a
    /// position well, the search then spends its playouts on the plans of
    /// this turn instead of on the noise of the dice of later ones.
    fn turn_horizon(&self, _state: &G::State) -> bool {
        false
    }

    /// The UCB exploration constant of MCTS by default for the root decision
    /// in `state` (see [`crate::MctsConfig::exploration`]).
    fn exploration(&self, _state: &G::State) -> f64 {
        0.7
    }

    /// Progressive widening of the search tree by default (see
    /// [`crate::MctsConfig::widen`]); 0 = off.
    fn widen(&self) -> u32 {
        0
    }

    /// Share of random decisions in greedy rollouts by default (see
    /// [`crate::MctsConfig::epsilon`]).
    fn epsilon(&self) -> f64 {
        0.0
    }

    /// Common random numbers by default (the search settings' `common_dice`).
    fn common_dice(&self) -> bool {
        false
    }

    /// Which stream of chance events the chance node `state` belongs to
    /// (0–3), so that with common random numbers the k-th die roll after
    /// the root is the same die whatever happened in between (a card drawn
    /// in one line and not in another does not shift the dice).
    fn chance_stream(&self, _state: &G::State) -> usize {
        0
    }

    /// The evaluator MCTS uses (expansion order, progressive bias, rollout
    /// policy, scores of stopped rollouts, [`Heuristic::keep`]): by default
    /// the greedy player's, but a search may use a tuning of its own.
    fn for_search(&self) -> Self {
        self.clone()
    }

    /// MCTS keeps this evaluator's greedy choice unless the most visited
    /// action's mean reward beats the greedy action's by more than this
    /// margin (see [`crate::MctsConfig::keep`]); 0 = off, the most visited
    /// action is played.
    fn keep(&self) -> f64 {
        0.0
    }

    /// Determinizations the `lookahead` bot plays each candidate forward on
    /// by default (see [`crate::LookaheadConfig::samples`]).
    fn lookahead_samples(&self) -> u32 {
        2
    }

    /// Turns after the decision's own that the `lookahead` bot plays forward
    /// by default (see [`crate::LookaheadConfig::turns`]); 0 = to the end of
    /// the own turn.
    fn lookahead_turns(&self) -> u32 {
        0
    }

    /// The greedy choice: the index into `legal` whose successor state is
    /// best for `seat` (own value minus the best other value, plus the
    /// action bias); ties broken at random.
    fn choose(&self, state: &G::State, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> usize {
        one_ply::<G, Self>(self, state, seat, legal, rng)
    }
}

/// The margin of `seat` in `values`: its value minus the best other value.
pub fn margin(values: &[f64], seat: Seat) -> f64 {
    let me = values.get(seat.index()).copied().unwrap_or(0.0);
    let best_other = values
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat.index())
        .map(|(_, v)| *v)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        me - best_other
    } else {
        me
    }
}

/// One-ply lookahead: apply each action to a copy and evaluate.
pub fn one_ply<G: Game, H: Heuristic<G>>(
    h: &H,
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut GameRng,
) -> usize {
    if legal.len() <= 1 {
        return 0;
    }
    let players = G::players(state).min(MAX_SEATS);
    let mut values = [0.0f64; MAX_SEATS];
    let mut best = f64::NEG_INFINITY;
    let mut best_i = 0;
    let mut ties = 0u32;
    for (i, action) in legal.iter().enumerate() {
        let score = score_action::<G, H>(h, state, seat, action, &mut values[..players]);
        if score > best + 1e-9 {
            best = score;
            best_i = i;
            ties = 1;
        } else if (score - best).abs() <= 1e-9 {
            // Reservoir sampling among equal scores: a uniform tie-break.
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best_i = i;
            }
        }
    }
    best_i
}

/// The one-ply score of an action for `seat`: the margin of the state it
/// leads to plus the action bias; a won game scores 1e6, a lost one -1e6.
/// `values` is scratch space of one slot per seat.
pub fn score_action<G: Game, H: Heuristic<G>>(
    h: &H,
    state: &G::State,
    seat: Seat,
    action: &G::Action,
    values: &mut [f64],
) -> f64 {
    let mut next = state.clone();
    G::apply_unchecked(&mut next, seat, action, &mut NoEvents);
    if let Some(result) = G::result(&next) {
        return if result.winners.contains(&seat) { 1e6 } else { -1e6 };
    }
    h.evaluate(&next, values);
    margin(values, seat) + h.action_bias(state, seat, action)
}

/// Win chances from values: a softmax with the heuristic's temperature,
/// written to `out[..players]`.
pub fn win_chances(values: &[f64], temperature: f64, out: &mut [f64]) {
    let t = temperature.max(1e-6);
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for (o, v) in out.iter_mut().zip(values) {
        *o = ((v - max) / t).exp();
        sum += *o;
    }
    if sum > 0.0 {
        for o in out.iter_mut().take(values.len()) {
            *o /= sum;
        }
    }
}

/// A game for which this crate has a heuristic: greedy and MCTS bots exist.
pub trait BotGame: Game {
    /// The game's heuristic.
    type Heuristic: Heuristic<Self>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margin_is_own_value_minus_best_other() {
        assert_eq!(margin(&[3.0, 5.0, 1.0], Seat(0)), -2.0);
        assert_eq!(margin(&[3.0, 5.0, 1.0], Seat(1)), 2.0);
        assert_eq!(margin(&[4.0], Seat(0)), 4.0);
    }

    #[test]
    fn win_chances_sum_to_one_and_follow_values() {
        let mut out = [0.0; 3];
        win_chances(&[1.0, 2.0, 0.0], 1.0, &mut out);
        assert!((out.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(out[1] > out[0] && out[0] > out[2]);
    }
}

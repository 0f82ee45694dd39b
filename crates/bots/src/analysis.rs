//! Position analysis (issue 44): for a position and a seat, every legal
//! action with the seat's estimated chance to win after it.
//!
//! The estimate is the information-set search's own ([`MctsBot`]): it plays
//! forward only from determinizations of the seat's view, so the hidden cards
//! of the other seats are sampled consistently with what the seat has seen
//! and never read. A root edge's rewards are win chances (a finished game 1
//! or 0, a cut-off rollout the heuristic's chances), so an edge's mean reward
//! is the chance to win after that action, and its visits say how much the
//! search trusts it: the interval is the normal one of a mean of `visits`
//! values in 0–1, widest (±0.98/√visits) where the values spread most.

use crate::heuristic::BotGame;
use crate::mcts::{Budget, MctsBot, MctsConfig};
use engine::{ErrorInfo, GameRng, Seat, MAX_SEATS};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The largest playout budget an analysis takes: about 20 s of one core in
/// a CATAN position; more is refused rather than queued.
pub const MAX_PLAYOUTS: u32 = 100_000;
/// The largest time budget an analysis takes, in milliseconds.
pub const MAX_MILLIS: u64 = 30_000;
/// How many of the best actions an analysis tops up with playouts of their
/// own (the "top 3" of issue 44).
pub const REFINE_K: usize = 3;
/// The 95 % half-interval those actions are topped up to.
pub const REFINE_HALF: f64 = 0.05;
/// The playouts of an analysis whose request names no budget.
pub const DEFAULT_PLAYOUTS: u32 = 2_000;

/// One legal action as the search saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionAnalysis<A> {
    /// Its index in the legal list the analysis was given.
    pub index: usize,
    /// Playouts through it.
    pub visits: u64,
    /// The seat's chance to win after it (mean reward), `None` if the search
    /// never tried it.
    pub win: Option<f64>,
    /// The 95 % interval of `win` (0 and 1 when it was never tried).
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
    /// Every seat's chance to win after it, by seat (the same playouts'
    /// rewards seen from each seat; empty if the search never tried it).
    #[serde(default)]
    pub seats: Vec<f64>,
    /// The expected line of play after it: the search's most visited
    /// continuation (each seat's action in turn) up to the next branching
    /// chance event (the dice); a card drawn on the way is not shown.
    pub line: Vec<(Seat, A)>,
}

/// What an analysis found, the best action first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis<A> {
    /// The seat analysed.
    pub seat: Seat,
    /// Playouts run in all.
    pub playouts: u64,
    /// Wall time of the search, in milliseconds.
    pub millis: u64,
    /// The legal actions by visits, most first (the search's choice first);
    /// ties keep the legal order. Cut to the best `top` when asked.
    pub actions: Vec<ActionAnalysis<A>>,
}

/// Why an analysis budget is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    /// More playouts than [`MAX_PLAYOUTS`].
    #[error("at most {MAX_PLAYOUTS} playouts, asked for {0}")]
    Playouts(u64),
    /// More time than [`MAX_MILLIS`].
    #[error("at most {MAX_MILLIS} ms, asked for {0}")]
    Millis(u64),
    /// A budget of nothing.
    #[error("a budget of 0 searches nothing")]
    Zero,
}

impl BudgetError {
    /// The refusal every interface gives (`engine.analyze_budget`).
    pub fn info(&self) -> ErrorInfo {
        let (de, en) = match *self {
            BudgetError::Playouts(n) => (
                format!("Höchstens {MAX_PLAYOUTS} Playouts pro Analyse, verlangt: {n}."),
                format!("At most {MAX_PLAYOUTS} playouts per analysis, asked for {n}."),
            ),
            BudgetError::Millis(ms) => (
                format!("Höchstens {MAX_MILLIS} ms pro Analyse, verlangt: {ms}."),
                format!("At most {MAX_MILLIS} ms per analysis, asked for {ms}."),
            ),
            BudgetError::Zero => (
                "Ein Budget von 0 durchsucht nichts.".to_string(),
                "A budget of 0 searches nothing.".to_string(),
            ),
        };
        ErrorInfo::new("bad_budget", "engine.analyze_budget", de, en)
    }
}

/// The search budget of a request: `ms` if given, else `playouts`, else
/// [`DEFAULT_PLAYOUTS`]; refused over the documented maxima or at 0.
pub fn budget(playouts: Option<u64>, ms: Option<u64>) -> Result<Budget, BudgetError> {
    match (ms, playouts) {
        (Some(0), _) | (None, Some(0)) => Err(BudgetError::Zero),
        (Some(ms), _) if ms > MAX_MILLIS => Err(BudgetError::Millis(ms)),
        (Some(ms), _) => Ok(Budget::Millis(ms)),
        (None, Some(n)) => u32::try_from(n)
            .ok()
            .filter(|&n| n <= MAX_PLAYOUTS)
            .map(Budget::Playouts)
            .ok_or(BudgetError::Playouts(n)),
        (None, None) => Ok(Budget::Playouts(DEFAULT_PLAYOUTS)),
    }
}

/// Analyses the decision of `seat` among `legal` in `state` with the default
/// search under `budget` on `threads` threads (0: all cores), keeping the best
/// `top` actions (0: all).
pub fn analyze<G: BotGame>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    budget: Budget,
    threads: usize,
    top: usize,
    rng: &mut GameRng,
) -> Analysis<G::Action> {
    analyze_until::<G>(state, seat, legal, budget, threads, top, rng, None)
}

/// [`analyze`] that stops early once `cancel` is set (the game server's
/// analyses beside a running table: the position changed, or the asker
/// left); it answers what it searched until then.
#[allow(clippy::too_many_arguments)]
pub fn analyze_until<G: BotGame>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    budget: Budget,
    threads: usize,
    top: usize,
    rng: &mut GameRng,
    cancel: Option<Arc<AtomicBool>>,
) -> Analysis<G::Action> {
    let players = G::players(state);
    let start = std::time::Instant::now();
    let config = MctsConfig {
        budget,
        threads,
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::<G>::new(config).keep_lines();
    if let Some(flag) = &cancel {
        bot = bot.cancelled_by(flag.clone());
    }
    let mut visits = if legal.is_empty() {
        Vec::new()
    } else {
        bot.visits(state, seat, legal, rng)
    };
    let mut rewards = bot.root_rewards().to_vec();
    let mut all = bot.root_all_rewards().to_vec();
    let lines = bot.root_lines().to_vec();
    let mut playouts = bot.stats().playouts;
    // The search spends nearly every playout on an action that dominates;
    // the runners-up then rest on a few hundred. Each of the best
    // `REFINE_K` gets playouts of its own (a search whose root tries only
    // that action) until its interval is within ±`REFINE_HALF`, at most
    // ~390 each and never more than the main search ran in all.
    let mut order: Vec<usize> = (0..visits.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(visits[i]));
    let mut allowance = playouts;
    for &i in order.iter().take(REFINE_K) {
        for _round in 0..4 {
            let n = visits[i];
            let p = if n == 0 {
                0.5
            } else {
                (rewards[i] / n as f64).clamp(0.0, 1.0)
            };
            let needed = (1.96f64.powi(2) * p * (1.0 - p) / REFINE_HALF.powi(2)).ceil() as u64 + 8;
            let extra = needed.saturating_sub(n).min(allowance);
            if extra == 0 {
                break;
            }
            if cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
            {
                break;
            }
            let mut single = MctsBot::<G>::new(MctsConfig {
                budget: Budget::Playouts(u32::try_from(extra).unwrap_or(u32::MAX)),
                threads: 1,
                ..MctsConfig::default()
            })
            .restrict_root();
            if let Some(flag) = &cancel {
                single = single.cancelled_by(flag.clone());
            }
            let more = single.visits(state, seat, std::slice::from_ref(&legal[i]), rng);
            visits[i] += more.first().copied().unwrap_or(0);
            rewards[i] += single.root_rewards().first().copied().unwrap_or(0.0);
            if let (Some(sum), Some(more)) = (all.get_mut(i), single.root_all_rewards().first()) {
                for (x, y) in sum.iter_mut().zip(more) {
                    *x += y;
                }
            }
            let ran = single.stats().playouts;
            playouts += ran;
            allowance = allowance.saturating_sub(ran.max(1));
        }
    }
    let mut actions: Vec<ActionAnalysis<G::Action>> = visits
        .iter()
        .enumerate()
        .map(|(index, &n)| {
            let sum = rewards.get(index).copied().unwrap_or(0.0);
            let mut found = interval(index, n, sum);
            found.line = lines.get(index).cloned().unwrap_or_default();
            if n > 0 {
                let per_seat = all.get(index).copied().unwrap_or([0.0; MAX_SEATS]);
                found.seats = per_seat[..players.min(MAX_SEATS)]
                    .iter()
                    .map(|r| (r / n as f64).clamp(0.0, 1.0))
                    .collect();
            }
            found
        })
        .collect();
    actions.sort_by_key(|a| std::cmp::Reverse(a.visits));
    if top > 0 {
        actions.truncate(top);
    }
    Analysis {
        seat,
        playouts,
        millis: start.elapsed().as_millis() as u64,
        actions,
    }
}

impl<A: Serialize> Analysis<A> {
    /// The analysis as every interface answers it (referee, CLI, Python,
    /// MCP): each row's `action` as `legal` (the JSON the analysis was asked
    /// with) has it, its `index` there, `visits`, `win`, `low`, `high` and the
    /// expected `line` as `{seat, action}` steps.
    pub fn to_json(&self, legal: &[Value]) -> Value {
        let rows: Vec<Value> = self
            .actions
            .iter()
            .map(|a| {
                let line: Vec<Value> = a
                    .line
                    .iter()
                    .map(|(s, act)| json!({"seat": s.0, "action": act}))
                    .collect();
                json!({
                    "action": legal.get(a.index).cloned().unwrap_or(Value::Null),
                    "index": a.index,
                    "visits": a.visits,
                    "win": a.win,
                    "low": a.low,
                    "high": a.high,
                    "seats": a.seats,
                    "line": line,
                })
            })
            .collect();
        json!({
            "seat": self.seat.0,
            "playouts": self.playouts,
            "millis": self.millis,
            "actions": rows,
        })
    }
}

/// The mean of `n` rewards summing to `sum` and its 95 % normal interval,
/// clamped to 0–1.
fn interval<A>(index: usize, n: u64, sum: f64) -> ActionAnalysis<A> {
    if n == 0 {
        return ActionAnalysis {
            index,
            visits: 0,
            win: None,
            low: 0.0,
            high: 1.0,
            seats: Vec::new(),
            line: Vec::new(),
        };
    }
    let p = (sum / n as f64).clamp(0.0, 1.0);
    let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
    ActionAnalysis {
        index,
        visits: n,
        win: Some(p),
        low: (p - half).max(0.0),
        high: (p + half).min(1.0),
        seats: Vec::new(),
        line: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_over_the_maxima_and_of_nothing_are_refused() {
        assert_eq!(budget(None, None), Ok(Budget::Playouts(DEFAULT_PLAYOUTS)));
        assert_eq!(budget(Some(10), None), Ok(Budget::Playouts(10)));
        assert_eq!(budget(Some(10), Some(50)), Ok(Budget::Millis(50)));
        assert_eq!(budget(Some(u64::MAX), None), Err(BudgetError::Playouts(u64::MAX)));
        assert_eq!(
            budget(None, Some(MAX_MILLIS + 1)),
            Err(BudgetError::Millis(MAX_MILLIS + 1))
        );
        assert_eq!(budget(Some(0), None), Err(BudgetError::Zero));
        assert_eq!(budget(None, Some(0)), Err(BudgetError::Zero));
    }

    #[test]
    fn the_interval_narrows_with_visits_and_stays_in_range() {
        let few = interval::<()>(0, 10, 5.0);
        let many = interval::<()>(0, 1000, 500.0);
        assert_eq!(few.win, Some(0.5));
        assert!(many.high - many.low < few.high - few.low);
        let sure = interval::<()>(1, 20, 20.0);
        assert_eq!((sure.low, sure.high), (1.0, 1.0));
        assert_eq!(interval::<()>(2, 0, 0.0).win, None);
    }
}

//! Information-set Monte Carlo tree search (single observer, SO-ISMCTS).
//!
//! Every iteration samples a state consistent with the bot's own view
//! ([`Game::determinize`](engine::Game::determinize) with `Viewer::Seat(me)`), walks the shared tree with
//! UCB over the actions available in that determinization (counting each
//! action's availability, as ISMCTS does), adds one edge, plays a rollout to
//! the end or to a depth cap where the [`Heuristic`] scores it, and backs the
//! result up, each edge crediting the seat that acted on it.
//!
//! Chance is exact: a chance node with few outcomes (a die, a steal) becomes
//! a branching node whose outcome is drawn from
//! [`Game::chance_outcomes`](engine::Game::chance_outcomes) with its probabilities; with many outcomes
//! (a card drawn from a deck, two dice) the tree stays open-loop and the
//! outcome is drawn by [`Game::sample_chance`](engine::Game::sample_chance), which follows the same
//! distribution.
//!
//! Parallel search is root-parallel: each thread grows its own tree from its
//! own seed, and the visit counts of the root actions are summed.

mod tree;

use crate::bot::{Bot, Forfeit};
use crate::heuristic::{BotGame, Heuristic};
use engine::{GameRng, Seat, MAX_SEATS};
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tree::{Search, SearchSettings};

/// How much search one decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// Iterations (each ends in one rollout), summed over all threads.
    /// Deterministic for a given seed and thread count.
    Playouts(u32),
    /// Wall-clock milliseconds per decision (not reproducible).
    Millis(u64),
}

/// How rollouts choose actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RolloutPolicy {
    /// Uniformly random (trade offers left out).
    Random,
    /// The game's greedy heuristic.
    Greedy,
}

/// Options of the search.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsConfig {
    /// Search per decision (default 1,000 playouts).
    pub budget: Budget,
    /// Threads of the root-parallel search; 0 = all cores.
    pub threads: usize,
    /// Rollout policy (default greedy).
    pub rollout: RolloutPolicy,
    /// Decisions per rollout before it is scored; `None` = the heuristic's default.
    pub depth: Option<u32>,
    /// UCB exploration constant (rewards are win chances in 0–1); `None` =
    /// the heuristic's default (0.7; Cities & Knights 0.05).
    pub exploration: Option<f64>,
    /// Chance nodes with at most this many outcomes branch in the tree; more
    /// outcomes stay open-loop.
    pub chance_branch: usize,
    /// Let the search consider opening domestic trade offers itself.
    pub offers: bool,
    /// Weight of the heuristic's opinion of an action in the selection
    /// (progressive bias, fading with visits); with a weight above 0 new
    /// actions are also tried in the heuristic's order. 0 = plain UCB with
    /// random expansion.
    pub prior: f64,
    /// Progressive widening: a node holds at most `widen + sqrt(visits)/4`
    /// actions of a seat (tried in the heuristic's order); 0 = every action;
    /// `None` = the heuristic's default.
    pub widen: Option<u32>,
    /// Share of greedy rollout decisions taken at random instead, so that
    /// rollouts see more than one line of play; `None` = the heuristic's default.
    pub epsilon: Option<f64>,
    /// Keep the heuristic's greedy choice unless the most visited action's
    /// mean reward (a win chance) is higher by more than this: a search of
    /// a luck-heavy game at a small budget is noisy, and a noisy pick among
    /// a good policy's near-equal candidates is worse than the policy's own
    /// pick. 0 = off; `None` = the heuristic's default.
    pub keep: Option<f64>,
    /// Search no further than the end of the root decision's turn (see
    /// [`crate::Heuristic::turn_horizon`]); `None` = the heuristic's default.
    pub turn_horizon: Option<bool>,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Playouts(1_000),
            threads: 0,
            rollout: RolloutPolicy::Greedy,
            depth: None,
            exploration: None,
            chance_branch: 6,
            offers: false,
            prior: 1.0,
            widen: None,
            epsilon: None,
            keep: None,
            turn_horizon: None,
        }
    }
}

/// Counters of a bot's searches, for reports of decisions per second.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MctsStats {
    /// Decisions searched (forced single-action decisions are not counted).
    pub decisions: u64,
    /// Iterations run.
    pub playouts: u64,
    /// Time spent searching.
    pub seconds: f64,
}

/// The information-set MCTS player.
#[derive(Clone, Debug)]
pub struct MctsBot<G: BotGame> {
    config: MctsConfig,
    heuristic: G::Heuristic,
    stats: MctsStats,
    /// Summed root rewards of the last search (in the order of `legal`).
    rewards: Vec<f64>,
    /// Every seat's summed root rewards of the last search (in the order
    /// of `legal`).
    all_rewards: Vec<[f64; MAX_SEATS]>,
    /// Whether [`MctsBot::visits`] keeps the expected line after each root
    /// action (for an analysis; a playing bot has no use for it).
    keep_lines: bool,
    /// The expected lines of the last search, from its first thread's tree.
    lines: Vec<Vec<(Seat, G::Action)>>,
    /// Whether the search tries only the `legal` it is given at the root
    /// (otherwise the root's own legal list, as the game gives it).
    restrict_root: bool,
    /// The turn of the last decision and how many decisions the bot took in it.
    turn: (u32, u32),
    /// Set from outside to end a search early (an analysis whose position
    /// changed or whose asker left); what was searched so far is answered.
    cancel: Option<Arc<AtomicBool>>,
}

/// Decisions of one seat in one turn after which the search gives way to the
/// heuristic's choice. A turn takes a few dozen decisions at most; more
/// means the search is going round in circles among moves that change
/// nothing it can tell apart (a cheap step to and fro), which the greedy
/// choice, with its bias towards ending the turn, does not.
pub const NO_PROGRESS_LIMIT: u32 = 120;

/// What one search thread found: root visits, playouts, summed root rewards
/// and (first thread of an analysis) the expected lines.
type ThreadResult<A> = (Vec<u64>, u64, Vec<f64>, Vec<Vec<(Seat, A)>>, Vec<[f64; MAX_SEATS]>);

/// The longest expected line an analysis reports after an action.
pub const LINE_LENGTH: usize = 24;

impl<G: BotGame> MctsBot<G> {
    /// A search player with these options and the game's default heuristic.
    pub fn new(config: MctsConfig) -> Self {
        MctsBot {
            config,
            heuristic: G::Heuristic::default().for_search(),
            stats: MctsStats::default(),
            rewards: Vec::new(),
            all_rewards: Vec::new(),
            keep_lines: false,
            lines: Vec::new(),
            restrict_root: false,
            turn: (u32::MAX, 0),
            cancel: None,
        }
    }

    /// Ends every search early once `flag` is set (checked every few
    /// playouts), for an analysis that nobody waits for any more.
    pub fn cancelled_by(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Keeps the expected line of play after each root action, up to this
    /// many actions (`crate::analysis`).
    pub fn keep_lines(mut self) -> Self {
        self.keep_lines = true;
        self
    }

    /// Searches only the actions [`MctsBot::visits`] is given at the root
    /// (an analysis topping up one action's playouts).
    pub fn restrict_root(mut self) -> Self {
        self.restrict_root = true;
        self
    }

    /// The expected line of play after each legal action of the last
    /// [`MctsBot::visits`] (seat and action; empty unless
    /// [`MctsBot::keep_lines`]): the most visited continuation in the first
    /// thread's tree, to the next branching chance event (the dice).
    pub fn root_lines(&self) -> &[Vec<(Seat, G::Action)>] {
        &self.lines
    }

    /// What the bot has searched so far.
    pub fn stats(&self) -> MctsStats {
        self.stats
    }

    /// The summed root rewards (win chances of the seat that decided) of the
    /// last [`MctsBot::visits`], in the order of its `legal`: divided by the
    /// visits, the chance to win after each action (`crate::analysis`).
    pub fn root_rewards(&self) -> &[f64] {
        &self.rewards
    }

    /// Every seat's summed root rewards of the last search (in the order of
    /// `legal`; divide by the action's visits for each seat's chance).
    pub fn root_all_rewards(&self) -> &[[f64; MAX_SEATS]] {
        &self.all_rewards
    }

    /// The visit counts of each legal action (summed over threads) for the
    /// decision of `seat` in `state`.
    pub fn visits(&mut self, state: &G::State, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> Vec<u64> {
        let threads = crate::spec::cap_threads(self.config.threads);
        let seeds: Vec<u64> = (0..threads).map(|_| rng.random()).collect();
        let settings = SearchSettings {
            exploration: self
                .config
                .exploration
                .unwrap_or_else(|| self.heuristic.exploration(state)),
            chance_branch: self.config.chance_branch,
            offers: self.config.offers,
            rollout: self.config.rollout,
            depth: self.config.depth.unwrap_or_else(|| self.heuristic.rollout_depth()),
            prior: self.config.prior,
            widen: self.config.widen.unwrap_or_else(|| self.heuristic.widen()),
            epsilon: self.config.epsilon.unwrap_or_else(|| self.heuristic.epsilon()),
            common_dice: self.heuristic.common_dice(),
            turn_horizon: self
                .config
                .turn_horizon
                .unwrap_or_else(|| self.heuristic.turn_horizon(state)),
        };
        let start = Instant::now();
        let keep_lines = self.keep_lines;
        let restrict_root = self.restrict_root;
        let cancel = self.cancel.as_deref();
        let per_thread = |t: usize| -> ThreadResult<G::Action> {
            let mut rng = GameRng::seed_from_u64(seeds[t]);
            let mut search = Search::<G>::new(&self.heuristic, settings, seat, tree::splitmix(seeds[t] ^ 0x00C0_FFEE));
            if restrict_root {
                search.restrict_root(legal.to_vec());
            }
            let (limit, deadline) = match self.config.budget {
                Budget::Playouts(n) => {
                    let n = u64::from(n);
                    let t64 = t as u64;
                    let k = threads as u64;
                    (n / k + u64::from(t64 < n % k), None)
                }
                Budget::Millis(ms) => (u64::MAX, Some(start + Duration::from_millis(ms))),
            };
            let mut done = 0u64;
            while done < limit {
                if done % 8 == 0 {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        break;
                    }
                    if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                        break;
                    }
                }
                search.iterate(state, &mut rng);
                done += 1;
            }
            let lines = if keep_lines && t == 0 {
                legal.iter().map(|a| search.line(a, LINE_LENGTH)).collect()
            } else {
                Vec::new()
            };
            (
                search.root_visits(legal),
                done,
                search.root_rewards(legal),
                lines,
                search.root_all_rewards(legal),
            )
        };
        let results: Vec<ThreadResult<G::Action>> = if threads == 1 {
            vec![per_thread(0)]
        } else {
            std::thread::scope(|scope| {
                let f = &per_thread;
                let handles: Vec<_> = (0..threads).map(|t| scope.spawn(move || f(t))).collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        };
        let mut total = vec![0u64; legal.len()];
        self.rewards = vec![0.0; legal.len()];
        self.all_rewards = vec![[0.0; MAX_SEATS]; legal.len()];
        self.lines = Vec::new();
        for (visits, done, rewards, lines, all) in results {
            for (a, b) in self.all_rewards.iter_mut().zip(&all) {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
            }
            if !lines.is_empty() {
                self.lines = lines;
            }
            for (a, b) in total.iter_mut().zip(&visits) {
                *a += b;
            }
            for (a, b) in self.rewards.iter_mut().zip(&rewards) {
                *a += b;
            }
            self.stats.playouts += done;
        }
        self.stats.decisions += 1;
        self.stats.seconds += start.elapsed().as_secs_f64();
        total
    }
}

impl<G: BotGame> Bot<G> for MctsBot<G> {
    fn name(&self) -> String {
        let budget = match self.config.budget {
            Budget::Playouts(n) => format!("playouts={n}"),
            Budget::Millis(ms) => format!("ms={ms}"),
        };
        let rollout = match self.config.rollout {
            RolloutPolicy::Random => "random",
            RolloutPolicy::Greedy => "greedy",
        };
        format!("mcts({budget},rollout={rollout})")
    }

    fn choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Result<usize, Forfeit> {
        if legal.len() <= 1 {
            return Ok(0);
        }
        if let Some(i) = immediate_win::<G>(state, seat, legal) {
            return Ok(i);
        }
        let turn = G::turn(state);
        self.turn = match self.turn {
            (t, n) if t == turn => (t, n.saturating_add(1)),
            _ => (turn, 1),
        };
        if self.turn.1 > NO_PROGRESS_LIMIT {
            let sampled = G::determinize(state, engine::Viewer::Seat(seat), rng);
            return Ok(self.heuristic.choose(&sampled, seat, legal, rng));
        }
        let visits = self.visits(state, seat, legal, rng);
        let mut best = 0;
        for (i, v) in visits.iter().enumerate() {
            if *v > visits[best] {
                best = i;
            }
        }
        let keep = self.config.keep.unwrap_or_else(|| self.heuristic.keep());
        if keep > 0.0 && visits[best] > 0 {
            // The heuristic's own choice stands unless the search found an
            // action clearly better than it.
            let sampled = G::determinize(state, engine::Viewer::Seat(seat), rng);
            let g = self.heuristic.choose(&sampled, seat, legal, rng);
            if g != best && visits[g] > 0 {
                let mean = |i: usize| self.rewards[i] / visits[i] as f64;
                if mean(best) - mean(g) <= keep {
                    best = g;
                }
            }
        }
        if visits[best] == 0 {
            // No search happened (a zero budget): fall back to the heuristic.
            let sampled = G::determinize(state, engine::Viewer::Seat(seat), rng);
            return Ok(self.heuristic.choose(&sampled, seat, legal, rng));
        }
        Ok(best)
    }
}

/// An action that wins the game at once for `seat` (ends it with `seat` the
/// only winner), if there is one: no search can improve on it, and with a
/// small budget a search might spread its visits over equally winning
/// and merely good actions. Looked for in one determinization of the
/// bot's view (drawn with a fixed seed, so the bot's own random numbers
/// are untouched), so a bot never uses what it cannot see.
pub fn immediate_win<G: BotGame>(state: &G::State, seat: Seat, legal: &[G::Action]) -> Option<usize> {
    let sampled = G::determinize(state, engine::Viewer::Seat(seat), &mut GameRng::seed_from_u64(0));
    legal.iter().position(|a| {
        let mut next = sampled.clone();
        G::apply_unchecked(&mut next, seat, a, &mut engine::NoEvents);
        G::result(&next).is_some_and(|r| r.winners.len() == 1 && r.winners[0] == seat)
    })
}

//! The lookahead player: between `greedy` and `mcts` in strength and cost.
//!
//! Greedy scores each action by the state it leads to *at once*, so it
//! cannot see a plan that pays only a few decisions later (a trade before
//! the city it pays for) and it scores an action whose outcome is still to
//! be drawn (a development card, a die) by a fixed guess. MCTS sees both but
//! costs about a thousand greedy rollouts per decision. This bot takes the
//! greedy player's few best candidates, plays each forward on a handful of
//! determinizations from its own view with the greedy policy for every seat
//! (chance drawn as the game draws it) to the end of the turn, and keeps the
//! candidate whose end-of-turn position the heuristic likes best on
//! average: a flat Monte Carlo search over the greedy evaluation, a few
//! dozen greedy decisions per decision, cheap enough to train against.

use crate::bot::{Bot, Forfeit};
use crate::heuristic::{margin, score_action, BotGame, Heuristic};
use crate::mcts::NO_PROGRESS_LIMIT;
use engine::{GameRng, NoEvents, Seat, ToAct, Viewer, MAX_SEATS};
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// Options of the lookahead player (`lookahead:width=4,samples=2,turns=0,depth=40`).
/// `samples` and `turns` default per game ([`Heuristic::lookahead_samples`],
/// [`Heuristic::lookahead_turns`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookaheadConfig {
    /// Candidates looked at: the greedy player's best `width` actions.
    pub width: u32,
    /// Determinizations (hidden cards and chance drawn anew) each candidate
    /// is played forward on; the candidates share them, so they are compared
    /// under the same luck. `None`: the game's default.
    pub samples: Option<u32>,
    /// Turns after the decision's own turn that are played forward too
    /// (0: to the end of this turn). `None`: the game's default.
    pub turns: Option<u32>,
    /// Most decisions played forward per candidate and sample before the
    /// position is scored.
    pub depth: u32,
}

impl Default for LookaheadConfig {
    fn default() -> Self {
        LookaheadConfig {
            width: 4,
            samples: None,
            turns: None,
            depth: 40,
        }
    }
}

/// The score of a finished game in a playout: beyond any margin of points.
const WON: f64 = 1e3;

/// Chooses among the greedy player's best few actions by playing each to the
/// end of the turn (see the module documentation).
#[derive(Clone, Debug)]
pub struct LookaheadBot<G: BotGame> {
    config: LookaheadConfig,
    heuristic: G::Heuristic,
    legal: Vec<G::Action>,
    /// Turns played forward after the decision's own (the option or the game's default).
    turns: u32,
    /// The turn of the last decision and how many decisions the bot took in it.
    turn: (u32, u32),
}

impl<G: BotGame> LookaheadBot<G> {
    /// A lookahead player with these options. It plays with the evaluator
    /// the game's search uses ([`Heuristic::for_search`]; Junior's is a
    /// tuning of the greedy one, the others are the greedy player's).
    pub fn new(config: LookaheadConfig) -> Self {
        let heuristic = G::Heuristic::default().for_search();
        LookaheadBot {
            config: LookaheadConfig {
                samples: Some(config.samples.unwrap_or_else(|| heuristic.lookahead_samples())),
                turns: Some(config.turns.unwrap_or_else(|| heuristic.lookahead_turns())),
                ..config
            },
            turns: config.turns.unwrap_or_else(|| heuristic.lookahead_turns()),
            heuristic,
            legal: Vec::new(),
            turn: (u32::MAX, 0),
        }
    }

    /// Plays `action` of `seat` forward in `s` with the greedy policy for
    /// every seat until the horizon, and scores the position for `seat`:
    /// its margin over the best other seat, or ±[`WON`] for a finished game.
    fn playout(&mut self, s: &mut G::State, seat: Seat, action: &G::Action, root_turn: u32, rng: &mut GameRng) -> f64 {
        G::apply_unchecked(s, seat, action, &mut NoEvents);
        let players = G::players(s).min(MAX_SEATS);
        let mut values = [0.0f64; MAX_SEATS];
        let mut steps = 0u32;
        loop {
            match G::to_act(s) {
                ToAct::Over => {
                    return match G::result(s) {
                        Some(r) if r.winners.contains(&seat) => WON / r.winners.len() as f64,
                        Some(_) => -WON,
                        None => 0.0,
                    }
                }
                ToAct::Chance => {
                    let outcome = G::sample_chance(s, rng);
                    G::apply_chance_unchecked(s, &outcome, &mut NoEvents);
                }
                ToAct::Seats(seats) => {
                    let beyond = G::turn(s).saturating_sub(root_turn) > self.turns;
                    let actor = seats.first().unwrap_or(seat);
                    if !beyond && steps < self.config.depth {
                        G::legal_actions(s, actor, &mut self.legal);
                        if !self.legal.is_empty() {
                            let i = self
                                .heuristic
                                .choose(s, actor, &self.legal, rng)
                                .min(self.legal.len() - 1);
                            G::apply_unchecked(s, actor, &self.legal[i], &mut NoEvents);
                            steps += 1;
                            continue;
                        }
                    }
                    self.heuristic.evaluate(s, &mut values[..players]);
                    return margin(&values[..players], seat);
                }
            }
        }
    }
}

impl<G: BotGame> Bot<G> for LookaheadBot<G> {
    fn name(&self) -> String {
        let c = self.config;
        format!(
            "lookahead(width={},samples={},turns={},depth={})",
            c.width,
            c.samples.unwrap_or(0),
            c.turns.unwrap_or(0),
            c.depth
        )
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
        let first = G::determinize(state, Viewer::Seat(seat), rng);
        let turn = G::turn(state);
        self.turn = match self.turn {
            (t, n) if t == turn => (t, n.saturating_add(1)),
            _ => (turn, 1),
        };
        // A turn that goes on and on: the greedy choice, with its bias
        // towards ending the turn, ends it (as MCTS does).
        if self.turn.1 > NO_PROGRESS_LIMIT {
            return Ok(self.heuristic.choose(&first, seat, legal, rng));
        }
        // The greedy player's scores on one determinization pick the candidates.
        let players = G::players(state).min(MAX_SEATS);
        let mut values = [0.0f64; MAX_SEATS];
        let mut ranked: Vec<(f64, usize)> = legal
            .iter()
            .enumerate()
            .map(|(i, a)| {
                (
                    score_action::<G, _>(&self.heuristic, &first, seat, a, &mut values[..players]),
                    i,
                )
            })
            .collect();
        // Best first; equal scores in a random order (greedy breaks ties at random too).
        let keys: Vec<u64> = (0..legal.len()).map(|_| rng.random()).collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(keys[a.1].cmp(&keys[b.1])));
        let (best_score, best) = ranked[0];
        // A win at once needs no lookahead; actions the evaluator never takes
        // (scored below any loss) are no candidates while another one is.
        let width = usize::try_from(self.config.width).unwrap_or(usize::MAX).max(1);
        let candidates: Vec<usize> = ranked
            .iter()
            .take(width)
            .filter(|(score, _)| *score > -1e6)
            .map(|(_, i)| *i)
            .collect();
        if best_score >= 1e6 || candidates.len() <= 1 {
            return Ok(best);
        }
        let mut totals = vec![0.0f64; candidates.len()];
        for sample in 0..self.config.samples.unwrap_or(1).max(1) {
            let det = if sample == 0 {
                first.clone()
            } else {
                G::determinize(state, Viewer::Seat(seat), rng)
            };
            // Common random numbers: every candidate meets the same dice and draws.
            let seed: u64 = rng.random();
            for (total, &c) in totals.iter_mut().zip(&candidates) {
                let mut s = det.clone();
                let mut luck = GameRng::seed_from_u64(seed);
                *total += self.playout(&mut s, seat, &legal[c], turn, &mut luck);
            }
        }
        // The best total; on equal totals the greedy player's order decides.
        let mut pick = 0;
        for (k, t) in totals.iter().enumerate() {
            if *t > totals[pick] + 1e-9 {
                pick = k;
            }
        }
        Ok(candidates[pick])
    }
}

/// Largest `width` and `samples`: beyond them the bot costs what MCTS costs.
pub const MAX_LOOKAHEAD: u64 = 64;
/// Most turns played forward after the decision's own.
pub const MAX_TURNS: u64 = 8;

/// Reads the options of `lookahead:` (`width=4,samples=2,turns=0,depth=40`).
pub fn parse(args: &str) -> Result<LookaheadConfig, crate::spec::SpecError> {
    let mut c = LookaheadConfig::default();
    for part in args.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let (min, max) = match key {
            "width" | "samples" => (1, MAX_LOOKAHEAD),
            "turns" => (0, MAX_TURNS),
            "depth" => (0, crate::spec::MAX_DEPTH),
            _ => {
                return Err(crate::spec::SpecError::LookaheadOption {
                    option: part.to_string(),
                    range: None,
                })
            }
        };
        let n = value
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| value.parse::<u64>().ok())
            .flatten()
            .filter(|n| (min..=max).contains(n))
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| crate::spec::SpecError::LookaheadOption {
                option: part.to_string(),
                range: Some((min, max)),
            })?;
        match key {
            "width" => c.width = n,
            "samples" => c.samples = Some(n),
            "turns" => c.turns = Some(n),
            _ => c.depth = n,
        }
    }
    Ok(c)
}

//! One thread's search tree: nodes in a flat arena, edges keyed by the acting
//! seat and its action, selection by UCB with availability counts.

use super::RolloutPolicy;
use crate::heuristic::{margin, score_action, win_chances, BotGame, Heuristic};
use crate::random::pick_random;
use engine::{Game, GameRng, NoEvents, Seat, ToAct, Viewer, MAX_SEATS};
use rand::Rng;
use std::hash::BuildHasher;

const NONE: u32 = u32::MAX;

/// Settings a search thread needs (copied from [`super::MctsConfig`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SearchSettings {
    pub exploration: f64,
    pub chance_branch: usize,
    pub offers: bool,
    pub rollout: RolloutPolicy,
    pub depth: u32,
    pub prior: f64,
    pub widen: u32,
    pub epsilon: f64,
    pub common_dice: bool,
    pub turn_horizon: bool,
}

/// One action of one seat below a node.
#[derive(Debug)]
struct Edge<A> {
    action: A,
    hash: u64,
    seat: u8,
    child: u32,
    visits: u32,
    avail: u32,
    reward: f64,
    prior: f64,
    /// With a turn horizon: the rewards of the state this action leads to
    /// (the heuristic's win chances, the action's bias included), from the
    /// node's score cache.
    leaf: Option<[f64; MAX_SEATS]>,
}

/// The one-ply score of an action at a node, computed once per node when
/// the search has a turn horizon (on the determinization that first met it).
#[derive(Debug)]
struct Scored {
    hash: u64,
    seat: u8,
    score: f64,
    rewards: [f64; MAX_SEATS],
}

/// An information-set node: the actions tried from it and, when the node is
/// a branching chance node, the outcomes seen.
#[derive(Debug)]
struct Node<A, C> {
    edges: Vec<Edge<A>>,
    chance: Vec<(C, u32)>,
    scored: Vec<Scored>,
}

impl<A, C> Node<A, C> {
    fn new() -> Self {
        Node {
            edges: Vec::new(),
            chance: Vec::new(),
            scored: Vec::new(),
        }
    }
}

/// A search tree with its reusable buffers.
pub(crate) struct Search<'h, G: BotGame> {
    heuristic: &'h G::Heuristic,
    settings: SearchSettings,
    me: Seat,
    nodes: Vec<Node<G::Action, G::Chance>>,
    path: Vec<(u32, u32)>,
    legal: Vec<G::Action>,
    hashes: Vec<u64>,
    found: Vec<u32>,
    untried: Vec<u32>,
    outcomes: Vec<(G::Chance, f64)>,
    values: [f64; MAX_SEATS],
    rewards: [f64; MAX_SEATS],
    /// Seed of this search's common random numbers.
    crn_base: u64,
    /// Seed of this iteration's chance events (`None` before the root edge is known).
    crn_seed: Option<u64>,
    /// Chance events drawn per stream in this iteration.
    crn_counts: [u32; 4],
    hasher: std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>,
    /// The turn of the root state (the horizon, when the search has one).
    root_turn: u32,
    /// The only root actions to try, when the caller restricts them (an
    /// analysis topping up one action's playouts); `None`: every legal one.
    root_only: Option<Vec<G::Action>>,
    /// Every seat's summed rewards through each root edge (by the edge's
    /// index at the root): what an analysis reports as each seat's chance
    /// after an action. Only the root keeps them, so the tree's edges stay
    /// as small as they were.
    root_all: Vec<[f64; MAX_SEATS]>,
}

impl<'h, G: BotGame> Search<'h, G> {
    pub(crate) fn new(heuristic: &'h G::Heuristic, settings: SearchSettings, me: Seat, crn_base: u64) -> Self {
        Search {
            heuristic,
            settings,
            me,
            nodes: vec![Node::new()],
            path: Vec::with_capacity(64),
            legal: Vec::with_capacity(64),
            hashes: Vec::with_capacity(64),
            found: Vec::with_capacity(64),
            untried: Vec::with_capacity(64),
            outcomes: Vec::with_capacity(64),
            values: [0.0; MAX_SEATS],
            rewards: [0.0; MAX_SEATS],
            crn_base,
            crn_seed: None,
            crn_counts: [0; 4],
            hasher: std::hash::BuildHasherDefault::default(),
            root_turn: 0,
            root_only: None,
            root_all: Vec::new(),
        }
    }

    /// Tries only these actions at the root.
    pub(crate) fn restrict_root(&mut self, actions: Vec<G::Action>) {
        self.root_only = Some(actions);
    }

    /// The root edge of `me` for `action`, if the search tried it.
    fn root_edge(&self, action: &G::Action) -> Option<&Edge<G::Action>> {
        self.nodes[0]
            .edges
            .iter()
            .find(|e| e.seat == self.me.0 && e.action == *action)
    }

    /// Every seat's summed rewards through the root edges of `me`, in the
    /// order of `legal` (zeros for an action the search never tried).
    pub(crate) fn root_all_rewards(&self, legal: &[G::Action]) -> Vec<[f64; MAX_SEATS]> {
        legal
            .iter()
            .map(|a| {
                self.nodes[0]
                    .edges
                    .iter()
                    .position(|e| e.seat == self.me.0 && e.action == *a)
                    .and_then(|i| self.root_all.get(i).copied())
                    .unwrap_or([0.0; MAX_SEATS])
            })
            .collect()
    }

    /// The summed rewards of the root edges of `me`, in the order of `legal`.
    pub(crate) fn root_rewards(&self, legal: &[G::Action]) -> Vec<f64> {
        legal
            .iter()
            .map(|a| self.root_edge(a).map_or(0.0, |e| e.reward))
            .collect()
    }

    /// The expected line of play after the root action `action`: from the
    /// node it leads to, the most visited action of whichever seat acts, as
    /// long as the search tried it at least twice, up to `max` actions. It
    /// stops at a branching chance node (the dice are not expected) and where
    /// the tree ends.
    pub(crate) fn line(&self, action: &G::Action, max: usize) -> Vec<(Seat, G::Action)> {
        let mut line = Vec::new();
        let mut node = match self.root_edge(action) {
            Some(e) => e.child,
            None => return line,
        };
        while node != NONE && line.len() < max {
            let best = self.nodes[node as usize]
                .edges
                .iter()
                .filter(|e| e.visits >= 2)
                .max_by_key(|e| e.visits);
            match best {
                Some(e) => {
                    line.push((Seat(e.seat), e.action.clone()));
                    node = e.child;
                }
                None => break,
            }
        }
        line
    }

    /// The visits of the root edges of `me`, in the order of `legal`.
    pub(crate) fn root_visits(&self, legal: &[G::Action]) -> Vec<u64> {
        legal
            .iter()
            .map(|a| self.root_edge(a).map_or(0, |e| u64::from(e.visits)))
            .collect()
    }

    /// One iteration: determinize, select, expand, roll out, back up.
    pub(crate) fn iterate(&mut self, root: &G::State, rng: &mut GameRng) {
        let mut s = G::determinize(root, Viewer::Seat(self.me), rng);
        let players = G::players(&s).min(MAX_SEATS);
        self.path.clear();
        self.crn_seed = None;
        self.crn_counts = [0; 4];
        self.root_turn = G::turn(root);
        let mut node = 0u32;
        loop {
            match G::to_act(&s) {
                ToAct::Over => {
                    self.result_rewards(&s, players);
                    break;
                }
                ToAct::Chance => {
                    node = self.chance_step(&mut s, node, rng);
                }
                ToAct::Seats(_) if self.beyond_horizon(&s) => {
                    // The turn is over: the last action's cached score, or
                    // the heuristic's value of the state.
                    let leaf = self
                        .path
                        .last()
                        .and_then(|&(n, e)| self.nodes[n as usize].edges[e as usize].leaf);
                    match leaf {
                        Some(rewards) => self.rewards = rewards,
                        None => self.evaluate(&s, players),
                    }
                    break;
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().unwrap_or(Seat(0));
                    G::legal_actions(&s, seat, &mut self.legal);
                    if !self.settings.offers {
                        drop_offers::<G>(&mut self.legal);
                    }
                    drop_never::<G>(self.heuristic, &s, seat, &mut self.legal);
                    if let (true, Some(only)) = (self.path.is_empty(), &self.root_only) {
                        self.legal.retain(|a| only.contains(a));
                    }
                    if self.legal.is_empty() {
                        self.evaluate(&s, players);
                        break;
                    }
                    let (edge, expanded) = self.select(node, seat, &s, rng);
                    self.path.push((node, edge));
                    let e = &self.nodes[node as usize].edges[edge as usize];
                    if self.settings.common_dice && self.crn_seed.is_none() {
                        // The n-th visit of a root action meets the same dice as
                        // the n-th visit of every other root action: their
                        // difference, not the luck, decides between them.
                        self.crn_seed = Some(splitmix(self.crn_base ^ u64::from(e.visits)));
                    }
                    let leaf = e.leaf;
                    G::apply_unchecked(&mut s, seat, &e.action, &mut NoEvents);
                    if expanded {
                        match leaf {
                            // A turn-horizon search without rollouts scores
                            // the new edge by its cached one-ply value.
                            Some(rewards) if self.settings.depth == 0 => self.rewards = rewards,
                            _ => self.rollout(&mut s, players, rng),
                        }
                        break;
                    }
                    node = self.child_of(node, edge);
                }
            }
        }
        if let Some(&(0, e)) = self.path.first() {
            let e = e as usize;
            if self.root_all.len() <= e {
                self.root_all.resize(e + 1, [0.0; MAX_SEATS]);
            }
            for (sum, r) in self.root_all[e].iter_mut().zip(&self.rewards) {
                *sum += r;
            }
        }
        for &(n, e) in &self.path {
            let edge = &mut self.nodes[n as usize].edges[e as usize];
            edge.visits += 1;
            edge.reward += self.rewards[usize::from(edge.seat) % MAX_SEATS];
        }
    }

    /// Resolves a chance node: branching for few outcomes, open-loop otherwise.
    fn chance_step(&mut self, s: &mut G::State, node: u32, rng: &mut GameRng) -> u32 {
        if self.settings.chance_branch > 0 {
            G::chance_outcomes(s, &mut self.outcomes);
            if !self.outcomes.is_empty() && self.outcomes.len() <= self.settings.chance_branch {
                let x = self.uniform(s, rng);
                let outcome = self.outcomes[pick_outcome(&self.outcomes, x)].0.clone();
                G::apply_chance_unchecked(s, &outcome, &mut NoEvents);
                let existing = self.nodes[node as usize]
                    .chance
                    .iter()
                    .find(|(c, _)| *c == outcome)
                    .map(|(_, n)| *n);
                return match existing {
                    Some(child) => child,
                    None => {
                        let child = self.nodes.len() as u32;
                        self.nodes.push(Node::new());
                        self.nodes[node as usize].chance.push((outcome, child));
                        child
                    }
                };
            }
        }
        let outcome = self.sample_chance(s, rng);
        G::apply_chance_unchecked(s, &outcome, &mut NoEvents);
        node
    }

    /// A uniform number in [0, 1) for the chance node `s`: from the common
    /// random numbers of this iteration, or from `rng`.
    fn uniform(&mut self, s: &G::State, rng: &mut GameRng) -> f64 {
        match self.crn_seed {
            Some(seed) => {
                let k = self.heuristic.chance_stream(s).min(3);
                let i = self.crn_counts[k];
                self.crn_counts[k] += 1;
                let x = splitmix(seed ^ ((k as u64) << 56) ^ u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                (x >> 11) as f64 / (1u64 << 53) as f64
            }
            None => rng.random(),
        }
    }

    /// An outcome of the chance node `s` (see [`Self::uniform`]).
    fn sample_chance(&mut self, s: &G::State, rng: &mut GameRng) -> G::Chance {
        if self.crn_seed.is_none() {
            return G::sample_chance(s, rng);
        }
        G::chance_outcomes(s, &mut self.outcomes);
        let x = self.uniform(s, rng);
        if self.outcomes.is_empty() {
            let mut r = <GameRng as rand::SeedableRng>::seed_from_u64((x * (1u64 << 53) as f64) as u64);
            return G::sample_chance(s, &mut r);
        }
        self.outcomes[pick_outcome(&self.outcomes, x)].0.clone()
    }

    /// Picks the edge to follow at `node` for `seat` among `self.legal`:
    /// an untried action if the node may grow (then `true`), else the best
    /// by UCB. With a prior the untried action the heuristic likes best comes
    /// first, and with progressive widening a node grows only as its visits
    /// do, so the search stays with the heuristic's best few actions until
    /// they have been looked at well.
    fn select(&mut self, node: u32, seat: Seat, s: &G::State, rng: &mut GameRng) -> (u32, bool) {
        let players = G::players(s).min(MAX_SEATS);
        let use_prior = self.settings.prior > 0.0;
        self.hashes.clear();
        for a in &self.legal {
            self.hashes.push(self.hasher.hash_one(a));
        }
        self.found.clear();
        self.untried.clear();
        let n = &mut self.nodes[node as usize];
        let mut visits = 0u64;
        for (i, a) in self.legal.iter().enumerate() {
            let h = self.hashes[i];
            match n
                .edges
                .iter()
                .position(|e| e.hash == h && e.seat == seat.0 && e.action == *a)
            {
                Some(p) => {
                    self.found.push(p as u32);
                    visits += u64::from(n.edges[p].visits);
                }
                None => self.untried.push(i as u32),
            }
        }
        for &p in &self.found {
            n.edges[p as usize].avail += 1;
        }
        let may_grow = match self.settings.widen {
            0 => true,
            k => (self.found.len() as f64) < k as f64 + (visits as f64).sqrt() / 4.0,
        };
        if !self.untried.is_empty() && (may_grow || self.found.is_empty()) {
            let mut pick = self.untried[0] as usize;
            let mut best_prior = f64::NEG_INFINITY;
            let mut ties = 0u32;
            let cached = self.settings.turn_horizon;
            let mut leaf = None;
            for k in 0..self.untried.len() {
                let i = self.untried[k] as usize;
                let (score, rewards) = if cached {
                    let (score, rewards) = self.scored(node, seat, s, i, players);
                    (if use_prior { score } else { 0.0 }, Some(rewards))
                } else if use_prior {
                    let score = score_action::<G, G::Heuristic>(
                        self.heuristic,
                        s,
                        seat,
                        &self.legal[i],
                        &mut self.values[..players],
                    );
                    (score, None)
                } else {
                    (0.0, None)
                };
                if score > best_prior {
                    best_prior = score;
                    pick = i;
                    leaf = rewards;
                    ties = 1;
                } else if score == best_prior {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        pick = i;
                        leaf = rewards;
                    }
                }
            }
            let prior = if use_prior {
                1.0 / (1.0 + (-best_prior / self.heuristic.temperature().max(1e-6)).exp())
            } else {
                0.0
            };
            let n = &mut self.nodes[node as usize];
            n.edges.push(Edge {
                action: self.legal[pick].clone(),
                hash: self.hashes[pick],
                seat: seat.0,
                child: NONE,
                visits: 0,
                avail: 1,
                reward: 0.0,
                prior,
                leaf,
            });
            return ((n.edges.len() - 1) as u32, true);
        }
        let n = &self.nodes[node as usize];
        let c = self.settings.exploration;
        let w = self.settings.prior;
        let mut best = f64::NEG_INFINITY;
        let mut best_p = self.found.first().copied().unwrap_or(0);
        for &p in &self.found {
            let e = &n.edges[p as usize];
            let visits = f64::from(e.visits.max(1));
            let score =
                e.reward / visits + c * (f64::from(e.avail.max(1)).ln() / visits).sqrt() + w * e.prior / (visits + 1.0);
            if score > best {
                best = score;
                best_p = p;
            }
        }
        (best_p, false)
    }

    /// Whether `s` lies beyond the search's horizon: a decision after the
    /// turn of the root has ended.
    fn beyond_horizon(&self, s: &G::State) -> bool {
        self.settings.turn_horizon && G::turn(s) != self.root_turn
    }

    /// The one-ply score of `self.legal[i]` for `seat` at `node` (margin of
    /// the successor plus the action bias, as [`score_action`]) and the
    /// rewards of its successor state, from the node's cache or computed and
    /// cached.
    fn scored(&mut self, node: u32, seat: Seat, s: &G::State, i: usize, players: usize) -> (f64, [f64; MAX_SEATS]) {
        let hash = self.hashes[i];
        if let Some(c) = self.nodes[node as usize]
            .scored
            .iter()
            .find(|c| c.hash == hash && c.seat == seat.0)
        {
            return (c.score, c.rewards);
        }
        let action = &self.legal[i];
        let mut next = s.clone();
        G::apply_unchecked(&mut next, seat, action, &mut NoEvents);
        let mut rewards = [0.0; MAX_SEATS];
        let score = match G::result(&next) {
            Some(result) => {
                if !result.winners.is_empty() {
                    let share = 1.0 / result.winners.len() as f64;
                    for w in &result.winners {
                        if let Some(r) = rewards.get_mut(w.index()) {
                            *r += share;
                        }
                    }
                }
                if result.winners.contains(&seat) {
                    1e6
                } else {
                    -1e6
                }
            }
            None => {
                let values = &mut self.values[..players];
                self.heuristic.evaluate(&next, values);
                let bias = self.heuristic.action_bias(s, seat, action);
                let score = margin(values, seat) + bias;
                if let Some(v) = values.get_mut(seat.index()) {
                    // The bias (what the state cannot show yet) counts as value.
                    *v += bias.clamp(-10.0, 10.0);
                }
                win_chances(values, self.heuristic.temperature(), &mut rewards[..players]);
                score
            }
        };
        self.nodes[node as usize].scored.push(Scored {
            hash,
            seat: seat.0,
            score,
            rewards,
        });
        (score, rewards)
    }

    /// The node below an edge, created on first use.
    fn child_of(&mut self, node: u32, edge: u32) -> u32 {
        let child = self.nodes[node as usize].edges[edge as usize].child;
        if child != NONE {
            return child;
        }
        let child = self.nodes.len() as u32;
        self.nodes.push(Node::new());
        self.nodes[node as usize].edges[edge as usize].child = child;
        child
    }

    /// Plays on from `s` with the rollout policy, then scores.
    fn rollout(&mut self, s: &mut G::State, players: usize, rng: &mut GameRng) {
        let mut depth = 0u32;
        loop {
            match G::to_act(s) {
                ToAct::Over => {
                    self.result_rewards(s, players);
                    return;
                }
                ToAct::Chance => {
                    let outcome = self.sample_chance(s, rng);
                    G::apply_chance_unchecked(s, &outcome, &mut NoEvents);
                }
                ToAct::Seats(seats) => {
                    if depth >= self.settings.depth || self.beyond_horizon(s) {
                        self.evaluate(s, players);
                        return;
                    }
                    let seat = seats.first().unwrap_or(Seat(0));
                    G::legal_actions(s, seat, &mut self.legal);
                    if self.legal.is_empty() {
                        self.evaluate(s, players);
                        return;
                    }
                    let i = match self.settings.rollout {
                        RolloutPolicy::Random => pick_random::<G>(&self.legal, true, rng),
                        RolloutPolicy::Greedy
                            if self.settings.epsilon > 0.0 && rng.random::<f64>() < self.settings.epsilon =>
                        {
                            pick_random::<G>(&self.legal, true, rng)
                        }
                        RolloutPolicy::Greedy => self.heuristic.choose(s, seat, &self.legal, rng),
                    };
                    let i = i.min(self.legal.len() - 1);
                    G::apply_unchecked(s, seat, &self.legal[i], &mut NoEvents);
                    depth += 1;
                }
            }
        }
    }

    /// Rewards of a finished game: winners share 1.
    fn result_rewards(&mut self, s: &G::State, players: usize) {
        self.rewards = [0.0; MAX_SEATS];
        match G::result(s) {
            Some(result) if !result.winners.is_empty() => {
                let share = 1.0 / result.winners.len() as f64;
                for w in &result.winners {
                    if let Some(r) = self.rewards.get_mut(w.index()) {
                        *r += share;
                    }
                }
            }
            _ => self.evaluate(s, players),
        }
    }

    /// Rewards of a stopped rollout: the heuristic's win chances.
    fn evaluate(&mut self, s: &G::State, players: usize) {
        self.rewards = [0.0; MAX_SEATS];
        self.heuristic.evaluate(s, &mut self.values[..players]);
        win_chances(
            &self.values[..players],
            self.heuristic.temperature(),
            &mut self.rewards[..players],
        );
    }
}

/// The outcome a uniform `x` in [0, 1) falls on.
fn pick_outcome<C>(outcomes: &[(C, f64)], mut x: f64) -> usize {
    let last = outcomes.len().saturating_sub(1);
    for (i, (_, p)) in outcomes.iter().enumerate() {
        if x < *p {
            return i;
        }
        x -= p;
    }
    last
}

/// A 64-bit mix (SplitMix64's finaliser).
pub(crate) fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Leaves out the actions the heuristic never takes ([`Heuristic::never`])
/// unless nothing else is legal.
pub(crate) fn drop_never<G: BotGame>(h: &G::Heuristic, s: &G::State, seat: Seat, legal: &mut Vec<G::Action>) {
    if legal.iter().any(|a| h.never(s, seat, a)) && !legal.iter().all(|a| h.never(s, seat, a)) {
        legal.retain(|a| !h.never(s, seat, a));
    }
}

/// Leaves out actions that open trade offers unless nothing else is legal.
fn drop_offers<G: Game>(legal: &mut Vec<G::Action>) {
    if legal.iter().any(G::is_offer) && !legal.iter().all(G::is_offer) {
        legal.retain(|a| !G::is_offer(a));
    }
}

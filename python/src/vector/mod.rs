//! Many games stepped in one call: the arrays Python reads (observations,
//! masks, rewards, seats to act, done flags) are owned here and written in
//! place; Python views them through `__array_interface__` without copies.
//! Games are split over `threads` threads, this one and the helpers of a
//! [`Pool`] made with the env; the GIL is released by the caller around
//! [`VecDyn::step`].

use crate::board::BoardSpec;
use crate::core::{Core, Scratch, StepEnd};
use crate::obs::Memo;
use crate::pool::Pool;
use crate::research::Researchable;
use engine::{ErrorInfo, Seat};
use serde_json::Value;
use slices::Slices;

mod slices;

/// One of the arrays: name, address, shape, numpy type string, read-only.
pub type Buffer = (&'static str, usize, Vec<usize>, &'static str, bool);

/// The game-independent face of a [`VecCore`].
pub trait VecDyn: Send {
    /// Size of the action space.
    fn num_actions(&self) -> usize;
    /// Length of one observation.
    fn obs_len(&self) -> usize;
    /// Bounds of the observation's values (`Research::observation_bounds`).
    fn obs_bounds(&self) -> (Vec<f32>, Vec<f32>);
    /// The arrays.
    fn buffers(&mut self) -> Vec<Buffer>;
    /// Starts every game afresh from `seed`.
    fn reset(&mut self, seed: u64);
    /// Steps every game with the action in the `actions` array (games that
    /// are over and not reset automatically ignore theirs). Refuses the whole
    /// step, changing nothing, if an index is not legal in its game.
    fn step(&mut self) -> Result<(), ErrorInfo>;
    /// [`VecDyn::step`] with `action` as the first game's action, returning
    /// the first game's done flags (1 terminated, 2 truncated, 0 neither):
    /// the single-game Gymnasium step without a NumPy access per field.
    fn step_first(&mut self, action: i64) -> Result<u8, ErrorInfo>;
    /// Writes a uniformly random legal index per game into the `actions`
    /// array (0 where no seat is to act), drawn from `seed` game by game in
    /// order, so the draw is the same whatever the thread count. Reads each
    /// row's list of set indices: the draw of a random-play harness without
    /// NumPy's passes over `uint8[num_envs, num_actions]` per step.
    fn random_actions(&mut self, seed: u64);
    /// A copy of every game.
    fn snapshot(&self) -> Box<dyn std::any::Any + Send + Sync>;
    /// Restores a snapshot taken from this environment.
    fn restore(&mut self, snap: &(dyn std::any::Any + Send + Sync)) -> Result<(), ErrorInfo>;
    /// Every game as JSON bytes: each state, its two random generators and
    /// counters, and the episode counters; what a pickle holds. Its size is
    /// that of the games now, whatever was played before (issue 45: the old
    /// pickle kept every batch action since `reset`, and so did the env).
    fn save(&self) -> Result<Vec<u8>, ErrorInfo>;
    /// Puts back the games of [`VecDyn::save`]'s bytes, checked first: a
    /// state that does not parse or validate, or another number of games,
    /// is refused and nothing changes.
    fn load(&mut self, bytes: &[u8]) -> Result<(), ErrorInfo>;
    /// The full state of one game as JSON.
    fn state_json(&self, env: usize) -> Option<Value>;
    /// What a picture of game `env` is drawn from: the game's id, its board
    /// geometry (`Game::topology`) and `seat`'s view, both as JSON.
    fn picture(&self, env: usize, seat: Seat) -> Option<crate::render::py::Picture>;
}

/// The saved form of one game (see [`VecDyn::save`]).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGame<S> {
    state: S,
    chance: engine::GameRng,
    bot_rng: engine::GameRng,
    decisions: u64,
    agent_steps: u64,
}

/// The saved form of a whole batch (see [`VecDyn::save`]).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved<S> {
    game: String,
    /// The base of every later game's seed (see [`episode_seed`]).
    seed: u64,
    games: Vec<SavedGame<S>>,
    episodes: Vec<u64>,
    last_seat: Vec<i32>,
}

type Snap<G> = (
    Vec<(<G as engine::Game>::State, engine::GameRng, engine::GameRng, u64, u64)>,
    Vec<u64>,
    Vec<i32>,
);

/// How many runs of games each thread's share is cut into (see [`VecCore::parallel`]).
const RUNS_PER_THREAD: usize = 8;

/// A batch of games of one type.
pub struct VecCore<G: Researchable> {
    cores: Vec<Core<G>>,
    /// One per thread (see [`Scratch`]).
    scratch: Vec<Scratch<G>>,
    /// The helpers of `threads > 1`, made once (see [`Pool`]).
    pool: Option<Pool>,
    obs_len: usize,
    players: usize,
    autoreset: bool,
    observe: bool,
    seed: u64,
    episodes: Vec<u64>,
    obs: Vec<f32>,
    /// What each row of `obs` holds (see [`Memo`]): the rows are written
    /// only by [`Lane::publish`], each through its own memo.
    memos: Vec<Memo>,
    /// The board grid, when the batch writes board tensors (`board`).
    spec: Option<std::sync::Arc<BoardSpec>>,
    /// Each game's board tensor (empty without `spec`).
    board: Vec<f32>,
    max_turns: u32,
    mask: Vec<u8>,
    set: Vec<Vec<u32>>,
    rewards: Vec<f32>,
    to_act: Vec<i32>,
    last_seat: Vec<i32>,
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    actions: Vec<i64>,
    lengths: Vec<u32>,
}

impl<G: Researchable> std::fmt::Debug for VecCore<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VecCore")
            .field("envs", &self.cores.len())
            .finish_non_exhaustive()
    }
}

/// The seed of game `episode` of env `env`: independent of the thread count.
fn episode_seed(base: u64, env: usize, episode: u64) -> u64 {
    let mut z = base ^ (env as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ episode.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The arrays of one game, as slices.
struct Lane<'a, G: Researchable> {
    core: &'a mut Core<G>,
    obs: &'a mut [f32],
    memo: &'a mut Memo,
    /// The game's board tensor row (empty without board tensors).
    board: &'a mut [f32],
    spec: Option<&'a BoardSpec>,
    mask: &'a mut [u8],
    set: &'a mut Vec<u32>,
    rewards: &'a mut [f32],
    to_act: &'a mut i32,
    last_seat: &'a mut i32,
    terminated: &'a mut u8,
    truncated: &'a mut u8,
    action: i64,
    observe: bool,
    episode: &'a mut u64,
    length: &'a mut u32,
}

impl<G: Researchable> Lane<'_, G> {
    /// Writes obs, mask and seat after a reset or a step that ended with `end`.
    fn publish(&mut self, end: StepEnd, s: &mut Scratch<G>) {
        let seat = self.core.to_act();
        *self.to_act = seat.map_or(-1, |s| i32::from(s.0));
        if let Some(s) = seat {
            *self.last_seat = i32::from(s.0);
        }
        let view = Seat(u8::try_from(*self.last_seat).unwrap_or(0));
        if self.observe {
            self.core.write_obs(seat.unwrap_or(view), self.obs, self.memo);
        }
        if let Some(spec) = self.spec {
            self.core.write_board(spec, seat.unwrap_or(view), self.board);
        }
        self.core.write_mask(seat, self.mask, self.set, s);
        *self.terminated = u8::from(end.terminated);
        *self.truncated = u8::from(end.truncated);
    }

    fn step(&mut self, autoreset: bool, base: u64, env: usize, s: &mut Scratch<G>) {
        self.rewards.fill(0.0);
        if autoreset {
            // The flags of the last step described the game before its reset.
            *self.terminated = 0;
            *self.truncated = 0;
        }
        if *self.terminated != 0 || *self.truncated != 0 || self.core.to_act().is_none() {
            // A finished game without automatic reset stays as it is.
            return;
        }
        let end = self.core.step(self.action, false, s).unwrap_or_default();
        *self.length += 1;
        if end.terminated || end.truncated {
            self.core.write_rewards(self.rewards);
            if autoreset {
                *self.episode += 1;
                *self.length = 0;
                let fresh = self.core.reset(episode_seed(base, env, *self.episode), s);
                self.publish(fresh, s);
                *self.terminated = u8::from(end.terminated);
                *self.truncated = u8::from(end.truncated);
                return;
            }
        }
        self.publish(end, s);
    }
}

impl<G: Researchable> VecCore<G> {
    /// `num_envs` games; `bots[i]` plays seat `i` in every game (`None` = agent);
    /// without `observe` the observation array is left at 0 (masks only);
    /// with `board`, each game's board tensor is written beside it (refused
    /// for a game without one).
    #[allow(clippy::too_many_arguments)] // the Python constructor's keywords, one to one
    pub fn new(
        options: &Value,
        num_envs: usize,
        players: usize,
        bots: &[Option<String>],
        seed: u64,
        threads: usize,
        autoreset: bool,
        max_turns: u32,
        max_steps: u64,
        observe: bool,
        board: bool,
    ) -> Result<VecCore<G>, ErrorInfo> {
        let mut cores = Vec::with_capacity(num_envs.min(1 << 16));
        for i in 0..num_envs {
            let mut c = Core::<G>::new(options, players, bots, episode_seed(seed, i, 0))?;
            c.set_caps(max_turns, max_steps);
            cores.push(c);
        }
        let scratch: Vec<Scratch<G>> = (0..threads.clamp(1, 256)).map(|_| Scratch::default()).collect();
        let obs_len = cores.first().map_or(0, Core::obs_len);
        // The size of a row's memo, from one encode into a scratch row.
        let memo_len = match cores.first() {
            Some(c) if observe => {
                let (mut row, mut memo) = (vec![0.0; obs_len], Memo::default());
                c.write_obs(Seat(0), &mut row, &mut memo);
                memo.words()
            }
            _ => 0,
        };
        let n_actions = cores.first().map_or(0, |c| c.space.len());
        let spec = match cores.first() {
            Some(c) if board => Some(std::sync::Arc::new(
                G::board_spec(c.state()).ok_or_else(|| crate::board::no_board(G::ID))?,
            )),
            _ => None,
        };
        let mut v = VecCore {
            board: vec![0.0; spec.as_ref().map_or(0, |s| num_envs * s.len())],
            spec,
            max_turns: max_turns.max(1),
            obs_len,
            players,
            autoreset,
            observe,
            seed,
            episodes: vec![0; num_envs],
            obs: vec![0.0; num_envs * obs_len],
            // Made one after the other, so that they lie in a row (see `Memo::with_capacity`).
            memos: (0..num_envs).map(|_| Memo::with_capacity(memo_len)).collect(),
            mask: vec![0; num_envs * n_actions],
            set: vec![Vec::new(); num_envs],
            rewards: vec![0.0; num_envs * players],
            to_act: vec![-1; num_envs],
            last_seat: vec![0; num_envs],
            terminated: vec![0; num_envs],
            truncated: vec![0; num_envs],
            actions: vec![0; num_envs],
            lengths: vec![0; num_envs],
            cores,
            scratch,
            // No more threads than games: a helper without games would only spin.
            pool: (threads > 1 && num_envs > 1).then(|| Pool::new(threads.clamp(1, 256).min(num_envs) - 1)),
        };
        v.reset(seed);
        Ok(v)
    }

    /// Every game's arrays, to be split between threads.
    fn slices(&mut self) -> Slices<'_, G> {
        Slices {
            first: 0,
            obs_len: self.obs_len.max(1),
            n_actions: self.cores.first().map_or(0, |c| c.space.len()).max(1),
            players: self.players.max(1),
            observe: self.observe,
            cores: &mut self.cores,
            obs: &mut self.obs,
            memos: &mut self.memos,
            spec: self.spec.as_deref(),
            board: &mut self.board,
            mask: &mut self.mask,
            set: &mut self.set,
            rewards: &mut self.rewards,
            to_act: &mut self.to_act,
            last_seat: &mut self.last_seat,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            actions: &self.actions,
            episodes: &mut self.episodes,
            lengths: &mut self.lengths,
        }
    }

    /// Rewrites every game's arrays from its state after a restore or load:
    /// no reward, done flags as the state says.
    fn republish(&mut self) {
        self.parallel(|_, l, s| {
            l.rewards.fill(0.0);
            let over = l.core.to_act().is_none();
            l.publish(
                StepEnd {
                    terminated: over,
                    truncated: false,
                },
                s,
            );
        });
    }

    /// Calls `f(env, lane, scratch)` for every game: on this thread, or split
    /// into `threads` runs of games, the first on this thread and the others
    /// on the pool's helpers.
    fn parallel(&mut self, f: impl Fn(usize, &mut Lane<'_, G>, &mut Scratch<G>) + Sync) {
        // Out of `self` while the slices borrow it (empty: no allocation).
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut pool = self.pool.take();
        let parts = pool.as_ref().map_or(1, |p| p.helpers() + 1);
        if scratch.len() < parts {
            scratch.resize_with(parts, Scratch::default);
        }
        let mut all = self.slices();
        match &mut pool {
            Some(pool) if parts > 1 && all.cores.len() >= 2 => {
                // Runs of a few dozen games, claimed in turn by whichever thread
                // is free: a helper the OS has not scheduled yet (a busy
                // machine) leaves its share to this thread instead of holding
                // the step up.
                let n = all.cores.len();
                let per = n.div_ceil(parts * RUNS_PER_THREAD).max(1);
                let mut runs = Vec::with_capacity(n.div_ceil(per));
                while !all.cores.is_empty() {
                    let (head, rest) = all.split_at(per);
                    runs.push(std::sync::Mutex::new(head));
                    all = rest;
                }
                let scratch: Vec<_> = scratch.iter_mut().take(parts).map(std::sync::Mutex::new).collect();
                let next = std::sync::atomic::AtomicUsize::new(0);
                let ok = pool.run(&|k| {
                    // Each thread's scratch and each claimed run are locked by
                    // one thread only (no waiting).
                    let Some(Ok(mut s)) = scratch.get(k).map(|m| m.lock()) else {
                        return;
                    };
                    while let Some(run) = runs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                        let Ok(mut run) = run.lock() else { continue };
                        let first = run.first;
                        for (j, mut l) in std::mem::take(&mut *run).lanes().enumerate() {
                            f(first + j, &mut l, &mut s);
                        }
                    }
                });
                // A game that panicked (a bug, never bad input) ends the call as
                // `std::thread::scope` did: the games of its run are half stepped.
                assert!(ok, "a vector env thread panicked");
            }
            _ => {
                if let Some(s) = scratch.first_mut() {
                    for (i, mut l) in all.lanes().enumerate() {
                        f(i, &mut l, s);
                    }
                }
            }
        }
        self.pool = pool;
        self.scratch = scratch;
    }
}

impl<G: Researchable> VecDyn for VecCore<G> {
    fn num_actions(&self) -> usize {
        self.cores.first().map_or(0, |c| c.space.len())
    }
    fn obs_len(&self) -> usize {
        self.obs_len
    }
    fn obs_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        match self.cores.first() {
            Some(c) => crate::obs::bounds::<G>(c.state(), self.max_turns),
            None => (Vec::new(), Vec::new()),
        }
    }
    fn buffers(&mut self) -> Vec<Buffer> {
        let n = self.cores.len();
        let board = self.spec.as_ref().map(|s| {
            (
                "board",
                self.board.as_mut_ptr() as usize,
                vec![n, s.channels.len(), s.height, s.width],
                "<f4",
                true,
            )
        });
        let mut out = vec![
            (
                "obs",
                self.obs.as_mut_ptr() as usize,
                vec![n, self.obs_len],
                "<f4",
                true,
            ),
            (
                "mask",
                self.mask.as_mut_ptr() as usize,
                vec![n, self.num_actions()],
                "|b1",
                true,
            ),
            (
                "rewards",
                self.rewards.as_mut_ptr() as usize,
                vec![n, self.players],
                "<f4",
                true,
            ),
            ("to_act", self.to_act.as_mut_ptr() as usize, vec![n], "<i4", true),
            (
                "terminated",
                self.terminated.as_mut_ptr() as usize,
                vec![n],
                "|b1",
                true,
            ),
            ("truncated", self.truncated.as_mut_ptr() as usize, vec![n], "|b1", true),
            ("actions", self.actions.as_mut_ptr() as usize, vec![n], "<i8", false),
            ("lengths", self.lengths.as_mut_ptr() as usize, vec![n], "<u4", true),
        ];
        out.extend(board);
        out
    }
    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.episodes.fill(0);
        self.lengths.fill(0);
        self.parallel(|i, l, s| {
            let end = l.core.reset(episode_seed(seed, i, 0), s);
            l.rewards.fill(0.0);
            *l.last_seat = 0;
            l.publish(end, s);
        });
    }
    fn step(&mut self) -> Result<(), ErrorInfo> {
        let n_actions = self.num_actions();
        for (i, (&a, to_act)) in self.actions.iter().zip(&self.to_act).enumerate() {
            if *to_act < 0 {
                continue;
            }
            let legal = usize::try_from(a)
                .ok()
                .filter(|&a| a < n_actions)
                .is_some_and(|a| self.mask[i * n_actions + a] != 0);
            if usize::try_from(a).map_or(true, |a| a >= n_actions) {
                let mut e = crate::research::bad_index(a, n_actions);
                e.message.de = format!("Spiel {i}: {} Kein Spiel wurde verändert.", e.message.de);
                e.message.en = format!("Game {i}: {} No game was changed.", e.message.en);
                return Err(e);
            }
            if !legal {
                return Err(ErrorInfo::new(
                    "rule",
                    "engine.illegal_action_index",
                    format!("Spiel {i}: Der Aktionsindex {a} ist dort nicht erlaubt (siehe die Maske); kein Spiel wurde verändert."),
                    format!("Game {i}: action index {a} is not legal there (see the mask); no game was changed."),
                ));
            }
        }
        let (autoreset, base) = (self.autoreset, self.seed);
        self.parallel(|i, l, s| l.step(autoreset, base, i, s));
        Ok(())
    }
    fn random_actions(&mut self, seed: u64) {
        use rand::{Rng, SeedableRng};
        let mut rng = engine::GameRng::seed_from_u64(seed);
        // Every row keeps the list of its set indices (see `Core::write_mask`).
        for (a, set) in self.actions.iter_mut().zip(&self.set) {
            *a = if set.is_empty() {
                0
            } else {
                i64::from(set[rng.random_range(0..set.len())])
            };
        }
    }
    fn step_first(&mut self, action: i64) -> Result<u8, ErrorInfo> {
        if let Some(a) = self.actions.first_mut() {
            *a = action;
        }
        self.step()?;
        Ok(self.terminated.first().copied().unwrap_or(0) | (self.truncated.first().copied().unwrap_or(0) << 1))
    }
    fn snapshot(&self) -> Box<dyn std::any::Any + Send + Sync> {
        let snap: Snap<G> = (
            self.cores.iter().map(Core::snapshot).collect(),
            self.episodes.clone(),
            self.last_seat.clone(),
        );
        Box::new(snap)
    }
    fn restore(&mut self, snap: &(dyn std::any::Any + Send + Sync)) -> Result<(), ErrorInfo> {
        let Some((cores, episodes, last)) = snap.downcast_ref::<Snap<G>>() else {
            return Err(ErrorInfo::malformed("snapshot: taken from another game".to_string()));
        };
        if cores.len() != self.cores.len() {
            return Err(ErrorInfo::malformed(
                "snapshot: taken from another number of games".to_string(),
            ));
        }
        for (c, s) in self.cores.iter_mut().zip(cores) {
            c.restore(s);
        }
        self.episodes.clone_from(episodes);
        self.last_seat.clone_from(last);
        self.republish();
        Ok(())
    }
    fn save(&self) -> Result<Vec<u8>, ErrorInfo> {
        let saved = Saved {
            game: G::ID.to_string(),
            seed: self.seed,
            games: self
                .cores
                .iter()
                .map(|c| {
                    let (state, chance, bot_rng, decisions, agent_steps) = c.snapshot();
                    SavedGame {
                        state,
                        chance,
                        bot_rng,
                        decisions,
                        agent_steps,
                    }
                })
                .collect(),
            episodes: self.episodes.clone(),
            last_seat: self.last_seat.clone(),
        };
        serde_json::to_vec(&saved).map_err(|e| ErrorInfo::malformed(format!("saving the games: {e}")))
    }
    fn load(&mut self, bytes: &[u8]) -> Result<(), ErrorInfo> {
        let corrupt = |what: String| {
            ErrorInfo::new(
                "malformed",
                "engine.pickle_corrupt",
                format!("Die gespeicherten Partien sind unbrauchbar: {what}"),
                format!("The saved games are unusable: {what}"),
            )
        };
        let saved: Saved<G::State> = serde_json::from_slice(bytes).map_err(|e| corrupt(e.to_string()))?;
        let n = self.cores.len();
        if saved.game != G::ID {
            return Err(corrupt(format!("saved from game {:?}, not {:?}", saved.game, G::ID)));
        }
        if saved.games.len() != n || saved.episodes.len() != n || saved.last_seat.len() != n {
            return Err(corrupt(format!(
                "{} games saved, this environment has {n}",
                saved.games.len()
            )));
        }
        for (i, g) in saved.games.iter().enumerate() {
            let players = G::players(&g.state);
            if players != self.players {
                return Err(corrupt(format!("game {i} has {players} players, not {}", self.players)));
            }
            if let Err(problems) = G::validate(&g.state) {
                let first = problems.first().map(|p| format!("{p:?}")).unwrap_or_default();
                return Err(corrupt(format!("game {i} does not validate: {first}")));
            }
        }
        for (c, g) in self.cores.iter_mut().zip(saved.games) {
            c.restore(&(g.state, g.chance, g.bot_rng, g.decisions, g.agent_steps));
        }
        self.seed = saved.seed;
        self.episodes = saved.episodes;
        self.last_seat = saved.last_seat;
        self.republish();
        Ok(())
    }
    fn state_json(&self, env: usize) -> Option<Value> {
        self.cores.get(env).and_then(|c| serde_json::to_value(c.state()).ok())
    }
    fn picture(&self, env: usize, seat: Seat) -> Option<crate::render::py::Picture> {
        let state = self.cores.get(env)?.state();
        if seat.index() >= self.players {
            return None;
        }
        let topology = G::topology(state).unwrap_or(Value::Null);
        let view = serde_json::to_value(G::view(state, engine::Viewer::Seat(seat))).ok()?;
        Some((G::ID, G::describe_state(state), topology, view))
    }
}

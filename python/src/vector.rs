//! Many games stepped in one call: the arrays Python reads (observations,
//! masks, rewards, seats to act, done flags) are owned here and written in
//! place; Python views them through `__array_interface__` without copies.
//! Games are split over `threads` scoped threads; the GIL is released by the
//! caller around [`VecDyn::step`].

use crate::core::{Core, Scratch, StepEnd};
use crate::research::Researchable;
use engine::{ErrorInfo, Seat};
use serde_json::Value;

/// One of the arrays: name, address, shape, numpy type string, read-only.
pub type Buffer = (&'static str, usize, Vec<usize>, &'static str, bool);

/// The game-independent face of a [`VecCore`].
pub trait VecDyn: Send {
    /// Size of the action space.
    fn num_actions(&self) -> usize;
    /// Length of one observation.
    fn obs_len(&self) -> usize;
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
    /// A copy of every game.
    fn snapshot(&self) -> Box<dyn std::any::Any + Send + Sync>;
    /// Restores a snapshot taken from this environment.
    fn restore(&mut self, snap: &(dyn std::any::Any + Send + Sync)) -> Result<(), ErrorInfo>;
    /// The full state of one game as JSON.
    fn state_json(&self, env: usize) -> Option<Value>;
    /// What a picture of game `env` is drawn from: the game's id, its board
    /// geometry (`Game::topology`) and `seat`'s view, both as JSON.
    fn picture(&self, env: usize, seat: Seat) -> Option<(&'static str, Value, Value)>;
}

type Snap<G> = (
    Vec<(<G as engine::Game>::State, engine::GameRng, engine::GameRng, u64, u64)>,
    Vec<u64>,
    Vec<i32>,
);

/// A batch of games of one type.
pub struct VecCore<G: Researchable> {
    cores: Vec<Core<G>>,
    /// One per thread (see [`Scratch`]).
    scratch: Vec<Scratch<G>>,
    obs_len: usize,
    players: usize,
    threads: usize,
    autoreset: bool,
    observe: bool,
    seed: u64,
    episodes: Vec<u64>,
    obs: Vec<f32>,
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
            self.core.write_obs(seat.unwrap_or(view), self.obs, s);
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
    /// without `observe` the observation array is left at 0 (masks only).
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
    ) -> Result<VecCore<G>, ErrorInfo> {
        let mut cores = Vec::with_capacity(num_envs.min(1 << 16));
        for i in 0..num_envs {
            let mut c = Core::<G>::new(options, players, bots, episode_seed(seed, i, 0))?;
            c.set_caps(max_turns, max_steps);
            cores.push(c);
        }
        let mut scratch: Vec<Scratch<G>> = (0..threads.clamp(1, 256)).map(|_| Scratch::default()).collect();
        let obs_len = match (cores.first(), scratch.first_mut()) {
            (Some(c), Some(s)) => c.obs_len(s),
            _ => 0,
        };
        let n_actions = cores.first().map_or(0, |c| c.space.len());
        let mut v = VecCore {
            obs_len,
            players,
            threads: threads.clamp(1, 256),
            autoreset,
            observe,
            seed,
            episodes: vec![0; num_envs],
            obs: vec![0.0; num_envs * obs_len],
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
        };
        v.reset(seed);
        Ok(v)
    }

    fn lanes(&mut self) -> impl Iterator<Item = Lane<'_, G>> {
        let n_actions = self.num_actions();
        let obs_len = self.obs_len.max(1);
        let players = self.players.max(1);
        let observe = self.observe;
        self.cores
            .iter_mut()
            .zip(self.obs.chunks_mut(obs_len))
            .zip(self.mask.chunks_mut(n_actions.max(1)))
            .zip(self.set.iter_mut())
            .zip(self.rewards.chunks_mut(players))
            .zip(self.to_act.iter_mut())
            .zip(self.last_seat.iter_mut())
            .zip(self.terminated.iter_mut())
            .zip(self.truncated.iter_mut())
            .zip(self.actions.iter())
            .zip(self.episodes.iter_mut())
            .zip(self.lengths.iter_mut())
            .map(
                move |(
                    (
                        (
                            ((((((((core, obs), mask), set), rewards), to_act), last_seat), terminated), truncated),
                            action,
                        ),
                        episode,
                    ),
                    length,
                )| Lane {
                    core,
                    obs,
                    mask,
                    set,
                    rewards,
                    to_act,
                    last_seat,
                    terminated,
                    truncated,
                    action: *action,
                    observe,
                    episode,
                    length,
                },
            )
    }

    fn parallel(&mut self, f: impl Fn(usize, &mut Lane<'_, G>, &mut Scratch<G>) + Sync) {
        let threads = self.threads;
        // Out of `self` while the lanes borrow it (an empty Vec: no allocation).
        let mut scratch = std::mem::take(&mut self.scratch);
        if scratch.len() < threads.max(1) {
            scratch.resize_with(threads.max(1), Scratch::default);
        }
        if threads <= 1 || self.cores.len() < 2 {
            // One thread: the lanes straight from the iterator, no vector of
            // them built (and freed) at every step.
            let s = &mut scratch[0];
            for (i, mut l) in self.lanes().enumerate() {
                f(i, &mut l, s);
            }
        } else {
            let mut lanes: Vec<Lane<'_, G>> = self.lanes().collect();
            let per = lanes.len().div_ceil(threads);
            // The first chunk on this thread, the others on spawned ones: one
            // spawn fewer per step, and this thread does not sit idle.
            std::thread::scope(|sc| {
                let mut work = lanes.chunks_mut(per).enumerate().zip(scratch.iter_mut());
                let first = work.next();
                for ((k, chunk), s) in work {
                    let f = &f;
                    sc.spawn(move || {
                        for (j, l) in chunk.iter_mut().enumerate() {
                            f(k * per + j, l, s);
                        }
                    });
                }
                if let Some(((_, chunk), s)) = first {
                    for (j, l) in chunk.iter_mut().enumerate() {
                        f(j, l, s);
                    }
                }
            });
        }
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
    fn buffers(&mut self) -> Vec<Buffer> {
        let n = self.cores.len();
        vec![
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
        ]
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
        Ok(())
    }
    fn state_json(&self, env: usize) -> Option<Value> {
        self.cores.get(env).and_then(|c| serde_json::to_value(c.state()).ok())
    }
    fn picture(&self, env: usize, seat: Seat) -> Option<(&'static str, Value, Value)> {
        let state = self.cores.get(env)?.state();
        if seat.index() >= self.players {
            return None;
        }
        let topology = G::topology(state).unwrap_or(Value::Null);
        let view = serde_json::to_value(G::view(state, engine::Viewer::Seat(seat))).ok()?;
        Some((G::ID, topology, view))
    }
}

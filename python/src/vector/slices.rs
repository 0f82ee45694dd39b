//! The arrays of a batch cut into runs of games, one run per thread, and a
//! run cut into one [`Lane`] per game (split off `mod.rs` to keep each file
//! about one thing).

use super::{Lane, Memo};
use crate::board::BoardSpec;
use crate::core::Core;
use crate::research::Researchable;

/// The arrays of the games `first..first + cores.len()`.
pub(super) struct Slices<'a, G: Researchable> {
    pub(super) first: usize,
    pub(super) obs_len: usize,
    pub(super) n_actions: usize,
    pub(super) players: usize,
    pub(super) observe: bool,
    pub(super) cores: &'a mut [Core<G>],
    pub(super) obs: &'a mut [f32],
    pub(super) memos: &'a mut [Memo],
    pub(super) spec: Option<&'a BoardSpec>,
    pub(super) board: &'a mut [f32],
    pub(super) mask: &'a mut [u8],
    pub(super) set: &'a mut [Vec<u32>],
    pub(super) rewards: &'a mut [f32],
    pub(super) to_act: &'a mut [i32],
    pub(super) last_seat: &'a mut [i32],
    pub(super) terminated: &'a mut [u8],
    pub(super) truncated: &'a mut [u8],
    pub(super) actions: &'a [i64],
    pub(super) episodes: &'a mut [u64],
    pub(super) lengths: &'a mut [u32],
}

impl<G: Researchable> Default for Slices<'_, G> {
    fn default() -> Self {
        Slices {
            first: 0,
            obs_len: 1,
            n_actions: 1,
            players: 1,
            observe: false,
            cores: &mut [],
            obs: &mut [],
            memos: &mut [],
            spec: None,
            board: &mut [],
            mask: &mut [],
            set: &mut [],
            rewards: &mut [],
            to_act: &mut [],
            last_seat: &mut [],
            terminated: &mut [],
            truncated: &mut [],
            actions: &[],
            episodes: &mut [],
            lengths: &mut [],
        }
    }
}

/// `v` split after `k` items of `per` elements each (all of it if shorter).
fn cut<T>(v: &mut [T], k: usize, per: usize) -> (&mut [T], &mut [T]) {
    v.split_at_mut(k.saturating_mul(per).min(v.len()))
}

impl<'a, G: Researchable> Slices<'a, G> {
    /// The first `k` games and the rest.
    pub(super) fn split_at(self, k: usize) -> (Self, Self) {
        let Slices {
            first,
            obs_len,
            n_actions,
            players,
            observe,
            cores,
            obs,
            memos,
            spec,
            board,
            mask,
            set,
            rewards,
            to_act,
            last_seat,
            terminated,
            truncated,
            actions,
            episodes,
            lengths,
        } = self;
        let board_len = spec.map_or(0, BoardSpec::len);
        let (board, board2) = cut(board, k, board_len);
        let k = k.min(cores.len());
        let (cores, cores2) = cores.split_at_mut(k);
        let (obs, obs2) = cut(obs, k, obs_len);
        let (memos, memos2) = cut(memos, k, 1);
        let (mask, mask2) = cut(mask, k, n_actions);
        let (set, set2) = cut(set, k, 1);
        let (rewards, rewards2) = cut(rewards, k, players);
        let (to_act, to_act2) = cut(to_act, k, 1);
        let (last_seat, last_seat2) = cut(last_seat, k, 1);
        let (terminated, terminated2) = cut(terminated, k, 1);
        let (truncated, truncated2) = cut(truncated, k, 1);
        let (actions, actions2) = actions.split_at(k.min(actions.len()));
        let (episodes, episodes2) = cut(episodes, k, 1);
        let (lengths, lengths2) = cut(lengths, k, 1);
        (
            Slices {
                first,
                obs_len,
                n_actions,
                players,
                observe,
                cores,
                obs,
                memos,
                spec,
                board,
                mask,
                set,
                rewards,
                to_act,
                last_seat,
                terminated,
                truncated,
                actions,
                episodes,
                lengths,
            },
            Slices {
                first: first + k,
                obs_len,
                n_actions,
                players,
                observe,
                cores: cores2,
                obs: obs2,
                memos: memos2,
                spec,
                board: board2,
                mask: mask2,
                set: set2,
                rewards: rewards2,
                to_act: to_act2,
                last_seat: last_seat2,
                terminated: terminated2,
                truncated: truncated2,
                actions: actions2,
                episodes: episodes2,
                lengths: lengths2,
            },
        )
    }

    /// One [`Lane`] per game.
    pub(super) fn lanes(self) -> impl Iterator<Item = Lane<'a, G>> {
        let (observe, spec) = (self.observe, self.spec);
        // Without board tensors every game gets an empty row.
        let board_len = spec.map_or(0, BoardSpec::len).max(1);
        let boards = self
            .board
            .chunks_mut(board_len)
            .chain(std::iter::repeat_with(|| -> &mut [f32] { &mut [] }));
        self.cores
            .iter_mut()
            .zip(self.obs.chunks_mut(self.obs_len).zip(self.memos.iter_mut().zip(boards)))
            .zip(self.mask.chunks_mut(self.n_actions))
            .zip(self.set.iter_mut())
            .zip(self.rewards.chunks_mut(self.players))
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
                            (
                                (
                                    ((((((core, (obs, (memo, board))), mask), set), rewards), to_act), last_seat),
                                    terminated,
                                ),
                                truncated,
                            ),
                            action,
                        ),
                        episode,
                    ),
                    length,
                )| Lane {
                    core,
                    obs,
                    memo,
                    board,
                    spec,
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
}

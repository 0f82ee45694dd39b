"""Gymnasium single-agent environments.

``gymnasium.make("spielleiter/Catan-v0", players=4, opponents="greedy")``:
the agent plays ``seat`` (default 0), built-in bots play the others, chance
is drawn from the reset seed. ``action_masks()`` is what sb3-contrib's
MaskablePPO asks for; the mask is also in ``info["action_mask"]``, and
``action_space.sample()`` draws a *legal* action of the current position.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _native
from .game import _count
from .vector import VectorEnv, _opponents

IDS = {
    "spielleiter/Splendor-v0": "splendor",
    "spielleiter/Catan-v0": "catan",
    "spielleiter/CatanJunior-v0": "catan-junior",
}


class MaskedDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws from the legal actions of its env's position."""

    def __init__(self, n: int, legal, seed=None) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask=None, probability=None):  # noqa: D102 (Space.sample)
        if mask is None and probability is None:
            mask = self._legal().astype(np.int8)
            if not mask.any():
                mask = None
        if probability is not None:
            return super().sample(probability=probability)
        return super().sample(mask=mask)


class SpielleiterEnv(gymnasium.Env):
    """One seat of ``game`` against built-in bots.

    ``opponents``: one bot spec for every other seat (``"random"``,
    ``"greedy"``, ``"mcts:playouts=200"``, …) or a list, one per other seat.
    Reward +1 for a win, −1 for a loss, at the end; a game cut off by
    ``max_turns`` is truncated with reward 0.

    ``illegal_action="raise"`` (the default) refuses an action outside the
    mask with :class:`spielleiter.Refused`, changing nothing;
    ``"resample"`` plays a uniformly random legal action instead (seeded by
    the env) and sets ``info["illegal_action"]``. Gymnasium's ``check_env``
    steps an action sampled *before* a reset, which is illegal in the new
    position whenever the positions differ (CATAN's random boards): it passes
    with ``"resample"``.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, game: str = "splendor", players: int = 2, options: Optional[dict] = None,
                 opponents: Union[str, Sequence[str]] = "random", seat: int = 0,
                 max_turns: int = _native.MAX_TURNS, render_mode: Optional[str] = None,
                 illegal_action: str = "raise") -> None:
        if illegal_action not in ("raise", "resample"):
            from ._errors import malformed

            raise malformed("engine.config", f"illegal_action „{illegal_action}“ gibt es nicht (raise, resample).",
                            f"illegal_action '{illegal_action}' does not exist (raise, resample).")
        self.illegal_action = illegal_action
        self._resample = illegal_action == "resample"
        players = _count(players, "players")
        self.seat = _count(seat, "seat")
        self.game = game
        self.options = options
        self.render_mode = render_mode
        self._vec = VectorEnv(game, 1, players, options, 0, 1, _opponents(opponents, players, [self.seat]),
                              [self.seat], autoreset=False, max_turns=max_turns)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self._vec.obs_len,), np.float32)
        self.action_space = MaskedDiscrete(self._vec.num_actions, self.action_masks)
        # The single game's rows of the owned arrays (views, made once: an
        # agent step is a few microseconds, and NumPy indexing is a good part
        # of that).
        self._obs, self._mask = self._vec.obs[0], self._vec.mask[0]
        self._reward = self._vec.rewards[0, self.seat:self.seat + 1]
        self._step1 = self._vec._native.step1

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean array over the action space."""
        return self._mask.copy()

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self._vec.reset(int(self.np_random.integers(0, 2**63 - 1)))
        return self._vec.obs[0].copy(), {"action_mask": self.action_masks()}

    def step(self, action):
        info = {}
        if self._resample:
            a = int(action) if np.ndim(action) == 0 else -1
            mask = self._mask
            if not (0 <= a < mask.size and mask[a]) and mask.any():
                action = int(self.np_random.choice(np.flatnonzero(mask)))
                info["illegal_action"] = True
        try:
            done = self._step1(action)  # an int, or anything with __index__
        except (OverflowError, TypeError, ValueError):
            done = self._step_array(action)
        info["action_mask"] = self._mask.copy()
        reward = float(self._reward[0]) if done else 0.0  # rewards come on the last step only
        return self._obs.copy(), reward, done == 1, done == 2, info

    def _step_array(self, action) -> int:
        """The step of an action NumPy reads but Python's ``__index__`` does not (a one-element array)."""
        v = self._vec
        try:
            v.actions[0] = action
        except (OverflowError, TypeError, ValueError):
            v.actions[0] = -1  # refused below as an index outside the space
        v._native.step()
        return int(v.terminated[0]) | int(v.truncated[0]) << 1

    def state_json(self) -> str:
        """The full state (secrets included), e.g. to continue in :class:`spielleiter.Game`."""
        return self._vec.state_json(0)

    def render(self):
        """``render_mode="ansi"``: the agent's view as text; ``"rgb_array"``: an
        ``uint8[H, W, 3]`` picture of the board as the agent sees it (both
        from the agent's view: no opponent's hidden card)."""
        if self.render_mode in ("ansi", "rgb_array"):
            return self._vec.render(0, self.seat, self.render_mode)
        return None


def register_envs() -> None:
    """Registers the three ids (idempotent); runs on ``import spielleiter.gym``
    and through Gymnasium's plugin entry point."""
    for env_id, game in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="spielleiter.gym:SpielleiterEnv", kwargs={"game": game},
                               disable_env_checker=True, order_enforce=False)


register_envs()

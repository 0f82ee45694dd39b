"""Scale-out on Ray: arenas and self-play spread over a cluster.

:func:`simulate` cuts a run into slices of games, plays each slice in a Ray
task (``spielleiter.simulate`` with ``first=``), and adds the totals up: game
``k`` is seeded ``seed + k`` wherever it runs, so the totals equal those of
one local run. :class:`RLlibMultiAgentEnv` is a multi-agent env in RLlib's
``MultiAgentEnv`` interface (turn-based: only the agent to act appears in an
observation dict).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import ray

from . import _native
from ._research import MAX_STEPS, OBS_LOW, env_options, obs_high, players_of
from .game import Game
from .sim import add_totals
from .sim import simulate as _simulate_local


@ray.remote
def _slice(game, bots, games, seed, options, first, max_turns):
    return _simulate_local(game, bots, games, seed, options, first, max_turns)


def simulate(game: str, bots: Sequence[str], games: int, seed: int = 0, options: Optional[dict] = None,
             chunk: int = 64, max_turns: int = _native.MAX_TURNS) -> dict:
    """Like :func:`spielleiter.simulate` over the games ``0 .. games``, in Ray tasks of ``chunk`` games."""
    if not ray.is_initialized():
        ray.init()
    chunk = max(1, int(chunk))
    refs = [_slice.remote(game, list(bots), min(chunk, games - first), seed, options, first, max_turns)
            for first in range(0, int(games), chunk)]
    return add_totals(ray.get(refs))


try:  # RLlib is optional (`pip install "./python[rllib]"`); without it the class refuses to be made.
    from ray.rllib.env.multi_agent_env import MultiAgentEnv as _Base

    _RLLIB_ERROR: Optional[str] = None
except Exception as e:  # noqa: BLE001 (RLlib raises more than ImportError when its deps are missing)
    _Base = object  # type: ignore[misc,assignment]
    _RLLIB_ERROR = f"{type(e).__name__}: {e}"


class RLlibMultiAgentEnv(_Base):  # type: ignore[misc,valid-type]
    """Self-play for RLlib: agents ``player_i``; ``config`` holds ``game``, ``players`` (4 for CATAN,
    2 otherwise), ``options`` (CATAN's house rule of no domestic offers filled in, as in the other
    envs), ``seed``, ``max_steps``.

    Observations are dicts ``{"observation", "action_mask"}`` for the agent to
    act; rewards +1/−1 per agent at the end; ``"__all__"`` in the done dicts.
    An action that is not legal now (RLlib's env check samples unmasked ones)
    is replaced by a uniformly random legal one from the env's seeded
    generator, as the Gymnasium env's default ``illegal_action="resample"``
    does; ``config["illegal_action"] = "raise"`` refuses it instead.
    """

    def __init__(self, config: Optional[dict] = None) -> None:
        if _RLLIB_ERROR is not None:
            raise ImportError('RLlib is not installed: pip install "spielleiter[rllib]" (ray[rllib]); '
                              + _RLLIB_ERROR)
        super().__init__()
        from gymnasium import spaces

        config = dict(config or {})
        self.game_id = config.get("game", "splendor")
        self.n = int(players_of(self.game_id, config.get("players")))
        self.options = env_options(self.game_id, config.get("options"))
        self.seed = int(config.get("seed", 0))
        self.max_steps = int(config.get("max_steps", MAX_STEPS))
        self.illegal_action = config.get("illegal_action", "resample")
        self._rng = np.random.default_rng(self.seed)
        self.game = Game(self.game_id, self.n, self.seed, self.options)
        self._steps = 0
        self.agents = self.possible_agents = [f"player_{i}" for i in range(self.n)]
        n_obs, n_act = self.game.observation_shape[0], self.game.num_distinct_actions
        space = spaces.Dict({"observation": spaces.Box(OBS_LOW, obs_high(_native.MAX_TURNS), (n_obs,), np.float32),
                             "action_mask": spaces.Box(0, 1, (n_act,), np.int8)})
        self.observation_spaces = {a: space for a in self.agents}
        self.action_spaces = {a: spaces.Discrete(n_act) for a in self.agents}
        self.observation_space = space
        self.action_space = spaces.Discrete(n_act)

    def _obs(self) -> dict:
        seats = self.game.seats_to_act()
        if not seats:
            return {}
        s = seats[0]
        return {f"player_{s}": {"observation": self.game.observation(s),
                                "action_mask": self.game.legal_mask(s).astype(np.int8)}}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self.seed = int(seed)
            self._rng = np.random.default_rng(self.seed)
        self.game = Game(self.game_id, self.n, self.seed, self.options)
        self.seed += 1
        self._steps = 0
        return self._obs(), {}

    def step(self, action_dict: dict):
        for agent, action in action_dict.items():
            seat = int(agent.rsplit("_", 1)[1])
            if seat not in self.game.seats_to_act():
                continue  # only the agent in the last observation acts
            a = int(action)
            if self.illegal_action == "resample":
                legal = self.game.legal_indices(seat)
                if a not in legal and legal:
                    a = int(self._rng.choice(legal))
            self.game.step(seat, a)
            self._steps += 1
        over = self.game.is_over()
        cut = not over and self._steps >= self.max_steps
        rewards = {a: 0.0 for a in action_dict}
        if over:
            winners = set((self.game.result() or {}).get("winners", []))
            rewards = {f"player_{s}": (1.0 if s in winners else -1.0) for s in range(self.n)}
        obs = self._obs()
        if over or cut:
            obs = {f"player_{s}": {"observation": self.game.observation(s),
                                   "action_mask": np.zeros(self.game.num_distinct_actions, np.int8)}
                   for s in range(self.n)}
        terminated = {a: over for a in self.agents}
        terminated["__all__"] = over
        truncated = {a: cut for a in self.agents}
        truncated["__all__"] = cut
        return obs, rewards, terminated, truncated, {}

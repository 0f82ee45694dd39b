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
from ._errors import malformed
from ._research import (MAX_STEPS, PICKLE_VERSION, check_observation, check_pickle, env_options, observation_space,
                        players_of)
from .game import _count
from .vector import VectorEnv, _opponents

IDS = {
    "spielleiter/Splendor-v0": "splendor",
    "spielleiter/Catan-v0": "catan",
    "spielleiter/CatanJunior-v0": "catan-junior",
}


class MaskedDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws from the legal actions of its env's position.

    Pickles as a plain ``Discrete(n)`` sampler (the env it reads the mask of
    stays behind): SB3's ``model.save`` and Gymnasium's async vector env
    pickle spaces, never envs.
    """

    def __init__(self, n: int, legal=None, seed=None) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask=None, probability=None):  # noqa: D102 (Space.sample)
        if mask is None and probability is None and self._legal is not None:
            mask = self._legal().astype(np.int8)
            if not mask.any():
                mask = None
        if probability is not None:
            return super().sample(probability=probability)
        return super().sample(mask=mask)

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_legal"] = None
        return state

    def __eq__(self, other) -> bool:
        return isinstance(other, spaces.Discrete) and self.n == other.n and self.start == other.start

    __hash__ = spaces.Discrete.__hash__


REWARDS = ("win", "points")


class SpielleiterEnv(gymnasium.Env):
    """One seat of ``game`` against built-in bots.

    ``opponents``: one bot spec for every other seat (``"random"``,
    ``"greedy"``, ``"mcts:playouts=200"``, …) or a list, one per other seat.
    ``players`` defaults to 4 for CATAN and 2 otherwise.

    Reward (``reward="win"``, the default): +1 for a win, −1 for a loss, at
    the end. ``reward=fn`` calls ``fn(game, seat)`` after each of the agent's
    steps with a :class:`spielleiter.Game` of the position (hidden cards
    included) and the agent's seat, and pays what it returns (a finite
    number; anything else, or an exception, is refused with
    ``engine.reward`` and the step undone). ``reward="points"`` (CATAN and Splendor) gives the change of the
    agent's own victory points, divided by the points to win, on every step,
    and +1 for a win at the end; a loss ends with 0, not −1. An episode's
    return is the share of the goal reached, plus 1 for a win, so it is never
    negative: with a −1 for a loss, a discounted learner that expects to lose
    is paid for putting the end off (a −1 a hundred steps away weighs 0.37),
    and it learns to stall with moves that change nothing (e.g. composing
    trade offers) instead of building (docs/python.md, "An agent learns").

    Episodes are bounded (docs/python.md, "Bounded episodes"): CATAN plays
    the house rule ``catan.house.trade_offers_per_turn`` at
    ``TRADE_OFFERS_PER_TURN`` unless ``options`` say otherwise, and an episode
    is truncated (reward 0) after ``max_turns`` turns or ``max_steps`` of the
    agent's decisions, whichever comes first.

    ``illegal_action="resample"`` (the default) plays a uniformly random legal
    action (seeded by the env) in place of an index of the space that is not
    legal now, and sets ``info["illegal_action"]``. That is the default
    because Gymnasium's ``check_env`` steps an action sampled *before* a
    reset, which is illegal in the new position whenever positions differ
    (CATAN's random boards); a masked learner never sends one.
    ``"raise"`` refuses it with :class:`spielleiter.Refused`
    (``engine.illegal_action_index``), changing nothing. An index outside the
    space, or something that is no index, is always refused
    (``engine.action_index``).

    ``observation="flat"`` (the default) observes the flat vector of
    ``Game.observation`` in a ``Box`` whose per-element bounds come from the
    rules (``Game.observation_bounds``); ``"board"`` the board tensor
    ``float32[channels, height, width]`` of ``Game.board_tensor`` in a ``Box``
    in [0, 1], for convolutional networks; ``"mixed"`` a ``Dict`` of both,
    ``{"observation": flat, "board": planes}`` (docs/python.md, "Board
    tensor"). Splendor has no board and refuses the last two
    (``engine.no_board``).

    Pickling and ``copy.deepcopy`` keep the position: the env is rebuilt from
    its arguments, reset with the episode's seed and replays the episode's
    actions (the log).
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, game: str = "splendor", players: Optional[int] = None, options: Optional[dict] = None,
                 opponents: Union[str, Sequence[str]] = "random", seat: int = 0,
                 max_turns: int = _native.MAX_TURNS, render_mode: Optional[str] = None,
                 illegal_action: str = "resample", max_steps: int = MAX_STEPS, reward: str = "win",
                 observation: str = "flat") -> None:
        from ._errors import malformed

        if illegal_action not in ("raise", "resample"):
            raise malformed("engine.config", f"illegal_action „{illegal_action}“ gibt es nicht (raise, resample).",
                            f"illegal_action '{illegal_action}' does not exist (raise, resample).")
        if callable(reward):
            pass
        elif reward not in REWARDS or (reward == "points" and game not in ("catan", "splendor")):
            raise malformed("engine.config", f"reward „{reward}“ gibt es für {game} nicht (win; points für catan, splendor).",
                            f"reward '{reward}' does not exist for {game} (win; points for catan, splendor).")
        self._args = dict(game=game, players=players, options=options, opponents=opponents, seat=seat,
                          max_turns=max_turns, render_mode=render_mode, illegal_action=illegal_action,
                          max_steps=max_steps, reward=reward, observation=observation)
        self.illegal_action = illegal_action
        self._resample = illegal_action == "resample"
        players = _count(players_of(game, players), "players")
        self.seat = _count(seat, "seat")
        self.max_steps = _count(max_steps, "max_steps")
        # A callable reward gets the position after each of the agent's steps (see `_custom_reward`).
        self._reward_fn = reward if callable(reward) else None
        self.reward_mode = "callable" if callable(reward) else reward
        self.game = game
        self.options = env_options(game, options)
        self.render_mode = render_mode
        # The name is checked here; a game without a board is refused by the VectorEnv.
        self.observation = check_observation(game, observation, True)
        self._vec = VectorEnv(game, 1, players, self.options, 0, 1, _opponents(opponents, players, [self.seat]),
                              [self.seat], autoreset=False, max_turns=max_turns, board=observation != "flat")
        board_shape = self._vec.board.shape[1:] if observation != "flat" else None
        self.observation_space = observation_space(observation, self._vec.observation_bounds(), board_shape)
        self.action_space = MaskedDiscrete(self._vec.num_actions, self.action_masks)
        # The single game's rows of the owned arrays (views, made once: an
        # agent step is a few microseconds, and NumPy indexing is a good part
        # of that).
        self._obs, self._mask = self._vec.obs[0], self._vec.mask[0]
        self._n_actions = int(self._mask.size)
        self._board = self._vec.board[0] if observation != "flat" else None
        self._reward = self._vec.rewards[0, self.seat:self.seat + 1]
        self._step1 = self._vec._native.step1
        where: "tuple[int, float]" = (_points_index(game, players, self.options) if self.reward_mode == "points"
                                      else (-1, 1.0))
        self._points_at, self._goal = where
        self._episode_seed: Optional[int] = None
        self._actions: list = []
        self._points = 0.0
        self._closed = False

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean array over the action space."""
        return self._mask.copy()

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        self._check_open()
        super().reset(seed=seed)
        self._episode_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._vec.reset(self._episode_seed)
        self._actions = []
        self._points = self._own_points()
        return self._observe(), {"action_mask": self.action_masks()}

    def _observe(self):
        """The observation in the form asked for (copies: the env's arrays change with every step)."""
        if self.observation == "flat":
            return self._obs.copy()
        if self.observation == "board":
            return self._board.copy()
        return {"observation": self._obs.copy(), "board": self._board.copy()}

    def _own_points(self) -> float:
        return float(self._obs[self._points_at]) if self._points_at >= 0 else 0.0

    def _check_open(self) -> None:
        if self._closed:
            from ._errors import malformed

            raise malformed("engine.closed", "Diese Umgebung ist geschlossen (close()).",
                            "This environment is closed (close()).")

    def _index(self, action) -> int:
        """The action as an index of the space, refused (``engine.action_index``) if it is none or outside."""
        if type(action) is int and 0 <= action < self._n_actions:
            return action  # the common case first: a step is a few microseconds, each check counts
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            i: Optional[int] = int(action)
        else:
            i = self._array_index(action)
        n = self._mask.size
        if i is None:
            raise malformed("engine.action_index", f"Ein Aktionsindex ist eine ganze Zahl, nicht {action!r}.",
                            f"An action index is a whole number, not {action!r}.")
        if not 0 <= i < n:
            raise malformed("engine.action_index",
                            f"Der Aktionsindex {i} liegt außerhalb des Aktionsraums (0 bis {n - 1}).",
                            f"Action index {i} is outside the action space (0 to {n - 1}).")
        return i

    @staticmethod
    def _array_index(action) -> Optional[int]:
        """The index in a one-element integer array (what a policy's ``predict`` returns), else ``None``."""
        try:
            a = np.asarray(action)
            ok = a.size == 1 and np.issubdtype(a.dtype, np.integer)
            return int(a.reshape(())) if ok else None
        except (TypeError, ValueError, OverflowError):
            return None

    def step(self, action):
        self._check_open()
        if self._episode_seed is None:
            # Gymnasium's contract: no step before the first reset (it would play a game the
            # caller never seeded).
            raise gymnasium.error.ResetNeeded("Call reset() before step() / Vor step() erst reset() aufrufen.")
        info = {}
        a = self._index(action)
        if self._resample and not self._mask[a] and self._mask.any():
            a = int(self.np_random.choice(np.flatnonzero(self._mask)))
            info["illegal_action"] = True
        before = self._vec.snapshot() if self._reward_fn is not None else None
        done = self._step1(a)
        if before is not None:
            try:
                custom = self._custom_reward()
            except BaseException:
                self._vec.restore(before)  # a refused reward changes nothing: the step is undone
                raise
        self._actions.append(a)
        info["action_mask"] = self._mask.copy()
        reward = float(self._reward[0]) if done else 0.0  # the result comes on the last step only
        if self._points_at >= 0 and reward < 0:
            reward = 0.0  # "points": a loss ends with 0 (see the class doc)
        if self._points_at >= 0 and not done:
            now = self._own_points()
            reward += (now - self._points) / self._goal
            self._points = now
        if before is not None:
            reward = custom
        truncated = done == 2
        if not done and len(self._actions) >= self.max_steps:
            truncated = True
            info["max_steps"] = True
        return self._observe(), reward, done == 1, truncated, info

    def _custom_reward(self) -> float:
        """The callable reward of the position now: ``reward(game, seat)`` with a
        :class:`spielleiter.Game` loaded from this env's state (hidden cards included, so that a
        reward may score what the agent cannot see, as a win does). Refused with
        ``engine.reward`` if the callable raises or returns anything but a finite number."""
        import math
        import numbers

        from ._errors import malformed
        from .game import Game

        game = Game.load(self.game, self.state_json(), self.options)
        try:
            value = self._reward_fn(game, self.seat)
        except Exception as e:
            raise malformed("engine.reward", f"Die Belohnungsfunktion ist gescheitert: {e!r}",
                            f"The reward function failed: {e!r}") from e
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(float(value)):
            raise malformed("engine.reward",
                            f"Die Belohnungsfunktion gab {value!r} zurück, keine endliche Zahl.",
                            f"The reward function returned {value!r}, not a finite number.")
        return float(value)

    def state_json(self) -> str:
        """The full state (secrets included), e.g. to continue in :class:`spielleiter.Game`."""
        return self._vec.state_json(0) or "null"

    def render(self):
        """``render_mode="ansi"``: the agent's view as text; ``"rgb_array"``: an
        ``uint8[H, W, 3]`` picture of the board as the agent sees it (both
        from the agent's view: no opponent's hidden card)."""
        if self.render_mode in ("ansi", "rgb_array"):
            return self._vec.render(0, self.seat, self.render_mode)
        return None

    def close(self) -> None:
        self._closed = True

    def __getstate__(self):
        return {"pickle_version": PICKLE_VERSION, "args": self._args, "episode_seed": self._episode_seed,
                "actions": list(self._actions), "np_random": None if self._np_random is None
                else self._np_random.bit_generator.state, "closed": self._closed}

    def __setstate__(self, state) -> None:
        state = check_pickle(state, "SpielleiterEnv")
        SpielleiterEnv.__init__(self, **state["args"])
        if state["np_random"] is not None:
            rng = np.random.Generator(np.random.PCG64())
            rng.bit_generator.state = state["np_random"]
            self._np_random = rng
        if state["episode_seed"] is not None:
            self._episode_seed = int(state["episode_seed"])
            self._vec.reset(self._episode_seed)
            self._points = self._own_points()
            for a in state["actions"]:
                self._step1(int(a))
                self._points = self._own_points()
            self._actions = [int(a) for a in state["actions"]]
        self._closed = bool(state["closed"])


def _points_index(game: str, players: int, options: Optional[dict]) -> "tuple[int, float]":
    """Where the agent's own victory points stand in its observation, and the points to win."""
    from .game import Game

    g = Game(game, players, 0, options)
    layout = dict(g.observation_layout())
    if game == "catan":
        # "player +0: hand known, hand (5), development cards (5), bought this turn (5), victory point cards, points"
        start = next(o for name, o in layout.items() if name.startswith("player +0: hand known"))
        return start + 17, float(g.view(None).get("victory_points", 10) or 10)
    start = next(o for name, o in layout.items() if name.startswith("player +0: tokens"))
    return start + 11, 15.0


def register_envs() -> None:
    """Registers the three ids (idempotent); runs on ``import spielleiter.gym``
    and through Gymnasium's plugin entry point."""
    for env_id, game in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="spielleiter.gym:SpielleiterEnv", kwargs={"game": game},
                               disable_env_checker=True, order_enforce=False)


register_envs()

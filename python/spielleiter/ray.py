"""Scale-out on Ray: arenas and self-play spread over a cluster.

:func:`simulate` cuts a run into slices of games, plays each slice in a Ray
task (``spielleiter.simulate`` with ``first=``), and adds the totals up: game
``k`` is seeded ``seed + k`` wherever it runs, so the totals equal those of
one local run. :class:`RLlibMultiAgentEnv` is a multi-agent env in RLlib's
``MultiAgentEnv`` interface (turn-based: only the agent to act appears in an
observation dict) for self-play; :class:`RLlibSingleAgentEnv` is one seat
against built-in bots (the Gymnasium env) for RLlib's single-agent stack.

Both give observations ``{"observations", "action_mask"}``, the keys that
RLlib's action-masking RLModule for PPO
(``ray.rllib.examples.rl_modules.classes.action_masking_rlm.ActionMaskingTorchRLModule``)
reads, so :func:`ppo_config` (or a plain ``PPOConfig`` with that module)
trains on every game without a wrapper. A plain ``PPOConfig`` without the
masking module cannot work: RLlib has no default encoder for a ``Dict``
observation space, and an unmasked policy would play illegal actions.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

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


#: The observation's key in the dicts of the RLlib envs: what RLlib's action-masking module reads.
OBS_KEY = "observations"


try:  # RLlib is optional (`pip install "./python[rllib]"`); without it the class refuses to be made.
    import gymnasium as _gymnasium
    from ray.rllib.env.multi_agent_env import MultiAgentEnv as _Base

    _GymBase = _gymnasium.Env
    _RLLIB_ERROR: Optional[str] = None
except Exception as e:  # noqa: BLE001 (RLlib raises more than ImportError when its deps are missing)
    _Base = object  # type: ignore[misc,assignment]
    _GymBase = object  # type: ignore[misc,assignment]
    _RLLIB_ERROR = f"{type(e).__name__}: {e}"


class RLlibMultiAgentEnv(_Base):  # type: ignore[misc,valid-type]
    """Self-play for RLlib: agents ``player_i``; ``config`` holds ``game``, ``players`` (4 for CATAN,
    2 otherwise), ``options`` (CATAN's house rule of no domestic offers filled in, as in the other
    envs), ``seed``, ``max_steps``, ``obs_key``.

    Observations are dicts ``{"observations", "action_mask"}`` for the agent to
    act (``observations`` float32, ``action_mask`` int8 0/1 over the dense
    action space): the keys RLlib's action-masking PPO module reads. Until
    2026-12-07 the first key was ``"observation"`` (PettingZoo's name), which
    no RLlib module reads; ``config["obs_key"] = "observation"`` still gives
    that form. Rewards +1/−1 per agent at the end; ``"__all__"`` in the done dicts.
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
        self.obs_key = str(config.get("obs_key", OBS_KEY))
        self._rng = np.random.default_rng(self.seed)
        self.game = Game(self.game_id, self.n, self.seed, self.options)
        self._steps = 0
        self.agents = self.possible_agents = [f"player_{i}" for i in range(self.n)]
        n_obs, n_act = self.game.observation_shape[0], self.game.num_distinct_actions
        space = spaces.Dict({self.obs_key: spaces.Box(OBS_LOW, obs_high(_native.MAX_TURNS), (n_obs,), np.float32),
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
        return {f"player_{s}": {self.obs_key: self.game.observation(s),
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
            obs = {f"player_{s}": {self.obs_key: self.game.observation(s),
                                   "action_mask": np.zeros(self.game.num_distinct_actions, np.int8)}
                   for s in range(self.n)}
        terminated = {a: over for a in self.agents}
        terminated["__all__"] = over
        truncated = {a: cut for a in self.agents}
        truncated["__all__"] = cut
        return obs, rewards, terminated, truncated, {}


#: The policy id every seat maps to in self-play (one shared module: the observation is the acting
#: seat's own view, viewer first, so one network can play every seat).
SHARED_POLICY = "shared"


def _require_rllib() -> None:
    if _RLLIB_ERROR is not None:
        raise ImportError('RLlib is not installed: pip install "spielleiter[rllib]" (ray[rllib]); ' + _RLLIB_ERROR)


class RLlibSingleAgentEnv(_GymBase):  # type: ignore[misc,valid-type]
    """One seat against built-in bots for RLlib's single-agent stack: the Gymnasium env
    (:class:`spielleiter.gym.SpielleiterEnv`) with observations ``{"observations", "action_mask"}``.

    ``config`` holds the Gymnasium env's arguments (``game``, ``players``, ``options``,
    ``opponents`` — ``"random"`` by default —, ``seat``, ``max_turns``, ``max_steps``, ``reward``,
    ``illegal_action``); keys RLlib adds to an ``EnvContext`` are not passed on. Training one seat
    against fixed bots is the simplest setup in which a learner measurably improves against those
    bots (docs/python.md, "RLlib"). The mask also stays out of ``info``: RLlib keeps every info
    dict of an episode, and Splendor's mask has 19,960 entries.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"]}

    _KEYS = ("game", "players", "options", "opponents", "seat", "max_turns", "max_steps", "reward",
             "illegal_action", "render_mode")

    def __init__(self, config: Optional[dict] = None) -> None:
        _require_rllib()
        from gymnasium import spaces

        from .gym import SpielleiterEnv

        config = dict(config or {})
        self.env = SpielleiterEnv(**{k: config[k] for k in self._KEYS if k in config})
        n_act = int(self.env.action_space.n)
        self.observation_space = spaces.Dict({OBS_KEY: self.env.observation_space,
                                              "action_mask": spaces.Box(0, 1, (n_act,), np.int8)})
        # A plain Discrete: the Gymnasium env's MaskedDiscrete samples legal actions only, which
        # RLlib does not need (the module masks) and would have to pickle with the env.
        self.action_space = spaces.Discrete(n_act)
        self.render_mode = self.env.render_mode

    def _wrap(self, obs: np.ndarray, info: dict):
        info.pop("action_mask", None)
        return {OBS_KEY: obs, "action_mask": self.env.action_masks().view(np.int8)}, info

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)  # Gymnasium's contract (its checker looks); the inner env draws the games
        obs, info = self.env.reset(seed=seed, options=options)
        return self._wrap(obs, info)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(int(action))
        obs, info = self._wrap(obs, info)
        return obs, reward, terminated, truncated, info

    def render(self):
        return self.env.render()

    def close(self) -> None:
        self.env.close()


def masking_module_spec(hidden: Sequence[int] = (64, 64), **model_config: Any):
    """RLlib's action-masking PPO module (``ActionMaskingTorchRLModule``, shipped with RLlib's
    examples) as an ``RLModuleSpec``: it reads ``obs["action_mask"]`` and feeds
    ``obs["observations"]`` to the default PPO networks (``hidden`` layers, ReLU). Needs torch."""
    _require_rllib()
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    cfg = {"fcnet_hiddens": list(hidden), "fcnet_activation": "relu", "head_fcnet_hiddens": [],
           "vf_share_layers": False}
    cfg.update(model_config)
    return RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config=cfg)


#: PPO's training settings that :func:`ppo_config` uses (RLlib's defaults are lr 5e-5, 30 epochs
#: of minibatches of 128 over 4,000 steps: about 940 gradient steps through Splendor's
#: 19,960-way head per iteration, which took 93 s for a user and learns slowly).
PPO_TRAINING = dict(lr=1e-3, gamma=0.995, lambda_=0.95, train_batch_size_per_learner=2048, minibatch_size=256,
                    num_epochs=4, entropy_coeff=0.0, vf_loss_coeff=0.5, clip_param=0.2, use_kl_loss=False,
                    grad_clip=0.5)


def ppo_config(game: str = "splendor", options: Optional[dict] = None, opponents: Optional[Union[str, Sequence[str]]]
               = "random", players: Optional[int] = None, env_config: Optional[dict] = None,
               hidden: Sequence[int] = (64, 64), num_env_runners: int = 0, envs_per_env_runner: int = 8,
               seed: Optional[int] = None, **training: Any):
    """A ``PPOConfig`` (RLlib's new API stack) with action masking that trains on ``game``.

    ``opponents`` (a bot spec or a list, e.g. ``"random"``): one seat (``seat``, default 0)
    learns against those bots in :class:`RLlibSingleAgentEnv`. ``opponents=None``: self-play in
    :class:`RLlibMultiAgentEnv`, every seat mapped to one shared module (``SHARED_POLICY``).
    ``env_config`` adds env arguments (``max_turns``, ``reward``, ``max_steps``, …);
    ``training`` overrides :data:`PPO_TRAINING`. The result is a plain ``PPOConfig``: change
    anything with its methods, then ``.build_algo()``.
    """
    _require_rllib()
    from ray.rllib.algorithms.ppo import PPOConfig

    env_config = dict(env_config or {})
    env_config.update(game=game, options=options)
    if players is not None:
        env_config["players"] = players
    config = PPOConfig()
    spec = masking_module_spec(hidden)
    if opponents is None:
        from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec

        config = (config.environment(RLlibMultiAgentEnv, env_config=env_config)
                  .multi_agent(policies={SHARED_POLICY}, policy_mapping_fn=_to_shared)
                  .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={SHARED_POLICY: spec})))
    else:
        env_config["opponents"] = opponents
        config = config.environment(RLlibSingleAgentEnv, env_config=env_config).rl_module(rl_module_spec=spec)
    config = config.env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=envs_per_env_runner)
    config = config.training(**{**PPO_TRAINING, **training})
    if seed is not None:
        config = config.debugging(seed=seed)
    return config


def _to_shared(agent_id, episode, **kwargs) -> str:
    """Every seat plays the one shared module (a module-level function: RLlib pickles it)."""
    return SHARED_POLICY


def module_of(algo, policy: Optional[str] = None):
    """The trained module of a built PPO ``algo``: ``policy`` if given, else the shared self-play
    module where there is one, else RLlib's default single-agent module."""
    if policy is not None:
        return algo.get_module(policy)
    module = algo.get_module(SHARED_POLICY)
    return module if module is not None else algo.get_module()


def act(module, obs: dict, greedy: bool = True) -> int:
    """One action of an action-masking ``module`` for one observation ``{"observations",
    "action_mask"}``: the most likely legal action (``greedy``) or one sampled from the masked
    distribution. For evaluation outside RLlib (:func:`win_rate`)."""
    import torch

    batch = {"obs": {OBS_KEY: torch.as_tensor(obs[OBS_KEY], dtype=torch.float32)[None],
                     "action_mask": torch.as_tensor(np.asarray(obs["action_mask"], dtype=np.float32))[None]}}
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"][0]
    if greedy:
        return int(torch.argmax(logits))
    return int(torch.distributions.Categorical(logits=logits).sample())


def win_rate(module, game: str = "splendor", games: int = 100, opponents: Union[str, Sequence[str]] = "random",
             seed: int = 1_000_000, greedy: bool = True, **env_config: Any) -> dict:
    """Plays ``games`` games of ``module`` on seat 0 (``seat`` in ``env_config``) against
    ``opponents`` in :class:`RLlibSingleAgentEnv`, game ``k`` seeded ``seed + k``; returns
    ``wins``, ``games``, ``rate`` and ``decisions`` (the module's, per game). A self-play module
    plays there too: its observation is its seat's own view."""
    # The win reward whatever was trained on: "points" pays on the way, so a positive last step is no win.
    env = RLlibSingleAgentEnv({**env_config, "game": game, "opponents": opponents, "reward": "win"})
    wins = decisions = 0
    for k in range(int(games)):
        obs, _ = env.reset(seed=seed + k)
        done, reward = False, 0.0
        while not done:
            obs, reward, term, trunc, _ = env.step(act(module, obs, greedy))
            decisions += 1
            done = term or trunc
        wins += reward > 0
    env.close()
    n = max(1, int(games))
    return {"wins": wins, "games": int(games), "rate": wins / n, "decisions": decisions / n}

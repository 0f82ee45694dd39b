"""PettingZoo AEC environments for self-play: every seat an agent.

``spielleiter.pettingzoo.env("catan", players=4)``. Observations are dicts
``{"observation": float32 tensor of the agent's view, "action_mask": int8}``.
Chance is drawn inside from the reset seed, or, with ``chance_agent=True``,
played by an extra agent ``"chance"`` whose action is an index into
``infos["chance"]["outcomes"]`` (probabilities in ``infos["chance"]["p"]``).
"""

from __future__ import annotations

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _native
from ._research import MAX_STEPS, OBS_LOW, PICKLE_VERSION, check_pickle, env_options, obs_high, players_of
from .game import Game

#: Size of the chance agent's action space (no game has more outcomes at once).
CHANCE_ACTIONS = 256


class SpielleiterAEC(AECEnv):
    """Agents ``player_0 … player_{n-1}`` (and ``chance`` on request), acting in the game's order.

    When several seats may act at once (discards after a 7, replies to an
    offer) the lowest seat is selected first. Rewards at the end: +1 for each
    winner, −1 for the others; a game cut off by ``max_turns`` turns or
    ``max_steps`` decisions (every agent's) is truncated. CATAN plays the
    house rule ``catan.house.trade_offers_per_turn`` as the Gymnasium env does
    (docs/python.md, "Bounded episodes"). ``players`` defaults to 4 for CATAN
    and 2 otherwise.

    Pickling and ``copy.deepcopy`` keep the position (the game's log).
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4, "name": "spielleiter_v0", "is_parallelizable": False}

    def __init__(self, game: str = "splendor", players: Optional[int] = None, options: Optional[dict] = None,
                 chance_agent: bool = False, max_turns: int = _native.MAX_TURNS, render_mode: Optional[str] = None,
                 seed: int = 0, max_steps: int = MAX_STEPS) -> None:
        super().__init__()
        players = players_of(game, players)
        self._args = dict(game=game, players=players, options=options, chance_agent=chance_agent,
                          max_turns=max_turns, render_mode=render_mode, seed=seed, max_steps=max_steps)
        self.game_id = game
        self.n = players
        self.options_ = env_options(game, options)
        self.max_steps = max_steps
        self.chance_agent = chance_agent
        self.max_turns = max_turns
        self.render_mode = render_mode
        self._seed = seed
        self.game = Game(game, players, seed, self.options_, "manual" if chance_agent else "seeded")
        self.possible_agents = [f"player_{i}" for i in range(players)] + (["chance"] if chance_agent else [])
        n_actions = self.game.num_distinct_actions
        n_obs = self.game.observation_shape[0]
        self._spaces: dict = {}
        for a in self.possible_agents:
            k = CHANCE_ACTIONS if a == "chance" else n_actions
            self._spaces[a] = (spaces.Dict({"observation": spaces.Box(OBS_LOW, obs_high(max_turns), (n_obs,), np.float32),
                                            "action_mask": spaces.Box(0, 1, (k,), np.int8)}), spaces.Discrete(k))

    def observation_space(self, agent):
        return self._spaces[agent][0]

    def action_space(self, agent):
        return self._spaces[agent][1]

    def _seat(self, agent: str) -> Optional[int]:
        return None if agent == "chance" else int(agent.rsplit("_", 1)[1])

    def observe(self, agent):
        seat = self._seat(agent)
        if seat is None:
            mask = np.zeros(CHANCE_ACTIONS, np.int8)
            mask[:min(len(self.game.chance_outcomes()), CHANCE_ACTIONS)] = 1
        else:
            mask = self.game.legal_mask(seat).astype(np.int8)
        return {"observation": self.game.observation(seat), "action_mask": mask}

    def _select(self) -> None:
        kind = self.game.to_act()
        if kind["kind"] == "seats":
            self.agent_selection = f"player_{kind['seats'][0]}"
        elif kind["kind"] == "chance":
            self.agent_selection = "chance"
            outcomes = self.game.chance_outcomes()
            self.infos["chance"] = {"outcomes": [o for o, _ in outcomes], "p": [p for _, p in outcomes]}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._seed = seed
        self.game = Game(self.game_id, self.n, self._seed, self.options_,
                         "manual" if self.chance_agent else "seeded")
        self._seed += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict = {a: {} for a in self.agents}
        self._turns = 0
        self._select()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        if seat is None:
            outcomes = self.game.chance_outcomes()
            self.game.apply_chance(outcomes[int(action)][0])
        else:
            self.game.step(seat, int(action))
        self._turns += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        result = self.game.result()
        if self.game.is_over():
            winners = set(result["winners"]) if result else set()
            for a in self.agents:
                s = self._seat(a)
                self.rewards[a] = 0.0 if s is None else (1.0 if s in winners else -1.0)
                self.terminations[a] = True
        elif self._turns >= min(self.max_steps, self.max_turns * 100):
            for a in self.agents:
                self.truncations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self):
        """``"ansi"``: the view of the agent to act as text; ``"rgb_array"``:
        an ``uint8[H, W, 3]`` picture of the board from that view (seat 0's
        when chance or nobody acts)."""
        if self.render_mode in ("ansi", "rgb_array"):
            seat = self._seat(self.agent_selection) if self.agents else None
            return self.game.render(seat if seat is not None else 0, self.render_mode)
        return None

    def close(self) -> None:
        pass

    def __getstate__(self) -> dict:
        state = {k: v for k, v in self.__dict__.items() if k != "_spaces"}
        state["pickle_version"] = PICKLE_VERSION
        return state

    def __setstate__(self, state: dict) -> None:
        state = dict(check_pickle(state, "SpielleiterAEC"))
        del state["pickle_version"]
        args = state["_args"]
        SpielleiterAEC.__init__(self, **args)
        self.__dict__.update(state)


def env(game: str = "splendor", players: Optional[int] = None, **kwargs) -> SpielleiterAEC:
    """A PettingZoo AEC env of ``game`` (kwargs: ``options``, ``chance_agent``, ``max_turns``, ``max_steps``, ``seed``)."""
    return SpielleiterAEC(game, players, **kwargs)

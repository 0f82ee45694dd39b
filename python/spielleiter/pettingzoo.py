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
from pettingzoo import AECEnv, ParallelEnv

from . import _native
from ._research import (MAX_STEPS, PICKLE_VERSION, check_observation, check_pickle, env_options, observation_space,
                        players_of)
from .game import Game

#: Size of the chance agent's action space (no game has more outcomes at once).
CHANCE_ACTIONS = 256


def _turn_cap(max_turns: int, max_steps: int) -> int:
    """The largest turn counter an episode can show: these envs count decisions (a turn is at
    least one), and truncate after ``min(max_steps, 100 * max_turns)`` of them."""
    return max(1, min(int(max_steps), 100 * int(max_turns)))


def _observation(game: Game, seat: Optional[int], mode: str, mask: np.ndarray) -> dict:
    """One agent's observation dict in the form ``mode`` (``flat``, ``board``, ``mixed``)."""
    out: dict = {}
    if mode != "board":
        out["observation"] = game.observation(seat)
    if mode != "flat":
        out["board"] = game.board_tensor(seat)
    out["action_mask"] = mask
    return out


class SpielleiterAEC(AECEnv):
    """Agents ``player_0 … player_{n-1}`` (and ``chance`` on request), acting in the game's order.

    When several seats may act at once (discards after a 7, replies to an
    offer) the lowest seat is selected first. Rewards at the end: +1 for each
    winner, −1 for the others; a game cut off by ``max_turns`` turns or
    ``max_steps`` decisions (every agent's) is truncated. CATAN plays the
    house rule ``catan.house.trade_offers_per_turn`` as the Gymnasium env does
    (docs/python.md, "Bounded episodes"). ``players`` defaults to 4 for CATAN
    and 2 otherwise.

    ``observation`` selects the ``observation`` entry as in the Gymnasium env: ``"flat"`` (the
    default) the flat vector with per-element bounds, ``"board"`` the board tensor (under
    ``board``), ``"mixed"`` both; the ``action_mask`` is always there.

    Pickling and ``copy.deepcopy`` keep the position (the game's log).
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4, "name": "spielleiter_v0", "is_parallelizable": False}

    def __init__(self, game: str = "splendor", players: Optional[int] = None, options: Optional[dict] = None,
                 chance_agent: bool = False, max_turns: int = _native.MAX_TURNS, render_mode: Optional[str] = None,
                 seed: int = 0, max_steps: int = MAX_STEPS, observation: str = "flat") -> None:
        super().__init__()
        players = players_of(game, players)
        self._args = dict(game=game, players=players, options=options, chance_agent=chance_agent,
                          max_turns=max_turns, render_mode=render_mode, seed=seed, max_steps=max_steps,
                          observation=observation)
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
        self.observation_mode = check_observation(game, observation, self.game.board_shape is not None)
        n_actions = self.game.num_distinct_actions
        bounds = self.game.observation_bounds(_turn_cap(max_turns, max_steps))
        self._spaces: dict = {}
        for a in self.possible_agents:
            k = CHANCE_ACTIONS if a == "chance" else n_actions
            space = observation_space(self.observation_mode, bounds, self.game.board_shape,
                                      {"action_mask": spaces.Box(0, 1, (k,), np.int8)})
            self._spaces[a] = (space, spaces.Discrete(k))

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
        return _observation(self.game, seat, self.observation_mode, mask)

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
    """A PettingZoo AEC env of ``game`` (kwargs: ``options``, ``chance_agent``, ``max_turns``, ``max_steps``, ``seed``, ``observation``)."""
    return SpielleiterAEC(game, players, **kwargs)


class SpielleiterParallel(ParallelEnv):
    """Agents ``player_0 … player_{n-1}`` acting at once where the rules let them.

    Every step takes one action per agent, and plays those of the agents **to act now**: one in
    an ordinary turn, several where the rules are simultaneous (discards after a 7, replies to a
    trade offer, Splendor has none). An agent not to act has an all-zero ``action_mask`` and its
    action is ignored (PettingZoo's own samplers send 0 for an empty mask). The actions of one
    step are checked against the position at the start of the step and played in seat order on a
    copy: an action that is missing or not legal is refused (``engine.action_index``) and nothing
    changes. Chance is drawn inside from the reset seed. Rewards, bounds and house rules as in
    the AEC env; when the game ends every agent is terminated and leaves ``agents``.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4, "name": "spielleiter_parallel_v0"}

    def __init__(self, game: str = "splendor", players: Optional[int] = None, options: Optional[dict] = None,
                 max_turns: int = _native.MAX_TURNS, render_mode: Optional[str] = None, seed: int = 0,
                 max_steps: int = MAX_STEPS, observation: str = "flat") -> None:
        players = players_of(game, players)
        self._args = dict(game=game, players=players, options=options, max_turns=max_turns,
                          render_mode=render_mode, seed=seed, max_steps=max_steps, observation=observation)
        self.game_id = game
        self.n = players
        self.options_ = env_options(game, options)
        self.max_steps = max_steps
        self.max_turns = max_turns
        self.render_mode = render_mode
        self._seed = seed
        self.game = Game(game, players, seed, self.options_, "seeded")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list = []
        self.observation_mode = check_observation(game, observation, self.game.board_shape is not None)
        n_actions = self.game.num_distinct_actions
        bounds = self.game.observation_bounds(_turn_cap(max_turns, max_steps))
        self._spaces = {a: (observation_space(self.observation_mode, bounds, self.game.board_shape,
                                              {"action_mask": spaces.Box(0, 1, (n_actions,), np.int8)}),
                            spaces.Discrete(n_actions)) for a in self.possible_agents}
        self._steps = 0

    def observation_space(self, agent):
        return self._spaces[agent][0]

    def action_space(self, agent):
        return self._spaces[agent][1]

    def _acting(self) -> list:
        kind = self.game.to_act()
        return list(kind["seats"]) if kind["kind"] == "seats" else []

    def _observations(self) -> dict:
        acting = set(self._acting())
        out = {}
        for a in self.agents:
            seat = int(a.rsplit("_", 1)[1])
            mask = (self.game.legal_mask(seat).astype(np.int8) if seat in acting
                    else np.zeros(self.game.num_distinct_actions, np.int8))
            out[a] = _observation(self.game, seat, self.observation_mode, mask)
        return out

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._seed = seed
        self.game = Game(self.game_id, self.n, self._seed, self.options_, "seeded")
        self._seed += 1
        self._steps = 0
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict):
        from ._errors import malformed

        if not self.agents:
            raise malformed("engine.game_over", "Die Partie ist vorbei; erst reset().",
                            "The game is over; call reset() first.")
        acting = self._acting()
        after = self.game.clone()
        for seat in acting:
            agent = f"player_{seat}"
            if agent not in actions:
                raise malformed("engine.action_index", f"{agent} ist am Zug, aber es fehlt seine Aktion.",
                                f"{agent} is to act, but its action is missing.")
            try:
                index = int(actions[agent])
            except (TypeError, ValueError, OverflowError):
                raise malformed("engine.action_index", f"Aktion von {agent} ist kein Index: {actions[agent]!r}.",
                                f"The action of {agent} is not an index: {actions[agent]!r}.") from None
            if not 0 <= index < self.game.num_distinct_actions or not self.game.legal_mask(seat)[index]:
                raise malformed("engine.action_index", f"Aktion {index} von {agent} ist jetzt nicht erlaubt.",
                                f"Action {index} of {agent} is not legal now.")
            if seat not in after.seats_to_act():
                continue  # an earlier seat's action this step ended its turn to act
            # Legal at the start of the step; if another seat's action made it illegal, the
            # refusal leaves `self.game` as it was (the step played on a copy).
            after.step(seat, index)
        self.game = after
        self._steps += 1
        rewards = {a: 0.0 for a in self.agents}
        terminations = {a: False for a in self.agents}
        truncations = {a: False for a in self.agents}
        if self.game.is_over():
            result = self.game.result()
            winners = set(result["winners"]) if result else set()
            for a in self.agents:
                rewards[a] = 1.0 if int(a.rsplit("_", 1)[1]) in winners else -1.0
                terminations[a] = True
        elif self._steps >= min(self.max_steps, self.max_turns * 100):
            truncations = {a: True for a in self.agents}
        observations = self._observations()
        infos = {a: {} for a in self.agents}
        if self.game.is_over() or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self):
        """As the AEC env: the view of the (first) agent to act, as text or a picture."""
        if self.render_mode in ("ansi", "rgb_array"):
            acting = self._acting()
            return self.game.render(acting[0] if acting else 0, self.render_mode)
        return None

    def close(self) -> None:
        pass

    def __getstate__(self) -> dict:
        state = {k: v for k, v in self.__dict__.items() if k != "_spaces"}
        state["pickle_version"] = PICKLE_VERSION
        return state

    def __setstate__(self, state: dict) -> None:
        state = dict(check_pickle(state, "SpielleiterParallel"))
        del state["pickle_version"]
        SpielleiterParallel.__init__(self, **state["_args"])
        self.__dict__.update(state)


def parallel_env(game: str = "splendor", players: Optional[int] = None, **kwargs) -> SpielleiterParallel:
    """A PettingZoo parallel env of ``game`` (kwargs: ``options``, ``max_turns``, ``max_steps``, ``seed``, ``observation``)."""
    return SpielleiterParallel(game, players, **kwargs)

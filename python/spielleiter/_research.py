"""Defaults the research envs share (documented in docs/python.md, "Bounded episodes").

A learner explores every loop the rules allow. CATAN lets a player open a
domestic trade offer and cancel it again without limit within one turn, so an
untrained policy can make a turn last forever (issue 25: 90 % of a PPO
agent's actions). The envs therefore switch on the house rules that bound
every repeatable move that changes nothing: ``catan.house.trade_offers_per_turn``
(domestic offers, every CATAN rule set), ``snh.house.free_squire_steps_per_turn``
(free squire steps across an own road, heroes and squires) and
``junior.house.offers_per_turn`` (offers to other players, Catan Junior's pro
variant), each with a small limit (CATAN's domestic offers: none), and truncate an episode after ``max_steps``
decisions as well as after ``max_turns`` turns. A table at the server keeps
the rulebook (no limit) unless its host sets them.
"""

from __future__ import annotations

from typing import Any, Optional

#: Domestic trade offers a CATAN player may open per turn in the research envs: none.
#: With offers (even two a turn) a policy spends most of its decisions composing them, and
#: MaskablePPO with its defaults learned CATAN on 3 training seeds of 5; without, on 5 of 5
#: (docs/python.md, "An agent learns"). Maritime trades stay; ``{"trade_offers_per_turn": n}``
#: allows n offers, ``None`` the rulebook's unlimited ones.
TRADE_OFFERS_PER_TURN = 0
#: Free squire steps (across an own road) per turn in the research envs (heroes and squires).
FREE_SQUIRE_STEPS_PER_TURN = 4
#: Offers to other players a Catan Junior captain may open per turn in the research envs (pro variant).
JUNIOR_OFFERS_PER_TURN = 2
#: Decisions after which an env truncates an episode (the agent's decisions in
#: the Gymnasium env, every seat's in PettingZoo).
MAX_STEPS = 2000
#: Seats of a game when an env is made without ``players``.
DEFAULT_PLAYERS = {"splendor": 2, "catan": 4, "catan-junior": 2}
#: Version of the pickled form of games and envs; another version is refused.
PICKLE_VERSION = 1

#: The loosest bounds of any observation value (counts are bytes, "none" is −1), for code that
#: wants one number; the envs' spaces use the per-element bounds of
#: ``Game.observation_bounds`` instead (docs/python.md, "Bounds").
OBS_LOW = -1.0
OBS_COUNT_HIGH = 255.0

#: What the envs' ``observation`` option selects: the flat vector, the board tensor, or both.
OBSERVATIONS = ("flat", "board", "mixed")


def obs_high(max_turns: int) -> float:
    """The loosest bound of every observation value: counts are bytes, the turn counter stops at ``max_turns``."""
    return float(max(OBS_COUNT_HIGH, max_turns + 1))


def check_observation(game: str, observation: str, has_board: bool) -> str:
    """``observation`` if it names a form (``flat``, ``board``, ``mixed``) that ``game`` has;
    refused otherwise (``engine.config``; ``engine.no_board`` for a board of Splendor)."""
    from ._errors import malformed

    if observation not in OBSERVATIONS:
        raise malformed("engine.config",
                        f"observation „{observation}“ gibt es nicht (flat, board, mixed).",
                        f"observation '{observation}' does not exist (flat, board, mixed).")
    if observation != "flat" and not has_board:
        raise malformed("engine.no_board",
                        f"{game} hat kein Spielbrett: es gibt keinen Brett-Tensor (nur observation='flat').",
                        f"{game} has no board: there is no board tensor (only observation='flat').")
    return observation


def observation_space(observation: str, bounds: tuple, board_shape: Optional[tuple], extra: Optional[dict] = None):
    """The Gymnasium space of an observation form: a ``Box`` with the per-element ``bounds``
    (``flat``), a ``Box`` in [0, 1] of ``board_shape`` (``board``), or a ``Dict`` of both under
    ``observation`` and ``board`` (``mixed``); ``extra`` spaces (the action mask) join a ``Dict``."""
    import numpy as np
    from gymnasium import spaces

    flat = spaces.Box(bounds[0], bounds[1], dtype=np.float32)
    board = None if board_shape is None else spaces.Box(0.0, 1.0, tuple(board_shape), np.float32)
    parts = {"flat": {"observation": flat}, "board": {"board": board},
             "mixed": {"observation": flat, "board": board}}[observation]
    if extra is None:
        return flat if observation == "flat" else board if observation == "board" else spaces.Dict(parts)
    return spaces.Dict({**parts, **extra})


def players_of(game: str, players: Optional[int]) -> int:
    return DEFAULT_PLAYERS.get(str(game), 2) if players is None else players


def house_rules(game: str, options: dict) -> dict:
    """The research envs' house rules that apply to ``game`` with ``options``: key → limit."""
    game = str(game)
    if game == "catan":
        rules = {"trade_offers_per_turn": TRADE_OFFERS_PER_TURN}
        if options.get("rules") == "cities_knights_heroes":
            rules["free_squire_steps_per_turn"] = FREE_SQUIRE_STEPS_PER_TURN
        return rules
    if game == "catan-junior" and options.get("pro"):
        return {"offers_per_turn": JUNIOR_OFFERS_PER_TURN}
    return {}


def env_options(game: str, options: Optional[dict]) -> Optional[dict]:
    """``options`` with the research envs' house rules filled in where the caller left them out.

    A key set to ``None`` switches its rule off: ``{"trade_offers_per_turn": None}`` plays
    CATAN's rulebook (no limit); the ``None`` stays in the options (the engine reads it as
    "no limit"), so that passing the result on — the Gymnasium env hands it to its
    ``VectorEnv`` — does not switch the rule on again. Options given as a JSON string are
    passed on as they are.
    """
    if isinstance(options, str) or (options is not None and not isinstance(options, dict)):
        return options
    out: dict = dict(options or {})
    for key, limit in house_rules(game, out).items():
        out.setdefault(key, limit)
    if options is None and not out:
        return None
    return out


def check_pickle(state: Any, what: str) -> dict:
    """The pickled dict of ``what``, refused with ``engine.pickle_version`` if another version wrote it."""
    from ._errors import malformed

    version = state.get("pickle_version") if isinstance(state, dict) else None
    if version != PICKLE_VERSION:
        raise malformed("engine.pickle_version",
                        f"{what}: gepickelt mit Version {version!r}, diese Version liest {PICKLE_VERSION}.",
                        f"{what}: pickled by version {version!r}, this version reads {PICKLE_VERSION}.")
    return state


"""spielleiter for researchers.

Splendor, CATAN (base game, Cities & Knights, heroes) and Catan Junior on one
engine contract, with dense action spaces, observation tensors, Gymnasium and
PettingZoo environments, a batched vector environment, Ray scale-out and
Parquet datasets. See ``docs/python.md``.

>>> import spielleiter
>>> g = spielleiter.Game("splendor", players=2, seed=1)
>>> seat = g.to_act()["seats"][0]
>>> g.step(seat, g.legal_actions(seat)[0])
"""

from __future__ import annotations

import importlib

from ._errors import Refused
from ._native import MAX_TURNS
from .game import Game, games, rule_sets
from .sim import record, simulate
from .vector import VectorEnv

__all__ = ["Game", "Refused", "VectorEnv", "games", "record", "rule_sets", "simulate", "MAX_TURNS"]
__version__ = "0.1.0"

_LAZY = ("gym", "pettingzoo", "ray")

try:  # The Gymnasium ids work after `import spielleiter` when Gymnasium is installed.
    import gymnasium as _gymnasium

    for _id, _game in (("spielleiter/Splendor-v0", "splendor"), ("spielleiter/Catan-v0", "catan"),
                       ("spielleiter/CatanJunior-v0", "catan-junior")):
        if _id not in _gymnasium.registry:
            _gymnasium.register(_id, entry_point="spielleiter.gym:SpielleiterEnv", kwargs={"game": _game},
                                disable_env_checker=True, order_enforce=False)
except ImportError:
    pass


def __getattr__(name: str):
    # The adapters import their frameworks; load them on first use only.
    if name in _LAZY:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'spielleiter' has no attribute {name!r}")

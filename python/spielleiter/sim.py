"""Bots playing whole games: totals, and datasets for offline learning."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from . import _native
from ._errors import malformed
from .game import _count, _json, _seed


def _bots(bots: Sequence[str]) -> list:
    if isinstance(bots, str) or not all(isinstance(b, str) for b in bots):
        raise malformed("engine.config", "bots ist eine Liste von Bot-Namen, einer je Platz.",
                        "bots is a list of bot names, one per seat.")
    return list(bots)


def simulate(game: str, bots: Sequence[str], games: int, seed: int = 0, options: Optional[dict] = None,
             first: int = 0, max_turns: int = _native.MAX_TURNS) -> dict:
    """Plays games ``first .. first+games`` of a run: seat ``i`` is ``bots[i]``
    (``random``, ``greedy``, ``mcts:playouts=200``, …), game ``k`` seeded ``seed + k``.

    Returns ``{"games", "wins" (per seat), "capped", "decisions", "turns"}``;
    totals of slices add up to the totals of the whole run.
    """
    g, wins, capped, decisions, turns = _native.simulate(str(game), _json(options), _bots(bots),
                                                         _count(games, "games"), _count(first, "first"),
                                                         _seed(seed), _count(max_turns, "max_turns"))
    return {"games": g, "wins": list(wins), "capped": capped, "decisions": decisions, "turns": turns}


def add_totals(parts: Sequence[dict]) -> dict:
    """The totals of several slices of a run."""
    out = {"games": 0, "wins": None, "capped": 0, "decisions": 0, "turns": 0}
    for p in parts:
        for k in ("games", "capped", "decisions", "turns"):
            out[k] += p[k]
        out["wins"] = list(p["wins"]) if out["wins"] is None else [a + b for a, b in zip(out["wins"], p["wins"])]
    out["wins"] = out["wins"] or []
    return out


def record_table(game: str, bots: Sequence[str], games: int, seed: int = 0, options: Optional[dict] = None,
                 first: int = 0, max_turns: int = _native.MAX_TURNS):
    """The decision rows of self-play games as a ``pyarrow.Table`` (see :func:`record`)."""
    import pyarrow as pa

    cols = _native.record(str(game), _json(options), _bots(bots), _count(games, "games"), _count(first, "first"),
                          _seed(seed), _count(max_turns, "max_turns"))
    n_obs, n_act = cols["obs_len"], cols["num_actions"]
    obs = np.frombuffer(cols["observation"], dtype="<f4")
    mask = np.frombuffer(cols["mask"], dtype=np.uint8).astype(bool)
    return pa.table({
        "game_id": pa.array(cols["game"], pa.uint64()),
        "seed": pa.array(cols["seed"], pa.uint64()),
        "step": pa.array(cols["step"], pa.uint32()),
        "seat": pa.array(cols["seat"], pa.uint8()),
        "observation": pa.FixedSizeListArray.from_arrays(pa.array(obs, pa.float32()), max(n_obs, 1))
        if n_obs else pa.array([[]] * len(cols["seat"]), pa.list_(pa.float32())),
        "mask": pa.FixedSizeListArray.from_arrays(pa.array(mask, pa.bool_()), max(n_act, 1)),
        "action_index": pa.array(cols["action"], pa.int64()),
        "action": pa.array(cols["action_json"], pa.string()),
        "reward": pa.array(cols["reward"], pa.float32()),
    }, metadata={"game": str(game), "bots": ",".join(bots), "options": _json(options), "seed": str(seed)})


def record(game: str, bots: Sequence[str], games: int, path: str, seed: int = 0, options: Optional[dict] = None,
           max_turns: int = _native.MAX_TURNS) -> int:
    """Plays ``games`` games of ``bots`` (one per seat) and writes them to Parquet at ``path``.

    One row per decision: ``game_id``, ``seed``, ``step``, ``seat``,
    ``observation`` (float32 tensor of the deciding seat), ``mask``,
    ``action_index``, ``action`` (JSON), ``reward`` (the seat's result at the
    end: +1 win, −1 loss, 0 cut off). The same seed writes the same rows.
    Returns the number of rows.
    """
    import pyarrow.parquet as pq

    table = record_table(game, bots, games, seed, options, 0, max_turns)
    pq.write_table(table, path)
    return table.num_rows

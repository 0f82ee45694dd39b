"""Uniformly random 4-player games of fastcatan (PyPI, C++ core) on one core.

Two drivers, both with uniformly random legal actions:

* ``batched`` (default): ``BatchedEnv`` with ``step_autoreset``, the package's
  high-throughput path. Legal sets come from ``write_masks`` (bitsets) and one
  random legal action per game is drawn with NumPy. "Engine time" is the time
  spent inside ``write_masks`` + ``step_autoreset`` (the C++ simulator); "wall"
  also counts the NumPy action choice.
* ``env``: the README's loop, ``Env.legal_actions()`` + ``random.choice`` +
  ``Env.step``, one game at a time. "Engine time" is the time inside
  ``legal_actions`` and ``step`` (timer and binding overhead included).

Policies: ``no-domestic`` (default) never opens a domestic trade
(``action.TRADE_OPEN``) unless it is the only legal action, like catanatron's
random player (catanatron 3.2.1 has no domestic trade) and spielleiter's
``RandomPolicy { skip_offers: true }``; ``all`` draws from every legal action.

Run with OMP_NUM_THREADS=1 so that the batched stepping uses one thread.
Prints a human-readable line per measurement on stderr and, with --json, one
JSON object on stdout.
"""

import argparse
import json
import os
import random
import sys
import time

import numpy as np

import fastcatan

TRADE_OPEN = fastcatan.action.TRADE_OPEN
N_ACT = fastcatan.NUM_ACTIONS


def run_batched(seconds, warmup, policy, n_envs, seed):
    games = fastcatan.BatchedEnv(n_envs, seed=seed)
    games.reset()
    masks = np.zeros((n_envs, fastcatan.MASK_WORDS), dtype=np.uint64)
    actions = np.zeros(n_envs, dtype=np.uint32)
    dones = np.zeros(n_envs, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    rows = np.arange(n_envs)

    def one_step():
        t0 = time.perf_counter()
        games.write_masks(masks)
        t1 = time.perf_counter()
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, :N_ACT]
        if policy == "no-domestic":
            counts = bits.sum(axis=1)
            bits[counts > 1, TRADE_OPEN] = 0
        cum = np.cumsum(bits, axis=1, dtype=np.int32)
        counts = cum[:, -1]
        pick = (rng.random(n_envs) * counts).astype(np.int32)  # 0 <= pick < count
        actions[:] = np.argmax(cum > pick[:, None], axis=1)
        t2 = time.perf_counter()
        games.step_autoreset(actions, dones)
        t3 = time.perf_counter()
        return (t1 - t0) + (t3 - t2), int(dones.sum())

    # Warm up until the slots are out of step with each other (every slot has
    # finished about one game), so that the measured window sees games of all
    # ages rather than a cohort that all started together.
    start = time.perf_counter()
    warm_done = 0
    while time.perf_counter() - start < warmup or warm_done < n_envs:
        warm_done += one_step()[1]
    finished = 0
    steps = 0
    engine = 0.0
    start = time.perf_counter()
    while True:
        e, d = one_step()
        engine += e
        finished += d
        steps += n_envs
        wall = time.perf_counter() - start
        if wall >= seconds:
            break
    return {
        "driver": f"batched(n={n_envs})",
        "games": finished,
        "decisions": steps,
        "wall_seconds": wall,
        "engine_seconds": engine,
    }


def run_env(seconds, warmup, policy, seed):
    env = fastcatan.Env()
    rng = random.Random(seed)
    game_seed = seed

    def one_game():
        nonlocal game_seed
        env.reset(seed=game_seed)
        game_seed += 1
        engine = 0.0
        steps = 0
        perf = time.perf_counter
        while not env.done:
            t0 = perf()
            legal = env.legal_actions()
            t1 = perf()
            if policy == "no-domestic" and len(legal) > 1 and TRADE_OPEN in legal:
                legal = [a for a in legal if a != TRADE_OPEN]
            a = legal[rng.randrange(len(legal))]
            t2 = perf()
            env.step(a)
            t3 = perf()
            engine += (t1 - t0) + (t3 - t2)
            steps += 1
        return engine, steps, env.turn_count, env.winner == fastcatan.NO_PLAYER

    start = time.perf_counter()
    while time.perf_counter() - start < warmup:
        one_game()
    games = steps = turns = no_winner = 0
    engine = 0.0
    start = time.perf_counter()
    while True:
        e, s, t, nw = one_game()
        games += 1
        engine += e
        steps += s
        turns += t
        no_winner += nw
        wall = time.perf_counter() - start
        if wall >= seconds:
            break
    return {
        "driver": "env",
        "games": games,
        "decisions": steps,
        "turns_per_game": turns / games,
        "no_winner": no_winner,
        "wall_seconds": wall,
        "engine_seconds": engine,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--warmup", type=float, default=1.0)
    ap.add_argument("--driver", choices=["batched", "env"], default="batched")
    ap.add_argument("--policy", choices=["no-domestic", "all"], default="no-domestic")
    ap.add_argument("--envs", type=int, default=256, help="games stepped together by the batched driver")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()

    if os.environ.get("OMP_NUM_THREADS") != "1":
        print("warning: OMP_NUM_THREADS is not 1; batched stepping may use several threads", file=sys.stderr)

    if a.driver == "batched":
        r = run_batched(a.seconds, a.warmup, a.policy, a.envs, a.seed)
    else:
        r = run_env(a.seconds, a.warmup, a.policy, a.seed)
    g = max(r["games"], 1)
    out = {
        "engine": f"fastcatan {fastcatan.__version__}",
        "players": fastcatan.NUM_PLAYERS,
        "policy": a.policy,
        "driver": r["driver"],
        "games": r["games"],
        "games_per_sec": r["games"] / r["engine_seconds"],
        "games_per_sec_wall": r["games"] / r["wall_seconds"],
        "decisions_per_sec": r["decisions"] / r["engine_seconds"],
        "decisions_per_game": r["decisions"] / g,
        "engine_seconds": r["engine_seconds"],
        "wall_seconds": r["wall_seconds"],
        "snapshot_bytes": fastcatan.SNAPSHOT_BYTES,
        "capped": None,
    }
    for k in ("turns_per_game", "no_winner"):
        if k in r:
            out[k] = r[k]
    print(
        f"fastcatan {fastcatan.__version__} [{r['driver']}, {a.policy}]: "
        f"{out['games_per_sec']:.1f} games/s of engine time, {out['games_per_sec_wall']:.1f} games/s wall, "
        f"{out['decisions_per_game']:.0f} decisions/game, {r['games']} games",
        file=sys.stderr,
    )
    if a.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()

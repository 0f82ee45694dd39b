"""spielleiter's Python environments side by side with fastcatan and catanatron.

Two comparisons, each in one process with one harness for both engines
(uniformly random legal actions chosen in NumPy from the engine's mask; no
domestic trade opened unless it is the only legal action, as catanatron has
none), single-threaded:

* ``vector``: 4-player CATAN, a batch of 512 games, spielleiter's
  ``VectorEnv`` against fastcatan 2.0.0's ``BatchedEnv``, games per second
  (masks only, as the harness reads no observation from either; a third
  row adds spielleiter's observation tensors).
* ``gym``: 4-player CATAN, one agent against three random bots,
  spielleiter's ``spielleiter/Catan-v0`` against catanatron 3.2.1's
  Gymnasium env (``catanatron-gym``), agent steps per second.

    python bench/python/bench.py vector --seconds 10 --json
    python bench/python/bench.py gym --seconds 10 --json

``bench/python/run.sh`` makes the two virtual environments and runs both.
"""

import argparse
import json
import sys
import time

import numpy as np


def pick(bits: np.ndarray, rng: np.random.Generator, forbid: int) -> np.ndarray:
    """One uniformly random set column per row of a 0/1 matrix, ``forbid`` left out where others exist."""
    if forbid >= 0:
        counts = bits.sum(axis=1)
        bits[counts > 1, forbid] = 0
    cum = np.cumsum(bits, axis=1, dtype=np.int32)
    draw = (rng.random(bits.shape[0]) * cum[:, -1]).astype(np.int32)
    return np.argmax(cum > draw[:, None], axis=1)


class Picker:
    """:func:`pick` with its large scratch arrays allocated once (for the batched loops).

    The same draws as allocating afresh, but without the ~0.6 MB temporaries
    per call: under load those cost page faults that dominated the loop and
    varied with the allocator's state rather than with the engine.
    """

    def __init__(self, shape, rng: np.random.Generator, forbid: int) -> None:
        self.rng, self.forbid = rng, forbid
        self.cum = np.empty(shape, dtype=np.int32)
        self.above = np.empty(shape, dtype=bool)
        self.draw = np.empty(shape[0])

    def __call__(self, bits: np.ndarray) -> np.ndarray:
        if self.forbid >= 0:
            counts = bits.sum(axis=1)
            bits[counts > 1, self.forbid] = 0
        np.cumsum(bits, axis=1, dtype=np.int32, out=self.cum)
        self.rng.random(out=self.draw)
        self.draw *= self.cum[:, -1]
        np.greater(self.cum, self.draw.astype(np.int32)[:, None], out=self.above)
        return np.argmax(self.above, axis=1)


def measure(step, seconds: float, warmup: float, n_envs: int) -> dict:
    """Runs ``step() -> games finished`` for ``warmup`` then ``seconds`` seconds."""
    start = time.perf_counter()
    warm = 0
    while time.perf_counter() - start < warmup or (warm < n_envs and time.perf_counter() - start < 30 * warmup):
        warm += step()
    games = steps = 0
    start = time.perf_counter()
    while True:
        games += step()
        steps += n_envs
        wall = time.perf_counter() - start
        if wall >= seconds:
            break
    return {"games": games, "steps": steps, "seconds": wall, "games_per_sec": games / wall,
            "steps_per_sec": steps / wall}


def vector_spielleiter(n_envs: int, seed: int, observations: bool = True):
    import spielleiter

    env = spielleiter.VectorEnv("catan", num_envs=n_envs, players=4, seed=seed, threads=1,
                                observations=observations)
    rng = np.random.default_rng(seed)
    g = spielleiter.Game("catan", 4)
    forbid = g.action_index({"type": "open_trade"})
    bits = np.empty(env.mask.shape, dtype=np.uint8)
    picker = Picker(bits.shape, rng, forbid)

    def step():
        np.copyto(bits, env.mask.view(np.uint8))
        actions = picker(bits)
        _, _, term, trunc, _ = env.step(actions)
        return int(term.sum() + trunc.sum())

    return step


def vector_fastcatan(n_envs: int, seed: int):
    import fastcatan

    games = fastcatan.BatchedEnv(n_envs, seed=seed)
    games.reset()
    masks = np.zeros((n_envs, fastcatan.MASK_WORDS), dtype=np.uint64)
    actions = np.zeros(n_envs, dtype=np.uint32)
    dones = np.zeros(n_envs, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    picker = Picker((n_envs, fastcatan.NUM_ACTIONS), rng, fastcatan.action.TRADE_OPEN)

    def step():
        games.write_masks(masks)
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, :fastcatan.NUM_ACTIONS]
        actions[:] = picker(bits)
        games.step_autoreset(actions, dones)
        return int(dones.sum())

    return step


def gym_loop(env, masks, forbid: int, seed: int):
    """One agent step of a Gymnasium env with random masked actions; resets at the end."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    state = {"seed": seed}

    def step():
        bits = masks(env)[None, :].astype(np.uint8)
        a = int(pick(bits, rng, forbid)[0])
        _, _, term, trunc, _ = env.step(a)
        if term or trunc:
            state["seed"] += 1
            env.reset(seed=state["seed"])
            return 1
        return 0

    return step


def gym_spielleiter(seed: int):
    import gymnasium

    import spielleiter

    env = gymnasium.make("spielleiter/Catan-v0", players=4, opponents="random")
    forbid = spielleiter.Game("catan", 4).action_index({"type": "open_trade"})
    return gym_loop(env, lambda e: e.unwrapped.action_masks(), forbid, seed)


def gym_catanatron(seed: int):
    import gymnasium
    import catanatron_gym  # noqa: F401 (registers catanatron-v1)
    from catanatron import Color, RandomPlayer

    enemies = [RandomPlayer(Color.RED), RandomPlayer(Color.ORANGE), RandomPlayer(Color.WHITE)]
    env = gymnasium.make("catanatron-v1", config={"enemies": enemies})
    n = env.action_space.n

    def masks(e):
        m = np.zeros(n, dtype=bool)
        m[e.unwrapped.get_valid_actions()] = True
        return m

    return gym_loop(env, masks, -1, seed)


def versions() -> dict:
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": sys.version.split()[0]}
    for p in ("spielleiter", "fastcatan", "catanatron", "catanatron-gym", "numpy", "gymnasium"):
        try:
            out[p] = version(p)
        except PackageNotFoundError:
            pass
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["vector", "gym"])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--warmup", type=float, default=2.0)
    ap.add_argument("--envs", type=int, default=512)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=10, help="slices per engine, alternating")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    if args.what == "vector":
        # Masks only, as the fastcatan harness asks of BatchedEnv; then with observation tensors.
        engines = [("spielleiter VectorEnv", lambda: vector_spielleiter(args.envs, args.seed, False)),
                   ("fastcatan BatchedEnv", lambda: vector_fastcatan(args.envs, args.seed)),
                   ("spielleiter VectorEnv + obs", lambda: vector_spielleiter(args.envs, args.seed, True))]
        n = args.envs
    else:
        engines = [("spielleiter Gymnasium env", lambda: gym_spielleiter(args.seed)),
                   ("catanatron Gymnasium env", lambda: gym_catanatron(args.seed))]
        n = 1
    # Short slices, alternating between the engines, so that a change of
    # machine load hits all of them alike; the slices add up per engine.
    steppers = [(name, make()) for name, make in engines]
    for name, step in steppers:
        measure(step, 0.0, args.warmup, n)
    totals = {name: {"games": 0, "steps": 0, "seconds": 0.0} for name, _ in steppers}
    for _ in range(args.rounds):
        for name, step in steppers:
            r = measure(step, args.seconds / args.rounds, 0.0, n)
            for k in ("games", "steps", "seconds"):
                totals[name][k] += r[k]
    for name, _ in steppers:
        r = totals[name]
        r.update(engine=name, games_per_sec=r["games"] / r["seconds"], steps_per_sec=r["steps"] / r["seconds"])
        rows.append(r)
        print(f"{name:28} {r['games_per_sec']:10.1f} games/s {r['steps_per_sec']:12.0f} steps/s "
              f"({r['games']} games in {r['seconds']:.1f} s)", file=sys.stderr)
    key = "games_per_sec" if args.what == "vector" else "steps_per_sec"
    ratio = rows[0][key] / max(rows[1][key], 1e-9)
    print(f"ratio ({key}): {ratio:.1f}x", file=sys.stderr)
    if args.json:
        print(json.dumps({"what": args.what, "rows": rows, "ratio": ratio, "key": key, "versions": versions()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""spielleiter's Python environments side by side with fastcatan and catanatron.

Two comparisons, each in one process with one harness for every engine:
uniformly random legal actions chosen in NumPy from the engine's own mask,
**trades included** (a domestic trade is opened whenever the draw picks it,
as the issue's harness does; ``--no-trades`` forbids ``open_trade`` where
other actions exist, the older harness), one core unless a row says
``threads=2``:

* ``vector``: 4-player base CATAN, a batch of 512 games: spielleiter's
  ``VectorEnv`` (masks only; with observation tensors; with observations and
  ``threads=2``) against fastcatan 2.0.0's ``BatchedEnv`` (masks only: it
  has no batched observation), steps per second (one step = one decision in
  every game of the batch).
* ``parts``: where a batch step's time goes, per engine: the harness's own
  draw (also alone, on a mask computed once), the engine's step, and from
  them the most any engine can gain on fastcatan under this harness (an
  engine whose step took no time at all still pays the draw) and the most a
  second thread can gain (only the engine's step is split between threads).
  Medians of single batch steps, so that a busy machine's preemptions,
  which hit some steps hard, do not count.
* ``gym``: 4-player CATAN, one agent against three random bots:
  spielleiter's ``spielleiter/Catan-v0`` against catanatron 3.2.1's
  Gymnasium env (``catanatron-gym``), agent steps per second.

The engines run in short slices, alternating, for ``--rounds`` rounds; each
engine's figure is the **median** of its rounds, so that the load of a
shared machine hits all of them alike.

    python bench/python/bench.py vector --seconds 20 --json
    python bench/python/bench.py gym --seconds 20 --json
    python bench/python/bench.py parts --seconds 20 --json

``bench/python/run.sh`` makes the two virtual environments and runs both.
"""

import argparse
import json
import sys
import time

import numpy as np


class Picker:
    """A uniformly random legal column per row of a mask, ``forbid`` left out where others exist.

    The same for every engine, and the cheapest draw we found in NumPy: the
    set cells of the whole batch (``nonzero``, one pass over the mask,
    which is read and never written), then per row the ``k``-th of them with
    ``k = floor(u * count)``. That is the same row-wise choice as a cumulative
    sum searched with ``argmax`` (the earlier harness), without its three
    full-size temporaries: those cost more than either engine's step, and
    their cache traffic slowed the engine step after them.
    """

    def __init__(self, rows: int, rng: np.random.Generator, forbid: int) -> None:
        self.rng, self.forbid = rng, forbid
        self.u = np.empty(rows)
        self.bounds = np.arange(rows + 1)

    def __call__(self, bits: np.ndarray) -> np.ndarray:
        n, width = bits.shape
        flat = bits.reshape(-1).nonzero()[0]  # row-major: each row's cells are a sorted run
        edges = np.searchsorted(flat, self.bounds * width)
        starts, counts = edges[:-1], np.diff(edges)
        self.rng.random(out=self.u)
        if self.forbid >= 0:
            # Where `forbid` is set among others, draw among the others and
            # step over its position in the run.
            at_f = np.searchsorted(flat, self.bounds[:-1] * width + self.forbid)
            skip = (at_f < edges[1:]) & (flat[np.minimum(at_f, max(flat.size - 1, 0))] % width == self.forbid)
            skip &= counts > 1
            k = (self.u * (counts - skip)).astype(np.intp)
            k += skip & (k >= at_f - starts)
        else:
            k = (self.u * counts).astype(np.intp)
        at = np.minimum(starts + k, max(flat.size - 1, 0))
        out = flat[at] % width if flat.size else np.zeros(n, dtype=np.intp)
        out[counts == 0] = 0  # no seat to act: any index, the engines ignore it
        return out


def pick_one(mask: np.ndarray, random, forbid: int) -> int:
    """:class:`Picker` for one row (the Gymnasium loops), with Python's ``random()``:
    per call NumPy's fixed costs are what counts, so as few NumPy calls as possible."""
    legal = mask.nonzero()[0]  # sorted; np.flatnonzero costs 2 µs more per call
    n = len(legal)
    if n == 0:
        return 0
    if forbid >= 0 and n > 1 and mask[forbid]:
        # One of the other n - 1, stepping over `forbid`'s place in the list.
        k = int(random() * (n - 1))
        a = int(legal[k])
        return a if a < forbid else int(legal[k + 1])
    return int(legal[int(random() * n)])


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


def vector_spielleiter(n_envs: int, seed: int, observations: bool = True, threads: int = 1,
                       trades: bool = True):
    import spielleiter

    env = spielleiter.VectorEnv("catan", num_envs=n_envs, players=4, seed=seed, threads=threads,
                                observations=observations)
    rng = np.random.default_rng(seed)
    forbid = -1 if trades else spielleiter.Game("catan", 4).action_index({"type": "open_trade"})
    picker = Picker(n_envs, rng, forbid)

    def step():
        _, _, term, trunc, _ = env.step(picker(env.mask))
        return int(term.sum() + trunc.sum())

    return step


def vector_fastcatan(n_envs: int, seed: int, trades: bool = True):
    import fastcatan

    games = fastcatan.BatchedEnv(n_envs, seed=seed)
    games.reset()
    masks = np.zeros((n_envs, fastcatan.MASK_WORDS), dtype=np.uint64)
    actions = np.zeros(n_envs, dtype=np.uint32)
    dones = np.zeros(n_envs, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    picker = Picker(n_envs, rng, -1 if trades else fastcatan.action.TRADE_OPEN)

    def step():
        games.write_masks(masks)
        # All 64 bits of every word (those past NUM_ACTIONS are 0): a
        # contiguous bool matrix like ours, which np.flatnonzero reads fastest.
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little").view(bool)
        actions[:] = picker(bits)
        games.step_autoreset(actions, dones)
        return int(dones.sum())

    return step


def parts(n_envs: int, seed: int, seconds: float, rounds: int) -> dict:
    """Per-batch-step costs in microseconds (medians of single steps, rows alternating)."""
    import fastcatan

    import spielleiter

    fc = fastcatan.BatchedEnv(n_envs, seed=seed)
    fc.reset()
    masks = np.zeros((n_envs, fastcatan.MASK_WORDS), dtype=np.uint64)
    actions = np.zeros(n_envs, dtype=np.uint32)
    dones = np.zeros(n_envs, dtype=np.uint8)
    pick_fc = Picker(n_envs, np.random.default_rng(seed), -1)
    pick_sl = Picker(n_envs, np.random.default_rng(seed), -1)
    envs = {(obs, threads): spielleiter.VectorEnv("catan", num_envs=n_envs, players=4, seed=seed, threads=threads,
                                                  observations=obs)
            for obs, threads in [(False, 1), (True, 1), (True, 2)]}
    clock = time.perf_counter

    def fc_step():
        t0 = clock()
        fc.write_masks(masks)
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little").view(bool)
        t1 = clock()
        actions[:] = pick_fc(bits)
        t2 = clock()
        fc.step_autoreset(actions, dones)
        t3 = clock()
        return {"fastcatan: write_masks + unpackbits": t1 - t0, "fastcatan: draw": t2 - t1,
                "fastcatan: step": t3 - t2, "fastcatan: total": t3 - t0}

    def sl_step(obs, threads):
        env = envs[(obs, threads)]
        name = f"spielleiter {'obs' if obs else 'masks'}, threads={threads}"

        def step():
            t0 = clock()
            a = pick_sl(env.mask)
            t1 = clock()
            env.step(a)
            t2 = clock()
            return {f"{name}: draw": t1 - t0, f"{name}: step": t2 - t1, f"{name}: total": t2 - t0}

        return step

    def fixed_draws():
        fixed_fc = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little").view(bool).copy()
        fixed_sl = envs[(False, 1)].mask.copy()
        t0 = clock()
        pick_fc(fixed_fc)
        t1 = clock()
        pick_sl(fixed_sl)
        t2 = clock()
        return {"draw alone, fastcatan's mask": t1 - t0, "draw alone, spielleiter's mask": t2 - t1}

    rows = [fc_step, sl_step(False, 1), sl_step(True, 1), sl_step(True, 2), fixed_draws]
    for row in rows:
        for _ in range(200):
            row()
    samples: dict = {}
    for _ in range(rounds):
        for row in rows:
            end = clock() + seconds / rounds / len(rows)
            while clock() < end:
                for k, v in row().items():
                    samples.setdefault(k, []).append(v)
    us = {k: float(np.median(v)) * 1e6 for k, v in samples.items()}
    fc_total = us["fastcatan: total"]
    draw = us["spielleiter masks, threads=1: draw"]
    s1 = us["spielleiter obs, threads=1: step"]
    d1 = us["spielleiter obs, threads=1: draw"]
    bounds = {
        "fastcatan's total / spielleiter's draw (the most any engine gains under this harness)": fc_total / draw,
        "masks only: fastcatan's total / spielleiter's total": fc_total / us["spielleiter masks, threads=1: total"],
        "obs: fastcatan's total / spielleiter's total": fc_total / us["spielleiter obs, threads=1: total"],
        "obs: threads=2 at best, (draw + step) / (draw + step / 2)": (d1 + s1) / (d1 + s1 / 2),
        "obs: threads=2 measured, total(threads=1) / total(threads=2)":
            us["spielleiter obs, threads=1: total"] / us["spielleiter obs, threads=2: total"],
    }
    for k, v in us.items():
        print(f"{k:52} {v:9.1f} us", file=sys.stderr)
    for k, v in bounds.items():
        print(f"  {k}: {v:.2f}x", file=sys.stderr)
    return {"what": "parts", "microseconds": us, "ratios": bounds}


def gym_loop(env, masks, forbid: int, seed: int):
    """One agent step of a Gymnasium env with random masked actions; resets at the end."""
    random = __import__("random").Random(seed).random
    env.reset(seed=seed)
    state = {"seed": seed}

    def step():
        _, _, term, trunc, _ = env.step(pick_one(masks(env), random, forbid))
        if term or trunc:
            state["seed"] += 1
            env.reset(seed=state["seed"])
            return 1
        return 0

    return step


def gym_spielleiter(seed: int, trades: bool = True):
    import gymnasium

    import spielleiter

    env = gymnasium.make("spielleiter/Catan-v0", players=4, opponents="random")
    forbid = -1 if trades else spielleiter.Game("catan", 4).action_index({"type": "open_trade"})
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
    ap.add_argument("what", choices=["vector", "gym", "parts"])
    ap.add_argument("--seconds", type=float, default=20.0, help="per engine, all rounds together")
    ap.add_argument("--warmup", type=float, default=2.0)
    ap.add_argument("--envs", type=int, default=512)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=10, help="slices per engine, alternating")
    ap.add_argument("--no-trades", action="store_true", help="forbid open_trade where other actions exist")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    trades = not args.no_trades
    if args.what == "parts":
        out = parts(args.envs, args.seed, args.seconds, args.rounds)
        if args.json:
            out.update(versions=versions(), load=list(__import__("os").getloadavg()))
            print(json.dumps(out))
        return 0
    if args.what == "vector":
        engines = [("fastcatan BatchedEnv (masks)", lambda: vector_fastcatan(args.envs, args.seed, trades)),
                   ("spielleiter VectorEnv (masks)", lambda: vector_spielleiter(args.envs, args.seed, False, 1, trades)),
                   ("spielleiter VectorEnv + obs", lambda: vector_spielleiter(args.envs, args.seed, True, 1, trades)),
                   ("spielleiter VectorEnv + obs, threads=2",
                    lambda: vector_spielleiter(args.envs, args.seed, True, 2, trades))]
        n = args.envs
    else:
        engines = [("catanatron Gymnasium env", lambda: gym_catanatron(args.seed)),
                   ("spielleiter Gymnasium env", lambda: gym_spielleiter(args.seed, trades))]
        n = 1
    # Short slices, alternating between the engines, so that a change of
    # machine load hits all of them alike; the median of the rounds per engine.
    steppers = [(name, make()) for name, make in engines]
    for name, step in steppers:
        measure(step, 0.0, args.warmup, n)
    rounds = {name: [] for name, _ in steppers}
    for _ in range(args.rounds):
        for name, step in steppers:
            rounds[name].append(measure(step, args.seconds / args.rounds, 0.0, n))
    rows = []
    for name, _ in steppers:
        rs = rounds[name]
        r = {"engine": name, "games": sum(x["games"] for x in rs), "steps": sum(x["steps"] for x in rs),
             "seconds": sum(x["seconds"] for x in rs),
             "steps_per_sec": float(np.median([x["steps_per_sec"] for x in rs])),
             "games_per_sec": float(np.median([x["games_per_sec"] for x in rs])),
             "steps_per_sec_rounds": [round(x["steps_per_sec"]) for x in rs]}
        rows.append(r)
        print(f"{name:40} {r['steps_per_sec']:12.0f} steps/s {r['games_per_sec']:10.1f} games/s "
              f"(median of {len(rs)}; {r['games']} games in {r['seconds']:.1f} s)", file=sys.stderr)
    base = rows[0]["steps_per_sec"]
    ratios = {r["engine"]: r["steps_per_sec"] / max(base, 1e-9) for r in rows[1:]}
    if args.what == "vector":
        ratios["threads=2 / threads=1 (obs)"] = rows[3]["steps_per_sec"] / max(rows[2]["steps_per_sec"], 1e-9)
    for k, v in ratios.items():
        print(f"  {k}: {v:.2f}x", file=sys.stderr)
    if args.json:
        print(json.dumps({"what": args.what, "trades": trades, "rows": rows, "ratios": ratios,
                          "versions": versions(), "load": list(__import__("os").getloadavg())}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

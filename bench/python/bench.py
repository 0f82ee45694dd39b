"""spielleiter's Python environments side by side with fastcatan and catanatron.

Two comparisons, each in one process with one harness for every engine:
uniformly random legal actions chosen in NumPy from the engine's own mask,
one core unless a row says ``threads=2``. **The rules are CATAN's rulebook on
both sides by default**: spielleiter's research envs switch domestic offers
off unless told otherwise (``trade_offers_per_turn=0``, docs/python.md), so
the harness passes ``--options`` (default ``{"trade_offers_per_turn": null}``,
the rulebook's unlimited offers) to every spielleiter env; fastcatan plays
its own rules (with domestic trades), catanatron has no domestic trade at
all. Every row reports decisions per game, so a difference of work shows.

* ``vector``: 4-player base CATAN, a batch of 512 games: spielleiter's
  ``VectorEnv`` (masks only; with observation tensors; with observations and
  ``threads=2``; masks only with the engine's own draw,
  ``VectorEnv.random_actions``, instead of the NumPy one) against fastcatan
  2.0.0's ``BatchedEnv`` (masks only: it has no batched observation).
* ``parts``: where a batch step's time goes, per engine (medians of single
  batch steps): the harness's draw, the engine's step, and from them the
  most any engine can gain on fastcatan under this harness.
* ``gym``: 4-player CATAN, one agent against three random bots:
  spielleiter's ``spielleiter/Catan-v0`` (with ``--options``, and a second
  row without domestic offers, as catanatron plays) against catanatron
  3.2.1's Gymnasium env (``catanatron-gym``), agent steps per second.

Each row gives two rates: **end to end** (the harness's draw, mask handling
and the engine's step, what a training loop sees) and **engine** (the time
inside the engine's calls only: spielleiter's ``step``, and
``random_actions`` in its row; fastcatan's ``write_masks`` and
``step_autoreset``; the Gymnasium envs' ``step`` and mask query). Steps are
decisions (a batch step of 512 games is 512 steps).

The engines run in short slices, alternating, for ``--rounds`` rounds; each
engine's figure is the **median** of its rounds, so that the load of a
shared machine hits all of them alike.

    python bench/python/bench.py vector --seconds 20 --json
    python bench/python/bench.py vector --options '{"trade_offers_per_turn": 0}'   # the research envs' house rule
    python bench/python/bench.py gym --seconds 20 --json
    python bench/python/bench.py parts --seconds 20 --json

``bench/python/run.sh`` makes the two virtual environments and runs all three.
"""

import argparse
import json
import sys
import time

import numpy as np

#: spielleiter's CATAN options for the rulebook: domestic offers without limit (the research envs'
#: default house rule allows none, which makes a random game a third as long as fastcatan's).
RULEBOOK = {"trade_offers_per_turn": None}


class Picker:
    """A uniformly random legal column per row of a mask.

    The same for every engine, and the cheapest draw we found in NumPy: the
    set cells of the whole batch (``nonzero``, one pass over the mask,
    which is read and never written), then per row the ``k``-th of them with
    ``k = floor(u * count)``. That is the same row-wise choice as a cumulative
    sum searched with ``argmax`` (the earlier harness), without its three
    full-size temporaries: those cost more than either engine's step, and
    their cache traffic slowed the engine step after them.
    """

    def __init__(self, rows: int, rng: np.random.Generator) -> None:
        self.rng = rng
        self.u = np.empty(rows)
        self.bounds = np.arange(rows + 1)

    def __call__(self, bits: np.ndarray) -> np.ndarray:
        n, width = bits.shape
        flat = bits.reshape(-1).nonzero()[0]  # row-major: each row's cells are a sorted run
        edges = np.searchsorted(flat, self.bounds * width)
        starts, counts = edges[:-1], np.diff(edges)
        self.rng.random(out=self.u)
        k = (self.u * counts).astype(np.intp)
        at = np.minimum(starts + k, max(flat.size - 1, 0))
        out = flat[at] % width if flat.size else np.zeros(n, dtype=np.intp)
        out[counts == 0] = 0  # no seat to act: any index, the engines ignore it
        return out


def pick_one(mask: np.ndarray, random) -> int:
    """:class:`Picker` for one row (the Gymnasium loops), with Python's ``random()``:
    per call NumPy's fixed costs are what counts, so as few NumPy calls as possible."""
    legal = mask.nonzero()[0]  # sorted; np.flatnonzero costs 2 µs more per call
    n = len(legal)
    if n == 0:
        return 0
    return int(legal[int(random() * n)])


def measure(step, seconds: float, warmup: float, n_envs: int) -> dict:
    """Runs ``step() -> (games finished, seconds inside the engine)`` for ``warmup`` then ``seconds`` seconds."""
    start = time.perf_counter()
    warm = 0
    while time.perf_counter() - start < warmup or (warm < n_envs and time.perf_counter() - start < 30 * warmup):
        warm += step()[0]
    games = steps = 0
    engine = 0.0
    start = time.perf_counter()
    while True:
        g, e = step()
        games += g
        engine += e
        steps += n_envs
        wall = time.perf_counter() - start
        if wall >= seconds:
            break
    return {"games": games, "steps": steps, "seconds": wall, "engine_seconds": engine,
            "games_per_sec": games / wall, "steps_per_sec": steps / wall,
            "engine_steps_per_sec": steps / max(engine, 1e-12)}


def vector_spielleiter(n_envs: int, seed: int, options: dict, observations: bool = True, threads: int = 1,
                       engine_draw: bool = False):
    """A batch step of ``VectorEnv``: the harness's NumPy draw, or (``engine_draw``) the engine's own
    ``random_actions``, which counts as engine time."""
    import spielleiter

    env = spielleiter.VectorEnv("catan", num_envs=n_envs, players=4, seed=seed, threads=threads,
                                observations=observations, options=options)
    rng = np.random.default_rng(seed)
    picker = Picker(n_envs, rng)
    clock = time.perf_counter

    def step():
        if engine_draw:
            t0 = clock()
            _, _, term, trunc, _ = env.step(env.random_actions(rng))
            t1 = clock()
        else:
            a = picker(env.mask)
            t0 = clock()
            _, _, term, trunc, _ = env.step(a)
            t1 = clock()
        return int(term.sum() + trunc.sum()), t1 - t0

    return step


def vector_fastcatan(n_envs: int, seed: int):
    import fastcatan

    games = fastcatan.BatchedEnv(n_envs, seed=seed)
    games.reset()
    masks = np.zeros((n_envs, fastcatan.MASK_WORDS), dtype=np.uint64)
    actions = np.zeros(n_envs, dtype=np.uint32)
    dones = np.zeros(n_envs, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    picker = Picker(n_envs, rng)
    clock = time.perf_counter

    def step():
        t0 = clock()
        games.write_masks(masks)
        t1 = clock()
        # All 64 bits of every word (those past NUM_ACTIONS are 0): a
        # contiguous bool matrix like ours, which np.flatnonzero reads fastest.
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little").view(bool)
        actions[:] = picker(bits)
        t2 = clock()
        games.step_autoreset(actions, dones)
        t3 = clock()
        return int(dones.sum()), (t1 - t0) + (t3 - t2)

    return step


def parts(n_envs: int, seed: int, seconds: float, rounds: int, options: dict) -> dict:
    """Per-batch-step costs in microseconds (medians of single steps, rows alternating)."""
    import fastcatan

    import spielleiter

    fc = fastcatan.BatchedEnv(n_envs, seed=seed)
    fc.reset()
    masks = np.zeros((n_envs, fastcatan.MASK_WORDS), dtype=np.uint64)
    actions = np.zeros(n_envs, dtype=np.uint32)
    dones = np.zeros(n_envs, dtype=np.uint8)
    pick_fc = Picker(n_envs, np.random.default_rng(seed))
    pick_sl = Picker(n_envs, np.random.default_rng(seed))
    envs = {(obs, threads): spielleiter.VectorEnv("catan", num_envs=n_envs, players=4, seed=seed, threads=threads,
                                                  observations=obs, options=options)
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


def gym_loop(env, masks, seed: int):
    """One agent step of a Gymnasium env with random masked actions; resets at the end. Engine time:
    the env's ``step`` and its mask query."""
    random = __import__("random").Random(seed).random
    env.reset(seed=seed)
    state = {"seed": seed}
    clock = time.perf_counter

    def step():
        t0 = clock()
        m = masks(env)
        t1 = clock()
        a = pick_one(m, random)
        t2 = clock()
        _, _, term, trunc, _ = env.step(a)
        t3 = clock()
        engine = (t1 - t0) + (t3 - t2)
        if term or trunc:
            state["seed"] += 1
            env.reset(seed=state["seed"])
            return 1, engine
        return 0, engine

    return step


def gym_spielleiter(seed: int, options: dict):
    import gymnasium

    import spielleiter  # noqa: F401 (registers the envs)

    env = gymnasium.make("spielleiter/Catan-v0", players=4, opponents="random", options=options)
    return gym_loop(env, lambda e: e.unwrapped.action_masks(), seed)


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

    return gym_loop(env, masks, seed)


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
    ap.add_argument("--options", type=json.loads, default=dict(RULEBOOK),
                    help="spielleiter's CATAN options as JSON (default: the rulebook, %(default)s)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not isinstance(args.options, dict):
        ap.error("--options: a JSON object, e.g. '{\"trade_offers_per_turn\": null}'")
    opts = args.options
    if args.what == "parts":
        out = parts(args.envs, args.seed, args.seconds, args.rounds, opts)
        if args.json:
            out.update(options=opts, versions=versions(), load=list(__import__("os").getloadavg()))
            print(json.dumps(out))
        return 0
    if args.what == "vector":
        engines = [("fastcatan BatchedEnv (masks)", lambda: vector_fastcatan(args.envs, args.seed)),
                   ("spielleiter VectorEnv (masks)", lambda: vector_spielleiter(args.envs, args.seed, opts, False)),
                   ("spielleiter VectorEnv + obs", lambda: vector_spielleiter(args.envs, args.seed, opts, True)),
                   ("spielleiter VectorEnv + obs, threads=2",
                    lambda: vector_spielleiter(args.envs, args.seed, opts, True, 2)),
                   ("spielleiter VectorEnv (masks), random_actions",
                    lambda: vector_spielleiter(args.envs, args.seed, opts, False, engine_draw=True))]
        n = args.envs
    else:
        no_offers = dict(opts, trade_offers_per_turn=0)
        engines = [("catanatron Gymnasium env", lambda: gym_catanatron(args.seed)),
                   ("spielleiter Gymnasium env", lambda: gym_spielleiter(args.seed, opts)),
                   ("spielleiter Gymnasium env, no domestic offers (as catanatron)",
                    lambda: gym_spielleiter(args.seed, no_offers))]
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
        games, steps = sum(x["games"] for x in rs), sum(x["steps"] for x in rs)
        r = {"engine": name, "games": games, "steps": steps,
             "seconds": sum(x["seconds"] for x in rs), "engine_seconds": sum(x["engine_seconds"] for x in rs),
             "steps_per_sec": float(np.median([x["steps_per_sec"] for x in rs])),
             "engine_steps_per_sec": float(np.median([x["engine_steps_per_sec"] for x in rs])),
             "games_per_sec": float(np.median([x["games_per_sec"] for x in rs])),
             "decisions_per_game": steps / games if games else None,
             "steps_per_sec_rounds": [round(x["steps_per_sec"]) for x in rs]}
        rows.append(r)
        dpg = f"{r['decisions_per_game']:7.0f}" if games else "      -"
        print(f"{name:62} end to end {r['steps_per_sec']:11.0f} steps/s, engine {r['engine_steps_per_sec']:11.0f} "
              f"steps/s, {r['games_per_sec']:9.1f} games/s, {dpg} decisions/game "
              f"(median of {len(rs)}; {games} games in {r['seconds']:.1f} s)", file=sys.stderr)
    base = rows[0]
    ratios = {}
    for r in rows[1:]:
        ratios[f"{r['engine']} / {base['engine']}, end to end"] = r["steps_per_sec"] / max(base["steps_per_sec"], 1e-9)
        ratios[f"{r['engine']} / {base['engine']}, engine"] = (r["engine_steps_per_sec"]
                                                               / max(base["engine_steps_per_sec"], 1e-9))
    if args.what == "vector":
        for kind, key in (("end to end", "steps_per_sec"), ("engine", "engine_steps_per_sec")):
            ratios[f"threads=2 / threads=1 (obs), {kind}"] = rows[3][key] / max(rows[2][key], 1e-9)
    for k, v in ratios.items():
        print(f"  {k}: {v:.2f}x", file=sys.stderr)
    if args.json:
        print(json.dumps({"what": args.what, "options": opts, "rows": rows, "ratios": ratios,
                          "versions": versions(), "load": list(__import__("os").getloadavg())}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Resident memory of a ``VectorEnv`` over a long run: it must stay flat (issue 45).

Steps ``--envs`` games of 4-player CATAN (masks only unless ``--observations``) with
uniformly random legal actions drawn in NumPy for ``--steps`` batch steps, and prints the
resident set size (VmRSS) every ``--every`` steps, then the growth from the first report
after warm-up to the last, and the size of a pickle at the start and the end.

    python bench/python/memory.py --steps 1000000 --envs 512
"""

import argparse
import pickle
import time

import numpy as np

from spielleiter import VectorEnv


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=1_000_000)
    ap.add_argument("--envs", type=int, default=512)
    ap.add_argument("--every", type=int, default=50_000)
    ap.add_argument("--observations", action="store_true")
    ap.add_argument("--game", default="catan")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()

    env = VectorEnv(args.game, num_envs=args.envs, players=args.players, seed=1, observations=args.observations)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    start_pickle = len(pickle.dumps(env))
    reports = []
    t0 = time.perf_counter()
    for step in range(1, args.steps + 1):
        env.step(env.random_actions(rng))
        if step % args.every == 0:
            reports.append((step, rss_mib()))
            print(f"step {step:>9,}  rss {reports[-1][1]:8.1f} MiB  {time.perf_counter() - t0:7.1f} s", flush=True)
    end_pickle = len(pickle.dumps(env))
    env.close()
    base = reports[min(1, len(reports) - 1)][1] if reports else float("nan")
    last = reports[-1][1] if reports else float("nan")
    print(f"rss after warm-up {base:.1f} MiB, at the end {last:.1f} MiB: "
          f"{100 * (last - base) / base:+.2f} %")
    print(f"pickle: {start_pickle:,} bytes at the start, {end_pickle:,} bytes after {args.steps:,} steps")


if __name__ == "__main__":
    main()

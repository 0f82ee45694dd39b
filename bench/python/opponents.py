"""Agent steps per second of spielleiter/Catan-v0 (4 players, base game) with
three built-in opponents of one kind, uniformly random masked actions for the
agent, one process; alternating rounds so that a busy machine affects every
kind alike (docs/python.md, "Opponents").

    python bench/python/opponents.py SECONDS ROUNDS OPPONENT [OPPONENT ...]
    python bench/python/opponents.py 15 2 random greedy lookahead mcts:playouts=100 mcts

Run it from outside python/ so that the built package is imported.
"""
import sys
import time

import gymnasium
import numpy as np

import spielleiter  # noqa: F401 (registers the ids)


def rate(opponents, seconds, seed):
    env = gymnasium.make("spielleiter/Catan-v0", opponents=opponents)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    steps = episodes = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        if term or trunc:
            episodes += 1
            _, info = env.reset(seed=seed + episodes)
    dt = time.perf_counter() - t0
    return steps / dt, steps, episodes, dt


def main():
    seconds, rounds = float(sys.argv[1]), int(sys.argv[2])
    for r in range(rounds):
        for opponents in sys.argv[3:]:
            per_s, steps, episodes, dt = rate(opponents, seconds, seed=r * 1000)
            print(f"round {r} {opponents:24s} {per_s:9.1f} agent steps/s "
                  f"({steps} steps, {episodes} episodes, {dt:.1f} s)", flush=True)


if __name__ == "__main__":
    main()

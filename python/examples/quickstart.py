"""The README's quick-start, as a program: what a new user runs first after installing the wheel.

python/ci/wheel.sh runs it in a fresh virtual environment with no Rust toolchain on PATH.
"""

import gymnasium
import numpy as np

import spielleiter

g = spielleiter.Game("catan", players=4, seed=1, options={"rules": "cities_knights_heroes"})
seat = g.seats_to_act()[0]
g.step(seat, g.legal_actions(seat)[0])  # actions as dicts (the referee's JSON) or dense indices
obs, mask = g.observation(seat), g.legal_mask(seat)
g.step(seat, int(mask.nonzero()[0][0]))

env = gymnasium.make("spielleiter/Splendor-v0", players=2, opponents="mcts:playouts=20")
o, info = env.reset(seed=1)
o, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))

vec = spielleiter.VectorEnv("catan", num_envs=512, players=4, seed=0)  # self-play, GIL released
rng = np.random.default_rng(0)
for _ in range(100):
    vec.step(vec.random_actions(rng))
vec.close()
print(f"quick-start ok: spielleiter {spielleiter.__version__}, games {spielleiter.games()}")

"""Trains a small MaskablePPO agent on 2-player Splendor against a random
opponent for about a minute and shows that it wins more often than at the start.

Needs torch and sb3-contrib (not installed by CI):

    pip install ./python sb3-contrib
    python python/examples/train_splendor_maskable_ppo.py [seconds]
"""

import sys
import time

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import spielleiter  # noqa: F401 (registers the ids)


def make_env():
    env = gymnasium.make("spielleiter/Splendor-v0", players=2, opponents="random", max_turns=100)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def win_rate(model, games: int, seed: int) -> float:
    env = make_env()
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, reward, term, trunc, _ = env.step(int(action))
            done = term or trunc
        wins += reward > 0
    return wins / games


class Deadline(BaseCallback):
    def __init__(self, seconds: float):
        super().__init__()
        self.end = time.time() + seconds

    def _on_step(self) -> bool:
        return time.time() < self.end


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    # One thread: for a network this small, more threads cost more in hand-offs than they gain.
    torch.set_num_threads(1)
    # Eight games side by side: each rollout step is one batched forward pass for all of them.
    envs = make_vec_env(make_env, n_envs=8, seed=0)
    model = MaskablePPO("MlpPolicy", envs, n_steps=128, batch_size=256, n_epochs=4, learning_rate=1e-3,
                        gamma=0.995, seed=0, verbose=0)
    before = win_rate(model, 100, 10_000)
    model.learn(total_timesteps=10**8, callback=Deadline(seconds))
    after = win_rate(model, 100, 10_000)
    print(f"win rate against random: {before:.2f} before, {after:.2f} after {seconds:.0f} s "
          f"({model.num_timesteps} steps)")
    print("better" if after > before else "not better yet: train longer")
    return 0 if after > before else 1


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    sys.exit(main())

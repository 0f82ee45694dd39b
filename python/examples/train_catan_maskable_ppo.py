"""Trains sb3-contrib's MaskablePPO with its default hyperparameters on one
seat of 4-player CATAN against three random bots (`--opponents` for others), then plays evaluation
games (the figure in docs/python.md, "An agent learns").

Eight envs run side by side (``--envs``; SB3's ``DummyVecEnv``), so that a
rollout step is one batched forward pass; every PPO hyperparameter is the
default. The env runs with its defaults (the house rule of no domestic trade offers,
truncation after 2000 decisions); ``--reward points`` (the default here, and
what the figure used) pays the change of the agent's victory points on every
step and +1 for a win, 0 for a loss (``SpielleiterEnv``'s doc says why a loss
is not −1). The model is saved and
loaded back before the evaluation, which also checks that it pickles.

Needs torch and sb3-contrib (not installed by CI; torch is large):

    pip install ./python sb3-contrib
    python python/examples/train_catan_maskable_ppo.py --steps 200000 --games 200 --reward points
    python python/examples/train_catan_maskable_ppo.py --env spielleiter/Splendor-v0 --steps 20000
    # against three greedy bots, an hour at most, a point of the learning curve every 100k steps:
    python python/examples/train_catan_maskable_ppo.py --opponents greedy --steps 5000000 --minutes 55 \
        --eval-every 100000 --eval-games 50 --games 200
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import spielleiter  # noqa: F401 (registers the ids)
from spielleiter.gym import SpielleiterEnv


def masks(env: gymnasium.Env) -> np.ndarray:
    core = env.unwrapped
    assert isinstance(core, SpielleiterEnv)
    return core.action_masks()


def make_env(env_id: str, reward: str, opponents: str = "random") -> gymnasium.Env:
    return ActionMasker(gymnasium.make(env_id, reward=reward, opponents=opponents), masks)


def evaluate(model: MaskablePPO, env_id: str, games: int, seed: int, deterministic: bool,
             opponents: str = "random") -> dict:
    """Plays ``games`` games from seeds ``seed …``; counts wins, losses and truncations."""
    env = make_env(env_id, "win", opponents)
    wins = losses = truncated = steps = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=masks(env), deterministic=deterministic)
            obs, r, term, trunc, _ = env.step(int(action))
            reward = float(r)
            steps += 1
            done = term or trunc
        wins += bool(term and reward > 0)
        losses += bool(term and reward <= 0)
        truncated += bool(trunc)
    return {"games": games, "wins": wins, "losses": losses, "truncated": truncated, "win_rate": wins / games,
            "mean_agent_steps": steps / games, "deterministic": deterministic, "opponents": opponents}


class Curve(BaseCallback):
    """The learning curve: every ``every`` steps, ``games`` evaluation games against the training
    opponents (seeds apart from the final evaluation's), printed as one JSON line each; stops
    training once ``minutes`` of wall time have passed."""

    def __init__(self, env_id: str, opponents: str, every: int, games: int, minutes: float) -> None:
        super().__init__()
        self.env_id, self.opponents, self.every, self.games = env_id, opponents, every, games
        self.deadline = time.time() + 60 * minutes if minutes > 0 else float("inf")
        self.start, self.next_at, self.points = time.time(), every, []

    def _on_step(self) -> bool:
        if self.every > 0 and self.num_timesteps >= self.next_at:
            self.next_at += self.every
            r = evaluate(self.model, self.env_id, self.games, 2_000_000 + self.num_timesteps, False, self.opponents)
            point = {"steps": self.num_timesteps, "minutes": round((time.time() - self.start) / 60, 1),
                     "win_rate": r["win_rate"], "games": self.games, "truncated": r["truncated"]}
            self.points.append(point)
            print(json.dumps({"curve": point}), flush=True)
        return time.time() < self.deadline


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="spielleiter/Catan-v0")
    p.add_argument("--steps", type=int, default=200_000)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--reward", default="points", choices=["win", "points"])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save", default="maskable_ppo_spielleiter")
    p.add_argument("--envs", type=int, default=8, help="games side by side (one batched forward pass per step)")
    p.add_argument("--verbose", type=int, default=0)
    p.add_argument("--opponents", default="random", help="bot spec of the three other seats, e.g. greedy")
    p.add_argument("--minutes", type=float, default=0, help="stop training after this much wall time (0: --steps only)")
    p.add_argument("--eval-every", type=int, default=0, help="a point of the learning curve every N steps (0: none)")
    p.add_argument("--eval-games", type=int, default=50, help="games per point of the learning curve")
    args = p.parse_args()
    # One thread: the network is small, and hand-offs between threads cost more than they gain.
    torch.set_num_threads(1)
    envs = make_vec_env(lambda: make_env(args.env, args.reward, args.opponents), n_envs=args.envs, seed=args.seed)
    model = MaskablePPO("MlpPolicy", envs, seed=args.seed, verbose=args.verbose)
    curve = Curve(args.env, args.opponents, args.eval_every, args.eval_games, args.minutes)
    t0 = time.time()
    model.learn(total_timesteps=args.steps, callback=curve)
    seconds = time.time() - t0
    model.save(args.save)
    model = MaskablePPO.load(args.save)
    result = {"env": args.env, "reward": args.reward, "opponents": args.opponents, "steps": int(model.num_timesteps),
              "train_seconds": round(seconds), "curve": curve.points,
              "eval": evaluate(model, args.env, args.games, 1_000_000, deterministic=False, opponents=args.opponents)}
    print(json.dumps(result))


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()

"""Trains PPO (RLlib's new API stack) with action masking on any spielleiter game and shows the
win rate against random bots before and after.

Needs RLlib and torch (not installed by CI; torch from PyPI is large):

    pip install "./python[rllib]" torch
    cd /tmp && python /path/to/python/examples/train_rllib_ppo.py --game splendor --iterations 20

Run it from outside ``python/``: Ray puts the driver's working directory first on each worker's
``sys.path``, and there the source package, without its built extension, would shadow the
installed one.

``--opponents random`` (the default; any bot spec, e.g. ``greedy``) trains seat 0 against those
bots in :class:`spielleiter.ray.RLlibSingleAgentEnv`; ``--opponents self-play`` trains one shared
module on every seat of :class:`spielleiter.ray.RLlibMultiAgentEnv`. Either way the module is then
evaluated on seat 0 against ``random`` bots over ``--eval-games`` seeded games, greedily (the most
likely legal action), and saved with ``algo.save_to_path`` to ``--checkpoint``.
The config is :func:`spielleiter.ray.ppo_config` (docs/python.md, "RLlib").
"""

import argparse
import json
import os
import sys
import time


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--game", default="splendor", help="splendor, catan or catan-junior")
    p.add_argument("--options", default=None, help='game options as JSON, e.g. \'{"rules": "cities_knights"}\'')
    p.add_argument("--players", type=int, default=None, help="players (default: 4 for CATAN, 2 otherwise)")
    p.add_argument("--iterations", type=int, default=20, help="PPO iterations (each about --batch env steps)")
    p.add_argument("--opponents", default="random", help="bot spec for the other seats, or self-play")
    p.add_argument("--batch", type=int, default=2048, help="env steps per iteration (train_batch_size_per_learner)")
    p.add_argument("--minibatch", type=int, default=256)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--hidden", default="64,64", help="hidden layer sizes of policy and value networks")
    p.add_argument("--reward", default="win", help="win or points (CATAN and Splendor; see docs/python.md)")
    p.add_argument("--max-turns", type=int, default=None,
                   help="turns before an episode against bots (training and evaluation) is cut off\n"
                        "(default: 100 for Splendor, as in the MaskablePPO example; the envs' default otherwise:\n"
                        "random CATAN games often take more than 100 turns)")
    p.add_argument("--env-runners", type=int, default=0, help="remote env runners (0: sample in the driver)")
    p.add_argument("--envs", type=int, default=8, help="envs per env runner, stepped as one batch")
    p.add_argument("--eval-games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--torch-threads", type=int, default=1)
    p.add_argument("--checkpoint", default="rllib_ppo_checkpoint", help="directory for the trained algorithm")
    args = p.parse_args(argv)

    import ray
    import torch

    import spielleiter
    import spielleiter.ray as sray

    torch.set_num_threads(args.torch_threads)
    torch.manual_seed(args.seed)
    options = json.loads(args.options) if args.options else None
    self_play = args.opponents == "self-play"
    if args.max_turns is None:
        args.max_turns = 100 if args.game == "splendor" else spielleiter.MAX_TURNS
    # Self-play episodes are bounded by RLlibMultiAgentEnv's max_steps (2,000 decisions), not by turns.
    env_config = {} if self_play else {"max_turns": args.max_turns}
    if args.reward != "win":
        if self_play:
            p.error("--reward applies to training against bots (self-play pays +1/-1 at the end)")
        env_config["reward"] = args.reward
    config = sray.ppo_config(
        args.game, options, opponents=None if self_play else args.opponents, players=args.players,
        env_config=env_config, hidden=[int(h) for h in args.hidden.split(",")],
        num_env_runners=args.env_runners, envs_per_env_runner=args.envs, seed=args.seed, lr=args.lr,
        train_batch_size_per_learner=args.batch, minibatch_size=args.minibatch, num_epochs=args.epochs)

    ray.init(num_cpus=max(2, args.env_runners + 1), include_dashboard=False, log_to_driver=False)
    try:
        algo = config.build_algo()
        evaluate = dict(game=args.game, games=args.eval_games, opponents="random", options=options,
                        players=args.players, max_turns=args.max_turns)
        t = time.time()
        before = sray.win_rate(sray.module_of(algo), **evaluate)
        print(f"before training: {before['wins']}/{before['games']} wins against random "
              f"({before['decisions']:.1f} decisions per game; {time.time() - t:.1f} s)", flush=True)
        start = time.time()
        for i in range(1, args.iterations + 1):
            r = algo.train()
            runners = r.get("env_runners", {})
            # (RLlib's r["timers"] for sampling and learning are smoothed across iterations: not shown.)
            print(f"iteration {i}: {r.get('time_this_iter_s', float('nan')):.1f} s, "
                  f"{runners.get('num_env_steps_sampled', 0)} env steps, "
                  f"{runners.get('num_episodes', 0)} episodes, "
                  f"return {runners.get('episode_return_mean', float('nan')):.3f}, "
                  f"length {runners.get('episode_len_mean', float('nan')):.1f}", flush=True)
        trained = time.time() - start
        t = time.time()
        after = sray.win_rate(sray.module_of(algo), **evaluate)
        print(f"after {args.iterations} iterations ({trained:.0f} s, "
              f"{trained / max(1, args.iterations):.1f} s per iteration): "
              f"{after['wins']}/{after['games']} wins against random "
              f"({after['decisions']:.1f} decisions per game; {time.time() - t:.1f} s)", flush=True)
        path = algo.save_to_path(os.path.abspath(args.checkpoint))
        print(f"saved to {path}")
        algo.stop()
    finally:
        ray.shutdown()
    return 0 if after["rate"] > before["rate"] else 1


if __name__ == "__main__":
    sys.exit(main())

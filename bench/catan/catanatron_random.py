"""Uniformly random 4-player games of catanatron (PyPI, pure Python) on one core.

Each game is ``Game([RandomPlayer(c) for c in the four colors], seed=...)``
followed by ``game.play()``: the package's own game loop with its own turn cap
(``catanatron.game.TURNS_LIMIT``, 1000 turns) and its action validation, as a
user of the package runs it. ``RandomPlayer.decide`` picks uniformly among
``playable_actions``. catanatron 3.2.1 has no domestic trade (maritime trades
only). Dice rolls are a player action (``ROLL``) and count as decisions.

Prints a human-readable line on stderr and, with --json, one JSON object on
stdout.
"""

import argparse
import json
import sys
import time
from importlib.metadata import version

from catanatron.game import TURNS_LIMIT, Game
from catanatron.models.player import Color, RandomPlayer

COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]


def one_game(seed):
    game = Game([RandomPlayer(c) for c in COLORS], seed=seed)
    winner = game.play()
    return len(game.state.actions), game.state.num_turns, winner is None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--warmup", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()

    seed = a.seed  # catanatron treats seed 0 as "no seed"
    start = time.perf_counter()
    while time.perf_counter() - start < a.warmup:
        one_game(seed)
        seed += 1
    games = decisions = turns = capped = 0
    start = time.perf_counter()
    while True:
        d, t, c = one_game(seed)
        seed += 1
        games += 1
        decisions += d
        turns += t
        capped += c
        wall = time.perf_counter() - start
        if wall >= a.seconds:
            break
    out = {
        "engine": f"catanatron {version('catanatron')}",
        "players": 4,
        "policy": "RandomPlayer",
        "games": games,
        "games_per_sec": games / wall,
        "decisions_per_sec": decisions / wall,
        "decisions_per_game": decisions / games,
        "turns_per_game": turns / games,
        "capped": capped,
        "turn_cap": TURNS_LIMIT,
        "wall_seconds": wall,
    }
    print(
        f"catanatron {out['engine'].split()[-1]}: {out['games_per_sec']:.2f} games/s, "
        f"{out['decisions_per_game']:.0f} decisions/game, {out['turns_per_game']:.0f} turns/game, "
        f"{games} games, {capped} capped at {TURNS_LIMIT} turns",
        file=sys.stderr,
    )
    if a.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()

"""Shared helpers: every game and rule set, and a seeded random player."""

import random

import pytest

import spielleiter

def _configs():
    """Every game and rule set of the registry at its largest table, and each
    game's default rule set at its smallest too."""
    out = []
    for game in spielleiter.games():
        for k, r in enumerate(spielleiter.rule_sets(game)):
            lo, hi = r["players"]
            options = r["options"] or None
            for players in ([lo, hi] if k == 0 and lo != hi else [hi]):
                out.append((game, players, options, r["id"]))
    return out


_ALL = _configs()
CONFIGS = [(g, p, o) for g, p, o, _ in _ALL]
IDS = [f"{g}-{p}-{r}" for g, p, _, r in _ALL]


@pytest.fixture(params=CONFIGS, ids=IDS)
def config(request):
    return request.param


def random_steps(game: spielleiter.Game, rng: random.Random, steps: int, each=None):
    """Plays up to ``steps`` uniformly random legal actions (offers only now and then),
    calling ``each(game, seat, legal)`` before every action."""
    for _ in range(steps):
        seats = game.seats_to_act()
        if not seats:
            if game.is_over():
                return
            game.apply_chance()
            continue
        seat = seats[0]
        legal = game.legal_actions(seat)
        if each is not None:
            each(game, seat, legal)
        calm = [a for a in legal if a["type"] not in ("open_trade", "offer")]
        game.step(seat, rng.choice(calm if calm and rng.random() < 0.97 else legal))

"""Shared helpers: every game and rule set, and a seeded random player."""

import random

import pytest

import spielleiter

CONFIGS = [
    ("splendor", 2, None),
    ("splendor", 4, None),
    ("catan", 4, None),
    ("catan", 3, {"rules": "cities_knights"}),
    ("catan", 4, {"rules": "cities_knights_heroes"}),
    ("catan-junior", 2, None),
    ("catan-junior", 4, {"pro": True}),
]
IDS = [f"{g}-{p}-{(o or {}).get('rules', 'pro' if o else 'base')}" for g, p, o in CONFIGS]


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

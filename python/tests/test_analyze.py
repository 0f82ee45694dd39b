"""Game.analyze (issue 44): each legal action with the seat's chance to win, on every game and rule set."""

import random

import pytest

from spielleiter import Game, Refused

from conftest import random_steps


def to_decide(g: Game, rng: random.Random, steps: int) -> int:
    random_steps(g, rng, steps)
    while not g.seats_to_act() or len(g.legal_actions(g.seats_to_act()[0])) < 2:
        random_steps(g, rng, 1)
    return g.seats_to_act()[0]


def test_analyze_ranks_legal_actions_on_every_game(config):
    game, players, options = config
    g = Game(game, players, seed=5, options=options)
    seat = to_decide(g, random.Random(5), 30)
    before = (g.state_json(), g.version)
    found = g.analyze(seat, playouts=300, top=3, seed=2)
    assert (g.state_json(), g.version) == before, "an analysis changes nothing"
    legal = g.legal_actions(seat)
    indices = g.legal_indices(seat)
    assert found["seat"] == seat and found["playouts"] >= 300
    rows = found["actions"]
    assert len(rows) == min(3, len(legal))
    assert [r["visits"] for r in rows] == sorted((r["visits"] for r in rows), reverse=True)
    for r in rows:
        assert r["action"] == legal[r["index"]]
        assert r["space_index"] == indices[r["index"]]
        if r["win"] is not None:
            assert 0.0 <= r["low"] <= r["win"] <= r["high"] <= 1.0
            # Every seat's chance after the action, the seat's own its `win`.
            assert len(r["seats"]) == players and abs(r["seats"][seat] - r["win"]) < 1e-9
        assert all(set(step) == {"seat", "action"} for step in r["line"])
    assert g.analyze(seat, playouts=300, top=3, seed=2)["actions"] == rows, "same seed, same analysis"


def test_analyze_reads_only_the_seats_view():
    g = Game("catan", 4, seed=3)
    seat = to_decide(g, random.Random(3), 80)
    other = g.determinize(seat, seed=99)
    assert other.state_json() != g.state_json()
    a = g.analyze(seat, playouts=200, seed=4)["actions"]
    b = other.analyze(seat, playouts=200, seed=4)["actions"]
    assert [(r["index"], r["visits"], r["win"]) for r in a] == [(r["index"], r["visits"], r["win"]) for r in b]


def test_analyze_refusals_have_rule_ids_and_change_nothing():
    g = Game("splendor", 2, seed=1)
    seat = g.seats_to_act()[0]
    before = (g.state_json(), g.version)
    cases = [
        (dict(seat=seat, playouts=100_001), "engine.analyze_budget"),
        (dict(seat=seat, ms=30_001), "engine.analyze_budget"),
        (dict(seat=seat, playouts=0), "engine.analyze_budget"),
        (dict(seat=seat, playouts=10**40), "engine.analyze_budget"),
        (dict(seat=seat, playouts=-1), "engine.analyze_budget"),
        (dict(seat=seat, playouts="many"), "engine.analyze_budget"),
        (dict(seat=1 - seat), "engine.not_your_turn"),
        (dict(seat=7), "engine.no_such_seat"),
        (dict(seat=-1), "engine.no_such_seat"),
    ]
    for kwargs, rule in cases:
        with pytest.raises(Refused) as e:
            g.analyze(**kwargs)
        assert e.value.rule == rule, (kwargs, e.value.rule)
        assert e.value.de and e.value.en
    assert (g.state_json(), g.version) == before

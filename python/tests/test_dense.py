"""The dense action space: the mask equals the legal list at every step of random games."""

import random

import numpy as np
import pytest

from spielleiter import Game, Refused

from conftest import random_steps


def test_mask_equals_legal_list(config):
    game, players, options = config
    for seed in (1, 2):
        g = Game(game, players, seed=seed, options=options)
        n = g.num_distinct_actions
        checked = [0]

        def each(g, seat, legal):
            mask = g.legal_mask(seat)
            assert mask.dtype == np.bool_ and mask.shape == (n,)
            indices = [g.action_index(a) for a in legal]
            # Every legal action has its own index, and nothing else is set.
            assert len(set(indices)) == len(legal)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
            assert g.legal_indices(seat) == indices
            for a, i in zip(legal, indices):
                assert g.index_action(i) == a
            # Seats not to act have an empty mask.
            for other in range(players):
                if other not in g.seats_to_act():
                    assert not g.legal_mask(other).any()
            checked[0] += 1

        random_steps(g, random.Random(seed), 700, each)
        assert checked[0] > 50


def test_action_kinds_cover_the_space(config):
    game, players, options = config
    g = Game(game, players, options=options)
    kinds = g.action_kinds()
    assert kinds[0][1] == 0 and kinds[-1][2] == g.num_distinct_actions
    assert all(a[2] == b[1] for a, b in zip(kinds, kinds[1:]))
    for t, start, end in kinds:
        assert g.index_action(start)["type"] == t and g.index_action(end - 1)["type"] == t


def test_index_steps_like_the_action():
    a, b = Game("catan", 4, seed=5), Game("catan", 4, seed=5)
    rng = random.Random(4)
    for _ in range(200):
        seats = a.seats_to_act()
        if not seats:
            break
        legal = [x for x in a.legal_actions(seats[0]) if x["type"] != "open_trade"]
        act = rng.choice(legal)
        a.step(seats[0], act)
        b.step(seats[0], b.action_index(act))
        assert a.state_json() == b.state_json()


def test_every_index_round_trips(config):
    # Each index's action maps back to it: the key tables (CATAN's typed
    # dense_key) and the hash map agree on the whole space, every kind included.
    game, players, options = config
    g = Game(game, players, options=options)
    for i in range(g.num_distinct_actions):
        assert g.action_index(g.index_action(i)) == i


def test_actions_outside_the_space_have_no_index():
    # Fields too large for their key slot, or ids past the board, are in no
    # slot of another action (the key stays injective).
    g = Game("catan", 4)
    for action in ({"type": "move_robber", "hex": 3, "victim": 9}, {"type": "build_road", "edge": 200},
                   {"type": "move_robber", "hex": 40, "victim": 1}):
        with pytest.raises(Refused) as e:
            g.action_index(action)
        assert e.value.rule in ("engine.action_index", "engine.malformed"), action
    assert g.index_action(g.action_index({"type": "move_robber", "hex": 3, "victim": 1})) == {
        "type": "move_robber", "hex": 3, "victim": 1}

"""Observation tensors: fixed size, from the seat's view only."""

import random

import numpy as np

from spielleiter import Game

from conftest import random_steps


def test_observation_is_fixed_size_and_view_only(config):
    """The determinize check of the conformance suite, run on the tensor: a
    position with every secret hidden from the viewer resampled gives the
    viewer the same tensor (so no hidden card reaches it), while the spectator
    and the other seats may see a difference."""
    game, players, options = config
    g = Game(game, players, seed=3, options=options)
    shape = g.observation_shape
    checked = [0]

    def each(g, seat, legal):
        if checked[0] % 7 == 0:
            for viewer in list(range(players)) + [None]:
                obs = g.observation(viewer)
                assert obs.dtype == np.float32 and obs.shape == shape
                assert np.isfinite(obs).all()
                for k in range(2):
                    d = g.determinize(viewer, seed=100 + k)
                    assert np.array_equal(d.observation(viewer), obs), f"viewer {viewer} sees a hidden change"
        checked[0] += 1

    random_steps(g, random.Random(3), 400, each)
    assert checked[0] > 30


def test_hidden_cards_differ_in_the_state_but_not_in_the_tensor():
    # A Catan position where hands are hidden: the determinized state differs,
    # the viewer's tensor does not.
    g = Game("catan", 4, seed=9)
    random_steps(g, random.Random(9), 300)
    d = g.determinize(0, seed=1234)
    if d.state_json() != g.state_json():
        assert np.array_equal(d.observation(0), g.observation(0))


def test_layout_names_every_block(config):
    game, players, options = config
    g = Game(game, players, options=options)
    layout = g.observation_layout()
    offsets = [o for _, o in layout]
    assert offsets[0] == 0 and offsets == sorted(offsets) and offsets[-1] < g.observation_shape[0]
    assert all(name for name, _ in layout)

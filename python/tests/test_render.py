"""Pictures: render_mode="ansi" (a seat's view as text) and "rgb_array" (the board as an image)."""

import random

import gymnasium
import numpy as np
import pytest

import spielleiter  # noqa: F401 (registers the ids)
from spielleiter import Game, Refused, VectorEnv

from conftest import random_steps

GAMES = [("spielleiter/Splendor-v0", "splendor", 2), ("spielleiter/Catan-v0", "catan", 4),
         ("spielleiter/CatanJunior-v0", "catan-junior", 4)]


def _is_picture(img, width=640):
    assert isinstance(img, np.ndarray) and img.dtype == np.uint8
    assert img.ndim == 3 and img.shape[2] == 3 and img.shape[1] == width and 100 < img.shape[0] < 4 * width
    # Not blank: many colours, and not one flat fill.
    colours = np.unique(img.reshape(-1, 3), axis=0)
    assert len(colours) > 20 and img.std() > 10


@pytest.mark.parametrize("env_id,game,players", GAMES)
def test_gym_rgb_array_is_an_image_that_changes_with_the_game(env_id, game, players):
    env = gymnasium.make(env_id, players=players, render_mode="rgb_array")
    env.reset(seed=5)
    first = env.render()
    _is_picture(first)
    rng = np.random.default_rng(5)
    changed = False
    for _ in range(60):
        mask = env.unwrapped.action_masks()
        _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        img = env.render()
        _is_picture(img)
        if img.shape != first.shape or not np.array_equal(img, first):
            changed = True
            break
        if term or trunc:
            break
    assert changed, "the picture did not change after moves"


@pytest.mark.parametrize("env_id,game,players", GAMES)
def test_gym_ansi_is_the_agents_view_as_text(env_id, game, players):
    env = gymnasium.make(env_id, players=players, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "view of seat 0" in text
    assert "seat 0 (you)" in text and f"seat {players - 1}" in text
    assert "{" not in text.splitlines()[0]  # a headline, not a JSON dump


def test_ansi_and_picture_show_no_secret(config):
    """The determinize check on the pictures: resampling every secret the
    viewer does not see changes neither its text nor its image."""
    game, players, options = config
    g = Game(game, players, seed=4, options=options)
    checked = [0]

    def each(g, seat, legal):
        if checked[0] % 37 == 0:
            for viewer in range(players):
                text = g.render(viewer, "ansi")
                svg = g.render(viewer, "svg")
                d = g.determinize(viewer, seed=7 + checked[0])
                assert d.render(viewer, "ansi") == text, f"seat {viewer}'s text shows a hidden card"
                assert d.render(viewer, "svg") == svg, f"seat {viewer}'s picture shows a hidden card"
        checked[0] += 1

    random_steps(g, random.Random(4), 300, each)
    assert checked[0] > 30


def test_catan_ansi_hides_the_other_hands_which_the_state_has():
    g = Game("catan", 4, seed=9)
    random_steps(g, random.Random(9), 300)
    state = g.view(None)  # noqa: F841 (the spectator's view: no hands)
    text = g.render(0, "ansi")
    hands = [line for line in text.splitlines() if line.startswith("seat ")]
    assert len(hands) == 4
    assert "hand {" in hands[0] or "hand -" in hands[0]  # the viewer's own hand is shown
    for line in hands[1:]:
        assert "hand {" not in line  # the others' are hidden (null in the view)
    assert "resource_count" in " ".join(hands[1:])


def test_vector_env_and_pettingzoo_render():
    v = VectorEnv("catan", num_envs=3, players=4, seed=1)
    img = v.render(2)
    _is_picture(img)
    _is_picture(v.render(0, seat=1, width=320), width=320)
    assert v.render(1, mode="svg").startswith("<svg")
    from spielleiter.pettingzoo import env as aec

    e = aec("catan-junior", 3, render_mode="rgb_array")
    e.reset(seed=3)
    _is_picture(e.render())
    e = aec("splendor", 2, render_mode="ansi")
    e.reset(seed=3)
    assert "Splendor" in e.render()


def test_bad_render_arguments_are_refused():
    g = Game("splendor", 2)
    v = VectorEnv("catan", num_envs=2, players=4)
    for call in (lambda: g.render(0, "png"), lambda: g.render(5, "ansi"), lambda: g.render(0, "rgb_array", 0),
                 lambda: g.render(0, "rgb_array", 100_000), lambda: v.render(2), lambda: v.render(0, seat=4),
                 lambda: v.render(0, mode="human")):
        with pytest.raises(Refused):
            call()
    assert g.render(0, "ansi")  # still usable

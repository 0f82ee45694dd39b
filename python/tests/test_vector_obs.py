"""The vector env's observation rows against a fresh encode of the same positions.

The env writes each row in place and skips the blocks a memo of the row says
are written already (the CATAN board, each player's pieces): these tests make
sure that a row never goes stale — after many steps, resets, restores and, in
Cities & Knights, after the Inventor swapped two numbers on the board.
"""

import json

import numpy as np
import pytest

from spielleiter import Game, VectorEnv


def assert_rows_fresh(env: VectorEnv) -> int:
    """Every row whose game has a seat to act equals that seat's tensor encoded
    afresh from the game's state; returns how many rows were compared."""
    checked = 0
    for i in range(env.num_envs):
        seat = int(env.to_act[i])
        if seat < 0:
            continue
        g = Game.load(env.game, env.state_json(i), options=env.options)
        fresh = g.observation(seat)
        row = env.obs[i]
        diff = np.flatnonzero(row != fresh)
        assert diff.size == 0, f"game {i}: row differs from a fresh encode at {diff[:10].tolist()}"
        checked += 1
    return checked


@pytest.mark.parametrize("threads", [1, 2])
def test_rows_equal_a_fresh_encode_after_many_steps(config, threads):
    game, players, options = config
    env = VectorEnv(game, num_envs=6, players=players, options=options, seed=11, threads=threads)
    rng = np.random.default_rng(11)
    checked = assert_rows_fresh(env)
    snap = None
    for step in range(1, 601):
        env.step(env.random_actions(rng))
        if step == 200:
            snap = env.snapshot()
        if step % 50 == 0:
            checked += assert_rows_fresh(env)
    # Back to an earlier position: every row is rewritten from it.
    env.restore(snap)
    checked += assert_rows_fresh(env)
    env.reset(seed=12)
    checked += assert_rows_fresh(env)
    assert checked > 30


def _board_numbers(state_json: str) -> list:
    return [t.get("number") for t in json.loads(state_json)["board"]["tiles"]]


def test_rows_follow_the_inventor_in_cities_and_knights():
    """C&K: whenever a game can play the Inventor (or the progress card that
    starts it), it does; after every such step the rows must show the swapped
    numbers, which the cached board block must not hide."""
    options = {"rules": "cities_knights", "victory_points": 13}
    env = VectorEnv("catan", num_envs=16, players=4, options=options, seed=3)
    g = Game("catan", 4, options=env.options)
    kinds = {name: (lo, hi) for name, lo, hi in g.action_kinds()}
    lo, hi = kinds["play_inventor"]
    card = g.action_index({"type": "play_progress", "card": "inventor"})
    science = g.action_index({"type": "build_improvement", "track": "science"})
    rng = np.random.default_rng(3)
    swaps = 0
    for step in range(30000):
        actions = env.random_actions(rng)
        mask = env.mask
        inventor = mask[:, lo:hi].any(axis=1)
        # Steer toward the Inventor: the card when held, the science track to draw it.
        actions = np.where(mask[:, card], card, actions)
        actions = np.where(mask[:, science] & (rng.random(env.num_envs) < 0.5), science, actions)
        picks = lo + mask[:, lo:hi].argmax(axis=1)
        actions = np.where(inventor, picks, actions)
        before = {int(i): _board_numbers(env.state_json(int(i))) for i in np.flatnonzero(inventor)}
        env.step(actions)
        for i, numbers in before.items():
            if int(env.lengths[i]) > 0 and _board_numbers(env.state_json(i)) != numbers:
                swaps += 1
        if before:
            assert_rows_fresh(env)
        if swaps >= 3:
            break
    assert swaps >= 3, "no game played the Inventor"
    # And long after: still equal.
    for _ in range(200):
        env.step(env.random_actions(rng))
    assert_rows_fresh(env)


@pytest.mark.parametrize("options", [{}, {"rules": "cities_knights"}])
def test_the_phase_slot_is_the_phase_of_the_state(options):
    """The phase one-hot names the phase of the state it encodes, on a thread
    that has encoded many phases before (a cache once keyed by the outer
    enum's variant gave every base phase the slot of the first one seen)."""
    g = Game("catan", 4, seed=5, options=options)
    start = dict(g.observation_layout())
    name = next(n for n in start if n.startswith("phase"))
    tags = name.split(": ", 1)[1].rstrip(")").split(", ")
    rng = np.random.default_rng(5)
    seen = set()
    for _ in range(400):
        if g.is_over():
            break
        to_act = g.to_act()
        if not to_act.get("seats"):
            g.apply_chance()
            continue
        seat = to_act["seats"][0]
        phase = json.loads(g.state_json())["state"]["phase"]["phase"]
        slots = g.observation(seat)[start[name]:start[name] + len(tags)]
        assert tags[int(np.argmax(slots))] == phase and slots.sum() == 1, (phase, slots)
        seen.add(phase)
        legal = g.legal_actions(seat)
        g.step(seat, legal[int(rng.integers(len(legal)))])
    assert {"setup", "roll", "main"} <= seen, seen

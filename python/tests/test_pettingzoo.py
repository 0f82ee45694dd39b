"""PettingZoo AEC envs pass the API test; chance can be an agent."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import spielleiter.pettingzoo as spz


@pytest.mark.parametrize("game,players,options", [
    ("splendor", 2, None),
    ("catan", 4, None),
    ("catan-junior", 3, None),
])
def test_api_test(game, players, options):
    api_test(spz.env(game, players, options=options), num_cycles=300)


def test_chance_agent_plays_the_dice():
    env = spz.env("catan", 3, chance_agent=True, seed=4)
    env.reset()
    rng = np.random.default_rng(0)
    saw_chance = False
    for agent in env.agent_iter(max_iter=3000):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        if agent == "chance":
            saw_chance = True
            p = np.asarray(env.infos["chance"]["p"])
            assert abs(p.sum() - 1) < 1e-9 and obs["action_mask"].sum() == len(p)
            env.step(int(rng.choice(len(p), p=p / p.sum())))
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert saw_chance

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


@pytest.mark.parametrize("game,players,options", [
    ("splendor", 2, None),
    ("catan", 4, {"trade_offers_per_turn": 1}),
    ("catan", 3, {"rules": "cities_knights_heroes"}),
    ("catan-junior", 3, None),
])
def test_parallel_api_test(game, players, options):
    """Issue 45: a native parallel env (aec_to_parallel refuses a turn-based AEC env)."""
    from pettingzoo.test import parallel_api_test

    parallel_api_test(spz.parallel_env(game, players, options=options, seed=3), num_cycles=400)


def test_parallel_env_plays_simultaneous_discards_in_one_step():
    env = spz.parallel_env("catan", 4, seed=11, max_steps=20000)
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(1)
    most_at_once = 0
    while env.agents:
        acting = [a for a in env.agents if obs[a]["action_mask"].any()]
        most_at_once = max(most_at_once, len(acting))
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if a in acting else 0
                   for a in env.agents}
        obs, rewards, term, trunc, _ = env.step(actions)
    assert most_at_once >= 2, "no step had two agents acting at once (discards after a 7)"
    assert sorted(rewards.values())[-1] == 1.0 or all(trunc.values())


def test_parallel_env_refuses_a_missing_or_illegal_action_and_changes_nothing():
    from spielleiter import Refused

    env = spz.parallel_env("splendor", 2, seed=1)
    obs, _ = env.reset(seed=1)
    acting = next(a for a in env.agents if obs[a]["action_mask"].any())
    before = env.game.state_json()
    with pytest.raises(Refused) as e:
        env.step({})
    assert e.value.rule == "engine.action_index" and "missing" in e.value.en
    illegal = int(np.flatnonzero(obs[acting]["action_mask"] == 0)[0])
    with pytest.raises(Refused) as e:
        env.step({acting: illegal})
    assert e.value.rule == "engine.action_index"
    assert env.game.state_json() == before
    env.step({acting: int(np.flatnonzero(obs[acting]["action_mask"])[0])})
    assert env.game.state_json() != before

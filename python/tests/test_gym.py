"""Gymnasium envs: registered ids, check_env, masks for MaskablePPO, opponents."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import spielleiter  # noqa: F401 (registers the ids)
from spielleiter import Refused


@pytest.mark.parametrize("env_id,kwargs", [
    ("spielleiter/Splendor-v0", {"players": 2}),
    ("spielleiter/Catan-v0", {"players": 4, "opponents": "greedy", "illegal_action": "resample"}),
    ("spielleiter/Catan-v0", {"players": 3, "options": {"rules": "cities_knights_heroes"},
                              "illegal_action": "resample"}),
    ("spielleiter/CatanJunior-v0", {"players": 3, "opponents": ["random", "greedy"], "illegal_action": "resample"}),
])
def test_check_env(env_id, kwargs):
    env = gymnasium.make(env_id, **kwargs)
    check_env(env.unwrapped, skip_render_check=True)


def test_an_episode_against_mcts_ends_with_a_reward():
    env = gymnasium.make("spielleiter/Splendor-v0", players=2, opponents="mcts:playouts=20")
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    total, done = 0.0, False
    while not done:
        mask = env.unwrapped.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.any()
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.observation_space.contains(obs)
        total += r
        done = term or trunc
    assert total in (-1.0, 1.0, 0.0)


def test_same_seed_same_episode():
    def run():
        env = gymnasium.make("spielleiter/Catan-v0", players=4)
        obs, _ = env.reset(seed=5)
        env.action_space.seed(3)
        out = [obs]
        for _ in range(60):
            obs, _, term, trunc, _ = env.step(env.action_space.sample())
            out.append(obs)
            if term or trunc:
                break
        return np.stack(out)

    assert np.array_equal(run(), run())


def test_illegal_action_is_refused():
    env = gymnasium.make("spielleiter/Splendor-v0", illegal_action="raise")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.unwrapped.action_masks())[0])
    before = env.unwrapped.state_json()
    with pytest.raises(Refused) as e:
        env.step(illegal)
    assert e.value.rule == "engine.illegal_action_index"
    n = env.action_space.n
    for outside in (n, 10**9, -1, 10**40):
        with pytest.raises(Refused) as e:
            env.step(outside)
        assert e.value.rule == "engine.action_index"
        assert "outside the action space" in e.value.en, e.value.en
    for no_index in (1.5, "3", [1, 2], None):
        with pytest.raises(Refused) as e:
            env.step(no_index)
        assert e.value.rule == "engine.action_index"
    assert env.unwrapped.state_json() == before
    lenient = gymnasium.make("spielleiter/Splendor-v0")  # the default: resample
    lenient.reset(seed=1)
    *_, info = lenient.step(illegal)
    assert info["illegal_action"]
    with pytest.raises(Refused) as e:
        lenient.step(n)  # outside the space: refused under every policy
    assert e.value.rule == "engine.action_index"
    with pytest.raises(Refused) as e:
        gymnasium.make("spielleiter/Splendor-v0", opponents="grandmaster")
    assert e.value.rule == "engine.unknown_bot"


def test_step_before_reset_is_refused_not_played():
    """Issue 45: a step before the first reset raised nothing and played a game nobody seeded."""
    env = gymnasium.make("spielleiter/Catan-v0", disable_env_checker=True).unwrapped
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def _own_points(game, seat):
    """A reward callable: the agent's public victory points (module level, so the env pickles)."""
    return float(game.view(seat)["players"][seat]["public_points"]) if game.game == "catan" else 0.0


def test_a_reward_callable_is_paid_and_a_bad_one_is_refused_without_a_step():
    env = gymnasium.make("spielleiter/Catan-v0", players=4, reward=_own_points).unwrapped
    obs, info = env.reset(seed=1)
    rewards = []
    for _ in range(60):
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        rewards.append(r)
        if term or trunc:
            break
    assert set(rewards) <= {0.0, 1.0, 2.0, 3.0, 4.0} and max(rewards) >= 2.0  # two settlements placed

    calls = {"n": 0}

    def flaky(game, seat):
        calls["n"] += 1
        if calls["n"] == 3:
            raise ValueError("boom")
        return "lots" if calls["n"] == 4 else 0.5

    env = gymnasium.make("spielleiter/Splendor-v0", players=2, reward=flaky).unwrapped
    obs, info = env.reset(seed=2)
    for _ in range(2):
        obs, r, *_ , info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert r == 0.5
    before = env.state_json()
    a = int(np.flatnonzero(env.action_masks())[0])
    for expected in ("The reward function failed", "not a finite number"):
        with pytest.raises(Refused) as e:
            env.step(a)
        assert e.value.rule == "engine.reward" and expected in e.value.en
        assert env.state_json() == before  # the step was undone
    obs, r, *_ = env.step(a)
    assert r == 0.5


@pytest.mark.parametrize("env_id,kwargs", [
    ("spielleiter/Splendor-v0", {"players": 2}),
    ("spielleiter/Catan-v0", {"players": 4}),
    ("spielleiter/Catan-v0", {"players": 3, "options": {"rules": "cities_knights"}}),
    ("spielleiter/CatanJunior-v0", {"players": 2}),
])
def test_an_episode_against_lookahead_ends(env_id, kwargs):
    env = gymnasium.make(env_id, opponents="lookahead:samples=1", max_steps=300, **kwargs)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    done, steps = False, 0
    while not done:
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.unwrapped.action_masks()))))
        done, steps = term or trunc, steps + 1
    assert steps > 0


def test_bad_lookahead_options_are_refused():
    with pytest.raises(Refused) as e:
        gymnasium.make("spielleiter/Splendor-v0", opponents="lookahead:width=0").reset(seed=0)
    assert "width=0" in str(e.value)

"""RLlib out of the box: the envs' observations in the form RLlib's action-masking PPO module
reads, RLlib's env checks, and (with torch) a tiny PPO iteration on the new API stack.

CI installs Ray and RLlib but not torch: the torch tests skip there. None is timed.
"""

import numpy as np
import pytest

import spielleiter

from conftest import CONFIGS, IDS

pytest.importorskip("ray.rllib", reason="RLlib is not installed for this Python (pip install './python[rllib]')")

from gymnasium import spaces  # noqa: E402 (RLlib brings gymnasium)

import spielleiter.ray as sray  # noqa: E402


def _check_masking_space(space, n_obs: int, n_act: int) -> None:
    """What `ActionMaskingTorchRLModule` needs: a Dict with exactly `observations` (the float
    vector its default encoder takes) and `action_mask` (0/1 over the Discrete action space;
    the module takes its log, which torch computes for integer tensors too)."""
    assert isinstance(space, spaces.Dict)
    assert set(space.spaces) == {"observations", "action_mask"}
    obs, mask = space["observations"], space["action_mask"]
    assert isinstance(obs, spaces.Box) and obs.dtype == np.float32 and obs.shape == (n_obs,)
    assert isinstance(mask, spaces.Box) and mask.shape == (n_act,)
    assert mask.dtype == np.int8 and mask.low.min() == 0 and mask.high.max() == 1


@pytest.mark.parametrize("game,players,options", CONFIGS, ids=IDS)
def test_multi_agent_observations_have_the_masking_keys(game, players, options):
    env = sray.RLlibMultiAgentEnv({"game": game, "players": players, "options": options, "seed": 3})
    g = spielleiter.Game(game, players, 0, env.options)
    n_obs, n_act = g.observation_shape[0], g.num_distinct_actions
    for agent in env.possible_agents:
        _check_masking_space(env.observation_spaces[agent], n_obs, n_act)
        assert env.action_spaces[agent] == spaces.Discrete(n_act)
    obs, _ = env.reset()
    for _ in range(30):
        (agent, o), = obs.items()
        assert env.observation_spaces[agent].contains(o)
        legal = np.flatnonzero(o["action_mask"])
        assert len(legal) > 0
        obs, _, term, trunc, _ = env.step({agent: int(legal[0])})
        if term["__all__"] or trunc["__all__"]:
            break


@pytest.mark.parametrize("game,players,options", CONFIGS, ids=IDS)
def test_single_agent_env_has_the_masking_keys(game, players, options):
    env = sray.RLlibSingleAgentEnv({"game": game, "players": players, "options": options, "opponents": "random"})
    g = spielleiter.Game(game, players, 0, env.env.options)
    _check_masking_space(env.observation_space, g.observation_shape[0], g.num_distinct_actions)
    assert env.action_space == spaces.Discrete(g.num_distinct_actions)
    obs, info = env.reset(seed=5)
    assert "action_mask" not in info
    for _ in range(30):
        assert env.observation_space.contains(obs)
        obs, _, term, trunc, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert "action_mask" not in info
        if term or trunc:
            break


def test_single_agent_env_passes_gymnasiums_check():
    from gymnasium.utils.env_checker import check_env

    check_env(sray.RLlibSingleAgentEnv({"game": "splendor"}), skip_render_check=True)


def test_the_old_observation_key_is_still_there():
    env = sray.RLlibMultiAgentEnv({"game": "catan-junior", "obs_key": "observation"})
    assert set(env.observation_space.spaces) == {"observation", "action_mask"}
    obs, _ = env.reset()
    assert set(next(iter(obs.values()))) == {"observation", "action_mask"}


@pytest.mark.parametrize("options", [None, {"rules": "cities_knights"}], ids=["base", "cities_knights"])
def test_catan_rule_sets_pass_the_multi_agent_check(options):
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    check_multiagent_environments(sray.RLlibMultiAgentEnv({"game": "catan", "options": options}))


def _tiny(opponents, game="splendor", options=None):
    """A PPO config as small as RLlib accepts: one iteration is a few hundred env steps."""
    return sray.ppo_config(game, options, opponents=opponents, hidden=(16,), envs_per_env_runner=2, seed=0,
                           env_config={"max_turns": 30}, train_batch_size_per_learner=128, minibatch_size=64,
                           num_epochs=1)


@pytest.fixture
def ray_session(tmp_path, monkeypatch):
    pytest.importorskip("torch", reason="torch is not installed (RLlib's PPO modules need it; CI has none)")
    import ray

    # Ray puts the driver's working directory first on every worker's sys.path (see test_ray_record).
    monkeypatch.chdir(tmp_path)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield tmp_path
    ray.shutdown()


@pytest.mark.parametrize("opponents", ["random", None], ids=["against-random", "self-play"])
def test_one_ppo_iteration_on_splendor(ray_session, opponents):
    algo = _tiny(opponents).build_algo()
    try:
        result = algo.train()
        assert result["env_runners"]["num_env_steps_sampled"] >= 128
        module = sray.module_of(algo)
        rate = sray.win_rate(module, "splendor", games=2, max_turns=30)
        assert rate["games"] == 2 and 0 <= rate["wins"] <= 2 and rate["decisions"] > 0
        algo.save_to_path(str(ray_session / "ckpt"))
    finally:
        algo.stop()


@pytest.mark.parametrize("game,options", [("catan", {"rules": "cities_knights"}), ("catan-junior", None)],
                         ids=["cities_knights", "catan-junior"])
def test_one_self_play_iteration_on_catan(ray_session, game, options):
    algo = _tiny(None, game, options).build_algo()
    try:
        assert algo.train()["env_runners"]["num_env_steps_sampled"] >= 128
    finally:
        algo.stop()


def test_the_masked_module_only_plays_legal_actions(ray_session):
    algo = _tiny("random").build_algo()
    try:
        module = sray.module_of(algo)
        env = sray.RLlibSingleAgentEnv({"game": "splendor", "illegal_action": "raise", "max_turns": 30})
        obs, _ = env.reset(seed=1)
        for _ in range(60):
            for greedy in (True, False):
                assert obs["action_mask"][sray.act(module, obs, greedy)] == 1
            obs, _, term, trunc, _ = env.step(sray.act(module, obs))
            if term or trunc:
                obs, _ = env.reset()
    finally:
        algo.stop()

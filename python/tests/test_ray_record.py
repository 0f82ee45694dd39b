"""Simulation totals, their Ray scale-out, and Parquet datasets."""

import pytest

import spielleiter


def test_slices_add_up_to_the_run():
    whole = spielleiter.simulate("splendor", ["random", "greedy"], 20, seed=7)
    parts = [spielleiter.simulate("splendor", ["random", "greedy"], 10, seed=7, first=f) for f in (0, 10)]
    assert spielleiter.sim.add_totals(parts) == whole
    assert whole["games"] == 20 and sum(whole["wins"]) >= 20 - whole["capped"] - 1


def test_ray_gives_the_local_totals(tmp_path, monkeypatch):
    ray = pytest.importorskip("ray", reason="ray is not installed for this Python")
    import spielleiter.ray as sray

    # Ray puts the driver's working directory first on every worker's sys.path. Run from
    # python/ (as CI and a developer do), that would be the source package without its built
    # extension, shadowing the installed one; an empty directory cannot shadow anything.
    monkeypatch.chdir(tmp_path)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        local = spielleiter.simulate("catan", ["random", "greedy", "random"], 12, seed=3)
        remote = sray.simulate("catan", ["random", "greedy", "random"], 12, seed=3, chunk=5)
        assert remote == local
    finally:
        ray.shutdown()


def test_rllib_env_plays_a_game():
    pytest.importorskip("ray.rllib", reason="RLlib is not installed for this Python (pip install './python[rllib]')")
    import numpy as np

    from spielleiter.ray import RLlibMultiAgentEnv

    env = RLlibMultiAgentEnv({"game": "splendor", "players": 2, "seed": 1})
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(5000):
        (agent, o), = obs.items()
        action = int(rng.choice(np.flatnonzero(o["action_mask"])))
        obs, rewards, term, trunc, _ = env.step({agent: action})
        if term["__all__"]:
            assert sorted(rewards.values())[-1] == 1.0
            break
    else:
        pytest.fail("the game did not end")


@pytest.mark.parametrize("game", spielleiter.games())
def test_rllib_env_check_passes_with_defaults(game):
    pytest.importorskip("ray.rllib", reason="RLlib is not installed for this Python (pip install './python[rllib]')")
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    from spielleiter.ray import RLlibMultiAgentEnv

    check_multiagent_environments(RLlibMultiAgentEnv({"game": game}))


def test_record_writes_reproducible_parquet(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    a, b = tmp_path / "a.parquet", tmp_path / "b.parquet"
    n = spielleiter.record("catan-junior", ["random", "greedy"], 3, str(a), seed=11)
    assert spielleiter.record("catan-junior", ["random", "greedy"], 3, str(b), seed=11) == n > 0
    ta, tb = pq.read_table(a), pq.read_table(b)
    assert ta.equals(tb)
    assert ta.column_names == ["game_id", "seed", "step", "seat", "observation", "mask", "action_index", "action",
                               "reward"]
    row = ta.slice(0, 1).to_pylist()[0]
    g = spielleiter.Game("catan-junior", 2, seed=row["seed"])
    assert len(row["observation"]) == g.observation_shape[0]
    assert row["mask"][row["action_index"]]
    assert g.index_action(row["action_index"]) == __import__("json").loads(row["action"])
    assert set(ta.column("game_id").to_pylist()) == {0, 1, 2}

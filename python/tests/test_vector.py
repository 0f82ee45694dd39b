"""VectorEnv: owned arrays, auto-reset, threads, snapshots, refusals."""

import numpy as np
import pytest

from spielleiter import Refused, VectorEnv


def run(env: VectorEnv, steps: int, seed: int):
    rng = np.random.default_rng(seed)
    finished = 0
    trace = []
    for _ in range(steps):
        obs, rewards, term, trunc, to_act = env.step(env.random_actions(rng))
        finished += int(term.sum() + trunc.sum())
        trace.append((obs.sum(), rewards.sum(), to_act.copy()))
    return finished, trace


def test_arrays_are_owned_and_written_in_place():
    env = VectorEnv("splendor", num_envs=8, players=2, seed=1)
    obs0, mask0, to_act0 = env.reset(seed=1)
    obs, rewards, term, trunc, to_act = env.step(env.random_actions(np.random.default_rng(0)))
    assert obs is obs0 and to_act is to_act0 and env.mask is mask0
    assert obs.dtype == np.float32 and obs.shape == (8, env.obs_len)
    assert env.mask.dtype == np.bool_ and env.mask.shape == (8, env.num_actions)
    assert (env.mask.sum(axis=1) > 0).all()
    assert rewards.shape == (8, 2)


def test_games_finish_and_reset_themselves():
    env = VectorEnv("catan", num_envs=16, players=4, seed=2)
    finished, _ = run(env, 3000, 2)
    assert finished > 0
    assert (env.to_act >= 0).all()


def test_threads_do_not_change_the_run():
    a = VectorEnv("catan-junior", num_envs=32, players=3, seed=3, threads=1)
    b = VectorEnv("catan-junior", num_envs=32, players=3, seed=3, threads=2)
    fa, ta = run(a, 300, 5)
    fb, tb = run(b, 300, 5)
    assert fa == fb and all(x[0] == y[0] and x[1] == y[1] and (x[2] == y[2]).all() for x, y in zip(ta, tb))


def test_threads_and_a_catan_batch_match_one_thread():
    # More games than runs of games (each thread claims runs in turn), observations on.
    a = VectorEnv("catan", num_envs=100, players=4, seed=6, threads=1)
    b = VectorEnv("catan", num_envs=100, players=4, seed=6, threads=3)
    rng_a, rng_b = np.random.default_rng(6), np.random.default_rng(6)
    for _ in range(200):
        a.step(a.random_actions(rng_a))
        b.step(b.random_actions(rng_b))
    assert np.array_equal(a.obs, b.obs) and np.array_equal(a.mask, b.mask)
    assert np.array_equal(a.to_act, b.to_act) and np.array_equal(a.lengths, b.lengths)


def _steps_in_child(env, conn):
    _, trace = run(env, 50, 7)
    conn.send(([float(t[0]) for t in trace], env.obs.copy()))
    conn.close()


def test_threads_survive_a_fork():
    """A forked child inherits the env but not its helper threads: it starts
    its own and plays on exactly as the parent does."""
    import multiprocessing
    import warnings

    env = VectorEnv("catan", num_envs=16, players=4, seed=8, threads=2)
    run(env, 20, 1)
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork() of a multi-threaded process
        p = ctx.Process(target=_steps_in_child, args=(env, child))
        p.start()
    got = parent.recv() if parent.poll(120) else None
    p.join(30)
    assert got is not None and p.exitcode == 0, "the child did not finish"
    _, trace = run(env, 50, 7)
    assert got[0] == [float(t[0]) for t in trace] and np.array_equal(got[1], env.obs)


def test_snapshot_and_restore_replay_exactly():
    env = VectorEnv("catan", num_envs=8, players=4, seed=4, options={"rules": "cities_knights"})
    run(env, 100, 1)
    snap = env.snapshot()
    obs = env.obs.copy()
    _, t1 = run(env, 100, 9)
    env.restore(snap)
    assert np.array_equal(env.obs, obs)
    _, t2 = run(env, 100, 9)
    assert all(x[0] == y[0] and (x[2] == y[2]).all() for x, y in zip(t1, t2))


def test_an_illegal_index_changes_no_game():
    env = VectorEnv("splendor", num_envs=4, players=2, seed=5)
    states = [env.state_json(i) for i in range(4)]
    actions = env.random_actions(np.random.default_rng(1))
    actions[2] = int(np.flatnonzero(~env.mask[2])[0])
    with pytest.raises(Refused) as e:
        env.step(actions)
    assert e.value.rule == "engine.illegal_action_index" and "2" in e.value.en
    actions[2] = -5
    with pytest.raises(Refused):
        env.step(actions)
    assert [env.state_json(i) for i in range(4)] == states


def test_opponents_play_their_seats():
    env = VectorEnv("splendor", num_envs=4, players=2, seed=6, opponents="greedy", agents=[0])
    run(env, 200, 3)
    assert set(env.to_act.tolist()) <= {0}
    with pytest.raises(Refused):
        VectorEnv("splendor", num_envs=4, players=2, opponents="mcts:playouts=-1", agents=[0])
    with pytest.raises(Refused):
        VectorEnv("chess", num_envs=4)
    with pytest.raises(Refused):
        VectorEnv("splendor", num_envs=0)


def test_without_observations_only_the_tensor_is_left_out():
    a = VectorEnv("catan", num_envs=8, players=4, seed=8)
    b = VectorEnv("catan", num_envs=8, players=4, seed=8, observations=False)
    _, ta = run(a, 200, 2)
    _, tb = run(b, 200, 2)
    assert not b.obs.any() and a.obs.any()
    assert np.array_equal(a.mask, b.mask) and all((x[2] == y[2]).all() for x, y in zip(ta, tb))


def test_max_steps_truncates_by_decisions_not_only_turns():
    env = VectorEnv("catan", num_envs=8, players=4, seed=6, max_steps=40)
    rng = np.random.default_rng(6)
    truncated = 0
    for _ in range(200):
        _, rewards, term, trunc, _ = env.step(env.random_actions(rng))
        truncated += int(trunc.sum())
        assert (rewards[trunc] == 0).all(), "a truncated game scores nothing"
        assert env.lengths.max() <= 40
    # 200 steps of 8 games at most 40 decisions long: every lane was cut at least four times.
    assert truncated >= 8 * 4
    with pytest.raises(Refused):
        VectorEnv("catan", num_envs=2, players=4, max_steps=-1)
    # A pickled env keeps its cap.
    import pickle
    again = pickle.loads(pickle.dumps(env))
    assert again._args["max_steps"] == 40


@pytest.mark.parametrize("game,players,options", [
    ("splendor", 2, None),
    ("catan", 4, {"trade_offers_per_turn": 2}),
    ("catan", 4, {"rules": "cities_knights_heroes"}),
    ("catan-junior", 3, None),
])
def test_a_pickle_holds_the_games_now_not_their_past(game, players, options):
    """Issue 45: the pickle's size is the batch's, however long it played; it continues exactly."""
    import pickle

    env = VectorEnv(game, num_envs=16, players=players, options=options, seed=4, opponents=None,
                    agents=list(range(players)))
    env.reset(seed=9)
    rng = np.random.default_rng(2)
    for _ in range(50):
        env.step(env.random_actions(rng))
    early = len(pickle.dumps(env))
    for _ in range(1500):
        env.step(env.random_actions(rng))
    late = pickle.dumps(env)
    # A log of every batch action would have grown by 1,500 × 16 indices (≥ 96 kB); the
    # states themselves change size only a little (hands, pieces on the board).
    assert len(late) < 2 * early, (early, len(late))
    again = pickle.loads(late)
    assert [again.state_json(i) for i in range(16)] == [env.state_json(i) for i in range(16)]
    assert np.array_equal(again.obs, env.obs) and np.array_equal(again.mask, env.mask)
    assert np.array_equal(again.to_act, env.to_act)
    # Both go on identically: the random generators (chance, bots) were saved with the states.
    a, b = np.random.default_rng(5), np.random.default_rng(5)
    for _ in range(300):
        r1 = env.step(env.random_actions(a))
        r2 = again.step(again.random_actions(b))
        for x, y in zip(r1, r2):
            assert np.array_equal(x, y)
    assert [again.state_json(i) for i in range(16)] == [env.state_json(i) for i in range(16)]


def test_a_restored_env_pickles_and_a_corrupt_pickle_is_refused():
    import pickle

    env = VectorEnv("catan", num_envs=4, players=4, seed=1)
    rng = np.random.default_rng(0)
    env.reset(seed=1)
    snap = env.snapshot()
    for _ in range(40):
        env.step(env.random_actions(rng))
    env.restore(snap)
    state = env.__getstate__()  # a restored env pickles (it used to need a reset first)
    assert pickle.loads(pickle.dumps(env)).state_json(2) == env.state_json(2)
    broken = dict(state, games=state["games"].replace(b'"robber"', b'"robbr"', 1))
    target = VectorEnv("catan", num_envs=4, players=4, seed=1)
    with pytest.raises(Refused) as e:
        target.__setstate__(broken)
    assert e.value.rule == "engine.pickle_corrupt"
    # Another number of games, or a state that does not validate: refused as well.
    fewer = VectorEnv("catan", num_envs=2, players=4, seed=1)
    with pytest.raises(Refused) as e:
        fewer._native.load(state["games"])
    assert e.value.rule == "engine.pickle_corrupt" and "4 games saved" in e.value.en
    before = [fewer.state_json(i) for i in range(2)]
    assert [fewer.state_json(i) for i in range(2)] == before


def test_close_releases_the_env_and_refuses_later_calls():
    env = VectorEnv("splendor", num_envs=4, players=2, seed=1)
    env.reset(seed=1)
    kept = env.obs.copy()
    env.close()
    env.close()  # twice is fine
    for call in (lambda: env.step(np.zeros(4, np.int64)), lambda: env.reset(seed=2), env.snapshot):
        with pytest.raises(Refused) as e:
            call()
        assert e.value.rule == "engine.closed"
    assert kept.shape == (4, env.obs_len)


@pytest.mark.parametrize("game, players, options", [("catan", 4, {"trade_offers_per_turn": None}),
                                                    ("catan", 4, {"rules": "cities_knights"}),
                                                    ("splendor", 2, None), ("catan-junior", 2, None)])
def test_random_actions_draw_uniformly_from_the_mask_after_a_restore_and_a_pickle(game, players, options):
    """The engine's draw reads each row's list of set indices, not the mask: that list must follow
    the mask through steps, resets, restores and pickles, and the draw must cover it evenly."""
    import pickle

    env = VectorEnv(game, num_envs=6, players=players, seed=11, options=options, observations=False)
    rng = np.random.default_rng(2)
    run(env, 150, 4)
    snap = env.snapshot()
    run(env, 40, 5)
    env.restore(snap)
    for e in (env, pickle.loads(pickle.dumps(env))):
        legal_before = e.mask.copy()
        counts = np.zeros_like(legal_before, dtype=np.int64)
        draws = 3000
        for _ in range(draws):
            a = e.random_actions(rng)
            counts[np.arange(e.num_envs), a] += 1
        assert (e.mask == legal_before).all()  # drawing changes nothing
        for row in range(e.num_envs):
            legal = np.flatnonzero(e.mask[row])
            if e.to_act[row] < 0:
                continue
            assert set(np.flatnonzero(counts[row])) == set(legal.tolist())
            mean = draws / len(legal)
            assert np.abs(counts[row, legal] - mean).max() < 6 * np.sqrt(mean) + 1

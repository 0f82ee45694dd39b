"""What a researcher's tools need (issue 25): bounded episodes, defaults that
pass the ecosystem's checkers, pickling of games and envs, clear refusals."""

import copy
import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import spielleiter
import spielleiter.gym as sgym
import spielleiter.pettingzoo as spz
from spielleiter import Game, Refused, VectorEnv
from spielleiter._research import (DEFAULT_PLAYERS, FREE_SQUIRE_STEPS_PER_TURN, JUNIOR_OFFERS_PER_TURN, MAX_STEPS,
                                   TRADE_OFFERS_PER_TURN)


def _rule_set_cases():
    out = []
    for env_id, game in sgym.IDS.items():
        for r in spielleiter.rule_sets(game):
            lo, hi = r["players"]
            players = None if lo <= DEFAULT_PLAYERS[game] <= hi else lo
            out.append(pytest.param(env_id, r["options"] or None, players, id=f"{env_id}-{r['id']}"))
    return out


@pytest.mark.parametrize("env_id", list(sgym.IDS))
def test_make_without_arguments(env_id):
    env = gymnasium.make(env_id)
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].any()


@pytest.mark.parametrize("env_id,options,players", _rule_set_cases())
def test_check_env_with_defaults(env_id, options, players):
    kwargs = {} if options is None else {"options": options}
    if players is not None:
        kwargs["players"] = players
    check_env(gymnasium.make(env_id, **kwargs).unwrapped, skip_render_check=True)


@pytest.mark.parametrize("game", spielleiter.games())
def test_pettingzoo_api_and_seed_tests_with_defaults(game):
    api_test(spz.env(game), num_cycles=200)
    seed_test(lambda **kw: spz.env(game, **kw), num_cycles=50)


def _open_and_cancel(g: Game, seat: int) -> None:
    g.step(seat, {"type": "open_trade"})
    g.step(seat, {"type": "cancel_trade"})


def _to_main(g: Game) -> int:
    """Plays the first legal non-trade action until a seat may open an offer; returns that seat."""
    for _ in range(5000):
        seats = g.seats_to_act()
        if not seats:
            g.apply_chance()
            continue
        legal = g.legal_actions(seats[0])
        if {"type": "open_trade"} in legal:
            return seats[0]
        calm = [a for a in legal if a["type"] not in ("open_trade",)]
        g.step(seats[0], calm[-1])
    raise AssertionError("no main phase reached")


def test_catan_envs_cap_trade_offers_per_turn():
    env = gymnasium.make("spielleiter/Catan-v0")
    assert env.unwrapped.options == {"trade_offers_per_turn": TRADE_OFFERS_PER_TURN}
    assert spz.env("catan").options_ == {"trade_offers_per_turn": TRADE_OFFERS_PER_TURN}
    # The caller's options win; None switches the house rule off.
    off = gymnasium.make("spielleiter/Catan-v0", options={"trade_offers_per_turn": None})
    assert off.unwrapped.options == {"trade_offers_per_turn": None}
    assert "trade_offers_per_turn" not in off.unwrapped.state_json()
    g = Game("catan", 4, seed=2, options={"trade_offers_per_turn": 2})
    seat = _to_main(g)
    for _ in range(2):
        _open_and_cancel(g, seat)
    assert {"type": "open_trade"} not in g.legal_actions(seat)
    version = g.version
    with pytest.raises(Refused) as e:
        g.step(seat, {"type": "open_trade"})
    assert e.value.rule == "catan.house.trade_offers_per_turn"
    assert "Hausregel" in e.value.de and "house rule" in e.value.en
    assert g.version == version
    # A table's game (no option) opens offers without limit.
    g = Game("catan", 4, seed=2)
    seat = _to_main(g)
    for _ in range(10):
        _open_and_cancel(g, seat)


def test_random_catan_episodes_end():
    env = gymnasium.make("spielleiter/Catan-v0")
    rng = np.random.default_rng(0)
    for ep in range(3):
        _, info = env.reset(seed=ep)
        for steps in range(1, 10_000):
            _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if term or trunc:
                break
        assert steps <= MAX_STEPS


def test_max_steps_truncates_by_decisions():
    env = gymnasium.make("spielleiter/Catan-v0", max_steps=7)
    _, info = env.reset(seed=1)
    for k in range(1, 8):
        _, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not term
        assert trunc == (k == 7) and r == 0.0
    assert info["max_steps"]


def test_points_reward_adds_up_to_the_share_of_the_goal():
    env = gymnasium.make("spielleiter/Catan-v0", reward="points")
    _, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = 0.0
    for _ in range(400):
        _, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += r
        if term or trunc:
            break
    points = env.unwrapped._own_points() if not (term or trunc) else None
    if points is not None:
        assert abs(total - points / 10) < 1e-6
    with pytest.raises(Refused) as e:
        gymnasium.make("spielleiter/CatanJunior-v0", reward="points")
    assert e.value.rule == "engine.config"


def test_points_reward_ends_a_loss_with_zero_and_a_win_with_one():
    # A loss must not be negative (a learner that expects to lose would be
    # paid for stalling), so every episode's return is at least 0.
    env = gymnasium.make("spielleiter/Catan-v0", reward="points")
    rng = np.random.default_rng(7)
    endings = set()
    for seed in range(40):
        _, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            _, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            total += r
            done = term or trunc
        assert total >= 0.0
        if term:
            assert r in (0.0, 1.0)
            endings.add(r)
        if endings == {0.0, 1.0}:
            break
    assert endings == {0.0, 1.0}


def _played(game="catan", players=4, steps=80, seed=3) -> Game:
    g = Game(game, players, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        seats = g.seats_to_act()
        if not seats:
            if g.is_over():
                break
            g.apply_chance()
            continue
        g.step(seats[0], int(rng.choice(g.legal_indices(seats[0]))))
    return g


@pytest.mark.parametrize("copier", [lambda x: pickle.loads(pickle.dumps(x)), copy.deepcopy], ids=["pickle", "deepcopy"])
def test_game_copies_and_plays_on_alike(copier):
    g = _played()
    h = copier(g)
    assert h.state_json() == g.state_json() and h.log() == g.log()
    for _ in range(40):  # the random generator came along: chance goes on alike
        seats = g.seats_to_act()
        if not seats:
            assert g.apply_chance() == h.apply_chance()
            continue
        a = g.legal_indices(seats[0])[-1]
        g.step(seats[0], a)
        h.step(seats[0], a)
    assert h.state_json() == g.state_json()


def test_a_pickle_of_another_version_is_refused():
    g = _played(steps=5)
    state = g.__getstate__()
    state["pickle_version"] = 999
    with pytest.raises(Refused) as e:
        Game.__new__(Game).__setstate__(state)
    assert e.value.rule == "engine.pickle_version"


@pytest.mark.parametrize("env_id", list(sgym.IDS))
def test_gym_env_pickles_mid_episode(env_id):
    env = gymnasium.make(env_id).unwrapped
    _, info = env.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(30):
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    for other in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert other.state_json() == env.state_json()
        assert np.array_equal(other.action_masks(), env.action_masks())
        a = int(np.flatnonzero(env.action_masks())[0])
        o1, *_ = copy.deepcopy(env).step(a)
        o2, *_ = other.step(a)
        assert np.array_equal(o1, o2)
    # Spaces pickle as plain spaces (SB3's model.save, Gymnasium's async vector env).
    space = pickle.loads(pickle.dumps(env.action_space))
    assert space == env.action_space and 0 <= space.sample() < space.n


def test_async_vector_env_and_closed_env():
    envs = gymnasium.make_vec("spielleiter/Splendor-v0", num_envs=2, vectorization_mode="async")
    try:
        obs, infos = envs.reset(seed=1)
        assert obs.shape[0] == 2
        masks = infos["action_mask"]
        obs, *_ = envs.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
        assert obs.shape[0] == 2
    finally:
        envs.close()
    env = gymnasium.make("spielleiter/Splendor-v0").unwrapped
    env.reset(seed=0)
    env.close()
    with pytest.raises(Refused) as e:
        env.step(0)
    assert e.value.rule == "engine.closed"


def test_pettingzoo_env_pickles_mid_game():
    env = spz.env("catan", seed=5)
    env.reset()
    rng = np.random.default_rng(5)
    for _ in range(50):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    other = pickle.loads(pickle.dumps(env))
    assert other.agent_selection == env.agent_selection
    assert other.game.state_json() == env.game.state_json()
    assert np.array_equal(other.observe(other.agent_selection)["observation"],
                          env.observe(env.agent_selection)["observation"])


def test_junior_pro_envs_cap_offers_per_turn():
    """``junior.house.offers_per_turn``: on in the research envs' pro variant, off at a table."""
    env = gymnasium.make("spielleiter/CatanJunior-v0", options={"pro": True})
    assert env.unwrapped.options == {"pro": True, "offers_per_turn": JUNIOR_OFFERS_PER_TURN}
    assert gymnasium.make("spielleiter/CatanJunior-v0").unwrapped.options is None
    assert spz.env("catan-junior", options={"pro": True}).options_["offers_per_turn"] == JUNIOR_OFFERS_PER_TURN
    off = gymnasium.make("spielleiter/CatanJunior-v0", options={"pro": True, "offers_per_turn": None})
    assert off.unwrapped.options == {"pro": True, "offers_per_turn": None}
    assert "offers_per_turn" not in off.unwrapped.state_json()
    g = Game("catan-junior", 3, seed=4, options={"pro": True, "offers_per_turn": 1})
    for _ in range(5000):
        seats = g.seats_to_act()
        if not seats:
            g.apply_chance()
            continue
        legal = g.legal_actions(seats[0])
        offers = [a for a in legal if a["type"] == "open_offer"]
        if offers:
            seat = seats[0]
            break
        g.step(seats[0], [a for a in legal if a["type"] != "open_offer"][-1])
    else:
        raise AssertionError("no offer became legal")
    g.step(seat, offers[0])
    g.step(seat, {"type": "cancel_offer"})
    assert not [a for a in g.legal_actions(seat) if a["type"] == "open_offer"]
    version = g.version
    with pytest.raises(Refused) as e:
        g.step(seat, offers[0])
    assert e.value.rule == "junior.house.offers_per_turn"
    assert "Hausregel" in e.value.de and "House rule" in e.value.en
    assert g.version == version


def test_heroes_envs_cap_free_squire_steps():
    """``snh.house.free_squire_steps_per_turn``: on in the research envs with heroes only."""
    heroes = gymnasium.make("spielleiter/Catan-v0", options={"rules": "cities_knights_heroes"})
    assert heroes.unwrapped.options == {"rules": "cities_knights_heroes", "trade_offers_per_turn": TRADE_OFFERS_PER_TURN,
                                        "free_squire_steps_per_turn": FREE_SQUIRE_STEPS_PER_TURN}
    ck = gymnasium.make("spielleiter/Catan-v0", options={"rules": "cities_knights"})
    assert "free_squire_steps_per_turn" not in ck.unwrapped.options
    # The engine takes the option (and refuses a wrong one).
    Game("catan", 4, seed=1, options={"rules": "cities_knights_heroes", "free_squire_steps_per_turn": 4})
    with pytest.raises(Refused):
        Game("catan", 4, seed=1, options={"rules": "cities_knights_heroes", "free_squire_steps_per_turn": -1})


def test_vector_env_plays_the_research_house_rules():
    v = VectorEnv("catan", 2, 4, seed=1)
    assert v.options == {"trade_offers_per_turn": TRADE_OFFERS_PER_TURN}
    assert f'"trade_offers_per_turn":{TRADE_OFFERS_PER_TURN}' in v.state_json(0).replace(" ", "")
    off = VectorEnv("catan", 2, 4, options={"trade_offers_per_turn": None}, seed=1)
    assert off.options == {"trade_offers_per_turn": None}
    assert "trade_offers_per_turn" not in off.state_json(0)
    assert VectorEnv("splendor", 2, 2, seed=1).options is None
    assert VectorEnv("catan-junior", 2, 2, options={"pro": True}, seed=1).options == {
        "pro": True, "offers_per_turn": JUNIOR_OFFERS_PER_TURN}
    # The pickle plays the same options.
    assert pickle.loads(pickle.dumps(v)).options == v.options


@pytest.mark.parametrize("make", [
    lambda: VectorEnv("catan", 2, 4, max_steps=2**70),
    lambda: VectorEnv("catan", 2, 4, max_turns=2**40),
    lambda: gymnasium.make("spielleiter/Catan-v0", max_steps=2**64),
    lambda: Game("catan", 2**70),
], ids=["vector-max_steps", "vector-max_turns", "gym-max_steps", "game-players"])
def test_huge_counts_are_refused_not_overflowed(make):
    with pytest.raises(Refused) as e:
        make()
    assert e.value.rule == "engine.config"
    assert "4294967295" in e.value.en


def test_vector_env_pickles_and_refuses_bad_actions():
    v = VectorEnv("catan", 4, 4, options={"trade_offers_per_turn": 2}, seed=3)
    rng = np.random.default_rng(3)
    v.reset(seed=11)
    for _ in range(60):
        v.step(v.random_actions(rng))
    w = pickle.loads(pickle.dumps(v))
    assert all(w.state_json(i) == v.state_json(i) for i in range(4))
    assert np.array_equal(w.obs, v.obs) and np.array_equal(w.mask, v.mask)
    before = [v.state_json(i) for i in range(4)]
    for bad in (np.zeros(4, np.float32), np.zeros(3, np.int64), np.zeros((4, 1), np.int64), "x"):
        with pytest.raises(Refused) as e:
            v.step(bad)
        assert e.value.rule == "engine.action_index"
    outside = v.random_actions(rng)
    outside[2] = v.num_actions
    with pytest.raises(Refused) as e:
        v.step(outside)
    assert e.value.rule == "engine.action_index" and "outside the action space" in e.value.en
    assert [v.state_json(i) for i in range(4)] == before
    v.step(v.random_actions(rng))  # still usable


def test_seat_numbers_in_refusals_are_the_api_indices():
    g = Game("splendor", 2, seed=1)
    seat = g.seats_to_act()[0]
    other = 1 - seat
    with pytest.raises(Refused) as e:
        g.step(other, g.legal_actions(seat)[0])
    assert e.value.kind == "not_your_turn"
    assert f"Seat {other} (player {other + 1})" in e.value.en and f"Platz {other}" in e.value.de
    with pytest.raises(Refused) as e:
        g.step(5, 0)
    assert "Seat 5 does not exist" in e.value.en and "seats 0 to 1" in e.value.en

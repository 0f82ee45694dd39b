"""Board tensors (CATAN, Catan Junior) and the observations' per-element bounds (issue 45, item 5)."""

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import spielleiter
import spielleiter.pettingzoo as spz
from spielleiter import Game, Refused, VectorEnv
from spielleiter.gym import SpielleiterEnv

from conftest import random_steps

#: (height, width) of each board (docs/python.md, "Board tensor").
GRIDS = {("catan", 19): (11, 21), ("catan", 30): (15, 25),
         ("catan-junior", 9): (13, 17), ("catan-junior", 13): (13, 33)}


def expected_channels(game: str, players: int, rules: str) -> list:
    """The documented channel list of a game, rule set and table size."""
    seats = lambda *names: [f"{n} +{k}" for n in names for k in range(players)]  # noqa: E731
    if game == "catan-junior":
        return (["hex", "node", "edge", "wood", "wool", "pineapple", "sabre", "gold", "number", "castle", "klau"]
                + seats("lair", "ship"))
    out = (["hex", "node", "edge", "hills", "forest", "pasture", "fields", "mountains", "desert",
            "number", "pips", "robber"]
           + ["harbor_" + h for h in ("generic", "brick", "lumber", "wool", "grain", "ore")]
           + seats("settlement", "city", "road"))
    if rules.startswith("cities_knights"):
        out += ["merchant"] + seats("knight", "knight_active", "wall", "metropolis", "lying_city")
    if rules == "cities_knights_heroes":
        out += seats("hero", "squire")
    return out


def planes(g: Game, seat) -> dict:
    t = g.board_tensor(seat)
    return {name: t[i] for i, name in enumerate(g.board_channels())}


def test_shape_channels_and_places(config):
    game, players, options = config
    g = Game(game, players, seed=1, options=options)
    if game == "splendor":
        assert g.board_shape is None and g.board_channels() == []
        with pytest.raises(Refused) as e:
            g.board_tensor(0)
        assert e.value.rule == "engine.no_board"
        return
    cells = g.board_cells()
    c, h, w = g.board_shape
    assert (h, w) == GRIDS[(game, len(cells["hexes"]))]
    rules = (options or {}).get("rules", "base")
    assert g.board_channels() == expected_channels(game, players, rules)
    t = g.board_tensor(0)
    assert t.dtype == np.float32 and t.shape == (c, h, w) and t.flags.c_contiguous
    assert t.min() >= 0 and t.max() <= 1
    # Every place has a cell of its own (Junior's castle site is its island's centre).
    every = cells["hexes"] + cells["nodes"] + cells["edges"]
    assert len(set(every)) == len(every) - (game == "catan-junior" and players > 2)
    for kind, ch in (("hexes", 0), ("nodes", 1), ("edges", 2)):
        for r, col in cells[kind]:
            assert t[ch, r, col] == 1
    assert t[0].sum() == len(set(cells["hexes"]))


def test_catan_pieces_robber_and_harbors_lie_where_the_view_says():
    for players, options in ((4, None), (6, {"extension": "five_six"}), (4, {"rules": "cities_knights"})):
        g = Game("catan", players, seed=5, options=options)
        cells = g.board_cells()
        robbers = set()

        def each(g, seat, legal):
            v = g.view(seat)
            p = planes(g, seat)
            (r, c), = [cells["hexes"][v["robber"]]]
            assert p["robber"][r, c] == 1 and p["robber"].sum() == 1
            robbers.add(v["robber"])
            for k in range(players):
                pl = v["players"][(seat + k) % players]
                for kind, key, where in (("settlement", "settlements", "nodes"), ("city", "cities", "nodes"),
                                         ("road", "roads", "edges")):
                    plane = p[f"{kind} +{k}"]
                    assert plane.sum() == len(pl[key])
                    for i in pl[key]:
                        assert plane[cells[where][i]] == 1
            for h, tile in enumerate(v["board"]["tiles"]):
                at = cells["hexes"][h]
                assert p[tile["terrain"]][at] == 1
                assert p["number"][at] == np.float32((tile["number"] or 0) / 12)
            for harbor in v["board"]["harbors"]:
                assert p["harbor_" + harbor["kind"]][cells["edges"][harbor["edge"]]] == 1

        random_steps(g, random.Random(5), 600, each)
        assert len(robbers) > 1, "the robber moved and the tensor followed"


def test_junior_lairs_ships_and_klau_lie_where_the_view_says():
    g = Game("catan-junior", 3, seed=2)
    cells = g.board_cells()
    letters = "ABCDEFGHIJKL"

    def each(g, seat, legal):
        v = g.view(seat)
        p = planes(g, seat)
        klau = v["klau"]
        at = cells["hexes"][-1] if klau == "castle" else cells["hexes"][letters.index(klau)]
        assert p["klau"][at] == 1 and p["klau"].sum() == 1
        for k in range(3):
            s = v["seats"][(seat + k) % 3]
            assert p[f"lair +{k}"].sum() == len(s["lairs"])
            for site in s["lairs"]:
                assert p[f"lair +{k}"][cells["nodes"][site - 1]] == 1
            assert p[f"ship +{k}"].sum() == len(s["ships"])

    random_steps(g, random.Random(2), 300, each)


def test_relative_seats_rotate_the_piece_planes(config):
    game, players, options = config
    if game == "splendor":
        return
    g = Game(game, players, seed=4, options=options)
    random_steps(g, random.Random(4), 250)
    names = g.board_channels()
    base = {n: t for n, t in zip(names, g.board_tensor(0))}
    for seat in range(players):
        mine = {n: t for n, t in zip(names, g.board_tensor(seat))}
        for n in names:
            if "+" not in n:
                assert np.array_equal(mine[n], base[n]), n
                continue
            kind, k = n.rsplit(" +", 1)
            assert np.array_equal(mine[n], base[f"{kind} +{(seat + int(k)) % players}"]), n
    # The seat's own pieces are at +0: after the setup everybody has some.
    assert all(g.board_tensor(s)[names.index("road +0" if game == "catan" else "lair +0")].sum() > 0
               for s in range(players))


def test_board_tensor_is_view_only(config):
    """Determinizing (the viewer's hidden information resampled) never changes its tensor."""
    game, players, options = config
    if game == "splendor":
        return
    g = Game(game, players, seed=6, options=options)
    seen = [0]

    def each(g, seat, legal):
        seen[0] += 1
        if seen[0] % 25 == 0:
            for viewer in (seat, None):
                t = g.board_tensor(viewer)
                for k in range(2):
                    assert np.array_equal(g.determinize(viewer, seed=50 + k).board_tensor(viewer), t)

    random_steps(g, random.Random(6), 300, each)
    assert seen[0] >= 100


def _block(g: Game, words: str):
    """The elements of the first layout block whose name starts with ``words``."""
    layout = g.observation_layout() + [("end", g.observation_shape[0])]
    for (name, at), (_, end) in zip(layout, layout[1:]):
        if name.startswith(words):
            return slice(at, end)
    raise KeyError(words)


def _name(g: Game, k: int) -> str:
    return [name for name, at in g.observation_layout() if at <= k][-1]


def test_bounds_hold_and_are_tight(config):
    """Every observation lies within its element's bounds over many random steps, and no bound
    is much looser than the rules allow (the turn counter is bounded by the turn cap)."""
    game, players, options = config
    g = Game(game, players, seed=8, options=options)
    lo, hi = g.observation_bounds(max_turns=500)
    assert lo.shape == hi.shape == g.observation_shape and (lo <= hi).all()
    assert set(np.unique(lo)) <= {-1.0, 0.0}
    # Only the turn counter reaches the turn cap; nothing else exceeds the largest hand of
    # CATAN's 5–6 player Cities & Knights table (5 × 24 resources + 3 × 12 commodities).
    assert (hi == 501).sum() == 1 and np.sort(hi)[-2] <= 156
    if game == "catan":
        bank = 24 if (options or {}).get("extension") else 19
        assert (hi[_block(g, "bank")] == bank).all()
        assert (hi[_block(g, "last roll")] == 6).all()
        assert (hi[_block(g, "phase")] == 1).all()
    if game == "catan-junior":
        assert (hi[_block(g, "supply")][:10] == 18).all()
    if game == "splendor":
        assert hi[_block(g, "bank tokens")].max() <= 7
    vec = VectorEnv(game, 16, players, options, seed=8, max_turns=500)
    vlo, vhi = vec.observation_bounds()
    assert np.array_equal(vlo, lo) and np.array_equal(vhi, hi)
    rng = np.random.default_rng(8)
    for _ in range(600):
        vec.step(vec.random_actions(rng))
        out = np.argwhere((vec.obs < lo) | (vec.obs > hi))
        assert not len(out), [(_name(g, k), vec.obs[e, k], lo[k], hi[k]) for e, k in out[:3]]


def test_env_spaces_contain_every_observation():
    env = SpielleiterEnv("catan", 4, options={"rules": "cities_knights"}, observation="mixed")
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(3)
    for _ in range(300):
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        assert env.observation_space.contains(obs)
        if term or trunc:
            obs, _ = env.reset()
    flat = SpielleiterEnv("splendor", 2)
    assert np.array_equal(flat.observation_space.high, Game("splendor", 2).observation_bounds()[1])


@pytest.mark.parametrize("game,players,options,observation", [
    ("catan", 4, None, "board"),
    ("catan", 3, {"rules": "cities_knights_heroes"}, "mixed"),
    ("catan-junior", 2, None, "mixed"),
])
def test_gym_board_and_mixed_pass_check_env(game, players, options, observation):
    env = SpielleiterEnv(game, players, options=options, observation=observation)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    board = obs if observation == "board" else obs["board"]
    assert board.shape == Game(game, players, options=options).board_shape and board.dtype == np.float32


def test_options_refused():
    with pytest.raises(Refused) as e:
        SpielleiterEnv("splendor", 2, observation="board")
    assert e.value.rule == "engine.no_board"
    with pytest.raises(Refused) as e:
        SpielleiterEnv("catan", 4, observation="image")
    assert e.value.rule == "engine.config"
    with pytest.raises(Refused) as e:
        VectorEnv("splendor", 2, 2, board=True)
    assert e.value.rule == "engine.no_board"
    with pytest.raises(Refused) as e:
        spz.parallel_env("splendor", 2, observation="mixed")
    assert e.value.rule == "engine.no_board"
    assert gymnasium.make("spielleiter/Catan-v0", observation="board").observation_space.shape == (30, 11, 21)


@pytest.mark.parametrize("game,players,options", [
    ("catan", 4, None),
    ("catan", 6, {"extension": "five_six"}),
    ("catan-junior", 3, {"pro": True}),
])
def test_pettingzoo_board_observations(game, players, options):
    from pettingzoo.test import api_test, parallel_api_test

    api_test(spz.env(game, players, options=options, observation="mixed"), num_cycles=150)
    parallel_api_test(spz.parallel_env(game, players, options=options, seed=3, observation="board"), num_cycles=150)


@pytest.mark.parametrize("game,players,options", [
    ("catan", 4, None),
    ("catan", 4, {"rules": "cities_knights_heroes"}),
    ("catan", 5, {"extension": "five_six"}),
    ("catan-junior", 4, None),
])
def test_vector_env_board_rows_equal_the_games(game, players, options):
    vec = VectorEnv(game, 6, players, options, seed=11, board=True, threads=2)
    g0 = Game(game, players, options=vec.options)
    assert vec.board.shape == (6, *g0.board_shape) and vec.board.dtype == np.float32
    assert vec.board.flags.c_contiguous
    rng = np.random.default_rng(11)
    for step in range(120):
        vec.step(vec.random_actions(rng))
        if step % 20:
            continue
        for i in range(6):
            g = Game.load(game, vec.state_json(i), vec.options)
            seat = int(vec.to_act[i])
            if seat < 0:
                continue
            assert np.array_equal(vec.board[i], g.board_tensor(seat))
            assert np.array_equal(vec.obs[i], g.observation(seat))
    assert VectorEnv(game, 2, players, options).board is None


def test_games_of_every_rule_set_are_listed():
    """The tests above cover every game and rule set the registry lists (the `config` fixture)."""
    assert {"splendor", "catan", "catan-junior"} <= set(spielleiter.games())

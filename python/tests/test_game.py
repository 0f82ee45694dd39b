"""The game API on the engine contract, for every game and rule set."""

import json
import random

import pytest

import spielleiter
from spielleiter import Game, Refused

from conftest import random_steps


def test_games_are_the_registry():
    assert spielleiter.games() == ["splendor", "catan", "catan-junior"]


def test_the_example_of_the_issue():
    g = Game("catan", players=4, seed=1, options={"rules": "cities_knights_heroes"})
    assert g.options["rules"] == "cities_knights_heroes"
    assert g.to_act() == {"kind": "seats", "seats": [0]}
    seat = g.seats_to_act()[0]
    before = g.version
    assert g.step(seat, g.legal_actions(seat)[0]) == before
    assert g.version > before


def test_contract_round_trips(config):
    game, players, options = config
    g = Game(game, players, seed=7, options=options)
    random_steps(g, random.Random(1), 150)
    # State JSON and load.
    loaded = Game.load(game, g.state_json(), options=options, seed=3)
    assert json.loads(loaded.state_json()) == json.loads(g.state_json())
    assert loaded.to_act() == g.to_act()
    for s in g.seats_to_act():
        assert loaded.legal_actions(s) == g.legal_actions(s)
    # Log and replay reach the same state.
    replayed = Game.replay(game, g.log(), options=options)
    assert json.loads(replayed.state_json()) == json.loads(g.state_json())
    # A clone is independent.
    c = g.clone()
    random_steps(c, random.Random(2), 20)
    assert json.loads(Game.load(game, g.state_json(), options=options).state_json()) == json.loads(g.state_json())
    assert c.version > g.version or c.is_over()
    # Views: the seat's own view and a spectator's.
    for s in range(players):
        assert g.view(s)["viewer"] == {"seat": s} or "viewer" in g.view(s)
    assert g.view(None) is not None
    assert isinstance(g.events(0, None), list)


def test_a_game_plays_to_its_result():
    g = Game("splendor", 2, seed=3)
    random_steps(g, random.Random(3), 5000)
    assert g.is_over()
    r = g.result()
    assert set(r) == {"winners", "scores", "reason"}
    assert g.to_act() == {"kind": "over"}


def test_manual_chance_outcomes_and_apply():
    g = Game("catan", 4, seed=1, options={"board": {"kind": "beginner"}}, chance="manual")
    rng = random.Random(5)
    rolled = False
    for _ in range(400):
        kind = g.to_act()["kind"]
        if kind == "chance":
            outcomes = g.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            outcome = rng.choice(outcomes)[0]
            g.apply_chance(outcome)
            rolled = True
            continue
        if kind == "over":
            break
        s = g.seats_to_act()[0]
        legal = [a for a in g.legal_actions(s) if a["type"] != "open_trade"]
        g.step(s, rng.choice(legal))
    assert rolled
    assert g.chance_outcomes() == [] or g.to_act()["kind"] == "chance"


def test_determinize_keeps_the_view():
    g = Game("splendor", 3, seed=2)
    random_steps(g, random.Random(2), 40)
    for s in range(3):
        d = g.determinize(s, seed=11)
        assert d.view(s) == g.view(s)


def unchanged(g: Game, call):
    before = (g.state_json(), g.version)
    with pytest.raises(Refused) as e:
        call()
    assert e.value.rule and e.value.de and e.value.en and e.value.kind
    assert (g.state_json(), g.version) == before
    return e.value


def test_bad_input_is_refused_and_changes_nothing():
    g = Game("splendor", 2, seed=1)
    # An action that is not legal: the rule's own id.
    e = unchanged(g, lambda: g.step(0, {"type": "pass"}))
    assert e.rule == "splendor.turn.pass_only_when_blocked"
    # A seat that is not to act, and one that does not exist.
    assert unchanged(g, lambda: g.step(1, g.legal_actions(0)[0])).rule == "engine.not_your_turn"
    assert unchanged(g, lambda: g.step(5, {"type": "pass"})).rule == "engine.no_such_seat"
    assert unchanged(g, lambda: g.step(-1, {"type": "pass"})).rule == "engine.no_such_seat"
    assert unchanged(g, lambda: g.legal_actions(9)).rule == "engine.no_such_seat"
    # An index outside the space, and an index of an illegal action.
    assert unchanged(g, lambda: g.step(0, g.num_distinct_actions)).rule == "engine.action_index"
    assert unchanged(g, lambda: g.step(0, -3)).rule == "engine.action_index"
    assert unchanged(g, lambda: g.index_action(10**30)).rule == "engine.action_index"
    pass_index = g.action_index({"type": "pass"})
    assert unchanged(g, lambda: g.step(0, pass_index)).rule == "splendor.turn.pass_only_when_blocked"
    # Malformed actions.
    assert unchanged(g, lambda: g.step(0, {"type": "fly"})).rule == "engine.malformed"
    assert unchanged(g, lambda: g.step(0, "{not json")).rule == "engine.malformed"
    assert unchanged(g, lambda: g.step(0, {"type": "take_two", "gem": "purple"})).rule == "engine.malformed"
    # Chance where a seat is to act.
    assert unchanged(g, lambda: g.apply_chance({"type": "card", "card": 3})).kind == "not_chance_turn"


def test_bad_games_options_and_states_are_refused():
    with pytest.raises(Refused) as e:
        Game("chess", 2)
    assert e.value.rule == "engine.unknown_game" and "chess" in e.value.en and "chess" in e.value.de
    with pytest.raises(Refused) as e:
        Game("catan", 4, options={"rulez": "base"})
    assert e.value.rule == "engine.unknown_option" and "rulez" in e.value.en
    with pytest.raises(Refused) as e:
        Game("catan", 4, options={"rules": "chess"})
    assert e.value.rule == "engine.malformed"
    with pytest.raises(Refused) as e:
        Game("splendor", 9)
    assert e.value.rule == "engine.config"
    with pytest.raises(Refused) as e:
        Game("splendor", -2)
    assert e.value.rule == "engine.config"
    with pytest.raises(Refused) as e:
        Game("splendor", 2, chance="dice")
    assert e.value.rule == "engine.config"
    with pytest.raises(Refused) as e:
        Game.load("splendor", "{]")
    assert e.value.rule == "engine.malformed"
    with pytest.raises(Refused) as e:
        Game.load("splendor", {"players": "many"})
    assert e.value.rule == "engine.malformed"
    # A state of another game, and a well-formed but inconsistent one (more tokens than exist).
    state = json.loads(Game("splendor", 2, seed=1).state_json())
    with pytest.raises(Refused) as e:
        Game.load("catan", json.dumps(state))
    assert e.value.rule == "engine.malformed"
    state["state"]["bank"]["black"] = 40
    with pytest.raises(Refused) as e:
        Game.load("splendor", state)
    assert e.value.rule == "engine.invalid_state" and e.value.de and e.value.en
    with pytest.raises(Refused) as e:
        Game.replay("splendor", {"entries": 3})
    assert e.value.rule == "engine.malformed"


def test_refused_pickles():
    import pickle

    try:
        Game("chess", 2)
    except Refused as e:
        back = pickle.loads(pickle.dumps(e))
        assert (back.rule, back.de, back.en, back.kind) == (e.rule, e.de, e.en, e.kind)


def test_rule_sets_come_from_the_registry():
    ids = [r["id"] for r in spielleiter.rule_sets("catan")]
    assert ids == ["base", "cities_knights", "cities_knights_heroes", "five_six", "five_six_paired"]
    five_six = spielleiter.rule_sets("catan")[3]
    assert five_six["players"] == [5, 6]
    assert five_six["options"] == {"extension": "five_six"}
    assert five_six["name"]["de"].startswith("Erweiterung 5–6 Spieler")
    with pytest.raises(Refused):
        spielleiter.rule_sets("chess")


def test_six_players_on_the_larger_board_play_to_the_end():
    g = Game("catan", 6, seed=4, options={"extension": "five_six"})
    assert len(json.loads(g.state_json())["state"]["board"]["tiles"]) == 30
    random_steps(g, random.Random(4), 200_000)
    assert g.is_over()
    assert set(g.result()) == {"winners", "scores", "reason"}
    # Five players on the base board are refused with the rule.
    with pytest.raises(Refused) as e:
        Game("catan", 5, seed=1)
    assert e.value.rule == "catan56.setup.players"
    assert "5–6" in e.value.de and "5–6" in e.value.en

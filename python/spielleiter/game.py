"""The game API: one match of any game on the engine contract."""

from __future__ import annotations

import json
from typing import Any, Optional, Union

import numpy as np

from . import _native
from ._errors import Refused, malformed

Action = Union[dict, int]


def games() -> list:
    """The ids of every game: ``splendor``, ``catan``, ``catan-junior``."""
    return list(_native.games())


def rule_sets(game: str) -> list:
    """The rule sets of ``game`` from the registry, the default first: dicts with
    ``id``, ``name`` (``de``, ``en``), ``players`` ``[fewest, most]`` and the
    ``options`` that select it (pass them to :class:`Game` or an env)::

        for r in spielleiter.rule_sets("catan"):
            Game("catan", r["players"][1], options=r["options"])
    """
    return json.loads(_native.rule_sets(game))


def _json(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value)
    except (TypeError, ValueError) as e:
        raise malformed("engine.malformed", f"Keine JSON-Daten: {e}", f"Not JSON data: {e}") from None


#: The largest count any argument takes (the engine's counters are 32-bit).
COUNT_MAX = 0xFFFF_FFFF


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= COUNT_MAX:
        raise malformed(
            "engine.config",
            f"{what} muss eine ganze Zahl von 0 bis {COUNT_MAX} sein, nicht {value!r}.",
            f"{what} must be a whole number from 0 to {COUNT_MAX}, not {value!r}.",
        )
    return int(value)


def _seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise malformed("engine.config", f"Der Seed muss eine ganze Zahl sein, nicht {seed!r}.",
                        f"The seed must be a whole number, not {seed!r}.")
    return int(seed) & 0xFFFF_FFFF_FFFF_FFFF


def _seat(seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
        raise malformed("engine.no_such_seat", f"Platz {seat!r} gibt es nicht.", f"Seat {seat!r} does not exist.")
    return int(seat)


def _index(index: Any) -> int:
    if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
        raise malformed("engine.action_index", f"Ein Aktionsindex ist eine ganze Zahl, nicht {index!r}.",
                        f"An action index is a whole number, not {index!r}.")
    return max(min(int(index), 2**62), -(2**62))


def _mode(chance: str) -> bool:
    if chance not in ("seeded", "manual"):
        raise malformed("engine.config", f"Zufall „{chance}“ gibt es nicht (seeded oder manual).",
                        f"Chance mode '{chance}' does not exist (seeded or manual).")
    return chance == "manual"


def _no_board(game: str) -> Refused:
    return malformed("engine.no_board",
                     f"{game} hat kein Spielbrett: es gibt keinen Brett-Tensor (nur den flachen Vektor).",
                     f"{game} has no board: there is no board tensor (only the flat vector).")


class Game:
    """One match of ``game`` (``splendor``, ``catan``, ``catan-junior``).

    ``options`` are the game's options as the referee takes them, e.g.
    ``{"rules": "cities_knights_heroes"}`` for CATAN or ``{"pro": True}`` for
    Catan Junior; an unknown option is refused. ``chance="seeded"`` draws dice
    and cards from ``seed`` as soon as they are due; ``"manual"`` waits for
    :meth:`apply_chance`. Every refusal raises :class:`spielleiter.Refused`
    and leaves the game unchanged.
    """

    def __init__(self, game: str, players: int = 2, seed: int = 0, options: Optional[dict] = None,
                 chance: str = "seeded") -> None:
        self._g = _native.NativeGame(str(game), _count(players, "players"), _seed(seed), _json(options),
                                     _mode(chance))
        self._chance = chance

    @classmethod
    def _wrap(cls, native, chance: str = "seeded") -> "Game":
        g = cls.__new__(cls)
        g._g = native
        g._chance = chance
        return g

    # Pickling (and `copy.deepcopy`) goes through the log: the game is
    # replayed from its seed and entries, so the random generator is where it
    # was. A pickle of another version is refused (`engine.pickle_version`).
    def __getstate__(self) -> dict:
        from ._research import PICKLE_VERSION

        return {"pickle_version": PICKLE_VERSION, "game": self.game, "log": self._g.log_json(),
                "options": self._g.options_json(), "chance": self._chance}

    def __setstate__(self, state: dict) -> None:
        from ._research import check_pickle

        state = check_pickle(state, "Game")
        self._chance = state["chance"]
        self._g = _native.NativeGame.replay(state["game"], state["log"], state["options"], _mode(self._chance))

    def _step_refused(self, e: Refused, seat: Any) -> Refused:
        """A refusal naming a seat, with the API's 0-based index beside the players' count from 1."""
        if e.kind not in ("not_your_turn", "no_such_seat"):
            return e
        i = int(seat)
        de, en = {
            "not_your_turn": (f"Platz {i} (Spieler {i + 1}) ist gerade nicht am Zug.",
                              f"Seat {i} (player {i + 1}) is not to act now."),
            "no_such_seat": (f"Platz {i} gibt es an diesem Tisch nicht (Plätze 0 bis {self.players - 1}).",
                             f"Seat {i} does not exist at this table (seats 0 to {self.players - 1})."),
        }[e.kind]
        return Refused(e.kind, e.rule, de, en)

    @classmethod
    def load(cls, game: str, state: Union[str, dict], options: Optional[dict] = None, seed: int = 0,
             chance: str = "seeded") -> "Game":
        """Continues from a saved state (:meth:`state_json`, bare or in its envelope).

        ``options`` choose the dense action space (pass those the game was
        created with); the rules come from the state itself.
        """
        return cls._wrap(_native.NativeGame.load(str(game), _json(state), _json(options), _seed(seed),
                                                 _mode(chance)), chance)

    @classmethod
    def replay(cls, game: str, log: Union[str, dict], options: Optional[dict] = None,
               chance: str = "seeded") -> "Game":
        """Rebuilds a match from its log (:meth:`log`), checking every entry."""
        return cls._wrap(_native.NativeGame.replay(str(game), _json(log), _json(options), _mode(chance)), chance)

    # The contract.
    @property
    def game(self) -> str:
        """The game's id."""
        return self._g.game()

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._g.players()

    @property
    def version(self) -> int:
        """Number of accepted steps (actions and chance outcomes)."""
        return self._g.version()

    @property
    def options(self) -> dict:
        """The options in effect, defaults filled in."""
        return json.loads(self._g.options_json())

    def to_act(self) -> dict:
        """``{"kind": "seats", "seats": [...]}``, ``{"kind": "chance"}`` or ``{"kind": "over"}``."""
        kind, seats = self._g.to_act()
        return {"kind": kind, "seats": list(seats)} if kind == "seats" else {"kind": kind}

    def seats_to_act(self) -> list:
        """The seats that may act now (empty at a chance node or at the end)."""
        return list(self._g.to_act()[1])

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._g.to_act()[0] == "over"

    def legal_actions(self, seat: int) -> list:
        """Every legal action of ``seat`` as the referee's JSON form (dicts), in the engine's order."""
        return json.loads(self._g.legal_json(_seat(seat)))

    def step(self, seat: int, action: Action) -> int:
        """Plays ``action`` (a dict, or an index of the dense space) for ``seat``; returns the version before it."""
        try:
            if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
                return self._g.step_index(_seat(seat), _index(action))
            return self._g.step_json(_seat(seat), _json(action))
        except Refused as e:
            raise self._step_refused(e, seat) from None

    def chance_outcomes(self) -> list:
        """The possible chance outcomes as ``(outcome, probability)`` pairs (empty unless chance is due)."""
        return [(o, p) for o, p in json.loads(self._g.chance_outcomes_json())]

    def apply_chance(self, outcome: Optional[dict] = None) -> int:
        """Supplies a chance outcome, or with ``None`` draws it from the seed."""
        return self._g.chance_json(None if outcome is None else _json(outcome))

    def view(self, seat: Optional[int] = None) -> dict:
        """What ``seat`` (``None``: a spectator) may see, as a dict."""
        return json.loads(self._g.view_json(None if seat is None else _seat(seat)))

    def events(self, since: int = 0, seat: Optional[int] = None) -> list:
        """Events from version ``since`` on, as ``seat`` may see them."""
        return json.loads(self._g.events_json(_count(since, "since"), None if seat is None else _seat(seat)))

    def result(self) -> Optional[dict]:
        """``{"winners", "scores", "reason"}`` once over, else ``None``."""
        return json.loads(self._g.result_json())

    def state_json(self) -> str:
        """The full state (secrets included) in its versioned envelope, as JSON text."""
        return self._g.state_json()

    def log(self) -> dict:
        """The log: start, seed, every entry, and the current state as its final state."""
        return json.loads(self._g.log_json())

    def clone(self) -> "Game":
        """An independent copy (state, random generator, log)."""
        return Game._wrap(self._g.clone_game(), self._chance)

    def determinize(self, seat: Optional[int], seed: int) -> "Game":
        """A game ``seat`` cannot tell apart from this one, every secret hidden from it resampled from ``seed``."""
        return Game._wrap(self._g.determinize(None if seat is None else _seat(seat), _seed(seed)), self._chance)

    def analyze(self, seat: int, playouts: Optional[int] = None, ms: Optional[int] = None, top: int = 0,
                threads: int = 1, seed: int = 0) -> dict:
        """Each legal action of ``seat`` with its chance to win after it, from the search in ``seat``'s
        information set (the others' hidden cards are sampled, never read).

        Budget: ``playouts`` (default 2,000, at most 100,000) or ``ms`` (at most 30,000; wins over
        ``playouts``); ``top`` keeps the best k (0: all); ``threads`` 0 uses every core. Returns the
        referee's ``analyze`` answer: ``seat``, ``playouts``, ``millis`` and ``actions``, best first,
        each with ``action`` (the JSON of :meth:`legal_actions`), ``index`` (its place there),
        ``space_index`` (its index in the dense action space), ``visits``, ``win``, ``low``–``high``
        (the 95 % interval) and ``line`` (the expected line of play: ``{"seat", "action"}`` steps).
        A seat not to act, a finished game or a budget over the maxima raise :class:`Refused`.
        """
        def count(name: str, v: Any) -> Optional[int]:
            if v is None:
                return None
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
                raise malformed("engine.analyze_budget", f"{name} muss eine ganze Zahl ≥ 0 sein, nicht {v!r}.",
                                f"{name} must be a whole number ≥ 0, not {v!r}.")
            return min(int(v), 1 << 63)
        playouts_, ms_ = count("playouts", playouts), count("ms", ms)
        top_, threads_ = count("top", top) or 0, count("threads", threads) or 0
        return json.loads(self._g.analyze_json(_seat(seat), playouts_, ms_, min(top_, 1 << 20),
                                               min(threads_, 1024), _seed(seed)))

    # The dense action space.
    @property
    def num_distinct_actions(self) -> int:
        """Size of the dense action space of this game, rule set and player count."""
        return self._g.num_actions()

    def action_kinds(self) -> list:
        """``(type, first index, end index)`` of every action kind, in index order."""
        return list(self._g.action_kinds())

    def action_index(self, action: dict) -> int:
        """The index of an action (refused if it is not one of the space)."""
        i = self._g.action_index(_json(action))
        if i is None:
            raise malformed("engine.action_index", "Diese Aktion hat keinen Index im Aktionsraum.",
                            "This action has no index in the action space.")
        return i

    def index_action(self, index: int) -> dict:
        """The action of an index, as a dict."""
        return json.loads(self._g.index_action(_index(index)))

    def legal_indices(self, seat: int) -> list:
        """Indices of the legal actions of ``seat``, in the legal list's order."""
        return list(self._g.legal_indices(_seat(seat)))

    def legal_mask(self, seat: int) -> np.ndarray:
        """A boolean array over the action space: ``True`` where the action is legal for ``seat``."""
        mask = np.zeros(self.num_distinct_actions, dtype=bool)
        idx = [i for i in self._g.legal_indices(_seat(seat)) if i < mask.size]
        mask[idx] = True
        return mask

    # Observations.
    def observation(self, seat: Optional[int]) -> np.ndarray:
        """The fixed-size ``float32`` tensor of ``seat``'s view (``None``: a spectator); layout in docs/python.md."""
        return np.frombuffer(self._g.observe(None if seat is None else _seat(seat)), dtype="<f4").copy()

    @property
    def observation_shape(self) -> tuple:
        """The tensor's shape, ``(n,)``."""
        return (len(self._g.observe(None)) // 4,)

    def observation_layout(self) -> list:
        """``(block name, offset)`` of every block of the tensor."""
        return list(self._g.observation_layout())

    def observation_bounds(self, max_turns: int = _native.MAX_TURNS) -> tuple:
        """``(low, high)``: ``float32`` arrays of the smallest and largest value each element of
        :meth:`observation` can take under this game's rules and config (the turn counter up to
        ``max_turns + 1``); the envs' ``Box`` spaces are made of them (docs/python.md, "Bounds")."""
        lo, hi = self._g.observation_bounds(_count(max_turns, "max_turns"))
        return np.frombuffer(lo, dtype="<f4").copy(), np.frombuffer(hi, dtype="<f4").copy()

    @property
    def board_shape(self) -> Optional[tuple]:
        """``(channels, height, width)`` of :meth:`board_tensor`; ``None`` for a game without a
        board (Splendor)."""
        shape = self._g.board_shape()
        return None if shape is None else tuple(shape)

    def board_channels(self) -> list:
        """The names of the board tensor's channels, in order (docs/python.md, "Board tensor")."""
        return list(self._g.board_channels())

    def board_cells(self) -> dict:
        """Where every place lies on the board grid: ``{"hexes": [...], "nodes": [...], "edges":
        [...]}``, each the ``(row, column)`` of the place with that id (CATAN: hex, intersection
        and path ids; Junior: islands in letter order then the castle island, sites by printed
        number − 1, routes in the board's order)."""
        cells = self._g.board_cells()
        if cells is None:
            raise _no_board(self.game)
        w = self.board_shape[2]
        return {k: [divmod(int(c), w) for c in v] for k, v in zip(("hexes", "nodes", "edges"), cells)}

    def board_tensor(self, seat: Optional[int]) -> np.ndarray:
        """The board of ``seat``'s view as ``float32[channels, height, width]`` planes (``None``: a
        spectator), pieces by seat relative to ``seat``; refused (``engine.no_board``) for a game
        without a board."""
        data = self._g.board_tensor(None if seat is None else _seat(seat))
        if data is None:
            raise _no_board(self.game)
        return np.frombuffer(data, dtype="<f4").reshape(self.board_shape).copy()

    def __repr__(self) -> str:
        return f"Game({self.game!r}, players={self.players}, version={self.version}, to_act={self.to_act()})"

    def render(self, seat: Optional[int] = None, mode: str = "ansi", width: int = 640):
        """A picture of the position as ``seat`` sees it (``None``: a spectator).

        ``mode``: ``"ansi"`` (the view as text), ``"rgb_array"``
        (``uint8[H, W, 3]``, ``width`` pixels wide, the board as the web UI
        draws it) or ``"svg"``. Drawn from the view: no hidden card.
        """
        from ._render import render_game

        return render_game(self._g, None if seat is None else _seat(seat), mode, width)

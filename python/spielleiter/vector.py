"""A batch of games stepped in one call, for self-play and search."""

from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np

from . import _native
from ._research import env_options
from .game import _count, _json, _seed


class _Buffer:
    """Exposes one of the native arrays to numpy without a copy; keeps its owner alive."""

    def __init__(self, owner, address: int, shape, typestr: str, readonly: bool) -> None:
        self._owner = owner
        self.__array_interface__ = {"data": (address, readonly), "shape": tuple(shape), "typestr": typestr,
                                    "version": 3}


def _opponents(opponents: Union[None, str, Sequence[Optional[str]]], players: int, agents: Sequence[int]) -> list:
    """Bot specs per seat: ``None`` for the agents' seats."""
    if opponents is None or isinstance(opponents, str):
        spec = opponents or "random"
        return [None if s in agents else spec for s in range(players)]
    specs = list(opponents)
    others = [s for s in range(players) if s not in agents]
    if len(specs) == players:
        return [None if s in agents else specs[s] for s in range(players)]
    if len(specs) != len(others):
        from ._errors import malformed

        raise malformed("engine.config", f"{len(specs)} Gegner für {len(others)} Plätze angegeben.",
                        f"{len(specs)} opponents given for {len(others)} seats.")
    out: list = [None] * players
    for s, spec in zip(others, specs):
        out[s] = spec
    return out


class VectorEnv:
    """``num_envs`` games of ``game`` stepped together, the GIL released.

    Every seat is played by the caller (self-play) unless ``opponents`` names
    built-in bots for some seats. The arrays below are owned by the
    environment and rewritten in place by every :meth:`step` (no copies):

    - ``obs``: ``float32[num_envs, obs_len]``, the tensor of the seat to act;
    - ``mask``: ``bool[num_envs, num_actions]``, its legal actions;
    - ``to_act``: ``int32[num_envs]``, the seat to act (``-1``: none);
    - ``rewards``: ``float32[num_envs, players]``, +1/−1 per seat on the step that ends a game;
    - ``terminated`` / ``truncated``: ``bool[num_envs]``, set on the step that ended a game
      (with ``autoreset`` the game has already been replaced by a fresh one, whose
      first position ``obs``/``mask`` show);
    - ``lengths``: ``uint32[num_envs]``, steps of each current game;
    - ``board`` (only with ``board=True``): ``float32[num_envs, channels, height, width]``,
      the board tensor of the seat to act (``Game.board_tensor``; docs/python.md, "Board
      tensor"), written beside ``obs`` by every step. Off by default: it costs a write of
      every plane per step. Splendor has no board and refuses it (``engine.no_board``).

    ``options`` get the research envs' house rules where left out (as in the
    Gymnasium and PettingZoo envs; ``self.options`` holds what is played):
    no domestic offers in CATAN (maritime trades stay), four free squire steps with heroes,
    two offers to other players in Catan Junior's pro variant. A key set to
    ``None`` switches its rule off.

    ``observations=False`` leaves ``obs`` at 0 (masks, seats and rewards
    only), for searches and simulations that do not read tensors.

    A game is truncated (``truncated`` set, reward 0) after ``max_turns``
    turns or ``max_steps`` decisions of every seat, bots included (default:
    100 per turn of ``max_turns``): one turn can last for ever where a seat
    may repeat a move that changes nothing, so turns alone bound nothing.

    Games are seeded from ``seed``, the env's number and its game count, so a
    run is the same for any ``threads``.

    Pickling and ``copy.deepcopy`` go through the log: the arguments, the seed
    of the last reset and every action array since (4 bytes per game and
    step, kept for that purpose), replayed into a new env. A :meth:`restore`
    of a snapshot taken with another version of this class leaves no log; such
    an env refuses to pickle (``engine.pickle_version``) until its next reset.
    """

    #: The options played: those given, with the research envs' house rules filled in.
    options: Optional[dict]
    # The arrays (set from the native buffers in __init__; declared for type checkers).
    obs: np.ndarray
    mask: np.ndarray
    to_act: np.ndarray
    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    actions: np.ndarray
    lengths: np.ndarray
    #: The board tensors (``None`` unless made with ``board=True``).
    board: Optional[np.ndarray] = None

    def __init__(self, game: str, num_envs: int = 512, players: int = 2, options: Optional[dict] = None,
                 seed: int = 0, threads: int = 1, opponents: Union[None, str, Sequence[Optional[str]]] = (),
                 agents: Optional[Sequence[int]] = None, autoreset: bool = True,
                 max_turns: int = _native.MAX_TURNS, observations: bool = True,
                 max_steps: Optional[int] = None, board: bool = False) -> None:
        self._args = dict(game=game, num_envs=num_envs, players=players, options=options, seed=seed,
                          threads=threads, opponents=opponents, agents=agents, autoreset=autoreset,
                          max_turns=max_turns, observations=observations, max_steps=max_steps, board=board)
        players = _count(players, "players")
        agents = list(range(players)) if agents is None else list(agents)
        bots = [None] * players if opponents == () else _opponents(opponents, players, agents)
        self.game = str(game)
        self.num_envs = _count(num_envs, "num_envs")
        self.players = players
        self.options = env_options(self.game, options)
        self._native = _native.NativeVectorEnv(self.game, self.num_envs, players, _json(self.options), _seed(seed),
                                               max(1, _count(threads, "threads")), bots, bool(autoreset),
                                               _count(max_turns, "max_turns"), bool(observations),
                                               0 if max_steps is None else max(1, _count(max_steps, "max_steps")),
                                               bool(board))
        # Read-only views, except `actions`: the engine trusts its own mask.
        for name, address, shape, typestr, readonly in self._native.buffers():
            setattr(self, name, np.asarray(_Buffer(self._native, address, shape, typestr, readonly)))
        self.num_actions = self._native.num_actions()
        self.obs_len = self._native.obs_len()
        self._closed = False

    def observation_bounds(self) -> tuple:
        """``(low, high)``: ``float32[obs_len]`` arrays bounding every element of ``obs`` under this
        env's rules, config and ``max_turns`` (``Game.observation_bounds``)."""
        lo, hi = self._native.obs_bounds()
        return np.frombuffer(lo, dtype="<f4").copy(), np.frombuffer(hi, dtype="<f4").copy()

    def reset(self, seed: Optional[int] = None):
        """Starts every game afresh; returns ``(obs, mask, to_act)`` (the owned arrays)."""
        self._check_open()
        seed = _seed(seed) if seed is not None else int(np.random.SeedSequence().entropy) & (2**64 - 1)
        self._native.reset(seed)
        return self.obs, self.mask, self.to_act

    def step(self, actions) -> tuple:
        """Plays ``actions[i]`` (an index of the dense space) in game ``i`` for the seat to act.

        Returns ``(obs, rewards, terminated, truncated, to_act)``, the owned
        arrays. An index that is not legal in its game (see ``mask``) is
        refused before any game moves. ``actions`` must be whole numbers, one
        per game (shape ``(num_envs,)``); anything else is refused
        (``engine.action_index``) and nothing changes.
        """
        from ._errors import malformed

        self._check_open()
        try:
            a = np.asarray(actions)
        except (OverflowError, TypeError, ValueError) as e:
            raise malformed("engine.action_index", f"Aktionsindizes nicht lesbar: {e}",
                            f"Action indices cannot be read: {e}") from None
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise malformed("engine.action_index",
                            f"Erwartet: ganze Zahlen der Form ({self.num_envs},), erhalten: {a.dtype} der Form {a.shape}.",
                            f"Expected whole numbers of shape ({self.num_envs},), got {a.dtype} of shape {a.shape}.")
        try:
            self.actions[:] = a
        except (OverflowError, TypeError, ValueError) as e:
            raise malformed("engine.action_index", f"Aktionsindizes nicht lesbar: {e}",
                            f"Action indices cannot be read: {e}") from None
        self._native.step()
        return self.obs, self.rewards, self.terminated, self.truncated, self.to_act

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action per game (``0`` where no seat is to act), drawn in the
        engine from one number of ``rng`` (the same draw whatever ``threads``); a copy, so that
        it may be kept. The NumPy draw it replaces (random scores over the whole mask, their
        argmax) cost more than a batch step of CATAN itself."""
        self._check_open()
        self._native.random_actions(int(rng.integers(0, 2**63 - 1)))
        return self.actions.copy()

    def snapshot(self):
        """A copy of every game (state and random generators), for search."""
        self._check_open()
        return self._native.snapshot()

    def restore(self, snapshot) -> None:
        """Puts every game back to a snapshot of this environment and rewrites the arrays."""
        self._check_open()
        self._native.restore(snapshot)

    def close(self) -> None:
        """Releases the games, their arrays and the helper threads; later calls are refused
        (``engine.closed``). Arrays the caller still holds keep their memory alive until dropped."""
        if not self._closed:
            self._closed = True
            for name, *_ in self._native.buffers():
                # Views into native memory must not outlive it: drop them with the env.
                setattr(self, name, None)
            self._native = None

    def _check_open(self) -> None:
        if self._closed:
            from ._errors import malformed

            raise malformed("engine.closed", "Diese Umgebung ist geschlossen (close()).",
                            "This environment is closed (close()).")

    def state_json(self, env: int) -> Optional[str]:
        """The full state of game ``env`` as JSON text."""
        return self._native.state_json(_count(env, "env"))

    def render(self, env: int = 0, seat: Optional[int] = None, mode: str = "rgb_array", width: int = 640):
        """A picture of game ``env`` as ``seat`` sees it (default: the seat to act, else seat 0).

        ``mode``: ``"rgb_array"`` (``uint8[H, W, 3]``, ``width`` pixels wide),
        ``"ansi"`` (the view as text) or ``"svg"``. Drawn from the seat's view:
        no card that seat does not see.
        """
        from ._render import render_env

        env = _count(env, "env")
        if seat is None:
            seat = int(self.to_act[env]) if 0 <= env < self.num_envs and self.to_act[env] >= 0 else 0
        return render_env(self._native, env, _count(seat, "seat"), mode, width)

    def __getstate__(self) -> dict:
        """The constructor's arguments and every game as it is now (states, random generators,
        counters): its size is the batch's, however long the env has played (nothing is kept
        from earlier steps)."""
        from ._research import PICKLE_VERSION

        self._check_open()
        return {"pickle_version": PICKLE_VERSION, "args": self._args, "games": self._native.save()}

    def __setstate__(self, state: dict) -> None:
        from ._research import check_pickle
        from ._errors import malformed

        state = check_pickle(state, "VectorEnv")
        games = state.get("games")
        if games is None and "log" in state:
            # The earlier form (a seed and every batch action since): replayed once.
            VectorEnv.__init__(self, **state["args"])
            self.reset(state["seed"])
            for row in state["log"]:
                self.step(np.asarray(row).astype(np.int64))
            return
        if not isinstance(games, (bytes, bytearray)):
            raise malformed("engine.pickle_corrupt", "VectorEnv: die gespeicherten Partien fehlen.",
                            "VectorEnv: the saved games are missing.")
        VectorEnv.__init__(self, **state["args"])
        self._native.load(bytes(games))

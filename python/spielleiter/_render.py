"""Pictures of a position: ``"ansi"`` (one seat's view as text), ``"rgb_array"``
(an ``(H, W, 3)`` uint8 image of the board, drawn as the web UI draws it and
rasterised in Rust with resvg) and ``"svg"`` (that drawing as SVG text).

Both are drawn from the seat's *view*, never the full state: a card the seat
does not see is in neither.
"""

from __future__ import annotations

from typing import Union

import numpy as np

from . import _native

MODES = ("ansi", "rgb_array", "svg")
WIDTH: int = _native.RENDER_WIDTH


def _check(mode: str) -> None:
    if mode not in MODES:
        from ._errors import malformed

        raise malformed("engine.render_mode", f"render_mode „{mode}“ gibt es nicht (ansi, rgb_array, svg).",
                        f"render_mode '{mode}' does not exist (ansi, rgb_array, svg).")


def picture(out) -> Union[str, np.ndarray]:
    """The native result as Python returns it: text, or the RGB bytes as an image array."""
    if isinstance(out, str):
        return out
    data, height, width = out
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 3).copy()


def render_game(native, seat, mode: str, width: int = WIDTH):
    _check(mode)
    return picture(_native.render_game(native, seat, mode, int(width)))


def render_env(native, index: int, seat: int, mode: str, width: int = WIDTH):
    _check(mode)
    return picture(_native.render_env(native, int(index), int(seat), mode, int(width)))

"""Board widgets: one generic board for every game, pure views drawn on ipycanvas or as SVG.

- ``widgets.BOARDS``: game name → that game's board spec (its view, click targets, words).
- ``widgets.Board(game, …)``: the board to play by clicking (needs ipywidgets and ipycanvas).
- ``widgets.Replay(start, actions)``: a finished game to watch move by move.
- ``widgets.picture(state)`` / ``widgets.picture_svg(state)`` / ``widgets.Picture(state, lang=…)``:
  a state as a picture (the last for ``display``, with its alt text).

Importing ``widgets`` in IPython registers the formatters (``widgets.pictures``): every game
state with a board shows as its picture, every matplotlib figure as its plot, each an image
with a text alternative.
"""

from __future__ import annotations

from typing import Any

from widgets.pictures import Picture, picture, picture_svg, register_formatters
from widgets.spec import BOARDS, BoardSpec, LessonStep, ViewContext

register_formatters()


def __getattr__(name: str) -> Any:  # the widgets need ipywidgets; the pictures do not
    if name in ("Board", "narrate"):
        from widgets import board

        return getattr(board, name)
    if name == "RuleStep":
        from widgets.lesson import RuleStep

        return RuleStep
    if name == "Replay":
        from widgets.replay import Replay

        return Replay
    raise AttributeError(name)


__all__ = ["BOARDS", "Board", "BoardSpec", "LessonStep", "Picture", "Replay", "RuleStep",
           "ViewContext", "narrate", "picture", "picture_svg", "register_formatters"]

"""Board widgets: one generic board for every game, pure views drawn on ipycanvas or as SVG.

- ``widgets.BOARDS``: game name → that game's board spec (its view, click targets, words).
- ``widgets.Board(game, …)``: the board to play by clicking (needs ipywidgets and ipycanvas).
- ``widgets.Replay(start, actions)``: a finished game to watch move by move.
- ``widgets.picture(state)`` / ``widgets.picture_svg(state)``: a state as a picture.

Importing ``widgets`` in IPython registers an SVG formatter, so every game state with a board
shows as a picture in a notebook.
"""

from __future__ import annotations

from typing import Any

from widgets.pictures import picture, picture_svg, register_svg_formatter
from widgets.spec import BOARDS, BoardSpec, LessonStep, ViewContext

register_svg_formatter()


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


__all__ = ["BOARDS", "Board", "BoardSpec", "LessonStep", "Replay", "RuleStep", "ViewContext",
           "narrate", "picture", "picture_svg", "register_svg_formatter"]

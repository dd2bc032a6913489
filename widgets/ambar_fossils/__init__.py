"""Âmbar on screen: ``view`` (state → scene), ``state_svg`` and the ``AmbarBoard`` widget."""

from __future__ import annotations

from boardlib.ambar_fossils import AmbarFossilsState
from widgets.ambar_fossils.view import COLOURS, SHAPES, fossil_shape, view
from widgets.svg import to_svg


def state_svg(state: AmbarFossilsState, lang: str = "en", scale: float = 1.0) -> str:
    """The board as SVG: how every Âmbar state shows in a static notebook (``_repr_svg_``)."""
    return to_svg(view(state, lang=lang), scale=scale)


def __getattr__(name: str):  # the widget needs ipywidgets; the view and SVG do not
    if name in ("AmbarBoard", "action_of", "target_of", "narrate"):
        from widgets.ambar_fossils import board

        return getattr(board, name)
    if name == "RuleStep":
        from widgets.ambar_fossils.lesson import RuleStep

        return RuleStep
    raise AttributeError(name)


__all__ = ["COLOURS", "SHAPES", "AmbarBoard", "RuleStep", "action_of", "fossil_shape", "narrate",
           "state_svg", "target_of", "view"]

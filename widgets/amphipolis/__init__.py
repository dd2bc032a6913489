"""Amphipolis on screen: its board spec (``spec.SPEC``), pure view, words and lesson data.

The board is the generic ``widgets.Board("amphipolis", …)``; only what is Amphipolis's own
lives here.
"""

from __future__ import annotations

from widgets.amphipolis.view import COLOURS, tile_shape, view

__all__ = ["COLOURS", "tile_shape", "view"]

"""Âmbar on screen: its board spec (``spec.SPEC``), pure view, words and lesson data.

The board is the generic ``widgets.Board("ambar_fossils", …)``; only what is Âmbar's own
lives here.
"""

from __future__ import annotations

from widgets.ambar_fossils.view import COLOURS, SHAPES, fossil_shape, view

__all__ = ["COLOURS", "SHAPES", "fossil_shape", "view"]

"""Ambar (2018) on screen: its board spec (``spec.SPEC``), pure view, words, odds and lessons.

The board is the generic ``widgets.Board("ambar_2018", …)``; only what is Ambar (2018)'s own
lives here.
"""

from __future__ import annotations

from widgets.ambar_2018.view import card_details, view

__all__ = ["card_details", "view"]

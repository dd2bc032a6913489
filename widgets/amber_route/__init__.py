"""Amber Route on screen: its board spec (``spec.SPEC``), pure view, words, odds and lessons.

The board is the generic ``widgets.Board("amber_route", …)``; only what is Amber Route's own
lives here.
"""

from __future__ import annotations

from widgets.amber_route.view import view

__all__ = ["view"]

"""Âmbar — stack fossils of four types, numbered 1–6, in a ten-column display.

Rules: shared/rulebooks/ambar_fossils.en.txt; clauses and interpretations:
docs/rules/ambar_fossils.md. Quick start::

    from boardlib import ambar_fossils
    state = ambar_fossils.new_game(players=3, seed=7)
    state.legal_actions()          # ['flip D', 'flip P', 'flip M', 'flip A']
    state.apply_action("flip D")   # a chance node follows: the fossil is revealed
    state.chance_outcomes()        # [('reveal D1', Fraction(...)), ...]
"""

from __future__ import annotations

from functools import partial

from boardlib.ambar_fossils.bots import GreedyBot
from boardlib.ambar_fossils.description import describe, from_description
from boardlib.ambar_fossils.messages import MESSAGES, format_value
from boardlib.ambar_fossils.setup import from_snapshot, new_game
from boardlib.ambar_fossils.state import (
    COMPONENT_TOTALS,
    COMPONENTS,
    LETTERS,
    PLAYER_COUNTS,
    TYPE_NAMES,
    AmbarFossilsState,
    fossil_token,
    parse_fossil,
)
from boardlib.bots import RandomBot
from boardlib.saves import load

NAME = "ambar_fossils"
TITLE = "Âmbar"
RULES = "docs/rules/ambar_fossils.md"
BOTS = {"random": RandomBot, "greedy": GreedyBot}
MAX_ACTIONS = 2_000
"""No game is longer. A turn that reveals or places something is "progress": at most
76 flips (the Excavation starts with ≤ 76 face-down fossils) and 96 placements (a swap
uses up a face-down display fossil, a stack a piece from the Excavation). A progress
turn has ≤ 4 actions; between two of them come fewer passing turns than players
(AF-8.3, AF-8.5), each of ≤ 2 actions: 172 × (4 + 2 × 3) = 1,720 < 2,000."""

from_json = partial(load, game=NAME)

__all__ = [
    "BOTS",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "LETTERS",
    "MESSAGES",
    "NAME",
    "PLAYER_COUNTS",
    "TITLE",
    "TYPE_NAMES",
    "AmbarFossilsState",
    "GreedyBot",
    "describe",
    "format_value",
    "fossil_token",
    "from_description",
    "from_json",
    "from_snapshot",
    "new_game",
    "parse_fossil",
]

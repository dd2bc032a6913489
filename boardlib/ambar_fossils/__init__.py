"""Âmbar — stack fossils of four types, numbered 1–6, in a ten-column display.

Rules: docs/rules/ambar_fossils.md, the rulebook quoted clause by clause with the engine's
interpretations. Quick start::

    from boardlib import ambar_fossils
    state = ambar_fossils.new_game(players=3, seed=7)
    state.legal_actions()          # ['flip D', 'flip P', 'flip M', 'flip A']
    state.apply_action("flip D")   # a chance node follows: the fossil is revealed
    state.chance_outcomes()        # [('reveal D1', Fraction(...)), ...]
"""

from __future__ import annotations

from functools import partial

from boardlib.ambar_fossils.bots import GreedyBot
from boardlib.ambar_fossils.data import (
    COMPONENT_TOTALS,
    COMPONENTS,
    LETTERS,
    PLAYER_COUNTS,
    TYPE_NAMES,
    fossil_token,
    parse_fossil,
)
from boardlib.ambar_fossils.description import describe
from boardlib.ambar_fossils.messages import MESSAGES, format_value
from boardlib.ambar_fossils.state import (
    AmbarFossilsState,
    from_description,
    from_snapshot,
    new_game,
)
from boardlib.bots import RandomBot
from boardlib.saves import load

NAME = "ambar_fossils"
BOTS = {"random": RandomBot, "greedy": GreedyBot}

from_json = partial(load, game=NAME)

__all__ = [
    "BOTS",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "LETTERS",
    "MESSAGES",
    "NAME",
    "PLAYER_COUNTS",
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

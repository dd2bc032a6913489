"""Amber Route — carry amber from the Baltic shore to the castle through darkness.

Rules: docs/rules/amber_route.md, the rulebook quoted clause by clause with the engine's
interpretations. Advanced and Family are two presets of one engine.
The board, light cards, darkness cards and grace gifts are PLACEHOLDERS (see
components.json): the printed components are not public. Quick start::

    from boardlib import amber_route
    state = amber_route.new_game(players=2, seed=7, version="family")
    state.legal_actions()          # ['draw card', 'take guard']
    pos = amber_route.from_description('''
        version: family
        player 1: field 3, guards 2, hand S1 S2 A1
        player 2: field 1
        facing: D37
    ''')                           # a level II swamp ghost, ready to play cards
"""

from __future__ import annotations

from functools import partial

from boardlib.amber_route.bots import CarefulBot
from boardlib.amber_route.data import (
    COMPONENT_TOTALS,
    COMPONENTS,
    PLACEHOLDER_NOTE,
    PLAYER_COUNTS,
)
from boardlib.amber_route.description import describe
from boardlib.amber_route.messages import MESSAGES, format_value
from boardlib.amber_route.state import (
    AmberRouteState,
    duel_damage,
    from_description,
    from_snapshot,
    new_game,
    trap_matches,
)
from boardlib.bots import RandomBot
from boardlib.saves import load

NAME = "amber_route"
BOTS = {"random": RandomBot, "careful": CarefulBot}

from_json = partial(load, game=NAME)

__all__ = [
    "BOTS",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "MESSAGES",
    "NAME",
    "PLACEHOLDER_NOTE",
    "PLAYER_COUNTS",
    "AmberRouteState",
    "CarefulBot",
    "describe",
    "duel_damage",
    "format_value",
    "from_description",
    "from_json",
    "from_snapshot",
    "new_game",
    "trap_matches",
]

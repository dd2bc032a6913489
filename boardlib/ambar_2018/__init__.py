"""Ambar (2018) — travel for amber, make gems, sell them for gold; stop before a 3rd black card.

Rules: docs/rules/ambar_2018.md, the rulebook quoted clause by clause with the engine's
interpretations. Card values are PLACEHOLDERS (see components.json). Quick start::

    from boardlib import ambar_2018
    state = ambar_2018.new_game(players=2, seed=7)
    state.chance_outcomes()        # the starting event card: [('event FC', Fraction(3, 23)), ...]
    state = ambar_2018.from_description('''
        phase: journey
        line-up: BY CH V6
        deck: OR:2 TA:1
    ''')                           # any position from a few lines
    state.next_card_black_chance() # Fraction(2, 3): the chance the next card is the third black
    state.apply_action("draw")     # a chance node: [('card TA', 1/3), ('card OR', 2/3)]
"""

from __future__ import annotations

from functools import partial

from boardlib.ambar_2018.bots import CautiousBot
from boardlib.ambar_2018.data import (
    CODES,
    COMPONENT_TOTALS,
    COMPONENTS,
    EVENTS,
    PLAYER_COUNTS,
)
from boardlib.ambar_2018.description import describe
from boardlib.ambar_2018.messages import MESSAGES, format_value
from boardlib.ambar_2018.state import (
    Ambar2018State,
    from_description,
    from_snapshot,
    new_game,
)
from boardlib.bots import RandomBot
from boardlib.saves import load

NAME = "ambar_2018"
BOTS = {"random": RandomBot, "cautious": CautiousBot}

from_json = partial(load, game=NAME)

__all__ = [
    "BOTS",
    "CODES",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "EVENTS",
    "MESSAGES",
    "NAME",
    "PLAYER_COUNTS",
    "Ambar2018State",
    "CautiousBot",
    "describe",
    "format_value",
    "from_description",
    "from_json",
    "from_snapshot",
    "new_game",
]

"""Ambar (2018): travel, gather amber, make gems, sell them for gold; two rounds.

Rules: shared/rulebooks/ambar_2018.en.txt; clauses and interpretations:
docs/rules/ambar_2018.md. Card values are PLACEHOLDERS (see components.json). Quick start::

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
from boardlib.ambar_2018.description import describe, from_description
from boardlib.ambar_2018.messages import MESSAGES, format_value
from boardlib.ambar_2018.setup import from_snapshot, new_game
from boardlib.ambar_2018.state import (
    CODES,
    COMPONENT_TOTALS,
    COMPONENTS,
    EVENTS,
    PLAYER_COUNTS,
    Ambar2018State,
)
from boardlib.bots import RandomBot
from boardlib.saves import load

NAME = "ambar_2018"
TITLE = "Ambar (2018)"
RULES = "docs/rules/ambar_2018.md"
BOTS = {"random": RandomBot, "cautious": CautiousBot}
HIDDEN_INFORMATION = True
"""Event cards in hand and an Oracle's peek are private: people see ``observation(seat)``."""
MAX_ACTIONS = 25_000
"""No game is longer. Every turn draws at least one card from the journey deck (AB-9.1)
and a deck card is drawn once per round, so there are at most 66 + 78 = 144 turns: the
round-2 deck is at most the 66 journey cards plus the 12 starting alchemy, traveller and
village cards that upgrades discard. A turn has at most: 1 round choice; per deck card
drawn (≤ 7 + soldiers spent on fights, ≤ 7 + 15 = 22) a draw decision, a draw, a danger
decision and an Oracle peek and choice (5 each, 110); the reward event draw; response
windows of ≤ 3 seats; ≤ 7 journey actions plus one per event discarded, each with a
carry window of ≤ 3 answers (≤ 4 steps each, 28); end; ≤ 4 trade and ≤ 4 upgrade
decisions: under 160 steps. Event cards enter hands only by the deal (≤ 4) and the
sixth-day reward (≤ 1 per turn), so at most 148 event cards are ever played or
discarded, each adding at most 4 + 4 steps (the play, the action it buys and its carry
window, one more decision in a window): 144 × 160 + 148 × 8 = 24,224. Soldiers are
the only thing that lets a line-up pass 7 draws, and the 15 soldiers in the game bound
the fights of a turn, so 22 draws per turn is generous; in practice games take a few
hundred steps and 25,000 is never reached (the conformance suite checks it)."""

from_json = partial(load, game=NAME)

__all__ = [
    "BOTS",
    "CODES",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "EVENTS",
    "MAX_ACTIONS",
    "MESSAGES",
    "NAME",
    "PLAYER_COUNTS",
    "RULES",
    "TITLE",
    "Ambar2018State",
    "CautiousBot",
    "describe",
    "format_value",
    "from_description",
    "from_json",
    "from_snapshot",
    "new_game",
]

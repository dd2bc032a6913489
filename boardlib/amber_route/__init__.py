"""Amber Route — carry amber from the Baltic shore to the castle through darkness.

Rules: shared/rulebooks/amber_route.en.txt; clauses and interpretations:
docs/rules/amber_route.md. Advanced and Family are two presets of one engine.
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
from boardlib.amber_route.description import describe, from_description
from boardlib.amber_route.messages import MESSAGES, format_value
from boardlib.amber_route.setup import from_snapshot, new_game
from boardlib.amber_route.state import AmberRouteState, duel_damage, trap_matches
from boardlib.bots import RandomBot
from boardlib.saves import load

NAME = "amber_route"
TITLE = "Amber Route"
RULES = "docs/rules/amber_route.md"
BOTS = {"random": RandomBot, "careful": CarefulBot}
VARIANTS = {"advanced": {"version": "advanced"}, "family": {"version": "family"}}
HIDDEN_INFORMATION = True
"""Light cards in hand are private: people see ``observation(seat)``."""
MAX_ACTIONS = 600_000
"""A bound on a game's length (typical games: 300–1,000 actions); the sketch (AR-14.4):

Turns. A move advances a token ≥ 1 of 25 fields: ≤ 4 × 25 = 100 moves. Other turns:
grace ≤ 4; missed turns ≤ 4 per trap, traps ≤ moves: ≤ 400; castle skips ≤ 3; recruiting
needs < 6 guards, and guards are lost only in moves (the mover ≤ 6 + ≤ 5 gained that turn,
a looted player 2): ≤ 12 + 100 × 13 = 1,312; buying spends unsecured amber, gained only in
moves (≤ 5 each) and grace gifts (≤ 16): ≤ 4 + 500 + 16 = 520. So ≤ 2,350 turns.
Actions per turn, apart from monster rounds: ≤ 5 dice per roll (AR-7.4), changes paid by
guards (≤ 6 + gains), amber (≤ 2) or kept cards (≤ 28), a duel ≤ 6 rounds, a grace card
≤ 4 dice, 4 picks and 8 draws with discards: ≤ 250. 2,350 × 250 < 600,000.
The one unbounded part is a monster fight's number of rounds (a round with no damage either
way can repeat); each round the player's first die hits with probability ≥ 1/2 and a monster
has ≤ 5 hit points, so a fight of k rounds has probability ≤ P(Binomial(k, 1/2) < 5),
e.g. below 10⁻²⁰⁰⁰ long before the bound is reached.
"""

from_json = partial(load, game=NAME)

__all__ = [
    "BOTS",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "MESSAGES",
    "NAME",
    "PLACEHOLDER_NOTE",
    "PLAYER_COUNTS",
    "TITLE",
    "VARIANTS",
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

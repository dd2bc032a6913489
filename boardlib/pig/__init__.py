"""Pig — roll a die as often as you dare; a 1 loses the turn's points. First to 100 wins.

The folk dice game in its standard form (docs/rules/pig.md), and the smallest game on the
protocol: docs/adding-a-game.md builds it step by step. Quick start::

    from boardlib import pig
    state = pig.new_game(seed=1)            # or target=50
    state.legal_actions()                    # ['roll']: a turn begins with a roll
    state.apply_action("roll")               # a chance node: the die is in the air
    state.chance_outcomes()                  # [('die 1', Fraction(1, 6)), …]
"""

from __future__ import annotations

from functools import partial

from boardlib.pig.bots import BOTS, HoldAtBot
from boardlib.pig.data import COMPONENT_TOTALS, COMPONENTS, GAME, PLAYER_COUNTS
from boardlib.pig.messages import MESSAGES, format_value
from boardlib.pig.state import PigState, from_description, from_snapshot, new_game
from boardlib.saves import load

NAME = GAME
from_json = partial(load, game=NAME)

__all__ = [
    "BOTS",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "MESSAGES",
    "NAME",
    "PLAYER_COUNTS",
    "HoldAtBot",
    "PigState",
    "format_value",
    "from_description",
    "from_json",
    "from_snapshot",
    "new_game",
]

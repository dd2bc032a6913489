"""Pig's bots: the random baseline, and "hold at 20", the classic simple policy."""

from __future__ import annotations

import random

from boardlib.bots import RandomBot
from boardlib.pig.state import HOLD, ROLL, PigState
from boardlib.protocol import Action


class HoldAtBot:
    """Rolls until the turn total reaches ``limit`` (20 by default), then holds — or holds
    at once when banking the turn total wins. Holding at 20 is the textbook rule of thumb:
    it is where a roll's expected gain, 20 × 1/6 lost against 4 gained on average × 5/6,
    turns negative."""

    def __init__(self, limit: int = 20) -> None:
        self.limit = limit
        self.name = f"hold_at_{limit}"

    def choose(self, state: PigState, rng: random.Random) -> Action:
        at_stake = state.turn_total
        wins = state.scores[state.to_move] + at_stake >= state.target
        return HOLD if at_stake and (at_stake >= self.limit or wins) else ROLL

    def __repr__(self) -> str:
        return f"HoldAtBot(limit={self.limit})"


BOTS = {"random": RandomBot, "hold_at_20": HoldAtBot}
"""The bots ``GameInfo.make_bot`` offers, by name."""

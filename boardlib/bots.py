"""Bots: anything with ``choose(state, rng) -> action`` can sit in a seat."""

from __future__ import annotations

import random
from typing import Protocol

from boardlib.protocol import Action, GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every lesson compares against."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"

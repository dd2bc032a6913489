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
        # the state's cached tuple of legal actions, not the list copy legal_actions() makes:
        # simulations call this hundreds of thousands of times, and it only reads the tuple
        return rng.choice(state.legal_tuple())

    def __repr__(self) -> str:
        return "RandomBot()"

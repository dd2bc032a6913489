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
        # The state's cached tuple of legal actions, not the list copy legal_actions() makes,
        # and rng._randbelow, which rng.choice calls: the same pick for a third of the cost.
        # Simulations call this hundreds of thousands of times.
        legal = state.legal_tuple()
        if not legal:
            raise IndexError("no legal action: the game is over")  # as rng.choice(()) does
        return legal[rng._randbelow(len(legal))]  # type: ignore[attr-defined]  # noqa: SLF001

    def __repr__(self) -> str:
        return "RandomBot()"

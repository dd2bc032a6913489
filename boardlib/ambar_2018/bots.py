"""A sensible Ambar (2018) bot: cautious journeys, make-carry-sell, buy what pays."""

from __future__ import annotations

import random

from boardlib.ambar_2018.data import (
    ACTIONS,
    DANGER,
    JOURNEY,
    KIND,
    PRICES,
)
from boardlib.ambar_2018.state import (
    Ambar2018State,
)
from boardlib.protocol import Action


class CautiousBot:
    """Plays by simple rules of thumb, no look-ahead.

    Journey: keep drawing while fewer than two black cards are out and under 5 days (so
    the Serpent rarely comes), stop on two black cards. Dangers: fight when it is cheap.
    Actions: sell when two trade cards are out, carry the most valuable gems, make gems,
    discard surplus event cards. Trade: always sell on the best-paying card. Upgrades:
    buy the first affordable upgrade, else a forest site. Other windows: play any event.
    """

    name = "cautious"

    def choose(self, state: Ambar2018State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        phase = state.phase
        if phase == JOURNEY:
            return self._journey(state, legal)
        if phase == DANGER:
            return legal[0]  # fight first when possible: soldiers are cheap to hire
        if phase == ACTIONS:
            return self._action(state, legal)
        return max(legal, key=lambda a: (self._score(state, a), rng.random()))

    def _journey(self, state: Ambar2018State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        blacks = state.black_count()
        if blacks >= 2 or len(state.lineup) >= 5:
            return legal[-1]  # stop
        return legal[0]  # draw

    def _action(self, state: Ambar2018State, legal: list[Action]) -> Action:
        kinds = {a.kind for a in legal}
        for wanted in ("sell", "play", "carry", "make", "recover"):
            if wanted in kinds:
                best = [a for a in legal if a.kind == wanted]
                return max(best, key=lambda a: self._score(state, a))
        if "discard" in kinds and sum(state.event_hand[state.active]) > 1:
            return next(a for a in legal if a.kind == "discard")
        return legal[-1]  # end

    def _score(self, state: Ambar2018State, action: Action) -> float:
        kind = action.kind
        if kind == "sell":
            p = state.current_player()
            sold: int = action.args[0]  # the card's place in the line-up
            card = state.lineup[sold]
            return 10 + sum(n * v for n, v in zip(state.village_gems[p], PRICES[card]))
        if kind in ("make", "carry"):
            colour: int
            count: int
            colour, count = action.args
            return (colour + 1) * 10 + count
        if kind == "buy":
            bought: int = action.args[0]
            return 8 + KIND[state.lineup[bought]]
        if kind == "forest":
            return 7
        if kind == "play":
            return 5
        if kind == "soldier":
            return 1 if state.soldiers[state.active] < 2 else -1
        if kind == "pass":
            return 0
        return 0.5

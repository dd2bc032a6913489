"""A greedy Âmbar bot: extra turns first, then level-2 stacks, and careful flips."""

from __future__ import annotations

import random

from boardlib.ambar_fossils.state import (
    CHOOSE,
    NUMBERS,
    AmbarFossilsState,
    excellent_neighbour,
)
from boardlib.protocol import Action


class GreedyBot:
    """Plays the move that looks best right now, with no look-ahead.

    Placing: an excellent arrangement (extra turn) beats a stack that adds a fossil on
    level 2 or higher, which beats a swap; returning is last. Choosing: a face-up
    fossil it can place that way, else the face-down type most likely to be placeable.
    Ties are broken at random so that games differ.
    """

    name = "greedy"

    def choose(self, state: AmbarFossilsState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        scored = [(self.score(state, action), rng.random(), action) for action in legal]
        return max(scored)[2]

    def score(self, state: AmbarFossilsState, action: Action) -> float:
        player = state.player
        if action.kind == "place":
            return placement_value(state, player, state.holding, action.args[0])
        if action.kind == "take":
            return max(
                (placement_value(state, player, action.args[0], c)
                 for c in state.placeable_columns(player, action.args[0])),
                default=-1.0,
            ) - 0.5  # a sure fossil, slightly below a good placement of what is in hand
        if action.kind == "flip":
            return flip_value(state, player, action.args[0])
        return 0.0  # return / pass


def placement_value(state: AmbarFossilsState, player: int, fossil: int, column: int) -> float:
    """Extra turn 3, stack 2 (+ a little for lower columns), swap 1."""
    tops, heights = state.tops[player], state.heights[player]
    value = 3.0 if excellent_neighbour(tops, column, fossil) >= 0 else 0.0
    if tops[column] >= 0:
        value += 2.0 - heights[column] / 10
    else:
        value += 1.0
    return value


def flip_value(state: AmbarFossilsState, player: int, kind: int) -> float:
    """The chance that a face-down fossil of ``kind`` can be placed somewhere, in 0..1."""
    if state.phase != CHOOSE:
        return 0.0
    tops = state.tops[player]
    base = kind * NUMBERS
    hidden = [4 - state.seen[c] for c in range(base, base + NUMBERS)]
    total = sum(hidden)
    if not total:
        return 0.0
    good = sum(
        n for c, n in zip(range(base, base + NUMBERS), hidden)
        if n and c not in tops and state.placeable_columns(player, c)
    )
    return good / total

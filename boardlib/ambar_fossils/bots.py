"""A greedy Âmbar bot: extra turns first, then stacks, and careful flips."""

from __future__ import annotations

import random

from boardlib.ambar_fossils.state import (
    CHOOSE,
    COPIES,
    NUMBERS,
    AmbarFossilsState,
    excellent_neighbour,
)
from boardlib.protocol import Action


class GreedyBot:
    """Plays the move that looks best right now, with no look-ahead.

    Placing: an excellent arrangement (extra turn) beats a stack that adds a fossil on
    level 2 or higher, which beats a swap; returning is last. Choosing: a face-up
    fossil it can place well, else a face-down type — the one most likely to be
    placeable (``flips="wise"``) or any (``flips="random"``, for comparison).
    Ties are broken at random so that games differ.
    """

    name = "greedy"

    def __init__(self, flips: str = "wise") -> None:
        if flips not in ("wise", "random"):
            raise ValueError("flips must be 'wise' or 'random'")
        self.flips = flips

    def choose(self, state: AmbarFossilsState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if state.phase == CHOOSE:
            fits = columns_by_number(state, state.player)
            scored = [(self._choice_value(state, a, fits, rng), rng.random(), a) for a in legal]
        else:
            scored = [(self._place_value(state, a), rng.random(), a) for a in legal]
        return max(scored)[2]

    def _choice_value(self, state, action: Action, fits, rng: random.Random) -> float:
        if action.kind == "take":
            code = action.args[0]
            return max((placement_value(state, state.player, code, c)
                        for c in fits[code % NUMBERS]), default=-1.0) - 0.5
        if action.kind == "flip":
            if self.flips == "random":
                return rng.random()
            return placeable_chance(state, state.player, action.args[0], fits)
        return -2.0  # pass: only when nothing else helps

    def _place_value(self, state, action: Action) -> float:
        if action.kind == "place":
            return placement_value(state, state.player, state.holding, action.args[0])
        return 0.0  # return


def columns_by_number(state: AmbarFossilsState, player: int) -> list[list[int]]:
    """For each number 1–6, the columns a fossil with it could go to (AF-6.5–6.7).

    Placement depends on the number alone; the type only matters for identical
    fossils and extra turns. Six look-ups instead of twenty-four.
    """
    return [state.placeable_columns(player, number) for number in range(NUMBERS)]


def placement_value(state: AmbarFossilsState, player: int, fossil: int, column: int) -> float:
    """Extra turn +3; a stack 2 (a little more on lower columns); a swap 1."""
    tops, heights = state.tops[player], state.heights[player]
    value = 3.0 if excellent_neighbour(tops, column, fossil) >= 0 else 0.0
    if tops[column] >= 0:
        value += 2.0 - heights[column] / 10
    else:
        value += 1.0
    return value


def placeable_chance(state: AmbarFossilsState, player: int, kind: int,
                     fits: list[list[int]] | None = None) -> float:
    """The chance that a face-down fossil of type ``kind`` can be placed by ``player``."""
    fits = fits if fits is not None else columns_by_number(state, player)
    tops = state.tops[player]
    base = kind * NUMBERS
    hidden = total = 0
    for number in range(NUMBERS):
        left = COPIES - state.seen[base + number]
        total += left
        if left and fits[number] and base + number not in tops:
            hidden += left
    return hidden / total if total else 0.0

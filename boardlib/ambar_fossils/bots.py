"""A greedy Âmbar bot: extra turns first, then stacks, and careful flips."""

from __future__ import annotations

import random

from boardlib.ambar_fossils.data import CHOOSE, COLUMNS, COPIES, NUMBERS
from boardlib.ambar_fossils.state import AmbarFossilsState, excellent_neighbour
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

    def __repr__(self) -> str:
        return f"GreedyBot(flips={self.flips!r})"

    def choose(self, state: AmbarFossilsState, rng: random.Random) -> Action:
        """The best-scoring legal action; one loop, since a lesson plays thousands of games.

        Scores are computed in the order of the legal actions, each followed by one
        ``rng.random()`` tie-break, so a seed always gives the same game.
        """
        legal = state.legal_actions()
        player = state.to_move
        tops, heights = state.tops[player], state.heights[player]
        rand = rng.random
        best: tuple[float, float, Action] | None = None
        if state.phase == CHOOSE:
            random_flips = self.flips == "random"
            fits = None  # computed only if needed: a random flipper with nothing to take skips it
            for action in legal:
                kind = action.kind
                if kind == "take":
                    if fits is None:
                        fits = columns_by_number(state, player)
                    code = action.args[0]
                    columns = fits[code % NUMBERS]
                    value = (max([_value(tops, heights, code, c) for c in columns]) - 0.5
                             if columns else -1.5)
                elif kind == "flip":
                    if random_flips:
                        value = rand()
                    else:
                        if fits is None:
                            fits = columns_by_number(state, player)
                        value = _placeable_chance(state.seen, tops, action.args[0], fits)
                else:
                    value = -2.0  # pass: only when nothing else helps
                scored = (value, rand(), action)
                if best is None or scored > best:
                    best = scored
        else:
            holding = state.holding
            for action in legal:
                value = (_value(tops, heights, holding, action.args[0])
                         if action.kind == "place" else 0.0)  # return
                scored = (value, rand(), action)
                if best is None or scored > best:
                    best = scored
        assert best is not None, "a bot is asked to move only when it has a legal action"
        return best[2]


def columns_by_number(state: AmbarFossilsState, player: int) -> list[list[int]]:
    """For each number 1–6, the columns a fossil with it could go to (AF-6.5–6.7).

    Placement depends on the number alone; the type only matters for identical
    fossils and extra turns. One pass serves all six numbers: the height rule does
    not depend on the number, and since the visible numbers ascend, a column takes
    exactly the numbers from the nearest visible number on its left to the nearest
    on its right. Equal to ``[state.placeable_columns(player, n) for n in range(6)]``.
    """
    tops, heights = state.tops[player], state.heights[player]
    last_column = COLUMNS - 1
    right = [NUMBERS - 1] * COLUMNS  # the nearest visible number right of each column
    shown = NUMBERS - 1
    for c in range(last_column, 0, -1):
        top = tops[c]
        if top >= 0:
            shown = top % NUMBERS
        right[c - 1] = shown
    result: list[list[int]] = [[] for _ in range(NUMBERS)]
    left = 0  # the nearest visible number left of column c
    for c in range(COLUMNS):
        top = tops[c]
        if top >= 0:
            h = heights[c]
            if (c > 0 and h <= heights[c - 1]) or (c < last_column and h <= heights[c + 1]):
                for number in range(left, right[c] + 1):
                    result[number].append(c)
            left = top % NUMBERS
        else:
            for number in range(left, right[c] + 1):
                result[number].append(c)
    return result


def _value(tops: list[int], heights: list[int], fossil: int, column: int) -> float:
    value = 3.0 if excellent_neighbour(tops, column, fossil) >= 0 else 0.0
    top = tops[column]
    return value + (2.0 - heights[column] / 10 if top >= 0 else 1.0)


def placement_value(state: AmbarFossilsState, player: int, fossil: int, column: int) -> float:
    """Extra turn +3; a stack 2 (a little more on lower columns); a swap 1."""
    return _value(state.tops[player], state.heights[player], fossil, column)


def placeable_chance(state: AmbarFossilsState, player: int, kind: int,
                     fits: list[list[int]] | None = None) -> float:
    """The chance that a face-down fossil of type ``kind`` can be placed by ``player``."""
    fits = fits if fits is not None else columns_by_number(state, player)
    return _placeable_chance(state.seen, state.tops[player], kind, fits)


def _placeable_chance(seen: list[int], tops: list[int], kind: int,
                      fits: list[list[int]]) -> float:
    base = kind * NUMBERS
    hidden = total = 0
    for number in range(NUMBERS):
        left = COPIES - seen[base + number]
        if left:
            total += left
            if fits[number] and base + number not in tops:
                hidden += left
    return hidden / total if total else 0.0

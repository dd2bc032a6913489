"""A greedy Amphipolis bot: take what adds most to its score, save characters for good turns."""

from __future__ import annotations

import random

from boardlib.amphipolis import scoring
from boardlib.amphipolis.data import (
    AMPHORAS,
    ARCHAEOLOGIST,
    AREA_OF,
    AREA_TILES,
    ASSISTANT,
    DIGGER,
    ENTRANCE,
    MOSAICS,
    SKELETONS,
    STATUES,
)
from boardlib.amphipolis.state import (
    AmphipolisState,
)
from boardlib.protocol import Action

# A tile's worth beyond the points it completes now: statues are contested (about 3 points
# a kind shared out), the rest is the promise of a set still open.
PROMISE = {MOSAICS: 0.6, STATUES: 1.2, AMPHORAS: 0.5, SKELETONS: 0.45}


class GreedyBot:
    """Plays the move that looks best right now, with no look-ahead.

    A tile is worth the points it adds to its area (exact scoring) plus a small promise for
    sets still open. A character is used when the tiles it gets beat a price that falls as
    the entrance fills (a character is worth more early, when there are more turns to use it).
    Ties are broken at random so that games differ.
    """

    name = "greedy"

    def choose(self, state: AmphipolisState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        gains = tile_gains(state)
        best_by_area = _best_by_area(state, gains) if any(
            a.kind == "character" for a in legal) else {}
        best, best_key = legal[0], None
        for action in legal:
            key = (self.score(state, action, gains, best_by_area), rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    def score(self, state: AmphipolisState, action: Action, gains: dict[int, float],
              best_by_area: dict[int, list[float]]) -> float:
        if action.kind == "take":
            return gains[action.args[0]]
        if action.kind == "character":
            price = 2.5 * (1 - state.covered / ENTRANCE)
            return character_gain(state.chosen, action.args[0], best_by_area) - price
        return 0.0  # end


def tile_gains(state: AmphipolisState) -> dict[int, float]:
    """The worth of taking one more tile of each type now available, for the player to move."""
    finds = state.finds[state.to_move]
    gains = {}
    before_by_area: dict[int, int] = {}
    for t in range(len(state.areas)):
        if not state.areas[t]:
            continue
        area = AREA_OF[t]
        if area == STATUES:
            gains[t] = PROMISE[area] + 0.2 * (finds[t] < max(f[t] for f in state.finds))
            continue
        before = before_by_area.get(area)
        if before is None:
            before = before_by_area[area] = _area_score(finds, area)
        finds[t] += 1
        after = _area_score(finds, area)
        finds[t] -= 1
        gains[t] = after - before + PROMISE[area]
    return gains


def _area_score(finds: list[int], area: int) -> int:
    tiles = [finds[t] for t in AREA_TILES[area]]
    if area == MOSAICS:
        return scoring.mosaic_points(tiles)
    if area == AMPHORAS:
        return scoring.amphora_points(tiles)
    return scoring.skeleton_points(*tiles)


def _best_by_area(state: AmphipolisState, gains: dict[int, float]) -> dict[int, list[float]]:
    """The two best tile gains in each sorting area, best first."""
    by_area: dict[int, list[float]] = {}
    for t, gain in gains.items():
        for _ in range(min(state.areas[t], 2)):
            by_area.setdefault(AREA_OF[t], []).append(gain)
    for values in by_area.values():
        values.sort(reverse=True)
    return by_area


def character_gain(chosen: int, character: int, by_area: dict[int, list[float]]) -> float:
    """A rough worth of what ``character`` could take now (best tiles, counted one by one)."""
    if character == ASSISTANT:
        return max((v[0] for v in by_area.values()), default=0.0)
    if character == DIGGER:
        return sum(by_area.get(chosen, [])[:2])
    if character == ARCHAEOLOGIST:
        return max((sum(v[:2]) for a, v in by_area.items() if a != chosen), default=0.0)
    return sum(v[0] for a, v in by_area.items() if a != chosen)  # Professor

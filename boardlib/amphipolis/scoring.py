"""Amphipolis scoring (AM-6): exact best splits, not greedy ones.

Each function takes plain counts so that tests, bots and lessons can call it on any
collection. Searches are exhaustive over a tiny space and cached, so scoring a
whole game costs microseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

MOSAIC_SINGLE = 4
MOSAIC_MIXED = 2
FAMILY = 6
LONE_SKELETON = 1
AMPHORA_POINTS = {3: 1, 4: 2, 5: 4, 6: 6}
MOST, MIDDLE, FEWEST = 6, 3, 0


def mixed_sets(counts: Sequence[int]) -> int:
    """How many sets of 4 that are NOT single-colour the counts can make.

    k sets need 4k tiles with no colour more than 3 times in a set, i.e. at least
    one other-colour tile per set: k <= total // 4 and k <= total - largest.
    (Checked against brute force in tests/test_amphipolis_scoring.py.)
    """
    total = sum(counts)
    return min(total // 4, total - max(counts, default=0))


@cache
def _mosaic(counts: tuple[int, ...]) -> int:
    best = 0
    ranges = [range(c // 4 + 1) for c in counts]
    for singles in _product(ranges):
        rest = [c - 4 * s for c, s in zip(counts, singles)]
        points = MOSAIC_SINGLE * sum(singles) + MOSAIC_MIXED * mixed_sets(rest)
        best = max(best, points)
    return best


def mosaic_points(counts: Sequence[int]) -> int:
    """AM-6.1: the best split into single-colour (4) and mixed (2) mosaics of 4 tiles."""
    return _mosaic(tuple(sorted(counts)))


def _product(ranges: list[range]) -> list[tuple[int, ...]]:
    combos: list[tuple[int, ...]] = [()]
    for values in ranges:
        combos = [(*c, v) for c in combos for v in values]
    return combos


def skeleton_points(large_upper: int, large_lower: int, small_upper: int,
                    small_lower: int) -> int:
    """AM-6.2: families (2 large + 1 small complete) score 6, other complete skeletons 1.

    Every family choice is tried: a family (6) always beats its three skeletons alone (3),
    but the search makes no such assumption.
    """
    large = min(large_upper, large_lower)
    small = min(small_upper, small_lower)
    return max(
        FAMILY * f + LONE_SKELETON * (large - 2 * f + small - f)
        for f in range(min(large // 2, small) + 1)
    )


@cache
def _amphora(counts: tuple[int, ...]) -> int:
    """Best points for sorted counts: try every group of distinct colours as the next group."""
    colours = [i for i, c in enumerate(counts) if c]
    best = 0
    for size in range(3, len(colours) + 1):
        for group in combinations(colours, size):
            rest = list(counts)
            for i in group:
                rest[i] -= 1
            best = max(best, AMPHORA_POINTS[size] + _amphora(tuple(sorted(rest))))
    return best


def amphora_points(counts: Sequence[int]) -> int:
    """AM-6.3: the best grouping into groups of 3–6 different colours, each tile once."""
    return _amphora(tuple(sorted(counts)))


def statue_points(counts: Sequence[int], two_player: bool | None = None) -> list[int]:
    """AM-6.4, AM-6.6: statue points of one kind for each player.

    All tied for the most score 6, then all tied for the fewest score 0, the rest 3.
    A player with none of the kind scores 0 (nobody has "the most" of nothing). With two
    players (``two_player`` defaults to ``len(counts) == 2``) the one with fewer scores 3
    if they have at least half as many as the other.
    """
    if two_player is None:
        two_player = len(counts) == 2
    most = max(counts)
    fewest = min(counts)
    points = []
    for count in counts:
        if count == 0:
            points.append(FEWEST)
        elif count == most:
            points.append(MOST)
        elif two_player:
            points.append(MIDDLE if 2 * count >= most else FEWEST)
        elif count == fewest:
            points.append(FEWEST)
        else:
            points.append(MIDDLE)
    return points

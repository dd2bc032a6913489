"""How a collection scores, group by group (AM-6): what the board writes beside each player's
finds. The totals are boardlib's (``boardlib.amphipolis.scoring``); these functions find one
best split to show, and the tests check that it adds up to the engine's total."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from boardlib.amphipolis import scoring


def mosaic_split(counts: Sequence[int]) -> tuple[int, int]:
    """(single-colour mosaics, mixed mosaics) of a best split of the mosaics by colour."""
    best = (0, 0, 0)  # points, singles, mixed
    for singles in product(*(range(c // 4 + 1) for c in counts)):
        rest = [c - 4 * s for c, s in zip(counts, singles)]
        mixed = scoring.mixed_sets(rest)
        points = scoring.MOSAIC_SINGLE * sum(singles) + scoring.MOSAIC_MIXED * mixed
        best = max(best, (points, sum(singles), mixed))
    return best[1], best[2]


@cache
def _amphora_groups(counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    colours = [i for i, c in enumerate(counts) if c]
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(3, len(colours) + 1):
        for group in combinations(colours, size):
            rest = list(counts)
            for i in group:
                rest[i] -= 1
            points, sizes = _amphora_groups(tuple(sorted(rest)))
            candidate = (points + scoring.AMPHORA_POINTS[size], tuple(sorted((size, *sizes),
                                                                             reverse=True)))
            best = max(best, candidate)
    return best


def amphora_groups(counts: Sequence[int]) -> tuple[int, ...]:
    """The sizes of a best grouping of amphoras into groups of different colours, largest
    first (each size scores ``scoring.AMPHORA_POINTS``)."""
    return _amphora_groups(tuple(sorted(counts)))[1]


def skeleton_split(large_upper: int, large_lower: int, small_upper: int,
                   small_lower: int) -> tuple[int, int]:
    """(families, complete skeletons outside a family) of a best split."""
    large, small = min(large_upper, large_lower), min(small_upper, small_lower)
    families = max(range(min(large // 2, small) + 1),
                   key=lambda f: scoring.FAMILY * f + large - 2 * f + small - f)
    return families, large - 2 * families + small - families

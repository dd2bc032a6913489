"""Amphipolis scoring (AM-6): the rulebook's examples and brute force over many collections."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, product

import pytest

from boardlib.amphipolis import (
    amphora_points,
    from_description,
    mosaic_points,
    skeleton_points,
    statue_points,
)

# ----- independent brute forces (tile by tile, no shortcut the engine uses) --------------


@cache
def brute_mosaics(counts: tuple[int, int, int]) -> int:
    """Try every set of 4 as the next mosaic, or stop."""
    best = 0
    for comp in product(range(5), repeat=3):
        if sum(comp) != 4 or any(c > n for c, n in zip(comp, counts)):
            continue
        points = 4 if max(comp) == 4 else 2
        rest = tuple(n - c for n, c in zip(counts, comp))
        best = max(best, points + brute_mosaics(rest))
    return best


@cache
def brute_amphoras(counts: tuple[int, ...]) -> int:
    """The first remaining tile is either left out or grouped with other colours."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return 0
    drop = list(counts)
    drop[first] -= 1
    best = brute_amphoras(tuple(drop))
    others = [j for j in range(first + 1, len(counts)) if counts[j]]
    for size in range(2, len(others) + 1):
        for group in combinations(others, size):
            rest = drop[:]
            for j in group:
                rest[j] -= 1
            best = max(best, {3: 1, 4: 2, 5: 4, 6: 6}[size + 1] + brute_amphoras(tuple(rest)))
    return best


def brute_skeletons(lu: int, ll: int, su: int, sl: int) -> int:
    """Every way to use complete skeletons as families or alone (unused ones allowed)."""
    large, small = min(lu, ll), min(su, sl)
    best = 0
    for families in range(min(large // 2, small) + 1):
        for lone_large in range(large - 2 * families + 1):
            for lone_small in range(small - families + 1):
                best = max(best, 6 * families + lone_large + lone_small)
    return best


# ----- mosaics --------------------------------------------------------------------------


@pytest.mark.rule("AM-6.1")
def test_mosaic_sets_of_four():
    assert mosaic_points([4, 0, 0]) == 4  # single-colour
    assert mosaic_points([2, 1, 1]) == 2  # mixed
    assert mosaic_points([3, 0, 0]) == 0  # incomplete
    assert mosaic_points([2, 2, 0]) == 2  # two colours are "multi-color"
    assert mosaic_points([8, 1, 0]) == 8  # two red mosaics; the green one is left over


@pytest.mark.rule("AM-6.1")
def test_mosaic_best_split_against_brute_force_on_every_collection():
    for counts in product(range(10), repeat=3):  # 9 tiles of each colour exist
        assert mosaic_points(counts) == brute_mosaics(counts), counts


# ----- skeletons ------------------------------------------------------------------------


@pytest.mark.rule("AM-6.2")
def test_skeleton_families_and_lone_skeletons():
    assert skeleton_points(2, 2, 1, 1) == 6  # one family
    assert skeleton_points(1, 1, 0, 0) == 1  # one complete large skeleton
    assert skeleton_points(0, 0, 1, 1) == 1  # one complete small skeleton
    assert skeleton_points(2, 1, 1, 0) == 1  # halves of different sizes never match
    assert skeleton_points(3, 3, 1, 1) == 7  # a family and a lone large one
    assert skeleton_points(4, 4, 2, 2) == 12
    assert skeleton_points(2, 0, 0, 0) == 0  # incomplete


@pytest.mark.rule("AM-6.2")
def test_skeletons_against_brute_force_on_every_collection():
    for lu, ll, su, sl in product(range(11), range(11), range(6), range(6)):
        assert skeleton_points(lu, ll, su, sl) == brute_skeletons(lu, ll, su, sl)


# ----- amphoras -------------------------------------------------------------------------


@pytest.mark.rule("AM-6.3")
def test_amphora_groups_of_different_colours():
    assert amphora_points([1, 1, 1, 0, 0, 0]) == 1
    assert amphora_points([1, 1, 1, 1, 0, 0]) == 2
    assert amphora_points([1, 1, 1, 1, 1, 0]) == 4
    assert amphora_points([1, 1, 1, 1, 1, 1]) == 6
    assert amphora_points([5, 0, 0, 0, 0, 0]) == 0  # one colour: no group
    assert amphora_points([2, 2, 0, 0, 0, 0]) == 0
    assert amphora_points([2, 2, 2, 1, 1, 0]) == 5  # 5 + 3: John's amphoras


@pytest.mark.rule("AM-6.3")
def test_amphora_many_small_groups_lose_to_one_big_group():
    # Two groups of 3 (1 + 1) are worse than one group of 6: the search must see that.
    assert amphora_points([2, 2, 2, 0, 0, 0]) == 2
    assert amphora_points([1, 1, 1, 1, 1, 1]) == 6 > 1 + 1


@pytest.mark.rule("AM-6.3")
def test_amphoras_against_brute_force_on_every_collection():
    for counts in product(range(6), repeat=6):  # 5 amphoras of each colour exist
        assert amphora_points(counts) == brute_amphoras(counts), counts


@pytest.mark.rule("AM-6.1", "AM-6.3")
def test_random_collections_against_brute_force():
    rng = random.Random(4)
    for _ in range(2_000):
        mosaics = [rng.randint(0, 9) for _ in range(3)]
        amphoras = [rng.randint(0, 5) for _ in range(6)]
        rng.shuffle(amphoras)
        assert mosaic_points(mosaics) == brute_mosaics(tuple(mosaics))
        assert amphora_points(amphoras) == brute_amphoras(tuple(amphoras))


# ----- statues --------------------------------------------------------------------------


@pytest.mark.rule("AM-6.4")
def test_statue_ties():
    assert statue_points([4, 4, 1]) == [6, 6, 0]  # all tied for the most score 6
    assert statue_points([4, 1, 1]) == [6, 0, 0]  # all tied for the fewest score 0
    assert statue_points([5, 3, 3, 1]) == [6, 3, 3, 0]
    assert statue_points([2, 2, 2]) == [6, 6, 6]
    assert statue_points([3, 0, 2]) == [6, 0, 3]
    # Interpretation: nobody has "the most" of nothing.
    assert statue_points([0, 0, 0]) == [0, 0, 0]
    assert statue_points([1, 0, 0, 0]) == [6, 0, 0, 0]


@pytest.mark.rule("AM-6.5")
def test_three_player_statue_table():
    # Player 1: 5 caryatids / 3 sphinxes; player 2: 3 / 2; player 3: 2 / 4.
    assert statue_points([5, 3, 2]) == [6, 3, 0]
    assert statue_points([3, 2, 4]) == [3, 0, 6]


@pytest.mark.rule("AM-6.6")
def test_two_player_exception():
    assert statue_points([4, 2]) == [6, 3]  # exactly half: 3 points
    assert statue_points([5, 2]) == [6, 0]  # less than half
    assert statue_points([5, 3]) == [6, 3]
    assert statue_points([1, 3]) == [0, 6]
    assert statue_points([3, 3]) == [6, 6]
    assert statue_points([2, 0]) == [6, 0]
    assert statue_points([0, 0]) == [0, 0]
    # The exception is for 2-player games only.
    assert statue_points([4, 2, 4]) == [6, 0, 6]


@pytest.mark.rule("AM-6.7", "AM-6.4")
def test_johns_21_points():
    state = from_description(
        """
        names: John, Mike, Lisa
        player 1: MR*5 MG*3 MY*2 LU LL AB AN AR AG AY AB AN AR CA*2 SP*4
        player 2: SP*3
        player 3: CA*6 SP
        covered: 16
        step: over
        ended by: 2
        """
    )
    john = state.scores()[0]
    assert john == [6, 3 + 6, 5, 1]  # mosaics, statues (3 + 6), amphoras, skeletons
    assert sum(john) == 21
    assert state.result().scores[0][0] == 21


@pytest.mark.rule("AM-6.4", "AM-6.7")
def test_nobody_holding_a_kind_scores_nothing_for_it():
    # Read literally, all tied at 0 would be "the most" (6) and "the fewest" (0) at once; the
    # rulebook's own example counts 0 as the fewest (Mike's caryatids), so nobody scores.
    assert statue_points([0, 0, 0]) == [0, 0, 0]
    assert statue_points([0, 0, 0, 0]) == [0, 0, 0, 0]
    state = from_description(
        "players: 3\nplayer 1: CA*2\nplayer 2: CA\nplayer 3: MR\ncovered: 16\nstep: over\n"
        "ended by: 3\n"
    )
    assert [row[1] for row in state.scores()] == [6, 3, 0]  # caryatids only; no sphinx scores

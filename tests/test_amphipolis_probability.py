"""When will the landslides come? Exact counting against the engine's own chance tree, and the
simulations beside them; what a tile is worth now; which area to take from."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from boardlib import amphipolis as am
from boardlib.amphipolis.probability import (
    compare_areas,
    draws_until_end,
    final_margin,
    hypergeometric_landslides,
    landslides_in_next_draw,
    next_draw_exact,
    position_with_landslides,
    simulate_turns_left,
    take_values,
    turns_left,
    turns_left_by_engine,
)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_closed_form_of_the_next_draw_is_the_engines_chance_tree(players):
    for covered in (0, 9, 14, 15):
        state = position_with_landslides(players, covered, seed=players)
        exact = next_draw_exact(state)
        assert exact == landslides_in_next_draw(state)
        assert sum(exact.values()) == 1


def test_the_last_open_space_caps_the_count():
    # One space open: drawing stops at the first landslide, so "1" holds every count from 1 up.
    exact = hypergeometric_landslides(40, 10, 4, needed=1)
    assert set(exact) == {0, 1}
    assert exact[0] == Fraction(math.comb(30, 4), math.comb(40, 4))


def test_draws_until_the_end_is_negative_hypergeometric():
    spread = draws_until_end(10, 3, 2)
    assert sum(spread.values()) == 1
    # The 2nd landslide is draw 2 when the first two tiles are both landslides: 3/10 · 2/9.
    assert spread[2] == Fraction(3, 10) * Fraction(2, 9)
    assert draws_until_end(10, 3, 0) == {0: Fraction(1)}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_turns_left_by_counting_equals_the_walk_of_the_engine(players):
    state = am.new_game(players=players, seed=5)
    assert turns_left(state) == turns_left_by_engine(state)
    state.apply_action("draw LS")  # mid-draw: the current turn counts once
    assert turns_left(state) == turns_left_by_engine(state)


def test_turns_left_from_the_last_space_is_one_turn_or_more():
    state = am.from_description("players: 2\ncovered: 15\nstep: draw 4\n")
    spread = turns_left(state)
    bag = state.bag_total
    landslides = state.bag[am.TOKENS.index("LS")]
    no_slide_in_four = Fraction(math.comb(bag - landslides, 4), math.comb(bag, 4))
    assert spread[1] == 1 - no_slide_in_four


def test_the_simulation_agrees_with_the_exact_mean_within_its_error():
    state = position_with_landslides(2, 10, seed=3)
    exact = turns_left(state)
    mean = sum(k * float(p) for k, p in exact.items())
    sd = math.sqrt(sum((k - mean) ** 2 * float(p) for k, p in exact.items()))
    trials = 400
    counts = simulate_turns_left(state, trials, random.Random(1))
    assert sum(counts.values()) == trials
    simulated = sum(k * n for k, n in counts.items()) / trials
    assert abs(simulated - mean) < 4 * sd / math.sqrt(trials)


def test_a_solo_landslide_ends_a_turn_without_a_take_and_still_counts_as_a_turn():
    state = am.from_description("players: 1\ncovered: 14\nstep: draw 4\n")
    assert turns_left(state) == turns_left_by_engine(state)


def test_take_values_and_the_area_comparison_use_the_same_seeds_for_every_area():
    state = am.from_description("players: 2\nplayer 1: MR*3 AB AN LU SU\nplayer 2: CA SP MG*3\n"
                                "used 1: professor, assistant, archaeologist\n"
                                "areas: MR MG AR AY CA SP LL SL\ncovered: 13\nstep: take\n")
    assert take_values(state)["MR"] == 4
    seen: list[int] = []
    outcome = compare_areas(state, 6, seed=2, progress=seen.append)
    assert set(outcome) == {"mosaics", "statues", "amphoras", "skeletons"}
    assert seen == list(range(1, 25))
    again = compare_areas(state, 6, seed=2)
    assert all(again[a].margins == outcome[a].margins for a in outcome)
    assert all(len(o.margins) == 6 and o.standard_error >= 0 for o in outcome.values())
    with pytest.raises(ValueError):
        compare_areas(am.new_game(players=2, seed=1), 1, seed=1)


def test_final_margin_is_against_the_best_rival_or_the_robber():
    over = am.from_description("players: 3\nplayer 1: MR*4\nplayer 2: MG*8\nplayer 3: AB AN AR\n"
                               "covered: 16\nstep: over\nended by: 1\n")
    assert final_margin(over, 0) == 4 - 8 and final_margin(over, 1) == 8 - 4
    solo = am.from_description("players: 1\nplayer 1: MR*4\nrobber: MG*4 MY*4\ncovered: 16\n"
                               "step: over\nended by: 1\n")
    assert final_margin(solo, 0) == 4 - 8

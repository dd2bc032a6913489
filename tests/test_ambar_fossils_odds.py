"""The flip odds of the probability lesson (boardlib/ambar_fossils/odds.py).

Exact values are checked against counts written out here by hand (or counted from
the position's own description text), never against the code under test.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from boardlib import IllegalAction
from boardlib import ambar_fossils as af
from boardlib.ambar_fossils.bots import columns_by_number, placeable_chance
from boardlib.ambar_fossils.odds import (
    OUTCOMES,
    best_flip,
    flip_odds,
    flip_table,
    mean_interval,
    play_batch,
    play_wise_vs_random,
    simulate_flip,
    type_index,
    wise_seat,
)
from tests.helpers import described, played

ROW = "D? P? M? A? D? P? M? A? D? P?"

LESSON = """
    names: Ana, Ben
    player 1: D1/M3 P? D4 A? M4/A4 P? M5 A? D? P6
    player 2: M? A2 D? P? M? A? D3 P? M? A5
    excavation: P1 P2 M5 D4
    to move: Ana
"""
"""The notebook's position: Ana's column 1 shows M3 two high, so a 1 or a 2 fits nowhere."""


position = described("ambar_fossils")




# ----- exact values, counted by hand --------------------------------------------------------
@pytest.mark.rule("AF-2.2", "AF-5.2")
def test_one_visible_fossil_one_copy_left():
    # D3 shows in Ana's column 1; two more D3 lie face-up in the Excavation, so one D3 of
    # the 24 Dinosaurs is unseen among 24 - 3 = 21. Every other column is face-down, so any
    # other number can be swapped in somewhere.
    state = position(f"""
        player 1: D3 P? M? A? D? P? M? A? D? P?
        player 2: {ROW}
        excavation: D3 D3
    """)
    odds = flip_odds(state, 0, "D")
    assert (odds.identical, odds.placeable, odds.stuck) == (Fraction(1, 21), Fraction(20, 21), 0)
    assert odds.unseen == 21
    assert [(n.fossil, n.copies_left) for n in odds.by_number] == [
        ("D1", 4), ("D2", 4), ("D3", 1), ("D4", 4), ("D5", 4), ("D6", 4)]


@pytest.mark.rule("AF-2.2", "AF-5.2", "AF-5.3", "AF-6.5", "AF-6.7")
def test_the_lesson_position_by_hand():
    state = position(LESSON)
    # Unseen copies = 4 minus every face-up copy anywhere (covered ones too):
    # D1 3 (Ana col 1, under M3), D2 4, D3 3 (Ben col 7), D4 2 (Ana col 3, Excavation),
    # D5 4, D6 4 -> 20. Ana shows D4: identical. A 1 or 2 would have to go left of M3 in
    # column 1, which is 2 high beside a 1-high column: stuck. D3, D5, D6 fit.
    d = flip_odds(state, 0, "D")
    assert d.identical == Fraction(2, 20)
    assert d.placeable == Fraction(3 + 4 + 4, 20)
    assert d.stuck == Fraction(3 + 4, 20)
    assert {n.fossil: n.columns for n in d.by_number if n.outcome == "placeable"} == {
        "D3": (2, 3), "D5": (6, 7, 8, 9, 10), "D6": (7, 8, 9, 10)}
    # Plants: P1 3, P2 3 (Excavation), P3 4, P4 4, P5 4, P6 3 (Ana col 10) -> 21.
    p = flip_odds(state, 0, "P")
    assert (p.identical, p.placeable, p.stuck) == (
        Fraction(3, 21), Fraction(12, 21), Fraction(6, 21))
    # Marine: M1 4, M2 4, M3 3, M4 3 (under A4), M5 2 (Ana col 7, Excavation), M6 4 -> 20;
    # Ana shows M3 and M5.
    m = flip_odds(state, 0, "M")
    assert (m.identical, m.placeable, m.stuck) == (
        Fraction(3 + 2, 20), Fraction(3 + 4, 20), Fraction(8, 20))
    # Amber: A1 4, A2 3 (Ben), A3 4, A4 3 (Ana col 5), A5 3 (Ben), A6 4 -> 21.
    a = flip_odds(state, 0, "A")
    assert (a.identical, a.placeable, a.stuck) == (
        Fraction(3, 21), Fraction(4 + 3 + 4, 21), Fraction(4 + 3, 21))
    # Best for a placeable fossil: Plants (12/21 > 11/20 > 11/21); fewest identical: Dinosaurs.
    # No face-up fossil is worth taking (P1, P2 fit nowhere; M5 and D4 are identical), so
    # the wise bot flips the type the table recommends.
    assert best_flip(state, 0).kind == "P"
    assert min(flip_table(state, 0), key=lambda o: o.identical).kind == "D"
    assert af.GreedyBot("wise").choose(state, random.Random(1)) == "flip P"


@pytest.mark.rule("AF-5.3")
def test_a_covered_fossil_is_not_identical():
    # D3 is under P4 in column 5: revealing a D3 is not identical, and every number still
    # has a face-down column on the correct side of the P4 (1–4 left of it, 4–6 right).
    state = position(f"""
        player 1: D? P? M? A? D3/P4 P? M? A? D? P?
        player 2: {ROW}
    """)
    odds = flip_odds(state, 0, "D")
    assert odds.identical == 0
    assert odds.placeable == 1
    d3 = next(n for n in odds.by_number if n.fossil == "D3")
    assert d3.copies_left == 3 and d3.outcome == "placeable"


@pytest.mark.rule("AF-2.2")
def test_exhausted_numbers_cannot_come_up():
    # All four D6 are face-up: the chance node has only five numbers left.
    state = position(f"""
        player 1: D6 P? M? A? D? P? M? A? D? P?
        player 2: {ROW}
        excavation: D6 D6 D6
    """)
    odds = flip_odds(state, 0, "D")
    assert [n.fossil for n in odds.by_number] == ["D1", "D2", "D3", "D4", "D5"]
    assert odds.identical == 0 and odds.unseen == 20


# ----- the same, counted independently in played positions -----------------------------------
def counted_identical(state: af.AmbarFossilsState, player: int, letter: str) -> Fraction:
    """Count from the description text alone: copies seen anywhere, and the player's tops."""
    data = state.snapshot()
    seen = Counter(token for display in data["displays"] for column in display
                   for token in column.split("/") if not token.endswith("?"))
    seen.update(data["excavation"]["face_up"])
    if data["holding"]:
        seen[data["holding"]] += 1
    tops = {column.split("/")[-1] for column in data["displays"][player]}
    left = {f"{letter}{n}": 4 - seen[f"{letter}{n}"] for n in range(1, 7)}
    return Fraction(sum(c for f, c in left.items() if f in tops), sum(left.values()))


@pytest.mark.rule("AF-2.2", "AF-5.2", "AF-5.3")
@pytest.mark.parametrize("seed", range(8))
def test_played_positions_match_an_independent_count(seed):
    state = played("ambar_fossils", seed, 30 + 25 * seed, 2)
    while state.is_chance_node() or state.phase != 0:  # move on to a choosing player
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    if player < 0:
        pytest.skip("the game ended")
    before = state.to_json()
    for odds in flip_table(state, player):
        assert odds.identical + odds.placeable + odds.stuck == 1
        assert sum(n.probability for n in odds.by_number) == 1
        assert odds.identical == counted_identical(state, player, odds.kind)
        # the wise bot's float is the same chance, computed its own way
        assert math.isclose(float(odds.placeable),
                            placeable_chance(state, player, type_index(odds.kind)))
    assert state.to_json() == before  # asking never changes the position


@pytest.mark.rule("AF-6.5", "AF-6.6", "AF-6.7")
@pytest.mark.parametrize("seed", range(4))
def test_the_bots_column_table_is_the_engines(seed):
    # The wise bot looks up the columns for all six numbers in one pass; it must agree
    # with the engine's own placeable_columns at every step of a game.
    rng = random.Random(seed)
    state = af.new_game(players=2 + seed % 3, seed=seed)
    bots = [af.GreedyBot("wise"), af.GreedyBot("random")]
    while not state.is_terminal():
        for player in range(state.num_players):
            assert columns_by_number(state, player) == [
                state.placeable_columns(player, number) for number in range(6)]
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[state.current_player() % 2].choose(state, rng))


# ----- simulation ----------------------------------------------------------------------------
@pytest.mark.rule("AF-2.2")
def test_simulation_agrees_with_the_exact_value():
    state = position(LESSON)
    sim = simulate_flip(state, 0, "D", 4000, random.Random(2024))
    exact = {"identical": Fraction(2, 20), "placeable": Fraction(11, 20), "stuck": Fraction(7, 20)}
    assert sim.n == 4000 and sum(sim.counts().values()) == 4000
    for outcome in OUTCOMES:
        p = float(exact[outcome])
        assert abs(sim.estimate(outcome) - p) < 4 * math.sqrt(p * (1 - p) / sim.n)
        low, high = sim.interval95(outcome)
        assert low < sim.estimate(outcome) < high
    running = sim.running("placeable")
    assert len(running) == 4000 and running[-1] == sim.estimate("placeable")


def test_simulation_is_repeatable_for_a_seed():
    state = position(LESSON)
    first = simulate_flip(state, 0, "M", 500, random.Random(7))
    again = simulate_flip(state, 0, "M", 500, random.Random(7))
    assert first.draws == again.draws


# ----- bad input ------------------------------------------------------------------------------
@pytest.mark.rule("AF-5.1")
def test_no_face_down_fossil_of_that_type_left():
    # Every Dinosaur is face-up in the Excavation; the set-up's D? places hold swapped fossils.
    every_d = " ".join(f"D{n}" for n in range(1, 7) for _ in range(4))
    state = position(f"""
        player 1: P1 P? M? A? P2 P? M? A? P3 P?
        player 2: M? A? M1 P? M? A? M2 P? M? A?
        patterns: DPMA, MADP
        excavation: {every_d}
    """)
    assert state.face_down[0] == 0
    with pytest.raises(ValueError, match="No face-down Dinosaur"):
        flip_odds(state, 0, "D")
    with pytest.raises(ValueError, match="No face-down Dinosaur"):
        simulate_flip(state, 0, "D", 10, random.Random(1))
    assert [o.kind for o in flip_table(state, 0)] == ["P", "M", "A"]


def test_bad_input_is_refused_clearly():
    state = position(LESSON)
    with pytest.raises(IllegalAction, match="Ana's turn, not Ben's"):
        flip_odds(state, 1, "D")
    with pytest.raises(ValueError, match="no player 5"):
        flip_odds(state, 5, "D")
    with pytest.raises(ValueError, match="not a fossil type"):
        flip_odds(state, 0, "X")
    with pytest.raises(ValueError, match="at least 1"):
        simulate_flip(state, 0, "D", 0, random.Random(1))
    with pytest.raises(ValueError, match="seeded"):
        simulate_flip(state, 0, "D", 10, 42)  # type: ignore[arg-type]  # the wrong type under test
    holding = position(LESSON + "holding: M6\n")
    with pytest.raises(IllegalAction, match="already chose"):
        flip_odds(holding, 0, "D")
    assert type_index("dinosaur") == 0 and type_index("a") == 3 and type_index(2) == 2


# ----- the experiment helpers --------------------------------------------------------------
def test_wise_against_random_games_are_seeded_and_swap_seats():
    assert [wise_seat(s) for s in range(4)] == [0, 1, 0, 1]
    scores = play_batch(range(6))
    assert scores == play_batch(range(6))
    assert set(scores) <= {0.0, 0.5, 1.0}
    assert play_wise_vs_random(3) == scores[3]


def test_mean_interval():
    mean, low, high = mean_interval([1.0, 0.0] * 50)
    assert mean == 0.5
    half = 1.959963984540054 * math.sqrt((100 * 0.25 / 99) / 100)
    assert math.isclose(low, 0.5 - half) and math.isclose(high, 0.5 + half)
    with pytest.raises(ValueError):
        mean_interval([1.0])

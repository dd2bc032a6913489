"""Âmbar: one or more tests for every clause of docs/rules/ambar_fossils.md.

Positions are written in the description format (boardlib/ambar_fossils/description.py):
columns bottom to top with "/", "D?" a face-down fossil, every fossil not written
face-down in the Excavation.
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from fractions import Fraction

import pytest

from boardlib import CHANCE, GAMES, TERMINAL
from boardlib import ambar_fossils as af
from tests.helpers import described, kinds, refused

ROW = "D? P? M? A? D? P? M? A? D? P?"


position = described("ambar_fossils")


def two_players(first: str = ROW, second: str = ROW, extra: str = "") -> af.AmbarFossilsState:
    return position(f"player 1: {first}\nplayer 2: {second}\n{textwrap.dedent(extra)}")


def reveal_as(state: af.AmbarFossilsState, fossil: str) -> list:
    assert state.current_player() == CHANCE
    return state.apply_action(f"reveal {fossil}")


# ----- AF-1 components -------------------------------------------------------------------
@pytest.mark.rule("AF-1.1")
def test_96_fossils_four_types_six_numbers_four_copies():
    state = af.new_game(players=4, seed=3)
    assert state.inventory() == {"D": 24, "P": 24, "M": 24, "A": 24}
    assert len(af.COMPONENTS["numbers"]) == 6 and af.COMPONENTS["copies"] == 4


@pytest.mark.rule("AF-1.1")
def test_a_fifth_copy_is_refused_and_a_number_whose_copies_are_out_cannot_come_up():
    with pytest.raises(ValueError, match=r"AF-1.1"):
        two_players("D3 P? M? A? D3/D4 P? M? A? D? P?", extra="excavation: D3 D3 D3")
    state = two_players(extra="excavation: D3 D3 D3 D3")
    state.apply_action("flip D")
    assert "reveal D3" not in state.legal_actions()
    assert refused(state, "reveal D3").rule == "AF-1.1"


@pytest.mark.rule("AF-1.2")
@pytest.mark.parametrize("players", [0, 1, 5, "3", 2.5, None, True])
def test_only_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        af.new_game(players=players)


@pytest.mark.rule("AF-1.2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_three_and_four_players_are_set_up(players):
    assert af.new_game(players=players, seed=1).num_players == players


# ----- AF-2 setup --------------------------------------------------------------------------
@pytest.mark.rule("AF-2.1")
def test_the_excavation_holds_the_rest_face_down_sorted_by_type():
    state = af.new_game(players=3, seed=5)
    view = state.observation(0)
    in_displays = sum(len(d) for d in view["displays"])
    assert in_displays == 30
    assert sum(view["excavation"]["face_down"].values()) == 96 - 30
    assert view["excavation"]["face_up"] == []
    assert state.legal_actions() == ["flip D", "flip P", "flip M", "flip A"]


@pytest.mark.rule("AF-2.2")
def test_display_is_ten_face_down_fossils_whose_numbers_nobody_knows():
    state = af.new_game(players=2, seed=11)
    for display in state.snapshot()["displays"]:
        assert len(display) == 10 and all(col.endswith("?") for col in display)
    for player in (None, 0, 1):  # not in any observation, not in the save
        view = state.observation(player)
        assert all(c.endswith("?") for d in view["displays"] for c in d)
    assert "?" in state.to_json() and not any(
        f'"{letter}{n}"' in state.to_json() for letter in "DPMA" for n in range(1, 7)
    )


@pytest.mark.rule("AF-2.2")
def test_a_reveal_is_drawn_from_the_unseen_copies_of_that_type():
    # Visible: D1 ×1, D2 ×2 in displays, D6 ×4 in the Excavation -> unseen D1 3, D2 2, D3–D5 4.
    state = two_players("D1 P? M? A? D? P? M? A? D? P?", "D2 P? M? A? D2/D6 P? M? A? D? P?",
                        "excavation: D6 D6 D6")
    state.apply_action("flip D")
    outcomes = dict(state.chance_outcomes())
    unseen = {"reveal D1": 3, "reveal D2": 2, "reveal D3": 4, "reveal D4": 4, "reveal D5": 4}
    total = sum(unseen.values())
    assert outcomes == {a: Fraction(n, total) for a, n in unseen.items()}


@pytest.mark.rule("AF-2.3")
@pytest.mark.parametrize("seed", range(20))
def test_display_types_follow_a_b_c_d_a_b_c_d_a_b(seed):
    state = af.new_game(players=4, seed=seed)
    for order, display in zip(state.patterns, state.snapshot()["displays"]):
        assert sorted(order) == sorted("DPMA")
        assert [col[0] for col in display] == [order[i % 4] for i in range(10)]


@pytest.mark.rule("AF-2.3")
def test_type_order_is_random_per_player_or_chosen():
    orders = {tuple(af.new_game(players=4, seed=s).patterns) for s in range(30)}
    assert len(orders) > 20
    assert af.new_game(players=2, seed=1).patterns == af.new_game(players=2, seed=1).patterns
    chosen = af.new_game(players=2, seed=1, patterns=["MADP", "DPMA"])
    assert chosen.snapshot()["displays"][0][:4] == ["M?", "A?", "D?", "P?"]
    with pytest.raises(ValueError, match=r"AF-2.3"):
        af.new_game(players=2, patterns=["DDMA", "DPMA"])
    with pytest.raises(ValueError, match=r"AF-2.3"):
        two_players("D? P? M? A? M? P? M? A? D? P?")


# ----- AF-3 objective / AF-9 winning ------------------------------------------------------------
FINISHED = """
    names: Ann, Ben, Cid
    player 1: D1/D2 P1/P2 M? A? D? P? M? A? D? P?
    player 2: D1/D2/D3 P1/P2/P3 M? A? D? P? M? A? D? P?
    player 3: D1/D3 D2/P3 M? A? D? P? M? A? D? P?
    to move: 1
    passes: 2
"""


@pytest.mark.rule("AF-3.1", "AF-9.1")
def test_most_fossils_on_level_two_then_level_three():
    state = position(FINISHED)
    state.apply_action("pass") if "pass" in state.legal_actions() else None
    standings = state.standings()
    # Ann 2 on level 2; Ben 2 on level 2 and 2 on level 3; Cid 2 on level 2.
    assert standings.scores == ((2, 0), (2, 2), (2, 0))
    assert standings.winners == (1,)
    assert standings.ranking == ((1,), (0, 2))
    assert "Ben wins" in standings.explanation and "level 3" in standings.explanation


@pytest.mark.rule("AF-9.1")
def test_level_k_counts_columns_at_least_k_high():
    state = two_players("D1/D2/D3/D4 P4/P5/P6 M? A? D? P? M? A? D? P?")
    assert state.level_counts(0) == [2, 2, 1]
    assert state.level_counts(1) == [0]


@pytest.mark.rule("AF-9.2")
def test_a_full_tie_shares_the_victory():
    state = two_players("D1/D2 P? M? A? D? P? M? A? D? P?", "D1/D2 P? M? A? D? P? M? A? D? P?",
                        "excavation: D3")
    for _ in range(2):  # both take D3 and put it back: all have passed (AF-8.5)
        state.apply_action("take D3")
        state.apply_action("return")
    result = state.result()
    assert result.winners == (0, 1) and result.ranking == ((0, 1),)
    assert result.place_of(1) == 1
    assert "share the victory" in result.explanation


@pytest.mark.rule("AF-9.3")
def test_rulebook_three_player_ending_emily_olivia_james():
    state = position("""
        names: Emily, Olivia, James
        player 1: M6/D1 A6/P1 P6/M1 P2/A1 P1/D2 M6/P2 M5/M2 M3/A2 M2/D3 M1/P3
        player 2: D2/D6/D3 A6/D1/P3 A3/A5/M3 A1/A2/A3 P5/P6/D4 P4/P3/P4 P1/P2/M4 M4/M5/M6/A4 M1/M2/M3/D5 D3/D4/D5/D6/P5
        player 3: D1/D2/D4 A5/A6/P4 A3/A4/M4 A1/A2/A4 P5/P6/D5 P3/P4/P5 M6/P1/P2/M5 M3/M4/M5/A5 D6/M1/M2/D6 D3/D4/D5/P6
        excavation: A1 A2 A3 A4 A5 A6 D1 D2
        face-down: none
    """)  # noqa: E501
    state = _all_pass(state)
    assert state.is_terminal() and state.ended == "passes"
    result = state.result()
    emily, olivia, james = 0, 1, 2
    assert result.scores[emily][:2] == (10, 0)  # completed up to the 2nd level
    assert result.scores[olivia][:2] == result.scores[james][:2] == (10, 10)
    assert result.scores[james][2] > result.scores[olivia][2]  # more on the 4th level …
    assert result.scores[olivia][3] > result.scores[james][3]  # … whatever the 5th says
    assert result.winners == (james,)
    assert result.ranking == ((james,), (olivia,), (emily,))
    assert result.explanation.startswith("James wins: James and Olivia both have 10 fossils on "
                                         "level 2 and 10 fossils on level 3, but 4 fossils on "
                                         "level 4 beat 3.")


def _all_pass(state: af.AmbarFossilsState) -> af.AmbarFossilsState:
    while not state.is_terminal():
        state.apply_action("pass")
    return state


# ----- AF-4 turns ---------------------------------------------------------------------------
@pytest.mark.rule("AF-4.1")
def test_player_one_starts_and_play_goes_round_the_table():
    state = af.new_game(players=3, seed=2)
    rng = random.Random(4)
    order = []
    while len(order) < 7:  # every turn: choose, then return (so no extra turns)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        elif state.holding >= 0:
            state.apply_action("return")
        else:
            order.append(state.current_player())
            state.apply_action(state.legal_actions()[0])
    assert order == [0, 1, 2, 0, 1, 2, 0]


@pytest.mark.rule("AF-4.2")
def test_choose_first_then_place():
    state = two_players(extra="excavation: D3")
    assert refused(state, "place 1").kind == "wrong_phase"
    assert refused(state, "return").rule == "AF-4.2"
    state.apply_action("take D3")
    assert refused(state, "flip D").rule == "AF-4.2"
    assert refused(state, "take D3").kind == "wrong_phase"
    assert refused(state, "pass").rule == "AF-6.2"


# ----- AF-5 choosing ------------------------------------------------------------------------------
@pytest.mark.rule("AF-5.1")
def test_choosing_face_down_picks_a_type_and_reveals_it():
    state = two_players()
    events = state.apply_action("flip M")
    assert kinds(events) == ["flip"] and state.current_player() == CHANCE
    assert {str(a)[-2] for a in state.legal_actions()} == {"M"}
    events = reveal_as(state, "M4")
    assert kinds(events) == ["reveal"] and state.holding == af.parse_fossil("M4")
    assert state.current_player() == 0


@pytest.mark.rule("AF-5.1")
def test_no_flip_of_a_type_with_no_face_down_fossil_left():
    state = two_players(extra="face-down: D:0 P:18 M:20 A:20\nexcavation: " +
                        " ".join(f"D{n}" for n in range(1, 7) for _ in range(3)))
    assert "flip D" not in state.legal_actions()
    assert refused(state, "flip D").rule == "AF-5.1"


@pytest.mark.rule("AF-5.2")
def test_revealing_an_identical_fossil_ends_the_turn_and_it_stays_face_up():
    state = two_players("D2 P? M? A? D? P? M? A? D? P?")
    state.apply_action("flip D")
    events = reveal_as(state, "D2")
    assert kinds(events) == ["reveal_identical", "next_turn"]
    assert state.current_player() == 1
    assert state.snapshot()["excavation"]["face_up"] == ["D2"]
    assert state.snapshot()["displays"][0][0] == "D2"


@pytest.mark.rule("AF-5.3")
def test_covered_and_face_down_fossils_are_not_visible():
    state = two_players("D2/D3 P? M? A? D? P? M? A? D? P?", extra="excavation: D2")
    assert "take D2" in state.legal_actions()  # D2 is covered by D3
    state = two_players("D2/D3 P? M? A? D? P? M? A? D? P?", extra="excavation: D3")
    assert "take D3" not in state.legal_actions()  # D3 is on top: visible
    state = two_players()
    state.apply_action("flip D")
    events = reveal_as(state, "D1")  # the face-down D fossils do not count
    assert kinds(events) == ["reveal"]


@pytest.mark.rule("AF-5.3")
def test_identical_means_same_type_and_same_number():
    state = two_players("D2 P? M? A? D? P? M? A? D? P?", extra="excavation: P2 D3")
    assert {"take P2", "take D3"} <= set(state.legal_actions())


@pytest.mark.rule("AF-5.4")
def test_take_a_face_up_fossil_unless_an_identical_one_is_visible():
    state = two_players("D2 P? M? A? D? P? M? A? D? P?", extra="excavation: D2 M5")
    error = refused(state, "take D2")
    assert error.rule == "AF-5.4" and "column 1 already shows Dinosaur 2" in error.reason
    assert refused(state, "take A6").rule == "AF-5.4"  # not in the Excavation
    state.apply_action("take M5")
    assert state.holding == af.parse_fossil("M5")
    assert state.snapshot()["excavation"]["face_up"] == ["D2"]


@pytest.mark.rule("AF-5.5")
def test_no_passing_while_face_down_fossils_remain():
    state = two_players(extra="excavation: D3")
    assert "pass" not in state.legal_actions()
    assert refused(state, "pass").rule == "AF-5.5"


# ----- AF-6 placing -----------------------------------------------------------------------------
@pytest.mark.rule("AF-6.1")
def test_place_swaps_on_face_down_and_stacks_on_face_up():
    state = two_players("D1 P? M? A? D? P? M? A? D? P?", extra="excavation: D4 P5")
    state.apply_action("take D4")
    assert state.legal_actions() == [f"place {c}" for c in range(1, 11)] + ["return"]
    assert kinds(state.apply_action("place 1")) == ["stack", "next_turn"]
    state.apply_action("take P5")
    assert kinds(state.apply_action("place 3")) == ["swap"]


@pytest.mark.rule("AF-6.2")
def test_returning_is_always_possible_and_ends_the_turn():
    state = two_players(extra="excavation: D4")
    state.apply_action("take D4")
    assert "return" in state.legal_actions()
    events = state.apply_action("return")
    assert kinds(events) == ["return", "next_turn"]
    assert state.snapshot()["excavation"]["face_up"] == ["D4"] and state.current_player() == 1


@pytest.mark.rule("AF-6.2")
def test_returning_is_the_only_move_when_the_fossil_fits_nowhere():
    # Column 1 is too high for its one neighbour; everywhere else D6 stands to the left.
    state = two_players("D5/D6 P? M? A? D? P? M? A? D? P?", extra="excavation: D1")
    state.apply_action("take D1")
    assert state.legal_actions() == ["return"]


@pytest.mark.rule("AF-6.3")
def test_swapping_sends_the_initial_fossil_face_up_to_the_excavation():
    state = two_players(extra="excavation: D4")
    state.apply_action("take D4")
    state.apply_action("place 3")  # column 3 holds a face-down Marine fossil
    assert state.current_player() == CHANCE
    assert {str(a)[7] for a in state.legal_actions()} == {"M"}
    events = reveal_as(state, "M2")
    assert kinds(events) == ["swapped_out", "next_turn"]
    snapshot = state.snapshot()
    assert snapshot["displays"][0][2] == "D4" and state.heights[0][2] == 1
    assert snapshot["excavation"]["face_up"] == ["M2"]


@pytest.mark.rule("AF-6.4")
def test_stacking_raises_the_column_and_covers_its_top():
    state = two_players("D1 P2 M? A? D? P? M? A? D? P?", extra="excavation: A2")
    state.apply_action("take A2")
    state.apply_action("place 2")
    assert state.snapshot()["displays"][0][1] == "P2/A2" and state.heights[0][1] == 2
    assert state.tops[0][1] == af.parse_fossil("A2")


@pytest.mark.rule("AF-6.5")
def test_height_rule_no_fossil_two_levels_above_both_neighbours():
    state = two_players("D? P1/P2 M? A? D? P? M? A? D? P?", extra="excavation: P3")
    state.apply_action("take P3")
    error = refused(state, "place 2")  # level 3 beside two columns 1 high
    assert error.rule == "AF-6.5" and "both neighbours" in error.reason
    state = two_players("D1/D2 P1/P2 M? A? D? P? M? A? D? P?", extra="excavation: P3")
    state.apply_action("take P3")
    assert "place 2" in state.legal_actions()  # one neighbour is 2 high


@pytest.mark.rule("AF-6.6")
def test_end_columns_compare_only_their_one_neighbour():
    state = two_players("D1/D2 P? M? A? D? P? M? A? D? P?", extra="excavation: D3")
    state.apply_action("take D3")
    error = refused(state, "place 1")
    assert error.rule == "AF-6.6" and "end of the row" in error.reason
    state = two_players("D? P? M? A? D? P? M? A? D5 P5/P6", extra="excavation: M6")
    state.apply_action("take M6")
    assert refused(state, "place 10").rule == "AF-6.6"
    state = two_players("D1 P? M? A? D? P? M? A? D? P?", extra="excavation: D2")
    state.apply_action("take D2")
    assert "place 1" in state.legal_actions()  # 2 high beside 1 high is fine


@pytest.mark.rule("AF-6.7")
def test_visible_numbers_ascend_left_to_right_skipping_face_down():
    state = two_players("D2 P? M5 A? D? P? M? A? D? P?", extra="excavation: A4 A6 A1")
    state.apply_action("take A4")
    # On D2 (4 ≤ 5), swapped between 2 and 5, or on M5 (2 ≤ 4); never right of M5.
    assert state.legal_actions() == ["place 1", "place 2", "place 3", "return"]
    error = refused(state, "place 5")  # column 4 is face-down: skipped
    assert error.rule == "AF-6.7" and "column 3 to its left shows Marine 5" in error.reason
    state.apply_action("return")
    state.apply_action("flip D")  # player 2's turn; come back to player 1 with A1
    reveal_as(state, "D1")
    state.apply_action("return")
    state.apply_action("take A1")
    error = refused(state, "place 2")
    assert error.rule == "AF-6.7" and "column 1 to its left shows Dinosaur 2" in error.reason


@pytest.mark.rule("AF-6.7")
def test_equal_numbers_may_stand_side_by_side():
    state = two_players("D3 P? M? A? D? P? M? A? D? P?", extra="excavation: P3")
    state.apply_action("take P3")
    assert "place 2" in state.legal_actions()


# ----- AF-7 extra turns --------------------------------------------------------------------------
@pytest.mark.rule("AF-7.1")
def test_same_type_one_apart_next_to_it_earns_an_extra_turn():
    state = two_players("D2 P? M? A? D? P? M? A? D? P?", extra="excavation: D3 D1")
    state.apply_action("take D3")
    events = state.apply_action("place 2")  # a swap next to D2
    assert "excellent" in kinds(events)
    events = reveal_as(state, "P6")
    assert kinds(events) == ["swapped_out", "extra_turn"] and state.current_player() == 0


@pytest.mark.rule("AF-7.1")
def test_extra_turns_chain_and_stacks_count_too():
    state = two_players("D2 P3 M? A? D? P? M? A? D? P?", extra="excavation: P2 P4")
    state.apply_action("take P2")
    events = state.apply_action("place 1")  # P2 on D2, next to P3
    assert kinds(events) == ["stack", "excellent", "extra_turn"]
    state.apply_action("take P4")
    events = state.apply_action("place 3")  # swap next to P3: a second extra turn
    assert "excellent" in kinds(events)
    reveal_as(state, "M1")
    assert state.current_player() == 0


@pytest.mark.rule("AF-7.1")
def test_no_extra_turn_for_another_type_a_gap_or_a_face_down_neighbour():
    for display, fossil in [
        ("D2 P? M? A? D? P? M? A? D? P?", "P3"),  # other type
        ("D2 P? M? A? D? P? M? A? D? P?", "D4"),  # two apart
        ("D? P? M? A? D? P? M? A? D? P?", "D1"),  # face-down neighbour has no number
    ]:
        state = two_players(display, extra=f"excavation: {fossil}")
        state.apply_action(f"take {fossil}")
        state.apply_action("place 2")
        events = reveal_as(state, "P6" if fossil != "P3" else "P5")
        assert kinds(events) == ["swapped_out", "next_turn"], (display, fossil)


@pytest.mark.rule("AF-7.2")
def test_between_two_sequential_neighbours_still_one_extra_turn():
    state = two_players("D3 P? D5 A? D? P? M? A? D? P?", extra="excavation: D4")
    state.apply_action("take D4")
    events = state.apply_action("place 2")
    assert kinds(events).count("excellent") == 1
    events = reveal_as(state, "P1")
    assert kinds(events).count("extra_turn") == 1 and state.current_player() == 0
    state.apply_action("flip A")  # the one extra turn …
    reveal_as(state, "A6")
    events = state.apply_action("return")
    assert kinds(events)[-1] == "next_turn" and state.current_player() == 1  # … and no second


# ----- AF-8 the end -----------------------------------------------------------------------
TOPS_LOW = ["D1", "P1", "M1", "A1", "D2", "P2", "M2", "A2", "D3", "P3"]
TOPS_HIGH = ["M3", "A3", "D4", "P4", "M4", "A4", "D5", "P5", "M5", "A5"]
TALL = [3, 3, 3, 3, 2, 2, 2, 2, 2, 2]


def crowded(heights: list[list[int]], tops: list[list[str]], excavation: list[str],
            extra: str = "") -> af.AmbarFossilsState:
    """A late position: all face-up, columns of the given heights and tops, the rest buried."""
    pool = Counter({f"{t}{n}": 4 for t in "DPMA" for n in range(1, 7)})
    pool.subtract([t for row in tops for t in row] + excavation)
    lines = []
    for seat, (row_heights, row_tops) in enumerate(zip(heights, tops), start=1):
        columns = []
        for height, top in zip(row_heights, row_tops):
            stack = [top]
            while len(stack) < height:
                buried = max((f for f in pool if pool[f] > 0 and f != stack[0]),
                             key=lambda f: (pool[f], f))
                pool[buried] -= 1
                stack.insert(0, buried)
            columns.append("/".join(stack))
        lines.append(f"player {seat}: " + " ".join(columns))
    left = sorted(pool.elements())
    holding = f"holding: {left[0]}" if len(left) == 1 and "holding" in extra else ""
    excavation_line = "excavation: " + (" ".join(excavation) or "none")
    text = "\n".join([*lines, excavation_line, "face-down: none",
                      extra.replace("holding", holding) if holding else extra])
    return position(text)


def _the_rest_face_up(shown: list[str], hidden: dict[str, int]) -> list[str]:
    """What the Excavation holds face-up when ``shown`` are in displays and ``hidden`` face-down
    (those take the highest numbers of their type)."""
    pool = [f"{t}{n}" for t in "DPMA" for n in range(1, 7) for _ in range(4)]
    for fossil in shown:
        pool.remove(fossil)
    for letter, count in hidden.items():
        for _ in range(count):
            pool.remove(max(f for f in pool if f[0] == letter))
    return pool


END_PHASE = "face-down: none\nexcavation: " + " ".join(
    _the_rest_face_up(["D1"], {"D": 5, "P": 6, "M": 4, "A": 4}))
ONE_FACE_DOWN_LEFT = "face-down: D:1 P:0 M:0 A:0\nexcavation: " + " ".join(
    _the_rest_face_up([], {"D": 7, "P": 6, "M": 4, "A": 4}))
FIRST_D = "D1 P? M? A? D? P? M? A? D? P?"


@pytest.mark.rule("AF-8.1")
def test_the_end_begins_when_the_last_face_down_fossil_is_turned_over():
    state = two_players(extra=ONE_FACE_DOWN_LEFT)
    assert "pass" not in state.legal_actions() and not state.end_phase
    events = state.apply_action("flip D")
    assert kinds(events) == ["flip", "end_phase"] and state.end_phase
    reveal_as(state, state.legal_actions()[0].split()[1])
    state.apply_action("return")
    assert "pass" in state.legal_actions()  # player 2, in the end phase


@pytest.mark.rule("AF-8.2")
def test_end_phase_turns_take_face_up_fossils_or_pass():
    state = two_players(FIRST_D, extra=END_PHASE)
    legal = state.legal_actions()
    assert "pass" in legal and "take D2" in legal and not any(a.startswith("flip") for a in legal)
    assert "take D1" not in legal
    assert kinds(state.apply_action("pass")) == ["pass", "next_turn"]


@pytest.mark.rule("AF-8.2")
def test_pass_is_the_only_move_when_nothing_can_be_chosen():
    state = crowded([TALL, TALL, TALL, [3] + [2] * 9], [TOPS_LOW, TOPS_HIGH, TOPS_LOW, TOPS_HIGH],
                    ["D1", "P1", "M1"])
    assert state.legal_actions() == ["pass"]
    assert state.apply_action("pass") and state.current_player() == 1
    assert state.legal_actions()[0] == "take D1"


@pytest.mark.rule("AF-8.3")
def test_the_game_ends_when_all_players_pass_in_a_row():
    state = two_players(FIRST_D, extra=END_PHASE)
    state.apply_action("take D2")
    state.apply_action("return")  # chosen and returned: a pass
    assert state.passes == 1
    events = state.apply_action("pass")
    assert kinds(events) == ["pass", "game_over"] and state.is_terminal()
    assert state.ended == "passes" and state.current_player() == TERMINAL
    assert refused(state, "pass").kind == "game_over"


@pytest.mark.rule("AF-8.3")
def test_a_placement_resets_the_passes_and_extra_turns_count_as_turns():
    state = two_players(FIRST_D, extra=END_PHASE)
    state.apply_action("pass")  # player 1
    state.apply_action("take D2")  # player 2 swaps: the count starts again
    state.apply_action("place 1")
    reveal_as(state, "D6")
    assert state.passes == 0 and state.current_player() == 0
    state.apply_action("take D2")  # player 1 stacks D2 on D1
    events = state.apply_action("place 1")
    assert kinds(events) == ["stack", "next_turn"]
    state.apply_action("pass")
    assert state.passes == 1 and not state.is_terminal()
    state.apply_action("pass")
    assert state.is_terminal() and state.ended == "passes"


@pytest.mark.rule("AF-8.3")
def test_a_pass_after_an_extra_turn_counts_once():
    state = two_players("D1 P? M? A? D? P? M? A? D? P?", "D? P? M? A? D? P? M? A? D? P?",
                        END_PHASE)
    state.apply_action("take D2")
    events = state.apply_action("place 2")  # swap beside D1: excellent
    reveal_as(state, "P6")
    assert state.current_player() == 0 and "excellent" in kinds(events)
    state.apply_action("pass")  # the extra turn, passed
    assert state.passes == 1 and state.current_player() == 1
    state.apply_action("pass")
    assert state.is_terminal()


@pytest.mark.rule("AF-8.4")
def test_the_game_ends_when_the_excavation_is_empty():
    state = crowded([TALL, TALL, TALL, [3, 3, 3] + [2] * 7],
                    [TOPS_LOW, TOPS_HIGH, TOPS_LOW, TOPS_HIGH], [], extra="holding\nto move: 2")
    assert state.snapshot()["excavation"] == {"face_down": dict.fromkeys("DPMA", 0),
                                              "face_up": []}
    place = next(a for a in state.legal_actions() if a.startswith("place"))
    events = state.apply_action(place)
    assert kinds(events)[-1] == "game_over" and state.ended == "empty"


@pytest.mark.rule("AF-8.5")
def test_stalemate_when_everyone_passes_before_the_end_phase():
    state = two_players(extra="excavation: D3")
    state.apply_action("take D3")
    state.apply_action("return")
    assert state.passes == 1 and not state.is_terminal()
    state.apply_action("take D3")
    events = state.apply_action("return")
    assert kinds(events)[-1] == "game_over" and state.ended == "stalemate"
    assert state.result().winners == (0, 1)


@pytest.mark.rule("AF-8.5")
def test_a_reveal_breaks_the_run_of_passes():
    state = two_players(extra="excavation: D3")
    state.apply_action("take D3")
    state.apply_action("return")
    state.apply_action("flip P")
    reveal_as(state, "P1")
    state.apply_action("return")  # a reveal happened: not a pass
    assert state.passes == 0 and not state.is_terminal()


@pytest.mark.rule("AF-8.5")
def test_every_game_ends_within_max_actions():
    rng = random.Random(0)
    for seed in range(20):
        state = af.new_game(players=4, seed=seed)
        for _ in range(GAMES["ambar_fossils"].max_actions):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else af.GreedyBot().choose(state, rng))
        assert state.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_game_is_its_start_loaded_caches_and_all(players):
    # new_game sets its fields up from the rules rather than loading a snapshot (a hot path):
    # loading the start it records must give the same position, caches included
    names = ["Ann  Lee", *(f"P{p}" for p in range(1, players))]
    for state in (af.new_game(players=players, seed=players),
                  af.new_game(players=players, seed=1, names=names,
                              patterns=["MADP", "DPMA", "APMD", "PDAM"][:players])):
        loaded = af.from_snapshot(state.start_snapshot())
        assert loaded.snapshot() == state.snapshot() == state.start_snapshot()
        for cache in ("tops", "heights", "shown", "flippable", "seen", "unseen"):
            assert getattr(loaded, cache) == getattr(state, cache)
        state.validate()
    with pytest.raises(ValueError, match="Names must be different"):
        af.new_game(players=2, names=["Ann", "Ann"])

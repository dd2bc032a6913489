"""Pig: every rule clause of docs/rules/pig.md, the description, the messages and the bots.

The generic checks (1,000 seeded games, saves, junk input, narration) come from the
conformance suite, which runs Pig like every other registered game."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from boardlib import CHANCE, GAMES, TERMINAL, IllegalAction, Match, pig
from tests.helpers import described, do, kinds, legal, refused

position = described("pig")


def rolled(*faces: int, target: int = 100):
    """A new game in which player 1 rolls ``faces``, deciding to roll again each time."""
    state = pig.new_game(seed=0, target=target)
    for face in faces:
        do(state, "roll", f"die {face}")
    return state


@pytest.mark.rule("PG-1.1")
def test_a_roll_is_a_fair_die():
    state = pig.new_game(seed=0)
    state.apply_action("roll")
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(f"die {face}", Fraction(1, 6)) for face in range(1, 7)]
    assert state.inventory() == pig.COMPONENT_TOTALS == {"die": 1}


@pytest.mark.rule("PG-1.2")
@pytest.mark.parametrize("players", [1, 3, 4, 0, "2", True])
def test_pig_is_for_two_players(players):
    with pytest.raises(ValueError, match=r"PG-1\.2"):
        pig.new_game(players=players)
    assert GAMES["pig"].player_counts == (2,)


@pytest.mark.rule("PG-2.1")
def test_the_target_is_100_unless_chosen():
    assert pig.new_game().target == 100
    short = rolled(6, target=5)
    events = do(short, "hold")
    assert short.is_terminal() and kinds(events) == ["hold", "game_over"]
    for target in (0, 1001, 2.5, "50", None, True):
        with pytest.raises(ValueError, match=r"PG-2\.1"):
            pig.new_game(target=target)


@pytest.mark.rule("PG-2.2")
def test_both_start_at_nothing_and_player_1_rolls_first():
    for seed in (0, 1, 99):
        state = pig.new_game(seed=seed)
        assert state.scores == [0, 0] and state.turn_total == 0
        assert state.current_player() == 0 and legal(state) == ["roll"]
    assert pig.new_game(seed=1) == pig.new_game(seed=2)  # nothing random before a roll


@pytest.mark.rule("PG-3.1")
def test_a_one_loses_the_turn_total_and_passes_the_turn():
    state = rolled(6, 5)
    events = do(state, "roll", "die 1")
    assert kinds(events) == ["roll", "bust", "next_turn"]
    assert events[1].fields == {"lost": 11}
    assert state.scores == [0, 0] and state.turn_total == 0 and state.current_player() == 1


@pytest.mark.rule("PG-3.1")
def test_nobody_moves_while_the_die_rolls_and_a_face_is_no_move():
    state = pig.new_game(seed=0)
    state.apply_action("roll")
    assert refused(state, "roll", "PG-3.1", "wrong_phase").key == "illegal.die_rolling"
    refused(state, "hold", "PG-3.1", "wrong_phase")
    state.apply_action("die 3")
    assert refused(state, "die 4", "PG-3.1", "wrong_phase").key == "illegal.no_die_rolling"


@pytest.mark.rule("PG-3.2")
def test_any_other_face_adds_to_the_turn_total_and_the_turn_goes_on():
    state = rolled()
    for face, total in ((2, 2), (6, 8), (3, 11)):
        events = do(state, "roll", f"die {face}")
        assert kinds(events) == ["roll", "rolled"]
        assert events[1].fields == {"face": face, "turn_total": total}
        assert state.current_player() == 0 and legal(state) == ["roll", "hold"]


@pytest.mark.rule("PG-3.2")
@pytest.mark.parametrize("line", ["scores: 1 0", "scores: 0 1", "turn total: 1"])
def test_a_score_or_turn_total_of_one_cannot_happen(line):
    with pytest.raises(ValueError, match="cannot be 1"):
        position(line)


@pytest.mark.rule("PG-3.3")
def test_holding_banks_the_turn_total_and_passes_the_turn():
    state = rolled(4, 5)
    events = do(state, "hold")
    assert kinds(events) == ["hold", "next_turn"] and events[0].fields == {"banked": 9,
                                                                           "score": 9}
    assert state.scores == [9, 0] and state.turn_total == 0 and state.current_player() == 1
    do(state, "roll", "die 2", "hold")
    assert state.scores == [9, 2] and state.current_player() == 0


@pytest.mark.rule("PG-3.4")
def test_a_turn_begins_with_a_roll():
    state = pig.new_game(seed=0)
    error = refused(state, "hold", "PG-3.4", "rule")
    assert "roll first" in error.reason and "先に振って" in error.explain("ja")
    do(state, "roll", "die 1")  # a bust: the next turn begins with a roll too
    refused(state, "hold", "PG-3.4")
    assert legal(state) == ["roll"]


@pytest.mark.rule("PG-4.1")
def test_the_game_ends_when_a_hold_reaches_the_target():
    state = position("scores: 90 95\nturn total: 8\n")
    assert not state.is_terminal()  # 98 is not yet 100 ...
    do(state, "roll", "die 2")  # ... and 100 counts only once banked
    assert state.turn_total == 10 and not state.is_terminal()
    events = do(state, "hold")
    assert kinds(events) == ["hold", "game_over"] and events[1].fields == {
        "winner": 0, "score": 100, "target": 100}
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.scores == [100, 95]  # player 2 gets no further turn
    refused(state, "roll", kind="game_over")


@pytest.mark.rule("PG-4.1")
def test_a_one_still_loses_points_that_would_have_won():
    state = position("scores: 98 0\nturn total: 6\n")
    do(state, "roll", "die 1")
    assert state.scores == [98, 0] and not state.is_terminal() and state.current_player() == 1


@pytest.mark.rule("PG-4.1")
@pytest.mark.parametrize("text", ["scores: 100 100", "scores: 100 0\nto move: 2",
                                  "scores: 100 0\nturn total: 4", "target: 10\nscores: 12 30"])
def test_positions_past_the_end_are_refused(text):
    with pytest.raises(ValueError, match=r"PG-4\.1"):
        position(text)


@pytest.mark.rule("PG-4.2")
def test_the_result_names_the_winner_and_ranks_by_points():
    state = position("scores: 94 40\nturn total: 4\n")
    refused(state, "die 3", "PG-3.1")
    with pytest.raises(IllegalAction, match="not over") as early:
        state.result()
    assert early.value.kind == "wrong_phase"
    do(state, "roll", "die 2", "hold")
    result = state.result()
    assert result.winners == (0,) and result.ranking == ((0,), (1,))
    assert result.scores == ((100,), (40,))
    assert result.explain("en") == "Player 1 wins with 100 points against 40 for Player 2."
    assert result.explain("ja") == ("プレイヤー1の勝ちです"
                                    "（100点対40点でプレイヤー2を上回りました）。")


def test_descriptions_round_trip_and_name_bad_lines():
    text = "target: 50\nnames: Ann, Bo\nscores: 12 30\nto move: 2\nturn total: 7\nrolling: yes\n"
    state = position(text)
    assert state.describe() == text and state.current_player() == CHANCE
    assert pig.from_description(state.describe()) == state
    for bad, message in [("colour: red", "unknown key"), ("scores: 3", "scores"),
                         ("to move: 3", "to_move"), ("target: x", "target")]:
        with pytest.raises(ValueError, match=message):
            position(bad)


def test_everything_is_told_in_english_and_japanese():
    assert set(pig.MESSAGES["ja"]) == set(pig.MESSAGES["en"])
    state = rolled(5)
    events = do(state, "hold")
    assert events[0].sentence() == "Player 1 holds and banks 5 points: 5 in all."
    assert events[0].sentence("ja") == "プレイヤー1はホールドして5点を得ます。合計5点です。"
    assert GAMES["pig"].titles == {"en": "Pig", "ja": "ピッグ"}


def test_hold_at_20_holds_at_20_or_when_holding_wins():
    bot, rng = pig.HoldAtBot(), random.Random(0)
    assert bot.name == "hold_at_20" and GAMES["pig"].make_bot("hold_at_20").name == bot.name
    assert bot.choose(rolled(6, 6, 6), rng) == "roll"  # 18
    assert bot.choose(rolled(6, 6, 6, 2), rng) == "hold"  # 20
    assert bot.choose(position("scores: 97 0\nturn total: 3\n"), rng) == "hold"  # wins
    assert bot.choose(pig.new_game(), rng) == "roll"


def test_hold_at_20_beats_the_random_bot():
    wins = 0
    for seed in range(100):
        seats = {0: pig.HoldAtBot(), 1: GAMES["pig"].make_bot("random")}
        if seed % 2:
            seats = {0: seats[1], 1: seats[0]}
        match = Match(pig.new_game(seed=seed), bots=seats, seed=seed)
        match.advance()
        wins += isinstance(seats[match.state.result().winners[0]], pig.HoldAtBot)
    assert wins > 80


def test_a_new_game_is_the_loaded_start_and_keeps_its_start_apart():
    """new_game sets the start's fields without loading them again (a fast path): the game
    must equal the start loaded as a save, and its moves must never change that start."""
    from boardlib.pig import from_snapshot, new_game
    state = new_game(players=2, names=["Ann", "Bo"], target=20)
    assert state == from_snapshot(state.start_snapshot())
    start = json.dumps(state.start_snapshot())
    state.apply_action("roll")
    state.apply_action("die 6")
    state.apply_action("hold")
    assert json.dumps(state.start_snapshot()) == start and state.scores == [6, 0]

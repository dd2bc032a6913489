"""Lesson steps wait for the student, and their feedback knows the step's state (every game)."""

from __future__ import annotations

import pytest

from boardlib import GAMES
from widgets import BOARDS, RuleStep
from widgets.scene import Text

STEPS = [(game, name) for game in BOARDS for name in BOARDS[game].lessons]


@pytest.mark.parametrize(("game", "name"), STEPS)
def test_every_step_is_a_valid_position_whose_expected_moves_are_legal(game, name):
    step = BOARDS[game].lessons[name]
    state = GAMES[game].from_description(step.position)
    assert set(step.goal) == {"en", "ja"}
    if not step.before:
        assert all(state.why_illegal(move) is None for move in step.expect), step.expect
    seat = state.current_player()
    for move in way_of(game, step):  # a way through the step, all in the student's turn
        assert state.current_player() == seat and state.why_illegal(move) is None, move
        state.apply_action(move)


def way_of(game: str, step) -> tuple[str, ...]:
    """A way through a step: at each stage its first choice legal then (the Digger's second
    amphora is one of the two left), then such an expected move."""
    state = GAMES[game].from_description(step.position)
    way = []
    for choices in (*step.before, step.expect):
        move = next(move for move in choices if state.why_illegal(move) is None)
        state.apply_action(move)
        way.append(move)
    return tuple(way)


@pytest.mark.parametrize(("game", "name"), STEPS)
def test_a_step_waits_for_the_student_and_a_demonstration_plays_on_a_copy(game, name):
    step = RuleStep(game, name)
    start = step.board.state.to_json()
    assert step.feedback.value.count("Your move:") == 1 and not step.earned
    told = step.try_moves(*way_of(game, step.step))
    assert told and "Not allowed" not in told
    assert step.board.state.to_json() == start and not step.earned


def test_the_tick_is_earned_kept_and_cleared_by_undo():
    step = RuleStep("ambar_fossils", "stack")
    step.board.play("place 1")  # a stack: nothing is revealed, so it can be undone
    assert step.earned and "✔ That is the move" in step.feedback.value
    step.board.undo()
    assert not step.earned and "Your move:" in step.feedback.value
    step = RuleStep("ambar_fossils", "extra_turn")
    step.board.play("place 2")
    step.board.play("flip D")  # the extra turn: keep playing, not a scolding
    assert "Keep playing" in step.feedback.value and step.earned


def test_a_legal_move_off_the_step_is_set_aside_unplayed_and_the_step_still_waits():
    """Issue #33.1: a wrong but legal move was played out, and the bots took their turns."""
    step = RuleStep("ambar_fossils", "flip")
    before = step.board.state.to_json()
    said = step.board.click(*step.board.scene.center_of("down-D"))  # legal, not this step's
    assert "not this step's move" in said and "Marine" in said
    marks = [t.text for t in step.board.scene.layer("marks") if isinstance(t, Text)]
    assert sum(text.startswith("ℹ") for text in marks) == 2, marks  # the header, the callout
    assert "not played" in " ".join(marks)
    assert step.board.state.to_json() == before and step.board.match.moves == []
    assert not step.earned and "not played" in step.feedback.value
    assert step.board.click(*step.board.scene.center_of("down-M")).startswith("✔")
    assert step.board.match.moves == [(0, "flip M")]


def test_a_step_with_moves_on_the_way_gives_its_tick_only_at_the_goal():
    """Issue #33.2: the ✔ came after the Assistant, before the caryatid the step asks for."""
    step = RuleStep("amphipolis", "assistant")
    assert step.next_moves() == ("assistant",)
    assert "not this step's move" in step.board.play("end")
    step.board.play("assistant")
    assert not step.earned and "Good:" in step.feedback.value and "✔" not in step.feedback.value
    assert step.next_moves() == ("take CA",)
    assert "not this step's move" in step.board.play("take AB")
    step.board.play("take CA")
    assert step.earned and "✔" in step.feedback.value
    assert step.next_moves() is None  # earned: the student may play on


def test_reset_button_and_language_switch():
    step = RuleStep("ambar_fossils", "stack")
    step.board.play("place 1")
    step.reset_button.click()
    assert not step.earned and step.board.state.history == []
    step.board.set_language("ja")
    assert "あなたの番" in step.feedback.value and "P4 を1列目に積む" in step.feedback.value
    assert step.reset_button.description == "やり直す"
    assert "できません" in step.try_moves("place 12")


def test_the_tick_is_told_on_the_board_beside_the_click():
    step = RuleStep("ambar_fossils", "flip")
    x, y = step.board.scene.center_of("down-M")
    assert step.board.click(x, y).startswith("✔")
    marks = [s for s in step.board.scene.layer("marks") if getattr(s, "text", "").startswith("✔")]
    assert len(marks) >= 2  # the header and the note by the pile
    assert any(abs(s.x - x) < 60 and abs(s.y - y) < 80 for s in marks[1:])


def test_the_tick_tells_what_the_move_did_before_the_bots_answer():
    """Issue #33.7: the Digger's second tile ends the turn and the bot plays at once; the ✔
    says what the student's own move did, and nothing of the bot's turn."""
    step = RuleStep("amphipolis", "digger")
    for move in ("digger", "take AB", "take AN"):
        said = step.board.play(move)
    assert said.startswith("✔") and "takes a brown amphora" in said, said
    assert any(seat == 1 for seat, _ in step.board.match.moves)  # the bot has played since
    assert "Player 2" not in said and "Player 2" not in step.feedback.value
    step.board.set_language("ja")
    assert "✔" in step.feedback.value and "Player 1" not in step.feedback.value


def test_own_part_stops_at_the_first_event_of_another_player():
    from boardlib import Event
    from widgets.lesson import own_part

    mine, news, theirs = (Event("g", "take", 0), Event("g", "robber", None),
                          Event("g", "take", 1))
    assert own_part([mine, news, theirs, mine]) == [mine, news]
    assert own_part([]) == []

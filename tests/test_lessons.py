"""Lesson steps wait for the student, and their feedback knows the step's state (every game)."""

from __future__ import annotations

import pytest

from boardlib import GAMES
from widgets import BOARDS, RuleStep

STEPS = [(game, name) for game in BOARDS for name in BOARDS[game].lessons]


@pytest.mark.parametrize(("game", "name"), STEPS)
def test_every_step_is_a_valid_position_whose_expected_moves_are_legal(game, name):
    step = BOARDS[game].lessons[name]
    state = GAMES[game].from_description(step.position)
    assert set(step.goal) == {"en", "ja"}
    assert all(state.why_illegal(move) is None for move in step.expect), step.expect


@pytest.mark.parametrize(("game", "name"), STEPS)
def test_a_step_waits_for_the_student_and_a_demonstration_plays_on_a_copy(game, name):
    step = RuleStep(game, name)
    start = step.board.state.to_json()
    assert step.feedback.value.count("Your move:") == 1 and not step.earned
    told = step.try_moves(*step.step.expect[:1])
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


def test_a_wrong_move_points_only_at_controls_that_work():
    step = RuleStep("ambar_fossils", "flip")
    step.board.play("flip D")  # a reveal follows: undo cannot take it back
    assert not step.board.match.can_undo()
    assert "Reset step" in step.feedback.value and "Undo" not in step.feedback.value
    step.reset()
    assert step.board.state.history == [] and "set up again" in step.feedback.value
    step = RuleStep("ambar_fossils", "ascending")
    step.board.play("return")
    assert step.board.match.can_undo() and "Press Undo" in step.feedback.value


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

"""The Âmbar board widget, driven through its public API (clicks at x, y; buttons)."""

from __future__ import annotations

import re

import pytest
from ipycanvas import canvas as ipycanvas_canvas

from boardlib import ambar_fossils as af
from widgets.ambar_fossils import AmbarBoard, action_of, state_svg, target_of, view
from widgets.scene import Text

ROW = "D? P? M? A? D? P? M? A? D? P?"


@pytest.fixture
def sent(monkeypatch):
    """Every canvas message the kernel sends (one per hold_canvas batch)."""
    messages: list = []
    original = ipycanvas_canvas._CANVAS_MANAGER._send_custom
    monkeypatch.setattr(ipycanvas_canvas._CANVAS_MANAGER, "_send_custom",
                        lambda commands, buffers=(): messages.append(commands) or
                        original(commands, list(buffers)))
    return messages


def board_at(description: str, **options) -> AmbarBoard:
    return AmbarBoard(state=af.from_description(description), **options)


# ----- the pure view -----------------------------------------------------------------------------
def test_view_is_pure_and_repeatable():
    state = af.new_game(players=4, seed=9)
    saved = state.to_json()
    assert view(state) == view(state)
    assert state.to_json() == saved


def test_every_legal_action_has_a_target_that_a_click_finds():
    state = af.from_description(f"player 1: D2 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D3 P4")
    for moment in range(3):
        scene = view(state)
        for action in state.legal_actions():
            target = target_of(action, state)
            if target is None:
                continue
            x, y = scene.center_of(target)
            assert scene.hit(x, y) == target
            assert action_of(target, state)[0] == action
        state.apply_action(["take D3", "place 2", "reveal P1"][moment])


def test_face_down_numbers_are_never_drawn():
    state = af.new_game(players=3, seed=4)
    texts = [s.text for s in view(state).shapes if isinstance(s, Text)]
    hidden = [t for t in texts if re.fullmatch(r"[DPMA]\?", t)]
    assert len(hidden) == 30 + 4  # every display fossil, and the four face-down piles


def test_every_state_has_an_svg_picture():
    state = af.new_game(players=2, seed=1)
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg == state_svg(state)
    assert 'data-target="down-D"' in svg and "Excavation" in svg
    assert "発掘現場" in state_svg(state, lang="ja")


# ----- clicks ------------------------------------------------------------------------------------
def test_a_click_makes_the_move_the_engine_makes():
    board = AmbarBoard(players=2, seed=7)
    twin = af.new_game(players=2, seed=7)
    x, y = board.scene.center_of("down-M")
    board.click(x, y)  # flip M, and the reveal that follows
    twin.apply_action("flip M")
    twin.apply_action(board.state.history[1])
    assert board.state.history[0] == "flip M" and board.state.to_json() == twin.to_json()
    x, y = board.scene.center_of("column-0-3")
    board.click(x, y)
    assert board.state.history[2] == "place 3"


def test_an_illegal_click_says_why_and_changes_nothing(sent):
    board = board_at(f"player 1: D5 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D2")
    before = board.state.to_json()
    x, y = board.scene.center_of("column-0-4")
    message = board.click(x, y)
    assert message.startswith("Not allowed: First choose a fossil") and "AF-4.2" in message
    assert board.status.value.count("AF-4.2") == 1
    board.click(*board.scene.center_of("up-D2"))
    message = board.click(*board.scene.center_of("column-0-4"))  # D2 right of D5
    assert "ascending order" in message and "(rule AF-6.7)" in message
    assert board.state.holding == af.parse_fossil("D2")
    board.undo()
    assert board.state.to_json() == before


def test_clicks_on_nothing_or_on_another_display_change_nothing():
    board = AmbarBoard(players=3, seed=2)
    before = board.state.to_json()
    assert board.click(2, 2) == "Click a fossil in the Excavation, or a column of your display."
    message = board.click(*board.scene.center_of("column-1-1"))
    assert message == "That is Player 2's display: you place fossils in your own."
    assert board.state.to_json() == before


def test_bots_answer_at_once_and_a_person_cannot_move_for_them():
    board = AmbarBoard(players=2, seed=3, bots={1: "greedy"})
    board.click(*board.scene.center_of("down-D"))
    board.return_fossil() if board.state.holding >= 0 else None
    assert board.state.current_player() in (0, -2)  # the bot has moved already
    assert any(e.player == 1 for e in board.match.log)


def test_show_legal_moves_outlines_exactly_the_legal_targets():
    board = board_at(f"player 1: D5 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D2")
    outlined = board.scene.layer("highlights")
    assert len(outlined) == len([a for a in board.state.legal_actions() if target_of(
        a, board.state)])
    board.set_show_legal(False)
    assert board.scene.layer("highlights") == ()


def test_hint_marks_the_greedy_move():
    board = board_at(f"player 1: D2 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D3")
    message = board.hint()
    assert message == "Hint: take D3."
    dashed = [s for s in board.scene.layer("highlights") if s.style.dash]
    assert len(dashed) == 1


def test_return_and_pass_buttons():
    board = board_at(f"player 1: {ROW}\nplayer 2: {ROW}\nexcavation: D3")
    assert "Not allowed" in board.pass_turn()
    board.play("take D3")
    board.return_fossil()
    assert board.state.history == ["take D3", "return"] and board.state.current_player() == 1


def test_undo_stops_at_a_reveal():
    board = AmbarBoard(players=2, seed=1)
    board.click(*board.scene.center_of("down-P"))
    assert board.undo().startswith("Nothing to undo")
    board.return_fossil()
    assert board.undo() == "Move taken back." and board.state.holding >= 0


def test_japanese_labels_and_narration():
    board = AmbarBoard(players=2, seed=1, lang="ja")
    assert "発掘現場から化石を1つ選んでください" in board.status_text()
    board.click(*board.scene.center_of("down-D"))
    assert "プレイヤー1は発掘現場から裏向きの恐竜化石" in board.narration.value
    board.set_language("en")
    assert "Player 1" in board.narration.value
    board.set_language("ja")
    message = board.click(*board.scene.center_of("down-P"))  # while holding a fossil
    assert message.startswith("できません：このターンはもう化石") and "ルール AF-4.2" in message


def test_the_end_of_game_panel_ranks_and_explains():
    board = AmbarBoard(players=3, seed=5, bots={0: "greedy", 1: "random", 2: "greedy"})
    assert board.state.is_terminal()
    result = board.state.result()
    assert "Final ranking" in board.result_panel.value
    assert result.explanation.split(".")[0] in board.result_panel.value.replace("&#x27;", "'")


def test_new_game_and_wrong_player_counts():
    board = AmbarBoard(players=2, seed=1)
    board.new_game(players=4, seed=8)
    assert board.state.num_players == 4 and board.state.history == []
    with pytest.raises(ValueError):
        board.new_game(players=5)
    with pytest.raises(ValueError):
        AmbarBoard(players=2, bots={3: "greedy"})


# ----- drawing -----------------------------------------------------------------------------------
def test_one_canvas_message_per_redraw(sent):
    board = AmbarBoard(players=4, seed=2)
    sent.clear()
    board.click(*board.scene.center_of("down-A"))
    assert len(sent) == 1
    sent.clear()
    board.renderer.redraw_all()  # what a page reload or Voila triggers
    assert len(sent) == 1
    assert _cleared(sent[0]) == 3  # all three layers drawn again


def test_a_highlight_change_redraws_only_the_highlight_layer(sent):
    board = AmbarBoard(players=2, seed=2)
    sent.clear()
    board.set_show_legal(False)
    assert len(sent) == 1 and _cleared(sent[0]) == 1


def _cleared(commands: list) -> int:
    """How many layers a batch of canvas commands clears (each redrawn layer is cleared)."""
    clear = ipycanvas_canvas.COMMANDS["clear"]
    return sum(1 for command in commands if command[0] == clear)

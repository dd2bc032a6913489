"""Âmbar's board spec on the generic board: its targets, words, hints and pictures."""

from __future__ import annotations

import re

import pytest

from boardlib import ambar_fossils as af
from widgets import Board, picture, picture_svg
from widgets.ambar_fossils import view
from widgets.ambar_fossils.lessons import LESSONS
from widgets.ambar_fossils.spec import SPEC, action_words, intent, target_of
from widgets.controller import BoardController
from widgets.scene import Text
from widgets.spec import ViewContext

ROW = "D? P? M? A? D? P? M? A? D? P?"


def board_at(description: str, **options) -> BoardController:
    """The board's controller at a described position (the tests of what a click decides)."""
    return BoardController("ambar_fossils", state=af.from_description(description), **options)


def test_view_is_pure_and_repeatable():
    state = af.new_game(players=4, seed=9)
    saved = state.to_json()
    seen = state.observation(0)
    assert view(seen, ViewContext(viewer=0)) == view(seen, ViewContext(viewer=0))
    assert state.to_json() == saved


def test_every_legal_action_has_a_target_that_a_click_finds():
    state = af.from_description(f"player 1: D2 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D3 P4")
    for moment in range(3):
        seen = state.observation(state.to_move)
        scene = view(seen, ViewContext(viewer=state.to_move))
        for action in state.legal_actions():
            target = target_of(action, state.to_move, seen)
            if target is None:
                continue
            x, y = scene.center_of(target)
            assert scene.hit(x, y) == target
            assert intent(target, seen, "en")[0] == action
        state.apply_action(["take D3", "place 2", "reveal P1"][moment])


def test_face_down_numbers_are_never_drawn():
    state = af.new_game(players=3, seed=4)
    texts = [s.text for s in picture(state).shapes if isinstance(s, Text)]
    hidden = [t for t in texts if re.fullmatch(r"[DPMA]\?", t)]
    assert len(hidden) == 30 + 4  # every display fossil, and the four face-down piles


def test_every_state_has_an_svg_picture_and_boardlib_knows_no_widgets():
    state = af.new_game(players=2, seed=1)
    svg = picture_svg(state)
    assert svg.startswith("<svg") and 'data-target="down-D"' in svg and "Excavation" in svg
    assert "発掘現場" in picture_svg(state, lang="ja")
    assert not hasattr(state, "_repr_svg_")


def test_a_click_makes_the_move_the_engine_makes():
    board = BoardController("ambar_fossils", players=2, seed=7)
    twin = af.new_game(players=2, seed=7)
    board.click(*board.scene.center_of("down-M"))  # flip M, and the reveal that follows
    twin.apply_action("flip M")
    twin.apply_action(board.state.history[1])
    assert board.state.history[0] == "flip M" and board.state.to_json() == twin.to_json()
    board.click(*board.scene.center_of("column-0-3"))
    assert board.state.history[2] == "place 3"


def test_an_illegal_click_names_the_rule_and_changes_nothing():
    board = Board("ambar_fossils", state=af.from_description(
        f"player 1: D5 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D2"))  # the widget: its status
    before = board.state.to_json()
    message = board.click(*board.scene.center_of("column-0-4"))
    assert message.startswith("Not allowed: First choose a fossil") and "AF-4.2" in message
    assert board.status.value.count("AF-4.2") == 1
    outlined = [s for s in board.scene.layer("highlights") if s.style.stroke == "#e00000"]
    assert len(outlined) == 1  # the refused column flashes
    board.click(*board.scene.center_of("up-D2"))
    message = board.click(*board.scene.center_of("column-0-4"))  # D2 right of D5
    assert "ascending order" in message and "(rule AF-6.7)" in message
    assert board.state.holding == af.parse_fossil("D2")
    board.undo()
    assert board.state.to_json() == before


def test_clicks_on_nothing_or_on_another_display_change_nothing():
    board = BoardController("ambar_fossils", players=3, seed=2)
    before = board.state.to_json()
    assert board.click(2, board.scene.height - 2) == ("Click a fossil in the Excavation, or a "
                                                     "column of your display.")
    message = board.click(*board.scene.center_of("column-1-1"))
    assert message == "That is Player 2's display: you place fossils in your own."
    assert board.state.to_json() == before


def test_a_bot_moves_at_once_and_its_last_move_is_marked():
    board = BoardController("ambar_fossils", players=2, seed=3, bots={1: "greedy"})
    board.click(*board.scene.center_of("down-D"))
    if board.state.holding >= 0:
        board.play("return")
    assert board.state.current_player() in (0, -2)  # the bot has moved already
    assert any(seat == 1 for seat, _ in board.match.moves)
    tags = [s.text for s in board.scene.layer("marks") if isinstance(s, Text)]
    assert "last: Player 2" in tags and "last: Player 1" in tags


def test_show_legal_moves_outlines_exactly_the_legal_targets():
    board = board_at(f"player 1: D5 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D2")
    outlined = [s for s in board.scene.layer("highlights") if s.style.stroke == "#00a3ff"]
    seen = board.seen()
    assert len(outlined) == len([a for a in board.state.legal_actions()
                                 if target_of(a, 0, seen)])
    board.set_show_legal(False)
    assert board.scene.layer("highlights") == ()


def test_hints_are_said_in_words_with_the_reason():
    board = board_at(f"player 1: D2 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D3")
    assert board.hint() == "Hint: Take Dinosaur 3. You can place Dinosaur 3 well straight away."
    board.play("take D3")
    message = board.hint()
    assert message.startswith("Hint: Place Dinosaur 3 in column 2.")
    assert "next to your Dinosaur 2, so you get an extra turn (AF-7.1)" in message
    assert BoardController("ambar_fossils", seed=1).hint().startswith(
        "Hint: Turn over a face-down ")


def test_an_extra_turn_is_said_in_the_header():
    board = board_at(f"player 1: D2 {ROW[3:]}\nplayer 2: {ROW}\nholding: D3")
    assert board.play("place 2") == "Extra turn! Player 1 plays again."
    header = [s.text for s in board.scene.layer("marks") if isinstance(s, Text)]
    assert any("Extra turn!" in t for t in header)


def test_pass_and_return_are_buttons():
    board = Board("ambar_fossils", state=af.from_description(LESSONS["end_pass"].position))
    labels = [b.description for b in board.move_buttons.children]
    assert labels == ["Pass"]
    board.play("take D3")
    assert [b.description for b in board.move_buttons.children] == [
        "Return Dinosaur 3 to the Excavation"]


def test_words_for_every_kind_of_move():
    seen = af.from_description(f"player 1: {ROW}\nplayer 2: {ROW}\nholding: P4").observation(0)
    assert action_words("place 3", seen, "en") == "Place Plant 4 in column 3"
    assert action_words("place 3", seen, "ja") == "植物4を3列目に置く"
    assert action_words("flip M", seen, "en") == "Turn over a face-down Marine"


def test_japanese_labels_narration_and_ranking_headings():
    board = Board("ambar_fossils", players=2, seed=1, lang="ja")
    assert "発掘現場から化石を1つ選んでください" in board.status_text()
    board.click(*board.scene.center_of("down-D"))
    assert "プレイヤー1は発掘現場から裏向きの恐竜化石" in board.narration.value
    board.set_language("en")
    assert "Player 1" in board.narration.value
    board.set_language("ja")
    message = board.click(*board.scene.center_of("down-P"))  # while holding a fossil
    assert message.startswith("できません：このターンはもう化石") and "ルール AF-4.2" in message
    done = Board("ambar_fossils", players=3, seed=5, lang="ja",
                 bots={0: "greedy", 1: "random", 2: "greedy"})
    assert "2段目" in done.result_panel.value and "L2" not in done.result_panel.value


def test_the_end_of_game_panel_ranks_and_explains():
    board = Board("ambar_fossils", players=3, seed=5, bots={0: "greedy", 1: "random",
                                                            2: "greedy"})
    assert board.state.is_terminal()
    result = board.state.result()
    assert "Final ranking" in board.result_panel.value and "Level 2" in board.result_panel.value
    assert result.explanation.split(".")[0] in board.result_panel.value.replace("&#x27;", "'")


def test_new_game_and_wrong_player_counts():
    board = BoardController("ambar_fossils", players=2, seed=1)
    board.new_game(players=4, seed=8)
    assert board.state.num_players == 4 and board.state.history == []
    with pytest.raises(ValueError):
        board.new_game(players=5)
    with pytest.raises(ValueError):
        BoardController("ambar_fossils", players=2, bots={3: "greedy"})


def test_the_spec_offers_the_games_own_bots():
    board = Board("ambar_fossils", seed=1)
    assert [value for _, value in board.seat_menus[0].options] == [
        "person", "random", "greedy", "lookahead_easy", "lookahead", "lookahead_hard"]
    assert SPEC.hint_bot in board.info.bots


def test_the_last_move_tag_on_a_face_down_pile_leaves_its_label_readable():
    """Issue 31, item 5: 'last: Player 1' on the Dinosaur pile covered the 'face-down' label."""
    from widgets.overlays import TAG_STYLE
    from widgets.scene import Rect, box_of

    board = BoardController("ambar_fossils", players=2, seed=3)
    board.click(*board.scene.center_of("down-D"))
    tags = [box_of(s) for s in board.scene.layer("marks")
            if isinstance(s, Rect) and s.style == TAG_STYLE]
    label = next(box_of(s) for s in board.scene.shapes
                 if isinstance(s, Text) and s.text == "face-down")
    pile = box_of(board.scene.shape_of("down-D"))
    assert len(tags) == 1
    (x0, y0, x1, y1), (a0, b0, a1, b1) = tags[0], label
    assert not (x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1), (tags[0], label)
    assert not (x0 < pile[2] and pile[0] < x1 and y0 < pile[3] and pile[1] < y1)

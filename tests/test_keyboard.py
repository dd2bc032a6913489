"""Every board by keyboard and for screen readers (#27), without a browser: the keyboard's list
holds every legal move in the board's words, Enter plays exactly the move in focus, the focused
move's target is outlined, the canvas's words are the command line's position text for the
seat at the screen, and the live region says the news and the refusals."""

from __future__ import annotations

import pytest

from boardlib import GAMES
from boardlib.cli import position_lines
from widgets import BOARDS
from widgets.board import Board
from widgets.controller import BoardController
from widgets.overlays import OUTLINES


def opened(game: str) -> BoardController:
    return BoardController(game, seed=3, bots={1: GAMES[game].rule_bots[0]})


@pytest.mark.parametrize("game", list(BOARDS))
def test_the_list_holds_every_legal_move_in_words(game: str) -> None:
    board = opened(game)
    listed = board.keyboard_moves()
    assert [move.action for move in listed] == [str(a) for a in board.state.legal_actions()]
    assert listed and all(move.words.strip() for move in listed), listed


def focus_outlines(board: BoardController) -> list[object]:
    colour, width, dash = OUTLINES["focus"]
    return [shape for shape in board.scene.shapes
            if getattr(shape, "style", None) is not None and shape.style.stroke == colour
            and shape.style.width == width and shape.style.dash == dash]


@pytest.mark.parametrize("game", list(BOARDS))
def test_the_focused_move_is_outlined_and_the_outline_goes_with_the_focus(game: str) -> None:
    board = opened(game)
    seat, seen = board.state.current_player(), board.seen()
    placed = next(move for move in board.keyboard_moves()
                  if board.spec.target_of(move.action, seat, seen))
    assert not focus_outlines(board)
    board.focus_move(placed.action)
    assert len(focus_outlines(board)) == 1
    board.focus_move(None)
    assert not focus_outlines(board)


def test_enter_plays_exactly_the_move_in_focus_and_a_stale_list_plays_nothing() -> None:
    board = Board("ambar_fossils", seed=3, bots={1: "greedy"}, controls=None)
    moves = board.controller.keyboard_moves()
    chosen = 2
    board._key_pressed(None, {"event": "play", "index": chosen, "action": "no such move"}, None)
    assert board.controller.match.moves == []  # the page's list was not this one: nothing
    board._key_pressed(None, {"event": "play", "index": chosen,
                              "action": moves[chosen].action}, None)
    assert str(board.controller.match.moves[0][1]) == moves[chosen].action
    assert board.keyboard.moves == [{"action": m.action, "words": m.words}
                                for m in board.controller.keyboard_moves()]


@pytest.mark.parametrize("game", list(BOARDS))
def test_the_canvas_says_the_position_the_command_line_says(game: str) -> None:
    board = opened(game)
    words = board.position_words()
    lines = position_lines(board.seen(), board.info, board.viewer, board.lang)
    assert words.startswith(board.title())
    for line in lines:
        assert " ".join(line.split()) in words
    assert ",." not in words and ", ." not in words  # a wrapped line goes on, not a new one


def test_under_the_curtain_the_canvas_says_only_whose_turn() -> None:
    board = BoardController("ambar_fossils", players=2, seed=3)  # two people at one screen
    board.play(str(board.state.legal_actions()[0]))
    if board.curtained():
        assert board.position_words() == board.status_text()
        assert board.keyboard_moves() == ()


def test_the_live_region_says_a_refusal_and_the_bots_move() -> None:
    board = Board("ambar_fossils", seed=3, bots={1: "greedy"}, controls=None)
    refusal = board.controller.click(1.0, 1.0)  # off every target
    assert board.controller.status().tone == "refused" and refusal
    assert board.voice.said.startswith(refusal)
    first = board.controller.keyboard_moves()[0]
    board._key_pressed(None, {"event": "play", "index": 0, "action": first.action}, None)
    told = board.controller.narration()
    assert told and told[0] in board.voice.said  # the latest turn: the bot's answer

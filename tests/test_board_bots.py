"""The lookahead levels, registered once in GameInfo, are in every board's seat menu and play
there: no widget knows about them."""

from __future__ import annotations

import pytest

from boardlib.info import SEARCH_BOTS
from boardlib.search import LookaheadBot
from widgets import BOARDS, Board
from widgets.progress import ProgressBar


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_seat_menu_offers_every_lookahead_level(game):
    board = Board(game, players=2, seed=3)
    for menu in board.seat_menus:
        offered = [value for _, value in menu.options]
        assert all(level in offered for level in SEARCH_BOTS), offered
        labels = dict((value, text) for text, value in menu.options)
        assert labels["lookahead_hard"] != "lookahead_hard"  # a label, not the bare name


@pytest.mark.parametrize("game", list(BOARDS))
def test_choosing_a_level_in_the_menu_puts_that_bot_in_the_seat(game):
    board = Board(game, players=2, seed=3)
    board.seat_menus[1].value = "lookahead_easy"
    board.seat_menus[0].value = "person"
    board.controls.setup.new_game.click()  # the person's "New game" press
    bot = board.match.bots[1]
    assert isinstance(bot, LookaheadBot) and bot.name == "lookahead_easy"
    assert 0 not in board.match.bots


def test_the_progress_bar_counts():
    bar = ProgressBar("games")
    bar.update(3, 8)
    assert (bar.bar.value, bar.bar.max) == (3, 8) and bar.label.value.startswith("3/8 games")

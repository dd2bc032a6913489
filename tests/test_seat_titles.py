"""A seat's title on the board ("Player 2 · lookahead (hard) bot") stays in its own room: a
Japanese title is about twice as wide as an English one, and canvas text runs on over whatever
is beside it (the Japanese Amber Route page drew "Player 3 · random bot" across the hidden
cards' label)."""

from __future__ import annotations

import pytest

from boardlib import GAMES
from tests.helpers import _overlap, played
from widgets import BOARDS, Board
from widgets.labels import LANGUAGES
from widgets.overlays import HEADER_HEIGHT
from widgets.scene import Rect, Text, box_of, fit_line, text_width

LONGEST_BOT = "lookahead_hard"  # "lookahead (hard)", "先読み（強い）": the widest bot label


@pytest.mark.parametrize(("players", "moves"), [(0, 0), (2, 200), (2, 400)])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_seat_title_fits_beside_what_its_row_shows(game: str, lang: str, players: int,
                                                         moves: int) -> None:
    """At the start with the most players (0: the game's largest count), and late in a game and
    at its end, when a row holds the most (Âmbar's level counts run to the 8th level and on)."""
    players = players or GAMES[game].player_counts[-1]
    board = Board(game, players=players, lang=lang, controls=None,
                  state=played(game, seed=3, actions=moves, players=players),
                  bots={seat: LONGEST_BOT for seat in range(1, players)})
    scene = board.scene
    names = board.controller.names()
    titles = [shape for shape in scene.shapes
              if isinstance(shape, Text) and shape.layer == "pieces" and shape.y > HEADER_HEIGHT
              and shape.text.removeprefix("▶ ").startswith(tuple(names))]
    assert len(titles) == players, [t.text for t in titles]
    for title in titles:
        box = box_of(title)
        assert box[0] >= 0 and box[2] <= scene.width, f"{title.text!r} leaves the picture: {box}"
        assert title.size >= 10, f"{title.text!r} is drawn in {title.size} px"
        clashes = [getattr(shape, "text", None) or shape.id for shape in scene.shapes
                   if shape is not title and shape.layer != "highlights"
                   and (isinstance(shape, Text) or (isinstance(shape, Rect) and shape.id))
                   and _overlap(box, box_of(shape))]
        assert not clashes, f"{game} ({lang}): {title.text!r} runs over {clashes}"


def test_a_line_that_fits_is_left_as_it_is() -> None:
    assert fit_line("Player 1 (you)", 16, 200) == ("Player 1 (you)", 16)


def test_a_line_too_wide_is_drawn_smaller_before_it_is_shortened() -> None:
    text = "プレイヤー3 · ボット（ランダム）"
    fitted, size = fit_line(text, 16, 200)
    assert fitted == text and 10 <= size < 16 and text_width(text, size) <= 200
    assert text_width(text, size + 0.5) > 200  # the largest half size that fits


@pytest.mark.parametrize(("text", "at_word"), [
    ("Player 2 · a bot with a name far too long for any row of the board", True),
    ("プレイヤー2 · ボット（とても長い名前のボットで、行に入りきらない）", False),
])
def test_a_line_too_wide_even_at_the_smallest_size_ends_in_an_ellipsis(text: str,
                                                                       at_word: bool) -> None:
    """English is cut after a whole word; Japanese, whose words are not spaced, anywhere."""
    fitted, size = fit_line(text, 16, 200)
    kept = fitted.removesuffix("…")
    assert size == 10 and fitted.endswith("…") and text_width(fitted, size) <= 200
    assert text.startswith(kept) and text_width(kept + text[len(kept)] + "…", size) > 200 \
        if not at_word else text[len(kept)] == " "
    assert len(kept) > len(text) // 3, fitted  # most of what fits is kept

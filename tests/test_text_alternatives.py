"""Every picture the project puts in an output has a text alternative, and every slider a name
(#27: WCAG 1.1.1 Non-text content, 4.1.2 Name, Role, Value).

Boards and plots go out as ``<img alt=…>`` in ``text/html`` (JupyterLab shows ``image/svg+xml``
and ``image/png`` without one); the lessons' sliders are native range inputs named by their
labels. The browser sweep checks the same with axe-core in JupyterLab and Voila.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from html import unescape
from types import SimpleNamespace
from typing import Any

import ipywidgets as w
import matplotlib
import pytest
from IPython.core.formatters import DisplayFormatter
from IPython.core.pylabtools import select_figure_formats

from boardlib import GAMES
from boardlib.cli import position_sentences, sentences_text
from widgets import BOARDS, Picture
from widgets.answers import ChoiceAnswer, NumberAnswer
from widgets.controls import Slider
from widgets.figures import figure_alt
from widgets.pictures import _html_or_none, picture_html, picture_words, register_formatters
from widgets.questions import Question
from widgets.teacher import QuestionSummary, plot_words

matplotlib.use("Agg")
from matplotlib.figure import Figure

ALT = re.compile(r'<img alt="([^"]*)"(?: width="[^"]*")? src="data:([^;]+);base64,')


def shell() -> Any:
    """Just enough of an IPython shell for the formatters."""
    return SimpleNamespace(display_formatter=DisplayFormatter())


def alt_and_mime(html: str) -> tuple[str, str]:
    found = ALT.match(html)
    assert found, html[:200]
    return unescape(found.group(1)), found.group(2)


def mid_game(game: str, moves: int = 10) -> Any:
    info = GAMES[game]
    state = info.new_game(players=2, seed=3)
    bots = [info.make_bot("random") for _ in range(2)]
    rng = random.Random(1)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(bots[state.current_player()].choose(state, rng))
    return state


# ----- sentences ---------------------------------------------------------------------------
def test_sentences_end_once_each() -> None:
    assert sentences_text(["Âmbar", "Player 2: place it.", "drawn…", "Table: x"]) == (
        "Âmbar. Player 2: place it. drawn… Table: x")
    assert sentences_text(["アンバー", "席。", "卓"], "ja") == "アンバー。席。卓"
    assert sentences_text(["", "one"]) == "one" and sentences_text([]) == ""


# ----- boards ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", list(BOARDS))
def test_a_state_shows_as_an_image_whose_alt_is_the_position_in_words(game: str) -> None:
    ip = shell()
    assert register_formatters(ip)
    state = mid_game(game)
    data, _ = ip.display_formatter.format(state)
    assert "image/svg+xml" not in data and "image/png" not in data  # the picture goes once
    alt, mime = alt_and_mime(data["text/html"])
    assert mime == "image/svg+xml" and alt == picture_words(state)
    public = position_sentences(state.observation(None), GAMES[game], None)
    assert public and all(sentence in alt for sentence in public)
    assert BOARDS[game].status(state.observation(None), state.names, "en").rstrip(".") in alt


@pytest.mark.parametrize("game", list(BOARDS))
def test_the_words_come_from_the_viewers_observation_only(game: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Hidden cards stay hidden: the words are made from what ``observation(viewer)`` gives,
    and from nothing else of the state."""
    state = mid_game(game)
    asked: list[int | None] = []
    real = type(state).observation

    def watched(self: Any, viewer: int | None = None) -> Any:
        asked.append(viewer)
        return real(self, viewer)

    monkeypatch.setattr(type(state), "observation", watched)
    picture_words(state, None)
    picture_words(state, 1)
    assert set(asked) == {None, 1}


def test_a_picture_in_another_language_or_for_a_seat_has_its_words_too() -> None:
    state = mid_game("ambar_fossils")
    alt, _ = alt_and_mime(Picture(state, lang="ja")._repr_html_())
    assert alt == picture_words(state, lang="ja") and alt.startswith("アンバー")
    assert alt == unescape(picture_html(state, lang="ja").split('"')[1])
    assert "(you)" in picture_words(state, 0) and "(you)" not in picture_words(state)


def test_a_state_of_a_game_without_a_board_gets_no_picture() -> None:
    assert _html_or_none(SimpleNamespace(GAME="no such game")) is None


def test_no_shell_no_registration() -> None:
    assert register_formatters() is False  # not in IPython here


# ----- plots -------------------------------------------------------------------------------
def plotted() -> Figure:
    figure = Figure()
    axes = figure.add_subplot()
    axes.plot([1, 2], [3, 4], label="exact")
    axes.plot([1, 2], [3, 5], label="simulated")
    axes.set_title("Turns left")
    axes.set_xlabel("turns")
    axes.set_ylabel("chance")
    axes.legend()
    return figure


def test_a_plot_says_its_title_axes_and_key() -> None:
    assert figure_alt(plotted()) == (
        "Plot: Turns left; across: turns; up: chance; key: exact, simulated")


def test_a_plot_with_a_colour_bar_and_a_figure_title() -> None:
    figure = Figure()
    axes = figure.add_subplot()
    image = axes.imshow([[0, 1], [2, 3]])
    axes.set_xlabel("my score")
    figure.colorbar(image, ax=axes, label="turn total to hold at")
    figure.suptitle("Pig to 100")
    assert figure_alt(figure) == ("Plot: Pig to 100. across: my score. "
                                  "colour scale: turn total to hold at")


def test_a_plot_in_japanese_is_told_in_japanese_and_a_bare_one_is_still_a_plot() -> None:
    figure = Figure()
    figure.add_subplot().set_xlabel("残りの手番")
    assert figure_alt(figure) == "グラフ：横軸：残りの手番"
    assert figure_alt(Figure()) == "Plot"


@pytest.mark.parametrize("inline_first", [True, False])
def test_a_figure_goes_out_once_as_html_whenever_the_inline_backend_is_set_up(
        inline_first: bool) -> None:
    """The inline backend, set up before or after (as ``import matplotlib.pyplot`` in a kernel
    does), drops every printer for ``Figure`` and adds its PNG one: the plot still goes out
    as one HTML image with its alt, and no second copy as PNG."""
    ip = shell()
    if inline_first:
        select_figure_formats(ip, {"png"})
    register_formatters(ip)
    select_figure_formats(ip, {"png"})
    for _ in range(2):
        data, _ = ip.display_formatter.format(plotted())
        alt, mime = alt_and_mime(data["text/html"])
        assert mime == "image/png" and alt == figure_alt(plotted())
        assert "image/png" not in data


# ----- sliders -----------------------------------------------------------------------------
def test_a_slider_is_named_by_interact_and_keeps_ints_ints() -> None:
    seen: list[tuple[Any, Any]] = []
    count, worth = Slider(1, 0, 3), Slider(0, -2, 0, step=0.25, description="a serpent's worth")
    w.interactive(lambda covered=1, serpent=0.0: seen.append((covered, serpent)),
                  covered=count, serpent=worth)
    assert count.description == "covered" and worth.description == "a serpent's worth"
    count.value = 2.0  # as the page sends it
    assert seen[-1] == (2, 0.0) and type(seen[-1][0]) is int and type(seen[-1][1]) is float
    count.value = 9
    assert count.value == 3  # kept within its ends


def test_a_slider_refuses_a_value_outside_or_labels_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match="between its min 0 and max 3"):
        Slider(5, 0, 3)
    with pytest.raises(ValueError, match="needs a label for each value, not 2"):
        Slider(1, 0, 2, labels=["I", "II"])
    assert Slider(1, 0, 2, labels=["I", "II", "III"]).labels == ["I", "II", "III"]


# ----- the teacher's plots -----------------------------------------------------------------
def summary(question: Question, values: list[str]) -> QuestionSummary:
    return QuestionSummary(question, students=len(values), first_values=values)


def test_the_teachers_plot_says_each_choices_count_and_which_is_right() -> None:
    choice = Question("c", "predict", {"en": "?", "ja": "？"}, ChoiceAnswer(
        {"draw": {"en": "Draw", "ja": "引く"}, "stop": {"en": "Stop", "ja": "止める"}}, "stop"))
    said = plot_words(summary(choice, ["draw", "stop", "stop"]))
    assert said == "The class's first answers: Draw: 1; Stop ✔: 2."
    assert plot_words(summary(choice, ["draw"]), "ja") == (
        "クラスの最初の答え：引く：1、止める ✔：0。")


def test_the_teachers_plot_says_the_spread_against_the_exact_answer() -> None:
    chance = Question("q", "predict", {"en": "?", "ja": "？"}, NumberAnswer(Fraction(1, 10)))
    said = plot_words(summary(chance, ["1/2", "1/10", "0.2", "3/10"]))
    assert said == ("The first answers of 4 students: from 10% to 50%, median 25%; "
                    "exact 10%.")


def test_a_japanese_plot_is_drawn_in_a_font_that_has_its_glyphs(monkeypatch, recwarn) -> None:
    """#30.3: matplotlib's own font has no kana or kanji; each Japanese label is given a font
    that has them, so no glyph is missing (matplotlib warns for each one it cannot draw).
    Where no such font exists (JupyterLite's matplotlib), the figure says so under it."""
    from widgets import figures

    assert figures.japanese_font() is not None, "no Japanese font: install fonts-noto-cjk"
    figure = Figure()
    axes = figure.add_subplot()
    axes.set_title("落石の確率")
    axes.set_xlabel("turns · ターン数")
    html = figures.figure_html(figure)
    missing = [str(w.message) for w in recwarn if "missing from font" in str(w.message)]
    assert not missing and figures.NO_JAPANESE_FONT not in html, missing[:2]
    assert axes.title.get_fontfamily()[1] == figures.japanese_font()

    monkeypatch.setattr(figures, "japanese_font", lambda: None)
    bare = Figure()
    bare.add_subplot().set_title("落石の確率")
    assert figures.NO_JAPANESE_FONT in figures.figure_html(bare)
    english = Figure()
    english.add_subplot().set_title("landslides")
    assert figures.NO_JAPANESE_FONT not in figures.figure_html(english)

"""What the boards say after a move (issue #33): a ✔ only for a lesson step's goal reached, news
told neutrally and bad news as a warning, the student's own result first, rolls in one line,
and a header that drops whole sentences rather than cutting one mid-word."""

from __future__ import annotations

import re

import pytest

from boardlib import amber_route as ar
from boardlib.messages import render_run, runs_of
from boardlib.protocol import new_event
from widgets import Board, RuleStep
from widgets.amber_route.lessons import GHOST_ROLLED
from widgets.controller import BoardController
from widgets.overlays import TONES
from widgets.scene import Text, fit_sentences, text_width, wrap_text
from widgets.spec import BOARDS


def header_lines(board: Board | BoardController) -> list[str]:
    """The header's message lines (the marks layer's texts right of the title)."""
    return [shape.text for shape in board.scene.layer("marks") if isinstance(shape, Text)
            and shape.y < 66 and shape.size == 17]


def test_a_failure_is_told_as_a_warning_and_never_with_a_tick():
    """The ghost step played to a failure: 'Done' at 8 of 9 (the step now sets it aside, so
    the same position is played on a plain board)."""
    board = BoardController("amber_route", state=ar.from_description(GHOST_ROLLED),
                            bots={1: "careful"})
    board.play("done")  # 8 of 9: Player 1 fails against the ghost
    lines = header_lines(board)
    assert lines[0].startswith(TONES["warning"][1]), lines
    assert not any("✔" in line for line in lines) and "fails" in " ".join(lines)


def test_good_news_of_anyone_is_told_without_a_tick():
    board = BoardController("amber_route", state=ar.from_description(GHOST_ROLLED),
                            bots={1: "careful"})
    board.play("up 1")
    board.play("done")  # 9 of 9: escaped
    lines = header_lines(board)
    assert lines[0].startswith(TONES["news"][1]) and "overcomes" in " ".join(lines), lines
    assert not any("✔" in line for line in lines)


def test_the_tick_is_the_lesson_steps_alone():
    step = RuleStep("amber_route", "ghost_guard")
    step.board.play("up 1")
    assert "✔" not in " ".join(header_lines(step.board))  # on the way: no tick yet
    step.board.play("done")
    assert step.earned and header_lines(step.board)[0].startswith("✔")


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_no_news_function_ticks(game):
    """Every game's news is neutral or a warning: the ✔ sign is kept for lesson goals."""
    news = [text for lang in ("en", "ja") for key, text in BOARDS[game].labels[lang].items()
            if "news" in key]
    assert not any("✔" in text for text in news), news


def test_a_roll_of_several_dice_is_one_sentence_in_both_languages():
    rolls = [new_event("amber_route", "roll", None, {"value": v, "whose": "own"})
             for v in (6, 3, 1)]
    other = new_event("amber_route", "roll", None, {"value": 2, "whose": "monster"})
    runs = runs_of([*rolls, other])
    assert [len(run) for run in runs] == [3, 1]  # the monster's die is another run
    assert render_run(runs[0]) == "The dice show 6, 3, 1."
    assert render_run(runs[0], "ja") == "ダイスの目は6、3、1です。"
    assert render_run(runs[1]) == "The die shows 2."


def test_the_narration_tells_a_roll_in_one_line():
    board = BoardController("amber_route", state=ar.from_description(
        "version: family\nplayer 1: field 3, guards 3, amber 1, hand S1 F2\n"
        "player 2: field 1\nfacing: D37\n"), bots={1: "careful"}, seed=3)
    board.play("play S1")
    board.play("go")
    told = "\n".join(board.narration())
    assert re.search(r"The dice show \d, \d\.", told), told
    assert "The die shows" not in told


def test_the_viewers_own_outcome_comes_first_in_the_header():
    spec = BOARDS["amber_route"]
    seen = ar.from_description(GHOST_ROLLED).observation(0)
    events = [new_event("amber_route", "overcome", 0, {"level": 2}),
              new_event("amber_route", "failed", 2, {"challenge": "trap"}),
              new_event("amber_route", "trap_matches", 2, {"best": 2, "need": 3})]
    news = spec.news(events, seen, "en")
    assert news is not None and news.text.startswith("Player 1 overcomes"), news
    assert not news.bad  # Player 3's failure is not bad news for Player 1


@pytest.mark.parametrize("text", [
    "Player 1 escapes the ghost. Player 2 moves 2 fields and pays a guard. Player 3 has 2 "
    "matching dice; 3 are needed to avoid the trap. Player 3 fails against the trap.",
    "A single very long sentence that goes on and on without a stop and has many more words",
    "A single sentence far too long for two lines of the header, which goes on and on with "
    "word after word after word until it has to be shortened somewhere",
    "幽霊から逃げました。プレイヤー2が動きます。プレイヤー3は罠に敗れます。プレイヤー3の同じ目の"
    "ダイスは2個です。",
])
def test_the_header_keeps_whole_sentences_and_never_cuts_a_word(text):
    width = 420.0
    lines = fit_sentences(text, 17, width)
    assert 1 <= len(lines) <= 2 and all(text_width(line, 17) <= width for line in lines)
    shown = " ".join(lines) if " " in text else "".join(lines)
    if shown.endswith("…"):  # one sentence too long: cut after a whole word
        kept = shown.removesuffix("…")
        assert text.startswith(kept) and text[len(kept)] == " ", shown
    else:  # whole sentences, from the start
        assert text.startswith(shown) and (shown == text or shown[-1] in ".。"), shown


def test_a_long_single_sentence_is_shortened_at_a_word_where_the_old_wrap_cut_inside_one():
    text = ("Player 3 has 2 matching dice and 3 are needed to avoid the legendary trap on "
            "the swamp field")
    cut = wrap_text(text, 17, 300)[-1].removesuffix("…")
    assert text[len(" ".join(wrap_text(text, 17, 300)[:-1])) + 1:].startswith(cut)
    assert " ".join(wrap_text(text, 17, 300)).removesuffix("…").split()[-1] in text.split()


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_no_label_counts_with_a_bracketed_plural(game):
    """Issue #33.10: "1 action(s) left", "1 dice", "1 points": labels count their nouns."""
    for lang in ("en", "ja"):
        for key, text in BOARDS[game].labels.get(lang, {}).items():
            assert "(s)" not in text, (game, key, text)


def test_counted_nouns_read_right_for_one_and_for_many():
    from widgets.labels import label

    own = BOARDS["ambar_2018"].labels
    assert label("actions_left", "en", own, n=1) == "1 action left"
    assert label("actions_left", "en", own, n=3) == "3 actions left"
    own = BOARDS["amber_route"].labels
    assert label("dice_count", "en", own, n=1) == "You will roll 1 die"
    assert label("cards_hidden", "en", own, n=1) == "1 light card (hidden)"


def test_after_the_roll_the_challenge_panel_says_what_was_rolled():
    """Issue #33.10: "You will roll 2 dice" still showed after the roll."""
    board = BoardController("amber_route", state=ar.from_description(GHOST_ROLLED))
    shown = [s.text for s in board.scene.shapes if isinstance(s, Text)]
    assert "Rolled 2 dice: 4, 4 (sum 8)" in shown and not any("will roll" in t for t in shown)


def test_ambar_2018_names_the_event_cards_it_shows_by_code():
    """Issue #33.10: an event card was shown only as "LD"."""
    step = RuleStep("ambar_2018", "own_events")
    shown = [s.text for s in step.board.scene.shapes if isinstance(s, Text)]
    assert any(t.startswith("Event cards:") and "LD Lakeside Discovery" in t for t in shown)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_journey_card_shows_its_name_uncut(lang):
    """Issue #33.10: "Pedlar's st…", "Bandits (ye…" on the line-up cards."""
    from boardlib.ambar_2018.data import CODES, NCARDS, START
    from widgets.ambar_2018.view import CARD_W, _card

    for index in range(NCARDS):
        if START[index]:
            continue
        texts = [s for s in _card(CODES[index], 0, 0, None, lang) if isinstance(s, Text)]
        name = [t for t in texts[1:] if 40 <= t.y <= 60]  # under the code: 1 or 2 lines
        assert name and all(not t.text.endswith("…") for t in name), name
        assert all(text_width(t.text, t.size) <= CARD_W - 8 for t in name), name


def test_a_refusal_with_another_way_is_shown_whole_beside_the_click():
    """Issue #33.6: the pop-up was clipped ("Another way is…"), and the chooser's row above
    the board pushed the board down under the pointer."""
    from boardlib import amphipolis as am

    board = Board("amphipolis", state=am.from_description(
        "players: 2\nplayer 1: MR\nused 1: assistant\nareas: MR CA\nstep: take\n"
        "chosen: mosaics\ntaken: 1\n"), controls="moves", bots={1: "greedy"})
    said = board.click(*board.scene.center_of("tile-CA"))
    assert "Another way" in said
    marks = [s.text for s in board.scene.layer("marks") if isinstance(s, Text)]
    assert marks and not any(text.endswith("…") for text in marks), marks
    assert "choose it here." in " ".join(marks)
    parts = list(board.children)
    canvas_at = next(i for i, part in enumerate(parts) if board.renderer.canvas in
                     getattr(part, "children", ()))
    assert parts.index(board.chooser) > canvas_at  # the buttons come below the board


def test_a_rule_number_is_not_taken_for_a_sentence_end():
    lines = fit_sentences("Not allowed: up to 2 tiles (rule AM-3.3) Another way is open.", 17,
                          300)
    assert "AM-3.3" in " ".join(lines) and "AM-3. 3" not in " ".join(lines), lines

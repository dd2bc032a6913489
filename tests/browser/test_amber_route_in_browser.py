"""Amber Route in a real JupyterLab: a whole challenge played by clicks, the curtain between two
people, the odds panel and the lesson steps.

The generic notebook check (tests/browser/test_in_browser.py) already runs every Amber Route
notebook, and looks there at the finished game's scores (tests/browser/after_run_all.py); here
the clicks a student makes are played in the page with the board partly scrolled out of view,
and each recorded move is checked against a twin board built the same way in this process
(same seed, same seats: the same dice). A board typed into a new cell needs its notebook open,
not run. Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tests.browser import pages
from tests.browser.conftest import NOTEBOOKS_DIR, ROOT, SCREENSHOTS, Server, skip_or_fail
from tests.browser.test_in_browser import (
    FEEDBACK_JS,
    LAB_SCROLLER,
    click_named,
    notebook_twin,
    open_in_lab,
    run_notebook_in_lab,
    typed_board,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

PLAY = NOTEBOOKS_DIR / "amber_route" / "02_play.ipynb"
RULES = NOTEBOOKS_DIR / "amber_route" / "01_rules.ipynb"
NAME = "lab__amber_route__02_play"


def amber_twin():
    """The play notebook's board (``notebook_twin``)."""
    return notebook_twin("amber_route", PLAY, players=3)


def press(page: Page, twin, action: str, index: int = 0) -> None:
    """Press the move button of ``action`` under board ``index`` (its words, as the twin says
    them) and check that the page played exactly that move."""
    words = twin.spec.action_words(action, twin.seen(), twin.lang)
    row = page.locator(".boardlib-moves").nth(index).locator("button")
    pages.wait_until(lambda: words in row.all_inner_texts(), 10.0,
                     f"a button {words!r} (the buttons: {row.all_inner_texts()})")
    row.filter(has_text=words).first.click()
    twin.play(action)
    recorded = pages.wait_for_history(page, len(twin.state.history), index)
    assert recorded["move"] == action, (action, recorded)


def step_of(twin) -> str:
    return twin.state.queue[0].kind if twin.state.queue else "over"


def one_decision(page: Page, twin) -> None:
    """The student's next decision, by a click where the board has a place for it (a field, a
    card, a die), by its button otherwise."""
    seat, seen = twin.state.current_player(), twin.seen()
    legal = [str(a) for a in twin.state.legal_actions()]
    step = step_of(twin)
    choice = {"action": "move 1", "prepare": next((a for a in legal if a.startswith("play ")),
                                                   "go"),
              "modify": "done", "reward": "reward guard"}.get(step, legal[0])
    target = twin.spec.target_of(choice, seat, seen)
    here = [a for a in legal if twin.spec.target_of(a, seat, seen) == target] if target else []
    if target and len(here) == 1:  # scrolled out as far as the target stays in view
        offset = max(0.0, min(120.0, twin.scene.center_of(target)[1] - 40))
        click_named(page, twin, target, offset, LAB_SCROLLER)
    else:
        press(page, twin, choice)


def test_amber_route_a_challenge_played_by_clicks(page: Page, lab: Server) -> None:
    """Moves and cards by clicks on the board partly scrolled out of view, a refused field,
    a die's guard and amber choices opened beside it, Go and Done by their buttons, the odds
    panel open — until a darkness card has been faced and resolved."""
    if not PLAY.exists():
        skip_or_fail(f"{PLAY.relative_to(ROOT)} does not exist yet")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    run_notebook_in_lab(page, lab, PLAY)
    twin = amber_twin()
    opening = pages.last_move(page)  # #33.7: the bots picked grace dice before the student
    assert opening is not None and opening["text"] == twin.status_text(), opening
    assert opening["text"].startswith("Player 2 picks the die showing"), opening
    try:
        page.locator(".boardlib-odds-toggle").first.click()
        twin.set_show_odds(True)
        pages.wait_until(lambda: "What are my chances?" in page.locator(".boardlib-odds").first
                         .inner_text() or "chances are shown" in page.locator(".boardlib-odds")
                         .first.inner_text(), 10.0, "the odds panel to open")
        faced = resolved = False
        shot_dice = shot_refused = False
        for _ in range(60):
            if twin.state.is_terminal() or resolved:
                break
            assert twin.match.waiting_for_person(), twin.status_text()
            step = step_of(twin)
            if step == "action" and not shot_refused:  # a field three ahead: AR-5.5
                field = twin.state.field[0] + 3
                point = twin.scene.center_of(f"field-{field}")
                pages.scroll_board_partly_out(page, LAB_SCROLLER, 40)
                pages.click_target(page, point)
                told = twin.click(*point)
                assert "AR-5.5" in told and pages.wait_for_status(page, "AR-5.5") == told
                page.screenshot(path=str(SCREENSHOTS / f"{NAME}__refused.png"))
                shot_refused = True
            if step == "prepare":
                faced = True
            if step == "modify" and not shot_dice:  # a die's choices, beside the die
                die = next(f"die-{i}" for i, v in enumerate(twin.state.dice) if v < 6)
                pages.scroll_board_partly_out(page, LAB_SCROLLER, 120)
                point = twin.scene.center_of(die)
                top = pages.board_box(page)["y"]
                pages.click_target(page, point)
                twin.click(*point)
                pages.wait_until(lambda: page.locator(".boardlib-chooser button").count() > 2,
                                 10.0, "the die's choices")
                moved = pages.board_box(page)["y"] - top  # #33.6: the row pushed it ~43 px
                assert abs(moved) < 1, f"the board moved {moved:.0f} px under the pointer"
                page.screenshot(path=str(SCREENSHOTS / f"{NAME}__challenge_dice.png"))
                words = [b.description for b in twin.chooser.children[1:-1]]
                assert any(w.startswith(("Guard: raise die", "Guard: lower die"))
                           for w in words), words
                shot_dice = True
            before = len(twin.match.log)
            one_decision(page, twin)
            told = {e.kind for e in twin.match.log[before:]}
            resolved = faced and bool(told & {"overcome", "failed"})
        assert faced and resolved, "no darkness card was faced and resolved"
        assert shot_dice, "no die was changed"
        told_after_the_challenge(page, twin)
    finally:
        pages.scroll_board_partly_out(page, LAB_SCROLLER, 0)
        page.screenshot(path=str(SCREENSHOTS / f"{NAME}__after_challenge.png"))


OUTCOMES = ("overcome", "failed")


def told_after_the_challenge(page: Page, twin) -> None:
    """Issue #33.2, #33.4, #33.5, #33.7 on the board a student has just played a challenge on:
    the header tells the student's own outcome first, whole sentences only, with a warning sign
    for a failure and never a ✔; the narration groups a roll into one sentence; no "last:" tag
    covers a piece, a label or a title; Undo, greyed, says why it is off when pressed."""
    from tests.helpers import tags_and_what_they_cover
    from widgets.overlays import HEADER_HEIGHT, TONES
    from widgets.scene import Text

    said = pages.last_move(page)
    assert said is not None and said["text"] == twin.status_text(), (said, twin.status_text())
    outcome = next(e for e in reversed(twin.match.log) if e.kind in OUTCOMES and e.player == 0)
    own = [e.sentence("en", twin.names(), 0) for e in twin.last_events
           if e.player == 0 and e.kind in ("ghost_total", "trap_matches", "monster_hits",
                                            *OUTCOMES)]
    assert outcome in twin.last_events, "the student's challenge did not end with this move"
    assert any(said["text"].startswith(sentence) for sentence in own), (said, own)
    assert said["tone"] == ("warning" if outcome.kind == "failed" else "news"), said
    assert said["tone"] != "success" and "✔" not in said["text"], said
    header = [s.text for s in twin.scene.layer("marks") if isinstance(s, Text)
              and s.y < HEADER_HEIGHT and s.fill == "#ffffff"]  # the message, in white
    drawn = " ".join(header)
    full = TONES[said["tone"]][1] + said["text"]
    assert full.startswith(drawn) and drawn.rstrip()[-1] in ".!?)", (drawn, full)
    narration = page.locator(".boardlib-narration").first.inner_text()
    assert not re.search(r"The die shows \d+\. The die shows", narration), narration
    tags, covered = tags_and_what_they_cover(twin)
    assert tags and not covered, covered
    history = said["history"]
    page.locator(".boardlib-board button", has_text="Undo").first.click()
    if twin.match.why_no_undo() == "chance":  # the darkness card was revealed since the move
        refused = pages.wait_for_status(page, "Undo is off")
        assert "revealed" in refused and pages.last_move(page)["history"] == history
        assert twin.undo() == refused
    else:
        twin.undo()
        pages.wait_until(lambda: pages.last_move(page)["history"] < history, 10.0, "the undo")


def test_amber_route_the_curtain_between_two_people(page: Page, lab: Server) -> None:
    """The hot-seat board hides the first hand behind the curtain; a click on the board is
    refused; the button shows that person's cards and not the other's."""
    run_notebook_in_lab(page, lab, PLAY)
    status = pages.last_move(page, 1)
    assert status and "Pass the screen" in status["text"], status
    curtain = page.locator(".boardlib-curtain").nth(1)
    curtain.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"{NAME}__curtain.png"))
    curtain.click()
    pages.wait_until(lambda: "Pass the screen" not in (pages.last_move(page, 1) or {})
                     .get("text", "Pass the screen"), 10.0, "the curtain to lift")
    page.screenshot(path=str(SCREENSHOTS / f"{NAME}__unveiled.png"))


def test_amber_route_lesson_steps_wait_and_a_card_click_earns_the_tick(page: Page,
                                                                     lab: Server) -> None:
    from widgets import RuleStep

    run_notebook_in_lab(page, lab, RULES)
    feedback = page.evaluate(FEEDBACK_JS)
    assert feedback and all("Your move:" in text for text in feedback), feedback
    twin = RuleStep("amber_route", "move").board
    try:
        click_named(page, twin, "field-1", 40, LAB_SCROLLER)
        pages.wait_until(lambda: "✔" in page.evaluate(FEEDBACK_JS)[0], 10.0,
                         "the first step's feedback to show its tick")
    finally:
        page.screenshot(path=str(SCREENSHOTS / "lab__amber_route__01_rules__step_done.png"))


def test_amber_route_a_legal_move_off_the_step_is_set_aside_and_the_step_waits(
        page: Page, lab: Server) -> None:
    """Issue #33.1: in the village step a click on the light deck spent the student's amber
    and the bot took a whole turn. Now it is set aside, unplayed, with the reason where the
    student looks; then the step's own move earns the tick."""
    from widgets import RuleStep

    run_notebook_in_lab(page, lab, RULES)
    index = 1  # the village step: the lesson's second board
    step = RuleStep("amber_route", "village")
    twin = step.board
    before = pages.last_move(page, index)
    assert before is not None
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 40, index)
    point = twin.scene.center_of("light-deck")
    pages.click_target(page, point, index)
    assert "not this step's move" in twin.click(*point) and twin.match.moves == []
    told = pages.wait_until(lambda: (t := page.evaluate(FEEDBACK_JS)[index]) and "not played" in t
                            and t, 10.0, "the step to say the move was not played")
    assert "Buy" in told or "light" in told, told
    page.wait_for_timeout(500)  # a move (or a bot's turn) would have reached the page by now
    after = pages.last_move(page, index)
    assert after is not None and after["history"] == before["history"], (before, after)
    page.screenshot(path=str(SCREENSHOTS / "lab__amber_route__01_rules__set_aside.png"))
    point = twin.scene.center_of("guards-0")
    pages.click_target(page, point, index)
    twin.click(*point)
    pages.wait_until(lambda: "✔" in page.evaluate(FEEDBACK_JS)[index], 10.0,
                     "the village step's tick")
    recorded = pages.wait_for_history(page, before["history"] + 1, index)
    assert recorded["move"] == "recruit", recorded


def test_amber_route_the_cards_left_stay_under_the_pointer_when_one_is_played(
        page: Page, lab: Server) -> None:
    """Issue #33.6: a card played into a challenge vanished and the cards after it slid left,
    so the next click, where the next card had been, hit nothing. Now the played card's slot
    stays, drawn empty, and a click where S2 was plays S2."""
    from tests.test_widgets_amber_route import SWAMP_GHOST

    open_in_lab(page, lab, RULES)
    index, twin = typed_board(page, "amber_route", SWAMP_GHOST, {1: "careful"}, None)
    start = pages.last_move(page, index)
    assert start is not None
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 40, index)
    second = twin.scene.center_of("card-0-S2")
    for target, move in (("card-0-S1", "play S1"), (None, "play S2")):
        point = twin.scene.center_of(target) if target else second  # the pointer stays put
        pages.click_target(page, point, index)
        twin.click(*point)
        recorded = pages.wait_for_history(page, len(twin.state.history), index)
        assert recorded["move"] == move == str(twin.match.moves[-1][1]), recorded
        if target:
            page.screenshot(path=str(SCREENSHOTS / "lab__amber_route__card_played_slot.png"))

"""Amphipolis in a real JupyterLab: the play board and a lesson step answer named clicks.

The generic notebook check (tests/browser/test_in_browser.py) already runs every Amphipolis
notebook; here the clicks a student makes on this board are played in the page with the board
partly scrolled out of view, and each recorded move is checked against a twin board built the
same way in this process. Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.browser import pages
from tests.browser.conftest import NOTEBOOKS_DIR, ROOT, SCREENSHOTS, Server, skip_or_fail
from tests.browser.test_in_browser import (
    FEEDBACK_JS,
    LAB_SCROLLER,
    click_named,
    legal_target,
    notebook_twin,
    run_notebook_in_lab,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

TAKE_STEP, CHARACTER_STEP = 2, 3  # boardlib.amphipolis.state: the take, a character's take
PLAY = NOTEBOOKS_DIR / "amphipolis" / "02_play.ipynb"
RULES = NOTEBOOKS_DIR / "amphipolis" / "01_rules.ipynb"


def amphipolis_twin():
    """The play notebook's board (``notebook_twin``)."""
    return notebook_twin("amphipolis", PLAY)


def refused_tile(twin) -> str:
    """A tile in another area than this turn's: taking it breaks AM-3.3."""
    seen = twin.seen()
    legal = {str(a) for a in twin.state.legal_actions()}
    for tile, count in seen["areas"].items():
        if count and f"take {tile}" not in legal:
            return f"tile-{tile}"
    raise AssertionError("every tile in the areas may be taken")


def test_amphipolis_play_board_takes_the_clicked_tile_and_character(page: Page,
                                                                    lab: Server) -> None:
    """A turn by clicks: a tile, a refused tile from another area, a character card and what
    it takes, then the End button; the bots answer."""
    if not PLAY.exists():
        skip_or_fail(f"{PLAY.relative_to(ROOT)} does not exist yet")
    run_notebook_in_lab(page, lab, PLAY)
    twin = amphipolis_twin()
    name = "lab__amphipolis__02_play"
    try:
        play_a_turn(page, twin, name)
    finally:
        page.screenshot(path=str(SCREENSHOTS / f"{name}__last.png"))


def play_a_turn(page: Page, twin, name: str) -> None:
    """The sorting areas are the board's top row, so tiles are clicked with 90 px of the board
    scrolled out; the character cards lie lower and are clicked with 250 px out."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    panel = pages.open_odds(page)  # the odds of the decision at hand, asked for by the student
    twin.set_show_odds(True)
    assert "points now" in panel.inner_text() and "The next turn's 4 draws" in panel.inner_text()
    best = next(row.choice for row in twin.odds().rows if row.best)
    assert best in panel.inner_text()
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"{name}__odds.png"))
    click_named(page, twin, legal_target(twin, "take"), 90, LAB_SCROLLER)
    target = refused_tile(twin)
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 90)
    point = twin.scene.center_of(target)
    top = pages.board_box(page)["y"]
    pages.click_target(page, point)
    told = twin.click(*point)
    assert "AM-3.3" in told
    assert pages.wait_for_status(page, "AM-3.3") == told
    moved = pages.board_box(page)["y"] - top  # #33.6: the refusal pushed the board ~86 px
    assert abs(moved) < 1, f"the board moved {moved:.0f} px under the pointer"
    page.screenshot(path=str(SCREENSHOTS / f"{name}__refused.png"))
    if twin._choices:  # a character can take it: the chooser's first route, by its button
        page.locator(".boardlib-chooser button").first.click()
        twin.choose(0)
        recorded = pages.wait_for_history(page, len(twin.state.history))
        expected = next(str(a) for seat, a in reversed(twin.match.moves)
                        if seat not in twin.match.bots)
        assert expected.startswith("take ") and recorded["move"] == expected
    else:
        click_named(page, twin, legal_target(twin, "character"), 250, LAB_SCROLLER)
    while twin.state.phase >= CHARACTER_STEP and twin.state.current_player() == 0:
        click_named(page, twin, legal_target(twin, "take"), 90, LAB_SCROLLER)
    if twin.state.phase == TAKE_STEP and twin.state.taken:  # still this turn: end it
        page.locator(".boardlib-moves button").last.click()
        twin.play("end")
        pages.wait_for_history(page, len(twin.state.history))
    assert any(seat in twin.match.bots for seat, _ in twin.match.moves), "no bot has moved"
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 0)
    page.screenshot(path=str(SCREENSHOTS / f"{name}__after_bots.png"))


def test_amphipolis_lesson_step_is_done_by_a_click(page: Page, lab: Server) -> None:
    """After Run All every step still waits; the first one, done by a click on the board
    partly scrolled out of view, earns its tick."""
    from widgets import RuleStep

    run_notebook_in_lab(page, lab, RULES)
    feedback = page.evaluate(FEEDBACK_JS)
    assert feedback and all("Your move:" in text for text in feedback), feedback
    twin = RuleStep("amphipolis", "take").board
    try:
        click_named(page, twin, "tile-MR", 60, LAB_SCROLLER)
        pages.wait_until(lambda: "✔" in page.evaluate(FEEDBACK_JS)[0], 10.0,
                         "the first step's feedback to show its tick")
    finally:
        page.screenshot(path=str(SCREENSHOTS / "lab__amphipolis__01_rules__step_done.png"))


def step_index(page: Page, goal: str) -> int:
    """Which board of the rules notebook is the step with ``goal`` (every board is a step)."""
    feedback = page.evaluate(FEEDBACK_JS)
    assert len(feedback) == pages.board_box(page)["count"], "a board that is not a step"
    return next(i for i, text in enumerate(feedback) if goal in text)


def test_amphipolis_a_character_step_ticks_at_its_goal_and_the_student_keeps_the_seat(
        page: Page, lab: Server) -> None:
    """Issue #33.2, #33.3, #33.7: the ✔ came as soon as the Assistant was clicked, before the
    caryatid the step asks for; then the board asked the student to move as "Player 2 (you)";
    the Digger's second tile ended the turn and the student never saw what it did. Now the
    Assistant is a step on the way (no ✔), the caryatid earns it, a bot answers as Player 2
    and the student is Player 1 again; the Digger's ✔ says what the last tile was."""
    from widgets import RuleStep

    run_notebook_in_lab(page, lab, RULES)
    step = RuleStep("amphipolis", "assistant")
    twin, index = step.board, step_index(page, step.goal())
    start = pages.last_move(page, index)
    assert start is not None and start["tone"] == "status", start
    click_named(page, twin, "character-0-assistant", 200, LAB_SCROLLER, index)
    feedback = page.evaluate(FEEDBACK_JS)[index]
    assert "✔" not in feedback and "Good:" in feedback, feedback
    assert (pages.last_move(page, index) or {})["tone"] != "success"
    page.screenshot(path=str(SCREENSHOTS / "lab__amphipolis__01_rules__assistant_on_way.png"))
    taken = len(twin.state.history)
    click_named(page, twin, "tile-CA", 60, LAB_SCROLLER, index)
    assert len(twin.state.history) > taken + 1 and twin.match.moves[-1][0] == 1  # the bot
    assert twin.state.current_player() == 0 and twin.people() == [0]
    said = pages.wait_for_history(page, len(twin.state.history), index)
    assert said["tone"] == "success" and said["text"].startswith("✔"), said
    assert "✔" in page.evaluate(FEEDBACK_JS)[index]
    assert said["text"] == twin.status_text() and "takes a caryatid" in said["text"], said
    page.screenshot(path=str(SCREENSHOTS / "lab__amphipolis__01_rules__assistant_done.png"))

    step = RuleStep("amphipolis", "digger")
    twin, index = step.board, step_index(page, step.goal())
    click_named(page, twin, "character-0-digger", 200, LAB_SCROLLER, index)
    click_named(page, twin, "tile-AB", 60, LAB_SCROLLER, index)
    assert "✔" not in page.evaluate(FEEDBACK_JS)[index]
    click_named(page, twin, "tile-AN", 60, LAB_SCROLLER, index)
    said = pages.wait_for_history(page, len(twin.state.history), index)
    assert twin.match.moves[-1][0] == 1, "the bot did not answer after the Digger"
    assert said["tone"] == "success" and "takes a brown amphora" in said["text"], said
    assert "Player 2" not in said["text"], said
    page.screenshot(path=str(SCREENSHOTS / "lab__amphipolis__01_rules__digger_done.png"))

"""The biggest boards fit the notebook at 1400×900: a student never scrolls inside one decision.

A 4-player Amphipolis board and 3- and 4-player Amber Route boards, with all their controls
(the setup row, the move buttons, the header, the status line, the narration, save and load),
must fit in JupyterLab's visible notebook area once the board's top is scrolled to the area's
top; then a click on a named target, where the page draws it now, plays exactly the move a twin
board built the same way in this process makes for the same click. Every rule step of Amber
Route's lesson fits too, with its feedback line above the board and its odds panel open
(issue #33.11). Screenshots of each board as a student sees it go to
test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import pages
from tests.browser.conftest import NOTEBOOKS_DIR, SCREENSHOTS, Server
from tests.browser.test_in_browser import LAB_SCROLLER, legal_target, run_notebook_in_lab

if TYPE_CHECKING:
    from playwright.sync_api import Page

AMPHIPOLIS = NOTEBOOKS_DIR / "amphipolis" / "02_play.ipynb"  # 4 players, full controls
AMBER_ROUTE = NOTEBOOKS_DIR / "amber_route" / "02_play.ipynb"  # 3 players, full controls
RULE_STEPS = {"amber_route": "field-1", "amphipolis": "tile-MR"}  # the first step's target
SEED = 2026  # the play notebooks' seed
AMBER_FOUR_BOTS = {1: "careful", 2: "careful", 3: "careful"}
AMBER_FOUR = {"players": 4, "seed": SEED, "bots": AMBER_FOUR_BOTS, "variant": "advanced"}
"""The 4-player Amber Route board, built alike in the page (from its repr) and in the twin."""

# Scrolls board ``index``'s whole widget (header, buttons, canvas, status, narration…) to the
# top of the notebook's visible area and measures it against that area.
FIT_JS = """
([selector, index]) => {
  const scroller = document.querySelector(selector);
  const canvas = document.querySelectorAll('.boardlib-canvas')[index];
  const board = canvas.closest('.boardlib-board') || canvas.closest('.jp-OutputArea-output');
  const widget = board.classList.contains('boardlib-board');
  scroller.scrollTop += board.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  const area = scroller.getBoundingClientRect(), box = board.getBoundingClientRect();
  const drawn = canvas.getBoundingClientRect();
  return {widget, height: box.height, width: box.width, top: box.top - area.top,
          bottom: box.bottom - area.top, area: scroller.clientHeight, area_width: area.width,
          canvas: [drawn.width, drawn.height], count: document.querySelectorAll(
            '.boardlib-canvas').length};
}
"""


# Scrolls the rule step around board ``index`` (its feedback line, then the board with its
# moves row, canvas, odds panel, status and narration) to the top of the notebook's visible
# area and measures each part against that area.
STEP_FIT_JS = """
([selector, index]) => {
  const scroller = document.querySelector(selector);
  const canvas = document.querySelectorAll('.boardlib-canvas')[index];
  const board = canvas.closest('.boardlib-board');
  const step = board.parentElement;
  const feedback = step.querySelector('.boardlib-feedback');
  const odds = board.querySelector('.boardlib-odds');
  const side = board.querySelector('.boardlib-side');  // the column that holds the odds
  if (!feedback || !odds || !side) return {step: false};
  const top = Math.min(feedback.getBoundingClientRect().top, step.getBoundingClientRect().top);
  scroller.scrollTop += top - scroller.getBoundingClientRect().top;
  const area = scroller.getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect();
    return {top: r.top - area.top, bottom: r.bottom - area.top, left: r.left - area.left,
            right: r.right - area.left, width: r.width, height: r.height}; };
  return {step: true, area: scroller.clientHeight, area_width: scroller.clientWidth,
          whole: box(step), feedback: box(feedback), board: box(board), canvas: box(canvas),
          odds: box(side), odds_clipped: odds.scrollWidth > odds.clientWidth + 1
                                         || side.scrollWidth > side.clientWidth + 1,
          odds_scrolls: side.scrollHeight > side.clientHeight + 1,
          odds_text: odds.innerText.length, count: document.querySelectorAll(
            '.boardlib-canvas').length};
}
"""


def fit(page: Page, index: int) -> dict[str, Any]:
    """Board ``index`` scrolled to the top of the notebook area, and its size against it."""
    measured = page.evaluate(FIT_JS, [LAB_SCROLLER, index])
    page.wait_for_timeout(300)
    return dict(page.evaluate(FIT_JS, [LAB_SCROLLER, index]), before=measured)


def assert_fits(page: Page, index: int, name: str) -> dict[str, Any]:
    """The whole board widget lies inside the visible notebook area (a screenshot of it)."""
    measured = fit(page, index)
    assert measured["widget"], "the board widget carries no boardlib-board class"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}__fits.png"))
    print(f"{name}: board widget {measured['height']:.0f} px tall in a "
          f"{measured['area']:.0f} px notebook area (canvas drawn "
          f"{measured['canvas'][0]:.0f}×{measured['canvas'][1]:.0f})")
    assert measured["top"] >= -1 and measured["bottom"] <= measured["area"] + 1, (
        f"{name}: the board widget is {measured['height']:.0f} px tall, the notebook area "
        f"{measured['area']:.0f} px: {measured}")
    return measured


def click_plays(page: Page, twin, target: str, index: int) -> None:
    """Click ``target`` of board ``index`` where the page draws it now (no scrolling), and check
    that the page recorded exactly the move the twin makes for the same click."""
    point = twin.scene.center_of(target)
    pages.click_target(page, point, index)
    twin.click(*point)
    expected = next(str(a) for seat, a in reversed(twin.match.moves)
                    if seat not in twin.match.bots)
    recorded = pages.wait_for_history(page, len(twin.state.history), index)
    assert recorded["history"] == len(twin.state.history), (target, recorded)
    assert recorded["move"] == expected, f"clicked {target}: the page played {recorded['move']!r}"


def test_a_four_player_amphipolis_board_fits_and_its_clicks_land(page: Page,
                                                                 lab: Server) -> None:
    from widgets import Board

    run_notebook_in_lab(page, lab, AMPHIPOLIS)
    twin = Board("amphipolis", players=4, seed=SEED,
                 bots={1: "greedy", 2: "random", 3: "greedy"}, controls=None)
    name = "lab__amphipolis__4_players"
    assert_fits(page, 0, name)
    click_plays(page, twin, legal_target(twin, "take"), 0)
    assert_fits(page, 0, name + "__after_click")


def test_three_and_four_player_amber_route_boards_fit_and_their_clicks_land(
        page: Page, lab: Server) -> None:
    from widgets import Board

    run_notebook_in_lab(page, lab, AMBER_ROUTE)
    three = Board("amber_route", players=3, seed=SEED, bots={1: "careful", 2: "careful"},
                  variant="advanced", controls=None)
    assert_fits(page, 0, "lab__amber_route__3_players")
    click_plays(page, three, legal_target(three, "pick"), 0)
    code = f"from widgets import Board; Board('amber_route', **{AMBER_FOUR!r})"
    index = pages.run_board_in_new_cell(page, code, 10.0, "the boards")
    pages.wait_for_drawn_canvases(page)
    four = Board("amber_route", players=4, seed=SEED, bots=AMBER_FOUR_BOTS, variant="advanced",
                 controls=None)
    name = "lab__amber_route__4_players"
    assert_fits(page, index, name)
    click_plays(page, four, legal_target(four, "pick"), index)
    assert_fits(page, index, name + "__after_click")


def rule_steps(notebook) -> list[str]:
    """The names of the rule steps a lesson notebook shows, in order (``lesson.step(name)`` or
    ``RuleStep(game, name)`` cells whose last line displays the step)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        made = re.search(r'(?:lesson\.step|RuleStep\(\s*"[a-z_]+"\s*,)\(?\s*"([a-z_]+)"', source)
        if cell["cell_type"] == "code" and made:
            found.append(made.group(1))
    return found


STEP_PARTS = ("feedback", "canvas", "odds", "board")


def assert_step_fits(page: Page, index: int, name: str,
                     parts: tuple[str, ...] = STEP_PARTS) -> dict[str, Any]:
    """Rule step ``index`` (feedback line, board, canvas with the hand, odds panel: ``parts``)
    lies inside the visible notebook area once its top is scrolled there, none of its parts
    over another."""
    measured = page.evaluate(STEP_FIT_JS, [LAB_SCROLLER, index])
    page.wait_for_timeout(300)
    measured = page.evaluate(STEP_FIT_JS, [LAB_SCROLLER, index])
    assert measured["step"], f"{name}: board {index} is no rule step with an odds panel"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}__fits.png"))
    whole, canvas, odds = measured["whole"], measured["canvas"], measured["odds"]
    bottom = max(whole["bottom"], odds["bottom"])
    print(f"{name}: step {bottom - whole['top']:.0f} px tall (feedback to board's end) in a "
          f"{measured['area']:.0f}×{measured['area_width']:.0f} px notebook area; canvas "
          f"{canvas['width']:.0f}×{canvas['height']:.0f} at x {canvas['left']:.0f}, odds panel "
          f"{odds['width']:.0f}×{odds['height']:.0f} at ({odds['left']:.0f}, {odds['top']:.0f})"
          + (", its table scrolling in the column" if measured["odds_scrolls"] else ""))
    inside = {part: box for part in parts
              if (box := measured[part])["top"] < -1 or box["bottom"] > measured["area"] + 1
              or box["left"] < -1 or box["right"] > measured["area_width"] + 1}
    assert not inside, (f"{name}: out of the {measured['area']:.0f}×"
                        f"{measured['area_width']:.0f} px notebook area: {inside}")
    assert odds["height"] > 0 and measured["odds_text"] > 0, f"{name}: no odds shown: {odds}"
    assert not measured["odds_clipped"], f"{name}: the odds panel hides part of its table"
    apart = (odds["left"] >= canvas["right"] - 1 or odds["top"] >= canvas["bottom"] - 1)
    assert apart, f"{name}: the odds panel {odds} lies over the canvas {canvas}"
    assert measured["feedback"]["bottom"] <= canvas["top"] + 1, (name, measured)
    return measured


@pytest.mark.parametrize("game", list(RULE_STEPS))
def test_every_rule_step_fits_with_its_odds_and_its_clicks_land(page: Page, lab: Server,
                                                                game: str) -> None:
    """Issue #33.11: each rule step — the feedback line, the board with the student's hand
    drawn on it, and the odds panel a lesson opens beside it — fits at 1400×900 once the
    step's top is scrolled to the notebook area's top (Amber Route's steps were 858–1246 px
    tall with the odds under the board; a long table scrolls in its column, never the page); a
    click on the first step's target then plays exactly the move under the pointer."""
    from widgets import RuleStep

    notebook = NOTEBOOKS_DIR / game / "01_rules.ipynb"
    steps = rule_steps(notebook)
    run_notebook_in_lab(page, lab, notebook)
    boards = pages.board_box(page)["count"]
    assert boards == len(steps), f"{boards} boards on the page, {len(steps)} rule steps: {steps}"
    too_big = []
    for index, step in enumerate(steps):
        try:
            assert_step_fits(page, index, f"lab__{game}__01_rules__{index:02d}_{step}")
        except AssertionError as problem:
            too_big.append(str(problem).splitlines()[0])
    assert not too_big, "\n".join(too_big)
    twin = RuleStep(game, steps[0]).board
    assert_step_fits(page, 0, f"lab__{game}__01_rules__00_before_click")
    click_plays(page, twin, RULE_STEPS[game], 0)  # where the page draws it now: no scrolling
    assert_step_fits(page, 0, f"lab__{game}__01_rules__00_after_click")



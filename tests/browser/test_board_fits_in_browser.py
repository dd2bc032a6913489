"""The biggest boards fit the notebook at 1400×900: a student never scrolls inside one decision.

A 4-player Amphipolis board and 3- and 4-player Amber Route boards, with all their controls
(the setup row, the move buttons, the header, the status line, the narration, save and load),
must fit in JupyterLab's visible notebook area once the board's top is scrolled to the area's
top; then a click on a named target, where the page draws it now, plays exactly the move a twin
board built the same way in this process makes for the same click. Screenshots of each board
as a student sees it go to test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.browser import pages
from tests.browser.conftest import NOTEBOOKS_DIR, SCREENSHOTS, Server
from tests.browser.test_in_browser import LAB_SCROLLER, legal_target, run_notebook_in_lab

if TYPE_CHECKING:
    from playwright.sync_api import Page

AMPHIPOLIS = NOTEBOOKS_DIR / "amphipolis" / "02_play.ipynb"  # 4 players, full controls
AMBER_ROUTE = NOTEBOOKS_DIR / "amber_route" / "02_play.ipynb"  # 3 players, full controls
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
    pages.run_in_new_cell(page, "from widgets import Board; Board('amber_route', **"
                          f"{AMBER_FOUR!r})")
    index = pages.wait_until(lambda: (n := pages.board_box(page)["count"]) and n, 10.0,
                             "the boards") - 1
    pages.wait_for_drawn_canvases(page)
    four = Board("amber_route", players=4, seed=SEED, bots=AMBER_FOUR_BOTS, variant="advanced",
                 controls=None)
    name = "lab__amber_route__4_players"
    assert_fits(page, index, name)
    click_plays(page, four, legal_target(four, "pick"), index)
    assert_fits(page, index, name + "__after_click")

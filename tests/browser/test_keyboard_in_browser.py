"""Every board by keyboard and by screen reader, in the real browser (#27).

For each game a board is typed into a notebook in JupyterLab (bots in the other seats) and a
whole game is played with the keyboard only — no mouse event at all: the keyboard's list is
focused, ←/→ go to the move a rule-of-thumb bot would make for the student, Enter plays it —
and each move the engine recorded is the one that was in focus. Then: Tab leaves the board
(no keyboard trap), the canvas carries role="img" with the position in words, and the live
region said the bot's move and a refusal; axe-core finds no critical or serious violation in
the board. Screenshots: test-artifacts/screenshots/keys__*.png.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import axe, pages
from tests.browser.conftest import ARTIFACTS, ROOT, SCREENSHOTS, Server
from tests.browser.test_in_browser import open_in_lab
from widgets import BOARDS

if TYPE_CHECKING:
    from playwright.sync_api import Page

NOTEBOOK = ROOT / "notebooks" / "index.ipynb"  # any notebook: the board is typed in a new cell
SEATS = 2
KEYS_JS = """
(index) => {
  const board = document.querySelectorAll('.boardlib-board')[index];
  const list = board.querySelector('.boardlib-keys-list');
  const active = list && list.querySelector('.boardlib-key-active');
  return {focused: document.activeElement === list,
          active: active ? active.dataset.action : null,
          options: [...list.querySelectorAll('[role=option]:not([aria-disabled])')]
                     .map(o => o.dataset.action)};
}
"""
ACCESS_JS = """
(index) => {
  const board = document.querySelectorAll('.boardlib-board')[index];
  const canvas = board.querySelector('.boardlib-canvas');
  const live = board.querySelector('.boardlib-live');
  return {role: canvas.getAttribute('role'), label: canvas.getAttribute('aria-label'),
          live: live ? live.textContent.replace(/\\u200b/g, '') : null,
          politeness: live ? live.getAttribute('aria-live') : null,
          inside: board.contains(document.activeElement),
          on: document.activeElement ? document.activeElement.className : ''};
}
"""


def keyboard_board(page: Page, game: str) -> tuple[int, Any]:
    """A board typed into the open notebook, the student in seat 1 and the game's rule-of-
    thumb bot in the other, and its twin here (same seed: the same draws)."""
    from boardlib import GAMES
    from widgets import Board

    bots = {1: GAMES[game].rule_bots[0]}
    code = (f"from widgets import Board; Board({game!r}, players={SEATS}, "
            f"seed=5, bots={bots!r}, controls='moves')")
    index = pages.run_board_in_new_cell(page, code, 15.0, "the typed board")
    return index, Board(game, players=SEATS, seed=5, bots=bots, controls="moves")


def keys(page: Page, index: int) -> dict[str, Any]:
    return dict(page.evaluate(KEYS_JS, index))


def play_by_keyboard(page: Page, index: int, twin: Any, chooser: Any) -> int:
    """Play the twin's game to its end on the page by keys alone; returns the keystrokes."""
    strokes = 0
    rng = random.Random(7)
    while not twin.controller.state.is_terminal():
        wanted = [move.action for move in twin.controller.keyboard_moves()]
        seen = pages.wait_until(
            lambda wanted=wanted: (k := keys(page, index))["options"] == wanted and k,
            20.0, f"the page's list to be the twin's {len(wanted)} moves")
        choice = str(chooser.choose(twin.controller.state, rng))
        at, goal = wanted.index(seen["active"]), wanted.index(choice)
        forward = (goal - at) % len(wanted)
        key, count = ("ArrowRight", forward) if forward <= len(wanted) - forward else (
            "ArrowLeft", len(wanted) - forward)
        for _ in range(count):
            page.keyboard.press(key)
            strokes += 1
        assert keys(page, index)["active"] == choice, "the focus is not on the move to play"
        before = len(twin.controller.state.history)
        page.keyboard.press("Enter")
        strokes += 1
        twin.controller.play(choice)
        pages.wait_for_history(page, len(twin.controller.state.history), index, timeout=30.0)
        recorded = pages.last_move(page, index)
        assert recorded is not None and recorded["move"] == choice, (
            f"Enter played {recorded} with {choice!r} in focus (history {before})")
        assert keys(page, index)["focused"], "the list lost the focus after a move"
    return strokes


@pytest.mark.parametrize("game", list(BOARDS))
def test_a_whole_game_by_keyboard_alone(page: Page, lab: Server, game: str) -> None:
    from boardlib import GAMES

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    open_in_lab(page, lab, NOTEBOOK)
    index, twin = keyboard_board(page, game)
    pages.wait_for_drawn_canvases(page)
    page.locator(".boardlib-keys-list").nth(index).focus()  # focus, not a click
    page.screenshot(path=str(SCREENSHOTS / f"keys__{game}__focused.png"))
    chooser = GAMES[game].make_bot(GAMES[game].rule_bots[0])
    try:
        strokes = play_by_keyboard(page, index, twin, chooser)
    finally:
        page.screenshot(path=str(SCREENSHOTS / f"keys__{game}__end.png"))
    print(f"{game}: a whole game by keyboard took {strokes} keystrokes, "
          f"{len(twin.controller.match.moves)} moves")
    assert twin.controller.state.is_terminal()


@pytest.mark.parametrize("game", list(BOARDS))
def test_tab_leaves_the_board_and_the_canvas_and_live_region_speak(page: Page, lab: Server,
                                                                    game: str) -> None:
    open_in_lab(page, lab, NOTEBOOK)
    index, twin = keyboard_board(page, game)
    pages.wait_for_drawn_canvases(page)
    access = pages.wait_until(lambda: (a := page.evaluate(ACCESS_JS, index))["label"] and a,
                              15.0, "the canvas's label")
    assert access["role"] == "img" and access["politeness"] == "polite"
    assert access["label"] == twin.controller.position_words(), access["label"][:200]
    spoken = accessible_images(page)
    assert access["label"] in spoken, f"no such image in the accessibility tree: {spoken}"
    (ARTIFACTS / "axe").mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "axe" / f"{game}__canvas_name.txt").write_text(access["label"] + "\n")
    page.locator(".boardlib-keys-list").nth(index).focus()
    for _press in range(40):  # every control of the board, then out: no trap anywhere
        page.keyboard.press("Tab")
        now = page.evaluate(ACCESS_JS, index)
        assert "boardlib-canvas" not in now["on"], "Tab stopped on the canvas"
        if not now["inside"]:
            break
    else:
        pytest.fail("40 presses of Tab never left the board")
    page.locator(".boardlib-undo").nth(index).focus()  # nothing to undo yet: refused
    page.keyboard.press("Enter")
    refusal = twin.controller.undo()
    pages.wait_until(lambda: refusal in page.evaluate(ACCESS_JS, index)["live"], 15.0,
                     f"the live region to say the refusal {refusal!r}")
    page.locator(".boardlib-keys-list").nth(index).focus()
    first = twin.controller.keyboard_moves()[0].action
    page.keyboard.press("Enter")
    twin.controller.play(first)
    said = twin.controller.said()
    pages.wait_until(lambda: page.evaluate(ACCESS_JS, index)["live"] == said, 15.0,
                     f"the live region to say {said!r}")
    page.screenshot(path=str(SCREENSHOTS / f"keys__{game}__after_enter.png"))
    found = axe.audit(page, [[".boardlib-board"]])  # the board as the front end drew it
    print(f"{game}: axe-core on the board: {axe.counts(found) or 'no violation'}")
    assert not axe.serious(found), "\n".join(axe.serious(found))


def accessible_images(page: Page) -> list[str]:
    """The names Chromium's own accessibility tree (what a screen reader is handed) gives
    the page's images: read over the DevTools protocol, not from the DOM."""
    session = page.context.new_cdp_session(page)
    try:
        session.send("Accessibility.enable")
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    return [node.get("name", {}).get("value", "") for node in nodes
            if node.get("role", {}).get("value") in ("img", "image")]


FEEDBACK_JS = "(i) => document.querySelectorAll('.boardlib-feedback')[i].innerText"


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_rules_lesson_step_can_be_done_by_keyboard(page: Page, lab: Server,
                                                         game: str) -> None:
    """Each step of the game's rules lesson (the steps the rules notebooks show, from the same
    data), typed into a notebook as one column of steps: its move list focused, ←/→ to the
    move the step waits for, Enter — and the step earns its ✔, no mouse event at all (#27.4)."""
    from widgets import RuleStep

    open_in_lab(page, lab, NOTEBOOK)
    boards = page.locator(".boardlib-board")
    before = boards.count()
    names = list(BOARDS[game].lessons)
    pages.run_in_new_cell(page, "import ipywidgets as w; from widgets import RuleStep; "
                          f"w.VBox([RuleStep({game!r}, n) for n in {names!r}])")
    strokes = 0
    try:
        # Generous: 25 boards' first drawing shares two cores with the hub test's five servers.
        pages.wait_until(lambda: boards.count() == before + len(names), 120.0,
                         f"{before} + {len(names)} boards: the lesson steps",
                         describe=lambda: (boards.count(), pages.output_errors(page)))
        pages.wait_for_drawn_canvases(page, minimum=len(names))
        for offset, name in enumerate(names):
            index, twin = before + offset, RuleStep(game, name)
            page.locator(".boardlib-keys-list").nth(index).focus()
            while not twin.earned:
                wanted = twin.next_moves()
                moves = [move.action for move in twin.board.controller.keyboard_moves()]
                seen = pages.wait_until(
                    lambda moves=moves, index=index: (k := keys(page, index))["options"] == moves
                    and k,
                    20.0, f"step {name}: the page's list to be the twin's {len(moves)} moves")
                # The first of the step's moves still legal: in a step of several takes the
                # first-named tile may be gone already.
                choice = next((m for m in wanted or () if m in moves), moves[0])
                at, goal = moves.index(seen["active"]), moves.index(choice)
                key = "ArrowRight" if goal >= at else "ArrowLeft"
                for _ in range(abs(goal - at)):
                    page.keyboard.press(key)
                    strokes += 1
                assert keys(page, index)["active"] == choice, f"step {name}: focus is off"
                page.keyboard.press("Enter")
                strokes += 1
                twin.board.play(choice)
                pages.wait_for_history(page, len(twin.board.controller.state.history), index,
                                       timeout=30.0)
                recorded = pages.last_move(page, index)
                assert recorded is not None and recorded["move"] == choice, (
                    f"step {name}: Enter played {recorded} with {choice!r} in focus")
            pages.wait_until(lambda index=index: "✔" in page.evaluate(FEEDBACK_JS, index),
                             15.0, f"step {name}'s ✔")
    finally:
        pages.screenshot(page, SCREENSHOTS / f"keys__{game}__rules_steps.png")
    print(f"{game}: {len(names)} rules steps by keyboard, {strokes} keystrokes")

"""Every notebook runs in a real JupyterLab, its canvases draw, and the play board answers clicks.

A kernel alone cannot see the page: a widget whose front end fails, a canvas that never draws,
or a click that is lost all pass there. These tests open the notebooks in Chromium and look at
what a learner would see. Screenshots go to test-artifacts/screenshots/ whether the test passes
or not.

``test_notebook_runs_in_jupyterlab`` is the one run of each notebook in the suite's
environment: the page is checked, and the executed notebook, read back from JupyterLab (and
saved in test-artifacts/executed/), gets the kernel-side checks nbval made
(``tests.test_notebooks.executed_faults``). Where the notebooks run, and why once:
tests/test_notebooks.py.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import axe, pages
from tests.browser.after_run_all import after_run_all_faults
from tests.browser.conftest import (
    ARTIFACTS,
    NOTEBOOKS_DIR,
    PLAY_NOTEBOOK,
    ROOT,
    SCREENSHOTS,
    Server,
    artifact_name,
    notebook_paths,
    skip_or_fail,
)
from tests.browser.japanese import japanese_faults
from tests.browser.words import word_faults
from tests.test_notebooks import executed_faults

if TYPE_CHECKING:
    from playwright.sync_api import Page

LAB_SCROLLER = pages.LAB_SCROLLER
VOILA_TIMEOUT = 90.0  # Voila runs the whole notebook before the page shows the board
EXECUTED = ARTIFACTS / "executed"  # each notebook as the sweep ran it, outputs included


def _params() -> list[Any]:
    """One parameter per notebook; a placeholder when there are none (fails under CI)."""
    found = notebook_paths()
    if not found:
        return [pytest.param(None, id="no-notebooks")]
    return [pytest.param(p, id=artifact_name(p)) for p in found]


def notebook_constants(path: Path, names: tuple[str, ...],
                       optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """Literal constants (e.g. SEED = 7) from the first code cell of a notebook: every one of
    ``names``, and those of ``optional`` that it sets."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = next((c for c in cells if c["cell_type"] == "code"), None)
    assert first is not None, f"{path.name} has no code cell"
    source = "".join(first["source"]) if isinstance(first["source"], list) else first["source"]
    found: dict[str, Any] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in (*names, *optional):
                found[target.id] = ast.literal_eval(node.value)
    missing = [n for n in names if n not in found]
    assert not missing, f"the first code cell of {path.name} must set {missing} to literals"
    return found


def notebook_twin(game: str, notebook: Path, **fixed: Any) -> Any:
    """The board a play notebook's first code cell makes (its SEED and BOTS, and PLAYERS or
    VERSION if it sets them; ``fixed`` options win), built the same way in this process, so
    it predicts exactly what each click does in the page."""
    from widgets import Board

    consts = notebook_constants(notebook, ("SEED", "BOTS"), optional=("PLAYERS", "VERSION"))
    options = {"players": consts.get("PLAYERS"), "variant": consts.get("VERSION"), **fixed}
    return Board(game, seed=consts["SEED"], bots=consts["BOTS"], controls=None,
                 **{name: value for name, value in options.items() if value is not None})


def open_in_lab(page: Page, server: Server, notebook: Path) -> None:
    """Open a notebook with its kernel idle, without running it: for a board typed into a new
    cell (``typed_board``), which needs the page and the kernel but none of the lesson's cells
    (the sweep runs those)."""
    pages.open_notebook(page, server, notebook.relative_to(ROOT).as_posix())


def typed_board(page: Page, game: str, position: str, bots: dict[int, str],
                controls: str | None) -> tuple[int, Any]:
    """A board of ``position`` (a game's description) typed into a new cell of the open
    notebook (run or not), as a student would, and its twin here with the same seats and seed
    (the same draws): the board's index on the page, and the twin."""
    from boardlib import GAMES
    from widgets import Board

    options = f"bots={bots!r}, controls={controls!r}, seed=1"
    code = (f"from boardlib import {game}; from widgets import Board; "
            f"Board({game!r}, state={game}.from_description({position!r}), {options})")
    index = pages.run_board_in_new_cell(page, code, 10.0, "the boards")
    pages.wait_for_drawn_canvases(page)
    state = GAMES[game].module.from_description(position)
    return index, Board(game, state=state, bots=bots, controls=controls, seed=1)


def play_twin():
    """The Âmbar play notebook's board (``notebook_twin``)."""
    return notebook_twin("ambar_fossils", PLAY_NOTEBOOK)


def require_play_notebook() -> None:
    """The play notebook must exist: skip locally, fail under CI."""
    if not PLAY_NOTEBOOK.exists():
        skip_or_fail(f"{PLAY_NOTEBOOK.relative_to(ROOT)} does not exist yet")


def save_executed(page: Page, notebook: Path) -> dict[str, Any]:
    """The notebook as this page ran it (nbformat, this run's outputs), also written to
    test-artifacts/executed/ so a failure can be read cell by cell."""
    executed = pages.notebook_content(page)
    path = EXECUTED / notebook.relative_to(NOTEBOOKS_DIR)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(executed, ensure_ascii=False, indent=1), encoding="utf-8")
    return executed


def run_notebook_in_lab(page: Page, server: Server, notebook: Path) -> list[pages.CanvasInfo]:
    """Open, Run All, wait; assert no error output and that every output canvas drew."""
    rel = notebook.relative_to(ROOT).as_posix()
    pages.open_notebook(page, server, rel)
    pages.run_all_cells(page)
    pages.wait_for_execution(page)
    found = pages.wait_for_drawn_canvases(page)
    errors = pages.output_errors(page)
    assert not errors, f"{rel} shows error output:\n" + "\n---\n".join(errors)
    blank = [c for c in found if not c.drawn]
    assert not blank, f"{rel}: {len(blank)} of {len(found)} output canvases stayed blank: {blank}"
    return found


def click_named(page: Page, twin: Any, target: str, offset: float, scroller: str | None,
                index: int = 0) -> dict[str, Any]:
    """Scroll board ``index`` partly out of view, click ``target`` where it now is, and check
    that the page's engine recorded exactly the move the twin makes for the same click. The
    target stays in view (a student clicks what is on screen): ``offset`` is capped where the
    board is drawn smaller (the odds panel open beside it)."""
    point = twin.scene.center_of(target)
    box = pages.board_box(page, index)
    drawn = point[1] * box["height"] / box["pixels"][1]  # px below the canvas's top edge
    pages.scroll_board_partly_out(page, scroller, min(offset, max(0.0, drawn - 30)), index)
    pages.click_target(page, point, index)
    twin.click(*point)
    expected = next((str(a) for seat, a in reversed(twin.match.moves)
                     if seat not in twin.match.bots), "")
    try:
        recorded = pages.wait_for_history(page, len(twin.state.history), index)
    except AssertionError:
        said = (pages.last_move(page, index) or {}).get("text")
        raise AssertionError(f"clicked {target} ({expected!r} expected): nothing was played; "
                             f"the board says {said!r}") from None
    assert recorded["history"] == len(twin.state.history), (target, recorded)
    assert recorded["move"] == expected, f"clicked {target}: the page played {recorded['move']!r}"
    return recorded


def legal_target(twin: Any, kind: str) -> str:
    """The target of the first legal move of ``kind`` for the person to move."""
    seat, seen = twin.state.current_player(), twin.seen()
    for action in twin.state.legal_actions():
        target = twin.spec.target_of(action, seat, seen)
        if action.kind == kind and target:
            return target
    raise AssertionError(f"no legal {kind} move with a target now")


def play_by_clicks(page: Page, scroller: str | None, where: str) -> None:
    """A turn played the way a student plays it, with the board partly scrolled out of view:
    flip, a refused click on another display, a button press, a placement by the hint."""
    twin = play_twin()
    shots = SCREENSHOTS / where
    shots.parent.mkdir(parents=True, exist_ok=True)
    panel = pages.open_odds(page)  # what are my chances? asked before the first flip
    twin.set_show_odds(True)
    table = twin.odds()
    assert table is not None and all(row.choice in panel.inner_text() for row in table.rows)
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots.with_name(f"{where}__odds.png")))
    page.locator(".boardlib-canvas").first.scroll_into_view_if_needed()  # Voila's own scroller
    click_named(page, twin, "down-D", 100, scroller)  # the board's top 100 px out of view
    if twin.state.holding < 0:  # the fossil was identical: the bots have moved, our turn again
        click_named(page, twin, legal_target(twin, "flip"), 100, scroller)
    pages.scroll_board_partly_out(page, scroller, 300)
    refused = twin.scene.center_of("column-1-1")  # another player's display
    pages.click_target(page, refused)
    told = twin.click(*refused)
    assert pages.wait_for_status(page, told.split(":")[0]) == told
    page.screenshot(path=str(shots.with_name(f"{where}__refused.png")))  # as the student sees it
    page.locator(".boardlib-hint").first.click()  # a button press, then a click on the board
    hint = twin.hint()
    pages.wait_for_status(page, "Hint:")
    page.screenshot(path=str(shots.with_name(f"{where}__hint.png")))
    target = twin.spec.target_of(twin._hint, twin.state.current_player(), twin.seen())
    if target is None:
        target = legal_target(twin, "place")
    assert hint.startswith("Hint:")
    click_named(page, twin, target, 300, scroller)
    assert any(seat in twin.match.bots for seat, _ in twin.match.moves), "no bot has moved"
    page.screenshot(path=str(shots.with_name(f"{where}__after_bots.png")))
    later = twin.odds()  # the panel follows the game: the odds of the next decision
    if later is not None:
        assert later.rows[0].why in panel.inner_text()
        panel.scroll_into_view_if_needed()
        page.screenshot(path=str(shots.with_name(f"{where}__odds_later.png")))


# The cells a question holds back until it is answered (widgets/ask.py ``Lesson.after``), shown
# for the audit as an answer would show them: their plots and sliders are audited too.
REVEAL_ANSWERS_JS = """
() => {
  const held = [...document.querySelectorAll('.boardlib-revealed-answer')];
  held.forEach(e => { e.style.display = 'block'; });
  return held.length;
}
"""


@pytest.mark.parametrize("notebook", _params())
def test_notebook_runs_in_jupyterlab(page: Page, lab: Server, notebook: Path | None) -> None:
    """Run All Cells in JupyterLab, the suite's one run of each notebook: no error output,
    every canvas in an output has drawn; the executed notebook passes nbval's checks (every
    cell ran, none raised, the NBVAL_CHECK_OUTPUT cells printed what is stored); the page
    shows what this notebook must after Run All (``tests.browser.after_run_all``); the
    words a student reads there read right (``tests.browser.words``), in a Japanese twin with
    no tofu and no English left (``tests.browser.japanese``); and axe-core finds no
    critical or serious violation in what the notebook puts on the page (``tests.browser.axe``)."""
    if notebook is None:
        skip_or_fail(f"no notebooks under {NOTEBOOKS_DIR.relative_to(ROOT)}/ yet")
        return
    try:
        run_notebook_in_lab(page, lab, notebook)
        executed = save_executed(page, notebook)  # before a cell is typed into the page
    finally:
        pages.screenshot(page, SCREENSHOTS / f"{artifact_name(notebook)}.png", LAB_SCROLLER)
    stored = json.loads(notebook.read_text(encoding="utf-8"))
    faults = executed_faults(stored, executed)
    faults += after_run_all_faults(page, notebook.relative_to(NOTEBOOKS_DIR).as_posix())
    if notebook.name.endswith(".ja.ipynb"):  # #30.4: read before a cell is typed in below
        faults += japanese_faults(page)
    faults += word_faults(page)  # #33.10: counted nouns, bare numbers, unexplained values
    page.evaluate(REVEAL_ANSWERS_JS)  # what the answers will bring is audited too
    found = axe.audit(page, axe.LAB_OUTPUTS, axe.LAB_CHROME)  # #27.5: the notebook's own output
    axe.report(found, f"lab__{artifact_name(notebook)}")
    faults += axe.serious(found)
    assert not faults, f"{notebook.relative_to(ROOT)}:\n" + "\n".join(faults)


def test_clicks_land_on_the_named_target_in_jupyterlab(page: Page, lab: Server) -> None:
    """With the board partly scrolled out of view, each click plays exactly the move of the
    target under the pointer: the first click, and clicks after a button press."""
    require_play_notebook()
    run_notebook_in_lab(page, lab, PLAY_NOTEBOOK)
    play_by_clicks(page, LAB_SCROLLER, f"lab__{artifact_name(PLAY_NOTEBOOK)}")


def test_clicks_land_on_the_named_target_in_voila(page: Page, voila_server: Server) -> None:
    """The same clicks in Voila, where the board must draw from on_client_ready."""
    try:
        page.goto(voila_server.url("/"), timeout=VOILA_TIMEOUT * 1000)
        pages.wait_until(
            lambda: pages.canvases(page), VOILA_TIMEOUT, "Voila to show the board canvas"
        )
        found = pages.wait_for_drawn_canvases(page, minimum=1)
        errors = pages.output_errors(page)
        assert not errors, "Voila shows error output:\n" + "\n---\n".join(errors)
        blank = [c for c in found if not c.drawn]
        assert not blank, f"Voila: output canvases stayed blank: {blank}"
        play_by_clicks(page, None, f"voila__{artifact_name(PLAY_NOTEBOOK)}")
    finally:
        pages.screenshot(page, SCREENSHOTS / f"voila__{artifact_name(PLAY_NOTEBOOK)}.png")


def test_a_board_redrawn_in_parts_looks_exactly_as_one_drawn_whole(page: Page, lab: Server,
                                                                 ) -> None:
    """A click repaints only the boxes that changed (widgets.canvas.dirty_region). After moves
    by clicks and bots, the canvas's pixels equal those of a full redraw of the same scene."""
    require_play_notebook()
    run_notebook_in_lab(page, lab, PLAY_NOTEBOOK)
    twin = play_twin()
    for _ in range(6):  # flips, placements and the bots' replies: pieces, outlines, tags move
        seat, seen = twin.state.current_player(), twin.seen()
        target = next(t for a in twin.state.legal_actions()
                      if (t := twin.spec.target_of(a, seat, seen)))
        click_named(page, twin, target, 0, LAB_SCROLLER)
    page.wait_for_timeout(300)  # the last redraw composed on screen
    in_parts = pages.pixels(page)
    pages.run_in_new_cell(page, "board.renderer.canvas[1].fill_rect(0, 0, 4000, 4000)")
    pages.wait_until(lambda: pages.pixels(page) != in_parts, 10.0, "the canvas to be painted over")
    pages.run_in_new_cell(page, "board.renderer.redraw_all()")  # every layer drawn whole
    try:
        pages.wait_until(lambda: pages.pixels(page) == in_parts, 10.0,
                         "the full redraw to give the same pixels as the partial ones")
    finally:
        page.screenshot(path=str(SCREENSHOTS / "lab__redrawn_whole.png"))


def test_pointer_moves_over_a_board_send_the_kernel_nothing(page: Page, lab: Server) -> None:
    """ipycanvas sends every mouse move to the kernel, where a click would wait behind them;
    widgets.focus stops them at the board. A glide across it is heard as no move, and the
    click at its end still plays its target."""
    require_play_notebook()
    run_notebook_in_lab(page, lab, PLAY_NOTEBOOK)
    twin = play_twin()
    pages.run_in_new_cell(page, "heard = []; board.renderer.canvas.on_mouse_move("
                                "lambda x, y: heard.append((x, y)))")
    seat, seen = twin.state.current_player(), twin.seen()
    target = next(t for a in twin.state.legal_actions()
                  if (t := twin.spec.target_of(a, seat, seen)))
    page.locator(".boardlib-canvas").first.scroll_into_view_if_needed()
    x, y = pages.page_point(page, twin.scene.center_of(target))
    page.mouse.move(x - 200, y + 60)
    page.mouse.move(x, y, steps=30)  # thirty moves over the board
    pages.click_target(page, twin.scene.center_of(target))
    twin.click(*twin.scene.center_of(target))
    pages.wait_for_history(page, len(twin.state.history))
    pages.run_in_new_cell(page, 'print(f"moves heard: {len(heard)}")')
    said = pages.wait_until(lambda: next((text for text in page.locator(
        ".jp-OutputArea-output").all_inner_texts() if "moves heard:" in text), None),
        10.0, "the kernel to say how many moves it heard")
    assert said.strip() == "moves heard: 0"


RULES_NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*/01_rules*.ipynb"))  # every game, every language
FEEDBACK_JS = "() => [...document.querySelectorAll('.boardlib-feedback')].map(e => e.innerText)"
FIRST_STEP = re.compile(r"lesson\.step\(\s*[\"']([^\"']+)[\"']")


def first_step(notebook: Path) -> str:
    """The id of the notebook's first rule step (``lesson.step("flip")``)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    found = FIRST_STEP.search(code)
    assert found, f"{notebook.name} has no lesson.step(...)"
    return found.group(1)


@pytest.mark.parametrize("notebook", RULES_NOTEBOOKS,
                         ids=lambda p: f"{p.parent.name}__{p.stem}")
def test_run_all_leaves_every_step_to_the_student_who_then_does_it(page: Page, lab: Server,
                                                                    notebook: Path) -> None:
    """After Run All every lesson step still asks for its move; the first step, done by a
    click on the board partly scrolled out of view, earns its tick — in every game's rules
    lesson and in its Japanese twin (#30)."""
    from widgets import RuleStep

    lang = "ja" if notebook.stem.endswith(".ja") else "en"
    waiting = "あなたの番" if lang == "ja" else "Your move:"
    run_notebook_in_lab(page, lab, notebook)
    feedback = page.evaluate(FEEDBACK_JS)
    assert feedback and all(waiting in text for text in feedback), feedback
    step = RuleStep(notebook.parent.name, first_step(notebook), lang=lang)
    twin = step.board
    seat, seen = twin.state.current_player(), twin.seen()
    target = next(t for action in twin.state.legal_actions() if str(action) in step.step.expect
                  and (t := twin.spec.target_of(action, seat, seen)))
    try:
        click_named(page, twin, target, 60, LAB_SCROLLER)
        done = "✔"
        pages.wait_until(lambda: done in page.evaluate(FEEDBACK_JS)[0], 10.0,
                         "the first step's feedback to show its tick")
    finally:
        page.screenshot(path=str(SCREENSHOTS / f"lab__{artifact_name(notebook)}__step_done.png"))

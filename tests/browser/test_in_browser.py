"""Every notebook runs in a real JupyterLab, its canvases draw, and the play board answers clicks.

Kernel-side tests (nbval) cannot see the page: a widget whose front end fails, a canvas that
never draws, or a click that is lost all pass there. These tests open the notebooks in
Chromium and look at what a learner would see. Screenshots go to test-artifacts/screenshots/
whether the test passes or not.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import pages
from tests.browser.conftest import (
    NOTEBOOKS_DIR,
    PLAY_NOTEBOOK,
    ROOT,
    SCREENSHOTS,
    Server,
    artifact_name,
    notebook_paths,
    skip_or_fail,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

LAB_SCROLLER = ".jp-NotebookPanel .jp-WindowedPanel-outer"  # the notebook's scroll container
TARGET = "down-D"  # the face-down Dinosaur pile of the Excavation: legal at the start
VOILA_TIMEOUT = 90.0  # Voila runs the whole notebook before the page shows the board


def _params() -> list[Any]:
    """One parameter per notebook; a placeholder when there are none (fails under CI)."""
    found = notebook_paths()
    if not found:
        return [pytest.param(None, id="no-notebooks")]
    return [pytest.param(p, id=artifact_name(p)) for p in found]


def notebook_constants(path: Path, names: tuple[str, ...]) -> dict[str, Any]:
    """Literal constants (e.g. SEED = 7) from the first code cell of a notebook."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = next((c for c in cells if c["cell_type"] == "code"), None)
    assert first is not None, f"{path.name} has no code cell"
    source = "".join(first["source"]) if isinstance(first["source"], list) else first["source"]
    found: dict[str, Any] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in names:
                found[target.id] = ast.literal_eval(node.value)
    missing = [n for n in names if n not in found]
    assert not missing, f"the first code cell of {path.name} must set {missing} to literals"
    return found


def play_target() -> tuple[tuple[float, float], tuple[float, float]]:
    """Scene coordinates of the pile to click and the scene size, from the pure view layer."""
    from boardlib import ambar_fossils
    from widgets.ambar_fossils import view

    consts = notebook_constants(PLAY_NOTEBOOK, ("SEED", "PLAYERS"))
    state = ambar_fossils.new_game(players=consts["PLAYERS"], seed=consts["SEED"])
    scene = view(state)
    x, y = scene.center_of(TARGET)
    return (float(x), float(y)), (float(scene.width), float(scene.height))


def require_play_notebook() -> None:
    """The play notebook is being written; until it exists skip locally, fail under CI."""
    if not PLAY_NOTEBOOK.exists():
        skip_or_fail(f"{PLAY_NOTEBOOK.relative_to(ROOT)} does not exist yet")


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


def click_target_and_check_status(page: Page, where: str) -> None:
    """Click the start position's legal target on the board; the status text must change."""
    point, size = play_target()
    canvas = pages.board_canvas(page, *size)
    before = pages.status_texts(page)
    assert before, f"{where}: no element with CSS class boardlib-status on the page"
    pages.click_scene_point(page, canvas, point, size)
    pages.wait_until(
        lambda: pages.status_texts(page) != before,
        10.0,
        f"{where}: the status text to change after clicking {TARGET} (it stayed {before})",
    )


@pytest.mark.parametrize("notebook", _params())
def test_notebook_runs_in_jupyterlab(page: Page, lab: Server, notebook: Path | None) -> None:
    """Run All Cells in JupyterLab: no error output, every canvas in an output has drawn."""
    if notebook is None:
        skip_or_fail(f"no notebooks under {NOTEBOOKS_DIR.relative_to(ROOT)}/ yet")
        return
    try:
        run_notebook_in_lab(page, lab, notebook)
    finally:
        pages.screenshot(page, SCREENSHOTS / f"{artifact_name(notebook)}.png", LAB_SCROLLER)


def test_play_board_answers_a_click_in_jupyterlab(page: Page, lab: Server) -> None:
    """Clicking the Dinosaur pile of the Excavation changes the status line in JupyterLab."""
    require_play_notebook()
    try:
        found = run_notebook_in_lab(page, lab, PLAY_NOTEBOOK)
        assert found, "the play notebook shows no canvas"
        click_target_and_check_status(page, "JupyterLab")
    finally:
        name = f"{artifact_name(PLAY_NOTEBOOK)}__after_click.png"
        pages.screenshot(page, SCREENSHOTS / name, LAB_SCROLLER)


def test_play_board_answers_a_click_in_voila(page: Page, voila_server: Server) -> None:
    """The same click works in Voila, where the board must draw from on_client_ready."""
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
        click_target_and_check_status(page, "Voila")
    finally:
        pages.screenshot(page, SCREENSHOTS / f"voila__{artifact_name(PLAY_NOTEBOOK)}.png")

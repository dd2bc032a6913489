"""What the browser tests do to a JupyterLab or Voila page, and what they read back from it.

The checks run inside the page (JavaScript through Playwright) because only the page knows
what was rendered: which outputs are errors and whether a canvas holds any pixels.
"""

from __future__ import annotations

import json
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Locator, Page

    from tests.browser.conftest import Server

LAB_SCROLLER = ".jp-NotebookPanel .jp-WindowedPanel-outer"  # the notebook's scroll container
KERNEL_TIMEOUT = 60.0  # starting a kernel: ~1 s here, generous for a loaded CI machine
RUN_TIMEOUT = 90.0  # DESIGN.md: a notebook runs top to bottom in seconds, not minutes
DRAW_TIMEOUT = 15.0  # a canvas draws once its widget view exists and the kernel answered
MAX_SCREENSHOT_HEIGHT = 16_000  # px per PNG (Chromium's limit is ~16k); more -> parts

# Counts the code cells that are queued/running ("[*]") or that have source but no execution
# count yet, and reads the notebook toolbar's kernel indicator.
EXECUTION_STATE_JS = """
() => {
  const cells = [...document.querySelectorAll('.jp-NotebookPanel .jp-Notebook .jp-CodeCell')];
  let running = 0, unrun = 0;
  for (const cell of cells) {
    const prompt = (cell.querySelector('.jp-InputArea-prompt')?.textContent || '').trim();
    const source = (cell.querySelector('.jp-InputArea-editor .cm-content')?.textContent || '')
      .trim();
    if (prompt.includes('*')) running += 1;
    else if (source && !/\\[\\d+\\]/.test(prompt)) unrun += 1;
  }
  const indicator = document.querySelector(
    '.jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator');
  return {cells: cells.length, running, unrun,
          kernel: indicator ? indicator.getAttribute('data-status') : null};
}
"""

# Error outputs: tracebacks (JupyterLab renders error outputs as stderr text) and the messages
# the widget manager or a renderer puts in an output area when it cannot show something.
ERRORS_JS = """
() => {
  const found = [];
  const stderr = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]';
  for (const el of document.querySelectorAll(stderr)) {
    const text = el.innerText || '';
    if (/Traceback|^\\s*\\w*(Error|Exception)\\b/m.test(text)) found.push(text.slice(0, 3000));
  }
  for (const el of document.querySelectorAll('.jp-OutputArea-output')) {
    const text = el.innerText || '';
    if (/^\\s*(Error displaying widget|Error rendering|Javascript Error|There was an error)/m
        .test(text)) found.push(text.slice(0, 3000));
  }
  return [...new Set(found)];
}
"""

# For every canvas in an output area: its size and whether any pixel is not fully transparent.
# (ipycanvas 0.14 composites a MultiCanvas into one <canvas>, so each element is one widget.)
CANVASES_JS = """
() => [...document.querySelectorAll('.jp-OutputArea-output canvas')].map((c, index) => {
  const box = c.getBoundingClientRect();
  const info = {index, width: c.width, height: c.height, drawn: false, error: null,
                box: {x: box.x, y: box.y, width: box.width, height: box.height}};
  if (!c.width || !c.height) { info.error = 'zero-sized canvas'; return info; }
  try {
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let k = 3; k < data.length; k += 4) if (data[k] !== 0) { info.drawn = true; break; }
  } catch (e) { info.error = String(e); }
  return info;
})
"""

STATUS_JS = "() => [...document.querySelectorAll('.boardlib-status')].map(e => e.innerText)"


@dataclass(frozen=True)
class CanvasInfo:
    """One output canvas as the page sees it."""

    index: int
    width: int
    height: int
    drawn: bool
    error: str | None
    box: dict[str, float]


def wait_until(predicate: Any, timeout: float, what: str, interval: float = 0.2,
               describe: Callable[[], object] | None = None) -> Any:
    """Poll until predicate() is truthy and return it; on timeout raise, saying what
    ``describe()`` (if given) tells of the page then: a count seen, a text shown."""
    deadline = time.monotonic() + timeout
    value = predicate()
    while not value:
        if time.monotonic() > deadline:
            now = f" (now: {describe()!r})" if describe is not None else ""
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}{now}")
        time.sleep(interval)
        value = predicate()
    return value


def kernel_state(server: Server, notebook_rel: str) -> str | None:
    """The execution state the server reports for the kernel of this notebook, if any."""
    with urllib.request.urlopen(server.url("api/sessions"), timeout=10) as resp:
        sessions = json.load(resp)
    for session in sessions:
        if session.get("path") == notebook_rel:
            return (session.get("kernel") or {}).get("execution_state")
    return None


def shutdown_sessions(server: Server) -> None:
    """Stop every kernel the page started, so the next test opens its notebook on a fresh one."""
    with urllib.request.urlopen(server.url("api/sessions"), timeout=10) as resp:
        sessions = json.load(resp)
    for session in sessions:
        url = server.url(f"api/sessions/{session['id']}")
        request = urllib.request.Request(url, method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def accept_kernel_dialog(page: Page) -> None:
    """A notebook without kernel metadata asks which kernel to start: take the default."""
    dialog = page.locator(".jp-Dialog:has-text('Select Kernel') .jp-mod-accept")
    if dialog.count():
        dialog.first.click()


def open_notebook(page: Page, server: Server, notebook_rel: str) -> None:
    """Open a notebook in JupyterLab with a reset workspace and wait for an idle kernel."""
    page.goto(server.url(f"lab/tree/{notebook_rel}", reset=""))
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(state="visible")

    def ready() -> bool:
        accept_kernel_dialog(page)
        indicator = page.evaluate(EXECUTION_STATE_JS)["kernel"]
        return indicator == "idle" and kernel_state(server, notebook_rel) == "idle"

    wait_until(ready, KERNEL_TIMEOUT, f"the kernel of {notebook_rel} to be idle")


def menu(page: Page, top: str, item: str) -> None:
    """Click a main-menu entry, e.g. menu(page, "Run", "Run All Cells")."""
    page.locator(f".lm-MenuBar-itemLabel:text-is('{top}')").first.click()
    page.locator(f".lm-Menu-itemLabel:text-is('{item}')").first.click()


def run_all_cells(page: Page) -> None:
    """Clear stored outputs (so old execution counts can't pass for new ones), then Run All."""
    menu(page, "Edit", "Clear Outputs of All Cells")
    menu(page, "Run", "Run All Cells")


def wait_for_execution(page: Page) -> dict[str, Any]:
    """Wait until no cell is queued or running and each non-empty cell ran (or one failed)."""

    def finished() -> dict[str, Any] | None:
        state = page.evaluate(EXECUTION_STATE_JS)
        if state["running"] or state["kernel"] != "idle":
            return None
        if state["unrun"] and not page.evaluate(ERRORS_JS):
            return None  # Run All has not reached every cell yet
        return state

    return wait_until(finished, RUN_TIMEOUT, "Run All Cells to finish")


def output_errors(page: Page) -> list[str]:
    """Texts of error outputs on the page (tracebacks, widget/renderer errors)."""
    return list(page.evaluate(ERRORS_JS))


# The open notebook as JupyterLab holds it (nbformat JSON, outputs of this run included): the
# lab server exposes its app for this (tests/browser/conftest.py, expose_app_in_browser).
NOTEBOOK_CONTENT_JS = """
() => {
  const panel = window.jupyterapp ? window.jupyterapp.shell.currentWidget : null;
  const model = panel && panel.context ? panel.context.model : null;
  return model ? model.toJSON() : null;
}
"""


def notebook_content(page: Page) -> dict[str, Any]:
    """The open notebook with the outputs of the run on the page: the executed notebook, read
    once and checked like a file (``tests.test_notebooks.executed_faults``)."""
    content = page.evaluate(NOTEBOOK_CONTENT_JS)
    assert content, "JupyterLab shows no notebook (or does not expose window.jupyterapp)"
    return dict(content)


def canvases(page: Page) -> list[CanvasInfo]:
    """Every output canvas on the page, with whether it has drawn anything."""
    return [CanvasInfo(**c) for c in page.evaluate(CANVASES_JS)]


def wait_for_drawn_canvases(page: Page, minimum: int = 0) -> list[CanvasInfo]:
    """Wait until there are at least `minimum` output canvases and all of them have drawn.

    Returns the final list; if some stay blank past DRAW_TIMEOUT, returns it anyway so the
    caller's assertion shows which ones.
    """
    deadline = time.monotonic() + DRAW_TIMEOUT
    found = canvases(page)
    while time.monotonic() < deadline:
        if len(found) >= minimum and all(c.drawn for c in found):
            break
        time.sleep(0.2)
        found = canvases(page)
    return found


def status_texts(page: Page) -> list[str]:
    """The texts of the elements with CSS class boardlib-status."""
    return list(page.evaluate(STATUS_JS))


def board_canvas(page: Page, scene_width: float, scene_height: float) -> Locator:
    """The output canvas showing the board: the largest one with the scene's aspect ratio."""
    aspect = scene_width / scene_height
    fitting = [
        c for c in canvases(page)
        if c.box["height"] > 0 and abs(c.box["width"] / c.box["height"] - aspect) < 0.02 * aspect
    ]
    assert fitting, (
        f"no output canvas with the scene's aspect ratio {scene_width}x{scene_height}; "
        f"canvases: {canvases(page)}"
    )
    best = max(fitting, key=lambda c: c.box["width"] * c.box["height"])
    return page.locator(".jp-OutputArea-output canvas").nth(best.index)


def click_scene_point(
    page: Page, canvas: Locator, point: tuple[float, float], scene_size: tuple[float, float]
) -> tuple[float, float]:
    """Click the canvas at a point given in scene coordinates; returns the page coordinates."""
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box, "the board canvas is not displayed"
    x = box["x"] + point[0] * box["width"] / scene_size[0]
    y = box["y"] + point[1] * box["height"] / scene_size[1]
    page.mouse.click(x, y)
    return x, y


def _mark_scroller(page: Page, selector: str | None) -> bool:
    """Tag the element that scrolls the content (given, or the one with most to scroll)."""
    return bool(page.evaluate(
        """(sel) => {
          let best = sel ? document.querySelector(sel) : null;
          if (!sel) {
            let most = 0;
            for (const el of document.querySelectorAll('*')) {
              if (!/(auto|scroll)/.test(getComputedStyle(el).overflowY)) continue;
              const extra = el.scrollHeight - el.clientHeight;
              if (extra > most) { most = extra; best = el; }
            }
          }
          if (!best) return false;
          best.setAttribute('data-test-scroller', '');
          return true;
        }""",
        selector,
    ))


def screenshot(page: Page, path: Path, scroller: str | None = None) -> list[Path]:
    """Save PNGs of the whole page from the top: JupyterLab and Voila scroll inside an element,
    so grow the viewport to the content; beyond MAX_SCREENSHOT_HEIGHT continue in name.partN.png.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    viewport = page.viewport_size or {"width": 1280, "height": 900}
    written = [path]
    try:
        if not _mark_scroller(page, scroller):
            page.screenshot(path=str(path), full_page=True)
            return written
        el = "document.querySelector('[data-test-scroller]')"
        # Measured once, at the normal size: JupyterLab's "scroll past end" padding grows with
        # the viewport, so the content height is taken before the viewport is stretched.
        total, extra = page.evaluate(f"() => {{ const e = {el}; e.scrollTop = 0;"
                                     " return [e.scrollHeight, e.scrollHeight - e.clientHeight]; }")
        height = min(viewport["height"] + max(int(extra), 0), MAX_SCREENSHOT_HEIGHT)
        page.set_viewport_size({"width": viewport["width"], "height": height})
        page.wait_for_timeout(300)  # let the layout settle
        page.screenshot(path=str(path))
        part = 2
        while page.evaluate(
            f"(total) => {{ const e = {el};"
            " if (e.scrollTop + e.clientHeight >= total) return false;"
            " const before = e.scrollTop; e.scrollTop += e.clientHeight;"
            " return e.scrollTop > before; }",
            total,
        ):
            page.wait_for_timeout(200)
            written.append(path.with_name(f"{path.stem}.part{part}.png"))
            page.screenshot(path=str(written[-1]))
            part += 1
        return written
    finally:
        page.set_viewport_size(viewport)


# ----- boards: named targets clicked where a student would click them ---------------------------
BOARD_BOX_JS = """
(index) => {
  const boards = [...document.querySelectorAll('.boardlib-canvas')];
  const el = boards[index];
  if (!el) return null;
  const canvas = el.tagName === 'CANVAS' ? el : el.querySelector('canvas');
  const box = canvas.getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height,
          pixels: [canvas.width, canvas.height], count: boards.length};
}
"""

LAST_MOVE_JS = """
(index) => {
  const el = document.querySelectorAll('.boardlib-status [data-last-move]')[index];
  return el ? {move: el.getAttribute('data-last-move'), history: +el.getAttribute('data-history'),
               tone: el.getAttribute('data-tone'), text: el.innerText} : null;
}
"""

SCROLL_BY_JS = """
([selector, index, offset]) => {
  // Scroll so that the board's top edge sits `offset` px above the scroller's visible top:
  // the board is then partly out of view, as when a student scrolls to its lower half.
  const scroller = selector ? document.querySelector(selector) : document.scrollingElement;
  const board = document.querySelectorAll('.boardlib-canvas')[index];
  const top = scroller === document.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
  scroller.scrollTop += board.getBoundingClientRect().top - top + offset;
  return board.getBoundingClientRect().top - top;
}
"""


BOARD_COUNT_JS = "() => document.querySelectorAll('.boardlib-canvas').length"


def board_count(page: Page) -> int:
    """How many boards the page has drawn so far: 0 while the board cell is still running, so
    a wait can poll it (``board_box`` fails at once when there is no board yet)."""
    return int(page.evaluate(BOARD_COUNT_JS))


def board_box(page: Page, index: int = 0) -> dict[str, Any]:
    """Where board number ``index`` (in page order) is drawn, and its canvas size in pixels."""
    box = page.evaluate(BOARD_BOX_JS, index)
    assert box, f"no board number {index} on the page"
    return box


def last_move(page: Page, index: int = 0) -> dict[str, Any] | None:
    """The last move a person made on board ``index``, as the engine recorded it, and what the
    header says now (its text and tone: "success" is a lesson goal reached, "warning" bad news)."""
    return page.evaluate(LAST_MOVE_JS, index)


def scroll_board_partly_out(page: Page, scroller: str | None, offset: float,
                            index: int = 0) -> None:
    """Scroll until the board's top is ``offset`` px above the visible area (partly hidden)."""
    page.evaluate(SCROLL_BY_JS, [scroller, index, offset])
    page.wait_for_timeout(250)


def page_point(page: Page, point: tuple[float, float], index: int = 0) -> tuple[float, float]:
    """Where scene point ``point`` of board ``index`` is on the page now (CSS pixels)."""
    box = board_box(page, index)
    return (box["x"] + point[0] * box["width"] / box["pixels"][0],
            box["y"] + point[1] * box["height"] / box["pixels"][1])


def click_target(page: Page, point: tuple[float, float], index: int = 0,
                 glide: int = 0) -> tuple[float, float]:
    """Click scene point ``point`` of board ``index`` where it is now, without scrolling first
    (a student does not scroll before clicking); ``glide`` > 0 moves the pointer there in that
    many steps first, as a hand does, instead of jumping."""
    x, y = page_point(page, point, index)
    if glide:
        page.mouse.move(x, y, steps=glide)
    page.mouse.click(x, y)
    return x, y


def wait_for_history(page: Page, length: int, index: int = 0,
                     timeout: float = 15.0) -> dict[str, Any]:
    """Wait until board ``index`` has recorded at least ``length`` actions."""
    return wait_until(lambda: (m := last_move(page, index)) and m["history"] >= length and m,
                      timeout, f"board {index} to record {length} actions")


def wait_for_status(page: Page, text: str, index: int = 0, timeout: float = 15.0) -> str:
    """Wait until board ``index``'s status line contains ``text``; returns the line."""
    return wait_until(lambda: (m := last_move(page, index)) and text in m["text"] and m["text"],
                      timeout, f"the status of board {index} to say {text!r}")


def open_odds(page: Page, index: int = 0) -> Locator:
    """Press board ``index``'s odds button ("%") and wait for its table: the panel, shown."""
    page.locator(".boardlib-odds-toggle").nth(index).click()
    panel = page.locator(".boardlib-odds").nth(index)
    panel.locator("table").first.wait_for(state="visible", timeout=15_000)
    return panel


# A hash of every pixel of board ``index``'s visible canvas (the layers as composed on screen).
PIXELS_JS = """
(index) => {
  const el = document.querySelectorAll('.boardlib-canvas')[index];
  const canvas = el.tagName === 'CANVAS' ? el : el.querySelector('canvas');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let h = 0;
  for (let k = 0; k < data.length; k++) h = (h * 31 + data[k]) | 0;
  return h;
}
"""


def pixels(page: Page, index: int = 0) -> int:
    """A hash of board ``index``'s pixels: equal pictures, equal hashes."""
    return page.evaluate(PIXELS_JS, index)


NARRATION_LINES_JS = """
(index) => {
  const box = document.querySelectorAll('.boardlib-narration')[index];
  if (!box) return null;
  const clip = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
  const lines = [];
  for (const div of box.querySelectorAll('.widget-html-content > div')) {
    const range = document.createRange();
    range.selectNodeContents(div);  // one rectangle per line the text wraps into
    for (const r of range.getClientRects()) lines.push([r.top, r.bottom]);
  }
  return {clip, lines};
}
"""


def narration_lines(page: Page, index: int = 0) -> tuple[float, list[tuple[float, float]]]:
    """Where board ``index``'s narration box cuts off what it shows (its inner lower edge, on
    the page) and the top and bottom of each line of text in it: heading and wrapped lines."""
    found = page.evaluate(NARRATION_LINES_JS, index)
    assert found is not None, f"board {index} has no narration box"
    return float(found["clip"]), [(float(top), float(bottom)) for top, bottom in found["lines"]]


def run_in_new_cell(page: Page, code: str) -> None:
    """Type one line of ``code`` into a new cell at the notebook's end and run it (in the
    notebook's kernel: what a student would do), then wait until the kernel is idle."""
    # the last cell's top-left corner (its prompt area): its middle may be a link, which a
    # click would follow (a Japanese twin's last cell is a line of links)
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").last.click(position={"x": 4, "y": 4})
    page.keyboard.press("Escape")  # command mode
    page.keyboard.press("b")  # a new cell below, selected
    page.keyboard.press("Enter")  # edit it
    page.keyboard.insert_text(code)  # as pasted: no auto-closed brackets
    page.keyboard.press("Shift+Enter")
    wait_for_execution(page)


def run_board_in_new_cell(page: Page, code: str, timeout: float, what: str) -> int:
    """Run ``code``, which ends with a board, in a new cell at the notebook's end, and wait
    until that board is on the page: its index (the last board). An idle kernel does not
    mean the view is drawn, so the wait counts boards, from the count before the cell ran."""
    before = board_count(page)
    run_in_new_cell(page, code)
    return int(wait_until(lambda: (now := board_count(page)) > before and now, timeout,
                          what)) - 1


SHOW_ME_JS = """
() => [...document.querySelectorAll('button.boardlib-show-me')].filter(b => !b.disabled).length
"""
COVERS_JS = """
() => [...document.querySelectorAll('.boardlib-hidden-note')]
  .filter(e => e.getBoundingClientRect().height > 0).length
"""


def show_every_answer(page: Page, timeout: float = 60.0) -> int:
    """Press every lesson question's "Show me" (#26), as a student who wants the answers
    would, and wait until no answer is covered; returns how many were pressed."""
    pressed = 0
    while (left := page.evaluate(SHOW_ME_JS)):
        page.locator("button.boardlib-show-me:not([disabled])").first.click()
        pressed += 1
        wait_until(lambda left=left: page.evaluate(SHOW_ME_JS) < left, timeout,
                   "the pressed Show me to turn off")
    wait_until(lambda: page.evaluate(COVERS_JS) == 0, timeout, "every answer uncovered")
    return pressed

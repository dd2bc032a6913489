"""The JupyterLite site, built with its own Pyodide, runs a lesson in Chromium with no server.

scripts/build_lite.py --offline builds the site into a temporary folder; a plain static server
(python -m http.server) on 127.0.0.1 serves it; Chromium resolves no other host name, so
nothing may come from a CDN or PyPI. The play notebook's cells run in the browser's Python and
a click on a named board target plays exactly that move (read back from ``data-last-move``);
a probability lesson and the bots lesson run with their plots skipped; every relative link in
the site's notebooks and documents names a file the site serves, and the index's link to the
teacher's guide opens it.
Screenshots: test-artifacts/screenshots/lite__*.png.
"""

from __future__ import annotations

import json
import posixpath
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser import pages
from tests.browser.conftest import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    ROOT,
    SCREENSHOTS,
    ServerProcess,
    chromium_path,
    free_port,
    skip_or_fail,
)
from tests.browser.test_classroom_in_browser import single_move_target
from tests.browser.test_in_browser import LAB_SCROLLER, click_named, notebook_constants, play_twin

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

KERNEL_TIMEOUT = 180.0  # Pyodide starts in ~15 s here (more when the machine is busy)
RUN_TIMEOUT = 300.0  # the setup cell installs the project, then the lesson's cells run
START_TIMEOUT = 60.0  # from Run All to a cell's [*]: a second or two when the kernel is there
RUN_ALL_TRIES = 3
# Only 127.0.0.1 resolves: a request to a CDN or to PyPI fails at once (offline proven).
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Build the offline site once and serve it from a static server on 127.0.0.1."""
    if not shutil.which("npm"):
        skip_or_fail("npm is missing: the offline site takes Pyodide from the npm package")
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError:
        skip_or_fail("jupyterlite-core / jupyterlite-pyodide-kernel are not installed")
    site = tmp_path_factory.mktemp("lite") / "site"
    built = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--offline",
         "--output", str(site)], cwd=ROOT, capture_output=True, text=True, timeout=900,
        check=False)
    assert built.returncode == 0, f"build_lite.py failed:\n{built.stdout}\n{built.stderr}"
    port = free_port()
    process = ServerProcess(
        args=[sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
              str(site), str(port)],
        env={"PATH": "/usr/bin:/bin"}, log=ARTIFACTS / "lite-http.log", ready_url=None,
        port=port)
    try:
        process.start()
        yield f"http://127.0.0.1:{port}"
    finally:
        process.stop()


@pytest.fixture
def offline_page(browser: Browser) -> Iterator[Page]:
    """A page in a Chromium that reaches 127.0.0.1 only."""
    # The session's browser resolves every host; a second one, from the same Playwright, not.
    chromium = browser.browser_type.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
    try:
        context = chromium.new_context(viewport={"width": 1400, "height": 900})
        context.set_default_timeout(30_000)
        yield context.new_page()
    finally:
        chromium.close()


def finished(page: Page) -> bool:
    """No cell queued or running, and every cell ran (or one failed)."""
    state = page.evaluate(pages.EXECUTION_STATE_JS)
    if state["running"] or state["kernel"] != "idle":
        return False
    return not state["unrun"] or bool(pages.output_errors(page))


VISIBLE_OUTPUT_TEXT_JS = """
() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .filter(e => e.getBoundingClientRect().height > 0 && !e.querySelector('.jp-OutputArea-output'))
  .map(e => e.innerText)
"""


def visible_texts(page: Page) -> list[str]:
    """The outputs a student can see now (an answer that waits for them is not among them),
    each once: an output that holds others (a revealed answer's) is counted by its parts."""
    return list(page.evaluate(VISIBLE_OUTPUT_TEXT_JS))


def start_run_all(page: Page, notebook: str) -> None:
    """Run → Run All Cells, pressed again if no cell has started within START_TIMEOUT.

    Why again: once in CI a Lite kernel showed "idle" before its session had a kernel to
    send to, and JupyterLab then drops a Run All without a word (no cell queued, nothing
    shown); a student would press it again, and so does this, at most RUN_ALL_TRIES times.
    Each unanswered press leaves a screenshot and the page's state in the artifacts."""
    def started() -> bool:
        return bool(page.evaluate(pages.EXECUTION_STATE_JS)["running"]
                    or pages.output_errors(page))

    for attempt in range(1, RUN_ALL_TRIES + 1):
        pages.menu(page, "Run", "Run All Cells")
        try:
            pages.wait_until(started, START_TIMEOUT, "Run All to start")
            return
        except AssertionError:
            name = notebook.replace("/", "__").removesuffix(".ipynb")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"lite__{name}__run_all_{attempt}.png"))
            print(f"Run All did not start in {START_TIMEOUT:.0f} s (press {attempt}):",
                  page.evaluate(pages.EXECUTION_STATE_JS))
    raise AssertionError(f"Run All did not start after {RUN_ALL_TRIES} presses of "
                         f"{START_TIMEOUT:.0f} s each")


def run_in_lite(page: Page, site: str, notebook: str) -> float:
    """Open a lesson in the site, Run All, wait; assert no error output and drawn canvases.
    Returns the seconds Run All took (the setup cell's installs included, the kernel's start
    not)."""
    page.goto(f"{site}/lab/index.html?path={notebook}")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(state="visible",
                                                                  timeout=60_000)

    def idle() -> bool:
        pages.accept_kernel_dialog(page)
        return page.evaluate(pages.EXECUTION_STATE_JS)["kernel"] == "idle"

    pages.wait_until(idle, KERNEL_TIMEOUT, "the Pyodide kernel to be idle")
    started = time.monotonic()
    start_run_all(page, notebook)
    pages.wait_until(lambda: finished(page), RUN_TIMEOUT, "Run All Cells to finish")
    seconds = time.monotonic() - started
    errors = pages.output_errors(page)
    assert not errors, f"{notebook} shows error output:\n" + "\n---\n".join(errors)
    drawn = pages.wait_for_drawn_canvases(page)
    assert all(c.drawn for c in drawn), f"{notebook}: canvases stayed blank: {drawn}"
    return seconds


def test_the_offline_site_runs_the_play_notebook_and_a_click_plays(offline_page: Page,
                                                                   lite_site: str) -> None:
    page = offline_page
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        run_in_lite(page, lite_site, "ambar_fossils/02_play.ipynb")
        assert pages.canvases(page), "no board canvas on the page"
        page.screenshot(path=str(SCREENSHOTS / "lite__ambar_fossils__02_play.png"))
        twin = play_twin()
        click_named(page, twin, "down-D", 100, LAB_SCROLLER)
        outside = [url for url in failed if not url.startswith(lite_site)]
        assert not outside, f"the site asked for something outside itself: {outside[:5]}"
    finally:
        pages.screenshot(page, SCREENSHOTS / "lite__ambar_fossils__02_play__full.png",
                         LAB_SCROLLER)


def test_a_probability_lesson_runs_offline_with_its_plots_skipped(offline_page: Page,
                                                                  lite_site: str) -> None:
    """Exact tables and simulations run, hidden until the student answers (#26: Run All
    reveals nothing; "Show me" reveals each); each plot gives way to the note (no matplotlib);
    the student's progress is kept in the browser's own storage, beside the notebook."""
    from widgets.lite import PLOT_NOTE

    page = offline_page
    notebook = "amphipolis/03_probability.ipynb"
    exact = "expected turns left: 31293049609/2896546814"
    try:
        run_in_lite(page, lite_site, notebook)
        assert not any(exact in t for t in visible_texts(page)), "Run All revealed an answer"
        shown = pages.show_every_answer(page)
        assert shown >= 5, f"{shown} questions"
        texts = visible_texts(page)
        assert any(exact in t for t in texts), "the exact answer is missing once shown"
        notes = sum(PLOT_NOTE[:40] in t for t in texts)
        assert notes >= 2, f"{notes} plot notes; expected one per plot"
        kept = "amphipolis/03_probability.progress.json"  # in the browser's own storage
        page.goto(f"{lite_site}/lab/index.html?path={kept}")  # JupyterLab's JSON viewer
        viewer = page.locator(".jp-MainAreaWidget:not(.lm-mod-hidden)").last
        pages.wait_until(lambda: f"answers[] {shown} items" in viewer.inner_text()
                         and 'lesson"amphipolis/03_probability"' in viewer.inner_text(), 60.0,
                         f"{kept} kept by the browser, one entry a Show me")
    finally:
        pages.screenshot(page, SCREENSHOTS / "lite__amphipolis__03_probability__full.png",
                         LAB_SCROLLER)


def test_the_bots_lesson_runs_offline_and_its_board_plays(offline_page: Page,
                                                          lite_site: str) -> None:
    """bots.ipynb in the browser's Python: the tournament asks for two processes and, there
    being none, plays in one with the same table; each of its three plots gives way to the
    note (no matplotlib); the board against the lookahead bot is drawn as a picture, and a
    click plays that move (the bot then answers)."""
    from widgets import Board
    from widgets.lite import PLOT_NOTE

    page = offline_page
    try:
        seconds = run_in_lite(page, lite_site, "bots.ipynb")
        print(f"bots.ipynb: Run All took {seconds:.1f} s in the offline site")
        pages.show_every_answer(page)  # the tournament and the plots wait for predictions
        texts = "\n".join(visible_texts(page))
        for printed in ("chance that a roll loses the turn: 1/6",  # the exact part
                        "the bot plays: take AN (tree of 58 positions)",  # the search tree
                        "16.7%  [ 3.0%, 56.4%]", "83.3%"):  # the tournament, as with 2 jobs
            assert printed in texts, f"bots.ipynb in Lite does not print {printed!r}"
        assert texts.count(PLOT_NOTE[:40]) == 3, "one note per plot (three) expected"
        page.screenshot(path=str(SCREENSHOTS / "lite__bots.png"))
        seed = notebook_constants(ROOT / "notebooks" / "bots.ipynb", ("SEED",))["SEED"]
        twin = Board("amphipolis", players=2, seed=seed, bots={1: "lookahead_easy"},
                     controls=None)  # the lesson's board, built here to predict the click
        click_named(page, twin, single_move_target(twin), 100, LAB_SCROLLER)
    finally:
        pages.screenshot(page, SCREENSHOTS / "lite__bots__full.png", LAB_SCROLLER)


def _site_text(site: str, path: str) -> str | None:
    """A file the site serves to the lessons (its contents), or None when it has none."""
    try:
        with urllib.request.urlopen(f"{site}/files/{urllib.parse.quote(path)}",
                                    timeout=10) as response:
            return response.read().decode("utf-8")
    except urllib.error.HTTPError:
        return None


def test_every_relative_link_in_the_site_names_a_file_it_serves(lite_site: str) -> None:
    """Every notebook's and document's relative links, followed in the built site."""
    build = _build_script()
    todo = [p.relative_to(ROOT / "notebooks").as_posix()
            for p in sorted((ROOT / "notebooks").rglob("*.ipynb"))]
    todo += [build.site_path(p).as_posix() for p in build.linked_documents()]
    assert "docs/teachers.md" in todo
    checked, broken = set(), []
    while todo:
        path = todo.pop()
        if path in checked:
            continue
        checked.add(path)
        text = _site_text(lite_site, path)
        assert text is not None, f"the site does not serve {path}"
        if path.endswith(".ipynb"):
            text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"]
                             if c["cell_type"] == "markdown")
        for link in build.relative_links(text):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path),
                                                       urllib.parse.unquote(link.split("#")[0])))
            if target.startswith("../") or _site_text(lite_site, target) is None:
                broken.append(f"{path} -> {link}")
            elif target.endswith((".md", ".ipynb")):
                todo.append(target)
    assert not broken, f"links to nothing in the site: {broken}"


def test_the_index_opens_the_teachers_guide_offline(offline_page: Page, lite_site: str) -> None:
    page = offline_page
    try:
        page.goto(f"{lite_site}/lab/index.html?path=index.ipynb")
        link = page.locator(".jp-MarkdownOutput a", has_text="teacher's guide").first
        link.wait_for(state="visible", timeout=60_000)
        pages.accept_kernel_dialog(page)
        link.click()
        tab = page.locator(".lm-TabBar-tab", has_text="teachers.md")
        tab.first.wait_for(state="visible", timeout=30_000)
        opened = page.locator(".jp-MarkdownViewer .jp-RenderedMarkdown").first  # formatted
        pages.wait_until(lambda: "A teacher's guide" in opened.inner_text(), 30.0,
                         "the guide, formatted, in the tab it opened")
        page.screenshot(path=str(SCREENSHOTS / "lite__index__teachers_guide.png"))
    except Exception:
        page.screenshot(path=str(SCREENSHOTS / "lite__index__teachers_guide.png"))
        raise


def _build_script():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_lite
    finally:
        sys.path.pop(0)
    return build_lite


def test_the_site_holds_every_notebook_and_the_wheels(lite_site: str) -> None:
    with urllib.request.urlopen(f"{lite_site}/pypi/all.json", timeout=10) as response:
        index = json.load(response)
    assert {"tabletop-classroom", "ipywidgets", "anywidget", "ipycanvas"} <= set(index)
    notebooks = sorted(p.relative_to(ROOT / "notebooks").as_posix()
                       for p in (ROOT / "notebooks").rglob("*.ipynb"))
    for notebook in notebooks:
        with urllib.request.urlopen(f"{lite_site}/files/{notebook}", timeout=10) as response:
            cells = json.load(response)["cells"]
        assert cells[0]["id"] == "jupyterlite-setup", f"{notebook} lacks its setup cell"


def test_the_lite_benchmark_runs_as_a_smoke_test(lite_site: str) -> None:
    """benchmarks/bench_lite.py on the site already built here (CI's smoke run: the play
    notebook in Lite and in JupyterLab, 3 clicks each): a Run All time in both columns and
    three clicks timed on each board."""
    done = subprocess.run([sys.executable, "benchmarks/bench_lite.py", "--smoke",
                           "--site-url", lite_site], cwd=ROOT, capture_output=True, text=True,
                          timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    row = next(line.split() for line in done.stdout.splitlines()
               if line.strip().startswith("ambar_fossils/02_play.ipynb"))
    start, lite, lab = (float(cell) for cell in row[1:4])
    assert start > 0 and lite > 0 and lab > 0, row
    clicks = [line for line in done.stdout.splitlines() if "(3 clicks)" in line]
    assert len(clicks) == 2, done.stdout

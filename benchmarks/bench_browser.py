"""Speed in the browser: Run All for every notebook, and mouse-down → first changed pixel.

Starts JupyterLab on 127.0.0.1 (as the browser tests do) and drives Debian's Chromium at
1400×900. For each notebook: the seconds from Run All until every cell ran and every output
canvas drew. On the play notebook's board: the milliseconds from a mouse-down on a legal
target to the moment the canvas's pixels differ (a quarter-size copy of the canvas read right
after each draw into it), the pointer gliding to each target as a hand moves it. Prints
numbers; asserts nothing.

    python benchmarks/bench_browser.py [--clicks 20]
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import pages  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    LAB_SETTINGS,
    NOTEBOOKS_DIR,
    PLAY_NOTEBOOK,
    ROOT_FLAG,
    Server,
    ServerProcess,
    chromium_path,
    free_port,
    isolated_jupyter_env,
    notebook_paths,
)
from tests.browser.test_in_browser import LAB_SCROLLER, play_twin  # noqa: E402

PROBE_JS = """
() => {
  const el = document.querySelectorAll('.boardlib-canvas')[0];
  const canvas = el.tagName === 'CANVAS' ? el : el.querySelector('canvas');
  // The whole canvas, shrunk to a thumbnail (a cheap read): some pixel of it changes with
  // every redraw that changes the board.
  const thumb = document.createElement('canvas');
  thumb.width = Math.ceil(canvas.width / 4);
  thumb.height = Math.ceil(canvas.height / 4);
  const small = thumb.getContext('2d', {willReadFrequently: true});
  const sample = () => {
    small.clearRect(0, 0, thumb.width, thumb.height);
    small.drawImage(canvas, 0, 0, thumb.width, thumb.height);
    const data = small.getImageData(0, 0, thumb.width, thumb.height).data;
    let h = 0;
    for (let k = 0; k < data.length; k += 4) h = (h * 31 + data[k] + 3 * data[k + 1]) | 0;
    return h;
  };
  const before = sample();
  window.__latency = null;
  let down = null;
  window.addEventListener('mousedown', () => { down = performance.now(); },
                          {once: true, capture: true});  // before any handler of the page
  const check = () => {
    if (down !== null && window.__latency === null && sample() !== before) {
      window.__latency = performance.now() - down;
    }
  };
  // The page changes the visible canvas only by drawing the composed layers into it
  // (drawImage): the canvas is read right after each such draw, the moment it changed.
  // Polling it every 2 ms instead (as this benchmark first did) kept the page's main thread
  // about half busy with reads, which delayed the very messages and drawing being timed.
  const ctx = canvas.getContext('2d');
  if (!ctx.__boardlibProbe) {
    const draw = ctx.drawImage;
    ctx.drawImage = function (...args) {
      const result = draw.apply(this, args);
      if (window.__boardlibCheck) window.__boardlibCheck();
      return result;
    };
    ctx.__boardlibProbe = true;
  }
  window.__boardlibCheck = check;
  const poll = () => {  // a slow fallback, should the page ever draw some other way
    check();
    if (window.__latency === null) setTimeout(poll, 50);
  };
  setTimeout(poll, 50);
}
"""


def lab(home: Path) -> tuple[ServerProcess, Server]:
    import json

    for rel, values in LAB_SETTINGS.items():
        path = home / "lab-settings" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    port, token = free_port(), secrets.token_hex(16)
    server = Server(f"http://127.0.0.1:{port}", token, home / "jupyterlab.log")
    process = ServerProcess(
        args=[sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
              f"--port={port}", "--port-retries=0", f"--IdentityProvider.token={token}",
              f"--ServerApp.root_dir={ROOT}", f"--LabApp.user_settings_dir={home / 'lab-settings'}",
              f"--LabApp.workspaces_dir={home / 'ws'}",
              f"--FileCheckpoints.checkpoint_dir={home / 'checkpoints'}", *ROOT_FLAG],
        env=isolated_jupyter_env(home), log=server.log, ready_url=server.url("api/status"),
        port=port)
    process.start()
    return process, server


def run_all_in_lab(page: Any, server: Server, notebook: Path) -> float:
    """Open ``notebook`` in JupyterLab, Run All; the seconds until every cell ran and drew."""
    pages.open_notebook(page, server, notebook.relative_to(ROOT).as_posix())
    start = time.monotonic()
    pages.run_all_cells(page)
    pages.wait_for_execution(page)
    pages.wait_for_drawn_canvases(page)
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--latency-only", action="store_true",
                        help="run only the play notebook, for the clicks")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        process, server = lab(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                print("Run All in JupyterLab (1400×900), seconds until every cell ran and drew:")
                chosen = [PLAY_NOTEBOOK] if args.latency_only else notebook_paths()
                for notebook in chosen:
                    page = browser.new_page(viewport={"width": 1400, "height": 900})
                    seconds = run_all_in_lab(page, server, notebook)
                    print(f"  {notebook.relative_to(NOTEBOOKS_DIR)}: {seconds:.1f} s")
                    if notebook == PLAY_NOTEBOOK:  # the twin board is this one's
                        latencies = click_latencies(page, args.clicks)
                    page.close()
                    pages.shutdown_sessions(server)
                print(f"mouse-down → first changed canvas pixel, play board, {len(latencies)} "
                      f"clicks: median {statistics.median(latencies):.0f} ms, "
                      f"max {max(latencies):.0f} ms")
                browser.close()
        finally:
            process.stop()


GLIDE = 12
"""Pointer moves from the last click to the next target, each a mouse event over the board."""


def click_latencies(page, clicks: int) -> list[float]:
    """Click legal targets (predicted by a twin board) and time each until pixels change."""
    twin = play_twin()
    latencies: list[float] = []
    while len(latencies) < clicks and not twin.state.is_terminal():
        seat, seen = twin.state.current_player(), twin.seen()
        targets = [target for action in twin.state.legal_actions()
                   if (target := twin.spec.target_of(action, seat, seen))]
        if not targets:
            break
        point = twin.scene.center_of(targets[0])
        # the board's top scrolled out of view, the target itself still well inside it
        pages.scroll_board_partly_out(page, LAB_SCROLLER, max(0.0, min(150.0, point[1] - 80)))
        page.evaluate(PROBE_JS)
        pages.click_target(page, point, glide=GLIDE)  # the pointer glides there, as a hand moves
        twin.click(*point)
        try:
            latency = pages.wait_until(lambda: page.evaluate("() => window.__latency"), 10.0,
                                       "the canvas to change")
        except AssertionError:
            print(f"  click {len(latencies) + 1} on {targets[0]}: no change seen in 10 s; "
                  f"the board says {pages.last_move(page)}")
            raise
        pages.wait_for_history(page, len(twin.state.history))
        latencies.append(float(latency))
    return latencies


if __name__ == "__main__":
    main()

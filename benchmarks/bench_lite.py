"""Speed where the students run: each lesson's Run All in JupyterLite, beside JupyterLab.

Builds the offline JupyterLite site (scripts/build_lite.py --offline: Python runs in the page,
Pyodide, nothing from the network) unless ``--site-url`` names one already served, serves it
from 127.0.0.1, and drives Debian's Chromium at 1400×900 with every other host unresolvable.
For each lesson: the seconds from Run All until every cell ran and every board drew (the setup
cell's installs included; the kernel's start, until it is idle, reported apart). Then on the
play notebook's board, mouse-down → first changed canvas pixel, the pointer gliding to each
target. Then the same in JupyterLab (a kernel of this .venv), in the same run, so the two
columns share the machine's speed of the moment (it drifts up to 2× within minutes here).
Prints numbers; asserts nothing.

    python benchmarks/bench_lite.py                 # every English lesson, 20 clicks
    python benchmarks/bench_lite.py --japanese      # the Japanese twins as well
    python benchmarks/bench_lite.py --smoke         # one lesson, 3 clicks (CI's smoke run)
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_browser import click_latencies, lab, run_all_in_lab  # noqa: E402
from tests.browser import pages  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    NOTEBOOKS_DIR,
    PLAY_NOTEBOOK,
    ServerProcess,
    chromium_path,
    free_port,
    notebook_paths,
)
from tests.browser.test_lite_in_browser import OFFLINE_ARGS, run_in_lite  # noqa: E402

SMOKE = [PLAY_NOTEBOOK]


def lessons(japanese: bool, smoke: bool) -> list[Path]:
    """The notebooks to time: the play notebook alone for a smoke run; else every lesson in
    English (and its Japanese twin with ``japanese``)."""
    if smoke:
        return SMOKE
    return [p for p in notebook_paths() if japanese or not p.name.endswith(".ja.ipynb")]


@contextmanager
def lite_site(url: str | None) -> Iterator[str]:
    """The offline site's address: ``url`` as given, or a fresh build served on 127.0.0.1."""
    if url:
        yield url.rstrip("/")
        return
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        started = time.monotonic()
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--offline",
                        "--output", str(site)], cwd=ROOT, check=True, capture_output=True)
        print(f"built the offline site in {time.monotonic() - started:.0f} s")
        port = free_port()
        server = ServerProcess(
            args=[sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                  str(site), str(port)],
            env={"PATH": "/usr/bin:/bin"}, log=Path(tmp) / "http.log", ready_url=None,
            port=port)
        server.start()
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.stop()


def time_lite(pw: Any, site: str, notebooks: list[Path], clicks: int) -> tuple[
        dict[Path, tuple[float, float]], list[float]]:
    """Per notebook (kernel start s, Run All s) in the offline site; click latencies (ms)."""
    found: dict[Path, tuple[float, float]] = {}
    latencies: list[float] = []
    browser = pw.chromium.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
    try:
        for notebook in notebooks:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            opened = time.monotonic()
            seconds = run_in_lite(page, site, notebook.relative_to(NOTEBOOKS_DIR).as_posix())
            found[notebook] = (time.monotonic() - opened - seconds, seconds)
            if notebook == PLAY_NOTEBOOK and clicks:
                latencies = click_latencies(page, clicks)
            page.close()
    finally:
        browser.close()
    return found, latencies


def time_lab(pw: Any, notebooks: list[Path], clicks: int) -> tuple[dict[Path, float],
                                                                  list[float]]:
    """Per notebook Run All s in JupyterLab (this .venv's kernel); click latencies (ms)."""
    found: dict[Path, float] = {}
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        process, server = lab(Path(tmp))
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for notebook in notebooks:
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                found[notebook] = run_all_in_lab(page, server, notebook)
                if notebook == PLAY_NOTEBOOK and clicks:
                    latencies = click_latencies(page, clicks)
                page.close()
                pages.shutdown_sessions(server)
        finally:
            browser.close()
            process.stop()
    return found, latencies


def spread(latencies: list[float]) -> str:
    if not latencies:
        return "no clicks"
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"median {statistics.median(ordered):.0f} ms, p95 {p95:.0f} ms, "
            f"max {ordered[-1]:.0f} ms ({len(ordered)} clicks)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--japanese", action="store_true", help="time the Japanese twins too")
    parser.add_argument("--smoke", action="store_true", help="the play notebook, 3 clicks")
    parser.add_argument("--site-url", help="an offline site already served (else one is built)")
    args = parser.parse_args(argv)
    clicks = 3 if args.smoke else args.clicks
    chosen = lessons(args.japanese, args.smoke)
    from playwright.sync_api import sync_playwright

    with lite_site(args.site_url) as site, sync_playwright() as pw:
        lite, lite_clicks = time_lite(pw, site, chosen, clicks)
        lab_times, lab_clicks = time_lab(pw, chosen, clicks)
    print("Run All, seconds until every cell ran and every board drew (1400×900, Chromium):")
    print(f"  {'notebook':42} {'Lite start':>10} {'Lite':>7} {'Lab':>7} {'Lite/Lab':>8}")
    for notebook in chosen:
        start, seconds = lite[notebook]
        print(f"  {notebook.relative_to(NOTEBOOKS_DIR).as_posix():42} {start:10.1f} "
              f"{seconds:7.1f} {lab_times[notebook]:7.1f} {seconds / lab_times[notebook]:8.1f}")
    print(f"mouse-down → first changed canvas pixel, {PLAY_NOTEBOOK.name}'s board:")
    print(f"  Lite: {spread(lite_clicks)}")
    print(f"  Lab:  {spread(lab_clicks)}")


if __name__ == "__main__":
    main()

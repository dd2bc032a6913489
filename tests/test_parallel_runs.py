"""The suite's split over pytest-xdist workers (tests/conftest.py, scripts/test.sh): each test
file whole on one worker, and all the browser tests in one unit, since they share one
JupyterLab and one Chromium. pytest-xdist's own grouping by marks once stopped working
silently (pytest-xdist issue 1386), so the split is checked by running it."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tests.conftest import work_unit

pytest.importorskip("xdist", reason="pytest-xdist is not installed: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parent.parent


def test_browser_tests_are_one_unit_and_every_other_file_its_own():
    assert work_unit("tests/browser/test_in_browser.py::test_run_all[index]") == "browser"
    assert work_unit("tests/browser/test_lite_in_browser.py::test_site") == "browser"
    assert work_unit("tests/test_pig.py::test_roll[3]") == "tests/test_pig.py"
    assert work_unit("tests/test_browser_like_name.py::test_a") == "tests/test_browser_like_name.py"
    assert (work_unit("notebooks/amphipolis/02_play.ipynb::Cell 4")
            == "notebooks/amphipolis/02_play.ipynb")


def test_two_workers_use_the_suites_scheduler_and_run_each_file_whole_on_one():
    files = ["tests/test_pig.py", "tests/test_games_registry.py"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadfile", "-v",
         "-p", "no:cacheprovider", *files],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "scheduling tests via BrowserTestsTogether" in run.stdout  # the conftest's scheduler
    workers_of: dict[str, set[str]] = defaultdict(set)
    for worker, nodeid in re.findall(r"^\[(gw\d+)\].* PASSED (\S+)", run.stdout, re.MULTILINE):
        workers_of[nodeid.split("::")[0]].add(worker)
    assert sorted(workers_of) == sorted(files)
    assert all(len(workers) == 1 for workers in workers_of.values()), dict(workers_of)

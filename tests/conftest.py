"""Shared test set-up. The helpers every game's tests use (``described``, ``do``, ``play``,
``kinds``, ``legal``, ``refused``, ``played``) live in tests/helpers.py, one copy for all
games; the generic invariants in tests/conformance.py. Both are registered here for pytest's
assertion rewriting, so a failing helper assert shows its values like a test's own."""

from __future__ import annotations

from typing import Any

import pytest

pytest.register_assert_rewrite("tests.helpers", "tests.conformance")

BROWSER_TESTS = "tests/browser/"


def work_unit(nodeid: str) -> str:
    """The unit a test is sent to a worker in under ``--dist loadfile`` (scripts/test.sh): its
    file, so a file's module fixtures (a Binder environment, a JupyterLite site; under
    ``--nbval-lax``, a notebook's kernel, whose cells run in order) are made once; but all the
    browser tests in one unit, so one JupyterLab and one Chromium serve them (and the sweep
    there is every notebook's one run: tests/test_notebooks.py), as in a serial run."""
    return "browser" if nodeid.startswith(BROWSER_TESTS) else nodeid.split("::", 1)[0]


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's loadfile with the browser tests as one unit. (Its loadgroup would do
    this with marks, but it stopped grouping under pytest 9.2: pytest-xdist issue 1386.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTestsTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return BrowserTestsTogether(config, log)

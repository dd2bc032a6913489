"""JupyterLite without a server: the lessons' setup cell, and what it does when packages are out
of reach (tests/browser/test_lite_in_browser.py builds the site and plays it in Chromium)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from widgets import lite

ROOT = Path(__file__).resolve().parents[1]


def _build_script():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _installer(out_of_reach: set[str]):
    asked: list[str] = []

    async def install(name: str) -> None:
        asked.append(name)
        if name in out_of_reach:
            raise ValueError(f"Can't find a pure Python 3 wheel for '{name}'.")

    return install, asked


@pytest.fixture
def no_matplotlib_afterwards(monkeypatch):
    """prepare() may replace matplotlib in sys.modules: put the real one back afterwards."""
    for name in ("matplotlib", "matplotlib.pyplot"):
        if name in sys.modules:
            monkeypatch.setitem(sys.modules, name, sys.modules[name])
        else:
            monkeypatch.delitem(sys.modules, name, raising=False)


def test_outside_the_browser_prepare_does_nothing():
    assert not lite.in_browser()
    assert asyncio.run(lite.prepare()) == {}


def test_without_numpy_the_lesson_runs_on_and_each_plot_says_it_was_skipped(
        no_matplotlib_afterwards, capsys):
    install, asked = _installer({"ipycanvas", "matplotlib"})
    found = asyncio.run(lite.prepare(install))
    assert asked == ["ipywidgets", "anywidget", "ipycanvas", "matplotlib"]
    assert found["ipywidgets"] == "ok" and found["ipycanvas"].startswith("ValueError")
    assert "without ipycanvas and matplotlib" in capsys.readouterr().out
    import matplotlib.pyplot as plt  # the stand-in now

    plt.rcParams.update({"font.size": 17})
    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 5))
    left.plot(range(3), [1, 2, 3], label="x")
    right.set_xticks(range(2), ["a", "b"])
    fig.tight_layout()
    plt.show()
    assert capsys.readouterr().out.strip() == lite.PLOT_NOTE


def test_a_required_package_out_of_reach_is_an_error_that_names_it():
    install, _ = _installer({"anywidget"})
    with pytest.raises(RuntimeError, match=r"could not install anywidget \(ValueError"):
        asyncio.run(lite.prepare(install))


def test_every_lite_notebook_opens_with_the_setup_cell_and_keeps_the_lesson(tmp_path):
    written = _build_script().lesson_notebooks(tmp_path)
    sources = sorted(p.relative_to(ROOT / "notebooks")
                     for p in (ROOT / "notebooks").rglob("*.ipynb"))
    assert sorted(p.relative_to(tmp_path) for p in written) == sources
    for path in written:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        original = json.loads((ROOT / "notebooks" / path.relative_to(tmp_path)).read_text(
            encoding="utf-8"))["cells"]
        assert cells[0]["id"] == "jupyterlite-setup" and "await prepare()" in cells[0]["source"]
        assert cells[1:] == original

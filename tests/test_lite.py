"""JupyterLite without a server: the lessons' setup cell, and what it does when packages are out
of reach (tests/browser/test_lite_in_browser.py builds the site and plays it in Chromium)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from widgets import lite

ROOT = Path(__file__).resolve().parents[1]


def _build_script():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(coroutine):
    """asyncio.run in a thread of its own: Playwright's sync API (the browser tests, earlier in
    the same session) leaves an event loop running in the main thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _installer(out_of_reach: set[str]):
    asked: list[str] = []

    async def install(name: str) -> None:
        asked.append(name)
        if name in out_of_reach:
            raise ValueError(f"Can't find a pure Python 3 wheel for '{name}'.")

    return install, asked


@pytest.fixture(autouse=True)
def no_matplotlib_afterwards():
    """prepare() may replace matplotlib in sys.modules: put the real one back afterwards, after
    every test here (a stand-in left behind made the teacher's plots vanish in later tests)."""
    names = ("matplotlib", "matplotlib.pyplot")
    kept = {name: sys.modules[name] for name in names if name in sys.modules}
    yield
    for name in names:
        if name in kept:
            sys.modules[name] = kept[name]
        else:
            sys.modules.pop(name, None)


def test_outside_the_browser_prepare_does_nothing():
    assert not lite.in_browser()
    assert run(lite.prepare()) == {}


def test_without_numpy_the_lesson_runs_on_and_each_plot_says_it_was_skipped(
        no_matplotlib_afterwards, capsys):
    install, asked = _installer({"ipycanvas", "matplotlib"})
    found = run(lite.prepare(install))
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


def test_a_japanese_lesson_is_told_in_japanese_that_its_plots_are_skipped(capsys):
    install, _ = _installer({"matplotlib"})
    run(lite.prepare(install, lang="ja"))
    assert capsys.readouterr().out.strip() == (
        "準備ができました。ただし matplotlib はありません（このブラウザー版では使えません）。"
        "盤面は図で表示し、グラフは注記に置きかえます。")
    import matplotlib.pyplot as plt  # the stand-in now

    plt.show()
    assert capsys.readouterr().out.strip() == lite.PLOT_NOTES["ja"]


def test_a_required_package_out_of_reach_is_an_error_that_names_it():
    install, _ = _installer({"anywidget"})
    with pytest.raises(RuntimeError, match=r"could not install anywidget \(ValueError"):
        run(lite.prepare(install))


def _without_link_targets(cells: list[dict]) -> list[dict]:
    """The cells with every Markdown link target blanked: what a lesson says, not where its
    links point (the site's copies point links that leave notebooks/ into the site)."""
    blank = re.compile(r"\]\([^)]*\)")
    return [{**c, "source": blank.sub("]()", "".join(c["source"]))}
            if c["cell_type"] == "markdown" else c for c in cells]


def test_every_lite_notebook_opens_with_the_setup_cell_and_keeps_the_lesson(tmp_path):
    written = _build_script().lesson_notebooks(tmp_path)
    sources = sorted(p.relative_to(ROOT / "notebooks")
                     for p in (ROOT / "notebooks").rglob("*.ipynb"))
    assert sorted(p.relative_to(tmp_path) for p in written) == sources
    for path in written:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        original = json.loads((ROOT / "notebooks" / path.relative_to(tmp_path)).read_text(
            encoding="utf-8"))["cells"]
        prepared = ('await prepare(lang="ja")' if path.name.endswith(".ja.ipynb")
                    else "await prepare()")  # a Japanese twin's setup speaks Japanese (#30)
        assert cells[0]["id"] == "jupyterlite-setup" and prepared in cells[0]["source"]
        assert _without_link_targets(cells[1:]) == _without_link_targets(original)


# A Markdown link or image target, or an HTML href/src (read here independently of the script).
LINK_TARGET = re.compile(r"""\]\(\s*<?([^)\s>]+)|\b(?:href|src)=["']([^"']+)["']""")


def links_out_of(site: Path) -> list[str]:
    """Every relative link in the site's notebooks (Markdown cells) and .md files that names
    no file inside the site: "index.ipynb -> ../docs/teachers.md"."""
    site = site.resolve()
    broken = []
    for path in sorted([*site.rglob("*.ipynb"), *site.rglob("*.md")]):
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        else:
            text = path.read_text(encoding="utf-8")
        for link in (a or b for a, b in LINK_TARGET.findall(text)):
            if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", link) or link.startswith(("#", "/")):
                continue  # another site, or a place in the same page
            target = Path(os.path.normpath(path.parent / unquote(link.split("#")[0])))
            if not (target.is_relative_to(site) and target.is_file()):
                broken.append(f"{path.relative_to(site).as_posix()} -> {link}")
    return broken


def test_every_relative_link_in_the_site_names_a_file_in_the_site(tmp_path):
    """The index's link to the teacher's guide (and the guide's own links) work offline."""
    script = _build_script()
    script.lesson_notebooks(tmp_path)
    script.site_documents(tmp_path)
    assert not links_out_of(tmp_path), "links to nothing in the site: " + ", ".join(
        links_out_of(tmp_path))
    index = script.markdown_of(tmp_path / "index.ipynb")
    assert "[teacher's guide](docs/teachers.md)" in index
    guide = (tmp_path / "docs" / "teachers.md").read_text(encoding="utf-8")
    assert guide == (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")


def test_the_link_check_finds_a_link_to_a_file_the_site_lacks(tmp_path):
    script = _build_script()
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.md").write_text("[ok](../y.md) [web](https://example.org) [top](#t) "
                                         "[gone](../../docs/teachers.md) <img src='z.png'>")
    (tmp_path / "y.md").write_text("# y")
    expected = ["a/x.md -> ../../docs/teachers.md", "a/x.md -> z.png"]
    assert links_out_of(tmp_path) == expected == script.broken_links(tmp_path)

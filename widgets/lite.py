"""Getting a lesson ready in JupyterLite, where Python runs in the browser (Pyodide).

Why: a JupyterLite site has no server; the browser's Python starts empty, so every lesson
built by scripts/build_lite.py opens with a cell that installs this project and calls
``await prepare()``. Some packages may be out of reach there: numpy, and with it ipycanvas and
matplotlib, come only from Pyodide's CDN. Without them the boards draw through the SVG
renderer (widgets/svg_renderer.py) and plots are skipped with a note, so the rules, the boards
and the exact tables still work. Outside a browser ``prepare()`` does nothing.
"""

from __future__ import annotations

import sys
import types
from typing import Any

REQUIRED = ("ipywidgets", "anywidget")  # the boards cannot work without these
OPTIONAL = ("ipycanvas", "matplotlib")  # the canvas board and the plots: skipped if missing
PLOT_NOTES = {
    "en": ("(A plot is skipped here: this browser build has no matplotlib, which comes only "
           "from Pyodide's CDN. The numbers above are exact and complete; the plot shows "
           "on Binder, JupyterLab or online JupyterLite.)"),
    "ja": ("（ここではグラフを省きます。このブラウザー版には matplotlib がありません"
           "（Pyodide の CDN からしか入りません）。上の数値は正確で、欠けもありません。"
           "グラフは Binder、JupyterLab、オンラインの JupyterLite で表示されます。）"),
}
PLOT_NOTE = PLOT_NOTES["en"]
READY = {
    "en": "Ready, without {absent} (not available in this browser build): boards are drawn as "
          "pictures and plots are skipped with a note.",
    "ja": "準備ができました。ただし {absent} はありません（このブラウザー版では使えません）。"
          "盤面は図で表示し、グラフは注記に置きかえます。",
}


def in_browser() -> bool:
    """True in Pyodide (JupyterLite's kernel), where packages are installed by piplite."""
    return sys.platform == "emscripten"


async def prepare(install: Any = None, lang: str = "en") -> dict[str, str]:
    """Install what the lessons use; return package → "ok" or why it is missing.

    ``install`` is piplite's ``install`` (taken from piplite when not given; tests pass
    their own). A missing required package raises with its reason; a missing optional one
    is reported once, and for matplotlib a stand-in that skips each plot with a note is put
    in its place, so a lesson runs on. ``lang``: the lesson's language, for what it says.
    """
    if not in_browser() and install is None:
        return {}
    if install is None:
        import piplite  # type: ignore[import-not-found]  # only in JupyterLite

        install = piplite.install
    found: dict[str, str] = {}
    for name in (*REQUIRED, *OPTIONAL):
        try:
            await install(name)
            found[name] = "ok"
        except Exception as problem:  # piplite raises ValueError, micropip others
            found[name] = f"{type(problem).__name__}: {problem}".splitlines()[0][:300]
    missing = [name for name in REQUIRED if found[name] != "ok"]
    if missing:
        raise RuntimeError("JupyterLite could not install " + ", ".join(
            f"{name} ({found[name]})" for name in missing))
    if found["matplotlib"] != "ok":
        install_plot_stand_in(lang)
    absent = [name for name in OPTIONAL if found[name] != "ok"]
    if absent:
        joiner = " and " if lang == "en" else "・"
        print(READY.get(lang, READY["en"]).format(absent=joiner.join(absent)))
    return found


class _Skipped:
    """Anything a plotting call returns: every attribute, call, index and loop is a no-op."""

    def __getattr__(self, _name: str) -> _Skipped:
        return self

    def __call__(self, *_args: Any, **_kwargs: Any) -> _Skipped:
        return self

    def __getitem__(self, _key: Any) -> _Skipped:
        return self

    def __iter__(self) -> Any:
        return iter((self, self))  # fig, ax = plt.subplots(); fig, (left, right) = …

    def __setitem__(self, _key: Any, _value: Any) -> None:
        pass


def install_plot_stand_in(lang: str = "en") -> None:
    """Put a ``matplotlib.pyplot`` in place that draws nothing and says so at ``show()``, in
    the lesson's language."""
    why = "Stand-in: plots are skipped (see widgets.lite)."
    pyplot = types.ModuleType("matplotlib.pyplot", why)
    skipped = _Skipped()
    note = PLOT_NOTES.get(lang, PLOT_NOTE)

    def show(*_args: Any, **_kwargs: Any) -> None:
        print(note)

    pyplot.__getattr__ = lambda _name: skipped  # type: ignore[method-assign]  # a module made here
    pyplot.show = show  # type: ignore[attr-defined]  # a module made here
    pyplot.rcParams = {}  # type: ignore[attr-defined]  # a module made here
    package = types.ModuleType("matplotlib", why)
    package.pyplot = pyplot  # type: ignore[attr-defined]  # a module made here
    package.rcParams = pyplot.rcParams  # type: ignore[attr-defined]  # a module made here
    sys.modules["matplotlib"], sys.modules["matplotlib.pyplot"] = package, pyplot

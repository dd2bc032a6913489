"""Clicks land where the pointer is, at once: two front-end fixes for ipycanvas.

ipycanvas's front end answers a mouse-down with ``this.el.focus()`` and only then reads the
canvas's position. When the canvas is not wholly on screen, Chromium's ``focus()`` scrolls it
into view first, so the coordinates are measured after the page moved and the click lands on
another target (a Dinosaur pile click turned over a Marine fossil). Firefox scrolls only for an
element wholly out of view, so it shows the fault less often.

ipycanvas's front end also sends the kernel a message for every mouse (or touch) move over
a canvas, dozens a second, whether or not Python listens; the boards never do. A click then
waits in the kernel's queue behind the moves that led the pointer to it.

The fixes are a view-less anywidget, one per kernel, shown (invisibly) beside every board: its
module makes ``focus()`` on any element inside a ``.boardlib-canvas`` pass
``preventScroll: true``, and stops mouse and touch moves over a ``.boardlib-canvas`` before
they reach ipycanvas (a listener in the capture phase; the browser still scrolls and moves
the pointer). Nothing else on the page changes, the canvas keeps keyboard focus, and it works
wherever the widget's front end loads (JupyterLab, Notebook 7, Voila).
"""

from __future__ import annotations

import anywidget
import traitlets

CANVAS_CLASS = "boardlib-canvas"
"""The CSS class every board canvas carries; the fix applies to nothing else."""

_ESM = """
const FLAG = "__boardlibFocusWithoutScroll";
function install() {
  if (globalThis[FLAG]) return;
  globalThis[FLAG] = true;
  const original = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (options) {
    if (this.closest && this.closest(".CANVAS_CLASS")) {
      return original.call(this, Object.assign({}, options || {}, {preventScroll: true}));
    }
    return original.call(this, options);
  };
  const quiet = (event) => {
    const target = event.target;
    if (target && target.closest && target.closest(".CANVAS_CLASS")) {
      event.stopImmediatePropagation();  // no message to the kernel: the board ignores moves
    }
  };
  for (const kind of ["mousemove", "touchmove"]) {
    window.addEventListener(kind, quiet, {capture: true, passive: true});
  }
}
function initialize({ model }) { install(); }
function render({ model, el }) {
  install();
  el.style.display = "none";
  model.set("installed", true);
  model.save_changes();
}
export default { initialize, render };
""".replace("CANVAS_CLASS", CANVAS_CLASS)


class FocusWithoutScroll(anywidget.AnyWidget):
    """Installs the fix in the page when the front end loads it; ``installed`` says it ran."""

    _esm = _ESM
    installed = traitlets.Bool(False).tag(sync=True)


_GUARD: FocusWithoutScroll | None = None


def focus_guard() -> FocusWithoutScroll:
    """The kernel's one instance (every board shows it; one per kernel is enough)."""
    global _GUARD
    if _GUARD is None:
        _GUARD = FocusWithoutScroll(layout={"display": "none"})
    return _GUARD

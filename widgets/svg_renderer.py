"""Scenes drawn from their SVG onto a canvas in the page: the board where ipycanvas cannot load.

Why: ipycanvas imports numpy, and a browser-only Python (JupyterLite with no CDN) may have no
numpy. This renderer needs only anywidget: the kernel sends the scene as one SVG document, the
page paints it onto a ``<canvas>`` (so the page looks and is tested exactly like the ipycanvas
board) and sends mouse-downs back in scene coordinates. Same interface as
``widgets.canvas.CanvasRenderer``: ``canvas`` (the widget), ``show(scene)``, ``redraw_all()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from widgets.scene import Scene
from widgets.svg import to_svg

_ESM = """
function render({ model, el }) {
  const canvas = document.createElement("canvas");
  el.appendChild(canvas);
  let drawn = 0;
  function draw() {
    const width = model.get("width"), height = model.get("height"), ticket = ++drawn;
    const image = new Image();
    image.onload = () => {
      if (ticket !== drawn) return;  // a newer picture is on its way
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
        canvas.style.width = width + "px";  // never stretched: clicks stay exact
        canvas.style.height = height + "px";
      }
      const context = canvas.getContext("2d");
      context.clearRect(0, 0, width, height);
      context.drawImage(image, 0, 0, width, height);
    };
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(model.get("svg"));
  }
  canvas.addEventListener("mousedown", (event) => {
    const box = canvas.getBoundingClientRect();
    model.send({
      event: "click",
      x: (event.clientX - box.left) * canvas.width / box.width,
      y: (event.clientY - box.top) * canvas.height / box.height,
    });
  });
  model.on("change:svg", draw);
  draw();
}
export default { render };
"""


class SvgCanvas(anywidget.AnyWidget):
    """The page side: one SVG document, painted onto a canvas; clicks come back as messages."""

    _esm = _ESM
    svg = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)
    height = traitlets.Int(0).tag(sync=True)


class SvgRenderer:
    """Owns an ``SvgCanvas``; ``show(scene)`` sends it; clicks arrive as scene coordinates."""

    def __init__(self, scene: Scene, on_click: Callable[[float, float], object] | None = None):
        self.canvas = SvgCanvas()
        self.scene = scene
        self._on_click = on_click
        self.canvas.on_msg(self._message)
        self.show(scene)

    def show(self, scene: Scene) -> None:
        """Send ``scene`` as one SVG document (size first, so the page paints it unscaled)."""
        self.scene = scene
        with self.canvas.hold_sync():
            self.canvas.width, self.canvas.height = int(scene.width), int(scene.height)
            self.canvas.svg = to_svg(scene)

    def redraw_all(self) -> None:
        """Nothing to do: the page repaints from the synced SVG whenever it (re)connects."""

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if (self._on_click is not None and isinstance(content, dict)
                and content.get("event") == "click"):
            self._on_click(float(content["x"]), float(content["y"]))

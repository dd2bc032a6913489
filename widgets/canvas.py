"""Scenes on an ipycanvas ``MultiCanvas``: one layer per scene layer, one message per redraw.

The page keeps no drawing state of its own: the last scene is kept here and drawn
again whenever a page (re)connects (``on_client_ready``), so a reload or Voila still
shows the board. Every redraw happens inside one ``hold_canvas()`` batch, and only the
layers whose shapes changed are redrawn.
"""

from __future__ import annotations

from collections.abc import Callable

from ipycanvas import MultiCanvas, hold_canvas

from widgets.scene import LAYERS, Circle, Line, Polygon, Rect, Scene, Style, Text
from widgets.svg import FONT


class CanvasRenderer:
    """Owns a ``MultiCanvas``; ``show(scene)`` draws it; clicks arrive as scene coordinates."""

    def __init__(self, scene: Scene, on_click: Callable[[float, float], None] | None = None):
        self.canvas = MultiCanvas(len(LAYERS), width=int(scene.width), height=int(scene.height))
        self.canvas.layout.width = f"{int(scene.width)}px"  # never stretched: clicks stay exact
        self.canvas.layout.height = f"{int(scene.height)}px"
        self.scene = scene
        self._drawn: dict[str, tuple | None] = dict.fromkeys(LAYERS)
        self._on_click = on_click
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_client_ready(self.redraw_all)
        self.show(scene)

    def show(self, scene: Scene) -> None:
        """Draw ``scene``, touching only layers that changed, in a single message."""
        resized = (scene.width, scene.height) != (self.scene.width, self.scene.height)
        self.scene = scene
        if resized:
            self.canvas.width, self.canvas.height = int(scene.width), int(scene.height)
            self.canvas.layout.width = f"{int(scene.width)}px"
            self.canvas.layout.height = f"{int(scene.height)}px"
            self._drawn = dict.fromkeys(LAYERS)
        with hold_canvas():
            for index, layer in enumerate(LAYERS):
                shapes = scene.layer(layer)
                if shapes != self._drawn[layer]:
                    self._draw_layer(index, shapes, scene.background if index == 0 else None)
                    self._drawn[layer] = shapes

    def redraw_all(self) -> None:
        """A page connected (or reloaded): it has nothing drawn, so draw everything."""
        self._drawn = dict.fromkeys(LAYERS)
        self.show(self.scene)

    def _mouse_down(self, x: float, y: float) -> None:
        if self._on_click is not None:
            self._on_click(x, y)

    def _draw_layer(self, index: int, shapes: tuple, background: str | None) -> None:
        layer = self.canvas[index]
        layer.clear()
        if background:
            layer.fill_style = background
            layer.fill_rect(0, 0, self.scene.width, self.scene.height)
        for shape in shapes:
            _DRAW[type(shape)](layer, shape)


def _fill_then_stroke(layer, style: Style, fill: Callable[[], None], stroke: Callable[[], None]):
    layer.global_alpha = style.alpha
    if style.fill:
        layer.fill_style = style.fill
        fill()
    if style.stroke:
        layer.stroke_style = style.stroke
        layer.line_width = style.width
        layer.set_line_dash(list(style.dash))
        stroke()
    layer.global_alpha = 1.0


def _rect(layer, shape: Rect) -> None:
    _fill_then_stroke(layer, shape.style,
                      lambda: layer.fill_rect(shape.x, shape.y, shape.w, shape.h),
                      lambda: layer.stroke_rect(shape.x, shape.y, shape.w, shape.h))


def _circle(layer, shape: Circle) -> None:
    _fill_then_stroke(layer, shape.style,
                      lambda: layer.fill_circle(shape.cx, shape.cy, shape.r),
                      lambda: layer.stroke_circle(shape.cx, shape.cy, shape.r))


def _polygon(layer, shape: Polygon) -> None:
    points = list(shape.points)
    _fill_then_stroke(layer, shape.style,
                      lambda: layer.fill_polygon(points),
                      lambda: layer.stroke_polygon(points))


def _line(layer, shape: Line) -> None:
    _fill_then_stroke(layer, Style(stroke=shape.style.stroke or "#000", width=shape.style.width,
                                   dash=shape.style.dash, alpha=shape.style.alpha),
                      lambda: None, lambda: layer.stroke_lines(list(shape.points)))


def _text(layer, shape: Text) -> None:
    layer.font = f"{'bold ' if shape.bold else ''}{shape.size:g}px {FONT}"
    layer.text_align = {"start": "left", "middle": "center", "end": "right"}[shape.anchor]
    layer.text_baseline = "middle"
    layer.fill_style = shape.fill
    layer.fill_text(shape.text, shape.x, shape.y)


_DRAW = {Rect: _rect, Circle: _circle, Polygon: _polygon, Line: _line, Text: _text}

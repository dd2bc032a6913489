"""Scenes on an ipycanvas ``MultiCanvas``: one layer per scene layer, one message per redraw.

The page keeps no drawing state of its own: the last scene is kept here and drawn
again whenever a page (re)connects (``on_client_ready``), so a reload or Voila still
shows the board. Every redraw happens inside one ``hold_canvas()`` batch, and only the
layers whose shapes changed are redrawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from widgets.scene import LAYERS, Circle, Line, Polygon, Rect, Scene, Shape, Text, box_of
from widgets.svg import FONT


class CanvasRenderer:
    """Owns a ``MultiCanvas``; ``show(scene)`` draws it; clicks arrive as scene coordinates."""

    def __init__(self, scene: Scene, on_click: Callable[[float, float], object] | None = None):
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
        draw_in_order(layer, shapes)


@dataclass
class PaintRun:
    """Shapes drawn with one vectorised call per paint (all fills, then all strokes).

    No two shapes of a run overlap, and a shape joins a run only if nothing it overlaps is
    painted after that run: so drawing the runs in order gives exactly the picture of
    painting shape by shape in scene order, as SVG does — with a handful of calls.
    """

    kind: type
    key: tuple
    shapes: list = field(default_factory=list)


GRID = 48
"""Cell size (px) of the grid that finds the shapes a new shape may overlap."""


def paint_runs(shapes: Sequence[Shape]) -> list[PaintRun]:
    """Group ``shapes`` (in scene order) into runs that keep every overlap's order."""
    runs: list[PaintRun] = []
    latest: dict[tuple[type, tuple], int] = {}  # kind and style → its newest run
    grid: dict[tuple[int, int], list[tuple[tuple[float, float, float, float], int]]] = {}
    for shape in shapes:
        key = _paint_key(shape)
        if key is None:
            continue  # a click target only: nothing to paint
        kind: type = type(shape)
        box = _paint_box(shape)
        cells = _cells(box)
        after = -1
        for cell in cells:
            for other, index in grid.get(cell, ()):
                if index > after and _overlap(box, other):
                    after = index
        index = latest.get((kind, key), -1)
        if index <= after or kind is Line:
            index = len(runs)
            runs.append(PaintRun(kind, key))
            latest[(kind, key)] = index
        runs[index].shapes.append(shape)
        for cell in cells:
            grid.setdefault(cell, []).append((box, index))
    return runs


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _paint_box(shape: Shape) -> tuple[float, float, float, float]:
    """The box a shape may paint in: its outline's width included, a text's with a margin
    (its width is a guess without the font)."""
    x0, y0, x1, y1 = box_of(shape)
    if isinstance(shape, Text):
        margin = shape.size * 0.3
        return x0 - margin, y0 - margin / 2, x1 + margin, y1 + margin / 2
    pad = getattr(shape.style, "width", 1.0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _cells(box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = box
    return [(cx, cy) for cx in range(int(x0 // GRID), int(x1 // GRID) + 1)
            for cy in range(int(y0 // GRID), int(y1 // GRID) + 1)]


def _paint_key(shape: Shape) -> tuple | None:
    """What must be equal for two shapes to share a call (None: nothing to paint)."""
    if isinstance(shape, Text):
        return (_font(shape), shape.anchor, shape.fill)
    if isinstance(shape, Line):
        return (shape.style.stroke, shape.style.width, shape.style.dash)
    style = shape.style
    if not style.fill and not style.stroke:
        return None
    return (bool(style.fill), style.stroke is not None, style.width, style.dash)


def _font(text: Text) -> str:
    return f"{'bold ' if text.bold else ''}{text.size:g}px {FONT}"


class _Pen:
    """A layer's drawing properties, set only when they change (each set is a traitlets round)."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.now: dict[str, object] = {}

    def set(self, name: str, value: object) -> None:
        if self.now.get(name, _UNSET) != value:
            setattr(self.layer, name, value)
            self.now[name] = value

    def dash(self, dash: tuple[float, ...]) -> None:
        if self.now.get("dash", _UNSET) != dash:
            self.layer.set_line_dash(list(dash))
            self.now["dash"] = dash


_UNSET = object()


def draw_in_order(layer: Any, shapes: Sequence[Shape]) -> None:
    """Draw ``shapes`` as in scene order, in few calls: one per run and paint."""
    pen = _Pen(layer)
    for run in paint_runs(shapes):
        if run.kind is Text:
            font, anchor, colour = run.key
            pen.set("text_baseline", "middle")
            pen.set("font", font)
            pen.set("text_align", {"start": "left", "middle": "center", "end": "right"}[anchor])
            pen.set("fill_style", colour)
            for text in run.shapes:
                layer.fill_text(text.text, text.x, text.y)
        elif run.kind is Line:
            stroke, width, dash = run.key
            pen.set("stroke_style", stroke or "#000")
            pen.set("line_width", width)
            pen.dash(dash)
            for line in run.shapes:
                layer.stroke_lines(list(line.points))
        else:
            has_fill, has_stroke, width, dash = run.key
            if has_fill:
                _FILL[run.kind](layer, run.shapes)
            if has_stroke:
                pen.set("line_width", width)
                pen.dash(dash)
                _STROKE[run.kind](layer, run.shapes)


def _fill_rects(layer, rects: list[Rect]) -> None:
    layer.fill_styled_rects([r.x for r in rects], [r.y for r in rects], [r.w for r in rects],
                            [r.h for r in rects], _rgb(r.style.fill for r in rects),
                            [r.style.alpha for r in rects])


def _fill_polygons(layer, polygons: list[Polygon]) -> None:
    layer.fill_styled_polygons([np.array(p.points) for p in polygons],
                               _rgb(p.style.fill for p in polygons),
                               [p.style.alpha for p in polygons])


def _fill_circles(layer, circles: list[Circle]) -> None:
    layer.fill_styled_circles([c.cx for c in circles], [c.cy for c in circles],
                              [c.r for c in circles], _rgb(c.style.fill for c in circles),
                              [c.style.alpha for c in circles])


def _stroke_rects(layer, rects: list[Rect]) -> None:
    layer.stroke_styled_rects([r.x for r in rects], [r.y for r in rects], [r.w for r in rects],
                              [r.h for r in rects], _rgb(r.style.stroke for r in rects),
                              [r.style.alpha for r in rects])


def _stroke_polygons(layer, polygons: list[Polygon]) -> None:
    layer.stroke_styled_polygons([np.array(p.points) for p in polygons],
                                 _rgb(p.style.stroke for p in polygons),
                                 [p.style.alpha for p in polygons])


def _stroke_circles(layer, circles: list[Circle]) -> None:
    layer.stroke_styled_circles([c.cx for c in circles], [c.cy for c in circles],
                                [c.r for c in circles], _rgb(c.style.stroke for c in circles),
                                [c.style.alpha for c in circles])


_Painter = Callable[[Any, list], None]
_FILL: dict[type, _Painter] = {Rect: _fill_rects, Polygon: _fill_polygons, Circle: _fill_circles}
_STROKE: dict[type, _Painter] = {Rect: _stroke_rects, Polygon: _stroke_polygons,
                                 Circle: _stroke_circles}


def _rgb(colours) -> np.ndarray:
    """``#rrggbb`` (or ``#rgb``) colours as the n × 3 array the styled calls take."""
    return np.array([_hex(colour) for colour in colours], dtype=np.uint8).reshape(-1, 3)


@lru_cache(maxsize=256)
def _hex(colour: str) -> tuple[int, int, int]:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)

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
    """Consecutive shapes drawn with one vectorised call per paint (fills, then strokes).

    A run holds shapes of one kind and one line style; it never holds two shapes that
    overlap when outlines are involved, so painting all fills before all strokes gives
    exactly the picture of painting shape by shape in scene order, as SVG does.
    """

    kind: type
    key: tuple
    shapes: list = field(default_factory=list)
    boxes: list = field(default_factory=list)


def paint_runs(shapes: Sequence[Shape]) -> list[PaintRun]:
    """Split ``shapes`` (in scene order) into runs that can each be drawn in one batch."""
    runs: list[PaintRun] = []
    for shape in shapes:
        kind: type = type(shape)
        if isinstance(shape, Text):
            key: tuple = (_font(shape), shape.anchor, shape.fill)
        elif isinstance(shape, Line):
            key = (id(shape),)  # one polyline per call
        else:
            style = shape.style
            if not style.fill and not style.stroke:
                continue  # a click target only: nothing to paint
            key = (bool(style.fill), style.stroke is not None, style.width, style.dash)
        last = runs[-1] if runs else None
        box = box_of(shape) if kind is not Text else None
        if (last is None or last.kind is not kind or last.key != key
                or (box is not None and key[1] is True and _overlaps(box, last.boxes))):
            last = PaintRun(kind, key)
            runs.append(last)
        last.shapes.append(shape)
        if box is not None:
            last.boxes.append(box)
    return runs


def _overlaps(box: tuple[float, float, float, float], boxes: list) -> bool:
    x0, y0, x1, y1 = box
    return any(x0 < bx1 and bx0 < x1 and y0 < by1 and by0 < y1 for bx0, by0, bx1, by1 in boxes)


def _font(text: Text) -> str:
    return f"{'bold ' if text.bold else ''}{text.size:g}px {FONT}"


def draw_in_order(layer, shapes: Sequence[Shape]) -> None:
    """Draw ``shapes`` in scene order, batching consecutive shapes of one kind and style.

    Setting a canvas property costs a traitlets round, so a layer of a few hundred shapes
    drawn one by one would need thousands; runs of alike shapes take one call each.
    """
    text_baseline_set = False
    for run in paint_runs(shapes):
        if run.kind is Text:
            if not text_baseline_set:
                layer.text_baseline = "middle"
                text_baseline_set = True
            font, anchor, colour = run.key
            layer.font = font
            layer.text_align = {"start": "left", "middle": "center", "end": "right"}[anchor]
            layer.fill_style = colour
            for text in run.shapes:
                layer.fill_text(text.text, text.x, text.y)
        elif run.kind is Line:
            line = run.shapes[0]
            layer.stroke_style = line.style.stroke or "#000"
            layer.line_width = line.style.width
            layer.set_line_dash(list(line.style.dash))
            layer.stroke_lines(list(line.points))
        else:
            has_fill, has_stroke, width, dash = run.key
            if has_fill:
                _FILL[run.kind](layer, run.shapes)
            if has_stroke:
                layer.line_width = width
                layer.set_line_dash(list(dash))
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

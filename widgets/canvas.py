"""Scenes on an ipycanvas ``MultiCanvas``: one layer per scene layer, one message per redraw.

The page keeps no drawing state of its own: the last scene is kept here and drawn
again whenever a page (re)connects (``on_client_ready``), so a reload or Voila still
shows the board. Every redraw happens inside one ``hold_canvas()`` batch, and only the
layers whose shapes changed are redrawn — and of those only the places that changed
(``dirty_region``): a click moves a few pieces, so a redraw repaints a few small boxes
instead of some 300 shapes, which was most of a click's time in the kernel and the browser.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from widgets.scene import LAYERS, Circle, Line, Polygon, Rect, Scene, Shape, Text, box_of
from widgets.svg import FONT


class CanvasRenderer:
    """Owns a ``MultiCanvas``; ``show(scene)`` draws it; clicks arrive as scene coordinates."""

    def __init__(self, scene: Scene, on_click: Callable[[float, float], object] | None = None):
        self.canvas = MultiCanvas(len(LAYERS), width=int(scene.width), height=int(scene.height))
        # Drawn at its own size, or smaller (never stretched, the ratio kept) where the page
        # caps it (``max_width``/``max_height``, see Board): ipycanvas maps the pointer through
        # the drawn box to canvas pixels, so a click still lands on the target under it.
        self.canvas.layout.width = self.canvas.layout.height = "auto"
        self.scene = scene
        self._drawn: dict[str, tuple[Shape, ...] | None] = dict.fromkeys(LAYERS)
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
            self._drawn = dict.fromkeys(LAYERS)
        with hold_canvas():
            for index, layer in enumerate(LAYERS):
                shapes = scene.layer(layer)
                drawn = self._drawn[layer]
                if shapes != drawn:
                    self._draw_layer(index, drawn, shapes,
                                     scene.background if index == 0 else None)
                    self._drawn[layer] = shapes

    def redraw_all(self) -> None:
        """A page connected (or reloaded): it has nothing drawn, so draw everything."""
        self._drawn = dict.fromkeys(LAYERS)
        self.show(self.scene)

    def _mouse_down(self, x: float, y: float) -> None:
        if self._on_click is not None:
            self._on_click(x, y)

    def _draw_layer(self, index: int, drawn: tuple[Shape, ...] | None, shapes: tuple[Shape, ...],
                    background: str | None) -> None:
        """Repaint layer ``index`` from ``drawn`` (None: nothing known) to ``shapes``: only
        the changed region when that is smaller, else all of it."""
        layer = self.canvas[index]
        width, height = self.scene.width, self.scene.height
        region = None if drawn is None else dirty_region(drawn, shapes, width, height)
        if region is None:
            layer.clear()
            if background:
                layer.fill_style = background
                layer.fill_rect(0, 0, width, height)
            draw_in_order(layer, shapes)
            return
        boxes, repainted = region
        for x0, y0, x1, y1 in boxes:
            layer.clear_rect(x0, y0, x1 - x0, y1 - y0)
        if background and boxes:
            layer.fill_style = background
            for x0, y0, x1, y1 in boxes:
                layer.fill_rect(x0, y0, x1 - x0, y1 - y0)
        draw_in_order(layer, repainted)


DIRTY_SHARE = 0.4
"""Past this share of the canvas, repainting the changed region is no cheaper than all of it."""

Box = tuple[int, int, int, int]
"""(x0, y0, x1, y1) in whole pixels: clearing it leaves no soft edge."""


def dirty_region(drawn: Sequence[Shape], shapes: Sequence[Shape], width: float,
                 height: float) -> tuple[list[Box], list[Shape]] | None:
    """What to clear and what to paint again to turn a layer showing ``drawn`` into one
    showing ``shapes``: (boxes, the shapes in paint order); None to repaint all of it.

    Exact, pixel for pixel: the boxes cover every pixel (``reach``) of each shape removed or
    added, and grow until they also cover every pixel of each shape that touches them, so
    the shapes painted again (those touching the boxes) paint only inside the cleared boxes,
    on the same pixels in the same order as a full repaint. Outside the boxes the same shapes
    as before paint, in the same order (shared shapes that changed order: None). No clip is
    used: Chromium anti-aliases clipped shapes differently, so a clip would not be exact.
    """
    first: dict[Shape, int] = {}  # each drawn shape → its place (hashed once: shapes are many)
    for i, shape in enumerate(drawn):
        if first.setdefault(shape, i) != i:
            return None  # a shape listed twice: counting copies is not worth it
    kept: set[int] = set()
    added: list[Shape] = []
    last = -1
    for shape in shapes:
        place = first.get(shape)
        if place is None:
            added.append(shape)
        elif place <= last:
            return None  # shared shapes reordered (or repeated): overlaps may paint otherwise
        else:
            kept.add(place)
            last = place
    removed = [shape for i, shape in enumerate(drawn) if i not in kept]
    boxes = [box for shape in removed + added if _paint_key(shape) is not None
             if (box := _pixel_box(reach(shape), width, height))]
    candidates = [(shape, box) for shape in shapes if _paint_key(shape) is not None
                  if (box := _pixel_box(reach(shape), width, height))]
    chosen = [False] * len(candidates)
    limit, grown = DIRTY_SHARE * width * height, True
    while grown:  # a shape touching the boxes is painted whole, so its reach joins them
        grown = False
        for i, (_, box) in enumerate(candidates):
            if not chosen[i] and _touches(box, boxes):
                chosen[i] = True
                if box not in boxes:  # an added shape's own box is there already
                    boxes.append(box)
                    grown = True
        if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > limit:
            return None
    return boxes, [shape for (shape, _), c in zip(candidates, chosen, strict=True) if c]


def _pixel_box(box: tuple[float, float, float, float], width: float,
               height: float) -> Box | None:
    """``box`` grown to whole pixels and cut to the canvas; None if nothing is left."""
    x0, y0 = max(0, math.floor(box[0])), max(0, math.floor(box[1]))
    x1, y1 = min(math.ceil(width), math.ceil(box[2])), min(math.ceil(height), math.ceil(box[3]))
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def reach(shape: Shape) -> tuple[float, float, float, float]:
    """A box no pixel of ``shape`` falls outside: its outline's width and a pixel of
    anti-aliasing included; for text, 1.2 em a character and 0.8 em above and below the
    middle, more than any glyph of the board's fonts takes (``text_width`` is only a guess)."""
    if isinstance(shape, Text):
        width = 1.2 * shape.size * len(shape.text)
        x0 = {"start": shape.x, "middle": shape.x - width / 2, "end": shape.x - width}[
            shape.anchor]
        return (x0 - shape.size, shape.y - 0.8 * shape.size, x0 + width + shape.size,
                shape.y + 0.8 * shape.size)
    x0, y0, x1, y1 = box_of(shape)
    pad = shape.style.width + 2.0
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _touches(box: tuple[float, float, float, float],
             boxes: Sequence[tuple[int, int, int, int]]) -> bool:
    x0, y0, x1, y1 = box
    return any(x0 < bx1 and bx0 < x1 and y0 < by1 and by0 < y1 for bx0, by0, bx1, by1 in boxes)


PaintKey = tuple[Any, ...]
"""What two shapes of a kind share to be painted in one call: font or style (``_paint_key``)."""


@dataclass
class PaintRun:
    """Shapes drawn with one vectorised call per paint (all fills, then all strokes).

    No two shapes of a run overlap, and a shape joins a run only if nothing it overlaps is
    painted after that run: so drawing the runs in order gives exactly the picture of
    painting shape by shape in scene order, as SVG does — with a handful of calls.
    """

    kind: type
    key: PaintKey
    shapes: list[Any] = field(default_factory=list)  # all of ``kind``: Rect, Text…


GRID = 48
"""Cell size (px) of the grid that finds the shapes a new shape may overlap."""


def paint_runs(shapes: Sequence[Shape]) -> list[PaintRun]:
    """Group ``shapes`` (in scene order) into runs that keep every overlap's order.

    A shape may join the newest run of its kind and style unless some earlier shape that it
    overlaps is painted in that run or a later one; only those need checking, and only the
    ones in the grid cells the shape touches.
    """
    runs: list[PaintRun] = []
    latest: dict[tuple[type, PaintKey], int] = {}  # kind and style → its newest run
    grid: dict[tuple[int, int], list[tuple[float, float, float, float, int]]] = {}
    for shape in shapes:
        key = _paint_key(shape)
        if key is None:
            continue  # a click target only: nothing to paint
        kind: type = type(shape)
        x0, y0, x1, y1 = reach(shape)  # every pixel it may touch, anti-aliasing included
        cells = _cells(x0, y0, x1, y1)
        index = latest.get((kind, key), -1)
        if index >= 0 and kind is not Line:
            for cell in cells:
                for bx0, by0, bx1, by1, other in grid.get(cell, ()):
                    if other >= index and x0 < bx1 and bx0 < x1 and y0 < by1 and by0 < y1:
                        index = -1  # it must wait for that shape: a run of its own
                        break
                if index < 0:
                    break
        if index < 0 or kind is Line:
            index = len(runs)
            runs.append(PaintRun(kind, key))
            latest[(kind, key)] = index
        runs[index].shapes.append(shape)
        entry = (x0, y0, x1, y1, index)
        for cell in cells:
            bucket = grid.get(cell)
            if bucket is None:
                grid[cell] = [entry]
            else:
                bucket.append(entry)
    return runs


def _cells(x0: float, y0: float, x1: float, y1: float) -> list[tuple[int, int]]:
    """The grid cells a box touches."""
    return [(cx, cy) for cx in range(int(x0 // GRID), int(x1 // GRID) + 1)
            for cy in range(int(y0 // GRID), int(y1 // GRID) + 1)]


def _paint_key(shape: Shape) -> PaintKey | None:
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


def _fill_rects(layer: Any, rects: list[Rect]) -> None:
    layer.fill_styled_rects([r.x for r in rects], [r.y for r in rects], [r.w for r in rects],
                            [r.h for r in rects], _rgb(r.style.fill for r in rects),
                            [r.style.alpha for r in rects])


def _fill_polygons(layer: Any, polygons: list[Polygon]) -> None:
    layer.fill_styled_polygons([np.array(p.points) for p in polygons],
                               _rgb(p.style.fill for p in polygons),
                               [p.style.alpha for p in polygons])


def _fill_circles(layer: Any, circles: list[Circle]) -> None:
    layer.fill_styled_circles([c.cx for c in circles], [c.cy for c in circles],
                              [c.r for c in circles], _rgb(c.style.fill for c in circles),
                              [c.style.alpha for c in circles])


def _stroke_rects(layer: Any, rects: list[Rect]) -> None:
    layer.stroke_styled_rects([r.x for r in rects], [r.y for r in rects], [r.w for r in rects],
                              [r.h for r in rects], _rgb(r.style.stroke for r in rects),
                              [r.style.alpha for r in rects])


def _stroke_polygons(layer: Any, polygons: list[Polygon]) -> None:
    layer.stroke_styled_polygons([np.array(p.points) for p in polygons],
                                 _rgb(p.style.stroke for p in polygons),
                                 [p.style.alpha for p in polygons])


def _stroke_circles(layer: Any, circles: list[Circle]) -> None:
    layer.stroke_styled_circles([c.cx for c in circles], [c.cy for c in circles],
                                [c.r for c in circles], _rgb(c.style.stroke for c in circles),
                                [c.style.alpha for c in circles])


_Painter = Callable[[Any, list[Any]], None]
"""Paints a run's shapes (all of one kind) on an ipycanvas layer, which is untyped."""
_FILL: dict[type, _Painter] = {Rect: _fill_rects, Polygon: _fill_polygons, Circle: _fill_circles}
_STROKE: dict[type, _Painter] = {Rect: _stroke_rects, Polygon: _stroke_polygons,
                                 Circle: _stroke_circles}


def _rgb(colours: Iterable[str | None]) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """``#rrggbb`` (or ``#rgb``) colours as the n × 3 array the styled calls take."""
    # a run holds only shapes that have this paint (paint_runs), so no colour is None
    return np.array([_hex(cast(str, colour)) for colour in colours],
                    dtype=np.uint8).reshape(-1, 3)


@lru_cache(maxsize=256)
def _hex(colour: str) -> tuple[int, int, int]:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)

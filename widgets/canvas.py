"""Scenes on an ipycanvas ``MultiCanvas``: one layer per scene layer, one message per redraw.

The page keeps no drawing state of its own: the last scene is kept here and drawn
again whenever a page (re)connects (``on_client_ready``), so a reload or Voila still
shows the board. Every redraw happens inside one ``hold_canvas()`` batch, and only the
layers whose shapes changed are redrawn.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from widgets.scene import LAYERS, Circle, Line, Polygon, Rect, Scene, Text
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
        draw_batched(layer, shapes)


def draw_batched(layer, shapes: tuple) -> None:
    """Draw ``shapes`` with a few vectorised calls instead of one call (and trait sets) each.

    Setting a canvas property costs a traitlets round; a layer of a few hundred shapes
    would need thousands. So fills go by kind (rectangles, then polygons, then circles,
    each in scene order, with per-shape colours), outlines follow grouped by line style,
    and texts come last grouped by font and colour. Pieces only overlap where a later
    kind belongs on top (badges on tiles, tiles on slabs), so the picture is the same.
    """
    fills: dict[type, list] = {Rect: [], Polygon: [], Circle: []}
    strokes: dict[tuple, dict[type, list]] = {}
    texts: dict[tuple, list[Text]] = {}
    lines: list[Line] = []
    for shape in shapes:
        kind = type(shape)
        if kind is Text:
            key = (f"{'bold ' if shape.bold else ''}{shape.size:g}px {FONT}", shape.anchor,
                   shape.fill)
            texts.setdefault(key, []).append(shape)
        elif kind is Line:
            lines.append(shape)
        else:
            style = shape.style
            if style.fill:
                fills[kind].append(shape)
            if style.stroke:
                strokes.setdefault((style.width, style.dash), {Rect: [], Polygon: [],
                                                               Circle: []})[kind].append(shape)
    _fill(layer, fills)
    for (width, dash), group in strokes.items():
        layer.line_width = width
        layer.set_line_dash(list(dash))
        _stroke(layer, group)
    for line in lines:
        layer.stroke_style = line.style.stroke or "#000"
        layer.line_width = line.style.width
        layer.set_line_dash(list(line.style.dash))
        layer.stroke_lines(list(line.points))
    layer.text_baseline = "middle"
    for (font, anchor, colour), group in texts.items():
        layer.font = font
        layer.text_align = {"start": "left", "middle": "center", "end": "right"}[anchor]
        layer.fill_style = colour
        for text in group:
            layer.fill_text(text.text, text.x, text.y)


def _fill(layer, fills: dict[type, list]) -> None:
    if fills[Rect]:
        rects = fills[Rect]
        layer.fill_styled_rects([r.x for r in rects], [r.y for r in rects], [r.w for r in rects],
                                [r.h for r in rects], _rgb(r.style.fill for r in rects),
                                [r.style.alpha for r in rects])
    if fills[Polygon]:
        polygons = fills[Polygon]
        layer.fill_styled_polygons([np.array(p.points) for p in polygons],
                                   _rgb(p.style.fill for p in polygons),
                                   [p.style.alpha for p in polygons])
    if fills[Circle]:
        circles = fills[Circle]
        layer.fill_styled_circles([c.cx for c in circles], [c.cy for c in circles],
                                  [c.r for c in circles], _rgb(c.style.fill for c in circles),
                                  [c.style.alpha for c in circles])


def _stroke(layer, group: dict[type, list]) -> None:
    if group[Rect]:
        rects = group[Rect]
        layer.stroke_styled_rects([r.x for r in rects], [r.y for r in rects],
                                  [r.w for r in rects], [r.h for r in rects],
                                  _rgb(r.style.stroke for r in rects),
                                  [r.style.alpha for r in rects])
    if group[Polygon]:
        polygons = group[Polygon]
        layer.stroke_styled_polygons([np.array(p.points) for p in polygons],
                                     _rgb(p.style.stroke for p in polygons),
                                     [p.style.alpha for p in polygons])
    if group[Circle]:
        circles = group[Circle]
        layer.stroke_styled_circles([c.cx for c in circles], [c.cy for c in circles],
                                    [c.r for c in circles], _rgb(c.style.stroke for c in circles),
                                    [c.style.alpha for c in circles])


def _rgb(colours) -> np.ndarray:
    """``#rrggbb`` (or ``#rgb``) colours as the n × 3 array the styled calls take."""
    return np.array([_hex(colour) for colour in colours], dtype=np.uint8).reshape(-1, 3)


@lru_cache(maxsize=256)
def _hex(colour: str) -> tuple[int, int, int]:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)

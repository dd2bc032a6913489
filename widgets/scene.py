"""A scene: what a board looks like, as plain data — shapes with ids, in layers.

Views are pure functions ``state -> Scene``; renderers (SVG, ipycanvas) draw scenes,
and clicks are answered by hit-testing the scene, so the same picture and the same
click targets serve the notebook, the static export and the tests.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

LAYERS = ("board", "pieces", "highlights", "marks")
"""Drawn bottom to top. The board rarely changes; highlights (outlines of legal moves, the
hint) change without a move; marks (count badges, last-move tags, messages) sit above the
outlines so that no outline hides them."""


@dataclass(frozen=True)
class Style:
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0  # stroke width
    dash: tuple[float, ...] = ()
    alpha: float = 1.0


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    id: str | None = None  # a click target when set
    layer: str = "pieces"
    title: str | None = None  # a tooltip in SVG

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style()
    id: str | None = None
    layer: str = "pieces"
    title: str | None = None

    def contains(self, px: float, py: float) -> bool:
        return (px - self.cx) ** 2 + (py - self.cy) ** 2 <= self.r**2

    def center(self) -> tuple[float, float]:
        return self.cx, self.cy


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    style: Style = Style()
    id: str | None = None
    layer: str = "pieces"
    title: str | None = None

    def contains(self, px: float, py: float) -> bool:
        """Even-odd rule: count crossings of a ray to the right."""
        inside = False
        points = self.points
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
            if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside

    def center(self) -> tuple[float, float]:
        xs, ys = zip(*self.points)
        return sum(xs) / len(xs), sum(ys) / len(ys)


@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]
    style: Style = Style(stroke="#000")
    layer: str = "board"
    id: None = None

    def contains(self, px: float, py: float) -> bool:
        return False


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 16
    fill: str = "#222"
    anchor: str = "start"  # start | middle | end
    bold: bool = False
    layer: str = "pieces"
    id: None = None

    def contains(self, px: float, py: float) -> bool:
        return False


Shape = Rect | Circle | Polygon | Line | Text


@dataclass(frozen=True)
class Scene:
    width: float
    height: float
    shapes: tuple[Shape, ...]
    background: str = "#ffffff"
    title: str = ""  # what the picture shows, for screen readers and the SVG <title>
    notes: tuple[str, ...] = field(default=())

    def layer(self, name: str) -> tuple[Shape, ...]:
        return tuple(shape for shape in self.shapes if shape.layer == name)

    def targets(self) -> Iterator[Shape]:
        return (shape for shape in self.shapes if shape.id is not None)

    def hit(self, x: float, y: float) -> str | None:
        """The id of the topmost click target under (x, y), or None."""
        for shape in reversed(self.shapes):
            if shape.id is not None and shape.contains(x, y):
                return shape.id
        return None

    def center_of(self, target: str) -> tuple[float, float]:
        """Where to click to hit ``target`` (for tests and keyboard-free automation)."""
        for shape in self.shapes:
            if shape.id == target:
                x, y = shape.center()
                if self.hit(x, y) == target:
                    return x, y
        raise KeyError(f"no click target {target!r} in this scene")

    def ids(self) -> list[str]:
        return [shape.id for shape in self.targets() if shape.id is not None]

    def shape_of(self, target: str) -> Shape:
        """The topmost shape that is the click target ``target`` (KeyError if none)."""
        for shape in reversed(self.shapes):
            if shape.id == target:
                return shape
        raise KeyError(f"no click target {target!r} in this scene")


def shifted(shape: Shape, dx: float, dy: float) -> Shape:
    """The same shape moved by (dx, dy): a game's picture placed under the board's header.

    Built by position, not ``dataclasses.replace``: a board moves hundreds of shapes a redraw.
    """
    if isinstance(shape, Rect):
        return Rect(shape.x + dx, shape.y + dy, shape.w, shape.h, shape.style, shape.id,
                    shape.layer, shape.title)
    if isinstance(shape, Text):
        return Text(shape.x + dx, shape.y + dy, shape.text, shape.size, shape.fill, shape.anchor,
                    shape.bold, shape.layer)
    if isinstance(shape, Circle):
        return Circle(shape.cx + dx, shape.cy + dy, shape.r, shape.style, shape.id, shape.layer,
                      shape.title)
    points = tuple((x + dx, y + dy) for x, y in shape.points)
    if isinstance(shape, Polygon):
        return Polygon(points, shape.style, shape.id, shape.layer, shape.title)
    return replace(shape, points=points)


def box_of(shape: Shape) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) around one rect, circle, polygon or line."""
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if isinstance(shape, Text):
        width = text_width(shape.text, shape.size)
        x0 = {"start": shape.x, "middle": shape.x - width / 2, "end": shape.x - width}[
            shape.anchor]
        return x0, shape.y - shape.size / 2, x0 + width, shape.y + shape.size / 2
    xs = [p[0] for p in shape.points]
    ys = [p[1] for p in shape.points]
    return min(xs), min(ys), max(xs), max(ys)


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font ``size``: wide (CJK) characters count one em,
    the rest about 0.56 em — enough to wrap and place labels without a font at hand."""
    return _ems(text) * size


@lru_cache(maxsize=4096)
def _ems(text: str) -> float:
    """``text``'s width in ems (cached: a board measures the same labels at every redraw)."""
    return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.56 for ch in text)


_WIDE = "\u3000-\u9fff\uff00-\uffef"
_WIDE_TEXT = re.compile(f"[{_WIDE}]")
_BREAKABLE = re.compile(f"[{_WIDE}]\\s*|[^\\s{_WIDE}]+\\s*|\\s+")
"""Where a line may break: after any wide (CJK) character, or between words."""


def wrap_text(text: str, size: float, width: float, max_lines: int = 2) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (canvas text does not wrap).

    Breaks at spaces, or anywhere in text without spaces (Japanese); the last line ends in
    "…" when the text needs more than ``max_lines``.
    """
    lines: list[str] = []
    line = ""
    for piece in _BREAKABLE.findall(text):
        if line.strip() and text_width((line + piece).rstrip(), size) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    if len(lines) > max_lines:
        kept = lines[:max_lines]
        kept[-1] = _shortened(kept[-1], size, width)
        return kept
    return lines


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")


def fit_sentences(text: str, size: float, width: float, max_lines: int = 2) -> list[str]:
    """``text`` in at most ``max_lines`` lines, whole sentences only: those that do not fit
    are left out from the end (the text puts what matters most first). One sentence too long
    alone is shortened at a word, never inside one."""
    sentences = [part for part in _SENTENCE_END.split(text) if part]
    while len(sentences) > 1:
        joiner = "" if _WIDE_TEXT.search(sentences[0]) else " "
        lines = wrap_text(joiner.join(sentences), size, width, max_lines=max_lines + 1)
        if len(lines) <= max_lines:
            return lines
        sentences.pop()
    return wrap_text(sentences[0] if sentences else "", size, width, max_lines)


def fit_line(text: str, size: float, width: float, smallest: float = 10) -> tuple[str, float]:
    """``text`` and a font size that keep it on one line within ``width`` (canvas text runs on
    over its neighbours): ``size`` if it fits, else smaller down to ``smallest``, and shortened
    with "…" if even that is too wide. A Japanese seat title is twice as wide as an English one."""
    needed = text_width(text, size)
    if needed <= width:
        return text, size
    fitted = max(smallest, math.floor(size * width / needed * 2) / 2)  # whole or half sizes
    if text_width(text, fitted) <= width:
        return text, fitted
    return _shortened(text, fitted, width), fitted


def _shortened(line: str, size: float, width: float) -> str:
    """A line ended in "…" within ``width``: cut at the last word that fits (text with spaces),
    or at a character in Japanese, whose words are not spaced (its spaces part other things)."""
    spaced = " " in line.strip() and not _WIDE_TEXT.search(line)  # Japanese: any character
    while line and text_width(line + "…", size) > width:
        cut = line.rstrip().rfind(" ") if spaced else -1
        line = line[:cut] if cut > 0 else line[:-1]
    return line.rstrip(" ,;:—") + "…"


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotation: float = 0.0,
                    ) -> tuple[tuple[float, float], ...]:
    """Points of a regular polygon (a diamond is 4 sides, rotation 0; a hexagon 6)."""
    return tuple(
        (round(cx + r * math.sin(rotation + 2 * math.pi * k / sides), 2),
         round(cy - r * math.cos(rotation + 2 * math.pi * k / sides), 2))
        for k in range(sides)
    )


def bounds(shapes: Sequence[Shape]) -> tuple[float, float, float, float]:
    """The smallest box (x0, y0, x1, y1) around the rects, circles and polygons."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in shapes:
        if isinstance(shape, Rect):
            xs += [shape.x, shape.x + shape.w]
            ys += [shape.y, shape.y + shape.h]
        elif isinstance(shape, Circle):
            xs += [shape.cx - shape.r, shape.cx + shape.r]
            ys += [shape.cy - shape.r, shape.cy + shape.r]
        elif isinstance(shape, Polygon):
            xs += [p[0] for p in shape.points]
            ys += [p[1] for p in shape.points]
    return min(xs), min(ys), max(xs), max(ys)

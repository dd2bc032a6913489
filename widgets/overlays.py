"""What the generic board draws over every game's picture: the header with the message of the
moment, outlines of targets, last-move tags, a message beside a refused click, the curtain.

Pure functions from plain values to shapes, so they are the same in every game and testable
without a widget.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from widgets.scene import (
    Line,
    Rect,
    Scene,
    Shape,
    Style,
    Text,
    box_of,
    fit_sentences,
    shifted,
    text_width,
    wrap_text,
)

HEADER_HEIGHT = 66
TITLE_SIZE = 22
MESSAGE_SIZE = 17
BOLD_WIDTH = 1.2  # bold DejaVu Sans runs wider than text_width's estimate (the title hit
# the message: "Amber RoutePlayer 1")

TONES = {  # band colour and a leading sign: colour is never the only cue
    "status": (None, ""),
    "refused": ("#9b1c1c", "✗ "),
    "hint": ("#7a1f6b", "★ "),
    "success": ("#1f6b2a", "✔ "),  # only the student's own goal reached (a lesson step)
    "news": ("#2c4a6e", "• "),  # what just happened: a result, anyone's
    "warning": ("#8a4b00", "⚠ "),  # bad news for the player at the screen
    "aside": ("#5b4a14", "ℹ "),  # a legal move a lesson step set aside, unplayed
    "curtain": ("#27415e", "⇄ "),
}

OUTLINES = {  # kind → (colour, line width, dash)
    "legal": ("#00a3ff", 4.0, ()),
    "hint": ("#d6008f", 5.0, (7.0, 4.0)),
    "chosen": ("#111111", 4.0, ()),
    "refused": ("#e00000", 5.0, ()),
    "last": ("#ff8c00", 3.0, (4.0, 3.0)),
    "focus": ("#111111", 6.0, (10.0, 4.0)),  # the keyboard's move: thick, dark and dashed
}


def signed(sign: str, text: str) -> str:
    """``text`` after its tone's sign, unless it already begins with it."""
    return text if not sign or text.startswith(sign.strip()) else sign + text


@dataclass(frozen=True)
class Message:
    """What the header says now: the status line, or feedback (a refusal, a hint, good news)."""

    text: str
    tone: str = "status"


def header(width: float, title: str, message: Message, colour: str) -> list[Shape]:
    """The band at the top of every board: the game's title, then the message in up to two
    lines, in the colour of its tone (and with its sign)."""
    band, sign = TONES[message.tone]
    shapes: list[Shape] = [Rect(0, 0, width, HEADER_HEIGHT, Style(fill=band or colour),
                                layer="marks")]
    shapes.append(Text(14, HEADER_HEIGHT / 2, title, TITLE_SIZE, "#ffe6a8", bold=True,
                       layer="marks"))
    left = 14 + text_width(title, TITLE_SIZE) * BOLD_WIDTH + 24
    lines = fit_sentences(signed(sign, message.text), MESSAGE_SIZE, width - left - 12)
    top = HEADER_HEIGHT / 2 - (len(lines) - 1) * (MESSAGE_SIZE + 4) / 2
    for index, line in enumerate(lines):
        shapes.append(Text(left, top + index * (MESSAGE_SIZE + 4), line, MESSAGE_SIZE,
                           "#ffffff", bold=message.tone != "status", layer="marks"))
    return shapes


def outlines(body: Sequence[Shape], highlights: Mapping[str, str]) -> list[Shape]:
    """An outline around every highlighted click target (the topmost shape with that id)."""
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for shape in body:
        if shape.id is not None and shape.id in highlights:
            boxes[shape.id] = box_of(shape)
    marks: list[Shape] = []
    for target, (x0, y0, x1, y1) in boxes.items():
        colour, width, dash = OUTLINES[highlights[target]]
        marks.append(Rect(x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6,
                          Style(stroke=colour, width=width, dash=dash), layer="highlights"))
    return marks


TAG_SIZE = 12  # the font of a last-move tag
TAG_HEIGHT = 16
TAG_STYLE = Style(fill="#ff8c00", stroke="#7a4300")
LEADER_STYLE = Style(stroke="#7a4300", width=2.0)

Box = tuple[float, float, float, float]


def last_move_tags(body: Sequence[Shape], tags: Mapping[str, str],
                   width_limit: float = 10_000, area_top: float = 0.0,
                   height_limit: float = 10_000) -> list[Shape]:
    """A small tag ("last: Player 2") on each target a seat's last move was made on: inside
    the top of a tall target (a column), just above a small one (a tile) — or, where that
    would cover a label, another click target or another tag, at the nearest spot that covers
    none of them, with a short line to its target. Kept inside the picture (x from 0 to
    ``width_limit``, y from ``area_top`` to ``height_limit``), so every tag stays readable and
    hides nothing the student reads or clicks."""
    boxes = {shape.id: box_of(shape) for shape in body if shape.id in tags}
    if not boxes:
        return []
    obstacles = [(box_of(shape), shape.id) for shape in body
                 if isinstance(shape, Text) or shape.id is not None]
    area = (2.0, area_top + 2, width_limit - 2, height_limit - 2)
    marks: list[Shape] = []
    for target, text in tags.items():
        if target not in boxes:
            continue
        box = boxes[target]
        width = text_width(text, TAG_SIZE) + 10
        x, top = _free_spot(box, width, target, obstacles, area)
        tag = (x, top, x + width, top + TAG_HEIGHT)
        obstacles.append((tag, None))
        marks += [Rect(x, top, width, TAG_HEIGHT, TAG_STYLE, layer="marks"),
                  Text(x + 5, top + TAG_HEIGHT / 2, text, TAG_SIZE, "#1d1d1d", bold=True,
                       layer="marks")]
        leader = _leader(tag, box)
        if leader:  # moved away from its target: a line says which one it marks
            marks.insert(len(marks) - 2, Line(leader, LEADER_STYLE, layer="marks"))
    return marks


def _leader(tag: Box, box: Box) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The line from a tag to its target, when the tag does not touch it."""
    if _gap(tag, box) <= 3:
        return None
    end = (min(max((tag[0] + tag[2]) / 2, box[0]), box[2]),
           min(max((tag[1] + tag[3]) / 2, box[1]), box[3]))
    return (min(max(end[0], tag[0]), tag[2]), min(max(end[1], tag[1]), tag[3])), end


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(dx, dy)


def _free_spot(box: Box, width: float, target: str, obstacles: Sequence[tuple[Box, str | None]],
               area: Box) -> tuple[float, float]:
    """The first spot, nearest first, where a tag of ``width`` covers no label, no other click
    target and no tag placed already (its own target too, unless that is tall enough to hold
    the tag inside its top), and its line to the target (if it needs one) crosses none of them;
    in a crowded neighbourhood the line may cross; the first preferred spot if all is full."""
    x0, y0, x1, y1 = box
    tall = y1 - y0 > 60
    reach = 96.0
    near = [(b, ident) for b, ident in obstacles
            if _overlap(b, (x0 - width - reach, y0 - reach, x1 + width + reach, y1 + reach))
            and not (tall and ident == target)]

    def placed(x: float, top: float) -> tuple[float, float]:
        return (min(max(x, area[0]), max(area[2] - width, area[0])),
                min(max(top, area[1]), max(area[3] - TAG_HEIGHT, area[1])))

    preferred = [(x0, y0 + 3), (x1 - width, y0 + 3)] if tall else []
    above, below, middle = y0 - TAG_HEIGHT - 1, y1 + 1, (y0 + y1 - TAG_HEIGHT) / 2
    preferred += [(x0, above), (x1 - width, above), ((x0 + x1 - width) / 2, above),
                  (x0, below), (x1 - width, below), (x1 + 2, middle), (x0 - width - 2, middle)]

    def free(spot: tuple[float, float], strict: bool = True) -> bool:
        x, top = placed(*spot)
        tag = (x, top, x + width, top + TAG_HEIGHT)
        if any(_overlap(tag, b) for b, _ in near):
            return False
        leader = _leader(tag, box)  # nor may its line to the target cross anything, if it can
        if leader is None or not strict:
            return True
        (ax, ay), (bx, by) = leader
        line = (min(ax, bx) - 1, min(ay, by) - 1, max(ax, bx) + 1, max(ay, by) + 1)
        return not any(_overlap(line, b) for b, ident in near if ident != target)

    found = next((spot for spot in preferred if free(spot)), None)
    if found is None:  # farther out, nearest first (sorted only when the near spots are taken)
        ring = sorted(((x0 + dx, y0 + dy)
                       for dx in range(int(-width - reach), int(x1 - x0 + reach), 12)
                       for dy in range(int(-reach), int(y1 - y0 + reach), 8)),
                      key=lambda spot: (max(0.0, x0 - spot[0] - width, spot[0] - x1) ** 2
                                        + max(0.0, y0 - spot[1] - TAG_HEIGHT, spot[1] - y1) ** 2))
        found = next((spot for spot in ring if free(spot)), None)
        if found is None:  # crowded: a line that crosses something, rather than a hidden label
            found = next((spot for spot in (*preferred, *ring) if free(spot, strict=False)),
                         preferred[0])
    return placed(*found)


CALLOUT_LINES = 7  # a refusal, its rule and "another way is below" fit whole (#33.6)
CALLOUTS = {"refused": ("#fff4f4", "#b00020", "#7a0012"),  # fill, border, ink
            "success": ("#eefaee", "#1f6b2a", "#12401a"),
            "news": ("#f1f5fb", "#2c4a6e", "#1b2f47"),
            "warning": ("#fff6e8", "#8a4b00", "#5a3100"),
            "aside": ("#fffbe8", "#8a6d00", "#4a3a00")}


def callout(point: tuple[float, float], text: str, size: tuple[float, float],
            tone: str = "refused") -> list[Shape]:
    """A message beside the click that caused it (a refusal, a step done), kept inside the
    picture: the student reads it where they are looking, even with the header scrolled away."""
    width_limit = 340.0
    fill, border, ink = CALLOUTS[tone]
    lines = wrap_text(signed(TONES[tone][1], text), 15, width_limit - 16,
                      max_lines=CALLOUT_LINES)
    width = max(text_width(line, 15) for line in lines) + 18
    height = len(lines) * 19 + 12
    x, y = point[0] + 14, point[1] + 14
    if x + width > size[0] - 4:
        x = max(point[0] - 14 - width, 4)
    if y + height > size[1] - 4:
        y = max(point[1] - 14 - height, 4)
    shapes: list[Shape] = [Rect(x, y, width, height, Style(fill=fill, stroke=border, width=2.5),
                                layer="marks")]
    for index, line in enumerate(lines):
        shapes.append(Text(x + 9, y + 16 + index * 19, line, 15, ink, layer="marks"))
    return shapes


def curtain(width: float, top: float, height: float, title: str, hint: str) -> list[Shape]:
    """The pass-the-screen curtain over the board's own area (the header stays readable)."""
    middle = top + height / 2
    return [Rect(0, top, width, height, Style(fill="#27415e", alpha=0.94), layer="marks"),
            Text(width / 2, middle - 18, "⇄ " + title, 26, "#ffffff", "middle", True,
                 layer="marks"),
            Text(width / 2, middle + 20, hint, 17, "#dfe8f2", "middle", layer="marks")]


def under_header(body: Scene) -> list[Shape]:
    """A game's picture moved down to make room for the header."""
    return [shifted(shape, 0, HEADER_HEIGHT) for shape in body.shapes]


def framed(body: Scene, title: str, message: Message, colour: str,
           ) -> tuple[list[Shape], tuple[float, float]]:
    """A game's picture moved under the header: the shapes (header included) and the size."""
    shapes = under_header(body) + header(body.width, title, message, colour)
    return shapes, (body.width, body.height + HEADER_HEIGHT)


MENU_ROW = 32


def menu(point: tuple[float, float], title: str, items: Sequence[str], size: tuple[float, float],
         cancel: str) -> list[Shape]:
    """A small menu beside the click, when one place stands for several moves: each item is a
    click target ``choice-<n>`` (and ``choice-cancel``), so the choice is made where the
    student is looking, even with the rest of the board scrolled away."""
    labels = [*items, "✗ " + cancel]
    width = min(max(max(text_width(label, 15) for label in labels) + 28, 220), 460)
    heading = wrap_text(title, 15, width - 16, max_lines=CALLOUT_LINES)  # never cut (#33.6)
    height = len(heading) * 19 + 10 + len(labels) * MENU_ROW + 6
    x, y = point[0] + 12, point[1] + 12
    if x + width > size[0] - 4:
        x = max(point[0] - 12 - width, 4)
    if y + height > size[1] - 4:
        y = max(point[1] - 12 - height, 4)
    shapes: list[Shape] = [Rect(x, y, width, height, Style(fill="#f2f8fd", stroke="#2f6f9f",
                                                           width=2.5), layer="marks")]
    for index, line in enumerate(heading):
        shapes.append(Text(x + 9, y + 15 + index * 19, line, 15, "#12324a", bold=True,
                           layer="marks"))
    top = y + len(heading) * 19 + 8
    for index, label in enumerate(labels):
        ident = "choice-cancel" if index == len(items) else f"choice-{index}"
        row = top + index * MENU_ROW
        shapes += [Rect(x + 6, row, width - 12, MENU_ROW - 4,
                        Style(fill="#ffffff" if index == len(items) else "#dcecf9",
                              stroke="#2f6f9f"), ident, "marks", label),
                   Text(x + 14, row + (MENU_ROW - 4) / 2, label, 15, "#12324a", layer="marks")]
    return shapes

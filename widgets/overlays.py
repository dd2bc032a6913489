"""What the generic board draws over every game's picture: the header with the message of the
moment, outlines of targets, last-move tags, a message beside a refused click, the curtain.

Pure functions from plain values to shapes, so they are the same in every game and testable
without a widget.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from widgets.scene import Rect, Scene, Shape, Style, Text, box_of, shifted, text_width, wrap_text

HEADER_HEIGHT = 66
TITLE_SIZE = 22
MESSAGE_SIZE = 17

TONES = {  # band colour and a leading sign: colour is never the only cue
    "status": (None, ""),
    "refused": ("#9b1c1c", "✗ "),
    "hint": ("#7a1f6b", "★ "),
    "success": ("#1f6b2a", "✔ "),
    "curtain": ("#27415e", "⇄ "),
}

OUTLINES = {  # kind → (colour, line width, dash)
    "legal": ("#00a3ff", 4.0, ()),
    "hint": ("#d6008f", 5.0, (7.0, 4.0)),
    "chosen": ("#111111", 4.0, ()),
    "refused": ("#e00000", 5.0, ()),
    "last": ("#ff8c00", 3.0, (4.0, 3.0)),
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
    left = 14 + text_width(title, TITLE_SIZE) + 24
    lines = wrap_text(signed(sign, message.text), MESSAGE_SIZE, width - left - 12)
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


def last_move_tags(body: Sequence[Shape], tags: Mapping[str, str],
                   width_limit: float = 10_000) -> list[Shape]:
    """A small tag ("last: Player 2") on each target a seat's last move was made on: inside
    the top of a tall target (a column), just above a small one (a tile); a tag that would
    cover another moves aside, so every seat's tag stays readable."""
    boxes = {shape.id: box_of(shape) for shape in body if shape.id in tags}
    marks: list[Shape] = []
    placed: list[tuple[float, float, float, float]] = []
    for target, text in tags.items():
        if target not in boxes:
            continue
        x0, y0, x1, y1 = boxes[target]
        width = text_width(text, 12) + 10
        x = min(max(x0, 2), max(x1 - width, 2))
        top = y0 + 3 if y1 - y0 > 60 else y0 - 17
        x, top = _free_spot(x, top, width, placed, width_limit)
        placed.append((x, top, x + width, top + 16))
        marks += [Rect(x, top, width, 16, Style(fill="#ff8c00", stroke="#7a4300"),
                       layer="marks"),
                  Text(x + 5, top + 8, text, 12, "#1d1d1d", bold=True, layer="marks")]
    return marks


def _free_spot(x: float, top: float, width: float,
               placed: list[tuple[float, float, float, float]],
               width_limit: float) -> tuple[float, float]:
    """The first of a few nearby spots where a tag covers no tag already placed."""
    for dx, dy in ((0, 0), (0, -18), (0, 18), (width + 4, 0), (-(width + 4), 0), (0, -36)):
        nx = min(max(x + dx, 2), max(width_limit - width - 2, 2))
        ny = top + dy
        box = (nx, ny, nx + width, ny + 16)
        if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                   for b in placed):
            return nx, ny
    return x, top


CALLOUTS = {"refused": ("#fff4f4", "#b00020", "#7a0012"),  # fill, border, ink
            "success": ("#eefaee", "#1f6b2a", "#12401a")}


def callout(point: tuple[float, float], text: str, size: tuple[float, float],
            tone: str = "refused") -> list[Shape]:
    """A message beside the click that caused it (a refusal, a step done), kept inside the
    picture: the student reads it where they are looking, even with the header scrolled away."""
    width_limit = 340.0
    fill, border, ink = CALLOUTS[tone]
    lines = wrap_text(signed(TONES[tone][1], text), 15, width_limit - 16, max_lines=4)
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
    heading = wrap_text(title, 15, width - 16, max_lines=3)
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

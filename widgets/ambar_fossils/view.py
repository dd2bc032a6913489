"""The Âmbar board as a scene: a pure function of what the viewer sees (no widgets here).

Click targets: ``down-D`` (a face-down pile), ``up-D3`` (a face-up fossil),
``column-<seat>-<n>`` (column n = 1..10 of a display) and ``hand`` (the chosen fossil).
The view reads only ``observation(viewer)``; since nobody knows a face-down number
(AF-2.2), every seat sees the same board apart from which display is "(you)".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from boardlib.ambar_fossils import COMPONENTS
from boardlib.ambar_fossils.observation import AmbarFossilsObservation
from widgets.ambar_fossils.labels import LABELS
from widgets.labels import label, seat_title
from widgets.scene import (
    Circle,
    Polygon,
    Rect,
    Scene,
    Shape,
    Style,
    Text,
    fit_line,
    regular_polygon,
    text_width,
)
from widgets.spec import ViewContext

LETTERS = "".join(t["letter"] for t in COMPONENTS["types"])  # "DPMA"
NUMBERS = len(COMPONENTS["numbers"])  # 6
COLOURS = {t["letter"]: t["colour"] for t in COMPONENTS["types"]}
INK = {"D": "#ffffff", "P": "#ffffff", "M": "#ffffff", "A": "#1d1d1d"}  # readable on each colour
SHAPES = {"D": "square", "P": "circle", "M": "diamond", "A": "hexagon"}  # never colour alone

WIDTH = 860  # fits a JupyterLab cell on a 1280-pixel screen, never scaled
TILE = 40  # a fossil on the board
STEP = 15  # the height of a covered fossil, drawn as a slab under the top one
CELL = 44  # a face-up slot in the Excavation
EXCAVATION_TOP = 8
EXCAVATION_HEIGHT = 4 * CELL + 44
ROW_TOP = EXCAVATION_TOP + EXCAVATION_HEIGHT + 12
ROW_HEADER = 30  # a player's name, bot and level counts, above their columns
NAME_WIDTH = 60
COLUMN_WIDTH = 62


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def view(seen: AmbarFossilsObservation, context: ViewContext) -> Scene:
    """The Excavation, the fossil in hand and every display, as ``context.viewer`` sees them."""
    lang = context.lang
    names = list(context.names) or list(seen["names"])
    displays = [[column.split("/") for column in display] for display in seen["displays"]]
    rows = [_row_height(display) for display in displays]
    height = ROW_TOP + sum(rows) + 8 * len(rows) + 30
    shapes: list[Shape] = []
    shapes += _excavation(seen, lang)
    shapes += _hand(seen, lang)
    top = ROW_TOP
    for seat, display in enumerate(displays):
        shapes += _display(seen, seat, display, top, rows[seat], names, context)
        top += rows[seat] + 8
    shapes.append(Text(12, height - 16, _label("legend", lang), 14, "#444", layer="board"))
    return Scene(WIDTH, height, tuple(shapes), background="#fbf7ef")


def fossil_shape(token: str, x: float, y: float, size: float = TILE, *, ident: str | None = None,
                 layer: str = "pieces", faded: bool = False) -> list[Shape]:
    """A fossil as a coloured shape (its type's shape, too) with its letter and number."""
    letter = token[0]
    style = Style(fill=COLOURS[letter], stroke="#1d1d1d", width=1.5, alpha=0.55 if faded else 1.0)
    cx, cy, half = x + size / 2, y + size / 2, size / 2
    kind = SHAPES[letter]
    body: Shape
    if kind == "square":
        body = Rect(x + 1, y + 1, size - 2, size - 2, style, ident, layer, token)
    elif kind == "circle":
        body = Circle(cx, cy, half - 1, style, ident, layer, token)
    elif kind == "diamond":
        body = Polygon(regular_polygon(cx, cy, half, 4), style, ident, layer, token)
    else:
        body = Polygon(regular_polygon(cx, cy, half - 1, 6, rotation=0.5236), style, ident, layer,
                       token)
    text = Text(cx, cy + 1, token, size * 0.42, INK[letter], "middle", True, layer)
    return [body, text]


def _excavation(seen: AmbarFossilsObservation, lang: str) -> list[Shape]:
    top = EXCAVATION_TOP
    shapes: list[Shape] = [
        Rect(8, top, WIDTH - 16, EXCAVATION_HEIGHT, Style(fill="#efe3cc", stroke="#b99c6b"),
             layer="board"),
        Text(20, top + 16, _label("excavation", lang), 18, "#5b3a1a", bold=True, layer="board"),
        Text(20, top + 40, _label("face_down", lang), 14, "#5b3a1a", layer="board"),
        Text(250, top + 16, _label("face_up", lang), 14, "#5b3a1a", layer="board"),
    ]
    face_down = seen["excavation"]["face_down"]
    for index, letter in enumerate(LETTERS):  # face-down piles, by type (AF-2.1)
        x, y = 24 + (index % 2) * 100, top + 58 + (index // 2) * 78
        count = face_down[letter]
        shapes += fossil_shape(f"{letter}?", x, y, 52, ident=f"down-{letter}" if count else None,
                               faded=not count)
        shapes.append(Text(x + 60, y + 26, f"×{count}", 17, "#222", bold=True))
    face_up = Counter(seen["excavation"]["face_up"])
    for row, letter in enumerate(LETTERS):  # face-up fossils, a slot per type and number
        for number in range(1, NUMBERS + 1):
            x, y = 250 + (number - 1) * (CELL + 6), top + 30 + row * CELL
            token = f"{letter}{number}"
            count = face_up[token]
            if count:
                shapes += fossil_shape(token, x + 2, y + 2, CELL - 6, ident=f"up-{token}")
                if count > 1:  # above the outlines, so a legal-move outline never hides it
                    shapes += [Circle(x + CELL - 5, y + 6, 9, Style(fill="#ffffff",
                                                                   stroke="#333"), layer="marks"),
                               Text(x + CELL - 5, y + 7, str(count), 12, "#111", "middle", True,
                                    layer="marks")]
            else:
                shapes.append(Rect(x + 4, y + 4, CELL - 10, CELL - 10,
                                   Style(stroke="#cdb894", dash=(3, 3)), layer="board"))
                shapes.append(Text(x + CELL / 2 - 3, y + CELL / 2 - 2, token, 11, "#b49f7b",
                                   "middle", layer="board"))
    return shapes


def _hand(seen: AmbarFossilsObservation, lang: str) -> list[Shape]:
    x, top = 580, EXCAVATION_TOP
    shapes: list[Shape] = [Text(x, top + 16, _label("in_hand", lang), 14, "#5b3a1a",
                                layer="board")]
    if seen["holding"]:
        shapes += fossil_shape(seen["holding"], x, top + 32, 64, ident="hand")
        shapes.append(Rect(x - 4, top + 28, 72, 72, Style(stroke="#111111", width=3)))
        shapes.append(Text(x + 80, top + 64, _label("click_to_return", lang), 14, "#5b3a1a"))
    elif seen["revealing"]:
        shapes += fossil_shape(f"{seen['revealing']}?", x, top + 32, 64)
        shapes.append(Text(x + 76, top + 64, _label("revealing", lang), 15, "#5b3a1a"))
    else:
        shapes.append(Rect(x, top + 32, 64, 64, Style(stroke="#b99c6b", dash=(5, 4)),
                           layer="board"))
    return shapes


def _row_height(display: Sequence[Sequence[str]]) -> int:
    tallest = max(4, max(len(column) for column in display))
    return ROW_HEADER + 8 + TILE + (tallest - 1) * STEP + 22


def _share_header(name: float, stats: float) -> tuple[float, float]:
    """How a row's header line is shared between the seat's title (left) and its level counts
    (right), given the widths each needs: each what it needs if both fit; else the title keeps up
    to two fifths of the line, the counts the rest (both are drawn smaller to fit)."""
    line = WIDTH - 20 - 18 - 24  # from the row's left edge to its right, a gap between
    if name + stats <= line:
        return name, stats
    name_room = max(line - stats, min(name, line * 2 / 5))
    return name_room, line - name_room


def _display(seen: AmbarFossilsObservation, seat: int, display: Sequence[Sequence[str]],
             top: float, height: float, names: Sequence[str],
             context: ViewContext) -> list[Shape]:
    lang = context.lang
    to_move = seen["phase"] != "over" and seen["to_move"] == seat
    frame = Style(fill="#fffaf0" if to_move else "#f6f1e7",
                  stroke="#d08a00" if to_move else "#d8cfbf", width=3 if to_move else 1)
    shapes: list[Shape] = [Rect(8, top, WIDTH - 16, height, frame, layer="pieces")]
    bottom = top + height - 22  # where every column stands
    for c, column in enumerate(display):
        x = NAME_WIDTH + c * COLUMN_WIDTH + (COLUMN_WIDTH - TILE) / 2
        shapes.append(Rect(NAME_WIDTH + c * COLUMN_WIDTH, top + ROW_HEADER, COLUMN_WIDTH,
                           height - ROW_HEADER - 4, Style(), f"column-{seat}-{c + 1}", "pieces",
                           _label("column", lang, n=c + 1)))
        for level, fossil in enumerate(column[:-1]):  # covered fossils: slabs, bottom up
            shapes += _slab(fossil, x, bottom - (level + 1) * STEP)
        shapes += fossil_shape(column[-1], x, bottom - (len(column) - 1) * STEP - TILE, TILE)
        shapes.append(Text(x + TILE / 2, top + height - 10, str(c + 1), 12, "#8a7a5a", "middle"))
    counts = seen["levels"][seat]
    higher = " · ".join(_label("level_n", lang, level=level, n=n)
                        for level, n in enumerate(counts[1:], start=3) if n)
    stats = f"{_label('level_2', lang)}: {counts[0]}" + (f"   ({higher})" if higher else "")
    name = seat_title(names, seat, context, LABELS, to_move)
    name_room, stats_room = _share_header(text_width(name, 17), text_width(stats, 16))
    shapes.append(Text(18, top + 17, *fit_line(name, 17, name_room), "#222", bold=to_move))
    shapes.append(Text(WIDTH - 20, top + 17, *fit_line(stats, 16, stats_room), "#222", "end",
                       True))
    return shapes


def _slab(token: str, x: float, y: float) -> list[Shape]:
    """A covered fossil: a thin slab in its type's colour, still labelled."""
    letter = token[0]
    return [Rect(x - 2, y, TILE + 4, STEP, Style(fill=COLOURS[letter], stroke="#1d1d1d")),
            Text(x + TILE / 2, y + STEP / 2 + 1, token, 10, INK[letter], "middle", True)]

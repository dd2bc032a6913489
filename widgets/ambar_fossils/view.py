"""The Âmbar board as a scene: a pure function of the state (no widgets here).

Click targets: ``down-D`` (a face-down pile), ``up-D3`` (a face-up fossil),
``column-<seat>-<n>`` (column n = 1..10 of a display) and ``hand`` (the chosen fossil).
"""

from __future__ import annotations

from collections.abc import Mapping

from boardlib.ambar_fossils import COMPONENTS, LETTERS, AmbarFossilsState, fossil_token
from boardlib.ambar_fossils.state import COLUMNS, NUMBERS, PLACE
from boardlib.messages import localized_names
from widgets.messages import label
from widgets.scene import Circle, Polygon, Rect, Scene, Style, Text, regular_polygon

COLOURS = {t["letter"]: t["colour"] for t in COMPONENTS["types"]}
INK = {"D": "#ffffff", "P": "#ffffff", "M": "#ffffff", "A": "#1d1d1d"}  # readable on each colour
SHAPES = {"D": "square", "P": "circle", "M": "diamond", "A": "hexagon"}  # never colour alone
HIGHLIGHT = {"legal": ("#00a3ff", ()), "hint": ("#d6008f", (7, 4)), "chosen": ("#111111", ())}

WIDTH = 860  # fits a JupyterLab cell on a 1280-pixel screen, never scaled
TILE = 40  # a fossil on the board
STEP = 15  # the height of a covered fossil, drawn as a slab under the top one
CELL = 44  # a face-up slot in the Excavation
HEADER = 46
EXCAVATION_TOP = 54
EXCAVATION_HEIGHT = 4 * CELL + 44
ROW_TOP = EXCAVATION_TOP + EXCAVATION_HEIGHT + 12
ROW_HEADER = 30  # a player's name, bot and level counts, above their columns
NAME_WIDTH = 60
COLUMN_WIDTH = 62


def view(
    state: AmbarFossilsState,
    viewer: int | None = None,
    highlights: Mapping[str, str] | None = None,
    lang: str = "en",
    bots: Mapping[int, str] | None = None,
) -> Scene:
    """The board for ``viewer`` (None: a spectator) with ``highlights`` (target id → kind:
    "legal", "hint" or "chosen"); ``bots`` names the bot in each bot seat."""
    highlights = dict(highlights or {})
    names = localized_names(state.names, lang)
    rows = [_row_height(state, p) for p in range(state.num_players)]
    height = ROW_TOP + sum(rows) + 8 * len(rows) + 30
    shapes: list = []
    shapes += _header(state, names, lang)
    shapes += _excavation(state, lang)
    shapes += _hand(state, lang)
    top = ROW_TOP
    for seat in range(state.num_players):
        shapes += _display(state, seat, top, rows[seat], names, viewer, lang, bots or {})
        top += rows[seat] + 8
    shapes.append(Text(12, height - 16, label("legend", lang), 14, "#444", layer="board"))
    shapes += _highlights(shapes, highlights)
    title = f"{label('title', lang)}: {_status_line(state, names, lang)}"
    return Scene(WIDTH, height, tuple(shapes), background="#fbf7ef", title=title)


def fossil_shape(token: str, x: float, y: float, size: float = TILE, *, ident: str | None = None,
                 layer: str = "pieces", faded: bool = False) -> list:
    """A fossil as a coloured shape (its type's shape, too) with its letter and number."""
    letter = token[0]
    style = Style(fill=COLOURS[letter], stroke="#1d1d1d", width=1.5, alpha=0.55 if faded else 1.0)
    cx, cy, half = x + size / 2, y + size / 2, size / 2
    kind = SHAPES[letter]
    title = token
    if kind == "square":
        body = Rect(x + 1, y + 1, size - 2, size - 2, style, ident, layer, title)
    elif kind == "circle":
        body = Circle(cx, cy, half - 1, style, ident, layer, title)
    elif kind == "diamond":
        body = Polygon(regular_polygon(cx, cy, half, 4), style, ident, layer, title)
    else:
        body = Polygon(regular_polygon(cx, cy, half - 1, 6, rotation=0.5236), style, ident, layer,
                       title)
    text = Text(cx, cy + 1, token, size * 0.42, INK[letter], "middle", True, layer)
    return [body, text]


def _status_line(state: AmbarFossilsState, names: list[str], lang: str) -> str:
    if state.is_terminal():
        return label("over", lang)
    player = names[state.player]
    if state.phase == PLACE:
        return label("turn_place", lang, player=player, fossil=fossil_token(state.holding))
    if state.end_phase:
        return label("turn_choose_end", lang, player=player)
    return label("turn_choose", lang, player=player)


def _header(state: AmbarFossilsState, names: list[str], lang: str) -> list:
    return [
        Rect(0, 0, WIDTH, HEADER, Style(fill="#5b3a1a"), layer="board"),
        Text(16, HEADER / 2, label("title", lang), 24, "#ffe6a8", bold=True, layer="board"),
        Text(140, HEADER / 2, _status_line(state, names, lang), 19, "#ffffff"),
    ]


def _excavation(state: AmbarFossilsState, lang: str) -> list:
    top = EXCAVATION_TOP
    shapes: list = [
        Rect(8, top, WIDTH - 16, EXCAVATION_HEIGHT, Style(fill="#efe3cc", stroke="#b99c6b"),
             layer="board"),
        Text(20, top + 16, label("excavation", lang), 18, "#5b3a1a", bold=True, layer="board"),
        Text(20, top + 40, label("face_down", lang), 14, "#5b3a1a", layer="board"),
        Text(250, top + 16, label("face_up", lang), 14, "#5b3a1a", layer="board"),
    ]
    for index, letter in enumerate(LETTERS):  # face-down piles, by type (AF-2.1)
        x, y = 24 + (index % 2) * 100, top + 58 + (index // 2) * 78
        count = state.down[index]
        shapes += fossil_shape(f"{letter}?", x, y, 52, ident=f"down-{letter}" if count else None,
                               faded=not count)
        shapes.append(Text(x + 60, y + 26, f"×{count}", 17, "#222", bold=True))
    for row in range(len(LETTERS)):  # face-up fossils, a slot per type and number
        for number in range(NUMBERS):
            code = row * NUMBERS + number
            x, y = 250 + number * (CELL + 6), top + 30 + row * CELL
            count = state.up[code]
            token = fossil_token(code)
            if count:
                shapes += fossil_shape(token, x + 2, y + 2, CELL - 6, ident=f"up-{token}")
                if count > 1:
                    shapes += [Circle(x + CELL - 5, y + 6, 9, Style(fill="#ffffff",
                                                                   stroke="#333")),
                               Text(x + CELL - 5, y + 7, str(count), 12, "#111", "middle", True)]
            else:
                shapes.append(Rect(x + 4, y + 4, CELL - 10, CELL - 10,
                                   Style(stroke="#cdb894", dash=(3, 3)), layer="board"))
                shapes.append(Text(x + CELL / 2 - 3, y + CELL / 2 - 2, token, 11, "#b49f7b",
                                   "middle", layer="board"))
    return shapes


def _hand(state: AmbarFossilsState, lang: str) -> list:
    x, top = 580, EXCAVATION_TOP
    shapes: list = [Text(x, top + 16, label("in_hand", lang), 14, "#5b3a1a", layer="board")]
    if state.holding >= 0:
        shapes += fossil_shape(fossil_token(state.holding), x, top + 32, 64, ident="hand")
    elif state.revealing >= 0:
        shapes += fossil_shape(f"{LETTERS[state.revealing]}?", x, top + 32, 64)
        shapes.append(Text(x + 76, top + 64, label("revealing", lang), 15, "#5b3a1a"))
    else:
        shapes.append(Rect(x, top + 32, 64, 64, Style(stroke="#b99c6b", dash=(5, 4)),
                           layer="board"))
    return shapes


def _row_height(state: AmbarFossilsState, seat: int) -> int:
    tallest = max(4, max(state.heights[seat]))
    return ROW_HEADER + 8 + TILE + (tallest - 1) * STEP + 22


def _display(state, seat, top, height, names, viewer, lang, bots) -> list:
    to_move = state.current_player() == seat or (state.is_chance_node() and state.player == seat)
    frame = Style(fill="#fffaf0" if to_move else "#f6f1e7",
                  stroke="#d08a00" if to_move else "#d8cfbf", width=3 if to_move else 1)
    shapes: list = [Rect(8, top, WIDTH - 16, height, frame, layer="pieces")]
    name = names[seat] + (label("you_tag", lang) if seat == viewer else "")
    if seat in bots:
        name += " · " + label("bot", lang, bot=label(f"bot_{bots[seat]}", lang))
    shapes.append(Text(18, top + 17, ("▶ " if to_move else "") + name, 17, "#222", bold=to_move))
    bottom = top + height - 22  # where every column stands
    for c in range(COLUMNS):
        x = NAME_WIDTH + c * COLUMN_WIDTH + (COLUMN_WIDTH - TILE) / 2
        shapes.append(Rect(NAME_WIDTH + c * COLUMN_WIDTH, top + ROW_HEADER, COLUMN_WIDTH,
                           height - ROW_HEADER - 4,
                           Style(), f"column-{seat}-{c + 1}", "pieces",
                           label("column", lang, n=c + 1)))
        column = state.cols[seat][c]
        for level, fossil in enumerate(column[:-1]):  # covered fossils: slabs, bottom up
            shapes += _slab(fossil_token(fossil), x, bottom - (level + 1) * STEP)
        shapes += fossil_shape(fossil_token(column[-1]), x,
                               bottom - (len(column) - 1) * STEP - TILE, TILE)
        shapes.append(Text(x + TILE / 2, top + height - 10, str(c + 1), 12, "#8a7a5a", "middle"))
    counts = state.level_counts(seat)
    higher = " · ".join(label("level_n", lang, level=level, n=n)
                        for level, n in enumerate(counts[1:], start=3) if n)
    stats = f"{label('level_2', lang)}: {counts[0]}" + (f"   ({higher})" if higher else "")
    shapes.append(Text(WIDTH - 20, top + 17, stats, 16, "#222", "end", True))
    return shapes


def _slab(token: str, x: float, y: float) -> list:
    """A covered fossil: a thin slab in its type's colour, still labelled."""
    letter = token[0]
    return [Rect(x - 2, y, TILE + 4, STEP, Style(fill=COLOURS[letter], stroke="#1d1d1d")),
            Text(x + TILE / 2, y + STEP / 2 + 1, token, 10, INK[letter], "middle", True)]


def _highlights(shapes: list, highlights: Mapping[str, str]) -> list:
    """Outlines around highlighted targets, on their own layer."""
    marks = []
    for shape in shapes:
        kind = highlights.get(shape.id) if shape.id else None
        if kind is None:
            continue
        colour, dash = HIGHLIGHT[kind]
        x0, y0, x1, y1 = _box(shape)
        marks.append(Rect(x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6,
                          Style(stroke=colour, width=4, dash=dash), layer="highlights"))
    return marks


def _box(shape) -> tuple[float, float, float, float]:
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    xs = [p[0] for p in shape.points]
    ys = [p[1] for p in shape.points]
    return min(xs), min(ys), max(xs), max(ys)

"""The Amphipolis board as a scene: a pure function of what the viewer sees (no widgets here).

Click targets: ``tile-<code>`` (the tiles of one type in a sorting area, e.g. ``tile-MR``) and
``character-<seat>-<code>`` (a player's character card). Nothing in Amphipolis is hidden
(AM-3.4), so every viewer sees the same board apart from which row is "(you)".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from boardlib.amphipolis import AREAS, CHARACTERS, TOKENS, scoring
from boardlib.amphipolis.data import AREA_NAMES, CHARACTER_NAMES, COMPONENTS, ENTRANCE
from boardlib.amphipolis.observation import AmphipolisObservation
from widgets.amphipolis.groups import amphora_groups, mosaic_split, skeleton_split
from widgets.amphipolis.labels import LABELS
from widgets.labels import label, seat_title
from widgets.scene import (
    Circle,
    Line,
    Polygon,
    Rect,
    Scene,
    Shape,
    Style,
    Text,
    fit_line,
    regular_polygon,
)
from widgets.spec import ViewContext

AREA_OF = {t["code"]: t["area"] for t in COMPONENTS["tiles"]["types"]}
AREA_TOKENS = {area: [t for t in TOKENS if AREA_OF[t] == area] for area in AREAS}
COLOURS = {"MR": "#c0392b", "MG": "#2e8b57", "MY": "#f1c40f", "CA": "#f4f1ea", "SP": "#d9c291",
           "AB": "#2e6fd1", "AN": "#8b5a2b", "AR": "#c0392b", "AG": "#2e8b57", "AY": "#f1c40f",
           "AP": "#7d3c98", "LU": "#efe6cf", "LL": "#efe6cf", "SU": "#efe6cf", "SL": "#efe6cf",
           "LS": "#6f655a"}
DARK_INK = {"MY", "CA", "SP", "AY", "LU", "LL", "SU", "SL"}  # light tiles get dark letters
SHOW_BAG = "show_bag_contents"

WIDTH = 912  # fits a JupyterLab cell at 1400 pixels, never scaled
SLOT = 52  # one tile type in a sorting area
TILE = 46
AREA_TOP = 8
AREA_HEIGHT = 100
MIDDLE_TOP = AREA_TOP + AREA_HEIGHT + 8
MIDDLE_HEIGHT = 78
ROWS_TOP = MIDDLE_TOP + MIDDLE_HEIGHT + 8
ROW_HEIGHT = 118
CARDS_X = 372  # where a player's character cards begin in their row, right of the name
MINI = 30  # a tile among a player's finds
GROUP_X = {"mosaics": 16, "statues": 170, "amphoras": 338, "skeletons": 594}
GROUP_WIDTH = {"mosaics": 146, "statues": 160, "amphoras": 248, "skeletons": 170}


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def view(seen: AmphipolisObservation, context: ViewContext) -> Scene:
    """The four sorting areas, the entrance, the bag and every player's finds and characters."""
    lang = context.lang
    names = list(context.names) or list(seen["names"])
    rows = len(seen["names"]) + (1 if seen["players"] == 1 else 0)  # solo: the robber's row
    height = ROWS_TOP + rows * (ROW_HEIGHT + 8) + 40
    shapes: list[Shape] = []
    shapes += _sorting_areas(seen, lang)
    shapes += _entrance(seen, lang)
    shapes += _bag(seen, lang, bool(context.options.get(SHOW_BAG, True)))
    for seat in range(len(seen["names"])):
        shapes += _player_row(seen, seat, ROWS_TOP + seat * (ROW_HEIGHT + 8), names, context)
    if seen["players"] == 1:
        shapes += _robber_row(seen, ROWS_TOP + ROW_HEIGHT + 8, lang)
    for line, key in enumerate(("legend", "legend_2")):
        shapes.append(Text(12, height - 28 + line * 16, _label(key, lang), 13, "#444",
                           layer="board"))
    return Scene(WIDTH, height, tuple(shapes), background="#f7f3ea")


def tile_shape(code: str, x: float, y: float, size: float = TILE, *, ident: str | None = None,
               faded: bool = False, title: str | None = None) -> list[Shape]:
    """A tile: its colour, a shape for its kind (so colour is never the only cue), its code."""
    style = Style(fill=COLOURS[code], stroke="#2b2b2b", width=1.5, alpha=0.3 if faded else 1.0)
    cx, cy, half = x + size / 2, y + size / 2, size / 2
    body: Shape
    if code.startswith("M"):  # mosaic: a square
        body = Rect(x + 1, y + 1, size - 2, size - 2, style, ident, "pieces", title)
    elif code == "CA":  # caryatid: a pillar with a capital
        right, bottom = x + size, y + size
        body = Polygon(((x + 6, y + 2), (right - 6, y + 2), (right - 6, y + 9), (right - 12, y + 9),
                        (right - 12, bottom - 2), (x + 12, bottom - 2), (x + 12, y + 9),
                        (x + 6, y + 9)), style, ident, "pieces", title)
    elif code == "SP":  # sphinx: a triangle
        body = Polygon(((cx, y + 2), (x + size - 2, y + size - 2), (x + 2, y + size - 2)),
                       style, ident, "pieces", title)
    elif code.startswith("A"):  # amphora: a circle
        body = Circle(cx, cy, half - 1, style, ident, "pieces", title)
    elif code == "LS":  # landslide: a hexagon
        body = Polygon(regular_polygon(cx, cy, half - 1, 6, rotation=0.5236), style, ident,
                       "pieces", title)
    else:  # skeleton half: upper points up, lower points down; small halves are smaller
        inset = 2 if code[0] == "L" else size * 0.16
        top, bottom = y + inset, y + size - inset
        left, right = x + inset, x + size - inset
        if code[1] == "U":
            points = ((cx, top), (right, cy), (right, bottom), (left, bottom), (left, cy))
        else:
            points = ((left, top), (right, top), (right, cy), (cx, bottom), (left, cy))
        body = Polygon(points, style, ident, "pieces", title)
    ink = "#1d1d1d" if code in DARK_INK else "#ffffff"
    text = Text(cx, cy + 2, code, size * 0.36, ink if not faded else "#8a8070", "middle", True)
    return [body, text]


def _badge(x: float, y: float, count: int) -> list[Shape]:
    """A count on a tile, above the outlines so that no legal-move outline hides it."""
    return [Circle(x, y, 10, Style(fill="#ffffff", stroke="#333"), layer="marks"),
            Text(x, y + 1, str(count), 12, "#111", "middle", True, layer="marks")]


def _area_width(area: str) -> float:
    return max(158, 16 + len(AREA_TOKENS[area]) * SLOT)  # room for "Marble Statues · 12"


def _sorting_areas(seen: AmphipolisObservation, lang: str) -> list[Shape]:
    shapes: list[Shape] = []
    x = 8.0
    tile_names = {t["code"]: t[lang if lang in ("en", "ja") else "en"]
                  for t in COMPONENTS["tiles"]["types"]}
    for a, area in enumerate(AREAS):
        width = _area_width(area)
        chosen = seen.get("chosen") == area
        frame = Style(fill="#efe3cc", stroke="#d08a00" if chosen else "#b99c6b",
                      width=3 if chosen else 1)
        count = sum(seen["areas"].get(t, 0) for t in AREA_TOKENS[area])
        shapes += [Rect(x, AREA_TOP, width, AREA_HEIGHT, frame, layer="board"),
                   Text(x + 8, AREA_TOP + 17, _label("area_tiles", lang, area=AREA_NAMES[lang][a],
                                                     n=count), 14, "#5b3a1a", bold=True,
                        layer="board")]
        for i, code in enumerate(AREA_TOKENS[area]):
            tx, ty = x + 8 + i * SLOT + (SLOT - TILE) / 2, AREA_TOP + 44  # a tag fits above
            n = seen["areas"].get(code, 0)
            shapes += tile_shape(code, tx, ty, ident=f"tile-{code}", faded=not n,
                                 title=tile_names[code])
            if n > 1:
                shapes += _badge(tx + TILE - 2, ty + 4, n)
        x += width + 6
    return shapes


def _entrance(seen: AmphipolisObservation, lang: str) -> list[Shape]:
    top, covered = MIDDLE_TOP, seen["covered"]
    text = _label("entrance", lang, covered=covered, total=ENTRANCE)
    if seen["players"] == 1:
        text += _label("entrance_solo", lang, start=COMPONENTS["setup"]["solo_covered_at_start"])
    shapes: list[Shape] = [Rect(8, top, 540, MIDDLE_HEIGHT, Style(fill="#ece6da", stroke="#a89a82"),
                                layer="board"),
                           Text(18, top + 18, text, 15, "#3b3026", bold=True, layer="board")]
    for space in range(ENTRANCE):
        x, y = 18 + space * 32, top + 32
        if space < covered:
            shapes += tile_shape("LS", x, y, 30)
        else:
            shapes.append(Rect(x + 1, y + 1, 28, 28, Style(stroke="#8f8573", dash=(3, 3)),
                               layer="board"))
            shapes.append(Text(x + 15, y + 17, str(space + 1), 11, "#8f8573", "middle",
                               layer="board"))
    return shapes


def _bag(seen: AmphipolisObservation, lang: str, contents: bool) -> list[Shape]:
    x, top = 556, MIDDLE_TOP
    bag: Mapping[str, int] = seen["bag"]
    shapes: list[Shape] = [
        Rect(x, top, WIDTH - x - 8, MIDDLE_HEIGHT, Style(fill="#e9dfcb", stroke="#a89a82"),
             layer="board"),
        Text(x + 10, top + 18, _label("bag", lang, n=sum(bag.values())), 15, "#3b3026",
             bold=True, layer="board"),
    ]
    if not contents:
        shapes.append(Text(x + 10, top + 44, _label("bag_hidden", lang), 12, "#5b4d3d",
                           layer="board"))
        return shapes
    shapes.append(Text(WIDTH - 18, top + 18, _label("bag_landslides", lang, n=bag.get("LS", 0)),
                       13, "#3b3026", "end", layer="board"))
    lines = [[t for t in TOKENS if AREA_OF[t] in ("mosaics", "statues", "entrance")],
             AREA_TOKENS["amphoras"], AREA_TOKENS["skeletons"]]
    for row, codes in enumerate(lines):
        words = "  ".join(f"{code} {bag.get(code, 0)}" for code in codes)
        shapes.append(Text(x + 10, top + 38 + row * 16, words, 13, "#3b3026", layer="board"))
    return shapes


def _name_line(seen: AmphipolisObservation, seat: int, names: Sequence[str],
               context: ViewContext) -> str:
    to_move = seen["phase"] != "over" and seen["to_move"] == seat
    return seat_title(names, seat, context, LABELS, to_move)


def _player_row(seen: AmphipolisObservation, seat: int, top: float, names: Sequence[str],
                context: ViewContext) -> list[Shape]:
    lang = context.lang
    to_move = seen["phase"] not in ("over", "seed") and seen["to_move"] == seat
    frame = Style(fill="#fffaf0" if to_move else "#f3eee4",
                  stroke="#d08a00" if to_move else "#d8cfbf", width=3 if to_move else 1)
    shapes: list[Shape] = [Rect(8, top, WIDTH - 16, ROW_HEIGHT, frame, layer="pieces"),
                           Text(18, top + 19, *fit_line(_name_line(seen, seat, names, context),
                                                        17, CARDS_X - 18 - 8), "#222",
                                bold=to_move)]
    used = set(seen["used"][seat])
    for c, code in enumerate(CHARACTERS):
        shapes += _character_card(seat, code, CHARACTER_NAMES[lang][c], code in used,
                                  CARDS_X + c * 132, top + 5, lang)
    finds = seen["finds"][seat]
    shapes += _finds(finds, seen["scores"][seat], _statue_kinds(seen)[seat], top + 32, lang)
    return shapes


def _robber_row(seen: AmphipolisObservation, top: float, lang: str) -> list[Shape]:
    frame = Style(fill="#ede4e4", stroke="#8a4a4a", width=2)
    robber_scores = _solo_rows(seen)[1]
    shapes: list[Shape] = [
        Rect(8, top, WIDTH - 16, ROW_HEIGHT, frame, layer="pieces"),
        Text(18, top + 19, "☠ " + _label("robber", lang), 17, "#5a1f1f", bold=True),
        Text(200, top + 19, _label("robber_note", lang), 12, "#5a1f1f"),
    ]
    shapes += _finds(seen["robber"], robber_scores, _statue_kinds(seen)[1], top + 32, lang)
    return shapes


def _solo_rows(seen: AmphipolisObservation) -> list[list[int]]:
    """Points by area for the player (the engine's) and the robber, scored like a player."""
    robber = seen["robber"]
    statues = _statue_kinds(seen)[1]
    return [list(seen["scores"][0]), [
        scoring.mosaic_points([robber.get(t, 0) for t in AREA_TOKENS["mosaics"]]),
        statues[0] + statues[1],
        scoring.amphora_points([robber.get(t, 0) for t in AREA_TOKENS["amphoras"]]),
        scoring.skeleton_points(*(robber.get(t, 0) for t in AREA_TOKENS["skeletons"])),
    ]]


def _statue_kinds(seen: AmphipolisObservation) -> list[tuple[int, int]]:
    """Each collection's caryatid and sphinx points (the robber's last, in the solo game):
    the 2-player exception only in a 2-player game (AM-6.6, AM-8.4)."""
    collections = list(seen["finds"]) + ([seen["robber"]] if seen["players"] == 1 else [])
    two_player = seen["players"] == 2
    kinds = [scoring.statue_points([c.get(k, 0) for c in collections], two_player)
             for k in ("CA", "SP")]
    return list(zip(kinds[0], kinds[1]))


def _character_card(seat: int, code: str, name: str, used: bool, x: float, y: float,
                    lang: str) -> list[Shape]:
    style = Style(fill="#d6d0c4" if used else "#fdf2d0", stroke="#8a7a5a",
                  width=1, dash=(4, 3) if used else ())
    shapes: list[Shape] = [Rect(x, y, 124, 24, style, f"character-{seat}-{code}", "pieces", name),
                           Text(x + 62, y + 16, f"✗ {name}" if used else name, 13,
                                "#6d665c" if used else "#3b2a10", "middle", not used)]
    if used:
        shapes.append(Line(((x + 4, y + 12), (x + 120, y + 12)), Style(stroke="#6d665c",
                                                                       width=1.5), "pieces"))
    return shapes


def _finds(finds: Mapping[str, int], points: Sequence[int], statues: tuple[int, int],
           top: float, lang: str) -> list[Shape]:
    """A player's finds grouped by sorting area, each with what it scores now and how."""
    shapes: list[Shape] = []
    for a, area in enumerate(AREAS):
        x, width = GROUP_X[area], GROUP_WIDTH[area]
        counts = [finds.get(t, 0) for t in AREA_TOKENS[area]]
        shapes.append(Rect(x, top, width, ROW_HEIGHT - 36, Style(fill="#ffffff", stroke="#cbbd9f"),
                           layer="pieces"))
        shapes.append(Text(x + 6, top + 14, f"{AREA_NAMES[lang][a]}: "
                           f"{_label('points', lang, n=points[a])}", 12, "#3b2a10", bold=True))
        for i, code in enumerate(AREA_TOKENS[area]):
            tx = x + 6 + i * (MINI + 10)
            shapes += tile_shape(code, tx, top + 20, MINI, faded=not counts[i])
            if counts[i]:
                shapes.append(Text(tx + MINI / 2, top + 62, f"×{counts[i]}", 12, "#222",
                                   "middle", True))
        shapes.append(Text(x + 6, top + 76, _groups(area, counts, statues, lang), 12, "#5b4d3d"))
    shapes.append(Text(WIDTH - 20, top + 44, _label("total", lang, n=sum(points)), 20, "#222",
                       "end", True))
    return shapes


def _groups(area: str, counts: Sequence[int], statues: tuple[int, int], lang: str) -> str:
    """How the area scores: single/mixed mosaics, the two statue kinds, amphora groups,
    families and lone skeletons."""
    if area == "mosaics":
        single, mixed = mosaic_split(counts)
        return _label("mosaic_groups", lang, single=single, mixed=mixed) if single or mixed else ""
    if area == "statues":
        return _label("statue_groups", lang, ca=statues[0], sp=statues[1])
    if area == "amphoras":
        groups = amphora_groups(counts)
        worth = ", ".join(f"{size}→{scoring.AMPHORA_POINTS[size]}" for size in groups)
        return _label("amphora_groups", lang, groups=worth) if groups else ""
    families, lone = skeleton_split(*counts)
    return _label("skeleton_groups", lang, families=families, lone=lone) if families or lone else ""

"""The Ambar (2018) board as a scene: a pure function of what the viewer sees (no widgets here).

Click targets: ``deck`` (draw, reveal), ``lineup-<k>`` (a line-up card, from 0: sell, buy, or
the danger just drawn: fight, pay), and per seat ``forest-<s>``, ``alchemy-<s>``,
``traveller-<s>``, ``village-<s>``, ``soldiers-<s>`` and ``event-<s>-<code>`` (one's own
event cards; others' hands are drawn as a count, AB-11.1). Every placeholder number carries a
``*`` that the legend explains (docs/rules/ambar_2018.md, AB-1.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardlib.ambar_2018.data import (
    BEST,
    BLACK,
    BLUE,
    CAPACITY,
    CARRY,
    CODES,
    COLOURS,
    COMPONENTS,
    COST,
    DEMANDS,
    KIND,
    KINDS,
    PRICES,
    RED,
    SITE_PRICES,
    TABLE,
    YELLOW,
)
from boardlib.ambar_2018.messages import EVENT_NAMES_JA, card_words, view_value
from boardlib.ambar_2018.observation import Ambar2018Observation, Ambar2018SeatView
from widgets.ambar_2018.labels import LABELS
from widgets.labels import label, seat_title
from widgets.scene import Circle, Polygon, Rect, Scene, Shape, Style, Text, fit_line, text_width
from widgets.spec import ViewContext

WIDTH = 912  # fits a JupyterLab cell at 1400 pixels, never scaled
TOP = 8
CARD_W, CARD_H = 86, 116
DECK_X, LINEUP_X = 8, 132
INFO_TOP = TOP + CARD_H + 6
ROWS_TOP = INFO_TOP + 50
ROW_H = 132
CREAM, INK, NIGHT = "#f4ead2", "#3b2a10", "#2b2622"
GEM_FILL = {YELLOW: "#f1c40f", BLUE: "#2e6fd1", RED: "#c0392b"}
"""Each gem colour's fill; the shape (circle, diamond, square) and the letter tell it too."""
EVENT_NAMES = {e["code"]: e["name"] for e in COMPONENTS["events"]["list"]}


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def event_words(code: str, lang: str) -> str:
    """An event card by name: "FC" → "Forest clearings" / "森の伐採"."""
    return EVENT_NAMES_JA[code] if lang == "ja" else EVENT_NAMES[code]


def _events_in_view(seen: Ambar2018Observation) -> list[str]:
    """The event cards face up to the viewer (their own hand), in code order: the legend names
    them, since a card shows only its code."""
    codes = {code for info in seen["seats"] if isinstance(info["event_hand"], dict)
             for code, n in info["event_hand"].items() if n}
    return sorted(codes)


def to_move(seen: Ambar2018Observation) -> int | None:
    """The seat that must decide now (None while chance plays or at the end)."""
    phase = seen["phase"]
    if phase in ("journey", "danger", "oracle", "actions", "choice"):
        return int(seen["active"])
    if phase in ("response", "carry", "trade", "upgrade"):
        decider = seen["decider"]  # set while a window is open in these phases
        assert decider is not None
        return int(decider)
    return None


def view(seen: Ambar2018Observation, context: ViewContext) -> Scene:
    """The deck, the journey line-up with its danger and days, the demons, and every seat's
    four cards, gold, soldiers and event cards."""
    lang = context.lang
    names = list(context.names) or list(seen["names"])
    rows = len(seen["names"])
    shown = _events_in_view(seen)
    legend = ["legend", "legend_2"] + (["legend_events"] if shown else [])
    height = ROWS_TOP + rows * (ROW_H + 6) + 8 + 16 * len(legend)
    shapes: list[Shape] = []
    shapes += _deck(seen, lang)
    shapes += _lineup(seen, lang)
    shapes += _journey_info(seen, names, lang)
    for seat in range(rows):
        shapes += _seat_row(seen, seat, ROWS_TOP + seat * (ROW_H + 6), names, context)
    events = " · ".join(f"{code} {event_words(code, lang)}" for code in shown)
    for line, key in enumerate(legend):
        shapes.append(Text(12, height - 10 - 16 * (len(legend) - 1 - line),
                           _label(key, lang, events=events), 13, "#444", layer="board"))
    return Scene(WIDTH, height, tuple(shapes), background="#f7f3ea")


def _deck(seen: Ambar2018Observation, lang: str) -> list[Shape]:
    deck: Mapping[str, int] = seen["deck"]
    left = sum(deck.values())
    black = sum(n for code, n in deck.items() if BLACK[CODES.index(code)])
    x, y = DECK_X, TOP
    shapes: list[Shape] = []
    for k in range(2, 0, -1):  # a little stack
        shapes.append(Rect(x + 3 * k, y + 3 * k, 112, CARD_H - 6, Style(fill="#7a5b34",
                                                                        stroke="#3b2a10"),
                           layer="board"))
    shapes += [Rect(x, y, 112, CARD_H - 6, Style(fill="#9c7443", stroke="#3b2a10", width=2),
                    "deck", "pieces", _label("deck", lang)),
               Text(x + 56, y + 20, _label("deck", lang), 13, "#fff8e6", "middle", True),
               Text(x + 56, y + 39, _label("deck_cards", lang, n=left), 15, "#fff8e6", "middle",
                    True),
               # the cream/black counts follow from which cards are round-1 or round-2 cards:
               # a placeholder (components.json), said beside them
               Text(x + 56, y + 56, _label("deck_split", lang, cream=left - black, black=black),
                    12, "#fff8e6", "middle"),
               Text(x + 56, y + 70, _label("deck_split_note", lang), 11, "#ffe6a8", "middle"),
               Text(x + 56, y + 87, _label("round", lang, n=seen["round"]), 12, "#fff8e6",
                    "middle")]
    top = seen["top"]
    if top:
        seen_top = _label("deck_top", lang, code=_short(top), card=card_words(top, lang))
        shapes.append(Text(x + 56, y + 102, _fit_width(seen_top, 11, 104), 11, "#ffe08a",
                           "middle", True))
    return shapes


def _fit_width(text: str, size: float, width: float) -> str:
    """``text`` cut with "…" to fit ``width`` pixels in bold (about a tenth wider)."""
    while len(text) > 1 and 1.1 * text_width(text, size) > width:
        text = text[:-2] + "…"
    return text


def card_details(code: str, lang: str) -> list[str]:
    """What a journey card offers, in short lines (placeholders marked with *)."""
    c = CODES.index(code)
    kind = KINDS[KIND[c]]
    if kind == "trade":
        y, b, r = PRICES[c]
        return [_label("prices", lang, y=y, b=b, r=r)]
    if kind == "alchemy":
        top = TABLE[c].get(3, [])
        made = " ".join(f"{COLOURS[col]}{n}" for col, n in top)
        return [_label("cost", lang, n=COST[c]), f"3: {made}*"]
    if kind == "traveller":
        y, b, r = CARRY[c]
        return [_label("cost", lang, n=COST[c]),
                _label("prices", lang, y=y, b=b, r=r).replace("*", "") + "*"]
    if kind == "village":
        red = "" if BEST[c] == RED else _label("no_red", lang)
        return [_label("cost", lang, n=COST[c]), _label("capacity", lang, n=CAPACITY[c],
                                                        red=red)]
    if kind == "bandit":
        return [f"→ {COLOURS[DEMANDS[c]]}*"]
    return []


def _card(code: str, x: float, y: float, ident: str | None, lang: str,
          used: bool = False) -> list[Shape]:
    """A journey card: cream or black, its code large, its name, what it offers."""
    black = BLACK[CODES.index(code)]
    fill, ink = (NIGHT, "#f4ead2") if black else (CREAM, INK)
    name = card_words(code, lang)
    shapes: list[Shape] = [
        Rect(x, y, CARD_W, CARD_H, Style(fill=fill, stroke="#6b5a3a", width=1.5,
                                         alpha=0.55 if used else 1.0), ident, "pieces", name),
        Text(x + CARD_W / 2, y + 30, "☾ " + _short(code) if black else _short(code), 20, ink,
             "middle", True),
    ]
    lines, size = _card_name(name)
    for line, words in enumerate(lines):  # one line at y + 50, or two around it
        shapes.append(Text(x + CARD_W / 2, y + 50 + (line - (len(lines) - 1) / 2) * 11, words,
                           size, ink, "middle"))
    below = y + 70 + 3 * (len(lines) - 1)
    for line, words in enumerate(card_details(code, lang)):
        shapes.append(Text(x + CARD_W / 2, below + line * 15, _fit(words, 14), 11, ink,
                           "middle"))
    if used:
        shapes.append(Text(x + CARD_W / 2, y + CARD_H - 8, "✓ " + _label("sold", lang), 12,
                           "#1f6b2a", "middle", True))
    return shapes


def _card_name(name: str) -> tuple[list[str], float]:
    """A card's name in lines, and the font size, to fit its face: one line at 11 or 10 px,
    else two lines at 10 px broken at a space ("Master / alchemist"), else without its bracket
    ("Bandits (yellow)": the card's demand line says the colour); cut with "…" only when
    nothing else fits."""
    room = CARD_W - 8
    for size in (11.0, 10.0):
        if text_width(name, size) <= room:
            return [name], size
    if " " in name:
        head, _, tail = name.rpartition(" ")
        if not tail.startswith("(") and max(text_width(head, 10), text_width(tail, 10)) <= room:
            return [head, tail], 10.0
    short = name.split(" (")[0].split("（")[0]
    if text_width(short, 11) <= room:
        return [short], 11.0
    return [_fit(short, 12)], 11.0


def _short(code: str) -> str:
    return {"SERPENT": "SRP", "REDDEMON": "RDM"}.get(code, code)


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


def _lineup(seen: Ambar2018Observation, lang: str) -> list[Shape]:
    lineup: Sequence[str] = seen["lineup"]
    used = set(seen["used"])
    shapes: list[Shape] = [Rect(LINEUP_X - 4, TOP - 4, WIDTH - LINEUP_X - 4, CARD_H + 8,
                                Style(fill="#ece3cf", stroke="#b99c6b"), layer="board")]
    if not lineup:
        shapes.append(Text(LINEUP_X + 12, TOP + CARD_H / 2, _label("lineup_empty", lang), 15,
                           "#6b5a3a", layer="board"))
    for k, code in enumerate(lineup):
        shapes += _card(code, LINEUP_X + k * (CARD_W + 6), TOP, f"lineup-{k}", lang, k in used)
        shapes.append(Text(LINEUP_X + k * (CARD_W + 6) + 8, TOP + 13, str(k + 1), 11,
                           "#b99c6b" if BLACK[CODES.index(code)] else "#8a7a5a"))
    turned = seen["turned"]
    if turned:
        x = LINEUP_X + len(lineup) * (CARD_W + 6)
        shapes.append(Rect(x, TOP, CARD_W, CARD_H, Style(fill="#9c9080", stroke="#6b5a3a",
                                                         dash=(4, 3)), layer="pieces"))
        shapes.append(Text(x + CARD_W / 2, TOP + 60, "↺ " + turned, 14, "#fff",
                           "middle", True))
    return shapes


def _where(value: Any, names: Sequence[str], lang: str) -> str:
    if isinstance(value, int):
        return _label("where_seat", lang, player=names[value])
    return _label({"place": "where_place", "line-up": "where_lineup",
                   "aside": "where_aside"}[value], lang)


def _journey_info(seen: Ambar2018Observation, names: Sequence[str], lang: str) -> list[Shape]:
    """Danger x/3 as three pips, the days against the 5th/6th/7th-day rewards, the demons,
    the phase and the actions left."""
    y = INFO_TOP
    black = seen["black_cards"]
    days = len(seen["lineup"])
    shapes: list[Shape] = [Rect(8, y, WIDTH - 16, 44, Style(fill="#fffaf0", stroke="#d8cfbf"),
                                layer="board"),
                           Text(16, y + 18, _label("danger", lang, n=black), 15,
                                "#8a1f1f" if black >= 2 else "#3b2a10", bold=True)]
    for k in range(3):
        shapes.append(Circle(122 + k * 18, y + 13, 7, Style(fill=NIGHT if k < black else "#fff",
                                                            stroke="#3b2a10")))
    shapes.append(Text(186, y + 18, _label("days", lang, n=days), 15, "#3b2a10", bold=True))
    for day in (5, 6, 7):  # the reward strip: reached days filled
        x = 262 + (day - 5) * 28
        reached = days >= day
        shapes.append(Rect(x, y + 4, 24, 20, Style(fill="#d08a00" if reached else "#fff",
                                                   stroke="#8a6a2a")))
        shapes.append(Text(x + 12, y + 18, str(day), 12, "#fff" if reached else "#8a6a2a",
                           "middle", True))
    shapes.append(Text(350, y + 18, _label("rewards", lang), 12, "#5b4d3d"))
    shapes.append(Text(16, y + 37, _label("serpent_at", lang,
                                          where=_where(seen["serpent"], names, lang)), 13,
                       "#3b2a10"))
    shapes.append(Text(300, y + 37, _label("demon_at", lang,
                                           where=_where(seen["demon"], names, lang)), 13,
                       "#3b2a10"))
    phase = _label("phase_line", lang, phase=_phase_words(seen["phase"], lang))
    if seen["phase"] == "actions":
        phase += " · " + (_label("fled", lang) if seen["fled"] and seen["actions"] <= 1
                          else _label("actions_left", lang, n=seen["actions"]))
    shapes.append(Text(WIDTH - 16, y + 37, phase, 13, "#3b2a10", "end", True))
    return shapes


def _phase_words(phase: str, lang: str) -> str:
    return view_value("phase", phase, lang)


def _seat_row(seen: Ambar2018Observation, seat: int, top: float, names: Sequence[str],
              context: ViewContext) -> list[Shape]:
    lang = context.lang
    info = seen["seats"][seat]
    moving = to_move(seen) == seat
    frame = Style(fill="#fffaf0" if moving else "#f3eee4",
                  stroke="#d08a00" if moving else "#d8cfbf", width=3 if moving else 1)
    name = seat_title(names, seat, context, LABELS, moving, "you_tag_short")
    if seen["active"] == seat and seen["phase"] != "over":
        name += " ★"
    shapes: list[Shape] = [Rect(8, top, WIDTH - 16, ROW_H, frame, layer="pieces"),
                           Text(18, top + 19, *fit_line(name, 16, WIDTH - 18 - 24), "#222",
                                bold=moving)]
    y = top + 28
    shapes += _forest(seat, info, 16, y, lang,
                      later=bool(seen.get("recover_later")) and seen.get("active") == seat)
    shapes += _alchemy(seat, info, 172, y, lang)
    shapes += _traveller(seat, info, 368, y, lang)
    shapes += _village(seat, info, 524, y, lang, seen)
    shapes += _purse(seat, info, 712, top + 6, lang)
    shapes += _events(seat, info, 712, top + 62, lang)
    return shapes


def _card_frame(x: float, y: float, w: float, ident: str, title: str) -> list[Shape]:
    return [Rect(x, y, w, ROW_H - 36, Style(fill="#ffffff", stroke="#b99c6b", width=1.5),
                 ident, "pieces", title),
            Text(x + 6, y + 15, _fit(title, int(w / 7.2)), 13, INK, bold=True)]


def _forest(seat: int, info: Ambar2018SeatView, x: float, y: float, lang: str,
            later: bool = False) -> list[Shape]:
    """The forest card; ``later``: emptied during this turn, recovered in the next (AB-6.7)."""
    markers = info["markers"]
    shapes = _card_frame(x, y, 150, f"forest-{seat}", _label("forest", lang))
    for site in range(3):
        cx = x + 24 + site * 40
        shapes.append(Circle(cx, y + 38, 13, Style(fill="#e8a33d" if site < markers else "#fff",
                                                   stroke="#8a5a1a", width=1.5)))
        shapes.append(Text(cx, y + 43, str(site + 1), 12, "#3b2a10", "middle", True))
    if markers:
        shapes.append(Text(x + 6, y + 70, _label("markers", lang, n=markers), 12, INK))
    else:
        shapes.append(Text(x + 6, y + 70, _label("no_marker_later" if later else "no_marker",
                                                 lang), 12, "#8a1f1f", bold=True))
    if 1 <= markers < 3:
        shapes.append(Text(x + 6, y + 87, _label("site_price", lang, n=markers + 1,
                                                 gold=SITE_PRICES[markers]), 11, "#5b4d3d"))
    return shapes


def _gems(gems: Mapping[str, int], x: float, y: float, lang: str) -> list[Shape]:
    """Gems as a shape per colour with its letter and count (colour is never the only cue)."""
    shapes: list[Shape] = []
    shown = [(colour, code) for colour, code in enumerate(COLOURS) if gems.get(code)]
    if not shown:
        return [Text(x, y + 4, _label("no_gems", lang), 12, "#8a7a5a")]
    for i, (colour, code) in enumerate(shown):
        gx = x + 8 + i * 48
        style = Style(fill=GEM_FILL[colour], stroke="#2b2b2b")
        if colour == YELLOW:
            shapes.append(Circle(gx, y, 9, style))
        elif colour == BLUE:
            shapes.append(Polygon(((gx, y - 11), (gx + 11, y), (gx, y + 11), (gx - 11, y)),
                                  style))
        else:
            shapes.append(Rect(gx - 9, y - 9, 18, 18, style))
        shapes.append(Text(gx, y + 4, code, 11, "#111" if colour == YELLOW else "#fff", "middle",
                           True))
        shapes.append(Text(gx + 12, y + 5, f"×{gems[code]}", 13, "#222", bold=True))
    return shapes


def _alchemy(seat: int, info: Ambar2018SeatView, x: float, y: float, lang: str) -> list[Shape]:
    code = info["alchemy"]
    shapes = _card_frame(x, y, 190, f"alchemy-{seat}", card_words(code, lang))
    options = TABLE[CODES.index(code)].get(info["markers"], [])
    if options:
        made = " / ".join(f"{COLOURS[col]}{n}" for col, n in options)
        shapes.append(Text(x + 6, y + 32, _label("makes", lang, options=made) + "*", 12, INK))
    else:
        shapes.append(Text(x + 6, y + 32, _label("makes_none", lang), 12, "#8a1f1f"))
    shapes += _gems(info["alchemy_gems"], x + 8, y + 60, lang)
    return shapes


def _traveller(seat: int, info: Ambar2018SeatView, x: float, y: float,
               lang: str) -> list[Shape]:
    code = info["traveller"]
    yellow, blue, red = CARRY[CODES.index(code)]
    shapes = _card_frame(x, y, 150, f"traveller-{seat}", card_words(code, lang))
    shapes.append(Text(x + 6, y + 34, _label("carries", lang, y=yellow, b=blue, r=red), 12,
                       INK))
    return shapes


def _village(seat: int, info: Ambar2018SeatView, x: float, y: float, lang: str,
             seen: Ambar2018Observation) -> list[Shape]:
    code = info["village"]
    card = CODES.index(code)
    red = "" if BEST[card] == RED else _label("no_red", lang)
    shapes = _card_frame(x, y, 180, f"village-{seat}", card_words(code, lang))
    shapes.append(Text(x + 6, y + 32, _label("capacity", lang, n=CAPACITY[card], red=red), 12,
                       INK))
    shapes += _gems(info["village_gems"], x + 8, y + 56, lang)
    carry = seen.get("carry")
    if carry and seat == seen["active"] and carry.get("count"):
        shapes.append(Text(x + 6, y + 86, _label("on_road", lang,
                                                 gems=f"{carry['colour']}{carry['count']}"),
                           12, "#7a1f6b", bold=True))
    return shapes


def _purse(seat: int, info: Ambar2018SeatView, x: float, y: float, lang: str) -> list[Shape]:
    return [Rect(x, y + 24, 88, 28, Style(fill="#fdf2d0", stroke="#8a7a5a"), layer="pieces"),
            Text(x + 44, y + 43, _label("gold", lang, n=info["gold"]), 14, "#6b4a00", "middle",
                 True),
            Rect(x + 94, y + 24, 96, 28, Style(fill="#e4e9f0", stroke="#5a6a7a"),
                 f"soldiers-{seat}", "pieces", _label("soldiers", lang, n=info["soldiers"])),
            Text(x + 142, y + 43, "⚔ " + _label("soldiers", lang, n=info["soldiers"]), 14,
                 "#1f3a5a", "middle", True)]


def _events(seat: int, info: Ambar2018SeatView, x: float, y: float, lang: str) -> list[Shape]:
    """One's own event cards, each a target; another seat's hand only as a count (AB-11.1)."""
    events = info["event_hand"]
    if isinstance(events, int):
        key = "events_hidden" if events else "events_none"
        shapes: list[Shape] = [Rect(x, y, 190, 26, Style(fill="#efe6f5", stroke="#7a5a8a",
                                                         dash=(3, 2)), layer="pieces"),
                               Text(x + 95, y + 18, _label(key, lang, n=events), 12, "#4a2a5a",
                                    "middle")]
        return shapes
    if not events:
        return [Text(x + 4, y + 18, _label("events_none", lang), 12, "#4a2a5a")]
    shapes = []
    codes = [code for code in sorted(events) for _ in range(1) if events[code]]
    width = min(46.0, 190 / max(len(codes), 1) - 2)
    for i, code in enumerate(codes):
        ex = x + i * (width + 2)
        shapes.append(Rect(ex, y, width, 56, Style(fill="#e9d8f2", stroke="#5a2a7a", width=1.5),
                           f"event-{seat}-{code}", "pieces", event_words(code, lang)))
        shapes.append(Text(ex + width / 2, y + 24, code, 15, "#3a1a4a", "middle", True))
        if events[code] > 1:
            shapes.append(Text(ex + width / 2, y + 44, f"×{events[code]}", 12, "#3a1a4a",
                               "middle", True))
    return shapes

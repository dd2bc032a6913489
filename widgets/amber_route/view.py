"""The Amber Route board as a scene: a pure function of what the viewer sees (no widgets here).

Click targets: ``field-<n>`` (a field of the route: moves), ``card-<seat>-<token>`` (a light
card in the viewer's own hand), ``look-<token>`` (a card being looked at), ``kept-<seat>-<Dxx>``
(a kept reward), ``grace-<seat>`` (the Advanced grace card), ``guards-<seat>`` (recruiting),
``light-deck`` (drawing or buying light cards) and ``die-<i>`` (a die of the player to move).
Other seats' hands are drawn as a count of backs: the observation holds nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardlib.amber_route.data import (
    CARD_KEEP,
    CARD_KIND,
    CARD_REWARD,
    CARD_TERRAIN,
    CHALLENGES,
    FIELD_SYMBOL,
    FIELD_TERRAIN,
    FIELD_TYPE,
    FIELD_TYPES,
    GHOSTS,
    GIFTS,
    LIGHT_TOKENS,
    MONSTERS,
    REWARDS,
    SCORE,
    TERRAIN_LETTERS,
    TERRAIN_NAMES,
    TRAP_DICE,
    VERSIONS,
    parse_dark,
)
from boardlib.amber_route.observation import AmberRouteObservation, AmberRouteSeatView
from boardlib.amber_route.state import duel_damage, trap_matches
from widgets.amber_route.labels import LABELS
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
    wrap_text,
)
from widgets.spec import ViewContext

WIDTH = 912
FIELD_W, FIELD_H, FIELD_GAP = 62, 62, 5
PER_ROW = 13
ROUTE_TOP = 30
PANEL_TOP = ROUTE_TOP + 2 * FIELD_H + 30
PANEL_H = 196
ROWS_TOP = PANEL_TOP + PANEL_H + 8
ROW_H = 100
HAND_X = 250  # where a seat's light cards begin in its row: its name stops short of them
DIE = 44

FIELD_COLOURS = {"M": "#a7a29a", "F": "#6fa36a", "S": "#7fa6a0", "W": "#d2b07a",
                 "shore": "#9cc7e6", "village": "#f3ddb0", "city": "#e9c27c", "castle": "#b9a6d8"}
SEAT_COLOURS = ("#c0392b", "#2e6fd1", "#e0b000", "#2e8b57")
SYMBOL_MARKS = {"monster": "☠", "ghost": "◌", "trap": "⊗", "grace": "✦"}


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def terrain_words(index: int, lang: str) -> str:
    """0..3 (or 4, any terrain) → "forest" / "森"."""
    return TERRAIN_NAMES.get(lang, TERRAIN_NAMES["en"])[index]


def reward_words(reward: int, lang: str) -> str:
    return _label(f"r_{REWARDS[reward]}", lang)


def step_of(seen: AmberRouteObservation) -> tuple[str, list[int]]:
    """The head of the engine's queue: its kind and numbers ("prepare", [0])."""
    queue = seen["queue"]
    if not queue:
        return "over", []
    kind, *numbers = queue[0].split()
    return kind, [int(n) for n in numbers]


def challenge_of(seen: AmberRouteObservation) -> tuple[int, int] | None:
    """(card id, challenge kind) of the darkness card being faced, or None."""
    faced = seen["card"]
    if not faced:
        return None
    card = parse_dark(faced)
    return card, CARD_KIND[card]


def hand_tokens(seen: AmberRouteObservation, seat: int) -> list[str] | None:
    """The seat's light cards if the viewer may see them (None: only a count is known)."""
    hand = seen["seats"][seat]["hand"]
    return hand.split() if isinstance(hand, str) else None


def dice_verdict(seen: AmberRouteObservation, dice: Sequence[int], lang: str) -> str:
    """What these dice would give in the challenge or fight at hand, in words."""
    found = challenge_of(seen)
    version = VERSIONS.index(seen["version"])
    level = seen["level"]
    if found is not None and dice:
        kind = found[1]
        if kind == 1:  # ghost
            need = GHOSTS[version][level][0]
            total = sum(dice)
            return _label("now_ghost", lang, total=total, need=need,
                          mark=_label("escaped" if total >= need else "not_yet", lang))
        if kind == 2:  # trap
            need = TRAP_DICE[level]
            best = min(trap_matches(list(dice)), need)
            return _label("now_trap", lang, best=best, need=need,
                          mark=_label("avoided" if best >= need else "not_yet", lang))
        if kind == 0:
            low = 3 if seen["damage36"] else 4
            hits = sum(1 for v in dice if v >= low)
            return _label("now_monster", lang, hits=hits, left=max(0, seen["hp"] - hits))
    if len(seen["duel"]) == 4 and dice:
        return _label("now_contest", lang, total=sum(dice))
    return ""


def view(seen: AmberRouteObservation, context: ViewContext) -> Scene:
    """The route with every token, the challenge or fight at hand with its dice, each player."""
    lang = context.lang
    names = list(context.names) or list(seen["names"])
    players = len(seen["seats"])
    legend = [line for key in ("legend", "legend_2")  # wrapped: canvas text does not wrap
              for line in wrap_text(_label(key, lang), 12, WIDTH - 24, max_lines=3)]
    legend_top = ROWS_TOP + players * (ROW_H + 6) + 18
    height = legend_top + 16 * len(legend) - 2
    shapes: list[Shape] = [Text(12, 20, _label("route", lang), 15, "#3b2a10", bold=True,
                                layer="board"),
                           Text(WIDTH - 10, 20, _label("placeholder_mark", lang), 12, "#9b2c00",
                                "end", True, layer="board")]
    shapes += _route(seen, lang)
    shapes += _panel(seen, names, lang)
    for seat in range(players):
        shapes += _player_row(seen, seat, ROWS_TOP + seat * (ROW_H + 6), names, context)
    for row, line in enumerate(legend):
        shapes.append(Text(12, legend_top + row * 16, line, 12, "#444", layer="board"))
    return Scene(WIDTH, height, tuple(shapes), background="#f6f0e2",
                 notes=(seen["placeholder_data"],))


# ----- the route -----
def field_box(field: int) -> tuple[float, float]:
    """Top-left corner of a field: a snake of two rows, the second running back."""
    row, col = divmod(field, PER_ROW)
    if row == 1:
        col = PER_ROW - 1 - col
    x = 12 + col * (FIELD_W + FIELD_GAP)
    return x, ROUTE_TOP + row * (FIELD_H + 22)


def _field_face(field: int, lang: str) -> tuple[str, str, str]:
    """(fill colour, big letter, small line) of a field."""
    kind = FIELD_TYPES[FIELD_TYPE[field]]
    if kind == "terrain":
        letter = TERRAIN_LETTERS[FIELD_TERRAIN[field]]
        symbol = CHALLENGES[FIELD_SYMBOL[field]]
        return FIELD_COLOURS[letter], letter, SYMBOL_MARKS[symbol] + " " + _label(
            f"symbol_{symbol}", lang)
    letter = {"shore": "⚓", "village": "V", "city": "C", "castle": "♜"}[kind]
    return FIELD_COLOURS[kind], letter, _label(f"field_{kind}", lang)


def _route(seen: AmberRouteObservation, lang: str) -> list[Shape]:
    shapes: list[Shape] = []
    fields = len(FIELD_TYPE)
    for field in range(fields):
        x, y = field_box(field)
        fill, letter, small = _field_face(field, lang)
        title = f"{field}: {small}"
        shapes.append(Rect(x, y, FIELD_W, FIELD_H, Style(fill=fill, stroke="#5b4a30", width=1.2),
                           f"field-{field}", "board", title))
        shapes.append(Text(x + 4, y + 12, str(field), 11, "#222", layer="board"))
        shapes.append(Text(x + FIELD_W / 2, y + 32, letter, 20, "#1d1d1d", "middle", True,
                           layer="board"))
        shapes.append(Text(x + FIELD_W / 2, y + FIELD_H - 6, small, 10, "#1d1d1d", "middle",
                           layer="board"))
        if field + 1 < fields and field % PER_ROW != PER_ROW - 1:  # an arrow to the next field
            nx, _ = field_box(field + 1)
            ax = x + FIELD_W if nx > x else x
            bx = nx if nx > x else nx + FIELD_W
            mid = y + FIELD_H / 2
            shapes.append(Line(((ax, mid), (bx, mid)), Style(stroke="#5b4a30", width=2)))
    x, y = field_box(PER_ROW - 1)
    shapes.append(Line(((x + FIELD_W / 2, y + FIELD_H), (x + FIELD_W / 2, y + FIELD_H + 22)),
                       Style(stroke="#5b4a30", width=2)))
    for seat, info in enumerate(seen["seats"]):
        fx, fy = field_box(info["field"])
        cx, cy = fx + FIELD_W - 11 - (seat % 2) * 20, fy + 11 + (seat // 2) * 20
        shapes.append(Circle(cx, cy, 9, Style(fill=SEAT_COLOURS[seat], stroke="#111", width=1.5),
                             layer="pieces", title=str(seat + 1)))
        shapes.append(Text(cx, cy + 4, str(seat + 1), 12, "#fff", "middle", True))
    return shapes


# ----- the challenge or fight at hand -----
def _panel(seen: AmberRouteObservation, names: Sequence[str], lang: str) -> list[Shape]:
    top = PANEL_TOP
    shapes: list[Shape] = [Rect(8, top, WIDTH - 16, PANEL_H, Style(fill="#efe4cc",
                                                                   stroke="#b99c6b"),
                                layer="board")]
    kind, numbers = step_of(seen)
    mover = numbers[0] if numbers else seen["turn"]
    found = challenge_of(seen)
    lines: list[TextLine] = []
    if found is not None and CARD_KIND[found[0]] != 3:
        lines += _card_lines(seen, found[0], mover, lang)
    elif len(seen["duel"]) == 6:
        a, d, a_hp, d_hp = seen["duel"][:4]
        lines.append((_label("duel_line", lang, attacker=names[a], a_hp=a_hp,
                             defender=names[d], d_hp=d_hp), 15, "#3b2a10", True))
        if seen["round"]:  # AR-12.4: once the dice are rolled, round after round
            lines.append((_label("fight_round", lang, n=seen["round"]), 13, "#3b2a10", True))
    elif len(seen["duel"]) == 4:
        a, d, ca, cd = seen["duel"]
        lines.append((_label("contest_line", lang, attacker=names[a], a=ca, defender=names[d],
                             d=cd), 15, "#3b2a10", True))
    elif seen["dice"] and kind in ("pick", "roll"):
        gifts = [f"{face + 1}: {reward_words(g, lang)}" for face, g in enumerate(GIFTS)]
        lines.append((_label("grace_dice", lang), 15, "#3b2a10", True))
        lines.append((_label("grace_gifts", lang, gifts=""), 12, "#3b2a10", False))
        lines += [("   " + " · ".join(gifts[i:i + 3]), 12, "#3b2a10", False) for i in (0, 3)]
    else:
        lines.append((_label("no_challenge", lang), 15, "#3b2a10", False))
    for i, (text, size, colour, bold) in enumerate(lines):
        shapes.append(Text(18, top + 22 + i * 21, text, size, colour, bold=bold, layer="board"))
    shapes += _dice_rows(seen, names, mover, top, lang)
    shapes += _look(seen, top, lang)
    shapes += _decks(seen, top, lang)
    return shapes


TextLine = tuple[str, float, str, bool]  # text, size, colour, bold


def _card_lines(seen: AmberRouteObservation, card: int, mover: int, lang: str) -> list[TextLine]:
    kind = CARD_KIND[card]
    field = seen["seats"][mover]["field"]
    level = seen["level"]
    version = VERSIONS.index(seen["version"])
    terrain_ok = CARD_TERRAIN[card] == FIELD_TERRAIN[field]
    symbol_ok = kind == FIELD_SYMBOL[field]
    challenge = CHALLENGES[kind]
    card_terrain = terrain_words(CARD_TERRAIN[card], lang)
    lines: list[TextLine] = [(_label("card_line", lang, card=seen["card"], terrain=card_terrain,
                     challenge=_label(f"symbol_{challenge}", lang)) + "   "
              + _label("placeholder_card", lang), 15, "#3b2a10", True),
             (_label("level_line", lang, level="I" * (level + 1),
                     word=_label(f"level_{level}", lang), matches=level), 13, "#3b2a10", True),
             ("  " + _label("match_terrain", lang, terrain=card_terrain,
                            mark="✔" if terrain_ok else "✘")
              + " · " + _label("match_symbol", lang, symbol=_label(f"symbol_{challenge}", lang),
                               mark="✔" if symbol_ok else "✘"), 13, "#3b2a10", False)]
    reward = CARD_REWARD[card]
    lines.append((_label("reward_keep" if CARD_KEEP[card] else "reward_now", lang,
                         reward=reward_words(reward, lang)), 13, "#3b2a10", False))
    if kind == 0:
        hp_max, m_dice, low = MONSTERS[version][level]
        lines.append((_label("goal_monster", lang, hp=seen["hp"], max=hp_max, dice=m_dice,
                             low=low, mine=3 if seen["damage36"] else 4), 13, "#6b1f1f", True))
        if seen["round"]:  # AR-8.4: from the first roll on (not while choosing support)
            lines.append((_label("fight_round", lang, n=seen["round"]), 13, "#6b1f1f", True))
    elif kind == 1:
        need, lose = GHOSTS[version][level]
        lines.append((_label("goal_ghost", lang, need=need, lose=lose), 13, "#6b1f1f", True))
    else:
        lines.append((_label("goal_trap", lang, need=TRAP_DICE[level]), 13, "#6b1f1f", True))
    rolled = [d for d in seen["dice"] if d]
    if rolled:  # after the roll: what it showed, not what is to come
        lines.append((_label("dice_rolled", lang, n=len(rolled), faces=", ".join(map(str, rolled)),
                             total=sum(rolled)), 13, "#3b2a10", False))
    else:
        lines.append((_label("dice_count", lang, n=seen["dice_count"]), 13, "#3b2a10", False))
    return lines


def die_shape(x: float, y: float, value: int, ident: str | None, fill: str,
              title: str | None = None) -> list[Shape]:
    """A die: its face as a number and as pips (0: not rolled yet)."""
    shapes: list[Shape] = [Rect(x, y, DIE, DIE, Style(fill=fill, stroke="#222", width=2), ident,
                                "pieces", title)]
    if not value:
        shapes.append(Text(x + DIE / 2, y + DIE / 2 + 6, "?", 20, "#555", "middle", True))
        return shapes
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
             6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}[value]
    for col, row in spots:
        shapes.append(Circle(x + 10 + col * 12, y + 10 + row * 12, 3.6,
                             Style(fill="#222"), layer="pieces"))
    shapes.append(Text(x + DIE - 3, y + DIE + 13, str(value), 12, "#222", "end", True))
    return shapes


def _dice_rows(seen: AmberRouteObservation, names: Sequence[str], mover: int, top: float,
               lang: str) -> list[Shape]:
    shapes: list[Shape] = []
    x0 = 590
    dice, other = seen["dice"], seen["other_dice"]
    duel = seen["duel"]
    owner = duel[0] if duel else mover
    if dice:
        grace = not seen.get("card") and not duel
        title = _label("grace_title" if grace else "your_dice", lang, player=names[owner])
        shapes.append(Text(x0, top + 20, title, 13, "#3b2a10", bold=True, layer="board"))
        for i, value in enumerate(dice):
            if grace and not value and step_of(seen)[0] == "pick":  # a die already picked
                shapes += [Rect(x0 + i * (DIE + 10), top + 28, DIE, DIE,
                                Style(fill="#e4ddd0", stroke="#9a9080", dash=(3, 3)),
                                layer="pieces"),
                           Text(x0 + i * (DIE + 10) + DIE / 2, top + 56,
                                _label("picked", lang), 10, "#6d665c", "middle")]
                continue
            shapes += die_shape(x0 + i * (DIE + 10), top + 28, value, f"die-{i}", "#fffdf5",
                                f"die {i + 1}")
        verdict = dice_verdict(seen, [v for v in dice if v], lang) if all(dice) else ""
        if verdict and (seen.get("card") or len(duel) == 4):
            shapes.append(Text(x0, top + 100, verdict, 13, "#1f4f1f", bold=True, layer="board"))
    if other:
        if seen.get("card"):
            title = _label("monster_dice", lang)
        else:
            title = _label("defender_dice", lang, player=names[duel[1]] if duel else "")
        shapes.append(Text(x0, top + 122, title, 13, "#3b2a10", bold=True, layer="board"))
        for i, value in enumerate(other):
            shapes += die_shape(x0 + i * (DIE + 10), top + 130, value,
                                None if seen.get("card") else f"odie-{i}", "#f1d7d7")
        if len(duel) == 6 and dice and all(dice) and all(other):
            to_a, to_d = duel_damage(list(dice), list(other))
            shapes.append(Text(x0 + 290, top + 160, f"−{to_a} / −{to_d}", 13, "#6b1f1f",
                               "start", True, layer="board"))
    return shapes


def _look(seen: AmberRouteObservation, top: float, lang: str) -> list[Shape]:
    look = seen["look"]
    if isinstance(look, int):
        if not look:
            return []
        return [Text(18, top + PANEL_H - 14, _label("look_hidden", lang, n=look), 13, "#3b2a10",
                     layer="board")]
    tokens = look.split()
    if not tokens:
        return []
    shapes: list[Shape] = [Text(18, top + PANEL_H - 40, _label("look_line", lang), 13, "#3b2a10",
                                bold=True, layer="board")]
    for i, token in enumerate(dict.fromkeys(tokens)):
        shapes += light_card(160 + i * 50, top + PANEL_H - 62, token, f"look-{token}",
                             tokens.count(token))
    return shapes


def _decks(seen: AmberRouteObservation, top: float, lang: str) -> list[Shape]:
    x, y = WIDTH - 130, top + PANEL_H - 40
    return [Rect(x, y, 112, 30, Style(fill="#fdf6dc", stroke="#8a7a5a"), "light-deck", "pieces",
                 _label("light_deck", lang, n=seen["light_deck"])),
            Text(x + 56, y + 19, _label("light_deck", lang, n=seen["light_deck"]), 12, "#3b2a10",
                 "middle", True),
            Text(x + 112, y - 8, _label("dark_deck", lang, n=seen["dark_deck"]), 12, "#3b2a10",
                 "end", layer="board")]  # above the light deck: clear of a fight's dice


# ----- the players -----
def light_card(x: float, y: float, token: str, ident: str | None, count: int = 1) -> list[Shape]:
    """A light card: its terrain colour, letter and value (a count badge for copies)."""
    letter = token[0]
    fill = FIELD_COLOURS.get(letter, "#f7f1ff")
    shapes: list[Shape] = [Rect(x, y, 40, 52, Style(fill=fill, stroke="#3b2a10", width=1.5),
                                ident, "pieces", token),
                           Text(x + 20, y + 24, token, 15, "#111", "middle", True),
                           Text(x + 20, y + 42, "✷" * int(token[1]), 10, "#111", "middle")]
    if count > 1:
        shapes += [Circle(x + 36, y + 4, 9, Style(fill="#fff", stroke="#333"), layer="marks"),
                   Text(x + 36, y + 8, str(count), 11, "#111", "middle", True, layer="marks")]
    return shapes


def _player_row(seen: AmberRouteObservation, seat: int, top: float, names: Sequence[str],
                context: ViewContext) -> list[Shape]:
    lang = context.lang
    info = seen["seats"][seat]
    kind, numbers = step_of(seen)
    to_move = kind != "over" and numbers and numbers[0] == seat
    frame = Style(fill="#fffaf0" if to_move else "#f3eee4",
                  stroke="#d08a00" if to_move else "#d8cfbf", width=3 if to_move else 1)
    name = seat_title(names, seat, context, LABELS, bool(to_move))
    shapes: list[Shape] = [
        Rect(8, top, WIDTH - 16, ROW_H, frame, layer="pieces"),
        Circle(24, top + 16, 9, Style(fill=SEAT_COLOURS[seat], stroke="#111"), layer="pieces"),
        Text(24, top + 20, str(seat + 1), 12, "#fff", "middle", True),
        Text(40, top + 21, *fit_line(name, 16, HAND_X - 40 - 8), "#222", bold=bool(to_move)),
        Text(40, top + 42, _label("field_of", lang, field=info["field"]), 13, "#3b2a10"),
        Text(WIDTH - 20, top + 22, _label("points_now", lang, n=seen["points"][seat]), 18,
             "#222", "end", True),
    ]
    shapes += _guards(seat, info["guards"], 40, top + 50, lang)
    shapes += _amber(info["amber"], info["secured"], 40, top + 78, lang)
    played = _played_this_challenge(seen, seat, context.recent)
    shapes += _hand(seen, seat, HAND_X, top + 8, lang, played)
    shapes += _kept(seat, info, 664, top + 46, lang)
    shapes.append(Text(WIDTH - 20, top + 40, _points_sum(seen, seat, info), 11, "#444", "end"))
    if info["missed"]:
        shapes.append(Text(120, top + 42, _label("missed", lang, n=info["missed"]), 13,
                           "#9b2c00", bold=True))
    return shapes


def _points_sum(seen: AmberRouteObservation, seat: int, info: AmberRouteSeatView) -> str:
    """How the points add up (AR-14.2): first in the castle, secured, kept cards, unsecured."""
    first = SCORE["first_in_castle"] if seen["first"] == seat else 0
    kept = len(info["kept"].split())
    return f"= {first} + {info['secured']}×{SCORE['secured']} + {kept} + {info['amber']}"


def _guards(seat: int, guards: int, x: float, y: float, lang: str) -> list[Shape]:
    shapes: list[Shape] = [Rect(x - 2, y - 2, 200, 24, Style(fill="#ffffff", stroke="#cbbd9f"),
                                f"guards-{seat}", "pieces", _label("guards", lang, n=guards))]
    for i in range(6):
        cx, cy = x + 10 + i * 18, y + 10
        shapes.append(Polygon(((cx, cy - 8), (cx + 7, cy), (cx, cy + 8), (cx - 7, cy)),
                              Style(fill="#3d5a80" if i < guards else "#ffffff", stroke="#3d5a80"),
                              layer="pieces"))
    shapes.append(Text(x + 116, y + 15, _label("guards", lang, n=guards), 12, "#1d2d44",
                       bold=True))
    return shapes


def _amber(amber: int, secured: int, x: float, y: float, lang: str) -> list[Shape]:
    shapes: list[Shape] = []
    for i in range(amber):
        shapes.append(Circle(x + 8 + i * 18, y + 6, 7, Style(fill="#f0a020", stroke="#7a4a00"),
                             layer="pieces"))
    shapes.append(Text(x + 44, y + 11, _label("amber", lang, n=amber), 12, "#7a4a00", bold=True))
    for i in range(min(secured, 6)):
        shapes.append(Rect(x + 100 + i * 14, y, 11, 11, Style(fill="#c46a00", stroke="#5a2e00"),
                           layer="pieces"))
    shapes.append(Text(x + 104 + min(secured, 6) * 14, y + 11, _label("secured", lang, n=secured),
                       12, "#5a2e00", bold=True))
    return shapes


def _played_this_challenge(seen: AmberRouteObservation, seat: int,
                           recent: Sequence[str]) -> list[str]:
    """The light cards ``seat`` has played into the challenge at hand (its recent moves)."""
    if not seen.get("card") or step_of(seen)[1][:1] != [seat]:
        return []
    return [move.split()[1] for move in recent if move.startswith("play ")]


def _hand(seen: AmberRouteObservation, seat: int, x: float, y: float, lang: str,
          played: Sequence[str] = ()) -> list[Shape]:
    """The seat's light cards, one slot a kind; a kind played into the challenge at hand keeps
    its slot, drawn empty, so the cards left stay under the pointer (#33.6)."""
    tokens = hand_tokens(seen, seat)
    if tokens is None:
        count = seen["seats"][seat]["hand"]
        assert isinstance(count, int)  # no tokens: a hand the viewer sees only as a count
        shapes: list[Shape] = []
        for i in range(count):
            shapes.append(Rect(x + i * 14, y + 24, 30, 44, Style(fill="#6b5a8a", stroke="#2b2040"),
                               layer="pieces"))
        shapes.append(Text(x, y + 14, _label("cards_hidden", lang, n=count), 13, "#2b2040",
                           bold=True))
        return shapes
    shapes = [Text(x, y + 14, _label("cards_own", lang, n=len(tokens)), 13, "#2b2040",
                   bold=True)]
    slots = sorted(dict.fromkeys([*tokens, *played]), key=LIGHT_TOKENS.index)
    for i, token in enumerate(slots):
        if token in tokens:
            shapes += light_card(x + i * 46, y + 22, token, f"card-{seat}-{token}",
                                 tokens.count(token))
        else:
            shapes += [Rect(x + i * 46, y + 22, 40, 52,
                            Style(fill="#efe9df", stroke="#9a9080", dash=(3, 3)), layer="pieces"),
                       Text(x + i * 46 + 20, y + 44, token, 12, "#8a8070", "middle"),
                       Text(x + i * 46 + 20, y + 60, _label("played_card", lang), 9, "#6d665c",
                            "middle")]
    return shapes


def _kept(seat: int, info: AmberRouteSeatView, x: float, y: float, lang: str) -> list[Shape]:
    shapes: list[Shape] = []
    kept = info["kept"].split()
    if kept or info["grace"]:
        shapes.append(Text(x, y - 4, _label("kept", lang), 12, "#3b2a10", bold=True))
    for i, token in enumerate(kept):
        card = parse_dark(token)
        words = reward_words(CARD_REWARD[card], lang)
        kx = x + i * 48
        shapes += [Rect(kx, y, 44, 40, Style(fill="#2d2a3a", stroke="#e0c060"),
                        f"kept-{seat}-{token}", "pieces", words),
                   Text(kx + 22, y + 15, token, 11, "#fff", "middle", True),
                   Text(kx + 22, y + 31, words[:8], 9, "#e0c060", "middle")]
    if info["grace"]:
        gx = x + len(kept) * 48
        shapes += [Rect(gx, y, 52, 40, Style(fill="#fff3c4", stroke="#b08000", width=2),
                        f"grace-{seat}", "pieces", info["grace"]),
                   Text(gx + 26, y + 25, "✦ " + _label("grace_card", lang), 12, "#6b4a00",
                        "middle", True)]
    return shapes

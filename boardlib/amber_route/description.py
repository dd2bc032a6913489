"""Build any Amber Route position from a few readable lines, and write one back out.

A player on a swamp field facing a level II ghost with three light cards::

    version: family
    player 1: field 3, guards 2, amber 1, hand S1 S2 A1
    player 2: field 1
    facing: D37            # a swamp ghost: level II here (card and field share the swamp)

Player lines list ``key value`` items separated by commas: ``field`` (0 = the sea shore,
25 = the castle), ``guards`` (default 3), ``amber`` (unsecured, default 1), ``secured``
(default 0), ``hand`` (light cards like ``F2 A1``), ``kept`` (darkness cards kept for
their reward), ``grace`` (the Advanced grace card held) and ``missed`` (turns to miss).
Optional lines: ``names``, ``to move`` (the seat whose turn it is; default 1),
``facing``, ``level`` (0, 1, 2 for I, II, III), ``hp``, ``round`` (of the monster fight or
Advanced player fight under way; default 1 when the queue is in one), ``dice count``,
``damage36``, ``dice``, ``other dice``, ``duel``, ``first``, ``finals``, ``fresh``,
``light deck``, ``light top`` (``F2 known by 1``: the card put back on top of the light deck
after a look, and who put it there, AR-11.2; it is one of the light deck's cards),
``light discard``, ``table``, ``look``, ``dark deck``, ``dark discard``,
``box``, ``amber pool``, ``guard pool``, ``queue`` (the steps still to come, separated by
``;``) and ``over``. Cards not written anywhere are in their decks (Advanced grace cards in the
box); the pools hold what nobody has; the queue defaults to the player to move choosing an
action (or facing the card). Everything is checked exactly like a loaded save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.amber_route.data import (
    CARD_KIND,
    DARK_TOKENS,
    FAMILY,
    GRACE,
    LIGHT_COPIES,
    LIGHT_KINDS,
    LIGHT_TOKENS,
    MONSTER,
    MONSTERS,
    START,
    TOTAL_AMBER,
    TOTAL_DARK,
    TOTAL_GUARDS,
    TRAP,
    TRAP_DICE,
    VERSIONS,
    level_of,
    parse_dark,
    parse_light,
)
from boardlib.amber_route.setup import SCHEMA, check_version
from boardlib.fields import description_lines
from boardlib.fields import whole_number as _whole
from boardlib.fields import yes_no as _yes
from boardlib.protocol import default_names

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.amber_route.state import AmberRouteState

_KEYS = tuple(dict.fromkeys(SCHEMA.description_keys()))
"""The lines a description may have besides ``player N``: one per field of the schema, in
words (``Field.words``) — ``light top`` tells two (the card and who knows it), ``to move``,
``first`` and ``finals`` count seats from 1, ``facing`` is the card, ``over`` the ending."""
_SEAT_KEYS = SCHEMA.description_keys(seat=True)
"""The items of a ``player N`` line: the seat's fields."""


def parse_description(text: str) -> dict[str, Any]:
    """The snapshot the lines describe (see the module docstring), not yet checked: the
    state's ``from_description`` loads it like a save."""
    fields, seats = _read_lines(text)
    n = len(seats)
    version = check_version(fields.get("version", "advanced").strip())
    names = [x.strip() for x in fields["names"].split(",")] if "names" in fields else None
    if names is not None and len(names) != n:
        raise ValueError(f"'names' gives {len(names)} names for {n} players.")
    turn = _whole(fields.get("to move", "1"), "to move") - 1
    if not 0 <= turn < n:
        raise ValueError(f"'to move' must be a player number 1–{n}.")
    card = fields.get("facing", "").strip() or None
    card_id = parse_dark(card) if card else -1
    field = seats[turn]["field"]
    level = _whole(fields["level"], "level") if "level" in fields else (
        level_of(card_id, field) if card_id >= 0 and CARD_KIND[card_id] != GRACE else 0)
    kind = CARD_KIND[card_id] if card_id >= 0 else -1
    data: dict[str, Any] = {
        "version": VERSIONS[version],
        "players": n,
        "names": names if names is not None else default_names(n),
        "seats": seats,
        "card": card,
        "level": level,
        "hp": _whole(fields["hp"], "hp") if "hp" in fields else (
            MONSTERS[version][level][0] if kind == MONSTER else 0),
        "dice_count": _whole(fields["dice count"], "dice count") if "dice count" in fields else (
            (TRAP_DICE[level] if kind == TRAP else 1) if card_id >= 0 else 0),
        "damage36": _yes(fields.get("damage36", "no")),
        "dice": _numbers(fields.get("dice", "")),
        "other_dice": _numbers(fields.get("other dice", "")),
        "duel": _numbers(fields.get("duel", "")),
        "turn": turn,
        "first": _whole(fields["first"], "first") - 1 if "first" in fields else None,
        "finals": [x - 1 for x in _numbers(fields.get("finals", ""))],
        "fresh": _yes(fields.get("fresh", "no")),
        "ended": fields.get("over", "").strip() or None,
    }
    for key, name in (("light deck", "light_deck"), ("light discard", "light_discard"),
                      ("table", "table"), ("look", "look")):
        if key in fields:
            data[name] = _light_text(fields[key])
    for key, name in (("dark deck", "dark_deck"), ("dark discard", "dark_discard"),
                      ("box", "box")):
        if key in fields:
            data[name] = _dark_text(fields[key])
    if fields.get("light top", "").strip():
        card, _, known = fields["light top"].partition("known by")
        data["light_top"] = _light_text(card)
        data["light_top_seen_by"] = _whole(known or str(turn + 1), "light top known by") - 1
    _fill_decks(data, version)
    held_amber = sum(s["amber"] + s["secured"] for s in seats)
    held_guards = sum(s["guards"] for s in seats)
    data["amber_pool"] = (_whole(fields["amber pool"], "amber pool") if "amber pool" in fields
                          else TOTAL_AMBER - held_amber)
    data["guard_pool"] = (_whole(fields["guard pool"], "guard pool") if "guard pool" in fields
                          else TOTAL_GUARDS - held_guards)
    if "queue" in fields:
        data["queue"] = [s.strip() for s in fields["queue"].split(";") if s.strip()]
    elif data["ended"]:
        data["queue"] = []
    elif card_id >= 0:
        data["queue"] = [f"prepare {turn}", "end_turn"]
    else:
        data["queue"] = [*([f"draw_phase {turn}"] if version == FAMILY else []),
                         f"action {turn}", "end_turn"]
    data["round"] = _fight_round(fields.get("round"), data["queue"])
    return data


def describe(state: AmberRouteState) -> str:
    """The lines ``from_description`` reads back into exactly this position."""
    d = state.snapshot()
    lines = [f"version: {d['version']}"]
    if d["names"] != default_names(d["players"]):
        lines.append("names: " + ", ".join(d["names"]))
    for p, seat in enumerate(d["seats"]):
        items = [f"field {seat['field']}", f"guards {seat['guards']}", f"amber {seat['amber']}",
                 f"secured {seat['secured']}", f"hand {seat['hand']}", f"kept {seat['kept']}",
                 f"grace {seat['grace'] or 'none'}", f"missed {seat['missed']}"]
        lines.append(f"player {p + 1}: " + ", ".join(items))
    lines.append(f"to move: {d['turn'] + 1}")
    lines.append(f"facing: {d['card'] or ''}")
    lines += [f"level: {d['level']}", f"hp: {d['hp']}"]
    if d["round"] is not None:
        lines.append(f"round: {d['round']}")
    lines += [f"dice count: {d['dice_count']}", f"damage36: {'yes' if d['damage36'] else 'no'}"]
    lines += [f"dice: {_join(d['dice'])}", f"other dice: {_join(d['other_dice'])}",
              f"duel: {_join(d['duel'])}"]
    if d["first"] is not None:
        lines.append(f"first: {d['first'] + 1}")
    lines += [f"finals: {_join(x + 1 for x in d['finals'])}",
              f"fresh: {'yes' if d['fresh'] else 'no'}"]
    for key in ("light_deck", "light_discard", "table", "look", "dark_deck", "dark_discard",
                "box"):
        lines.append(f"{key.replace('_', ' ')}: {d[key]}")
    if d["light_top"] is not None:
        lines.append(f"light top: {d['light_top']} known by {d['light_top_seen_by'] + 1}")
    lines += [f"amber pool: {d['amber_pool']}", f"guard pool: {d['guard_pool']}",
              "queue: " + "; ".join(d["queue"])]
    if d["ended"]:
        lines.append(f"over: {d['ended']}")
    return "\n".join(lines) + "\n"


def _fight_round(text: str | None, queue: list[str]) -> int | None:
    """The ``round`` line (blank or ``none``: no fight), or 1 for a queue in a fight's rounds."""
    if text is None:
        fighting = any(step.split()[:1] in (["hit"], ["mon_hit"], ["duel_hit"]) for step in queue
                       if isinstance(step, str))
        return 1 if fighting else None
    if text.strip().lower() in ("", "none"):
        return None
    return _whole(text, "round")


def _fill_decks(data: dict[str, Any], version: int) -> None:
    """Cards written nowhere are in their decks; Advanced grace cards not held are boxed."""
    light = [0] * LIGHT_KINDS
    for text in [s["hand"] for s in data["seats"]] + [
            data.get(k, "") for k in ("light_deck", "light_discard", "table", "look")]:
        for token in text.split():
            light[parse_light(token)] += 1
    if "light_deck" not in data:
        data["light_deck"] = " ".join(
            LIGHT_TOKENS[k] for k in range(LIGHT_KINDS) for _ in range(LIGHT_COPIES[k] - light[k]))
    for key in ("light_discard", "table", "look", "dark_discard", "box"):
        data.setdefault(key, "")
    used: set[int] = set()
    for text in [s["kept"] for s in data["seats"]] + [data.get("dark_deck", ""),
                                                      data["dark_discard"], data["box"]]:
        used.update(parse_dark(t) for t in text.split())
    used.update(parse_dark(s["grace"]) for s in data["seats"] if s["grace"])
    if data["card"]:
        used.add(parse_dark(data["card"]))
    rest = [c for c in range(TOTAL_DARK) if c not in used]
    if "dark_deck" not in data:
        deck = [c for c in rest if version == FAMILY or CARD_KIND[c] != GRACE]
        data["dark_deck"] = " ".join(DARK_TOKENS[c] for c in deck)
        if version != FAMILY and not data["box"]:
            data["box"] = " ".join(DARK_TOKENS[c] for c in rest if CARD_KIND[c] == GRACE)


def _read_lines(text: str) -> tuple[dict[str, str], list[dict[str, Any]]]:
    fields: dict[str, str] = {}
    seats: dict[int, dict[str, Any]] = {}
    for number, key, value in description_lines(text, "player 1: field 3, guards 2"):
        if key.startswith("player "):
            seat = key.removeprefix("player ").strip()
            if not seat.isdigit() or int(seat) < 1:
                raise ValueError(f"Line {number}: players are numbered 1, 2, …, not {seat!r}.")
            seats[int(seat)] = _seat(value, number)
        elif key in _KEYS:
            fields[key] = value.strip()
        else:
            raise ValueError(f"Line {number}: unknown key {key!r}; use 'player N' or one of "
                             f"{', '.join(_KEYS)}.")
    if not seats or sorted(seats) != list(range(1, len(seats) + 1)):
        raise ValueError("Describe players 1, 2, … each on a 'player N:' line.")
    return fields, [seats[s] for s in sorted(seats)]


def _seat(text: str, number: int) -> dict[str, Any]:
    seat: dict[str, Any] = {"field": 0, "guards": START["guards"], "amber": START["amber"],
                            "secured": 0, "hand": "", "kept": "", "grace": None, "missed": 0}
    for item in text.split(","):
        key, _, value = item.strip().partition(" ")
        key = key.lower()
        if not key:
            continue
        if key not in _SEAT_KEYS:
            raise ValueError(f"Line {number}: unknown player item {key!r}; use "
                             f"{', '.join(_SEAT_KEYS)}.")
        if key == "hand":
            seat[key] = _light_text(value)
        elif key == "kept":
            seat[key] = _dark_text(value)
        elif key == "grace":
            seat[key] = None if value.strip().lower() in ("", "none") else _dark_text(value)
        else:
            seat[key] = _whole(value, key)
    return seat


def _light_text(text: str) -> str:
    kinds = sorted(parse_light(t) for t in text.replace(",", " ").split())
    return " ".join(LIGHT_TOKENS[k] for k in kinds)


def _dark_text(text: str) -> str:
    return " ".join(DARK_TOKENS[c] for c in sorted(parse_dark(t) for t in text.split()))


def _numbers(text: str) -> list[int]:
    return [_whole(t, "number") for t in text.replace(",", " ").split()]


def _join(values: Any) -> str:
    return " ".join(str(v) for v in values)

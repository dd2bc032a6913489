"""Build any Amphipolis position from a few readable lines, and write one back out.

Tests and the teaching notebooks set up positions this way::

    names: John, Mike, Lisa      # or "players: 3" (default seat names)
    player 1: MR*5 MG*3 MY*2 LU LL AB AN AR AG AY CA*2 SP*4
    player 2: SP*3               # a player's finds; "none" if nothing
    used 1: assistant, digger    # characters already used (optional)
    areas: MR AB*2 SP            # tiles in the sorting areas ("none" if empty)
    covered: 9                   # entrance spaces covered by landslides
    to move: Mike                # a name or seat number; default: player 1
    step: draw 4                 # see below; default: draw 4

Tiles are written by code with an optional count: ``MR*5`` is five red mosaics. Codes:
mosaics MR MG MY; statues CA (caryatid) SP (sphinx); amphoras AB (blue) AN (brown) AR AG AY
AP (purple); skeletons LU LL (large upper/lower) SU SL (small upper/lower); LS landslide.
Every tile not written anywhere is in the bag (landslides: those neither in the box nor on
the entrance); a ``bag:`` line may list it instead, and then everything must add up.

``step`` is ``seed`` (set-up still filling the areas), ``draw N`` (N tiles still to draw
this turn; add ``landslide drawn: yes`` if one came up already), ``take`` (the main take;
with ``chosen: <area>`` and ``taken: 1`` or ``2`` once tiles were taken), a character's
name (its take is under way: ``chosen:``, ``taken:``, ``character area:`` for the
Archaeologist, ``professor done: mosaics, …`` for the Professor), or ``over`` with
``ended by: <player>``. Solo games may have a ``robber:`` line (the grave robber's tiles).
Everything is checked exactly like a loaded save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.amphipolis.data import (
    CHARACTERS,
    COUNTS,
    LANDSLIDE,
    PHASES,
    TO_BOX,
    TOKENS,
)
from boardlib.amphipolis.setup import SCHEMA, TILES, check_players, initial_covered
from boardlib.fields import PerSeat, description_lines
from boardlib.fields import whole_number as _whole
from boardlib.fields import yes_no as _yes
from boardlib.protocol import default_names

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.amphipolis.state import AmphipolisState

SEAT_LINES = {f.description_key: f.name for f in SCHEMA.fields if isinstance(f.codec, PerSeat)}
"""The fields kept by seat, written one line per seat with its number after the key, by key:
"player 2: MR*3" gives seat 2's finds, "used 2: digger" its used characters."""
NOT_WRITTEN = ("box", "draws left")
"""Fields with no line of their own: the box follows from the player count (AM-2.1), the
draws left are part of the ``step`` line."""
_KEYS = ("players", *(key for key in SCHEMA.description_keys()
                      if key not in SEAT_LINES and key not in NOT_WRITTEN))
"""The one-line keys: the schema's fields in words (see ``Field.words``), and ``players``,
the description's own (the seat count, when no names are given)."""


def parse_description(text: str) -> dict[str, Any]:
    """The snapshot the lines describe (see the module docstring), not yet checked: the
    state's ``from_description`` loads it like a save."""
    fields, finds, used = _read_lines(text)
    names = [n.strip() for n in fields["names"].split(",")] if "names" in fields else None
    count = _count(fields, names, finds, used)
    names = names or default_names(count)
    covered = _whole(fields.get("covered", str(initial_covered(count))), "covered")
    step, draws = _step(fields.get("step", "draw 4"))
    snapshot = {
        "players": count,
        "names": names,
        "areas": tiles_to_dict(fields.get("areas", "none"), "areas"),
        "finds": [tiles_to_dict(finds.get(p, "none"), f"player {p}") for p in
                  range(1, count + 1)],
        "robber": tiles_to_dict(fields.get("robber", "none"), "robber"),
        "box": TO_BOX[count],
        "covered": covered,
        "used": [_used(used.get(p, "")) for p in range(1, count + 1)],
        "to_move": _seat(fields.get("to move", "1"), names, count),
        "phase": step,
        "draws_left": draws,
        "landslide_drawn": _yes(fields.get("landslide drawn", "no")),
        "chosen": _area_name(fields.get("chosen")),
        "taken": _whole(fields.get("taken", "0"), "taken"),
        "character_area": _area_name(fields.get("character area")),
        "professor_done": [a.strip() for a in fields.get("professor done", "").split(",")
                           if a.strip()],
        "ender": (_seat(fields["ended by"], names, count) if "ended by" in fields else None),
    }
    snapshot["bag"] = (tiles_to_dict(fields["bag"], "bag", landslides=True) if "bag" in fields
                       else _rest(snapshot))
    return snapshot


def describe(state: AmphipolisState) -> str:
    """The lines ``from_description`` reads back into exactly this position."""
    data = state.snapshot()
    count = data["players"]
    lines = [f"players: {count}"]
    if data["names"] != default_names(count):
        lines.append("names: " + ", ".join(data["names"]))
    for seat, finds in enumerate(data["finds"], start=1):
        lines.append(f"player {seat}: {dict_to_tiles(finds)}")
    for seat, used in enumerate(data["used"], start=1):
        if used:
            lines.append(f"used {seat}: " + ", ".join(used))
    if data["robber"]:
        lines.append(f"robber: {dict_to_tiles(data['robber'])}")
    lines.append(f"areas: {dict_to_tiles(data['areas'])}")
    lines.append(f"covered: {data['covered']}")
    lines.append(f"to move: {data['to_move'] + 1}")
    step = data["phase"]
    lines.append(f"step: draw {data['draws_left']}" if step == "draw" else f"step: {step}")
    if data["landslide_drawn"]:
        lines.append("landslide drawn: yes")
    if data["chosen"]:
        lines.append(f"chosen: {data['chosen']}")
    if data["taken"]:
        lines.append(f"taken: {data['taken']}")
    if data["character_area"]:
        lines.append(f"character area: {data['character_area']}")
    if data["professor_done"]:
        lines.append("professor done: " + ", ".join(data["professor_done"]))
    if data["ender"] is not None:
        lines.append(f"ended by: {data['ender'] + 1}")
    return "\n".join(lines) + "\n"


def tiles_to_dict(text: str, where: str, landslides: bool = False) -> dict[str, int]:
    """``"MR*2 AB"`` → ``{"MR": 2, "AB": 1}``; ValueError naming the bad token."""
    counts = [0] * len(TOKENS)
    if text.strip().lower() not in ("", "none", "-"):
        for item in text.replace(",", " ").split():
            token, _, number = item.replace(":", "*").partition("*")
            token = token.upper()
            if token not in TOKENS or (token == "LS" and not landslides):
                raise ValueError(f"{where}: {item!r} is not a tile; write a code such as MR, "
                                 "CA, AB or LU, with an optional count like MR*3.")
            if number and not number.isdigit():
                raise ValueError(f"{where}: {item!r}: the count after '*' must be a number.")
            counts[TOKENS.index(token)] += int(number) if number else 1
    return TILES.dump(counts)


def dict_to_tiles(counts: dict[str, int]) -> str:
    """``{"MR": 2, "AB": 1}`` → ``"MR*2 AB"`` (``"none"`` when empty)."""
    items = [token if n == 1 else f"{token}*{n}" for token, n in counts.items()]
    return " ".join(items) or "none"


def _read_lines(text: str) -> tuple[dict[str, str], dict[int, str], dict[int, str]]:
    fields: dict[str, str] = {}
    by_seat: dict[str, dict[int, str]] = {name: {} for name in SEAT_LINES.values()}
    for number, key, value in description_lines(text, "player 1: MR*2 CA"):
        head, _, seat = key.partition(" ")
        if head in SEAT_LINES and seat:
            if not seat.isdigit() or int(seat) < 1:
                raise ValueError(f"Line {number}: players are numbered 1, 2, …, not {seat!r}.")
            by_seat[SEAT_LINES[head]][int(seat)] = value.strip()
        elif key in _KEYS:
            fields[key] = value.strip()
        else:
            per_seat = ", ".join(f"'{seat_key} N'" for seat_key in SEAT_LINES)
            raise ValueError(f"Line {number}: unknown key {key!r}; use {per_seat} or "
                             f"one of {', '.join(_KEYS)}.")
    return fields, by_seat["finds"], by_seat["used"]


def _count(fields: dict[str, str], names: list[str] | None, finds: dict[int, str],
           used: dict[int, str]) -> int:
    if "players" in fields:
        text = fields["players"]
        count = check_players(int(text) if text.isdigit() else text)
    elif names is not None:
        count = check_players(len(names))
    else:
        count = check_players(max([*finds, *used], default=0))
    if names is not None and len(names) != count:
        raise ValueError(f"'names' gives {len(names)} names for {count} players.")
    extra = [seat for seat in [*finds, *used] if seat > count]
    if extra:
        raise ValueError(f"There is no player {extra[0]} in a {count}-player game.")
    return count


def _rest(snapshot: dict[str, Any]) -> dict[str, int]:
    """The bag: every tile not written elsewhere (AM-1.1)."""
    left = COUNTS[:]
    for where in [snapshot["areas"], snapshot["robber"], *snapshot["finds"]]:
        for token, n in where.items():
            left[TOKENS.index(token)] -= n
    left[LANDSLIDE] -= snapshot["box"] + snapshot["covered"]
    short = [TOKENS[t] for t in range(len(TOKENS)) if left[t] < 0]
    if short:
        t = TOKENS.index(short[0])
        what = "landslides are placed" if t == LANDSLIDE else f"{short[0]} tiles are written"
        raise ValueError(f"More {what} than the game has ({COUNTS[t]}) (AM-1.1).")
    return TILES.dump(left)


def _step(text: str) -> tuple[str, int]:
    parts = text.lower().split()
    if len(parts) == 2 and parts[0] == "draw" and parts[1].isdigit():
        return "draw", int(parts[1])
    if len(parts) == 1 and parts[0] in PHASES and parts[0] != "draw":
        return parts[0], 0
    raise ValueError(f"'step' must be seed, draw N, take, {', '.join(CHARACTERS)} or over, "
                     f"not {text!r}.")


def _used(text: str) -> list[str]:
    names = [n.strip().lower() for n in text.replace(",", " ").split()]
    bad = [n for n in names if n not in CHARACTERS]
    if bad:
        raise ValueError(f"{bad[0]!r} is not a character: {', '.join(CHARACTERS)}.")
    return names


def _area_name(text: str | None) -> str | None:
    return text.strip().lower() if text else None


def _seat(text: str, names: list[str], count: int) -> int:
    value = text.strip()
    if value.lower().startswith("player "):
        value = value[len("player "):].strip()
    if value.isdigit() and 1 <= int(value) <= count:
        return int(value) - 1
    if value in names:
        return names.index(value)
    raise ValueError(f"Expected a player number 1–{count} or a name, not {text!r}.")

"""Build any Âmbar position from a few readable lines, and write one back out.

Tests and the teaching notebooks set up positions this way::

    names: Emily, Olivia
    player 1: D1 P? M? A? D2/D3 P? M? A? D? P?
    player 2: D? P? M? A? D? P? M? A? D? P?
    excavation: D4 P4 P4      # the face-up fossils there ("none" if there are none)
    to move: Emily            # or a seat number; default: player 1
    holding: D5               # optional: the fossil the player to move has chosen

Columns are written bottom to top with ``/``; ``D?`` is a face-down initial fossil
(its type shows, its number is unknown). Every fossil not written anywhere is
face-down in the Excavation, unless a ``face-down: D:3 P:0 M:0 A:1`` line gives the
counts (then they must add up). Other optional lines: ``patterns: DPMA, MADP``
(set-up type orders, otherwise read off the face-down fossils), ``revealing: D``
(a chosen face-down fossil is being turned over), ``swapped out: M`` with
``extra turn: yes`` (a swapped-out initial fossil is being turned over),
``passes: 1``, ``progress: yes`` and ``over: passes``.
Everything is checked exactly like a loaded save.

The keys are the schema's description keys (setup.SCHEMA), but for the displays (a
``player N`` line each) and the phase (read off ``holding``, ``revealing`` and ``over``),
and with one of the description's own: ``swapped out``, the ``revealing`` of a swapped-out
initial fossil.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.ambar_fossils.data import (
    COLUMNS,
    ENDINGS,
    LETTERS,
    PER_TYPE,
    PHASES,
    REVEAL,
    REVEAL_SWAPPED,
    fossil_token,
    parse_fossil,
)
from boardlib.ambar_fossils.setup import SCHEMA
from boardlib.fields import description_lines
from boardlib.fields import whole_number as _whole
from boardlib.fields import yes_no as _yes
from boardlib.protocol import default_names

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.ambar_fossils.state import AmbarFossilsState

_WITHOUT_A_LINE = ("displays", "phase")
"""Fields written otherwise: as ``player N`` lines, and told by the lines of the others."""
_KEYS = (*(key for key in SCHEMA.description_keys() if key not in _WITHOUT_A_LINE),
         "swapped out")


def parse_description(text: str) -> dict[str, Any]:
    """The snapshot the lines describe (see the module docstring), not yet checked: the
    state's ``from_description`` loads it like a save."""
    fields, displays = _read_lines(text)
    count = len(displays)
    names = [n.strip() for n in fields["names"].split(",")] if "names" in fields else None
    if names is not None and len(names) != count:
        raise ValueError(f"'names' gives {len(names)} names for {count} players.")
    patterns = (
        [p.strip().upper() for p in fields["patterns"].split(",")]
        if "patterns" in fields
        else [_infer_pattern(d, i + 1) for i, d in enumerate(displays)]
    )
    face_up = _tokens(fields.get("excavation", "none"))
    revealing = fields.get("revealing") or fields.get("swapped out")
    if revealing is not None:
        revealing = revealing.strip().upper()
        if revealing not in LETTERS:
            raise ValueError(f"'revealing' must be a type letter ({', '.join(LETTERS)}).")
    holding = fields.get("holding")
    snapshot: dict[str, Any] = {
        "players": count,
        "names": names if names is not None else default_names(count),
        "patterns": patterns,
        "displays": [list(d) for d in displays],
        "excavation": {"face_down": {}, "face_up": face_up},
        "to_move": _seat(fields.get("to move", "1"), names, count),
        "phase": _phase(fields, holding, revealing),
        "revealing": revealing,
        "holding": holding.strip().upper() if holding else None,
        "extra_turn": _yes(fields.get("extra turn", "no")),
        "progress": _yes(fields.get("progress", "no")),
        "passes": _whole(fields.get("passes", "0"), "passes"),
        "ended": fields.get("over"),
    }
    snapshot["excavation"]["face_down"] = _face_down(fields.get("face-down"), snapshot)
    return snapshot


def describe(state: AmbarFossilsState) -> str:
    """The lines ``from_description`` reads back into exactly this position."""
    data = state.snapshot()
    lines = []
    if data["names"] != default_names(data["players"]):
        lines.append("names: " + ", ".join(data["names"]))
    lines.append("patterns: " + ", ".join(data["patterns"]))
    for seat, display in enumerate(data["displays"]):
        lines.append(f"player {seat + 1}: " + " ".join(display))
    lines.append("excavation: " + (" ".join(data["excavation"]["face_up"]) or "none"))
    counts = data["excavation"]["face_down"]
    lines.append("face-down: " + " ".join(f"{k}:{v}" for k, v in counts.items()))
    lines.append(f"to move: {data['to_move'] + 1}")
    if data["holding"]:
        lines.append(f"holding: {data['holding']}")
    if data["phase"] == "reveal":
        lines.append(f"revealing: {data['revealing']}")
    if data["phase"] == "reveal_swapped":
        lines.append(f"swapped out: {data['revealing']}")
        lines.append(f"extra turn: {'yes' if data['extra_turn'] else 'no'}")
    if data["progress"]:
        lines.append("progress: yes")
    if data["passes"]:
        lines.append(f"passes: {data['passes']}")
    if data["ended"]:
        lines.append(f"over: {data['ended']}")
    return "\n".join(lines) + "\n"


def _read_lines(text: str) -> tuple[dict[str, str], list[list[str]]]:
    fields: dict[str, str] = {}
    displays: dict[int, list[str]] = {}
    for number, key, value in description_lines(text, "player 1: D? P? …"):
        if key.startswith("player "):
            seat = key.removeprefix("player ").strip()
            if not seat.isdigit() or int(seat) < 1:
                raise ValueError(f"Line {number}: players are numbered 1, 2, …, not {seat!r}.")
            columns = value.split()
            if len(columns) != COLUMNS:
                raise ValueError(
                    f"Line {number}: player {seat}'s display has {len(columns)} columns; "
                    f"it must have {COLUMNS} (AF-2.2)."
                )
            displays[int(seat)] = columns
        elif key in _KEYS:
            fields[key] = value.strip()
        else:
            raise ValueError(
                f"Line {number}: unknown key {key!r}; use 'player N' or one of "
                f"{', '.join(_KEYS)}."
            )
    if sorted(displays) != list(range(1, len(displays) + 1)) or not displays:
        raise ValueError("Describe players 1, 2, … each on a 'player N:' line.")
    return fields, [displays[seat] for seat in sorted(displays)]


def _infer_pattern(display: list[str], seat: int) -> str:
    """The set-up type order that the face-down fossils show (AF-2.3)."""
    order: list[str | None] = [None] * len(LETTERS)
    for column, token in enumerate(display):
        code = parse_fossil(token, allow_face_down=True) if "/" not in token else 0
        if code >= 0:
            continue
        letter, slot = LETTERS[-code - 1], column % len(LETTERS)
        if order[slot] not in (None, letter):
            raise ValueError(
                f"Player {seat}'s face-down fossils break the set-up pattern: column "
                f"{column + 1} is {letter}? but the pattern puts {order[slot]} there (AF-2.3)."
            )
        order[slot] = letter
    spare = [letter for letter in LETTERS if letter not in order]
    filled = "".join(slot if slot is not None else spare.pop(0) for slot in order)
    if len(set(filled)) != len(LETTERS):
        raise ValueError(f"Player {seat}'s face-down fossils repeat a type within the first four"
                         " places of the set-up pattern (AF-2.3).")
    return filled


def _tokens(text: str) -> list[str]:
    if text.strip().lower() in ("", "none", "-"):
        return []
    return [fossil_token(parse_fossil(token)) for token in text.replace(",", " ").split()]


def _face_down(text: str | None, snapshot: dict[str, Any]) -> dict[str, int]:
    if text is not None:
        if text.strip().lower() in ("none", "0"):
            return dict.fromkeys(LETTERS, 0)
        counts = dict.fromkeys(LETTERS, 0)
        for item in text.replace(",", " ").split():
            letter, _, number = item.partition(":")
            letter = letter.strip().upper()
            if letter not in LETTERS or not number.strip().isdigit():
                raise ValueError(f"'face-down' counts look like 'D:3 P:0', not {item!r}.")
            counts[letter] = int(number)
        return counts
    shown = dict.fromkeys(LETTERS, 0)
    tokens = [t for d in snapshot["displays"] for col in d for t in col.split("/")]
    tokens += snapshot["excavation"]["face_up"]
    tokens += [snapshot["holding"]] if snapshot["holding"] else []
    tokens += [snapshot["revealing"] + "?"] if snapshot["revealing"] else []
    for token in tokens:
        shown[token.strip().upper()[0]] += 1
    missing = {letter: PER_TYPE - shown[letter] for letter in LETTERS}
    bad = [letter for letter, n in missing.items() if n < 0]
    if bad:
        raise ValueError(f"More than {PER_TYPE} {bad[0]} fossils are written down (AF-1.1).")
    return missing


def _seat(text: str, names: list[str] | None, count: int) -> int:
    value = text.strip()
    if value.lower().startswith("player "):
        value = value[len("player "):].strip()
    if value.isdigit() and 1 <= int(value) <= count:
        return int(value) - 1
    if names and value in names:
        return names.index(value)
    raise ValueError(f"'to move' must be a player number 1–{count} or a name, not {text!r}.")


def _phase(fields: dict[str, str], holding: str | None, revealing: str | None) -> str:
    if "over" in fields:
        if fields["over"] not in ENDINGS:
            raise ValueError(f"'over' must be one of {', '.join(ENDINGS)}.")
        return "over"
    if holding:
        return "place"
    if "swapped out" in fields:
        return PHASES[REVEAL_SWAPPED]
    if revealing:
        return PHASES[REVEAL]
    return "choose"

"""Âmbar's constants and component data (components.json), and the fossils' short names.

A fossil is a code ``type * 6 + (number - 1)`` (0..23); a face-down initial fossil in a
display is ``-(type + 1)``. Everything else in the package builds on this module.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

GAME = "ambar_fossils"
COMPONENTS: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("components.json").read_text("utf-8")
)
LETTERS = "".join(t["letter"] for t in COMPONENTS["types"])  # "DPMA"
TYPE_NAMES: dict[str, list[str]] = {
    lang: [t[lang] for t in COMPONENTS["types"]] for lang in ("en", "ja")}
NUMBERS = len(COMPONENTS["numbers"])  # 6
COPIES: int = COMPONENTS["copies"]  # 4
COLUMNS: int = COMPONENTS["columns"]  # 10
PLAYER_COUNTS = tuple(COMPONENTS["players"])
FOSSILS = len(LETTERS) * NUMBERS  # 24 distinct fossils
PER_TYPE = NUMBERS * COPIES  # 24 pieces of each type, 96 in all
COMPONENT_TOTALS = {letter: PER_TYPE for letter in LETTERS}

CHOOSE, REVEAL, PLACE, REVEAL_SWAPPED, OVER = range(5)
PHASES = ("choose", "reveal", "place", "reveal_swapped", "over")
ENDINGS = ("empty", "passes", "stalemate")


def fossil_token(code: int) -> str:
    """``"D4"`` for a face-up fossil, ``"D?"`` for a face-down one."""
    return TOKENS[code]


TOKENS = [f"{letter}{n + 1}" for letter in LETTERS for n in range(NUMBERS)] + [
    f"{letter}?" for letter in reversed(LETTERS)
]
"""Each code's token, as ``fossil_token`` gives it (face-down codes -1..-4 index from the
end): the moves read it directly, a call fewer per event."""


def parse_fossil(token: str, allow_face_down: bool = False) -> int:
    """The code of ``"D4"`` (or ``"D?"`` when allowed); ValueError naming the token otherwise."""
    text = token.strip().upper()
    if len(text) == 2 and text[0] in LETTERS:
        kind = LETTERS.index(text[0])
        if text[1] == "?" and allow_face_down:
            return -kind - 1
        if text[1].isdigit() and 1 <= int(text[1]) <= NUMBERS:
            return kind * NUMBERS + int(text[1]) - 1
    hidden = ", or D? for a face-down one" if allow_face_down else ""
    raise ValueError(
        f"{token!r} is not a fossil: write a type letter ({', '.join(LETTERS)}) and a number "
        f"1–{NUMBERS}, like D4{hidden}."
    )

"""Versioned JSON saves that validate everything they load.

A save holds the position the game started from, every action since, and the
position now. Loading rebuilds the start (validated by the game), replays every
action through the checked ``apply_action`` and compares the result with the saved
position, so a truncated, tampered or mismatched save is refused with a clear
``ValueError`` and nothing half-loaded is ever returned.
"""

from __future__ import annotations

import json
from typing import Any

from boardlib.games import GAMES
from boardlib.protocol import SAVE_FORMAT, SAVE_VERSION, GameState, IllegalAction

FORMAT, VERSION = SAVE_FORMAT, SAVE_VERSION
READS = (1, VERSION)
"""The versions this boardlib reads: 1, whose keys renamed since (Ambar (2018)'s seat
"events", supply "markers" and "soldiers") are read under their new names (each game's
``SCHEMA``: ``Field.was``), and the version it writes."""


def load(text: object, game: str | None = None) -> GameState:
    """The state a save describes; ``ValueError`` saying what is wrong otherwise."""
    data = _parse(text)
    name = data.get("game")
    if name not in GAMES:
        raise ValueError(f"This save is for an unknown game {name!r}; known: {', '.join(GAMES)}.")
    if game is not None and name != game:
        raise ValueError(f"This save is for {name!r}, not {game!r}.")
    state = GAMES[name].from_snapshot(_field(data, "start", dict))
    history = _field(data, "history", list)
    for number, action in enumerate(history, start=1):
        if not isinstance(action, str):
            raise ValueError(f"Move {number} in the save is not text: {action!r}.")
        try:
            state.apply_action(action)
        except IllegalAction as problem:
            raise ValueError(
                f"Move {number} in the save ({action!r}) is not legal there: {problem}"
            ) from None
    # a save written before a key was renamed: its position read under the new names
    position = type(state).SCHEMA.migrate(_field(data, "position", dict))
    reached = state.snapshot()
    if reached != position:
        keys = sorted((k for k in {*position, *reached}
                       if position.get(k, _NONE) != reached.get(k, _NONE)), key=str)
        raise ValueError(
            "The saved position does not match what its moves lead to: the save was edited "
            f"or damaged (it differs in {', '.join(repr(k) for k in keys)})."
        )
    return state


_NONE = object()  # a key missing from one side


def _parse(text: object) -> dict[str, Any]:
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if not isinstance(text, str):
        raise ValueError(f"A save is JSON text, not {type(text).__name__}.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"This is not a complete save (it may be truncated): {error.msg} at character "
            f"{error.pos}."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"This is not a boardlib save (no \"format\": {FORMAT!r}).")
    version = data.get("version")
    if version not in READS or isinstance(version, bool):
        raise ValueError(
            f"This save has version {version!r}; this boardlib reads versions "
            f"{', '.join(map(str, READS))}."
        )
    return data


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise ValueError(f"The save's {key!r} is missing or not a {kind.__name__}.")
    return value

"""A Pig position in a few readable lines, and back: the text form of a snapshot.

Like setup.py it works on position data, not on the state, so the state can use it::

    target: 100
    names: Ann, Bo
    scores: 35 12
    to move: 1
    turn total: 8
    rolling: no
"""

from __future__ import annotations

from typing import Any

from boardlib.fields import description_lines, whole_number, yes_no
from boardlib.pig.data import DEFAULT_TARGET, PLAYER_COUNTS
from boardlib.pig.setup import check_position

EXAMPLE = "scores: 35 12"
KEYS = ("target", "names", "scores", "to move", "turn total", "rolling")


def describe(position: dict[str, Any]) -> str:
    """The lines ``parse_description`` reads back, for a snapshot ``position``."""
    return "\n".join([
        f"target: {position['target']}",
        f"names: {', '.join(position['names'])}",
        f"scores: {' '.join(str(score) for score in position['scores'])}",
        f"to move: {position['to_move'] + 1}",
        f"turn total: {position['turn_total']}",
        f"rolling: {'yes' if position['phase'] == 'rolling' else 'no'}",
    ]) + "\n"


def parse_description(text: object) -> dict[str, Any]:
    """The snapshot a description gives, checked; ValueError saying which line is wrong.

    Every line may be left out: the target is 100, the scores 0, player 1 to move, the
    turn total 0 and the die still. The game is over when a score reaches the target."""
    fields: dict[str, str] = {}
    for number, key, value in description_lines(text, EXAMPLE):
        if key not in KEYS:
            raise ValueError(f"Line {number}: unknown key {key!r}; known: {', '.join(KEYS)}.")
        if key in fields:
            raise ValueError(f"Line {number}: {key!r} is given twice.")
        fields[key] = value.strip()
    count = PLAYER_COUNTS[0]
    target = whole_number(fields.get("target", str(DEFAULT_TARGET)), "target")
    scores = [whole_number(s, "scores") for s in fields.get("scores", "0 " * count).split()]
    turn_total = whole_number(fields.get("turn total", "0"), "turn total")
    to_move = whole_number(fields.get("to move", "1"), "to move") - 1
    names = [n.strip() for n in fields["names"].split(",")] if "names" in fields else None
    over = any(score >= target for score in scores)
    rolling = yes_no(fields.get("rolling", "no"))
    position = {
        "players": count,
        "names": names if names is not None else [f"Player {i + 1}" for i in range(count)],
        "target": target,
        "scores": scores,
        "to_move": to_move,
        "turn_total": turn_total,
        "phase": "over" if over else "rolling" if rolling else "decide",
        "ended": "target" if over else None,
    }
    check_position(position)  # the same refusals as a loaded save, before any state is made
    return position

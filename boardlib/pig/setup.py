"""Pig's set-up (PG-2) and the position as data: the starting position, and the checks
that a position (a snapshot, a save, a description) is one the rules can reach.

Only data lives here, so the state (state.py), the descriptions and saves all build on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardlib.fields import names_field, player_count
from boardlib.pig.data import (
    BUST,
    DEFAULT_TARGET,
    ENDINGS,
    HIGHEST_TARGET,
    LOWEST_TARGET,
    PHASES,
    PLAYER_COUNTS,
    TITLE,
)


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, TITLE, "PG-1.2")


def check_target(target: object) -> int:
    """The score that wins (PG-2.1): a whole number in the allowed range."""
    if (isinstance(target, bool) or not isinstance(target, int)
            or not LOWEST_TARGET <= target <= HIGHEST_TARGET):
        raise ValueError(f"The target is a whole number from {LOWEST_TARGET} to "
                         f"{HIGHEST_TARGET}, not {target!r} (PG-2.1).")
    return target


def start_position(players: object = 2, names: Sequence[str] | None = None,
                   target: object = DEFAULT_TARGET) -> dict[str, Any]:
    """The position a game starts from (PG-2.2): no points, player 1 to roll."""
    count = check_players(players)
    return {
        "players": count,
        "names": names_field(list(names) if names is not None else None, count),
        "target": check_target(target),
        "scores": [0] * count,
        "to_move": 0,
        "turn_total": 0,
        "phase": "decide",
        "ended": None,
    }


def check_position(data: Any) -> dict[str, Any]:
    """``data`` (names cleaned) if it is a position the rules can reach; ValueError naming
    the rule if not."""
    if not isinstance(data, dict):
        raise ValueError("A position is a JSON object.")
    count = check_players(data.get("players"))
    names = names_field(data.get("names"), count)
    target = check_target(data.get("target"))
    scores = data.get("scores")
    if not isinstance(scores, list) or len(scores) != count:
        raise ValueError(f"'scores' must list {count} scores, one per player.")
    for seat, score in enumerate(scores):
        _check_points(score, f"player {seat + 1}'s score")
    to_move = data.get("to_move")
    if isinstance(to_move, bool) or not isinstance(to_move, int) or to_move not in range(count):
        raise ValueError(f"'to_move' must be a seat from 0 to {count - 1}, not {to_move!r}.")
    turn_total = _check_points(data.get("turn_total"), "the turn total")
    phase = data.get("phase")
    if phase not in PHASES:
        raise ValueError(f"'phase' must be one of {', '.join(PHASES)}, not {phase!r}.")
    ended = data.get("ended")
    if ended is not None and ended not in ENDINGS:
        raise ValueError(f"'ended' must be null or one of {', '.join(ENDINGS)}.")
    _check_ending(scores, target, to_move, turn_total, phase, ended)
    return {**data, "names": names}


def _check_points(value: Any, what: str) -> int:
    """Points are banked and totalled only from faces 2–6 (PG-3.1, PG-3.2): 0, or 2 or more."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what[0].upper()}{what[1:]} must be a whole number ≥ 0, not {value!r}.")
    if value == BUST:
        raise ValueError(f"{what[0].upper()}{what[1:]} cannot be 1: a 1 scores nothing, and "
                         "every other face is worth 2 or more (PG-3.1, PG-3.2).")
    return value


def _check_ending(scores: list[int], target: int, to_move: int, turn_total: int, phase: str,
                  ended: str | None) -> None:
    """The game is over exactly when a hold has reached the target (PG-4.1)."""
    reached = [seat for seat, score in enumerate(scores) if score >= target]
    if len(reached) > 1:
        raise ValueError("Only one player can reach the target: the game ends at once (PG-4.1).")
    if reached and (ended != "target" or phase != "over"):
        raise ValueError(f"A player has {target} points, so the game is over (PG-4.1).")
    if not reached and (ended is not None or phase == "over"):
        raise ValueError(f"The game is over only when a player reaches {target} (PG-4.1).")
    if reached and (to_move != reached[0] or turn_total):
        raise ValueError("At the end the winner, who just held, is the player to move, with "
                         "no turn total (PG-4.1).")

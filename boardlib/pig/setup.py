"""Pig's set-up (PG-2) and the position as data: the starting position, and the checks
that a position (a snapshot, a save, a description) is one the rules can reach.

Only data lives here, so the state (state.py), the descriptions and saves all build on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardlib.fields import (
    Choice,
    Custom,
    Field,
    Names,
    OneOf,
    Players,
    Schema,
    Whole,
    names_field,
    player_count,
    seat_number,
)
from boardlib.games import PIG
from boardlib.pig.data import (
    BUST,
    DEFAULT_TARGET,
    ENDINGS,
    HIGHEST_TARGET,
    LOWEST_TARGET,
    PHASES,
    PLAYER_COUNTS,
)


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, PIG.titles, "PG-1.2")


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


def _scores(raw: Any, label: str, loaded: dict[str, Any]) -> list[int]:
    count = loaded["players"]
    if not isinstance(raw, list) or len(raw) != count:
        raise ValueError(f"'scores' must list {count} scores, one per player.")
    return [_check_points(score, f"player {seat + 1}'s score") for seat, score in enumerate(raw)]


_POINTS = Custom(int, lambda raw, label, loaded: _check_points(raw, "the turn total"))
SCHEMA = Schema(
    Field("players", Players(PLAYER_COUNTS, PIG.titles, "PG-1.2"), kept=False),
    Field("names", Names()),
    Field("target", Custom(int, lambda raw, label, loaded: check_target(raw))),
    Field("scores", Custom(list, _scores, depth=1)),
    Field("to_move", Whole(0, seat_number)),
    Field("turn_total", _POINTS),
    Field("phase", Choice(PHASES)),
    Field("ended", OneOf((None, *ENDINGS))),
)
"""Pig's position: every field once, in the order a snapshot writes them."""


def check_position(data: Any) -> dict[str, Any]:
    """The fields of ``data`` (names cleaned) if it is a position the rules can reach;
    ValueError naming the rule if not."""
    loaded = SCHEMA.load(data)
    _check_ending(loaded["scores"], loaded["target"], loaded["to_move"], loaded["turn_total"],
                  PHASES[loaded["phase"]], loaded["ended"])
    return loaded


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

"""What ``PigState.observation()`` returns, as a type: the snapshot's fields (setup.SCHEMA)
and the keys the observation adds. tests/test_observations.py checks real observations
against it, so the type cannot drift from the schema."""

from __future__ import annotations

from typing import TypedDict


class PigObservation(TypedDict):
    """A seat's (or an onlooker's) view of a Pig position: Pig hides nothing."""

    players: int
    names: list[str]
    target: int
    scores: list[int]
    to_move: int
    turn_total: int
    phase: str
    ended: str | None
    viewer: int | None
    legal_actions: list[str]

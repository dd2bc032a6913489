"""What ``AmphipolisState.observation()`` returns, as a type: the snapshot's fields
(setup.SCHEMA) and the keys the observation adds. Tile counts are keyed by token code and
list only the tiles present. tests/test_observations.py checks real observations against it,
so the type cannot drift from the schema."""

from __future__ import annotations

from typing import TypedDict


class AmphipolisObservation(TypedDict):
    """A seat's (or a spectator's) view of an Amphipolis position: everything is public."""

    players: int
    names: list[str]
    bag: dict[str, int]
    areas: dict[str, int]
    robber: dict[str, int]
    finds: list[dict[str, int]]
    used: list[list[str]]
    box: int
    covered: int
    draws_left: int
    landslide_drawn: bool
    to_move: int
    phase: str
    chosen: str | None
    character_area: str | None
    taken: int
    professor_done: list[str]
    ender: int | None
    viewer: int | None
    scores: list[list[int]]
    legal_actions: list[str]

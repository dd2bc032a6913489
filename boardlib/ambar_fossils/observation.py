"""What ``AmbarFossilsState.observation()`` returns, as a type: the snapshot's fields
(setup.SCHEMA) and the keys the observation adds. tests/test_observations.py checks real
observations against it, so the type cannot drift from the schema."""

from __future__ import annotations

from typing import TypedDict


class AmbarFossilsExcavation(TypedDict):
    """The Excavation: face-down fossils counted by type, face-up ones by token."""

    face_down: dict[str, int]
    face_up: list[str]


class AmbarFossilsObservation(TypedDict):
    """A seat's (or a spectator's) view of an Âmbar position: every seat sees the same."""

    players: int
    names: list[str]
    excavation: AmbarFossilsExcavation
    displays: list[list[str]]
    patterns: list[str]
    to_move: int
    phase: str
    holding: str | None
    revealing: str | None
    extra_turn: bool
    progress: bool
    passes: int
    ended: str | None
    viewer: int | None
    end_phase: bool
    levels: list[list[int]]
    legal_actions: list[str]

"""What ``AmberRouteState.observation()`` returns, as a type: the snapshot's fields
(setup.SCHEMA) and the keys the observation adds. Hidden cards are a count (an int) where the
viewer may not see them, their text where it may. tests/test_observations.py checks real
observations against it, so the type cannot drift from the schema."""

from __future__ import annotations

from typing import TypedDict


class AmberRouteSeatView(TypedDict):
    """One seat as the viewer sees it: ``hand`` is the cards' text if it is the viewer's own,
    else how many cards it holds."""

    hand: str | int
    amber: int
    secured: int
    guards: int
    field: int
    missed: int
    kept: str
    grace: str | None


class AmberRouteObservation(TypedDict):
    """A seat's (or a spectator's) view of an Amber Route position."""

    version: str
    players: int
    names: list[str]
    seats: list[AmberRouteSeatView]
    amber_pool: int
    guard_pool: int
    light_deck: int
    light_discard: str
    table: str
    look: str | int
    light_top: str | None
    light_top_seen_by: int | None
    dark_deck: int
    dark_discard: str
    box: str
    card: str | None
    level: int
    hp: int
    damage36: bool
    dice: list[int]
    dice_count: int
    other_dice: list[int]
    duel: list[int]
    turn: int
    round: int | None
    first: int | None
    finals: list[int]
    fresh: bool
    queue: list[str]
    ended: str | None
    viewer: int | None
    placeholder_data: str
    points: list[int]
    legal_actions: list[str]

"""What ``Ambar2018State.observation()`` returns, as a type: the snapshot's fields
(setup.SCHEMA) and the keys the observation adds. Card and gem counts are keyed by code and
list only what is present. tests/test_observations.py checks real observations against it, so
the type cannot drift from the schema."""

from __future__ import annotations

from typing import TypedDict


class Ambar2018SeatView(TypedDict):
    """One seat as the viewer sees it: ``event_hand`` is the cards by code if it is the
    viewer's own, else how many event cards it holds."""

    gold: int
    soldiers: int
    markers: int
    traveller: str
    village: str
    village_gems: dict[str, int]
    alchemy: str
    alchemy_gems: dict[str, int]
    event_hand: dict[str, int] | int


class Ambar2018Carry(TypedDict):
    """Gems still to carry: how many of which colour."""

    colour: str
    count: int


class Ambar2018Supply(TypedDict):
    """The bank's gold and the soldiers and markers not yet on the board."""

    bank: int
    soldier_supply: int
    marker_supply: int


class Ambar2018Observation(TypedDict):
    """A seat's (or a spectator's) view of an Âmbar (2018) position."""

    players: int
    names: list[str]
    seats: list[Ambar2018SeatView]
    supply: Ambar2018Supply
    hoard: dict[str, int]
    loot: dict[str, int]
    loot_gold: int
    treasure: dict[str, int]
    treasure_gold: int
    sold: dict[str, int]
    deck: dict[str, int]
    discard: dict[str, int]
    aside: dict[str, int]
    box: dict[str, int]
    lineup: list[str]
    event_deck: int
    event_discard: int
    serpent: int | str
    serpent_next: int | None
    demon: int | str
    demon_out: bool
    round: int
    active: int
    phase: str
    actions: int
    drawn: int
    turned: str | None
    top: str | None
    top_known: list[int]
    used: list[int]
    carry: Ambar2018Carry | None
    queue: list[int]
    deal: int | None
    decider: int | None
    fled: bool
    recover_later: bool
    chants_check: bool
    ended: str | None
    viewer: int | None
    placeholder_values: str
    black_cards: int
    legal_actions: list[str]

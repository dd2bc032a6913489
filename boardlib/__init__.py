"""boardlib: exact rules for four tabletop games on one protocol (see shared/DESIGN.md).

Pure Python, standard library only. Every game module offers ``new_game``,
``from_json``, ``from_description`` and a state with the protocol of
``boardlib.protocol.GameState``.
"""

from __future__ import annotations

from boardlib import ambar_2018, ambar_fossils, amber_route, amphipolis
from boardlib.bots import Bot, RandomBot
from boardlib.match import Match
from boardlib.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameState,
    IllegalAction,
    SecretEvent,
)
from boardlib.ranking import Result
from boardlib.saves import load as from_json

GAMES = {
    "ambar_fossils": ambar_fossils,
    "amphipolis": amphipolis,
    "amber_route": amber_route,
    "ambar_2018": ambar_2018,
}
"""Game name → module, so tests, bots, widgets and the command line are generic."""

__version__ = "0.1.0"
__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Action",
    "Bot",
    "Event",
    "GameState",
    "IllegalAction",
    "Match",
    "RandomBot",
    "Result",
    "SecretEvent",
    "ambar_2018",
    "ambar_fossils",
    "amber_route",
    "amphipolis",
    "from_json",
]

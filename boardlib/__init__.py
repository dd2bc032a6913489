"""boardlib: exact rules for four tabletop games on one protocol (see shared/DESIGN.md).

Pure Python, standard library only. ``GAMES[name]`` is each game's ``GameInfo``
(name, titles, player counts, variants, bots, …); every game module offers ``new_game``,
``from_json``, ``from_description`` and a state with the protocol of
``boardlib.protocol.GameState``. Importing boardlib imports no game: ``boardlib.amphipolis``
(or ``from boardlib import amphipolis``, or ``GAMES["amphipolis"].module``) loads that one.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from boardlib.bots import Bot, RandomBot
from boardlib.games import GAMES
from boardlib.info import GameInfo
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


def __getattr__(name: str) -> ModuleType:
    """``boardlib.<game>``: the game's package, imported the first time it is asked for."""
    if name in GAMES:
        return importlib.import_module(GAMES[name].module_path)
    raise AttributeError(f"module 'boardlib' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *GAMES})


__version__ = "0.1.0"
__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Action",
    "Bot",
    "Event",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "Match",
    "RandomBot",
    "Result",
    "SecretEvent",
    # the games, loaded on first use by __getattr__
    "ambar_2018",
    "ambar_fossils",
    "amber_route",
    "amphipolis",
    "from_json",
]

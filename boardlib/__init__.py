"""boardlib: exact rules for four tabletop games, and Pig, on one protocol (docs/adding-a-game.md).

Pure Python, standard library only. ``GAMES[name]`` is each game's ``GameInfo``
(name, titles, player counts, variants, bots, …); every game module offers ``new_game``,
``from_json``, ``from_description`` and a state with the protocol of
``boardlib.protocol.GameState``. Importing boardlib imports no game: ``boardlib.amphipolis``
(or ``from boardlib import amphipolis``, or ``GAMES["amphipolis"].module``) loads that one.
The protocol's names (``GameState``, ``Match``, ``CHANCE``, …) load when first asked for too.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:  # the names __getattr__ gives, for the type checker and IDEs
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

_ON_FIRST_USE = {
    "GAMES": ("boardlib.games", "GAMES"),
    "GameInfo": ("boardlib.info", "GameInfo"),
    "Bot": ("boardlib.bots", "Bot"),
    "RandomBot": ("boardlib.bots", "RandomBot"),
    "Match": ("boardlib.match", "Match"),
    "CHANCE": ("boardlib.protocol", "CHANCE"),
    "TERMINAL": ("boardlib.protocol", "TERMINAL"),
    "Action": ("boardlib.protocol", "Action"),
    "Event": ("boardlib.protocol", "Event"),
    "GameState": ("boardlib.protocol", "GameState"),
    "IllegalAction": ("boardlib.protocol", "IllegalAction"),
    "SecretEvent": ("boardlib.protocol", "SecretEvent"),
    "Result": ("boardlib.ranking", "Result"),
    "from_json": ("boardlib.saves", "load"),
}
"""Name → (module, attribute) of the protocol's names, imported the first time one is asked
for. Naming the games (``GAMES``, ``GameInfo``) needs none of them, and their modules bring
fractions, json, random and dataclasses, most of what ``import boardlib`` cost before (issue
#11: it takes ≤ 15 ms; benchmarks/bench_import.py measures it, tests/test_imports.py checks
what it loads)."""


def __getattr__(name: str) -> object:
    """``boardlib.<game>``: the game's package, and the names of ``_ON_FIRST_USE``: each
    imported the first time it is asked for."""
    if name in _ON_FIRST_USE:
        module, attribute = _ON_FIRST_USE[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value  # asked for once: a plain module attribute from now on
        return value
    games = _games()
    if name in games:
        return importlib.import_module(games[name].module_path)
    raise AttributeError(f"module 'boardlib' has no attribute {name!r}")


def _games() -> dict[str, GameInfo]:
    """The registry (``boardlib.games.GAMES``), loaded when first needed: importing a part of
    boardlib (``boardlib.protocol``) loads no registry of games (issue #32)."""
    games: dict[str, GameInfo] = importlib.import_module("boardlib.games").GAMES
    return games


def __dir__() -> list[str]:
    return sorted({*globals(), *_games(), *_ON_FIRST_USE})


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
    "pig",
]

"""Amphipolis — draw tiles from the bag, rescue finds before the entrance is buried.

Rules: docs/rules/amphipolis.md, the rulebook quoted clause by clause with the engine's
interpretations. 1–4 players; 1 is the solo game against the grave robber.
Quick start::

    from boardlib import amphipolis
    state = amphipolis.new_game(players=2, seed=7)   # areas seeded, player 1 to draw
    state.chance_outcomes()        # [('draw MR', Fraction(...)), ...] from the bag
    state.apply_action("draw LS")  # a landslide covers an entrance space
    amphipolis.from_description("players: 2\\nareas: MR CA AB LU\\nstep: take\\n")
"""

from __future__ import annotations

from functools import partial

from boardlib.amphipolis.bots import GreedyBot
from boardlib.amphipolis.data import (
    AREAS,
    CHARACTERS,
    COMPONENT_TOTALS,
    COMPONENTS,
    PLAYER_COUNTS,
    TILE_NAMES,
    TOKENS,
)
from boardlib.amphipolis.description import describe
from boardlib.amphipolis.messages import MESSAGES, format_value
from boardlib.amphipolis.scoring import (
    amphora_points,
    mosaic_points,
    skeleton_points,
    statue_points,
)
from boardlib.amphipolis.state import (
    AmphipolisResult,
    AmphipolisState,
    from_description,
    from_snapshot,
    new_game,
)
from boardlib.bots import RandomBot
from boardlib.saves import load

NAME = "amphipolis"
BOTS = {"random": RandomBot, "greedy": GreedyBot}

from_json = partial(load, game=NAME)

__all__ = [
    "AREAS",
    "BOTS",
    "CHARACTERS",
    "COMPONENTS",
    "COMPONENT_TOTALS",
    "MESSAGES",
    "NAME",
    "PLAYER_COUNTS",
    "TILE_NAMES",
    "TOKENS",
    "AmphipolisResult",
    "AmphipolisState",
    "GreedyBot",
    "amphora_points",
    "describe",
    "format_value",
    "from_description",
    "from_json",
    "from_snapshot",
    "mosaic_points",
    "new_game",
    "skeleton_points",
    "statue_points",
]

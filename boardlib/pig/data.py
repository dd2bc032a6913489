"""Pig's constants and component data (components.json): one die, two players, a target."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

GAME = "pig"
TITLE = "Pig"

COMPONENTS: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("components.json").read_text("utf-8")
)
FACES = tuple(range(1, COMPONENTS["die_faces"] + 1))
BUST = COMPONENTS["bust_face"]  # the face that loses the turn total (PG-3.1)
DEFAULT_TARGET = COMPONENTS["target"]
LOWEST_TARGET, HIGHEST_TARGET = COMPONENTS["target_range"]
PLAYER_COUNTS = tuple(COMPONENTS["players"])
COMPONENT_TOTALS = {"die": 1}
"""What ``inventory()`` counts at every step: the one die (PG-1.1)."""

PHASES = ("decide", "rolling", "over")
DECIDE, ROLLING, OVER = range(len(PHASES))
ENDINGS = ("target",)

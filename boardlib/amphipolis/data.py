"""Amphipolis's constants and component data (components.json): tiles, areas, characters,
set-up numbers, and the phases of a turn. Everything else in the package builds on it."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

GAME = "amphipolis"
COMPONENTS: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("components.json").read_text("utf-8")
)
TILE_TYPES = COMPONENTS["tiles"]["types"]
TOKENS = [t["code"] for t in TILE_TYPES]
TILE_NAMES: dict[str, list[str]] = {lang: [t[lang] for t in TILE_TYPES] for lang in ("en", "ja")}
COUNTS = [t["count"] for t in TILE_TYPES]
AREAS = [a["code"] for a in COMPONENTS["board"]["areas"]]
AREA_NAMES: dict[str, list[str]] = {
    lang: [a[lang] for a in COMPONENTS["board"]["areas"]] for lang in ("en", "ja")}
CHARACTERS = [c["code"] for c in COMPONENTS["characters"]["cards"]]
CHARACTER_NAMES: dict[str, list[str]] = {
    lang: [c[lang] for c in COMPONENTS["characters"]["cards"]]
    for lang in ("en", "ja")}
PLAYER_COUNTS = tuple(COMPONENTS["players"]["counts"])
ENTRANCE: int = COMPONENTS["board"]["entrance_spaces"]  # 16
SETUP = COMPONENTS["setup"]
TO_BOX = {int(k): v for k, v in SETUP["landslides_to_box"].items()}
SOLO_COVERED = SETUP["solo_covered_at_start"]  # 8
DRAWS = SETUP["draws_per_turn"]  # 4
TAKES = SETUP["takes_per_turn"]  # 2

TYPES = len(TOKENS)  # 16
LANDSLIDE = TOKENS.index("LS")
FINDS = LANDSLIDE  # tile types 0..14 are finds
AREA_OF = [AREAS.index(t["area"]) if t["area"] in AREAS else -1 for t in TILE_TYPES]
AREA_TILES = [tuple(t for t in range(FINDS) if AREA_OF[t] == a) for a in range(len(AREAS))]
MOSAICS, STATUES, AMPHORAS, SKELETONS = (AREAS.index(a) for a in
                                         ("mosaics", "statues", "amphoras", "skeletons"))
CARYATID, SPHINX = TOKENS.index("CA"), TOKENS.index("SP")
ASSISTANT, ARCHAEOLOGIST, DIGGER, PROFESSOR = range(4)
COMPONENT_TOTALS = dict(zip(TOKENS, COUNTS))
ALL_USED = (1 << len(CHARACTERS)) - 1

SEED, DRAW, TAKE, OVER = 0, 1, 2, 7
CHARACTER_PHASE = 3  # 3 + character index: the character's take is under way
PHASES = ("seed", "draw", "take", "assistant", "archaeologist", "digger", "professor", "over")

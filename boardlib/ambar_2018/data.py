"""Ambar (2018)'s constants and component data (components.json): cards, gems, phases.

Everything else in the package builds on this module. Card values are PLACEHOLDERS (see
components.json)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

GAME = "ambar_2018"
TITLE = "Ambar (2018)"
COMPONENTS: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("components.json").read_text("utf-8")
)
PLAYER_COUNTS = tuple(COMPONENTS["players"])
# the gem colours' codes, least to most valuable
COLOURS: list[str] = COMPONENTS["colours"]["order"]
COLOUR_NAMES: dict[str, list[str]] = {lang: COMPONENTS["colours"][lang] for lang in ("en", "ja")}
YELLOW, BLUE, RED = (COLOURS.index(code) for code in ("Y", "B", "R"))
"""The gem colours as indexes into ``COLOURS`` (and into every ``[yellow, blue, red]`` vector)."""
SUPPLIES = COMPONENTS["supplies"]
GEM_TOTALS = [SUPPLIES["gems"][c] for c in COLOURS]
MARKERS = SUPPLIES["amber_markers"]
SOLDIERS = SUPPLIES["soldiers"]
# All the gold in the game (the bank before setup): the tokens' total, a PLACEHOLDER mix of
# the rulebook's "57 gold tokens worth 1, 3 or 10"; gold is counted as an amount (AB-1.1).
BANK_TOKENS = {int(worth): n for worth, n in COMPONENTS["bank"]["tokens"].items()}
BANK = sum(worth * n for worth, n in BANK_TOKENS.items())
if COMPONENTS["bank"]["gold"] != BANK:
    raise ValueError("components.json: the bank's 'gold' is not the total of its 'tokens'.")
SITE_PRICES = COMPONENTS["forest"]["site_prices"]
SITES = len(SITE_PRICES)
MAX_LINEUP = 7
MAX_BLACK = 3

FOREST, ALCHEMY, TRAVELLER, VILLAGE, TRADE, CHANTS, ORACLE, BANDIT, RAID, DEMON = range(10)
KINDS = ("forest", "alchemy", "traveller", "village", "trade", "chants", "oracle", "bandit",
         "raid", "demon")
CARD_LIST = COMPONENTS["cards"]["list"]
CODES: list[str] = [c["code"] for c in CARD_LIST] + ["SERPENT", "REDDEMON"]
SERPENT, RED_DEMON = len(CARD_LIST), len(CARD_LIST) + 1
NCARDS = len(CARD_LIST)  # codes that can lie in piles; the demons never do
KIND: list[int] = [KINDS.index(c["kind"]) for c in CARD_LIST] + [DEMON, DEMON]
BLACK = [k in (CHANTS, ORACLE, BANDIT, RAID, DEMON) for k in KIND]
DANGERS = (CHANTS, BANDIT, RAID)  # the black cards that are met by a decision (AB-4.3–4.6)
START = [bool(c.get("start")) for c in CARD_LIST]
ROUND1 = [c.get("round1", 0) for c in CARD_LIST]
ROUND2 = [c.get("round2", 0) for c in CARD_LIST]
COST = [c.get("cost", 0) for c in CARD_LIST]
RANK = [c.get("rank", 0) for c in CARD_LIST]
CARRY = [[c.get("carry", {}).get(col, 0) for col in COLOURS] for c in CARD_LIST]
CAPACITY = [c.get("capacity", 0) for c in CARD_LIST]
BEST = [COLOURS.index(c["best"]) if "best" in c else -1 for c in CARD_LIST]
PRICES: list[list[int]] = [[c.get("prices", {}).get(col, 0) for col in COLOURS] for c in CARD_LIST]
DEMANDS = [COLOURS.index(c["demands"]) if "demands" in c else -1 for c in CARD_LIST]
TABLE = [
    {int(m): [(COLOURS.index(o[0]), int(o[1:])) for o in opts] for m, opts in c["table"].items()}
    if "table" in c else {}
    for c in CARD_LIST
]
CARD_NAMES = [c["name"] for c in CARD_LIST] + ["Serpent", "Red Demon"]
START_FOREST, START_ALCHEMY, START_TRAVELLER, START_VILLAGE = (
    CODES.index("SF"), CODES.index("SA"), CODES.index("ST"), CODES.index("SV"))
STARTING = (START_FOREST, START_ALCHEMY, START_TRAVELLER, START_VILLAGE)
JOURNEY_CARDS = sum(ROUND1) + sum(ROUND2)  # 66 (AB-1.1)

EVENT_LIST = COMPONENTS["events"]["list"]
EVENTS = [e["code"] for e in EVENT_LIST]
NEVENTS = len(EVENTS)
EVENT_NAMES: list[str] = [e["name"] for e in EVENT_LIST]
EVENT_COUNTS = [e["count"] for e in EVENT_LIST]
EVENT_WHEN = [e["when"] for e in EVENT_LIST]
EVENT_SOLDIERS = [e["soldiers"] for e in EVENT_LIST]
(FOREST_CLEARINGS, AMBER, FAILED_ALCHEMY, CHEATING_ALCHEMY, LAKESIDE_DISCOVERY, DISTRACTIONS,
 FOG, COMPANY, FOX) = (EVENTS.index(code) for code in
                       ("FC", "AM", "FA", "CA", "LD", "DI", "FG", "CO", "FX"))
"""The event cards as indexes into ``EVENTS``; their codes are the data's identifiers."""
ANY_TIME = (FOREST_CLEARINGS, FAILED_ALCHEMY, CHEATING_ALCHEMY)
TARGETED = (FOREST_CLEARINGS, FAILED_ALCHEMY, CHEATING_ALCHEMY, FOX)
OWN_TURN = (AMBER, LAKESIDE_DISCOVERY, COMPANY, FOX)
ON_THE_ROAD = (DISTRACTIONS, FOG)  # played on the active player's traveller (AB-11.2)
OWN_AND_ANY = OWN_TURN + ANY_TIME
TRADE_CARDS = frozenset(c for c in range(NCARDS) if KIND[c] == TRADE)

# Card locations of the two demons.
PLACE, LINEUP, ASIDE = -1, -2, -3

(DEAL, CHOICE, JOURNEY, DRAW, DANGER, PEEK, ORACLE_CHOICE, REWARD, RESPONSE, ACTIONS, CARRY_WINDOW,
 TRADING, UPGRADES, OVER) = range(14)
PHASES = ("deal", "choice", "journey", "draw", "danger", "peek", "oracle", "reward", "response",
          "actions", "carry", "trade", "upgrade", "over")
CHANCE_PHASES = (DEAL, DRAW, PEEK, REWARD)
OTHERS_DECIDE = (RESPONSE, CARRY_WINDOW, TRADING, UPGRADES)

COMPONENT_TOTALS = {
    "yellow gems": GEM_TOTALS[YELLOW],
    "blue gems": GEM_TOTALS[BLUE],
    "red gems": GEM_TOTALS[RED],
    "gold": BANK,
    "soldiers": SOLDIERS,
    "amber markers": MARKERS,
    "journey cards": JOURNEY_CARDS,
    "starting cards": 4 * max(PLAYER_COUNTS),
    "demon and treasure cards": 3,
    "event cards": SUPPLIES["event_cards"],
}

"""Amber Route component data (components.json) decoded into fast integer tables.

Codes, chosen for speed and short action names:
a light card *kind* is ``terrain * 3 + value - 1`` (terrain 0..3 = M F S W, 4 = any),
written ``"F2"`` or ``"A3"``; a darkness card is its index 0..59, written ``"D07"``;
a field is its index 0..25 on the track (0 the sea shore, 25 the castle).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

COMPONENTS: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("components.json").read_text("utf-8"))

PLAYER_COUNTS = tuple(COMPONENTS["players"]["counts"])
BOX = COMPONENTS["box"]
DICE_IN_BOX = BOX["dice"]  # 5: no roll uses more (AR-7.4)
TOTAL_LIGHT = BOX["light_cards"]
TOTAL_DARK = BOX["darkness_cards"]
TOTAL_AMBER = BOX["amber"]
TOTAL_GUARDS = BOX["guards"]
START = COMPONENTS["start"]
GUARD_LIMIT = START["guard_limit"]
HAND_LIMIT = START["hand_limit"]
VERSIONS = ("advanced", "family")
ADVANCED, FAMILY = 0, 1

TERRAINS = COMPONENTS["terrains"]["letters"]  # "MFSW"
ANY = 4
TERRAIN_LETTERS = TERRAINS + "A"
TERRAIN_NAMES: dict[str, list[str]] = {lang: COMPONENTS["terrains"][lang] for lang in ("en", "ja")}

# ----- light cards ---------------------------------------------------------------
LIGHT_KINDS = 15
LIGHT_COPIES = [0] * LIGHT_KINDS
for _letter, _value, _copies in COMPONENTS["light_cards"]["kinds"]:
    LIGHT_COPIES[TERRAIN_LETTERS.index(_letter) * 3 + _value - 1] = _copies
LIGHT_TERRAIN = [k // 3 for k in range(LIGHT_KINDS)]
LIGHT_VALUE = [k % 3 + 1 for k in range(LIGHT_KINDS)]
LIGHT_TOKENS = [f"{TERRAIN_LETTERS[k // 3]}{k % 3 + 1}" for k in range(LIGHT_KINDS)]

# ----- darkness cards -------------------------------------------------------------
CHALLENGES = ("monster", "ghost", "trap", "grace")
MONSTER, GHOST, TRAP, GRACE = range(4)
REWARDS = ("light1", "light2", "look2", "reroll1", "reroll2", "guard1", "guard2", "move2",
           "die_M", "die_F", "die_S", "die_W", "damage36", "amber1")
_CARDS = COMPONENTS["darkness_cards"]["cards"]
CARD_KIND = [CHALLENGES.index(c["challenge"]) for c in _CARDS]
CARD_TERRAIN = [TERRAINS.index(c["terrain"]) if "terrain" in c else -1 for c in _CARDS]
CARD_REWARD = [REWARDS.index(c["reward"]) if "reward" in c else -1 for c in _CARDS]
CARD_KEEP = [bool(c.get("keep")) for c in _CARDS]
DARK_TOKENS = [f"D{i:02d}" for i in range(len(_CARDS))]
GRACE_CARDS = [i for i, kind in enumerate(CARD_KIND) if kind == GRACE]
EXTRA_DIE_TERRAIN = {REWARDS.index(f"die_{t}"): i for i, t in enumerate(TERRAINS)}

# ----- the board -------------------------------------------------------------------
FIELD_TYPES = ("shore", "terrain", "village", "city", "castle")
SHORE, TERRAIN, VILLAGE, CITY, CASTLE_FIELD = range(5)
_FIELDS = COMPONENTS["board"]["fields"]
FIELD_TYPE = [FIELD_TYPES.index(f["type"]) for f in _FIELDS]
FIELD_TERRAIN = [TERRAINS.index(f["terrain"]) if "terrain" in f else -1 for f in _FIELDS]
FIELD_SYMBOL = [CHALLENGES.index(f["symbol"]) if "symbol" in f else -1 for f in _FIELDS]
CASTLE = len(_FIELDS) - 1

# ----- tables ------------------------------------------------------------------------
MONSTERS = [COMPONENTS["monsters"][v] for v in VERSIONS]  # [version][level] = hp, dice, from
GHOSTS = [COMPONENTS["ghosts"][v] for v in VERSIONS]  # [version][level] = need, lose
TRAP_DICE = COMPONENTS["traps"]["dice"]
LEVEL_AMBER = COMPONENTS["level_rewards"]["amber"]
LEVEL_CHOICE = COMPONENTS["level_rewards"]["guard_or_light"]
GIFTS = [REWARDS.index(g) for g in COMPONENTS["grace_gifts"]["by_face"]]  # face-1 -> reward
SCORE: dict[str, int] = COMPONENTS["score"]
PLACEHOLDER_NOTE = (
    "The board layout, light cards, darkness cards and grace gifts are PLACEHOLDERS chosen to "
    "respect every count and rule in the rulebook; the printed components are not public."
)

COMPONENT_TOTALS = {
    "amber": TOTAL_AMBER,
    "guards": TOTAL_GUARDS,
    "light cards": TOTAL_LIGHT,
    "darkness cards": TOTAL_DARK,
}


def level_of(card: int, field: int) -> int:
    """0, 1, 2 for levels I, II, III: how many of the card's two symbols the field shows."""
    return (CARD_TERRAIN[card] == FIELD_TERRAIN[field]) + (CARD_KIND[card] == FIELD_SYMBOL[field])


CARD_LEVEL = [[level_of(c, f) for f in range(CASTLE + 1)] for c in range(len(_CARDS))]
"""``[card][field]``: ``level_of`` worked out once for every card on every field (AR-6.4)."""


def light_matches(kind: int, field: int) -> bool:
    """A light card helps on a field of its terrain; an any-terrain card helps everywhere."""
    terrain = LIGHT_TERRAIN[kind]
    return terrain == ANY or terrain == FIELD_TERRAIN[field]


LIGHT_INDEX = {token: k for k, token in enumerate(LIGHT_TOKENS)}
DARK_INDEX = {token: c for c, token in enumerate(DARK_TOKENS)}


def parse_light(token: str) -> int:
    index = LIGHT_INDEX.get(token)
    if index is not None:
        return index
    text = token.strip().upper()
    if text in LIGHT_INDEX:
        return LIGHT_INDEX[text]
    raise ValueError(f"{token!r} is not a light card: write a terrain letter "
                     f"({', '.join(TERRAIN_LETTERS)}; A = any terrain) and a value 1–3, like F2.")


def parse_dark(token: str) -> int:
    index = DARK_INDEX.get(token)
    if index is not None:
        return index
    text = token.strip().upper()
    if text in DARK_INDEX:
        return DARK_INDEX[text]
    raise ValueError(f"{token!r} is not a darkness card: write D00–D{TOTAL_DARK - 1}.")


# ----- the engine's steps and fights, as data (state.py runs them; setup.py checks them) ---
MAX_DICE = DICE_IN_BOX
R_REROLL1, R_REROLL2, R_DAMAGE = (REWARDS.index(r) for r in ("reroll1", "reroll2", "damage36"))

STEP_WHO = {
    "draw_phase": "p", "action": "p", "discard": "p", "reward": "p", "prepare": "p",
    "modify": "p", "pay": "p", "attack": "p", "duel_cards": "p", "contest_first": "p",
    "contest_cards": "p", "loot": "p", "pick": "p", "keep": "p",
    "roll": "c", "light": "c", "look": "c", "dark": "c", "steal": "c",
    "turn": "a", "end_turn": "a", "hit": "a", "mon_hit": "a", "ghost": "a", "trap": "a",
    "duel_round": "a", "duel_hit": "a", "contest_roll": "a", "contest_end": "a",
    "grace": "a", "grace_done": "a", "card_reward": "a",
}
STEP_ACTIONS = {
    "draw_phase": {"draw_card", "take_guard"}, "action": {"recruit", "buy", "move", "grace"},
    "discard": {"discard"}, "reward": {"reward"}, "prepare": {"play", "use", "go"},
    "modify": {"up", "down", "set", "reroll", "reroll2", "done"}, "pay": {"lose"},
    "attack": {"attack", "no_attack"}, "duel_cards": {"add", "ready"},
    "contest_first": {"add"}, "contest_cards": {"add", "ready"}, "loot": {"loot"},
    "pick": {"pick"}, "keep": {"keep"}, "roll": {"die"}, "light": {"card"}, "look": {"card"},
    "dark": {"reveal"}, "steal": {"steal"},
}
STEP_RULE = {
    "draw_phase": "AR-4.2", "action": "AR-4.1", "discard": "AR-5.4", "reward": "AR-11.1",
    "prepare": "AR-7.1", "modify": "AR-7.2", "pay": "AR-8.5", "attack": "AR-12.1",
    "duel_cards": "AR-12.2", "contest_first": "AR-13.1", "contest_cards": "AR-13.2",
    "loot": "AR-12.5", "pick": "AR-5.8", "keep": "AR-11.2", "roll": "AR-1.6",
    "light": "AR-1.4", "look": "AR-11.2", "dark": "AR-6.1", "steal": "AR-12.5",
}


ATTACKER, DEFENDER = 0, 1  # the roles in a fight
DUEL_SEAT, DUEL_STRENGTH, DUEL_ADDED = 0, 2, 4
"""Offsets into ``duel``, plus a role: ``duel[DUEL_SEAT + role]`` is that side's seat,
``duel[DUEL_STRENGTH + role]`` its dice (the Advanced dice duel, AR-12.2) or the light cards
it has played (the Family contest, AR-13.2), and, in a dice duel only,
``duel[DUEL_ADDED + role]`` the light cards it has added (at most 2, AR-12.2)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the engine's queue (state.py): its ``kind`` (a key of ``STEP_WHO``) and up
    to three numbers, -1 where a kind has none, read by name. Saved as text, the numbers it
    has after the kind: ``"roll 0 1"``, ``"end_turn"``.

    ``player`` is the seat the step is about: who chooses, draws, is hit, takes the turn —
    except in ``roll``, a chance step, where it says whose dice are rolled (0 the player's
    ``dice``, 1 the ``other_dice`` of a monster or a defender). ``a`` and ``b`` by kind:

    - ``roll``: ``a`` the die's index;
    - ``modify``: ``a`` the mode (0 a challenge's dice: guards, amber, rerolls; 1 a Family
      fight's: guards only, AR-13.5), ``b`` whose dice (0 ``dice``, 1 ``other_dice``);
    - ``pay``: ``a`` the light cards still to lose;
    - ``duel_cards``, ``contest_cards``: ``a`` the role (``ATTACKER`` or ``DEFENDER``);
    - ``loot``, ``steal``: ``a`` the loser (``player`` is the winner);
    - ``grace``, ``grace_done``: ``a`` where the grace came from (0 a grace card played,
      AR-5.7; 1 one drawn from the Family deck, AR-6.5);
    - ``card_reward``: ``a`` the reward (an index of ``REWARDS``).

    A field that means one thing for every kind would be named so; these mean a few, and
    share the places the save form ``"kind p a b"`` has always had.

    Why a frozen slotted dataclass and not a ``NamedTuple``: the engine reads a step's fields
    about 2,400 times a game, and on CPython 3.11 a slot is read by a specialised instruction
    (about 75 machine instructions) while a named tuple's field or index is not (about 200):
    with a ``NamedTuple`` a game cost 3.4 % more instructions than with this class, 2.3 % more
    than with the plain tuples before it (benchmarks/instructions.py under cachegrind). Frozen,
    a step is as immutable as a tuple, so premade steps and clones share steps safely; having
    no index, it can only be read by name.
    """

    kind: str
    player: int = -1
    a: int = -1
    b: int = -1


_step = cache(Step)
"""``Step(kind, player, a, b)``, remembered: each distinct step is made once (a frozen
dataclass is slow to make, and the engine pushes steps at every turn), and equal steps are
one object, which is safe since none can change."""

"""Amphipolis set-up (AM-2, AM-8.1) and the position as data: the starting position, the
``SCHEMA`` of a snapshot's fields (each checked by its codec on loading), and ``validate``,
the rules' checks of how the fields agree. The state (state.py) builds on this module,
which needs only the state's fields, not its class."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlib.amphipolis.data import (
    ARCHAEOLOGIST,
    AREA_TILES,
    AREAS,
    ASSISTANT,
    CHARACTER_PHASE,
    CHARACTERS,
    COUNTS,
    DIGGER,
    DRAW,
    DRAWS,
    ENTRANCE,
    FINDS,
    LANDSLIDE,
    OVER,
    PHASES,
    PLAYER_COUNTS,
    PROFESSOR,
    SEED,
    SOLO_COVERED,
    TAKE,
    TAKES,
    TILE_NAMES,
    TO_BOX,
    TOKENS,
)
from boardlib.fields import (
    SEAT,
    SEAT_OR_NONE,
    Bitmask,
    Choice,
    Counts,
    Field,
    Flag,
    Loaded,
    Names,
    Optional,
    PerSeat,
    Players,
    Schema,
    Whole,
    player_count,
)
from boardlib.games import AMPHIPOLIS

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.amphipolis.state import AmphipolisState


PLAYERS_RULE, SOLO_NOTE = "AM-1.2", "core.solo_note"  # " (1 is the solo game)"


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, AMPHIPOLIS.titles, PLAYERS_RULE, note=SOLO_NOTE)


def initial_covered(players: int) -> int:
    """Entrance spaces covered before the first turn: 8 in the solo game (AM-8.1)."""
    return SOLO_COVERED if players == 1 else 0


def _first_covered(loaded: Loaded) -> int:
    """The fewest spaces a save may have covered: those set-up covers (AM-8.1)."""
    return initial_covered(loaded["players"])


TILES = Counts(TOKENS)
"""Tiles by type, landslides included (the bag)."""
FOUND = Counts(TOKENS[:FINDS])
"""Tiles by type where landslides never go (sorting areas, finds, the robber's)."""
AREA = Optional(Choice(AREAS))
"""A sorting area, or null (none yet) kept as -1."""
SCHEMA = Schema(
    Field("players", Players(PLAYER_COUNTS, AMPHIPOLIS.titles, PLAYERS_RULE, SOLO_NOTE),
          kept=False),
    Field("names", Names()),
    Field("bag", TILES),
    Field("areas", FOUND),
    Field("finds", PerSeat(FOUND), words="player"),
    Field("robber", FOUND),
    Field("box", Whole()),  # its number by player count is checked in validate (AM-2.1)
    Field("covered", Whole(_first_covered, ENTRANCE, rule="AM-1.3, AM-8.1")),
    Field("used", PerSeat(Bitmask(CHARACTERS, rule="AM-4.1"))),
    Field("to_move", SEAT),
    Field("phase", Choice(PHASES), words="step"),
    Field("draws_left", Whole(0, DRAWS, rule="AM-3.1")),
    Field("landslide_drawn", Flag()),
    Field("chosen", AREA),
    Field("taken", Whole(0, TAKES, rule="AM-3.3")),
    Field("character_area", AREA),
    Field("professor_done", Bitmask(AREAS, rule="AM-4.5")),
    Field("ender", SEAT_OR_NONE, words="ended by"),
    unsaved={"area_n": 1, "bag_tiles": 1},
    derived=("bag_total",),
)
"""Amphipolis's position: every field once, in the order a snapshot writes them. Nothing
is hidden (finds are face-up, AM-3.4; the bag's contents follow from what is out of it).
``area_n`` (tiles in each sorting area), ``bag_total`` and ``bag_tiles`` (the bag's tiles one
by one) are worked out from the fields and kept up to date by the rules, which ask them at
every draw and take."""


def area_totals(areas: list[int]) -> list[int]:
    """How many tiles each of the four sorting areas holds."""
    return [sum(map(areas.__getitem__, tiles)) for tiles in AREA_TILES]


def bag_tiles(bag: list[int]) -> list[int]:
    """Every tile in the bag as its type, in type order: the tile at position ``i`` is the one
    a weighted draw over the types picks with ``i`` (the types' weights are their counts)."""
    tiles: list[int] = []
    for tile, count in enumerate(bag):
        tiles += [tile] * count
    return tiles


def start_fields(count: int, names: list[str]) -> Loaded:
    """The position after AM-2.1–2.3 (and AM-8.1), before the sorting areas are seeded, as the
    state keeps its fields (the form ``SCHEMA.load`` gives), made straight from the rules:
    games are started often, and a start made by the rules needs no checking."""
    return {
        "names": names,
        "bag": start_bag(count),
        "areas": [0] * FINDS,
        "finds": [[0] * FINDS for _ in range(count)],
        "robber": [0] * FINDS,
        "box": TO_BOX[count],
        "covered": initial_covered(count),
        "used": [0] * count,
        "to_move": 0,  # AM-2.5: seat the first player as player 1
        "phase": SEED,
        "draws_left": 0,
        "landslide_drawn": False,
        "chosen": -1,
        "taken": 0,
        "character_area": -1,
        "professor_done": 0,
        "ender": -1,
    }


def start_bag(count: int) -> list[int]:
    """The bag's tiles by type at set-up: all but the landslides that go to the box or, solo,
    cover the entrance (AM-2.1, AM-8.1)."""
    bag = COUNTS[:]
    bag[LANDSLIDE] -= TO_BOX[count] + initial_covered(count)
    return bag


def validate(state: AmphipolisState) -> None:
    """Raise ValueError, naming the rule, if ``state`` could not arise in a game of Amphipolis."""
    count = len(state.names)
    if (state.bag_total != sum(state.bag) or state.bag_tiles != bag_tiles(state.bag)
            or state.area_n != area_totals(state.areas)):
        raise ValueError("The bag or sorting-area totals are out of date.")
    if state.box != TO_BOX[count]:
        raise ValueError(f"With {count} player{'s' if count > 1 else ''}, {TO_BOX[count]} "
                         f"landslides go back to the box, not {state.box} (AM-2.1, AM-8.1).")
    totals = state.inventory()
    for t, token in enumerate(TOKENS):
        if totals[token] != COUNTS[t]:
            raise ValueError(f"The position has {totals[token]} tiles of type {token} "
                             f"({TILE_NAMES['en'][t]}); the game has {COUNTS[t]} (AM-1.1).")
    if count > 1 and any(state.robber):
        raise ValueError("Only the solo game has a grave robber (AM-8.2).")
    if (state.phase == OVER) != (state.covered == ENTRANCE) or (state.phase == OVER) != (
        state.ender >= 0
    ):
        raise ValueError("The game is over exactly when all 16 entrance spaces are covered, and "
                         "then 'ender' names who drew the last landslide (AM-5.1).")
    _check_phase(state)


def _check_phase(state: AmphipolisState) -> None:
    phase = state.phase
    in_draw = phase == DRAW
    if (phase == DRAW) != (state.draws_left > 0):
        raise ValueError(f"'draws_left' is 1–{DRAWS} while drawing and 0 otherwise (AM-3.1).")
    if state.landslide_drawn and not (in_draw and state.draws_left < DRAWS):
        raise ValueError("'landslide_drawn' is set only during a turn's draws, after a "
                         "landslide (AM-8.2).")
    if phase in (SEED, DRAW, OVER) and (
        state.taken or state.chosen >= 0 or state.character_area >= 0 or state.professor_done
    ):
        raise ValueError("No tiles are being taken outside a player's take (AM-3.3).")
    if phase == SEED:
        _check_seed(state)
        return
    if in_draw and not state.bag_total:
        raise ValueError("The bag is empty, but tiles remain to be drawn (AM-5.2).")
    if phase == OVER:
        if len(state.names) == 1 and any(state.areas):
            raise ValueError("At the end of the solo game the grave robber takes every tile "
                             "left in the sorting areas (AM-8.3).")
        return
    if phase == DRAW:
        return
    _check_take(state)


def _check_seed(state: AmphipolisState) -> None:
    if any(n > 1 for n in state.area_n) or all(state.area_n):
        raise ValueError("During set-up each sorting area holds at most one tile, and set-up "
                         "ends once all four have one (AM-2.4).")
    if (any(any(f) for f in state.finds) or any(state.robber) or any(state.used)
            or state.to_move != 0 or state.covered != initial_covered(len(state.names))):
        raise ValueError("Nothing has been played during set-up (AM-2.4).")


def _check_take(state: AmphipolisState) -> None:
    phase, taken, chosen = state.phase, state.taken, state.chosen
    if phase == TAKE:
        if (taken == 0) != (chosen < 0):
            raise ValueError(f"The main take takes 0–{TAKES} tiles and then has a chosen "
                             "sorting area (AM-3.3).")
        if state.character_area >= 0 or state.professor_done:
            raise ValueError("No character is in use during the main take (AM-4.1).")
    else:
        character = phase - CHARACTER_PHASE
        if chosen < 0 or not state.used[state.to_move] >> character & 1:
            raise ValueError(f"The {CHARACTERS[character]} is in use, so it is marked used and "
                             "follows a main take (AM-4.1).")
        _check_character(state, character)
    if not state.has_choice():
        raise ValueError("The player to move has nothing to do, so the turn would have ended "
                         "(AM-3.3).")


def _check_character(state: AmphipolisState, character: int) -> None:
    taken, chosen, char_area, done = (state.taken, state.chosen, state.character_area,
                                      state.professor_done)
    limit = {ASSISTANT: 0, ARCHAEOLOGIST: 1, DIGGER: 1, PROFESSOR: 2}[character]
    if not 0 <= taken <= limit:
        raise ValueError(f"The {CHARACTERS[character]} cannot have taken {taken} tiles and still "
                         f"be taking (AM-4.{character + 2}).")
    if character == ARCHAEOLOGIST:
        if (taken == 0) != (char_area < 0) or char_area == chosen:
            raise ValueError("The Archaeologist's area is set by its first tile and is not the "
                             "area chosen earlier (AM-4.3).")
    elif char_area >= 0:
        raise ValueError("Only the Archaeologist has an area of its own (AM-4.3).")
    if character == PROFESSOR:
        if done >> chosen & 1 or bin(done).count("1") != taken:
            raise ValueError("The Professor takes one tile from each area other than the one "
                             "chosen earlier (AM-4.5).")
    elif done:
        raise ValueError("Only the Professor records the areas it took from (AM-4.5).")

"""Âmbar set-up (AF-2) and the position as data: the starting position, the position's
``SCHEMA`` (every saved field once: its save key, codec and copy depth) and ``validate``,
the rules the fields must keep together. The state (state.py) builds on this module,
which needs only the state's fields, not its class."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from boardlib.ambar_fossils.data import (
    CHOOSE,
    COLUMNS,
    COPIES,
    ENDINGS,
    FOSSILS,
    LETTERS,
    NUMBERS,
    OVER,
    PER_TYPE,
    PHASES,
    PLACE,
    PLAYER_COUNTS,
    REVEAL,
    REVEAL_SWAPPED,
    TOKENS,
    TYPE_NAMES,
    fossil_token,
    parse_fossil,
)
from boardlib.fields import (
    SEAT,
    Choice,
    Custom,
    Field,
    Flag,
    Loaded,
    Names,
    OneOf,
    Optional,
    Players,
    Schema,
    Whole,
    names_field,
    player_count,
)
from boardlib.games import AMBAR_FOSSILS

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.ambar_fossils.state import AmbarFossilsState


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, AMBAR_FOSSILS.titles, "AF-1.2")


def display_pattern(order: str) -> str:
    """A display's types: the four in ``order``, again, then the first two (AF-2.3)."""
    return (order * COLUMNS)[:COLUMNS]


def start_fields(
    players: int = 2,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    patterns: Sequence[str] | None = None,
) -> Loaded:
    """The fields of a game set up by the rules, the same for the same seed (AF-2), as the
    state keeps them (the form ``SCHEMA.load`` gives).

    Each player's display is ten face-down fossils in the type order ``patterns[p]``
    (random unless given, e.g. ``"DPMA"``); the rest form the Excavation. Made straight from
    the rules, not loaded from a snapshot: games are started often, and only what a caller
    gives (names, patterns) needs checking.
    """
    count = check_players(players)
    rng = random.Random(seed)
    seat_names = names_field(list(names) if names is not None else None, count)
    orders = _patterns(list(patterns), "patterns", {"players": count}) if patterns is not None \
        else ["".join(rng.sample(LETTERS, len(LETTERS))) for _ in range(count)]
    displays = [[[code] for code in START_DISPLAYS[order]] for order in orders]
    face_down = [PER_TYPE] * len(LETTERS)
    for order in orders:
        for code in START_DISPLAYS[order]:
            face_down[-code - 1] -= 1  # the rest of each type is in the Excavation
    return {
        "names": seat_names,
        "patterns": orders,
        "displays": displays,
        "face_down": face_down,
        "face_up": [0] * FOSSILS,
        "to_move": 0,  # AF-4.1: the oldest player, seated first, begins
        "phase": CHOOSE,
        "revealing": -1,
        "holding": -1,
        "extra_turn": False,
        "progress": False,
        "passes": 0,
        "ended": None,
    }


FACE_DOWN = {letter: -kind - 1 for kind, letter in enumerate(LETTERS)}
"""Each type's face-down code in a display (``"D"`` → -1)."""
START_DISPLAYS = {order: tuple(FACE_DOWN[letter] for letter in display_pattern(order))
                  for order in map("".join, permutations(LETTERS))}
"""Each type order's display at the start, as the columns' face-down codes (AF-2.3)."""


# ----- the position's fields, as a snapshot holds them ------------------------------------
def _patterns(raw: Any, label: str, loaded: Loaded) -> list[str]:
    count = loaded["players"]
    if not isinstance(raw, list) or len(raw) != count:
        raise ValueError(f"'patterns' must give {count} type orders such as \"DPMA\".")
    for order in raw:
        if not isinstance(order, str) or sorted(order) != sorted(LETTERS):
            raise ValueError(
                f"{order!r} is not a set-up pattern: it must order the four types {LETTERS} "
                "(AF-2.3)."
            )
    return list(raw)


def _written_displays(displays: list[list[list[int]]]) -> list[list[str]]:
    """Each column as its fossils bottom to top, ``"D2/D3"`` (``"M?"``: face-down)."""
    return [[TOKENS[column[0]] if len(column) == 1 else "/".join(map(_TOKEN_OF, column))
             for column in display] for display in displays]


_TOKEN_OF = TOKENS.__getitem__
"""A code's token, ``fossil_token`` without a Python call: snapshots are written often
(saves, observations, the start of every game)."""


def _displays(raw: Any, label: str, loaded: Loaded) -> list[list[list[int]]]:
    count = loaded["players"]
    if not isinstance(raw, list) or len(raw) != count:
        raise ValueError(f"'displays' must list {count} displays, one per player.")
    return [_display(display, name) for display, name in zip(raw, loaded["names"])]


_CODES = {fossil_token(code): code for code in range(-len(LETTERS), FOSSILS)}
"""Each token as a snapshot writes it (``"D4"``, ``"D?"``) → its code: a display is read by
look-ups, and only other spellings (``"d4"``, mistakes) go through ``parse_fossil``."""


def _display(display: Any, name: str) -> list[list[int]]:
    if not isinstance(display, list) or len(display) != COLUMNS:
        raise ValueError(f"{name}'s display must have exactly {COLUMNS} columns (AF-2.2).")
    codes = _CODES
    columns = []
    for c, text in enumerate(display):
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{name}'s column {c + 1} must be fossils like \"D2/D3\" or \"M?\".")
        column = [codes[token] if token in codes else parse_fossil(token, allow_face_down=True)
                  for token in text.split("/")]
        if any(f < 0 for f in column) and len(column) > 1:
            raise ValueError(
                f"{name}'s column {c + 1} ({text}): a face-down fossil can only stand alone; "
                "fossils go only on top of face-up ones (AF-6.4)."
            )
        columns.append(column)
    return columns


def _face_down_counts(raw: Any, label: str, loaded: Loaded) -> list[int]:
    """The Excavation's face-down fossils, counted by type (kept in type order)."""
    if not isinstance(raw, dict) or set(raw) != set(LETTERS):
        raise ValueError(f"'{label}' must count each type: {{{', '.join(LETTERS)}}}.")
    values = [raw[letter] for letter in LETTERS]
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
        raise ValueError("Face-down counts must be whole numbers ≥ 0.")
    return values


def _face_up_tokens(counts: list[int]) -> list[str]:
    """The Excavation's face-up fossils, one token per piece, in code order."""
    return [token for token, count in zip(TOKENS, counts) if count for _ in range(count)]


def _face_up_counts(raw: Any, label: str, loaded: Loaded) -> list[int]:
    """The face-up fossils of the Excavation, counted by code (the state's form)."""
    if not isinstance(raw, list):
        raise ValueError(f"'{label}' must be a list of fossils like \"D4\".")
    counts = [0] * FOSSILS
    for token in raw:
        counts[_fossil(token, "the Excavation")] += 1
    return counts


def _fossil(token: Any, where: str) -> int:
    if not isinstance(token, str):
        raise ValueError(f"{where}: {token!r} is not a fossil like \"D4\".")
    return parse_fossil(token)


FOSSIL = Custom(fossil_token, lambda raw, label, loaded: _fossil(raw, f"'{label}'"))
"""A face-up fossil, ``"D4"``, kept as its code."""

SCHEMA = Schema(
    Field("players", Players(PLAYER_COUNTS, AMBAR_FOSSILS.titles, "AF-1.2"), kept=False),
    Field("names", Names()),
    Field("patterns", Custom(list, _patterns, depth=1)),  # each seat's type order (AF-2.3)
    Field("displays", Custom(_written_displays, _displays, depth=3)),  # [seat][column][fossil]
    Field("face_down", Custom(lambda counts: dict(zip(LETTERS, counts)), _face_down_counts,
                              depth=1), group="excavation", words="face-down"),
    Field("face_up", Custom(_face_up_tokens, _face_up_counts, depth=1), group="excavation",
          words="excavation"),
    Field("to_move", SEAT),
    Field("phase", Choice(PHASES)),
    Field("revealing", Optional(Choice(LETTERS))),  # the type being turned over, or -1
    Field("holding", Optional(FOSSIL)),  # the chosen fossil, or -1
    Field("extra_turn", Flag()),
    Field("progress", Flag()),
    Field("passes", Whole(0, lambda loaded: loaded["players"])),  # all pass: it ends (AF-8.3)
    Field("ended", OneOf((None, *ENDINGS)), words="over"),
    unsaved={"tops": 2, "heights": 2, "shown": 2, "seen": 1, "unseen": 2},
    derived=("flippable",),
)
"""Âmbar's position: every field once, in the order a snapshot writes them. ``tops``,
``heights``, ``shown`` (by seat and column), ``flippable`` (the flip moves), ``seen``
(revealed copies by fossil) and ``unseen`` (by type and number, the copies not seen) are
caches worked out from the fields on loading and kept up to date by the moves."""


def column_tops(displays: list[list[list[int]]]) -> list[list[int]]:
    """Each seat's visible fossil (or face-down code) per column: what is chosen against."""
    return [list(map(_TOP, display)) for display in displays]


_TOP = itemgetter(-1)


def column_heights(displays: list[list[list[int]]]) -> list[list[int]]:
    return [list(map(len, display)) for display in displays]


FACE_DOWN_BYTE = NUMBERS
"""What ``shown_numbers`` holds for a face-down top: no number (they are 0..5)."""


def shown_numbers(tops: list[int]) -> bytearray:
    """Each column's visible number (0..5), or ``FACE_DOWN_BYTE``: a byte string, so the
    placement rule (AF-6.7) can translate it at once instead of looping over the columns."""
    return bytearray(map(_SHOWN_BYTE.__getitem__, tops))


_SHOWN_BYTE = [code % NUMBERS for code in range(FOSSILS)] + [FACE_DOWN_BYTE] * len(LETTERS)
"""Each code's byte in ``shown_numbers`` (face-down codes -1..-4 index from the end)."""


def seen_copies(state: AmbarFossilsState) -> list[int]:
    """How many copies of each fossil are face-up anywhere (their numbers are known)."""
    seen = state.face_up[:]
    for display in state.displays:
        for column in display:
            for fossil in column:
                if fossil >= 0:
                    seen[fossil] += 1
    if state.holding >= 0:
        seen[state.holding] += 1
    return seen


# ----- the rules the fields keep together --------------------------------------------------
def validate(state: AmbarFossilsState) -> None:
    """Raise ValueError, naming the rule, if ``state`` could not arise in a game of Âmbar."""
    if state.seen != seen_copies(state):
        raise ValueError("The record of revealed fossils does not match the fossils face-up.")
    tops, heights = column_tops(state.displays), column_heights(state.displays)
    for p, name in enumerate(state.names):
        if (state.tops[p] != tops[p] or state.heights[p] != heights[p]
                or state.shown[p] != shown_numbers(tops[p])):
            raise ValueError(f"{name}'s column tops, heights or numbers shown are out of date.")
    for p, display in enumerate(state.displays):
        name = state.names[p]
        pattern = display_pattern(state.patterns[p])
        for c, column in enumerate(display):
            if column[0] < 0 and -column[0] - 1 != LETTERS.index(pattern[c]):
                raise ValueError(
                    f"{name}'s column {c + 1} is a face-down {fossil_token(column[0])[0]} but the"
                    f" set-up pattern {state.patterns[p]} puts a {pattern[c]} there (AF-2.3)."
                )
        _check_heights(state.heights[p], name)
        _check_distinct_tops(state.tops[p], name)
        _check_ascending(state.tops[p], name)
    _check_counts(state)
    _check_turn(state)


def _check_heights(heights: list[int], name: str) -> None:
    for c, height in enumerate(heights):
        neighbours = [heights[n] for n in (c - 1, c + 1) if 0 <= n < COLUMNS]
        if height > max(neighbours) + 1:
            rule = "AF-6.6" if len(neighbours) == 1 else "AF-6.5"
            raise ValueError(
                f"{name}'s column {c + 1} is {height} high, two or more levels above its "
                f"neighbours ({' and '.join(map(str, neighbours))}) ({rule})."
            )


def _check_distinct_tops(tops: list[int], name: str) -> None:
    """Two identical fossils are never visible at once: the second could not be chosen (AF-5.4)."""
    visible = [top for top in tops if top >= 0]
    for top in visible:
        if visible.count(top) > 1:
            raise ValueError(
                f"{name} shows {fossil_token(top)} on top of two columns; an identical fossil "
                "cannot be chosen while one is visible (AF-5.4)."
            )


def _check_ascending(tops: list[int], name: str) -> None:
    previous = None
    for c, top in enumerate(tops):
        if top < 0:
            continue
        if previous is not None and top % NUMBERS < previous[1] % NUMBERS:
            raise ValueError(
                f"{name}'s visible numbers do not ascend: column {c + 1} shows "
                f"{fossil_token(top)} after {fossil_token(previous[1])} in column "
                f"{previous[0] + 1} (AF-6.7)."
            )
        previous = (c, top)


def _check_counts(state: AmbarFossilsState) -> None:
    for code in range(FOSSILS):
        if state.seen[code] > COPIES:
            raise ValueError(
                f"There are {state.seen[code]} face-up {fossil_token(code)} fossils; the game has"
                f" only {COPIES} of each (AF-1.1)."
            )
    counts = state.inventory()
    for index, letter in enumerate(LETTERS):
        if counts[letter] != PER_TYPE:
            raise ValueError(
                f"The position has {counts[letter]} {TYPE_NAMES['en'][index]} fossils; the game "
                f"has {PER_TYPE} (AF-1.1)."
            )


def _check_turn(state: AmbarFossilsState) -> None:
    count = len(state.names)
    phase = state.phase
    if (phase == PLACE) != (state.holding >= 0):
        raise ValueError("A player holds a chosen fossil exactly when the phase is 'place'.")
    if (phase in (REVEAL, REVEAL_SWAPPED)) != (state.revealing >= 0):
        raise ValueError("'revealing' names a type exactly when a fossil is being revealed.")
    if state.extra_turn and phase != REVEAL_SWAPPED:
        raise ValueError("'extra_turn' waits only on a swapped-out fossil being revealed.")
    if phase == PLACE and state.holding in state.tops[state.to_move]:
        raise ValueError(
            f"{state.names[state.to_move]} holds {fossil_token(state.holding)} but already shows an"
            " identical fossil, so they could not have chosen it (AF-5.4)."
        )
    if (phase == OVER) != (state.ended is not None):
        raise ValueError("'ended' gives the reason exactly when the phase is 'over'.")
    if phase != OVER:
        if state.passes >= count:
            raise ValueError(f"After {state.passes} passes in a row the game is over (AF-8.3).")
        if phase == CHOOSE and not any(state.face_up) and not any(state.face_down):
            raise ValueError("The Excavation is empty, so the game is over (AF-8.4).")


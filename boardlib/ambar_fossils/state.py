"""Âmbar: the rules engine (clauses in docs/rules/ambar_fossils.md, cited as AF-x.y).

Representation, chosen for speed (a classroom runs 10,000 games in seconds):
a fossil is a code ``type * 6 + (number - 1)`` (0..23); a face-down initial fossil
in a display is ``-(type + 1)``. Nobody knows a face-down number, so it is left
undecided and drawn when the fossil is revealed (AF-2.2): a chance node whose
outcomes are the numbers not yet seen for that type, weighted by copies left.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any, TypeVar, cast

from boardlib.ambar_fossils.data import (
    CHOOSE,
    COLUMNS,
    COPIES,
    FOSSILS,
    GAME,
    LETTERS,
    NUMBERS,
    OVER,
    PHASES,
    PLACE,
    REVEAL,
    REVEAL_SWAPPED,
    TOKENS,
    fossil_token,
)
from boardlib.ambar_fossils.data import TYPE_NAMES as TYPE_NAMES  # for the notebooks
from boardlib.ambar_fossils.description import describe, parse_description
from boardlib.ambar_fossils.messages import MESSAGES, format_value
from boardlib.ambar_fossils.observation import AmbarFossilsObservation
from boardlib.ambar_fossils.setup import (
    SCHEMA,
    column_heights,
    column_tops,
    seen_copies,
    shown_numbers,
    start_fields,
    validate,
)
from boardlib.fields import Loaded
from boardlib.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameState,
    IllegalAction,
    illegal,
    new_event,
    start_later,
)
from boardlib.ranking import Result, rank_players


def _vocabulary() -> dict[str, Action]:
    actions = [Action(f"flip {letter}", "flip", t) for t, letter in enumerate(LETTERS)]
    actions += [Action(f"take {fossil_token(c)}", "take", c) for c in range(FOSSILS)]
    actions += [Action(f"place {c + 1}", "place", c) for c in range(COLUMNS)]
    actions += [Action("return", "return"), Action("pass", "pass")]
    actions += [Action(f"reveal {fossil_token(c)}", "reveal", c) for c in range(FOSSILS)]
    vocabulary = {str(a): a for a in actions}
    vocabulary.update({str(a).lower(): a for a in actions})  # "take d4" is fine too
    return vocabulary


VOCABULARY = _vocabulary()
FLIP = [VOCABULARY[f"flip {letter}"] for letter in LETTERS]
TAKE = [VOCABULARY[f"take {fossil_token(c)}"] for c in range(FOSSILS)]
PLACE_IN = [VOCABULARY[f"place {c + 1}"] for c in range(COLUMNS)]
REVEAL_AS = [VOCABULARY[f"reveal {fossil_token(c)}"] for c in range(FOSSILS)]
REVEALS_OF = [tuple(REVEAL_AS[t * NUMBERS:(t + 1) * NUMBERS]) for t in range(len(LETTERS))]
COLUMN_INDEXES = range(COLUMNS)
_T = TypeVar("_T")
RevealTable = tuple[tuple[Action, ...], tuple[int, ...]]
"""A reveal's outcomes and their weights (copies of each number not yet seen)."""
NO_FACE_DOWN = [0] * len(LETTERS)
"""Padding after the face-up counts: a face-down top's code (-1..-4) indexes it."""
ORDER_AGAINST = [bytes.maketrans(bytes(range(NUMBERS + 1)),
                                 b"<" * n + b"=" + b">" * (NUMBERS - 1 - n) + b".")
                 for n in range(NUMBERS)]
"""For each number, the table translating ``shown`` (a column's visible number, or
``FACE_DOWN_BYTE``) to how it compares: ``<`` below, ``=`` equal, ``>`` above, ``.`` face
down (see ``_fitting``)."""
RETURN = VOCABULARY["return"]
PASS = VOCABULARY["pass"]


class AmbarFossilsState(GameState):
    """A position of Âmbar: every display, the Excavation, and whose turn it is."""

    GAME = GAME
    MESSAGES = MESSAGES
    format_value = staticmethod(format_value)
    VOCABULARY = VOCABULARY
    MOVE_EXAMPLES = "'flip D', 'take P3', 'place 4', 'return' or 'pass'"
    SCHEMA = SCHEMA
    __slots__ = SCHEMA.slots  # a hot path: slots are read faster than an instance dict

    names: list[str]
    patterns: list[str]  # each player's set-up type order, e.g. "DPMA" (AF-2.3)
    displays: list[list[list[int]]]  # displays[player][column] = fossils bottom to top
    tops: list[list[int]]  # a cache: each column's top fossil (face-down: its negative code)
    heights: list[list[int]]  # a cache: each column's height
    shown: list[bytearray]  # a cache: each column's visible number (setup.shown_numbers)
    face_up: list[int]  # face-up fossils in the Excavation, by code
    face_down: list[int]  # face-down fossils in the Excavation, by type
    flippable: tuple[Action, ...]  # a cache: the flip moves of the types with some face-down
    seen: list[int]  # a cache: copies of each fossil whose number is known (revealed)
    unseen: list[list[int]]  # a cache: by type and number, the copies not yet seen (``seen``)
    to_move: int
    phase: int
    holding: int  # the chosen fossil, or -1
    revealing: int  # the type being revealed at a chance node, or -1
    extra_turn: bool  # earned by a swap whose swapped-out fossil is being revealed
    progress: bool  # this turn revealed or placed something (else it is a pass, AF-8.3)
    passes: int  # consecutive passing turns
    ended: str | None

    # ----- whose turn, what may be done ---------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == CHOOSE or phase == PLACE:  # noqa: SIM109 - no tuple to build: a hot path
            return self.to_move
        return TERMINAL if phase == OVER else CHANCE

    @property
    def end_phase(self) -> bool:
        """No face-down fossil is left in the Excavation (AF-8.1)."""
        return not any(self.face_down)

    def _player_actions(self) -> Sequence[Action]:
        if self.phase == PLACE:
            actions = self._fitting(self.to_move, self.holding, PLACE_IN)
            actions.append(RETURN)
            return actions
        takeable = self.face_up + NO_FACE_DOWN  # AF-5.4: face-up, and no identical one shown
        for top in self.tops[self.to_move]:
            takeable[top] = 0  # a face-down top (-1..-4) lands in the padding
        takes = compress(TAKE, takeable)
        if self.flippable:  # AF-5.1
            return (*self.flippable, *takes)
        return (*takes, PASS)  # AF-5.5: passing only once no fossil is face-down

    def _chance_table(self) -> RevealTable:
        """The numbers of the type being revealed, weighted by the copies not yet seen (AF-2.2),
        which ``unseen`` keeps by type: every number is left but late in a game."""
        kind = self.revealing
        left = tuple(self.unseen[kind])
        if 0 in left:
            return tuple(compress(REVEALS_OF[kind], left)), tuple(compress(left, left))
        return REVEALS_OF[kind], left

    def placeable_columns(self, player: int, fossil: int) -> list[int]:
        """Columns where ``fossil`` may go: ascending order (AF-6.7) and height rule (AF-6.5)."""
        return self._fitting(player, fossil, COLUMN_INDEXES)

    def _fitting(self, player: int, fossil: int, named: Sequence[_T]) -> list[_T]:
        """``named[c]`` for each column ``c`` where ``fossil`` may go: its index, or the move
        placing it there (the place moves are listed at every placement, a hot path).

        Visible numbers already ascend, so the columns that keep them ascending form one
        run: from the last visible number below ours to the first one above it. ``shown``
        (a byte per column) translated by the held number marks each column ``<``, ``=``,
        ``>`` or ``.`` (face down), so the run's ends are found in C, not by a loop.
        """
        order = self.shown[player].translate(ORDER_AGAINST[fossil % NUMBERS])
        first = order.rfind(b"<")
        if first < 0:
            first = 0
        last = order.find(b">")
        if last < 0:
            last = COLUMNS - 1
        tops, heights = self.tops[player], self.heights[player]
        fitting = []
        for c in range(first, last + 1):
            if tops[c] < 0:  # a swap: the height rule does not apply
                fitting.append(named[c])
                continue
            height = heights[c]  # a stack: a neighbour must be as high (AF-6.5, AF-6.6)
            if (c > 0 and height <= heights[c - 1]) or (
                c < COLUMNS - 1 and height <= heights[c + 1]
            ):
                fitting.append(named[c])
        return fitting

    # ----- applying actions ---------------------------------------------------------
    def _apply(self, action: Action, events: list[Event]) -> None:
        kind = action.kind
        player = self.to_move
        if kind == "reveal":
            self._reveal(action.args[0], player, events)
        elif kind == "flip":
            kind_index = action.args[0]
            face_down = self.face_down
            face_down[kind_index] -= 1
            self.revealing = kind_index
            self.phase = REVEAL
            self.progress = True
            events.append(new_event(GAME, "flip", player, {"type": LETTERS[kind_index]}))
            if not face_down[kind_index]:
                self.flippable = flip_moves(face_down)
                if not self.flippable:
                    events.append(new_event(GAME, "end_phase", None, {}))
        elif kind == "place":
            self._place(action.args[0], player, events)
        elif kind == "take":
            code = action.args[0]
            self.face_up[code] -= 1
            self.holding = code
            self.phase = PLACE
            events.append(new_event(GAME, "take", player, {"fossil": TOKENS[code]}))
        elif kind == "return":
            code = self.holding
            self.face_up[code] += 1
            self.holding = -1
            events.append(new_event(GAME, "return", player, {"fossil": TOKENS[code]}))
            self._end_turn(False, events)
        else:  # pass
            events.append(new_event(GAME, "pass", player, {}))
            self._end_turn(False, events)

    def _reveal(self, code: int, player: int, events: list[Event]) -> None:
        self.seen[code] += 1
        self.unseen[self.revealing][code % NUMBERS] -= 1
        self.revealing = -1
        token = TOKENS[code]
        if self.phase == REVEAL_SWAPPED:
            self.face_up[code] += 1
            events.append(new_event(GAME, "swapped_out", player, {"fossil": token}))
            self._end_turn(self.extra_turn, events)
        elif code in self.tops[player]:
            self.face_up[code] += 1
            events.append(new_event(GAME, "reveal_identical", player, {"fossil": token}))
            self._end_turn(False, events)
        else:
            self.holding = code
            self.phase = PLACE
            events.append(new_event(GAME, "reveal", player, {"fossil": token}))

    def _place(self, column: int, player: int, events: list[Event]) -> None:
        fossil = self.holding
        self.holding = -1
        self.progress = True
        tops = self.tops[player]
        neighbour = excellent_neighbour(tops, column, fossil)
        token = TOKENS[fossil]
        if tops[column] < 0:  # swap with an initial face-down fossil (AF-6.3)
            kind_index = -tops[column] - 1
            self.displays[player][column] = [fossil]
            tops[column] = fossil
            self.shown[player][column] = fossil % NUMBERS
            self.revealing = kind_index
            self.extra_turn = neighbour >= 0
            self.phase = REVEAL_SWAPPED
            events.append(new_event(GAME, "swap", player, {
                "fossil": token, "column": column + 1, "type": LETTERS[kind_index]}))
            if neighbour >= 0:
                events.append(new_event(GAME, "excellent", player, {
                    "fossil": token, "neighbour": TOKENS[neighbour]}))
            return
        self.displays[player][column].append(fossil)  # stack on a face-up fossil (AF-6.4)
        tops[column] = fossil
        self.shown[player][column] = fossil % NUMBERS
        self.heights[player][column] += 1
        events.append(new_event(GAME, "stack", player, {
            "fossil": token, "column": column + 1, "height": self.heights[player][column]}))
        if neighbour >= 0:
            events.append(new_event(GAME, "excellent", player, {
                "fossil": token, "neighbour": TOKENS[neighbour]}))
        self._end_turn(neighbour >= 0, events)

    def _end_turn(self, extra: bool, events: list[Event]) -> None:
        """Close the turn: count passes (AF-8.3), check the end (AF-8.3–8.5), pick who is next."""
        self.passes = 0 if self.progress else self.passes + 1
        self.progress = False
        self.extra_turn = False
        self.phase = CHOOSE
        if not self.flippable and not any(self.face_up):
            self._finish("empty", events)
        elif self.passes >= len(self.names):
            self._finish("passes" if self.end_phase else "stalemate", events)
        elif extra:  # AF-7.1: one extra turn per placement, chained without limit
            events.append(new_event(GAME, "extra_turn", self.to_move, {}))
        else:
            self.to_move = (self.to_move + 1) % len(self.names)
            events.append(new_event(GAME, "next_turn", self.to_move, {}))

    def _finish(self, reason: str, events: list[Event]) -> None:
        self.phase = OVER
        self.ended = reason
        events.append(new_event(GAME, "game_over", None, {"reason": reason}))

    # ----- explaining illegal actions ------------------------------------------------
    def _explain(self, action: Action) -> IllegalAction:
        kind = action.kind
        if kind == "reveal":
            if self.phase in (REVEAL, REVEAL_SWAPPED):
                return _illegal("rule", "reveal_impossible", "AF-1.1",
                                type=LETTERS[self.revealing], fossil=fossil_token(action.args[0]))
            return _illegal("wrong_phase", "nothing_revealing")
        if self.phase in (REVEAL, REVEAL_SWAPPED):
            return _illegal("wrong_phase", "wait_reveal")
        player = self.to_move
        if self.phase == PLACE:
            if kind == "place":
                return self._why_not_column(player, self.holding, action.args[0])
            held = fossil_token(self.holding)
            if kind == "pass":
                return _illegal("wrong_phase", "holding_pass", "AF-6.2", held=held)
            return _illegal("wrong_phase", "holding_choose", "AF-4.2", held=held)
        # CHOOSE
        if kind in ("place", "return"):
            return _illegal("wrong_phase", "choose_first", "AF-4.2")
        if kind == "pass":
            return _illegal("rule", "no_pass_yet", "AF-5.5")
        if kind == "flip":
            return _illegal("rule", "no_face_down", "AF-5.1", type=LETTERS[action.args[0]])
        code = action.args[0]  # take
        if not self.face_up[code]:
            return _illegal("rule", "not_face_up", "AF-5.4", fossil=fossil_token(code))
        return _illegal("rule", "identical", "AF-5.4", fossil=fossil_token(code),
                        column=self.tops[player].index(code) + 1)

    def _why_not_column(self, player: int, fossil: int, column: int) -> IllegalAction:
        tops, heights = self.tops[player], self.heights[player]
        number = fossil % NUMBERS
        token = fossil_token(fossil)
        for c in range(column - 1, -1, -1):  # the nearest visible number on each side
            if tops[c] >= 0:
                if tops[c] % NUMBERS > number:
                    return _illegal("rule", "ascending_left", "AF-6.7", fossil=token,
                                    column=column + 1, other=c + 1, shown=fossil_token(tops[c]))
                break
        for c in range(column + 1, COLUMNS):
            if tops[c] >= 0:
                if tops[c] % NUMBERS < number:
                    return _illegal("rule", "ascending_right", "AF-6.7", fossil=token,
                                    column=column + 1, other=c + 1, shown=fossil_token(tops[c]))
                break
        level = heights[column] + 1
        if column in (0, COLUMNS - 1):
            other = 1 if column == 0 else COLUMNS - 2
            return _illegal("rule", "height_end", "AF-6.6", fossil=token, level=level,
                            column=column + 1, other=other + 1, other_height=heights[other])
        return _illegal("rule", "height", "AF-6.5", fossil=token, level=level, left=column,
                        left_height=heights[column - 1], right=column + 2,
                        right_height=heights[column + 1])

    # ----- the end ------------------------------------------------------------------
    def level_counts(self, player: int, top_level: int | None = None) -> list[int]:
        """Fossils on level 2, 3, … up to ``top_level`` (AF-9.1): columns at least that high."""
        heights = self.heights[player]
        top = top_level or max(2, max(heights))
        return [sum(1 for h in heights if h >= level) for level in range(2, top + 1)]

    def standings(self) -> Result:
        """The ranking if the game ended now (AF-9.1, AF-9.2)."""
        top = max(2, *(max(h) for h in self.heights))
        levels = range(2, top + 1)
        return rank_players(
            [self.level_counts(p, top) for p in range(len(self.names))],
            [f"{{n}} fossil{{s}} on level {level}" for level in levels],
            self.names,
            short=[f"L{level}" for level in levels],
            labels={"ja": [f"{level}段目の化石{{n}}個" for level in levels]},
        )

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("wrong_phase", "The game is not over yet: see standings().")
        return self.standings()

    # ----- what the position shows, and checking it -------------------------------
    def observation(self, player: int | None = None) -> AmbarFossilsObservation:
        """What ``player`` sees (None: a spectator). Âmbar hides nothing that anyone knows:
        face-down numbers are unknown to all (AF-2.2), so every seat sees the same."""
        if player is not None and not (isinstance(player, int) and 0 <= player < len(self.names)):
            raise ValueError(f"There is no player {player!r} in this game.")
        view = self.snapshot()
        view["viewer"] = player
        view["end_phase"] = self.end_phase
        view["levels"] = [self.level_counts(p) for p in range(len(self.names))]
        view["legal_actions"] = (
            [str(a) for a in self.legal_tuple()] if player is not None and player == self.to_move
            and self.phase in (CHOOSE, PLACE) else []
        )
        return cast(AmbarFossilsObservation, view)

    def inventory(self) -> dict[str, int]:
        """Every fossil piece, wherever it is, counted by type: 24 of each (AF-1.1)."""
        counts = self.face_down[:]
        for display in self.displays:
            for column in display:
                for fossil in column:
                    counts[_TYPE_OF[fossil]] += 1
        up = self.face_up
        for kind_index in range(4):
            counts[kind_index] += sum(up[kind_index * NUMBERS:(kind_index + 1) * NUMBERS])
        if self.holding >= 0:
            counts[self.holding // NUMBERS] += 1
        if self.revealing >= 0:
            counts[self.revealing] += 1
        return dict(zip(LETTERS, counts))

    def describe(self) -> str:
        """The position in the short text form that ``from_description`` reads."""
        return describe(self)

    def validate(self) -> None:
        """Raise ValueError if this position could not arise under the rules."""
        validate(self)
        if self.unseen != unseen_copies(self.seen):
            raise ValueError("The copies of each fossil nobody has seen are out of date.")
        if self.flippable != flip_moves(self.face_down):
            raise ValueError("The record of the types left face-down is out of date.")

    def __repr__(self) -> str:
        return f"<Âmbar {len(self.names)} players, {PHASES[self.phase]}, move {len(self.history)}>"


_TYPE_OF = [code // NUMBERS for code in range(FOSSILS)] + [3, 2, 1, 0]
"""The type of a code; negative codes (face-down, -1..-4) index from the end."""


def excellent_neighbour(tops: list[int], column: int, fossil: int) -> int:
    """A neighbouring top of the same type, 1 apart (AF-7.1), or -1. Only one counts (AF-7.2).
    Read from tables of each column's neighbours and each fossil's partners: it is asked at
    every placement."""
    partners = EXCELLENT_PARTNERS[fossil]
    for c in NEIGHBOUR_COLUMNS[column]:
        if tops[c] in partners:
            return tops[c]
    return -1


EXCELLENT_PARTNERS = [tuple(other for other in (code - 1, code + 1)
                            if 0 <= other < FOSSILS and other // NUMBERS == code // NUMBERS)
                      for code in range(FOSSILS)]
"""The fossils 1 apart of the same type as each fossil (AF-7.1)."""
NEIGHBOUR_COLUMNS = [tuple(c for c in (column - 1, column + 1) if 0 <= c < COLUMNS)
                     for column in range(COLUMNS)]
"""Each column's neighbours, left first."""


def _illegal(kind: str, key: str, rule: str | None = None, **fields: Any) -> IllegalAction:
    """A refusal told from the message catalog (English and Japanese: messages.py)."""
    return illegal(kind, f"illegal.{key}", rule, game=GAME, **fields)


def new_game(
    players: int = 2,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    patterns: Sequence[str] | None = None,
) -> AmbarFossilsState:
    """A game set up by the rules, the same for the same seed (AF-2).

    Each player's display is ten face-down fossils in the type order ``patterns[p]``
    (random unless given, e.g. ``"DPMA"``); the rest form the Excavation.
    """
    state = _with_caches(start_fields(players, seed, names, patterns))
    # made here by the rules, so not validated again (a hot path); its names and patterns
    # set it up again, so the start's snapshot is written only if a save asks for it
    state.begin(start_later(new_game, len(state.names), None, tuple(state.names),
                            tuple(state.patterns)))
    return state


def from_snapshot(data: Any) -> AmbarFossilsState:
    """The position ``data`` (as ``snapshot()`` writes it), checked; ValueError if it is not one."""
    state = _with_caches(SCHEMA.load(data))
    validate(state)
    state.begin()
    return state


def _with_caches(fields: Loaded) -> AmbarFossilsState:
    """A state with ``fields`` (loaded by the schema, or set up by the rules) and the caches
    worked out from them (whether the rules allow the position is ``validate``'s question)."""
    state = AmbarFossilsState.__new__(AmbarFossilsState)
    SCHEMA.set_on(state, fields)
    state.tops = column_tops(state.displays)
    state.heights = column_heights(state.displays)
    state.shown = [shown_numbers(row) for row in state.tops]
    state.flippable = flip_moves(state.face_down)
    state.seen = seen_copies(state)
    state.unseen = unseen_copies(state.seen)
    return state


def flip_moves(face_down: list[int]) -> tuple[Action, ...]:
    """The flip moves allowed while ``face_down`` are left in the Excavation (AF-5.1): kept in
    ``flippable``, as they change only when a type runs out."""
    return tuple(compress(FLIP, face_down))


def unseen_copies(seen: list[int]) -> list[list[int]]:
    """For each type, the copies of each number nobody has seen: the weights of revealing a
    face-down fossil of that type (AF-2.2)."""
    return [[COPIES - n for n in seen[kind * NUMBERS:(kind + 1) * NUMBERS]]
            for kind in range(len(LETTERS))]


def from_description(text: str) -> AmbarFossilsState:
    """The position a few lines describe (see description.py); ValueError if there is none."""
    return from_snapshot(parse_description(text))

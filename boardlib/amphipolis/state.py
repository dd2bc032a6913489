"""Amphipolis: the rules engine (clauses in docs/rules/amphipolis.md, cited as AM-x.y).

Representation, chosen for speed: a tile type is an index 0..15 (``TOKENS``); the
bag, the sorting areas, each player's finds and the grave robber's finds are lists
of counts by type. Tiles of one type are identical, so drawing from the bag is a
chance node over the types left, weighted by how many of each are left (AM-3.1).
Actions are interned ``Action`` strings; checks compare integers.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from itertools import compress
from typing import Any, cast

from boardlib.amphipolis import scoring
from boardlib.amphipolis.data import (
    ALL_USED,
    AMPHORAS,
    ARCHAEOLOGIST,
    AREA_OF,
    AREA_TILES,
    AREAS,
    ASSISTANT,
    CARYATID,
    CHARACTER_PHASE,
    CHARACTERS,
    DIGGER,
    DRAW,
    DRAWS,
    ENTRANCE,
    FINDS,
    GAME,
    LANDSLIDE,
    MOSAICS,
    OVER,
    PHASES,
    PROFESSOR,
    SEED,
    SKELETONS,
    SPHINX,
    TAKE,
    TAKES,
    TOKENS,
    TYPES,
)
from boardlib.amphipolis.description import describe, parse_description
from boardlib.amphipolis.messages import MESSAGES, format_value
from boardlib.amphipolis.observation import AmphipolisObservation
from boardlib.amphipolis.setup import (
    SCHEMA,
    area_totals,
    bag_tiles,
    check_players,
    start_fields,
    validate,
)
from boardlib.fields import Loaded, names_field
from boardlib.messages import localized_names
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
    actions = [Action(f"seed {tok}", "seed", t) for t, tok in enumerate(TOKENS) if t < FINDS]
    actions += [Action(f"draw {tok}", "draw", t) for t, tok in enumerate(TOKENS)]
    actions += [Action(f"take {tok}", "take", t) for t, tok in enumerate(TOKENS) if t < FINDS]
    actions += [Action(name, "character", c) for c, name in enumerate(CHARACTERS)]
    actions.append(Action("end", "end"))
    vocabulary = {str(a): a for a in actions}
    vocabulary.update({str(a).lower(): a for a in actions})  # "take mr" is fine too
    return vocabulary


VOCABULARY = _vocabulary()
SEED_AS = [VOCABULARY[f"seed {tok}"] for tok in TOKENS[:FINDS]]  # only finds seed an area
DRAW_AS = [VOCABULARY[f"draw {tok}"] for tok in TOKENS]
TAKE_T = [VOCABULARY[f"take {tok}"] for tok in TOKENS[:FINDS]]  # landslides are never taken
USE = [VOCABULARY[name] for name in CHARACTERS]
END = VOCABULARY["end"]


def _characters_finding(here: bool, elsewhere: bool) -> tuple[bool, bool, bool, bool]:
    """After the main take, whether each character would find a tile to take (AM-4.2 …
    AM-4.5), used or not, if the chosen area (``here``) and the other areas hold tiles."""
    return (here or elsewhere, elsewhere, here, elsewhere)


USABLE = [[tuple(USE[c] for c, can in enumerate(_characters_finding(bool(f & 1), bool(f & 2)))
                 if can and not used >> c & 1) for f in range(4)] for used in range(ALL_USED + 1)]
"""``USABLE[used][here + 2 * elsewhere]``: the character moves open to a player who has used
the characters whose bits are set in ``used`` (see ``_characters_finding``)."""
_DRAW_INDEX = {str(a): t for t, a in enumerate(DRAW_AS)}
_SEED_INDEX = {str(a): t for t, a in enumerate(SEED_AS)}


class AmphipolisState(GameState):
    """A position of Amphipolis: bag, sorting areas, entrance, every player's finds."""

    GAME = GAME
    MESSAGES = MESSAGES
    format_value = staticmethod(format_value)
    VOCABULARY = VOCABULARY
    MOVE_EXAMPLES = "'take MR', 'digger', 'end' or 'draw LS'"
    SCHEMA = SCHEMA
    __slots__ = SCHEMA.slots  # a hot path: slots are read faster than an instance dict

    bag_total: int
    """How many tiles the bag holds: ``sum(bag)``, kept up to date because every draw needs it."""
    area_n: list[int]
    """Tiles in each of the four sorting areas, kept up to date because every take needs it."""
    bag_tiles: list[int]
    """Every tile in the bag as its type, in type order (``setup.bag_tiles``): a draw picks
    one by its position, as the weighted choice over the types would, with no loop."""

    names: list[str]
    bag: list[int]  # counts by tile type, landslides included
    areas: list[int]  # tiles in the sorting areas, by type (finds only)
    finds: list[list[int]]  # each player's tiles, by type
    robber: list[int]  # the grave robber's tiles (solo only; zeros otherwise)
    box: int  # landslides returned to the box at set-up
    covered: int  # entrance spaces covered
    used: list[int]  # bit c set: character c already used by that player
    to_move: int  # whose turn it is
    phase: int
    draws_left: int  # tiles still to draw this turn
    landslide_drawn: bool  # a landslide was drawn this turn (the solo robber strikes, AM-8.2)
    chosen: int  # the sorting area of this turn's main take, or -1
    taken: int  # tiles taken in the current step (main take or the character's take)
    character_area: int  # the Archaeologist's area once picked, or -1
    professor_done: int  # bit a set: the Professor has taken from area a
    ender: int  # who drew the last landslide, or -1

    # ----- whose turn, what may be done ---------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= DRAW:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.to_move

    @property
    def ended(self) -> str | None:
        """Why the game ended: "entrance" (all 16 spaces covered, AM-5.1), or None."""
        return "entrance" if self.phase == OVER else None

    @property
    def solo(self) -> bool:
        return len(self.names) == 1

    def _chance_weights(self) -> list[tuple[Action, int]]:
        bag = self.bag
        if self.phase == SEED:
            empty = self.area_n
            return [(SEED_AS[t], bag[t]) for t in range(FINDS)
                    if bag[t] and not empty[AREA_OF[t]]]
        return [(DRAW_AS[t], bag[t]) for t in range(TYPES) if bag[t]]

    def sample_chance(self, rng: random.Random) -> Action:
        """As ``GameState.sample_chance`` (same outcome for the same ``rng``: the same weights
        in the same order), without building the list of outcomes. The bag is never empty at
        a draw (AM-5.2: a turn's draws end when it is), as ``rng._randbelow`` needs."""
        phase, bag = self.phase, self.bag
        if phase == DRAW:
            return DRAW_AS[self.bag_tiles[rng._randbelow(self.bag_total)]]  # type: ignore[attr-defined]  # noqa: SLF001
        if phase == SEED:
            empty = self.area_n
            weights = [0 if empty[AREA_OF[t]] else bag[t] for t in range(FINDS)]
        else:
            return super().sample_chance(rng)  # refuses: not a chance node
        pick = rng.randrange(sum(weights))
        for t, weight in enumerate(weights):
            pick -= weight
            if pick < 0:
                return SEED_AS[t]
        raise AssertionError("unreachable: the total is the sum of the weights")

    def apply_action(self, action: object, player: int | None = None) -> list[Event]:
        """``GameState.apply_action``, with a short cut for the commonest move, a legal draw.

        A draw is legal exactly when tiles are being drawn and one of that type is in the
        bag (a set-up draw: also its area is still empty, AM-2.4), so the list of outcomes
        need not be built; everything else goes through the base class's checks.
        """
        phase = self.phase
        if player is None and phase <= DRAW and type(action) is Action:
            tile = (_DRAW_INDEX if phase == DRAW else _SEED_INDEX).get(action, -1)
            if tile >= 0 and self.bag[tile] and (phase == DRAW or not self.area_n[AREA_OF[tile]]):
                events: list[Event] = []
                if phase == DRAW:
                    self._draw(tile, events)
                    self.history.append(DRAW_AS[tile])
                else:
                    self._seed(tile, events)
                    self.history.append(SEED_AS[tile])
                # the caches are stale, reset inline as GameState.apply_action does (the
                # invalidate() hook, one call more, costs 0.6% of a game's instructions)
                self._legal_cache = None
                self._weights_cache = None
                return events
        return super().apply_action(action, player)

    def deal(self, rng: random.Random) -> list[Event]:
        """Make the set-up draws (AM-2.4) with ``rng``, as chance outcomes in ``history``."""
        events: list[Event] = []
        while self.phase == SEED:
            events += self.apply_action(self.sample_chance(rng))
        return events

    def _takeable(self) -> list[int]:
        """The tile types the player to move may take now (AM-3.3, AM-4.2–4.5)."""
        phase, area, chosen = self.phase, self.areas, self.chosen
        if phase == TAKE:
            if self.taken == 0:
                return [t for t in range(FINDS) if area[t]]
            if self.taken >= TAKES:
                return []
            return [t for t in AREA_TILES[chosen] if area[t]]
        if phase == CHARACTER_PHASE + ASSISTANT:
            return [t for t in range(FINDS) if area[t]]
        if phase == CHARACTER_PHASE + ARCHAEOLOGIST:
            if self.taken == 0:
                return [t for t in range(FINDS) if area[t] and AREA_OF[t] != chosen]
            return [t for t in AREA_TILES[self.character_area] if area[t]]
        if phase == CHARACTER_PHASE + DIGGER:
            return [t for t in AREA_TILES[chosen] if area[t]]
        done = self.professor_done  # Professor
        return [t for t in range(FINDS)
                if area[t] and AREA_OF[t] != chosen and not done >> AREA_OF[t] & 1]

    def usable(self, character: int) -> bool:
        """May the player to move use ``character`` now (AM-4.1)? After the main take,
        unused, and only if it can take a tile."""
        if self.phase != TAKE or self.taken == 0 or self.used[self.to_move] >> character & 1:
            return False
        n, chosen = self.area_n, self.chosen
        if character == ASSISTANT:
            return any(n)
        if character == DIGGER:
            return n[chosen] > 0
        return any(n[a] for a in range(4) if a != chosen)

    def _player_actions(self) -> list[Action]:
        phase, taken = self.phase, self.taken
        if phase == TAKE:  # the commonest case, written out for speed (loops, not
            if not taken:  # comprehensions: each of those is a function call on CPython 3.11)
                return list(compress(TAKE_T, self.areas))  # AM-3.3: any tile to start with
            actions = []
            if taken < TAKES:
                area = self.areas
                for t in AREA_TILES[self.chosen]:
                    if area[t]:
                        actions.append(TAKE_T[t])
            actions += self._usable_characters()
            actions.append(END)
            return actions
        actions = [TAKE_T[t] for t in self._takeable()]
        if taken and phase != CHARACTER_PHASE + PROFESSOR and phase != TAKE:
            actions.append(END)
        return actions

    def _usable_characters(self) -> tuple[Action, ...]:
        """After the main take, the moves using a character that is unused and would find a
        tile (AM-4.1 … AM-4.5): looked up by the characters used and whether the chosen
        area and the others hold tiles, as this is asked after every main take."""
        n = self.area_n
        here = n[self.chosen]
        elsewhere = n[0] + n[1] + n[2] + n[3] - here
        return USABLE[self.used[self.to_move]][(here > 0) + 2 * (elsewhere > 0)]

    def has_choice(self) -> bool:
        """Is anything but "end" possible? If not, the turn ends by itself (AM-3.3).

        The same answer as ``bool(self._takeable())`` or a usable character, from the
        area totals alone (this runs after every take).
        """
        phase, n, chosen = self.phase, self.area_n, self.chosen
        if phase == TAKE:
            if self.taken == 0:
                return any(n)
            if self.taken < TAKES and n[chosen]:
                return True
            return bool(self._usable_characters())
        if phase == CHARACTER_PHASE + ASSISTANT:
            return any(n)
        if phase == CHARACTER_PHASE + DIGGER:
            return n[chosen] > 0
        if phase == CHARACTER_PHASE + ARCHAEOLOGIST:
            if self.taken:
                return n[self.character_area] > 0
            return any(n[a] for a in range(4) if a != chosen)
        done = self.professor_done
        return any(n[a] for a in range(4) if a != chosen and not done >> a & 1)

    # ----- applying actions ---------------------------------------------------------
    def _apply(self, action: Action, events: list[Event]) -> None:
        kind = action.kind
        if kind == "take":  # the commonest move here: draws take apply_action's short cut
            self._take(action.args[0], events)
        elif kind == "draw":
            self._draw(action.args[0], events)
        elif kind == "seed":
            self._seed(action.args[0], events)
        elif kind == "character":
            character = action.args[0]
            self.used[self.to_move] |= 1 << character
            self.phase = CHARACTER_PHASE + character
            self.taken = 0
            events.append(new_event(GAME, "character", self.to_move,
                                    {"character": CHARACTERS[character]}))
        else:  # end
            self._end_turn(events)

    def _seed(self, tile: int, events: list[Event]) -> None:
        """AM-2.4: one tile for an empty sorting area; landslides and extras go back."""
        self.bag[tile] -= 1
        self.bag_total -= 1
        del self.bag_tiles[bisect_left(self.bag_tiles, tile)]
        self.areas[tile] += 1
        self.area_n[AREA_OF[tile]] += 1
        events.append(new_event(GAME, "seed", None,
                                {"tile": TOKENS[tile], "area": AREAS[AREA_OF[tile]]}))
        if all(self.area_n):
            self.phase = DRAW
            self.draws_left = DRAWS
            events.append(new_event(GAME, "next_turn", self.to_move, {}))

    def _draw(self, tile: int, events: list[Event]) -> None:
        """AM-3.1, AM-3.2, AM-5.1: one tile from the bag to its area or the entrance."""
        self.bag[tile] -= 1
        self.bag_total -= 1
        tiles = self.bag_tiles
        del tiles[bisect_left(tiles, tile)]  # in type order: found by halving, not a scan
        player = self.to_move
        if tile == LANDSLIDE:
            self.covered += 1
            self.landslide_drawn = True
            events.append(new_event(GAME, "landslide", player, {"covered": self.covered}))
            if self.covered == ENTRANCE:
                self._finish(events)
                return
        else:
            self.areas[tile] += 1
            self.area_n[AREA_OF[tile]] += 1
            events.append(new_event(GAME, "draw", player,
                                    {"tile": TOKENS[tile], "area": AREAS[AREA_OF[tile]]}))
        self.draws_left -= 1
        if self.draws_left and self.bag_total:
            return
        self.draws_left = 0
        slid, self.landslide_drawn = self.landslide_drawn, False
        if slid and len(self.names) == 1:
            self._rob(events)  # AM-8.2: the turn ends at once, the robber strikes
            self._end_turn(events)
        elif not any(self.area_n):
            events.append(new_event(GAME, "nothing_to_take", player, {}))
            self._end_turn(events)
        else:
            self.phase = TAKE
            self.taken = 0
            self.chosen = -1

    def _take(self, tile: int, events: list[Event]) -> None:
        self.areas[tile] -= 1
        area_index = AREA_OF[tile]
        self.area_n[area_index] -= 1
        self.finds[self.to_move][tile] += 1
        self.taken += 1
        phase = self.phase
        events.append(new_event(GAME, "take", self.to_move, {"tile": TOKENS[tile]}))
        if phase == TAKE:
            self.chosen = area_index
        elif phase == CHARACTER_PHASE + ASSISTANT:
            self._end_turn(events)
            return
        elif phase == CHARACTER_PHASE + ARCHAEOLOGIST:
            self.character_area = area_index
            if self.taken >= TAKES:
                self._end_turn(events)
                return
        elif phase == CHARACTER_PHASE + DIGGER:
            if self.taken >= TAKES:
                self._end_turn(events)
                return
        else:  # Professor
            self.professor_done |= 1 << area_index
        if not self.has_choice():
            self._end_turn(events)

    def _rob(self, events: list[Event]) -> None:
        """AM-8.2, AM-8.3: the grave robber takes every tile in the sorting areas."""
        taken = sum(self.areas)
        for t in range(FINDS):
            self.robber[t] += self.areas[t]
            self.areas[t] = 0
        self.area_n = [0, 0, 0, 0]
        events.append(new_event(GAME, "robber", None, {"count": taken}))

    def _end_turn(self, events: list[Event]) -> None:
        self.to_move = (self.to_move + 1) % len(self.names)
        self.phase = DRAW
        self.draws_left = DRAWS
        self.landslide_drawn = False
        self.chosen = self.character_area = -1
        self.taken = self.professor_done = 0
        events.append(new_event(GAME, "next_turn", self.to_move, {}))

    def _finish(self, events: list[Event]) -> None:
        """AM-5.1: the 16th entrance space is covered; the drawer takes nothing."""
        self.ender = self.to_move
        self.draws_left = 0
        self.landslide_drawn = False
        if len(self.names) == 1:
            self._rob(events)  # AM-8.3
        self.phase = OVER
        events.append(new_event(GAME, "game_over", self.to_move, {}))

    # ----- explaining illegal actions ------------------------------------------------
    def _refuse(self, kind: str, key: str, rule: str, **fields: object) -> IllegalAction:
        """A refusal from the catalog (MESSAGES[lang]["illegal." + key]): told in any language."""
        return illegal(kind, "illegal." + key, rule, game=GAME, names=self.names, **fields)

    def _explain(self, action: Action) -> IllegalAction:
        kind, phase = action.kind, self.phase
        if kind in ("seed", "draw"):
            return self._explain_chance(action)
        if phase <= DRAW:
            if phase == DRAW:
                return self._refuse("wrong_phase", "wait_draw", "AM-3.1")
            return self._refuse("wrong_phase", "wait_setup", "AM-2.4")
        if kind == "character":
            return self._explain_character(action.args[0])
        if kind == "end":
            return self._explain_end()
        return self._explain_take(action.args[0])

    def _explain_chance(self, action: Action) -> IllegalAction:
        tile = action.args[0]
        if action.kind == "seed" and self.phase != SEED:
            return self._refuse("wrong_phase", "setup_over", "AM-2.4")
        if action.kind == "draw" and self.phase != DRAW:
            if self.phase == SEED:
                return self._refuse("wrong_phase", "setup_first", "AM-2.4")
            return self._refuse("wrong_phase", "draw_at_start", "AM-3.1")
        if not self.bag[tile]:
            return self._refuse("rule", "not_in_bag", "AM-1.1", tile=TOKENS[tile])
        return self._refuse("rule", "area_has_tile", "AM-2.4", tile=TOKENS[tile],
                            area=AREAS[AREA_OF[tile]])

    def _explain_character(self, character: int) -> IllegalAction:
        name = CHARACTERS[character]
        if self.phase != TAKE:
            return self._refuse("rule", "one_character", "AM-4.1")
        if self.taken == 0:
            return self._refuse("wrong_phase", "character_after_take", "AM-4.1", character=name)
        if self.used[self.to_move] >> character & 1:
            return self._refuse("rule", "character_used", "AM-4.1", character=name)
        key = {ASSISTANT: "nothing_anywhere", ARCHAEOLOGIST: "nothing_elsewhere",
               DIGGER: "nothing_there", PROFESSOR: "nothing_elsewhere"}[character]
        return self._refuse("rule", key, f"AM-4.{character + 2}", character=name,
                            area=AREAS[self.chosen])

    def _explain_end(self) -> IllegalAction:
        if self.phase == TAKE:
            return self._refuse("rule", "take_first", "AM-3.3")
        if self.phase == CHARACTER_PHASE + PROFESSOR:
            return self._refuse("rule", "professor_first", "AM-4.5",
                                character=CHARACTERS[PROFESSOR])
        return self._refuse("rule", "character_take_first", "AM-4.1",
                            character=CHARACTERS[self.phase - CHARACTER_PHASE])

    def _explain_take(self, tile: int) -> IllegalAction:
        phase, taken = self.phase, self.taken
        here = AREA_OF[tile]
        chosen = AREAS[self.chosen] if self.chosen >= 0 else ""
        if not self.areas[tile]:
            rule = "AM-3.3" if phase == TAKE else f"AM-4.{phase - CHARACTER_PHASE + 2}"
            return self._refuse("rule", "no_such_tile", rule, tile=TOKENS[tile])
        if phase == TAKE:
            if taken >= TAKES:
                return self._refuse("rule", "took_enough", "AM-3.3", takes=TAKES)
            return self._refuse("rule", "one_area", "AM-3.3", takes=TAKES, area=chosen)
        character = CHARACTERS[phase - CHARACTER_PHASE]
        if phase == CHARACTER_PHASE + ARCHAEOLOGIST:
            if taken == 0:
                return self._refuse("rule", "archaeologist_other", "AM-4.3",
                                    character=character, area=chosen)
            return self._refuse("rule", "archaeologist_one_area", "AM-4.3", character=character,
                                area=AREAS[self.character_area])
        if phase == CHARACTER_PHASE + DIGGER:
            return self._refuse("rule", "digger_same", "AM-4.4", character=character,
                                area=chosen)
        if here == self.chosen:
            return self._refuse("rule", "professor_other", "AM-4.5", character=character,
                                area=chosen)
        return self._refuse("rule", "professor_once", "AM-4.5", character=character,
                            area=AREAS[here])

    # ----- scores and the end -------------------------------------------------------
    def scores(self) -> list[list[int]]:
        """Each seat's points by area (AM-6), as if the game ended now."""
        return _score_rows(self.finds, self.robber if self.solo else None)[: len(self.names)]

    def robber_scores(self) -> list[int] | None:
        """The grave robber's points by area in the solo game (AM-8.4), else None."""
        if not self.solo:
            return None
        return _score_rows(self.finds, self.robber)[1]

    def standings(self) -> AmphipolisResult:
        """The ranking if the game ended now (AM-7): points, best single area, who played last."""
        rows = _score_rows(self.finds, self.robber if self.solo else None)
        count = len(self.names)
        last = self.ender if self.ender >= 0 else self.to_move
        keys = [[sum(row), max(row), count - (last - p) % count] for p, row in
                enumerate(rows[:count])]
        base = rank_players(keys, CRITERIA, self.names, short=("VP", "area", "last"),
                            labels={"ja": CRITERIA_JA})
        robber = rows[1] if self.solo else None
        fields = {f: getattr(base, f) for f in ("winners", "ranking", "scores", "criteria",
                                                "names", "short", "labels")}
        if robber is not None and sum(rows[0]) <= sum(robber):
            fields["winners"] = ()  # solo: only more points than the grave robber wins (AM-8.4)
        return AmphipolisResult(
            **fields,
            areas=tuple(tuple(row) for row in rows[:count]),
            robber=tuple(robber) if robber is not None else None,
        )

    def result(self) -> AmphipolisResult:
        if self.phase != OVER:
            raise IllegalAction("wrong_phase", "The game is not over yet: see standings().")
        return self.standings()

    # ----- the position: seen, counted, described, checked --------------------------
    def observation(self, player: int | None = None) -> AmphipolisObservation:
        """What ``player`` sees (None: a spectator). Everything is public (AM-3.4); the bag's
        order is unknown to all, and its contents follow from the tiles out of it."""
        if player is not None and not (isinstance(player, int) and not isinstance(player, bool)
                                       and 0 <= player < len(self.names)):
            raise ValueError(f"There is no player {player!r} in this game.")
        view = self.snapshot()
        view["viewer"] = player
        view["scores"] = self.scores()
        view["legal_actions"] = (
            [str(a) for a in self.legal_tuple()] if player is not None
            and self.current_player() == player else []
        )
        return cast(AmphipolisObservation, view)

    def inventory(self) -> dict[str, int]:
        """Every one of the 135 tiles, wherever it is, counted by type (AM-1.1)."""
        counts = [b + a + r for b, a, r in zip(self.bag, [*self.areas, 0], [*self.robber, 0])]
        for finds in self.finds:
            for t in range(FINDS):
                counts[t] += finds[t]
        counts[LANDSLIDE] += self.box + self.covered
        return dict(zip(TOKENS, counts))

    def describe(self) -> str:
        """The position in the short text form that ``from_description`` reads."""
        return describe(self)

    def validate(self) -> None:
        """Raise ValueError if this position could not arise under the rules: a field out of
        its bounds (the schema's codecs) or fields that disagree (``setup.validate``)."""
        SCHEMA.load(self.snapshot())
        validate(self)

    def __repr__(self) -> str:
        return (f"<Amphipolis {len(self.names)} player{'s' if len(self.names) > 1 else ''}, "
                f"{PHASES[self.phase]}, {self.covered}/{ENTRANCE} covered, "
                f"move {len(self.history)}>")


CRITERIA = ("{n} victory point{s}", "{n} point{s} from one sorting area",
            "last-turn recency {n}")
CRITERIA_JA = ("勝利点{n}点", "1つの仕分けエリアから{n}点", "手番の新しさ{n}")


def area_points(tiles: list[int], statue_points: tuple[int, int]) -> list[int]:
    """Points by sorting area: mosaics, statues (both kinds as one area), amphoras, skeletons."""
    return [
        scoring.mosaic_points([tiles[t] for t in AREA_TILES[MOSAICS]]),
        statue_points[0] + statue_points[1],
        scoring.amphora_points([tiles[t] for t in AREA_TILES[AMPHORAS]]),
        scoring.skeleton_points(*(tiles[t] for t in AREA_TILES[SKELETONS])),
    ]


def _score_rows(finds: list[list[int]], robber: list[int] | None) -> list[list[int]]:
    """Area points for every seat (then the robber, in the solo game: AM-8.4)."""
    collections = [*finds, robber] if robber is not None else list(finds)
    two_player = len(finds) == 2  # AM-6.6 is for 2-player games; solo is not one (AM-8.4)
    statues = [
        scoring.statue_points([c[kind] for c in collections], two_player)
        for kind in (CARYATID, SPHINX)
    ]
    return [area_points(c, (statues[0][i], statues[1][i])) for i, c in enumerate(collections)]


class AmphipolisResult(Result):
    """A ``Result`` with each seat's points by area and, solo, the grave robber's (AM-8.4).

    In the solo game the ranking has one seat (the robber is not a player); whether the
    player beat the robber is ``beat_robber`` and is said in the explanation.
    """

    def __init__(self, *, areas: tuple[tuple[int, ...], ...],
                 robber: tuple[int, ...] | None, **fields: Any) -> None:
        super().__init__(**fields)
        object.__setattr__(self, "areas", areas)
        object.__setattr__(self, "robber", robber)

    areas: tuple[tuple[int, ...], ...]
    robber: tuple[int, ...] | None

    @property
    def beat_robber(self) -> bool | None:
        """Solo: True if the player has more points than the grave robber (AM-8.4)."""
        if self.robber is None:
            return None
        return sum(self.areas[0]) > sum(self.robber)

    def explain(self, lang: str = "en") -> str:
        if self.robber is None:
            return super().explain(lang)
        mine, his = sum(self.areas[0]), sum(self.robber)
        name = localized_names(self.names, lang)[0]
        if lang == "ja":
            outcome = f"{name}の勝ちです" if mine > his else "盗掘者の勝ちです"
            return f"{name}は{mine}点、盗掘者は{his}点。{outcome}。"
        outcome = f"{name} wins" if mine > his else (
            "the grave robber wins (a tie is not enough: you need more points)" if mine == his
            else "the grave robber wins")
        return f"{name} scores {mine} points against the grave robber's {his}: {outcome}."

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data["areas"] = [list(row) for row in self.areas]
        if self.robber is not None:
            data["robber"] = list(self.robber)
            data["beat_robber"] = self.beat_robber
        return data


def new_game(
    players: int = 2,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    deal: bool = True,
) -> AmphipolisState:
    """A game set up by the rules (AM-2, AM-8.1), the same for the same seed.

    Landslides go to the box by player count, the rest of the tiles into the bag; then
    (``deal=True``) the four set-up draws that give each sorting area one tile are made
    with ``random.Random(seed)`` as chance outcomes, so they are in ``history``. With
    ``deal=False`` the state waits at those chance nodes (for probability lessons).
    """
    count = check_players(players)
    seat_names = names_field(list(names) if names is not None else None, count)
    # Set up field by field, not cloned from a kept template: on CPython 3.11 a clone keeps
    # its attributes in a real dict, where every attribute access of the rules takes the slow
    # path (a game played from a clone took a fifth more instructions than one played from a
    # load). Made by the rules, so not loaded through the schema nor validated again.
    state = _with_totals(start_fields(count, seat_names))
    # its snapshot, before the deal, is written only if a save asks (the same set-up, undealt)
    state.begin(start_later(new_game, count, None, tuple(seat_names), False))
    if deal:
        state.deal(random.Random(seed))
    return state


def from_snapshot(data: Any) -> AmphipolisState:
    """The position ``data`` (as ``snapshot()`` writes it), checked; ValueError if it is not one."""
    state = _with_totals(SCHEMA.load(data))  # every field within its bounds
    validate(state)  # and the fields agree under the rules
    state.begin()
    return state


def _with_totals(fields: Loaded) -> AmphipolisState:
    """A state with ``fields`` and the totals the rules keep up to date (``bag_total``,
    ``area_n``) worked out from them."""
    state = AmphipolisState.__new__(AmphipolisState)
    SCHEMA.set_on(state, fields)
    state.bag_total = sum(state.bag)
    state.bag_tiles = bag_tiles(state.bag)
    state.area_n = area_totals(state.areas)
    return state


def from_description(text: str) -> AmphipolisState:
    """The position a few lines describe (see description.py); ValueError if there is none."""
    return from_snapshot(parse_description(text))

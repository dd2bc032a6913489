"""Ambar (2018)'s position as data: its schema (every field once — save key = attribute,
codec, bounds, copy depth), the rules its fields must agree by (``validate``), and what a seat
may see of it (``observation``).

The state (state.py), the descriptions and saves all build on this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from boardlib.ambar_2018.data import (
    ALCHEMY,
    ASIDE,
    BLACK,
    CAPACITY,
    CARRY_WINDOW,
    CHANCE_PHASES,
    CHANTS,
    CODES,
    COLOURS,
    COMPONENT_TOTALS,
    DANGER,
    DANGERS,
    DEAL,
    EVENTS,
    KIND,
    LINEUP,
    MAX_LINEUP,
    NCARDS,
    ORACLE_CHOICE,
    OTHERS_DECIDE,
    OVER,
    PHASES,
    PLACE,
    PLAYER_COUNTS,
    RED_DEMON,
    SERPENT,
    SITES,
    START_ALCHEMY,
    START_FOREST,
    START_TRAVELLER,
    START_VILLAGE,
    SUPPLIES,
    TRADE,
    TRAVELLER,
    VILLAGE,
)
from boardlib.ambar_2018.messages import MESSAGES
from boardlib.ambar_2018.observation import Ambar2018Observation
from boardlib.fields import (
    SEAT,
    SEAT_OR_NONE,
    Choice,
    Codec,
    Counts,
    Custom,
    Field,
    Flag,
    ListOf,
    Loaded,
    Names,
    OneOf,
    Optional,
    Players,
    Schema,
    Whole,
    flag_field,
    player_count,
)
from boardlib.games import AMBAR_2018

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.ambar_2018.state import Ambar2018State

PILES = ("deck", "aside", "discard", "box")


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, AMBAR_2018.titles, "AB-1.2")


def starting_seat() -> dict[str, Any]:
    """A seat as set-up leaves it (AB-2.1), in a snapshot's form: the starting cards, gold,
    soldiers, markers and gems, no event card yet."""
    start = SUPPLIES["start"]
    return {
        "gold": start["gold"], "soldiers": start["soldiers"], "markers": start["markers"],
        "alchemy": CODES[START_ALCHEMY], "traveller": CODES[START_TRAVELLER],
        "village": CODES[START_VILLAGE], "alchemy_gems": dict(start["alchemy_gems"]),
        "village_gems": {}, "event_hand": {},
    }


# ----- the codecs of the game's own kinds of field ------------------------------------------
_CARD_INDEX = {code: card for card, code in enumerate(CODES)}


class _Card(Codec):
    """A card, kept as its index in ``CODES`` and saved as its code; only the ``allowed``
    cards may lie in the field (a line-up never holds a starting forest, AB-2.1)."""

    def __init__(self, allowed: Iterable[int], what: str) -> None:
        self.allowed, self.what = frozenset(allowed), what

    def dump(self, value: int) -> str:
        return CODES[value]

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        card = _CARD_INDEX.get(raw) if isinstance(raw, str) else None
        if card is None or card not in self.allowed:
            raise ValueError(f"'{label}': {raw!r} is not {self.what}.")
        return card


def _of_kind(kind: int, what: str) -> _Card:
    return _Card((card for card in range(NCARDS) if KIND[card] == kind),
                 f"the code of {what} card")


class _Pile(Counts):
    """Journey cards by code. Starting forests never leave the players' areas (AB-2.1): only
    the box (the starting cards of empty seats) may hold one."""

    def __init__(self, forests: bool = False) -> None:
        super().__init__(CODES[:NCARDS])
        self.forests = forests

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[int]:
        counts = super().load(raw, label, loaded)
        if counts[START_FOREST] and not self.forests:
            raise ValueError(f"'{label}' holds a starting forest: starting forests never leave "
                             "the players' areas (AB-2.1).")
        return counts


_WHERE = {"place": PLACE, "line-up": LINEUP, "aside": ASIDE}
_WHERE_NAMES = {place: name for name, place in _WHERE.items()}


class _Place(Codec):
    """Where a demon is: one of the ``places`` it can wait in, or the seat it chases."""

    def __init__(self, *places: str) -> None:
        self.places = {name: _WHERE[name] for name in places}

    def dump(self, value: int) -> str | int:
        return _WHERE_NAMES.get(value, value)

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        if isinstance(raw, str) and raw in self.places:
            return self.places[raw]
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < loaded["players"]:
            raise ValueError(f"'{label}' must be {' or '.join(map(repr, self.places))} or a "
                             f"seat 0–{loaded['players'] - 1}, not {raw!r}.")
        return raw


def _dump_used(used: list[bool]) -> list[int]:
    return [k for k, sold_on in enumerate(used) if sold_on]


def _load_used(raw: Any, label: str, loaded: Loaded) -> list[bool]:
    """Saved as the line-up positions (from 0) of the trade cards already sold on (AB-7.2);
    kept as a flag per line-up card."""
    lineup = loaded["lineup"]
    if not isinstance(raw, list) or any(
            isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(lineup)
            or KIND[lineup[k]] != TRADE for k in raw):
        raise ValueError(f"'{label}' must list line-up positions (from 0) of trade cards.")
    return [k in raw for k in range(len(lineup))]


_COUNT = Whole()
NO_CARRY = (-1, 0)
"""``carry`` when no gems are on the road: no colour, no gems."""


def _dump_carry(carry: list[int]) -> dict[str, Any] | None:
    colour, count = carry
    return {"colour": COLOURS[colour], "count": count} if colour >= 0 else None


def _load_carry(raw: Any, label: str, loaded: Loaded) -> list[int]:
    """Gems on the road during a carry window (AB-6.3), kept as ``[colour, count]``."""
    if raw is None:
        return list(NO_CARRY)
    if not isinstance(raw, dict) or raw.get("colour") not in COLOURS:
        raise ValueError(f"'{label}' must be null or {{colour, count}}.")
    return [COLOURS.index(raw["colour"]), _COUNT.load(raw.get("count"), f"{label} count", loaded)]


def _load_flag_or_false(raw: Any, label: str, loaded: Loaded) -> bool:
    """A flag that saves from before it existed lack: false then."""
    return False if raw is None else flag_field(raw, label)


_JOURNEY_CARD = _Card((card for card in range(NCARDS) if card != START_FOREST),
                      "a journey card code")
_LINEUP_CARD = _Card((card for card in range(len(CODES)) if card != START_FOREST),
                     "a card code")  # the demons too
_GEMS = Counts(COLOURS)
_EVENT_CARDS = Counts(EVENTS)

SCHEMA = Schema(
    Field("players", Players(PLAYER_COUNTS, AMBAR_2018.titles, "AB-1.2"), kept=False),
    Field("names", Names()),
    Field("round", Whole(1, 2)),
    Field("phase", Choice(PHASES)),
    Field("active", SEAT, words="turn"),
    Field("decider", SEAT_OR_NONE),
    Field("queue", ListOf(SEAT)),
    *(Field(pile, _Pile(forests=pile == "box")) for pile in PILES),
    Field("top", Optional(_JOURNEY_CARD)),
    Field("top_known", ListOf(SEAT), words="top"),
    Field("lineup", ListOf(_LINEUP_CARD), words="line-up"),
    Field("used", Custom(_dump_used, _load_used, depth=1)),
    Field("turned", Optional(_JOURNEY_CARD)),
    Field("drawn", Whole()),
    Field("fled", Flag()),
    Field("chants_check", Flag()),
    Field("actions", Whole()),
    Field("recover_later", Custom(bool, _load_flag_or_false)),
    Field("gold", Whole(), seat=True),
    Field("soldiers", Whole(), seat=True),
    Field("markers", Whole(0, SITES, rule="AB-8.2"), seat=True),  # one per forest site
    Field("alchemy", _of_kind(ALCHEMY, "an alchemy"), seat=True),
    Field("traveller", _of_kind(TRAVELLER, "a traveller"), seat=True),
    Field("village", _of_kind(VILLAGE, "a village"), seat=True),
    Field("alchemy_gems", _GEMS, seat=True),
    Field("village_gems", _GEMS, seat=True),
    Field("event_hand", _EVENT_CARDS, seat=True, words="events", was="events"),
    Field("marker_supply", Whole(), group="supply", words="supply", was="markers"),
    Field("soldier_supply", Whole(), group="supply", words="supply", was="soldiers"),
    Field("bank", Whole(), group="supply", words="supply"),
    Field("hoard", _GEMS),
    Field("loot", _GEMS),
    Field("loot_gold", Whole(), words="loot"),
    Field("sold", _GEMS),
    Field("treasure", _GEMS),
    Field("treasure_gold", Whole(), words="treasure"),
    Field("carry", Custom(_dump_carry, _load_carry, depth=1)),
    Field("event_deck", _EVENT_CARDS),
    Field("event_discard", _EVENT_CARDS),
    Field("serpent", _Place("place", "line-up")),
    Field("serpent_next", SEAT_OR_NONE),
    Field("demon", _Place("aside")),
    Field("demon_out", Flag(), words="line-up"),
    Field("deal", SEAT_OR_NONE),
    Field("ended", OneOf((None, "deck")), words="over"),
    derived=("left", "drawable", "_who"),
)
"""Ambar (2018)'s position: every field once, in the order a snapshot writes them.

Three keys were renamed so that every attribute is named as its key (older saves still
load): a seat's "events" is "event_hand" (an attribute ``events`` would read as the list of
events every move appends to), and the supply's "markers" and "soldiers" are
"marker_supply" and "soldier_supply" (the seats' own "markers" and "soldiers" have those
names). ``words`` is the line of a description that tells the field; what each field means
is said beside its attribute on ``Ambar2018State``."""


def _chants_extra_card(s: Ambar2018State) -> bool:
    """AB-4.3: after a 7th-card Chants, a black extra card joins the line-up as the third black
    card and the player flees, so that line-up alone holds 8 cards."""
    lineup = s.lineup
    return (len(lineup) == MAX_LINEUP + 1 and s.fled and KIND[lineup[MAX_LINEUP - 1]] == CHANTS
            and BLACK[lineup[MAX_LINEUP]])


def validate(s: Ambar2018State) -> None:
    """Raise ValueError, naming the rule, if the fields of ``s`` (each already within its
    codec's bounds) do not agree as they would in a game of Ambar (2018)."""
    counts = s.inventory()
    for key, total in COMPONENT_TOTALS.items():
        if counts[key] != total:
            raise ValueError(
                f"The position has {counts[key]} {key}; the game has {total} (AB-1.1).")
    if len(s.lineup) > MAX_LINEUP and not _chants_extra_card(s):
        raise ValueError(f"A line-up has at most {MAX_LINEUP} cards (AB-4.1), or 8 when the card "
                         "drawn after a 7th-card Chants is the third black one (AB-4.3).")
    if s.round == 2 and (sum(s.aside) != 0 or s.demon == ASIDE):
        raise ValueError("In round 2 the laid-aside cards and the Red Demon are in play (AB-12.3).")
    if s.round == 1 and s.demon != ASIDE:
        raise ValueError("The Red Demon enters the game only in round 2 (AB-10.3).")
    if (s.serpent == LINEUP) != (SERPENT in s.lineup) or s.lineup.count(SERPENT) > 1:
        raise ValueError("The Serpent is in the line-up exactly when it says so (AB-10.2).")
    if s.demon_out != (RED_DEMON in s.lineup) or s.lineup.count(RED_DEMON) > 1:
        raise ValueError("The Red Demon is in the line-up exactly when it says so (AB-10.4).")
    if s.demon_out and s.demon != s.active:
        raise ValueError("Only the Red Demon's victim plays it (AB-10.4).")
    if s.serpent_next >= 0 and s.serpent != LINEUP:
        raise ValueError("'serpent_next' is only for a Serpent that is in the line-up (AB-10.2).")
    if s.recover_later and (s.markers[s.active] or s.phase not in _IN_A_TURN):
        raise ValueError("Only a player whose forest was emptied during their own turn waits for "
                         "their next turn to recover its marker (AB-6.7).")
    if s.top >= 0 and not s.deck[s.top]:
        raise ValueError("The card known to be on top of the deck is not in it (AB-4.2).")
    if (s.top >= 0) != bool(s.top_known):
        raise ValueError("Someone knows the top card exactly when it is recorded (AB-4.2).")
    _check_phase(s)
    for p, village in enumerate(s.village):
        if sum(s.village_gems[p]) > CAPACITY[village]:
            raise ValueError(f"{s.names[p]}'s village holds more gems than it allows (AB-6.4).")


def _check_phase(s: Ambar2018State) -> None:
    """The fields that only some phases use are set exactly in those phases, and someone (or
    chance) can move."""
    phase = s.phase
    if (phase == DEAL) != (s.deal >= 0):
        raise ValueError("'deal' names a seat exactly while the starting events are dealt.")
    if (phase in OTHERS_DECIDE) != (s.decider >= 0):
        raise ValueError("'decider' names a seat exactly in a window where others decide.")
    if phase not in OTHERS_DECIDE and s.queue:
        raise ValueError("Only a window where others decide has a queue.")
    if (phase == CARRY_WINDOW) != (s.carry[0] >= 0):
        raise ValueError("Gems are on the road exactly during a carry (AB-6.3).")
    if (phase == OVER) != (s.ended is not None):
        raise ValueError("'ended' is set exactly when the game is over (AB-12.4).")
    if phase in CHANCE_PHASES and not s.legal_tuple():
        raise ValueError("A chance node with nothing left to draw.")
    if phase == DANGER and (not s.lineup or KIND[s.lineup[-1]] not in DANGERS):
        raise ValueError("A danger decision needs a Chants, Bandits or Hold-up last in line-up.")
    if phase == ORACLE_CHOICE and s.active not in s.top_known:
        raise ValueError("Deciding after the Oracle needs a known top card (AB-4.2).")
    if phase != OVER and phase not in CHANCE_PHASES and not s.legal_tuple():
        raise ValueError("Nobody could move in this position.")


_IN_A_TURN = frozenset(PHASES.index(name) for name in
                       ("response", "actions", "carry", "trade", "upgrade"))
"""The phases after the response window opens, while the turn lasts (AB-6.7's flag)."""


# ----- what a seat may see ------------------------------------------------------------------
def observation(s: Ambar2018State, player: int | None = None) -> Ambar2018Observation:
    """What ``player`` sees (None: a spectator): event hands only as counts except one's own,
    the deck only as the counts anyone could work out, its top card only to who looked."""
    n = len(s.names)
    if player is not None and not (isinstance(player, int) and not isinstance(player, bool)
                                   and 0 <= player < n):
        raise ValueError(f"There is no player {player!r} in this game.")
    view = s.snapshot()
    for p, seat in enumerate(view["seats"]):
        if p != player:
            seat["event_hand"] = sum(s.event_hand[p])
    view["event_deck"] = sum(s.event_deck)
    view["event_discard"] = sum(s.event_discard)
    if player not in s.top_known:
        view["top"] = None
    view["viewer"] = player
    view["placeholder_values"] = MESSAGES["en"]["placeholder_note"]
    view["black_cards"] = s.black_count()
    view["legal_actions"] = (
        [str(a) for a in s.legal_tuple()] if player is not None and s.current_player() == player
        else []
    )
    return cast(Ambar2018Observation, view)


def richest_seat(gold: list[int], first: int = 0) -> int:
    """The seat with the most gold; a tie goes to the first in turn order counted from
    ``first`` (AB-10.3)."""
    in_turn_order = gold[first:] + gold[:first]  # slices, not a generator: once a turn
    return (first + in_turn_order.index(max(gold))) % len(gold)

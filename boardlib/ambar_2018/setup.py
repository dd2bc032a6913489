"""Ambar (2018) set-up (AB-2), saving and loading positions, checking that one is possible."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardlib.ambar_2018.data import (
    ALCHEMY,
    ASIDE,
    BLACK,
    CAPACITY,
    CHANCE_PHASES,
    CHANTS,
    CODES,
    COLOURS,
    COMPONENT_TOTALS,
    DEAL,
    EVENTS,
    KIND,
    LINEUP,
    MAX_LINEUP,
    NCARDS,
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
    TRAVELLER,
    VILLAGE,
)
from boardlib.ambar_2018.messages import MESSAGES
from boardlib.fields import player_count

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.ambar_2018.state import Ambar2018State

PILES = ("deck", "aside", "discard", "box")


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, "Ambar (2018)", "AB-1.2")


def _counts(values: list[int], names: Sequence[str]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(values) if n}


_PLACE_NAMES = {PLACE: "place", LINEUP: "line-up", ASIDE: "aside"}


def _where(value: int, seat_ok: bool = True) -> str | int:
    """A serpent's or demon's place in a snapshot: the name of a place, or a seat number."""
    return _PLACE_NAMES.get(value, value)


def snapshot(state: Ambar2018State) -> dict[str, Any]:
    """The whole position as JSON-safe data (hidden cards included: this is a save)."""
    return {
        "players": len(state.names),
        "names": list(state.names),
        "round": state.round,
        "phase": PHASES[state.phase],
        "active": state.active,
        "decider": state.decider if state.phase in OTHERS_DECIDE else None,
        "queue": list(state.queue),
        **{pile: _counts(getattr(state, pile), CODES) for pile in PILES},
        "top": CODES[state.top] if state.top >= 0 else None,
        "top_known": list(state.top_known),
        "lineup": [CODES[c] for c in state.lineup],
        "used": [k for k, u in enumerate(state.used) if u],
        "turned": CODES[state.turned] if state.turned >= 0 else None,
        "drawn": state.drawn,
        "fled": state.fled,
        "chants_check": state.chants_check,
        "actions": state.actions,
        "recover_later": state.recover_later,
        "seats": [
            {
                "gold": state.gold[p], "soldiers": state.soldiers[p], "markers": state.markers[p],
                "alchemy": CODES[state.alchemy[p]], "traveller": CODES[state.traveller[p]],
                "village": CODES[state.village[p]],
                "alchemy_gems": _counts(state.alchemy_gems[p], COLOURS),
                "village_gems": _counts(state.village_gems[p], COLOURS),
                "events": _counts(state.hands[p], EVENTS),
            }
            for p in range(len(state.names))
        ],
        "supply": {"markers": state.marker_supply, "soldiers": state.soldier_supply,
                   "bank": state.bank},
        "hoard": _counts(state.hoard, COLOURS),
        "loot": _counts(state.loot, COLOURS),
        "loot_gold": state.loot_gold,
        "sold": _counts(state.sold, COLOURS),
        "treasure": _counts(state.treasure, COLOURS),
        "treasure_gold": state.treasure_gold,
        "carry": ({"colour": COLOURS[state.carry[0]], "count": state.carry[1]}
                  if state.carry[0] >= 0 else None),
        "event_deck": _counts(state.event_deck, EVENTS),
        "event_discard": _counts(state.event_discard, EVENTS),
        "serpent": _where(state.serpent),
        "serpent_next": state.serpent_next if state.serpent_next >= 0 else None,
        "demon": _where(state.demon),
        "demon_out": state.demon_out,
        "deal": state.deal_seat if state.deal_seat >= 0 else None,
        "ended": state.ended,
    }


def _chants_extra_card(s: Ambar2018State) -> bool:
    """AB-4.3: after a 7th-card Chants, a black extra card joins the line-up as the third black
    card and the player flees, so that line-up alone holds 8 cards."""
    lineup = s.lineup
    return (len(lineup) == MAX_LINEUP + 1 and s.fled and KIND[lineup[MAX_LINEUP - 1]] == CHANTS
            and BLACK[lineup[MAX_LINEUP]])


def validate(s: Ambar2018State) -> None:
    """Raise ValueError, naming the rule, if ``s`` could not arise in a game of Ambar (2018)."""
    n = len(s.names)
    counts = s.inventory()
    for key, total in COMPONENT_TOTALS.items():
        if counts[key] != total:
            raise ValueError(
                f"The position has {counts[key]} {key}; the game has {total} (AB-1.1).")
    vectors = [s.deck, s.aside, s.discard, s.box, s.hoard, s.loot, s.sold, s.treasure, s.event_deck,
               s.event_discard, *s.alchemy_gems, *s.village_gems, *s.hands]
    if any(v < 0 for vec in vectors for v in vec):
        raise ValueError("A pile, hand or card holds a negative number of things.")
    if s.deck[START_FOREST] or s.discard[START_FOREST] or s.aside[START_FOREST]:
        raise ValueError("Starting forests never leave the players' areas (AB-2.1).")
    if any(m > SITES for m in s.markers):
        raise ValueError(f"A forest has only {SITES} sites for amber markers (AB-8.2).")
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
    phase = s.phase
    if s.current_player() != s.whose_turn() or s.left != sum(s.deck):
        raise ValueError("The cached player to move is out of date.")
    if (phase == DEAL) != (s.deal_seat >= 0):
        raise ValueError("'deal' names a seat exactly while the starting events are dealt.")
    if (phase in OTHERS_DECIDE) != (s.decider >= 0):
        raise ValueError("'decider' names a seat exactly in a window where others decide.")
    if phase not in OTHERS_DECIDE and s.queue:
        raise ValueError("Only a window where others decide has a queue.")
    if (phase == PHASES.index("carry")) != (s.carry[0] >= 0):
        raise ValueError("Gems are on the road exactly during a carry (AB-6.3).")
    if (phase == OVER) != (s.ended is not None):
        raise ValueError("'ended' is set exactly when the game is over (AB-12.4).")
    if phase in CHANCE_PHASES and not s.legal_tuple():
        raise ValueError("A chance node with nothing left to draw.")
    if phase == PHASES.index("danger") and (not s.lineup or KIND[s.lineup[-1]] not in (5, 7, 8)):
        raise ValueError("A danger decision needs a Chants, Bandits or Hold-up last in line-up.")
    if phase == PHASES.index("oracle") and s.active not in s.top_known:
        raise ValueError("Deciding after the Oracle needs a known top card (AB-4.2).")
    if phase != OVER and phase not in CHANCE_PHASES and not s.legal_tuple():
        raise ValueError("Nobody could move in this position.")
    for p in range(n):
        kinds = (KIND[s.alchemy[p]], KIND[s.traveller[p]], KIND[s.village[p]])
        if kinds != (ALCHEMY, TRAVELLER, VILLAGE):
            raise ValueError(f"{s.names[p]}'s cards are not an alchemy, traveller and village.")
        if sum(s.village_gems[p]) > _capacity(s.village[p]):
            raise ValueError(f"{s.names[p]}'s village holds more gems than it allows (AB-6.4).")


_IN_A_TURN = frozenset(PHASES.index(name) for name in
                       ("response", "actions", "carry", "trade", "upgrade"))
"""The phases after the response window opens, while the turn lasts (AB-6.7's flag)."""


def _capacity(card: int) -> int:
    return CAPACITY[card]


# ----- what a seat may see ------------------------------------------------------------------
def observation(s: Ambar2018State, player: int | None = None) -> dict[str, Any]:
    """What ``player`` sees (None: a spectator): event hands only as counts except one's own,
    the deck only as the counts anyone could work out, its top card only to who looked."""
    n = len(s.names)
    if player is not None and not (isinstance(player, int) and not isinstance(player, bool)
                                   and 0 <= player < n):
        raise ValueError(f"There is no player {player!r} in this game.")
    view = snapshot(s)
    for p, seat in enumerate(view["seats"]):
        if p != player:
            seat["events"] = sum(s.hands[p])
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
    return view


# ----- small readers --------------------------------------------------------------------------
def _choice(value: Any, options: Sequence[Any], field: str) -> Any:
    if isinstance(value, bool) or value not in options:
        raise ValueError(f"'{field}' must be one of {', '.join(map(str, options))}, not {value!r}.")
    return value


def _seat(value: Any, count: int, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise ValueError(f"'{field}' must be a seat 0..{count - 1}, not {value!r}.")
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"'{field}' must be a list.")
    return value


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"'{field}' must be a whole number ≥ 0, not {value!r}.")
    return value


def _count_vector(value: Any, names: Sequence[str], field: str) -> list[int]:
    if not isinstance(value, dict) or any(k not in names for k in value):
        raise ValueError(f"'{field}' must map names among {', '.join(names)} to counts.")
    return [_whole(value.get(k, 0), field) for k in names]


def _code(value: Any, field: str) -> int:
    if value not in CODES[:NCARDS] or value == "SF":
        raise ValueError(f"'{field}': {value!r} is not a journey card code.")
    return CODES.index(value)


def _lineup_code(value: Any) -> int:
    if value not in CODES or value == "SF":
        raise ValueError(f"'lineup': {value!r} is not a card code.")
    return CODES.index(value)


def _kind_code(value: Any, kind: int, field: str) -> int:
    if value not in CODES[:NCARDS] or KIND[CODES.index(value)] != kind:
        raise ValueError(f"'{field}' must be a card code of that kind, not {value!r}.")
    return CODES.index(value)


def _location(value: Any, count: int, places: tuple[str, ...], field: str) -> int:
    names = {"place": PLACE, "line-up": LINEUP, "aside": ASIDE}
    if isinstance(value, str) and value in places:
        return names[value]
    return _seat(value, count, field)


__all__ = ["START_ALCHEMY", "START_TRAVELLER", "START_VILLAGE", "check_players", "observation",
           "richest_seat", "snapshot", "validate"]


def richest_seat(gold: list[int], first: int = 0) -> int:
    """The seat with the most gold; a tie goes to the first in turn order counted from
    ``first`` (AB-10.3)."""
    most = max(gold)
    n = len(gold)
    return next(seat % n for seat in range(first, first + n) if gold[seat % n] == most)

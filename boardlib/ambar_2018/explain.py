"""Why a well-formed Ambar (2018) move is not allowed now, in a player's words, with its clause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlib.ambar_2018.data import (
    ACTIONS,
    AMBER,
    CARRY_WINDOW,
    CHANCE_PHASES,
    CHANTS,
    CHEATING_ALCHEMY,
    CHOICE,
    CODES,
    COMPANY,
    DANGER,
    DISTRACTIONS,
    EVENT_SOLDIERS,
    EVENT_WHEN,
    EVENTS,
    FAILED_ALCHEMY,
    FOG,
    FOREST_CLEARINGS,
    FOX,
    JOURNEY,
    KIND,
    LAKESIDE_DISCOVERY,
    MAX_LINEUP,
    ORACLE_CHOICE,
    RAID,
    RESPONSE,
    TRADE,
    TRADING,
    UPGRADES,
)
from boardlib.protocol import Action, IllegalAction, illegal

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.ambar_2018.state import Ambar2018State

GAME = "ambar_2018"

_HOME = {  # the phase each kind of move belongs to, and its clause
    "draw": (JOURNEY, "AB-4.1"), "stop": (JOURNEY, "AB-4.1"), "fight": (DANGER, "AB-4.7"),
    "pay": (DANGER, "AB-4.4"), "reveal": (ORACLE_CHOICE, "AB-4.2"), "continue": (CHOICE, "AB-12.2"),
    "new_round": (CHOICE, "AB-12.2"), "make": (ACTIONS, "AB-6.2"), "carry": (ACTIONS, "AB-6.3"),
    "recover": (ACTIONS, "AB-6.7"), "end": (ACTIONS, "AB-6.1"), "discard": (ACTIONS, "AB-6.5"),
    "sell": (TRADING, "AB-7.1"), "buy": (UPGRADES, "AB-8.3"), "forest": (UPGRADES, "AB-8.2"),
    "soldier": (UPGRADES, "AB-8.6"), "pass": (RESPONSE, "AB-11.2"), "play": (ACTIONS, "AB-11.2"),
}


def explain(s: Ambar2018State, action: Action) -> IllegalAction:
    """An IllegalAction for a move that is well-formed but not legal in ``s``."""
    kind = action.kind
    phase = s.phase
    if kind in ("card", "peek", "event"):
        if phase in CHANCE_PHASES:
            return _rule(s, "not_left_to_draw", "AB-2.4", action=str(action))
        return _illegal(s, "wrong_phase", "nothing_drawn", "AB-4.1")
    if phase in CHANCE_PHASES:
        if kind == "stop" and not s.drawn:
            return _rule(s, "stop_too_soon", "AB-9.1")
        return _illegal(s, "wrong_phase", "wait_draw", None)
    if kind == "play":
        return _why_not_event(s, action)
    home, rule = _HOME[kind]
    if kind == "pass" and phase in (RESPONSE, CARRY_WINDOW, TRADING, UPGRADES):
        home = phase
    if kind == "sell" and phase == ACTIONS:
        home, rule = ACTIONS, "AB-6.6"
    if phase != home and not (kind == "discard" and phase == ACTIONS):
        return _illegal(s, "wrong_phase", "not_now", rule, phase_now=phase)
    p = s.current_player()
    if kind == "draw":
        if len(s.lineup) >= MAX_LINEUP:
            return _rule(s, "week_over", "AB-4.1")
        return _rule(s, "deck_empty", "AB-12.1")
    if kind == "stop":
        return _rule(s, "stop_too_soon", "AB-9.1")
    if kind in ("fight", "pay"):
        card = s.lineup[-1]
        if kind == "pay" and KIND[card] == CHANTS:
            return _rule(s, "chants_no_pay", "AB-4.3")
        if kind == "fight" and KIND[card] == CHANTS and len(s.lineup) >= MAX_LINEUP:
            return _rule(s, "chants_seventh", "AB-4.3")
        if kind == "fight":
            need = 2 if KIND[card] == RAID else 1
            return _rule(s, "fight_soldiers" if need > 1 else "fight_soldier", "AB-4.7",
                         foe=CODES[card], need=need, soldiers=s.soldiers[p])
        return _rule(s, "nothing_to_pay", "AB-4.6")
    if kind in ("make", "carry", "recover", "sell") and phase == ACTIONS and s.actions <= 0:
        return _rule(s, "no_actions_left", "AB-6.1")
    if kind in ("make", "carry", "sell", "end") and phase == ACTIONS \
            and not s.markers[s.active] and s.marker_supply and not s.recover_later:
        return _rule(s, "must_recover", "AB-6.7")
    if kind == "make":
        return _rule(s, "cannot_make", "AB-6.2", make=action[5:])
    if kind == "carry":
        colour, count = action.args
        return _rule(s, "cannot_carry", "AB-6.3", count=count, gem_colour=colour)
    if kind == "recover":
        if s.recover_later and not s.markers[s.active]:
            return _rule(s, "recover_next_turn", "AB-6.7")
        return _rule(s, "marker_on_forest", "AB-6.7")
    if kind == "discard":
        return _rule(s, "no_such_event", "AB-6.5")
    if kind == "sell":
        return _why_not_sale(s, action.args[0], "AB-6.6" if phase == ACTIONS else "AB-7.1")
    if kind == "buy":
        return _rule(s, "cannot_buy", "AB-8.3")
    if kind in ("forest", "soldier"):
        if p != s.active:
            return _rule(s, "outside_turn_buy", "AB-8.4")
        clause = "AB-8.2" if kind == "forest" else "AB-8.6"
        return _rule(s, "cannot_pay_or_none", clause)
    return _rule(s, "not_allowed_now", rule, phase_now=phase)


def _why_not_sale(s: Ambar2018State, k: int, clause: str) -> IllegalAction:
    """Why line-up card ``k`` buys no gems: the card itself first (a traveller clicked in the
    actions is no trade card), then the trader already used, then what a sale needs."""
    if k >= len(s.lineup):
        return _rule(s, "no_card_there", clause, slot=k + 1)
    card = s.lineup[k]
    if KIND[card] != TRADE:
        return _rule(s, "not_trade_card", clause, slot=k + 1, card=CODES[card])
    if s.used[k]:
        return _rule(s, "trader_bought", "AB-7.2")
    if not any(s.village_gems[s.current_player()]):
        return _rule(s, "no_gems_to_sell", clause)
    return _rule(s, "sale_needs", clause)


def _why_not_event(s: Ambar2018State, action: Action) -> IllegalAction:
    e, target = action.args
    event = EVENTS[e]
    p = s.current_player()
    when = EVENT_WHEN[e]
    if not s.event_hand[p][e]:
        return _rule(s, "no_event_card", "AB-11.1", event=event)
    if s.soldiers[p] < EVENT_SOLDIERS[e]:
        return _rule(s, "event_soldiers", "AB-11.4", event=event, need=EVENT_SOLDIERS[e])
    if when == "travel" and s.phase != CARRY_WINDOW:
        return _illegal(s, "wrong_phase", "event_on_traveller", "AB-11.2", event=event)
    if when == "own" and (s.phase != ACTIONS):
        return _illegal(s, "wrong_phase", "event_own_turn", "AB-11.2", event=event)
    if when == "any" and s.phase not in (ACTIONS, RESPONSE):
        return _illegal(s, "wrong_phase", "event_when_any", "AB-11.2", event=event)
    if target == p:
        return _rule(s, "event_on_other", "AB-11.2", event=event)
    if target >= len(s.names):
        return _rule(s, "no_player", "AB-11.2", number=target + 1)
    return _rule(s, "event_no_effect", _EVENT_CLAUSE[e], event=event)


_EVENT_CLAUSE = {FOREST_CLEARINGS: "AB-11.5", AMBER: "AB-11.6", FAILED_ALCHEMY: "AB-11.7",
                 CHEATING_ALCHEMY: "AB-11.8", LAKESIDE_DISCOVERY: "AB-11.9",
                 DISTRACTIONS: "AB-11.10", FOG: "AB-11.11", COMPANY: "AB-11.12", FOX: "AB-11.13"}
"""The clause that says what each event card does."""


def _illegal(s: Ambar2018State, kind: str, key: str, clause: str | None,
             **fields: object) -> IllegalAction:
    """A refusal from the catalog (MESSAGES[lang]["illegal." + key]), tellable in any language."""
    return illegal(kind, "illegal." + key, clause, game=GAME, names=s.names, **fields)


def _rule(s: Ambar2018State, key: str, clause: str, **fields: object) -> IllegalAction:
    return _illegal(s, "rule", key, clause, **fields)

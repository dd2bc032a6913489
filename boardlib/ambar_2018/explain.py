"""Why a well-formed Ambar (2018) move is not allowed now, in a player's words, with its clause."""

from __future__ import annotations

from boardlib.ambar_2018.state import (
    ACTIONS,
    CARRY_WINDOW,
    CHANCE_PHASES,
    CHANTS,
    CHOICE,
    CODES,
    COLOUR_NAMES,
    DANGER,
    EVENT_NAMES,
    EVENT_SOLDIERS,
    EVENT_WHEN,
    JOURNEY,
    KIND,
    MAX_LINEUP,
    ORACLE_CHOICE,
    RAID,
    RESPONSE,
    TRADE,
    TRADING,
    UPGRADES,
    Ambar2018State,
)
from boardlib.protocol import Action, IllegalAction

_PHASE_WORDS = {
    CHOICE: "choose whether to play on with the last cards or start round 2",
    JOURNEY: "draw a card or end the journey",
    DANGER: "answer the danger just drawn",
    ORACLE_CHOICE: "reveal the card the Oracle showed or end the journey",
    ACTIONS: "use actions",
    RESPONSE: "play an event on someone or pass",
    CARRY_WINDOW: "answer the traveller on the road (an event or pass)",
    TRADING: "sell on a trade card or pass",
    UPGRADES: "buy an upgrade or pass",
}

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
            return IllegalAction("rule", f"That card cannot come up now: {action} is not among "
                                 "the cards left to draw.", "AB-2.4")
        return IllegalAction("wrong_phase", "Nothing is being drawn now: cards come up only "
                             "when a player draws.", "AB-4.1")
    if phase in CHANCE_PHASES:
        if kind == "stop" and not s.drawn:
            return IllegalAction("rule", "You must take at least one card from the deck before "
                                 "ending your journey.", "AB-9.1")
        return IllegalAction("wrong_phase", "Wait: a card is being drawn first.")
    if kind == "play":
        return _why_not_event(s, action)
    home, rule = _HOME[kind]
    if kind == "pass" and phase in (RESPONSE, CARRY_WINDOW, TRADING, UPGRADES):
        home = phase
    if kind == "sell" and phase == ACTIONS:
        home, rule = ACTIONS, "AB-6.6"
    if phase != home and not (kind == "discard" and phase == ACTIONS):
        return IllegalAction("wrong_phase", f"Not now: it is time to {_PHASE_WORDS[phase]}.", rule)
    p = s.current_player()
    if kind == "draw":
        if len(s.lineup) >= MAX_LINEUP:
            return IllegalAction("rule", "A journey lasts at most one week (7 cards).", "AB-4.1")
        return IllegalAction("rule", "The journey deck is empty.", "AB-12.1")
    if kind == "stop":
        return IllegalAction("rule", "You must take at least one card from the deck before "
                             "ending your journey.", "AB-9.1")
    if kind in ("fight", "pay"):
        card = s.lineup[-1]
        if kind == "pay" and KIND[card] == CHANTS:
            return IllegalAction("rule", "Chants cannot be paid off: draw another card or send a "
                                 "soldier.", "AB-4.3")
        if kind == "fight":
            need = 2 if KIND[card] == RAID else 1
            return IllegalAction("rule", f"Fighting {CODES[card]} takes {need} soldier"
                                 f"{'s' if need > 1 else ''}; you have {s.soldiers[p]}.", "AB-4.7")
        return IllegalAction("rule", "You have nothing to pay with.", "AB-4.6")
    if kind in ("make", "carry", "recover", "sell") and phase == ACTIONS and s.actions <= 0:
        return IllegalAction("rule", "You have no actions left: discard an event card for one "
                             "more.", "AB-6.1")
    if kind == "make":
        return IllegalAction("rule", f"Your alchemy card cannot make {action[5:]} now: it makes "
                             "what its table shows for your amber markers, from the gems left in "
                             "the hoard.", "AB-6.2")
    if kind == "carry":
        colour, count = action.args
        name = COLOUR_NAMES["en"][colour]
        return IllegalAction("rule", f"You cannot carry {count} {name} gem(s): your "
                             "traveller, the gems on your alchemy card and your village's room "
                             "and colours limit what one action moves.", "AB-6.3")
    if kind == "recover":
        return IllegalAction("rule", "Your starting amber marker is still on your forest.",
                             "AB-6.7")
    if kind == "discard":
        return IllegalAction("rule", "You hold no such event card.", "AB-6.5")
    if kind == "sell":
        if phase == ACTIONS:
            return IllegalAction("rule", "A sale during the actions needs two unused trade cards "
                                 "in the line-up and gems in your village.", "AB-6.6")
        k = action.args[0]
        if k < len(s.lineup) and KIND[s.lineup[k]] == TRADE:
            return IllegalAction("rule", "That trader has already bought gems this turn.",
                                 "AB-7.2")
        return IllegalAction("rule", f"Line-up card {k + 1} is not a trade card.", "AB-7.1")
    if kind == "buy":
        return IllegalAction("rule", "You can only buy a better alchemy, traveller or village "
                             "card from the line-up that you can pay for (1 gold more outside "
                             "your turn).", "AB-8.3")
    if kind in ("forest", "soldier"):
        if p != s.active:
            return IllegalAction("rule", "Outside your turn you may only buy line-up cards.",
                                 "AB-8.4")
        clause = "AB-8.2" if kind == "forest" else "AB-8.6"
        return IllegalAction("rule", "You cannot pay for that, or none are left.", clause)
    return IllegalAction("rule", f"Not allowed now: it is time to {_PHASE_WORDS[phase]}.", rule)


def _why_not_event(s: Ambar2018State, action: Action) -> IllegalAction:
    e, target = action.args
    name = EVENT_NAMES[e]
    p = s.current_player()
    when = EVENT_WHEN[e]
    if not s.hands[p][e]:
        return IllegalAction("rule", f"You hold no {name} card.", "AB-11.1")
    if s.soldiers[p] < EVENT_SOLDIERS[e]:
        return IllegalAction("rule", f"{name} needs {EVENT_SOLDIERS[e]} soldier(s).", "AB-11.4")
    if when == "travel" and s.phase != CARRY_WINDOW:
        return IllegalAction("wrong_phase", f"{name} is played on a player performing the "
                             "traveller action.", "AB-11.2")
    if when == "own" and (s.phase != ACTIONS):
        return IllegalAction("wrong_phase", f"{name} is played during your own turn.", "AB-11.2")
    if when == "any" and s.phase not in (ACTIONS, RESPONSE):
        return IllegalAction("wrong_phase", f"{name} can be played in your action phase or when "
                             "others may answer a journey.", "AB-11.2")
    if target == p:
        return IllegalAction("rule", f"{name} is played on another player.", "AB-11.2")
    if target >= len(s.names):
        return IllegalAction("rule", f"There is no player {target + 1}.", "AB-11.2")
    clause = {0: "AB-11.5", 1: "AB-11.6", 2: "AB-11.7", 3: "AB-11.8", 4: "AB-11.9",
              5: "AB-11.10", 6: "AB-11.11", 7: "AB-11.12", 8: "AB-11.13"}[e]
    return IllegalAction("rule", f"{name} would have no effect now.", clause)


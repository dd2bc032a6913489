"""The journey's odds, exactly: the next card, the third black card, and when to stop.

A journey (AB-4) is an optimal-stopping problem: each card drawn is one more action, but a
third black card leaves one action only (AB-4.8). Nobody knows the deck's order, only what is
left in it (AB-2.4), so every chance here is a count over the cards left, as the engine's own
chance node has it. The cards matter to the journey only by four classes: cream cards, Chants
(an unfought one forces the next draw, AB-4.3), Oracles (a look at the next card, AB-4.2) and
the other dangers (bandits and hold-ups, paid or fought, AB-4.4–4.5).

``value`` is what a journey ends with, in actions: the days (or 1 after fleeing), plus what the
5th, 6th and 7th days bring (AB-5), each weighed by ``Worth`` — an event card is worth one
action (it can be discarded for one, AB-6.5), and the Serpent and a soldier are worth what the
student says (0 by default). Gems and gold paid to bandits are not counted. Everything reads
``seen`` (``state.observation(viewer)``) alone, so no hidden card can move a number.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from boardlib.ambar_2018.data import (
    BANDIT,
    CHANTS,
    CODES,
    KIND,
    MAX_BLACK,
    MAX_LINEUP,
    NCARDS,
    ORACLE,
    RAID,
)
from boardlib.ambar_2018.state import new_game

CREAM, CHANT, ORAC, DANGER = range(4)
CLASSES = ("cream", "chants", "oracle", "danger")
Deck = tuple[int, int, int, int]
"""Cards left by class: (cream, Chants, Oracles, other dangers)."""

ZERO = Fraction(0)


@dataclass(frozen=True)
class Worth:
    """What a journey's rewards are worth, in actions (AB-5): an event card can be discarded
    for one action (AB-6.5); the Serpent (a black card to start the next journey with) and a
    soldier have no price in the rulebook, so the student sets them."""

    event: Fraction = Fraction(1)
    soldier: Fraction = ZERO
    serpent: Fraction = ZERO
    events_left: bool = True  # an event card is there to draw (AB-11.3)
    soldiers_left: bool = True  # a soldier is left in the supply (AB-5.3)


def card_class(code: str) -> int:
    """The class of a journey card by its code ("TA" → CREAM, "CH" → CHANT …)."""
    kind = KIND[CODES.index(code)]
    if kind == CHANTS:
        return CHANT
    if kind == ORACLE:
        return ORAC
    if kind in (BANDIT, RAID):
        return DANGER
    return CREAM


def deck_of(counts: Mapping[str, int]) -> Deck:
    """The deck's cards by class, from the counts an observation shows."""
    split = [0, 0, 0, 0]
    for code, n in counts.items():
        if CODES.index(code) < NCARDS:
            split[card_class(code)] += n
    return split[0], split[1], split[2], split[3]


def _less(deck: Deck, cls: int) -> Deck:
    out = list(deck)
    out[cls] -= 1
    return out[0], out[1], out[2], out[3]


def next_black(deck: Deck) -> Fraction:
    """The chance that the next card is black: black cards left over cards left."""
    total = sum(deck)
    return Fraction(total - deck[CREAM], total) if total else ZERO


def stop_value(days: int, worth: Worth) -> Fraction:
    """What ending the journey now is worth: a day an action, and the rewards (AB-5)."""
    value = Fraction(days)
    if days >= 5:
        value += worth.serpent
    if days >= 6 and worth.events_left:
        value += worth.event
    if days >= MAX_LINEUP and worth.soldiers_left:
        value += worth.soldier
    return value


@lru_cache(maxsize=200_000)
def decide(days: int, blacks: int, deck: Deck, worth: Worth) -> Fraction:
    """The journey's expected value when the player may stop or draw, playing best after."""
    stop = stop_value(days, worth)
    if days >= MAX_LINEUP or not sum(deck):
        return stop  # the week is over, or the deck (AB-4.1)
    return max(stop, draw(days, blacks, deck, worth))


def draw(days: int, blacks: int, deck: Deck, worth: Worth) -> Fraction:
    """The expected value of drawing one more card and playing best after."""
    total = sum(deck)
    return sum((Fraction(n, total) * take(days, blacks, _less(deck, cls), cls, worth)
                for cls, n in enumerate(deck) if n), ZERO)


@lru_cache(maxsize=200_000)
def take(days: int, blacks: int, rest: Deck, cls: int, worth: Worth) -> Fraction:
    """The expected value once a card of class ``cls`` joins the line-up (``rest`` is left)."""
    days += 1
    if cls == CREAM:
        return decide(days, blacks, rest, worth)
    blacks += 1
    if blacks >= MAX_BLACK:
        return Fraction(1)  # the player flees: one action, no rewards (AB-4.8, AB-5.4)
    if not sum(rest):
        return stop_value(days, worth)  # the deck is out: the journey is over (AB-4.1)
    if cls == ORAC:
        if days >= MAX_LINEUP:
            return stop_value(days, worth)  # a 7th-card Oracle shows nothing (AB-4.2)
        return peek(days, blacks, rest, worth)
    if cls == CHANT:
        if days < MAX_LINEUP:
            return draw(days, blacks, rest, worth)  # an unfought Chants: draw on (AB-4.3)
        if blacks < MAX_BLACK - 1:
            return stop_value(days, worth)  # a 7th card, the first black one
        flee = next_black(rest)  # the extra card: black flees, any other is discarded
        return flee + (1 - flee) * stop_value(days, worth)
    return decide(days, blacks, rest, worth)  # a danger paid


def peek(days: int, blacks: int, deck: Deck, worth: Worth) -> Fraction:
    """After an Oracle: look at the next card, then reveal it or stop (AB-4.2), whichever
    is worth more for the card seen."""
    total = sum(deck)
    stop = stop_value(days, worth)
    return sum((Fraction(n, total) * max(stop, take(days, blacks, _less(deck, cls), cls, worth))
                for cls, n in enumerate(deck) if n), ZERO)


@dataclass(frozen=True)
class Choice:
    """One move of the decision at hand, with its exact numbers."""

    move: str
    black: Fraction  # the next card is black
    flee: Fraction  # the next card is the third black
    value: Fraction  # the journey's expected actions (rewards weighed by Worth)


def worth_for(seen: Mapping[str, Any], worth: Worth | None = None) -> Worth:
    """``worth`` with what the table shows: is an event card or a soldier left to take?"""
    base = worth or Worth()
    events = seen["event_deck"] + seen["event_discard"]
    return Worth(base.event, base.soldier, base.serpent, events_left=events > 0,
                 soldiers_left=seen["supply"]["soldier_supply"] > 0)


def position(seen: Mapping[str, Any]) -> tuple[int, int, Deck]:
    """The journey as the viewer sees it: days in the line-up, black cards, the deck."""
    return len(seen["lineup"]), seen["black_cards"], deck_of(seen["deck"])


def choices(seen: Mapping[str, Any], worth: Worth | None = None) -> list[Choice]:
    """The journey moves open to the viewer now, each with its exact numbers; [] when the
    decision is not about the journey. The top card counts as known only to a viewer who
    looked at it (AB-4.2)."""
    legal = set(seen["legal_actions"])
    if not legal & {"draw", "stop", "reveal", "fight", "pay"}:
        return []
    worth = worth_for(seen, worth)
    days, blacks, deck = position(seen)
    known = card_class(seen["top"]) if seen.get("top") else None
    found: list[Choice] = []
    if "draw" in legal or "reveal" in legal:
        if known is not None:
            black = Fraction(known != CREAM)
            value = take(days, blacks, _less(deck, known), known, worth)
        else:
            black = next_black(deck)
            value = draw(days, blacks, deck, worth)
        found.append(Choice("reveal" if "reveal" in legal else "draw", black,
                            black if blacks >= MAX_BLACK - 1 else ZERO, value))
    last = KIND[CODES.index(seen["lineup"][-1])] if seen["lineup"] else -1
    if "fight" in legal:  # a fought Chants stays (AB-4.3); bandits and hold-ups go (AB-4.7)
        fought = (decide(days, blacks, deck, worth) if last == CHANTS
                  else decide(days - 1, blacks - 1, deck, worth))
        cost = 2 if last == RAID else 1  # AB-4.5
        found.append(Choice("fight", ZERO, ZERO, fought - cost * worth.soldier))
    if "pay" in legal:
        found.append(Choice("pay", ZERO, ZERO, decide(days, blacks, deck, worth)))
    if "stop" in legal:  # in a danger: turned over, so the card counts for nothing (AB-4.6)
        counted = days - 1 if seen["phase"] == "danger" else days
        found.append(Choice("stop", ZERO, ZERO, stop_value(counted, worth)))
    return found


def stopping_rule(deck: Deck, worth: Worth | None = None) -> dict[tuple[int, int], str]:
    """The best move at each (days, black cards) with this deck left: "draw" where drawing
    once more and playing best after is worth more than stopping, else "stop"."""
    worth = worth or Worth()
    rule = {}
    for days in range(1, MAX_LINEUP):
        for blacks in range(min(days, MAX_BLACK - 1) + 1):
            better = draw(days, blacks, deck, worth) > stop_value(days, worth)
            rule[days, blacks] = "draw" if sum(deck) and better else "stop"
    return rule


def simulate(state: Any, first: str, n: int, rng: random.Random,
             worth: Worth | None = None) -> tuple[float, float, float, float]:
    """Play ``first`` and then the exact best rule ``n`` times through the engine (Chants
    drawn on, dangers paid): how often the next card was black, was the third black, the
    average value the journeys ended with, and that average's standard error — to set
    beside ``choices``."""
    blacks_seen = fled_first = 0
    total = squares = 0.0
    base = worth_for(state.observation(state.active), worth)
    for _ in range(n):
        trial = state.clone()
        before = trial.black_count()
        trial.apply_action(first)
        while trial.is_chance_node() and trial.phase == 3:  # the card drawn
            trial.apply_action(trial.sample_chance(rng))
        if trial.black_count() > before or trial.fled:
            blacks_seen += 1
        fled_first += trial.fled
        value = _play_out(trial, rng, base)
        total += value
        squares += value * value
    mean = total / n
    spread = max(squares / n - mean * mean, 0.0) ** 0.5
    return blacks_seen / n, fled_first / n, mean, spread / n ** 0.5


def _play_out(trial: Any, rng: random.Random, worth: Worth) -> float:
    """The rest of the journey by the exact best rule; its value as the engine tells it."""
    journey = {2, 3, 4, 5, 6}  # journey, draw, danger, peek, oracle choice
    while trial.phase in journey:
        if trial.is_chance_node():
            trial.apply_action(trial.sample_chance(rng))
            continue
        seen = trial.observation(trial.active)
        legal = seen["legal_actions"]
        if trial.phase == 4 and ("pay" in legal or "draw" in legal):
            move = "pay" if "pay" in legal else "draw"  # a danger paid, a Chants drawn on
        else:
            options = [c for c in choices(seen, worth) if c.move != "fight"]
            move = max(options, key=lambda c: (c.value, c.move == "stop")).move
        trial.apply_action(move)
    days = len(trial.lineup)
    value = float(trial.actions)
    if not trial.fled:
        value += float(stop_value(days, worth) - days)
    return value


@dataclass(frozen=True)
class BotReport:
    """How a bot's journey decisions compare with the exact rule, over many games."""

    decisions: int  # draw-or-stop decisions met
    agreed: int  # the bot made the exact rule's move
    lost: Fraction  # expected actions given away by the bot's other moves, summed
    too_soon: int  # the bot stopped where drawing was worth more
    too_late: int  # the bot drew where stopping was worth more


def compare_bot(bot: Any, games: int, players: int = 3, seed: int = 0) -> BotReport:
    """Play ``games`` seeded games with ``bot`` in every seat and judge each of its
    draw-or-stop decisions by the exact values of the two moves (from the seat's own view)."""
    rng = random.Random(seed)
    decisions = agreed = too_soon = too_late = 0
    lost = ZERO
    for _ in range(games):
        state = new_game(players=players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            move = str(bot.choose(state, rng))
            if state.phase == 2 and move in ("draw", "stop"):  # a journey decision
                values = {c.move: c.value for c in choices(state.observation(state.active))}
                if len(values) == 2:
                    decisions += 1
                    best = max(values.values())
                    if values[move] == best:
                        agreed += 1
                    else:
                        lost += best - values[move]
                        too_soon += move == "stop"
                        too_late += move == "draw"
            state.apply_action(move)
    return BotReport(decisions, agreed, lost, too_soon, too_late)

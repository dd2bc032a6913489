"""What a seat cannot see in Ambar (2018), dealt anew: the search bots' determinization hook.

Hidden from ``seat`` (see ``observation`` in setup.py): the event cards in the other players'
hands, in the event deck and in the event discard (only counts are shown), and the journey
deck's top card when an Oracle showed it to someone else. The journey deck's contents are
public (the counts anyone could work out); its order is decided at each draw by chance.
"""

from __future__ import annotations

import random

from boardlib.ambar_2018.state import Ambar2018State


def unseen_events(state: Ambar2018State, seat: int) -> list[int]:
    """The event cards ``seat`` cannot see, as a sorted list of kinds: the same list for any
    two states that look the same to ``seat``."""
    pool = [a + b for a, b in zip(state.event_deck, state.event_discard)]
    for p, hand in enumerate(state.event_hand):
        if p != seat:
            pool = [a + b for a, b in zip(pool, hand)]
    return [kind for kind, count in enumerate(pool) for _ in range(count)]


def _counts(cards: list[int], kinds: int) -> list[int]:
    counts = [0] * kinds
    for kind in cards:
        counts[kind] += 1
    return counts


def resample(state: Ambar2018State, seat: int, rng: random.Random) -> Ambar2018State:
    """A copy of ``state`` with the unseen event cards dealt anew into the others' hands, the
    event deck and the discard (each keeping its size), and an Oracle's top card that ``seat``
    did not see drawn anew from the deck; no history (it would tell the draws)."""
    cards = unseen_events(state, seat)
    rng.shuffle(cards)
    kinds = len(state.event_deck)
    s = state.detached_copy()  # the starting hands are hidden too: no history, no start
    at = 0
    for p in range(len(s.names)):
        if p != seat:
            size = sum(state.event_hand[p])
            s.event_hand[p] = _counts(cards[at:at + size], kinds)
            at += size
    size = sum(state.event_deck)
    s.event_deck = _counts(cards[at:at + size], kinds)
    s.event_discard = _counts(cards[at + size:], kinds)
    if state.top >= 0 and seat not in state.top_known:
        outcomes, weights = state.drawable  # the deck, the top card still in it
        pick = rng.randrange(sum(weights))
        for outcome, weight in zip(outcomes, weights):
            pick -= weight
            if pick < 0:
                s.top = outcome.args[0]
                break
    s.invalidate()
    return s

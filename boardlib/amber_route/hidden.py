"""What a seat cannot see in Amber Route, dealt anew: the search bots' determinization hook.

Hidden from ``seat`` (see ``AmberRouteState.observation``): the light cards in the other
players' hands and the light deck (only their counts are shown). The darkness deck is shown
only as a count too, but its contents are public by elimination (every darkness card not on
the table, discarded, boxed or kept), and its order is decided at each draw by a chance
node; so only light cards are resampled. A light card put back on top of the deck after a
look (AR-11.2) is known to the seat that put it there: for that seat it stays where it is; for
the others it is one of the cards they cannot see, and a sampled deck puts one of its own cards
on top, known to the same seat.
"""

from __future__ import annotations

import random

from boardlib.amber_route.state import AmberRouteState, light_table_of


def unseen_light_cards(state: AmberRouteState, seat: int) -> list[int]:
    """The light cards ``seat`` cannot see (others' hands and the deck), by kind, as a
    sorted list of kinds: the same list for any two states that look the same to ``seat``."""
    pool = state.light_deck[:]
    if state.light_top_seen_by == seat:  # the card seat put back on top of the deck (AR-11.2)
        pool[state.light_top] -= 1
    for p, hand in enumerate(state.hand):
        if p != seat:
            pool = [a + b for a, b in zip(pool, hand)]
    return [kind for kind, count in enumerate(pool) for _ in range(count)]


def resample(state: AmberRouteState, seat: int, rng: random.Random) -> AmberRouteState:
    """A copy of ``state`` with the others' hands and the light deck dealt anew from the cards
    ``seat`` cannot see, each hand keeping its size; no history (it would tell the draws)."""
    cards = unseen_light_cards(state, seat)
    rng.shuffle(cards)
    kinds = len(state.light_deck)
    s = state.detached_copy()  # the starting hands are hidden too: no history, no start
    at = 0
    for p in range(len(s.names)):
        if p == seat:
            continue
        size = sum(state.hand[p])
        hand = [0] * kinds
        for kind in cards[at:at + size]:
            hand[kind] += 1
        s.hand[p] = hand
        at += size
    deck = [0] * kinds
    for kind in cards[at:]:
        deck[kind] += 1
    if state.light_top >= 0:  # someone knows the top card (AR-11.2)
        if state.light_top_seen_by == seat:
            deck[state.light_top] += 1  # seat knows it: it stays
        else:
            s.light_top = cards[at]  # another seat knows it: a card of the sampled deck
    s.light_deck = deck
    s.light_table = light_table_of(deck)
    s.invalidate()
    return s

"""Ambar (2018): the rules engine (clauses in docs/rules/ambar_2018.md, cited as AB-x.y).

Representation, chosen for speed: cards are integer codes into the component table
(``CODES``), piles are count vectors (the journey deck is a multiset: its order is
unknown to everyone, so a draw is a chance node weighted by the counts left, AB-2.4),
gems are ``[yellow, blue, red]`` vectors. Event cards are codes into ``EVENTS``.
Every decision, including those of players other than the one whose turn it is
(trade, buying line-up cards, events played on someone), is a phase whose
``current_player()`` is the seat that decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from itertools import compress
from typing import Any, ClassVar

from boardlib.ambar_2018.data import (
    ACTIONS,
    ALCHEMY,
    AMBER,
    ANY_TIME,
    BANDIT,
    BANK,
    BEST,
    BLACK,
    BLUE,
    CAPACITY,
    CARRY,
    CARRY_WINDOW,
    CHANTS,
    CHEATING_ALCHEMY,
    CHOICE,
    CODES,
    COLOURS,
    COMPANY,
    COST,
    DANGER,
    DEAL,
    DEMANDS,
    DISTRACTIONS,
    DRAW,
    EVENT_COUNTS,
    EVENT_SOLDIERS,
    EVENTS,
    FAILED_ALCHEMY,
    FOG,
    FOREST,
    FOREST_CLEARINGS,
    FOX,
    GAME,
    GEM_TOTALS,
    JOURNEY,
    KIND,
    LAKESIDE_DISCOVERY,
    LINEUP,
    MARKERS,
    MAX_BLACK,
    MAX_LINEUP,
    NCARDS,
    NEVENTS,
    ON_THE_ROAD,
    ORACLE,
    ORACLE_CHOICE,
    OTHERS_DECIDE,
    OVER,
    OWN_AND_ANY,
    PEEK,
    PHASES,
    PLACE,
    PLAYER_COUNTS,
    PRICES,
    RAID,
    RANK,
    RED,
    RED_DEMON,
    RESPONSE,
    REWARD,
    ROUND1,
    ROUND2,
    SERPENT,
    SITE_PRICES,
    SITES,
    SOLDIERS,
    START,
    STARTING,
    SUPPLIES,
    TABLE,
    TARGETED,
    TRADE,
    TRADE_CARDS,
    TRADING,
    TRAVELLER,
    UPGRADES,
    VILLAGE,
    YELLOW,
)
from boardlib.ambar_2018.description import describe, parse_description
from boardlib.ambar_2018.explain import explain
from boardlib.ambar_2018.messages import MESSAGES, format_value
from boardlib.ambar_2018.observation import Ambar2018Observation
from boardlib.ambar_2018.setup import (
    SCHEMA,
    check_players,
    observation,
    richest_seat,
    starting_seat,
    validate,
)
from boardlib.fields import names_field
from boardlib.messages import default_names
from boardlib.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameState,
    IllegalAction,
    Start,
    new_event,
)
from boardlib.ranking import Result, rank_players


def _vocabulary() -> dict[str, Action]:
    words = ["draw", "stop", "fight", "pay", "reveal", "continue", "new round", "recover", "end",
             "pass", "forest", "soldier"]
    actions = [Action(w, w.replace(" ", "_")) for w in words]
    for col, letter in enumerate(COLOURS):
        actions += [Action(f"make {letter}{n}", "make", col, n) for n in range(1, 6)]
        actions += [Action(f"carry {letter} {n}", "carry", col, n) for n in range(1, 6)]
    actions += [Action(f"sell {k + 1}", "sell", k) for k in range(MAX_LINEUP)]
    actions += [Action(f"buy {k + 1}", "buy", k) for k in range(MAX_LINEUP)]
    for e, code in enumerate(EVENTS):
        actions.append(Action(f"discard {code}", "discard", e))
        if e in TARGETED:
            actions += [Action(f"play {code} {t + 1}", "play", e, t)
                        for t in range(max(PLAYER_COUNTS))]
        else:
            actions.append(Action(f"play {code}", "play", e, -1))
        actions.append(Action(f"event {code}", "event", e))
    for code in range(NCARDS):
        if not START[code] or KIND[code] != FOREST:
            actions.append(Action(f"card {CODES[code]}", "card", code))
            actions.append(Action(f"peek {CODES[code]}", "peek", code))
    return {str(a): a for a in actions}


VOCABULARY = _vocabulary()
NO_SUCH_ACTION = Action("(no such action)", "none")
"""Fills the slots of the tables below that no action has (card 0, the forest, is never
drawn; nobody makes or carries 0 gems), so that every entry is an Action. It is in no
vocabulary, so no state offers it and no text parses to it."""
DRAW_A, STOP, FIGHT, PAY, REVEAL, CONTINUE, NEW_ROUND, RECOVER, END, PASS, BUY_FOREST, HIRE = (
    VOCABULARY[w] for w in ("draw", "stop", "fight", "pay", "reveal", "continue", "new round",
                            "recover", "end", "pass", "forest", "soldier"))
MAKE = [[VOCABULARY.get(f"make {c}{n}", NO_SUCH_ACTION) for n in range(6)] for c in COLOURS]
CARRY_A = [[VOCABULARY.get(f"carry {c} {n}", NO_SUCH_ACTION) for n in range(6)] for c in COLOURS]
SELL = [VOCABULARY[f"sell {k + 1}"] for k in range(MAX_LINEUP)]
BUY = [VOCABULARY[f"buy {k + 1}"] for k in range(MAX_LINEUP)]
DISCARD = [VOCABULARY[f"discard {e}"] for e in EVENTS]
PLAY = [[VOCABULARY[f"play {e} {t + 1}"] for t in range(max(PLAYER_COUNTS))] if i in TARGETED
        else [VOCABULARY[f"play {e}"]] for i, e in enumerate(EVENTS)]
EVENT_DRAW = [VOCABULARY[f"event {e}"] for e in EVENTS]
DRAW_OR_STOP, ONLY_DRAW, ONLY_STOP = (DRAW_A, STOP), (DRAW_A,), (STOP,)
REVEAL_OR_STOP, CONTINUE_OR_NEW = (REVEAL, STOP), (CONTINUE, NEW_ROUND)
CARD_DRAW = [VOCABULARY.get(f"card {c}", NO_SUCH_ACTION) for c in CODES[:NCARDS]]
PEEK_A = [VOCABULARY.get(f"peek {c}", NO_SUCH_ACTION) for c in CODES[:NCARDS]]
PEEK_OF = dict(zip(CARD_DRAW, PEEK_A))
"""'card X' → 'peek X': an Oracle's peek offers the draw's outcomes under another name."""

# ----- lookup tables built once, so the per-move code only indexes -----------------------
MAKE_OPTIONS = [
    {markers: tuple((col, MAKE[col][n]) for col, n in opts) for markers, opts in table.items()}
    for table in TABLE
]
"""Per alchemy card and marker count: ``(colour, 'make' action)`` in the card's order."""
CARRY_UPTO = [
    [tuple(CARRY_A[col][1:top + 1]) for top in range(max(load[col] for load in CARRY) + 1)]
    for col in range(3)
]
"""``CARRY_UPTO[colour][top]``: the 'carry' actions for 1 to ``top`` gems of that colour."""
CARRY_LOADS = [
    [tuple((col, CARRY[trav][col]) for col in range(BEST[village] + 1) if CARRY[trav][col])
     for village in range(NCARDS)]
    for trav in range(NCARDS)
]
"""``CARRY_LOADS[traveller][village]``: ``(colour, load)`` for the colours the traveller
carries (AB-6.3) up to the village's most valuable one (AB-6.4)."""
IS_TRADE = [kind == TRADE for kind in KIND]  # demons included: they lie in the line-up
IS_UPGRADE = [kind in (ALCHEMY, TRAVELLER, VILLAGE) for kind in KIND]
CHEAPEST_UPGRADE = min(
    COST[c] for c in range(NCARDS)
    if IS_UPGRADE[c] and RANK[c] > min(RANK[d] for d in range(NCARDS) if KIND[d] == KIND[c])
)
"""The least a card can cost that outranks someone's card of its kind: no 'buy' for less."""
SEATS_FROM = [[tuple((first + i) % n for i in range(n)) for first in range(n)]
              for n in range(max(PLAYER_COUNTS) + 1)]
"""``SEATS_FROM[n][p]``: the n seats in turn order starting with ``p``."""
OTHERS_AFTER = [[seats[1:] for seats in row] for row in SEATS_FROM]
"""``OTHERS_AFTER[n][p]``: everyone but ``p``, in turn order after ``p``."""
NO_EVENT_CARDS = [0] * NEVENTS
"""An empty hand of event cards: ``hand != NO_EVENT_CARDS`` is ``any(hand)`` without a call,
asked at every move of the actions phase. Never changed."""
PASS_EVENT = {TRADING: "pass_trade", UPGRADES: "pass_upgrade"}
"""The event of a 'pass' per window phase (else "pass_event")."""
BY_ACTIVE, BY_DECIDER = -10, -11  # stand-ins for "the active seat" and "the decider"
DECIDES = tuple(
    BY_ACTIVE if phase in (JOURNEY, ACTIONS, DANGER, ORACLE_CHOICE, CHOICE)
    else BY_DECIDER if phase in OTHERS_DECIDE
    else TERMINAL if phase == OVER
    else CHANCE
    for phase in range(len(PHASES))
)
"""Per phase: who decides (a seat rule, or CHANCE / TERMINAL)."""


GEMS_OF_ONE_COLOUR = [[f"{letter}{n}" for n in range(6)] for letter in COLOURS]
"""``GEMS_OF_ONE_COLOUR[colour][n]``: ``"Y3"``; up to 5, the most one make or carry moves."""


def gem_text(gems: list[int]) -> str:
    """``"Y2 B1"`` for two yellow and one blue gem; ``"none"`` for no gems."""
    return _gem_text(*gems)


@cache
def _gem_text(yellow: int, blue: int, red: int) -> str:
    """``gem_text``, kept per count: it runs in every sale and treasure event."""
    parts = [f"{COLOURS[c]}{n}" for c, n in enumerate((yellow, blue, red)) if n]
    return " ".join(parts) or "none"


def deck_table(deck: list[int]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """The journey deck as a draw's chance outcomes: 'card X' for each card left, and how
    many of each (AB-2.4)."""
    return tuple(compress(CARD_DRAW, deck)), tuple(compress(deck, deck))


class Ambar2018State(GameState):
    """A position of Ambar (2018): every player's cards and goods, the piles, the line-up."""

    GAME = GAME
    MESSAGES = MESSAGES
    format_value = staticmethod(format_value)
    VOCABULARY = VOCABULARY
    MOVE_EXAMPLES = "'draw', 'stop', 'fight', 'make Y1', 'carry Y 2', 'sell 3', 'buy 2' or 'pass'"
    SCHEMA = SCHEMA  # the fields below, saved and checked (setup.py); clone copies by it
    __slots__ = SCHEMA.slots  # fifty fields: in slots, not a dict (GameState.SLOTTED)

    names: list[str]
    round: int
    phase: int
    active: int  # whose turn it is
    decider: int  # who decides in a response, carry, trade or upgrade window
    queue: list[int]  # who decides after them in this window
    deck: list[int]
    left: int  # cards in the deck: sum(deck), kept for speed
    drawable: tuple[tuple[Action, ...], tuple[int, ...]]  # deck_table(deck), kept for speed
    _who: int  # who decides now: whose_turn(), kept after every move (current_player reads it)
    aside: list[int]
    discard: list[int]
    box: list[int]  # starting cards of empty seats
    top: int  # the deck's top card if someone has looked at it (AB-4.2), else -1
    top_known: list[int]  # who has looked at it
    lineup: list[int]
    used: list[bool]  # per line-up card: a trade card already sold on (AB-7.2)
    turned: int  # a danger turned over because it could not be paid (AB-4.6), or -1
    drawn: int  # deck cards drawn this turn (AB-9.1)
    fled: bool
    chants_check: bool  # the extra draw after a 7th-card Chants (AB-4.3)
    actions: int
    alchemy: list[int]
    traveller: list[int]
    village: list[int]
    markers: list[int]
    marker_supply: int
    recover_later: bool  # the active player's forest was emptied during this turn (AB-6.7)
    hoard: list[int]
    alchemy_gems: list[list[int]]
    village_gems: list[list[int]]
    loot: list[int]  # gems on bandit cards this turn (AB-4.4)
    loot_gold: int
    sold: list[int]  # gems on trade cards this turn (AB-7.3)
    treasure: list[int]
    treasure_gold: int
    carry: list[int]  # [colour, count] on the road during a carry window, or [-1, 0]
    gold: list[int]
    bank: int
    soldiers: list[int]
    soldier_supply: int
    event_hand: list[list[int]]  # per seat: the event cards held, by kind (AB-11.1)
    event_deck: list[int]
    event_discard: list[int]
    serpent: int  # PLACE, LINEUP or a seat
    serpent_next: int  # a seat that earned the Serpent while it is in their line-up, or -1
    demon: int  # ASIDE or the seat it chases (AB-10.3)
    demon_out: bool  # the Red Demon is in the line-up this turn
    deal: int  # the seat being dealt its starting event card (AB-2.2), or -1
    ended: str | None

    # ----- whose turn, what may be done ---------------------------------------------
    def current_player(self) -> int:
        return self._who

    def begin(self, start: Start | None = None) -> None:
        """The base's start (see ``GameState.begin``), with what is worked out from the fields
        and kept for speed (SCHEMA's ``derived``): the deck's size and draw table, and the
        player to move."""
        self.left = sum(self.deck)
        self.drawable = deck_table(self.deck)
        self._who = self.whose_turn()
        super().begin(start)

    def whose_turn(self) -> int:
        """Who decides now, worked out from the phase (cached as ``_who`` after every move)."""
        who = DECIDES[self.phase]
        if who == BY_ACTIVE:
            return self.active
        if who == BY_DECIDER:
            return self.decider
        return who

    def _player_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == JOURNEY:  # prebuilt tuples: the protocol's tuple() then copies nothing
            can_draw = self.left > 0 and len(self.lineup) < MAX_LINEUP
            if self.drawn:
                return DRAW_OR_STOP if can_draw else ONLY_STOP
            return ONLY_DRAW if can_draw else ()
        if phase == ACTIONS:  # the phases in the order of how often they come in a game
            return self._action_phase_actions()
        if phase == UPGRADES:
            acts = self._upgrade_options(self.decider)
            acts.append(PASS)  # the option lists are new lists: adding to them is safe
            return acts
        if phase == DANGER:
            return self._danger_options()
        if phase == TRADING:
            acts = self._open_sales()
            acts.append(PASS)  # the option lists are new lists: adding to them is safe
            return acts
        if phase == ORACLE_CHOICE:
            return REVEAL_OR_STOP
        if phase == CHOICE:
            return CONTINUE_OR_NEW
        if phase == RESPONSE:
            acts = self._event_plays(self.decider, ANY_TIME)
        else:  # CARRY_WINDOW
            acts = self._travel_plays(self.decider)
        acts.append(PASS)  # the option lists are new lists: adding to them is safe
        return acts

    def _chance_table(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        """Outcomes weighted by the cards left (AB-2.4), or the one card an Oracle showed."""
        phase = self.phase
        if phase == DRAW:  # the most common chance node first
            return ((CARD_DRAW[self.top],), (1,)) if self.top >= 0 else self.drawable
        if phase == PEEK:
            outcomes, counts = self.drawable
            return tuple(map(PEEK_OF.__getitem__, outcomes)), counts
        events = self.event_deck  # DEAL, REWARD: an event card
        return tuple(compress(EVENT_DRAW, events)), tuple(compress(events, events))

    # ----- option lists ---------------------------------------------------------------
    def _danger_options(self) -> list[Action]:
        card = self.lineup[-1]
        kind = KIND[card]
        p = self.active
        acts = []
        if kind == CHANTS:
            if self.soldiers[p] and len(self.lineup) < MAX_LINEUP:  # the 7th: draw (AB-4.3)
                acts.append(FIGHT)
            if self.left:
                acts.append(DRAW_A)
            return acts
        if kind == BANDIT:
            if self.soldiers[p]:
                acts.append(FIGHT)
            can_pay = self.gold[p] or sum(self.alchemy_gems[p]) or sum(self.village_gems[p])
        else:  # RAID
            if self.soldiers[p] >= 2:
                acts.append(FIGHT)
            can_pay = self.gold[p]
        if can_pay:
            acts.append(PAY)
        elif acts:  # a soldier, but nothing to pay with: fight, or turn it over (AB-4.6)
            acts.append(STOP)
        return acts

    def _action_phase_actions(self) -> list[Action]:
        """Make, carry, recover, sell (AB-6); event cards; end. The order is the legal order.

        Loops that append rather than comprehensions: on Python 3.11 a comprehension is a
        function call, which costs more than the few items these lists have."""
        p = self.active
        acts: list[Action] = []
        if self.actions > 0:
            markers = self.markers[p]
            if not markers and self.marker_supply and not self.recover_later:
                # "they must spend one action during their next turn to recover it" (AB-6.7)
                acts.append(RECOVER)
                hand = self.event_hand[p]
                if hand != NO_EVENT_CARDS:
                    acts += compress(DISCARD, hand)
                    acts += self._event_plays(p, OWN_AND_ANY)
                return acts
            if markers:
                hoard = self.hoard
                for col, make in MAKE_OPTIONS[self.alchemy[p]][markers]:
                    if hoard[col]:
                        acts.append(make)
            held = self.village_gems[p]
            room = CAPACITY[self.village[p]] - held[0] - held[1] - held[2]
            if room > 0:
                # carry, per colour up to the village's best (AB-6.4): as many gems as the
                # traveller carries (AB-6.3), p has and the village has room for
                gems = self.alchemy_gems[p]
                for col, load in CARRY_LOADS[self.traveller[p]][self.village[p]]:
                    top = gems[col]  # min(gems[col], load, room), written out: min() costs more
                    if top > load:
                        top = load
                    if top > room:
                        top = room
                    if top > 0:
                        acts += CARRY_UPTO[col][top]
            if held[0] or held[1] or held[2]:
                sales = self._open_sales()
                if len(sales) >= 2:
                    acts += sales
        hand = self.event_hand[p]
        if hand != NO_EVENT_CARDS:
            acts += compress(DISCARD, hand)
            acts += self._event_plays(p, OWN_AND_ANY)
        acts.append(END)
        return acts

    def _open_sales(self) -> list[Action]:
        """'sell' actions for the trade cards in the line-up not yet sold on this turn
        (AB-7.2)."""
        lineup = self.lineup
        if TRADE_CARDS.isdisjoint(lineup):
            return []
        used = self.used
        sales = []
        for k, card in enumerate(lineup):
            if IS_TRADE[card] and not used[k]:
                sales.append(SELL[k])
        return sales

    def _upgrade_options(self, p: int) -> list[Action]:
        """Line-up cards (AB-8.3; others pay 1 more, AB-8.4), then a forest site (AB-8.2) and
        a soldier (AB-8.6) on one's own turn."""
        gold = self.gold[p]
        if p != self.active:
            return self._lineup_buys(p, gold - 1)
        acts = self._lineup_buys(p, gold)
        if self._can_buy_forest(p, gold):
            acts.append(BUY_FOREST)
        if self.soldier_supply and gold >= 1:
            acts.append(HIRE)
        return acts

    def _can_upgrade(self, p: int) -> bool:
        """``bool(self._upgrade_options(p))``, cheapest test first."""
        gold = self.gold[p]
        if p != self.active:  # they pay 1 more (AB-8.4): most often they cannot buy at all
            return gold > CHEAPEST_UPGRADE and bool(self._lineup_buys(p, gold - 1))
        return ((self.soldier_supply and gold >= 1) or self._can_buy_forest(p, gold)
                or bool(self._lineup_buys(p, gold)))

    def _lineup_buys(self, p: int, budget: int) -> list[Action]:
        """'buy' actions for line-up cards that beat ``p``'s card of their kind and cost at
        most ``budget`` (AB-8.3)."""
        if budget < CHEAPEST_UPGRADE:
            return []  # the common case for the other players: spares the loop
        mine = (0, RANK[self.alchemy[p]], RANK[self.traveller[p]], RANK[self.village[p]])
        acts = []
        for k, card in enumerate(self.lineup):
            if IS_UPGRADE[card] and RANK[card] > mine[KIND[card]] and COST[card] <= budget:
                acts.append(BUY[k])
        return acts

    def _can_buy_forest(self, p: int, gold: int) -> bool:
        m = self.markers[p]
        return 1 <= m < SITES and self.marker_supply > 0 and SITE_PRICES[m] <= gold

    def _event_plays(self, p: int, allowed: tuple[int, ...]) -> list[Action]:
        hand = self.event_hand[p]
        soldiers = self.soldiers[p]
        acts = []
        for e in allowed:
            if hand[e] and soldiers >= EVENT_SOLDIERS[e]:
                if e in TARGETED:
                    for t in range(len(self.names)):
                        if t != p and self._event_works(e, p, t):
                            acts.append(PLAY[e][t])
                elif self._event_works(e, p, -1):
                    acts.append(PLAY[e][0])
        return acts

    def _travel_plays(self, p: int) -> list[Action]:
        hand = self.event_hand[p]
        colour, count = self.carry
        acts = []
        if hand[DISTRACTIONS] and count and self.soldiers[p] >= EVENT_SOLDIERS[DISTRACTIONS]:
            acts.append(PLAY[DISTRACTIONS][0])
        if (hand[FOG] and count and colour in (YELLOW, BLUE)
                and self.soldiers[p] >= EVENT_SOLDIERS[FOG]):
            acts.append(PLAY[FOG][0])
        return acts

    def _event_works(self, e: int, p: int, t: int) -> bool:
        """Would event ``e`` played by ``p`` (on ``t``) change anything? (AB-11.5 to AB-11.13)"""
        if e == FOREST_CLEARINGS:
            return self.markers[t] > 0
        if e == FAILED_ALCHEMY:
            return sum(self.alchemy_gems[t]) > 0
        if e == CHEATING_ALCHEMY:
            return bool(cheat_pairs(self.alchemy_gems[p], self.alchemy_gems[t]))
        if e == FOX:
            return self.village_gems[t][YELLOW] + self.village_gems[t][BLUE] > 0
        if e == AMBER:
            return self.markers[p] < SITES and self.marker_supply > 0
        if e == LAKESIDE_DISCOVERY:
            return self.hoard[YELLOW] > 0
        if e == COMPANY:
            return bool(company_moves(self.alchemy_gems[p], self.village_gems[p], self.village[p]))
        return False

    def next_card_black_chance(self) -> Fraction:
        """The exact chance that the next card drawn is black, summed from the draw's chance
        outcomes (AB-2.4); with two black cards out it is the chance of fleeing (AB-4.8)."""
        state = self
        if self.phase == JOURNEY and DRAW_A in self.legal_tuple():
            state = self.clone()
            state.apply_action(DRAW_A)
        if state.phase != DRAW:
            raise ValueError("No card is about to be drawn in this position.")
        return sum((p for a, p in state.chance_outcomes() if BLACK[a.args[0]]), Fraction(0))

    def black_count(self) -> int:
        """Black cards in the line-up, demons included (AB-4.1, AB-10.1)."""
        return sum(map(BLACK.__getitem__, self.lineup))

    # ----- applying actions ---------------------------------------------------------
    def _apply(self, action: Action, events: list[Event]) -> None:
        STEP_OF[action](self, self._who, action, events)
        phase = self.phase
        if (phase == ACTIONS and self.actions <= 0
                and self.event_hand[self.active] == NO_EVENT_CARDS):
            # nothing left to do in phase 2: no action, no event card (AB-6.1)
            events.append(new_event(GAME, "end_actions", self.active, {"left": 0}))
            self._open_trade_phase(events)
            phase = self.phase
        who = DECIDES[phase]  # whose_turn(), written out: this runs after every move
        if who <= BY_ACTIVE:  # not CHANCE or TERMINAL: a seat
            who = self.active if who == BY_ACTIVE else self.decider
        self._who = who

    # One step per action kind, called as step(state, deciding seat, action, events);
    # STEPS (below the class) maps each kind to its step.
    def _on_draw(self, p: int, action: Action, events: list[Event]) -> None:
        if self.phase == DANGER:  # an unfought Chants: draw on (AB-4.3)
            self.chants_check = len(self.lineup) >= MAX_LINEUP
            events.append(new_event(GAME, "chants_draw", p, {}))
        else:
            events.append(new_event(GAME, "draw", p, {}))
        self.phase = DRAW

    def _on_stop(self, p: int, action: Action, events: list[Event]) -> None:
        if self.phase == DANGER:  # not fought, and nothing to pay with (AB-4.6)
            self._cannot_answer(self.lineup[-1], events)
            return
        if self.phase == ORACLE_CHOICE:
            events.append(new_event(GAME, "oracle_stop", p, {}))
        self._end_journey(False, events)

    def _on_pass(self, p: int, action: Action, events: list[Event]) -> None:
        """Passing is said with what is passed up: a sale, an upgrade, or an event card."""
        events.append(new_event(GAME, PASS_EVENT.get(self.phase, "pass_event"), p, {}))
        self._next_in_window(events)

    def _on_end(self, p: int, action: Action, events: list[Event]) -> None:
        events.append(new_event(GAME, "end_actions", p, {"left": self.actions}))
        self.actions = 0
        self._open_trade_phase(events)

    def _on_discard(self, p: int, action: Action, events: list[Event]) -> None:
        e = action.args[0]
        self.event_hand[p][e] -= 1
        self.event_discard[e] += 1
        self.actions += 1
        events.append(new_event(GAME, "discard_event", p, {"actions": self.actions}))

    def _on_peek(self, p: int, action: Action, events: list[Event]) -> None:
        self.top = action.args[0]
        self.top_known = [self.active]
        self.phase = ORACLE_CHOICE
        events.append(new_event(GAME, "peek", self.active, {}))

    def _on_reveal(self, p: int, action: Action, events: list[Event]) -> None:
        self._reveal_card(p, CARD_DRAW[self.top], events)  # as if drawn: it is the top card

    def _on_soldier(self, p: int, action: Action, events: list[Event]) -> None:
        self.gold[p] -= 1
        self.bank += 1
        self.soldiers[p] += 1
        self.soldier_supply -= 1
        events.append(new_event(GAME, "hire", p, {}))
        self._next_in_window(events)  # the next upgrader

    def _on_recover(self, p: int, action: Action, events: list[Event]) -> None:
        self.markers[p] = 1
        self.marker_supply -= 1
        self.actions -= 1
        events.append(new_event(GAME, "recover", p, {}))

    def _on_continue(self, p: int, action: Action, events: list[Event]) -> None:
        events.append(new_event(GAME, "continue_round", p, {"left": self.left}))
        self._begin_journey(events)

    def _on_new_round(self, p: int, action: Action, events: list[Event]) -> None:
        events.append(new_event(GAME, "early_round", p, {"left": self.left}))
        self._new_round(events)
        self._begin_journey(events)

    # phase 1: the journey ----------------------------------------------------------
    def _begin_journey(self, events: list[Event]) -> None:
        """Demons chasing the player go first in the line-up (AB-9.1)."""
        p = self.active
        if self.serpent == p:
            self.serpent = LINEUP
            self.lineup.append(SERPENT)
            self.used.append(False)
            events.append(new_event(GAME, "demon_first", p, {"card": "SERPENT"}))
        if self.demon == p:
            self.demon_out = True
            self.lineup.append(RED_DEMON)
            self.used.append(False)
            events.append(new_event(GAME, "demon_first", p, {"card": "REDDEMON"}))
        events.append(new_event(GAME, "draw", p, {}))
        self.phase = DRAW  # the first card is compulsory (AB-9.1): no decision to make

    def _reveal_card(self, decider: int, action: Action, events: list[Event]) -> None:
        """The deck's top card (``action``: 'card X') joins the active player's line-up (AB-4.1);
        ``decider`` is chance or, for an Oracle's card, the active player."""
        card = action.args[0]
        p = self.active
        deck = self.deck
        deck[card] -= 1
        self.left -= 1
        if deck[card]:  # the same cards are left to draw: one count is one fewer
            outcomes, counts = self.drawable
            fewer = list(counts)  # a copy, changed, then frozen: half the cost of recounting
            fewer[outcomes.index(action)] -= 1
            self.drawable = outcomes, tuple(fewer)
        else:
            self.drawable = deck_table(deck)
        self.top = -1
        if self.top_known:
            self.top_known = []
        self.drawn += 1
        lineup = self.lineup
        if self.chants_check:  # AB-4.3: the extra card after a 7th-card Chants
            self.chants_check = False
            if not BLACK[card]:
                self.discard[card] += 1
                events.append(new_event(GAME, "chants_safe", p, {"card": CODES[card]}))
                self._end_journey(False, events)
                return
            lineup.append(card)
            self.used.append(False)
            events.append(new_event(GAME, "card", p, {"card": CODES[card], "day": len(lineup)}))
            self._flee(events)
            return
        lineup.append(card)
        self.used.append(False)
        day = len(lineup)
        events.append(new_event(GAME, "card", p, {"card": CODES[card], "day": day}))
        if not BLACK[card]:  # the common case: _after_card(), written out
            if day < MAX_LINEUP and self.left:
                self.phase = JOURNEY
            else:
                self._end_journey(False, events)
            return
        blacks = self.black_count()
        if blacks >= MAX_BLACK:
            self._flee(events)
            return
        kind = KIND[card]
        if kind == ORACLE:
            if len(lineup) < MAX_LINEUP and self.left:
                if self.top >= 0:
                    if p not in self.top_known:
                        self.top_known.append(p)
                    self.phase = ORACLE_CHOICE
                else:
                    self.phase = PEEK
                return
            self._after_card(events)
            return
        if kind == CHANTS and (not self.left or (len(lineup) >= MAX_LINEUP and blacks < 2)):
            # AB-4.3: a 7th card that is the first black one ends the journey; so does a
            # Chants that was the deck's last card: no card is left to draw (AB-4.1)
            self._after_card(events)
            return
        self.phase = DANGER
        # a Chants here leaves a card to draw, gold pays any other danger, two soldiers fight
        # it: only without those may there be no answer, and only then are the options listed
        if (kind != CHANTS and not self.gold[p] and self.soldiers[p] < 2
                and not self._danger_options()):
            self._cannot_answer(card, events)

    def _cannot_answer(self, card: int, events: list[Event]) -> None:
        """No soldier and nothing to pay with (AB-4.6); a Chants with no card left just ends."""
        p = self.active
        if KIND[card] == CHANTS:
            self._after_card(events)
            return
        self.lineup.pop()
        self.used.pop()
        self.turned = card
        events.append(new_event(GAME, "turn_over", p, {"card": CODES[card]}))
        self._end_journey(False, events)

    def _after_card(self, events: list[Event]) -> None:
        if len(self.lineup) >= MAX_LINEUP or not self.left:
            self._end_journey(False, events)
        else:
            self.phase = JOURNEY

    def _resolve_danger(self, p: int, action: Action, events: list[Event]) -> None:
        """'fight' (AB-4.7) or 'pay' (AB-4.4, AB-4.5) the danger just drawn."""
        card = self.lineup[-1]
        kind = KIND[card]
        code = CODES[card]
        if action.kind == "fight":
            cost = 2 if kind == RAID else 1
            self.soldiers[p] -= cost
            self.soldier_supply += cost
            if kind != CHANTS:  # the Chants text discards only the soldier token (AB-4.3)
                self.lineup.pop()
                self.used.pop()
                self.discard[card] += 1
            events.append(new_event(GAME, "fight", p, {"card": code, "soldiers": cost}))
            self._after_card(events)
            return
        if kind == RAID:
            self.gold[p] -= 1
            self.loot_gold += 1
            events.append(new_event(GAME, "pay_gold", p, {"card": code}))
        else:
            colour = bandit_colour(DEMANDS[card], self.alchemy_gems[p], self.village_gems[p])
            if colour < 0:
                self.gold[p] -= 1
                self.loot_gold += 1
                events.append(new_event(GAME, "pay_gold", p, {"card": code}))
            else:
                alchemy_gems, village_gems = self.alchemy_gems[p], self.village_gems[p]
                source = alchemy_gems if alchemy_gems[colour] else village_gems
                source[colour] -= 1
                self.loot[colour] += 1
                events.append(new_event(GAME, "pay_gem", p,
                    {"card": code, "colour": COLOURS[colour]}))
        self._after_card(events)

    def _flee(self, events: list[Event]) -> None:
        events.append(new_event(GAME, "flee", self.active, {}))
        self._end_journey(True, events)

    def _end_journey(self, fled: bool, events: list[Event]) -> None:
        """Days become actions; rewards for the 5th, 6th and 7th day unless fleeing (AB-5)."""
        p = self.active
        self.fled = fled
        days = len(self.lineup)
        self.actions = 1 if fled else days
        events.append(new_event(GAME, "journey_over", p, {"days": days, "actions": self.actions}))
        if not fled and days >= 5:
            if self.serpent != LINEUP:  # played this turn, it returns to its place (AB-10.2)
                self.serpent = p
                events.append(new_event(GAME, "serpent", p, {}))
            if days >= 7 and self.soldier_supply:
                self.soldier_supply -= 1
                self.soldiers[p] += 1
                events.append(new_event(GAME, "reward_soldier", p, {}))
            if days >= 6 and self._prepare_event_draw():
                self.phase = REWARD
                return
        self._open_response(events)

    def _prepare_event_draw(self) -> bool:
        """Reshuffle the event discards when the event deck is empty (AB-11.3)."""
        if not any(self.event_deck):
            self.event_deck, self.event_discard = self.event_discard, [0] * NEVENTS
        return any(self.event_deck)

    def _receive_event(self, decider: int, action: Action, events: list[Event]) -> None:
        """An event card from the deck: dealt at the start (AB-2.2) or a 6th-day reward (AB-5.2)."""
        e = action.args[0]
        self.event_deck[e] -= 1
        if self.phase == DEAL:
            seat = self.deal
            self.event_hand[seat][e] += 1
            events.append(new_event(GAME, "dealt_event", seat, {}))
            if seat + 1 < len(self.names) and self._prepare_event_draw():
                self.deal = seat + 1
            else:
                self.deal = -1
                self._start_turn(events)
            return
        self.event_hand[self.active][e] += 1
        events.append(new_event(GAME, "reward_event", self.active, {}))
        self._open_response(events)

    # windows where other players decide ------------------------------------------------
    def _others(self) -> list[int]:
        """Everyone but the active player, in turn order after them."""
        return list(OTHERS_AFTER[len(self.names)][self.active])

    def _open_response(self, events: list[Event]) -> None:
        """Others may play 'any time' events on anyone before the actions (AB-11.2)."""
        active = self.active
        if not self._someone_else_holds_events(active):
            self.phase = ACTIONS  # nobody else holds an event card: no window (fast path)
            return
        self.queue = self._others()
        self.phase = RESPONSE
        self._next_in_window(events)

    def _next_in_window(self, events: list[Event]) -> None:
        """Give the decision to the next seat that has a real choice; close the window after."""
        has_choice, close = WINDOWS[self.phase]
        queue = self.queue
        while queue:
            seat = queue.pop(0)
            if has_choice(self, seat):
                self.decider = seat
                return
        self.decider = -1
        close(self, events)

    def _someone_else_holds_events(self, p: int) -> bool:
        """A hot path (every journey's end, every carry): counted in C, no generator."""
        hands = self.event_hand
        holding = len(hands) - hands.count(NO_EVENT_CARDS)  # the seats holding event cards
        return holding > (hands[p] != NO_EVENT_CARDS)  # more of them than ``p`` alone

    def _holds_events(self, seat: int) -> bool:
        """Who is asked in an event window (AB-11.2): everyone holding an event card, playable
        or not. Asking only those who could play one would tell the table what they hold."""
        return self.event_hand[seat] != NO_EVENT_CARDS

    def _close_response(self, events: list[Event]) -> None:
        self.phase = ACTIONS

    def _can_trade(self, seat: int) -> bool:
        return sum(self.village_gems[seat]) > 0 and bool(self._open_sales())

    # phase 2: actions --------------------------------------------------------------------
    def _make(self, p: int, action: Action, events: list[Event]) -> None:
        colour, n = action.args
        hoard = self.hoard
        made = hoard[colour]  # min(n, hoard[colour]), written out: min() costs more
        if made > n:
            made = n
        hoard[colour] -= made
        self.alchemy_gems[p][colour] += made
        self.actions -= 1
        events.append(new_event(GAME, "make", p, {"gems": GEMS_OF_ONE_COLOUR[colour][made]}))

    def _start_carry(self, p: int, action: Action, events: list[Event]) -> None:
        colour, n = action.args
        self.actions -= 1
        self.alchemy_gems[p][colour] -= n
        self.carry = [colour, n]
        events.append(new_event(GAME, "carry", p, {"gems": GEMS_OF_ONE_COLOUR[colour][n]}))
        if not self._someone_else_holds_events(p):
            self._deliver(events)  # nobody else holds an event card: no window (fast path)
            return
        self.queue = self._others()
        self.phase = CARRY_WINDOW
        self._next_in_window(events)

    def _deliver(self, events: list[Event]) -> None:
        colour, n = self.carry
        p = self.active
        if n:
            self.village_gems[p][colour] += n
            events.append(new_event(GAME, "arrive", p, {"gems": GEMS_OF_ONE_COLOUR[colour][n]}))
        self.carry = [-1, 0]  # NO_CARRY, as a literal list: this runs after every carry
        self.phase = ACTIONS

    def _sell(self, p: int, action: Action, events: list[Event]) -> None:
        k = action.args[0]
        card = self.lineup[k]
        gems = self.village_gems[p]
        prices = PRICES[card]
        value = gems[0] * prices[0] + gems[1] * prices[1] + gems[2] * prices[2]
        paid = min(value, self.bank)
        self.bank -= paid
        self.gold[p] += paid
        sold = self.sold
        for col in range(3):
            sold[col] += gems[col]
        events.append(new_event(GAME, "sell", p,
            {"gems": gem_text(gems), "gold": paid, "card": CODES[card]}))
        if paid < value:  # the bank ran short: it pays what it holds (AB-1.1)
            events.append(new_event(GAME, "bank_short", p,
                {"gold": paid, "worth": value, "card": CODES[card]}))
        self.village_gems[p] = [0, 0, 0]
        self.used[k] = True
        if self.phase == ACTIONS:
            self.actions -= 1
        else:
            self._next_in_window(events)

    # phase 3: trade; phase 4: upgrades; phase 5: demons ---------------------------------
    def _open_trade_phase(self, events: list[Event]) -> None:
        if TRADE_CARDS.isdisjoint(self.lineup):
            self._close_trade(events)  # no trade card: no trade (fast path)
            return
        self.queue = list(SEATS_FROM[len(self.names)][self.active])
        self.phase = TRADING
        self._next_in_window(events)

    def _close_trade(self, events: list[Event]) -> None:
        """Sold gems go back to the hoard (AB-7.3); then the upgrades, in turn order."""
        sold = self.sold
        if sold[0] or sold[1] or sold[2]:
            hoard = self.hoard
            for col in range(3):
                hoard[col] += sold[col]
            self.sold = [0, 0, 0]
        self.queue = list(SEATS_FROM[len(self.names)][self.active])
        self.phase = UPGRADES
        self._next_in_window(events)

    def _buy(self, p: int, action: Action, events: list[Event]) -> None:
        k = action.args[0]
        card = self.lineup.pop(k)
        self.used.pop(k)
        price = COST[card] + (0 if p == self.active else 1)
        self.gold[p] -= price
        self.bank += price
        kind = KIND[card]
        slots = (self.alchemy, self.traveller, self.village)[kind - ALCHEMY]  # an upgrade's kind
        old = slots[p]
        slots[p] = card
        self.discard[old] += 1  # gems stay with the player: they move to the new card
        events.append(new_event(GAME, "buy", p,
            {"card": CODES[card], "old": CODES[old], "gold": price}))
        self._next_in_window(events)  # the next upgrader

    def _buy_forest(self, p: int, action: Action, events: list[Event]) -> None:
        price = SITE_PRICES[self.markers[p]]
        self.gold[p] -= price
        self.bank += price
        self.markers[p] += 1
        self.marker_supply -= 1
        events.append(new_event(GAME, "forest", p, {"site": self.markers[p], "gold": price}))
        self._next_in_window(events)  # the next upgrader

    def _end_turn(self, events: list[Event]) -> None:
        """Phase 5 (AB-10) and the end of the turn: loot, demons, discards, next player."""
        p = self.active
        loot = self.loot
        if loot[0] or loot[1] or loot[2] or self.loot_gold:
            for col in range(3):
                self.treasure[col] += loot[col]
            self.treasure_gold += self.loot_gold
            events.append(new_event(GAME, "treasure", p,
                {"gems": gem_text(loot), "gold": self.loot_gold}))
            self.loot = [0, 0, 0]
            self.loot_gold = 0
        discard = self.discard
        for card in self.lineup:
            if card < NCARDS:
                discard[card] += 1
            elif card == SERPENT:
                self.serpent = self.serpent_next if self.serpent_next >= 0 else PLACE
            else:  # the Red Demon
                self.demon_out = False
        if self.turned >= 0:
            discard[self.turned] += 1
        self.lineup, self.used, self.turned = [], [], -1
        self.serpent_next = -1
        self.drawn, self.fled, self.actions = 0, False, 0
        self.recover_later = False  # the victim's next turn may be the one that begins now
        following = (p + 1) % len(self.names)
        if self.demon >= 0:
            self._chase_richest(following, events)
        if not self.left:
            if self.round == 2:
                self.phase = OVER
                self.ended = "deck"
                events.append(new_event(GAME, "game_over", None, {}))
                return
            self._new_round(events)
        self.active = following
        events.append(new_event(GAME, "next_turn", self.active, {}))
        self._start_turn(events)

    def _chase_richest(self, first: int, events: list[Event]) -> None:
        """The Red Demon moves only to someone with more gold than its victim (AB-10.4); among
        the richest, to the first in turn order from ``first``, the next to play."""
        gold = self.gold
        if max(gold) > gold[self.demon]:  # the richest have more: find the first of them
            richest = self.demon = richest_seat(gold, first)
            events.append(new_event(GAME, "demon_moves", richest, {}))

    def _start_turn(self, events: list[Event]) -> None:
        if self.round == 1 and 0 < self.left < MAX_LINEUP:
            self.phase = CHOICE  # AB-12.2
            return
        self._begin_journey(events)

    def _new_round(self, events: list[Event]) -> None:
        """Round 2: discards, the laid-aside cards and any cards left, reshuffled (AB-12.3);
        the Red Demon to the richest, a tie to the first in turn order: the game's starting
        player (seat 0, AB-2.5), then the seats after them (AB-10.3)."""
        for c in range(NCARDS):
            self.deck[c] += self.discard[c] + self.aside[c]
        self.discard = [0] * NCARDS
        self.aside = [0] * NCARDS
        self.left = sum(self.deck)
        self.drawable = deck_table(self.deck)
        self.top, self.top_known = -1, []
        self.round = 2
        self.demon = richest_seat(self.gold, 0)
        events.append(new_event(GAME, "round_two", self.demon, {"cards": self.left}))

    # events ------------------------------------------------------------------------------
    def _play_event(self, p: int, action: Action, events: list[Event]) -> None:
        e, t = action.args
        self.event_hand[p][e] -= 1
        self.event_discard[e] += 1
        cost = EVENT_SOLDIERS[e]
        self.soldiers[p] -= cost
        self.soldier_supply += cost
        target = t if t >= 0 else (self.active if e in ON_THE_ROAD else p)
        detail = ""
        if e == FOREST_CLEARINGS:
            self.markers[t] -= 1
            self.marker_supply += 1
            if t == self.active and not self.markers[t]:
                # emptied during the victim's own turn: "during their next turn" (AB-6.7)
                self.recover_later = True
        elif e == AMBER:
            self.markers[p] += 1
            self.marker_supply -= 1
            self.recover_later = False  # the forest has a marker again
        elif e == FAILED_ALCHEMY:
            detail = gem_text(self._lose(self.alchemy_gems[t], 2, (RED, BLUE, YELLOW)))
        elif e == CHEATING_ALCHEMY:
            swaps = cheat_pairs(self.alchemy_gems[p], self.alchemy_gems[t])
            for mine, theirs in swaps:
                self.alchemy_gems[p][mine] -= 1
                self.alchemy_gems[t][mine] += 1
                self.alchemy_gems[t][theirs] -= 1
                self.alchemy_gems[p][theirs] += 1
            detail = " ".join(f"{COLOURS[a]}>{COLOURS[b]}" for a, b in swaps)
        elif e == LAKESIDE_DISCOVERY:
            n = min(4, self.hoard[YELLOW])
            self.hoard[YELLOW] -= n
            self.alchemy_gems[p][YELLOW] += n
            detail = f"{COLOURS[YELLOW]}{n}"
        elif e in ON_THE_ROAD:
            colour, n = self.carry
            lost = min(4 if e == DISTRACTIONS else 2, n)
            self.carry = [colour, n - lost]
            self.hoard[colour] += lost
            detail = f"{COLOURS[colour]}{lost}"
        elif e == COMPANY:
            moves = company_moves(self.alchemy_gems[p], self.village_gems[p], self.village[p])
            for col in moves:
                self.alchemy_gems[p][col] -= 1
                self.village_gems[p][col] += 1
            detail = gem_text([moves.count(c) for c in range(3)])
        else:  # FOX
            taken = [0, 0, 0]
            gems = self.village_gems[t]
            for _ in range(2):
                col = BLUE if gems[BLUE] else YELLOW if gems[YELLOW] else -1
                if col >= 0:
                    gems[col] -= 1
                    self.alchemy_gems[p][col] += 1
                    taken[col] += 1
            detail = gem_text(taken)
        events.append(new_event(GAME, "play", p,
            {"event": EVENTS[e], "target": target, "detail": detail}))
        in_window = self.phase == CARRY_WINDOW  # one answer per seat to each carry
        if in_window or (self.phase == RESPONSE and not self._event_plays(p, ANY_TIME)):
            self._next_in_window(events)

    def _lose(self, gems: list[int], n: int, order: tuple[int, ...]) -> list[int]:
        """Take up to ``n`` gems in ``order`` of colour back to the hoard; return what went."""
        lost = [0, 0, 0]
        for col in order:
            take = min(n, gems[col])
            gems[col] -= take
            self.hoard[col] += take
            lost[col] += take
            n -= take
        return lost

    # ----- explaining illegal actions ------------------------------------------------
    def _explain(self, action: Action) -> IllegalAction:
        return explain(self, action)

    # ----- the end ------------------------------------------------------------------
    def standings(self) -> Result:
        """Gold, then soldiers, then event cards; a full tie is shared (AB-13.2)."""
        return rank_players(
            [(self.gold[p], self.soldiers[p], sum(self.event_hand[p]))
             for p in range(len(self.names))],
            ["{n} gold", "{n} soldier{s}", "{n} event card{s}"],
            self.names,
            short=["gold", "sldr", "evts"],
            labels={"ja": ["金貨{n}枚", "兵士{n}人", "イベントカード{n}枚"]},
        )

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("wrong_phase", "The game is not over yet: see standings().")
        return self.standings()

    # ----- what the position tells -------------------------------------------------
    def observation(self, player: int | None = None) -> Ambar2018Observation:
        return observation(self, player)

    def inventory(self) -> dict[str, int]:
        """Every component wherever it is (AB-1.1); the treasure card and the bank included."""
        gems = [a + b + c + d
                for a, b, c, d in zip(self.hoard, self.loot, self.sold, self.treasure)]
        if self.carry[1]:
            gems[self.carry[0]] += self.carry[1]
        for row in (*self.alchemy_gems, *self.village_gems):
            gems[0] += row[0]
            gems[1] += row[1]
            gems[2] += row[2]
        cards = sum(self.deck) + sum(self.aside) + sum(self.discard) + sum(self.box)
        starting = sum(self.deck[c] + self.aside[c] + self.discard[c] + self.box[c]
                       for c in STARTING)
        in_play = [card for card in self.lineup if card < NCARDS]
        if self.turned >= 0:
            in_play.append(self.turned)
        in_play += self.alchemy + self.traveller + self.village
        cards += len(in_play) + len(self.names)  # + the starting forests
        starting += len(self.names) + sum(1 for card in in_play if START[card])
        demons = (
            (self.serpent == LINEUP) == (SERPENT in self.lineup)
        ) + (self.demon_out == (RED_DEMON in self.lineup)) + 1  # + the treasure card
        return {
            "yellow gems": gems[YELLOW],
            "blue gems": gems[BLUE],
            "red gems": gems[RED],
            "gold": self.bank + sum(self.gold) + self.loot_gold + self.treasure_gold,
            "soldiers": self.soldier_supply + sum(self.soldiers),
            "amber markers": self.marker_supply + sum(self.markers),
            "journey cards": cards - starting,
            "starting cards": starting,
            "demon and treasure cards": demons,
            "event cards": (sum(self.event_deck) + sum(self.event_discard)
                            + sum(map(sum, self.event_hand))),
        }

    def describe(self) -> str:
        """The position in the short text form that ``from_description`` reads."""
        return describe(self)

    def validate(self) -> None:
        """Raise ValueError if this position could not arise under the rules: a field out of
        its bounds (the schema's codecs), fields that disagree (setup.validate), or a stale
        cache."""
        SCHEMA.load(self.snapshot())
        validate(self)
        if (self._who != self.whose_turn() or self.left != sum(self.deck)
                or self.drawable != deck_table(self.deck)):
            raise ValueError("The cached player to move is out of date.")

    def __repr__(self) -> str:
        return (f"<Ambar (2018) {len(self.names)} players, round {self.round}, "
                f"{PHASES[self.phase]}, move {len(self.history)}>")


    # ----- the dispatch tables: each action kind and window phase → the methods that serve it
    STEPS: ClassVar[dict[str, Callable[..., Any]]] = {
        "card": _reveal_card,
        "draw": _on_draw,
        "stop": _on_stop,
        "make": _make,
        "carry": _start_carry,
        "pass": _on_pass,
        "end": _on_end,
        "sell": _sell,
        "buy": _buy,
        "play": _play_event,
        "discard": _on_discard,
        "event": _receive_event,
        "peek": _on_peek,
        "reveal": _on_reveal,
        "fight": _resolve_danger,
        "pay": _resolve_danger,
        "forest": _buy_forest,
        "soldier": _on_soldier,
        "recover": _on_recover,
        "continue": _on_continue,
        "new_round": _on_new_round,
    }
    """The step that applies each kind of action (``Action.kind``): one dict look-up per move."""

    WINDOWS: ClassVar[dict[int, tuple[Callable[..., Any], Callable[..., Any]]]] = {
        RESPONSE: (_holds_events, _close_response),
        CARRY_WINDOW: (_holds_events, _deliver),
        TRADING: (_can_trade, _close_trade),
        UPGRADES: (_can_upgrade, _end_turn),
    }
    """Per window phase: does a seat have a real choice in it, and what closes it."""


STEPS, WINDOWS = Ambar2018State.STEPS, Ambar2018State.WINDOWS  # one global look-up a move
STEP_OF = {action: STEPS[action.kind] for action in VOCABULARY.values()}
"""Each action → its step: ``STEPS[action.kind]`` with one look-up fewer, at every move."""


BANDIT_ORDER: list[tuple[int, ...]] = [
    (*range(demand, -1, -1), *range(demand + 1, 3)) for demand in range(3)]
"""Per demanded colour, the colours a bandit takes in the order it looks for them (AB-4.4)."""


def bandit_colour(demand: int, alchemy: list[int], village: list[int]) -> int:
    """The gem colour a bandit takes, or -1 for a gold coin (AB-4.4).

    The demanded colour; else the next most valuable below it, going down; else, when
    only more valuable gems are left, the least valuable of those."""
    for col in BANDIT_ORDER[demand]:
        if alchemy[col] or village[col]:
            return col
    return -1


def cheat_pairs(mine: list[int], theirs: list[int]) -> list[tuple[int, int]]:
    """Cheating Alchemy (AB-11.8): my two least valuable gems against their two most
    valuable, each pair swapped only if theirs is more valuable."""
    low = [c for c in range(3) for _ in range(mine[c])][:2]
    high = [c for c in range(2, -1, -1) for _ in range(theirs[c])][:2]
    return [(a, b) for a, b in zip(low, high) if b > a]


def company_moves(alchemy: list[int], village: list[int], card: int) -> list[int]:
    """Company (AB-11.12): up to 3 gems to the village, most valuable allowed first."""
    room = CAPACITY[card] - sum(village)
    moves: list[int] = []
    for col in range(BEST[card], -1, -1):
        take = min(alchemy[col], 3 - len(moves), max(room - len(moves), 0))
        moves += [col] * take
    return moves


def new_game(
    players: int = 2, seed: int | None = None, names: Sequence[str] | None = None
) -> Ambar2018State:
    """A game set up by the rules (AB-2). Nothing random is decided here: the starting
    event cards are dealt by chance nodes and the shuffled deck is drawn card by card, so
    ``seed`` changes nothing (it is accepted so that every game is started the same way)."""
    count = check_players(players)
    if names is not None:
        if not isinstance(names, (list, tuple)):
            raise ValueError(f"'names' must list {count} non-empty names.")
        names = names_field(list(names), count)
    key = (count, tuple(names) if names is not None else None)
    template = _NEW_GAMES.get(key)
    if template is None:
        template = _NEW_GAMES[key] = _set_up(count, names)
    return template.clone()  # set-up is the same every time: build it once, copy it


_NEW_GAMES: dict[tuple[int, tuple[str, ...] | None], Ambar2018State] = {}


def _set_up(count: int, names: Sequence[str] | None) -> Ambar2018State:
    """The position before the starting event cards are dealt (AB-2)."""
    start = SUPPLIES["start"]
    unused = max(PLAYER_COUNTS) - count
    box = {CODES[c]: unused for c in STARTING} if unused else {}
    seats = [starting_seat() for _ in range(count)]
    handed = {c: count * n for c, n in start["alchemy_gems"].items()}
    return from_snapshot({
        "players": count,
        "names": list(names) if names is not None else default_names(count),
        "round": 1, "phase": "deal", "active": 0, "decider": None, "queue": [],
        "deck": {CODES[c]: n for c, n in enumerate(ROUND1) if n},
        "aside": {CODES[c]: n for c, n in enumerate(ROUND2) if n},
        "discard": {}, "box": box, "top": None, "top_known": [],
        "lineup": [], "used": [], "turned": None, "drawn": 0, "fled": False,
        "chants_check": False, "actions": 0, "recover_later": False, "seats": seats,
        "supply": {"marker_supply": MARKERS - count * start["markers"],
                   "soldier_supply": SOLDIERS - count * start["soldiers"],
                   "bank": BANK - count * start["gold"]},
        "hoard": {c: GEM_TOTALS[i] - handed.get(c, 0) for i, c in enumerate(COLOURS)},
        "loot": {}, "loot_gold": 0, "sold": {}, "treasure": {}, "treasure_gold": 0,
        "carry": None,
        "event_deck": dict(zip(EVENTS, EVENT_COUNTS)), "event_discard": {},
        "serpent": "place", "serpent_next": None, "demon": "aside", "demon_out": False,
        "deal": 0, "ended": None,
    })


def from_snapshot(data: Any) -> Ambar2018State:
    """The position ``data`` (as ``snapshot()`` writes it), checked; ValueError if it is not one."""
    loaded = SCHEMA.load(data)  # every field within its bounds
    state = Ambar2018State.__new__(Ambar2018State)
    SCHEMA.set_on(state, loaded)
    state.begin()  # the caches worked out from the fields
    validate(state)  # the fields agree under the rules
    return state


def from_description(text: str) -> Ambar2018State:
    """The position a few lines describe (see description.py); ValueError if there is none."""
    return from_snapshot(parse_description(text))

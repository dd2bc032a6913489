"""Amber Route: the rules engine (clauses in docs/rules/amber_route.md, cited as AR-x.y).

The game is driven by a *queue of steps*. A step is a ``Step`` (data.py): its kind and up
to three numbers, read by name (``step.kind``, ``step.player``, ``step.a``, ``step.b``).
The head of the queue says who acts: a player (a choice), chance (a die roll, a card
drawn) or nobody (an automatic step the engine runs at once). An action resolves the head
and may push new steps in front, so a gift that draws two light cards for another player,
a discard over the hand limit and a monster's next round all happen in rulebook order
without special cases. Every die is its own chance node with six outcomes of weight 1
(AR-1.6); every card drawn is a chance node over the cards left.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from itertools import compress, product
from operator import add, mul
from typing import Any, ClassVar, cast

from boardlib.amber_route.data import (
    ADVANCED,
    ATTACKER,
    CARD_KEEP,
    CARD_KIND,
    CARD_LEVEL,
    CARD_REWARD,
    CARD_TERRAIN,
    CASTLE,
    CHALLENGES,
    CITY,
    DARK_TOKENS,
    DEFENDER,
    DUEL_ADDED,
    DUEL_SEAT,
    DUEL_STRENGTH,
    EXTRA_DIE_TERRAIN,
    FAMILY,
    FIELD_TERRAIN,
    FIELD_TYPE,
    GHOST,
    GHOSTS,
    GIFTS,
    GRACE,
    GRACE_CARDS,
    GUARD_LIMIT,
    HAND_LIMIT,
    LEVEL_AMBER,
    LEVEL_CHOICE,
    LIGHT_KINDS,
    LIGHT_TOKENS,
    LIGHT_VALUE,
    MAX_DICE,
    MONSTER,
    MONSTERS,
    PLACEHOLDER_NOTE,
    PLAYER_COUNTS,
    R_DAMAGE,
    R_REROLL1,
    R_REROLL2,
    REWARDS,
    SCORE,
    START,
    STEP_WHO,
    TERRAIN,
    TOTAL_AMBER,
    TOTAL_GUARDS,
    TRAP,
    TRAP_DICE,
    VERSIONS,
    VILLAGE,
    Step,
    _step,
    light_matches,
)
from boardlib.amber_route.description import describe, parse_description
from boardlib.amber_route.explain import explain
from boardlib.amber_route.messages import MESSAGES, format_value
from boardlib.amber_route.observation import AmberRouteObservation
from boardlib.amber_route.setup import (
    _CHALLENGE_CARDS,
    _FAMILY_DARK_DECK,
    _LIGHT_DECK,
    SCHEMA,
    _check_next_step,
    _light_counts_of,
    check_players,
    check_version,
    validate,
)
from boardlib.fields import names_field
from boardlib.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameState,
    IllegalAction,
    Start,
    new_event,
    one_fewer,
    start_later,
)
from boardlib.ranking import Result, rank_players

GAME = "amber_route"
_CARD = ("card",)  # the field a light card drawn into a hidden hand keeps secret
_CHANCE_STEPS = frozenset(kind for kind, who in STEP_WHO.items() if who == "c")


# ----- actions --------------------------------------------------------------------------
def _vocabulary() -> dict[str, Action]:
    a: list[Action] = [
        Action("draw card", "draw_card"), Action("take guard", "take_guard"),
        Action("recruit", "recruit"), Action("buy cards", "buy"),
        Action("move 1", "move", 1), Action("move 2", "move", 2), Action("grace", "grace"),
        Action("reward guard", "reward", 0), Action("reward light", "reward", 1),
        Action("go", "go"), Action("done", "done"), Action("no attack", "no_attack"),
        Action("ready", "ready"),
        Action("loot amber", "loot", 0), Action("loot cards", "loot", 1),
        Action("loot guards", "loot", 2),
    ]
    for k, token in enumerate(LIGHT_TOKENS):
        for verb in ("discard", "play", "lose", "add", "keep", "card", "steal"):
            a.append(Action(f"{verb} {token}", verb, k))
    a += [Action(f"use {token}", "use", c) for c, token in enumerate(DARK_TOKENS)
          if CARD_REWARD[c] in EXTRA_DIE_TERRAIN or CARD_REWARD[c] == R_DAMAGE]
    a += [Action(f"reveal {token}", "reveal", c) for c, token in enumerate(DARK_TOKENS)]
    for i in range(MAX_DICE):
        a += [Action(f"up {i + 1}", "up", i), Action(f"down {i + 1}", "down", i),
              Action(f"reroll {i + 1}", "reroll", i)]
        a += [Action(f"set {i + 1} {v}", "set", i, v) for v in range(1, 7)]
        a += [Action(f"reroll {i + 1} {j + 1}", "reroll2", i, j) for j in range(i + 1, MAX_DICE)]
    a += [Action(f"attack {q + 1}", "attack", q) for q in range(4)]
    a += [Action(f"pick {v}", "pick", v) for v in range(1, 7)]
    a += [Action(f"die {v}", "die", v) for v in range(1, 7)]
    vocabulary = {str(x): x for x in a}
    vocabulary.update({str(x).lower(): x for x in a})
    return vocabulary


VOCABULARY = _vocabulary()
DIE = tuple(VOCABULARY[f"die {v}"] for v in range(1, 7))
CARD = [VOCABULARY[f"card {t}"] for t in LIGHT_TOKENS]
STEAL = [VOCABULARY[f"steal {t}"] for t in LIGHT_TOKENS]
DISCARD = [VOCABULARY[f"discard {t}"] for t in LIGHT_TOKENS]
PLAY = [VOCABULARY[f"play {t}"] for t in LIGHT_TOKENS]
LOSE = [VOCABULARY[f"lose {t}"] for t in LIGHT_TOKENS]
ADD = [VOCABULARY[f"add {t}"] for t in LIGHT_TOKENS]
KEEP = [VOCABULARY[f"keep {t}"] for t in LIGHT_TOKENS]
REVEAL = [VOCABULARY[f"reveal {t}"] for t in DARK_TOKENS]
USE = {a.args[0]: a for a in VOCABULARY.values() if a.kind == "use"}  # kept cards, before a roll
UP = [VOCABULARY[f"up {i + 1}"] for i in range(MAX_DICE)]
DOWN = [VOCABULARY[f"down {i + 1}"] for i in range(MAX_DICE)]
SET = [{v: VOCABULARY[f"set {i + 1} {v}"] for v in range(1, 7)} for i in range(MAX_DICE)]
"""``SET[die][value]``: set that die to that value (AR-11.3)."""
REROLL = [VOCABULARY[f"reroll {i + 1}"] for i in range(MAX_DICE)]
REROLL2 = {(i, j): VOCABULARY[f"reroll {i + 1} {j + 1}"]
           for i in range(MAX_DICE) for j in range(i + 1, MAX_DICE)}
ATTACK = [VOCABULARY[f"attack {q + 1}"] for q in range(4)]
PICK = [VOCABULARY[f"pick {v}"] for v in range(7)[1:]]
GO = VOCABULARY["go"]


# ----- choices worked out once: legal moves are asked for at every step -----------------
def _action_choices() -> dict[tuple[bool, bool, bool, bool], tuple[Action, ...]]:
    """The turn's one action (AR-4.1, AR-5) for each (may recruit, may buy, may move 2,
    holds grace); "move 1" is always there."""
    table = {}
    for recruit, buy, move2, grace in product((False, True), repeat=4):
        table[recruit, buy, move2, grace] = tuple(
            action for action, allowed in (
                (VOCABULARY["recruit"], recruit), (VOCABULARY["buy cards"], buy),
                (VOCABULARY["move 1"], True), (VOCABULARY["move 2"], move2),
                (VOCABULARY["grace"], grace)) if allowed)
    return table


_ACTION_CHOICES = _action_choices()
_DRAW_CHOICES = ((VOCABULARY["draw card"],),  # by "below 6 guards"
                 (VOCABULARY["draw card"], VOCABULARY["take guard"]))
_REWARD_CHOICES = (VOCABULARY["reward guard"], VOCABULARY["reward light"])
_KINDS = range(LIGHT_KINDS)  # every light card kind, in order
_MATCHING = [tuple(k for k in range(LIGHT_KINDS) if light_matches(k, field))
             for field in range(CASTLE + 1)]
"""The light card kinds that help on each field (AR-7.1)."""
_MATCH_MASK = [[int(k in kinds) for k in range(LIGHT_KINDS)] for kinds in _MATCHING]
"""``[field][kind]``: 1 if that kind helps there (``_MATCHING`` as a mask over a hand)."""
_PLAYABLE = [[tuple(PLAY[k] if k in kinds and nd + LIGHT_VALUE[k] <= MAX_DICE else None
                    for k in range(LIGHT_KINDS))
              for nd in range(MAX_DICE + 1)] for kinds in _MATCHING]
"""``[field][dice so far][kind]``: "play" that kind if it helps there and still fits in the
box's dice, else None: compressed by a hand's counts, less the Nones, the cards that may be
played (two passes in C, half the work of multiplying a mask by the hand)."""


def _nudges(i: int, v: int) -> tuple[Action, ...]:
    """A guard's changes to die ``i`` showing ``v`` (AR-7.2): up below 6, down from 2 to 5."""
    if v >= 6:
        return ()
    return (UP[i], DOWN[i]) if v > 1 else (UP[i],)


_NUDGES = [[_nudges(i, v) for v in range(7)] for i in range(MAX_DICE)]
"""``[die][value]``: ``_nudges``, worked out once."""
_SETS = [[tuple(SET[i][w] for w in range(1, 7) if w != v) for v in range(7)]
         for i in range(MAX_DICE)]
"""``[die][value]``: an amber's settings of that die to any other value (AR-7.3)."""
_REROLL2_OF = [tuple(REROLL2[i, j] for i in range(n) for j in range(i + 1, n))
               for n in range(MAX_DICE + 1)]
"""``[dice]``: the pairs a kept "reroll 2" reward may reroll (AR-11.3)."""
_DONE = VOCABULARY["done"]


def _modify_choices(dice: list[int], guards: bool, amber: bool, reroll1: bool,
                    reroll2: bool) -> list[Action]:
    """Ways to change ``dice`` (AR-7.2, AR-7.3, AR-11.3), die by die from the tables above
    (a hot path: asked after every roll and every change; plain loops over a few dice cost
    a quarter less than chaining a map of look-ups)."""
    acts: list[Action] = []
    if guards:
        for nudges, value in zip(_NUDGES, dice):
            acts += nudges[value]
    if amber:
        for sets, value in zip(_SETS, dice):
            acts += sets[value]
    if reroll1:
        acts += REROLL[: len(dice)]
    if reroll2:
        acts += _REROLL2_OF[len(dice)]
    acts.append(_DONE)
    return acts


# Who acts at each kind of step (STEP_WHO): "p" the step's player, "c" chance, "a" automatic.
# The steps the engine pushes most, looked up once (a step is immutable: see data.Step).
SEATS = range(max(PLAYER_COUNTS))
_LIGHT_STEP = [_step("light", p) for p in SEATS]
_ONLY = [frozenset((p,)) for p in SEATS]
"""``[player]``: who alone sees a card drawn into a hidden hand (an event's ``seen_by``,
made once: ``new_event`` keeps a frozenset as it is)."""
_DARK_STEP = [_step("dark", p) for p in SEATS]
_PREPARE_STEP = [_step("prepare", p) for p in SEATS]
_DISCARD_STEP = [_step("discard", p) for p in SEATS]
_MODIFY_STEP = [_step("modify", p, 0, 0) for p in SEATS]  # a challenge roll (AR-7.2)
_MON_HIT_STEP = [_step("mon_hit", p) for p in SEATS]
_CHECK_STEP = [[_step(check, p) for p in SEATS] for check in ("hit", "ghost", "trap")]
"""``[challenge kind][player]``: the step that counts the dice (AR-8.4, AR-9.1, AR-10.1)."""
_ROLL_STEPS = [tuple(_step("roll", target, i) for i in range(MAX_DICE)) for target in (0, 1)]
"""``[0 the player's dice, 1 the other dice][:n]``: one chance step per die (AR-1.6)."""
_ROUND_STEPS = [[[(*_ROLL_STEPS[0][:count], _MODIFY_STEP[p], _CHECK_STEP[kind][p])
                  for count in range(MAX_DICE + 1)] for p in SEATS] for kind in (0, 1, 2)]
"""``[challenge kind][player][dice]``: a challenge round's steps: roll each die, change them,
count them (``_CHECK_STEP``)."""
_MONSTER_STEPS = [[(*_ROLL_STEPS[1][:count], _MON_HIT_STEP[p]) for count in range(MAX_DICE + 1)]
                  for p in SEATS]
"""``[player][dice]``: the monster's attack: roll its dice, then count its hits."""
_TURN_STEPS: list[list[tuple[Step, ...]]] = [
               [(_step("action", p),) for p in SEATS],
               [(_step("draw_phase", p), _step("action", p)) for p in SEATS]]
"""``[version][player]``: a turn's choices; Family draws first (AR-4.1, AR-4.2)."""
_END_TURN = _step("end_turn")
_WHOSE_DICE = ("mine", "other")


def light_table_of(light_deck: list[int]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """The light deck as a draw's chance outcomes: 'card X' per card left, how many of each."""
    return tuple(compress(CARD, light_deck)), tuple(compress(light_deck, light_deck))


def dark_table_of(dark_deck: list[int]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """The darkness deck as a draw's chance outcomes: each card left, all as likely (AR-6.1)."""
    return tuple(map(REVEAL.__getitem__, dark_deck)), (1,) * len(dark_deck)




def _dark_table_without(table: tuple[tuple[Action, ...], tuple[int, ...]],
                        i: int) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """``dark_table`` once the deck's ``i``-th card is drawn: the table is the deck in order,
    every card weighing 1, so the card goes and one weight with it (``one_fewer`` made
    simple: a hot path, at every darkness draw)."""
    outcomes, ones = table
    return outcomes[:i] + outcomes[i + 1:], ones[1:]


class AmberRouteState(GameState):
    """A position of Amber Route: the players, the decks, the challenge in progress, the queue."""

    GAME = GAME
    MESSAGES = MESSAGES
    format_value = staticmethod(format_value)
    VOCABULARY = VOCABULARY
    MOVE_EXAMPLES = "'move 1', 'recruit', 'play F2', 'up 1', 'done' or 'die 4'"
    SCHEMA = SCHEMA  # every field's save key, codec and copy depth (setup.py)
    __slots__ = SCHEMA.slots  # forty fields: in slots, not a dict (GameState.SLOTTED)

    version: int
    names: list[str]
    field: list[int]  # where each player stands: 0 the sea shore … 25 the castle
    guards: list[int]
    amber: list[int]  # unsecured, beside the player card (AR-3.1)
    secured: list[int]  # on the player card (AR-3.2)
    hand: list[list[int]]  # light card counts by kind
    kept: list[list[int]]  # hourglass darkness cards kept for later (AR-11.2)
    grace: list[int]  # the Advanced divine grace card held, or -1 (AR-2.2)
    missed: list[int]  # turns still to miss (AR-10.2)
    light_deck: list[int]
    light_top: int  # the light deck's top card, put back after a look (AR-11.2), or -1
    light_top_seen_by: int  # the seat that put it back and so knows it, or -1
    light_table: tuple[tuple[Action, ...], tuple[int, ...]]  # light_table_of(light_deck), for speed
    light_discard: list[int]
    table: list[int]  # light cards played in a player fight, until it ends
    look: list[int]  # light cards being looked at (reward "look at 2, take 1")
    dark_deck: list[int]  # darkness cards, sorted ids
    dark_table: tuple[tuple[Action, ...], tuple[int, ...]]  # dark_table_of(dark_deck), for speed
    dark_discard: list[int]
    box: list[int]  # grace cards out of the game
    amber_pool: int
    guard_pool: int
    card: int  # the darkness card being resolved, or -1
    level: int  # 0, 1, 2 = I, II, III
    hp: int  # the monster's hit points left
    round: int  # the round of the monster fight or Advanced duel being fought, or 0
    dice_count: int  # dice the player rolls in this challenge
    damage36: bool  # a kept "damage 3-6" reward is in use
    dice: list[int]
    other_dice: list[int]
    duel: list[int]  # a fight, by role (0 attacker, 1 defender): see DUEL_SEAT
    turn: int
    first: int  # the first player in the castle, or -1
    finals: list[int]  # players still owed their one more turn (AR-14.1)
    fresh: bool  # the ending began during the turn now being played
    queue: list[Step]
    _json: str | None  # the save of this position, once asked for (to_json); None after a move
    _actor: int  # current_player(): the head's player, CHANCE or TERMINAL (see _find_actor)
    ended: str | None

    # ----- whose turn, what may be done ---------------------------------------------
    def current_player(self) -> int:
        return self._actor  # worked out once a move (see _apply), asked for several times

    def _find_actor(self) -> None:
        """Keep who acts (``_actor_of`` the queue) in ``_actor``: the protocol asks
        ``current_player`` two or three times a move. Set wherever the queue may have changed:
        after each move (``_apply``), on building a state and in ``invalidate``."""
        self._actor = _actor_of(self.queue)

    def _player_actions(self) -> tuple[Action, ...] | list[Action]:
        head = self.queue[0]
        return _ACTS[head.kind](self, head)

    def _chance_table(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        head = self.queue[0]
        kind = head.kind
        if kind == "roll":
            return DIE, SIX_ONES
        if kind == "dark":  # every darkness card left is as likely (AR-6.1)
            return self.dark_table
        if kind != "steal":  # light, look: the cards left in the deck
            top = self.light_top
            if top >= 0:  # the card put back after a look (AR-11.2) is drawn first
                return (CARD[top],), (1,)
            return self.light_table
        counts = self.hand[head.a]  # steal: from the loser's hand, at random
        return tuple(compress(STEAL, counts)), tuple(compress(counts, counts))

    # each step's choices, from the step (read by name: the kinds use its numbers differently)
    def _acts_draw_phase(self, head: Step) -> tuple[Action, ...]:
        return _DRAW_CHOICES[self.guards[head.player] < GUARD_LIMIT]

    def _acts_action(self, head: Step) -> tuple[Action, ...]:
        p = head.player
        guards = self.guards[p]
        return _ACTION_CHOICES[guards < GUARD_LIMIT, self.amber[p] > 0,
                               guards > 0 and self.field[p] + 2 <= CASTLE, self.grace[p] >= 0]

    def _acts_discard(self, head: Step) -> tuple[Action, ...]:
        return tuple(compress(DISCARD, self.hand[head.player]))

    def _acts_reward(self, head: Step) -> tuple[Action, ...]:
        return _REWARD_CHOICES

    def _acts_prepare(self, head: Step) -> list[Action]:
        p = head.player
        hand = self.hand[p]
        acts = [*filter(None, compress(_PLAYABLE[self.field[p]][self.dice_count], hand))]
        kept = self.kept[p]
        if kept:
            acts += [USE[c] for c in sorted(set(kept)) if self._usable_before(c, p)]
        acts.append(GO)
        return acts

    def _usable_before(self, c: int, p: int) -> bool:
        """A kept extra-die card on its terrain, or damage 3-6 against a monster (AR-11.3)."""
        reward = CARD_REWARD[c]
        if reward in EXTRA_DIE_TERRAIN:
            return (EXTRA_DIE_TERRAIN[reward] == FIELD_TERRAIN[self.field[p]]
                    and self.dice_count < MAX_DICE)
        return reward == R_DAMAGE and CARD_KIND[self.card] == MONSTER and not self.damage36

    def _acts_modify(self, head: Step) -> list[Action]:
        p = head.player
        dice = self.dice if head.b == 0 else self.other_dice  # b: whose dice
        if head.a != 0:  # a, the mode: a Family fight's dice change by guards only (AR-13.5)
            return _modify_choices(dice, self.guards[p] > 0, False, False, False)
        kept = self.kept[p]
        if kept:
            rewards = [*map(CARD_REWARD.__getitem__, kept)]
            reroll1, reroll2 = R_REROLL1 in rewards, R_REROLL2 in rewards
        else:
            reroll1 = reroll2 = False
        return _modify_choices(dice, self.guards[p] > 0, self.amber[p] > 0, reroll1, reroll2)

    def _acts_pay(self, head: Step) -> tuple[Action, ...]:
        return tuple(compress(LOSE, self.hand[head.player]))

    def _acts_attack(self, head: Step) -> list[Action]:
        return [ATTACK[q] for q in self.targets(head.player)] + [VOCABULARY["no attack"]]

    def targets(self, p: int) -> list[int]:
        """Players ``p`` may attack: on the same field (AR-12.1); Family needs a card (AR-13.1)."""
        here = self.field[p]
        if self.version == FAMILY and not self._matching(p):
            return []
        return [q for q in range(len(self.names)) if q != p and self.field[q] == here]

    def _matching(self, p: int) -> list[int]:
        return [*compress(_KINDS, map(mul, _MATCH_MASK[self.field[p]], self.hand[p]))]

    def _acts_duel_cards(self, head: Step) -> list[Action]:
        added = self.duel[DUEL_ADDED + head.a]  # a: the role
        acts = list(compress(ADD, self.hand[head.player])) if added < 2 else []
        return [*acts, VOCABULARY["ready"]]

    def _acts_contest_first(self, head: Step) -> list[Action]:
        return [ADD[k] for k in self._matching(head.player)]

    def _acts_contest_cards(self, head: Step) -> list[Action]:
        return [*(ADD[k] for k in self._matching(head.player)), VOCABULARY["ready"]]

    def _acts_loot(self, head: Step) -> list[Action]:
        return self._loot(head.a)  # a: the loser

    def _loot(self, loser: int) -> list[Action]:
        """What the winner of a fight may take from ``loser`` (AR-12.5)."""
        acts = []
        if self.amber[loser]:
            acts.append(VOCABULARY["loot amber"])
        if sum(self.hand[loser]):
            acts.append(VOCABULARY["loot cards"])
        if self.guards[loser]:
            acts.append(VOCABULARY["loot guards"])
        return acts

    def _acts_pick(self, head: Step) -> list[Action]:
        return [PICK[v - 1] for v in sorted(set(self.dice)) if v]

    def _acts_keep(self, head: Step) -> tuple[Action, ...]:
        return tuple(compress(KEEP, self.look))

    # ----- applying actions ---------------------------------------------------------
    def _apply(self, action: Action, events: list[Event]) -> None:
        """Resolve the head step with ``action``, then run the automatic steps until a player
        or chance must act, keeping who that is in ``_actor``.

        A hot path (every move ends here): the run of automatic steps is written out once,
        and who acts is read off the kind already in hand rather than by ``_actor_of``."""
        self._json = None
        queue = self.queue
        head = queue[0]
        _DO[head.kind](self, action, head, events)
        while queue:
            head = queue[0]
            kind = head.kind
            if kind in _PLAYER_WAITS:  # the usual case: a choice
                self._actor = head.player
                return
            if kind == "roll" or (kind == "dark" and self.dark_deck) or (
                    kind == "light" and any(self.light_deck)):  # a die, a card from a deck
                self._actor = CHANCE
                return
            auto = _AUTO.get(kind)
            if auto is not None:
                queue.pop(0)
                auto(self, head, events)
            elif not _SKIP[kind](self, head, events):  # the step waits for its actor
                self._actor = CHANCE if kind in _CHANCE_STEPS else head.player
                return
        self._actor = TERMINAL

    def _push(self, *steps: Step) -> None:
        """Put ``steps`` at the front of the queue, in the order given."""
        self.queue[0:0] = steps

    # steps that may be dropped, or need the deck made up, before anyone acts
    def _skip_light(self, head: Step, events: list[Event]) -> bool:
        """An empty light deck: reshuffle the discards (AR-1.4), or draw nothing."""
        if any(self.light_deck):
            return False
        if any(self.light_discard):
            self.light_deck, self.light_discard = self.light_discard, [0] * LIGHT_KINDS
            self.light_table = light_table_of(self.light_deck)
            events.append(new_event(GAME, "reshuffle_light", None, {}))
        else:
            self.queue.pop(0)
            events.append(new_event(GAME, "no_light", head.player, {}))
        return True

    def _skip_dark(self, head: Step, events: list[Event]) -> bool:
        """An empty darkness deck: reshuffle the discards (AR-6.3), or draw nothing."""
        if self.dark_deck:
            return False
        if self.dark_discard:
            self.dark_deck, self.dark_discard = sorted(self.dark_discard), []
            self.dark_table = dark_table_of(self.dark_deck)
            events.append(new_event(GAME, "reshuffle_dark", None, {}))
        else:
            self.queue.pop(0)
            events.append(new_event(GAME, "no_dark", head.player, {}))
        return True

    def _drop_if(self, pointless: bool) -> bool:
        if pointless:
            self.queue.pop(0)
        return pointless

    def _skip_keep(self, head: Step, events: list[Event]) -> bool:
        return self._drop_if(not any(self.look))

    def _skip_steal(self, head: Step, events: list[Event]) -> bool:
        return self._drop_if(not any(self.hand[head.a]))

    def _skip_pay(self, head: Step, events: list[Event]) -> bool:
        return self._drop_if(not any(self.hand[head.player]))

    def _skip_attack(self, head: Step, events: list[Event]) -> bool:
        """No attack when nobody else stands on the field (the usual case, counted first)."""
        field = self.field
        return self._drop_if(field.count(field[head.player]) < 2
                             or not self.targets(head.player))

    def _skip_loot(self, head: Step, events: list[Event]) -> bool:
        return self._drop_if(not self._loot(head.a))

    def _skip_pick(self, head: Step, events: list[Event]) -> bool:
        return self._drop_if(not any(self.dice))

    # chance steps
    def _do_roll(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        target, index = head.player, head.a
        value = action.args[0]
        (self.dice if target == 0 else self.other_dice)[index] = value
        events.append(new_event(GAME, "roll", None, {"value": value, "whose": _WHOSE_DICE[target]}))

    def _do_light(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        k, p = action.args[0], head.player
        self.light_deck[k] -= 1
        self.light_table = one_fewer(self.light_table, action)
        self.hand[p][k] += 1
        events.append(new_event(GAME, "draw_light", p, {"card": LIGHT_TOKENS[k]},
                                seen_by=self._drawn_from_top(p),
                                secret=_CARD))  # AR-1.4: a hand is hidden
        self._check_hand(p)

    def _do_look(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        k = action.args[0]
        self.light_deck[k] -= 1
        self.light_table = one_fewer(self.light_table, action)
        self.look[k] += 1
        events.append(new_event(GAME, "look_light", head.player, {"card": LIGHT_TOKENS[k]},
                                seen_by=self._drawn_from_top(head.player), secret=_CARD))

    def _drawn_from_top(self, p: int) -> frozenset[int]:
        """Who sees the light card ``p`` has just drawn: ``p``, and whoever put it back on
        top of the deck (AR-11.2), who knew it; the top is unknown again."""
        seen = self.light_top_seen_by
        if seen < 0:
            return _ONLY[p]
        self.light_top = self.light_top_seen_by = -1
        return _ONLY[p] if seen == p else frozenset((p, seen))

    def _do_steal(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        k, w, loser = action.args[0], head.player, head.a
        self.hand[loser][k] -= 1
        self.hand[w][k] += 1
        events.append(new_event(GAME, "steal", w, {"victim": loser, "card": LIGHT_TOKENS[k]},
                                seen_by=(w, loser), secret=_CARD))
        self._check_hand(w)

    def _check_hand(self, p: int) -> None:
        """Over 7 light cards, the owner chooses what to discard (AR-5.4)."""
        if sum(self.hand[p]) > HAND_LIMIT:
            self.queue.insert(0, _DISCARD_STEP[p])

    def _do_dark(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        c, p = action.args[0], head.player
        deck = self.dark_deck
        i = bisect_left(deck, c)  # the deck is kept sorted: found in a few steps, not a scan
        del deck[i]
        self.dark_table = _dark_table_without(self.dark_table, i)
        self.card = c
        if CARD_KIND[c] == GRACE:  # AR-6.5: only the Family deck holds grace cards
            events.append(new_event(GAME, "draw_grace", p, {"card": DARK_TOKENS[c]}))
            self._push(_step("grace", p, 1))
            return
        self.level = level = CARD_LEVEL[c][self.field[p]]
        kind = CARD_KIND[c]
        self.dice_count = TRAP_DICE[level] if kind == TRAP else 1
        self.hp = MONSTERS[self.version][level][0] if kind == MONSTER else 0
        self.damage36 = False
        events.append(new_event(GAME, "draw_dark", p,
            {"card": DARK_TOKENS[c], "challenge": CHALLENGES[kind], "terrain": CARD_TERRAIN[c],
             "level": level}))
        self.queue.insert(0, _PREPARE_STEP[p])

    # player steps
    def _do_draw_phase(self, action: Action, head: Step, events: list[Event]) -> None:
        p = head.player
        if action.kind == "take_guard":
            self.queue.pop(0)
            self._gain_guards(p, 1, events)
        else:
            self.queue[0] = _LIGHT_STEP[p]

    def _do_action(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        p = head.player
        kind = action.kind
        if kind == "move":
            steps = action.args[0]
            if steps == 2:
                self.guards[p] -= 1
                self.guard_pool += 1
            field = self.field
            field[p] += steps
            events.append(new_event(GAME, "move", p, {"steps": steps, "field": field[p]}))
            self._enter(p, events)
        elif kind == "recruit":  # AR-5.1
            self._gain_guards(p, 2 if FIELD_TYPE[self.field[p]] == VILLAGE else 1, events)
        elif kind == "buy":  # AR-5.3
            self.amber[p] -= 1
            self.amber_pool += 1
            events.append(new_event(GAME, "buy", p, {}))
            self._push(_step("light", p), _step("light", p))
        else:  # grace, AR-5.7
            insort(self.box, self.grace[p])
            self.grace[p] = -1
            events.append(new_event(GAME, "play_grace", p, {}))
            self._push(_step("grace", p, 0))

    def _enter(self, p: int, events: list[Event]) -> None:
        """Follow the field's instructions (AR-5.6)."""
        kind = FIELD_TYPE[self.field[p]]
        if kind == TERRAIN:
            self.queue.insert(0, _DARK_STEP[p])
        elif kind == VILLAGE:
            self._gain_guards(p, 1, events)
        elif kind == CITY:
            self._gain_amber(p, 1, events)
        else:
            self._arrive(p, events)

    def _do_discard(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        p, k = head.player, action.args[0]
        self.hand[p][k] -= 1
        self.light_discard[k] += 1
        events.append(new_event(GAME, "discard", p, {"card": LIGHT_TOKENS[k]}))
        self._check_hand(p)

    def _do_reward(self, action: Action, head: Step, events: list[Event]) -> None:
        if action.args[0] == 0:
            self.queue.pop(0)
            self._gain_guards(head.player, 1, events)
        else:
            self.queue[0] = _LIGHT_STEP[head.player]

    def _do_prepare(self, action: Action, head: Step, events: list[Event]) -> None:
        p = head.player
        if action.kind == "play":  # AR-7.1: support = the card's value in dice
            k = action.args[0]
            self.hand[p][k] -= 1
            self.light_discard[k] += 1
            self.dice_count += LIGHT_VALUE[k]
            events.append(new_event(GAME, "play_light", p,
                {"card": LIGHT_TOKENS[k], "dice": self.dice_count}))
        elif action.kind == "use":  # AR-11.3
            c = action.args[0]
            self._use_kept(p, c)
            if CARD_REWARD[c] == R_DAMAGE:
                self.damage36 = True
            else:
                self.dice_count += 1
            events.append(new_event(GAME, "use_kept", p, {"card": DARK_TOKENS[c],
                                                 "reward": REWARDS[CARD_REWARD[c]]}))
        else:
            self.queue.pop(0)
            kind = CARD_KIND[self.card]
            if kind == MONSTER:
                self.round = 1  # AR-8.4: the fight's first round begins
            self._roll_round(p, kind)

    def _roll_round(self, p: int, kind: int) -> None:
        """A round of the challenge of ``kind``: the player's dice rolled, changed, counted."""
        count = self.dice_count
        self.dice = [0] * count
        self.queue[0:0] = _ROUND_STEPS[kind][p][count]

    def _use_kept(self, p: int, c: int) -> None:
        self.kept[p].remove(c)
        insort(self.dark_discard, c)

    def _do_modify(self, action: Action, head: Step, events: list[Event]) -> None:
        p, target = head.player, head.b
        dice = self.dice if target == 0 else self.other_dice
        kind = action.kind
        if kind == "done":
            self.queue.pop(0)
            return
        i = action.args[0]
        if kind in ("up", "down"):  # AR-7.2
            self.guards[p] -= 1
            self.guard_pool += 1
            before = dice[i]
            dice[i] += 1 if kind == "up" else -1
            events.append(new_event(GAME, "nudge", p,
                {"die": i + 1, "before": before, "after": dice[i]}))
        elif kind == "set":  # AR-7.3
            self.amber[p] -= 1
            self.amber_pool += 1
            before = dice[i]
            dice[i] = action.args[1]
            events.append(new_event(GAME, "set_die", p,
                {"die": i + 1, "before": before, "after": dice[i]}))
        else:  # AR-11.3: a kept reroll reward
            wanted = R_REROLL1 if kind == "reroll" else R_REROLL2
            card = next(c for c in self.kept[p] if CARD_REWARD[c] == wanted)
            self._use_kept(p, card)
            indexes = action.args
            events.append(new_event(GAME, "reroll", p,
                {"dice": " ".join(str(j + 1) for j in indexes)}))
            self._push(*(_step("roll", target, j) for j in indexes))

    def _do_pay(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        p, n = head.player, head.a
        k = action.args[0]
        self.hand[p][k] -= 1
        self.light_discard[k] += 1
        events.append(new_event(GAME, "lose_card", p, {"card": LIGHT_TOKENS[k]}))
        if n > 1:
            self._push(_step("pay", p, n - 1))

    def _do_attack(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        p = head.player
        if action.kind == "no_attack":
            return
        q = action.args[0]
        events.append(new_event(GAME, "attack", p, {"defender": q}))
        if self.version == ADVANCED:  # AR-12.2: one die each, cards add dice
            self.duel = [p, q, 1, 1, 0, 0]
            self._push(_step("duel_cards", p, 0), _step("duel_cards", q, 1), _step("duel_round"))
        else:  # AR-13.1
            self.duel = [p, q, 0, 0]
            self._push(_step("contest_first", p), _step("light", p), _step("light", q),
                       _step("contest_cards", q, 1), _step("contest_cards", p, 0),
                       _step("contest_roll"))

    def _to_table(self, p: int, k: int) -> None:
        self.hand[p][k] -= 1
        self.table[k] += 1

    def _do_duel_cards(self, action: Action, head: Step, events: list[Event]) -> None:
        p, role = head.player, head.a
        if action.kind == "ready":
            self.queue.pop(0)
            return
        self._to_table(p, action.args[0])
        self.duel[DUEL_STRENGTH + role] += 1
        self.duel[DUEL_ADDED + role] += 1
        events.append(new_event(GAME, "fight_card", p, {"card": LIGHT_TOKENS[action.args[0]]}))

    def _do_contest_first(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        self._to_table(head.player, action.args[0])
        self.duel[DUEL_STRENGTH + ATTACKER] += 1
        events.append(new_event(GAME, "fight_card", head.player,
            {"card": LIGHT_TOKENS[action.args[0]]}))

    def _do_contest_cards(self, action: Action, head: Step, events: list[Event]) -> None:
        p, role = head.player, head.a
        if action.kind == "ready":
            self.queue.pop(0)
            return
        self._to_table(p, action.args[0])
        self.duel[DUEL_STRENGTH + role] += 1
        events.append(new_event(GAME, "fight_card", p, {"card": LIGHT_TOKENS[action.args[0]]}))

    def _do_loot(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        w, loser = head.player, head.a
        what = action.args[0]
        events.append(new_event(GAME, "loot", w, {"victim": loser,
                                         "what": ("amber", "cards", "guards")[what]}))
        if what == 0:
            self._lose_amber(loser, events)
            self._gain_amber(w, 1, events)
        elif what == 1:
            self._push(*(_step("steal", w, loser) for _ in range(min(2, sum(self.hand[loser])))))
        else:
            taken = min(2, self.guards[loser])
            self.guards[loser] -= taken
            self.guard_pool += taken
            self._gain_guards(w, taken, events)

    def _do_pick(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        p, face = head.player, action.args[0]
        self.dice[self.dice.index(face)] = 0
        gift = GIFTS[face - 1]
        events.append(new_event(GAME, "pick", p, {"face": face, "gift": REWARDS[gift]}))
        self._gift(p, gift, events)

    def _do_keep(self, action: Action, head: Step, events: list[Event]) -> None:
        self.queue.pop(0)
        p, k = head.player, action.args[0]
        self.look[k] -= 1
        self.hand[p][k] += 1
        back = next((other for other in range(LIGHT_KINDS) if self.look[other]), -1)
        if back >= 0:  # AR-11.2: the card not taken stays on the deck, on top; only p knows it
            self.look[back] -= 1
            self.light_deck[back] += 1
            self.light_table = light_table_of(self.light_deck)
            self.light_top, self.light_top_seen_by = back, p
        events.append(new_event(GAME, "keep_light" if back >= 0 else "keep_light_only", p,
                                {"card": LIGHT_TOKENS[k]}, seen_by=_ONLY[p], secret=_CARD))
        self._check_hand(p)

    # automatic steps
    def _auto_turn(self, head: Step, events: list[Event]) -> None:
        """A "turn" step: every step kind has its function (no game queues one now: the end
        of a turn begins the next at once, ``_auto_end_turn``)."""
        self._begin_turn(head.player, events)

    def _begin_turn(self, p: int, events: list[Event]) -> None:
        """Player ``p``'s turn: missed, nothing to do in the castle, or their choices."""
        self.turn = p
        events.append(new_event(GAME, "next_turn", p, {}))
        if self.missed[p]:  # AR-10.2
            self.missed[p] -= 1
            events.append(new_event(GAME, "miss_turn", p, {"left": self.missed[p]}))
        elif self.field[p] == CASTLE:
            events.append(new_event(GAME, "in_castle", p, {}))
        else:
            self.queue[0:0] = _TURN_STEPS[self.version][p]

    def _auto_end_turn(self, head: Step, events: list[Event]) -> None:
        """Close the turn, then the next player clockwise, or the end (AR-4.1, AR-14.1)."""
        n = len(self.names)
        if self.first >= 0:
            if not self.fresh and self.turn in self.finals:
                self.finals.remove(self.turn)
            self.fresh = False
            if not self.finals:
                self.ended = "castle"
                events.append(new_event(GAME, "game_over", None, {}))
                return
            after = [(self.turn + i) % n for i in range(1, n + 1)]
            nxt = next(q for q in after if q in self.finals)
        else:
            nxt = (self.turn + 1) % n
        # the next turn at once, as its "turn" step would be: "end_turn" is the queue's last
        # step, so the queue is empty here and that step would run next (a hot path, every turn)
        self.queue.append(_END_TURN)
        self._begin_turn(nxt, events)

    def _auto_hit(self, head: Step, events: list[Event]) -> None:
        """The player's attack (AR-8.4): each die of 4–6 (3–6 with the kept reward) hits."""
        p = head.player
        low = 3 if self.damage36 else 4
        hits = _dice_from(low, self.dice)
        self.hp = max(0, self.hp - hits)
        events.append(new_event(GAME, "player_hits", p, {"hits": hits, "left": self.hp}))
        if not self.hp:
            self._win(p, events)
            return
        count = MONSTERS[self.version][self.level][1]
        self.other_dice = [0] * count
        self.queue[0:0] = _MONSTER_STEPS[p][count]

    def _auto_mon_hit(self, head: Step, events: list[Event]) -> None:
        """The monster's attack: each of its dice at the threshold costs a guard (AR-8.4)."""
        p = head.player
        low = MONSTERS[self.version][self.level][2]
        dealt = _dice_from(low, self.other_dice)
        had = self.guards[p]
        hits = min(had, dealt)
        self.guards[p] -= hits
        self.guard_pool += hits
        events.append(new_event(GAME, "monster_hits", p, {"hits": hits, "left": self.guards[p]}))
        # AR-8.5: lost when the guards are reduced to zero, or when a hit finds none to take
        # it (a fight begun with no guard goes on while the monster misses)
        if (had and not self.guards[p]) or (not had and dealt):
            self._lose(p, events)
        else:
            self.round += 1  # AR-8.4: the next round
            self._roll_round(p, MONSTER)

    def _auto_ghost(self, head: Step, events: list[Event]) -> None:
        p = head.player
        need = GHOSTS[self.version][self.level][0]
        total = sum(self.dice)
        events.append(new_event(GAME, "ghost_total", p, {"total": total, "need": need}))
        if total >= need:
            self._win(p, events)
        else:
            self._lose(p, events)

    def _auto_trap(self, head: Step, events: list[Event]) -> None:
        p = head.player
        need = TRAP_DICE[self.level]
        best = trap_matches(self.dice)
        events.append(new_event(GAME, "trap_matches", p, {"best": min(best, need), "need": need}))
        if best >= need:
            self._win(p, events)
        else:
            self._lose(p, events)

    def _auto_duel_round(self, head: Step, events: list[Event]) -> None:
        self.round += 1  # AR-12.4: the first round, or another one
        a_hp, d_hp = self.duel[DUEL_STRENGTH + ATTACKER], self.duel[DUEL_STRENGTH + DEFENDER]
        self.dice, self.other_dice = [0] * a_hp, [0] * d_hp
        self._push(*(_step("roll", 0, i) for i in range(a_hp)),
                   *(_step("roll", 1, i) for i in range(d_hp)), _step("duel_hit"))

    def _auto_duel_hit(self, head: Step, events: list[Event]) -> None:
        """One round of the Advanced dice duel (AR-12.3, AR-12.4)."""
        to_attacker, to_defender = duel_damage(self.dice, self.other_dice)
        duel = self.duel
        attacker, defender = duel[DUEL_SEAT + ATTACKER], duel[DUEL_SEAT + DEFENDER]
        duel[DUEL_STRENGTH + ATTACKER] -= min(duel[DUEL_STRENGTH + ATTACKER], to_attacker)
        duel[DUEL_STRENGTH + DEFENDER] -= min(duel[DUEL_STRENGTH + DEFENDER], to_defender)
        attacker_left = duel[DUEL_STRENGTH + ATTACKER]
        defender_left = duel[DUEL_STRENGTH + DEFENDER]
        events.append(new_event(GAME, "duel_round", attacker, {
            "defender": defender, "dealt": to_defender, "taken": to_attacker,
            "left": attacker_left, "defender_left": defender_left}))
        if attacker_left and defender_left:
            self._push(_step("duel_round"))
            return
        winner, loser = (attacker, defender) if attacker_left else (defender, attacker)
        self._end_fight(winner, events)
        if self._loot(loser):
            self._push(_step("loot", winner, loser))

    def _auto_contest_roll(self, head: Step, events: list[Event]) -> None:
        attacker, defender, attacker_cards, defender_cards = self.duel
        self.dice = [0] * min(MAX_DICE, attacker_cards + 1)
        self.other_dice = [0] * min(MAX_DICE, defender_cards + 1)
        self._push(*(_step("roll", 0, i) for i in range(len(self.dice))),
                   _step("modify", attacker, 1, 0),
                   *(_step("roll", 1, i) for i in range(len(self.other_dice))),
                   _step("modify", defender, 1, 1), _step("contest_end"))

    def _auto_contest_end(self, head: Step, events: list[Event]) -> None:
        """Attack above defence wins one amber; a tie goes to the defender (AR-13.4)."""
        a, d = self.duel[DUEL_SEAT + ATTACKER], self.duel[DUEL_SEAT + DEFENDER]
        attack, defence = sum(self.dice), sum(self.other_dice)
        winner = a if attack > defence else d
        events.append(new_event(GAME, "contest", a,
            {"defender": d, "attack": attack, "defence": defence, "winner": winner}))
        self._end_fight(winner, events)
        if winner == a and self.amber[d]:
            self._lose_amber(d, events)
            self._gain_amber(a, 1, events)

    def _end_fight(self, winner: int, events: list[Event]) -> None:
        _add_to(self.light_discard, self.table)
        self.table = [0] * LIGHT_KINDS
        self.duel = []
        self.dice, self.other_dice = [], []
        self.round = 0
        events.append(new_event(GAME, "fight_won", winner, {}))

    def _auto_grace(self, head: Step, events: list[Event]) -> None:
        """Roll one die per player; pick in turn from the active player (AR-5.8)."""
        p, source = head.player, head.a
        n = len(self.names)
        self.dice = [0] * n
        self._push(*(_step("roll", 0, i) for i in range(n)),
                   *(_step("pick", (p + i) % n) for i in range(n)), _step("grace_done", p, source))

    def _auto_card_reward(self, head: Step, events: list[Event]) -> None:
        """The card's lightning reward, used at once after the level reward (AR-11.2)."""
        events.append(new_event(GAME, "card_reward", head.player, {"reward": REWARDS[head.a]}))
        self._gift(head.player, head.a, events)

    def _auto_grace_done(self, head: Step, events: list[Event]) -> None:
        self.dice = []
        if head.a == 1:  # a Family grace card drawn from the deck is discarded (AR-6.3)
            insort(self.dark_discard, self.card)
            self.card = -1

    # ----- gains and losses -----------------------------------------------------------
    def _gain_guards(self, p: int, n: int, events: list[Event]) -> None:
        """Guards from the pool, never above 6 (AR-5.2)."""
        n = min(n, GUARD_LIMIT - self.guards[p], self.guard_pool)
        if n > 0:
            self.guards[p] += n
            self.guard_pool -= n
            events.append(new_event(GAME, "gain_guards", p, {"n": n, "total": self.guards[p]}))

    def _gain_amber(self, p: int, n: int, events: list[Event]) -> None:
        """Amber from the pool; three unsecured become one secured (AR-3.1, AR-3.2)."""
        for _ in range(n):
            if not self.amber_pool:
                events.append(new_event(GAME, "no_amber", p, {}))
                return
            self.amber_pool -= 1
            self.amber[p] += 1
            events.append(new_event(GAME, "gain_amber", p, {}))
            if self.amber[p] == 3:
                self.amber[p] = 0
                self.secured[p] += 1
                self.amber_pool += 2
                events.append(new_event(GAME, "secure_amber", p, {"total": self.secured[p]}))

    def _lose_amber(self, p: int, events: list[Event]) -> None:
        self.amber[p] -= 1
        self.amber_pool += 1
        events.append(new_event(GAME, "lose_amber", p, {}))

    def _move_forward(self, p: int, events: list[Event]) -> None:
        """A "move 2 fields" gift or reward: no further than the castle, no field effect."""
        self.field[p] = min(CASTLE, self.field[p] + 2)
        events.append(new_event(GAME, "advance", p, {"field": self.field[p]}))
        if self.field[p] == CASTLE:
            self._arrive(p, events)

    def _arrive(self, p: int, events: list[Event]) -> None:
        """The castle: the first player in starts the end (AR-14.1)."""
        events.append(new_event(GAME, "castle", p, {}))
        if self.first < 0:
            n = len(self.names)
            self.first = p
            self.finals = [(self.turn + i) % n for i in range(1, n + 1) if (self.turn + i) % n != p]
            self.fresh = True
            events.append(new_event(GAME, "first_castle", p, {}))

    def _gift(self, p: int, reward: int, events: list[Event]) -> None:
        """A grace gift or a lightning reward, used at once (AR-5.9, AR-11.2)."""
        name = REWARDS[reward]
        if name == "light1":
            self.queue.insert(0, _LIGHT_STEP[p])
        elif name == "light2":
            self._push(_LIGHT_STEP[p], _LIGHT_STEP[p])
        elif name == "look2":
            self._push(_step("look", p), _step("look", p), _step("keep", p))
        elif name in ("guard1", "guard2"):
            self._gain_guards(p, int(name[-1]), events)
        elif name == "move2":
            self._move_forward(p, events)
        elif name == "amber1":
            self._gain_amber(p, 1, events)

    def _win(self, p: int, events: list[Event]) -> None:
        """Level reward, then the card's own reward, then a fight on the same field (AR-11)."""
        c, level = self.card, self.level
        events.append(new_event(GAME, "overcome", p, {"level": level}))
        self._gain_amber(p, LEVEL_AMBER[level], events)
        self.card = -1
        self.dice, self.other_dice = [], []
        self.round = 0
        if CARD_KEEP[c]:
            insort(self.kept[p], c)
            events.append(new_event(GAME, "keep_card", p, {"card": DARK_TOKENS[c],
                                                  "reward": REWARDS[CARD_REWARD[c]]}))
        else:
            insort(self.dark_discard, c)
        steps = [_step("reward", p)] if LEVEL_CHOICE[level] else []
        if not CARD_KEEP[c]:
            steps.append(_step("card_reward", p, CARD_REWARD[c]))
        steps.append(_step("attack", p))  # dropped by _apply when nobody shares the field
        self._push(*steps)

    def _lose(self, p: int, events: list[Event]) -> None:
        """The punishment of a failed challenge (AR-8.5, AR-9.2, AR-10.2)."""
        c, kind = self.card, CARD_KIND[self.card]
        self.card = -1
        insort(self.dark_discard, c)
        events.append(new_event(GAME, "failed", p, {"challenge": CHALLENGES[kind]}))
        if kind == MONSTER:
            if self.amber[p]:
                self._lose_amber(p, events)
            elif any(self.hand[p]):
                self._push(_step("pay", p, min(2, sum(self.hand[p]))))
        elif kind == GHOST:
            cards = sum(self.hand[p])
            need = GHOSTS[self.version][self.level][1]
            if cards >= need:
                self._push(_step("pay", p, need))
            else:
                _add_to(self.light_discard, self.hand[p])
                self.hand[p] = [0] * LIGHT_KINDS
                if cards:  # AR-9.2: all the cards there are, and an amber
                    events.append(new_event(GAME, "lose_all_cards", p, {"n": cards}))
                else:
                    events.append(new_event(GAME, "no_cards_to_lose", p, {}))
                if self.amber[p]:
                    self._lose_amber(p, events)
        else:
            missed = TRAP_DICE[self.level] - min(trap_matches(self.dice), TRAP_DICE[self.level])
            self.missed[p] += missed
            events.append(new_event(GAME, "missed_turns", p, {"n": missed}))
        self.dice, self.other_dice = [], []
        self.round = 0

    # ----- explaining illegal actions ------------------------------------------------
    def _explain(self, action: Action) -> IllegalAction:
        return explain(self, action)

    # ----- the end ------------------------------------------------------------------
    def points(self, p: int) -> int:
        """+3 first in the castle, +6 a secured amber, +1 a kept reward or unsecured amber."""
        return (SCORE["first_in_castle"] * (self.first == p) + SCORE["secured"] * self.secured[p]
                + SCORE["kept_reward"] * len(self.kept[p]) + SCORE["unsecured"] * self.amber[p])

    def standings(self) -> Result:
        """The ranking by points if the game ended now (AR-14.2, AR-14.3)."""
        return rank_players(
            [(self.points(p),) for p in range(len(self.names))],
            ["{n} point{s}"], self.names, short=["pts"], labels={"ja": ["{n} 点"]},
        )

    def result(self) -> Result:
        if self.queue:
            raise IllegalAction("wrong_phase", "The game is not over yet: see standings().")
        return self.standings()

    # ----- copying, saving, checking ------------------------------------------------
    def invalidate(self) -> None:
        """The base's caches, the save kept by ``to_json``, and who acts."""
        super().invalidate()
        self._json = None
        self._find_actor()

    def to_json(self) -> str:
        """The save (see ``GameState.to_json``), kept until the next action changes the state."""
        text = self._json
        if text is None:
            text = self._json = super().to_json()
        return text

    def observation(self, player: int | None = None) -> AmberRouteObservation:
        """What ``player`` sees (None: a spectator): others' hands and the decks only as counts."""
        if player is not None and not (
            isinstance(player, int) and not isinstance(player, bool)
            and 0 <= player < len(self.names)
        ):
            raise ValueError(f"There is no player {player!r} in this game.")
        view = self.snapshot()
        for p, seat in enumerate(view["seats"]):
            if p != player:
                seat["hand"] = sum(self.hand[p])
        for key in ("light_deck", "dark_deck"):
            view[key] = len(view[key].split())
        looker = next((step.player for step in self.queue if step.kind in ("look", "keep")), None)
        if player is None or player != looker:  # AR-11.2: only the looker sees the two cards
            view["look"] = sum(self.look)
        if player is None or player != self.light_top_seen_by:  # nor the card put back on top
            view["light_top"] = None
        view["viewer"] = player
        view["placeholder_data"] = PLACEHOLDER_NOTE
        view["points"] = [self.points(p) for p in range(len(self.names))]
        view["legal_actions"] = (
            [str(a) for a in self.legal_tuple()]
            if player is not None and player == self.current_player() else []
        )
        return cast(AmberRouteObservation, view)

    def inventory(self) -> dict[str, int]:
        """Every amber, guard and card, wherever it is (AR-1.1)."""
        light = (sum(self.light_deck) + sum(self.light_discard) + sum(self.table) + sum(self.look)
                 + sum(sum(h) for h in self.hand))
        dark = (len(self.dark_deck) + len(self.dark_discard) + len(self.box) + (self.card >= 0)
                + sum(len(k) for k in self.kept) + sum(1 for g in self.grace if g >= 0))
        return {
            "amber": self.amber_pool + sum(self.amber) + sum(self.secured),
            "guards": self.guard_pool + sum(self.guards),
            "light cards": light,
            "darkness cards": dark,
        }

    def describe(self) -> str:
        return describe(self)

    def validate(self) -> None:
        """Raise ValueError, naming the rule, if this position could not arise in a game:
        every field within its codec's bounds (``SCHEMA``), the fields together by the rules."""
        SCHEMA.load(self.snapshot())
        validate(self)
        if (self.light_table != light_table_of(self.light_deck)
                or self.dark_table != dark_table_of(self.dark_deck)):
            raise ValueError("The cached draw tables are out of date with the decks.")
        if self._actor != _actor_of(self.queue):
            raise ValueError("The player to move, kept for speed, is out of date with the queue.")

    def __repr__(self) -> str:
        return (f"<Amber Route {VERSIONS[self.version]}, {len(self.names)} players, "
                f"move {len(self.history)}>")


    # ----- the dispatch tables: each queue step's kind → the method that serves it -----
    ACTS: ClassVar[dict[str, Callable[..., tuple[Action, ...] | list[Action]]]] = {
        "draw_phase": _acts_draw_phase, "action": _acts_action, "discard": _acts_discard,
        "reward": _acts_reward, "prepare": _acts_prepare, "modify": _acts_modify, "pay": _acts_pay,
        "attack": _acts_attack, "duel_cards": _acts_duel_cards,
        "contest_first": _acts_contest_first, "contest_cards": _acts_contest_cards,
        "loot": _acts_loot, "pick": _acts_pick, "keep": _acts_keep,
    }
    """A player's step → its legal actions."""
    DO: ClassVar[dict[str, Callable[..., Any]]] = {
        "draw_phase": _do_draw_phase, "action": _do_action, "discard": _do_discard,
        "reward": _do_reward, "prepare": _do_prepare, "modify": _do_modify, "pay": _do_pay,
        "attack": _do_attack, "duel_cards": _do_duel_cards, "contest_first": _do_contest_first,
        "contest_cards": _do_contest_cards, "loot": _do_loot, "pick": _do_pick, "keep": _do_keep,
        "roll": _do_roll, "light": _do_light, "look": _do_look, "dark": _do_dark,
        "steal": _do_steal,
    }
    """A player's or chance's step → how its action is applied."""
    AUTO: ClassVar[dict[str, Callable[..., Any]]] = {
        "turn": _auto_turn, "end_turn": _auto_end_turn, "hit": _auto_hit, "mon_hit": _auto_mon_hit,
        "ghost": _auto_ghost, "trap": _auto_trap, "duel_round": _auto_duel_round,
        "duel_hit": _auto_duel_hit, "contest_roll": _auto_contest_roll,
        "contest_end": _auto_contest_end, "grace": _auto_grace, "grace_done": _auto_grace_done,
        "card_reward": _auto_card_reward,
    }
    """A step the engine takes by itself → what it does."""
    SKIP: ClassVar[dict[str, Callable[..., Any]]] = {
        "light": _skip_light, "look": _skip_light, "dark": _skip_dark, "keep": _skip_keep,
        "steal": _skip_steal, "pay": _skip_pay, "attack": _skip_attack, "loot": _skip_loot,
        "pick": _skip_pick,
    }
    """Steps that the engine drops or prepares before anyone acts (empty deck, nothing to
    take): each returns True when it changed something, False when the step waits for its actor."""

SIX_ONES = (1,) * len(DIE)  # a fair die
_ACTS, _DO, _AUTO, _SKIP = (AmberRouteState.ACTS, AmberRouteState.DO, AmberRouteState.AUTO,
                            AmberRouteState.SKIP)  # module names: one global look-up a step
_PLAYER_WAITS = frozenset(kind for kind, who in STEP_WHO.items()
                          if who == "p" and kind not in _SKIP)
"""A player's steps that always wait for the player's choice."""


def _actor_of(queue: list[Step]) -> int:
    """Who acts at the head of ``queue``: its player, chance, or nobody once it is empty."""
    if not queue:
        return TERMINAL
    head = queue[0]
    return CHANCE if head.kind in _CHANCE_STEPS else head.player


def _add_to(counts: list[int], more: list[int]) -> None:
    """Add the card counts ``more`` to ``counts``, kind by kind, in place."""
    counts[:] = map(add, counts, more)


def trap_matches(dice: list[int]) -> int:
    """The most dice showing one value (AR-10.1): counted face by face in one pass, about
    half the work of counting each value's dice with ``list.count``."""
    faces = [0] * 7
    for value in dice:
        faces[value] += 1
    return max(faces)


def _dice_from(low: int, dice: list[int]) -> int:
    """How many ``dice`` show ``low`` or more: the hits of a monster fight (AR-8.4), in a
    plain loop (cheaper for five dice than summing a map of comparisons)."""
    hits = 0
    for value in dice:
        if value >= low:
            hits += 1
    return hits


def duel_damage(attacker: list[int], defender: list[int]) -> tuple[int, int]:
    """(damage to the attacker, damage to the defender) for one duel round (AR-12.3).

    Highest against highest, a tie to the defender; each unpaired die hits on 4–6.
    """
    a = sorted(attacker, reverse=True)
    d = sorted(defender, reverse=True)
    to_a = to_d = 0
    for x, y in zip(a, d):
        if x > y:
            to_d += 1
        else:
            to_a += 1
    pairs = min(len(a), len(d))
    to_d += sum(1 for x in a[pairs:] if x >= 4)
    to_a += sum(1 for y in d[pairs:] if y >= 4)
    return to_a, to_d


def new_game(
    players: int = 2,
    seed: int | None = None,
    version: str = "advanced",
    names: Sequence[str] | None = None,
) -> AmberRouteState:
    """A game set up by the rules of ``version``, the same for the same seed (AR-2).

    The seed shuffles the decks for the opening deal and chooses the first player (AR-2.4);
    every later draw and die is a chance node. The position is built directly rather than
    read back from a snapshot: a fresh set-up is valid by construction, and games are
    started often (bots, benchmarks, tests).
    """
    count = check_players(players)
    v = check_version(version)
    rng = random.Random(seed)
    deck = list(_LIGHT_DECK)
    rng.shuffle(deck)
    per = START["light_cards"][VERSIONS[v]]
    graces = list(GRACE_CARDS)
    rng.shuffle(graces)
    first = rng.randrange(count)
    family = v == FAMILY
    fields = {
        "version": v,
        "names": names_field(list(names) if names is not None else None, count),
        "field": [0] * count,
        "guards": [START["guards"]] * count,
        "amber": [START["amber"]] * count,
        "secured": [0] * count,
        "hand": [_light_counts_of(deck[p * per:(p + 1) * per]) for p in range(count)],
        "kept": [[] for _ in range(count)],
        "grace": [-1] * count if family else graces[:count],  # AR-2.2: Advanced deals one each
        "missed": [0] * count,
        "light_deck": _light_counts_of(deck[count * per:]),
        "light_top": -1, "light_top_seen_by": -1,
        "light_discard": [0] * LIGHT_KINDS, "table": [0] * LIGHT_KINDS, "look": [0] * LIGHT_KINDS,
        "dark_deck": list(_FAMILY_DARK_DECK if family else _CHALLENGE_CARDS),  # AR-2.3
        "dark_discard": [],
        "box": [] if family else sorted(graces[count:]),
        "amber_pool": TOTAL_AMBER - count * START["amber"],
        "guard_pool": TOTAL_GUARDS - count * START["guards"],
        "card": -1, "level": 0, "hp": 0, "round": 0, "dice_count": 0, "damage36": False,
        "dice": [], "other_dice": [], "duel": [],
        "turn": first, "first": -1, "finals": [], "fresh": False,
        "queue": [*([_step("draw_phase", first)] if family else []), _step("action", first),
                  _step("end_turn")],
        "ended": None,
    }
    if seed is None:  # no seed to deal the same decks again: the start is written now
        return _built(fields)
    again = (count, seed, version, None if names is None else tuple(names))
    return _built(fields, start_later(new_game, *again))


def _built(fields: dict[str, Any], start: Start | None = None) -> AmberRouteState:
    """The state holding ``fields`` (as ``SCHEMA.load`` gives them), with what it keeps for
    speed worked out (the draw tables, who acts), begun from ``start`` (see ``begin``)."""
    s = AmberRouteState.__new__(AmberRouteState)
    SCHEMA.set_on(s, fields)
    s.light_table, s.dark_table = light_table_of(s.light_deck), dark_table_of(s.dark_deck)
    s._json = None  # noqa: SLF001 - the state being built
    s._find_actor()  # noqa: SLF001 - the state being built
    s.begin(start)
    return s


def from_snapshot(data: Any) -> AmberRouteState:
    """The position ``data`` (as ``snapshot()`` writes it), checked; ValueError if it is not one."""
    s = _built(SCHEMA.load(data))  # every field by its codec (names come back cleaned)
    validate(s)  # the fields together, by the rules
    _check_next_step(s)
    return s


def from_description(text: str) -> AmberRouteState:
    """The position a few lines describe (see description.py); ValueError if there is none."""
    return from_snapshot(parse_description(text))

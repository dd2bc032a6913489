"""Amber Route: the rules engine (clauses in docs/rules/amber_route.md, cited as AR-x.y).

The game is driven by a *queue of steps*. A step is a tuple ``(kind, a, b, c)`` of a
string and three ints; the head of the queue says who acts: a player (a choice), chance
(a die roll, a card drawn) or nobody (an automatic step the engine runs at once). An
action resolves the head and may push new steps in front, so a gift that draws two light
cards for another player, a discard over the hand limit and a monster's next round all
happen in rulebook order without special cases. Every die is its own chance node with six
outcomes of weight 1 (AR-1.6); every card drawn is a chance node over the cards left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress, product
from typing import Any, ClassVar

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
    _step,
    light_matches,
    parse_light,
)
from boardlib.amber_route.description import describe, parse_description
from boardlib.amber_route.explain import explain
from boardlib.amber_route.messages import MESSAGES, format_value
from boardlib.amber_route.setup import (
    _CHALLENGE_CARDS,
    _FAMILY_DARK_DECK,
    _LIGHT_DECK,
    _check_next_step,
    _dark,
    _dark_list,
    _dice,
    _int,
    _light_counts,
    _light_counts_of,
    _queue,
    _round,
    check_players,
    check_version,
    snapshot,
    validate,
)
from boardlib.fields import flag_field as _flag
from boardlib.fields import names_field as _names
from boardlib.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameState,
    IllegalAction,
    new_event,
    one_fewer,
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
_MATCHING = [tuple(k for k in range(LIGHT_KINDS) if light_matches(k, field))
             for field in range(CASTLE + 1)]
"""The light card kinds that help on each field (AR-7.1)."""
_PLAYABLE = [[tuple((k, PLAY[k]) for k in kinds if nd + LIGHT_VALUE[k] <= MAX_DICE)
              for nd in range(MAX_DICE + 1)] for kinds in _MATCHING]
"""``[field][dice so far]``: the (kind, "play" action) pairs that still fit in the box's dice."""


@cache
def _modify_choices(dice: tuple[int, ...], guards: bool, amber: bool, reroll1: bool,
                    reroll2: bool) -> tuple[Action, ...]:
    """Ways to change ``dice`` (AR-7.2, AR-7.3, AR-11.3), remembered: few rolls repeat often."""
    acts: list[Action] = []
    if guards:
        for i, v in enumerate(dice):
            if v < 6:
                acts.append(UP[i])
                if v > 1:
                    acts.append(DOWN[i])
    if amber:
        for i, v in enumerate(dice):
            acts += [SET[i][w] for w in range(1, 7) if w != v]
    if reroll1:
        acts += REROLL[: len(dice)]
    if reroll2:
        acts += [REROLL2[i, j] for i in range(len(dice)) for j in range(i + 1, len(dice))]
    acts.append(VOCABULARY["done"])
    return tuple(acts)


# Who acts at each kind of step: "p" the player in slot 1, "c" chance, "a" automatic.
# The steps the engine pushes most, made once (a step is an immutable tuple).
SEATS = range(max(PLAYER_COUNTS))
_LIGHT_STEP = [_step("light", p) for p in SEATS]
_DARK_STEP = [_step("dark", p) for p in SEATS]
_PREPARE_STEP = [_step("prepare", p) for p in SEATS]
_DISCARD_STEP = [_step("discard", p) for p in SEATS]
_MODIFY_STEP = [_step("modify", p, 0, 0) for p in SEATS]  # a challenge roll (AR-7.2)
_HIT_STEP = [_step("hit", p) for p in SEATS]
_MON_HIT_STEP = [_step("mon_hit", p) for p in SEATS]
_CHECK_STEP = [[_step(check, p) for p in SEATS] for check in ("hit", "ghost", "trap")]
"""``[challenge kind][player]``: the step that counts the dice (AR-8.4, AR-9.1, AR-10.1)."""
_ROLL_STEPS = [tuple(_step("roll", target, i) for i in range(MAX_DICE)) for target in (0, 1)]
"""``[0 the player's dice, 1 the other dice][:n]``: one chance step per die (AR-1.6)."""
_TURN_STEPS: list[list[tuple[tuple[str, int, int, int], ...]]] = [
               [(_step("action", p),) for p in SEATS],
               [(_step("draw_phase", p), _step("action", p)) for p in SEATS]]
"""``[version][player]``: a turn's choices; Family draws first (AR-4.1, AR-4.2)."""
_NEXT_TURN_STEPS = [(_step("turn", p), _step("end_turn")) for p in SEATS]
_WHOSE_DICE = ("mine", "other")



def light_table_of(light_deck: list[int]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """The light deck as a draw's chance outcomes: 'card X' per card left, how many of each."""
    return tuple(compress(CARD, light_deck)), tuple(compress(light_deck, light_deck))


def dark_table_of(dark_deck: list[int]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """The darkness deck as a draw's chance outcomes: each card left, all as likely (AR-6.1)."""
    return tuple([REVEAL[c] for c in dark_deck]), (1,) * len(dark_deck)

class AmberRouteState(GameState):
    """A position of Amber Route: the players, the decks, the challenge in progress, the queue."""

    GAME = GAME
    MESSAGES = MESSAGES
    format_value = staticmethod(format_value)
    VOCABULARY = VOCABULARY
    MOVE_EXAMPLES = "'move 1', 'recruit', 'play F2', 'up 1', 'done' or 'die 4'"
    LIST_FIELDS = ("names", "pos", "guards", "amber", "secured", "grace", "missed", "light_deck",
                   "light_discard", "table", "look", "dark_deck", "dark_discard", "box", "dice",
                   "other_dice", "duel", "finals", "queue")
    NESTED_FIELDS = ("hand", "kept")

    version: int
    names: list[str]
    pos: list[int]
    guards: list[int]
    amber: list[int]  # unsecured, beside the player card (AR-3.1)
    secured: list[int]  # on the player card (AR-3.2)
    hand: list[list[int]]  # light card counts by kind
    kept: list[list[int]]  # hourglass darkness cards kept for later (AR-11.2)
    grace: list[int]  # the Advanced divine grace card held, or -1 (AR-2.2)
    missed: list[int]  # turns still to miss (AR-10.2)
    light_deck: list[int]
    light_top: int  # the light deck's top card, put back after a look (AR-11.2), or -1
    light_top_seen: int  # the seat that put it back and so knows it, or -1
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
    fight_round: int  # the round of the monster fight or Advanced duel being fought, or 0
    challenge_dice: int  # dice the player rolls in this challenge
    damage_boost: bool  # a kept "damage 3-6" reward is in use
    dice: list[int]
    other_dice: list[int]
    duel: list[int]  # a fight, by role (0 attacker, 1 defender): see DUEL_SEAT
    turn: int
    first: int  # the first player in the castle, or -1
    finals: list[int]  # players still owed their one more turn (AR-14.1)
    fresh: bool  # the ending began during the turn now being played
    queue: list[tuple[str, int, int, int]]
    _json: str | None  # the save of this position, once asked for (to_json); None after a move
    ended: str | None

    # ----- whose turn, what may be done ---------------------------------------------
    def current_player(self) -> int:
        queue = self.queue
        if not queue:
            return TERMINAL
        head = queue[0]
        return CHANCE if head[0] in _CHANCE_STEPS else head[1]

    def _player_actions(self) -> tuple[Action, ...] | list[Action]:
        kind, p, a, b = self.queue[0]
        return _ACTS[kind](self, p, a, b)

    def _chance_table(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        kind, _, a, _ = self.queue[0]
        if kind == "roll":
            return DIE, SIX_ONES
        if kind == "dark":  # every darkness card left is as likely (AR-6.1)
            return self.dark_table
        if kind != "steal":  # light, look: the cards left in the deck
            top = self.light_top
            if top >= 0:  # the card put back after a look (AR-11.2) is drawn first
                return (CARD[top],), (1,)
            return self.light_table
        counts = self.hand[a]  # steal: from the loser's hand, at random
        return tuple(compress(STEAL, counts)), tuple(compress(counts, counts))

    def _acts_draw_phase(self, p: int, a: int, b: int) -> tuple[Action, ...]:
        return _DRAW_CHOICES[self.guards[p] < GUARD_LIMIT]

    def _acts_action(self, p: int, a: int, b: int) -> tuple[Action, ...]:
        guards = self.guards[p]
        return _ACTION_CHOICES[guards < GUARD_LIMIT, bool(self.amber[p]),
                               bool(guards) and self.pos[p] + 2 <= CASTLE, self.grace[p] >= 0]

    def _acts_discard(self, p: int, a: int, b: int) -> tuple[Action, ...]:
        return tuple(compress(DISCARD, self.hand[p]))

    def _acts_reward(self, p: int, a: int, b: int) -> tuple[Action, ...]:
        return _REWARD_CHOICES

    def _acts_prepare(self, p: int, a: int, b: int) -> list[Action]:
        hand = self.hand[p]
        acts = [play for k, play in _PLAYABLE[self.pos[p]][self.challenge_dice] if hand[k]]
        kept = self.kept[p]
        if kept:
            acts += [USE[c] for c in sorted(set(kept)) if self._usable_before(c, p)]
        acts.append(GO)
        return acts

    def _usable_before(self, c: int, p: int) -> bool:
        """A kept extra-die card on its terrain, or damage 3-6 against a monster (AR-11.3)."""
        reward = CARD_REWARD[c]
        if reward in EXTRA_DIE_TERRAIN:
            return (EXTRA_DIE_TERRAIN[reward] == FIELD_TERRAIN[self.pos[p]]
                    and self.challenge_dice < MAX_DICE)
        return reward == R_DAMAGE and CARD_KIND[self.card] == MONSTER and not self.damage_boost

    def _acts_modify(self, p: int, mode: int, target: int) -> tuple[Action, ...]:
        dice = self.dice if target == 0 else self.other_dice
        if mode != 0:  # AR-13.5: in a Family fight, guards only
            return _modify_choices(tuple(dice), bool(self.guards[p]), False, False, False)
        kept = self.kept[p]
        rewards = [CARD_REWARD[c] for c in kept] if kept else ()
        return _modify_choices(tuple(dice), bool(self.guards[p]), bool(self.amber[p]),
                               R_REROLL1 in rewards, R_REROLL2 in rewards)

    def _acts_pay(self, p: int, a: int, b: int) -> tuple[Action, ...]:
        return tuple(compress(LOSE, self.hand[p]))

    def _acts_attack(self, p: int, a: int, b: int) -> list[Action]:
        return [ATTACK[q] for q in self.targets(p)] + [VOCABULARY["no attack"]]

    def targets(self, p: int) -> list[int]:
        """Players ``p`` may attack: on the same field (AR-12.1); Family needs a card (AR-13.1)."""
        field = self.pos[p]
        if self.version == FAMILY and not self._matching(p):
            return []
        return [q for q in range(len(self.names)) if q != p and self.pos[q] == field]

    def _matching(self, p: int) -> list[int]:
        hand = self.hand[p]
        return [k for k in _MATCHING[self.pos[p]] if hand[k]]

    def _acts_duel_cards(self, p: int, role: int, b: int) -> list[Action]:
        acts = list(compress(ADD, self.hand[p])) if self.duel[DUEL_ADDED + role] < 2 else []
        return [*acts, VOCABULARY["ready"]]

    def _acts_contest_first(self, p: int, a: int, b: int) -> list[Action]:
        return [ADD[k] for k in self._matching(p)]

    def _acts_contest_cards(self, p: int, role: int, b: int) -> list[Action]:
        return [*(ADD[k] for k in self._matching(p)), VOCABULARY["ready"]]

    def _acts_loot(self, w: int, loser: int, b: int) -> list[Action]:
        acts = []
        if self.amber[loser]:
            acts.append(VOCABULARY["loot amber"])
        if sum(self.hand[loser]):
            acts.append(VOCABULARY["loot cards"])
        if self.guards[loser]:
            acts.append(VOCABULARY["loot guards"])
        return acts

    def _acts_pick(self, p: int, a: int, b: int) -> list[Action]:
        return [PICK[v - 1] for v in sorted(set(self.dice)) if v]

    def _acts_keep(self, p: int, a: int, b: int) -> tuple[Action, ...]:
        return tuple(compress(KEEP, self.look))

    # ----- applying actions ---------------------------------------------------------
    def _apply(self, action: Action, events: list[Event]) -> None:
        self._json = None
        queue = self.queue
        head = queue[0]
        _DO[head[0]](self, action, head, events)
        if queue:
            kind = queue[0][0]
            if kind in _WAITS or (kind == "dark" and self.dark_deck) or (
                    kind == "light" and any(self.light_deck)):
                return  # the usual case: a choice, a die, or a card from a deck that has some
            self._run(events)

    def _push(self, *steps: tuple[str, int, int, int]) -> None:
        """Put ``steps`` at the front of the queue, in the order given."""
        self.queue[0:0] = steps

    def _run(self, events: list[Event]) -> None:
        """Run automatic steps until a player or chance must act (or the game is over)."""
        queue = self.queue
        while queue:
            head = queue[0]
            kind = head[0]
            if kind in _WAITS:
                return
            auto = _AUTO.get(kind)
            if auto is not None:
                queue.pop(0)
                auto(self, head, events)
            elif not _SKIP[kind](self, head, events):
                return

    # steps that may be dropped, or need the deck made up, before anyone acts
    def _skip_light(self, head: tuple, events: list[Event]) -> bool:
        """An empty light deck: reshuffle the discards (AR-1.4), or draw nothing."""
        if any(self.light_deck):
            return False
        if any(self.light_discard):
            self.light_deck, self.light_discard = self.light_discard, [0] * LIGHT_KINDS
            self.light_table = light_table_of(self.light_deck)
            events.append(new_event(GAME, "reshuffle_light", None, {}))
        else:
            self.queue.pop(0)
            events.append(new_event(GAME, "no_light", head[1], {}))
        return True

    def _skip_dark(self, head: tuple, events: list[Event]) -> bool:
        """An empty darkness deck: reshuffle the discards (AR-6.3), or draw nothing."""
        if self.dark_deck:
            return False
        if self.dark_discard:
            self.dark_deck, self.dark_discard = sorted(self.dark_discard), []
            self.dark_table = dark_table_of(self.dark_deck)
            events.append(new_event(GAME, "reshuffle_dark", None, {}))
        else:
            self.queue.pop(0)
            events.append(new_event(GAME, "no_dark", head[1], {}))
        return True

    def _drop_if(self, pointless: bool) -> bool:
        if pointless:
            self.queue.pop(0)
        return pointless

    def _skip_keep(self, head: tuple, events: list[Event]) -> bool:
        return self._drop_if(not any(self.look))

    def _skip_steal(self, head: tuple, events: list[Event]) -> bool:
        return self._drop_if(not any(self.hand[head[2]]))

    def _skip_pay(self, head: tuple, events: list[Event]) -> bool:
        return self._drop_if(not any(self.hand[head[1]]))

    def _skip_attack(self, head: tuple, events: list[Event]) -> bool:
        return self._drop_if(not self.targets(head[1]))

    def _skip_loot(self, head: tuple, events: list[Event]) -> bool:
        return self._drop_if(not self._acts_loot(head[1], head[2], -1))

    def _skip_pick(self, head: tuple, events: list[Event]) -> bool:
        return self._drop_if(not any(self.dice))

    # chance steps
    def _do_roll(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        _, target, index, _ = head
        value = action.args[0]
        (self.dice if target == 0 else self.other_dice)[index] = value
        events.append(new_event(GAME, "roll", None, {"value": value, "whose": _WHOSE_DICE[target]}))

    def _do_light(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        k, p = action.args[0], head[1]
        self.light_deck[k] -= 1
        self.light_table = one_fewer(self.light_table, action)
        self.hand[p][k] += 1
        events.append(new_event(GAME, "draw_light", p, {"card": LIGHT_TOKENS[k]},
                                seen_by=self._drawn_from_top(p),
                                secret=_CARD))  # AR-1.4: a hand is hidden
        self._check_hand(p)

    def _do_look(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        k = action.args[0]
        self.light_deck[k] -= 1
        self.light_table = one_fewer(self.light_table, action)
        self.look[k] += 1
        events.append(new_event(GAME, "look_light", head[1], {"card": LIGHT_TOKENS[k]},
                                seen_by=self._drawn_from_top(head[1]), secret=_CARD))

    def _drawn_from_top(self, p: int) -> tuple[int, ...]:
        """Who sees the light card ``p`` has just drawn: ``p``, and whoever put it back on
        top of the deck (AR-11.2), who knew it; the top is unknown again."""
        seen = self.light_top_seen
        if seen < 0:
            return (p,)
        self.light_top = self.light_top_seen = -1
        return (p,) if seen == p else (p, seen)

    def _do_steal(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        k, w, loser = action.args[0], head[1], head[2]
        self.hand[loser][k] -= 1
        self.hand[w][k] += 1
        events.append(new_event(GAME, "steal", w, {"victim": loser, "card": LIGHT_TOKENS[k]},
                                seen_by=(w, loser), secret=_CARD))
        self._check_hand(w)

    def _check_hand(self, p: int) -> None:
        """Over 7 light cards, the owner chooses what to discard (AR-5.4)."""
        if sum(self.hand[p]) > HAND_LIMIT:
            self.queue.insert(0, _DISCARD_STEP[p])

    def _do_dark(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        c, p = action.args[0], head[1]
        self.dark_deck.remove(c)
        self.dark_table = one_fewer(self.dark_table, action)
        self.card = c
        if CARD_KIND[c] == GRACE:  # AR-6.5: only the Family deck holds grace cards
            events.append(new_event(GAME, "draw_grace", p, {"card": DARK_TOKENS[c]}))
            self._push(_step("grace", p, 1))
            return
        self.level = level = CARD_LEVEL[c][self.pos[p]]
        kind = CARD_KIND[c]
        self.challenge_dice = TRAP_DICE[level] if kind == TRAP else 1
        self.hp = MONSTERS[self.version][level][0] if kind == MONSTER else 0
        self.damage_boost = False
        events.append(new_event(GAME, "draw_dark", p,
            {"card": DARK_TOKENS[c], "challenge": CHALLENGES[kind], "terrain": CARD_TERRAIN[c],
             "level": level}))
        self.queue.insert(0, _PREPARE_STEP[p])

    # player steps
    def _do_draw_phase(self, action: Action, head: tuple, events: list[Event]) -> None:
        p = head[1]
        if action.kind == "take_guard":
            self.queue.pop(0)
            self._gain_guards(p, 1, events)
        else:
            self.queue[0] = _LIGHT_STEP[p]

    def _do_action(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        p = head[1]
        kind = action.kind
        if kind == "move":
            steps = action.args[0]
            if steps == 2:
                self.guards[p] -= 1
                self.guard_pool += 1
            pos = self.pos
            pos[p] += steps
            events.append(new_event(GAME, "move", p, {"steps": steps, "field": pos[p]}))
            self._enter(p, events)
        elif kind == "recruit":  # AR-5.1
            self._gain_guards(p, 2 if FIELD_TYPE[self.pos[p]] == VILLAGE else 1, events)
        elif kind == "buy":  # AR-5.3
            self.amber[p] -= 1
            self.amber_pool += 1
            events.append(new_event(GAME, "buy", p, {}))
            self._push(_step("light", p), _step("light", p))
        else:  # grace, AR-5.7
            self.box.append(self.grace[p])
            self.box.sort()
            self.grace[p] = -1
            events.append(new_event(GAME, "play_grace", p, {}))
            self._push(_step("grace", p, 0))

    def _enter(self, p: int, events: list[Event]) -> None:
        """Follow the field's instructions (AR-5.6)."""
        kind = FIELD_TYPE[self.pos[p]]
        if kind == TERRAIN:
            self.queue.insert(0, _DARK_STEP[p])
        elif kind == VILLAGE:
            self._gain_guards(p, 1, events)
        elif kind == CITY:
            self._gain_amber(p, 1, events)
        else:
            self._arrive(p, events)

    def _do_discard(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        p, k = head[1], action.args[0]
        self.hand[p][k] -= 1
        self.light_discard[k] += 1
        events.append(new_event(GAME, "discard", p, {"card": LIGHT_TOKENS[k]}))
        self._check_hand(p)

    def _do_reward(self, action: Action, head: tuple, events: list[Event]) -> None:
        if action.args[0] == 0:
            self.queue.pop(0)
            self._gain_guards(head[1], 1, events)
        else:
            self.queue[0] = _LIGHT_STEP[head[1]]

    def _do_prepare(self, action: Action, head: tuple, events: list[Event]) -> None:
        p = head[1]
        if action.kind == "play":  # AR-7.1: support = the card's value in dice
            k = action.args[0]
            self.hand[p][k] -= 1
            self.light_discard[k] += 1
            self.challenge_dice += LIGHT_VALUE[k]
            events.append(new_event(GAME, "play_light", p,
                {"card": LIGHT_TOKENS[k], "dice": self.challenge_dice}))
        elif action.kind == "use":  # AR-11.3
            c = action.args[0]
            self._use_kept(p, c)
            if CARD_REWARD[c] == R_DAMAGE:
                self.damage_boost = True
            else:
                self.challenge_dice += 1
            events.append(new_event(GAME, "use_kept", p, {"card": DARK_TOKENS[c],
                                                 "reward": REWARDS[CARD_REWARD[c]]}))
        else:
            self.queue.pop(0)
            kind = CARD_KIND[self.card]
            if kind == MONSTER:
                self.fight_round = 1  # AR-8.4: the fight's first round begins
            self._roll_round(p, _CHECK_STEP[kind][p])

    def _roll_round(self, p: int, after: tuple[str, int, int, int]) -> None:
        count = self.challenge_dice
        self.dice = [0] * count
        self.queue[0:0] = (*_ROLL_STEPS[0][:count], _MODIFY_STEP[p], after)

    def _use_kept(self, p: int, c: int) -> None:
        self.kept[p].remove(c)
        self.dark_discard.append(c)
        self.dark_discard.sort()

    def _do_modify(self, action: Action, head: tuple, events: list[Event]) -> None:
        _, p, _, target = head
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

    def _do_pay(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        _, p, n, _ = head
        k = action.args[0]
        self.hand[p][k] -= 1
        self.light_discard[k] += 1
        events.append(new_event(GAME, "lose_card", p, {"card": LIGHT_TOKENS[k]}))
        if n > 1:
            self._push(_step("pay", p, n - 1))

    def _do_attack(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        p = head[1]
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

    def _do_duel_cards(self, action: Action, head: tuple, events: list[Event]) -> None:
        _, p, role, _ = head
        if action.kind == "ready":
            self.queue.pop(0)
            return
        self._to_table(p, action.args[0])
        self.duel[DUEL_STRENGTH + role] += 1
        self.duel[DUEL_ADDED + role] += 1
        events.append(new_event(GAME, "fight_card", p, {"card": LIGHT_TOKENS[action.args[0]]}))

    def _do_contest_first(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        self._to_table(head[1], action.args[0])
        self.duel[DUEL_STRENGTH + ATTACKER] += 1
        events.append(new_event(GAME, "fight_card", head[1],
            {"card": LIGHT_TOKENS[action.args[0]]}))

    def _do_contest_cards(self, action: Action, head: tuple, events: list[Event]) -> None:
        _, p, role, _ = head
        if action.kind == "ready":
            self.queue.pop(0)
            return
        self._to_table(p, action.args[0])
        self.duel[DUEL_STRENGTH + role] += 1
        events.append(new_event(GAME, "fight_card", p, {"card": LIGHT_TOKENS[action.args[0]]}))

    def _do_loot(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        _, w, loser, _ = head
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

    def _do_pick(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        p, face = head[1], action.args[0]
        self.dice[self.dice.index(face)] = 0
        gift = GIFTS[face - 1]
        events.append(new_event(GAME, "pick", p, {"face": face, "gift": REWARDS[gift]}))
        self._gift(p, gift, events)

    def _do_keep(self, action: Action, head: tuple, events: list[Event]) -> None:
        self.queue.pop(0)
        p, k = head[1], action.args[0]
        self.look[k] -= 1
        self.hand[p][k] += 1
        back = next((other for other in range(LIGHT_KINDS) if self.look[other]), -1)
        if back >= 0:  # AR-11.2: the card not taken stays on the deck, on top; only p knows it
            self.look[back] -= 1
            self.light_deck[back] += 1
            self.light_table = light_table_of(self.light_deck)
            self.light_top, self.light_top_seen = back, p
        events.append(new_event(GAME, "keep_light" if back >= 0 else "keep_light_only", p,
                                {"card": LIGHT_TOKENS[k]}, seen_by=(p,), secret=_CARD))
        self._check_hand(p)

    # automatic steps
    def _auto_turn(self, head: tuple, events: list[Event]) -> None:
        p = head[1]
        self.turn = p
        events.append(new_event(GAME, "next_turn", p, {}))
        if self.missed[p]:  # AR-10.2
            self.missed[p] -= 1
            events.append(new_event(GAME, "miss_turn", p, {"left": self.missed[p]}))
        elif self.pos[p] == CASTLE:
            events.append(new_event(GAME, "in_castle", p, {}))
        else:
            self.queue[0:0] = _TURN_STEPS[self.version][p]

    def _auto_end_turn(self, head: tuple, events: list[Event]) -> None:
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
        self.queue.extend(_NEXT_TURN_STEPS[nxt])

    def _auto_hit(self, head: tuple, events: list[Event]) -> None:
        """The player's attack (AR-8.4): each die of 4–6 (3–6 with the kept reward) hits."""
        p = head[1]
        low = 3 if self.damage_boost else 4
        hits = sum(1 for v in self.dice if v >= low)
        self.hp = max(0, self.hp - hits)
        events.append(new_event(GAME, "player_hits", p, {"hits": hits, "left": self.hp}))
        if not self.hp:
            self._win(p, events)
            return
        count = MONSTERS[self.version][self.level][1]
        self.other_dice = [0] * count
        self.queue[0:0] = (*_ROLL_STEPS[1][:count], _MON_HIT_STEP[p])

    def _auto_mon_hit(self, head: tuple, events: list[Event]) -> None:
        """The monster's attack: each of its dice at the threshold costs a guard (AR-8.4)."""
        p = head[1]
        low = MONSTERS[self.version][self.level][2]
        dealt = sum(1 for v in self.other_dice if v >= low)
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
            self.fight_round += 1  # AR-8.4: the next round
            self._roll_round(p, _HIT_STEP[p])

    def _auto_ghost(self, head: tuple, events: list[Event]) -> None:
        p = head[1]
        need = GHOSTS[self.version][self.level][0]
        total = sum(self.dice)
        events.append(new_event(GAME, "ghost_total", p, {"total": total, "need": need}))
        if total >= need:
            self._win(p, events)
        else:
            self._lose(p, events)

    def _auto_trap(self, head: tuple, events: list[Event]) -> None:
        p = head[1]
        need = TRAP_DICE[self.level]
        best = trap_matches(self.dice)
        events.append(new_event(GAME, "trap_matches", p, {"best": min(best, need), "need": need}))
        if best >= need:
            self._win(p, events)
        else:
            self._lose(p, events)

    def _auto_duel_round(self, head: tuple, events: list[Event]) -> None:
        self.fight_round += 1  # AR-12.4: the first round, or another one
        a_hp, d_hp = self.duel[DUEL_STRENGTH + ATTACKER], self.duel[DUEL_STRENGTH + DEFENDER]
        self.dice, self.other_dice = [0] * a_hp, [0] * d_hp
        self._push(*(_step("roll", 0, i) for i in range(a_hp)),
                   *(_step("roll", 1, i) for i in range(d_hp)), _step("duel_hit"))

    def _auto_duel_hit(self, head: tuple, events: list[Event]) -> None:
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
        if self._acts_loot(winner, loser, -1):
            self._push(_step("loot", winner, loser))

    def _auto_contest_roll(self, head: tuple, events: list[Event]) -> None:
        attacker, defender, attacker_cards, defender_cards = self.duel
        self.dice = [0] * min(MAX_DICE, attacker_cards + 1)
        self.other_dice = [0] * min(MAX_DICE, defender_cards + 1)
        self._push(*(_step("roll", 0, i) for i in range(len(self.dice))),
                   _step("modify", attacker, 1, 0),
                   *(_step("roll", 1, i) for i in range(len(self.other_dice))),
                   _step("modify", defender, 1, 1), _step("contest_end"))

    def _auto_contest_end(self, head: tuple, events: list[Event]) -> None:
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
        for k in range(LIGHT_KINDS):
            self.light_discard[k] += self.table[k]
        self.table = [0] * LIGHT_KINDS
        self.duel = []
        self.dice, self.other_dice = [], []
        self.fight_round = 0
        events.append(new_event(GAME, "fight_won", winner, {}))

    def _auto_grace(self, head: tuple, events: list[Event]) -> None:
        """Roll one die per player; pick in turn from the active player (AR-5.8)."""
        p, source = head[1], head[2]
        n = len(self.names)
        self.dice = [0] * n
        self._push(*(_step("roll", 0, i) for i in range(n)),
                   *(_step("pick", (p + i) % n) for i in range(n)), _step("grace_done", p, source))

    def _auto_card_reward(self, head: tuple, events: list[Event]) -> None:
        """The card's lightning reward, used at once after the level reward (AR-11.2)."""
        events.append(new_event(GAME, "card_reward", head[1], {"reward": REWARDS[head[2]]}))
        self._gift(head[1], head[2], events)

    def _auto_grace_done(self, head: tuple, events: list[Event]) -> None:
        self.dice = []
        if head[2] == 1:  # a Family grace card drawn from the deck is discarded (AR-6.3)
            self.dark_discard.append(self.card)
            self.dark_discard.sort()
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
        self.pos[p] = min(CASTLE, self.pos[p] + 2)
        events.append(new_event(GAME, "advance", p, {"field": self.pos[p]}))
        if self.pos[p] == CASTLE:
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
            self._push(_step("light", p), _step("light", p))  # two objects, as a save has
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
        self.fight_round = 0
        if CARD_KEEP[c]:
            self.kept[p].append(c)
            self.kept[p].sort()
            events.append(new_event(GAME, "keep_card", p, {"card": DARK_TOKENS[c],
                                                  "reward": REWARDS[CARD_REWARD[c]]}))
        else:
            self.dark_discard.append(c)
            self.dark_discard.sort()
        steps = [_step("reward", p)] if LEVEL_CHOICE[level] else []
        if not CARD_KEEP[c]:
            steps.append(_step("card_reward", p, CARD_REWARD[c]))
        steps.append(_step("attack", p))  # dropped by _run when nobody shares the field
        self._push(*steps)

    def _lose(self, p: int, events: list[Event]) -> None:
        """The punishment of a failed challenge (AR-8.5, AR-9.2, AR-10.2)."""
        c, kind = self.card, CARD_KIND[self.card]
        self.card = -1
        self.dark_discard.append(c)
        self.dark_discard.sort()
        events.append(new_event(GAME, "failed", p, {"challenge": CHALLENGES[kind]}))
        cards = sum(self.hand[p])
        if kind == MONSTER:
            if self.amber[p]:
                self._lose_amber(p, events)
            elif cards:
                self._push(_step("pay", p, min(2, cards)))
        elif kind == GHOST:
            need = GHOSTS[self.version][self.level][1]
            if cards >= need:
                self._push(_step("pay", p, need))
            else:
                for k in range(LIGHT_KINDS):
                    self.light_discard[k] += self.hand[p][k]
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
        self.fight_round = 0

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
        """The base's caches, and the save kept by ``to_json``."""
        super().invalidate()
        self._json = None

    def to_json(self) -> str:
        """The save (see ``GameState.to_json``), kept until the next action changes the state."""
        text = self.__dict__.get("_json")
        if text is None:
            text = self._json = super().to_json()
        return text

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self)

    def observation(self, player: int | None = None) -> dict[str, Any]:
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
        looker = next((step[1] for step in self.queue if step[0] in ("look", "keep")), None)
        if player is None or player != looker:  # AR-11.2: only the looker sees the two cards
            view["look"] = sum(self.look)
        if player is None or player != self.light_top_seen:  # nor the card put back on top
            view["light_top"] = None
        view["viewer"] = player
        view["placeholder_data"] = PLACEHOLDER_NOTE
        view["points"] = [self.points(p) for p in range(len(self.names))]
        view["legal_actions"] = (
            [str(a) for a in self.legal_tuple()]
            if player is not None and player == self.current_player() else []
        )
        return view

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
        """Raise ValueError, naming the rule, if this position could not arise in a game."""
        validate(self)
        if (self.light_table != light_table_of(self.light_deck)
                or self.dark_table != dark_table_of(self.dark_deck)):
            raise ValueError("The cached draw tables are out of date with the decks.")

    def __repr__(self) -> str:
        return (f"<Amber Route {VERSIONS[self.version]}, {len(self.names)} players, "
                f"move {len(self.history)}>")


    # ----- the dispatch tables: each queue step's kind → the method that serves it -----
    ACTS: ClassVar[dict[str, Callable[..., Any]]] = {
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
_WAITS = frozenset(kind for kind, who in STEP_WHO.items() if who != "a" and kind not in _SKIP)
"""Steps that always wait for a player or chance."""


def trap_matches(dice: list[int]) -> int:
    """The most dice showing one value (AR-10.1)."""
    return max((dice.count(v) for v in set(dice)), default=0)


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
    seat_names = _names(list(names) if names is not None else None, count)
    family = v == FAMILY
    s = AmberRouteState.__new__(AmberRouteState)
    # the attributes in from_snapshot's order, so that both make the same object
    s.version = v
    s.names = seat_names
    s.pos, s.guards, s.amber = [0] * count, [START["guards"]] * count, [START["amber"]] * count
    s.secured, s.missed = [0] * count, [0] * count
    s.hand = [_light_counts_of(deck[p * per:(p + 1) * per]) for p in range(count)]
    s.kept = [[] for _ in range(count)]
    s.grace = [-1] * count if family else graces[:count]  # AR-2.2: Advanced deals one each
    s.light_deck = _light_counts_of(deck[count * per:])
    s.light_top, s.light_top_seen = -1, -1
    s.light_discard, s.table, s.look = [0] * LIGHT_KINDS, [0] * LIGHT_KINDS, [0] * LIGHT_KINDS
    s.dark_deck = list(_FAMILY_DARK_DECK if family else _CHALLENGE_CARDS)  # AR-2.3
    s.dark_discard = []
    s.box = [] if family else sorted(graces[count:])
    s.amber_pool = TOTAL_AMBER - count * START["amber"]
    s.guard_pool = TOTAL_GUARDS - count * START["guards"]
    s.card, s.level, s.hp, s.fight_round = -1, 0, 0, 0
    s.challenge_dice, s.damage_boost = 0, False
    s.dice, s.other_dice, s.duel = [], [], []
    s.turn, s.first, s.finals, s.fresh = first, -1, [], False
    s.queue = [*([_step("draw_phase", first)] if family else []), _step("action", first),
               _step("end_turn")]
    s.ended = None
    s.light_table, s.dark_table = light_table_of(s.light_deck), dark_table_of(s.dark_deck)
    s.begin()
    return s


def from_snapshot(data: Any) -> AmberRouteState:
    """The position ``data`` (as ``snapshot()`` writes it), checked; ValueError if it is not one."""
    if not isinstance(data, dict):
        raise ValueError("A position is a JSON object.")
    s = AmberRouteState.__new__(AmberRouteState)
    s.version = check_version(data.get("version"))
    n = check_players(data.get("players"))
    s.names = _names(data.get("names"), n)
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise ValueError(f"'seats' must list {n} players.")
    s.pos, s.guards, s.amber, s.secured, s.missed = [], [], [], [], []
    s.hand, s.kept, s.grace = [], [], []
    for p, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ValueError(f"Seat {p + 1} must be an object.")
        s.pos.append(_int(seat.get("field"), f"seat {p + 1} field", 0, CASTLE))
        s.guards.append(_int(seat.get("guards"), f"seat {p + 1} guards", 0, GUARD_LIMIT))
        s.amber.append(_int(seat.get("amber"), f"seat {p + 1} unsecured amber", 0, 2))
        s.secured.append(_int(seat.get("secured"), f"seat {p + 1} secured amber", 0, TOTAL_AMBER))
        s.missed.append(_int(seat.get("missed"), f"seat {p + 1} missed turns", 0, 99))
        s.hand.append(_light_counts(seat.get("hand"), f"seat {p + 1} hand"))
        s.kept.append(sorted(_dark_list(seat.get("kept"), f"seat {p + 1} kept cards")))
        grace = seat.get("grace")
        s.grace.append(-1 if grace is None else _dark(grace, f"seat {p + 1} grace card"))
    s.light_deck = _light_counts(data.get("light_deck"), "light_deck")
    top = data.get("light_top")
    if top is not None and (not isinstance(top, str) or len(top.split()) != 1):
        raise ValueError("'light_top' must be null or one light card like \"F2\".")
    s.light_top = -1 if top is None else parse_light(top)
    seen = data.get("light_top_seen_by")
    s.light_top_seen = -1 if seen is None else _int(seen, "light_top_seen_by", 0, n - 1)
    s.light_discard = _light_counts(data.get("light_discard"), "light_discard")
    s.table = _light_counts(data.get("table"), "table")
    s.look = _light_counts(data.get("look"), "look")
    s.dark_deck = sorted(_dark_list(data.get("dark_deck"), "dark_deck"))
    s.dark_discard = sorted(_dark_list(data.get("dark_discard"), "dark_discard"))
    s.box = sorted(_dark_list(data.get("box"), "box"))
    s.amber_pool = _int(data.get("amber_pool"), "amber_pool", 0, TOTAL_AMBER)
    s.guard_pool = _int(data.get("guard_pool"), "guard_pool", 0, TOTAL_GUARDS)
    card = data.get("card")
    s.card = -1 if card is None else _dark(card, "card")
    s.level = _int(data.get("level"), "level", 0, 2)
    s.hp = _int(data.get("hp"), "hp", 0, 5)
    s.fight_round = _round(data.get("round"))
    s.challenge_dice = _int(data.get("dice_count"), "dice_count", 0, 5)
    s.damage_boost = _flag(data.get("damage36"), "damage36")
    s.dice = _dice(data.get("dice"), "dice")
    s.other_dice = _dice(data.get("other_dice"), "other_dice")
    duel = data.get("duel")
    if not isinstance(duel, list) or len(duel) not in (0, 4, 6):
        raise ValueError("'duel' must be [] or the fight's numbers.")
    s.duel = [_int(x, "duel", 0, 20) for x in duel]
    s.turn = _int(data.get("turn"), "turn", 0, n - 1)
    first = data.get("first")
    s.first = -1 if first is None else _int(first, "first", 0, n - 1)
    finals = data.get("finals")
    if not isinstance(finals, list):
        raise ValueError("'finals' must list seats.")
    s.finals = [_int(x, "finals", 0, n - 1) for x in finals]
    s.fresh = _flag(data.get("fresh"), "fresh")
    s.queue = _queue(data.get("queue"), n)
    ended = data.get("ended")
    if ended not in (None, "castle"):
        raise ValueError("'ended' must be null or 'castle'.")
    s.ended = ended
    s.light_table, s.dark_table = light_table_of(s.light_deck), dark_table_of(s.dark_deck)
    validate(s)
    s.begin()
    _check_next_step(s)
    return s


def from_description(text: str) -> AmberRouteState:
    """The position a few lines describe (see description.py); ValueError if there is none."""
    return from_snapshot(parse_description(text))

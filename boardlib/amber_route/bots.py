"""A sensible Amber Route bot: guards before danger, enough dice to win, spend only to win."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar

from boardlib.amber_route.data import (
    CARD_KIND,
    DUEL_STRENGTH,
    GHOST,
    GHOSTS,
    LIGHT_VALUE,
    MONSTER,
    TRAP,
    TRAP_DICE,
)
from boardlib.amber_route.state import (
    VOCABULARY,
    AmberRouteState,
    trap_matches,
)
from boardlib.protocol import Action

Legal = Sequence[Action]
"""The legal moves a chooser picks from."""

GIFT_ORDER = (6, 3, 2, 5, 4, 1)  # amber, 2 guards, 2 cards, move, 1 guard, 1 card (placeholders)


class CarefulBot:
    """Plays by simple rules of thumb, with no look-ahead.

    Keeps 3+ guards before moving on, moves 2 fields when guards are plentiful, plays light
    cards until the challenge is likely won, changes dice only when that wins the challenge,
    picks the grace gift worth most, loots amber first. Random only where it is indifferent.
    """

    name = "careful"

    def choose(self, state: AmberRouteState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        head = state.queue[0]
        chooser = self.CHOOSERS.get(head.kind)
        choice = chooser(self, state, head.player, head.a, head.b, legal) if chooser else None
        return choice if choice in legal else rng.choice(legal)

    def _draw_phase(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        return VOCABULARY["take guard"] if s.guards[p] < 4 else VOCABULARY["draw card"]

    def _action(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        if VOCABULARY["grace"] in legal:
            return VOCABULARY["grace"]
        if s.guards[p] < 3 and VOCABULARY["recruit"] in legal:
            return VOCABULARY["recruit"]
        if sum(s.hand[p]) < 2 and s.amber[p] == 2:
            return VOCABULARY["buy cards"]
        move_2, move_1 = VOCABULARY["move 2"], VOCABULARY["move 1"]
        return move_2 if s.guards[p] >= 5 and move_2 in legal else move_1

    def _cheapest(self, legal: Legal, verb: str) -> Action | None:
        cards = [x for x in legal if x.kind == verb]
        return min(cards, key=lambda x: (LIGHT_VALUE[x.args[0]], -x.args[0]), default=None)

    def _discard(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        return self._cheapest(legal, "discard")

    def _pay(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        return self._cheapest(legal, "lose")

    def _reward(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        return VOCABULARY["reward guard"] if s.guards[p] < 5 else VOCABULARY["reward light"]

    def _prepare(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        uses = [x for x in legal if x.kind == "use"]
        if uses:
            return uses[0]
        plays = [x for x in legal if x.kind == "play"]
        kind = CARD_KIND[s.card]
        if kind == GHOST and s.dice_count * 3.5 >= GHOSTS[s.version][s.level][0] + 1:
            return VOCABULARY["go"]
        if kind == MONSTER and s.dice_count >= 3:
            return VOCABULARY["go"]
        return max(plays, key=lambda x: LIGHT_VALUE[x.args[0]], default=VOCABULARY["go"])

    def _modify(self, s: AmberRouteState, p: int, mode: int, target: int,
            legal: Legal) -> Action | None:
        dice = s.dice if target == 0 else s.other_dice
        if mode == 1:  # a Family fight: spend spare guards on the lowest die
            low = min(range(len(dice)), key=dice.__getitem__)
            if s.guards[p] > 3 and dice[low] < 6:
                return VOCABULARY[f"up {low + 1}"]
            return VOCABULARY["done"]
        kind = CARD_KIND[s.card]
        if kind == GHOST:
            return self._ghost(s, p, dice, legal)
        if kind == TRAP:
            return self._trap(s, p, dice, legal)
        threes = [i for i, v in enumerate(dice) if v == 3]
        if threes and s.guards[p] > 3:
            return VOCABULARY[f"up {threes[0] + 1}"]
        return VOCABULARY["done"]

    def _ghost(self, s: AmberRouteState, p: int, dice: list[int], legal: Legal) -> Action:
        short = GHOSTS[s.version][s.level][0] - sum(dice)
        if short <= 0:
            return VOCABULARY["done"]
        low = min(range(len(dice)), key=dice.__getitem__)
        rerolls = [x for x in legal if x.kind == "reroll"]
        if rerolls and dice[low] <= 2:
            return rerolls[low] if low < len(rerolls) else rerolls[0]
        room = sum(6 - v for v in dice if v < 6)
        if short <= min(s.guards[p], room):
            return VOCABULARY[f"up {low + 1}"] if dice[low] < 6 else VOCABULARY["done"]
        if s.amber[p] and 6 - dice[low] >= short:
            return VOCABULARY[f"set {low + 1} 6"]
        return VOCABULARY["done"]

    def _trap(self, s: AmberRouteState, p: int, dice: list[int], legal: Legal) -> Action:
        need = TRAP_DICE[s.level]
        best = trap_matches(dice)
        if best >= need:
            return VOCABULARY["done"]
        value = max(set(dice), key=lambda v: (dice.count(v), v))
        others = [i for i, v in enumerate(dice) if v != value]
        if need - best <= s.amber[p]:
            return VOCABULARY[f"set {others[0] + 1} {value}"]
        near = [i for i in others if abs(dice[i] - value) == 1 and dice[i] != 6]
        if near and s.guards[p] >= need - best:
            i = near[0]
            return VOCABULARY[f"{'up' if dice[i] < value else 'down'} {i + 1}"]
        rerolls = [x for x in legal if x.kind == "reroll" and x.args[0] in others]
        return rerolls[0] if rerolls else VOCABULARY["done"]

    def _attack(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        attacks = [x for x in legal if x.kind == "attack"]
        if attacks and sum(s.hand[p]) >= 3:
            return attacks[0]
        return VOCABULARY["no attack"]

    def _duel_cards(self, s: AmberRouteState, p: int, role: int, b: int,
            legal: Legal) -> Action | None:
        return self._cheapest(legal, "add") if sum(s.hand[p]) > 1 else VOCABULARY["ready"]

    def _contest_first(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        return self._cheapest(legal, "add")

    def _contest_cards(self, s: AmberRouteState, p: int, role: int, b: int,
            legal: Legal) -> Action | None:
        dice = s.duel[DUEL_STRENGTH + role] + 1
        return self._cheapest(legal, "add") if dice < 5 else VOCABULARY["ready"]

    def _loot(self, s: AmberRouteState, w: int, loser: int, b: int,
            legal: Legal) -> Action | None:
        for name in ("loot amber", "loot guards", "loot cards"):
            if VOCABULARY[name] in legal:
                return VOCABULARY[name]
        return None

    def _pick(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        faces = {x.args[0]: x for x in legal}
        return next(faces[f] for f in GIFT_ORDER if f in faces)

    def _keep(self, s: AmberRouteState, p: int, a: int, b: int,
            legal: Legal) -> Action | None:
        return max(legal, key=lambda x: LIGHT_VALUE[x.args[0]])

    CHOOSERS: ClassVar[dict[str, Callable[..., Action | None]]] = {
        "draw_phase": _draw_phase, "action": _action, "discard": _discard, "pay": _pay,
        "reward": _reward, "prepare": _prepare, "modify": _modify, "attack": _attack,
        "duel_cards": _duel_cards, "contest_first": _contest_first,
        "contest_cards": _contest_cards, "loot": _loot, "pick": _pick, "keep": _keep,
    }
    """A player's step (``Step.kind``) → how the bot chooses there, from the step's player
    and numbers; a step not here gets a random legal move."""


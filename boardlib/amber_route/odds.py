"""Exact odds of Amber Route's dice, by enumerating every roll (Fractions, standard library).

Why here: the board's odds panel, the probability lesson and the tests all need the same
numbers, and they must be the engine's rules (AR-7 … AR-13), not a second reading of them.
Each function takes the numbers a player can see at the table (dice, guards, unsecured amber),
never a hidden hand, and assumes the guards and amber are spent as well as they can be:

- a guard moves one die one pip, never a die showing 6, never below 1 (AR-7.2);
- one unsecured amber sets one die to any face (AR-7.3).

Rolls are enumerated as multisets of faces with their multinomial weights (252 for 5 dice
instead of 7,776 sequences), and remembered.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from boardlib.amber_route.state import AmberRouteState
from boardlib.amber_route.state import duel_damage as _engine_damage

FACES = range(1, 7)


@cache
def rolls(dice: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of ``dice`` fair dice as (faces sorted ascending, its exact probability)."""
    total = 6 ** dice
    out = []
    for faces in combinations_with_replacement(FACES, dice):
        weight = factorial(dice)
        for face in set(faces):
            weight //= factorial(faces.count(face))
        out.append((faces, Fraction(weight, total)))
    return tuple(out)


def _chance(dice: int, wins: Callable[[tuple[int, ...]], bool]) -> Fraction:
    """The probability of the rolls of ``dice`` dice for which ``wins`` holds."""
    return sum((p for faces, p in rolls(dice) if wins(faces)), Fraction(0))


# ----- ghosts (AR-9) -----
def ghost_total(faces: tuple[int, ...], guards: int, amber: int) -> int:
    """The best sum a roll can be brought to: amber sets the lowest dice to 6, then each guard
    adds a pip to a die below 6 (AR-7.2, AR-7.3). Setting the lowest die gains most and costs
    the guards no room they could have used."""
    ordered = sorted(faces)
    set_to_six = min(amber, len(ordered))
    raised = [6] * set_to_six + ordered[set_to_six:]
    room = sum(6 - v for v in raised)
    return sum(raised) + min(guards, room)


@cache
def ghost_escape(need: int, dice: int, guards: int = 0, amber: int = 0) -> Fraction:
    """The chance that ``dice`` dice reach ``need`` with ``guards`` and ``amber`` spent well."""
    return _chance(dice, lambda faces: ghost_total(faces, guards, amber) >= need)


# ----- traps (AR-10) -----
def trap_guards_needed(faces: tuple[int, ...], need: int, amber: int) -> int | None:
    """The fewest guards that make ``need`` dice show one face, with ``amber`` dice set freely
    (None: impossible). A die showing 6 can only be set with amber (AR-7.2); a die is moved a
    pip per guard."""
    best: int | None = None
    free = min(amber, need)
    for target in FACES:
        costs = sorted(abs(v - target) if v != 6 or target == 6 else 99 for v in faces)
        paid = costs[: need - free] if need > free else []
        cost = sum(paid)
        if len(paid) == need - free and cost < 99 and (best is None or cost < best):
            best = cost
    return best


@cache
def trap_avoid(need: int, dice: int, guards: int = 0, amber: int = 0) -> Fraction:
    """The chance that ``need`` of ``dice`` dice can be made to match with guards and amber."""
    if dice < need:
        return Fraction(0)

    def wins(faces: tuple[int, ...]) -> bool:
        cost = trap_guards_needed(faces, need, amber)
        return cost is not None and cost <= guards

    return _chance(dice, wins)


@cache
def trap_missed_turns(need: int, dice: int) -> Fraction:
    """The expected turns missed when nothing is changed: dice needed minus the most dice
    showing one face (AR-10.2)."""
    return sum((p * max(0, need - max(faces.count(v) for v in set(faces)))
                for faces, p in rolls(dice)), Fraction(0))


# ----- monsters (AR-8) -----
def _hits(dice: int, low: int) -> list[Fraction]:
    """P(k of ``dice`` dice show ``low`` or more), k = 0 … dice (a binomial, exactly)."""
    p = Fraction(7 - low, 6)
    return [Fraction(factorial(dice), factorial(k) * factorial(dice - k)) * p ** k
            * (1 - p) ** (dice - k) for k in range(dice + 1)]


@cache
def monster_win(hp: int, guards: int, dice: int, monster_dice: int, monster_from: int,
                hit_from: int = 4) -> Fraction:
    """The chance to beat a monster with ``hp`` hit points left, at the start of a round, with
    ``guards`` guards, rolling ``dice`` dice that hit on ``hit_from``+ while the monster rolls
    ``monster_dice`` that hit on ``monster_from``+ — dice counted as rolled (AR-8.4, AR-8.5).

    A small Markov chain over (hit points, guards). AR-8.5: the fight is lost when a monster
    attack reduces the guards to zero, or when it hits a player who has none (a fight begun
    with no guard goes on while the monster misses). A round where nobody hits repeats the same
    state, so V = (the rest) / (1 − P(nobody hits)).
    """
    if hp <= 0:
        return Fraction(1)
    mine, theirs = _hits(dice, hit_from), _hits(monster_dice, monster_from)
    rest = sum(mine[hp:], Fraction(0))
    repeat = Fraction(0)
    for k, pk in enumerate(mine[:hp]):
        for j, pj in enumerate(theirs):
            left = guards - j
            if not _fights_on(guards, j):
                continue
            if k == 0 and j == 0:
                repeat += pk * pj
            else:
                rest += pk * pj * monster_win(hp - k, left, dice, monster_dice, monster_from,
                                              hit_from)
    return rest / (1 - repeat)


def after_player_attack(hp: int, hits: int, guards: int, dice: int, monster_dice: int,
                        monster_from: int, hit_from: int = 4) -> Fraction:
    """The chance to win once this round's own hits are counted: the monster then attacks."""
    left = hp - hits
    if left <= 0:
        return Fraction(1)
    theirs = _hits(monster_dice, monster_from)
    return sum((pj * monster_win(left, guards - j, dice, monster_dice, monster_from, hit_from)
                for j, pj in enumerate(theirs) if _fights_on(guards, j)), Fraction(0))


def _fights_on(guards: int, hits: int) -> bool:
    """Whether the fight goes on after the monster's ``hits`` against ``guards`` (AR-8.5)."""
    return guards - hits > 0 if guards else hits == 0


# ----- fights between players -----
def duel_damage(attacker: tuple[int, ...], defender: tuple[int, ...]) -> tuple[int, int]:
    """(damage to the attacker, to the defender): highest against highest, ties to the
    defender, an unpaired die hits on 4–6 (AR-12.3). The engine's own rule."""
    return _engine_damage(list(attacker), list(defender))


@cache
def duel_win(attacker: int, defender: int) -> Fraction:
    """The chance the attacker wins an Advanced dice duel from ``attacker`` against
    ``defender`` dice (hit points), round after round (AR-12.3, AR-12.4)."""
    if defender <= 0:
        return Fraction(1)
    if attacker <= 0:
        return Fraction(0)
    total = Fraction(0)
    for a_faces, pa in rolls(attacker):
        for d_faces, pd in rolls(defender):
            to_a, to_d = duel_damage(a_faces, d_faces)
            total += pa * pd * duel_win(attacker - min(attacker, to_a),
                                        defender - min(defender, to_d))
    return total


@cache
def contest_win(attacker: int, defender: int, attacker_guards: int = 0,
                defender_guards: int = 0) -> Fraction:
    """The chance the attack's sum beats the defence's (a tie is the defender's) in a Family
    fight (AR-13.3, AR-13.4), each side spending its guards as well as it can (AR-13.5).

    A guard moves one die one pip, never past 6 (AR-7.2), so g guards add min(g, room) to a
    sum, room being what the dice lack of all sixes. The attacker changes his dice first
    without knowing the defence, and a higher attack can only help him, so he spends every
    guard that adds; the defender, who sees the attack, needs only to reach it (a tie is his).
    Either way each side's best is its sum plus all its guards that fit: no choice is left.
    """
    defence: dict[int, Fraction] = {}
    for total, p in _sums(defender).items():  # a guard past every six is left unused
        best = min(total + defender_guards, 6 * defender)
        defence[best] = defence.get(best, Fraction(0)) + p
    wins = Fraction(0)
    for total, pa in _sums(attacker).items():
        attack = min(total + attacker_guards, 6 * attacker)
        wins += pa * sum((pd for d, pd in defence.items() if d < attack), Fraction(0))
    return wins


@cache
def _sums(dice: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for faces, p in rolls(dice):
        out[sum(faces)] = out.get(sum(faces), Fraction(0)) + p
    return out


# ----- simulations beside the exact numbers (seeded) -----
def simulate_ghost(need: int, dice: int, guards: int, amber: int, trials: int,
                   rng: random.Random) -> int:
    """How many of ``trials`` seeded rolls escape, spending as ``ghost_total`` does."""
    return sum(ghost_total(tuple(rng.randint(1, 6) for _ in range(dice)), guards, amber) >= need
               for _ in range(trials))


def simulate_trap(need: int, dice: int, guards: int, amber: int, trials: int,
                  rng: random.Random) -> int:
    """How many of ``trials`` seeded rolls can be made to match, spending as the rules allow."""
    wins = 0
    for _ in range(trials):
        cost = trap_guards_needed(tuple(rng.randint(1, 6) for _ in range(dice)), need, amber)
        wins += cost is not None and cost <= guards
    return wins


def simulate_fight(start: AmberRouteState, trials: int, rng: random.Random) -> int:
    """How many of ``trials`` monster fights the engine itself plays out are won from ``start``
    (a position facing a monster, cards already played), counting the dice as rolled."""
    wins = 0
    for _ in range(trials):
        state = start.clone()
        events = state.apply_action("go")
        while not any(event.kind in ("overcome", "failed") for event in events):
            events = state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                                        else "done")
        wins += any(event.kind == "overcome" for event in events)
    return wins


def simulate_duel(attacker: int, defender: int, trials: int, rng: random.Random) -> int:
    """How many of ``trials`` seeded dice duels the attacker wins, by the engine's damage rule."""
    wins = 0
    for _ in range(trials):
        a, d = attacker, defender
        while a and d:
            to_a, to_d = duel_damage(tuple(rng.randint(1, 6) for _ in range(a)),
                                     tuple(rng.randint(1, 6) for _ in range(d)))
            a, d = a - min(a, to_a), d - min(d, to_d)
        wins += d == 0
    return wins

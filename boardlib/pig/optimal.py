"""Pig played best: the chance to win from every position, by value iteration.

Neller and Presser ("Optimal Play of the Dice Game Pig", 2004) compute P(i, j, k), the chance
that the player to move wins with score i, the opponent's score j and k points at stake this
turn, when both play best:

    roll: 1/6 · (1 − P(j, i, 0)) + Σ_{r=2..6} 1/6 · P(i, j, k + r)      (P = 1 once i + k ≥ target)
    hold: 1 − P(j, i + k, 0)                                             (only when k > 0, PG-3.4)
    P(i, j, k) = max(roll, hold)

and report P(0, 0, 0) ≈ 0.5306 for the target 100. Banked scores never fall, so positions are
solved by the sum of the banked scores, highest first; within one sum, (i, j, ·) and (j, i, ·)
depend on each other only through a 1 rolled. With the policy fixed, every P(i, j, k) is an
affine function of P(j, i, 0), so each pair is solved exactly by a few rounds of policy
iteration instead of many sweeps of plain value iteration — the same fixed point, in seconds.
Pure Python, floats (exact Fractions would be needlessly slow for 100).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from boardlib.pig.data import BUST, FACES
from boardlib.pig.state import HOLD, ROLL, PigState
from boardlib.protocol import Action

GAINS = tuple(face for face in FACES if face != BUST)
SIDES = len(FACES)


@dataclass(frozen=True)
class PigSolution:
    """The chance to win and the best move for every position of a game to ``target``."""

    target: int
    win: tuple[tuple[tuple[float, ...], ...], ...]  # win[i][j][k]
    roll: tuple[tuple[tuple[bool, ...], ...], ...]  # roll[i][j][k]: rolling is best

    def chance(self, mine: int, theirs: int, at_stake: int = 0) -> float:
        """The chance the player to move wins, both playing best from here."""
        if mine + at_stake >= self.target:
            return 1.0
        return self.win[mine][theirs][at_stake]

    def hold_at(self, mine: int, theirs: int) -> int:
        """The smallest turn total at which the best move is to hold (the policy's picture)."""
        for k in range(1, self.target - mine):
            if not self.roll[mine][theirs][k]:
                return k
        return self.target - mine


def solve(target: int = 100) -> PigSolution:
    """Every position's chance to win under best play (see the module's docstring)."""
    win: list[list[list[float]]] = [[[0.0] * (target - i) for _ in range(target)]
                                    for i in range(target)]
    roll: list[list[list[bool]]] = [[[True] * (target - i) for _ in range(target)]
                                    for i in range(target)]
    for total in range(2 * target - 2, -1, -1):
        for i in range(max(0, total - target + 1), min(total, target - 1) + 1):
            j = total - i
            if j < i:
                continue
            _solve_pair(i, j, target, win, roll)
    return PigSolution(target, _freeze(win), _freeze(roll))


Table = list[list[list[Any]]]
"""A table being solved: ``table[i][j][k]`` for scores i, j and turn total k."""


Memo = dict[tuple[int, int, int, int], float]
"""The chances of the turn totals worked out: (seat, mine, theirs, turn total) → chance."""


def _freeze(table: Table) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    return tuple(tuple(tuple(row) for row in plane) for plane in table)


def _solve_pair(i: int, j: int, target: int, win: Table, roll: Table) -> None:
    """P(i, j, ·) and P(j, i, ·) together: policy iteration on the two turn starts."""
    x = y = 0.5  # guesses of P(i, j, 0) and P(j, i, 0)
    for _ in range(50):
        a, b = _affine(i, j, y, target, win, roll)  # P(i, j, 0) = a + b · P(j, i, 0)
        c, d = _affine(j, i, x, target, win, roll)
        # x = a + b y, y = c + d x  →  x = (a + b c) / (1 − b d)
        new_x = (a + b * c) / (1 - b * d)
        new_y = c + d * new_x
        if abs(new_x - x) < 1e-13 and abs(new_y - y) < 1e-13:
            x, y = new_x, new_y
            break
        x, y = new_x, new_y
    _fill(i, j, y, target, win, roll)
    _fill(j, i, x, target, win, roll)


def _affine(i: int, j: int, other: float, target: int, win: Table,
            roll: Table) -> tuple[float, float]:
    """P(i, j, 0) as a + b · P(j, i, 0), the policy chosen at the guess ``other``."""
    top = target - i
    coef: list[tuple[float, float]] = [(0.0, 0.0)] * (top + 6)
    for k in range(top + 5, top - 1, -1):
        coef[k] = (1.0, 0.0)  # the target is reached
    for k in range(top - 1, -1, -1):
        ra, rb = 1.0 / SIDES, -1.0 / SIDES  # a 1: the opponent starts, 1 − P(j, i, 0)
        for r in GAINS:
            ca, cb = coef[k + r]
            ra += ca / SIDES
            rb += cb / SIDES
        if k > 0:
            hold = 1.0 - win[j][i + k][0] if i + k < target else 1.0
            if hold > ra + rb * other:
                coef[k] = (hold, 0.0)
                continue
        coef[k] = (ra, rb)
    return coef[0]


def _fill(i: int, j: int, other: float, target: int, win: Table, roll: Table) -> None:
    """Write P(i, j, k) and the best move for every k, given P(j, i, 0) = ``other``."""
    top = target - i
    values = [1.0] * (top + 6)
    for k in range(top - 1, -1, -1):
        rolled = (1.0 - other + sum(values[k + r] for r in GAINS)) / SIDES
        hold = (1.0 - win[j][i + k][0] if i + k < target else 1.0) if k > 0 else -1.0
        values[k] = max(rolled, hold)
        win[i][j][k] = values[k]
        roll[i][j][k] = rolled >= hold


class OptimalPigBot:
    """Plays Pig best, from a solution computed once for the game's target."""

    name = "optimal"

    def __init__(self, solution: PigSolution) -> None:
        self.solution = solution

    def choose(self, state: PigState, rng: random.Random) -> Action:
        if not state.turn_total:
            return ROLL
        mine, theirs = state.scores[state.to_move], state.scores[1 - state.to_move]
        if mine + state.turn_total >= state.target:
            return HOLD
        return ROLL if self.solution.roll[mine][theirs][state.turn_total] else HOLD


def hold_at_win_chance(target: int, limit: int, solution: PigSolution,
                       first: bool = True) -> float:
    """The exact chance that "hold at ``limit``" beats the best player, moving first or not:
    the same recursion with one seat's move fixed by the rule (a policy evaluation)."""
    # q[s][i][j][k]: the chance the hold-at player wins, seat s to move (0: hold-at, 1: best)
    memo: Memo = {}
    for total in range(2 * target - 2, -1, -1):
        for i in range(max(0, total - target + 1), min(total, target - 1) + 1):
            j = total - i
            _evaluate_pair(i, j, target, limit, solution, memo)
    return memo[(0, 0, 0, 0)] if first else memo[(1, 0, 0, 0)]


def _evaluate_pair(i: int, j: int, target: int, limit: int, solution: PigSolution,
                   memo: dict[tuple[int, int, int, int], float]) -> None:
    """Hold-at's chance with scores (i: hold-at, j: best), each seat to move. Both policies
    are fixed, so each turn start is affine in the other's: solved exactly, in one go."""
    a, b = _turn(0, i, j, target, limit, solution, memo)  # x = a + b · y
    c, d = _turn(1, j, i, target, limit, solution, memo)  # y = c + d · x
    x = (a + b * c) / (1 - b * d)
    y = c + d * x
    _turn(0, i, j, target, limit, solution, memo, bust=y)
    _turn(1, j, i, target, limit, solution, memo, bust=x)


def _turn(seat: int, mine: int, theirs: int, target: int, limit: int, solution: PigSolution,
          memo: Memo, bust: float | None = None) -> tuple[float, float]:
    """The hold-at player's chance when ``seat`` starts a turn at (mine, theirs), as
    a + b · (that chance after a 1, when the other seat starts at (theirs, mine, 0)); with
    ``bust`` known, every turn total's chance is written to ``memo``."""
    top = target - mine
    win_value = 1.0 if seat == 0 else 0.0
    coef: list[tuple[float, float]] = [(win_value, 0.0)] * (top + 6)
    for k in range(top - 1, -1, -1):
        ra, rb = 0.0, 1.0 / SIDES
        for r in GAINS:
            ca, cb = coef[k + r]
            ra += ca / SIDES
            rb += cb / SIDES
        coef[k] = (ra, rb)
        if k:
            holds = k >= limit if seat == 0 else not solution.roll[mine][theirs][k]
            if holds:
                held = memo[(1 - seat, theirs, mine + k, 0)] if mine + k < target else win_value
                coef[k] = (held, 0.0)
        if bust is not None:
            memo[(seat, mine, theirs, k)] = coef[k][0] + coef[k][1] * bust
    return coef[0]

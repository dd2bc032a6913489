"""Pig played best (boardlib.pig.optimal): Neller and Presser's 0.5306, and the policy."""

from __future__ import annotations

import random

import pytest

from boardlib import pig
from boardlib.match import Match
from boardlib.pig.optimal import OptimalPigBot, hold_at_win_chance, solve


def test_the_first_player_wins_53_06_percent_of_games_to_100_under_best_play():
    solution = solve(100)
    assert round(solution.chance(0, 0), 4) == 0.5306  # Neller & Presser (2004)
    assert solution.hold_at(0, 0) in range(19, 30)  # near "hold at 20" when level


def test_small_targets_agree_with_a_brute_force_value_iteration():
    target = 12
    solution = solve(target)
    values = {(i, j, k): 0.5 for i in range(target) for j in range(target)
              for k in range(target - i)}

    def p(i, j, k):
        return 1.0 if i + k >= target else values[i, j, k]

    for _ in range(400):  # plain value iteration: sweep until nothing moves
        for (i, j, k) in values:
            rolled = (1 - p(j, i, 0) + sum(p(i, j, k + r) for r in range(2, 7))) / 6
            held = 1 - p(j, i + k, 0) if k else -1.0
            values[i, j, k] = max(rolled, held)
    for key, value in values.items():
        assert solution.chance(*key) == pytest.approx(value, abs=1e-9), key


def test_best_play_beats_hold_at_20_and_a_simulation_agrees():
    target = 30
    solution = solve(target)
    exact = hold_at_win_chance(target, 8, solution)
    assert 0 < exact < 0.5  # the rule of thumb loses to best play, even moving first
    rng = random.Random(4)
    n, wins = 3000, 0
    for _ in range(n):
        match = Match(pig.new_game(target=target),
                      bots={0: pig.HoldAtBot(8), 1: OptimalPigBot(solution)}, seed=rng.random())
        match.advance()
        wins += tuple(match.state.result().winners) == (0,)
    assert abs(wins / n - exact) <= 3.29 * (exact * (1 - exact) / n) ** 0.5

"""Positions the Âmbar tests share."""

from __future__ import annotations

import random

from boardlib import ambar_fossils as af


def played(seed: int, actions: int, players: int) -> af.AmbarFossilsState:
    """The state after ``actions`` steps of a seeded game between greedy bots."""
    rng = random.Random(seed)
    state = af.new_game(players=players, seed=seed)
    bot = af.GreedyBot()
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else bot.choose(state, rng))
    return state

"""Exact chances from the engine's own chance nodes: how many landslides will the next draw bring?

Run ``python -m boardlib.amphipolis.probability --players 2 --seed 7`` to see the exact
distribution for a new game beside a simulation of it.
"""

from __future__ import annotations

import argparse
import random
from fractions import Fraction

from boardlib.amphipolis.data import (
    DRAW,
    LANDSLIDE,
)
from boardlib.amphipolis.state import (
    AmphipolisState,
    new_game,
)


def landslides_in_next_draw(state: AmphipolisState) -> dict[int, Fraction]:
    """The exact distribution of landslides among the draws left in this turn (AM-3.1).

    Walks the engine's chance tree (``chance_outcomes()`` and ``apply_action``). All
    non-landslide outcomes lead to bags with the same landslide count and size, so one of
    them is followed with their summed probability; the walk stops where the game ends
    (AM-5.1) or the draws end.
    """
    if state.phase != DRAW:
        raise ValueError("Tiles are not being drawn now: no draw to predict.")
    result: dict[int, Fraction] = {}
    _walk(state.clone(), state.draws_left, 0, Fraction(1), result)
    return dict(sorted(result.items()))


def _walk(state: AmphipolisState, left: int, slides: int, chance: Fraction,
          result: dict[int, Fraction]) -> None:
    if state.phase != DRAW or not left:
        result[slides] = result.get(slides, Fraction(0)) + chance
        return
    outcomes = state.chance_outcomes()
    other = sum((p for a, p in outcomes if a.args[0] != LANDSLIDE), Fraction(0))
    for action, p in outcomes:
        if action.args[0] == LANDSLIDE:
            after = state.clone()
            after.apply_action(action)
            _walk(after, left - 1, slides + 1, chance * p, result)
            break
    if other:
        first = next(a for a, _ in outcomes if a.args[0] != LANDSLIDE)
        after = state.clone()
        after.apply_action(first)
        _walk(after, left - 1, slides, chance * other, result)


def simulate(state: AmphipolisState, trials: int, rng: random.Random) -> dict[int, int]:
    """Counts of landslides in the rest of this turn's draws over ``trials`` sampled draws."""
    counts: dict[int, int] = {}
    for _ in range(trials):
        copy = state.clone()
        start = copy.covered
        for _ in range(state.draws_left):
            if copy.phase != DRAW:
                break
            copy.apply_action(copy.sample_chance(rng))
        counts[copy.covered - start] = counts.get(copy.covered - start, 0) + 1
    return dict(sorted(counts.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--trials", type=int, default=100_000)
    args = parser.parse_args()
    state = new_game(players=args.players, seed=args.seed)
    exact = landslides_in_next_draw(state)
    seen = simulate(state, args.trials, random.Random(args.seed))
    print(f"Landslides in the next draw of four ({args.players} players, seed {args.seed}):")
    for k, p in exact.items():
        print(f"  {k}: exact {p!s:>22} = {float(p):.5f}   simulated "
              f"{seen.get(k, 0) / args.trials:.5f}")


if __name__ == "__main__":
    main()

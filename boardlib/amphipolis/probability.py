"""Exact chances from the engine's own chance nodes: how many landslides will the next draw bring,
how many turns are left, and what is a tile worth now?

The bag is drawn without replacement and never refilled, so the order of its tiles is a uniform
shuffle: the landslides in the next draws are hypergeometric and the draws until the last
entrance space is covered are negative hypergeometric. The closed forms here are checked
against walks of the engine's own chance tree (``landslides_in_next_draw``,
``turns_left_by_engine``), and simulations stand beside them with their error bars.

Run ``python -m boardlib.amphipolis.probability --players 2 --seed 7`` to see the exact
distribution for a new game beside a simulation of it.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from boardlib.amphipolis.bots import GreedyBot
from boardlib.amphipolis.data import (
    AREA_OF,
    AREAS,
    DRAW,
    DRAWS,
    ENTRANCE,
    FINDS,
    LANDSLIDE,
    TAKE,
    TOKENS,
)
from boardlib.amphipolis.state import AmphipolisState, new_game


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


def landslides_still_needed(state: AmphipolisState) -> int:
    """Entrance spaces still open: the game ends when this many more landslides come (AM-5.1)."""
    return ENTRANCE - state.covered


def hypergeometric_landslides(bag_total: int, bag_landslides: int, draws: int,
                              needed: int = ENTRANCE) -> dict[int, Fraction]:
    """Landslides among the next ``draws`` tiles of a shuffled bag, by exact counting:
    C(L, k)·C(N − L, d − k) / C(N, d). Drawing stops at the ``needed``-th landslide (the game
    is over, AM-5.1), so every count from ``needed`` up is lumped into ``needed``."""
    draws = min(draws, bag_total)
    whole = math.comb(bag_total, draws)
    result: dict[int, Fraction] = {}
    for k in range(draws + 1):
        ways = math.comb(bag_landslides, k) * math.comb(bag_total - bag_landslides, draws - k)
        if ways:
            key = min(k, needed)
            result[key] = result.get(key, Fraction(0)) + Fraction(ways, whole)
    return dict(sorted(result.items()))


def next_draw_exact(state: AmphipolisState) -> dict[int, Fraction]:
    """The closed form of ``landslides_in_next_draw`` for this position (the same numbers)."""
    if state.phase != DRAW:
        raise ValueError("Tiles are not being drawn now: no draw to predict.")
    return hypergeometric_landslides(state.bag_total, state.bag[LANDSLIDE], state.draws_left,
                                     landslides_still_needed(state))


def draws_until_end(bag_total: int, bag_landslides: int, needed: int) -> dict[int, Fraction]:
    """How many more draws until the ``needed``-th landslide (negative hypergeometric):
    P(D = d) = C(d − 1, K − 1)·C(N − d, L − K) / C(N, L) — the K-th landslide is draw d."""
    if needed <= 0:
        return {0: Fraction(1)}
    whole = math.comb(bag_total, bag_landslides)
    result = {}
    for d in range(needed, bag_total - (bag_landslides - needed) + 1):
        ways = math.comb(d - 1, needed - 1) * math.comb(bag_total - d, bag_landslides - needed)
        if ways:
            result[d] = Fraction(ways, whole)
    return result


def turns_left(state: AmphipolisState) -> dict[int, Fraction]:
    """How many turns the game still has, counting the current one and the last (the turn
    whose draw covers the 16th space), from a position where tiles are being drawn."""
    if state.phase != DRAW:
        raise ValueError("Ask at the start of a turn or during its draws.")
    now = state.draws_left
    result: dict[int, Fraction] = {}
    for d, p in draws_until_end(state.bag_total, state.bag[LANDSLIDE],
                                landslides_still_needed(state)).items():
        turns = 1 if d <= now else 1 + math.ceil((d - now) / DRAWS)
        result[turns] = result.get(turns, Fraction(0)) + p
    return dict(sorted(result.items()))


def _to_next_draw(state: AmphipolisState) -> None:
    """Finish a turn with the quickest legal moves — one tile, then ``end`` — since which
    tiles are taken never changes the bag (a Professor's turn, met only from a prepared
    position, is finished with whatever is legal)."""
    if state.phase == TAKE and not state.taken:
        state.apply_action(f"take {TOKENS[next(t for t in range(FINDS) if state.areas[t])]}")
        if state.phase == TAKE:
            state.apply_action("end")
    while not state.is_terminal() and not state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])


def turns_left_by_engine(state: AmphipolisState) -> dict[int, Fraction]:
    """``turns_left`` found by walking the engine's chance tree instead of counting: every draw
    is a chance node with the engine's own probabilities; the draws that are not landslides
    lead to the same landslide count and bag size, so they are followed as one branch with
    their summed probability. Positions met again (same bag size, landslides, draws left)
    are remembered, so the walk is quick."""
    if state.phase != DRAW:
        raise ValueError("Ask at the start of a turn or during its draws.")
    memo: dict[tuple[int, int, int], dict[int, Fraction]] = {}

    def walk(node: AmphipolisState) -> dict[int, Fraction]:
        """Turns begun from this node on (its own, if its first draw is still to come)."""
        key = (node.bag_total, node.bag[LANDSLIDE], node.draws_left)
        if key not in memo:
            begun = 1 if node.draws_left == DRAWS else 0
            outcomes = node.chance_outcomes()
            slide = sum((p for a, p in outcomes if a.args[0] == LANDSLIDE), Fraction(0))
            spread: dict[int, Fraction] = {}
            for landslide, p in ((True, slide), (False, 1 - slide)):
                if not p:
                    continue
                after = node.clone()
                after.apply_action(next(a for a, _ in outcomes
                                        if (a.args[0] == LANDSLIDE) == landslide))
                _to_next_draw(after)
                later = {0: Fraction(1)} if after.is_terminal() else walk(after)
                for turns, q in later.items():
                    spread[begun + turns] = spread.get(begun + turns, Fraction(0)) + p * q
            memo[key] = spread
        return memo[key]

    current = 0 if state.draws_left == DRAWS else 1  # a turn whose draws have begun
    return {turns + current: p for turns, p in sorted(walk(state.clone()).items())}


def simulate_turns_left(state: AmphipolisState, trials: int, rng: random.Random) -> dict[int, int]:
    """Counts of turns left over ``trials`` plays of the rest of the game (the engine's own
    sampled draws; the moves between them do not matter for when the game ends). A turn
    begins with its first draw, also when it ends without a take (AM-8.2, nothing to take)."""
    counts: dict[int, int] = {}
    for _ in range(trials):
        copy = state.clone()
        turns = 0 if copy.draws_left == DRAWS else 1
        while not copy.is_terminal():
            if copy.is_chance_node():
                turns += copy.draws_left == DRAWS
                copy.apply_action(copy.sample_chance(rng))
            else:
                _to_next_draw(copy)
        counts[turns] = counts.get(turns, 0) + 1
    return dict(sorted(counts.items()))


def next_turn_landslides(state: AmphipolisState) -> dict[int, Fraction]:
    """The landslides the next turn's four draws bring (AM-3.1), asked during a take: the bag
    does not change until then, so it is ``hypergeometric_landslides`` of the bag as it is."""
    return hypergeometric_landslides(state.bag_total, state.bag[LANDSLIDE], DRAWS,
                                     landslides_still_needed(state))


def end_before_next_take(state: AmphipolisState) -> Fraction:
    """The chance that the game ends before the take of the player to move's next turn: the
    last entrance space is covered within the others' turns or the draws of one's own next
    turn (AM-5.1: "The player who drew the last Landslide tile does not get any tiles"). That
    is the next ``players × 4`` draws; solo, the next four."""
    if state.phase == DRAW:
        raise ValueError("Ask during a take: the draws of this turn are still to come.")
    draws = len(state.names) * DRAWS
    ending = draws_until_end(state.bag_total, state.bag[LANDSLIDE], landslides_still_needed(state))
    return sum((p for d, p in ending.items() if d <= draws), Fraction(0))


def points_added(state: AmphipolisState, tile: str, seat: int | None = None) -> int:
    """The exact points one more ``tile`` adds to ``seat``'s score now (AM-6), the player to
    move by default: the score with it minus the score without it, statues compared with
    everyone's as they stand. (Taking a statue can also lower a rival's points; only the
    taker's gain is counted here.)"""
    before, after = score_change(state, tile, seat)
    return sum(after) - sum(before)


def score_change(state: AmphipolisState, tile: str,
                 seat: int | None = None) -> tuple[list[int], list[int]]:
    """``seat``'s points by area (AM-6) now and with one more ``tile``: what a take is worth,
    area by area, for the odds panel's words."""
    seat = state.to_move if seat is None else seat
    index = TOKENS.index(tile)
    if index >= FINDS:
        raise ValueError(f"{tile!r} is not a find: landslides are never taken (AM-3.2).")
    after_state = state.clone()
    after_state.finds[seat][index] += 1
    return state.scores()[seat], after_state.scores()[seat]


def take_values(state: AmphipolisState, seat: int | None = None) -> dict[str, int]:
    """``points_added`` for every tile type now lying in a sorting area."""
    return {TOKENS[t]: points_added(state, TOKENS[t], seat) for t in range(FINDS)
            if state.areas[t]}


def position_with_landslides(players: int, covered: int, seed: int) -> AmphipolisState:
    """A real mid-game position: the start of the first turn of a seeded all-greedy game with at
    least ``covered`` entrance spaces covered (so the bag has lost what such a game takes).
    A game that jumps past it (two landslides in one turn) is replayed with the next seed."""
    if not 0 <= covered < ENTRANCE:
        raise ValueError(f"covered must be 0–{ENTRANCE - 1}: with {ENTRANCE} the game is over")
    for attempt in range(seed, seed + 100):
        state = new_game_for(players, attempt)
        rng, bot = random.Random(attempt), GreedyBot()
        while not state.is_terminal() and not (
                state.phase == DRAW and state.draws_left == DRAWS and state.covered >= covered):
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else bot.choose(state, rng))
        if not state.is_terminal():
            return state
    raise ValueError(f"no game from seed {seed} on stopped with {covered} spaces covered")


def new_game_for(players: int, seed: int) -> AmphipolisState:
    return new_game(players=players, seed=seed)


def best_tile_in(state: AmphipolisState, area: str) -> str:
    """The tile of ``area`` that adds most points now (the first of equals in tile order)."""
    values = {tile: gain for tile, gain in take_values(state).items()
              if AREAS[AREA_OF[TOKENS.index(tile)]] == area}
    if not values:
        raise ValueError(f"the {area} area is empty")
    return max(values, key=lambda tile: values[tile])


def final_margin(state: AmphipolisState, seat: int) -> int:
    """``seat``'s points minus the best of the others' (solo: minus the grave robber's)."""
    result = state.result()
    mine = sum(result.areas[seat])
    if result.robber is not None:
        return mine - sum(result.robber)
    return mine - max(sum(row) for other, row in enumerate(result.areas) if other != seat)


@dataclass(frozen=True)
class AreaOutcome:
    """Margins over the games played after one first take: mean, standard error, wins."""

    area: str
    margins: tuple[int, ...]

    @property
    def mean(self) -> float:
        return sum(self.margins) / len(self.margins)

    @property
    def standard_error(self) -> float:
        n, mean = len(self.margins), self.mean
        if n < 2:
            return float("nan")
        variance = sum((m - mean) ** 2 for m in self.margins) / (n - 1)
        return math.sqrt(variance / n)

    @property
    def win_rate(self) -> float:
        return sum(m > 0 for m in self.margins) / len(self.margins)


def compare_areas(state: AmphipolisState, games: int, seed: int,
                  progress: Callable[[int], None] | None = None) -> dict[str, AreaOutcome]:
    """For each area with tiles, the player to move takes its best tile first, then greedy bots
    play every seat to the end; the same ``games`` seeds for every area (common random
    numbers), so the areas are compared on the same luck. ``progress(done)`` after each game."""
    if state.phase != TAKE or state.taken:
        raise ValueError("Ask where the player to move is about to make the first take.")
    seat, bot = state.to_move, GreedyBot()
    areas = [a for a in AREAS if any(state.areas[TOKENS.index(t)] for t in AREA_TILE_CODES[a])]
    margins: dict[str, list[int]] = {area: [] for area in areas}
    done = 0
    for game in range(games):
        for area in areas:
            rng = random.Random(seed * 100_003 + game)
            copy = state.clone()
            copy.apply_action(f"take {best_tile_in(copy, area)}")
            while not copy.is_terminal():
                copy.apply_action(copy.sample_chance(rng) if copy.is_chance_node()
                                  else bot.choose(copy, rng))
            margins[area].append(final_margin(copy, seat))
            done += 1
            if progress is not None:
                progress(done)
    return {area: AreaOutcome(area, tuple(values)) for area, values in margins.items()}


AREA_TILE_CODES: Mapping[str, tuple[str, ...]] = {
    area: tuple(TOKENS[t] for t in range(FINDS) if AREAS[AREA_OF[t]] == area) for area in AREAS}


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

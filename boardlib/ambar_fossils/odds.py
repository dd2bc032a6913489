"""The odds of turning over a face-down fossil, exactly and by simulation.

The probability lesson (notebooks/ambar_fossils/03_probability.ipynb) asks: if I
flip a face-down fossil of this type, how likely is it to be *identical* to one
showing on my display (I lose the turn, AF-5.2), *placeable* somewhere (AF-6), or
*stuck* (not identical, but no column takes it, so it goes back, AF-6.2)?

Everything here asks the engine itself: ``flip_odds`` applies ``flip T`` to a
clone and reads the chance node's exact ``chance_outcomes()`` (AF-2.2: a face-down
number is drawn when revealed, from the copies nobody has seen), and each outcome
is classified by applying it to another clone and looking at what the rules allow.
``simulate_flip`` samples the same chance node with ``sample_chance``, so the
exact answer and the simulation are two views of one model. The experiment
helpers at the end play GreedyBot(flips="wise") against GreedyBot(flips="random").
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from boardlib.ambar_fossils.bots import GreedyBot
from boardlib.ambar_fossils.data import LETTERS, PLACE, fossil_token, parse_fossil
from boardlib.ambar_fossils.state import (
    TYPE_NAMES,
    AmbarFossilsState,
    excellent_neighbour,
    new_game,
)
from boardlib.protocol import TERMINAL

OUTCOMES = ("identical", "placeable", "stuck")
"""What a revealed fossil does: loses the turn, can be placed, or must go back."""

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True)
class NumberOdds:
    """One number the face-down fossil may show: how likely, and what it would do."""

    fossil: str  # e.g. "D4"
    copies_left: int  # copies of it nobody has seen (the chance node's integer weight)
    probability: Fraction
    outcome: str  # one of OUTCOMES
    columns: tuple[int, ...]  # columns (1–10) that would take it; empty unless placeable


@dataclass(frozen=True)
class FlipOdds:
    """The exact chances of one flip, read off the engine's chance node."""

    player: int
    kind: str  # the type letter, e.g. "D"
    identical: Fraction
    placeable: Fraction
    stuck: Fraction
    by_number: tuple[NumberOdds, ...]

    @property
    def unseen(self) -> int:
        """How many copies of this type nobody has seen: the denominator of the odds."""
        return sum(n.copies_left for n in self.by_number)

    def chance(self, outcome: str) -> Fraction:
        """The probability of ``outcome`` ("identical", "placeable" or "stuck")."""
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {outcome!r}")
        probability: Fraction = getattr(self, outcome)
        return probability

    def copies(self, outcome: str) -> int:
        """How many of the unseen copies lead to ``outcome``: the numerator."""
        return sum(n.copies_left for n in self.by_number if n.outcome == outcome)


def type_index(kind: str | int) -> int:
    """``"D"``/``"d"``/``"Dinosaur"``/``0`` -> 0; a clear ValueError for anything else."""
    if isinstance(kind, bool) or not isinstance(kind, (str, int)):
        raise ValueError(f"{kind!r} is not a fossil type: use one of {', '.join(LETTERS)}.")
    if isinstance(kind, int):
        if 0 <= kind < len(LETTERS):
            return kind
    else:
        text = kind.strip()
        if text.upper() in LETTERS and len(text) == 1:
            return LETTERS.index(text.upper())
        names = [name.lower() for name in TYPE_NAMES["en"]]
        if text.lower() in names:
            return names.index(text.lower())
    raise ValueError(f"{kind!r} is not a fossil type: use one of {', '.join(LETTERS)}.")


def reveal_node(state: AmbarFossilsState, player: int, kind: str | int) -> AmbarFossilsState:
    """A clone of ``state`` after ``player`` flips a face-down ``kind``: the chance node.

    Raises ValueError (the engine's ``IllegalAction``, which says why) if that player may
    not flip that type now: not their turn, wrong phase, or none of the type left face-down.
    """
    index = type_index(kind)
    if not isinstance(player, int) or isinstance(player, bool) or not (
        0 <= player < state.num_players
    ):
        raise ValueError(f"There is no player {player!r}: seats are 0..{state.num_players - 1}.")
    node = state.clone()
    node.apply_action(f"flip {LETTERS[index]}", player=player)  # IllegalAction if not allowed
    return node


def classify(node: AmbarFossilsState, outcome: object) -> tuple[str, tuple[int, ...]]:
    """What revealing ``outcome`` at the chance ``node`` does, by the engine's own rules.

    Returns (``"identical"`` | ``"placeable"`` | ``"stuck"``, the columns 1–10 that take it).
    """
    after = node.clone()
    after.apply_action(outcome)
    if after.phase != PLACE:  # the turn ended at once: an identical fossil (AF-5.2)
        return "identical", ()
    columns = tuple(a.args[0] + 1 for a in after.legal_actions() if a.kind == "place")
    return ("placeable", columns) if columns else ("stuck", ())


def flip_odds(state: AmbarFossilsState, player: int, kind: str | int) -> FlipOdds:
    """The exact chances that flipping a face-down ``kind`` is identical/placeable/stuck.

    Computed only from the engine: ``chance_outcomes()`` of the node after ``flip``,
    each outcome classified by applying it to a clone.
    """
    node = reveal_node(state, player, kind)
    weights = dict(node.chance_weights())
    rows = []
    totals = dict.fromkeys(OUTCOMES, Fraction(0))
    for action, probability in node.chance_outcomes():
        outcome, columns = classify(node, action)
        totals[outcome] += probability
        rows.append(NumberOdds(fossil_token(action.args[0]), weights[action], probability,
                               outcome, columns))
    return FlipOdds(player, LETTERS[type_index(kind)], totals["identical"],
                    totals["placeable"], totals["stuck"], tuple(rows))


def extra_turn_chance(state: AmbarFossilsState, player: int, kind: str | int,
                      odds: FlipOdds | None = None) -> Fraction:
    """The exact chance that flipping ``kind`` reveals a fossil ``player`` can place next to
    one of the same type 1 apart, earning an extra turn (AF-7.1): the numbers that some
    legal column puts beside such a neighbour, weighted by their copies nobody has seen."""
    odds = odds if odds is not None else flip_odds(state, player, kind)
    tops = state.tops[player]
    return sum((row.probability for row in odds.by_number
                if any(excellent_neighbour(tops, column - 1, parse_fossil(row.fossil)) >= 0
                       for column in row.columns)), Fraction(0))


def flip_table(state: AmbarFossilsState, player: int) -> list[FlipOdds]:
    """``flip_odds`` for every type ``player`` may flip now (those with face-down fossils)."""
    return [flip_odds(state, player, k) for k, left in enumerate(state.face_down) if left]


def best_flip(state: AmbarFossilsState, player: int) -> FlipOdds:
    """The type most likely to give a placeable fossil (ties: fewest identical, then D P M A)."""
    table = flip_table(state, player)
    if not table:
        raise ValueError("No face-down fossils are left in the Excavation to flip (AF-8.1).")
    return max(table, key=lambda odds: (odds.placeable, -odds.identical))


@dataclass(frozen=True)
class FlipSimulation:
    """``n`` simulated reveals of one flip: the outcome of each, in order."""

    player: int
    kind: str
    draws: tuple[str, ...]  # "identical" / "placeable" / "stuck", one per reveal

    @property
    def n(self) -> int:
        return len(self.draws)

    def count(self, outcome: str) -> int:
        return sum(1 for d in self.draws if d == outcome)

    def counts(self) -> dict[str, int]:
        return {outcome: self.count(outcome) for outcome in OUTCOMES}

    def estimate(self, outcome: str) -> float:
        """The fraction of reveals with ``outcome``: the simulation's estimate."""
        return self.count(outcome) / self.n

    def standard_error(self, outcome: str) -> float:
        """How far the estimate typically is from the truth: sqrt(p(1-p)/n)."""
        p = self.estimate(outcome)
        return math.sqrt(p * (1 - p) / self.n)

    def interval95(self, outcome: str) -> tuple[float, float]:
        """estimate ± 1.96 standard errors: covers the true value about 95% of the time."""
        p, se = self.estimate(outcome), self.standard_error(outcome)
        return p - Z95 * se, p + Z95 * se

    def running(self, outcome: str) -> list[float]:
        """The estimate after 1, 2, …, n reveals: the convergence plot's line."""
        hits, out = 0, []
        for i, draw in enumerate(self.draws, start=1):
            hits += draw == outcome
            out.append(hits / i)
        return out


def simulate_flip(state: AmbarFossilsState, player: int, kind: str | int, n: int,
                  rng: random.Random) -> FlipSimulation:
    """Reveal the flipped fossil ``n`` times with ``sample_chance(rng)``, classified like
    ``flip_odds``: the same chance node, sampled instead of summed."""
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a whole number of reveals, at least 1, not {n!r}.")
    if not isinstance(rng, random.Random):
        raise ValueError("Pass a seeded random.Random(seed), so the simulation can be repeated.")
    node = reveal_node(state, player, kind)
    verdict = {action: classify(node, action)[0] for action, _ in node.chance_weights()}
    draws = tuple(verdict[node.sample_chance(rng)] for _ in range(n))
    return FlipSimulation(player, LETTERS[type_index(kind)], draws)


# ----- the experiment: does flipping wisely win more games? -----------------------------
def wise_seat(seed: int) -> int:
    """The seat of the wise flipper in game ``seed``: 0 for even seeds, 1 for odd ones,
    so each bot moves first in half of the games."""
    return seed % 2


def play_wise_vs_random(seed: int) -> float:
    """One seeded 2-player game, GreedyBot(flips="wise") against GreedyBot(flips="random").

    The two bots differ only in which type they flip. Returns the wise bot's score:
    1 for a win, 0.5 for a shared victory (AF-9.2), 0 for a loss.
    """
    rng = random.Random(seed)
    state = new_game(players=2, seed=seed)
    wise = wise_seat(seed)
    bots = [GreedyBot("wise" if seat == wise else "random") for seat in range(2)]
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[player].choose(state, rng))
    winners = state.result().winners
    if wise not in winners:
        return 0.0
    return 1.0 / len(winners)


def play_batch(seeds: Iterable[int]) -> list[float]:
    """``play_wise_vs_random`` for each seed: one job for a process pool (few messages)."""
    return [play_wise_vs_random(seed) for seed in seeds]


def mean_interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean score with its 95% interval, mean ± 1.96·sd/√n."""
    n = len(scores)
    if n < 2:
        raise ValueError("At least two games are needed for an interval.")
    mean = sum(scores) / n
    variance = sum((s - mean) ** 2 for s in scores) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


__all__ = [
    "OUTCOMES",
    "FlipOdds",
    "FlipSimulation",
    "NumberOdds",
    "best_flip",
    "classify",
    "flip_odds",
    "flip_table",
    "mean_interval",
    "play_batch",
    "play_wise_vs_random",
    "reveal_node",
    "simulate_flip",
    "type_index",
    "wise_seat",
]

"""The lookahead bot at equal thinking time, on two versions of the engines.

A leaner engine lets the Monte Carlo search play more simulations in the same time; this
measures by how much, and what it is worth in games. First the simulations per second of
each version's lookahead bot on the same positions (the two versions alternate, best of
``--rounds``, in one run: the machine's speed drifts). Then the budget each version affords
in ``--ms`` milliseconds per move, and a seat-swapped tournament of the bot at each budget
against the game's rule-of-thumb bot, with Wilson 95% intervals. The tournament runs on this
tree: the versions play the same games move for move (``scripts/fingerprint.py``), so a
budget plays as it would on either::

    python benchmarks/bench_thinking_time.py 50d8122 --game amphipolis --ms 100 --games 100

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_bots import line, load, versus
from benchmarks.compare_instructions import ROOT, version_tree

MEASURE = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from boardlib import GAMES
from boardlib.search import LookaheadBot
game, budget, positions = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
info = GAMES[game]
rule = info.make_bot(info.rule_bots[-1])
bot = LookaheadBot(info, budget=budget)
rng, seconds, found, seed = random.Random(7), 0.0, 0, 0
while found < positions:  # every 5th real choice of seeded games between rule-of-thumb bots
    state, seed, choices = info.new_game(players=2, seed=seed), seed + 1, 0
    while not state.is_terminal() and found < positions:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_tuple()) > 1:
            choices += 1
            if choices % 5 == 0:
                start = time.perf_counter()
                bot.tree(state, random.Random(found))
                seconds += time.perf_counter() - start
                found += 1
        state.apply_action(rule.choose(state, rng))
print(json.dumps({"simulations": budget * positions, "seconds": seconds}))
"""
"""Run in each version's tree: the seconds its search takes for ``budget`` simulations at
each of ``positions`` fixed positions (the same in every version: the games are the same)."""


def simulations_per_second(tree: Path, game: str, budget: int, positions: int) -> float:
    run = subprocess.run([sys.executable, "-c", MEASURE, str(tree), game, str(budget),
                          str(positions)], capture_output=True, text=True, check=True)
    measured = json.loads(run.stdout)
    return float(measured["simulations"]) / float(measured["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", help="a git revision or a folder")
    parser.add_argument("after", nargs="?", default=str(ROOT),
                        help="a git revision or a folder (default: this tree)")
    parser.add_argument("--game", default="amphipolis")
    parser.add_argument("--ms", type=float, default=100.0, help="thinking time per move")
    parser.add_argument("--games", type=int, default=100, help="games per tournament, even")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="speed measurements per version")
    parser.add_argument("--budget", type=int, default=20, help="simulations per measured move")
    parser.add_argument("--positions", type=int, default=10, help="positions measured")
    args = parser.parse_args()

    print(f"{args.game}: the lookahead bot at {args.ms:g} ms per move, {load()}")
    rates: dict[str, float] = {}
    with version_tree(args.before) as before, version_tree(args.after) as after:
        trees = {"before": before, "after": after}
        for _ in range(args.rounds):
            for label, tree in trees.items():
                rate = simulations_per_second(tree, args.game, args.budget, args.positions)
                rates[label] = max(rates.get(label, 0.0), rate)
    for label, version in (("before", args.before), ("after", args.after)):
        print(f"{label:6} {version}: {rates[label]:7.1f} simulations/s "
              f"(best of {args.rounds}, {args.positions} positions x {args.budget})")
    print(f"after / before: {rates['after'] / rates['before']:.2f}x the simulations per second")
    if not args.games:
        return
    print(f"\nagainst the rule of thumb at {args.ms:g} ms per move, {args.games} games each:")
    for label in ("before", "after"):
        budget = max(1, round(rates[label] * args.ms / 1000))
        result, seconds = versus(args.game, f"lookahead:{budget}", args.games, args.seed,
                                 args.jobs, None)
        print(f"{label:6}", line(args.game, result, seconds, args.games), flush=True)


if __name__ == "__main__":
    main()

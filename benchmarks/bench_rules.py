"""How fast the rules engines are: full random games, actions, legal_actions(), apply_action().

Prints numbers; asserts nothing (speed is measured here, never in timed tests).
Legality checks stay on: every action goes through the checked ``apply_action``.

    python benchmarks/bench_rules.py                       # every game, 2 players
    python benchmarks/bench_rules.py ambar_fossils --players 2 --games 3000 --bot greedy
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import CHANCE, GAMES, TERMINAL, Bot


def random_games(module, players: int, games: int, bot: Bot, options: dict) -> dict:
    """Play ``games`` full games, every seat the same bot; time the whole loop."""
    actions = 0
    endings: Counter = Counter()
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = module.new_game(players=players, seed=seed, **options)
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            action = state.sample_chance(rng) if player == CHANCE else bot.choose(state, rng)
            state.apply_action(action)
            actions += 1
        endings[getattr(state, "ended", "over")] += 1
    elapsed = time.perf_counter() - start
    return {"elapsed": elapsed, "actions": actions, "endings": endings}


def per_call(module, players: int, games: int, options: dict) -> tuple[float, float]:
    """Median time of one ``legal_actions()`` (cache cold) and one ``apply_action()``, in µs."""
    legal_times, apply_times = [], []
    clock = time.perf_counter_ns
    for seed in range(games):
        rng = random.Random(seed)
        state = module.new_game(players=players, seed=seed, **options)
        while not state.is_terminal():
            state._legal_cache = None  # measure the computation, not the cache
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
            t2 = clock()
            state.apply_action(action)
            t3 = clock()
            legal_times.append(t1 - t0)
            apply_times.append(t3 - t2)
    return statistics.median(legal_times) / 1000, statistics.median(apply_times) / 1000


def reference_speed(calls: int = 300_000) -> float:
    """Millions of tiny Python function calls per second: the machine's speed right now.

    Printed beside the games so that figures from a shared machine, whose speed drifts,
    can be compared (best of five, like timeit)."""
    def tiny(x: int) -> int:
        return x + 1

    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for i in range(calls):
            tiny(i)
        best = min(best, time.perf_counter() - start)
    return calls / best / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_to_run", nargs="*", default=sorted(GAMES), metavar="game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a new_game option, e.g. version=family")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; "
          f"machine reference {reference_speed():.1f} M calls/s")
    for name in args.games_to_run:
        module = GAMES[name].module
        bot = GAMES[name].make_bot(args.bot)
        # This machine is shared: its speed drifts from run to run. So the games are played
        # in rounds and the best round is reported (like timeit), with the median beside it.
        rounds = [random_games(module, args.players, args.games // args.rounds, bot,
                               options) for _ in range(args.rounds)]
        rates = [args.games // args.rounds / r["elapsed"] for r in rounds]
        run = {"elapsed": sum(r["elapsed"] for r in rounds),
               "actions": sum(r["actions"] for r in rounds),
               "endings": sum((r["endings"] for r in rounds), Counter())}
        legal_us, apply_us = per_call(module, args.players, min(args.games, 300), options)
        played = args.games // args.rounds * args.rounds
        print(
            f"{name}: {played} games in {args.rounds} rounds, {args.players} players, "
            f"{args.bot} bots\n"
            f"  {max(rates):10,.0f} full games/s (best round; "
            f"median {statistics.median(rates):,.0f},"
            f" worst {min(rates):,.0f})\n"
            f"  {run['actions'] / run['elapsed']:10,.0f} actions/s "
            f"({run['actions'] / played:.0f} actions per game, all rounds)\n"
            f"  {legal_us:10.2f} µs per legal_actions() (median, uncached)\n"
            f"  {apply_us:10.2f} µs per apply_action() (median, checked)\n"
            f"  endings: {dict(run['endings'])}\n"
            f"  machine reference after it: {reference_speed():.1f} M calls/s"
        )


if __name__ == "__main__":
    main()

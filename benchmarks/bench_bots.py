"""How strong is the lookahead bot? Seat-swapped 2-player tournaments against each game's
rule-of-thumb bot, with Wilson 95% intervals and the median time per move; then strength
against budget. Prints numbers (and the machine's load); asserts nothing.

    python benchmarks/bench_bots.py --games 40 --jobs 2                 # the four games
    python benchmarks/bench_bots.py amphipolis --games 20 --strength 10,30,100
    python benchmarks/bench_bots.py --games 0 --strength 10,30,100 --strength-game pig

The issue's target is ≥ 1,000 games per game; the full run's time is estimated from this one.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import GAMES
from boardlib.search import LEVELS
from boardlib.tournament import TournamentResult, run

FOUR = ("ambar_fossils", "amphipolis", "amber_route", "ambar_2018")


def load() -> str:
    """The 1, 5 and 15 minute load averages, to print beside every time."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def progress(label: str):
    started = time.perf_counter()

    def tell(done: int, total: int) -> None:
        print(f"\r  {label}: {done}/{total} games, {time.perf_counter() - started:.0f} s",
              end="", file=sys.stderr, flush=True)
    return tell


def versus(game: str, bot: str, games: int, seed: int, jobs: int,
           variant: str | None) -> tuple[TournamentResult, float]:
    """The lookahead bot ``bot`` against the game's heuristic, and the wall-clock seconds."""
    info = GAMES[game]
    start = time.perf_counter()
    result = run(game, [bot, info.rule_bots[-1]], games, seed, jobs, variant,
                 progress(f"{game} {bot}"))
    print(file=sys.stderr)
    return result, time.perf_counter() - start


def line(game: str, result: TournamentResult, seconds: float) -> str:
    us, them = result.standings()
    move = f"{us.median_move:.3f}" if us.median_move is not None else "–"
    per_game = seconds / max(1, len(result.records))
    return (f"{game:22} {us.bot:16} {them.bot:11} {us.games:5} {us.rate:6.1%} "
            f"[{us.low:5.1%}, {us.high:5.1%}] {move:>7} {per_game:7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_to_run", nargs="*", default=list(FOUR), metavar="game")
    parser.add_argument("--games", type=int, default=20, help="games per game, even")
    parser.add_argument("--bot", default="lookahead", help="lookahead level or lookahead:N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--family", action="store_true", help="also Amber Route Family")
    parser.add_argument("--strength", default="", help="budgets, e.g. 10,30,100")
    parser.add_argument("--strength-game", default="amphipolis")
    parser.add_argument("--strength-games", type=int, default=20)
    args = parser.parse_args()

    print(f"Python {platform.python_version()}, {load()}, jobs {args.jobs}, "
          f"levels {LEVELS}")
    header = (f"{'game':22} {'bot':16} {'against':11} {'games':>5} {'wins':>6} "
              f"{'95% interval':16} {'s/move':>7} {'s/game':>7}")
    if args.games:
        print(header)
        runs = [(g, None) for g in args.games_to_run]
        if args.family:
            runs.append(("amber_route", "family"))
        total = 0.0
        for game, variant in runs:
            result, seconds = versus(game, args.bot, args.games, args.seed, args.jobs, variant)
            total += seconds
            label = game + (f" ({variant})" if variant else "")
            print(line(label, result, seconds), f" [{load()}]", flush=True)
        print(f"{total:.0f} s in all; 1,000 games per game would take about "
              f"{total / args.games * 1000 / 3600:.1f} h at this load and --jobs {args.jobs}")
    if args.strength:
        print(f"\nstrength against budget, {args.strength_game}, "
              f"{args.strength_games} games each:")
        print(header)
        for budget in (int(b) for b in args.strength.split(",")):
            bot = f"lookahead:{budget}"
            result, seconds = versus(args.strength_game, bot, args.strength_games, args.seed,
                                     args.jobs, None)
            print(line(args.strength_game, result, seconds), f" [{load()}]", flush=True)


if __name__ == "__main__":
    main()

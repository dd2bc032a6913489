"""How strong is the lookahead bot? Seat-swapped 2-player tournaments against each game's
rule-of-thumb bot, with Wilson 95% intervals and the median time per move; then strength
against budget. Prints numbers (and the machine's load); asserts nothing.

    python benchmarks/bench_bots.py --games 40 --jobs 2                 # the four games
    python benchmarks/bench_bots.py amphipolis --games 20 --strength 10,30,100
    python benchmarks/bench_bots.py --games 0 --strength 10,30,100 --strength-game pig

The issue's target is ≥ 1,000 games per game; the full run's time is estimated from this one.
A run that long is played in several sittings with ``--record``: every game finished is
appended to a ledger (one per game, bots and seed, in ``benchmarks/results/``), the next
sitting plays only the games still missing, and the table counts them all — the same table as
one long run, since each game is a pure function of its number. A ledger is continued only if
the code still plays its first game exactly as recorded.

    python benchmarks/bench_bots.py --games 1000 --jobs 2 --record --minutes 60
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import GAMES
from boardlib.games import TABLETOP_GAMES
from boardlib.levels import LEVELS
from boardlib.tournament import GameRecord, TournamentResult, checked, play_games, run

RESULTS = Path(__file__).resolve().parent / "results"
CHUNK = 10  # games per worker between looks at the clock: a sitting ends close to its deadline


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


# ----- a ledger: a long tournament played in several sittings --------------------------------
def ledger_path(game: str, bots: tuple[str, ...], seed: int, variant: str | None) -> Path:
    label = game + (f"-{variant}" if variant else "")
    return RESULTS / f"{label}--{'-vs-'.join(bots)}--seed{seed}.jsonl".replace(":", "")


def encode(record: GameRecord, commit: str) -> str:
    """One ledger line: the game's outcome, its time, and each seat's move times as a count of
    moves per whole millisecond (the median stays exact to the millisecond, the file small)."""
    moves = [dict(sorted(Counter(round(t * 1000) for t in seat).items()))
             for seat in record.move_times]
    return json.dumps({"index": record.index, "seats": record.seats, "wins": record.wins,
                       "places": record.places, "actions": record.actions,
                       "seconds": round(record.seconds, 3), "move_ms": moves,
                       "commit": commit}, separators=(",", ":"))


def decode(text: str) -> GameRecord:
    row = json.loads(text)
    times = tuple(tuple(int(ms) / 1000 for ms, n in seat.items() for _ in range(n))
                  for seat in row["move_ms"])
    return GameRecord(row["index"], tuple(row["seats"]), tuple(row["wins"]),
                      tuple(row["places"]), row["actions"], row["seconds"], times)


def same_play(a: GameRecord, b: GameRecord) -> bool:
    return (a.index, a.seats, a.wins, a.places, a.actions) == (
        b.index, b.seats, b.wins, b.places, b.actions)


def commit() -> str:
    """The commit this sitting runs, marked ``+`` if the work tree has changes."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True,
                              cwd=RESULTS.parent.parent).stdout.strip()
    return git("rev-parse", "--short", "HEAD") + ("+" if git("status", "--porcelain",
                                                             "--", "boardlib") else "")


def recorded(game: str, bots: tuple[str, ...], games: int, seed: int, jobs: int,
             variant: str | None, deadline: float) -> tuple[TournamentResult, float, int]:
    """The tournament's first ``games`` games from its ledger, playing those still missing
    until ``deadline`` (time.monotonic); the result so far, this sitting's seconds and the
    number of games it played."""
    info = checked(game, bots, games, variant)
    path = ledger_path(info.name, bots, seed, variant)
    lines = path.read_text().splitlines() if path.exists() else []
    done = {r.index: r for r in map(decode, lines)}
    start = time.perf_counter()
    if done:
        first = done[min(done)]
        again = next(play_games(info.name, bots, [first.index], seed, 1, variant))
        if not same_play(again, first):
            raise SystemExit(f"{path.name}: game {first.index} now plays differently from its "
                             "record; the code changed, so start a new ledger")
    missing = [i for i in range(games) if i not in done]
    tell = progress(f"{game} {bots[0]}")
    path.parent.mkdir(parents=True, exist_ok=True)
    stamp, played = commit(), 0
    with path.open("a") as ledger:
        while missing and time.monotonic() < deadline:
            chunk, missing = missing[:CHUNK * jobs], missing[CHUNK * jobs:]
            for record in play_games(info.name, bots, chunk, seed, jobs, variant):
                ledger.write(encode(record, stamp) + "\n")
                ledger.flush()
                done[record.index] = record
                played += 1
                tell(sum(i < games for i in done), games)
    print(file=sys.stderr)
    records = tuple(done[i] for i in sorted(done) if i < games)
    return (TournamentResult(info.name, bots, seed, records), time.perf_counter() - start,
            played)


def line(game: str, result: TournamentResult, seconds: float, played: int) -> str:
    us, them = result.standings()
    move = f"{us.median_move:.3f}" if us.median_move is not None else "–"
    per_game = seconds / max(1, played)
    return (f"{game:22} {us.bot:16} {them.bot:11} {us.games:5} {us.rate:6.1%} "
            f"[{us.low:5.1%}, {us.high:5.1%}] {move:>7} {per_game:7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_to_run", nargs="*", default=list(TABLETOP_GAMES), metavar="game")
    parser.add_argument("--games", type=int, default=20, help="games per game, even")
    parser.add_argument("--bot", default="lookahead", help="lookahead level or lookahead:N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--family", action="store_true", help="also Amber Route Family")
    parser.add_argument("--strength", default="", help="budgets, e.g. 10,30,100")
    parser.add_argument("--strength-game", default="amphipolis")
    parser.add_argument("--strength-games", type=int, default=20)
    parser.add_argument("--record", action="store_true",
                        help="keep every game in a ledger and play only the missing ones")
    parser.add_argument("--minutes", type=float, default=None,
                        help="with --record: stop starting games after this long")
    args = parser.parse_args()
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else float("inf")

    print(f"Python {platform.python_version()}, {load()}, jobs {args.jobs}, "
          f"levels {LEVELS}")
    header = (f"{'game':22} {'bot':16} {'against':11} {'games':>5} {'wins':>6} "
              f"{'95% interval':16} {'s/move':>7} {'s/game':>7}")
    if args.games:
        print(header)
        runs: list[tuple[str, str | None]] = [(g, None) for g in args.games_to_run]
        if args.family:
            runs.append(("amber_route", "family"))
        total, total_played = 0.0, 0
        for game, variant in runs:
            if args.record:
                bots = (args.bot, GAMES[game].rule_bots[-1])
                result, seconds, played = recorded(game, bots, args.games, args.seed,
                                                   args.jobs, variant, deadline)
            else:
                result, seconds = versus(game, args.bot, args.games, args.seed, args.jobs,
                                         variant)
                played = args.games
            total, total_played = total + seconds, total_played + played
            label = game + (f" ({variant})" if variant else "")
            print(line(label, result, seconds, played), f" [{load()}]", flush=True)
        if total_played:  # a ledger already complete plays nothing: nothing to estimate from
            per_set = total / total_played * len(runs)
            print(f"{total:.0f} s in all for {total_played} games; 1,000 games per game would "
                  f"take about {per_set * 1000 / 3600:.1f} h at this load and --jobs {args.jobs}")
        else:
            print(f"no game left to play: the table is the ledgers' ({total:.0f} s of replay "
                  "checks)")
    if args.strength:
        print(f"\nstrength against budget, {args.strength_game}, "
              f"{args.strength_games} games each:")
        print(header)
        for budget in (int(b) for b in args.strength.split(",")):
            bot = f"lookahead:{budget}"
            result, seconds = versus(args.strength_game, bot, args.strength_games, args.seed,
                                     args.jobs, None)
            print(line(args.strength_game, result, seconds, args.strength_games),
                  f" [{load()}]", flush=True)


if __name__ == "__main__":
    main()

"""A soak run, not part of CI: many seeded random games per game and variant, every step
checked with every invariant of the conformance suite (tests/conformance.py), spread over
worker processes. Any failure is reported with its game, variant, player count and seed,
so that ``--replay`` (or a test) can play exactly that game again.

    python scripts/soak.py --games 100000              # per game and variant
    python scripts/soak.py --minutes 20 --jobs 2       # as many as fit in the time
    python scripts/soak.py --minutes 90 --first-seed 15000   # carry on where a run stopped
    python scripts/soak.py --replay amber_route family 3 4711
    python scripts/soak.py --minutes 60 --scheduler tcp://127.0.0.1:8786   # on a Dask cluster

Per game: the player counts take turns by seed; the first ``--deep`` seeds of each
configuration (from ``--first-seed``) are also checked in depth every 25th step (saves,
clones, every illegal action and junk input refused without a change, observations,
narration in every language), the rest validated at every step. The summary gives each
configuration's seed range, so that runs in several sittings add up without playing a seed
twice (docs/soak.md).

On a Dask cluster (``--scheduler``, instead of ``--jobs``) the batches go to its workers, which
need a checkout of the same commit on their PYTHONPATH: they import ``scripts.soak`` and
``tests.conformance``, and the checks read docs/rules (docs/soak.md, "On a Dask cluster").
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, Future, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import GAMES
from boardlib.parallel import SchedulerError, checked_jobs, pool
from tests.conformance import Checker, play_random_game

BATCH = 50  # games per task: few enough to stop close to a deadline
DEEP_SEEDS = 20


def configurations(names: list[str]) -> list[tuple[str, str | None]]:
    return [(name, variant) for name in names for variant in (GAMES[name].variants or [None])]


def play_one(name: str, variant: str | None, players: int, seed: int, deep: bool) -> None:
    """One game with every check; raises AssertionError (or worse) if an invariant breaks."""
    game = GAMES[name]
    checks = Checker(game, deep_every=25 if deep else 10**9)
    state = play_random_game(game, players, seed, checks, variant)
    assert state.is_terminal()
    result = state.result()
    assert sorted(p for group in result.ranking for p in group) == list(range(players))
    assert result.winners in (result.ranking[0], ())
    assert result.explanation


def run_batch(name: str, variant: str | None, seeds: range, deep_below: int) -> tuple[int, list]:
    """Play ``seeds`` (those below ``deep_below`` in depth); the number played and the
    failures as (players, seed, traceback)."""
    counts = GAMES[name].player_counts
    failures = []
    for seed in seeds:
        players = counts[seed % len(counts)]
        try:
            play_one(name, variant, players, seed, seed < deep_below)
        except Exception:
            failures.append((players, seed, traceback.format_exc(limit=6)))
    return len(seeds), failures


def on_worker(function: str, *args: object) -> object:
    """``scripts.soak.<function>(*args)``, imported where it runs. Defined in ``__main__`` (soak.py
    run as a script), it travels by value, naming no module of the checkout: the scheduler,
    which unpickles every task, needs only boardlib; the workers need the checkout."""
    import importlib

    return getattr(importlib.import_module("scripts.soak"), function)(*args)


def ready() -> str:
    """What a worker answers before any batch: where its checkout is, once a check reads
    the rules there (a worker without the checkout fails here, with a clear message)."""
    Checker(GAMES["pig"])
    return str(Path(__file__).resolve().parent.parent)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_to_run", nargs="*", default=list(GAMES), metavar="game")
    parser.add_argument("--games", type=int, default=100_000, help="per game and variant")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting new batches")
    parser.add_argument("--jobs", type=int, default=None,
                        help="processes here (default: one per core; 1 with --scheduler)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT", default=None,
                        help="play the batches on this Dask scheduler's workers instead")
    parser.add_argument("--deep", type=int, default=DEEP_SEEDS)
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed to play")
    parser.add_argument("--replay", nargs=4, metavar=("GAME", "VARIANT", "PLAYERS", "SEED"))
    args = parser.parse_args()
    if args.replay:
        name, variant, players, seed = args.replay
        play_one(name, None if variant in ("-", "None") else variant, int(players), int(seed),
                 deep=True)
        print("no failure")
        return 0
    jobs = args.jobs or (1 if args.scheduler else os.cpu_count() or 1)
    try:
        checked_jobs(jobs, args.scheduler)
    except ValueError as problem:
        parser.error(str(problem).replace("jobs=", "--jobs ").replace("scheduler=",
                                                                      "--scheduler "))
    try:
        return soak(args, jobs)
    except SchedulerError as problem:
        print(f"soak: error: {problem}", file=sys.stderr)
        return 2


def soak(args: argparse.Namespace, jobs: int) -> int:
    """The soak run the arguments ask for, in ``jobs`` processes or on ``args.scheduler``."""
    configs = configurations(args.games_to_run)
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else float("inf")
    first, last = args.first_seed, args.first_seed + args.games
    next_seed = dict.fromkeys(configs, first)
    played = dict.fromkeys(configs, 0)
    busy = dict.fromkeys(configs, 0.0)
    failures: list[tuple[str, str | None, int, int, str]] = []
    started = time.monotonic()
    with pool(jobs, args.scheduler) as workers:
        if workers.client is not None:  # every worker, before any batch: a clear message
            try:
                workers.client.run(on_worker, "ready")
            except Exception as problem:
                raise SchedulerError(
                    f"a worker of {args.scheduler} cannot run the soak ({problem!r}): start "
                    "`dask worker` with a checkout of this commit on its PYTHONPATH") from None
        running: dict[Future, tuple[tuple[str, str | None], float]] = {}
        batch_of: dict[Future, str] = {}

        def submit() -> bool:
            # the configuration with the fewest games so far goes next: all advance together
            open_configs = [c for c in configs if next_seed[c] < last]
            if not open_configs or time.monotonic() > deadline:
                return False
            config = min(open_configs, key=lambda c: next_seed[c])
            start = next_seed[config]
            seeds = range(start, min(start + BATCH, last))
            next_seed[config] = seeds.stop
            future = workers.executor.submit(on_worker, "run_batch", *config, seeds,
                                             first + args.deep)
            running[future] = (config, time.monotonic())
            batch_of[future] = f"{seeds.start}-{seeds.stop - 1}"
            return True

        while len(running) < 2 * workers.slots() and submit():  # two each: none waits
            pass
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                config, since = running.pop(future)
                count, failed = future.result()
                played[config] += count
                print(f"batch {config[0]} {config[1] or '-'} seeds {batch_of[future]}: "
                      f"{count} games, {len(failed)} failed", flush=True)  # a killed run counts
                busy[config] += time.monotonic() - since
                failures += [(*config, players, seed, text) for players, seed, text in failed]
                while len(running) < 2 * workers.slots() and submit():
                    pass
        where = workers.where
    elapsed = time.monotonic() - started
    print(f"soak: {sum(played.values()):,} games in {elapsed:,.0f} s with {where}")
    for config in configs:
        name, variant = config
        rate = played[config] / busy[config] if busy[config] else 0.0
        print(f"  {name:14} {variant or '-':9} {played[config]:8,} games  "
              f"seeds {first}-{first + played[config] - 1}  {rate:8.1f} games/s per worker")
    for name, variant, players, seed, text in failures:
        print(f"FAILED {name} {variant or '-'} {players} {seed}:\n{text}")
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""A class on one machine: N students open a classroom page and play 20 moves at human pace.

Starts Voila on classroom/ exactly as ``scripts/classroom.sh`` does (its settings,
``scripts/classroom_server/voila.py``), on 127.0.0.1, and lets N simulated students in. Each one
does what a student's browser does to the server, over the same HTTP and kernel websocket a
real page uses: it loads the page (the HTML, in which Voila has run the notebook in a kernel of
its own, and the page's scripts and styles), opens the kernel's websocket, asks for the
widgets' states (what the page needs to draw the board), then plays 20 moves, thinking 1.5–4 s
before each, by sending the message the board's move list sends on Enter (the same path into
the board as a click: one comm message, the move, the redraw), and leaves as a closed tab does
(Voila's shutdown beacon).

Why not N browsers: each headless Chromium page costs this 2-core machine the CPU a student's
own laptop would spend (parsing the page's 5 MB of scripts, drawing), so 30 of them measure the
load generator, not the server. The simulated students cost the server everything a real one
does (the kernel, the notebook run, the files, the messages) and the machine almost nothing
else; ``tests/browser/test_classroom_in_browser.py`` checks that a real browser's click on
these pages plays the move it points at.

Reported per N: page ready (HTML, scripts and widget states in hand) p50/p95/max, move → first
redraw message p50/p95/max, the server's memory (Voila and its kernels, peak resident) and per
student, kernels alive at the peak and after everyone left, and errors (a page or move that
failed or timed out: a lost page). Prints numbers; asserts nothing (a failed student is
counted, not raised), except ``--smoke``, which exits 1 when any student failed.

    python benchmarks/bench_classroom.py                 # N = 5, 10, 20, 30
    python benchmarks/bench_classroom.py --students 30 --moves 20
    python benchmarks/bench_classroom.py --smoke         # CI: N = 3, 3 moves, fast thinking
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.voila_client import (  # noqa: E402
    SETTINGS,
    Page,
    classroom_server,
    kernels,
    process_tree,
    resident_mb,
)

GAMES = ("ambar_fossils", "amphipolis", "amber_route", "ambar_2018")
PAGE_TIMEOUT = 120.0  # seconds: a page not ready by then is lost
MOVE_TIMEOUT = 30.0
GAME_OVER_QUIET = 3.0  # seconds with no move of the student's and no message: game over


@dataclass
class StudentLog:
    """What one student measured."""

    game: str
    page_ready: float | None = None
    moves: list[float] = field(default_factory=list)
    beacon: int | None = None
    error: str | None = None


class Student:
    """One simulated student: a page, its kernel's websocket, 20 moves at human pace."""

    def __init__(self, base: str, game: str, moves: int, think: tuple[float, float],
                 seed: int) -> None:
        self.page = Page(base)
        self.game, self.wanted, self.think = game, moves, think
        self.rng = random.Random(seed)
        self.log = StudentLog(game)

    async def run(self) -> StudentLog:
        try:
            await asyncio.wait_for(self._run(), PAGE_TIMEOUT + self.wanted * (
                MOVE_TIMEOUT + self.think[1]))
        except Exception as error:  # counted as a lost page, with its reason
            self.log.error = f"{type(error).__name__}: {error}"[:300]
        return self.log

    async def _run(self) -> None:
        start = time.perf_counter()
        try:
            await self.page.open(self.game)
            self.log.page_ready = time.perf_counter() - start
            for _ in range(self.wanted):
                await asyncio.sleep(self.rng.uniform(*self.think))
                self.log.moves.append(await self._play_one())
        finally:
            if self.page.kernel:
                self.log.beacon = await self.page.close()

    async def _play_one(self) -> float:
        """One move from the move list; seconds from sending it to the first redraw. Waits
        until the kernel has done everything the move caused (its "idle" for the message),
        so that the next move is chosen from the list the page shows then."""
        page = self.page
        keys = page.move_list()
        canvas = page.model(lambda m: m["model_name"] == "CanvasManagerModel")
        deadline = time.perf_counter() + MOVE_TIMEOUT
        while not page.states[keys]["state"]["moves"]:  # the bots are playing, or it is over
            try:
                await page.read(min(GAME_OVER_QUIET, deadline - time.perf_counter()))
            except TimeoutError:  # nothing moves: the game is over, so start the next one
                if time.perf_counter() >= deadline:
                    raise
                await page.custom(page.model(lambda m: "boardlib-new-game" in m["state"].get(
                    "_dom_classes", [])), {"event": "click"})
        moves = page.states[keys]["state"]["moves"]
        index = self.rng.randrange(len(moves))
        sent = time.perf_counter()
        message_id = await page.custom(keys, {
            "event": "play", "index": index, "action": moves[index]["action"]})
        redraw = None
        while True:
            found = await page.read(max(0.1, deadline - time.perf_counter()))
            if redraw is None and found["msg_type"] == "comm_msg" and (
                    found["content"]["comm_id"] == canvas):
                redraw = time.perf_counter() - sent
            if (found["msg_type"] == "status" and found["parent"] == message_id
                    and found["content"]["execution_state"] == "idle"):
                if redraw is None:
                    raise RuntimeError(f"the move {moves[index]['action']!r} drew nothing")
                return redraw


@dataclass
class Round:
    students: int
    logs: list[StudentLog]
    idle_mb: float
    peak_mb: float
    peak_kernels: int
    kernels_after: int
    seconds: float


async def one_round(base: str, server_pid: int, n: int, moves: int,
                    think: tuple[float, float], arrive: float, seed: int) -> Round:
    """N students, arriving over ``arrive`` seconds (a class does not click at one instant)."""
    idle = resident_mb(process_tree(server_pid))
    peak = [idle, 0]
    done = asyncio.Event()

    async def sample() -> None:
        while not done.is_set():
            tree = process_tree(server_pid)
            peak[0] = max(peak[0], resident_mb(tree))
            peak[1] = max(peak[1], kernels(tree))
            await asyncio.sleep(0.5)

    async def student(k: int) -> StudentLog:
        await asyncio.sleep(arrive * k / max(1, n))
        return await Student(base, GAMES[k % len(GAMES)], moves, think, seed * 1000 + k).run()

    start = time.perf_counter()
    sampler = asyncio.create_task(sample())
    logs = await asyncio.gather(*(student(k) for k in range(n)))
    seconds = time.perf_counter() - start
    done.set()
    await sampler
    await asyncio.sleep(3)  # the shutdown beacons' kernels exit
    after = kernels(process_tree(server_pid))
    return Round(n, list(logs), idle, peak[0], int(peak[1]), after, seconds)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def row(result: Round) -> str:
    ready = [log.page_ready for log in result.logs if log.page_ready is not None]
    moves = [m for log in result.logs for m in log.moves]
    errors = [log for log in result.logs if log.error]
    per = (result.peak_mb - result.idle_mb) / result.students
    return (f"{result.students:>3} | {percentile(ready, 50):5.2f} {percentile(ready, 95):5.2f} "
            f"{max(ready, default=float('nan')):5.2f} | {1000 * percentile(moves, 50):5.0f} "
            f"{1000 * percentile(moves, 95):5.0f} {1000 * max(moves, default=float('nan')):6.0f}"
            f" | {len(moves):5} | {result.peak_mb:7.0f} {per:6.0f} | {result.peak_kernels:>3}"
            f" {result.kernels_after:>3} | {len(errors):>3} | {result.seconds:5.0f}")


HEADER = ("  N | page ready s (p50 p95 max) | move→redraw ms (p50 p95 max) | moves | "
          "memory MB (peak, per student) | kernels (peak, after) | errors | s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[5, 10, 20, 30])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--think", type=float, nargs=2, default=(1.5, 4.0), metavar=("MIN", "MAX"))
    parser.add_argument("--arrive", type=float, default=20.0,
                        help="seconds over which the students arrive (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true",
                        help="CI: 3 students, 3 moves, quick thinking; exit 1 on any error")
    parser.add_argument("--voila", action="append", default=[], metavar="OPTION",
                        help="an extra Voila option, e.g. --voila=--MappingKernelManager."
                             "cull_idle_timeout=60 (to compare settings)")
    args = parser.parse_args()
    if args.smoke:
        args.students, args.moves, args.think, args.arrive = [3], 3, (0.2, 0.5), 1.0
    with (tempfile.TemporaryDirectory(prefix="bench-classroom-") as home,
          classroom_server(Path(home), extra=args.voila) as (base, server)):
        print(f"Voila on classroom/ with {SETTINGS.relative_to(ROOT)}/voila.py "
              f"{' '.join(args.voila)}"
              f"; {args.moves} moves per student, thinking {args.think[0]}–{args.think[1]} s"
              f", arriving over {args.arrive} s; {os.cpu_count()} cores")
        print(HEADER)
        failed = 0
        for n in args.students:
            result = asyncio.run(one_round(base, server.proc.pid, n, args.moves,
                                           tuple(args.think), args.arrive, args.seed))
            print(row(result), flush=True)
            for log in result.logs:
                if log.error:
                    failed += 1
                    print(f"      lost: {log.game}: {log.error}")
    return 1 if args.smoke and failed else 0


if __name__ == "__main__":
    sys.exit(main())

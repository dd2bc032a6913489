"""What a Dask cluster costs per game: one tournament played here (``--jobs 1``), in the
local pool (``--jobs 2``), on a ``distributed.LocalCluster`` of 2 worker processes, and on a
real ``dask scheduler`` with 2 ``dask worker`` processes (``--scheduler``), side by side; and
there with one game per task, the cost that chunks (``boardlib.parallel.MAX_CHUNK``) save.

Prints each way's wall-clock seconds (the best of ``--rounds``, the rounds interleaved, since
this machine's speed drifts), games a second, and the overhead per game against the local
pool; checks that every way gives the outcomes of one process. Needs
``pip install "tabletop-classroom[cluster]"``; talks only to 127.0.0.1.

    python benchmarks/bench_dask.py                                 # ambar_fossils, 400 games
    python benchmarks/bench_dask.py --game pig --bots random,hold_at_20 --games 1000
    python benchmarks/bench_dask.py --smoke                         # a few seconds: CI's check
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import parallel
from boardlib.tournament import TournamentResult, run

ROOT = Path(__file__).resolve().parent.parent

DASK = Path(sys.executable).with_name("dask")  # the CLI of the environment running this
ONLY_HERE = ("--host", "127.0.0.1", "--no-dashboard", "--dashboard-address", "127.0.0.1:0")
"""Every port on 127.0.0.1 (without the last, the HTTP servers listen on all interfaces)."""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Terminate each in turn, the workers first (a nanny stops its worker; one whose scheduler
    has gone first waits seconds for it), and wait; kill the group of one that hangs."""
    for process in reversed(processes):
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:  # not reaped, so its group id is still its own
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # it and the worker its nanny started
            process.wait()


@contextmanager
def dask_processes(workers: int = 2, timeout: float = 90.0) -> Iterator[str]:
    """A real ``dask scheduler`` on a free 127.0.0.1 port and ``workers`` ``dask worker``
    processes of one thread each (this checkout on their PYTHONPATH); its address, once every
    worker has joined. Stopped at the end, whatever happens."""
    from distributed import Client

    processes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="bench-dask-") as folder:
        where = Path(folder)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}

        def start(name: str, *argv: str) -> None:
            with open(where / f"{name}.log", "wb") as log:
                processes.append(subprocess.Popen(
                    [str(DASK), *argv], stdout=log, stderr=subprocess.STDOUT, cwd=where,
                    env=env, start_new_session=True))

        try:
            file = where / "scheduler.json"
            start("scheduler", "scheduler", *ONLY_HERE, "--port", "0", "--scheduler-file",
                  str(file))
            deadline = time.monotonic() + timeout
            while not file.exists() or not file.read_text():
                if processes[0].poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("dask scheduler did not start:\n"
                                       + (where / "scheduler.log").read_text()[-2000:])
                time.sleep(0.1)
            time.sleep(0.1)  # the file is written whole, but give it a moment
            address: str = json.loads(file.read_text())["address"]
            for n in range(workers):
                start(f"worker{n}", "worker", address, "--nthreads", "1", *ONLY_HERE)
            with Client(address, timeout=30, set_as_default=False) as client:
                client.wait_for_workers(workers, timeout=max(1.0, deadline - time.monotonic()))
            yield address
        finally:
            _stop(processes)


@contextmanager
def local_cluster(workers: int = 2) -> Iterator[str]:
    """A ``distributed.LocalCluster`` of ``workers`` processes of one thread, on 127.0.0.1."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as cluster:
        yield str(cluster.scheduler_address)


def measure(args: argparse.Namespace) -> int:
    bots = args.bots.split(",")

    def play(jobs: int = 1, scheduler: str | None = None,
             chunk: int = parallel.MAX_CHUNK) -> tuple[float, TournamentResult]:
        """One tournament, timed whole: a pool's start and a client's connection count."""
        default, parallel.MAX_CHUNK = parallel.MAX_CHUNK, chunk
        try:
            started = time.perf_counter()
            result = run(args.game, bots, args.games, args.seed, jobs, scheduler=scheduler)
            return time.perf_counter() - started, result
        finally:
            parallel.MAX_CHUNK = default

    print(f"Python {platform.python_version()} on {platform.machine()}, {load()}; "
          f"{args.game} {args.bots}, {args.games} games, best of {args.rounds} rounds")
    with local_cluster() as cluster, dask_processes() as real:
        ways: dict[str, Callable[[], tuple[float, TournamentResult]]] = {
            "--jobs 1 (here)": lambda: play(1),
            "--jobs 2 (local pool)": lambda: play(2),
            "LocalCluster, 2 workers": lambda: play(scheduler=cluster),
            "dask scheduler + 2 workers": lambda: play(scheduler=real),
            "the same, 1 game per task": lambda: play(scheduler=real, chunk=1),
        }
        best = dict.fromkeys(ways, float("inf"))
        outcomes = {}
        for _ in range(args.rounds):  # interleaved: a slow spell slows every way alike
            for name, way in ways.items():
                seconds, result = way()
                best[name] = min(best[name], seconds)
                outcomes[name] = result.outcomes()
    pool = best["--jobs 2 (local pool)"]
    print(f"  {'way':28} {'seconds':>8} {'games/s':>8} {'ms/game vs pool':>16}")
    for name, seconds in best.items():
        over = (seconds - pool) / args.games * 1000
        print(f"  {name:28} {seconds:8.2f} {args.games / seconds:8.0f} {over:+16.2f}")
    same = all(found == outcomes["--jobs 1 (here)"] for found in outcomes.values())
    print(f"  outcomes identical in every way: {'yes' if same else 'NO'}; after it: {load()}")
    return 0 if same else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="ambar_fossils")
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--smoke", action="store_true",
                        help="a few seconds: 20 games, one round (CI checks that it runs)")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.rounds = 20, 1
    return measure(args)


if __name__ == "__main__":
    sys.exit(main())

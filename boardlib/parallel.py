"""Work spread over the computer's cores, or a Dask cluster's, with the same result whatever
their number.

Lessons and tournaments play thousands of seeded games; each game depends only on its seed,
so they can run in any number of processes and be collected in order. The pool uses the
"spawn" start method, which does not copy a running notebook kernel into the workers (forking
one can hang). Where there are no processes (JupyterLite's Pyodide), or one core, the work
runs here, one item after another.

A long run can go to a Dask cluster that is already running (``scheduler="tcp://HOST:PORT"``):
``dask.distributed`` (``pip install "tabletop-classroom[cluster]"``) is imported only then, so
boardlib itself needs nothing beyond the standard library. The scheduler and its workers need
this same version of boardlib installed; docs/soak.md says how to start them.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

Item = TypeVar("Item")
Outcome = TypeVar("Outcome")

CONNECT_SECONDS = 5.0
"""How long a scheduler has to answer: a wrong address fails quickly, rather than hanging."""

WORKER_SECONDS = 30.0
"""How long a scheduler without workers is given for one to join (a cluster just started)."""

CHUNKS_PER_THREAD = 4
MAX_CHUNK = 200
"""On a cluster, items go in chunks of at most MAX_CHUNK, about CHUNKS_PER_THREAD per worker
thread: a task costs 2–5 ms there (benchmarks/bench_dask.py), four to eight times a random
game, while a few tasks per thread still let the threads finish together."""

INSTALL = 'pip install "tabletop-classroom[cluster]"'

_ADDRESS = re.compile(r"tcp://(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?"
                      r"|\[[0-9A-Fa-f:.]+\]):(?P<port>[0-9]{1,5})")


class SchedulerError(RuntimeError):
    """A Dask scheduler could not be used (not installed, not answering, no workers, in a
    browser): the message names the address and what to do; nothing was played."""


def available_cores() -> int:
    """How many processes are worth starting here: 1 in a browser (Pyodide has none)."""
    if sys.platform == "emscripten":
        return 1
    return os.cpu_count() or 1


def checked_jobs(jobs: int, scheduler: str | None = None) -> str | None:
    """The scheduler's address as given, once ``jobs`` and it are known to make sense together:
    ValueError naming the problem. ``jobs`` counts processes here, so it is 1 with a scheduler
    (the cluster's workers are its processes; asking for both would be asking twice)."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number ≥ 1, not {jobs!r}")
    if scheduler is None:
        return None
    match = _ADDRESS.fullmatch(scheduler) if isinstance(scheduler, str) else None
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise ValueError(f"a Dask scheduler's address is tcp://HOST:PORT, such as "
                         f"tcp://127.0.0.1:8786, not {scheduler!r}")
    if jobs > 1:
        raise ValueError(f"jobs={jobs} asks for processes here and scheduler={scheduler!r} for "
                         f"a Dask cluster: give one of them (the cluster's workers set how "
                         f"many games run at once)")
    return scheduler


@contextmanager
def connected(scheduler: str) -> Iterator[Any]:
    """A ``distributed.Client`` of the scheduler at ``scheduler`` with at least one worker,
    closed afterwards; SchedulerError (naming the address) rather than a hang."""
    address = checked_jobs(1, scheduler)
    assert address is not None
    if sys.platform == "emscripten":
        raise SchedulerError(f"a browser (Pyodide) cannot reach the Dask scheduler at "
                             f"{address}: it opens no connections; leave the scheduler out and "
                             f"the games run here")
    try:  # as a module of Any: distributed's Client is not typed, and is optional
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SchedulerError(f"the Dask scheduler at {address} needs the 'distributed' "
                             f"package here: {INSTALL}") from None
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except OSError as problem:  # refused, timed out, not a scheduler, no such host
        detail = "" if str(problem).startswith("Timed out") else f" ({problem})"
        raise SchedulerError(f"no Dask scheduler answered at {address} within "
                             f"{CONNECT_SECONDS:g} s: is `dask scheduler` running there?"
                             f"{detail}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_SECONDS)
        except OSError:  # distributed's WorkerStartTimeoutError is a TimeoutError
            raise SchedulerError(f"the Dask scheduler at {address} has had no worker for "
                                 f"{WORKER_SECONDS:g} s: start some with "
                                 f"`dask worker {address}`") from None
        yield client
    finally:
        client.close()


class Pool:
    """Where tasks run: ``executor`` (a ``concurrent.futures`` one), ``slots()`` (how many run
    at once now: a caller keeps about that many busy), ``where`` (for a summary line) and, on
    a cluster, its ``distributed.Client`` (None here), e.g. to check every worker first."""

    def __init__(self, executor: Executor, slots: Callable[[], int], where: str,
                 client: Any = None) -> None:
        self.executor, self.slots, self.where, self.client = executor, slots, where, client


@contextmanager
def pool(jobs: int = 1, scheduler: str | None = None) -> Iterator[Pool]:
    """``jobs`` "spawn" processes here, or the workers of the Dask cluster at ``scheduler``,
    as one kind of Executor: for a caller that submits its own batches (scripts/soak.py)."""
    address = checked_jobs(jobs, scheduler)
    if address is None:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as processes:
            yield Pool(processes, lambda: jobs, f"{jobs} process{'es' if jobs > 1 else ''}")
        return
    with connected(address) as client:
        def slots() -> int:
            threads: dict[str, int] = client.nthreads()
            return max(1, sum(threads.values()))

        executor: Executor = client.get_executor(pure=False)  # every task runs, none shared
        yield Pool(executor, slots, f"the Dask cluster at {address}", client)


def apply_to_each(function: Callable[[Item], Outcome], chunk: list[Item]) -> list[Outcome]:
    """``function`` of each item of ``chunk``: one cluster task (module-level, so it pickles by
    name: the scheduler and the workers import it from their boardlib)."""
    return [function(item) for item in chunk]


def ordered_map(function: Callable[[Item], Outcome], items: Iterable[Item], jobs: int = 1,
                scheduler: str | None = None) -> Iterator[Outcome]:
    """``function`` of each item, yielded in the items' order as each is ready.

    ``jobs`` > 1 runs them in that many "spawn" processes (``function`` and the items must
    pickle: a module-level function and plain values); 1 runs them here, and so does any
    number where there are no processes to start (a browser: JupyterLite's Pyodide), so a
    lesson that asks for two processes runs there too, with the same results.

    ``scheduler`` ("tcp://HOST:PORT", with ``jobs`` 1) runs them on that Dask cluster's
    workers instead, in chunks (``MAX_CHUNK``): ValueError for a malformed address, SchedulerError
    when it cannot be used (no ``distributed`` here, no answer within ``CONNECT_SECONDS``, in
    a browser). A worker lost mid-way has its items run again elsewhere: the same results.
    """
    address = checked_jobs(jobs, scheduler)
    if address is not None:
        with connected(address) as client:
            every = list(items)
            threads: dict[str, int] = client.nthreads()
            size = -(-len(every) // (CHUNKS_PER_THREAD * max(1, sum(threads.values()))))
            size = min(max(1, size), MAX_CHUNK)
            chunks = [every[start:start + size] for start in range(0, len(every), size)]
            futures = client.map(apply_to_each, [function] * len(chunks), chunks,
                                 pure=False)  # not pure: every task runs, none is shared
            futures.reverse()
            try:
                while futures:
                    yield from futures.pop().result()  # each let go of once it is given
            finally:
                if futures:  # the caller stopped early: the rest need not be played
                    client.cancel(futures)
        return
    if jobs == 1 or sys.platform == "emscripten":
        yield from map(function, items)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as processes:
        futures_here = [processes.submit(function, item) for item in items]
        for future in futures_here:
            yield future.result()

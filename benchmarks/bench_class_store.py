"""How many answers a second the class store takes when a whole class answers at once.

Thirty writer processes (thirty students' kernels), each with its own store, wait at a
barrier and then add their answers as fast as they can; prints the answers stored, the
seconds from the barrier to the last answer, answers per second, and the p50/p95 latency of
one ``add()``. Prints numbers; asserts nothing beyond "every answer stored once"::

    python benchmarks/bench_class_store.py                   # a temporary SQLite file
    python benchmarks/bench_class_store.py --writers 30 --answers 100 --url postgresql://…
    python benchmarks/bench_class_store.py --postgres        # a temporary PostgreSQL server

A real class sends an answer every few seconds a student, so the figure to compare with is
about ten answers a second for thirty students.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile
import time
import uuid
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import postgres
from widgets.class_store import Answer, open_store

KEY = "benchmark-key"


def load() -> str:
    """The 1, 5 and 15 minute load averages, to print beside every time."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def writer(url: str, code: str, number: int, answers: int, start: Barrier,
           results: Queue[tuple[int, list[float]]]) -> None:
    """One student's kernel: after the barrier, add every answer, timing each add()."""
    with open_store(url) as store:
        start.wait()
        latencies = []
        for n in range(answers):
            answer = Answer(uuid.uuid4().hex, code, f"student {number}", "bench/lesson",
                            f"q{n % 12}", "17/32", "17/32", "right", n < 12, time.time())
            began = time.perf_counter()
            stored = store.add(answer)
            latencies.append(time.perf_counter() - began)
            assert stored, "a fresh id was not stored"
    results.put((number, latencies))


def run(url: str, writers: int, answers: int) -> dict[str, float]:
    """One rush: the figures of ``writers`` processes adding ``answers`` each."""
    code = "BENCH-" + uuid.uuid4().hex[:8].upper()
    with open_store(url) as store:
        store.create_class(code, KEY)
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(writers + 1)  # this process too: the clock starts with the rush
    results: Queue[tuple[int, list[float]]] = context.Queue()
    processes = [context.Process(target=writer, args=(url, code, n, answers, start, results))
                 for n in range(writers)]
    for process in processes:
        process.start()
    start.wait()
    began = time.perf_counter()
    latencies = [one for _ in processes for one in results.get(timeout=600)[1]]
    seconds = time.perf_counter() - began
    for process in processes:
        process.join()
    with open_store(url) as store:
        stored = len(store.class_answers(code, KEY))
    cuts = statistics.quantiles(latencies, n=100)
    return {"stored": stored, "seconds": seconds, "per_second": stored / seconds,
            "p50_ms": cuts[49] * 1000, "p95_ms": cuts[94] * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writers", type=int, default=30, help="processes writing at once")
    parser.add_argument("--answers", type=int, default=100, help="answers each writer adds")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--url", help="the store (default: a temporary SQLite file)")
    where.add_argument("--postgres", action="store_true",
                       help="start a temporary PostgreSQL server (tests/postgres.py)")
    args = parser.parse_args()
    server = None
    with tempfile.TemporaryDirectory(prefix="bench-class-store-") as folder:
        if args.postgres:
            server = postgres.start(durable=True)
            url = server.url
        else:
            url = args.url or f"sqlite:///{Path(folder) / 'classes.sqlite'}"
        try:
            print(f"Python {platform.python_version()}, {load()}; {args.writers} writers × "
                  f"{args.answers} answers, {url.split('://')[0].split(':')[0]}", flush=True)
            figures = run(url, args.writers, args.answers)
        finally:
            if server is not None:
                postgres.stop(server)
    expected = args.writers * args.answers
    print(f"answers stored: {figures['stored']:.0f} (of {expected})")
    print(f"seconds: {figures['seconds']:.2f}")
    print(f"answers per second: {figures['per_second']:.0f}")
    print(f"one add(): p50 {figures['p50_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()

"""Work spread over the computer's cores, with the same result whatever their number.

Lessons and tournaments play thousands of seeded games; each game depends only on its seed,
so they can run in any number of processes and be collected in order. The pool uses the
"spawn" start method, which does not copy a running notebook kernel into the workers (forking
one can hang). Where there are no processes (JupyterLite's Pyodide), or one core, the work
runs here, one item after another.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

Item = TypeVar("Item")
Outcome = TypeVar("Outcome")


def available_cores() -> int:
    """How many processes are worth starting here: 1 in a browser (Pyodide has none)."""
    if sys.platform == "emscripten":
        return 1
    return os.cpu_count() or 1


def ordered_map(function: Callable[[Item], Outcome], items: Iterable[Item],
                jobs: int) -> Iterator[Outcome]:
    """``function`` of each item, yielded in the items' order as each is ready.

    ``jobs`` > 1 runs them in that many "spawn" processes (``function`` and the items must
    pickle: a module-level function and plain values); 1 runs them here, and so does any
    number where there are no processes to start (a browser: JupyterLite's Pyodide), so a
    lesson that asks for two processes runs there too, with the same results.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number ≥ 1, not {jobs!r}")
    if jobs == 1 or sys.platform == "emscripten":
        yield from map(function, items)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(function, item) for item in items]
        for future in futures:
            yield future.result()

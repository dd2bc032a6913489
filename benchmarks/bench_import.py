"""What ``import boardlib`` costs beyond the interpreter's own start-up (issue #11: ≤ 15 ms).

Runs ``python -c pass`` and ``python -c 'import boardlib'`` side by side, interleaved, and
prints the difference of the medians in milliseconds; with valgrind installed, also the
difference in instructions (cachegrind), a figure that does not drift on a shared machine.
It first writes the bytecode of boardlib and the standard library (a fresh checkout, or
``PYTHONDONTWRITEBYTECODE=1`` as some environments set, would otherwise measure compiling)::

    python benchmarks/bench_import.py [--runs 30] [--module boardlib] [--python PATH]

The modules the import loads beyond start-up are listed too: the shortest way to see what
made it slower.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def environment() -> dict[str, str]:
    """The environment of every run: bytecode may be read and written, no importtime."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPROFILEIMPORTTIME")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def run(python: str, code: str, env: dict[str, str]) -> float:
    """Seconds one ``python -c code`` takes, wall clock."""
    start = time.perf_counter()
    subprocess.run([python, "-c", code], check=True, env=env, cwd=ROOT)
    return time.perf_counter() - start


def instructions(python: str, code: str, env: dict[str, str]) -> int | None:
    """Instructions one ``python -c code`` executes (cachegrind's ``I refs``), or None."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         python, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    return int(found[1].replace(",", "")) if found else None


def loaded(python: str, module: str, env: dict[str, str]) -> list[str]:
    """The modules ``import module`` adds to the ones the interpreter starts with."""
    code = ("import sys; before = set(sys.modules); import " + module +
            "; print(' '.join(sorted(set(sys.modules) - before)))")
    done = subprocess.run([python, "-c", code], env=env, cwd=ROOT, check=True,
                          capture_output=True, text=True)
    return done.stdout.split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of each command (median)")
    parser.add_argument("--module", default="boardlib", help="the module to import")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to measure")
    args = parser.parse_args()
    env = environment()
    bare, imported = "pass", f"import {args.module}"
    # write the bytecode first: the figures are for a warm, compiled install
    subprocess.run([args.python, "-m", "compileall", "-q", str(ROOT / "boardlib")],
                   env=env, cwd=ROOT, check=True)
    run(args.python, imported, env)

    times: dict[str, list[float]] = {bare: [], imported: []}
    for _ in range(args.runs):
        for code in times:  # interleaved, so a drift in the machine's speed hits both alike
            times[code].append(run(args.python, code, env))
    base, total = (statistics.median(times[code]) * 1000 for code in (bare, imported))
    print(f"wall clock, median of {args.runs}: python -c pass {base:.1f} ms, "
          f"python -c '{imported}' {total:.1f} ms: the import costs {total - base:.1f} ms")

    counts = [instructions(args.python, code, env) for code in (bare, imported)]
    if counts[0] is not None and counts[1] is not None:
        print(f"instructions (cachegrind): python -c pass {counts[0]:,}, "
              f"python -c '{imported}' {counts[1]:,}: the import costs {counts[1] - counts[0]:,}")
    else:
        print("instructions: valgrind is not installed")
    modules = loaded(args.python, args.module, env)
    print(f"modules loaded beyond start-up ({len(modules)}): {' '.join(modules)}")


if __name__ == "__main__":
    main()

"""Instructions per random game of two versions of the engines, side by side (valgrind).

Time drifts up to 2x on a shared machine; the instructions a game executes do not. For each
game (and both Amber Route versions) this runs ``benchmarks/instructions.py`` of each version
under valgrind's cachegrind, with ``--games 0`` (start-up) and ``--games N``; the difference
over N is the instructions per seeded 2-player random game. The two versions are measured
one after the other for each game, with ``PYTHONHASHSEED=0``, and each version runs its own
copy of the script, so an old commit is measured as it was::

    python benchmarks/compare_instructions.py 50d8122          # that commit vs this tree
    python benchmarks/compare_instructions.py 50d8122 HEAD --games 20 --only amphipolis

A version is a git revision (exported with ``git archive`` into a temporary folder) or a
folder holding a boardlib tree. Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CONFIGURATIONS: tuple[tuple[str, str | None], ...] = (
    ("ambar_fossils", None),
    ("ambar_2018", None),
    ("amber_route", "advanced"),
    ("amber_route", "family"),
    ("amphipolis", None),
)
"""Every game, and both versions of Amber Route: what issue #29 measures."""

TOTAL = re.compile(r"I\s+refs:\s+([\d,]+)")


MEASURED = ("boardlib", "benchmarks")
"""What a measurement runs: copied out of a folder version, as a revision is exported."""


@contextmanager
def version_tree(version: str) -> Iterator[Path]:
    """A temporary folder holding ``version``: a revision exported from git, or a folder's
    ``MEASURED`` parts copied. Both sides are measured from like folders: the same code run
    from this working tree counted up to 3% fewer instructions per game than from a copy."""
    folder = Path(tempfile.mkdtemp(prefix="boardlib-version-"))
    try:
        if Path(version).is_dir():
            for part in MEASURED:
                shutil.copytree(Path(version) / part, folder / part,
                                ignore=shutil.ignore_patterns("__pycache__"))
        else:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", version],
                                     check=True, capture_output=True).stdout
            with tempfile.TemporaryFile() as tar:
                tar.write(archive)
                tar.seek(0)
                with tarfile.open(fileobj=tar) as files:
                    files.extractall(folder, filter="data")
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def instructions(tree: Path, game: str, variant: str | None, games: int) -> int:
    """The instructions valgrind counts for one run of ``tree``'s instructions.py."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable,
               str(tree / "benchmarks" / "instructions.py"), game, "--games", str(games)]
    if variant is not None:
        command += ["--variant", variant]
    run = subprocess.run(command, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    found = TOTAL.search(run.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(tree: Path, game: str, variant: str | None, games: int) -> float:
    """Instructions per game: the run of ``games`` games less the start-up, over ``games``."""
    return (instructions(tree, game, variant, games)
            - instructions(tree, game, variant, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", help="a git revision or a folder")
    parser.add_argument("after", nargs="?", default=str(ROOT),
                        help="a git revision or a folder (default: this tree)")
    parser.add_argument("--games", type=int, default=20, help="seeded games per measurement")
    parser.add_argument("--only", nargs="*", default=None, metavar="GAME",
                        help="measure these games only")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind).")
    if args.games < 1:
        sys.exit("--games must be at least 1.")
    chosen = [c for c in CONFIGURATIONS if args.only is None or c[0] in args.only]
    print(f"Instructions per seeded 2-player random game ({args.games} games, cachegrind)")
    print(f"before: {args.before}   after: {args.after}\n")
    print("| game | version | before (M) | after (M) | after / before |")
    print("|---|---|---:|---:|---:|")
    with version_tree(args.before) as before, version_tree(args.after) as after:
        for game, variant in chosen:
            old = per_game(before, game, variant, args.games)
            new = per_game(after, game, variant, args.games)
            print(f"| {game} | {variant or '-'} | {old / 1e6:.2f} | {new / 1e6:.2f} "
                  f"| {new / old:.2f} |", flush=True)


if __name__ == "__main__":
    main()

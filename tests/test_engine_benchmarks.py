"""The engines play the same games as recorded, and the instruction benchmark that compares
two versions of them runs (issue #29: "engines 2x leaner, same games")."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import IN_CI

ROOT = Path(__file__).resolve().parent.parent
MOVES_RECORD = ROOT / "scripts" / "fingerprint-moves-50d8122.txt"
"""Every configuration's move fingerprint (200 seeded games each) before the engines were made
leaner: a change that plays any game differently fails here, and must be recorded anew."""



@pytest.mark.slow
def test_every_seeded_game_plays_the_recorded_moves() -> None:
    run = subprocess.run([sys.executable, "scripts/fingerprint.py", "--moves-only", "--check",
                          str(MOVES_RECORD)], cwd=ROOT, capture_output=True, text=True)
    recorded = len(MOVES_RECORD.read_text().splitlines())
    assert run.returncode == 0, (
        f"{run.stderr}\nA game now plays other moves than {MOVES_RECORD.name} records. If the "
        "rules changed on purpose, record the fingerprints anew (scripts/fingerprint.py).")
    assert f"{recorded} of {recorded} recorded configurations unchanged" in run.stderr


def test_comparing_a_tree_with_itself_counts_the_same_instructions() -> None:
    if shutil.which("valgrind") is None:
        if IN_CI:
            pytest.fail("valgrind is missing: scripts/test.sh installs Debian's valgrind")
        pytest.skip("valgrind is not installed")
    run = subprocess.run([sys.executable, "benchmarks/compare_instructions.py", str(ROOT),
                          str(ROOT), "--games", "2", "--only", "amphipolis"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    row = re.search(r"\| amphipolis \| - \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|", run.stdout)
    assert row is not None, run.stdout
    before, after, ratio = (float(x) for x in row.groups())
    assert 1.0 < before < 20.0, "millions of instructions per game"  # 4.6 M before #29
    assert abs(after - before) <= 0.02 * before
    assert ratio == pytest.approx(after / before, abs=0.01)

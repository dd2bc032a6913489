"""boardlib.parallel: the same results, in the same order, in one process or several."""

from __future__ import annotations

import sys

import pytest

from boardlib.ambar_fossils.odds import play_batch
from boardlib.parallel import available_cores, ordered_map


def test_processes_give_the_results_of_one_process_in_the_same_order():
    batches = [range(0, 3), range(3, 5), range(5, 9)]
    here = list(ordered_map(play_batch, batches, jobs=1))
    assert list(ordered_map(play_batch, batches, jobs=2)) == here
    assert [len(scores) for scores in here] == [3, 2, 4]


def test_a_browser_has_one_core(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert available_cores() == 1


def test_in_a_browser_more_jobs_run_here_with_the_same_results(monkeypatch):
    """Pyodide starts no processes: jobs=2 (bots.ipynb's tournament) runs in this one."""
    import boardlib.parallel as parallel

    batches = [range(0, 3), range(3, 5)]
    here = list(ordered_map(play_batch, batches, jobs=1))

    def no_processes(*_args, **_kwargs):
        raise OSError("no processes in a browser")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(parallel, "ProcessPoolExecutor", no_processes)
    assert list(ordered_map(play_batch, batches, jobs=2)) == here


@pytest.mark.parametrize("jobs", [0, -1, 1.5, True, "2"])
def test_a_wrong_number_of_jobs_is_refused(jobs):
    with pytest.raises(ValueError, match="jobs must be a whole number"):
        list(ordered_map(abs, [1, 2], jobs=jobs))

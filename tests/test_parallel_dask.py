"""boardlib.parallel on a Dask cluster (``scheduler="tcp://HOST:PORT"``, ``--scheduler``): the
records of one process, in the same order, from a LocalCluster and from real ``dask scheduler``
and ``dask worker`` processes; both workers get work; clear, quick refusals. Only 127.0.0.1.

Without ``distributed`` the cluster tests are skipped, except under ``CI=true``, where a skip
would hide that they never ran (``pip install -e '.[test]'`` installs it)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest

from boardlib import parallel, tournament
from boardlib.cli import main
from boardlib.parallel import SchedulerError, ordered_map
from tests.helpers import IN_CI

ROOT = Path(__file__).resolve().parent.parent
DASK = Path(sys.executable).with_name("dask")
BOTS = ["random", "greedy"]
ONLY_HERE = ("--host", "127.0.0.1", "--no-dashboard", "--dashboard-address", "127.0.0.1:0")
"""Every port on 127.0.0.1: without the last, each process's HTTP server (health, metrics)
listens on all interfaces, the scheduler's on the fixed port 8787."""


@pytest.fixture(scope="module")
def distributed() -> Any:
    """The ``distributed`` package: skipped without it, but a failure under CI."""
    try:
        import distributed
    except ImportError:
        if IN_CI:
            pytest.fail("CI=true, and distributed is not installed: pip install -e '.[test]'")
        pytest.skip("distributed is not installed: pip install -e '.[cluster]'")
    return distributed


def free_port() -> int:
    """A 127.0.0.1 port with nothing listening on it (just now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def played_on(client: Any, since: float, name: str = "apply_to_each") -> Counter[str]:
    """How many tasks of ``name`` each worker started and finished since ``since`` (the
    scheduler's task stream, which records every client's tasks once asked for).

    The stream is filtered here, by each record's own start: its ``start=`` bisects a buffer
    that two workers fill out of order, and so can hand back tasks of the test before."""
    return Counter(record["worker"] for record in client.get_task_stream()
                   if str(record["key"]).strip("('").startswith(name)
                   and min(span["start"] for span in record["startstops"]) >= since)


# ----- a LocalCluster ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def local_cluster(distributed: Any) -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as cluster:
        yield cluster


def test_a_local_cluster_plays_the_records_of_one_process_in_order(local_cluster, distributed):
    address = local_cluster.scheduler_address
    told: list[tuple[int, int]] = []
    with distributed.Client(address, set_as_default=False) as client:
        client.get_task_stream()  # start recording
        since = time.time()
        alone = tournament.run("ambar_fossils", BOTS, games=40, seed=4)
        there = tournament.run("ambar_fossils", BOTS, games=40, seed=4, scheduler=address,
                               progress=lambda done, total: told.append((done, total)))
        workers = played_on(client, since)
    assert there.records == alone.records and there.outcomes() == alone.outcomes()
    assert [r.index for r in there.records] == list(range(40))
    assert told == [(n, 40) for n in range(1, 41)]
    assert sum(workers.values()) == 8 and len(workers) == 2, workers  # 8 chunks of 5: on both


def test_play_games_in_parts_on_a_cluster_joins_to_one_run(local_cluster):
    address = local_cluster.scheduler_address
    whole = tournament.run("pig", ["random", "hold_at_20"], games=12, seed=2).records
    parts = [*tournament.play_games("pig", ["random", "hold_at_20"], range(0, 5), 2,
                                    scheduler=address),
             *tournament.play_games("pig", ["random", "hold_at_20"], range(5, 12), 2,
                                    scheduler=address)]
    assert tuple(parts) == whole


def test_many_items_go_in_chunks_and_come_back_in_order(local_cluster, distributed):
    address = local_cluster.scheduler_address
    with distributed.Client(address, set_as_default=False) as client:
        client.get_task_stream()
        since = time.time()
        assert list(ordered_map(abs, range(-2000, 0), scheduler=address)) == list(
            range(2000, 0, -1))
        assert sum(played_on(client, since).values()) == 2000 // parallel.MAX_CHUNK
    assert list(ordered_map(abs, [], scheduler=address)) == []


def test_stopping_early_gives_back_at_once(local_cluster):
    started = time.monotonic()
    results = ordered_map(abs, range(-1000, 0), scheduler=local_cluster.scheduler_address)
    assert [next(results), next(results)] == [1000, 999]
    results.close()  # the rest are cancelled, and the client closed
    assert time.monotonic() - started < 30


def test_a_pool_on_the_cluster_counts_its_threads(local_cluster):
    with parallel.pool(scheduler=local_cluster.scheduler_address) as workers:
        assert workers.slots() == 2 and workers.client is not None
        assert workers.executor.submit(abs, -3).result(timeout=60) == 3
        assert "tcp://127.0.0.1:" in workers.where


def test_a_scheduler_without_workers_is_refused_in_bounded_time(distributed, monkeypatch):
    monkeypatch.setattr(parallel, "WORKER_SECONDS", 1.0)
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as empty:
        address = empty.scheduler_address
        with pytest.raises(SchedulerError, match=f"at {address} has had no worker"):
            list(ordered_map(abs, [1], scheduler=address))


# ----- real dask scheduler and dask worker processes -------------------------------------------
def stop(processes: list[subprocess.Popen[bytes]]) -> None:
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


@pytest.fixture(scope="module")
def dask_processes(distributed: Any, tmp_path_factory) -> Iterator[tuple[str, Any]]:
    """``dask scheduler`` on a free 127.0.0.1 port and two ``dask worker`` processes of one
    thread (this checkout on their PYTHONPATH, for scripts/soak.py): the address and a client,
    once both workers have joined. Always stopped at the end."""
    where = tmp_path_factory.mktemp("dask")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    processes: list[subprocess.Popen[bytes]] = []

    def start(name: str, *argv: str) -> None:
        with open(where / f"{name}.log", "wb") as log:
            processes.append(subprocess.Popen([str(DASK), *argv], stdout=log,
                                              stderr=subprocess.STDOUT, cwd=where, env=env,
                                              start_new_session=True))

    def logs() -> str:
        return "\n".join(f"--- {log.name}\n{log.read_text()[-1500:]}"
                         for log in sorted(where.glob("*.log")))

    try:
        file = where / "scheduler.json"
        start("scheduler", "scheduler", *ONLY_HERE, "--port", "0", "--scheduler-file", str(file))
        deadline = time.monotonic() + 120
        while not (file.exists() and file.read_text().strip().endswith("}")):
            assert processes[0].poll() is None and time.monotonic() < deadline, logs()
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:"), address
        for n in (1, 2):
            start(f"worker{n}", "worker", address, "--nthreads", "1", *ONLY_HERE)
        with distributed.Client(address, timeout=30, set_as_default=False) as client:
            try:
                client.wait_for_workers(2, timeout=max(5.0, deadline - time.monotonic()))
            except TimeoutError:
                pytest.fail("the two dask workers did not join:\n" + logs())
            client.get_task_stream()  # start recording: which worker played what
            yield address, client
    finally:
        stop(processes)
        assert all(process.poll() is not None for process in processes)


def tournament_lines(*argv: str) -> list[str]:
    """The table ``boardlib tournament`` prints, without the s/move column (timings)."""
    done = subprocess.run([sys.executable, "-m", "boardlib", "tournament", *argv],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return [line.rsplit(None, 1)[0] for line in done.stdout.splitlines()]


def test_the_command_on_real_dask_processes_prints_the_table_of_one_process(dask_processes):
    address, client = dask_processes
    argv = ["amphipolis", "--bots", "greedy,random", "--games", "40", "--seed", "6"]
    since = time.time()
    there = tournament_lines(*argv, "--scheduler", address)
    workers = played_on(client, since)
    assert there == tournament_lines(*argv, "--jobs", "1")
    assert "Amphipolis: 40 games" in there[0]
    assert sum(workers.values()) == 8 and len(workers) == 2, workers  # 8 chunks, both played


def test_the_api_on_real_dask_processes_gives_the_outcomes_of_one_process(dask_processes):
    address, _ = dask_processes
    args = ("amber_route", ["random", "careful"])
    there = tournament.run(*args, games=8, seed=3, variant="family", scheduler=address)
    assert there.outcomes() == tournament.run(*args, games=8, seed=3, variant="family").outcomes()


def test_the_soak_runs_its_batches_on_real_dask_processes(dask_processes):
    address, client = dask_processes
    since = time.time()
    done = subprocess.run([sys.executable, "scripts/soak.py", "pig", "--games", "120",
                           "--deep", "2", "--scheduler", address], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "soak: 120 games in" in done.stdout
    assert f"with the Dask cluster at {address}" in done.stdout
    assert "pig            -              120 games  seeds 0-119" in done.stdout
    assert "0 failures" in done.stdout
    assert sum(played_on(client, since, "on_worker").values()) == 3  # batches of 50, 50, 20


def test_the_soak_refuses_jobs_beside_a_scheduler():
    done = subprocess.run([sys.executable, "scripts/soak.py", "pig", "--games", "2", "--jobs",
                           "2", "--scheduler", "tcp://127.0.0.1:8786"], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, check=False)
    assert done.returncode == 2 and "give one of them" in done.stderr


def test_the_benchmark_runs_its_smoke_setting():
    done = subprocess.run([sys.executable, "benchmarks/bench_dask.py", "--smoke"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "dask scheduler + 2 workers" in done.stdout
    assert "outcomes identical in every way: yes" in done.stdout


# ----- refusals ---------------------------------------------------------------------------------
@pytest.mark.parametrize("address", ["127.0.0.1:8786", "tcp://127.0.0.1", "tcp://:8786",
                                     "tcp://127.0.0.1:0", "tcp://127.0.0.1:70000",
                                     "http://127.0.0.1:8786", "tcp://127.0.0.1:8786/", ""])
def test_a_malformed_address_is_refused_before_anything_is_played(address):
    with pytest.raises(ValueError, match="tcp://HOST:PORT"):
        list(ordered_map(abs, [1], scheduler=address))
    with pytest.raises(ValueError, match="tcp://HOST:PORT"):
        tournament.run("pig", ["random", "random"], games=2, scheduler=address)


def test_processes_and_a_scheduler_together_are_refused():
    with pytest.raises(ValueError, match="give one of them"):
        tournament.run("pig", ["random", "random"], games=2, jobs=2,
                       scheduler="tcp://127.0.0.1:8786")


def test_an_unreachable_scheduler_fails_quickly_naming_it(distributed):
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.monotonic()
    with pytest.raises(SchedulerError, match=f"no Dask scheduler answered at {address} within"):
        list(ordered_map(abs, [1], scheduler=address))
    assert time.monotonic() - started < parallel.CONNECT_SECONDS + 10


def test_without_distributed_the_message_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    with pytest.raises(SchedulerError, match=r'pip install "tabletop-classroom\[cluster\]"'):
        list(ordered_map(abs, [1], scheduler="tcp://127.0.0.1:8786"))


def test_a_browser_refuses_a_scheduler_but_still_plays_here(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(SchedulerError, match="browser"):
        list(ordered_map(abs, [1], scheduler="tcp://127.0.0.1:8786"))
    assert list(ordered_map(abs, [-1, -2], jobs=2)) == [1, 2]


@pytest.mark.parametrize(("argv", "problem"), [
    (["--scheduler", "127.0.0.1:8786"], "tcp://HOST:PORT, such as tcp://127.0.0.1:8786"),
    (["--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2"],
     "--jobs 2 asks for processes here and --scheduler 'tcp://127.0.0.1:8786'"),
])
def test_the_command_refuses_a_bad_scheduler_in_one_line(argv, problem, capsys):
    assert main(["tournament", "pig", "--bots", "random,hold_at_20", *argv]) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1 and err.startswith("error: ")


def test_the_command_says_when_no_scheduler_answers(distributed, capsys):
    address = f"tcp://127.0.0.1:{free_port()}"
    assert main(["tournament", "pig", "--bots", "random,hold_at_20", "--scheduler",
                 address]) == 1
    told = capsys.readouterr()
    assert told.out == ""
    assert told.err == (f"error: no Dask scheduler answered at {address} within 5 s: is "
                        f"`dask scheduler` running there?\n")

"""The classroom server open to a room: what a student on the network can and cannot do (#28).

Each test starts the real server (Voila on classroom/ with scripts/classroom_server/voila.py,
as scripts/classroom.sh does) on 127.0.0.1 and talks to it as a page or as a curious student
would: over HTTP and over a page's kernel websocket (tests/voila_client.py).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.voila_client import (
    Page,
    classroom_server,
    connect,
    http,
    kernel_of,
    kernels,
    process_tree,
)

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="needs processes")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    home = tmp_path_factory.mktemp("classroom-server")
    with classroom_server(home) as (base, process):
        yield base, process.proc.pid


def run(coroutine: object) -> object:
    return asyncio.run(coroutine)  # type: ignore[arg-type]  # reason: a coroutine, typed loosely


def wait_for(predicate: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]  # reason: a callable, typed loosely
            return
        time.sleep(0.25)
    raise AssertionError(f"not within {timeout:.0f} s: {what}")


def test_a_page_s_kernel_runs_no_code_sent_to_it(server: tuple[str, int],
                                                 tmp_path: Path) -> None:
    """An execute_request over a page's own kernel websocket is dropped by the server: no
    reply, nothing run (the file the code would write is not there); the widgets still talk."""
    base, _ = server
    marker = tmp_path / "ran.txt"

    async def attempt() -> list[str]:
        page = Page(base)
        await page.open("ambar_fossils", assets=False)
        try:
            sent = await page.send("shell", "execute_request", {
                "code": f"open({str(marker)!r}, 'w').write('ran')", "silent": False,
                "store_history": False, "user_expressions": {}, "allow_stdin": False,
                "stop_on_error": True})
            probe = await page.send("shell", "kernel_info_request", {})
            replies: list[str] = []
            while True:  # the kernel answers in order: its info reply comes after any other
                found = await page.read(30)
                if found["parent"] == sent:
                    replies.append(found["msg_type"])
                if found["msg_type"] == "kernel_info_reply" and found["parent"] == probe:
                    return replies
        finally:
            await page.close()

    replies = run(attempt())
    time.sleep(0.5)
    assert replies == [], f"the kernel answered the execute_request: {replies}"
    assert not marker.exists(), "code sent over a page's websocket ran on the server"


@pytest.mark.parametrize("path", [
    "voila/files/ambar_fossils.ipynb",
    "voila/files/index.ipynb",
    "voila/files/../pyproject.toml",
    "voila/files/%2e%2e/pyproject.toml",
    "voila/files/%2E%2E%2Fscripts%2Fclassroom_server%2Fvoila.py",
    "voila/render/../README.md",
    "voila/render/%2e%2e/notebooks/index.ipynb",
    "voila/tree/..",
    "voila/tree/%2e%2e",
    "api/contents",
    "api/contents/ambar_fossils.ipynb",
    "api/kernels",
    "api/sessions",
    "api/terminals",
    "files/ambar_fossils.ipynb",
    "lab",
    "tree",
    "notebooks/ambar_fossils.ipynb",
    "static/../../pyproject.toml",
])
def test_no_address_serves_a_notebook_s_source_or_the_server_s_files(
        server: tuple[str, int], path: str) -> None:
    base, _ = server
    status, body, _ = http(f"{base}/{path}", timeout=30)
    text = body.decode(errors="replace")
    leaked = [mark for mark in ("from widgets", "Board(", "[project]", "get_config()",
                                '"cell_type"', "tabletop-classroom") if mark in text]
    assert status != 200 or not leaked, f"/{path} answered {status} with {leaked}"
    assert status in (403, 404, 405) or not leaked, (path, status)


@pytest.mark.parametrize("name", ["index", "ambar_fossils", "amphipolis", "amber_route",
                                  "ambar_2018", "teacher"])
def test_a_rendered_page_carries_no_code(server: tuple[str, int], name: str) -> None:
    """Voila strips the sources: the page has the outputs, never the cells' code."""
    base, _ = server
    status, body, _ = http(f"{base}/voila/render/{name}.ipynb")
    assert status == 200, status
    page = _without_scripts(body.decode())
    shown = [code for code in ("from widgets", "Board(", "TeacherView(", "import ") if code in page]
    assert not shown, f"{name}: the page shows code: {shown}"


def _without_scripts(html: str) -> str:
    """The page without its scripts and styles (where JavaScript's own "import" lives)."""
    html = re.sub(r"<script.*?</script>", "", html, flags=re.S)
    return re.sub(r"<style.*?</style>", "", html, flags=re.S)


def test_a_student_cannot_reach_a_kernel_without_its_id(server: tuple[str, int]) -> None:
    """Kernel ids are random (uuid4) and no address lists them: another student's page does
    not name it, a made-up id is refused, and nobody's kernel is shut down by a guess."""
    base, pid = server

    async def scenario() -> None:
        first, second = Page(base), Page(base)
        await first.open("ambar_fossils", assets=False)
        await second.open("amphipolis", assets=False)
        try:
            status, body, cookies = http(f"{base}/voila/render/amphipolis.ipynb")
            assert status == 200 and first.kernel not in body.decode(), (
                "a page names another page's kernel")
            third = kernel_of(body.decode())
            http(f"{base}/voila/api/shutdown/{third}", cookies,
                 f"_xsrf={cookies['_xsrf']}".encode())
            made_up = str(uuid.uuid4())
            with pytest.raises(Exception) as refused:
                await connect(base, made_up, uuid.uuid4().hex)
            assert "404" in str(refused.value), f"a made-up kernel id: {refused.value!r}"
            status, _, _ = http(f"{base}/voila/api/shutdown/{made_up}", second.cookies,
                                f"_xsrf={second.cookies.get('_xsrf', '')}".encode())
            assert status in (404, 500), f"shutting a made-up kernel down answered {status}"
            # no cookie of the page (a cross-site form): refused, even with the right id
            status, _, _ = http(f"{base}/voila/api/shutdown/{first.kernel}", {}, b"_xsrf=x")
            assert status == 403, f"a shutdown without the page's cookie answered {status}"
            await first.request_states()  # the first student's page still works
        finally:
            assert await first.close() == 204
            assert await second.close() == 204

    before = kernels(process_tree(pid))
    run(scenario())
    wait_for(lambda: kernels(process_tree(pid)) <= before, 15,
             "the two pages' kernels shut down by their beacons")


def test_a_closed_tab_s_kernel_is_shut_down(server: tuple[str, int]) -> None:
    """Voila's page sends a shutdown beacon when its tab closes; the settings give the page
    the cookie the beacon needs (without it every beacon was refused, 403, and each closed or
    reloaded tab left a kernel of about 60 MB running)."""
    base, pid = server
    before = kernels(process_tree(pid))

    async def scenario() -> None:
        page = Page(base)
        await page.open("ambar_2018", assets=False)
        assert "_xsrf" in page.cookies, f"the page set no _xsrf cookie: {page.cookies}"
        assert kernels(process_tree(pid)) == before + 1
        assert await page.close() == 204, "the shutdown beacon was refused"

    run(scenario())
    wait_for(lambda: kernels(process_tree(pid)) == before, 15, "the closed page's kernel gone")


def test_the_server_refuses_pages_past_its_limit_and_culls_forgotten_kernels(
        tmp_path: Path) -> None:
    """With room for 2 pages, a third gets a 503 that says why, and changes nothing; a page
    whose tab vanished without its beacon is shut down once idle and unconnected for the cull
    time, while a page still open (connected) is kept."""
    env = {"BOARDLIB_CLASSROOM_MAX_KERNELS": "2", "BOARDLIB_CLASSROOM_CULL_SECONDS": "4"}
    with classroom_server(tmp_path, env=env) as (base, process):
        pid = process.proc.pid

        async def scenario() -> None:
            kept = Page(base)
            await kept.open("amphipolis", assets=False)
            status, _, _ = http(f"{base}/voila/render/ambar_fossils.ipynb")  # then forgotten
            assert status == 200
            status, body, _ = http(f"{base}/voila/render/amber_route.ipynb")
            assert status == 503 and b"The classroom is full" in body, (status, body[:300])
            assert kernels(process_tree(pid)) == 2
            deadline = time.monotonic() + 30
            while kernels(process_tree(pid)) > 1 and time.monotonic() < deadline:
                await kept.send("shell", "kernel_info_request", {})  # a student still here
                await asyncio.sleep(1)
            assert kernels(process_tree(pid)) == 1, "the forgotten page's kernel was not culled"
            await kept.request_states()  # the open page survived the culling
            status, _, _ = http(f"{base}/voila/render/amber_route.ipynb")
            assert status == 200, "room again after culling, but the page was refused"
            await kept.close()

        run(scenario())


@pytest.mark.slow  # starts JupyterLab through scripts/start.sh
def test_the_teacher_s_jupyterlab_stays_behind_its_token(tmp_path: Path) -> None:
    """scripts/start.sh, as the teacher runs it beside the classroom server: JupyterLab
    listens on the loopback only and answers its API only with the token it printed."""
    port = _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTER_DATA_DIR": str(tmp_path / "data"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_PLATFORM_DIRS": "1"}
    started = subprocess.Popen(["bash", "scripts/start.sh", "--no-browser", f"--port={port}",
                                "--ServerApp.port_retries=0"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        address, printed = "", []
        deadline = time.monotonic() + 300
        assert started.stdout is not None
        while time.monotonic() < deadline and not address:
            line = started.stdout.readline()
            if not line:
                break
            printed.append(line)
            found = re.search(r"(http://\S+\?token=(\w+))", line)
            if found:
                address = found.group(1)
        assert address, "start.sh printed no address:\n" + "".join(printed)
        token = address.rsplit("token=", 1)[1]
        api = f"http://127.0.0.1:{port}/api/contents"
        wait_for(lambda: http(f"{api}?token={token}", timeout=5)[0] == 200, 60,
                 "JupyterLab answering with its token")
        assert http(api, timeout=10)[0] == 403, "JupyterLab's API answered without a token"
        assert http(f"{api}?token=wrong{token}", timeout=10)[0] == 403
        assert http(f"http://127.0.0.1:{port}/api/kernels", timeout=10)[0] == 403
        assert len(token) >= 16, f"a short token: {token!r}"
        listening = _listening_addresses(port)
        assert listening and listening <= {"127.0.0.1", "::1"}, (
            f"JupyterLab listens on {listening}, not only this machine's loopback")
    finally:
        os.killpg(started.pid, signal.SIGINT)
        try:
            started.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(started.pid, signal.SIGKILL)
            started.wait(timeout=10)


def _free_port() -> int:
    from tests.browser.conftest import free_port

    return free_port()


def _listening_addresses(port: int) -> set[str]:
    """The local addresses with a socket listening on ``port`` (from /proc/net/tcp{,6})."""
    found: set[str] = set()
    for table, ipv6 in (("/proc/net/tcp", False), ("/proc/net/tcp6", True)):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, port_hex = local.split(":")
            if state != "0A" or int(port_hex, 16) != port:  # 0A: LISTEN
                continue
            if ipv6:
                found.add("::1" if address == "0" * 31 + "1" else
                          "::" if address == "0" * 32 else address)
            else:
                found.add(".".join(str(b) for b in reversed(bytes.fromhex(address))))
    return found


@pytest.mark.slow  # about 15 s
def test_the_load_test_runs_as_a_smoke_test() -> None:
    """benchmarks/bench_classroom.py with 3 students (CI's smoke run): every page ready,
    every move redrawn, every kernel gone after the students left."""
    done = subprocess.run([sys.executable, "benchmarks/bench_classroom.py", "--smoke"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(row for row in done.stdout.splitlines() if row.strip().startswith("3 |"))
    cells = [cell.split() for cell in line.split("|")]
    assert cells[3] == ["9"], f"not 3 × 3 moves redrawn: {line}"
    assert cells[5] == ["3", "0"], f"kernels (peak, after) should be 3 then 0: {line}"
    assert cells[6] == ["0"], f"errors: {line}"

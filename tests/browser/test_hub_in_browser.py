"""A real JupyterHub (scripts/hub.sh) with five students at once, each playing on a board.

``bash scripts/hub.sh`` runs as a school would run it (configurable-http-proxy from npm,
installed by the script into .venv/hub-proxy if missing; the local spawner; the class
password), on a free port of 127.0.0.1, with a state folder of the test's own and the five
students in its students.txt. Then five students, each in a browser context of their own,
log in through the hub's login form; each one's JupyterLab starts on their own copy of
notebooks/index.ipynb; each follows the start page's link to the Âmbar play notebook, runs its
board cell and plays a move with the board's keyboard list (student n presses → n times: four
different moves, the fifth wraps round to the first), and the engine records exactly that
move (a twin of the board here predicts the list and the game).
Isolation: a student's cookies and even their server's own API token are refused by another
student's server (403), saves land in the student's own home only, and a name not on the list
cannot log in. Finally Ctrl-C (SIGINT) stops the script, which stops the hub, the proxy,
every student's server and kernel: no process of this hub is left.
Screenshots and the hub's log: test-artifacts/hub/.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.browser import pages
from tests.browser.conftest import ARTIFACTS, PLAY_NOTEBOOK, ROOT, free_port, skip_or_fail
from tests.browser.test_in_browser import notebook_twin

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

SHOTS = ARTIFACTS / "hub"
STUDENTS = ("ada", "bea", "cai", "dan", "eva")
READY_TIMEOUT = 150.0  # the hub answers (a first npm install of the proxy included)
SPAWN_TIMEOUT = 120.0  # five JupyterLabs starting at once on two cores
KERNEL_TIMEOUT = 90.0
STOP_TIMEOUT = 90.0  # SIGINT to the script until no process of the hub is left
PLAY_REL = PLAY_NOTEBOOK.relative_to(ROOT).as_posix()  # notebooks/ambar_fossils/02_play.ipynb
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook tab in front
KEYS_JS = """
() => {
  const list = document.querySelector('.boardlib-keys-list');
  const active = list && list.querySelector('.boardlib-key-active');
  return list && {focused: document.activeElement === list,
                  active: active ? active.dataset.action : null,
                  options: [...list.querySelectorAll('[role=option]:not([aria-disabled])')]
                             .map(o => o.dataset.action)};
}
"""
KERNEL_JS = f"""
() => {{
  const panel = document.querySelector('{PANEL}');
  const indicator = panel && panel.querySelector('.jp-Notebook-ExecutionIndicator');
  const tab = document.querySelector('.jp-mod-current .lm-TabBar-tabLabel');
  return {{kernel: indicator ? indicator.getAttribute('data-status') : null,
          tab: tab ? tab.textContent : null}};
}}
"""


@dataclass
class Student:
    """One student: their browser context and page, and what the test saw of them."""

    name: str
    context: BrowserContext
    page: Page
    twin: Any = None
    played: str = ""
    timings: dict[str, float] = field(default_factory=dict)

    def url(self, hub: str, path: str) -> str:
        return f"{hub}/user/{self.name}/{path.lstrip('/')}"


def hub_processes(state: Path) -> dict[int, dict[str, str]]:
    """Every process whose environment carries this hub's HUB_STATE_DIR (the hub, the proxy,
    the students' servers and their kernels: hub/jupyterhub_config.py): pid → its command
    line, its memory (RSS) and the few variables the test reads."""
    mark = f"HUB_STATE_DIR={state}".encode()
    found: dict[int, dict[str, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            if mark not in environ:
                continue
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
            rss = re.search(r"VmRSS:\s+(\d+) kB", (entry / "status").read_text())
        except OSError:  # gone meanwhile, or another user's
            continue
        variables = dict(v.decode(errors="replace").partition("=")[::2] for v in environ if v)
        found[int(entry.name)] = {
            "command": command, "rss_kb": rss.group(1) if rss else "0",
            **{k: variables.get(k, "") for k in ("JUPYTERHUB_USER", "JUPYTERHUB_API_TOKEN")},
        }
    return found


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def start_hub(state: Path, port: int, password: str, output: Path) -> subprocess.Popen[bytes]:
    """scripts/hub.sh as a teacher runs it, its .venv as the suite installed it (--no-install:
    no pip run under a test, beside the other worker); the proxy from npm if missing."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "HUB_"))}
    env["HUB_PASSWORD"] = password
    with output.open("wb") as out:
        proc = subprocess.Popen(
            ["bash", str(ROOT / "scripts" / "hub.sh"), "--no-install", "--port", str(port),
             "--state", str(state)],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)
    deadline = time.monotonic() + READY_TIMEOUT
    while not answers(f"http://127.0.0.1:{port}/hub/api/"):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_hub(proc, state)
            raise AssertionError(
                f"scripts/hub.sh did not bring the hub up within {READY_TIMEOUT:.0f} s:\n"
                f"{output.read_text(errors='replace')[-3000:]}\n--- the hub's log ---\n"
                f"{hub_log_tail(state)}")
        time.sleep(0.25)
    return proc


def hub_log_tail(state: Path, lines: int = 40) -> str:
    try:
        text = (state / "jupyterhub.log").read_text(errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:])


def stop_hub(proc: subprocess.Popen[bytes], state: Path) -> tuple[float, dict[int, Any]]:
    """Ctrl-C for the script (SIGINT: its trap stops the hub, which stops the rest); returns
    the seconds until no process of the hub was left, and what was still left then (killed:
    a failed test must not leave servers behind)."""
    started = time.monotonic()
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGINT)
    try:
        proc.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    left = hub_processes(state)
    while left and time.monotonic() < started + STOP_TIMEOUT:
        time.sleep(0.25)
        left = hub_processes(state)
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return time.monotonic() - started, left


def log_in(page: Page, hub: str, name: str, password: str) -> None:
    """The hub's login form, filled in and sent as a student does."""
    page.goto(f"{hub}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")


def front_panel(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(KERNEL_JS))


def wait_for_notebook(page: Page, title: str, timeout: float) -> None:
    """Until the tab in front is ``title`` and its kernel is idle."""
    pages.wait_until(lambda: (p := front_panel(page))["tab"] == title and p["kernel"] == "idle",
                     timeout, f"{title} open with an idle kernel (now {front_panel(page)})")


def run_board_cell(page: Page) -> None:
    """Run the play notebook's first code cell (the board), as a student does: click, then
    Shift+Enter."""
    cell = page.locator(f"{PANEL} .jp-CodeCell").first
    cell.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")


def keys(page: Page) -> dict[str, Any] | None:
    return page.evaluate(KEYS_JS)


def play_by_keys(student: Student, number: int) -> None:
    """Focus the board's move list, go ``number`` moves to the right (wrapping round), press
    Enter: the engine must record exactly the move that had the focus, the one the twin
    predicts there."""
    page, twin = student.page, student.twin
    wanted = [move.action for move in twin.controller.keyboard_moves()]
    assert wanted, "the twin has no move for the student"
    pages.wait_until(lambda: (k := keys(page)) and k["options"] == wanted, 30.0,
                     f"{student.name}: the list to offer the twin's moves {wanted}")
    page.locator(".boardlib-keys-list").first.focus()
    for _ in range(number):
        page.keyboard.press("ArrowRight")
    choice = wanted[number % len(wanted)]
    seen = keys(page)
    assert seen and seen["focused"] and seen["active"] == choice, (
        f"{student.name}: {number} × → should focus {choice!r}: {seen}")
    page.keyboard.press("Enter")
    twin.controller.play(choice)
    recorded = pages.wait_for_history(page, len(twin.controller.state.history), timeout=30.0)
    assert recorded["move"] == choice, f"{student.name}: Enter played {recorded}, not {choice!r}"
    assert recorded["history"] == len(twin.controller.state.history), recorded
    student.played = choice


def board_cell(saved: Path) -> dict[str, Any] | None:
    """The first code cell of a saved notebook once it has run there (None before: not saved
    yet, or half written; the server writes a notebook in place)."""
    try:
        cells = json.loads(saved.read_text())["cells"]
    except (OSError, ValueError, KeyError):
        return None
    first = next(c for c in cells if c["cell_type"] == "code")
    return first if first.get("execution_count") is not None else None


def runtime_dir(state: Path) -> Path:
    """The students' Jupyter runtime folders (kernel sockets) of the hub with this state
    folder: hub/jupyterhub_config.py's RUNTIME."""
    tag = hashlib.sha256(str(state.resolve()).encode()).hexdigest()[:8]
    return Path(tempfile.gettempdir()) / f"tabletop-hub-{os.getuid()}-{tag}"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_five_students_log_in_to_a_real_hub_and_each_plays_a_move(
        browser: Browser, tmp_path: Path) -> None:
    if not Path("/proc/self/environ").exists():
        skip_or_fail("no /proc here: the test finds the hub's processes there")
    proxy = ROOT / ".venv" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
    if not proxy.exists() and not shutil.which("npm"):
        skip_or_fail("npm is missing: scripts/hub.sh installs configurable-http-proxy with it")
    if not (ROOT / ".venv" / "bin" / "jupyterhub").exists():
        skip_or_fail("jupyterhub is not in .venv (pip install -e '.[test]')")
    SHOTS.mkdir(parents=True, exist_ok=True)
    state, port, password = tmp_path / "hub-state", free_port(), secrets.token_urlsafe(12)
    state.mkdir()
    (state / "students.txt").write_text("# the class\n" + "\n".join(STUDENTS) + "\n")
    repository_play = digest(PLAY_NOTEBOOK)
    hub = f"http://127.0.0.1:{port}"
    began = time.monotonic()
    proc = start_hub(state, port, password, SHOTS / "hub.sh.out")
    timings = {"hub up": time.monotonic() - began}
    students: list[Student] = []
    try:
        # A name not on the list is refused, with the right password.
        page = browser.new_page()
        log_in(page, hub, "mallory", password)
        page.locator(".login_error, .alert-danger").first.wait_for(state="visible")
        assert "/hub/login" in page.url, page.url
        page.close()

        start = time.monotonic()
        for name in STUDENTS:  # every login sent first: the five servers start together
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            context.set_default_timeout(60_000)
            student = Student(name, context, context.new_page())
            log_in(student.page, hub, name, password)
            students.append(student)
        timings["five logins sent"] = time.monotonic() - start
        for student in students:  # the hub sends each to their start page (Spawner.default_url)
            page = student.page
            page.wait_for_url(re.compile(rf"/user/{student.name}/lab"),
                              timeout=SPAWN_TIMEOUT * 1000)
            wait_for_notebook(page, "index.ipynb", SPAWN_TIMEOUT)
            assert page.url.startswith(student.url(hub, "lab/tree/notebooks/index.ipynb")), (
                page.url)
            assert (state / "homes" / student.name / "notebooks" / "index.ipynb").is_file()
        timings["five labs on index.ipynb (logins included)"] = time.monotonic() - start

        start = time.monotonic()
        for student in students:  # the start page's link to the Âmbar play notebook
            link = student.page.locator(
                f"{PANEL} .jp-RenderedMarkdown a[href*='ambar_fossils/02_play.ipynb']").first
            link.click()
        for student in students:
            wait_for_notebook(student.page, PLAY_NOTEBOOK.name, KERNEL_TIMEOUT)
            run_board_cell(student.page)
            student.twin = notebook_twin("ambar_fossils", PLAY_NOTEBOOK)
        for number, student in enumerate(students):
            pages.wait_until(lambda s=student: pages.board_count(s.page), 60.0,
                             f"{student.name}'s board")
            pages.wait_for_drawn_canvases(student.page, minimum=1)
            play_by_keys(student, number)
            student.page.locator(".boardlib-board").first.scroll_into_view_if_needed()
            student.page.screenshot(path=str(SHOTS / f"{student.name}__board.png"))
        timings["five boards played"] = time.monotonic() - start
        memory = {s.name: sum(int(p["rss_kb"]) for p in hub_processes(state).values()
                              if p["JUPYTERHUB_USER"] == s.name) / 1024 for s in students}
        print("memory per student (their server and two kernels, RSS, MB): "
              + ", ".join(f"{name} {mb:.0f}" for name, mb in memory.items()))
        first_moves = [m.action for m in notebook_twin(
            "ambar_fossils", PLAY_NOTEBOOK).controller.keyboard_moves()]
        assert [s.played for s in students] == [
            first_moves[n % len(first_moves)] for n in range(len(students))]

        # Isolation: ada's browser, and ada's server's own API token, ask bea's server.
        ada, bea = students[0], students[1]
        own = ada.context.request.get(ada.url(hub, "api/contents/notebooks"))
        assert own.status == 200, own.status
        theirs = ada.context.request.get(bea.url(hub, "api/contents/notebooks"),
                                         max_redirects=0)
        assert theirs.status == 403, (theirs.status, theirs.headers, theirs.text()[:300])
        tokens = {p["JUPYTERHUB_USER"]: p["JUPYTERHUB_API_TOKEN"]
                  for p in hub_processes(state).values()
                  if "jupyterhub-singleuser" in p["command"] and p["JUPYTERHUB_API_TOKEN"]}
        assert set(tokens) == set(STUDENTS), f"the students' servers found: {sorted(tokens)}"
        header = {"Authorization": f"token {tokens['ada']}"}
        with_token = ada.context.request.get(ada.url(hub, "api/contents/notebooks"),
                                             headers=header)
        assert with_token.status == 200, with_token.status
        refused = ada.context.request.get(bea.url(hub, "api/contents/notebooks"),
                                          headers=header, max_redirects=0)
        assert refused.status == 403, (refused.status, refused.text()[:300])

        # Saves: the first four save the play notebook; the fifth's copy and the
        # repository's stay byte for byte as they were.
        for student in students[:-1]:
            student.page.keyboard.press("Control+s")
        for student in students[:-1]:
            saved = state / "homes" / student.name / PLAY_REL
            first = pages.wait_until(lambda saved=saved: board_cell(saved), 30.0,
                                     f"{student.name}'s save")
            assert first["execution_count"] == 1, first["execution_count"]
        assert digest(state / "homes" / students[-1].name / PLAY_REL) == repository_play
        assert digest(PLAY_NOTEBOOK) == repository_play, "a save reached the repository"
    finally:
        for student in students:
            student.context.close()
        took, left = stop_hub(proc, state)
        timings["stop (SIGINT) until no process left"] = took
        if (state / "jupyterhub.log").exists():
            shutil.copy2(state / "jupyterhub.log", SHOTS / "jupyterhub.log")
        shutil.rmtree(runtime_dir(state), ignore_errors=True)
        print("hub test timings (s): " + ", ".join(f"{k} {v:.1f}" for k, v in timings.items()))
    leftovers = subprocess.run(["pgrep", "-af", "jupyterhub|configurable-http"],
                               capture_output=True, text=True).stdout
    assert not left, f"processes of the hub left after SIGINT: {left}\npgrep:\n{leftovers}"
    assert proc.returncode == 0, f"scripts/hub.sh ended with {proc.returncode}"
    ours = [line for line in leftovers.splitlines() if str(port) in line or str(state) in line]
    assert not ours, ours
    assert "JupyterHub stopped." in (SHOTS / "hub.sh.out").read_text()
